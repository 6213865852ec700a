"""assets/decks/tamoul.yaml: the shipped file loads, and each kind of mistake names file, key and line."""
from __future__ import annotations

import pytest

import game.tamoul
from game.catalog import load_catalog
from game.core.errors import ContentError
from game.core.resources import asset_path
from game.tamoul import load_game_from
from game.tamoul.content import parse_content
from tests.content_checks import ShippedFile, line_of

SHIPPED = asset_path("decks", "tamoul.yaml").read_text(encoding="utf-8")
SHIPPED_FILE = ShippedFile(SHIPPED, "tamoul.yaml", parse_content)
broken, expect_error = SHIPPED_FILE.broken, SHIPPED_FILE.expect_error


def test_shipped_deck_loads_with_its_actions_and_scoring() -> None:
    content = parse_content(SHIPPED)
    assert content.actions[13] == ("peek_other", "swap") and content.actions[7] == ("peek_own",)
    assert (content.slots, content.dealt, content.first_look) == (8, 4, (2, 3))
    assert (content.call_limit, content.wrong_call_penalty, content.targets) == (8, 25, (50, 100))


def test_bad_yaml_unknown_colour() -> None:
    text = broken("H: {name: Hearts, colour: red}", "H: {name: Hearts, colour: pink}")
    expect_error(text, "suits.H.colour", line_of(text, "pink"), "one of red, black")


def test_bad_yaml_rank_value_not_a_number() -> None:
    text = broken("  J: 11", "  J: eleven")
    expect_error(text, "ranks.J", line_of(text, "eleven"), "a whole number")


def test_bad_yaml_king_without_a_red_value() -> None:
    text = broken("K: {black: 13, red: 0}", "K: {black: 13}")
    expect_error(text, "ranks.K.red", line_of(text, "K: {black: 13}"), "a value for each colour")


def test_bad_yaml_unknown_action_step() -> None:
    text = broken("13: [peek_other, swap]", "13: [peek_other, steal]")
    expect_error(text, "actions.13[1]", line_of(text, "steal"), "one of peek_own, peek_other, swap")


def test_bad_yaml_repeated_rank_and_missing_key() -> None:
    text = broken('  "9": 9', '  "8": 9')
    expect_error(text, "ranks.8", line_of(text, '"8": 9'), "each key only once")
    text = broken("  wrong_call_penalty: 25\n", "")
    expect_error(text, "scoring.wrong_call_penalty", line_of(text, "call_limit:"), "this key to be present")


def test_bad_yaml_first_look_outside_the_dealt_slots() -> None:
    text = broken("first_look: [2, 3]", "first_look: [2, 5]")
    expect_error(text, "board.first_look[1]", line_of(text, "first_look"), "≤ 3")


def test_bad_yaml_syntax_error_names_the_line_and_the_other_games_still_load(tmp_path, monkeypatch) -> None:
    path = tmp_path / "tamoul.yaml"
    path.write_text(SHIPPED.replace("  dealt: 4", "  dealt: [4"), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_game_from(path)
    assert caught.value.file == "tamoul.yaml" and caught.value.line is not None
    monkeypatch.setattr(game.tamoul, "asset_path", lambda *parts: path)
    catalog = load_catalog(("zeus", "telos", "tamoul"))
    assert set(catalog.games) == {"zeus", "telos"} and "tamoul.yaml" in catalog.errors["tamoul"]
