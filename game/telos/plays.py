"""Which plays the rules allow: leads (T-7..T-9, T-15) and follows (T-10..T-14), as pure functions.

Listing choice (documented in docs/rules/telos.md): God cards of one value are interchangeable under
the rules (a set only tells cards apart by id), so the listings hold every distinct legal play up to
that choice — one play per multiset of God-card values and set of Zeus cards, using the God cards
that come first in canonical order. Checks (`lead_problem`, `follow_problem`) accept every equivalent
choice of sets. This keeps a 20-card hand's Ant follows in the thousands, not the tens of thousands.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Mapping, Sequence

from game.core.messages import Message, msg, msg_n, msg_p
from game.telos.cards import ZEUS_PREFIX, canonical, card_sort_key, is_zeus
from game.telos.powers import PLAIN, ZeusBehaviour

TOO_MANY = msg("too many cards for one lead")
# A count in words, as in 'play exactly two cards' (the context is a literal: the catalog tool reads it).
NUMBER_WORDS = (
    msg_p("Télos: a count in words", "no"),
    msg_p("Télos: a count in words", "one"),
    msg_p("Télos: a count in words", "two"),
    msg_p("Télos: a count in words", "three"),
    msg_p("Télos: a count in words", "four"),
    msg_p("Télos: a count in words", "five"),
    msg_p("Télos: a count in words", "six"),
    msg_p("Télos: a count in words", "seven"),
    msg_p("Télos: a count in words", "eight"),
    msg_p("Télos: a count in words", "nine"),
    msg_p("Télos: a count in words", "ten"),
)


def number_word(n: int) -> Message | str:
    """A count in words ("two", translated where it is shown); past ten, the digits."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


ZEUS_CANNOT_LEAD = msg("a Zeus card cannot lead before the last trick")
ONE_CARD_EACH = msg("the last trick is played one card each")


def line_text(line: Sequence[int]) -> str:
    """`7, 8 or 12`-style text of a table line, as players read it."""
    return ", ".join(str(v) for v in line)


