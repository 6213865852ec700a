"""An Elios game in progress: the draw, grouping, placing, discs, splits, teams and the end (E-1..E-13).

Everything random happens in the draw (seeded by the game seed, or taken from a record's setup), so a
game is its seed plus its actions. The grouping is a simultaneous decision: every seat that has not
confirmed is waited for, and the last to confirm starts (E-5). After that one seat plays at a time;
a seat that can do nothing passes by itself (E-9) and a seat without beams is skipped (E-10), both
without an entry in the record (records.md).
"""
from __future__ import annotations

import copy
from collections import Counter
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from game.core.actions import Action
from game.core.engine import GAME_OVER, RoundLog, SeatInfo, State, shuffle
from game.core.events import Event
from game.core.messages import Message, msg, msg_n
from game.elios.content import EliosContent
from game.elios.grouping import (MAX_GROUP, SEPARATOR, canonical_group, grouping_problem, grouping_text, parse_grouping,
                                 split_texts)
from game.elios.terms import colour_before_noun, colour_on_its_own
from game.elios.view import EliosView

if TYPE_CHECKING:
    from game.elios.game import EliosGame

SETUP_KEYS = ("beams", "discs")
NOW_KEYS = ("beams", "discs", "stacks", "groups", "confirmed", "turn", "first_turn", "passes", "end")
POSITION_KEYS = ("game", "seats", "options", "seed", "rounds", "totals", "winners", "finished", "now")
VERBS = ("groups", "place", "disc", "split", "pass")
TEAM_PLAYERS = 4  # E-11: with four players, seats 0+2 and 1+3 play as teams
DISC = Action("disc")


class _Plan:
    """What listing one group's moves needs, worked out once per group (its letters): the stacks of its
    coloured beams in letter order (E-6), whether it holds a joker, and its place and split actions
    by group index, made once and shared (actions are immutable values whose record text is kept once
    made): building them anew for every legal list was most of a playout's time."""

    __slots__ = ("coloured", "head", "rest", "joker", "joker_at", "group", "places", "splits")

    def __init__(self, group: str, sun_order: str, joker: str) -> None:
        self.group = group
        self.coloured = tuple(sun_order.index(letter) for letter in group if letter != joker)
        self.head = self.coloured[0] if self.coloured else -1
        self.rest = self.coloured[1:]
        self.joker = joker in group
        self.joker_at = group.index(joker) if self.joker else -1    # where the joker is written (E-6)
        self.places: dict[tuple[int, tuple[int, ...]], Action] = {}
        self.splits: dict[int, tuple[Action, ...]] = {}

    def with_joker_on(self, stack: int) -> tuple[int, ...]:
        """The group's stacks in its letter order, the joker's on `stack` (E-6: the i-th beam written on Pi)."""
        at = self.joker_at
        return self.coloured[:at] + (stack,) + self.coloured[at:]

    def place(self, index: int, stacks: tuple[int, ...]) -> Action:
        """`place G P1,P2,…`, the shared value."""
        action = self.places.get((index, stacks))
        if action is None:
            action = self.places[(index, stacks)] = Action("place", (str(index), ",".join(map(str, stacks))))
        return action

    def split(self, index: int) -> tuple[Action, ...]:
        """Every `split G A/B` (E-8, in `split_texts` order), the shared values."""
        actions = self.splits.get(index)
        if actions is None:
            number = str(index)
            actions = self.splits[index] = tuple(Action("split", (number, text)) for text in split_texts(self.group))
        return actions


_PLACE_IN_BEAMS = itemgetter(1)
_PLANS: dict[tuple[str, str], dict[str, _Plan]] = {}  # (sun order, joker) -> group -> its plan


def _plans(sun_order: str, joker: str) -> dict[str, _Plan]:
    plans = _PLANS.get((sun_order, joker))
    if plans is None:
        plans = _PLANS[(sun_order, joker)] = {}
    return plans


def _plan(plans: dict[str, _Plan], group: str, sun_order: str, joker: str) -> _Plan:
    plan = plans.get(group)
    if plan is None:
        plan = plans[group] = _Plan(group, sun_order, joker)
    return plan


def _placements_on(stacks: Sequence[str], discs: int, group: str, sun_order: str, joker: str) -> list[tuple[int, ...]]:
    """`sun.placements` on a sun of `stacks` (a test holds the two equal), reading only the heights it
    needs: a group's own stacks are worked out once per group (`_Plan`)."""
    plan = _plan(_plans(sun_order, joker), group, sun_order, joker)
    coloured, with_joker = plan.coloured, plan.joker
    if not coloured:
        return [(i,) for i, stack in enumerate(stacks) if len(stack) < discs]
    height = len(stacks[coloured[0]])
    if height >= discs:
        return []
    for i in coloured[1:]:
        if len(stacks[i]) != height:
            return []
    if not with_joker:
        return [coloured]
    return [plan.with_joker_on(i) for i, stack in enumerate(stacks) if len(stack) == height and i not in coloured]


