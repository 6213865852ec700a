"""Télos, the plain way (rules/telos.md, T-4..T-22): replays a record for the replay benchmark.

Only what a replay needs: each round starts from the record's setup (no dealing), and `play_text`
checks every entry against the rules before carrying it out (ValueError when it is not legal). The
Zeus cards' powers are hard-coded from the rules' table (advanced powers), none with basic powers.
"""
from __future__ import annotations

from typing import Any, Mapping

LOSING_TOTAL = 32    # T-20
ZEUS_LAST = 20       # T-18: a Zeus card in the last trick
MAX_LEAD_5_6 = 2     # T-8: with 5 or 6 players a multiple lead has at most two cards


def value(card: str) -> int | None:
    """A God card's value (`9a` -> 9); None for a Zeus card."""
    return None if card.startswith("Z:") else int(card[:-1])


class PlainTelos:
    def __init__(self, game: Any, record: Mapping[str, Any]) -> None:
        self.n = len(record["seats"])
        self.powers = record["options"]["powers"] == "advanced"
        self.divine = bool(record["options"]["divine_trick"])
        self.setups = [rnd["setup"] for rnd in record["rounds"]]
        sets = "abcdefgh"[:self.n + 2]  # T-1: five sets for three players, one more per player
        self.deck = {f"{v}{s}" for v in range(1, 14) for s in sets} | {
            "Z:ant", "Z:swan", "Z:bull", "Z:cuckoo", "Z:eagle", "Z:serpent"}
        self.totals = [0] * self.n
        self.rounds: list[dict[str, Any]] = []
        self.finished = False
        self.winners: list[int] = []
        self.start_round()

    def power(self, card: str) -> str:
        return card if self.powers and card.startswith("Z:") else ""

    def start_round(self) -> None:
        setup = self.setups[len(self.rounds)]
        hands, blind = setup["hands"], setup["blind"] or []
        cards = [c for h in hands for c in h] + blind + [c for s in setup["scores_before"] for c in s]
        if len(hands) != self.n or len({len(h) for h in hands}) != 1 or len(set(cards)) != len(cards) \
                or any(c not in self.deck for c in cards) or bool(blind) != self.divine:
            raise ValueError(f"round {len(self.rounds)}: not a deal of this deck (T-2, T-3)")
        self.rounds.append({"setup": setup, "actions": [], "score": None})
        self.hands = [list(h) for h in setup["hands"]]
        self.blind = list(setup["blind"]) if setup["blind"] is not None else None
        self.divine_used = [False] * self.n
        self.direction = setup["direction"]
        self.serpent = False
        self.first_trick = True
        self.start_trick((setup["dealer"] + self.direction) % self.n)

    def start_trick(self, leader: int) -> None:
        self.order = [(leader + i * self.direction) % self.n for i in range(self.n)]
        self.plays: list[tuple[int, list[str], list[int]]] = []  # (seat, cards, values)
        self.line: list[int] = []
        self.last = len(self.hands[leader]) == 1  # T-6

    # ----- checks -----
    def lead_ok(self, hand: list[str], cards: list[str]) -> bool:
        """T-7..T-9, T-15."""
        zeus = [c for c in cards if value(c) is None]
        gods = [c for c in cards if value(c) is not None]
        if len(cards) == 1:
            return not zeus or self.last or all(value(c) is None for c in hand)
        if self.last or self.first_trick or self.serpent or all(value(c) is None for c in hand):
            return False
        if not gods or len({value(c) for c in gods}) > 1 or any(self.power(z) != "Z:bull" for z in zeus):
            return False
        most = len(hand) - 1
        if self.n >= 5:
            most = min(most, MAX_LEAD_5_6)
        return len(cards) <= most

    def follow_ok(self, hand: list[str], cards: list[str]) -> bool:
        """T-10..T-14 (the last trick has no obligation)."""
        k = len(self.line)
        if len(cards) != k:
            return False
        if self.last:
            return True
        top = max(v for _, _, vs in self.plays for v in vs)  # T-11: what a Zeus card is worth now

        def reaches(play: list[str]) -> bool:
            values = sorted(top if value(c) is None else value(c) for c in play)
            return all(v >= need for v, need in zip(values, self.line))

        if reaches(cards):
            return True
        if k >= 2 and any(self.power(c) == "Z:ant" for c in cards):
            return True  # T-14
        best = sorted(top if value(c) is None else value(c) for c in hand)[-k:]
        if all(v >= need for v, need in zip(best, self.line)):
            return False  # they could reach the line, so they must
        gods = sorted(value(c) for c in hand if value(c) is not None)
        played = sorted(value(c) for c in cards if value(c) is not None)
        if len(gods) >= k:
            return played == gods[:k]  # the k lowest God cards
        return played == gods  # every God card, Zeus cards making up the rest

    # ----- carrying out -----
    def play_text(self, seat: int, text: str) -> None:
        if self.finished or seat != self.order[len(self.plays)]:
            raise ValueError(f"[{seat}, {text!r}]: it is not that seat's turn")
        verb, _, rest = text.partition(" ")
        hand = self.hands[seat]
        if verb == "divine":
            if not self.divine or self.divine_used[seat] or rest not in hand:
                raise ValueError(f"[{seat}, {text!r}] is not legal here")
            self.rounds[-1]["actions"].append([seat, text])
            hand[hand.index(rest)] = self.blind[seat]  # type: ignore[index]
            self.blind[seat] = rest  # type: ignore[index]
            self.divine_used[seat] = True
            return
        cards = rest.split(",")
        if verb != "play" or not rest or any(cards.count(c) > hand.count(c) for c in cards) \
                or not (self.follow_ok(hand, cards) if self.plays else self.lead_ok(hand, cards)):
            raise ValueError(f"[{seat}, {text!r}] is not legal here")
        self.rounds[-1]["actions"].append([seat, text])
        for card in cards:
            hand.remove(card)
        if self.last:
            values = [ZEUS_LAST if value(c) is None else value(c) for c in cards]
        elif not self.plays:
            gods = [value(c) for c in cards if value(c) is not None]
            values = [(gods[0] if gods else 0) if value(c) is None else value(c) for c in cards]  # T-9, T-15
        else:
            top = max(v for _, _, vs in self.plays for v in vs)
            values = [top if value(c) is None else value(c) for c in cards]  # T-11
        self.line = sorted(values) if not self.plays else [max(a, b) for a, b in zip(self.line, sorted(values))]
        self.plays.append((seat, cards, values))
        for card in cards:
            if self.power(card) == "Z:swan":
                self.direction = -self.direction  # T-17: from the next trick on, also into the next round
            elif self.power(card) == "Z:serpent" and not self.last:
                self.serpent = True
        if len(self.plays) == self.n:
            self.finish_trick()

    def finish_trick(self) -> None:
        """T-13, T-16: the highest card wins (ties: played last); Eagle or Cuckoo may name the next leader."""
        winner, card_won, best, lowest, low = -1, "", -1, -1, 10 ** 6
        leads_next = None
        for seat, cards, values in self.plays:
            for card, v in zip(cards, values):
                if v >= best:
                    winner, card_won, best = seat, card, v
                if v <= low:
                    lowest, low = seat, v
            powers = {self.power(c) for c in cards}
            if "Z:cuckoo" in powers:
                leads_next = "lowest"
            if "Z:eagle" in powers:
                leads_next = seat
        if self.last:
            self.score(winner, card_won, best)
            return
        self.first_trick = False
        if leads_next is None:
            self.start_trick(winner)
        else:
            self.start_trick(lowest if leads_next == "lowest" else leads_next)

    def score(self, winner: int, card: str, points: int) -> None:
        """T-19, T-20: the winning card scores; 32 or more loses and ends the game."""
        self.totals[winner] += points
        self.rounds[-1]["score"] = [points if s == winner else 0 for s in range(self.n)]
        if self.totals[winner] >= LOSING_TOTAL:
            self.finished = True
            self.winners = [s for s in range(self.n) if s != winner]
        elif len(self.rounds) < len(self.setups):
            self.start_round()
        else:
            self.order = [-1] * self.n  # the record holds no more deals: the replay stops here
            self.plays = []
