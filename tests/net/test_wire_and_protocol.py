"""The pieces under the online protocol: views and events travel whole, a guest's message is read
strictly, codes and tokens, and the rate limit."""
from __future__ import annotations

import json
import random

import pytest

from game.catalog import load_game, registered_game_ids
from game.core.drive import apply_chance, chance_is_due, next_waiting_seat
from game.core.engine import SeatInfo
from game.core.messages import Listing, msg, msg_n
from game.net import protocol as p
from game.net.wire import (WireError, decode_event, decode_message, decode_view, encode_event, encode_message,
                           encode_view)


@pytest.mark.parametrize("game_id", registered_game_ids())
def test_every_view_and_event_of_a_game_comes_back_equal(game_id: str) -> None:
    """A whole random game at its largest table: each seat's view and each event as a seat sees it,
    written as JSON and read back, is equal to the original (a guest's agents and table read it alike)."""
    game = load_game(game_id)
    n = game.max_players
    seats = [SeatInfo(f"p{i}", "ai:random") for i in range(n)]
    state = game.new_state(seats, game.normalize_options({}), 3)
    content = game.new_state(seats, game.normalize_options({}), 0).view(None)
    agent, rng = game.agent("random"), random.Random(3)
    checked = 0
    while not state.finished and checked < 120:
        for seat in [*range(n), None]:
            view = state.view(seat)
            assert decode_view(json.loads(json.dumps(encode_view(view))), type(view), content) == view
        if chance_is_due(state):
            events = apply_chance(state)
        else:
            seat = next_waiting_seat(state, rng)
            events = state.apply(seat, agent.choose(state.view(seat), state.legal_actions(seat), rng))
        for event in events:
            for seat in range(n):
                seen = event.for_seat(seat)
                assert decode_event(json.loads(json.dumps(encode_event(seen)))) == seen
        checked += 1
    assert checked > 10


def test_sentences_travel_with_their_template_so_a_guest_can_translate_them() -> None:
    for sentence in (msg("your slot {slot} is empty", slot=2), msg_n("{count} beam", "{count} beams", 3),
                     msg("{what} failed", what=msg("the save")), Listing(["red", "blue ×2"])):
        back = decode_message(json.loads(json.dumps(encode_message(sentence))))
        assert back == sentence and type(back) is type(sentence)
        if not isinstance(sentence, Listing):
            assert back.template == sentence.template and dict(back.args) == dict(sentence.args)
    with pytest.raises(WireError):
        decode_message({"template": "{missing}", "args": {"other": 1}})
    with pytest.raises(WireError):
        decode_message({"template": "{count} beam", "plural": "{count} beams", "args": {}})


def test_a_view_with_a_field_too_many_or_of_the_wrong_type_is_refused() -> None:
    game = load_game("zeus")
    state = game.new_state([SeatInfo("a"), SeatInfo("b")], game.normalize_options({}), 1)
    data = encode_view(state.view(0))
    with pytest.raises(WireError):
        decode_view({**data, "deck": ["1"]}, type(state.view(0)))
    with pytest.raises(WireError):
        decode_view({**data, "total": "12"}, type(state.view(0)))


@pytest.mark.parametrize(("raw", "words"), [
    (b"\x00\x01", "text frames"),
    ("not json", "not JSON"),
    ("[1]", "JSON object"),
    ('{"type": "act", "action": "play 1", "base": NaN}', "not JSON"),
    ('{"type": "act", "action": "play 1", "base": 0, "seat": 1}', "unexpected field"),
    ('{"type": "act", "action": "", "base": 0}', "action"),
    ('{"type": "act", "action": "play 1", "base": true}', "base"),
    ('{"type": "act", "action": "play 1", "base": -1}', "base"),
    ('{"type": "update", "view": {}}', "unknown message type"),
    ('{"type": "hello", "protocol": 2, "code": "A"}', "protocol 1"),
    ('{"type": "hello", "protocol": 1, "code": "A", "seat": 99}', "seat"),
    ('{"type": "hello", "protocol": 1, "code": 5}', "join code"),
    ('{"type": "bye", "now": true}', "unexpected field"),
    ("[" * 5000, "message too long"),
])
def test_a_guest_message_is_read_strictly(raw: str | bytes, words: str) -> None:
    with pytest.raises(p.ProtocolError, match=words):
        p.read_guest_message(raw)


def test_a_hello_keeps_a_printable_short_name() -> None:
    hello = p.read_guest_message(json.dumps({"type": "hello", "protocol": 1, "code": "ab-c",
                                             "name": "  Ann\u202e\x00  the   Great and Powerful Oz "}))
    assert isinstance(hello, p.Hello) and hello.name == "Ann the Great and Powerf" and hello.token is None


def test_codes_are_short_readable_and_random_and_tokens_unguessable() -> None:
    codes = {p.new_join_code() for _ in range(200)}
    assert len(codes) == 200 and all(len(c) == p.CODE_LENGTH and set(c) <= set(p.CODE_ALPHABET) for c in codes)
    assert p.codes_match("abc-def", "ABCDEF") and not p.codes_match("ABCDEG", "ABCDEF")
    tokens = {p.new_seat_token() for _ in range(200)}
    assert len(tokens) == 200 and all(len(t) >= 32 for t in tokens)


def test_the_rate_limit_allows_a_burst_then_the_average() -> None:
    now = [0.0]
    limit = p.RateLimit(2.0, 4, clock=lambda: now[0])
    assert [limit.take() for _ in range(5)] == [True] * 4 + [False]
    now[0] += 1.0
    assert [limit.take() for _ in range(3)] == [True, True, False]
    assert limit.take(0.0)
