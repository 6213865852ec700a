"""assets/decks/telos.yaml: the shipped file loads, and each kind of mistake gives one clear ContentError."""
from __future__ import annotations

import pytest

from game.core.errors import ContentError
from game.core.resources import asset_path
from game.telos import load_game_from
from game.telos.content import parse_content
from game.telos.powers import REGISTRY
from tests.content_checks import ShippedFile, line_of

SHIPPED = asset_path("decks", "telos.yaml").read_text(encoding="utf-8")
SHIPPED_FILE = ShippedFile(SHIPPED, "telos.yaml", parse_content)
broken, expect_error = SHIPPED_FILE.broken, SHIPPED_FILE.expect_error


def test_shipped_deck_has_eight_sets_of_thirteen_and_six_zeus_cards() -> None:
    content = parse_content(SHIPPED)
    assert list(content.sets) == list("abcdefgh")
    assert len({s.symbol for s in content.sets.values()}) == 8  # told apart without colour
    assert len({s.rgb for s in content.sets.values()}) == 8
    assert {n: len(content.players[n].sets) for n in (3, 4, 5, 6)} == {3: 5, 4: 6, 5: 7, 6: 8}
    assert len(content.god_cards(6)) == 104 and len(set(content.god_cards(6))) == 104
    assert content.zeus_ids == ("Z:ant", "Z:swan", "Z:bull", "Z:cuckoo", "Z:eagle", "Z:serpent")
    assert (content.losing_total, content.first_hand_size, content.zeus_last_trick_value) == (32, 7, 20)
    assert content.players[5].max_multiple_lead == 2 and content.players[4].max_multiple_lead is None


def test_every_power_type_in_the_deck_has_a_handler() -> None:
    content = parse_content(SHIPPED)
    for card in content.zeus_cards.values():
        assert card.power.type in REGISTRY.type_names
    assert content.zeus_cards["Z:ant"].behaviour.free_follow_from == 2


def test_bad_yaml_missing_set() -> None:
    text = broken("  h: {colour: Violet, rgb: [104, 70, 140], symbol: owl}\n", "")
    expect_error(text, "players.6.sets[7]", line_of(text, "6: {sets:"), "a set defined under 'sets'")


def test_bad_yaml_duplicate_card_by_a_set_listed_twice() -> None:
    text = broken("3: {sets: [a, b, c, d, e]}", "3: {sets: [a, b, c, d, d]}")
    expect_error(text, "players.3.sets[4]", line_of(text, "3: {sets:"), "each set only once")


def test_bad_yaml_duplicate_zeus_card() -> None:
    text = broken('  - id: "Z:swan"', '  - id: "Z:ant"')
    expect_error(text, "zeus_cards[1].id", line_of(text, 'id: "Z:ant"', 2), "used only once")


def test_bad_yaml_duplicate_set_key() -> None:
    text = broken("  b: {colour: Olive", "  a: {colour: Olive")
    expect_error(text, "sets.a", line_of(text, "a: {colour: Olive"), "each key only once")


def test_bad_yaml_unknown_power_type() -> None:
    text = broken("power: {type: player_leads_next}", "power: {type: fly_away}")
    expect_error(text, "zeus_cards[4].power.type", line_of(text, "fly_away"), "a power type of telos")


def test_bad_yaml_parameter_of_the_wrong_kind() -> None:
    text = broken("min_trick_cards: 2", "min_trick_cards: two")
    expect_error(text, "zeus_cards[0].power.params.min_trick_cards", line_of(text, "min_trick_cards"), "a whole number")


def test_bad_yaml_parameter_out_of_range() -> None:
    text = broken("min_trick_cards: 2", "min_trick_cards: 1")
    expect_error(text, "zeus_cards[0].power.params.min_trick_cards", line_of(text, "min_trick_cards"), "≥ 2")


def test_bad_yaml_missing_parameter_and_unknown_parameter() -> None:
    text = broken("params: {min_trick_cards: 2}", "params: {}")
    expect_error(text, "zeus_cards[0].power.params", line_of(text, "params: {}"), "parameter 'min_trick_cards'")
    text = broken("power: {type: reverse_direction}", "power: {type: reverse_direction, params: {speed: 3}}")
    expect_error(text, "zeus_cards[1].power.params.speed", line_of(text, "speed: 3"), "only the parameters")


def test_bad_yaml_missing_player_count_and_bad_colour() -> None:
    text = broken("  4: {sets: [a, b, c, d, e, f]}\n", "")
    expect_error(text, "players.4", line_of(text, "3: {sets:"), "the sets used with 4 players")
    text = broken("rgb: [38, 92, 150]", "rgb: [38, 92, 350]")
    expect_error(text, "sets.c.rgb[2]", line_of(text, "350"), "≤ 255")


def test_bad_yaml_syntax_error_names_the_line(tmp_path) -> None:
    path = tmp_path / "telos.yaml"
    path.write_text(SHIPPED.replace("  first_round: 7", "  first_round: [7"), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_game_from(path)
    assert caught.value.file == "telos.yaml" and caught.value.line is not None
