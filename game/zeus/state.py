"""A Zeus on the Loose game in progress: every settled point Z-1..Z-16 of rules/zeus.md.

Rounds follow each other inside `apply`: when a round ends (or is void) the next one is dealt at
once, so the game always waits for someone until it is finished. A round's deal comes from
`round_rng(seed, round)` or, when replaying, from the record's setup.

A position (`position()`, `ZeusGame.from_position`) has the record's keys and `now`:
- the round-setup keys as they stand now: `dealer`, `first`, `hands` (per seat), `draw_pile` (top first);
- `turn`, `total` (Mount Olympus), `pile` ([card, seat] pairs, bottom first), `zeus_holder`, `owes_draw`
  (manual_draw: the seat that may still draw), `last_round_winner` (seats or null);
- `deals_next_round`: false in a search sample, which is finished (no winners) when its round ends.
The number on top (for matches and sneaks) follows from `pile`; hands, pile and draw pile hold the deck.
"""
from __future__ import annotations

from collections import Counter
from itertools import chain, repeat
from operator import is_
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from game.core.actions import Action
from game.core.engine import GAME_OVER, SeatInfo, State, shuffle
from game.core.messages import Message, msg
from game.core.records import REPLAY_FAILURES, EntryFailed, PositionParts, read_position, replay_action
from game.core.events import Event
from game.zeus.deck import HAND_SIZE, MOUNT_OLYMPUS_TOP, ZeusDeck, action_for
from game.zeus.outcome import outcome_of, play_effect
from game.zeus.terms import god_name
from game.zeus.view import ZeusView

if TYPE_CHECKING:
    from game.zeus.game import ZeusGame

LETTERS_TO_WIN = 4
VERBS = ("play", "sneak", "draw")
SETUP_KEYS = ("dealer", "first", "hands", "draw_pile")
NOW_KEYS = SETUP_KEYS + ("turn", "total", "pile", "zeus_holder", "owes_draw", "last_round_winner",
                         "deals_next_round", "coming_setups")


DRAW = Action.of("draw")


def first_player_by_name(names: Sequence[str]) -> int:
    """Z-2: the name closest to Z (compared after casefold, character by character); ties: lowest seat."""
    return max(range(len(names)), key=lambda s: (names[s].casefold(), -s))


