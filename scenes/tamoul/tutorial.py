"""Tamoul, learned by playing: one short round on a prepared deal against two scripted players.

The learner (seat 0) plays first; Felix (seat 2, on the learner's right) plays next and Nora (seat 1)
after him: turns go counter-clockwise (A-6). Each rule a first game needs comes once, when it first
matters: the look at the two bottom cards and the goal (step 1), keeping a drawn card (2), a failed
interception and its penalty card (3, Felix's), a successful one (4), an action card (6, 7), taking the
top discard, which must be kept (9, 10), the call (11), and the scoring, said in the round's results.
The learner's looks last as long as in a real game, and the memory aid is the one the player chose
for their last Tamoul game (off until they turn it on).
Every move here is checked by tests/scenes/test_tutorial_tamoul.py against the engine.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable

import pygame

from game.core.session import GameSession
from scenes.table.telling import ResultWords
from scenes.table.tutorial import LEARNER, Scripted, Step, Tutorial, TutorialTable
from scenes.tamoul.table import TamoulTableScene
from scenes.ui.i18n import N_, _

if TYPE_CHECKING:
    from game.core.events import Event
    from scenes.scene import AppServices

GAME_ID = "tamoul"
SLOTS = 8
FIRST_LOOK = (2, 3)     # everyone sees their own slots 2 and 3 (shown as 3 and 4) once

# Slots 0..3 of each seat: the learner, Nora (1), Felix (2).
HANDS = [["9S", "3D", "JD", "6H"], ["AC", "4S", "7C", "QH"], ["5S", "8H", "10C", "JS"]]
# Top first: the cards the script draws (the learner's 2, Felix's penalty card, …), then the rest in card order.
DRAW_PILE = ["2C", "9D", "4C", "6D", "8S", "3H", "2H", "KD", "5D",
             "AS", "2S", "3S", "6S", "7S", "10S", "QS", "KS", "AH", "4H", "5H", "7H", "9H", "10H", "JH", "KH",
             "AD", "2D", "4D", "7D", "8D", "10D", "QD", "3C", "5C", "6C", "8C", "9C", "JC", "QC", "KC"]
SLOTS_OF = [hand + [None] * (SLOTS - len(hand)) for hand in HANDS]

DEAL = {"first": 0, "slots": SLOTS_OF, "draw_pile": DRAW_PILE}

TUTORIAL = Tutorial(
    game_id=GAME_ID,
    opponents=("Nora", "Felix"),
    options={"target": 50, "memory_aid": False, "reaction_ms": 2000},
    deal=DEAL,
    # The round just dealt: everyone has seen their own two bottom cards, nobody has moved yet.
    now={**DEAL, "discard": [], "turn": 0, "phase": "draw", "pending": [], "holder": None, "drawn": None,
         "drawn_from": None, "callers": [], "attempts": [],
         "watchers": [[[[seat, 0, 0]] if slot in FIRST_LOOK else [] for slot in range(SLOTS)] for seat in range(3)],
         "reshuffle_due": False, "step": 0, "last_scores": None, "coming_setups": []},
    script=(
        Step("draw deck",
             N_("The lowest total wins. You saw your two bottom cards once: remember them! Now click the "
                "draw pile."),
             N_("You could, but begin with the draw pile: click it (D).")),
        Step("keep 2",
             N_("A 2 is low: keep it. Drag it onto your card 3, the J♦ you saw (11 points); the J♦ goes "
                "face up onto the discard pile."),
             N_("You could, but a 2 is worth keeping: put it on your card 3, the J♦, worth 11.")),
        Scripted(2, "intercept 3"),
        Step("end",
             N_("Felix tried his J♠ on your J♦: no match, the colour differs. It went back, and he took a "
                "penalty card. End your turn (E)."),
             N_("You could, but end your turn: call Tamoul! only when you are sure of 8 or less.")),
        Scripted(2, "draw deck"),
        Scripted(2, "keep 2"),
        Scripted(2, "end"),
        Scripted(1, "draw deck"),
        Scripted(1, "discard"),
        Step("intercept 3",
             N_("Nora threw away a 6♦, and your card 4 is the 6♥: same number, same colour. Drag it onto "
                "the discard pile!"),
             N_("You could, but only your card 4, the 6♥, matches the 6♦: a miss costs a penalty card.")),
        Scripted(1, "end"),
        Step("draw deck",
             N_("A match: one card fewer! You may intercept at any moment, on anyone's turn. Your turn "
                "now: draw (D)."),
             N_("You could, but a 6 is not worth taking: draw from the draw pile (D).")),
        Step("discard",
             N_("An 8 is high. Drop it on the discard pile (X): a 7 or 8 thrown at once lets you look at "
                "one of your cards."),
             N_("You could, but an 8 adds 8 points: throw it away and use its power.")),
        Step("peek 1",
             N_("Click your card 2: you have never seen it. (A 9 or 10 looks at another's card; a J or Q "
                "swaps two cards.)"),
             N_("You could, but look at your card 2 now: card 1 comes later.")),
        Step("end",
             N_("A 3: low, so it stays. Remember it, then end your turn (E)."),
             N_("You could, but your card 1 is still unknown: end your turn.")),
        Scripted(2, "draw deck"),
        Scripted(2, "keep 0"),
        Scripted(2, "end"),
        Scripted(1, "draw deck"),
        Scripted(1, "keep 0"),
        Scripted(1, "end"),
        Step("draw discard",
             N_("Nora replaced a card she had never seen: an Ace, worth 1. Take it from the discard pile "
                "(T)."),
             N_("You could, but the Ace on the discard pile is worth only 1: take it (T).")),
        Step("keep 0",
             N_("A card taken from the discard pile must be kept. Put the Ace on your card 1, the one you "
                "don't know."),
             N_("You could, but your card 1 is the one you don't know: put the Ace there.")),
        Step("tamoul",
             N_("You hold 1 + 3 + 2 = 6. Call Tamoul! (C): your cards freeze, the others play once more, "
                "then all cards count."),
             N_("You could, but with 6 you should call: a caller with 8 or less scores 0.")),
        Scripted(2, "draw deck"),
        Scripted(2, "keep 1"),
        Scripted(2, "end"),
        Scripted(1, "draw deck"),
        Scripted(1, "keep 3"),
        Scripted(1, "end"),
    ),
    tip=N_("Tip: remember every card you see, yours and the others'. Keep low cards (a red King is worth 0), "
           "and call as soon as you are sure of 8 or less."),
)

SCORING = N_("Each player scores the sum of their cards. You called with 8 or less, so you score 0; above "
             "8 it would be the sum + 25. At {target} points the game ends: the lowest total wins.")


class TamoulTutorialTable(TutorialTable, TamoulTableScene):
    """The real Tamoul table, with the script's opponents, the coach bubble, and the round's end said."""

    def _ask_ai(self, token: int) -> None:
        """Only the seat the script names next is asked: the others let the moment pass (a turn player
        asked while the script waits for someone's interception would have no move to give)."""
        move = self.coach.move
        for seat in self.state.to_act():
            if not isinstance(move, Scripted) or seat != move.seat:
                self.declined.add((seat, token))
        super()._ask_ai(token)

    def _undo_offered(self) -> bool:
        """No Undo: a wrong move is never made here (it is taken back before it happens), and taking back
        a right one (a discard, an end of turn) would leave the script behind the game."""
        return False

    def _notice(self, reason: str, seat: int | None = None, where: tuple[int, int] | None = None,
                advice: bool = False) -> None:
        """A move taken back (no reason: the coach bubble says why) leaves no empty notice behind; a
        click or a key is told like a drop."""
        if reason:
            super()._notice(reason, seat, where, advice)
        else:
            self.drag.notice = None

    def _coach_visible(self) -> bool:
        """No bubble while the step's move would only be refused (a draw waits for the interception window)."""
        step = self.coach.step
        return super()._coach_visible() and step is not None and self._turn_blocked(step.wanted) is None

    def _tutorial_target(self, step: Step) -> tuple[list[pygame.Rect], pygame.Rect]:
        """Light what the step uses (a pile, the drawn card, a slot of yours, a button). The bubble stands
        above the pile or the drawn card, or by the button; for a slot, above your name plate, so it
        never covers the cards to click or the pile to drop on."""
        verb, args = step.wanted.verb, step.wanted.args
        deck = self._pile_rect(self._deck_centre())
        discard = self._pile_rect(self._discard_centre())
        drawn = self.drawn.rect() if self.drawn is not None else discard
        slot = self.grids[LEARNER].slot_rect(int(args[0])) if verb in ("keep", "peek", "intercept") else None
        presses = {"end": self.press_end, "tamoul": self.press_call, "discard": self.press_discard,
                   "draw": self.press_draw_deck if args == ("deck",) else self.press_take}
        buttons = [b.rect for b in self.seat_buttons if b.on_click == presses.get(verb)]
        buttons += [b.rect for seat, b in self.reaction_buttons if seat == LEARNER and verb == "intercept"]
        if verb == "draw":
            beside = deck if args == ("deck",) else discard
            lit = [beside]
        elif verb in ("keep", "discard"):
            beside = drawn
            lit = [drawn, slot if slot is not None else discard]
        elif verb == "intercept":
            beside = discard
            lit = [slot, discard]
        elif verb == "peek":
            beside = self.layout.seats[LEARNER].plate
            lit = [slot]
        else:
            beside = buttons[0] if buttons else self.layout.controls_rect
            lit = []
        return [rect for rect in lit if rect is not None] + buttons, beside

    def _round_result(self, event: "Event") -> ResultWords | None:
        """The round's results say how a round is scored (the tutorial's last rule)."""
        words = super()._round_result(event)
        if words is None or self.coach.move is not None:
            return words
        return replace(words, subtitle=_(SCORING).format(target=self.state.target), next_label=N_("Go on"))

    def _next_round(self) -> None:
        """After the script's round the tutorial ends at its results: no second round is dealt."""
        if self.coach.move is not None:
            super()._next_round()
            return
        self.round_words, self.table_looked = None, False
        self.coach.done = False
        self._on_tutorial_finished()


def tutorial_for(app: "AppServices") -> Tutorial:
    """The tutorial with the memory aid the player chose for their last Tamoul game (off by default; a
    damaged setups file is set aside and said, as the setup screen would)."""
    from game.core.settings import load_last_setups
    from scenes.screens.setup import LAST_SETUPS

    loaded = load_last_setups(app.dirs.config / LAST_SETUPS)
    if loaded.message:
        app.toast(loaded.message)
    stored = (loaded.value or {}).get(GAME_ID)
    options = stored.get("options") if isinstance(stored, dict) else None
    aid = options.get("memory_aid") if isinstance(options, dict) else None
    return replace(TUTORIAL, options={**TUTORIAL.options, "memory_aid": aid is True})


def open_tutorial(app: "AppServices", at: int, on_finished: Callable[[], None]) -> TamoulTutorialTable:
    """The tutorial table, started at script position `at` (0: the deal); `on_finished` runs at the end."""
    from scenes.screens.setup import default_player_name

    game = app.catalog.games[GAME_ID]
    tutorial = tutorial_for(app)
    state = tutorial.state_at(game, default_player_name(app.settings.player_name), at)
    return TamoulTutorialTable(app, GameSession(game, state), tutorial, at, on_finished)
