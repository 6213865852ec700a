"""Checking a Tamoul round setup (from a record) and a whole position (`now`, from `from_position`).

Both are checked the same way before a state is built from them: every card of the deck exactly once,
seats and slots in range, and the parts agreeing with each other. A problem raises ValueError with a
sentence saying what is wrong, so a damaged record or position never becomes a state.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from game.tamoul.content import STEPS, TamoulContent

SETUP_KEYS = ("first", "slots", "draw_pile")
NOW_KEYS = SETUP_KEYS + ("discard", "turn", "phase", "pending", "holder", "drawn", "drawn_from", "callers",
                         "attempts", "watchers", "reshuffle_due", "step", "last_scores", "coming_setups")
PHASES = ("draw", "hold", "action", "end", "over")
SOURCES = ("deck", "discard")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any, n: int, what: str) -> int:
    if not _is_int(value) or not 0 <= value < n:
        raise ValueError(f"{what} must be a seat 0..{n - 1}, found {value!r}")
    return value


def _seats(value: Any, n: int, what: str) -> list[int]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of seats")
    seats = [_seat(v, n, what) for v in value]
    if len(set(seats)) != len(seats):
        raise ValueError(f"{what} names a seat twice: {value!r}")
    return seats


def _slots(value: Any, n: int, content: TamoulContent, where: str) -> list[list[str | None]]:
    if not isinstance(value, list) or len(value) != n:
        raise ValueError(f"{where}: slots must be {n} lists, one per seat")
    rows: list[list[str | None]] = []
    for p, row in enumerate(value):
        if not isinstance(row, list) or len(row) != content.slots:
            raise ValueError(f"{where}: slots[{p}] must be {content.slots} entries (card ids or null)")
        rows.append([c for c in row])
    return rows


def _check_cards(cards: list[Any], content: TamoulContent, where: str) -> None:
    """Every card of the deck exactly once among the places given."""
    known = set(content.cards)
    for card, count in Counter(cards).items():
        if card not in known:
            raise ValueError(f"{where}: {card!r} is not a Tamoul card (ids are rank then suit, like 10H)")
        if count > 1:
            raise ValueError(f"{where}: card {card} is there {count} times")
    if len(cards) != len(content.cards):
        missing = sorted(known.difference(cards))
        raise ValueError(f"{where}: {len(missing)} cards are missing ({', '.join(missing[:6])}…)")


def check_setup(setup: Any, n: int, content: TamoulContent, expected_first: int | None,
                where: str) -> dict[str, Any]:
    """A recorded deal: four cards in slots 0..3 of each seat (A-4), the rest in the draw pile."""
    if not isinstance(setup, Mapping) or sorted(setup) != sorted(SETUP_KEYS):
        raise ValueError(f"{where}: expected the keys {', '.join(SETUP_KEYS)}")
    first = _seat(setup["first"], n, f"{where}: first")
    if expected_first is not None and first != expected_first:
        raise ValueError(f"{where}: first must be seat {expected_first}, one seat counter-clockwise "
                         f"of the last round's first player (A-6)")
    slots = _slots(setup["slots"], n, content, where)
    for p, row in enumerate(slots):
        if any(c is None for c in row[:content.dealt]) or any(c is not None for c in row[content.dealt:]):
            raise ValueError(f"{where}: seat {p} must be dealt cards in slots 0..{content.dealt - 1} only (A-4)")
    pile = setup["draw_pile"]
    if not isinstance(pile, list):
        raise ValueError(f"{where}: draw_pile must be a list of card ids, top first")
    _check_cards([c for row in slots for c in row if c is not None] + list(pile), content, where)
    return {"first": first, "slots": slots, "draw_pile": list(pile)}


def check_now(now: Any, n: int, content: TamoulContent, finished: bool) -> dict[str, Any]:
    """A whole position in the middle of a round (or at the end of the game)."""
    where = "position now"
    if not isinstance(now, Mapping) or sorted(now) != sorted(NOW_KEYS):
        raise ValueError(f"{where}: expected the keys {', '.join(NOW_KEYS)}")
    first = _seat(now["first"], n, f"{where}: first")
    turn = _seat(now["turn"], n, f"{where}: turn")
    phase = now["phase"]
    if phase not in PHASES:
        raise ValueError(f"{where}: phase must be one of {', '.join(PHASES)}, found {phase!r}")
    if (phase == "over") != finished:
        raise ValueError(f"{where}: phase 'over' goes with a finished game and only with it")
    slots = _slots(now["slots"], n, content, where)
    pile, discard = now["draw_pile"], now["discard"]
    if not isinstance(pile, list) or not isinstance(discard, list):
        raise ValueError(f"{where}: draw_pile and discard must be lists of card ids")
    pending = now["pending"]
    if not isinstance(pending, list) or any(step not in STEPS for step in pending):
        raise ValueError(f"{where}: pending must list steps out of {', '.join(STEPS)}")
    if (phase == "action") != bool(pending):
        raise ValueError(f"{where}: steps are pending exactly in the 'action' phase")
    holder, drawn, source = now["holder"], now["drawn"], now["drawn_from"]
    if phase == "hold":
        if holder != turn or drawn is None or source not in SOURCES:
            raise ValueError(f"{where}: in the 'hold' phase the turn player holds a drawn card from deck or discard")
    elif holder is not None or drawn is not None or source is not None:
        raise ValueError(f"{where}: only the 'hold' phase has a drawn card")
    cards = [c for row in slots for c in row if c is not None] + list(pile) + list(discard)
    _check_cards(cards + ([drawn] if drawn is not None else []), content, where)
    callers = _seats(now["callers"], n, f"{where}: callers")
    if turn in callers and phase != "over":
        raise ValueError(f"{where}: seat {turn} has called Tamoul and takes no more turns (A-14)")
    attempts = _seats(now["attempts"], n, f"{where}: attempts")
    if not isinstance(now["reshuffle_due"], bool):
        raise ValueError(f"{where}: reshuffle_due must be true or false")
    if now["reshuffle_due"] and (pile or len(discard) < 2):
        raise ValueError(f"{where}: a reshuffle is due only with an empty draw pile and cards to shuffle")
    if not now["reshuffle_due"] and not pile and phase != "over":
        raise ValueError(f"{where}: an empty draw pile must be reshuffled (A-11)")
    step = now["step"]
    if not _is_int(step) or step < 0:
        raise ValueError(f"{where}: step must be a whole number ≥ 0")
    watchers = _watchers(now["watchers"], slots, n, step, where)
    last = now["last_scores"]
    if last is not None and (not isinstance(last, list) or len(last) != n or not all(_is_int(v) for v in last)):
        raise ValueError(f"{where}: last_scores must be null or {n} whole numbers")
    coming = now["coming_setups"]
    if not isinstance(coming, list) or not all(isinstance(setup, Mapping) for setup in coming):
        raise ValueError(f"{where}: coming_setups must be a list of round setups (checked when each round starts)")
    return {"coming_setups": [dict(setup) for setup in coming],
            "first": first, "slots": slots, "draw_pile": list(pile), "discard": list(discard), "turn": turn,
            "phase": phase, "pending": list(pending), "holder": holder, "drawn": drawn, "drawn_from": source,
            "callers": callers, "attempts": attempts, "watchers": watchers,
            "reshuffle_due": now["reshuffle_due"], "step": step, "last_scores": None if last is None else list(last)}


def _watchers(value: Any, slots: list[list[str | None]], n: int, step: int,
              where: str) -> list[list[tuple[tuple[int, int, int], ...]]]:
    """Per seat, per slot: [[seat, seen_at, swaps], …] of the seats that know the card there."""
    if not isinstance(value, list) or len(value) != n:
        raise ValueError(f"{where}: watchers must be {n} lists, one per seat")
    result = []
    for p, row in enumerate(value):
        if not isinstance(row, list) or len(row) != len(slots[p]):
            raise ValueError(f"{where}: watchers[{p}] must have one entry per slot")
        out_row = []
        for s, entry in enumerate(row):
            if not isinstance(entry, list):
                raise ValueError(f"{where}: watchers[{p}][{s}] must be a list of [seat, seen_at, swaps]")
            if entry and slots[p][s] is None:
                raise ValueError(f"{where}: nobody can know the card of the empty slot {p}.{s}")
            watches = []
            for w in entry:
                if not (isinstance(w, list) and len(w) == 3 and all(_is_int(x) for x in w)):
                    raise ValueError(f"{where}: watchers[{p}][{s}] entries must be [seat, seen_at, swaps]")
                _seat(w[0], n, f"{where}: watchers[{p}][{s}] seat")
                if not 0 <= w[1] <= step or w[2] < 0:
                    raise ValueError(f"{where}: watchers[{p}][{s}] has an impossible step or swap count")
                watches.append((w[0], w[1], w[2]))
            if len({w[0] for w in watches}) != len(watches):
                raise ValueError(f"{where}: watchers[{p}][{s}] names a seat twice")
            out_row.append(tuple(sorted(watches)))
        result.append(out_row)
    return result
