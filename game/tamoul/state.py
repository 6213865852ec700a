"""A Tamoul game in progress: deal, turns, actions, interception, the call, scoring (rules/tamoul.md).

Randomness enters only through the deal (seeded by game seed and round, or a record's setup) and the
reshuffle, a chance action of the chance seat (A-11), so a game is its seed plus its actions. What
each seat knows is kept with the cards (`_watch`, see view.py for the model) and changed only here.
"""
from __future__ import annotations

import copy
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from game.core.actions import Action
from game.core.engine import CHANCE, GAME_OVER, NOTHING_LEFT_TO_CHANCE, RoundLog, SeatInfo, State, shuffle
from game.core.events import Event
from game.core.messages import msg
from game.tamoul.content import TamoulContent
from game.tamoul.position import check_now, check_setup
from game.tamoul.view import SlotView, TamoulView, Watch

if TYPE_CHECKING:
    from game.tamoul.game import TamoulGame

Place = tuple[int, int]
UNSEEN = SlotView(None, ())
DRAW_DECK = Action("draw", ("deck",))
DRAW_DISCARD = Action("draw", ("discard",))
DISCARD = Action("discard")
END = Action("end")
CALL = Action("tamoul")
STEP_WORDS = {
    "peek_own": msg("look at one of your own cards"),
    "peek_other": msg("look at another player's card"),
    "swap": msg("swap two cards"),
}
RESHUFFLING = msg("wait: the discard pile is being shuffled into a new draw pile")

# Every action a turn can list, made once and shared (actions are immutable values; their record text is
# kept once made): building them anew for every legal list was a third of a playout's time.
_MAX_SLOTS = 16  # content.py allows at most 16 slots
KEEP = tuple(Action("keep", (str(s),)) for s in range(_MAX_SLOTS))
PEEK_OWN = tuple(Action("peek", (str(s),)) for s in range(_MAX_SLOTS))
INTERCEPT = tuple(Action("intercept", (str(s),)) for s in range(_MAX_SLOTS))
_PEEK_AT: dict[Place, Action] = {}
_SWAP: dict[tuple[Place, Place], Action] = {}


def _peek_at(place: Place) -> Action:
    """`peek P.S`, the shared value."""
    action = _PEEK_AT.get(place)
    if action is None:
        action = _PEEK_AT[place] = Action("peek", (f"{place[0]}.{place[1]}",))
    return action


def _swap_of(a: Place, b: Place) -> Action:
    """`swap P.S Q.T` (a before b), the shared value."""
    action = _SWAP.get((a, b))
    if action is None:
        action = _SWAP[(a, b)] = Action("swap", (f"{a[0]}.{a[1]}", f"{b[0]}.{b[1]}"))
    return action


def _listed_place(text: str) -> Place:
    """`P.S` of an action already checked (seats and slots are one digit each: see parse_place)."""
    return int(text[0]), int(text[2])


def score_round(sums: Sequence[int], callers: Sequence[int], call_limit: int, penalty: int) -> list[int]:
    """A-16: the sum of a seat's cards; a caller scores 0 at or under the limit, else the sum + penalty."""
    return [(0 if total <= call_limit else total + penalty) if seat in callers else total
            for seat, total in enumerate(sums)]


def parse_slot(text: str, slots: int) -> int | None:
    """`S` as written in the notation (a single slot number), or None when it is not one."""
    if text.isascii() and text.isdigit() and len(text) == 1 and int(text) < slots:
        return int(text)
    return None


def parse_place(text: str, seats: int, slots: int) -> Place | None:
    """`P.S` (seat and slot), or None when it is not one."""
    seat, dot, slot = text.partition(".")
    if not dot or not (seat.isascii() and seat.isdigit()) or len(seat) > 1 or int(seat) >= seats:
        return None
    s = parse_slot(slot, slots)
    return None if s is None else (int(seat), s)


