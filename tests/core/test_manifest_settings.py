"""A game's own settings are declared in its manifest and stored per game in the settings file; an
old file with a game setting at the top level is migrated, never discarded."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from game.core import manifest as manifests
from game.core.manifest import GameSetting, Registry
from game.core.settings import Settings, load_settings, save_settings


def saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_game_settings_have_their_manifest_defaults() -> None:
    settings = Settings()
    assert settings.games == {"zeus": {"sneak_window_s": 1.5}}
    assert settings.game_value("zeus", "sneak_window_s") == 1.5
    with pytest.raises(LookupError, match="Télos has no setting 'sneak_window_s'"):
        settings.game_value("telos", "sneak_window_s")


def test_game_settings_are_saved_under_their_game_and_clamped(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(path, Settings().with_game_value("zeus", "sneak_window_s", 2.25))
    assert saved(path)["games"] == {"zeus": {"sneak_window_s": 2.25}}
    assert "sneak_window_s" not in saved(path)
    assert load_settings(path).settings.game_value("zeus", "sneak_window_s") == 2.25
    assert Settings().with_game_value("zeus", "sneak_window_s", 99).game_value("zeus", "sneak_window_s") == 10.0


def test_an_old_file_with_the_sneak_window_at_the_top_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"animation_speed": "fast", "sneak_window_s": 3.5, "ai_delay_s": 0.4}),
                    encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.message is None and path.exists()
    assert loaded.settings.game_value("zeus", "sneak_window_s") == 3.5
    assert loaded.settings.animation_speed == "fast" and loaded.settings.ai_delay_s == 0.4
    save_settings(path, loaded.settings)
    assert saved(path)["games"] == {"zeus": {"sneak_window_s": 3.5}} and "sneak_window_s" not in saved(path)


def test_an_old_value_out_of_range_is_clamped_like_before(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"sneak_window_s": 0.01}), encoding="utf-8")
    assert load_settings(path).settings.game_value("zeus", "sneak_window_s") == 0.3


def test_a_value_under_games_wins_over_a_leftover_top_level_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"sneak_window_s": 3.5, "games": {"zeus": {"sneak_window_s": 1.0}}}), encoding="utf-8")
    assert load_settings(path).settings.game_value("zeus", "sneak_window_s") == 1.0


def test_a_game_setting_of_the_wrong_kind_sets_the_file_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"games": {"zeus": {"sneak_window_s": "long"}}}), encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.settings == Settings() and "games.zeus.sneak_window_s" in (loaded.message or "")
    assert not path.exists() and len(list(tmp_path.glob("settings.json.damaged-*"))) == 1


def test_settings_of_a_game_this_run_does_not_know_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"games": {"elios": {"sun_speed": 2}, "zeus": {"sneak_window_s": 2.0}}}),
                    encoding="utf-8")
    loaded = load_settings(path).settings
    save_settings(path, loaded)
    assert saved(path)["games"] == {"elios": {"sun_speed": 2}, "zeus": {"sneak_window_s": 2.0}}


def test_a_new_games_settings_come_from_its_manifest(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    zeus = manifests.registry()["zeus"]
    hints = GameSetting(name="show_memory", label="Show your memory", help="Tamoul: mark the cards you have seen.",
                        kind="toggle", default=True)
    tamoul = replace(zeus, id="tamoul", title="Tamoul", settings=(hints,), sounds=())
    monkeypatch.setattr(manifests, "registry", lambda: Registry((zeus, tamoul)))
    assert Settings().games == {"zeus": {"sneak_window_s": 1.5}, "tamoul": {"show_memory": True}}
    path = tmp_path / "settings.json"
    save_settings(path, Settings().with_game_value("tamoul", "show_memory", False))
    assert load_settings(path).settings.game_value("tamoul", "show_memory") is False
