"""Taking back a slip: whether a player may undo their own last move, and the game as it was before it.

The policy of trusted card tables: a player may take back their own last move only while
- the game is not over and the move did not decide a round (statistics and scores never see an undo),
- no other seat and no chance has acted since (the last action in the record is theirs),
- the move showed them nothing they had not seen (a card drawn from a pile, a look at a card, a card
  turned face up, the other players' secret groupings) and no chance was involved in it.

What a move showed is read from the events the engine reports for it, by kind (`SHOWS`, `DECIDES`);
every game's kinds are listed here, and an unknown kind that carries a secret for the moving player
is treated as showing something (an undo is refused rather than ever leaking). The per-game
decisions are written down in docs/architecture.md ("Undo").

The game before the move is rebuilt by replaying the record without its last action: the engine
stays the authority, and the record afterwards is exactly the record without the move.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from game.core.actions import Action
from game.core.engine import CHANCE, State
from game.core.events import Event
from game.core.messages import Message, msg
from game.core.records import replay

if TYPE_CHECKING:
    from game.core.engine import Game

GAME_OVER = msg("the game is over")
NOTHING = msg("you have no move to take back")
DECIDED = msg("that move ended the round")
CHANCE_ACTED = msg("the draw pile has been shuffled since")
DREW = msg("the card you drew cannot be put back")
LOOKED = msg("you have already seen the card you looked at")
RECEIVED = msg("you have already seen the card you received")
TURNED_UP = msg("the card it turned face up has been seen")
GROUPS_SHOWN = msg("everyone's groups have been shown")
WENT_OUT = msg("you have gone out, and that stands")
SHOWED_SOMETHING = msg("it showed you a card you had not seen")

# Event kinds that show the moving player something new, with the words of the refusal (`drawn` only
# when its card is secret: taking Tamoul's face-up discard shows nothing).
SHOWS: Mapping[str, Message] = {
    "card_drawn": DREW,             # Zeus: a card from the draw pile (after a play, or a draw)
    "drawn": DREW,                  # Tamoul: the top card of the deck
    "peeked": LOOKED,               # Tamoul: a look at one's own or another's card
    "first_look": LOOKED,           # Tamoul: the opening look (made by the deal, listed for safety)
    "divine_swap": RECEIVED,        # Télos: the card given for the divine card
    "kept": TURNED_UP,              # Tamoul: the replaced card goes face up onto the discard pile
    "intercepted": TURNED_UP,       # Tamoul: the intercepting card is shown, right or wrong
    "groupings_revealed": GROUPS_SHOWN,     # Elios: the last grouping shows everyone's
    "reshuffled": CHANCE_ACTED,     # Tamoul: chance acted
    "player_out": WENT_OUT,         # Elios: a seat out of beams is out of the game
}
# Event kinds that decide a round or the game: never undone, so no score or statistic can be gamed.
DECIDES = frozenset({"round_ended", "game_ended", "round_won", "round_void", "round_scored", "game_over",
                     "game_won", "stalemate", "cards_revealed", "round_started"})
# Event kinds whose secret only tells the mover back their own choice (an Elios grouping).
OWN_SECRETS = frozenset({"grouping_confirmed"})


def last_action(state: State) -> tuple[int, int, list[Any]] | None:
    """(round index, action index, [seat, text]) of the record's last action, or None before any."""
    for r in range(len(state.rounds) - 1, -1, -1):
        actions = state.rounds[r].actions
        if actions:
            return r, len(actions) - 1, actions[-1]
    return None


def record_without_last(state: State) -> dict[str, Any]:
    """The state's record with its last action taken out (the round it was in keeps its setup)."""
    record = state.record()
    found = last_action(state)
    if found is None:
        return record
    r, _index, _entry = found
    record["rounds"] = record["rounds"][: r + 1]
    record["rounds"][r]["actions"] = record["rounds"][r]["actions"][:-1]
    record["rounds"][r]["score"] = None
    return record


def why_no_undo(game: "Game", state: State, seat: int) -> Message | None:
    """Why `seat` may not take back its last move now (a Message in plain words), or None when it may.

    Pure: reads `state` and replays a copy of its record; changes nothing."""
    reason, _before = _check(game, state, seat)
    return reason


def state_before_last(game: "Game", state: State, seat: int) -> State:
    """The game as it was before `seat`'s last move; ValueError (with the reason) when it may not be undone."""
    reason, before = _check(game, state, seat)
    if reason is not None or before is None:
        raise ValueError(reason or NOTHING)
    return before


def _check(game: "Game", state: State, seat: int) -> tuple[Message | None, State | None]:
    if state.finished:
        return GAME_OVER, None
    found = last_action(state)
    if found is None:
        return NOTHING, None
    r, _index, (actor, text) = found
    if r != state.round_index:
        return DECIDED, None       # the move ended its round and the next one has been dealt
    if actor == CHANCE:
        return CHANCE_ACTED, None
    if actor != seat:
        if seat not in range(len(state.seats)) or not any(a[0] == seat for rnd in state.rounds for a in rnd.actions):
            return NOTHING, None
        return msg("{name} has already played", name=state.seats[actor].name), None
    before = replay(game, record_without_last(state), verify=False)
    probe = before.clone()
    events = probe.apply(seat, Action.parse(text))
    reason = what_it_showed(events, seat)
    if reason is not None:
        return reason, None
    return None, before


def what_it_showed(events: Sequence[Event], seat: int) -> Message | None:
    """The refusal for a move whose events decided a round or showed `seat` something new, else None."""
    for event in events:
        if event.kind in DECIDES:
            return DECIDED
    for event in events:
        if event.kind == "drawn" and not event.secret:
            continue            # a face-up card taken from the discard pile
        if event.kind in SHOWS:
            return SHOWS[event.kind]
        if event.secret and event.private_to == seat and event.kind not in OWN_SECRETS:
            return SHOWED_SOMETHING
    return None

