"""Records another program could write, from the rules files alone, replay in ours (rules/records.md),
in every registered game; and a record that breaks a rule is still refused with its place and reason.

The records come from `other_programs.py`: its own deals and Zeus cards, its own letter orders, its
own order for simultaneous decisions. Each one is first checked against the rules files by that
module (no engine asked), then replayed here with every check of `replay` (scores, totals, winners).
"""
from __future__ import annotations

import functools
import json
import os
import random
import re
from typing import Any

import pytest

from game.catalog import load_game, registered_game_ids
from game.core.actions import Action
from game.core.engine import SeatInfo
from game.core.errors import RecordError
from game.core.records import record_to_text, replay
from tests.conformance.other_programs import (ELIOS_COLOURS, ELIOS_JOKER, WRITERS, check_by_rules,
                                              write_record)

# Games per case in `make test`; a long run: OLYMPUS_OTHER_PROGRAM_GAMES=100 pytest tests/conformance -k rules_alone
GAMES_PER_CASE = int(os.environ.get("OLYMPUS_OTHER_PROGRAM_GAMES", "3"))

# (game, players, options): every player count, and every option that changes a deal or a move
CASES = (
    [("elios", n, {}) for n in (2, 3, 4)]
    + [("telos", n, {"powers": powers, "divine_trick": divine})
       for n in (3, 4, 5, 6) for powers, divine in (("advanced", False), ("basic", True), ("advanced", True))]
    + [("telos", 4, {"zeus_cards": ["Z:cuckoo", "Z:eagle", "Z:serpent", "Z:swan"]})]
    + [("zeus", n, {"sneak": sneak, "manual_draw": manual}) for n in (2, 3, 5)
       for sneak, manual in ((True, False), (True, True), (False, False))]
    + [("tamoul", n, {}) for n in (2, 4, 6)]
)
_games: dict[str, Any] = {}


def game_for(game_id: str) -> Any:
    if game_id not in _games:
        _games[game_id] = load_game(game_id)
    return _games[game_id]


def written(game_id: str, players: int, options: dict[str, Any], index: int) -> dict[str, Any]:
    """Game `index` of this case as the other program writes it (a fresh copy, free to change)."""
    return json.loads(_written_text(game_id, players, json.dumps(options, sort_keys=True), index))


@functools.lru_cache(maxsize=None)
def _written_text(game_id: str, players: int, options: str, index: int) -> str:
    rng = random.Random(f"another program/{game_id}/{players}/{options}/{index}")
    return record_to_text(write_record(game_for(game_id), players, json.loads(options), rng))


def same_moves(ours: dict[str, Any], theirs: dict[str, Any]) -> bool:
    """Both records hold the same setups and moves; a play's cards may be listed in another order
    (Télos: records.md fixes no order inside a play, and ours lists them in canonical order)."""
    def moves(record: dict[str, Any]) -> list[Any]:
        return [[rnd["setup"], [[seat, sorted(text[5:].split(",")) if text.startswith("play ") else text]
                                for seat, text in rnd["actions"]]] for rnd in record["rounds"]]
    return moves(ours) == moves(theirs)


def test_every_registered_game_has_a_writer_and_cases() -> None:
    assert set(registered_game_ids()) == set(WRITERS) == {game for game, _, _ in CASES}


@pytest.mark.parametrize("game_id,players,options",
                         [pytest.param(g, n, o, id=f"{g}-{n}p-{json.dumps(o, sort_keys=True)}") for g, n, o in CASES])
def test_records_written_from_the_rules_alone_replay(game_id: str, players: int, options: dict[str, Any]) -> None:
    for index in range(GAMES_PER_CASE):
        record = written(game_id, players, options, index)
        check_by_rules(record)
        state = replay(game_for(game_id), record)   # scores, totals, winners and the end checked too
        assert state.finished
        again = state.record()
        assert same_moves(record, again)
        if game_id != "telos":
            assert record_to_text(again) == record_to_text(record)


