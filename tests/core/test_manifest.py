"""Game manifests: the one place a game is registered. Discovery, validation, and what a broken
manifest or a game without a table does to the rest."""
from __future__ import annotations

import sys
import textwrap
from dataclasses import replace
from pathlib import Path
from typing import Iterator

import pytest

from game import catalog
from game.core import manifest as manifests
from game.core.manifest import GameManifest, GameSetting, ManifestError, Registry, UnknownGame

REPO = Path(__file__).resolve().parents[2]


# ----- the shipped games --------------------------------------------------------------------------------------------
def test_discovery_finds_both_games_in_menu_order() -> None:
    registry = manifests.discover("game")
    assert registry.problems == {}
    assert registry.ids()[:3] == ("zeus", "telos", "tamoul")
    assert catalog.registered_game_ids() == registry.ids()
    # Offered in the menu: the games whose manifest names a table.
    assert catalog.offered_game_ids() == tuple(e.id for e in registry.manifests if e.table is not None)
    assert {"zeus", "telos"} <= set(catalog.offered_game_ids())


def test_each_manifest_title_is_its_games_title_and_every_reference_resolves() -> None:
    for entry in manifests.registry().manifests:
        game = catalog.load_game(entry.id)
        assert game.id == entry.id and game.title == entry.title
        for reference in entry.references().values():
            assert manifests.resolve(entry.id, reference) is not None
        if entry.table is not None:  # an offered game has a rules screen
            assert entry.rules is not None and (REPO / "assets" / entry.rules).is_file()
        for sound in entry.sounds:
            assert (REPO / "assets" / "sounds" / f"{sound}.wav").is_file()


def test_the_zeus_sneak_window_is_zeus_own_setting() -> None:
    spec = catalog.game_manifest("zeus").setting("sneak_window_s")
    assert (spec.label, spec.default, spec.show(1.5)) == ("Zeus sneak window", 1.5, "1.50 s")
    assert spec.steps[0] == 0.5 and spec.steps[-1] == 5.0 and len(spec.steps) == 19
    assert spec.clamped(0.1) == 0.3 and spec.clamped(60) == 10.0
    assert catalog.game_manifest("telos").settings == ()


def test_an_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(UnknownGame, match="unknown game 'nope'; games: zeus, telos"):
        catalog.load_game("nope")
    assert catalog.game_title("nope") == "nope" and catalog.game_title("telos") == "Télos"


# ----- discovery of broken and half-built games ---------------------------------------------------------------------
GOOD = """
from game.core.manifest import GameManifest
MANIFEST = GameManifest(id="{id}", title="{title}", menu_order={order}, engine="game.zeus:load_game")
"""
BROKEN = {
    "nokey": """
from game.core.manifest import GameManifest
MANIFEST = GameManifest(id="nokey", title="No Engine", menu_order=5)
""",
    "badref": """
from game.core.manifest import GameManifest
MANIFEST = GameManifest(id="badref", title="Bad Reference", menu_order=5, engine="game.zeus.load_game")
""",
    "noconst": "TITLE = 'forgot the manifest'\n",
    "crashes": "raise RuntimeError('half-way through an edit')\n",
}


