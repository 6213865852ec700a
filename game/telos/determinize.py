"""Sampling a full Télos state from one seat's view, for the search AI (game/core/ismcts.py).

Known and kept as the view says: this seat's hand, every score card and total, the cards of this
round's completed tricks, the current trick's plays, the dealer, direction, leader, trick number,
Serpent ban and who has used their Divine Trick. Every other card still in the deck (the deck less
the score cards, less what this seat has seen) is unseen; it is shuffled into the other hands at their
real sizes, the blind cards (Divine Trick) and the undealt cards. This seat's own blind card is unseen
too: after a swap the view no longer says which card was put face down, so it is not used.

A sample is a position (`TelosState.position()`'s format) at the start of the current trick, each
seat that already played in it holding those cards again, made a state by `TelosGame.from_position`
(so it is checked like any position); the trick's plays are then replayed through the engine's `apply`.
A sample in which a replayed play would be illegal is drawn again: that is how the rules' public
inference is used — a seat that did not reach the line played its lowest cards (T-12), so it cannot
hold low cards that would have been forced instead, nor cards that would have let it reach.

Earlier tricks of the round are used the same way through a `RoundMemory`: the view keeps no
seat-by-seat history, but it shows the last completed trick (`previous_trick`), and a seat that is
asked once a trick sees every trick of the round there in turn. A follow that did not reach the line
(and was not excused by the Ant) was the seat's k lowest non-Zeus cards, so every non-Zeus card the
seat still holds is at least the highest of them (none, when Zeus cards filled the play), and the
seat could not reach that line with the cards it held then. The other hands are dealt with those
floors respected (the most bound seat first), and a sample whose hands, with the cards each seat
played since, would have let such a seat reach is drawn again. By the rules alone, a seat that reached revealed nothing.
A seat that used its Divine Trick is not bound (its hand changed in a way nobody saw).

The others' single-card plays are read as a `normal` player's (game/telos/reading.py): a lead or a late
follow caps the God cards the seat still holds, an early follow that reached rules out Zeus cards.
Hands are dealt within those readings where they can be, else within the floors alone. A seat that
chose its plays keeps a low card for the last trick (its guard, read from the round's tricks without
a gap): its hand is drawn again until it holds a God card no higher than the guard, and after
`GUARD_DRAWS` tries one such card is put in; when no card that fits is that low, the guard is let go.
The memory is the playing agent's (game/telos/hard.py observes every view it is shown); a determinizer nobody
feeds samples from its view alone, as the post-game review needs (each verdict its own).

After `MAX_REJECTIONS` failed draws the last sample is kept, as a position in the middle of the trick
with the view's plays, line and powers as they stand.

The history is synthetic (earlier rounds as empty logs, keeping the round number; the current
round's setup is the sample at the trick's start). A sampled state is for search only, never saved.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.telos.cards import canonical, is_zeus, parse_god_card
from game.telos.reading import HIGHEST_GOD_VALUE, HandReading, SeenTrick, read_guards, read_round
from game.telos.state import TelosState, game_deck, play_rules
from game.telos.view import TelosView, TrickPlay

if TYPE_CHECKING:
    from game.telos.game import TelosGame

MAX_REJECTIONS = 30
GUARDED = "guarded"  # `_allowed`'s key for the cards at or below a seat's guard
GUARD_DRAWS = 20  # tries to deal a seat a hand that keeps its guard, before one low card is put in
ANT = "Z:ant"
NO_FLOOR = 0
ONLY_ZEUS = 14  # a floor above every God card: the seat holds no God card at all


def unseen_cards(deck: tuple[str, ...], view: TelosView) -> list[str]:
    """Cards still in this round's deck that this seat has not seen, in deck order."""
    seen = Counter(view.hand)
    seen.update(c for score in view.score_cards for c in score)
    seen.update(view.played_this_round)
    seen.update(c for play in view.trick for c in play.cards)
    if any(count > 1 for count in seen.values()) or any(c not in deck for c in seen):
        raise ValueError("the view shows a card twice or a card this game does not have")
    return [c for c in deck if c not in seen]


def _play_json(play: TrickPlay) -> dict[str, Any]:
    return {"seat": play.seat, "cards": list(play.cards), "values": list(play.values)}


def god_value(card: str) -> int | None:
    parsed = parse_god_card(card)
    return None if parsed is None else parsed[0]