class TamoulState(State):
    """One game of Tamoul. Built by `TamoulGame.new_state` (a seeded or recorded deal) or by
    `TamoulGame.from_position` (any position, checked first); changed only by `apply`."""

    game_id = "tamoul"
    CHANCE_VERBS = ("reshuffle",)
    REPLAY_WITHOUT_LISTING = True  # a swap step lists up to 276 swaps; checking the one recorded is quicker

    def __init__(self, game: "TamoulGame", seats: Sequence[SeatInfo], options: Mapping[str, Any], seed: int,
                 setups: Sequence[Mapping[str, Any]] = (), position: Mapping[str, Any] | None = None) -> None:
        super().__init__(seats, options, seed, setups)
        game.check_player_count(len(self.seats))
        self.game = game
        self.content: TamoulContent = game.content
        self.n = len(self.seats)
        self.target = int(self.options["target"])
        self._frozen_options = MappingProxyType(dict(self.options))
        # Derived from the position, kept until the next action (`_forget_derived`): who may act, and the
        # legal list of each seat asked (the very objects `advance` then takes without a check).
        self._acting: tuple[int, ...] | None = None
        self._legal: dict[int, list[Action]] = {}
        if position is None:
            self.last_scores: list[int] | None = None
            self._start_round(None)
        else:
            self._load_position(position)

    # ----- positions ---------------------------------------------------------------------------------
    def _position_now(self) -> dict[str, Any]:
        """Tamoul's `now` (the base `position()` adds the record's keys; `TamoulGame.from_position` rebuilds it)."""
        return {
            "first": self.first, "slots": [list(row) for row in self.slots],
            "draw_pile": self.draw[::-1], "discard": list(self.discard), "turn": self.turn,
            "phase": self.phase, "pending": list(self.pending), "holder": self.holder, "drawn": self.drawn,
            "drawn_from": self.drawn_from, "callers": list(self.callers), "attempts": list(self.attempts),
            "watchers": [[[list(w) for w in watch] for watch in row] for row in self._watch],
            "reshuffle_due": self.reshuffle_due, "step": self.step,
            "last_scores": None if self.last_scores is None else list(self.last_scores),
            "coming_setups": copy.deepcopy(self._given_setups[len(self.rounds):]),
        }

    def _load_position(self, position: Mapping[str, Any]) -> None:
        rounds = position["rounds"]
        if not isinstance(rounds, list) or not rounds:
            raise ValueError("position rounds: expected the round logs so far (at least the current round)")
        for r, rnd in enumerate(rounds):
            if not (isinstance(rnd, Mapping) and isinstance(rnd.get("setup"), Mapping)
                    and isinstance(rnd.get("actions"), list)):
                raise ValueError(f"position rounds[{r}]: expected a setup object and an actions list")
        totals, winners, finished = position["totals"], position["winners"], position["finished"]
        if not isinstance(totals, list) or len(totals) != self.n or not all(
                isinstance(t, int) and not isinstance(t, bool) for t in totals):
            raise ValueError(f"position totals: expected {self.n} whole numbers")
        if not isinstance(finished, bool) or not isinstance(winners, list) or (finished != bool(winners)) or any(
                not isinstance(w, int) or not 0 <= w < self.n for w in winners):
            raise ValueError("position winners: seats, present exactly when the game is finished")
        now = check_now(position["now"], self.n, self.content, finished)
        self._given_setups = copy.deepcopy([dict(r["setup"]) for r in rounds] + now["coming_setups"])
        self.rounds = [RoundLog(setup=copy.deepcopy(dict(r["setup"])), actions=[list(a) for a in r["actions"]],
                                score=None if r.get("score") is None else list(r["score"])) for r in rounds]
        self.totals = list(totals)
        self.winners = tuple(winners)
        self.finished = finished
        self.first, self.turn, self.phase = now["first"], now["turn"], now["phase"]
        self.slots = now["slots"]
        self.draw = now["draw_pile"][::-1]
        self.discard = now["discard"]
        self.pending = now["pending"]
        self.holder, self.drawn, self.drawn_from = now["holder"], now["drawn"], now["drawn_from"]
        self.callers, self.attempts = now["callers"], now["attempts"]
        self._watch = now["watchers"]
        self.reshuffle_due, self.step, self.last_scores = now["reshuffle_due"], now["step"], now["last_scores"]
        if self.phase == "action" and not self._step_has_target(self.pending[0]):
            raise ValueError(f"position now: the due step {self.pending[0]} has no card to choose (A-9 skips it)")
        self._forget_derived()

    def clone(self) -> "TamoulState":
        """An independent copy, made through the position (so no field can be forgotten)."""
        return self.game.from_position(self.position())

    # ----- rounds --------------------------------------------------------------------------------------
    def _start_round(self, first: int | None) -> None:
        """A-4..A-6: deal (or take the recorded deal); everyone looks at their own slots 2 and 3."""
        content = self.content
        given = self._setup_for_next_round()
        where = f"round {len(self.rounds)} setup"
        if given is None:
            rng = self._rng_for_next_round()
            if first is None:
                first = rng.randrange(self.n)
            deck = list(content.cards)
            shuffle(deck, rng)  # random.shuffle's very order, quicker
            rows = []
            for p in range(self.n):
                hand = deck[p * content.dealt:(p + 1) * content.dealt]
                rows.append(hand + [None] * (content.slots - content.dealt))
            setup = {"first": first, "slots": rows, "draw_pile": deck[self.n * content.dealt:]}
            self._begin_round(setup, owned=True)  # made here and never changed: the log keeps it as it is
        else:
            setup = check_setup(given, self.n, content, first, where)
            self._begin_round(setup)
        self.first = self.turn = setup["first"]
        self.slots = [list(row) for row in setup["slots"]]
        self.draw = setup["draw_pile"][::-1]  # the top card last, so drawing is a pop()
        self.discard = []
        self.phase = "draw"
        self.pending = []
        self.holder = self.drawn = self.drawn_from = None
        self.callers = []
        self.attempts = []
        self.reshuffle_due = False
        self.step = 0
        self._watch = [[() for _ in range(content.slots)] for _ in range(self.n)]
        for p in range(self.n):
            for s in content.first_look:
                self._watch[p][s] = ((p, 0, 0),)
        self._forget_derived()

    def _deal_events(self, setup: Mapping[str, Any]) -> list[Event]:
        events = [Event("round_started", None, {"round": self.round_index, "first": setup["first"],
                                                 "draw_count": len(setup["draw_pile"])})]
        dealt = list(range(self.content.dealt))
        look = list(self.content.first_look)
        for p in range(self.n):
            events.append(Event("cards_dealt", p, {"slots": dealt}))
        for p in range(self.n):
            events.append(Event("first_look", p, {"slots": look},
                                {"cards": [setup["slots"][p][s] for s in look]}, private_to=p))
        events.append(Event("turn_started", setup["first"], {"last_turn": False}))
        return events

    def opening_events(self) -> list[Event]:
        """The deal of the current round (or of the last one, once the game is over), made when asked:
        playouts deal thousands of rounds that nobody shows."""
        setup = self.rounds[-1].setup
        return self._deal_events(setup) if sorted(setup) == ["draw_pile", "first", "slots"] else []

    def _end_the_round(self, events: list[Event] | None) -> None:
        """A-16, A-17: reveal, score, then the next round (its deal's events too) or the end of the game."""
        content = self.content
        value = content.value
        sums = [sum(value[c] for c in row if c is not None) for row in self.slots]
        score = score_round(sums, self.callers, content.call_limit, content.wrong_call_penalty)
        if events is not None:
            events.append(Event("cards_revealed", None, {"slots": [list(row) for row in self.slots], "sums": sums,
                                                         "callers": list(self.callers)}))
        for p in range(self.n):
            self.totals[p] += score[p]
        self.last_scores = score
        ended = self._end_round(score)
        if events is not None:
            events.append(ended)
        if max(self.totals) >= self.target:
            low = min(self.totals)
            self.phase = "over"
            self.pending = []
            self.holder = self.drawn = self.drawn_from = None
            self.reshuffle_due = False
            finished = self._finish([p for p in range(self.n) if self.totals[p] == low])
            if events is not None:
                events.append(finished)
            return
        self._start_round((self.first - 1) % self.n)
        if events is not None:
            events += self.opening_events()

    # ----- who acts ----------------------------------------------------------------------------------
    def _cards_of(self, seat: int) -> int:
        row = self.slots[seat]
        return len(row) - row.count(None)

    def _may_intercept(self, seat: int) -> bool:
        """A-12: has cards and room for a penalty card, has not called, has not tried this top card."""
        if not self.discard or seat in self.callers or seat in self.attempts:
            return False
        count = self._cards_of(seat)
        return 0 < count < self.content.slots

    def _forget_derived(self) -> None:
        """The position changed: who acts and the legal lists are worked out again when asked."""
        self._acting = None
        self._legal = {}

    def to_act(self) -> tuple[int, ...]:
        acting = self._acting
        if acting is None:
            if self.finished:
                acting = ()
            elif self.reshuffle_due:
                acting = (CHANCE,)
            else:
                acting = (self.turn,) + tuple(p for p in range(self.n) if p != self.turn and self._may_intercept(p))
            self._acting = acting
        return acting

    def waiting_for(self) -> tuple[int, ...]:
        """The turn seat (or chance): interceptions are the only reactions, and never the turn seat's."""
        if self.finished:
            return ()
        return (CHANCE,) if self.reshuffle_due else (self.turn,)

    def is_reaction(self, seat: int) -> bool:
        return seat != self.turn and seat >= 0 and seat in self.to_act()

    def chance_action(self) -> Action | None:
        """The reshuffle due now; the same object until the state changes (so `advance` takes it as listed)."""
        if self.finished or not self.reshuffle_due:
            return None
        listed = self._legal.get(CHANCE)
        if listed is None:
            cards = self.discard[:-1]
            shuffle(cards, self.chance_rng())  # random.shuffle's very order, quicker
            listed = self._legal[CHANCE] = [Action("reshuffle", (",".join(cards),))]
        return listed[0]

    # ----- targets of the action steps -------------------------------------------------------------
    def _own_targets(self) -> list[Place]:
        return [(self.turn, s) for s, c in enumerate(self.slots[self.turn]) if c is not None]

    def _other_targets(self) -> list[Place]:
        return [(p, s) for p in range(self.n) if p != self.turn and p not in self.callers
                for s, c in enumerate(self.slots[p]) if c is not None]

    def _swap_targets(self) -> list[Place]:
        return [(p, s) for p in range(self.n) if p not in self.callers
                for s, c in enumerate(self.slots[p]) if c is not None]

    def _step_has_target(self, step: str) -> bool:
        if step == "peek_own":
            return bool(self._own_targets())
        if step == "peek_other":
            return bool(self._other_targets())
        return len(self._swap_targets()) >= 2

    # ----- legal actions ---------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        listed = self._legal.get(seat)
        if listed is None:
            listed = self._legal_list(seat)
        return list(listed)  # a copy: the kept list must not change

    def _legal_list(self, seat: int) -> list[Action]:
        """`legal_actions(seat)`, kept until the state changes; never handed out."""
        if self.finished:
            return []
        if self.reshuffle_due:
            return [self.chance_action()] if seat == CHANCE else []  # type: ignore[list-item]
        actions: list[Action] = self._turn_actions() if seat == self.turn else []
        if 0 <= seat < self.n and (self._may_intercept(seat) if seat == self.turn else seat in self.to_act()):
            actions += [INTERCEPT[s] for s, c in enumerate(self.slots[seat]) if c is not None]
        self._legal[seat] = actions
        return actions

    def _turn_actions(self) -> list[Action]:
        seat, phase = self.turn, self.phase
        if phase == "draw":
            if self.discard and self._cards_of(seat):
                return [DRAW_DECK, DRAW_DISCARD]
            return [DRAW_DECK]
        if phase == "hold":
            row = self.slots[seat]
            if self._cards_of(seat):
                actions = [KEEP[s] for s, c in enumerate(row) if c is not None]
            elif self.drawn_from == "discard":
                actions = list(KEEP[:len(row)])
            else:
                actions = []
            if self.drawn_from == "deck":
                actions.append(DISCARD)
            return actions
        if phase == "action":
            step = self.pending[0]
            if step == "peek_own":
                return [PEEK_OWN[s] for _, s in self._own_targets()]
            if step == "peek_other":
                return [_peek_at(place) for place in self._other_targets()]
            places = self._swap_targets()
            return [_swap_of(a, b) for i, a in enumerate(places) for b in places[i + 1:]]
        return [END, CALL]

    def normalize(self, action: Action) -> Action:
        """`swap 2.1 0.3` and `swap 0.3 2.1` are the same swap: the lower place is written first."""
        if action.verb == "swap" and len(action.args) == 2:
            a = parse_place(action.args[0], self.n, self.content.slots)
            b = parse_place(action.args[1], self.n, self.content.slots)
            if a is not None and b is not None and b < a:
                return Action("swap", (action.args[1], action.args[0]))
        return action

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if self.finished:
            return GAME_OVER
        if seat == CHANCE:
            return self._reshuffle_problem(action)
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            return msg("there is no seat {seat}", seat=seat)
        if action.verb == "intercept":
            return self._intercept_problem(seat, action)
        if action.verb not in ("draw", "keep", "discard", "peek", "swap", "end", "tamoul"):
            return msg("'{verb}' is not a Tamoul action; use draw, keep, discard, peek, swap, end, tamoul or "
                       "intercept", verb=action.verb)
        if self.reshuffle_due:
            return RESHUFFLING
        if seat != self.turn:
            if seat in self.callers:
                return msg("you have called Tamoul: you take no more turns")
            return msg("it is {name}'s turn, not yours", name=self.seats[self.turn].name)
        phase = self.phase
        if phase == "draw":
            return self._draw_problem(seat, action)
        if phase == "hold":
            return self._hold_problem(seat, action)
        if phase == "action":
            return self._step_problem(seat, action)
        if action.verb not in ("end", "tamoul") or action.args:
            return msg("your turn is done: end it, or call Tamoul if you believe you have 8 or less")
        return None

    def _draw_problem(self, seat: int, action: Action) -> str | None:
        if action.verb != "draw":
            return msg("first draw a card, from the draw pile or the discard pile")
        if len(action.args) != 1 or action.args[0] not in ("deck", "discard"):      # typed: name the forms
            return msg("first draw a card: 'draw deck' or 'draw discard'")
        if action.args[0] == "discard":
            if not self.discard:
                return msg("the discard pile is empty: draw from the deck")
            if not self._cards_of(seat):
                return msg("you have no cards to replace, so you cannot take the discard")
        return None

    def _hold_problem(self, seat: int, action: Action) -> str | None:
        if action.verb == "discard":
            if action.args:
                return msg("discarding takes no slot: it throws away the card you drew")
            if self.drawn_from == "discard":
                return msg("a card drawn from the discard pile must be kept")
            return None
        if action.verb != "keep" or len(action.args) != 1:
            return msg("keep the card you drew on one of your slots, or discard it")
        slot = parse_slot(action.args[0], self.content.slots)
        if slot is None:
            return msg("name one of your slots 0..{last}, e.g. 'keep 2'", last=self.content.slots - 1)
        if self.slots[seat][slot] is None and (self._cards_of(seat) or self.drawn_from != "discard"):
            return msg("your slot {slot} is empty: keep the card over one of your cards", slot=slot)
        return None

    def _step_problem(self, seat: int, action: Action) -> str | None:
        step = self.pending[0]
        if step == "peek_own":
            if action.verb != "peek" or len(action.args) != 1:
                return msg("your card's action is due: {step}", step=STEP_WORDS[step])
            slot = parse_slot(action.args[0], self.content.slots)
            if slot is None:
                return msg("name one of your own slots 0..{last}, e.g. 'peek 2'", last=self.content.slots - 1)
            return None if self.slots[seat][slot] is not None else msg("your slot {slot} is empty", slot=slot)
        if step == "peek_other":
            if action.verb != "peek" or len(action.args) != 1:
                return msg("your card's action is due: {step}", step=STEP_WORDS[step])
            place = parse_place(action.args[0], self.n, self.content.slots)
            if place is None:
                return msg("name another player's slot as seat.slot, e.g. 'peek {seat}.0'", seat=(seat + 1) % self.n)
            if place[0] == seat:
                return msg("look at another player's card, not your own")
            return self._place_problem(place, seat)
        if action.verb != "swap" or len(action.args) != 2:
            return msg("your card's action is due: {step}", step=STEP_WORDS[step])
        places = [parse_place(a, self.n, self.content.slots) for a in action.args]
        if places[0] is None or places[1] is None:
            return msg("name two slots as seat.slot, e.g. 'swap 0.1 1.2'")
        if places[0] == places[1]:
            return msg("swap two different slots, not a slot with itself")
        return self._place_problem(places[0], seat) or self._place_problem(places[1], seat)

    def _place_problem(self, place: Place, seat: int) -> str | None:
        """Why a look or a swap may not touch `place`, said to `seat`: its own cards in the second person
        (never "You has called Tamoul" to the player named You), another's by that player's name."""
        p, s = place
        if p in self.callers:
            if p == seat:
                return msg("you have called Tamoul: your cards are frozen")
            return msg("{name} has called Tamoul: their cards are frozen", name=self.seats[p].name)
        if self.slots[p][s] is None:
            if p == seat:
                return msg("your slot {slot} is empty", slot=s)
            return msg("{name}'s slot {slot} is empty", name=self.seats[p].name, slot=s)
        return None

    def _intercept_problem(self, seat: int, action: Action) -> str | None:
        if len(action.args) != 1 or parse_slot(action.args[0], self.content.slots) is None:
            return msg("name one of your slots 0..{last} to intercept with, e.g. 'intercept 2'",
                       last=self.content.slots - 1)
        if self.reshuffle_due:
            return RESHUFFLING
        if seat in self.callers:
            return msg("you have called Tamoul: you can no longer intercept")
        if not self.discard:
            return msg("the discard pile is empty: there is nothing to intercept")
        if seat in self.attempts:
            return msg("you have already tried to intercept this top card: one attempt per card")
        count = self._cards_of(seat)
        if count >= self.content.slots:
            return msg("all your slots are full: there is no room for a penalty card")
        if self.slots[seat][int(action.args[0])] is None:
            return msg("your slot {slot} is empty", slot=action.args[0])
        return None

    def _reshuffle_problem(self, action: Action) -> str | None:
        if not self.reshuffle_due:
            return NOTHING_LEFT_TO_CHANCE
        if len(action.args) != 1:
            return msg("a reshuffle names the new draw pile, top first: 'reshuffle C1,C2,…'")
        cards = action.args[0].split(",")
        if sorted(cards) != sorted(self.discard[:-1]):
            return msg("a reshuffle must be the discard pile without its top card, each card once")
        return None

    # ----- carrying out ------------------------------------------------------------------------------
    # The rule code below runs for `apply` and for `advance` alike: `events` is the list the events go
    # into, or None when nobody watches (`advance`), and then no event object is made at all.
    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        self._carry_out(seat, action, events)
        return events

    def _advance_legal(self, seat: int, action: Action) -> None:
        self._carry_out(seat, action, None)

    def _kept_legal(self, seat: int) -> Sequence[Action]:
        """What `legal_actions(seat)` (or `chance_action`) listed since the state last changed: `advance`
        takes these objects without the checks."""
        return self._legal.get(seat, ())

    def _carry_out(self, seat: int, action: Action, events: list[Event] | None) -> None:
        self._acting = None  # `_forget_derived`, without a call
        self._legal = {}
        self.step += 1
        rounds_before = len(self.rounds)
        verb = action.verb
        if verb == "draw":
            self._draw(seat, action.args[0], events)
        elif verb == "keep":
            self._keep(seat, int(action.args[0]), events)
        elif verb == "end" or verb == "tamoul":
            self._end_turn(seat, verb == "tamoul", events)
        elif verb == "discard":
            self._discard(seat, events)
        elif verb == "intercept":
            self._intercept(seat, int(action.args[0]), events)
        elif verb == "peek":
            self._peek(seat, action.args[0], events)
        elif verb == "swap":
            self._swap(seat, action.args, events)
        else:
            self._reshuffle(action.args[0].split(","), events)
        if self.phase == "action" and not self.finished and len(self.rounds) == rounds_before:
            self._settle(events)

    def _settle(self, events: list[Event] | None) -> None:
        """A-9: an action step with no target when it is due is skipped; after the last, the turn can end."""
        while self.phase == "action" and not self.reshuffle_due:
            if not self.pending:
                self.phase = "end"
                break
            step = self.pending[0]
            if self._step_has_target(step):
                break
            self.pending.pop(0)
            if events is not None:
                events.append(Event("step_skipped", self.turn, {"step": step, "reason": "no card can be chosen"}))

    def _after_taking(self, events: list[Event] | None) -> None:
        """A-11: the last card of the draw pile was just taken."""
        if self.draw:
            return
        if len(self.discard) <= 1:
            self._end_the_round(events)
            return
        self.reshuffle_due = True

    def _reshuffle(self, cards: list[str], events: list[Event] | None) -> None:
        self.draw = cards[::-1]
        self.discard = self.discard[-1:]
        self.reshuffle_due = False
        if events is not None:
            events.append(Event("reshuffled", None, {"count": len(cards)}))

    def _draw(self, seat: int, source: str, events: list[Event] | None) -> None:
        if source == "deck":
            card = self.draw.pop()
            if events is not None:
                events.append(Event("drawn", seat, {"source": "deck"}, {"card": card}, private_to=seat))
        else:
            card = self.discard.pop()
            self.attempts = []  # a new top card: every seat may try it
            if events is not None:
                events.append(Event("drawn", seat, {"source": "discard", "card": card}))
        self.holder, self.drawn, self.drawn_from = seat, card, source
        self.phase = "hold"
        if source == "deck" and not self.draw:
            self._after_taking(events)

    def _keep(self, seat: int, slot: int, events: list[Event] | None) -> None:
        card, source = self.drawn, self.drawn_from
        assert card is not None
        row = self.slots[seat]
        old = row[slot]
        row[slot] = card
        if source == "discard":
            self._watch[seat][slot] = tuple((p, self.step, 0) for p in range(self.n))
        else:
            self._watch[seat][slot] = ((seat, self.step, 0),)
        if old is not None:
            self.discard.append(old)
            self.attempts = []  # a new top card: every seat may try it
        self.holder = self.drawn = self.drawn_from = None
        self.phase = "end"
        if events is None:
            return
        if source == "discard":
            events.append(Event("kept", seat, {"slot": slot, "source": source, "card": card, "discarded": old}))
        else:
            events.append(Event("kept", seat, {"slot": slot, "source": source, "discarded": old}, {"card": card},
                                private_to=seat))

    def _discard(self, seat: int, events: list[Event] | None) -> None:
        card = self.drawn
        assert card is not None
        self.discard.append(card)
        self.attempts = []  # a new top card: every seat may try it
        self.holder = self.drawn = self.drawn_from = None
        steps = self.content.steps_of(card)
        self.pending = list(steps)
        self.phase = "action" if steps else "end"
        if events is not None:
            events.append(Event("discarded", seat, {"card": card, "steps": list(steps)}))

    def _peek(self, seat: int, text: str, events: list[Event] | None) -> None:
        p, s = _listed_place(text) if "." in text else (seat, int(text))
        self._see(p, s, seat)
        self.pending.pop(0)
        if events is not None:
            events.append(Event("peeked", seat, {"target": p, "slot": s}, {"card": self.slots[p][s]},
                                private_to=seat))

    def _see(self, p: int, s: int, seat: int) -> None:
        """`seat` has just seen the card in p.s: its watch is renewed, the other watchers keep theirs."""
        self._watch[p][s] = tuple(sorted([w for w in self._watch[p][s] if w[0] != seat] + [(seat, self.step, 0)]))

    def _swap(self, seat: int, args: tuple[str, ...], events: list[Event] | None) -> None:
        a = _listed_place(args[0])
        b = _listed_place(args[1])
        slots, watch = self.slots, self._watch
        slots[a[0]][a[1]], slots[b[0]][b[1]] = slots[b[0]][b[1]], slots[a[0]][a[1]]
        moved_to_b = _moved(watch[a[0]][a[1]])
        watch[a[0]][a[1]] = _moved(watch[b[0]][b[1]])
        watch[b[0]][b[1]] = moved_to_b
        self.pending.pop(0)
        if events is not None:
            events.append(Event("swapped", seat, {"a": list(a), "b": list(b)}))

    def _intercept(self, seat: int, slot: int, events: list[Event] | None) -> None:
        """A-13: a match goes onto the pile (a new top card); a miss goes back, plus an unseen penalty card."""
        row = self.slots[seat]
        card = row[slot]
        top = self.discard[-1]
        assert card is not None
        if self.content.matches(card, top):
            row[slot] = None
            self._watch[seat][slot] = ()
            self.discard.append(card)
            self.attempts = []  # a new top card: every seat may try it
            if events is not None:
                events.append(Event("intercepted", seat, {"slot": slot, "card": card, "top": top, "success": True,
                                                          "penalty_slot": None}))
            return
        self.attempts.append(seat)
        self._watch[seat][slot] = tuple((p, self.step, 0) for p in range(self.n))
        empty = row.index(None)
        row[empty] = self.draw.pop()
        self._watch[seat][empty] = ()
        if events is not None:
            events.append(Event("intercepted", seat, {"slot": slot, "card": card, "top": top, "success": False,
                                                      "penalty_slot": empty}))
        self._after_taking(events)

    def _end_turn(self, seat: int, call: bool, events: list[Event] | None) -> None:
        """A-10, A-15: end the turn or call; the next seat counter-clockwise that has not called plays,
        and the round ends when the turns come back round to the first caller."""
        if call:
            self.callers.append(seat)
            if events is not None:
                events.append(Event("tamoul_called", seat, {"order": len(self.callers)}))
        if events is not None:
            events.append(Event("turn_ended", seat, {}))
        nxt = (seat - 1) % self.n
        callers = self.callers
        while callers:
            if nxt == callers[0]:
                self._end_the_round(events)
                return
            if nxt not in callers:
                break
            nxt = (nxt - 1) % self.n
        self.turn = nxt
        self.phase = "draw"
        if events is not None:
            events.append(Event("turn_started", nxt, {"last_turn": bool(callers)}))

    # ----- views --------------------------------------------------------------------------------------
    def to_play(self) -> tuple[int, ...]:
        """After a call: the seats still to take their last turn, this one first (A-15)."""
        if not self.callers or self.finished:
            return ()
        seats = []
        p = self.turn
        while p != self.callers[0]:
            if p not in self.callers:
                seats.append(p)
            p = (p - 1) % self.n
        return tuple(seats)

    def view(self, seat: int | None) -> TamoulView:
        me = seat if seat is not None and 0 <= seat < self.n else None
        board = []
        for cards, watches in zip(self.slots, self._watch):
            row: list[SlotView | None] = []
            for card, watch in zip(cards, watches):
                if card is None:
                    row.append(None)
                elif not watch:
                    row.append(UNSEEN)
                else:
                    for w in watch:
                        if w[0] == me:
                            row.append(SlotView(card, watch))
                            break
                    else:
                        row.append(SlotView(None, watch))
            board.append(tuple(row))
        shows_drawn = self.drawn is not None and (self.drawn_from == "discard" or self.holder == me)
        return TamoulView(
            seat=me, names=tuple(s.name for s in self.seats), round_index=self.round_index, step=self.step,
            first=self.first, turn=None if self.finished else self.turn,
            phase=self.phase, reshuffle_due=self.reshuffle_due, pending=tuple(self.pending),
            holder=self.holder, drawn_from=self.drawn_from, drawn=self.drawn if shows_drawn else None,
            board=tuple(board), discard=tuple(self.discard), draw_count=len(self.draw),
            callers=tuple(self.callers), frozen=tuple(sorted(self.callers)), to_play=self.to_play(),
            attempts=tuple(self.attempts),
            can_intercept=me is not None and not self.finished and not self.reshuffle_due
            and self._may_intercept(me),
            totals=tuple(self.totals), last_scores=None if self.last_scores is None else tuple(self.last_scores),
            target=self.target, options=self._frozen_options, finished=self.finished, winners=self.winners,
        )


def _moved(watch: tuple[Watch, ...]) -> tuple[Watch, ...]:
    """The watchers of a card a swap has just moved: each still knows it, one more swap to follow."""
    return tuple((w[0], w[1], w[2] + 1) for w in watch)
