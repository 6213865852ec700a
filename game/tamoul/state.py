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
from game.core.engine import CHANCE, GAME_OVER, NOTHING_LEFT_TO_CHANCE, RoundLog, SeatInfo, State
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


def score_round(sums: Sequence[int], callers: Sequence[int], call_limit: int, penalty: int) -> list[int]:
    """A-16: the sum of a seat's cards; a caller scores 0 at or under the limit, else the sum + penalty."""
    return [(0 if total <= call_limit else total + penalty) if seat in callers else total
            for seat, total in enumerate(sums)]


def parse_slot(text: str, slots: int) -> int | None:
    """`S` as written in the notation (a single slot number), or None when it is not one."""
    if text.isdigit() and len(text) == 1 and int(text) < slots:
        return int(text)
    return None


def parse_place(text: str, seats: int, slots: int) -> Place | None:
    """`P.S` (seat and slot), or None when it is not one."""
    seat, dot, slot = text.partition(".")
    if not dot or not seat.isdigit() or len(seat) > 1 or int(seat) >= seats:
        return None
    s = parse_slot(slot, slots)
    return None if s is None else (int(seat), s)


class TamoulState(State):
    """One game of Tamoul. Built by `TamoulGame.new_state` (a seeded or recorded deal) or by
    `TamoulGame.from_position` (any position, checked first); changed only by `apply`."""

    game_id = "tamoul"
    CHANCE_VERBS = ("reshuffle",)

    def __init__(self, game: "TamoulGame", seats: Sequence[SeatInfo], options: Mapping[str, Any], seed: int,
                 setups: Sequence[Mapping[str, Any]] = (), position: Mapping[str, Any] | None = None) -> None:
        super().__init__(seats, options, seed, setups)
        game.check_player_count(len(self.seats))
        self.game = game
        self.content: TamoulContent = game.content
        self.n = len(self.seats)
        self.target = int(self.options["target"])
        self._frozen_options = MappingProxyType(dict(self.options))
        self._opening: list[Event] = []
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
        setup = self.rounds[-1].setup
        if sorted(setup) == ["draw_pile", "first", "slots"]:
            self._opening = self._deal_events(setup)

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
            rng.shuffle(deck)
            rows = []
            for p in range(self.n):
                hand = deck[p * content.dealt:(p + 1) * content.dealt]
                rows.append(hand + [None] * (content.slots - content.dealt))
            setup = {"first": first, "slots": rows, "draw_pile": deck[self.n * content.dealt:]}
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
        self._opening = self._deal_events(setup)

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
        return list(self._opening)

    def _end_the_round(self) -> list[Event]:
        """A-16, A-17: reveal, score, then the next round or the end of the game."""
        content = self.content
        sums = [sum(content.value[c] for c in row if c is not None) for row in self.slots]
        score = score_round(sums, self.callers, content.call_limit, content.wrong_call_penalty)
        events = [Event("cards_revealed", None, {"slots": [list(row) for row in self.slots], "sums": sums,
                                                  "callers": list(self.callers)})]
        for p in range(self.n):
            self.totals[p] += score[p]
        self.last_scores = score
        events.append(self._end_round(score))
        if max(self.totals) >= self.target:
            low = min(self.totals)
            self.phase = "over"
            self.pending = []
            self.holder = self.drawn = self.drawn_from = None
            self.reshuffle_due = False
            events.append(self._finish([p for p in range(self.n) if self.totals[p] == low]))
            return events
        self._start_round((self.first - 1) % self.n)
        return events + self._opening

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

    def to_act(self) -> tuple[int, ...]:
        if self.finished:
            return ()
        if self.reshuffle_due:
            return (CHANCE,)
        return (self.turn,) + tuple(p for p in range(self.n) if p != self.turn and self._may_intercept(p))

    def is_reaction(self, seat: int) -> bool:
        return (not self.finished and not self.reshuffle_due and seat != self.turn
                and 0 <= seat < self.n and self._may_intercept(seat))

    def chance_action(self) -> Action | None:
        if self.finished or not self.reshuffle_due:
            return None
        cards = self.discard[:-1]
        self.chance_rng().shuffle(cards)
        return Action("reshuffle", (",".join(cards),))

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
        if self.finished:
            return []
        if self.reshuffle_due:
            return [self.chance_action()] if seat == CHANCE else []  # type: ignore[list-item]
        actions: list[Action] = self._turn_actions() if seat == self.turn else []
        if 0 <= seat < self.n and self._may_intercept(seat):
            actions += [Action("intercept", (str(s),)) for s, c in enumerate(self.slots[seat]) if c is not None]
        return actions

    def _turn_actions(self) -> list[Action]:
        seat, phase = self.turn, self.phase
        if phase == "draw":
            actions = [DRAW_DECK]
            if self.discard and self._cards_of(seat):
                actions.append(DRAW_DISCARD)
            return actions
        if phase == "hold":
            row = self.slots[seat]
            if self._cards_of(seat):
                actions = [Action("keep", (str(s),)) for s, c in enumerate(row) if c is not None]
            elif self.drawn_from == "discard":
                actions = [Action("keep", (str(s),)) for s in range(len(row))]
            else:
                actions = []
            if self.drawn_from == "deck":
                actions.append(DISCARD)
            return actions
        if phase == "action":
            step = self.pending[0]
            if step == "peek_own":
                return [Action("peek", (str(s),)) for _, s in self._own_targets()]
            if step == "peek_other":
                return [Action("peek", (f"{p}.{s}",)) for p, s in self._other_targets()]
            places = self._swap_targets()
            return [Action("swap", (f"{a[0]}.{a[1]}", f"{b[0]}.{b[1]}"))
                    for i, a in enumerate(places) for b in places[i + 1:]]
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
            return self._place_problem(place)
        if action.verb != "swap" or len(action.args) != 2:
            return msg("your card's action is due: {step}", step=STEP_WORDS[step])
        places = [parse_place(a, self.n, self.content.slots) for a in action.args]
        if places[0] is None or places[1] is None:
            return msg("name two slots as seat.slot, e.g. 'swap 0.1 1.2'")
        if places[0] == places[1]:
            return msg("swap two different slots, not a slot with itself")
        return self._place_problem(places[0]) or self._place_problem(places[1])

    def _place_problem(self, place: Place) -> str | None:
        p, s = place
        if p in self.callers:
            return msg("{name} has called Tamoul: their cards are frozen", name=self.seats[p].name)
        if self.slots[p][s] is None:
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
    def _apply_legal(self, seat: int, action: Action) -> list[Event]:
        self.step += 1
        round_before = self.round_index
        verb = action.verb
        if verb == "reshuffle":
            events = self._reshuffle(action.args[0].split(","))
        elif verb == "intercept":
            events = self._intercept(seat, int(action.args[0]))
        elif verb == "draw":
            events = self._draw(seat, action.args[0])
        elif verb == "keep":
            events = self._keep(seat, int(action.args[0]))
        elif verb == "discard":
            events = self._discard(seat)
        elif verb == "peek":
            events = self._peek(seat, action.args[0])
        elif verb == "swap":
            events = self._swap(seat, action.args)
        else:
            events = self._end_turn(seat, verb == "tamoul")
        if self.finished or self.round_index != round_before:
            return events  # the round ended inside: its events already hold the next round's opening
        return events + self._settle()

    def _settle(self) -> list[Event]:
        """A-9: an action step with no target when it is due is skipped; after the last, the turn can end."""
        events: list[Event] = []
        while self.phase == "action" and not self.reshuffle_due:
            if not self.pending:
                self.phase = "end"
                break
            step = self.pending[0]
            if self._step_has_target(step):
                break
            self.pending.pop(0)
            events.append(Event("step_skipped", self.turn, {"step": step, "reason": "no card can be chosen"}))
        return events

    def _new_top(self) -> None:
        """A new card shows on the discard pile: everyone may try to intercept it again (A-12)."""
        self.attempts = []

    def _after_taking(self) -> list[Event]:
        """A-11: the last card of the draw pile was just taken."""
        if self.draw:
            return []
        if len(self.discard) <= 1:
            return self._end_the_round()
        self.reshuffle_due = True
        return []

    def _reshuffle(self, cards: list[str]) -> list[Event]:
        self.draw = cards[::-1]
        self.discard = self.discard[-1:]
        self.reshuffle_due = False
        return [Event("reshuffled", None, {"count": len(cards)})]

    def _draw(self, seat: int, source: str) -> list[Event]:
        if source == "deck":
            card = self.draw.pop()
            event = Event("drawn", seat, {"source": "deck"}, {"card": card}, private_to=seat)
        else:
            card = self.discard.pop()
            self._new_top()
            event = Event("drawn", seat, {"source": "discard", "card": card})
        self.holder, self.drawn, self.drawn_from = seat, card, source
        self.phase = "hold"
        return [event] + (self._after_taking() if source == "deck" else [])

    def _keep(self, seat: int, slot: int) -> list[Event]:
        card, source = self.drawn, self.drawn_from
        assert card is not None
        old = self.slots[seat][slot]
        self.slots[seat][slot] = card
        if source == "discard":
            self._watch[seat][slot] = tuple((p, self.step, 0) for p in range(self.n))
        else:
            self._watch[seat][slot] = ((seat, self.step, 0),)
        if old is not None:
            self.discard.append(old)
            self._new_top()
        self.holder = self.drawn = self.drawn_from = None
        self.phase = "end"
        if source == "discard":
            return [Event("kept", seat, {"slot": slot, "source": source, "card": card, "discarded": old})]
        return [Event("kept", seat, {"slot": slot, "source": source, "discarded": old}, {"card": card},
                      private_to=seat)]

    def _discard(self, seat: int) -> list[Event]:
        card = self.drawn
        assert card is not None
        self.discard.append(card)
        self._new_top()
        self.holder = self.drawn = self.drawn_from = None
        steps = self.content.steps_of(card)
        self.pending = list(steps)
        self.phase = "action" if steps else "end"
        return [Event("discarded", seat, {"card": card, "steps": list(steps)})]

    def _peek(self, seat: int, text: str) -> list[Event]:
        if "." in text:
            place = parse_place(text, self.n, self.content.slots)
        else:
            place = (seat, int(text))
        assert place is not None
        p, s = place
        self._see(p, s, seat)
        self.pending.pop(0)
        return [Event("peeked", seat, {"target": p, "slot": s}, {"card": self.slots[p][s]}, private_to=seat)]

    def _see(self, p: int, s: int, seat: int) -> None:
        """`seat` has just seen the card in p.s: its watch is renewed, the other watchers keep theirs."""
        self._watch[p][s] = tuple(sorted([w for w in self._watch[p][s] if w[0] != seat] + [(seat, self.step, 0)]))

    def _swap(self, seat: int, args: tuple[str, ...]) -> list[Event]:
        a = parse_place(args[0], self.n, self.content.slots)
        b = parse_place(args[1], self.n, self.content.slots)
        assert a is not None and b is not None
        slots, watch = self.slots, self._watch
        slots[a[0]][a[1]], slots[b[0]][b[1]] = slots[b[0]][b[1]], slots[a[0]][a[1]]
        moved_to_b = _moved(watch[a[0]][a[1]])
        watch[a[0]][a[1]] = _moved(watch[b[0]][b[1]])
        watch[b[0]][b[1]] = moved_to_b
        self.pending.pop(0)
        return [Event("swapped", seat, {"a": list(a), "b": list(b)})]

    def _intercept(self, seat: int, slot: int) -> list[Event]:
        """A-13: a match goes onto the pile (a new top card); a miss goes back, plus an unseen penalty card."""
        card = self.slots[seat][slot]
        top = self.discard[-1]
        assert card is not None
        if self.content.matches(card, top):
            self.slots[seat][slot] = None
            self._watch[seat][slot] = ()
            self.discard.append(card)
            self._new_top()
            return [Event("intercepted", seat, {"slot": slot, "card": card, "top": top, "success": True,
                                                "penalty_slot": None})]
        self.attempts.append(seat)
        self._watch[seat][slot] = tuple((p, self.step, 0) for p in range(self.n))
        row = self.slots[seat]
        empty = row.index(None)
        row[empty] = self.draw.pop()
        self._watch[seat][empty] = ()
        events = [Event("intercepted", seat, {"slot": slot, "card": card, "top": top, "success": False,
                                              "penalty_slot": empty})]
        return events + self._after_taking()

    def _end_turn(self, seat: int, call: bool) -> list[Event]:
        """A-10, A-15: end the turn or call; the next seat counter-clockwise that has not called plays,
        and the round ends when the turns come back round to the first caller."""
        events: list[Event] = []
        if call:
            self.callers.append(seat)
            events.append(Event("tamoul_called", seat, {"order": len(self.callers)}))
        events.append(Event("turn_ended", seat, {}))
        nxt = (seat - 1) % self.n
        while self.callers:
            if nxt == self.callers[0]:
                return events + self._end_the_round()
            if nxt not in self.callers:
                break
            nxt = (nxt - 1) % self.n
        self.turn = nxt
        self.phase = "draw"
        events.append(Event("turn_started", nxt, {"last_turn": bool(self.callers)}))
        return events

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
