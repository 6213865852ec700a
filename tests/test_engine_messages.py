"""Sentences from game/ are language-neutral: a Message is the same English text as before (logs, records,
exceptions see no change) and carries its message id and arguments, which the UI says in Dutch. Every
refusal reason of Tamoul, Elios, Zeus, Télos and game/core is such a Message, in the catalog and translated."""
from __future__ import annotations

import ast
import gettext
import json
import pickle
import random
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "build"))

import message_catalogs as catalogs  # noqa: E402

from game.catalog import load_game  # noqa: E402
from game.core.actions import Action  # noqa: E402
from game.core.engine import SeatInfo  # noqa: E402
from game.core.errors import IllegalAction  # noqa: E402
from game.core.messages import Listing, Message, msg, msg_n, term  # noqa: E402
from game.core.saves import save_name_problem  # noqa: E402
from game.core.userfiles import read_guarded  # noqa: E402
from game.elios.grouping import grouping_problem  # noqa: E402
from scenes.ui import i18n  # noqa: E402


@pytest.fixture
def dutch():
    i18n.set_language("nl")
    yield
    i18n.set_language("en")


# ----- the mechanism -----------------------------------------------------------------------------------------
def test_a_message_is_its_english_text_and_keeps_its_id_and_arguments() -> None:
    reason = msg("your slot {slot} is empty", slot=2)
    assert reason == "your slot 2 is empty" and isinstance(reason, str)
    assert (reason.template, dict(reason.args)) == ("your slot {slot} is empty", {"slot": 2})
    assert json.dumps({"reason": reason}) == '{"reason": "your slot 2 is empty"}'
    assert str(IllegalAction(reason, seat=0, action="keep 2")) == "your slot 2 is empty (seat 0, action 'keep 2')"
    assert msg_n("{count} beam", "{count} beams", 1) == "1 beam" and msg_n("{count} beam", "{count} beams", 3) == "3 beams"
    copy = pickle.loads(pickle.dumps(msg("it is {name}'s turn, not yours", name="Io")))
    assert isinstance(copy, Message) and copy.template == "it is {name}'s turn, not yours" and copy == "it is Io's turn, not yours"
    listing = pickle.loads(pickle.dumps(Listing([msg("one"), "Io"])))
    assert listing == "one, Io" and isinstance(listing, Listing) and listing.parts == ("one", "Io")
    template = msg("a {value}% chance to win this round")
    assert template.fill(value=40) == "a 40% chance to win this round"


def test_the_ui_says_a_message_in_dutch_with_its_terms_translated_and_leaves_other_text_alone(dutch) -> None:
    reason = msg("a {colour} beam goes only on the {colour} stack, not on the stack for {other}",
                 colour=term("red", "Elios: a colour before a noun, as in 'a red beam', 'the red stack'"),
                 other=term("lime", "Elios: a colour on its own, as in 'red twice', 'not grouped: red, blue'"))
    assert i18n.translate_message(reason) == \
        "een rode straal mag alleen op de rode stapel, niet op de stapel voor limoen"
    assert i18n.translate_message(msg_n("{count} beam", "{count} beams", 3)) == "3 stralen"
    assert i18n.translate_message("Ariadne") == "Ariadne"          # a name, or a sentence not yet a Message
    content = load_game("elios").content
    assert i18n.translate_message(grouping_problem(content, "royy", ("r",))) == \
        "elke straal moet in een groepje; nog niet ingedeeld: oranje, geel ×2"
    assert i18n.translate_message(grouping_problem(content, "rrg", ("rr", "g"))) == \
        "groepje 0 'rr' heeft twee keer rood: nooit twee stralen van dezelfde kleur in een groepje"
    i18n.set_language("en")
    assert i18n.translate_message(reason) == reason


def test_a_damaged_file_and_a_refused_save_name_are_told_in_dutch(tmp_path, dutch) -> None:
    path = tmp_path / "autosave.json"
    path.write_text("{", encoding="utf-8")
    loaded = read_guarded(path, msg("The last unfinished game"), lambda value: value,
                          msg("Start a new game, or load one from the saves."))
    assert loaded.message is not None and loaded.message.startswith("The last unfinished game (autosave.json) could")
    shown = i18n.translate_message(loaded.message)
    assert shown.startswith("Het laatste onafgemaakte spel (autosave.json) kon niet worden gelezen: het is geen "
                            "geldige JSON (regel 1, kolom")
    assert shown.endswith(f"Het is bewaard als {loaded.kept_as.name}. Begin een nieuw spel, of laad er een uit de "
                          "opgeslagen spellen.")
    assert i18n.translate_message(save_name_problem("a/b")) == "De naam mag geen / bevatten."
    assert i18n.translate_message(save_name_problem("x" * 61)) == "De naam mag hoogstens 60 tekens lang zijn."


# ----- every sentence of the converted engines is a translated Message -----------------------------------
CONVERTED = ("game/core", "game/tamoul", "game/elios", "game/zeus", "game/telos")
REASON_FUNCTIONS = ("why_illegal", "_group_at", "_explain", "_multiple_block", "_max_lead_reason", "_not_held")