@dataclass(frozen=True)
class ForcedFollow:
    """A follow that did not reach the table line (T-12): the seat's k lowest non-Zeus cards."""

    seat: int
    trick_number: int
    line: tuple[int, ...]  # the line this follow had to reach
    zeus_value: int        # what a Zeus card would have counted in this follow (T-11)
    cards: tuple[str, ...]

    @property
    def floor(self) -> int:
        """Every non-Zeus card the seat kept is at least this (ONLY_ZEUS: it kept none)."""
        if any(is_zeus(c) for c in self.cards):
            return ONLY_ZEUS  # Zeus cards fill a forced follow only when no God card is left
        return max(god_value(c) or 0 for c in self.cards)

    @property
    def ceiling(self) -> int:
        """A single-card follow that did not reach: the seat held no card as high as the line (and
        no Zeus card, which would have matched it), so every card it kept is below the line."""
        return self.line[0] - 1 if len(self.line) == 1 else ONLY_ZEUS

    def allows(self, held_then: Sequence[str]) -> bool:
        """Whether a seat holding `held_then` (these cards included) could have made this follow:
        it could not reach the line, and these were its lowest non-Zeus cards."""
        k = len(self.line)
        values = sorted(self.zeus_value if is_zeus(c) else god_value(c) or 0 for c in held_then)
        if len(values) >= k and all(v >= need for v, need in zip(values[-k:], self.line)):
            return False  # it could have reached, so it had to
        kept = list(held_then)
        for card in self.cards:
            kept.remove(card)
        kept_gods = [god_value(c) or 0 for c in kept if not is_zeus(c)]
        return not kept_gods or min(kept_gods) >= self.floor


def forced_follows(plays: Sequence[TrickPlay], trick_number: int, ant_excuses: bool) -> list[ForcedFollow]:
    """The follows of one trick that did not reach the line, Ant follows aside (T-14 lets the Ant's
    player play any other cards with it)."""
    found: list[ForcedFollow] = []
    line: list[int] = []
    highest = 0
    for index, play in enumerate(plays):
        values = sorted(play.values)
        if index and len(values) == len(line):
            reached = all(v >= need for v, need in zip(values, line))
            excused = ant_excuses and len(values) >= 2 and ANT in play.cards
            if not reached and not excused:
                found.append(ForcedFollow(play.seat, trick_number, tuple(line), highest, tuple(play.cards)))
        line = values if not line else [max(a, b) for a, b in zip(line, values)]
        highest = max([highest, *play.values])
    return found


class RoundMemory:
    """The completed tricks of the current round, seat by seat, as one seat saw them: each view
    shows the last completed trick, so a seat asked once a trick keeps the whole round. Public
    information only (anyone at the table saw the same plays)."""

    def __init__(self) -> None:
        self._round: tuple[Any, ...] | None = None
        self.tricks: dict[int, tuple[TrickPlay, ...]] = {}
        self.start_sizes: dict[int, int] = {}  # trick number -> cards each seat held when it began

    def observe(self, view: TelosView) -> None:
        key = (view.names, view.round_index, view.dealer, view.totals)
        if key != self._round:
            self._round, self.tricks, self.start_sizes = key, {}, {}
        if view.previous_trick and view.trick_number >= 1:
            self.tricks[view.trick_number - 1] = view.previous_trick
            # this seat has not played in the trick under way yet: its hand is as that trick began
            self.start_sizes[view.trick_number - 1] = len(view.hand) + len(view.previous_trick[0].cards)

    def seen_tricks(self, view: TelosView) -> list[SeenTrick]:
        """This round's remembered tricks and the trick under way, for reading plays (reading.py)."""
        seen = [SeenTrick(view.trick, len(view.hand), view.last_trick)]
        if self._round == (view.names, view.round_index, view.dealer, view.totals):
            seen += [SeenTrick(plays, self.start_sizes[number], False) for number, plays in self.tricks.items()
                     if number < view.trick_number and number in self.start_sizes]
        return seen

    def recent_tricks(self, view: TelosView) -> list[SeenTrick]:
        """This round's remembered tricks with no gap up to now, oldest first, then the trick under
        way (for the guards a seat keeps, reading.py)."""
        recent = [SeenTrick(view.trick, len(view.hand), view.last_trick)]
        if self._round != (view.names, view.round_index, view.dealer, view.totals):
            return recent
        for number in range(view.trick_number - 1, -1, -1):  # newest first: stop at the first gap
            if number not in self.tricks:
                break
            recent.insert(0, SeenTrick(self.tricks[number], self.start_sizes.get(number, 0), False))
        return recent

    def forced(self, view: TelosView) -> list[tuple[ForcedFollow, list[str]]]:
        """Forced follows of earlier tricks of this round that still bind a seat, each with the cards
        that seat played from it up to the current trick's start. Only tricks known
        without a gap up to now are used, so no card played since is missing."""
        if self._round != (view.names, view.round_index, view.dealer, view.totals):
            return []
        known = range(view.trick_number - 1, -1, -1)
        complete: list[int] = []
        for number in known:  # newest first: stop at the first trick not seen
            if number not in self.tricks:
                break
            complete.append(number)
        ant_excuses = view.powers == "advanced"
        played_since: dict[int, list[str]] = {}  # after the trick at hand, up to the current trick's start
        found: list[tuple[ForcedFollow, list[str]]] = []
        for number in complete:  # newest first, so `played_since` holds the later tricks' cards
            for follow in forced_follows(self.tricks[number], number, ant_excuses):
                if follow.seat != view.seat and not view.divine_used[follow.seat]:
                    found.append((follow, [*follow.cards, *played_since.get(follow.seat, ())]))
            for play in self.tricks[number]:
                played_since.setdefault(play.seat, []).extend(play.cards)
        return found


