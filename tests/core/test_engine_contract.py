"""The shared engine contract: apply/illegal, records round-trip, replay checks, agents, sessions."""
from __future__ import annotations

import json
from typing import Any

import pytest

from game.core.actions import Action
from game.core.agents import RandomAgent
from game.core.engine import Game, SeatInfo
from game.core.errors import IllegalAction, RecordError
from game.core.events import Event
from game.core.play import play_game
from game.core.records import read_record, record_to_text, replay
from game.core.session import GameSession, peek_autosave
from tests.core.countgame import CountGame

SEATS = [SeatInfo("Ada", "human"), SeatInfo("Bo", "ai:random")]


def test_action_text_round_trip() -> None:
    for text in ("play 7", "play 6a,6c,6f", "sneak 8", "draw", "swap 1.3 2.0", "groups rgw/b/ot"):
        assert str(Action.parse(text)) == text
    assert Action.parse("play 6a,6c").cards == ("6a", "6c")


@pytest.mark.parametrize("bad", ["", " play 7", "play  7", "play 7 ", "Play 7", "7", "play\t7"])
def test_unparsable_action_is_a_clear_error(bad: str) -> None:
    with pytest.raises(IllegalAction) as info:
        Action.parse(bad)
    assert info.value.reason


def test_illegal_action_changes_nothing() -> None:
    state = CountGame().new_state(SEATS, seed=3)
    before = record_to_text(state.record())
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(1, "add 1")
    with pytest.raises(IllegalAction):
        state.apply(0, "add 3")
    with pytest.raises(IllegalAction):
        state.apply(5, "add 1")
    assert record_to_text(state.record()) == before


def test_same_seed_same_game_byte_for_byte() -> None:
    game = CountGame()
    a = play_game(game, SEATS, [RandomAgent(), RandomAgent()], seed=11)
    b = play_game(game, SEATS, [RandomAgent(), RandomAgent()], seed=11)
    assert record_to_text(a.record()) == record_to_text(b.record())
    assert a.finished and a.winners


def test_record_replays_to_the_same_record() -> None:
    game = CountGame()
    for seed in range(30):
        state = play_game(game, SEATS, [RandomAgent(), RandomAgent()], seed=seed)
        again = replay(game, state.record())
        assert record_to_text(again.record()) == record_to_text(state.record())


def test_replay_uses_the_recorded_setup_not_the_generator() -> None:
    game = CountGame()
    state = game.new_state(SEATS, seed=1)
    record = state.record()
    record["rounds"][0]["setup"] = {"start": 9}
    record["seed"] = 999
    again = replay(game, record, verify=False)
    assert again.total == 9


def test_replay_rejects_a_tampered_record_with_the_place() -> None:
    game = CountGame()
    state = play_game(game, SEATS, [RandomAgent(), RandomAgent()], seed=2)
    record = state.record()
    record["rounds"][0]["actions"].insert(0, [1, "add 1"])
    with pytest.raises(RecordError, match=r"rounds\[0\]\.actions\[0\]"):
        replay(game, record)
    record = state.record()
    record["totals"] = [7, 7]
    with pytest.raises(RecordError, match="totals"):
        replay(game, record)


def test_reactions_are_optional_and_offered_first() -> None:
    state = CountGame().new_state(SEATS, seed=0, setups=[{"start": 1}])
    assert state.to_act() == (0, 1)
    assert state.waiting_for() == (0,)
    assert state.is_reaction(1)
    state.apply(1, "shout")
    assert state.rounds[0].actions == [[1, "shout"]]


def test_random_agent_may_decline_only_when_optional() -> None:
    import random

    agent = RandomAgent()
    rng = random.Random(0)
    legal = [Action("shout")]
    picks = {agent.choose(None, legal, rng, optional=True) for _ in range(50)}
    assert picks == {Action("shout"), None}
    assert all(agent.choose(None, legal, rng) == Action("shout") for _ in range(20))


def test_options_are_checked_and_defaults_filled() -> None:
    game = CountGame()
    assert game.normalize_options({}) == {"target": 10}
    with pytest.raises(ValueError, match="target"):
        game.normalize_options({"target": 99})
    with pytest.raises(ValueError, match="no option"):
        game.normalize_options({"colour": "red"})
    with pytest.raises(ValueError, match="2–4 players"):
        game.check_player_count(5)


