"""A game whose YAML is broken is left out with one clear message; the other games still load."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import game.core.resources as resources
from game.catalog import load_catalog, registered_game_ids

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def assets_copy(tmp_path, monkeypatch) -> Path:
    shutil.copytree(REPO / "assets" / "decks", tmp_path / "assets" / "decks")
    monkeypatch.setattr(resources, "app_root", lambda: tmp_path)
    return tmp_path / "assets" / "decks"


def test_every_registered_game_loads_from_the_shipped_files() -> None:
    catalog = load_catalog()
    assert not catalog.errors
    assert tuple(catalog.games) == registered_game_ids()
    assert {"zeus", "telos", "tamoul"} <= set(registered_game_ids())


def test_a_broken_zeus_file_leaves_telos_playable(assets_copy: Path) -> None:
    deck = assets_copy / "zeus.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("count: 4", "count: four", 1), encoding="utf-8")
    catalog = load_catalog(("zeus", "telos"))
    assert "telos" in catalog.games and "zeus" not in catalog.games
    message = catalog.errors["zeus"]
    assert "zeus.yaml" in message and "line" in message and "whole number" in message
    with pytest.raises(ValueError, match="cannot be offered"):
        catalog.get("zeus")


def test_a_syntax_error_in_telos_leaves_zeus_playable(assets_copy: Path) -> None:
    (assets_copy / "telos.yaml").write_text("sets: [a, b\nzeus_cards: 3\n", encoding="utf-8")
    catalog = load_catalog(("zeus", "telos"))
    assert "zeus" in catalog.games and "telos" not in catalog.games
    assert "telos.yaml" in catalog.errors["telos"] and "valid YAML" in catalog.errors["telos"]