# ----- what makes these records another program's ------------------------------------------------------
def test_the_written_records_use_the_freedoms_the_rules_give() -> None:
    """Not our engine's records in disguise: letters out of sun order, other Zeus cards than the seed's,
    deals that are not the seed's, cards of a play in another order."""
    elios = [written("elios", n, {}, i) for n in (2, 3, 4) for i in range(GAMES_PER_CASE)]
    groups = [text for r in elios for _, text in r["rounds"][0]["actions"] if text.startswith("groups ")]
    assert any(any(list(g) != sorted(g, key=(ELIOS_COLOURS + ELIOS_JOKER).index) for g in text[7:].split("/"))
               for text in groups)
    game = game_for("telos")
    telos = [written("telos", n, {"powers": "advanced", "divine_trick": False}, i) for n in (3, 4, 5, 6)
             for i in range(GAMES_PER_CASE)]
    other_cards = 0
    for record in telos:
        own = game.new_state(seats_of(record), record["options"], record["seed"])   # what our seed deals
        shown = {c for rnd in record["rounds"] for h in rnd["setup"]["hands"] for c in h if c.startswith("Z:")}
        other_cards += bool(shown - set(own.view(0).zeus_cards))
        assert own.record()["rounds"][0]["setup"] != record["rounds"][0]["setup"]
    assert other_cards >= 3
    plays = [text for r in telos for rnd in r["rounds"] for _, text in rnd["actions"] if "," in text]
    state = game.new_state(seats_of(telos[0]), telos[0]["options"], 0)
    assert any(str(state.normalize(Action.parse(text))) != text for text in plays)  # not in our card order


def seats_of(record: dict[str, Any]) -> list[SeatInfo]:
    return [SeatInfo(s["name"], s["controller"]) for s in record["seats"]]


# ----- a record that breaks a rule is refused, with its place and the reason ----------------------------
def test_E_6_a_placement_read_in_another_order_is_refused_with_its_place() -> None:
    record = written("elios", 2, {}, 0)
    actions = record["rounds"][0]["actions"]
    k, (seat, text) = next((k, a) for k, a in enumerate(actions) if a[1].startswith("place ")
                           and len(a[1].split(" ")[2].split(",")) >= 2)
    verb, index, stacks = text.split(" ")
    actions[k] = [seat, f"{verb} {index} {','.join(reversed(stacks.split(',')))}"]
    with pytest.raises(RecordError) as caught:
        replay(game_for("elios"), record)
    assert re.match(rf"rounds\[0\]\.actions\[{k}\] \[{seat}, '{re.escape(actions[k][1])}'\] is not legal: "
                    r"a \w+( \w+)? beam goes only on the", str(caught.value)), str(caught.value)


def test_T_3_a_later_deal_with_a_card_twice_is_refused_with_its_place() -> None:
    record = written("telos", 4, {"powers": "advanced", "divine_trick": False}, 1)
    assert len(record["rounds"]) > 1
    hands = record["rounds"][1]["setup"]["hands"]
    hands[0][0] = hands[1][0]
    with pytest.raises(RecordError, match=r"^rounds\[1\]\.setup cannot start its round: .*round 1 setup: card "
                                          r"'\w+' is dealt twice"):
        replay(game_for("telos"), record)


def test_T_3_a_play_of_a_card_not_held_is_refused_with_its_place() -> None:
    record = written("telos", 3, {"powers": "basic", "divine_trick": False}, 0)
    actions = record["rounds"][0]["actions"]
    seat, text = actions[0]
    elsewhere = next(c for s, hand in enumerate(record["rounds"][0]["setup"]["hands"]) if s != seat for c in hand)
    actions[0] = [seat, f"play {elsewhere}"]
    with pytest.raises(RecordError, match=rf"^rounds\[0\]\.actions\[0\] \[{seat}, 'play {elsewhere}'\] is not "
                                          "legal: "):
        replay(game_for("telos"), record)


def test_Z_1_a_later_deal_without_the_whole_deck_is_refused_with_its_place() -> None:
    record = next(r for i in range(10) for r in [written("zeus", 3, {}, i)] if len(r["rounds"]) > 2)
    record["rounds"][2]["setup"]["draw_pile"][0] = "Hera" if record["rounds"][2]["setup"]["draw_pile"][0] != "Hera" \
        else "1"
    with pytest.raises(RecordError, match=r"^rounds\[2\]\.setup cannot start its round: .*round 2 setup does not "
                                          r"hold exactly the cards of the deck"):
        replay(game_for("zeus"), record)


def test_A_11_a_reshuffle_that_is_not_the_discard_pile_is_refused_with_its_place() -> None:
    record = next(r for i in range(20) for r in [written("tamoul", 6, {}, i)]
                  if any(seat == -1 for rnd in r["rounds"] for seat, _ in rnd["actions"]))
    r, k = next((r, k) for r, rnd in enumerate(record["rounds"]) for k, (seat, _) in enumerate(rnd["actions"])
                if seat == -1)
    text = record["rounds"][r]["actions"][k][1]
    record["rounds"][r]["actions"][k][1] = text.rsplit(",", 1)[0]        # one card left out
    with pytest.raises(RecordError, match=rf"^rounds\[{r}\]\.actions\[{k}\] \[-1, 'reshuffle .*'\] is not legal: "
                                          "a reshuffle must be the discard pile without its top card"):
        replay(game_for("tamoul"), record)