def _representatives(beams: Sequence[str]) -> list[tuple[str, ...]]:
    """`grouping.representative_groupings`, made quicker (a test holds the two equal): the largest groups,
    groups of at most two, every beam alone. `largest_groups` again and again takes one beam of each of the
    letters with the most beams left (ties in `beams`' order); here each letter is a [-count, first place,
    letter] list, so plain list order is that order and no key function runs."""
    first = {}
    for place, letter in enumerate(beams):
        first.setdefault(letter, place)
    found: list[tuple[str, ...]] = []
    for size in (MAX_GROUP, 2):
        left = sorted([-beams.count(letter), place, letter] for letter, place in first.items())
        groups = []
        while left:
            chosen = left[:size]
            for entry in chosen:
                entry[0] += 1
            chosen.sort(key=_PLACE_IN_BEAMS)
            groups.append("".join([entry[2] for entry in chosen]))
            left = [entry for entry in left if entry[0]]
            left.sort()
        grouping = tuple(groups)
        if grouping not in found:
            found.append(grouping)
    alone = tuple(beams)
    if alone not in found:
        found.append(alone)
    return found


def _is_grouping_of(groups: Sequence[str], held: str) -> bool:
    """True when `groups` is a grouping of exactly the beams `held` (E-5: each group 1–3 beams, no letter
    twice, every beam once); `grouping_problem` says why not, and a test holds the two to agree."""
    for group in groups:
        if not 0 < len(group) <= MAX_GROUP or len(set(group)) != len(group):
            return False
    return sorted("".join(groups)) == sorted(held)