@dataclass(frozen=True)
class PlayRules:
    """The per-game facts the play checks need: card values and the Zeus cards' behaviours."""

    value_of: Mapping[str, int]                 # God card id -> value
    behaviours: Mapping[str, ZeusBehaviour]     # Zeus card id -> behaviour (PLAIN in basic rules)

    def __post_init__(self) -> None:
        # Each God card's place in canonical order: sorting by a small number is quicker than by
        # `card_sort_key`, and legal plays are listed before nearly every action.
        ranks = {card: i for i, card in enumerate(sorted(self.value_of, key=card_sort_key))}
        object.__setattr__(self, "_god_ranks", ranks)
        # `value_of` as a plain dict, for the hot paths (a read-only mapping answers more slowly)
        object.__setattr__(self, "god_value", dict(self.value_of))
        # Every card's place in canonical order, Zeus cards (by id) after the God cards: plays of one
        # size sort by these numbers exactly as by `card_sort_key`, and much quicker.
        zeus_ranks = {card: len(ranks) + i for i, card in enumerate(sorted(self.behaviours))}
        object.__setattr__(self, "_ranks", {**ranks, **zeus_ranks})
        # Whether an Eagle or Cuckoo (T-16, T-17) is in play at all: without one no trick needs the check.
        object.__setattr__(self, "picks_next_leader", any(b.next_leader for b in self.behaviours.values()))

    def behaviour(self, card: str) -> ZeusBehaviour:
        return self.behaviours.get(card, PLAIN)

    # ----- shared pieces -------------------------------------------------------------------------
    def groups(self, cards: Sequence[str]) -> list[tuple[int, list[str]]]:
        """God cards grouped by value, ascending; each group in canonical order."""
        ranks: dict[str, int] = self._god_ranks  # type: ignore[attr-defined]
        value_of = self.god_value  # type: ignore[attr-defined]
        found: list[tuple[int, list[str]]] = []
        last = None
        # Canonical order is by value first, so the groups come out ascending.
        for card in sorted([c for c in cards if c in ranks], key=ranks.__getitem__):
            value = value_of[card]
            if value == last:
                found[-1][1].append(card)
            else:
                found.append((value, [card]))
                last = value
        return found

    def hand_groups(self, hand: Sequence[str]) -> list[tuple[int, list[str]]]:
        """`groups` of a hand already in canonical order (as a state keeps it): one pass, no sort."""
        value_of: dict[str, int] = self.god_value  # type: ignore[attr-defined]
        found: list[tuple[int, list[str]]] = []
        last = None
        for card in hand:
            value = value_of.get(card)
            if value is None:  # the Zeus cards come last
                break
            if value == last:
                found[-1][1].append(card)
            else:
                found.append((value, [card]))
                last = value
        return found

    def play_values(self, cards: Sequence[str], earlier_max: int) -> list[int]:
        """Values of a follow (T-11: a Zeus card takes the highest value played before it)."""
        value = self.value_of.get
        return [value(c, earlier_max) for c in cards]

    @staticmethod
    def reaches(values: Sequence[int], line: Sequence[int]) -> bool:
        """T-12: sorted ascending, each card is at least the line's card at the same position."""
        return all(v >= need for v, need in zip(sorted(values), line))

    def can_reach(self, hand: Sequence[str], line: Sequence[int], earlier_max: int) -> bool:
        """The k highest cards reach the line whenever any k cards do."""
        best = sorted(self.play_values(hand, earlier_max))[-len(line):]
        return len(best) == len(line) and self.reaches(best, line)

    def lowest_gods(self, hand: Sequence[str], k: int) -> list[str]:
        """The k lowest God cards (canonical choice among equal values)."""
        gods = [c for group in self.groups(hand) for c in group[1]]
        return gods[:k]

    # ----- following -----------------------------------------------------------------------------
    def free_follower(self, cards: Sequence[str], k: int) -> str | None:
        """An Ant among `cards` that frees a follow of k cards (advanced powers), else None."""
        for card in cards:
            start = self.behaviour(card).free_follow_from if is_zeus(card) else None
            if start is not None and k >= start:
                return card
        return None

    def follows(self, hand: Sequence[str], line: Sequence[int], earlier_max: int) -> list[tuple[str, ...]]:
        """Every legal follow of k = len(line) cards, one canonical choice per equivalent play.
        `hand` is in canonical order, as a state keeps it."""
        if len(line) == 1:  # most tricks: the same list, worked out without the general search
            return self._single_follows(hand, line[0], earlier_max)
        return self._any_follows(hand, line, earlier_max)

    def _single_follows(self, hand: Sequence[str], need: int, earlier_max: int) -> list[tuple[str, ...]]:
        """`_any_follows` for one card (a test holds them equal): the lowest card of each God value
        that reaches, and every Zeus card, when any card reaches; else the lowest God card (or any
        Zeus card when only they are left); an Ant that frees single follows is always allowed.

        `hand` is in canonical order (God cards by value, then Zeus cards), as a state keeps it, so
        one pass in hand order finds them already sorted: single follows are most of a game's plays."""
        value_of: dict[str, int] = self.god_value  # type: ignore[attr-defined]
        gods = len(hand)
        while gods and hand[gods - 1] not in value_of:  # the Zeus cards come last
            gods -= 1
        zeus = hand[gods:]
        if (gods and value_of[hand[gods - 1]] >= need) or (zeus and earlier_max >= need):
            found: list[tuple[str, ...]] = []
            last = None
            for card in hand[:gods]:
                value = value_of[card]
                if value >= need and value != last:
                    found.append((card,))
                    last = value
            return found + [(card,) for card in zeus]
        if not gods:
            return [(card,) for card in zeus]
        frees = [self.behaviour(ant).free_follow_from for ant in zeus]
        return [(hand[0],)] + [(ant,) for ant, start in zip(zeus, frees) if start is not None and start <= 1]

    def _any_follows(self, hand: Sequence[str], line: Sequence[int], earlier_max: int) -> list[tuple[str, ...]]:
        """`follows` for any k. A hand without Zeus cards (most hands) needs no search: the God-card
        multisets that reach are the plays, and `_multisets` lists those in order (a test holds this
        equal to `_search_follows`)."""
        k = len(line)
        value_of = self.god_value  # type: ignore[attr-defined]
        if all(map(value_of.__contains__, hand)):
            if self.can_reach(hand, line, earlier_max):
                return _multisets(self.hand_groups(hand), k, line)
            return [tuple(hand[:k])] if len(hand) >= k else []  # the k lowest: a canonical hand's first
        return self._search_follows(hand, line, earlier_max)

    def _search_follows(self, hand: Sequence[str], line: Sequence[int], earlier_max: int) -> list[tuple[str, ...]]:
        """`follows` for any k by a search over God-card multisets and Zeus-card choices."""
        k = len(line)
        value_of = self.god_value  # type: ignore[attr-defined]
        gods = [c for c in hand if c in value_of]
        zeus = list(canonical([c for c in hand if c not in value_of]))  # sorting only the few Zeus cards
        found: set[tuple[str, ...]] = set()
        # God parts come in canonical order and Zeus cards sort after every God card, so a God part
        # followed by Zeus cards taken in canonical order is already canonical: no sorting per play.
        if self.can_reach(hand, line, earlier_max):
            # Zeus cards are worth the line's top value, so they take the top positions (T-11, T-12).
            groups = self.hand_groups(gods)  # `gods` keeps the hand's canonical order
            for j in range(0, min(k, len(zeus)) + 1):
                need = k - j
                if need > len(gods):
                    continue
                god_parts = _multisets(groups, need, line[:need])
                for zeus_part in combinations(zeus, j):
                    found.update(god_part + zeus_part for god_part in god_parts)
        elif len(gods) >= k:
            found.add(canonical(self.lowest_gods(hand, k)))
        else:
            for zeus_part in combinations(zeus, k - len(gods)):
                found.add(canonical(gods + list(zeus_part)))
        for ant in zeus:
            start = self.behaviour(ant).free_follow_from
            if start is None or k < start:
                continue
            rest = [c for c in hand if c != ant]
            rest_zeus = [c for c in zeus if c != ant]
            groups = self.groups(rest)
            for j in range(0, min(k - 1, len(rest_zeus)) + 1):
                god_parts = _multisets(groups, k - 1 - j, None)
                for zeus_part in combinations(rest_zeus, j):
                    found.update(canonical(god_part + zeus_part + (ant,)) for god_part in god_parts)
        rank = self._ranks.__getitem__  # type: ignore[attr-defined]  # every card of this game has one
        return sorted(found, key=lambda play: tuple(map(rank, play)))  # all of k cards: `_play_order`

    def follow_problem(self, hand: Sequence[str], cards: Sequence[str], line: Sequence[int],
                       earlier_max: int) -> Message | None:
        """Why this follow breaks T-10..T-14, in a player's words; None when it is legal."""
        k = len(line)
        if len(cards) != k:
            return msg_n("you must play exactly {number} card, like the lead",
                         "you must play exactly {number} cards, like the lead", k, number=number_word(k))
        if self.reaches(self.play_values(cards, earlier_max), line):
            return None
        if self.free_follower(cards, k) is not None:
            return None
        if self.can_reach(hand, line, earlier_max):
            return msg("you must reach {line}", line=line_text(line))
        gods_in_hand = [c for c in hand if not is_zeus(c)]
        gods_played = [c for c in cards if not is_zeus(c)]
        lowest = msg("your lowest card") if k == 1 else msg("your {number} lowest", number=number_word(k))
        if len(gods_in_hand) >= k:
            wanted = sorted(self.value_of[c] for c in self.lowest_gods(hand, k))
            if len(gods_played) == k and sorted(self.value_of[c] for c in gods_played) == wanted:
                return None
            if len(gods_played) < k:
                return msg("you must reach {line} or play {lowest} (a Zeus card never counts as one of them)",
                           line=line_text(line), lowest=lowest)
        elif len(gods_played) == len(gods_in_hand):
            return None
        return msg("you must reach {line} or play {lowest}", line=line_text(line), lowest=lowest)

    # ----- leading -------------------------------------------------------------------------------
    def leads(self, hand: Sequence[str], max_k: int, last_trick: bool) -> list[tuple[str, ...]]:
        """Every legal lead; `max_k` is the largest multiple lead allowed now (1: none). Listed in
        `_play_order` (fewest cards first, then by cards), made in that order rather than sorted.
        `hand` is in canonical order, as a state keeps it."""
        if last_trick:
            return [(c,) for c in canonical(hand)]
        if max_k < 2:  # one card: the first of each God value, or (holding only Zeus cards) any Zeus card
            value_of: dict[str, int] = self.god_value  # type: ignore[attr-defined]
            singles: list[tuple[str, ...]] = []
            last = None
            for card in hand:
                value = value_of.get(card)
                if value is None:  # the Zeus cards come last
                    break
                if value != last:
                    singles.append((card,))
                    last = value
            return singles or [(z,) for z in hand]
        groups = self.hand_groups(hand)
        zeus = list(hand[sum(len(cards) for _, cards in groups):])  # after the God cards, in order
        if not groups:
            return [(z,) for z in zeus]
        plays: list[tuple[str, ...]] = [(cards[0],) for _, cards in groups]
        if max_k < 2:
            return plays
        joiners = [z for z in zeus if self.behaviour(z).joins_multiple_lead]
        # A play of `size` cards: a group's first `size` cards, then (a God card sorts before any
        # Zeus card) its first `size - 1` with each joiner, group by group in ascending value.
        longest = max(len(cards) for _, cards in groups) + (1 if joiners else 0)  # no play is longer
        for size in range(2, min(max_k, longest) + 1):
            for _, cards in groups:
                if size <= len(cards):
                    plays.append(tuple(cards[:size]))
                if joiners and size - 1 <= len(cards):
                    plays += [(*cards[:size - 1], joiner) for joiner in joiners]
        return plays

    def lead_problem(self, hand: Sequence[str], cards: Sequence[str], last_trick: bool,
                     multiple_block: Message | None, max_k: int) -> Message | None:
        """Why this lead breaks T-7..T-9 or T-15. `multiple_block` says why no multiple lead is allowed
        at all; more than `max_k` cards gives TOO_MANY (the caller knows why the limit is what it is)."""
        zeus = [c for c in cards if is_zeus(c)]
        gods = [c for c in cards if not is_zeus(c)]
        if len(cards) == 1:
            if not zeus or last_trick or all(is_zeus(c) for c in hand):
                return None
            return ZEUS_CANNOT_LEAD
        if last_trick:
            return ONE_CARD_EACH
        if all(is_zeus(c) for c in hand):
            return msg("holding only Zeus cards, you lead exactly one of them")
        if multiple_block is not None:
            return multiple_block
        if any(not self.behaviour(z).joins_multiple_lead for z in zeus) or not gods:
            return ZEUS_CANNOT_LEAD
        if len({self.value_of[c] for c in gods}) > 1:
            return msg("a multiple lead must be cards of one value")
        if len(cards) > max_k:
            return TOO_MANY
        return None


