"""Rules screens with worked examples on real cards: the `[cards: …]` notation, the ids it names, the drawing."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

import scenes.screens.rules as rules_screen
from game.catalog import Catalog, load_game
from game.core.resources import asset_path
from scenes.card_faces import card_art_for, deck_card_ids
from scenes.headless import make_headless_app
from scenes.screens.rules import CardRef, RulesScene, parse_card_row, parse_markdown
from scenes.table.card_art import CardArt, card_height
from scenes.ui.theme import GOLD
from tests.core.countgame import CountGame

SIZES = ((1280, 720), (800, 500))


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    return tmp_path


def rules_text(monkeypatch, tmp_path: Path, text: str) -> None:
    """Make the rules screen read `text` as the rules file of any game."""
    path = tmp_path / "rules.md"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(rules_screen, "asset_path", lambda *parts: path)


def show(app, rules: RulesScene) -> None:
    """Put the rules screen on top and draw one frame of it."""
    app.stack.clear_to(rules)
    app.stack.apply_pending()
    app.frame(1 / 60)


def ids(group) -> list[str]:
    return [card.id for card in group.cards]


def deck_from_definitions(game_id: str) -> set[str]:
    """Every card id of a game, read from its own card definitions (not through scenes.card_faces)."""
    game = load_game(game_id)
    if game_id == "telos":
        content = game.content
        gods = {f"{value}{set_id}" for set_id in content.sets for value in range(content.lowest, content.highest + 1)}
        return gods | set(content.zeus_cards)
    if game_id == "zeus":
        return set(game.cards)
    if game_id == "tamoul":
        return set(game.content.cards)
    if game_id == "elios":
        return set(game.content.letters)
    raise AssertionError(f"rules/{game_id}.md shows cards, but this test does not know that game's deck")


# ----- the notation -------------------------------------------------------------------------------------
def test_card_row_groups_are_separated_by_bars_and_cards_by_spaces_or_commas():
    row = parse_card_row("[cards: 6a 6c 6f | 6b,8a, 9c | 7d]")
    assert [ids(group) for group in row.groups] == [["6a", "6c", "6f"], ["6b", "8a", "9c"], ["7d"]]
    assert [group.caption for group in row.groups] == ["", "", ""] and row.problems == ()


def test_card_row_caption_is_the_text_before_colon_space():
    row = parse_card_row("[cards: Ariadne leads three 6s: 6a 6c 6f | Bion → line 6 8 9: 6b 8a 9c]")
    assert [(group.caption, ids(group)) for group in row.groups] == [
        ("Ariadne leads three 6s", ["6a", "6c", "6f"]), ("Bion → line 6 8 9", ["6b", "8a", "9c"])]


def test_card_row_zeus_ids_with_a_colon_are_cards_not_captions():
    row = parse_card_row("[cards: Bion, with the Ant: 3d 8e Z:ant | Z:bull 9a]")
    assert row.groups[0].caption == "Bion, with the Ant" and ids(row.groups[0]) == ["3d", "8e", "Z:ant"]
    assert row.groups[1].caption == "" and ids(row.groups[1]) == ["Z:bull", "9a"]


def test_card_row_caption_may_itself_contain_a_colon():
    row = parse_card_row("[cards: Mount Olympus: at 37: 5 | Hermes]")
    assert row.groups[0].caption == "Mount Olympus: at 37" and ids(row.groups[0]) == ["5"]
    assert row.groups[1].caption == "" and ids(row.groups[1]) == ["Hermes"]


def test_card_row_star_marks_a_card():
    row = parse_card_row("[cards: Damon wins: 12d* 4b]")
    assert row.groups[0].cards == (CardRef("12d", True), CardRef("4b", False))


def test_card_row_double_bar_starts_a_new_example():
    row = parse_card_row("[cards: at 64: 9 | Aphrodite || at 37: 5 | Aphrodite]")
    assert [group.new_example for group in row.groups] == [False, False, True, False]


def test_card_row_writing_mistakes_are_reported_with_the_group():
    row = parse_card_row("[cards: Bion: | 6a || ]", line=7)
    assert ids(row.groups[0]) == ["6a"] and row.line == 7
    assert row.problems == ("group 1 (Bion) names no card", "group 3 names no card")
    assert parse_card_row("[cards: 6a").problems == ("the card row does not end with ]",)


def test_card_row_is_a_block_of_its_own_and_lines_up_under_a_list_item():
    blocks = parse_markdown("Some text\n[cards: 9a]\n\n- An item\n  [cards: 9b | 9c]\n  [cards: 9d]\n\n[cards: 9e]\n")
    kinds = [(block.kind, block.indented) for block in blocks]
    assert kinds == [("paragraph", False), ("cards", False), ("bullet", False), ("cards", True), ("cards", True),
                     ("cards", False)]
    assert blocks[0].runs == [("Some text", False)] and blocks[4].row.line == 6


# ----- the shipped texts name real cards ------------------------------------------------------------
def shipped_card_rows() -> list[tuple[str, int, str]]:
    rows = []
    for path in sorted(asset_path("rules").glob("*.md")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.strip().startswith("[cards:"):
                rows.append((path.stem, number, line))
    return rows


def test_shipped_rules_show_their_examples_on_cards():
    games = {game_id for game_id, _, _ in shipped_card_rows()}
    assert {"telos", "zeus"} <= games
    assert sum(1 for game_id, _, _ in shipped_card_rows() if game_id == "telos") >= 8


def test_every_card_row_in_shipped_rules_names_only_cards_of_that_games_deck():
    decks: dict[str, set[str]] = {}
    for game_id, number, line in shipped_card_rows():
        deck = decks.setdefault(game_id, deck_from_definitions(game_id))
        row = parse_card_row(line, number)
        where = f"rules/{game_id}.md line {number}"
        assert row.problems == (), where
        assert row.groups and all(group.cards for group in row.groups), where
        unknown = [card for card in row.card_ids if card not in deck]
        assert unknown == [], f"{where}: no such card {unknown}"


def test_telos_examples_never_show_one_physical_card_twice():
    for game_id, number, line in shipped_card_rows():
        if game_id == "telos":
            cards = parse_card_row(line, number).card_ids
            assert len(cards) == len(set(cards)), f"rules/telos.md line {number} shows a card twice"


# ----- card faces ------------------------------------------------------------------------------------
def test_card_art_for_paints_each_games_own_faces(home):
    pygame.init()
    for game_id, card in (("telos", "9a"), ("telos", "Z:bull"), ("zeus", "Hermes"), ("zeus", "7")):
        art = card_art_for(game_id)
        assert isinstance(art, CardArt)
        face = art.face(card, 70)
        assert face.get_size() == (70, card_height(70))
    telos, zeus = card_art_for("telos"), card_art_for("zeus")
    assert pygame.image.tobytes(telos.face("9a", 70), "RGBA") != pygame.image.tobytes(telos.face("9b", 70), "RGBA")
    assert pygame.image.tobytes(zeus.face("Hermes", 70), "RGBA") != pygame.image.tobytes(zeus.face("Ares", 70), "RGBA")


def test_deck_card_ids_are_the_decks_own():
    assert deck_card_ids("telos") == deck_from_definitions("telos")
    assert deck_card_ids("zeus") == deck_from_definitions("zeus")
    assert len(deck_card_ids("telos")) == 8 * 13 + 6


def test_card_faces_of_a_game_without_painted_cards_is_a_clear_error():
    with pytest.raises(LookupError, match="no card faces for the game 'count'"):
        card_art_for("count", CountGame())


# ----- drawing ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", ["telos", "zeus"])
def test_rules_screen_draws_every_card_row(home, game_id, size):
    app = make_headless_app(size)
    rules = RulesScene(app, game_id)
    show(app, rules)
    assert rules.message == "" and rules.card_row_messages == []
    shown = [card.card_id for card in rules.cards]
    expected = [card for shown_game, _, line in shipped_card_rows() if shown_game == game_id
                for card in parse_card_row(line).card_ids]
    assert shown == expected and all(card.drawable for card in rules.cards)
    right_edge = rules.margin + rules.text_w
    for card in rules.cards:
        assert rules.margin <= card.x and card.x + card.width <= right_edge, card
        assert card.width >= 60
    for top in rules.card_row_tops:
        rules.scroll = max(0.0, min(rules.max_scroll, top - rules.page.h * 0.25))
        app.frame(1 / 60)


def test_cards_scale_with_the_window(home):
    widths = {}
    for size in ((800, 500), (1280, 720), (1920, 1080)):
        app = make_headless_app(size)
        rules = RulesScene(app, "telos")
        show(app, rules)
        widths[size] = rules.cards[0].width
    assert widths[(800, 500)] < widths[(1280, 720)] < widths[(1920, 1080)]
    assert widths[(1280, 720)] >= 78     # a Zeus god prints its effect from this width on


def test_card_row_wraps_when_the_page_is_too_narrow(home, monkeypatch, tmp_path):
    rules_text(monkeypatch, tmp_path, "[cards: " + " | ".join(f"Player {n}: {n}a {n}b {n}c" for n in range(1, 9)) + "]\n")
    app = make_headless_app((800, 500))
    rules = RulesScene(app, "telos")
    show(app, rules)
    assert len(rules.cards) == 24 and rules.card_row_messages == []
    assert len({card.y for card in rules.cards}) >= 3
    assert all(card.x + card.width <= rules.margin + rules.text_w for card in rules.cards)


def test_an_example_is_not_split_across_lines_when_it_fits_one(home, monkeypatch, tmp_path):
    one_example = "at 64: 9 | Aphrodite makes 60: Aphrodite"
    rules_text(monkeypatch, tmp_path, f"[cards: {one_example} || {one_example} || {one_example}]\n")
    app = make_headless_app((800, 500))
    rules = RulesScene(app, "zeus")
    show(app, rules)
    lines = [card.y for card in rules.cards]
    assert lines[0] == lines[1] and lines[2] == lines[3] and lines[4] == lines[5]
    assert len(set(lines)) >= 2


def test_unknown_card_ids_show_a_message_on_the_screen_not_a_crash(home, monkeypatch, tmp_path):
    rules_text(monkeypatch, tmp_path, "# Télos\n\nText.\n\n[cards: Bion: 6a 6z | Z:owl]\n")
    app = make_headless_app((1280, 720))
    rules = RulesScene(app, "telos")
    show(app, rules)
    assert [(card.card_id, card.drawable) for card in rules.cards] == [("6a", True), ("6z", False), ("Z:owl", False)]
    assert rules.card_row_messages == ["Card row on line 5 of rules/telos.md: the Télos deck has no card "
                                       "\u201c6z\u201d or \u201cZ:owl\u201d."]
    drawn = " ".join(text for _, _, text, _, _, _ in rules.pieces)
    assert "\u201c6z\u201d" in drawn and "no card" in drawn


def test_a_game_without_card_faces_says_so_and_shows_question_cards(home, monkeypatch, tmp_path):
    rules_text(monkeypatch, tmp_path, "# Count\n\n[cards: 1 2]\n\n[cards: 3]\n")
    app = make_headless_app((1280, 720), catalog=Catalog(games={"count": CountGame()}))
    rules = RulesScene(app, "count")
    show(app, rules)
    assert [card.drawable for card in rules.cards] == [False, False, False]
    assert len(rules.card_row_messages) == 1
    assert "cannot be drawn here" in rules.card_row_messages[0] and "count" in rules.card_row_messages[0]


def test_a_marked_card_is_ringed_in_gold(home, monkeypatch, tmp_path):
    rules_text(monkeypatch, tmp_path, "[cards: 9a | Bion wins: 11c*]\n")
    app = make_headless_app((1280, 720))
    rules = RulesScene(app, "telos")
    show(app, rules)
    plain, marked = rules.cards
    assert not plain.marked and marked.marked

    def left_of(card, gap: int) -> tuple[int, int, int]:
        point = (rules.page.x + card.x - gap, rules.page.y + card.y + card_height(card.width) // 2)
        return tuple(app.screen.get_at(point))[:3]

    ring = max(2, marked.width // 24)
    assert left_of(marked, ring + ring // 2) == GOLD
    assert left_of(plain, ring + ring // 2) != GOLD