def python_files(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (REPO / folder).rglob("*.py"))


def test_every_message_template_in_game_is_a_literal_the_catalog_tool_can_read() -> None:
    found = []
    for path in python_files("game"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("msg", "msg_n", "msg_p"):
                literals = {"msg": 1, "msg_n": 2, "msg_p": 2}[node.func.id]
                if not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args[:literals]):
                    found.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert found == []


def test_no_reason_of_the_converted_engines_is_a_plain_string() -> None:
    """A reason written as a str or f-string would reach a Dutch player in English."""
    found = []
    for path in python_files(*CONVERTED):
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, ast.FunctionDef):
                continue
            if function.name not in REASON_FUNCTIONS and not function.name.endswith("problem"):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Return) and isinstance(node.value, (ast.JoinedStr, ast.Constant)) \
                        and isinstance(getattr(node.value, "value", ""), str):
                    found.append(f"{path.relative_to(REPO)}:{node.lineno} ({function.name})")
    assert found == []


def catalog_entries() -> set[tuple[str | None, str]]:
    return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalogs.read_catalog("nl")
            if m.id and catalogs.is_translated(m)}


def assert_translated(message: object, entries: set[tuple[str | None, str]]) -> None:
    assert isinstance(message, Message), f"{message!r} is not a Message"
    if isinstance(message, Listing):
        for part in message.parts:
            assert_translated(part, entries)
        return
    assert (message.context, message.template) in entries, f"{message.template!r} is not translated"
    for value in message.args.values():
        if isinstance(value, Message):
            assert_translated(value, entries)


def probes(state, seat: int) -> list[Action]:
    """Moves of every shape, many of them wrong now: each game's refusals are reached by some."""
    texts = ["draw deck", "draw discard", "draw", "keep 0", "keep 3", "keep 9", "discard", "discard 1", "peek 0",
             "peek 1.0", "peek 0.0", "peek 7", "swap 0.0 1.1", "swap 0.0 0.0", "swap 1", "end", "tamoul",
             "intercept 0", "intercept 9", "reshuffle 2H", "reshuffle", "pass", "fly away", "groups", "groups rr/q",
             "groups rgw", "groups ww", "groups roy/lgs/bvw", "place 0 0", "place 0 0,1", "place 9 0", "place x 0",
             "place 0 99", "place 0 y", "place 0 1,1", "place", "disc", "disc 1", "split 0 r/g", "split 0 /g",
             "split 0 rg/w", "split 1 ro/yw", "split 9 a/b", "play 7", "play 1", "play 10", "play Hermes",
             "play Poseidon", "play Zeus", "play", "play 7 8", "sneak 8", "sneak 1", "sneak 10", "sneak Hera", "sneak",
             "draw 1", "play 9a", "play 6a,6c", "play 9a,9a", "play 5a,5b", "play 5a,5b,5c,5d,5e", "play 1a,13b",
             "play Z:ant", "play Z:serpent", "play Z:bull,7a", "play 99z", "play 1a,2b,3c", "divine 9a", "divine",
             "divine 1a 2a", "play 7a 7b"]
    return [Action.parse(text) for text in texts] + [a for a in state.legal_actions(seat)][:3]


@pytest.mark.parametrize("game_id,players", [("tamoul", 3), ("elios", 2), ("elios", 4), ("zeus", 2),
                                                  ("zeus", 4), ("telos", 3), ("telos", 5)])
def test_every_refusal_met_in_random_games_is_a_translated_message(game_id, players) -> None:
    game = load_game(game_id)
    entries = catalog_entries()
    rng = random.Random(7)
    templates = set()
    for seed in range(3):
        seats = [SeatInfo(f"P{i}", "ai:random") for i in range(players)]
        state = game.new_state(seats, None, seed)
        agent = game.agent("random")
        for _step in range(400):
            if state.finished:
                break
            for seat in range(-1, players):
                for action in probes(state, max(seat, 0)):
                    reason = state.why_illegal(seat, action)
                    if reason is not None:
                        assert_translated(reason, entries)
                        templates.add(reason.template)
            actors = state.to_act()
            if not actors:
                break
            seat = actors[0]
            if seat < 0:
                state.apply(seat, state.chance_action())
            else:
                state.apply(seat, agent.choose(state.view(seat), state.legal_actions(seat), rng))
    assert len(templates) >= 12        # many different refusals were met, not a few


def test_the_engines_own_refusals_are_translated_messages() -> None:
    entries = catalog_entries()
    state = load_game("tamoul").new_state([SeatInfo("Io"), SeatInfo("Bion")], None, 1)
    for seat, text in ((5, "draw deck"), (-1, "draw deck"), (0, "reshuffle 2H")):
        with pytest.raises(IllegalAction) as refused:
            state.apply(seat, text)
        assert_translated(refused.value.reason, entries)
    with pytest.raises(IllegalAction) as refused:
        Action.parse("Draw  deck")
    assert_translated(refused.value.reason, entries)