@pytest.fixture
def games_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A package like game/ with two good games, four broken manifests and a package that is no game."""
    root = tmp_path / "fakegames"
    packages = {"alpha": GOOD.format(id="alpha", title="Alpha", order=20),
                "beta": GOOD.format(id="beta", title="Beta", order=10), **BROKEN}
    for name, text in packages.items():
        (root / name).mkdir(parents=True)
        (root / name / "__init__.py").write_text("", encoding="utf-8")
        (root / name / "manifest.py").write_text(textwrap.dedent(text), encoding="utf-8")
    (root / "shared").mkdir()
    (root / "shared" / "__init__.py").write_text("", encoding="utf-8")
    (root / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "fakegames"
    for name in [m for m in sys.modules if m == "fakegames" or m.startswith("fakegames.")]:
        del sys.modules[name]


def test_a_broken_manifest_is_named_and_the_other_games_are_registered(games_package: str) -> None:
    registry = manifests.discover(games_package)
    assert registry.ids() == ("beta", "alpha")          # menu order, not name order
    assert set(registry.problems) == {"nokey", "badref", "noconst", "crashes"}
    assert "shared" not in registry.problems            # a package without a manifest is simply not a game
    assert registry.problems["nokey"] == ("fakegames/nokey/manifest.py could not be read: TypeError: "
                                          "GameManifest.__init__() missing 1 required keyword-only argument: "
                                          "'engine'")
    assert registry.problems["badref"] == ("fakegames/badref/manifest.py is broken: engine 'game.zeus.load_game' "
                                           "must be a reference like 'package.module:name'")
    assert registry.problems["noconst"] == "fakegames/noconst/manifest.py has no MANIFEST = GameManifest(...)"
    assert "RuntimeError: half-way through an edit" in registry.problems["crashes"]
    with pytest.raises(UnknownGame, match="nokey/manifest.py could not be read"):
        registry["nokey"]


def test_a_manifest_that_does_not_match_its_package_is_refused() -> None:
    entry = GameManifest(id="zeus", title="Zeus", menu_order=1, engine="game.zeus:load_game",
                         table="game.zeus:ZeusTable", sounds=("Steal!",))
    assert entry.problems(package="tamoul") == [
        "id 'zeus' differs from its package name 'tamoul'",
        "table 'game.zeus:ZeusTable' must not live in game/, which never imports pygame",
        "sounds must be a tuple of names like 'zeus_steal', not ('Steal!',)",
    ]


def test_a_game_setting_that_cannot_work_is_refused() -> None:
    no_steps = GameSetting(name="delay", label="Delay", help="", kind="number", default=1.0)
    outside = GameSetting(name="delay", label="Delay", help="", kind="number", default=9.0, steps=(1.0, 2.0))
    wrong_kind = GameSetting(name="flag", label="Flag", help="", kind="toggle", default="yes")
    assert no_steps.problems() == ["setting 'delay': a number setting needs the steps the settings screen offers"]
    assert outside.problems() == ["setting 'delay': the default 9.0 is outside 1.0..2.0"]
    assert wrong_kind.problems() == ["setting 'flag': 'yes' is not true or false"]
    entry = GameManifest(id="x", title="X", menu_order=1, engine="game.zeus:load_game", settings=(outside, outside))
    assert entry.problems()[0] == "settings repeat a name: delay, delay"


def test_a_reference_that_does_not_resolve_names_the_game_and_the_reference() -> None:
    with pytest.raises(ManifestError, match="the manifest of zeus names 'game.zeus:nothing', but game.zeus has no "
                                            "'nothing'"):
        manifests.resolve("zeus", "game.zeus:nothing")
    with pytest.raises(ManifestError, match="there is no module 'game.nowhere'"):
        manifests.resolve("zeus", "game.nowhere:load_game")


# ----- the catalog over the registry --------------------------------------------------------------------------------
def test_a_game_with_a_broken_engine_reference_is_left_out_and_the_others_load(monkeypatch) -> None:
    zeus, telos = manifests.registry()["zeus"], manifests.registry()["telos"]
    broken = replace(zeus, engine="game.zeus:load_nothing")
    monkeypatch.setattr(manifests, "registry", lambda: Registry((broken, telos), {"elios": "its manifest is broken"}))
    loaded = catalog.load_catalog()
    assert list(loaded.games) == ["telos"]
    assert loaded.errors == {"elios": "its manifest is broken",
                             "zeus": "the manifest of zeus names 'game.zeus:load_nothing', but game.zeus has no "
                                     "'load_nothing'"}


def test_a_game_without_a_table_is_registered_and_loads_but_is_not_offered(monkeypatch) -> None:
    zeus, telos = manifests.registry()["zeus"], manifests.registry()["telos"]
    monkeypatch.setattr(manifests, "registry", lambda: Registry((zeus, replace(telos, table=None))))
    assert catalog.registered_game_ids() == ("zeus", "telos")
    assert catalog.offered_game_ids() == ("zeus",)
    assert set(catalog.load_catalog().games) == {"zeus", "telos"}

