"""assets/decks/elios.yaml: the shipped file loads, and each kind of mistake gives one clear ContentError
naming the file, the key and the line, while the other games still load."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.catalog import load_catalog
from game.core.errors import ContentError
from game.elios import load_game_from
from game.elios.content import parse_content
from tests.content_checks import ShippedFile, line_of
from tests.elios.helpers import SHIPPED

SHIPPED_FILE = ShippedFile(SHIPPED, "elios.yaml", parse_content)
broken, expect_error = SHIPPED_FILE.broken, SHIPPED_FILE.expect_error


def test_shipped_file_has_the_pieces_and_draws_of_the_rules() -> None:
    content = parse_content(SHIPPED)
    assert [c.name for c in content.colours] == ["Red", "Orange", "Yellow", "Lime", "Green", "Sky Blue", "Blue",
                                                 "Violet"]
    assert (content.start_discs, content.max_discs) == (2, 9)
    assert {n: (d.beams, d.jokers) for n, d in content.draws.items()} == {2: (16, 2), 3: (10, 1), 4: (8, 1)}


def test_bad_yaml_a_colour_missing() -> None:
    text = broken("  - {id: v, name: Violet, rgb: [120, 64, 150], symbol: cross}\n", "")
    expect_error(text, "colours", line_of(text, "- {id: r"), "exactly 8 colours")


def test_bad_yaml_a_colour_id_repeated() -> None:
    text = broken("{id: o, name: Orange", "{id: r, name: Orange")
    expect_error(text, "colours[1].id", line_of(text, "name: Orange"), "used only once")


def test_bad_yaml_the_joker_reuses_a_colour_letter() -> None:
    text = broken("joker: {id: w,", "joker: {id: b,")
    expect_error(text, "joker.id", line_of(text, "joker:"), "used only once")


def test_bad_yaml_two_colours_share_a_symbol() -> None:
    text = broken("symbol: circle}", "symbol: triangle}")
    expect_error(text, "colours[1].symbol", line_of(text, "name: Orange"), "a symbol used by one colour only")


def test_bad_yaml_a_draw_larger_than_the_bag() -> None:
    text = broken("2: {beams: 16, jokers: 2}", "2: {beams: 17, jokers: 2}")
    expect_error(text, "players.2.beams", line_of(text, "2: {beams"), "at most 16 beams each")


def test_bad_yaml_more_jokers_than_there_are() -> None:
    text = broken("3: {beams: 10, jokers: 1}", "3: {beams: 10, jokers: 2}")
    expect_error(text, "players.3.jokers", line_of(text, "3: {beams"), "at most 1 jokers each")


def test_bad_yaml_a_player_count_missing() -> None:
    text = broken("  4: {beams: 8, jokers: 1}\n", "")
    expect_error(text, "players.4", line_of(text, "2: {beams"), "what each of 4 players draws")


def test_bad_yaml_more_starting_discs_than_discs() -> None:
    text = broken("start: 2", "start: 12")
    expect_error(text, "discs.start", line_of(text, "start: 12"), "a whole number ≥ 1 and ≤ 9")


def test_bad_yaml_a_misspelt_key_and_a_wrong_kind() -> None:
    expect_error(broken("beams_per_colour: 5", "beams_per_color: 5"), "beams_per_color",
                 line_of(SHIPPED, "beams_per_colour"), "one of the keys")
    expect_error(broken("rgb: [200, 54, 44]", "rgb: red"), "colours[0].rgb", line_of(SHIPPED, "id: r,"),
                 "a list")


def test_bad_yaml_syntax_error_names_the_line() -> None:
    text = broken("jokers: 4", "jokers: [4")
    with pytest.raises(ContentError) as caught:
        parse_content(text, "elios.yaml")
    assert caught.value.key == "(syntax)" and caught.value.line is not None


def test_a_broken_elios_file_leaves_the_other_games_loading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "elios.yaml"
    bad.write_text(broken("total: 9", "total: nine"), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_game_from(bad)
    assert "elios.yaml: key 'discs.total'" in str(caught.value)
    import game.elios as elios_package

    monkeypatch.setattr(elios_package, "load_game", lambda: load_game_from(bad))
    catalog = load_catalog(("zeus", "telos", "elios"))
    assert set(catalog.games) == {"zeus", "telos"} and "discs.total" in catalog.errors["elios"]