class EliosState(State):
    game_id = "elios"

    def __init__(self, game: "EliosGame", seats: Sequence[SeatInfo], options: Mapping[str, Any], seed: int,
                 setups: Sequence[Mapping[str, Any]] = ()) -> None:
        super().__init__(seats, options, seed, setups)
        game.check_player_count(len(self.seats))
        self.content: EliosContent = game.content
        self._legal_cache: dict[int, list[Action]] = {}
        self._placement_cache: dict[str, list[tuple[int, ...]]] = {}  # group -> placements, until the sun changes
        self._start()

    # ----- setup (E-2..E-4) --------------------------------------------------------------------------
    def _start(self) -> None:
        content = self.content
        n = len(self.seats)
        setup = self._setup_for_next_round()
        if setup is None:
            setup = self._draw()
            self._begin_round(setup, owned=True)  # made here and never changed: the log keeps it as it is
            self.drawn: tuple[tuple[str, ...], ...] = tuple(tuple(beams) for beams in setup["beams"])  # canonical
        else:
            self._check_setup(setup)
            self._begin_round(setup)
            self.drawn = tuple(tuple(canonical_group("".join(beams), content.letters)) for beams in setup["beams"])
        self.held: list[str] = ["".join(beams) for beams in self.drawn]
        self.groups: list[list[str] | None] = [None] * n
        self.confirmed: list[int] = []
        self.stacks: list[str] = [colour.id for colour in content.colours]  # E-3: one beam each
        self.discs: int = int(setup["discs"])
        self.turn: int | None = None
        self.first_turn = False
        self.passes = 0
        self.end: str | None = None
        self.totals = [len(h) for h in self.held]

    def _draw(self) -> dict[str, Any]:
        """E-3, E-4: the bag holds every coloured beam not on the sun; each player draws, then takes jokers."""
        content = self.content
        n = len(self.seats)
        draw = content.draws[n]
        bag = [c.id for c in content.colours for _ in range(content.beams_per_colour - 1)]
        rng = self._rng_for_next_round()
        shuffle(bag, rng)  # random.shuffle's very order, quicker
        in_order = {letter: place for place, letter in enumerate(content.letters)}.__getitem__
        beams = []
        for seat in range(n):
            taken = bag[seat * draw.beams:(seat + 1) * draw.beams] + [content.joker.id] * draw.jokers
            beams.append(sorted(taken, key=in_order))  # `canonical_group`: sun order, jokers last
        return {"beams": beams, "discs": content.start_discs}

    def _check_setup(self, setup: Mapping[str, Any]) -> None:
        """A recorded draw must be one the rules could have made (else ValueError saying why)."""
        content = self.content
        n = len(self.seats)
        draw = content.draws[n]
        where = "setup"
        if not isinstance(setup, Mapping) or sorted(setup) != sorted(SETUP_KEYS):
            raise ValueError(f"{where}: expected the keys {', '.join(SETUP_KEYS)}")
        if setup["discs"] != content.start_discs or isinstance(setup["discs"], bool):
            raise ValueError(f"{where}: discs must be {content.start_discs} at the start (E-2)")
        beams = setup["beams"]
        if not isinstance(beams, list) or len(beams) != n:
            raise ValueError(f"{where}: beams must hold one list per seat ({n})")
        total: Counter[str] = Counter()
        for seat, seat_beams in enumerate(beams):
            if not isinstance(seat_beams, list) or not all(
                    isinstance(b, str) and len(b) == 1 and b in content.letters for b in seat_beams):
                raise ValueError(f"{where}: seat {seat}'s beams must be a list of beam letters "
                                 f"({', '.join(content.letters)})")
            jokers = seat_beams.count(content.joker.id)
            if len(seat_beams) - jokers != draw.beams or jokers != draw.jokers:
                raise ValueError(f"{where}: with {n} players each seat draws {draw.beams} beams and takes "
                                 f"{draw.jokers} joker(s) (E-4); seat {seat} has {len(seat_beams) - jokers} "
                                 f"and {jokers}")
            total.update(seat_beams)
        for colour in content.colours:
            if total[colour.id] > content.beams_per_colour - 1:
                raise ValueError(f"{where}: {total[colour.id]} {colour.name.lower()} beams are drawn, but the bag "
                                 f"holds only {content.beams_per_colour - 1} (E-3)")
        if total[content.joker.id] > content.jokers:
            raise ValueError(f"{where}: {total[content.joker.id]} jokers are taken, but there are {content.jokers}")

    def opening_events(self) -> list[Event]:
        """The draw that opened the game: the sun, the disc level and each seat's beams (public)."""
        events = [Event("round_started", None, {"round": 0, "stacks": [c.id for c in self.content.colours],
                                                "discs": int(self.rounds[0].setup["discs"]),
                                                "teams": self._team_list()})]
        for seat, beams in enumerate(self.drawn):
            events.append(Event("beams_drawn", seat, {"beams": list(beams)}))
        return events

    # ----- who plays ---------------------------------------------------------------------------------
    @property
    def teams(self) -> bool:
        return len(self.seats) == TEAM_PLAYERS

    def _team_list(self) -> list[int] | None:
        return [seat % 2 for seat in range(len(self.seats))] if self.teams else None

    @property
    def phase(self) -> str:
        if self.finished:
            return "over"
        return "grouping" if len(self.confirmed) < len(self.seats) else "placing"

    def to_act(self) -> tuple[int, ...]:
        turn = self.turn
        if turn is not None:  # placing (a finished game has no turn)
            return (turn,)
        if self.finished:
            return ()
        if len(self.confirmed) < len(self.seats):
            return tuple(s for s in range(len(self.seats)) if self.groups[s] is None)
        return ()

    waiting_for = to_act  # Elios has no reactions: every seat that may act is waited for

    def lists_all_actions(self, seat: int) -> bool:
        """A grouping cannot be listed (E-5): tens of millions for one hand."""
        grouping = not self.finished and len(self.confirmed) < len(self.seats)
        return not (grouping and 0 <= seat < len(self.seats) and self.groups[seat] is None)

    # ----- placing (E-6) -----------------------------------------------------------------------------
    def placements(self, group: str) -> list[tuple[int, ...]]:
        """Every way to place `group` now: the stack for each beam, in the group's letter order (E-6,
        see sun.py). Cached until the sun changes: views, legal lists and the pass check all ask."""
        found = self._placement_cache.get(group)
        if found is None:
            found = self._placements(group)
            self._placement_cache[group] = found
        return found

    def _placements(self, group: str) -> list[tuple[int, ...]]:
        return _placements_on(self.stacks, self.discs, group, self.content.sun_order, self.content.joker.id)

    def _joker_rule(self) -> bool:
        """E-5: the first turn must place a group with a joker (only when the seat holds one)."""
        return self.first_turn

    def _has_joker(self, group: str) -> bool:
        return self.content.joker.id in group

    def _can_act(self, seat: int) -> bool:
        groups = self.groups[seat] or []
        if self._joker_rule():
            return any(self._has_joker(g) and self.placements(g) for g in groups)
        if self.discs < self.content.max_discs:  # the usual case, told first: a disc is always possible
            return True
        for group in groups:  # a plain loop: building a generator for a few groups costs more
            if len(group) > 1:
                return True
        return any(self.placements(g) for g in groups)

    # ----- the contract ------------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        cached = self._legal_cache.get(seat)  # kept only for a seat that may act, until the state changes
        if cached is not None:
            return list(cached)
        if self.finished or seat not in self.to_act():
            return []
        if self.turn is None:  # grouping
            actions = [Action("groups", (grouping_text(g),)) for g in _representatives(self.drawn[seat])]
        else:
            actions = self._turn_actions(seat)
        self._legal_cache[seat] = actions
        return list(actions)

    def _turn_actions(self, seat: int) -> list[Action]:
        """Every place (E-6), then a disc (E-7), then every split (E-8). The placements are `_placements`
        worked out in line from the heights (a turn lists them once; a test holds them to sun.py)."""
        groups = self.groups[seat] or []
        first = self._joker_rule()
        content = self.content
        sun_order, joker, discs = content.sun_order, content.joker.id, self.discs
        plans = _plans(sun_order, joker)
        heights = [len(stack) for stack in self.stacks]
        actions: list[Action] = []
        seat_plans = []
        for index, group in enumerate(groups):
            plan = plans.get(group) or _plan(plans, group, sun_order, joker)
            seat_plans.append(plan)
            if first and not plan.joker:
                continue
            head = plan.head
            if head < 0:  # a joker alone: any stack below the discs
                for i, height in enumerate(heights):
                    if height < discs:
                        actions.append(plan.places.get((index, (i,))) or plan.place(index, (i,)))
                continue
            height = heights[head]
            if height >= discs:
                continue
            for i in plan.rest:
                if heights[i] != height:
                    break
            else:
                coloured = plan.coloured
                if not plan.joker:
                    actions.append(plan.places.get((index, coloured)) or plan.place(index, coloured))
                    continue
                for i, other in enumerate(heights):
                    if other == height and i not in coloured:
                        stacks = plan.with_joker_on(i)
                        actions.append(plan.places.get((index, stacks)) or plan.place(index, stacks))
        if first:
            return actions
        if discs < content.max_discs:
            actions.append(DISC)
        for index, plan in enumerate(seat_plans):
            if len(plan.group) > 1:
                actions += plan.splits.get(index) or plan.split(index)
        return actions

    def _kept_legal(self, seat: int) -> Sequence[Action]:
        """What `legal_actions(seat)` listed since the state last changed: `advance` takes these objects
        without the checks, through the same rule code as `apply`."""
        return self._legal_cache.get(seat, ())

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.finished:
            return GAME_OVER
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            return msg("only the players act in Elios: nothing is left to chance after the draw")
        if action.verb not in VERBS:
            return msg("'{verb}' is not an Elios action; use groups, place, disc or split", verb=action.verb)
        if action.verb == "pass":
            return msg("you never pass by choice: the game passes for you when you can do nothing")
        if self.phase == "grouping":
            if action.verb != "groups":
                return msg("everyone groups their beams first; placing starts when all have confirmed")
            if self.groups[seat] is not None:
                return msg("you have already confirmed your groups")
            return self._grouping_problem(seat, action)
        if action.verb == "groups":
            return msg("the grouping is over: everyone has confirmed")
        if seat != self.turn:
            return msg("it is {name}'s turn, not yours", name=self.seats[self.turn].name)  # type: ignore[index]
        if self._joker_rule() and action.verb != "place":
            return msg("the first turn must place a group with a joker: no disc or split yet")
        if action.verb == "place":
            return self._place_problem(seat, action)
        if action.verb == "disc":
            if action.args:
                return msg("write just 'disc'")
            if self.discs >= self.content.max_discs:
                return msg("all {count} discs are in play", count=self.content.max_discs)
            return None
        return self._split_problem(seat, action)

    def _grouping_problem(self, seat: int, action: Action) -> str | None:
        if len(action.args) != 1 or not action.args[0]:
            return msg("write your groups as beam letters separated by '/', e.g. 'groups rgw/b/oy'")
        groups = parse_grouping(action.args[0])
        if _is_grouping_of(groups, self.held[seat]):  # the usual case, told quickly
            return None
        return grouping_problem(self.content, self.held[seat], groups)

    def _group_at(self, seat: int, text: str) -> tuple[int, str] | Message:
        """The group index `text` names and its letters, or a reason it names none."""
        groups = self.groups[seat] or []
        if not (text.isascii() and text.isdigit()) or (len(text) > 1 and text[0] == "0"):
            return msg("'{text}' is not a group number: groups are counted 0, 1, 2, …", text=text)
        index = int(text)
        if index >= len(groups):
            if not groups:
                return msg("you have no groups left")
            return msg("you have no group {index}: your groups are 0–{last}", index=index, last=len(groups) - 1) \
                if len(groups) > 1 else msg("you have no group {index}: your only group is 0", index=index)
        return index, groups[index]

    def _place_problem(self, seat: int, action: Action) -> str | None:
        if len(action.args) != 2:
            return msg("write a placement as 'place G P1,P2,…', e.g. 'place 0 2,5'")
        found = self._group_at(seat, action.args[0])
        if isinstance(found, str):
            return found
        index, group = found
        if self._joker_rule() and not self._has_joker(group):
            return msg("the first turn must place a group with a joker, and this group has none",
                       index=index, group=group)
        parts = action.args[1].split(",")
        count = len(self.stacks)
        stacks: list[int] = []
        for part in parts:
            if not (part.isascii() and part.isdigit()) or (len(part) > 1 and part[0] == "0"):
                return msg("'{text}' is not a stack number: the sun's stacks are 0–{last}", text=part, last=count - 1)
            if int(part) >= count:
                return msg("there is no stack {stack}: the sun's stacks are 0–{last}", stack=part, last=count - 1)
            stacks.append(int(part))
        if len(stacks) != len(group):
            beams = msg_n("{count} beam", "{count} beams", len(group))
            return msg_n("group {index} '{group}' has {beams} but you named {count} stack",
                         "group {index} '{group}' has {beams} but you named {count} stacks", len(stacks),
                         index=index, group=group, beams=beams)
        if len(set(stacks)) != len(stacks):
            twice = next(s for s in stacks if stacks.count(s) > 1)
            return msg("two beams cannot go on stack {stack}: each beam of a group goes on a stack of its own",
                       stack=twice)
        joker = self.content.joker.id
        for letter, stack in zip(group, stacks):
            if letter != joker and self.content.stack_of[letter] != stack:
                return msg("a {colour} beam goes only on the {colour} stack, not on the stack "
                           "for {other}", colour=colour_before_noun(self.content, letter), own=self.content.stack_of[letter],
                           stack=stack, other=colour_on_its_own(self.content, self.content.colours[stack].id))
        heights = [len(self.stacks[s]) for s in stacks]
        if len(set(heights)) > 1:
            listed = ", ".join(f"{s}: {h}" for s, h in zip(stacks, heights))
            return msg("the stacks have different heights: a group goes on stacks of one height",
                       heights=listed)
        if heights[0] + 1 > self.discs:
            if self.discs < self.content.max_discs:
                return msg("the beams would reach height {height}, above the discs (level {level}); add a "
                           "disc first", height=heights[0] + 1, level=self.discs)
            return msg("the beams would reach height {height}, above the discs (level {level})",
                       height=heights[0] + 1, level=self.discs)
        return None

    def _split_problem(self, seat: int, action: Action) -> str | None:
        if len(action.args) != 2 or action.args[1].count(SEPARATOR) != 1:
            return msg("write a split as 'split G A/B', e.g. 'split 1 rg/w'")
        found = self._group_at(seat, action.args[0])
        if isinstance(found, str):
            return found
        index, group = found
        if len(group) < 2:
            return msg("a single beam cannot be split: only a group of 2 or 3 can",
                       index=index, group=group)
        first, second = action.args[1].split(SEPARATOR)
        if not first or not second:
            return msg("both parts of a split need at least one beam")
        if sorted(first + second) != sorted(group) or len(set(first + second)) != len(first + second):
            return msg("'{split}' is not a split of group {index} '{group}': the two parts must hold exactly its "
                       "beams, each once", split=f"{first}/{second}", index=index, group=group)
        return None

    # ----- carrying out ------------------------------------------------------------------------------
    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        self._carry_out(seat, action, events)
        return events

    def _advance_legal(self, seat: int, action: Action) -> None:
        self._carry_out(seat, action, None)

    # The rule code below runs for `apply` and for `advance` alike: `events` is the list the events go
    # into, or None when nobody watches (`advance`), and then no event object is made at all.
    def _carry_out(self, seat: int, action: Action, events: list[Event] | None) -> None:
        self._legal_cache.clear()
        self._placement_cache.clear()
        if action.verb == "groups":
            self._confirm(seat, parse_grouping(action.args[0]), events)
            return
        self.first_turn = False
        self.passes = 0
        if action.verb == "place":
            index = int(action.args[0])
            stacks = tuple(int(p) for p in action.args[1].split(","))
            if self._place(seat, index, stacks, events):
                return
        elif action.verb == "disc":
            self.discs += 1
            if events is not None:
                events.append(Event("disc_added", seat, {"discs": self.discs,
                                                     "left": self.content.max_discs - self.discs}))
        else:
            index = int(action.args[0])
            first, second = action.args[1].split(SEPARATOR)
            groups = self.groups[seat]
            assert groups is not None
            groups[index:index + 1] = [first, second]
            if events is not None:
                events.append(Event("group_split", seat, {"group": index, "into": [first, second]}))
        self._next_turn(events)

    def _confirm(self, seat: int, groups: tuple[str, ...], events: list[Event] | None) -> None:
        """E-5: a confirmed grouping stays private until the last seat confirms; that seat starts."""
        self.groups[seat] = list(groups)
        order = len(self.confirmed)
        self.confirmed.append(seat)
        waiting = [s for s in range(len(self.seats)) if self.groups[s] is None]
        if events is not None:
            events.append(Event("grouping_confirmed", seat, {"order": order, "waiting": waiting},
                                {"groups": list(groups)}, private_to=seat))
        if waiting:
            return
        self.turn = seat
        self.first_turn = any(self._has_joker(g) for g in groups)
        if events is not None:
            events.append(Event("groupings_revealed", None, {"groups": [list(g or []) for g in self.groups],
                                                              "first_player": seat}))
        self._settle_turn(events)

    def _place(self, seat: int, index: int, stacks: tuple[int, ...], events: list[Event] | None) -> bool:
        """Put group `index` on `stacks`; True when that ended the game (E-12)."""
        groups = self.groups[seat]
        assert groups is not None
        group = groups.pop(index)
        for letter, stack in zip(group, stacks):
            self.stacks[stack] += letter
        held = self.held[seat]
        for letter in group:
            held = held.replace(letter, "", 1)
        self.held[seat] = held
        self.totals[seat] = len(held)
        if events is not None:
            events.append(Event("group_placed", seat, {"group": index, "beams": group, "stacks": list(stacks),
                                                       "height": len(self.stacks[stacks[0]]), "beams_left": len(held)}))
        if held:
            return False
        if not self.teams:
            self._end("win", [seat], events, last=seat)
            return True
        partner = (seat + 2) % len(self.seats)
        if not self.held[partner]:
            self._end("win", sorted((seat, partner)), events, last=seat)
            return True
        if events is not None:
            events.append(Event("player_out", seat, {"team": seat % 2}))
        return False

    def _next_turn(self, events: list[Event] | None) -> None:
        """E-10: clockwise to the next seat holding beams (skipped seats noted), then settle."""
        self.turn = self._next_holder(self.turn, events)  # type: ignore[arg-type]
        self._settle_turn(events)

    def _next_holder(self, seat: int, events: list[Event] | None) -> int:
        n = len(self.seats)
        for _ in range(n):
            seat = (seat + 1) % n
            if self.held[seat]:
                return seat
            if events is not None:
                events.append(Event("player_skipped", seat, {}))
        raise AssertionError("a game in progress always has a seat holding beams")

    def _settle_turn(self, events: list[Event] | None) -> None:
        """E-9, E-13: a seat that can do nothing passes by itself; when every seat holding beams has
        passed in a row, the game ends in a stalemate."""
        while not self._can_act(self.turn):  # type: ignore[arg-type]
            seat = self.turn
            assert seat is not None
            self.first_turn = False
            self.passes += 1
            if events is not None:
                events.append(Event("passed", seat, {"in_a_row": self.passes}))
            if self.passes >= sum(1 for h in self.held if h):
                self._stalemate(events)
                return
            self.turn = self._next_holder(seat, events)

    def _stalemate(self, events: list[Event] | None) -> None:
        left = [len(h) for h in self.held]
        if self.teams:
            team_beams = [left[0] + left[2], left[1] + left[3]]
            fewest = min(team_beams)
            winners = [s for s in range(len(left)) if team_beams[s % 2] == fewest]
        else:
            team_beams = None
            fewest = min(left)
            winners = [s for s, count in enumerate(left) if count == fewest]
        if events is not None:
            events.append(Event("stalemate", None, {"beams_left": left, "team_beams": team_beams,
                                                    "winners": winners}))
        self._end("stalemate", winners, events, last=None)

    def _end(self, reason: str, winners: list[int], events: list[Event] | None, last: int | None) -> None:
        if reason == "win" and events is not None:
            events.append(Event("game_won", None, {"winners": list(winners),
                                                   "team": winners[0] % 2 if self.teams else None, "seat": last}))
        self.end = reason
        self.turn = None
        self.first_turn = False
        self.totals = [len(h) for h in self.held]
        ended = self._end_round(list(self.totals))
        finished = self._finish(winners)
        if events is not None:
            events.append(Event(ended.kind, ended.seat, {**ended.data, "reason": reason}))
            events.append(Event(finished.kind, finished.seat, {**finished.data, "reason": reason}))

    # ----- views ------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> EliosView:
        n = len(self.seats)
        revealed = len(self.confirmed) == n
        groups = tuple(
            tuple(g) if g is not None and (revealed or s == seat) else None for s, g in enumerate(self.groups))
        placeable: tuple[int, ...] = ()
        if seat is not None and seat == self.turn and not self.finished:
            first = self._joker_rule()
            placeable = tuple(i for i, g in enumerate(self.groups[seat] or [])
                              if (not first or self._has_joker(g)) and self.placements(g))
        return EliosView(
            seat=seat,
            names=tuple(s.name for s in self.seats),
            teams=tuple(self._team_list()) if self.teams else None,  # type: ignore[arg-type]
            colours=self.content.sun_order,
            joker=self.content.joker.id,
            phase=self.phase,
            stacks=tuple(self.stacks),
            discs=self.discs,
            max_discs=self.content.max_discs,
            drawn=self.drawn,
            beams=tuple(tuple(h) for h in self.held),
            groups=groups,
            confirmed=tuple(self.confirmed),
            turn=self.turn,
            first_player=self.confirmed[-1] if revealed else None,
            first_turn=self.first_turn,
            passes=self.passes,
            placeable=placeable,
            beams_left=tuple(len(h) for h in self.held),
            totals=tuple(self.totals),
            finished=self.finished,
            winners=self.winners,
            end=self.end,
        )

    # ----- positions ---------------------------------------------------------------------------------
    def _position_now(self) -> dict[str, Any]:
        """Elios's `now` (the base `position()` adds the record's keys; `EliosGame.from_position` rebuilds it)."""
        return {
            "beams": [list(h) for h in self.held],
            "discs": self.discs,
            "stacks": [list(s) for s in self.stacks],
            "groups": [None if g is None else list(g) for g in self.groups],
            "confirmed": list(self.confirmed),
            "turn": self.turn,
            "first_turn": self.first_turn,
            "passes": self.passes,
            "end": self.end,
        }

    @classmethod
    def from_position(cls, game: "EliosGame", position: Mapping[str, Any]) -> "EliosState":
        """The state a `position()` describes, checked like a record setup (ValueError saying what is wrong)."""
        if not isinstance(position, Mapping) or sorted(position) != sorted(POSITION_KEYS):
            raise ValueError(f"a position needs exactly the keys {', '.join(POSITION_KEYS)}")
        if position["game"] != cls.game_id:
            raise ValueError(f"the position is for game {position['game']!r}, not {cls.game_id!r}")
        seats_json = position["seats"]
        if not isinstance(seats_json, list) or not all(
                isinstance(s, Mapping) and isinstance(s.get("name"), str) and isinstance(s.get("controller"), str)
                for s in seats_json):
            raise ValueError("seats must be a list of {name, controller}")
        seats = [SeatInfo(s["name"], s["controller"]) for s in seats_json]
        options = game.normalize_options(position["options"])
        if options != position["options"]:
            raise ValueError(f"options must list every option with its value: {options}")
        if not isinstance(position["seed"], int) or isinstance(position["seed"], bool):
            raise ValueError("seed must be a whole number")
        rounds = position["rounds"]
        if not isinstance(rounds, list) or len(rounds) != 1 or not isinstance(rounds[0], Mapping) \
                or sorted(rounds[0]) != ["actions", "score", "setup"]:
            raise ValueError("rounds must hold Elios's one round as {setup, actions, score}")
        log = rounds[0]
        if not isinstance(log["actions"], list) or not all(
                isinstance(a, list) and len(a) == 2 and isinstance(a[0], int) and isinstance(a[1], str)
                for a in log["actions"]):
            raise ValueError("rounds[0].actions must be a list of [seat, \"action\"]")
        state = cls(game, seats, options, position["seed"], setups=[log["setup"]])
        state._restore(position["now"])
        score = log["score"]
        if score is not None and (position["finished"] is not True or score != state.totals):
            raise ValueError("rounds[0].score is set only when the game is over, to the beams left per seat")
        if list(position["totals"]) != state.totals:
            raise ValueError(f"totals must be the beams left per seat: {state.totals}")
        if position["finished"] is not (state.end is not None):
            raise ValueError("finished must be true exactly when now.end names how the game ended")
        if state.end is not None:
            expected = state._winners_now()
            if list(position["winners"]) != expected:
                raise ValueError(f"winners must be {expected} for this end")
            state.winners, state.finished = tuple(expected), True
        elif position["winners"] != []:
            raise ValueError("winners must be [] while the game goes on")
        state.rounds = [RoundLog(setup=copy.deepcopy(dict(log["setup"])), actions=[list(a) for a in log["actions"]],
                                 score=None if score is None else list(score))]
        return state

    def _winners_now(self) -> list[int]:
        left = [len(h) for h in self.held]
        if self.end == "win":
            if self.teams:
                return [s for s in range(len(left)) if left[s] == 0 and left[(s + 2) % 4] == 0]
            return [s for s, count in enumerate(left) if count == 0]
        if self.teams:
            team = [left[0] + left[2], left[1] + left[3]]
            return [s for s in range(len(left)) if team[s % 2] == min(team)]
        return [s for s, count in enumerate(left) if count == min(left)]

    def _restore(self, now: Any) -> None:
        """Take the mid-game part of a position, after checking it could arise under the rules."""
        content = self.content
        n = len(self.seats)
        if not isinstance(now, Mapping) or sorted(now) != sorted(NOW_KEYS):
            raise ValueError(f"now needs exactly the keys {', '.join(NOW_KEYS)}")
        discs = now["discs"]
        if not isinstance(discs, int) or isinstance(discs, bool) or not content.start_discs <= discs <= content.max_discs:
            raise ValueError(f"now.discs must be {content.start_discs}..{content.max_discs} (E-2, E-7)")
        stacks = now["stacks"]
        if not isinstance(stacks, list) or len(stacks) != len(content.colours):
            raise ValueError(f"now.stacks must hold the sun's {len(content.colours)} stacks")
        for index, stack in enumerate(stacks):
            colour = content.colours[index]
            if not isinstance(stack, list) or not stack or stack[0] != colour.id:
                raise ValueError(f"stack {index} must start with its {colour.name.lower()} beam (E-3)")
            if any(b not in (colour.id, content.joker.id) for b in stack):
                raise ValueError(f"stack {index} may hold only {colour.name.lower()} beams and jokers (E-6)")
            if len(stack) > discs:
                raise ValueError(f"stack {index} is {len(stack)} high, above the discs ({discs}) (E-6)")
        held = now["beams"]
        if not isinstance(held, list) or len(held) != n or not all(
                isinstance(h, list) and all(isinstance(b, str) and len(b) == 1 and b in content.letters for b in h)
                for h in held):
            raise ValueError(f"now.beams must hold one list of beam letters per seat ({n})")
        for seat, beams in enumerate(held):
            extra = Counter(beams) - Counter(self.drawn[seat])
            if extra:
                raise ValueError(f"seat {seat} holds beams it never drew: {''.join(sorted(extra.elements()))}")
            if beams != list(canonical_group("".join(beams), content.letters)):
                raise ValueError(f"seat {seat}'s beams must be in canonical order (sun order, jokers last)")
        before = Counter(b for beams in self.drawn for b in beams) + Counter(c.id for c in content.colours)
        after = Counter(b for beams in held for b in beams) + Counter(b for stack in stacks for b in stack)
        if before != after:
            lost, found = before - after, after - before
            raise ValueError(f"beams are not conserved: missing {''.join(sorted(lost.elements())) or 'none'}, "
                             f"extra {''.join(sorted(found.elements())) or 'none'}")
        confirmed = now["confirmed"]
        if not isinstance(confirmed, list) or len(set(confirmed)) != len(confirmed) or not all(
                isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n for s in confirmed):
            raise ValueError(f"now.confirmed must list different seats 0..{n - 1} in the order they confirmed")
        groups = now["groups"]
        if not isinstance(groups, list) or len(groups) != n:
            raise ValueError(f"now.groups must hold one entry per seat ({n})")
        for seat, seat_groups in enumerate(groups):
            if (seat_groups is None) != (seat not in confirmed):
                raise ValueError(f"seat {seat} has groups exactly when it has confirmed them (now.confirmed)")
            if seat_groups is None:
                continue
            if not isinstance(seat_groups, list) or not all(isinstance(g, str) for g in seat_groups):
                raise ValueError(f"seat {seat}'s groups must be a list of texts")
            problem = grouping_problem(content, held[seat], seat_groups)
            if problem:
                raise ValueError(f"seat {seat}'s groups: {problem}")
        turn, first_turn, passes, end = now["turn"], now["first_turn"], now["passes"], now["end"]
        if not isinstance(first_turn, bool) or not isinstance(passes, int) or isinstance(passes, bool) or passes < 0:
            raise ValueError("now.first_turn must be true or false and now.passes a whole number ≥ 0")
        untouched = discs == content.start_discs and stacks == [[c.id] for c in content.colours]
        if len(confirmed) < n:
            if turn is not None or first_turn or passes or end is not None or not untouched:
                raise ValueError("while seats are still grouping nobody has a turn and nothing is on the sun yet (E-5)")
        elif end is not None:
            if end not in ("win", "stalemate") or turn is not None or first_turn:
                raise ValueError("a finished game's now.end is win or stalemate, with no turn")
            if end == "win" and not any(not h for h in held):
                raise ValueError("a won game has a side with no beams left (E-12)")
        else:
            if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < n or not held[turn]:
                raise ValueError("now.turn must be a seat that still holds beams (E-10)")
            if first_turn and (turn != confirmed[-1] or not untouched):
                raise ValueError("only the last seat to confirm has a first turn, before anything is placed (E-5)")
            if passes >= sum(1 for h in held if h):
                raise ValueError("so many passes in a row would have ended the game (E-13)")
        self.held = ["".join(h) for h in held]
        self.stacks = ["".join(s) for s in stacks]
        self.discs = discs
        self.groups = [None if g is None else list(g) for g in groups]
        self.confirmed = list(confirmed)
        self.turn, self.first_turn, self.passes, self.end = turn, first_turn, passes, end
        self.totals = [len(h) for h in self.held]
        self._legal_cache.clear()
        self._placement_cache.clear()
        if self.phase == "placing" and end is None and not self._can_act(turn):
            raise ValueError(f"seat {turn} can do nothing here: the game would already have passed for it (E-9)")
