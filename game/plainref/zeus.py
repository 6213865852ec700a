"""Zeus on the Loose, the plain way (rules/zeus.md, Z-1..Z-16): replays a record for the replay benchmark.

Only what a replay needs: each round starts from the record's setup (no dealing), and `play_text`
checks every entry against the rules before carrying it out (ValueError when it is not legal). Gods
hard-coded from the rules' table; round scores, totals (round wins) and winners as the engine keeps them.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

LETTERS = 4  # Z-E-U-S
STEALS = {"Aphrodite", "Apollo", "Ares", "Artemis", "Hera", "Poseidon"}
DECK = Counter({**{str(v): 4 for v in range(1, 11)}, "Poseidon": 4, "Ares": 3, "Athena": 3, "Hermes": 3,
                "Aphrodite": 2, "Apollo": 2, "Artemis": 2, "Hera": 1})


def god_total(god: str, total: int) -> int:
    """Z-5: what a god card makes of the total."""
    if god == "Aphrodite":
        return (total + 5) // 10 * 10
    if god == "Ares":
        return 50
    if god == "Hera":
        return 99
    if god == "Poseidon":
        return max(0, total - 10)
    if god == "Hermes":
        if total % 10 == 0:
            return total
        return total * 10 if total < 10 else int(str(total)[::-1])
    return total  # Apollo, Artemis, Athena


class PlainZeus:
    def __init__(self, players: int, options: dict[str, Any], setups: list[dict[str, Any]]) -> None:
        self.n = players
        self.sneaks = bool(options.get("sneak")) and players > 2
        self.manual = bool(options.get("manual_draw"))
        self.setups = setups
        self.totals = [0] * players
        self.rounds: list[dict[str, Any]] = []
        self.finished = False
        self.winners: list[int] = []
        self.start_round()

    def start_round(self) -> None:
        setup = self.setups[len(self.rounds)]
        hands = setup["hands"]
        if len(hands) != self.n or any(len(h) != 4 for h in hands) or setup["first"] != (setup["dealer"] + 1) % self.n \
                or Counter([c for h in hands for c in h] + setup["draw_pile"]) != DECK:
            raise ValueError(f"round {len(self.rounds)}: not a deal of this deck (Z-1, Z-2)")
        self.rounds.append({"setup": setup, "actions": [], "score": None})
        self.hands = [list(h) for h in setup["hands"]]
        self.draw_pile = list(setup["draw_pile"])
        self.turn = setup["first"]
        self.total = 0
        self.top: tuple[int, int] | None = None  # (number, seat) when a number card is on top
        self.holder: int | None = None
        self.owes_draw: int | None = None

    def match(self, seat: int, card: str) -> bool:
        return card.isdigit() and self.top is not None and self.top[0] == int(card) and self.top[1] != seat

    def after(self, card: str) -> int:
        return self.total + int(card) if card.isdigit() else god_total(card, self.total)

    def can_play(self, seat: int, card: str) -> bool:
        """Z-7: the total stays at most 100, or the card matches an opponent's number on top."""
        return self.after(card) <= 100 or self.match(seat, card)

    def play_text(self, seat: int, text: str) -> None:
        if self.finished or self.turn < 0:
            raise ValueError("the game is over, or its next deal is not in the record")
        verb, _, card = text.partition(" ")
        if verb == "draw" and not card and self.manual and seat == self.owes_draw and self.draw_pile:
            self.rounds[-1]["actions"].append([seat, text])
            self.hands[seat].append(self.draw_pile.pop(0))
            self.owes_draw = None
            return
        if verb == "play" and seat == self.turn and card in self.hands[seat] and self.can_play(seat, card):
            sneak = False
        elif verb == "sneak" and self.sneaks and seat != self.turn and card in self.hands[seat] \
                and card.isdigit() and self.top is not None and self.top[0] == int(card) and self.top[1] != seat:
            sneak = True
        else:
            raise ValueError(f"[{seat}, {text!r}] is not legal here")
        self.rounds[-1]["actions"].append([seat, text])
        self.owes_draw = None  # Z-15: a draw not taken before the next card is lost
        match = self.match(seat, card)
        before, after = self.total, self.after(card)
        self.total = after
        self.hands[seat].remove(card)
        self.top = (int(card), seat) if card.isdigit() else None
        if sneak or match or card in STEALS or (after != before and after % 10 == 0 and after > 0):
            self.holder = seat  # Z-6, Z-10
        if (after == 100 and not sneak) or (after >= 100 and (match or sneak)):
            self.end_round()  # Z-11, Z-12
            return
        if not self.draw_pile:
            self.end_round()  # Z-13
            return
        if self.manual:
            self.owes_draw = seat
        else:
            self.hands[seat].append(self.draw_pile.pop(0))
        self.turn = (seat + (2 if card == "Athena" else 1)) % self.n
        if not any(self.can_play(self.turn, c) for c in self.hands[self.turn]):
            self.end_round()  # Z-8

    def end_round(self) -> None:
        winner = self.holder
        self.owes_draw = None
        if winner is None:  # Z-14: void, dealt again
            self.rounds[-1]["score"] = [0] * self.n
            self.start_round()
            return
        self.totals[winner] += 1
        self.rounds[-1]["score"] = [1 if s == winner else 0 for s in range(self.n)]
        if self.totals[winner] >= LETTERS:
            self.finished = True
            self.winners = [winner]
        elif len(self.rounds) < len(self.setups):
            self.start_round()
        else:
            self.turn = -1  # the record holds no more deals: the replay stops here
