"""Tamoul, the plain way (rules/tamoul.md, A-1..A-17): a reference for the engine benchmark.

Moves are `Move(verb, args)` named tuples listed in the engine's order. `advance` carries out a move
taken from `legal_actions` without checking it; `play_text` (for replays) checks a record's text
against the legal list first. Records: the same round setups, action texts and scores as the engine.
"""
from __future__ import annotations

import random
from typing import Any, NamedTuple

CHANCE = -1


class Move(NamedTuple):
    verb: str
    args: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return " ".join((self.verb,) + self.args)


class PlainTamoul:
    """One game: `slots[p][s]` card ids or None, `draw` top card last, `discard` top card last."""

    def __init__(self, cards: tuple[str, ...], value: dict[str, int], colour: dict[str, str],
                 actions: dict[int, tuple[str, ...]], players: int, seed: int, target: int = 50,
                 setups: list[dict[str, Any]] | None = None) -> None:
        self.cards, self.value, self.colour, self.card_actions = cards, value, colour, actions
        self.n, self.seed, self.target = players, seed, target
        self.setups = setups
        self.totals = [0] * players
        self.rounds: list[dict[str, Any]] = []
        self.finished = False
        self.winners: list[int] = []
        self.start_round(None)

    # ----- rounds (A-4..A-6, A-16, A-17) -----
    def start_round(self, first: int | None) -> None:
        r = len(self.rounds)
        if self.setups is not None and r < len(self.setups):
            given = self.setups[r]
            setup = {"first": given["first"], "slots": [list(row) for row in given["slots"]],
                     "draw_pile": list(given["draw_pile"])}
            dealt = [c for row in setup["slots"] for c in row if c is not None]
            if len(setup["slots"]) != self.n or any(len(row) != 8 or None in row[:4] for row in setup["slots"]) \
                    or sorted(dealt + setup["draw_pile"]) != sorted(self.cards) or len(dealt) != 4 * self.n:
                raise ValueError(f"round {r}: not a deal of this deck (A-1, A-4)")
        else:
            rng = random.Random(f"olympus/{self.seed}/{r}")
            if first is None:
                first = rng.randrange(self.n)
            deck = list(self.cards)
            rng.shuffle(deck)
            slots = [deck[p * 4:p * 4 + 4] + [None] * 4 for p in range(self.n)]
            setup = {"first": first, "slots": slots, "draw_pile": deck[self.n * 4:]}
        self.rounds.append({"setup": setup, "actions": [], "score": None})
        self.first = self.turn = setup["first"]
        self.slots = [list(row) for row in setup["slots"]]
        self.draw = setup["draw_pile"][::-1]
        self.discard: list[str] = []
        self.phase = "draw"
        self.pending: list[str] = []
        self.drawn: str | None = None
        self.drawn_from: str | None = None
        self.callers: list[int] = []
        self.attempts: list[int] = []
        self.reshuffle_due = False

    def end_round(self) -> None:
        score = []
        for p in range(self.n):
            total = sum(self.value[c] for c in self.slots[p] if c is not None)
            if p in self.callers:
                total = 0 if total <= 8 else total + 25
            score.append(total)
            self.totals[p] += total
        self.rounds[-1]["score"] = score
        if max(self.totals) >= self.target:
            self.finished = True
            low = min(self.totals)
            self.winners = [p for p in range(self.n) if self.totals[p] == low]
        else:
            self.start_round((self.first - 1) % self.n)

    # ----- who acts (A-12) -----
    def may_intercept(self, p: int) -> bool:
        if not self.discard or p in self.callers or p in self.attempts:
            return False
        count = 8 - self.slots[p].count(None)
        return 0 < count < 8

    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        if self.reshuffle_due:
            return (CHANCE,)
        return (self.turn,) + tuple(p for p in range(self.n) if p != self.turn and self.may_intercept(p))

    def waiting_for(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        return (CHANCE,) if self.reshuffle_due else (self.turn,)

    def chance_action(self) -> Move:
        cards = self.discard[:-1]
        random.Random(f"olympus/{self.seed}/{len(self.rounds) - 1}/chance/{len(self.rounds[-1]['actions'])}"
                      ).shuffle(cards)
        return Move("reshuffle", (",".join(cards),))

    # ----- legal moves (A-7..A-10, A-12) -----
    def targets(self, step: str) -> list[tuple[int, int]]:
        if step == "peek_own":
            return [(self.turn, s) for s in range(8) if self.slots[self.turn][s] is not None]
        return [(p, s) for p in range(self.n) if p not in self.callers and (step == "swap" or p != self.turn)
                for s in range(8) if self.slots[p][s] is not None]

    def legal_actions(self, seat: int) -> list[Move]:
        if self.finished:
            return []
        if self.reshuffle_due:
            return [self.chance_action()] if seat == CHANCE else []
        moves: list[Move] = []
        if seat == self.turn:
            row = self.slots[seat]
            has_cards = any(c is not None for c in row)
            if self.phase == "draw":
                moves.append(Move("draw", ("deck",)))
                if self.discard and has_cards:
                    moves.append(Move("draw", ("discard",)))
            elif self.phase == "hold":
                if has_cards:
                    moves += [Move("keep", (str(s),)) for s in range(8) if row[s] is not None]
                elif self.drawn_from == "discard":
                    moves += [Move("keep", (str(s),)) for s in range(8)]
                if self.drawn_from == "deck":
                    moves.append(Move("discard"))
            elif self.phase == "action":
                step = self.pending[0]
                places = self.targets(step)
                if step == "peek_own":
                    moves += [Move("peek", (str(s),)) for _, s in places]
                elif step == "peek_other":
                    moves += [Move("peek", (f"{p}.{s}",)) for p, s in places]
                else:
                    for i in range(len(places)):
                        for j in range(i + 1, len(places)):
                            a, b = places[i], places[j]
                            moves.append(Move("swap", (f"{a[0]}.{a[1]}", f"{b[0]}.{b[1]}")))
            else:
                moves += [Move("end"), Move("tamoul")]
        if 0 <= seat < self.n and self.may_intercept(seat):
            moves += [Move("intercept", (str(s),)) for s in range(8) if self.slots[seat][s] is not None]
        return moves

    # ----- carrying out -----
    def play_text(self, seat: int, text: str) -> None:
        """A record's action: refused (ValueError) unless it is one of the legal moves now."""
        for move in self.legal_actions(seat):
            if move.text == text:
                self.advance(seat, move)
                return
        raise ValueError(f"[{seat}, {text!r}] is not legal here")

    def advance(self, seat: int, move: Move) -> None:
        self.rounds[-1]["actions"].append([seat, move.text])
        verb, args = move
        if verb == "reshuffle":
            self.draw = args[0].split(",")[::-1]
            self.discard = self.discard[-1:]
            self.reshuffle_due = False
            return
        rounds_before = len(self.rounds)
        if verb == "intercept":
            self.intercept(seat, int(args[0]))
        elif verb == "draw":
            if args[0] == "deck":
                self.drawn = self.draw.pop()
            else:
                self.drawn = self.discard.pop()
                self.attempts = []
            self.drawn_from = args[0]
            self.phase = "hold"
            if args[0] == "deck":
                self.after_taking()
        elif verb == "keep":
            s = int(args[0])
            old = self.slots[seat][s]
            self.slots[seat][s] = self.drawn
            if old is not None:
                self.discard.append(old)
                self.attempts = []
            self.drawn = self.drawn_from = None
            self.phase = "end"
        elif verb == "discard":
            card = self.drawn
            self.discard.append(card)
            self.attempts = []
            self.drawn = self.drawn_from = None
            self.pending = list(self.card_actions.get(self.value[card], ()))
            self.phase = "action" if self.pending else "end"
        elif verb == "peek":
            self.pending.pop(0)
        elif verb == "swap":
            (p, s), (q, t) = (tuple(int(x) for x in a.split(".")) for a in args)
            self.slots[p][s], self.slots[q][t] = self.slots[q][t], self.slots[p][s]
            self.pending.pop(0)
        else:
            self.end_turn(seat, verb == "tamoul")
        if self.finished or len(self.rounds) != rounds_before:
            return
        while self.phase == "action" and not self.reshuffle_due:  # a step with no target is skipped
            if not self.pending:
                self.phase = "end"
            elif len(self.targets(self.pending[0])) < (2 if self.pending[0] == "swap" else 1):
                self.pending.pop(0)
            else:
                break

    def intercept(self, seat: int, s: int) -> None:
        card, top = self.slots[seat][s], self.discard[-1]
        if self.value[card] == self.value[top] and self.colour[card] == self.colour[top]:
            self.slots[seat][s] = None
            self.discard.append(card)
            self.attempts = []
            return
        self.attempts.append(seat)
        self.slots[seat][self.slots[seat].index(None)] = self.draw.pop()
        self.after_taking()

    def after_taking(self) -> None:
        """A-11: the draw pile is empty: reshuffle (a chance action) or, with nothing to shuffle, end."""
        if not self.draw:
            if len(self.discard) <= 1:
                self.end_round()
            else:
                self.reshuffle_due = True

    def end_turn(self, seat: int, call: bool) -> None:
        if call:
            self.callers.append(seat)
        nxt = (seat - 1) % self.n
        while self.callers:
            if nxt == self.callers[0]:
                self.end_round()
                return
            if nxt not in self.callers:
                break
            nxt = (nxt - 1) % self.n
        self.turn = nxt
        self.phase = "draw"