class ZeusState(State):
    game_id = "zeus"
    REPLAY_WITHOUT_LISTING = True  # each play leaves the next turn's list kept (records.replay)
    COPIES_SETUPS_AT_ROUND_START = True  # `_start_round` copies a recorded deal once it is checked

    def __init__(
        self,
        deck: ZeusDeck,
        seats: Sequence[SeatInfo],
        options: Mapping[str, Any],
        seed: int,
        setups: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        super().__init__(seats, options, seed, setups)
        self.deck = deck
        self._deck_counts = deck.counts
        self.players = n = len(self.seats)
        self._take_options()
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self._held = [0] * n  # per seat: the kinds of card in its hand, as bits (`ZeusDeck.bit`)
        self.draw_pile: list[str] = []  # top first
        self.pile: list[tuple[str, int]] = []  # Mount Olympus, bottom first: (card, who played it)
        self.total = 0
        self.zeus_holder: int | None = None
        self.turn = 0
        self.dealer = 0
        self.first = 0
        self.last_round_winner: int | None = None
        self.owes_draw: int | None = None  # manual_draw: the seat that may still take its draw
        # False in a search sample: when its round ends the state stops (finished, no winners)
        # instead of dealing a round the search would never look at.
        self.deals_next_round = True
        self._top: tuple[int | None, int | None] = (None, None)  # kept in step with `pile`
        self._names = tuple(s.name for s in self.seats)
        # Caches for the many rule checks an action triggers; `_forget_derived` clears them on every change.
        self._sneakers: tuple[int, ...] | None = None
        self._legal: dict[int, list[Action]] = {}
        self._turn_plays: list[Action] | None = None  # the turn seat's plays (Z-7), also asked by Z-8
        first = first_player_by_name([s.name for s in self.seats])
        self._start_round((first - 1) % n, None)  # its events: `opening_events`

    # ----- positions --------------------------------------------------------------------------------
    @classmethod
    def from_position(cls, game: "ZeusGame", position: Mapping[str, Any]) -> "ZeusState":
        """The public position constructor (`ZeusGame.from_position`): check, then take, a position."""
        parts = read_position(game, position)
        state = cls.__new__(cls)
        state._take_position(game, parts)
        return state

    def _take_position(self, game: "ZeusGame", parts: PositionParts) -> None:
        """Become the checked position (`from_position`)."""
        State.__init__(self, parts.seats, parts.options, parts.seed)
        self.deck = game.deck
        self._deck_counts = game.deck_counts
        self.players = len(self.seats)
        self._take_options()
        self._names = tuple(s.name for s in self.seats)
        self._adopt_history(parts.rounds, parts.totals, parts.winners, parts.finished)
        self._check_now(parts.now)
        self._take_coming_setups(parts.now["coming_setups"])
        now = parts.now
        self.dealer, self.first, self.turn = now["dealer"], now["first"], now["turn"]
        self.hands = [list(h) for h in now["hands"]]
        self._held = [self.deck.mask_of(h) for h in self.hands]
        self.draw_pile = list(now["draw_pile"])
        self.pile = [(card, seat) for card, seat in now["pile"]]
        self.total = now["total"]
        self.zeus_holder = now["zeus_holder"]
        self.owes_draw = now["owes_draw"]
        self.last_round_winner = now["last_round_winner"]
        self.deals_next_round = now["deals_next_round"]
        self._top = self._top_of_pile()
        self._forget_derived()

    def _take_options(self) -> None:
        """What the options fix for the whole game, read once: the hot path asks on every action."""
        self._sneaks_possible = self.players > 2 and bool(self.options.get("sneak"))  # Z-9
        # What `_sneakers` is reset to after each change: None (work it out when asked), or () when
        # nobody can ever sneak in this game (the option is off, or two players).
        self._sneakers_unknown: tuple[int, ...] | None = None if self._sneaks_possible else ()
        self._manual_draw = bool(self.options.get("manual_draw"))

    def _position_now(self) -> dict[str, Any]:
        """The round-setup keys as they stand now (Z-1's deal, played on), and the rest of the round."""
        return {
            "dealer": self.dealer, "first": self.first,
            "hands": [list(h) for h in self.hands], "draw_pile": list(self.draw_pile),
            "turn": self.turn, "total": self.total, "pile": [[card, seat] for card, seat in self.pile],
            "zeus_holder": self.zeus_holder, "owes_draw": self.owes_draw,
            "last_round_winner": self.last_round_winner, "deals_next_round": self.deals_next_round,
            "coming_setups": self._coming_setups(),
        }

    def _check_now(self, now: Mapping[str, Any]) -> None:
        """A position's `now` must be a round the rules could reach (else ValueError saying why)."""
        n = self.players
        if sorted(now) != sorted(NOW_KEYS):
            raise ValueError(f"position 'now' must have exactly the keys {', '.join(NOW_KEYS)}")

        def seat_or_none(key: str, allow_none: bool = True) -> None:
            value = now[key]
            if not ((value is None and allow_none) or (type(value) is int and 0 <= value < n)):
                raise ValueError(f"position 'now': {key} must be a seat 0..{n - 1}"
                                 + (" or null" if allow_none else f", found {value!r}"))

        for key in ("dealer", "first", "turn"):
            seat_or_none(key, allow_none=False)
        for key in ("zeus_holder", "owes_draw", "last_round_winner"):
            seat_or_none(key)
        if now["first"] != (now["dealer"] + 1) % n:
            raise ValueError(f"position 'now': first must be the seat after dealer {now['dealer']} (Z-1)")
        total = now["total"]
        if type(total) is not int or total < 0:  # a match or sneak may end a round past 100 (Z-12)
            raise ValueError("position 'now': total must be a whole number 0 or more")
        if type(now["deals_next_round"]) is not bool:
            raise ValueError("position 'now': deals_next_round must be true or false")
        pile = now["pile"]
        if not isinstance(pile, list) or any(
                not isinstance(p, list) or len(p) != 2 or type(p[1]) is not int or not 0 <= p[1] < n
                for p in pile):
            raise ValueError("position 'now': pile must list [card, seat] pairs, bottom first")
        hands, draw_pile = now["hands"], now["draw_pile"]
        if not isinstance(hands, list) or len(hands) != n or \
                any(not isinstance(h, list) for h in hands) or not isinstance(draw_pile, list):
            raise ValueError(f"position 'now': hands must be {n} lists and draw_pile a list")
        self._check_cards("position 'now'", hands, draw_pile + [card for card, _ in pile])

    def _check_cards(self, where: str, hands: list[list[str]], elsewhere: list[str]) -> None:
        """Zeus removes no card from play: hands and every other place hold exactly the deck."""
        try:
            held = Counter(chain(chain.from_iterable(hands), elsewhere))
        except TypeError:
            raise ValueError(f"{where} must name cards by their ids") from None
        if not dict.__eq__(held, self._deck_counts):  # plain dict equality: Counter's is slow
            raise ValueError(f"{where} does not hold exactly the cards of the deck")

    def _top_of_pile(self) -> tuple[int | None, int | None]:
        """The number card on top of Mount Olympus and its player, if the top card is a number."""
        if not self.pile:
            return (None, None)
        card, seat = self.pile[-1]
        value = self.deck.cards[card].value
        return (value, seat) if value is not None else (None, None)

    def _shared_with_copies(self) -> tuple[Any, ...]:
        return (self.seats, self.deck, self._names, self._deck_counts)

    # ----- who acts and what they may do -----------------------------------------------------------
    def opening_events(self) -> list[Event]:
        """The events of the current round's deal (the constructor's deal returned them to nobody)."""
        setup = self.rounds[-1].setup
        return self._deal_events(setup) if set(SETUP_KEYS) <= set(setup) else []

    def top_number(self) -> tuple[int | None, int | None]:
        """The number card on top of Mount Olympus and who played it; (None, None) if the top is a god."""
        return self._top

    def sneak_open(self) -> bool:
        """Z-9: a number card was just played, so others may sneak a match until the next card."""
        return bool(self.options.get("sneak")) and self.players > 2 and self.top_number()[0] is not None \
            and not self.finished

    def sneakers(self) -> tuple[int, ...]:
        """Seats that may sneak now: not the turn seat, not the card's player, holding the number."""
        sneakers = self._sneakers
        if sneakers is None:  # the rule is in play (see `_forget_derived`); `sneak_open`, less its option checks
            number, played_by = self._top
            sneakers = ()
            if number is not None and not self.finished:
                bit, turn = self.deck.number_bits[number], self.turn
                for seat, kinds in enumerate(self._held):  # few hold the number: test that first
                    if kinds & bit and seat != turn and seat != played_by:
                        sneakers += (seat,)
            self._sneakers = sneakers
        return sneakers

    def _may_sneak(self, seat: int) -> bool:
        """`seat in self.sneakers()` for one seat, without working out every seat's (a replay asks it of
        the one seat whose sneak the record lists; tests/core/test_perf_replay.py holds it to `sneakers`)."""
        sneakers = self._sneakers
        if sneakers is not None:
            return seat in sneakers
        number, played_by = self._top
        return number is not None and not self.finished and seat != self.turn and seat != played_by \
            and bool(self._held[seat] & self.deck.number_bits[number])

    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        if self.owes_draw is None and not (self._sneaks_possible and self.sneakers()):  # the usual case, quickly
            return (self.turn,)
        seats = [self.turn, *self.sneakers()]
        if self.owes_draw is not None and self.owes_draw not in seats:
            seats.append(self.owes_draw)
        return tuple(seats)

    def is_reaction(self, seat: int) -> bool:
        """A sneak or a manual draw: everyone acting but the turn seat (see `to_act`)."""
        return not self.finished and seat != self.turn and (seat in self.sneakers() or seat == self.owes_draw)

    def waiting_for(self) -> tuple[int, ...]:
        """Only the turn seat: sneaks and draws are offered, never awaited."""
        return () if self.finished else (self.turn,)

    def is_playable(self, seat: int, card: str) -> bool:
        """Z-7: a card the seat may play on its turn (it must also hold it)."""
        value = self.deck.values[card]
        if value is not None:  # the common case, without building an outcome
            number, played_by = self._top
            return self.total + value <= MOUNT_OLYMPUS_TOP or (value == number and played_by != seat)
        return self.deck.god_total(card, self.total) <= MOUNT_OLYMPUS_TOP

    def legal_actions(self, seat: int) -> list[Action]:
        cached = self._legal.get(seat)  # asked before every decision: the kept list, without a call
        return list(self._legal_list(seat) if cached is None else cached)  # a copy: the cache must not change

    def _legal_list(self, seat: int) -> list[Action]:
        """`legal_actions(seat)`, kept until the state changes (`_forget_derived`); never hand it out."""
        cached = self._legal.get(seat)
        if cached is None:
            if self.finished or not (0 <= seat < self.players):
                return []
            cached = self._plays_on_turn() if seat == self.turn else []  # shared: copied before any change
            if seat in self.sneakers():
                cached = [*cached, action_for("sneak", str(self._top[0]))]
            if self.owes_draw == seat:
                cached = [*cached, DRAW]
            self._legal[seat] = cached
        return cached

    def _plays_on_turn(self) -> list[Action]:
        """Z-7: the turn seat's playable cards, one `play` per kind of card, in deck order."""
        plays = self._turn_plays
        if plays is None:
            seat, deck = self.turn, self.deck
            total, fits = self.total, deck.fits_by_total  # `fits_mask`, without a call
            fitting = fits[total] if 0 <= total < len(fits) else deck.fits_mask(total)
            number, played_by = self._top
            if number is not None and played_by != seat:  # a match is played past 100 too
                fitting |= deck.number_bits[number]
            playable = self._held[seat] & fitting
            plays = self._turn_plays = deck.plays_by_mask.get(playable) or deck.plays_of(playable)
        return plays

    def normalize(self, action: Action) -> Action:
        """Card names are read without regard to case (`play hermes` is `play Hermes`)."""
        if action.verb in ("play", "sneak") and len(action.args) == 1 and action.args[0] not in self.deck.cards:
            for card_id in self.deck.order:
                if card_id.casefold() == action.args[0].casefold():
                    return Action.of(action.verb, card_id)
        return action

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.finished:
            return GAME_OVER
        if not (0 <= seat < self.players):
            return msg("only the players act in Zeus on the Loose")
        if action in self._legal_list(seat):
            return None
        return self._explain(seat, action)

    def _explain(self, seat: int, action: Action) -> Message:
        """Why a listed-as-illegal action is not allowed, in the words a player would use."""
        verb, args = action.verb, action.args
        if verb not in VERBS:
            return msg("there is no '{verb}' in Zeus on the Loose; you can play, sneak or draw", verb=verb)
        if verb == "draw":
            if args:
                return msg("'draw' takes nothing after it")
            if not self.options.get("manual_draw"):
                return msg("drawing is automatic in this game")
            return msg("you have no card to draw now (you draw right after playing, before the next card)")
        if len(args) != 1:
            return msg("say one card, as in 'play 7' or 'play Hermes'") if verb == "play" else \
                msg("say one number, as in 'sneak 8'")
        card = args[0]
        if card not in self.deck.cards:
            return msg("there is no card '{card}' in Zeus on the Loose", card=card)
        definition = self.deck.cards[card]
        if verb == "play":
            if seat != self.turn:
                if seat in self.sneakers() and card == str(self.top_number()[0]):
                    return msg("it is not your turn, but you can sneak your {card} ('sneak {card}')", card=card)
                return msg("it is not your turn")
            if card not in self.hands[seat]:
                if definition.is_number:
                    return msg("you do not hold a {card}", card=card)
                return msg("you do not hold {god}", god=god_name(card))
            return msg("that would take Mount Olympus past 100")
        # sneak
        if not self.options.get("sneak"):
            return msg("the Same Number Sneak is not played in this game")
        if seat == self.turn:
            return msg("it is your turn: play the matching card as an ordinary play")
        if not definition.is_number:
            return msg("only a number card can be sneaked")
        number, played_by = self.top_number()
        if number is None:
            return msg("you can only sneak right after a number card is played")
        if played_by == seat:
            return msg("you cannot sneak onto your own card")
        if definition.value != number:
            return msg("you can only sneak a card matching the {number} on top", number=number)
        if card not in self.hands[seat]:
            return msg("you do not hold a {card}", card=card)
        if self.players == 2:
            return msg("with two players there is no Same Number Sneak")
        return msg("'{action}' is not allowed now", action=str(action))

    # ----- carrying out actions ---------------------------------------------------------------------
    def _forget_derived(self) -> None:
        # Without the Same Number Sneak in play (an option, or two players) nobody ever may sneak.
        self._sneakers = self._sneakers_unknown
        self._legal = {}
        self._turn_plays = None

    # The rule code below runs for `apply` and for `advance` alike: `events` is the list the events go
    # into, or None when nobody watches (`advance`), and then no event object is made at all.
    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        self._carry_out(seat, action, events)
        return events

    def _is_listed(self, seat: int, action: Action | str) -> bool:
        """One of the very objects in the legal list kept for `seat` (empty once the game is over; none
        for a seat out of range). Compared by identity in one C-level pass: an equal action made
        elsewhere takes the checked way, which accepts it just the same."""
        listed = self._legal.get(seat)
        return listed is not None and any(map(is_, listed, repeat(action)))

    def _advance_legal(self, seat: int, action: Action) -> None:
        self._carry_out(seat, action, None)

    def advance(self, seat: int, action: Action | str) -> None:
        """`State.advance`, with its usual case (an action just listed for `seat`) taken directly:
        playouts advance hundreds of thousands of times."""
        for listed in self._legal.get(seat, ()):  # a few actions: a plain loop beats building iterators
            if listed is action:
                self.rounds[-1].actions.append([seat, listed.text])
                self._carry_out(seat, listed, None)
                return
        State.advance(self, seat, action)  # checked as `apply` checks it

    def replay_entries(self, entries: list, known: dict[str, Action]) -> None:
        """`records.replay_entries` for a round of a record: the same states, records and refusals
        (tests/core/test_perf_replay.py holds it to that, damaged entries included).

        Nearly every entry of a record is a play listed for the turn seat (kept after every play for the
        next turn) or a sneak by a seat in `sneakers()`; the deck names the action, card and number of
        every such text (`ZeusDeck.replay_moves`). Those are recorded and carried out here: `_carry_out`
        written out for a play whose effect the deck already keeps, with no events and the deck's tables
        at hand (tests/core/test_zeus_replay_moves.py holds one entry of this loop to the general way at
        every moment of random games, damaged entries included). Anything else takes `_replay_entry`, and
        so does every entry of a manual draw game (a draw owed changes what a seat may do)."""
        if self._manual_draw or self.owes_draw is not None:
            a = 0
            try:
                for a, (seat, text) in enumerate(entries):
                    self._replay_entry(seat, text, known)
            except REPLAY_FAILURES as exc:
                raise EntryFailed(a) from exc
            return
        deck = self.deck
        moves, plain_effects, effect_cache = deck.replay_moves, deck.plain_effects, deck.effect_cache
        without, bit, number_bits = deck.without, deck.bit, deck.number_bits
        fits_on_top, plays_by_mask = deck.fits_on_top, deck.plays_by_mask
        players, sneaks_possible, sneakers_unknown = self.players, self._sneaks_possible, self._sneakers_unknown
        # What a round start replaces: read again after any entry that may have ended the round.
        log, hands, held, pile, draw_pile = (self.rounds[-1].actions, self.hands, self._held, self.pile,
                                             self.draw_pile)
        kept = self._legal
        a = 0
        try:
            for a, (seat, text) in enumerate(entries):
                move = moves.get(text)
                if move is not None:
                    action, card, value, sneak = move
                    number, played_by = self._top
                    if sneak:  # `seat in sneakers()` (a seat may sneak only the number on top), as `_may_sneak`
                        if sneaks_possible and value == number and seat.__class__ is int and 0 <= seat < players \
                                and seat != self.turn and seat != played_by and held[seat] & number_bits[value] \
                                and not self.finished:
                            match = True
                        else:
                            move = None
                    else:  # the very action kept as listed for the seat
                        for listed in kept.get(seat, ()):
                            if listed is action:
                                match = value is not None and value == number and played_by != seat
                                break
                        else:
                            move = None
                if move is None:
                    self._replay_entry(seat, text, known)
                else:
                    log.append([seat, text])
                    before = self.total
                    if match or sneak or before > MOUNT_OLYMPUS_TOP:
                        effect = effect_cache.get((card, before, match, sneak))
                    else:
                        effect = plain_effects[card][before]
                    if effect is None:  # not kept yet: `_carry_out` works it out
                        self._carry_out(seat, action, None)
                    else:  # `_carry_out` with no events (owes_draw is None: the draw is automatic)
                        after, steal_reason, wins_round, skips_next = effect
                        self.total = after
                        hand = hands[seat]
                        hand.remove(card)
                        if card not in hand:
                            held[seat] &= without[card]
                        pile.append((card, seat))
                        self._top = (value, seat) if value is not None else (None, None)
                        if steal_reason is not None:
                            self.zeus_holder = seat
                        if wins_round is not None:
                            self._close_round(wins_round, None)
                        elif not draw_pile:
                            self._close_round("draw_pile_empty", None)
                        else:
                            drawn = draw_pile.pop(0)
                            hand.append(drawn)
                            held[seat] |= bit[drawn]
                            turn = self.turn = (seat + (2 if skips_next else 1)) % players
                            playable = held[turn] & fits_on_top[value][after]
                            plays = self._turn_plays = plays_by_mask.get(playable) or deck.plays_of(playable)
                            self._sneakers = sneakers_unknown
                            if plays:
                                kept = self._legal = {turn: plays}
                                continue
                            self._close_round("no_legal_play", None)
                log, hands, held, pile, draw_pile = (self.rounds[-1].actions, self.hands, self._held, self.pile,
                                                     self.draw_pile)
                kept = self._legal
        except REPLAY_FAILURES as exc:
            raise EntryFailed(a) from exc

    def _replay_entry(self, seat: int, text: str, known: dict[str, Action]) -> None:
        """One entry `replay_entries` does not carry out itself: the action listed for `seat` (kept, or
        listed now: a sneak, a round's first play) carried out at once, else `replay_action`."""
        action = known.get(text)
        if action is None:
            replay_action(self, seat, text, known)
            return
        listed_now = self._legal.get(seat)
        if listed_now is None and seat.__class__ is int:  # a sneak, a round's first play
            if action.verb == "sneak" and self.owes_draw is None and 0 <= seat < self.players:
                # a sneak by a seat other than the turn seat: its list would be this sneak alone
                # if `seat in sneakers()`, so test that without building and keeping the list
                if seat != self.turn and self._may_sneak(seat) and action is action_for("sneak", str(self._top[0])):
                    self.rounds[-1].actions.append([seat, action.text])
                    self._carry_out(seat, action, None)
                else:
                    replay_action(self, seat, text, known)
                return
            listed_now = self._legal_list(seat)
        for listed in listed_now or ():
            if listed is action:
                self.rounds[-1].actions.append([seat, listed.text])
                self._carry_out(seat, listed, None)
                return
        replay_action(self, seat, text, known)

    def _carry_out(self, seat: int, action: Action, events: list[Event] | None) -> None:
        """A manual draw, or Z-4..Z-8, Z-11..Z-15 for one card played or sneaked. A play leaves the
        derived caches as `_forget_derived` would, less what it already knows: the new turn seat's
        plays, which Z-8 asks for (one function, not three: it runs for every action of a playout)."""
        verb = action.verb
        if verb == "draw":
            self._forget_derived()
            self.owes_draw = None
            self._draw_one(seat, events)
            return
        card = action.args[0]
        sneak = verb == "sneak"
        if self.owes_draw is not None:  # Z-15: the next card is played before that seat drew
            if events is not None:
                events.append(Event("draw_lost", seat=self.owes_draw))
            self.owes_draw = None
        deck = self.deck
        number, played_by = self._top
        before = self.total
        value = deck.value_of[card]
        match = value is not None and value == number and played_by != seat
        if match or sneak or before > MOUNT_OLYMPUS_TOP:
            key = (card, before, match, sneak)
            effect = deck.effect_cache.get(key)
            if effect is None:
                effect = deck.effect_cache[key] = play_effect(outcome_of(deck.cards[card], before, match, sneak))
        else:  # most plays: kept by card and total, with no key to build and compare
            effects = deck.plain_effects[card]
            effect = effects[before]
            if effect is None:
                effect = effects[before] = play_effect(outcome_of(deck.cards[card], before, False, False))
        after, steal_reason, wins_round, skips_next = effect
        self.total = after
        hand = self.hands[seat]
        hand.remove(card)
        held = self._held
        if card not in hand:  # that was its last card of this kind
            held[seat] &= deck.without[card]
        self.pile.append((card, seat))
        self._top = (value, seat) if value is not None else (None, None)  # `_top_of_pile`, known here
        if events is not None:
            events.append(Event("card_played", seat, {
                "card": card, "total_before": before, "total": after, "sneak": sneak, "by_turn": not sneak}))
        if steal_reason is not None and self.zeus_holder != seat:  # Z-6, Z-10
            if events is not None:
                events.append(Event("zeus_stolen", seat, {"from_seat": self.zeus_holder, "reason": steal_reason}))
            self.zeus_holder = seat
        if wins_round is not None:  # Z-11, Z-12
            self._close_round(wins_round, events)
            return

        step = 1
        if skips_next:  # Athena; with two players the skipped seat is the other one, so the player goes again
            step = 2
            if events is not None:
                events.append(Event("turn_skipped", seat=(seat + 1) % self.players))

        draw_pile = self.draw_pile
        if not draw_pile:  # Z-13: this player must draw and cannot
            self._close_round("draw_pile_empty", events)
            return
        if self._manual_draw:
            self.owes_draw = seat
        else:  # `_draw_one`, here without a call: nearly every play draws
            drawn = draw_pile.pop(0)
            hand.append(drawn)
            held[seat] |= deck.bit[drawn]
            if events is not None:
                events.append(Event("card_drawn", seat, {"draw_pile_size": len(draw_pile)},
                                    {"card": drawn}, private_to=seat))

        turn = self.turn = (seat + step) % self.players
        if events is not None:
            events.append(Event("turn_passed", turn, {"turn": turn}))
        # Z-8 needs the new turn seat's plays: `_plays_on_turn`, here from what is known: the card just
        # played is on top (a number only `seat` cannot match, and after a number the turn is someone
        # else's), and `after` is the total, below 100 here (100 or more ended the round).
        playable = held[turn] & deck.fits_on_top[value][after]
        plays = self._turn_plays = deck.plays_by_mask.get(playable) or deck.plays_of(playable)
        self._sneakers = self._sneakers_unknown  # as `_forget_derived` leaves them
        if not plays:
            self._close_round("no_legal_play", events)
        elif self.owes_draw != turn:  # then these plays are all the turn seat may do: keep them as its list
            self._legal = {turn: plays}
        else:
            self._legal = {}

    def _draw_one(self, seat: int, events: list[Event] | None) -> None:
        card = self.draw_pile.pop(0)
        self.hands[seat].append(card)
        self._held[seat] |= self.deck.bit[card]
        if events is not None:
            events.append(Event("card_drawn", seat, {"draw_pile_size": len(self.draw_pile)},
                                {"card": card}, private_to=seat))

    # ----- rounds -------------------------------------------------------------------------------------
    def _close_round(self, reason: str, events: list[Event] | None) -> None:
        """Score the round for the Zeus holder (Z-8, Z-11..Z-14), then finish or deal the next one."""
        n = self.players
        winner = self.zeus_holder
        self.owes_draw = None
        self._forget_derived()
        if winner is None:  # Z-14: void, the same dealer deals again
            ended = self._end_round([0] * n, events is not None)
            if events is not None:
                events += [Event("round_won", None, {"reason": reason, "letters": tuple(self.totals)}),
                           Event("round_void", None, {"reason": reason, "dealer": self.dealer}), ended]
            self._next_round(self.dealer, events)
            return
        self.totals[winner] += 1
        self.last_round_winner = winner
        ended = self._end_round([1 if s == winner else 0 for s in range(n)], events is not None)
        if events is not None:
            events += [Event("round_won", winner, {"reason": reason, "letters": tuple(self.totals)}), ended]
        if self.totals[winner] >= LETTERS_TO_WIN:
            game_ended = self._finish([winner])
            if events is not None:
                events += [Event("game_won", winner, {"letters": tuple(self.totals)}), game_ended]
            return
        self._next_round(winner, events)

    def _next_round(self, dealer: int, events: list[Event] | None) -> None:
        """Deal the next round; a search sample (`deals_next_round` False) stops here instead."""
        if self.deals_next_round:
            self._start_round(dealer, events)
            return
        self.finished = True
        self._forget_derived()

    def _start_round(self, dealer: int, events: list[Event] | None) -> None:
        """Z-1: deal four cards each, starting left of the dealer; Mount Olympus is 0; Zeus is free."""
        n = self.players
        first = (dealer + 1) % n
        setup = self._setup_for_next_round()
        if setup is None:
            cards = self.deck.full_deck()
            shuffle(cards, self._rng_for_next_round())
            # one card at a time from the seat after the dealer: seat first + j gets cards j, j + n, ...
            hands: list[list[str]] = [[] for _ in range(n)]
            for j in range(n):
                hands[(first + j) % n] = cards[j:HAND_SIZE * n:n]
            setup = {"dealer": dealer, "first": first, "hands": hands, "draw_pile": cards[HAND_SIZE * n:]}
        else:
            self._check_setup(setup, dealer, first)
            # The round log's own copy (the record's setup is the caller's): checked, so these are lists.
            setup = {**setup, "hands": [list(h) for h in setup["hands"]], "draw_pile": list(setup["draw_pile"])}
        self._begin_round(setup, owned=True)  # the state copies what it changes (hands, draw pile)
        self.dealer, self.first, self.turn = dealer, first, first
        self.hands = [list(h) for h in setup["hands"]]
        self._held = [self.deck.mask_of(h) for h in self.hands]
        self.draw_pile = list(setup["draw_pile"])
        self.pile = []
        self._top = (None, None)
        self._forget_derived()
        self.total = 0
        self.zeus_holder = None
        self.owes_draw = None
        if events is not None:
            events += self._deal_events(setup)

    def _deal_events(self, setup: Mapping[str, Any]) -> list[Event]:
        """What a round's deal shows: its start, each seat's cards (secret to it), the first turn."""
        first, hands = setup["first"], setup["hands"]
        events = [Event("round_started", None, {
            "round": self.round_index, "dealer": setup["dealer"], "first": first,
            "hand_sizes": tuple(len(h) for h in hands), "draw_pile_size": len(setup["draw_pile"])})]
        events += [Event("cards_dealt", s, {"count": len(hands[s])},
                         {"cards": tuple(hands[s])}, private_to=s) for s in range(self.players)]
        events.append(Event("turn_passed", first, {"turn": first}))
        return events

    def _check_setup(self, setup: Mapping[str, Any], dealer: int, first: int) -> None:
        """A recorded deal must hold exactly this deck and follow Z-2 for dealer and first player."""
        where = f"round {len(self.rounds)} setup"
        if set(setup) != set(SETUP_KEYS):
            raise ValueError(f"{where} must have exactly the keys {', '.join(SETUP_KEYS)}")
        if setup["dealer"] != dealer or setup["first"] != first:
            raise ValueError(f"{where} says dealer {setup['dealer']} and first {setup['first']}; "
                             f"the rules give dealer {dealer} and first {first}")
        hands, pile = setup["hands"], setup["draw_pile"]
        if not isinstance(hands, list) or len(hands) != self.players or \
                any(not isinstance(h, list) or len(h) != HAND_SIZE for h in hands) or not isinstance(pile, list):
            raise ValueError(f"{where} must deal {HAND_SIZE} cards to each of {self.players} players")
        self._check_cards(where, hands, pile)

    # ----- what a seat may see ------------------------------------------------------------------------
    def view(self, seat: int | None) -> ZeusView:
        number, number_seat = self.top_number()
        sneak_open = self.sneak_open()
        return ZeusView(
            seat=seat,
            names=self._names,
            hand=tuple(self.hands[seat]) if seat is not None and 0 <= seat < self.players else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            total=self.total,
            pile=tuple(card for card, _ in self.pile),
            top_number=number,
            top_number_seat=number_seat,
            zeus_holder=self.zeus_holder,
            letters=tuple(self.totals),
            draw_pile_size=len(self.draw_pile),
            turn=self.turn,
            dealer=self.dealer,
            round_index=self.round_index,
            sneak_open=sneak_open,
            sneak_number=number if sneak_open else None,
            owes_draw=tuple(s == self.owes_draw for s in range(self.players)),
            options=MappingProxyType(dict(self.options)),
            finished=self.finished,
            winners=self.winners,
            last_round_winner=self.last_round_winner,
            pile_seats=tuple(s for _, s in self.pile),
            cards=self.deck.cards,
        )