def _play_order(play: tuple[str, ...]) -> tuple[int, tuple[tuple[int, int, str], ...]]:
    return (len(play), tuple(map(card_sort_key, play)))


def _multisets(groups: list[tuple[int, list[str]]], size: int, line: Sequence[int] | None) -> list[tuple[str, ...]]:
    """Every multiset of `size` God cards (first cards of each value group), ascending; with a line,
    only those whose i-th card reaches line[i]. A list, not a generator: follows use each one with
    every choice of Zeus cards, and nested generators cost more than the lists they avoid.

    Listed in canonical order (so a hand of God cards alone can use the list as its follows). One or
    two cards (most multiple follows) are listed directly; more go through the general search
    (`_multisets_search`; a test holds the two equal)."""
    if size == 1:
        return [(cards[0],) for value, cards in groups if line is None or value >= line[0]]
    if size == 2:
        found: list[tuple[str, ...]] = []
        for i, (value, cards) in enumerate(groups):
            if len(cards) >= 2 and (line is None or value >= line[1]):
                found.append((cards[0], cards[1]))
            if line is None or value >= line[0]:
                first = cards[0]
                found += [(first, later[0]) for value2, later in groups[i + 1:] if line is None or value2 >= line[1]]
        return found
    return _multisets_search(groups, size, line)


def _multisets_search(groups: list[tuple[int, list[str]]], size: int,
                      line: Sequence[int] | None) -> list[tuple[str, ...]]:
    """`_multisets` for any size, by a walk over the value groups. Each group gives as many of its
    cards as it can first, so the multisets come out in canonical order."""
    suffix = [0] * (len(groups) + 1)
    for i in range(len(groups) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + len(groups[i][1])
    found: list[tuple[str, ...]] = []

    def walk(index: int, taken: int, chosen: tuple[str, ...]) -> None:
        if taken == size:
            found.append(chosen)
            return
        if index == len(groups) or suffix[index] < size - taken:
            return
        value, cards = groups[index]
        for t in range(min(len(cards), size - taken), -1, -1):
            if t and line is not None and value < line[taken + t - 1]:
                continue
            walk(index + 1, taken + t, chosen + tuple(cards[:t]))

    walk(0, 0, ())
    return found
