"""Undo for a slip (game/core/undo.py): in every game, a player may take back their own last move only
while it showed them nothing new, involved no chance, decided no round, and nobody has acted since;
the game after an undo is exactly the game without the move (record byte for byte, autosave too)."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from game.catalog import load_game
from game.core.actions import Action
from game.core.drive import apply_chance
from game.core.engine import CHANCE, SeatInfo
from game.core.records import read_record, record_to_text
from game.core.session import GameSession
from game.core import undo
from game.core.undo import why_no_undo

NAMES = ("You", "Ariadne", "Nikias", "Phoebe")


def seats(count: int) -> list[SeatInfo]:
    return [SeatInfo(NAMES[i], "human" if i == 0 else "ai:random") for i in range(count)]


def expected_reason(game_id: str, state_before, seat: int, action: Action, events) -> object:
    """The refusal this move should get, by the game's rules, from the verb (an oracle written apart
    from the module's event tables): None when it may be taken back."""
    kinds = {e.kind for e in events}
    ended = bool(kinds & {"round_ended", "game_ended"})
    verb = action.verb
    if game_id == "zeus":
        if ended:
            return undo.DECIDED
        if verb == "draw" or not state_before.options.get("manual_draw"):
            return undo.DREW       # without drawing by hand, every play draws the next card
        return None
    if game_id == "telos":
        if verb == "divine":
            return undo.RECEIVED
        return undo.DECIDED if ended else None
    if game_id == "tamoul":
        if verb == "draw":
            return undo.DREW if action.args[0] == "deck" else None
        if verb == "peek":
            return undo.LOOKED
        if verb in ("keep", "intercept"):
            return undo.TURNED_UP
        return undo.DECIDED if ended else None
    if game_id == "elios":
        if ended:
            return undo.DECIDED
        if verb == "groups":
            return undo.GROUPS_SHOWN if "groupings_revealed" in kinds else None
        if "player_out" in kinds:
            return undo.WENT_OUT
        return None
    raise AssertionError(game_id)


def decisions(state, rng: random.Random, steps: int, choose):
    """Up to `steps` decisions until the game ends: due chance is applied here and yielded as (CHANCE, None);
    otherwise a seat that may act and `choose(seat)`'s action are yielded for the caller to apply."""
    for _step in range(steps):
        if state.finished:
            return
        if CHANCE in state.waiting_for():
            apply_chance(state)
            yield CHANCE, None
            continue
        seat = rng.choice([s for s in state.to_act() if state.legal_actions(s)])
        action = choose(seat)
        if action is not None:
            yield seat, action


CASES = [("zeus", 3, {}), ("zeus", 2, {"manual_draw": True}), ("telos", 4, {}), ("telos", 3, {"divine_trick": True}),
         ("tamoul", 2, {}), ("tamoul", 4, {}), ("elios", 2, {}), ("elios", 4, {})]


@pytest.mark.parametrize("game_id,players,options", CASES)
def test_every_move_is_judged_by_the_policy_and_an_allowed_undo_leaves_no_trace(game_id, players, options):
    game = load_game(game_id)
    outcomes: Counter = Counter()
    for seed in (1, 2):
        state = game.new_state(seats(players), game.normalize_options(options), seed)
        agents = [game.agent("random") for _ in range(players)]
        rng = random.Random(seed)

        def agent_move(seat):
            return agents[seat].choose(state.view(seat), state.legal_actions(seat), rng,
                                       optional=state.is_reaction(seat))

        for seat, action in decisions(state, rng, 70, agent_move):
            if seat == CHANCE:
                assert why_no_undo(game, state, 0) in (undo.CHANCE_ACTED, undo.NOTHING)
                continue
            before = state.clone()
            before_text = record_to_text(before.record())
            events = state.apply(seat, action)
            after_text = record_to_text(state.record())
            reason = why_no_undo(game, state, seat)
            if state.finished:
                assert reason == undo.GAME_OVER
                outcomes["game over"] += 1
                break
            assert reason == expected_reason(game_id, before, seat, action, events), (seat, action.text)
            outcomes[reason] += 1
            for other in range(players):
                if other != seat:
                    said = why_no_undo(game, state, other)
                    if reason == undo.DECIDED:
                        assert said == undo.DECIDED
                    else:
                        assert said in (undo.NOTHING, f"{state.seats[seat].name} has already played")
            if reason is None:
                rebuilt = undo.state_before_last(game, state, seat)
                assert record_to_text(rebuilt.record()) == before_text
                assert rebuilt.to_act() == before.to_act()
                assert rebuilt.legal_actions(seat) == before.legal_actions(seat)
            else:
                with pytest.raises(ValueError):
                    undo.state_before_last(game, state, seat)
            assert record_to_text(state.record()) == after_text    # judging changed nothing of the game
    if game_id == "zeus" and not options.get("manual_draw"):
        assert outcomes[None] == 0, outcomes     # every Zeus play draws the next card: never taken back
    else:
        assert outcomes[None] > 0, outcomes      # every other game has moves that may be taken back