def test_event_secrets_are_stripped_for_other_seats() -> None:
    event = Event("card_drawn", 1, {"left": 3}, secret={"card": "7"}, private_to=1)
    assert event.for_seat(1)["card"] == "7"
    assert event.for_seat(0).get("card") is None
    assert event.for_seat(None).get("left") == 3


def test_session_autosaves_every_action_and_archives_at_the_end(tmp_path) -> None:
    game = CountGame()
    autosave = tmp_path / "autosave.json"
    session = GameSession.new(game, SEATS, {"target": 5}, 4, autosave, tmp_path)
    assert autosave.exists()
    session.apply(0, "add 1")
    assert read_record(autosave)["rounds"][0]["actions"][-1] == [0, "add 1"]
    resumed = GameSession.resume(game, autosave)
    assert record_to_text(resumed.state.record()) == record_to_text(session.state.record())
    record, message = peek_autosave(autosave)
    assert record is not None and message is None
    while not session.state.finished:
        seat = session.state.waiting_for()[0]
        session.apply(seat, session.state.legal_actions(seat)[0])
    assert not autosave.exists()
    assert session.finished_record_path is not None and session.finished_record_path.exists()


def test_damaged_autosave_is_set_aside_with_a_message(tmp_path) -> None:
    autosave = tmp_path / "autosave.json"
    autosave.write_text("{ not json", encoding="utf-8")
    record, message = peek_autosave(autosave)
    assert record is None and "could not be read" in message
    assert not autosave.exists()
    kept = list(tmp_path.glob("autosave.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{ not json"


def test_read_record_names_the_problem(tmp_path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": "olympus-record/1", "game": "count"}), encoding="utf-8")
    with pytest.raises(RecordError, match="'seats' must be a list"):
        read_record(path)


def test_events_survive_deep_copy_and_pickle() -> None:
    import copy
    import pickle

    event = Event("card_drawn", 1, {"left": 3}, secret={"card": "7"}, private_to=1)
    assert copy.deepcopy(event) == event
    again = pickle.loads(pickle.dumps(event))
    assert again == event and again.for_seat(0).get("card") is None


def test_every_listed_game_state_clones_independently() -> None:
    from game.catalog import registered_game_ids, load_game

    for game_id in registered_game_ids():
        game = load_game(game_id)
        seats = [SeatInfo(f"P{i}", "ai:random") for i in range(game.min_players)]
        state = game.new_state(seats, game.normalize_options({}), 5)
        twin = state.clone()
        seat = twin.waiting_for()[0]
        twin.apply(seat, twin.legal_actions(seat)[0])
        assert record_to_text(state.record()) != record_to_text(twin.record())
        assert state.rounds[0].actions == []


def played_count_game(moves: int = 7) -> tuple[CountGame, Any]:
    game = CountGame()
    state = game.new_state(SEATS, {}, 5)
    for i in range(moves):
        state.apply(state.turn, f"add {1 + i % 2}")
    return game, state


def test_a_position_round_trips_and_plays_on_alike() -> None:
    game, state = played_count_game()
    position = state.position()
    assert json.loads(json.dumps(position)) == position
    assert position["rounds"] == state.record()["rounds"] and position["now"] == {"total": state.total,
                                                                                 "turn": state.turn}
    copy = game.from_position(position)
    assert copy.position() == position
    while not state.finished:
        assert copy.apply(copy.turn, "add 2") == state.apply(state.turn, "add 2")
    assert record_to_text(copy.record()) == record_to_text(state.record())


def test_the_default_from_position_replays_the_rounds_when_now_is_empty() -> None:
    game, state = played_count_game()
    position = {**state.position(), "now": {}}
    copy = Game.from_position(game, position)  # the contract's default, for games whose rounds say it all
    assert copy.position() == state.position()


def test_a_position_with_a_wrong_shape_is_refused_saying_what_is_wrong() -> None:
    game, state = played_count_game()
    with pytest.raises(ValueError, match="a position has exactly the keys"):
        game.from_position({k: v for k, v in state.position().items() if k != "seed"})
    with pytest.raises(ValueError, match="'totals' must hold one whole number for each of 2 seats"):
        game.from_position({**state.position(), "totals": [0]})
    with pytest.raises(ValueError, match="the position does not replay"):
        Game.from_position(game, {**state.position(), "now": {}, "totals": [5, 5]})


def test_a_clone_copies_every_field_and_shares_only_what_is_immutable() -> None:
    _, state = played_count_game()
    twin = state.clone()
    assert twin.seats is state.seats and twin.rounds is not state.rounds
    assert vars(twin).keys() == vars(state).keys()
