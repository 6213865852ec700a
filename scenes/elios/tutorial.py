"""Elios, learned by playing: a short three-player game on a prepared draw against two scripted players.

The learner (seat 0) groups last, so they start; Thalia (1) and Leon (2) follow the script. Each rule a
first game needs comes once, when it first matters: grouping, and the joker's group made big because
it goes first (step 1); the last to be ready starts with the joker's group, and a joker fits any stack
(2); the discs cap every stack, so a disc is added (3); a group goes on stacks of one height (4); a
group whose stacks stand at different heights is split (6); the last beam placed wins (8).
The learner holds no violet beam, which is why the joker goes on violet. Every move here is checked by
tests/scenes/test_tutorial_elios.py against the engine.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core.actions import Action
from game.core.engine import SeatInfo
from game.core.session import GameSession
from game.elios.grouping import SEPARATOR
from scenes.elios.table import EliosTableScene
from scenes.table.group_trays import NEW_TRAY
from scenes.table.tutorial import LEARNER, Scripted, Step, Tutorial, TutorialTable
from scenes.ui import theme
from scenes.ui.i18n import N_, _

if TYPE_CHECKING:
    from scenes.scene import AppServices
    from scenes.table.sprites import CardSprite

GAME_ID = "elios"
SUN = "roylgsbv"        # the stacks' colours, 0..7 (assets/decks/elios.yaml)

# Three players draw 10 beams and a joker each (E-4); two of the bag's 32 stay in the box (a sky blue, a blue).
BEAMS = [list("rrooyllgsbw"), list("ryylgsbvvvw"), list("rooylggsbvw")]
DEAL = {"beams": BEAMS, "discs": 2}

# What the bubble says once the step's first half is done (the trays match, the joker's stack is asked for,
# Split is pressed), or when the trays cannot reach the step's grouping by one drag.
READY_NOW = N_("Good! Now press Ready. Everyone groups at the same time, and the last one ready starts.")
JOKER_NOW = N_("Now the joker: click the violet stack. You hold no violet beam, so it blocks nothing of yours.")
SPLIT_NOW = N_("Now drag the orange beam onto the empty tray: it becomes a group of its own.")
START_AGAIN = N_("Press Suggest groups to put your beams back, then drag the sky-blue beam onto the joker's tray.")


@dataclass(frozen=True)
class EliosTutorial(Tutorial):
    """What Elios says otherwise than the kit's default: its totals are each seat's beams left."""

    def position(self, learner_name: str, level: str = "easy") -> dict[str, Any]:
        return {**super().position(learner_name, level), "totals": [len(beams) for beams in self.now["beams"]]}


TUTORIAL = EliosTutorial(
    game_id=GAME_ID,
    opponents=("Thalia", "Leon"),
    options={},
    deal=DEAL,
    now={"beams": BEAMS, "discs": 2, "stacks": [[letter] for letter in SUN], "groups": [None, None, None],
         "confirmed": [], "turn": None, "first_turn": False, "passes": 0, "end": None},
    script=(
        Scripted(1, "groups ryl/sbv/yv/gvw"),
        Scripted(2, "groups og/yg/o/rlv/sbw"),
        Step("groups rol/roy/lg/bws",
             N_("Place all your beams on the sun first to win. They go in groups: 1 to 3 a tray, no colour twice. "
                "Your joker's group goes first, so make it big: drag the sky-blue beam onto it."),
             N_("You could, but give the joker's tray three beams: drag the sky-blue beam onto it.")),
        Step("place 3 6,7,5",
             N_("You were ready last, so you start, with the joker's group. Drag tray 4 onto the sun: a joker "
                "fits any stack, so drop it on violet."),
             N_("You could, but put the joker on violet: you hold no violet beam, so it raises no stack you need.")),
        Scripted(1, "place 0 0,2,3"),
        Scripted(2, "place 0 1,4"),
        Step("disc",
             N_("Every stack is at height 2, as high as the discs: no beam may go above them. Press Add disc."),
             N_("You could, but nothing of yours fits under the discs now: add a disc first.")),
        Scripted(1, "place 0 5,6,7"),
        Scripted(2, "place 0 2,4"),
        Step("place 0 0,1,3",
             N_("A group goes on stacks of one height. Red, orange and lime all stand at 2: drag tray 1 onto "
                "the sun."),
             N_("You could, but tray 1 fits now: red, orange and lime are all at height 2.")),
        Scripted(1, "disc"),
        Scripted(2, "place 0 1"),
        Step("place 1 3,4",
             N_("Thalia added a disc, so lime and green, both at 3, fit now. Drag tray 2 onto the sun."),
             N_("You could, but tray 2 fits now: two beams out in one move.")),
        Scripted(1, "disc"),
        Scripted(2, "place 1 5,6,7"),
        Step("split 0 ry/o",
             N_("Orange is at 4, red and yellow at 3: tray 1 cannot go as one group. Press Split to take "
                "orange out."),
             N_("You could, but split off the orange beam: then red and yellow fit together.")),
        Scripted(1, "place 1 4,7,5"),
        Scripted(2, "split 0 rl/v"),
        Step("place 0 0,2",
             N_("Red and yellow are both at 3, under the discs: drag tray 1 onto the sun."),
             N_("You could, but place red and yellow while their stacks are level: stacks drift apart.")),
        Scripted(1, "split 0 y/v"),
        Scripted(2, "place 0 0,3"),
        Step("place 0 1",
             N_("One beam left: orange goes on at height 5. Place it, and you have placed every beam!"),
             N_("You could, but your last beam fits now: place it and win.")),
    ),
    tip=N_("Tip: place big groups while their stacks are level, and split a group as soon as its stacks "
           "drift apart."),
)


def same_grouping(a: str, b: str) -> bool:
    """Two groupings with the same groups, whatever the order of the trays and of the beams in them."""
    def groups(text: str) -> list[list[str]]:
        return sorted(sorted(group) for group in text.split(SEPARATOR))

    return groups(a) == groups(b)


class EliosTutorialTable(TutorialTable, EliosTableScene):
    """The real Elios table, with the script's opponents, the coach bubble and the lit trays and stacks."""

    # ----- moves ------------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> str | None:
        """The step's grouping in other trays or another order is the step's grouping: the script's own
        order is sent, so the tray numbers the later steps name stay true."""
        step = self.coach.step
        if (seat == LEARNER and step is not None and action.verb == "groups" == step.wanted.verb and action.args
                and same_grouping(action.args[0], step.wanted.args[0])):
            action = step.wanted
        return super()._apply(seat, action)

    def _show_game_result(self, delay: float) -> None:
        """No results dialog: the tutorial's own ending (the tip, the first game) follows the last beam."""

    # ----- the coach --------------------------------------------------------------------------------
    def coach_words(self) -> tuple[str, str]:
        """The step's words, or its second half once the first is done."""
        heading, words = super().coach_words()
        step = self.coach.step
        if step is None or (self._taken_back is not None and self.clock < self._taken_back[0]):
            return heading, words
        if step.wanted.verb == "groups":
            move = self._grouping_move(step)
            if move == "ready":
                words = _(READY_NOW)
            elif move is None:
                words = _(START_AGAIN)
        elif step.wanted.verb == "place" and self.choice is not None:
            words = _(JOKER_NOW)
        elif step.wanted.verb == "split" and self.split_mode:
            words = _(SPLIT_NOW)
        return heading, words

    def _grouping_move(self, step: Step) -> tuple["CardSprite", int | str] | str | None:
        """What turns the trays into the step's grouping: "ready" (nothing), one beam and the tray it goes
        to, or None (more than one move: start again from the suggested groups)."""
        wanted = step.wanted.args[0]
        trays = self.trays[LEARNER]
        if same_grouping(SEPARATOR.join(trays.groups()), wanted):
            return "ready"
        for sprite in trays.sprites():
            source = trays.tray_of(sprite)
            for target in [*range(len(trays.trays)), NEW_TRAY]:
                if target == source:
                    continue
                groups = [list(group) for group in trays.groups()]
                letter = groups[source].pop(groups[source].index((sprite.card_id or "")[:1]))
                if target == NEW_TRAY:
                    groups.append([letter])
                else:
                    groups[int(target)].append(letter)
                if same_grouping(SEPARATOR.join("".join(g) for g in groups if g), wanted):
                    return sprite, target
        return None

    def _button(self, key: int) -> list[pygame.Rect]:
        """The rect of the button with this hot key (empty while it is not shown)."""
        return [b.rect for b in self.seat_buttons if b.hotkey == key][:1]

    def _tray_rect(self, target: int | str) -> pygame.Rect:
        trays = self.trays[LEARNER]
        if target == NEW_TRAY:
            return trays.spare_rect or self.layout.seats[LEARNER].rect
        return trays.tray_rect(int(target))

    def _tutorial_target(self, step: Step) -> tuple[list[pygame.Rect], pygame.Rect]:
        """The tray to drag, the beam to move and where, or the button to press (the sun's stacks are lit
        in `_draw_table`); the bubble stands above the learner's trays, or by the button to press."""
        verb, args = step.wanted.verb, step.wanted.args
        trays = self.trays[LEARNER]
        lit: list[pygame.Rect] = []
        if verb == "groups":
            move = self._grouping_move(step)
            if move == "ready":
                lit = self._button(pygame.K_r)
            elif move is None:
                lit = self._button(pygame.K_g)
            else:
                sprite, target = move
                lit = [sprite.rect(), self._tray_rect(target)]
        elif verb == "place":
            index = int(args[0])
            if self.choice is None and index < len(trays.trays):
                lit = [trays.tray_rect(index)]
        elif verb == "disc":
            lit = self._button(pygame.K_d)
        elif verb == "split":
            index, (_rest, alone) = int(args[0]), args[1].split(SEPARATOR)
            if not self.split_mode:
                lit = self._button(pygame.K_s)
            elif index < len(trays.trays):
                lit = [s.rect() for s in trays.trays[index] if (s.card_id or "")[:1] == alone]
                lit.append(self._tray_rect(NEW_TRAY))
        beside = lit[0] if lit and verb in ("disc", "split") and not self.split_mode else self._trays_rect()
        return lit, beside

    def _trays_rect(self) -> pygame.Rect:
        rects = self.trays[LEARNER].tray_rects
        if not rects:
            return self.layout.seats[LEARNER].rect
        return rects[0].unionall(rects[1:])

    def _wanted_stacks(self) -> list[int]:
        """The stacks the step's placement uses (only the joker's, while its stack is being asked for)."""
        step = self.coach.step
        if step is None or step.wanted.verb != "place" or not self._coach_visible():
            return []
        stacks = [int(s) for s in step.wanted.args[1].split(",")]
        if self.choice is not None:
            group = self.trays[LEARNER].groups()[int(step.wanted.args[0])]
            return [stacks[group.index(self.joker)]] if self.joker in group else stacks
        return stacks

    def _draw_table(self, surface: pygame.Surface) -> None:
        """The sun's stacks the step places on wear the coach's gold."""
        super()._draw_table(surface)
        names = {f"stack.{stack}" for stack in self._wanted_stacks()}
        for zone in self.drag.zones:
            if zone.name in names:
                zone.shape.draw_highlight(surface, theme.GOLD)


def open_tutorial(app: "AppServices", at: int, on_finished: Callable[[], None]) -> EliosTutorialTable:
    """The tutorial table, started at script position `at` (0: the draw); `on_finished` runs at the end."""
    from scenes.screens.setup import default_player_name

    game = app.catalog.games[GAME_ID]
    state = TUTORIAL.state_at(game, default_player_name(app.settings.player_name), at)
    return EliosTutorialTable(app, GameSession(game, state), TUTORIAL, at, on_finished)