def test_each_game_refuses_in_its_own_words():
    """The reasons met in play, per game: what each refusal says."""
    met: dict[str, set] = {}
    tried: Counter = Counter()
    for (game_id, players, options), seed in ((case, seed) for case in CASES for seed in (5, 6, 7)):
        game = load_game(game_id)
        state = game.new_state(seats(players), game.normalize_options(options), seed)
        rng = random.Random(seed)

        def lasting_move(seat):
            """Any legal move but a Tamoul call or interception, so the rounds last and every step is met."""
            legal = [a for a in state.legal_actions(seat) if a.verb not in ("tamoul", "intercept")]
            return rng.choice(legal) if legal else None

        for seat, action in decisions(state, rng, 300, lasting_move):
            if seat != CHANCE:
                state.apply(seat, action)
                key = (game_id, action.verb)
                if tried[key] < 4:      # a few judgements per verb keep the test quick
                    tried[key] += 1
                    met.setdefault(game_id, set()).add(why_no_undo(game, state, seat))
    assert undo.DREW in met["zeus"]
    assert {undo.DREW, undo.LOOKED, undo.TURNED_UP, None} <= met["tamoul"]
    assert {None} <= met["telos"] and undo.RECEIVED in met["telos"]
    assert {None, undo.GROUPS_SHOWN} <= met["elios"]


def test_the_reasons_name_the_player_and_a_finished_game_is_never_undone():
    game = load_game("telos")
    state = game.new_state(seats(3), game.normalize_options({}), 7)
    assert why_no_undo(game, state, 0) == undo.NOTHING
    while state.waiting_for() != (0,):
        seat = state.waiting_for()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    state.apply(0, state.legal_actions(0)[0])
    assert why_no_undo(game, state, 0) is None
    nxt = state.waiting_for()[0]
    state.apply(nxt, state.legal_actions(nxt)[0])
    assert why_no_undo(game, state, 0) == f"{NAMES[nxt]} has already played"
    assert why_no_undo(game, state, 0).template == "{name} has already played"

    zeus = load_game("zeus")
    from game.core.play import play_game
    done = play_game(zeus, seats(2), [zeus.agent("random")] * 2, seed=4)
    assert done.finished
    for seat in (0, 1):
        assert why_no_undo(zeus, done, seat) == undo.GAME_OVER


def test_a_chance_action_since_the_move_refuses():
    game = load_game("tamoul")
    for seed in range(1, 40):
        state = game.new_state(seats(2), game.normalize_options({}), seed)
        rng = random.Random(seed)
        for _step in range(400):
            if state.finished:
                break
            if CHANCE in state.waiting_for():
                apply_chance(state)
                assert why_no_undo(game, state, 0) == undo.CHANCE_ACTED
                assert why_no_undo(game, state, 1) == undo.CHANCE_ACTED
                return
            seat = rng.choice([s for s in state.to_act() if state.legal_actions(s)])
            legal = [a for a in state.legal_actions(seat) if a.verb != "tamoul"] or state.legal_actions(seat)
            state.apply(seat, rng.choice(legal))   # nobody calls, so the deck runs out
    pytest.fail("no reshuffle met in the games tried")


def test_the_session_undo_leaves_the_record_and_autosave_as_if_the_move_was_never_made(tmp_path: Path):
    game = load_game("tamoul")
    autosave = tmp_path / "autosave.json"
    session = GameSession.new(game, seats(2), {}, 11, autosave_path=autosave, records_dir=tmp_path / "records")
    while not (session.state.waiting_for() == (0,) and Action.parse("draw discard") in session.state.legal_actions(0)):
        seat = session.state.waiting_for()[0]
        legal = session.state.legal_actions(seat)
        session.apply(seat, next((a for a in legal if a.verb == "discard"), legal[0]))
    before_bytes = autosave.read_bytes()
    before_record = record_to_text(session.state.record())
    # Taking the face-up discard shows nothing: it may be taken back.
    session.apply(0, "draw discard")
    assert autosave.read_bytes() != before_bytes
    assert session.undo(0) is None
    assert autosave.read_bytes() == before_bytes
    assert record_to_text(session.state.record()) == before_record
    assert record_to_text(read_record(autosave)) == before_record
    # Drawing from the deck shows a card: refused, and nothing changes.
    session.apply(0, "draw deck")
    after_draw = autosave.read_bytes()
    state = session.state
    assert session.undo(0) == undo.DREW
    assert session.state is state and autosave.read_bytes() == after_draw
    assert session.undo(1) == undo.NOTHING or session.undo(1) == f"{NAMES[0]} has already played"
    assert not (tmp_path / "records").exists() or not any((tmp_path / "records").iterdir())