class TelosDeterminizer:
    """Samples `TelosState`s consistent with a view; call it as `determinizer(view, rng)`."""

    def __init__(self, game: "TelosGame") -> None:
        self.game = game
        self._public_for: TelosView | None = None
        self._public: dict[str, Any] = {}
        self._hidden: list[str] = []
        self._blind_count = 0
        # Filled by the player that owns this determinizer (`memory.observe` on each of its views);
        # left empty, a sample depends on its view alone (the post-game review relies on that).
        self.memory = RoundMemory()
        self._bounds: list[tuple[ForcedFollow, list[str]]] = []
        self._floors: dict[int, int] = {}
        self._readings: dict[int, HandReading] = {}  # forced-follow ceilings and what plays read
        self._guards: dict[int, int] = {}  # seat -> it still holds a God card no higher than this
        self._bound_order: list[int] = []
        self._trick_bounds: list[ForcedFollow] = []
        self._allowed_sets: dict[tuple[int, int, Any], frozenset[str]] = {}  # `_allowed`, for this view
        self.rejected = 0  # samples drawn again because a replayed play was illegal (for tests)
        self.forced = 0    # samples kept without the check after MAX_REJECTIONS

    def __call__(self, view: TelosView, rng: random.Random) -> TelosState:
        return self.sample(view, rng)

    def sample(self, view: TelosView, rng: random.Random) -> TelosState:
        if view is not self._public_for:
            self._public, self._hidden = self._public_position(view, rng)
            self._public_for = view
            self._allowed_sets = {}
            self._bounds = self.memory.forced(view)
            self._floors, self._readings = {}, {}
            for follow, _ in self._bounds:
                self._floors[follow.seat] = max(self._floors.get(follow.seat, NO_FLOOR), follow.floor)
                ceiling = HandReading(min(follow.ceiling, HIGHEST_GOD_VALUE), follow.ceiling >= ONLY_ZEUS)
                self._readings[follow.seat] = self._readings.get(follow.seat, HandReading()).narrowed(ceiling)
            skip = [view.seat] + [s for s, used in enumerate(view.divine_used) if used]
            for seat, reading in read_round(self.memory.seen_tricks(view), skip).items():
                self._readings[seat] = self._readings.get(seat, HandReading()).narrowed(reading)
            self._guards = {seat: guard for seat, guard in read_guards(self.memory.recent_tricks(view), skip).items()
                            if view.hand_sizes[seat]}
            bound = set(self._floors) | set(self._readings) | set(self._guards)
            # The trick under way's follows that did not reach: a sample that breaks one would fail
            # its replay below, so it is drawn again before the position is built (the same samples,
            # sooner). Not on the last trick (nothing to reach, T-18), nor for a seat that swapped.
            self._trick_bounds = [] if view.last_trick else [
                follow for follow in forced_follows(view.trick, view.trick_number, view.powers == "advanced")
                if follow.seat != view.seat and not view.divine_used[follow.seat]]
            self._bound_order = sorted(bound, key=lambda seat: (-self._floors.get(seat, NO_FLOOR),
                                                                self._readings.get(seat, HandReading()).god_ceiling,
                                                                self._guards.get(seat, HIGHEST_GOD_VALUE)))
        for _ in range(MAX_REJECTIONS):
            hands_now, hands, rest = self._deal(view, rng)
            if self._bounds and not self._respects_bounds(hands):
                self.rejected += 1
                continue
            if self._trick_bounds and not all(follow.allows(hands[follow.seat]) for follow in self._trick_bounds):
                self.rejected += 1
                continue
            state = self.game.from_position(self._position(view, hands_now, hands, rest, at_trick_start=True))
            if self._replay_trick(state, view):
                return state
            self.rejected += 1
        self.forced += 1
        return self.game.from_position(self._with_hidden_cards(view, rng, at_trick_start=False))

    # ----- building ------------------------------------------------------------------------------
    def _public_position(self, view: TelosView, rng: random.Random) -> tuple[dict[str, Any], list[str]]:
        """Every public fact of the view as a position at the current trick's start, less the hidden
        cards; and the cards this seat has not seen."""
        me = view.seat
        if me is None or not 0 <= me < len(view.names):
            raise ValueError("only a player's view can be determinized")
        if view.finished:
            raise ValueError("the game is over: there is nothing to search")
        n = len(view.names)
        options = {k: (list(v) if isinstance(v, tuple) else v) for k, v in view.options.items()}
        seed = rng.randrange(2**31)
        rules = play_rules(self.game.content, tuple(view.zeus_cards), n, view.powers)
        trick_cards = [c for play in view.trick for c in play.cards]
        swans = sum(1 for c in trick_cards if rules.behaviour(c).reverses_direction)
        direction = view.direction * (-1) ** swans  # the direction this trick started with
        serpent_ban = view.serpent_ban and not (
            not view.last_trick and any(rules.behaviour(c).bans_multiple_leads for c in trick_cards))
        deck = game_deck(self.game.content, tuple(view.zeus_cards), n)
        hidden = unseen_cards(deck, view)
        scored = {c for cards in view.score_cards for c in cards}
        pool = [c for c in deck if c not in scored]
        self._blind_count = n if view.divine_trick else 0
        undealt = len(pool) - n * view.hand_size - self._blind_count
        slots = sum(size for s, size in enumerate(view.hand_sizes) if s != me) + self._blind_count + undealt
        if undealt < 0 or slots != len(hidden):
            raise ValueError(f"the view hides {slots} cards but {len(hidden)} are unseen")
        public = {
            "game": self.game.id,
            "seats": [{"name": name, "controller": "ai:hard"} for name in view.names],
            "options": options,
            "seed": seed,
            "totals": list(view.totals),
            "winners": [],
            "finished": False,
            "now": {
                "dealer": view.dealer, "direction": direction,
                "scores_before": [list(cards) for cards in view.score_cards],
                "zeus_cards": list(view.zeus_cards), "hand_size": view.hand_size,
                "divine_used": list(view.divine_used), "serpent_ban": serpent_ban,
                "played_this_round": list(view.played_this_round),
                "previous_trick": [_play_json(p) for p in view.previous_trick],
                "previous_winner": view.previous_winner, "trick_number": view.trick_number,
                "leader": view.leader, "trick_order": list(view.trick_order), "plays": [], "line": [], "k": 0,
                "last_trick": view.last_trick, "loser": None,
                "coming_setups": [],  # a record's later deals are not the seat's to know
            },
        }
        return public, hidden

    def _with_hidden_cards(self, view: TelosView, rng: random.Random, *, at_trick_start: bool) -> dict[str, Any]:
        """The public position with the unseen cards dealt at random to the other hands, the blind
        cards and the undealt cards: at the trick's start (plays to replay), or as the view stands."""
        return self._position(view, *self._deal(view, rng), at_trick_start=at_trick_start)

    def _deal(self, view: TelosView, rng: random.Random) -> tuple[list[list[str]], list[list[str]], list[str]]:
        """The unseen cards dealt at random: (each hand now, each hand at the trick's start, the cards
        left for the blind and undealt cards). All of a sample's chance is here; `_position` only
        writes it down, so a deal the checks refuse costs no position."""
        me = view.seat
        cards = list(self._hidden)
        rng.shuffle(cards)
        played: dict[int, tuple[str, ...]] = {play.seat: play.cards for play in view.trick}
        hands_now: list[list[str]] = [list(view.hand) if seat == me else [] for seat in range(len(view.hand_sizes))]
        # Bound seats first (the highest floor, then the lowest ceiling, first), each taking the first
        # cards that fit its bounds.
        bound = self._bound_order
        for seat in bound + [s for s in range(len(view.hand_sizes)) if s != me and s not in bound]:
            size, floor = view.hand_sizes[seat], self._floors.get(seat, NO_FLOOR)
            reading = self._readings.get(seat)
            guard = self._guards.get(seat)
            if floor == NO_FLOOR and reading is None and guard is None:  # unbound: the first cards
                hands_now[seat], cards = cards[:size], cards[size:]
                continue
            else:
                allowed = self._allowed(seat, floor, reading)
                fits = [i for i, c in enumerate(cards) if c in allowed]
            if len(fits) < size and reading is not None:
                # a reading may be wrong (a player unlike `normal`): the floors alone; a forced follow's
                # ceiling is still checked below (`_respects_bounds`)
                allowed = self._allowed(seat, floor, None)
                fits = [i for i, c in enumerate(cards) if c in allowed]
            if len(fits) < size:
                fits = list(range(len(cards)))  # the floors cannot all hold: deal freely, the checks decide
            taken = fits[:size]
            if guard is not None and size:
                low = self._allowed(seat, guard, GUARDED)
                if any(cards[i] in low for i in fits):
                    taken = self._keeping_guard(fits, size, [c in low for c in cards], rng)
            taken = set(taken)
            hands_now[seat] = [cards[i] for i in sorted(taken)]
            cards = [c for i, c in enumerate(cards) if i not in taken]
        start_hands = [list(canonical(held + list(played.get(seat, ())))) for seat, held in enumerate(hands_now)]
        return hands_now, start_hands, cards

    def _position(self, view: TelosView, hands_now: list[list[str]], start_hands: list[list[str]], cards: list[str],
                  *, at_trick_start: bool) -> dict[str, Any]:
        """A deal (`_deal`) written as a position: at the trick's start, or as the view stands."""
        cards = list(cards)
        blind = None
        if self._blind_count:
            blind = cards[:self._blind_count]
            del cards[:self._blind_count]
        public = self._public
        now = public["now"]
        rounds: list[dict[str, Any]] = [{"setup": {}, "actions": [], "score": None} for _ in range(view.round_index)]
        rounds.append({"setup": {"dealer": view.dealer, "direction": now["direction"],
                                 "hands": [list(h) for h in start_hands],
                                 "blind": None if blind is None else list(blind),
                                 "scores_before": now["scores_before"]}, "actions": [], "score": None})
        sampled = {**now, "hands": start_hands, "blind": blind, "undealt": cards}
        if not at_trick_start:
            sampled.update(hands=[list(canonical(h)) for h in hands_now], direction=view.direction,
                           serpent_ban=view.serpent_ban, plays=[_play_json(p) for p in view.trick],
                           line=list(view.line), k=view.k)
        return {**public, "rounds": rounds, "now": sampled}

    def _allowed(self, seat: int, bound: int, reading: "HandReading | str | None") -> frozenset[str]:
        """The unseen cards `seat` may be dealt: those that fit its floor `bound` and `reading`
        (`_fits`), or, with `reading` GUARDED, those at or below its guard `bound` (`_guarded`).
        Worked out once per view and kept: samples deal the same cards again and again."""
        key = (seat, bound, reading)
        found = self._allowed_sets.get(key)
        if found is None:
            if reading == GUARDED:
                found = frozenset(c for c in self._hidden if self._guarded(c, bound))
            else:
                found = frozenset(c for c in self._hidden if self._fits(c, bound, reading))  # type: ignore[arg-type]
            self._allowed_sets[key] = found
        return found

    @staticmethod
    def _fits(card: str, floor: int, reading: HandReading | None) -> bool:
        """A card a seat with this floor and reading may hold."""
        value = god_value(card)
        if value is None:
            return reading is None or reading.zeus_possible
        return floor <= value and (reading is None or value <= reading.god_ceiling)

    @staticmethod
    def _keeping_guard(fits: list[int], size: int, low: list[bool], rng: random.Random) -> list[int]:
        """`size` of the cards that fit, at least one of them low: drawn again until one is (each
        draw as likely as any other), then, if none came, a low card in the last place."""
        taken = fits[:size]
        for _ in range(GUARD_DRAWS):
            if any(low[i] for i in taken):
                return taken
            order = list(fits)
            rng.shuffle(order)
            taken = order[:size]
        if not any(low[i] for i in taken):
            taken[-1] = next(i for i in fits if low[i])
        return taken

    @staticmethod
    def _guarded(card: str, guard: int) -> bool:
        value = god_value(card)
        return value is not None and value <= guard

    def _respects_bounds(self, start_hands: list[list[str]]) -> bool:
        """Every earlier forced follow was still what its seat had to play, with this sample's hand
        at the current trick's start and the cards the seat played in between."""
        return all(follow.allows(start_hands[follow.seat] + later) for follow, later in self._bounds)

    def _replay_trick(self, state: TelosState, view: TelosView) -> bool:
        """Play the current trick's plays again; False when the sample makes one of them illegal."""
        for play in view.trick:
            try:
                state.apply(play.seat, Action("play", (",".join(play.cards),)))
            except IllegalAction:
                return False
        return True
