"""`--self-test`: each check finds what it is there to find, and names what failed."""
from __future__ import annotations

import os
from dataclasses import replace

import pytest

from game.core import manifest as manifests
from game.core.agents import RandomAgent
from game.core.errors import ContentError
from game.core.resources import asset_path
from scenes import self_test
from scenes.self_test import SelfTestReport
from tests.core.countgame import CountGame


def test_every_shipped_yaml_file_parses() -> None:
    report = SelfTestReport()
    self_test.check_yaml_files(report)
    assert report.failures == []
    assert report.yaml_files == len(list(asset_path().rglob("*.yaml"))) > 0


def test_a_broken_yaml_file_is_named(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "broken.yaml").write_text("cards: [1, 2\n", encoding="utf-8")
    monkeypatch.setattr(self_test, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    report = SelfTestReport()
    self_test.check_yaml_files(report)
    assert report.yaml_files == 0
    assert len(report.failures) == 1 and "broken.yaml" in report.failures[0]


def test_a_game_whose_content_fails_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game_id: str) -> None:
        raise ContentError("zeus.yaml", "cards.hera", 12, "a god name")

    monkeypatch.setattr(self_test, "load_game", broken)
    report = SelfTestReport()
    assert self_test.check_games(report, ("zeus",)) == {}
    assert report.failures == ["game zeus: " + str(ContentError("zeus.yaml", "cards.hera", 12, "a god name"))]


def test_every_shipped_font_loads_with_french_and_dutch_letters() -> None:
    report = SelfTestReport()
    self_test.check_fonts(report)
    assert report.failures == []
    assert report.fonts == 3


def test_every_shipped_manifest_is_sound() -> None:
    report = SelfTestReport()
    self_test.check_manifests(report)
    assert report.failures == []


def _registry_of(monkeypatch: pytest.MonkeyPatch, *entries: manifests.GameManifest, **problems: str) -> None:
    monkeypatch.setattr(manifests, "registry", lambda: manifests.Registry(entries, problems))


ZEUS = manifests.registry()["zeus"]


def test_a_game_without_its_rules_text_or_a_sound_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    _registry_of(monkeypatch, replace(ZEUS, rules="rules/nowhere.md"), replace(ZEUS, id="sound", sounds=("hush",)))
    report = SelfTestReport()
    self_test.check_manifests(report)
    rules, sound = report.failures
    assert rules.startswith("manifest zeus: FileNotFoundError: its rules text rules/nowhere.md is missing")
    assert sound.startswith("manifest sound: FileNotFoundError: its sound hush.wav is missing")


def test_a_broken_manifest_and_a_reference_that_does_not_resolve_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    _registry_of(monkeypatch, replace(ZEUS, table="scenes.zeus.table:NoSuchTable"),
                 elios="game/elios/manifest.py is broken: title must be a non-empty text")
    report = SelfTestReport()
    self_test.check_manifests(report)
    assert report.failures[0] == "manifest elios: game/elios/manifest.py is broken: title must be a non-empty text"
    assert report.failures[1].startswith("manifest zeus: ManifestError: the manifest of zeus names "
                                         "'scenes.zeus.table:NoSuchTable', but scenes.zeus.table has no 'NoSuchTable'")


def test_every_shipped_png_decodes() -> None:
    report = SelfTestReport()
    self_test.check_images(report)
    assert report.failures == []
    assert report.images == len(list(asset_path().rglob("*.png"))) >= 6


def test_a_damaged_png_is_named(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "bad.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    monkeypatch.setattr(self_test, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    report = SelfTestReport()
    self_test.check_images(report)
    assert report.images == 0 and report.failures[0].startswith("image bad.png: ")


def test_a_short_ai_game_is_played_and_its_record_replays() -> None:
    report = SelfTestReport()
    self_test.check_ai_games(report, {"count": CountGame()})
    assert report.failures == []
    assert report.ai_moves > 0


def test_an_ai_that_breaks_the_game_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    class Refuses(RandomAgent):
        def choose(self, view, legal_actions, rng, optional=False):
            return None

    game = CountGame()
    monkeypatch.setattr(game, "agent_levels", lambda: {"random": Refuses})
    report = SelfTestReport()
    self_test.check_ai_games(report, {"count": game})
    assert len(report.failures) == 1
    assert report.failures[0].startswith("ai game count: RuntimeError")


def test_a_game_registered_without_a_table_is_not_drawn_and_not_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    _registry_of(monkeypatch, replace(ZEUS, id="count", table=None))
    report = SelfTestReport()
    self_test.check_tables(report, {"count": CountGame()})
    assert report.failures == [] and report.tables == 0


def test_summary_line_counts_what_was_checked() -> None:
    report = SelfTestReport(games=1, tables=1, cards=60, fonts=3, yaml_files=2, images=6, ai_moves=40,
                            ai_processes=1, languages=2)
    assert report.summary(0.94) == ("self-test ok: 1 games, 1 tables, 60 cards, 3 fonts, 2 yaml files, "
                                    "6 images, 40 ai moves, 1 ai processes, 2 languages, 0 online tables, 0.9 s")
    report.failures.append("font x: broken")
    assert report.summary(0.94).startswith("self-test FAILED (1 problems)")


def test_self_test_passes_on_the_shipped_games_and_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert self_test.main() == 0
    summary = capsys.readouterr().out.strip().splitlines()[-1]
    assert summary.startswith("self-test ok: ")


def test_self_test_leaves_the_environment_as_it_found_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", "/nonexistent/kept")
    with self_test._headless_environment():
        assert os.environ["SDL_VIDEODRIVER"] == "dummy"
        assert os.environ["OLYMPUS_HOME"] != "/nonexistent/kept"
    assert os.environ["OLYMPUS_HOME"] == "/nonexistent/kept"


def test_an_ai_process_that_cannot_answer_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.catalog import load_game
    from game.core import remote_agent

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the child could not start")

    monkeypatch.setattr(remote_agent.RemoteAgent, "choose", broken)
    report = SelfTestReport()
    self_test.check_ai_process(report, {"zeus": load_game("zeus")})
    assert report.ai_processes == 0
    assert report.failures and report.failures[0].startswith("ai process zeus: RuntimeError: the child could not start")
