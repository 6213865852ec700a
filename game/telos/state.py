"""A Télos game in progress: deals, tricks, powers, scoring (rules/telos.md, T-1..T-22).

Everything random happens in the deal (seeded by game seed and round, or taken from a record's
setup), so a game is its seed plus its actions. Rule questions about single plays live in plays.py.

A position (`position()`, `TelosGame.from_position`) has the record's keys and `now`:
- the round-setup keys as they stand now: `dealer`, `direction` (for the next trick), `hands`, `blind`
  (null without the Divine Trick), `scores_before` (every seat's score cards so far);
- the round: `zeus_cards` (this game's, sorted), `hand_size` (dealt this round), `undealt`,
  `divine_used`, `serpent_ban`, `played_this_round` (cards of its completed tricks), `previous_trick`,
  `previous_winner`, `trick_number`;
- the trick under way: `leader`, `trick_order`, `plays` ({seat, cards, values}), `line`, `k`,
  `last_trick`; and `loser` once the game is over.
The highest value played this trick and an Eagle's or Cuckoo's claim on the next lead follow from
`plays`; every card of the deck is in exactly one place.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from itertools import filterfalse, repeat
from operator import is_
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Sequence

from game.core.actions import Action
from game.core.engine import GAME_OVER, SeatInfo, State, shuffle
from game.core.events import Event
from game.core.messages import Message, msg, msg_n
from game.core.records import REPLAY_FAILURES, EntryFailed, PositionParts, read_position, replay_action
from game.telos.cards import ZEUS_PREFIX, canonical, card_sort_key, is_zeus, parse_god_card
from game.telos.content import TelosContent
from game.telos.plays import ONE_CARD_EACH, TOO_MANY, PlayRules, number_word
from game.telos.terms import zeus_card_name
from game.telos.powers import PLAIN
from game.telos.view import TelosView, TrickPlay

if TYPE_CHECKING:
    from game.telos.game import TelosGame

SETUP_KEYS = ("dealer", "direction", "hands", "blind", "scores_before")
_SORTED_SETUP_KEYS = sorted(SETUP_KEYS)
# A position's `now`: the setup keys as they stand now (`scores_before`: the score cards set aside so
# far; `direction`: for the next trick), then the rest of the round and the trick under way.
NOW_KEYS = SETUP_KEYS + ("zeus_cards", "hand_size", "undealt", "divine_used", "serpent_ban",
                         "played_this_round", "previous_trick", "previous_winner", "trick_number", "leader",
                         "trick_order", "plays", "line", "k", "last_trick", "loser", "coming_setups")


_TRICK_ORDERS: dict[tuple[int, int, int], tuple[int, ...]] = {}  # (players, leader, direction) -> seats in order
class _SharedPlays(dict[tuple[str, ...], Action]):
    """cards -> the shared `play` action, made on first asking: legal lists are made very often, and
    `map(_PLAYS.__getitem__, plays)` turns a list of plays into actions without a Python loop."""

    def __missing__(self, cards: tuple[str, ...]) -> Action:
        return _action("play", cards)


_PLAYS = _SharedPlays()
# a shared action's text -> its cards, the very strings the hands hold: carrying a play out then needs
# no splitting, and looking the cards up needs no hashing of new strings
_CARDS_OF: dict[str, tuple[str, ...]] = {}
MAX_SHARED_ACTIONS = 50_000


def _action(verb: str, cards: tuple[str, ...]) -> Action:
    """The action `verb cards` (cards in canonical order), shared for `play`: each listing of legal
    actions would otherwise build the same values again."""
    action = Action(verb, (",".join(cards),))
    if verb == "play":
        if len(_PLAYS) >= MAX_SHARED_ACTIONS:
            _PLAYS.clear()
            _CARDS_OF.clear()
        _PLAYS[cards] = action
        _CARDS_OF[action.args[0]] = cards
    return action


def choose_zeus_cards(content: TelosContent, option: Any, player_count: int, seed: int) -> tuple[str, ...]:
    """One Zeus card per player: the listed ids, or a seeded random choice (same seed, same cards)."""
    if option == "random":
        return _seeded_zeus_cards(tuple(content.zeus_ids), player_count, seed)
    chosen = tuple(option)
    if len(chosen) != player_count:
        raise ValueError(msg_n("zeus_cards: {players} players need {players} Zeus cards, {count} was listed",
                               "zeus_cards: {players} players need {players} Zeus cards, {count} were listed",
                               len(chosen), players=player_count))
    return tuple(sorted(chosen))


@lru_cache(maxsize=64)
def _seeded_zeus_cards(zeus_ids: tuple[str, ...], player_count: int, seed: int) -> tuple[str, ...]:
    """The seeded choice of `choose_zeus_cards`, kept: seeding a generator from text costs more than the
    rest of starting a game, and every replay of a record (resume, a replay, Review) starts one."""
    rng = random.Random(f"olympus/{seed}/telos-zeus-cards")
    return tuple(sorted(rng.sample(list(zeus_ids), player_count)))


def zeus_cards_shown(content: TelosContent, setups: Sequence[Any], limit: int | None = None) -> list[str]:
    """The Zeus cards that recorded setups put in play (hands, blind cards, score cards), each once, in
    the order they first appear; only the first `limit` when given (the rest need not be read). Anything
    that is not a list of texts is left to `_check_setup`."""
    shown: list[str] = []
    zeus_ids = content.zeus_cards.keys()
    for setup in setups:
        if limit is not None and len(shown) >= limit:
            return shown[:limit]
        if not isinstance(setup, Mapping):
            continue
        places = [setup.get("hands"), [setup.get("blind")], setup.get("scores_before")]
        for place in places:
            for cards in place if isinstance(place, list) else ():
                if not isinstance(cards, list) or _no_card_of(zeus_ids, cards):
                    continue  # most hands and score piles: nothing to add, found without a Python loop
                for card in cards:
                    if isinstance(card, str) and card in content.zeus_cards and card not in shown:
                        shown.append(card)
    return shown if limit is None else shown[:limit]


def _no_card_of(ids: Any, cards: list[Any]) -> bool:
    """True when no entry of `cards` is one of `ids` (a set or a dict's keys), checked in one C-level
    pass; False also when an entry cannot be looked up (not hashable), so the careful loop judges it."""
    try:
        return ids.isdisjoint(cards)
    except TypeError:
        return False


def _all_once(cards: list[Any], deck: Any, taken: set[str]) -> set[str] | None:
    """`cards` as a set when every entry is a card of `deck` (a set or a dict's keys), none of `taken`
    and none there twice (C-level passes); None otherwise, or when an entry cannot be looked up, for the
    careful check to name the problem."""
    try:
        found = set(cards)
    except TypeError:
        return None
    return found if len(found) == len(cards) and deck >= found and found.isdisjoint(taken) else None


def zeus_cards_in_play(content: TelosContent, option: Any, player_count: int, seed: int,
                       setups: Sequence[Any] = ()) -> tuple[str, ...]:
    """The game's Zeus cards, one per player. With `zeus_cards: random` a record's setups say which
    cards are in play (any program may have drawn them): those they show, the rest of the count
    (cards never dealt, which nobody sees) filled from the seeded choice. A program's own records
    show only seeded cards, so they keep exactly the seeded choice. More cards than players are left
    for `_check_setup` to refuse, in the round that shows one too many."""
    seeded = choose_zeus_cards(content, option, player_count, seed)
    if option != "random":
        return seeded
    shown = zeus_cards_shown(content, setups, player_count)
    fill = [z for z in seeded if z not in shown] + [z for z in content.zeus_ids if z not in shown and z not in seeded]
    return tuple(sorted(shown + fill[:player_count - len(shown)]))


def game_deck(content: TelosContent, zeus_cards: tuple[str, ...], player_count: int) -> tuple[str, ...]:
    """T-2: the God cards for this many players, then the game's Zeus cards."""
    return content.god_cards(player_count) + zeus_cards


def play_rules(content: TelosContent, zeus_cards: tuple[str, ...], player_count: int, powers: str) -> PlayRules:
    """Each card's value and each Zeus card's behaviour (plain unless the powers are advanced)."""
    advanced = powers == "advanced"
    return PlayRules(
        value_of=MappingProxyType({c: parse_god_card(c)[0]  # type: ignore[index]
                                   for c in content.god_cards(player_count)}),
        behaviours=MappingProxyType({
            z: (content.zeus_cards[z].behaviour if advanced else PLAIN) for z in zeus_cards}),
    )


class TelosState(State):
    game_id = "telos"
    COPIES_SETUPS_AT_ROUND_START = True  # `_start_round` copies a recorded deal once it is checked

    def __init__(self, game: "TelosGame", seats: Sequence[SeatInfo], options: Mapping[str, Any], seed: int,
                 setups: Sequence[Mapping[str, Any]] = ()) -> None:
        super().__init__(seats, options, seed, setups)
        game.check_player_count(len(self.seats))
        self._take_rules(game, zeus_cards_in_play(game.content, self.options["zeus_cards"], len(self.seats),
                                                  self.seed, setups))
        self.direction = 1
        self.score_cards: list[list[str]] = [[] for _ in range(len(self.seats))]
        self.loser: int | None = None
        self._start_round(dealer=None, wanted_size=self.content.first_hand_size)

    def _take_rules(self, game: "TelosGame", zeus_cards: tuple[str, ...]) -> None:
        """What the options and the game's Zeus cards fix for the whole game: deck, values, powers."""
        self.content: TelosContent = game.content
        n = len(self.seats)
        self.zeus_cards = zeus_cards
        self.deck, self.rules = game.deck_and_rules(zeus_cards, n, self.options["powers"])
        self.max_multiple_lead = self.content.players[n].max_multiple_lead
        self.divine = bool(self.options["divine_trick"])
        self._legal_cache: dict[int, list[Action]] = {}  # the turn seat's legal actions, until the state changes

    def _shared_with_copies(self) -> tuple[Any, ...]:
        return (self.seats, self.content, self.rules, self.deck, self.zeus_cards)

    # ----- positions ---------------------------------------------------------------------------------
    @classmethod
    def from_position(cls, game: "TelosGame", position: Mapping[str, Any]) -> "TelosState":
        """The public position constructor (`TelosGame.from_position`): check, then take, a position."""
        parts = read_position(game, position)
        state = cls.__new__(cls)
        state._take_position(game, parts)
        return state

    def _take_position(self, game: "TelosGame", parts: PositionParts) -> None:
        """Become the checked position (`from_position`)."""
        State.__init__(self, parts.seats, parts.options, parts.seed)
        now = parts.now
        if sorted(now) != sorted(NOW_KEYS):
            raise ValueError(f"position 'now' must have exactly the keys {', '.join(NOW_KEYS)}")
        self._take_rules(game, self._checked_zeus_cards(game.content, now["zeus_cards"]))
        self._adopt_history(parts.rounds, parts.totals, parts.winners, parts.finished)
        self._check_now(now)
        self._take_coming_setups(now["coming_setups"])
        self.dealer, self.direction, self.leader = now["dealer"], now["direction"], now["leader"]
        self.hands = [list(canonical(h)) for h in now["hands"]]  # the order the rules list plays in
        self.blind = None if now["blind"] is None else list(now["blind"])
        self.score_cards = [list(cards) for cards in now["scores_before"]]
        self.hand_size, self.undealt = now["hand_size"], list(now["undealt"])
        self.divine_used = list(now["divine_used"])
        self.serpent_ban = now["serpent_ban"]
        self.round_discards = list(now["played_this_round"])
        self.previous_trick = tuple(_trick_play(p) for p in now["previous_trick"])
        self.previous_winner = now["previous_winner"]
        self.trick_number = now["trick_number"]
        self.order = tuple(now["trick_order"])
        self.plays = [_trick_play(p) for p in now["plays"]]
        self.line, self.k = tuple(now["line"]), now["k"]
        self.trick_max = max((v for p in self.plays for v in p.values), default=0)
        self.last_trick = now["last_trick"]
        self.loser = now["loser"]

    def _position_now(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer, "direction": self.direction, "hands": [list(h) for h in self.hands],
            "blind": None if self.blind is None else list(self.blind),
            "scores_before": [list(cards) for cards in self.score_cards],
            "zeus_cards": list(self.zeus_cards), "hand_size": self.hand_size, "undealt": list(self.undealt),
            "divine_used": list(self.divine_used), "serpent_ban": self.serpent_ban,
            "played_this_round": list(self.round_discards),
            "previous_trick": [_trick_play_json(p) for p in self.previous_trick],
            "previous_winner": self.previous_winner, "trick_number": self.trick_number, "leader": self.leader,
            "trick_order": list(self.order), "plays": [_trick_play_json(p) for p in self.plays],
            "line": list(self.line), "k": self.k, "last_trick": self.last_trick, "loser": self.loser,
            "coming_setups": self._coming_setups(),
        }

    def _checked_zeus_cards(self, content: TelosContent, zeus_cards: Any) -> tuple[str, ...]:
        """One different Zeus card per seat, the ones the option lists when it lists them."""
        n = len(self.seats)
        if not isinstance(zeus_cards, list) or len(zeus_cards) != n or len(set(map(str, zeus_cards))) != n \
                or any(z not in content.zeus_cards for z in zeus_cards):
            raise ValueError(f"position 'now': zeus_cards must be {n} different Zeus card ids")
        chosen = tuple(sorted(zeus_cards))
        if self.options["zeus_cards"] != "random" and chosen != tuple(sorted(self.options["zeus_cards"])):
            raise ValueError("position 'now': zeus_cards must be the ones the zeus_cards option lists")
        return chosen

    def _check_now(self, now: Mapping[str, Any]) -> None:
        """A position's `now` must be a moment the rules could reach (else ValueError saying why)."""
        n = len(self.seats)
        where = "position 'now'"

        def is_seat(value: Any) -> bool:
            return type(value) is int and 0 <= value < n

        def is_count(value: Any) -> bool:
            return type(value) is int and value >= 0

        def card_list(key: str, value: Any) -> list[str]:
            if not isinstance(value, list) or not all(map(isinstance, value, repeat(str))):  # C-level loop
                raise ValueError(f"{where}: {key} must be a list of card ids")
            return value

        for key in ("dealer", "leader"):
            if not is_seat(now[key]):
                raise ValueError(f"{where}: {key} must be a seat 0..{n - 1}")
        for key in ("previous_winner", "loser"):
            if now[key] is not None and not is_seat(now[key]):
                raise ValueError(f"{where}: {key} must be a seat 0..{n - 1} or null")
        if now["direction"] not in (1, -1) or type(now["direction"]) is not int:
            raise ValueError(f"{where}: direction must be 1 or -1")
        for key in ("hand_size", "trick_number", "k"):
            if not is_count(now[key]):
                raise ValueError(f"{where}: {key} must be a whole number 0 or more")
        for key in ("serpent_ban", "last_trick"):
            if type(now[key]) is not bool:
                raise ValueError(f"{where}: {key} must be true or false")
        divine_used = now["divine_used"]
        if not isinstance(divine_used, list) or len(divine_used) != n or any(type(u) is not bool for u in divine_used):
            raise ValueError(f"{where}: divine_used must be true or false for each of {n} seats")
        leader, order = now["leader"], now["trick_order"]
        if order not in ([(leader + i) % n for i in range(n)], [(leader - i) % n for i in range(n)]):
            raise ValueError(f"{where}: trick_order must be every seat from the leader {leader} one way round")
        hands = now["hands"]
        if not isinstance(hands, list) or len(hands) != n:
            raise ValueError(f"{where}: hands must be {n} lists of cards")
        for hand in hands:
            card_list("hands", hand)
        blind = now["blind"]
        if self.divine != (blind is not None) or (blind is not None and len(card_list("blind", blind)) != n):
            raise ValueError(f"{where}: blind must be {'one card per seat' if self.divine else 'null'} (T-22)")
        scores = now["scores_before"]
        if not isinstance(scores, list) or len(scores) != n:
            raise ValueError(f"{where}: scores_before must be {n} lists of score cards")
        plays = [self._checked_play(where, p) for p in now["plays"]] if isinstance(now["plays"], list) else None
        if plays is None or len(plays) > n or (len(plays) == n) != self.finished:
            raise ValueError(f"{where}: plays must list the current trick's plays (every seat's once the game is over)")
        for i, play in enumerate(plays):
            if play.seat != order[i]:
                raise ValueError(f"{where}: plays[{i}] is by seat {play.seat}; seat {order[i]} plays then")
        if not isinstance(now["previous_trick"], list):
            raise ValueError(f"{where}: previous_trick must be a list of plays")
        for p in now["previous_trick"]:
            self._checked_play(where, p)
        line = now["line"]
        if not isinstance(line, list) or len(line) != (now["k"] if plays else 0) or \
                any(type(v) is not int for v in line):
            raise ValueError(f"{where}: line must hold k values once the trick is led, none before")
        if any(len(p.cards) != now["k"] for p in plays):
            raise ValueError(f"{where}: every play of a trick has k = {now['k']} cards")
        played = {p.seat for p in plays}
        sizes = {len(hands[s]) + (now["k"] if s in played else 0) for s in range(n)}
        if len(sizes) != 1:
            raise ValueError(f"{where}: hands must be equal but for the cards played this trick (T-5)")
        places = [c for h in hands for c in h] + list(blind or []) + card_list("undealt", now["undealt"]) \
            + card_list("played_this_round", now["played_this_round"]) \
            + [c for cards in scores for c in card_list("scores_before", cards)]
        if not self.finished:  # the final trick stays on show; its cards are discards by then
            places += [c for p in plays for c in p.cards]
        self._check_cards(where, places, set(self.deck))
        if len(places) != len(self.deck):
            raise ValueError(f"{where}: every card of the deck must be somewhere exactly once")

    def _checked_play(self, where: str, play: Any) -> TrickPlay:
        if not isinstance(play, dict) or sorted(play) != ["cards", "seat", "values"] \
                or type(play["seat"]) is not int or not 0 <= play["seat"] < len(self.seats) \
                or not isinstance(play["cards"], list) or not play["cards"] \
                or not isinstance(play["values"], list) or len(play["values"]) != len(play["cards"]) \
                or any(type(v) is not int for v in play["values"]):
            raise ValueError(f"{where}: a play is {{seat, cards, values}} with one value per card, found {play!r}")
        return _trick_play(play)

    @staticmethod
    def _check_cards(where: str, cards: list[str], available: set[str]) -> None:
        """Each card of this game's deck at most once (T-2)."""
        for card, count in Counter(cards).items():
            if card not in available:
                raise ValueError(f"{where}: card {card!r} is not in the deck for this round")
            if count > 1:
                raise ValueError(f"{where}: card {card!r} is dealt twice")

    # ----- rounds -----------------------------------------------------------------------------------
    def _start_round(self, dealer: int | None, wanted_size: int) -> None:
        """T-1..T-4, T-21: deal (or take the recorded deal), then open the first trick."""
        n = len(self.seats)
        scored = {c for cards in self.score_cards for c in cards}
        blind_count = n if self.divine else 0
        # the pool is the deck less the score cards (each a card of the deck, once): its size, unbuilt
        size = min(wanted_size, (len(self.deck) - len(scored) - blind_count) // n)
        given = self._setup_for_next_round()
        if given is None:
            pool = list(filterfalse(scored.__contains__, self.deck))
            rng = self._rng_for_next_round()
            if dealer is None:
                dealer = rng.randrange(n)
            shuffle(pool, rng)
            rank = self.rules._ranks.__getitem__  # type: ignore[attr-defined]  # canonical order, by number
            hands = [sorted(pool[i * size:(i + 1) * size], key=rank) for i in range(n)]
            setup: dict[str, Any] = {
                "dealer": dealer,
                "direction": self.direction,
                "hands": hands,
                "blind": [pool[n * size + i] for i in range(n)] if self.divine else None,
                "scores_before": [list(cards) for cards in self.score_cards],
            }
            self.hands: list[list[str]] = [list(h) for h in hands]
            self.undealt = pool[n * size + blind_count:]  # the rest of the shuffled pool, in its order
        else:
            dealt = self._check_setup(given, dealer, size, scored)
            # The round log's own copy (the record's setup is the caller's): checked, so these are lists.
            setup = {**given, "hands": [list(h) for h in given["hands"]],
                     "blind": None if given["blind"] is None else list(given["blind"]),
                     "scores_before": [list(cards) for cards in given["scores_before"]]}
            rank = self.rules._ranks.__getitem__  # type: ignore[attr-defined]  # canonical order, by number
            self.hands = [sorted(h, key=rank) for h in setup["hands"]]  # canonical order, as lists
            dealt |= scored  # the deck less these, in its order: the pool less the deal
            self.undealt = list(filterfalse(dealt.__contains__, self.deck))
        self._begin_round(setup, owned=True)  # made here or copied for this round; the state copies what it changes
        self.dealer = int(setup["dealer"])
        self.hand_size = size
        self.blind: list[str] | None = list(setup["blind"]) if setup["blind"] is not None else None
        self.divine_used = [False] * n
        self.serpent_ban = False
        self.round_discards: list[str] = []
        self.previous_trick: tuple[TrickPlay, ...] = ()
        self.previous_winner: int | None = None
        self.trick_number = 0
        self._start_trick((self.dealer + self.direction) % n)

    def _check_setup(self, setup: Mapping[str, Any], dealer: int | None, size: int, scored: set[str]) -> set[str]:
        """A recorded deal must be one the rules could have dealt here (else ValueError saying why): its
        cards (hands and blind cards) from the pool, the deck less the `scored` cards. Returns them as a
        new set."""
        n = len(self.seats)
        where = f"round {len(self.rounds)} setup"
        if sorted(setup) != _SORTED_SETUP_KEYS:
            raise ValueError(f"{where}: expected the keys {', '.join(SETUP_KEYS)}")
        if not isinstance(setup["dealer"], int) or not 0 <= setup["dealer"] < n:
            raise ValueError(f"{where}: dealer must be a seat 0..{n - 1}")
        if dealer is not None and setup["dealer"] != dealer:
            raise ValueError(f"{where}: dealer must be seat {dealer}, who won the last trick (T-1)")
        if setup["direction"] != self.direction:
            raise ValueError(f"{where}: direction must be {self.direction}")
        hands = setup["hands"]
        if not isinstance(hands, list) or len(hands) != n or any(
                not isinstance(h, list) or len(h) != size for h in hands):
            raise ValueError(f"{where}: hands must be {n} lists of {size} cards (T-2)")
        blind = setup["blind"]
        if self.divine != (blind is not None) or (blind is not None and (
                not isinstance(blind, list) or len(blind) != n)):
            raise ValueError(f"{where}: blind must be {'one card per seat' if self.divine else 'null'}")
        scores = setup["scores_before"]   # each seat's score cards, in any order (the rules give none)
        if not isinstance(scores, list) or len(scores) != n or any(
                cards != own and (not isinstance(cards, list) or sorted(cards, key=str) != sorted(own))
                for cards, own in zip(scores, self.score_cards)):  # most list them as kept: no sorting
            raise ValueError(f"{where}: scores_before must be {self.score_cards}")
        dealt = [c for h in hands for c in h] + list(blind or [])
        # A Zeus card not of this game is refused below; most deals hold none, found in one C-level pass.
        others = self.content.zeus_cards.keys() - set(self.zeus_cards)
        for card in () if _no_card_of(others, dealt) else dealt:
            if isinstance(card, str) and card in self.content.zeus_cards and card not in self.zeus_cards:
                if self.options["zeus_cards"] != "random":
                    raise ValueError(f"{where}: {card!r} is not one of the Zeus cards the zeus_cards option lists "
                                     f"({', '.join(self.zeus_cards)})")
                raise ValueError(f"{where}: {card!r} would be one Zeus card too many: with {n} players the game "
                                 f"has {n} ({', '.join(self.zeus_cards)} are in play already)")
        # the deck's cards are those with a place in canonical order
        cards = _all_once(dealt, self.rules._ranks.keys(), scored)  # type: ignore[attr-defined]
        if cards is None:  # not each card once, all from the pool: say which
            self._check_cards(where, dealt, set(filterfalse(scored.__contains__, self.deck)))
            cards = set(dealt)  # the careful check passing, the quick one would have too
        return cards

    def opening_events(self) -> list[Event]:
        """The current round's `round_started` and `cards_dealt` events (for the table's first deal),
        made from the round's setup."""
        setup = self.rounds[-1].setup
        if not set(SETUP_KEYS) <= set(setup):
            return []  # a search sample's synthetic history
        n = len(self.seats)
        hands, dealer, direction = setup["hands"], setup["dealer"], setup["direction"]
        events = [Event("round_started", None, {
            "round": self.round_index, "dealer": dealer, "direction": direction,
            "hand_size": len(hands[0]), "first_leader": (dealer + direction) % n, "blind": self.divine})]
        for seat, hand in enumerate(hands):
            events.append(Event("cards_dealt", seat, {"count": len(hand), "blind": self.divine},
                                {"cards": list(canonical(hand))}, private_to=seat))
        return events

    # ----- tricks ------------------------------------------------------------------------------------
    def _start_trick(self, leader: int) -> None:
        n = len(self.seats)
        self.leader = leader
        key = (n, leader, self.direction)
        order = _TRICK_ORDERS.get(key)
        if order is None:
            order = _TRICK_ORDERS[key] = tuple((leader + i * self.direction) % n for i in range(n))
        self.order = order
        self.plays: list[TrickPlay] = []
        self.line: tuple[int, ...] = ()
        self.k = 0
        self.trick_max = 0  # the highest value played so far in this trick (T-11)
        self.last_trick = len(self.hands[leader]) == 1  # between tricks every hand holds as many (T-5)

    @property
    def turn(self) -> int | None:
        return None if self.finished else self.order[len(self.plays)]

    def to_act(self) -> tuple[int, ...]:
        return () if self.finished else (self.order[len(self.plays)],)

    def waiting_for(self) -> tuple[int, ...]:
        # no reactions in Télos: the one seat acting (`to_act`) is awaited
        return () if self.finished else (self.order[len(self.plays)],)

    def _multiple_block(self) -> Message | None:
        """T-8: why no multiple lead is allowed in this trick at all, or None."""
        if self.last_trick:
            return ONE_CARD_EACH
        if self.trick_number == 0:
            return msg("no multiple leads on the first trick of a round")
        if self.serpent_ban:
            return msg("no multiple leads after the {card}", card=zeus_card_name(self._serpent_name))
        return None

    def _max_lead(self, seat: int) -> int:
        """The most cards `seat` may lead now (T-8)."""
        if self.last_trick or self.trick_number == 0 or self.serpent_ban:
            return 1
        keep = len(self.hands[seat]) - 1
        if self.max_multiple_lead is not None and self.max_multiple_lead < keep:
            return self.max_multiple_lead
        return keep

    def _max_lead_reason(self, seat: int) -> Message:
        """Why `_max_lead` is no higher, in a player's words."""
        block = self._multiple_block()
        if block is not None:
            return block
        limit = self._max_lead(seat)
        if limit < len(self.hands[seat]) - 1:
            return msg("with {players} players you may lead at most {number} cards",
                       players=number_word(len(self.seats)), number=number_word(limit))
        return msg_n("keep at least one card for the last trick: lead at most {number} card",
                     "keep at least one card for the last trick: lead at most {number} cards", limit,
                     number=number_word(limit))

    @property
    def _serpent_name(self) -> str:
        for z in self.zeus_cards:
            if self.rules.behaviour(z).bans_multiple_leads:
                return self.content.zeus_cards[z].name
        return "Serpent"

    def _earlier_max(self) -> int:
        return self.trick_max

    # ----- the contract ------------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        cached = self._legal_cache.get(seat)  # kept for the turn seat only, until the state changes
        if cached is not None:
            return list(cached)
        if self.finished or seat != self.order[len(self.plays)]:  # not the turn seat
            return []
        hand = self.hands[seat]
        if not self.plays:
            plays = self.rules.leads(hand, self._max_lead(seat), self.last_trick)
        elif self.last_trick:
            plays = [(c,) for c in canonical(hand)]
        elif len(self.line) == 1:  # `follows`, without a call: most tricks are of one card
            plays = self.rules._single_follows(hand, self.line[0], self.trick_max)
        else:
            plays = self.rules.follows(hand, self.line, self._earlier_max())
        actions = list(map(_PLAYS.__getitem__, plays))
        if self.divine and not self.divine_used[seat]:
            actions += [_action("divine", (c,)) for c in canonical(hand)]
        self._legal_cache[seat] = actions
        return list(actions)

    def normalize(self, action: Action) -> Action:
        """Card order inside a play does not matter: `play 9e,Z:bull,9b` -> `play 9b,9e,Z:bull`."""
        if action.verb == "play" and len(action.args) == 1 and action.args[0]:
            return Action("play", (",".join(canonical(action.cards)),))
        return action

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.finished:
            return GAME_OVER
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            return msg("there is no seat {seat}", seat=seat)
        if seat != self.turn:
            return msg("it is {name}'s turn, not yours", name=self.seats[self.turn].name)  # type: ignore[index]
        hand = self.hands[seat]
        if action.verb == "divine":
            if not self.divine:
                return msg("the Divine Trick is not played in this game")
            if len(action.args) != 1:
                return msg("name one card to swap, e.g. 'divine 9a'")
            if self.divine_used[seat]:
                return msg("you have already used your Divine Trick this round")
            return self._not_held(hand, action.args[0])
        if action.verb != "play":
            return msg("'{verb}' is not a Télos action; use 'play' or 'divine'", verb=action.verb)
        if len(action.args) != 1 or not action.args[0]:
            return msg("name the cards to play, e.g. 'play 9a' or 'play 6a,6c'")
        cards = action.cards
        named: set[str] = set()
        for card in cards:
            problem = self._not_held(hand, card)
            if problem:
                return problem
            if card in named:
                return msg("you named {card} twice", card=card)
            named.add(card)
        if not self.plays:
            problem = self.rules.lead_problem(hand, cards, self.last_trick, self._multiple_block(),
                                              self._max_lead(seat))
            return self._max_lead_reason(seat) if problem == TOO_MANY else problem
        if self.last_trick:
            return None if len(cards) == 1 else ONE_CARD_EACH
        return self.rules.follow_problem(hand, cards, self.line, self._earlier_max())

    def _not_held(self, hand: list[str], card: str) -> Message | None:
        if card in hand:
            return None
        if card in self.deck:
            return msg("you do not hold {card}", card=card)
        return msg("there is no card {card} in this game", card=repr(card))

    # The rule code below runs for `apply` and for `advance` alike: `events` is the list the events go
    # into, or None when nobody watches (`advance`), and then no event object is made at all.
    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        self._carry_out(seat, action, events)
        return events

    def _is_listed(self, seat: int, action: Action | str) -> bool:
        """The very object `legal_actions(seat)` listed since the state last changed (an equal action
        made elsewhere takes the checked way: Télos accepts several spellings of one play)."""
        listed = self._legal_cache.get(seat)  # kept for the turn seat only, until the state changes
        return listed is not None and not self.finished and any(map(is_, listed, repeat(action)))

    def _advance_legal(self, seat: int, action: Action) -> None:
        self._carry_out(seat, action, None)

    def advance(self, seat: int, action: Action | str) -> None:
        """`State.advance`, with its usual case (an action just listed for `seat`) taken directly:
        playouts advance hundreds of thousands of times."""
        if not self.finished:
            for listed in self._legal_cache.get(seat, ()):  # a plain loop beats building iterators
                if listed is action:
                    self.rounds[-1].actions.append([seat, listed.text])
                    self._carry_out(seat, listed, None)
                    return
        State.advance(self, seat, action)  # checked as `apply` checks it

    def replay_entries(self, entries: list, known: dict[str, Action]) -> None:
        """`records.replay_entries` for a round of a record, its usual entries written out: a play written
        as this program writes it (its cards in canonical order) or a Divine Trick swap that the rules'
        yes-or-no check finds legal (`_single_play_ok`, `_canonical_play_ok`, `_divine_ok`: what
        `why_illegal` answers, with no reason worded and no list of plays made; the plain replay checks
        the one play too) is recorded and carried out at once. Every other entry (refused by those checks:
        so not one `legal_actions` lists either) takes `records.replay_action`, the general way, which
        words why it is refused. The same states, records and refusals as that (tests/core/test_perf_replay.py
        and tests/telos/test_replay_single_check.py hold it)."""
        a = 0
        cache = self._legal_cache
        single_ok = self._single_play_ok
        try:
            for a, (seat, text) in enumerate(entries):
                if text[:5] == "play " and seat.__class__ is int:
                    if "," not in text:  # most entries play one card
                        if single_ok(seat, text[5:]):
                            self.rounds[-1].actions.append([seat, text])
                            cache.clear()  # `_carry_out`, written out
                            self._play(seat, (text[5:],), None)
                            continue
                    else:
                        cards = tuple(text[5:].split(","))
                        if self._canonical_play_ok(seat, cards):
                            self.rounds[-1].actions.append([seat, text])
                            cache.clear()
                            self._play(seat, cards, None)
                            continue
                elif text[:7] == "divine " and seat.__class__ is int and self._divine_ok(seat, text[7:]):
                    self.rounds[-1].actions.append([seat, text])
                    cache.clear()
                    self._divine_swap(seat, text[7:], None)
                    continue
                replay_action(self, seat, text, known)
        except REPLAY_FAILURES as exc:
            raise EntryFailed(a) from exc

    def _single_play_ok(self, seat: int, card: str) -> bool:
        """Whether `play card` is legal for `seat` now: `why_illegal` answering None, without wording a
        reason or listing the seat's plays (tests/telos/test_replay_single_check.py holds the two equal).
        A replay asks it for every one-card entry; on False it takes the careful way, which says why."""
        if self.finished or seat != self.order[len(self.plays)]:
            return False
        hand = self.hands[seat]
        if card not in hand:
            return False
        value_of: dict[str, int] = self.rules.god_value  # type: ignore[attr-defined]
        value = value_of.get(card)
        if not self.plays:  # T-7, T-9: any God card leads; a Zeus card only last, or from a hand of Zeus cards
            return value is not None or self.last_trick or hand[0] not in value_of  # God cards come first
        if self.last_trick:  # T-18: one card each, any card
            return True
        line = self.line
        if len(line) != 1:
            return False
        need = line[0]
        if (self.trick_max if value is None else value) >= need:  # T-11, T-12: it reaches the line
            return True
        if value is None and (start := self.rules.behaviour(card).free_follow_from) is not None and start <= 1:
            return True  # T-14: an Ant that frees one-card follows
        # T-13: it does not reach, so no card may reach, and it must be the lowest God card (any card
        # when only Zeus cards are left). The hand is in canonical order: its God cards first, lowest first.
        gods = len(hand)
        while gods and hand[gods - 1] not in value_of:
            gods -= 1
        if (gods and value_of[hand[gods - 1]] >= need) or (gods < len(hand) and self.trick_max >= need):
            return False
        if not gods:
            return True
        return value is not None and value == value_of[hand[0]]

    def _canonical_play_ok(self, seat: int, cards: tuple[str, ...]) -> bool:
        """Whether `play cards` is legal for `seat` now and names its cards in canonical order, each once
        (so `normalize` leaves it as it is): `why_illegal` answering None, without wording a reason or
        listing the seat's plays (tests/telos/test_replay_single_check.py holds the two equal)."""
        if self.finished or seat != self.order[len(self.plays)] or not cards:
            return False
        hand = self.hands[seat]
        ranks: dict[str, int] = self.rules._ranks  # type: ignore[attr-defined]  # canonical order, by number
        last = -1
        for card in cards:
            if card not in hand:
                return False
            rank = ranks[card]
            if rank <= last:  # out of canonical order, or named twice
                return False
            last = rank
        rules = self.rules
        value_of: dict[str, int] = rules.god_value  # type: ignore[attr-defined]
        k = len(cards)
        only_zeus = hand[0] not in value_of  # God cards come first in a hand
        if not self.plays:  # leading (T-7..T-9, T-15)
            if k == 1:
                return cards[0] in value_of or self.last_trick or only_zeus
            if self.last_trick or only_zeus or self.trick_number == 0 or self.serpent_ban:
                return False
            gods = [value_of[c] for c in cards if c in value_of]
            if not gods or len(set(gods)) > 1 or any(
                    not rules.behaviour(c).joins_multiple_lead for c in cards if c not in value_of):
                return False
            return k <= self._max_lead(seat)
        if self.last_trick:  # T-18: one card each
            return k == 1
        line, earlier_max = self.line, self.trick_max
        if k != len(line):
            return False
        if rules.reaches(rules.play_values(cards, earlier_max), line) or rules.free_follower(cards, k) is not None:
            return True  # T-12, T-14
        if rules.can_reach(hand, line, earlier_max):  # T-13: one who can reach must
            return False
        gods_in_hand = [c for c in hand if c in value_of]
        gods_played = sorted(value_of[c] for c in cards if c in value_of)
        if len(gods_in_hand) >= k:  # else the k lowest God cards
            return gods_played == sorted(value_of[c] for c in rules.lowest_gods(hand, k))
        return len(gods_played) == len(gods_in_hand)  # every God card, Zeus cards making up the rest

    def _divine_ok(self, seat: int, card: str) -> bool:
        """Whether `divine card` is legal for `seat` now (T-22: once a round, a held card), as `why_illegal`
        answers it, without wording a reason (tests/telos/test_replay_single_check.py holds the two equal)."""
        return not self.finished and self.divine and seat == self.order[len(self.plays)] \
            and not self.divine_used[seat] and " " not in card and card in self.hands[seat]

    def _carry_out(self, seat: int, action: Action, events: list[Event] | None) -> None:
        self._legal_cache.clear()  # `_forget_legal`, without a call
        if action.verb == "divine":
            self._divine_swap(seat, action.args[0], events)
        else:
            self._play(seat, _CARDS_OF.get(action.args[0]) or action.cards, events)  # the same cards either way

    def _forget_legal(self) -> None:
        self._legal_cache.clear()

    def _divine_swap(self, seat: int, card: str, events: list[Event] | None) -> None:
        """T-22: the hand card goes face down for the rest of the round; the blind card joins the hand."""
        assert self.blind is not None
        got = self.blind[seat]
        self.hands[seat].remove(card)
        self.hands[seat] = list(canonical(self.hands[seat] + [got]))
        self.blind[seat] = card
        self.divine_used[seat] = True
        if events is not None:
            events.append(Event("divine_swap", seat, {}, {"gave": card, "got": got}, private_to=seat))

    def _play(self, seat: int, cards: tuple[str, ...], events: list[Event] | None) -> None:
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        plays = self.plays
        lead = not plays
        god_value = self.rules.god_value.get(cards[0]) if len(cards) == 1 else None  # type: ignore[attr-defined]
        if god_value is not None:  # most plays: one God card, worth its value
            values: tuple[int, ...] = (god_value,)
        else:
            values = tuple(self._value_as_played(cards, lead))
        if lead:
            self.k = len(cards)
            self.line = tuple(sorted(values))
        elif len(values) == 1:
            self.line = (max(self.line[0], values[0]),)
        else:
            self.line = tuple(map(max, self.line, sorted(values)))
        plays.append(TrickPlay(seat, tuple(cards), values))
        trick_max = max(values)
        if trick_max > self.trick_max:
            self.trick_max = trick_max
        if events is not None:
            events.append(Event("cards_played", seat, {
                "cards": list(cards), "values": list(values), "line": list(self.line), "k": self.k,
                "lead": lead, "last_trick": self.last_trick}))
        if god_value is None:  # only Zeus cards have powers
            self._use_powers(seat, cards, events)
        if len(self.plays) == len(self.seats):
            self._finish_trick(events)

    def _value_as_played(self, cards: tuple[str, ...], lead: bool) -> list[int]:
        """T-9, T-11, T-15, T-18: what each card counts for in this trick."""
        value_of = self.rules.value_of
        if self.last_trick:
            zeus_value = self.content.zeus_last_trick_value
            return [zeus_value if c.startswith(ZEUS_PREFIX) else value_of[c] for c in cards]
        if lead:
            gods = [value_of[c] for c in cards if not c.startswith(ZEUS_PREFIX)]
            led = gods[0] if gods else 0  # a Zeus card led alone counts 0 (T-9); the Bull takes the led value
            return [led if c.startswith(ZEUS_PREFIX) else value_of[c] for c in cards]
        return self.rules.play_values(cards, self._earlier_max())

    def _use_powers(self, seat: int, cards: tuple[str, ...], events: list[Event] | None) -> None:
        """T-14..T-17: powers act when played; only the Swan still matters after the last trick."""
        for card in cards:
            if not card.startswith(ZEUS_PREFIX):
                continue
            behaviour = self.rules.behaviour(card)
            if behaviour.reverses_direction:
                self.direction = -self.direction
                if events is not None:
                    events.append(Event("direction_changed", seat, {"direction": self.direction, "card": card}))
            if self.last_trick:
                continue
            if behaviour.bans_multiple_leads and not self.serpent_ban:
                self.serpent_ban = True
                if events is not None:
                    events.append(Event("serpent_ban", seat, {"card": card}))

    def _lead_rule(self) -> tuple[str, int, str] | None:
        """T-16, T-17: (kind, seat, card) when an Eagle or Cuckoo played this trick picks the next
        leader. Within one play the Eagle decides; across plays the later one does."""
        if self.last_trick or not self.rules.picks_next_leader:
            return None
        rule = None
        for play in self.plays:
            leads_next: dict[str, str] = {}
            for card in play.cards:
                if is_zeus(card) and self.rules.behaviour(card).next_leader:
                    leads_next[self.rules.behaviour(card).next_leader] = card
            for kind in ("lowest", "player"):
                if kind in leads_next:
                    rule = (kind, play.seat, leads_next[kind])
        return rule

    def _finish_trick(self, events: list[Event] | None) -> None:
        """T-13, T-16: the highest card wins (ties: played last); Eagle or Cuckoo may pick the next leader."""
        winner, winning_card, best = -1, "", -1
        lowest_seat, low = -1, 10**6
        plays = self.plays
        for play in plays:
            if len(play.cards) == 1:  # most tricks: one card each
                card, value = play.cards[0], play.values[0]
                if value >= best:
                    winner, winning_card, best = play.seat, card, value
                if value <= low:
                    lowest_seat, low = play.seat, value
                continue
            for card, value in zip(play.cards, play.values):
                if value >= best:
                    winner, winning_card, best = play.seat, card, value
                if value <= low:
                    lowest_seat, low = play.seat, value
        next_leader, reason = winner, "winner"
        all_cards = [card for play in plays for card in play.cards]
        # No Eagle or Cuckoo in the game, or only God cards in the trick (most tricks): no call.
        lead_rule = self._lead_rule() if self.rules.picks_next_leader and \
            not all(map(self.rules.god_value.__contains__, all_cards)) else None  # type: ignore[attr-defined]
        if lead_rule is not None:
            kind, who, _card = lead_rule
            next_leader, reason = (who, "eagle") if kind == "player" else (lowest_seat, "cuckoo")
        if events is not None:
            events.append(Event("trick_won", winner, {
                "winner": winner, "next_leader": None if self.last_trick else next_leader, "reason": reason,
                "cards": all_cards, "winning_card": winning_card, "value": best, "last_trick": self.last_trick}))
        if self.last_trick:
            self._score_round(winner, winning_card, best, all_cards, events)
            return
        self.round_discards += all_cards
        self.previous_trick, self.previous_winner = tuple(plays), winner
        self.trick_number += 1
        self._start_trick(next_leader)

    def _score_round(self, winner: int, card: str, points: int, trick_cards: list[str],
                     events: list[Event] | None) -> None:
        """T-19, T-20, T-2: the winning card becomes a score card; 32 loses; else the winner deals."""
        self.round_discards += [c for c in trick_cards if c != card]
        self.score_cards[winner].append(card)
        self.totals[winner] += points
        score = [0] * len(self.seats)
        score[winner] = points
        ended = self._end_round(score, events is not None)
        if events is not None:
            events += [Event("round_scored", winner, {"seat": winner, "card": card, "points": points,
                                                      "total": self.totals[winner], "round": self.round_index}),
                       ended]
        if self.totals[winner] >= self.content.losing_total:
            self.loser = winner
            self.previous_trick, self.previous_winner = tuple(self.plays), winner
            game_ended = self._finish([s for s in range(len(self.seats)) if s != winner])
            if events is not None:
                events += [Event("game_over", None, {"loser": winner, "winners": list(self.winners)}), game_ended]
            return
        self._start_round(dealer=winner, wanted_size=max(self.content.minimum_hand_size, points))
        if events is not None:
            events += self.opening_events()

    # ----- what a seat may know ----------------------------------------------------------------------
    def playable_cards(self, seat: int) -> tuple[str, ...]:
        """Cards of `seat` that can be part of a legal play now (equal-valued God cards count alike)."""
        keys: set[Any] = set()
        for action in self.legal_actions(seat):
            if action.verb == "play":
                keys.update(c if is_zeus(c) else self.rules.value_of[c] for c in action.cards)
        return tuple(c for c in self.hands[seat] if (c if is_zeus(c) else self.rules.value_of[c]) in keys)

    def view(self, seat: int | None) -> TelosView:
        n = len(self.seats)
        own = seat is not None and 0 <= seat < n
        options = {k: (tuple(v) if isinstance(v, list) else v) for k, v in self.options.items()}
        return TelosView(
            seat=seat,
            names=tuple(s.name for s in self.seats),
            hand=tuple(self.hands[seat]) if own else (),  # type: ignore[index]
            hand_sizes=tuple(len(h) for h in self.hands),
            playable=self.playable_cards(seat) if own and seat == self.turn else (),  # type: ignore[arg-type]
            trick=tuple(self.plays),
            trick_order=self.order,
            line=self.line,
            k=self.k,
            leader=self.leader,
            turn=self.turn,
            direction=self.direction,
            first_trick=self.trick_number == 0,
            last_trick=self.last_trick,
            trick_number=self.trick_number,
            serpent_ban=self.serpent_ban,
            max_lead=self._max_lead(seat) if own else 1,  # type: ignore[arg-type]
            played_this_round=tuple(self.round_discards),
            previous_trick=self.previous_trick,
            previous_winner=self.previous_winner,
            score_cards=tuple(tuple(s) for s in self.score_cards),
            totals=tuple(self.totals),
            losing_total=self.content.losing_total,
            zeus_cards=self.zeus_cards,
            powers=self.options["powers"],
            divine_trick=self.divine,
            divine_available=bool(own and self.divine and not self.divine_used[seat] and not self.finished),  # type: ignore[index]
            divine_used=tuple(self.divine_used),
            round_index=self.round_index,
            dealer=self.dealer,
            hand_size=self.hand_size,
            options=MappingProxyType(options),
            finished=self.finished,
            winners=self.winners,
            loser=self.loser,
        )


def _trick_play(play: Mapping[str, Any]) -> TrickPlay:
    return TrickPlay(play["seat"], tuple(play["cards"]), tuple(play["values"]))


def _trick_play_json(play: TrickPlay) -> dict[str, Any]:
    return {"seat": play.seat, "cards": list(play.cards), "values": list(play.values)}
