"""Elios, the plain way (rules/elios.md, E-1..E-13): a reference for the engine benchmark.

Moves are `Move(verb, args)` named tuples listed in the engine's order: every placement of every
group, then a disc, then every split. `advance` carries out a listed move without checking it;
`play_text` (for replays) checks a record's text first (a grouping against the seat's beams, any
other move against the legal list). Records: the same setup, action texts and score as the engine.
"""
from __future__ import annotations

import random
from typing import Any

from game.elios.grouping import representative_groupings
from game.plainref.tamoul import Move

JOKER = "w"


class PlainElios:
    """One game: `stacks` the beams on each sun stack, `held` each seat's beams, `groups` their groups."""

    def __init__(self, sun: str, players: int, seed: int, beams: int, jokers: int, per_colour: int = 5,
                 discs: int = 2, max_discs: int = 9, setup: dict[str, Any] | None = None) -> None:
        self.sun, self.n, self.seed = sun, players, seed
        self.order = sun + JOKER
        self.max_discs = max_discs
        if setup is None:
            bag = [c for c in sun for _ in range(per_colour - 1)]
            random.Random(f"olympus/{seed}/0").shuffle(bag)
            hands = [self.canonical(bag[p * beams:(p + 1) * beams] + [JOKER] * jokers) for p in range(players)]
            setup = {"beams": [list(h) for h in hands], "discs": discs}
        else:
            drawn = "".join("".join(b) for b in setup["beams"])
            if setup["discs"] != discs or len(setup["beams"]) != players \
                    or any(len(b) != beams + jokers or b.count(JOKER) != jokers for b in setup["beams"]) \
                    or any(c not in self.order for c in drawn) or any(drawn.count(c) >= per_colour for c in sun):
                raise ValueError("not a draw from this bag (E-2..E-4)")
        self.rounds = [{"setup": setup, "actions": [], "score": None}]
        self.held = ["".join(beams) for beams in setup["beams"]]
        self.stacks = [[c] for c in sun]
        self.discs = setup["discs"]
        self.groups: list[list[str] | None] = [None] * players
        self.confirmed: list[int] = []
        self.turn: int | None = None
        self.first_turn = False
        self.passes = 0
        self.finished = False
        self.winners: list[int] = []
        self.totals = [len(h) for h in self.held]

    def canonical(self, letters: Any) -> str:
        return "".join(sorted(letters, key=self.order.index))

    # ----- who acts -----
    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        if len(self.confirmed) < self.n:
            return tuple(p for p in range(self.n) if self.groups[p] is None)
        return (self.turn,)

    waiting_for = to_act

    # ----- legal moves (E-5..E-8) -----
    def placements(self, group: str) -> list[tuple[int, ...]]:
        heights = [len(s) for s in self.stacks]
        coloured = [self.sun.index(c) for c in group if c != JOKER]
        if not coloured:
            return [(i,) for i in range(8) if heights[i] < self.discs]
        h = heights[coloured[0]]
        if h + 1 > self.discs or any(heights[i] != h for i in coloured):
            return []
        if len(coloured) == len(group):
            return [tuple(coloured)]
        return [tuple(coloured) + (i,) for i in range(8) if heights[i] == h and i not in coloured]

    def splits(self, group: str) -> list[str]:
        found = []
        for mask in range(1, (1 << len(group)) - 1):
            part = "".join(group[i] for i in range(len(group)) if mask >> i & 1)
            rest = "".join(group[i] for i in range(len(group)) if not mask >> i & 1)
            found.append(f"{part}/{rest}")
        return found

    def legal_actions(self, seat: int) -> list[Move]:
        if self.finished or seat not in self.to_act():
            return []
        if len(self.confirmed) < self.n:
            # far too many groupings to list: a few stand for all, the engine's own (grouping.py's builder)
            return [Move("groups", ("/".join(g),)) for g in representative_groupings(self.held[seat])]
        moves = []
        groups = self.groups[seat]
        for g, group in enumerate(groups):
            if self.first_turn and JOKER not in group:
                continue
            for stacks in self.placements(group):
                moves.append(Move("place", (str(g), ",".join(map(str, stacks)))))
        if self.first_turn:
            return moves
        if self.discs < self.max_discs:
            moves.append(Move("disc"))
        for g, group in enumerate(groups):
            if len(group) > 1:
                moves += [Move("split", (str(g), text)) for text in self.splits(group)]
        return moves

    def can_act(self, seat: int) -> bool:
        groups = self.groups[seat]
        if self.first_turn:
            return any(JOKER in g and self.placements(g) for g in groups)
        if self.discs < self.max_discs or any(len(g) > 1 for g in groups):
            return True
        return any(self.placements(g) for g in groups)

    def grouping_ok(self, seat: int, text: str) -> bool:
        groups = text.split("/")
        return all(1 <= len(g) <= 3 and len(set(g)) == len(g) for g in groups) \
            and sorted("".join(groups)) == sorted(self.held[seat])

    # ----- carrying out -----
    def play_text(self, seat: int, text: str) -> None:
        """A record's action: refused (ValueError) unless it is legal now."""
        verb, _, rest = text.partition(" ")
        if verb == "groups" and len(self.confirmed) < self.n and self.groups[seat] is None \
                and self.grouping_ok(seat, rest):
            self.advance(seat, Move("groups", (rest,)))
            return
        for move in self.legal_actions(seat):
            if move.verb != "groups" and move.text == text:
                self.advance(seat, move)
                return
        raise ValueError(f"[{seat}, {text!r}] is not legal here")

    def advance(self, seat: int, move: Move | str) -> None:
        """A listed move, carried out; a text (a grouping a player wrote) is checked first."""
        if move.__class__ is str:
            self.play_text(seat, move)  # type: ignore[arg-type]
            return
        self.rounds[0]["actions"].append([seat, move.text])
        verb, args = move
        if verb == "groups":
            self.groups[seat] = [self.canonical(g) for g in args[0].split("/")]
            self.confirmed.append(seat)
            if len(self.confirmed) == self.n:  # E-5: the last to confirm starts, with a joker group
                self.turn = seat
                self.first_turn = any(JOKER in g for g in self.groups[seat])
                self.settle()
            return
        self.first_turn = False
        self.passes = 0
        if verb == "place":
            group = self.groups[seat].pop(int(args[0]))
            for letter, stack in zip(group, args[1].split(",")):
                self.stacks[int(stack)].append(letter)
                self.held[seat] = self.held[seat].replace(letter, "", 1)
            self.totals[seat] = len(self.held[seat])
            if not self.held[seat]:
                if self.n != 4:
                    return self.end([seat])
                partner = (seat + 2) % 4
                if not self.held[partner]:
                    return self.end(sorted((seat, partner)))
        elif verb == "disc":
            self.discs += 1
        else:
            g = int(args[0])
            self.groups[seat][g:g + 1] = args[1].split("/")
        self.turn = self.next_holder(self.turn)
        self.settle()

    def next_holder(self, seat: int) -> int:
        for _ in range(self.n):
            seat = (seat + 1) % self.n
            if self.held[seat]:
                return seat
        raise AssertionError("nobody holds beams")

    def settle(self) -> None:
        """E-9, E-13: a seat that can do nothing passes; when every holder passed in a row, stalemate."""
        while not self.can_act(self.turn):
            self.first_turn = False
            self.passes += 1
            if self.passes >= sum(1 for h in self.held if h):
                left = [len(h) for h in self.held]
                if self.n == 4:
                    team = [left[0] + left[2], left[1] + left[3]]
                    return self.end([p for p in range(4) if team[p % 2] == min(team)])
                return self.end([p for p in range(self.n) if left[p] == min(left)])
            self.turn = self.next_holder(self.turn)

    def end(self, winners: list[int]) -> None:
        self.totals = [len(h) for h in self.held]
        self.rounds[0]["score"] = list(self.totals)
        self.winners = sorted(winners)
        self.finished = True
        self.turn = None
