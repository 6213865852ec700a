"""Télos, learned by playing: one round on a prepared deal against two scripted players.

The learner (seat 0) leads the first trick; Thalia (1) and Leon (2) follow the script. Each rule a
first game needs comes once, when it first matters: a trick, the goal and a lead (step 1), following to reach
the table line (2), leading several cards of one value (3), the line of several cards, playing your
lowest when you cannot reach it, and a Zeus card's power, the Ant (4), and the last trick, which
scores (5). Seven cards each make five tricks: one card, one card, two, two, then the last.
Every move here is checked by tests/scenes/test_tutorial_telos.py against the engine.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from scenes.table.tutorial import LEARNER, Scripted, Step, Tutorial, TutorialTable, open_tutorial_table
from scenes.telos.table import TelosTableScene
from scenes.ui.i18n import N_

if TYPE_CHECKING:
    from scenes.scene import AppServices

GAME_ID = "telos"
SETS = "abcde"                              # the five sets of a three-player game
ZEUS_CARDS = ["Z:ant", "Z:bull", "Z:eagle"]     # one per player; only the learner's Ant is dealt

HANDS = [["1c", "5b", "10a", "10e", "11d", "12c", "Z:ant"],
         ["3e", "4e", "7d", "8b", "11a", "11c", "13b"],
         ["2d", "6b", "6d", "9c", "9e", "12a", "12e"]]
# Leon deals, so the learner (the next seat clockwise) leads the first trick, whatever their name.
DEAL = {"dealer": 2, "direction": 1, "hands": HANDS, "blind": None, "scores_before": [[], [], []]}


def _undealt() -> list[str]:
    """The rest of the deck, unseen (T-3): every God card of the five sets and Zeus card not dealt."""
    dealt = {card for hand in HANDS for card in hand}
    deck = [f"{value}{s}" for value in range(1, 14) for s in SETS] + ZEUS_CARDS
    return [card for card in deck if card not in dealt]


# The first trick of the round, before anyone plays: what the engine's own deal of DEAL stands at.
NOW: dict[str, Any] = {
    **DEAL, "zeus_cards": ZEUS_CARDS, "hand_size": 7, "undealt": _undealt(), "divine_used": [False] * 3,
    "serpent_ban": False, "played_this_round": [], "previous_trick": [], "previous_winner": None,
    "trick_number": 0, "leader": 0, "trick_order": [0, 1, 2], "plays": [], "line": [], "k": 0,
    "last_trick": False, "loser": None, "coming_setups": []}

TUTORIAL = Tutorial(
    game_id=GAME_ID,
    opponents=("Thalia", "Leon"),
    options={"powers": "advanced", "divine_trick": False, "zeus_cards": ZEUS_CARDS},
    deal=DEAL,
    now=NOW,
    script=(
        Step("play 12c",
             N_("Each trick, everyone plays in turn and the highest card takes it. Avoid the round's last "
                "trick: it scores points, and 32 loses. You lead: click your 12, then Play."),
             N_("You could, but spend a high card now, while tricks cost nothing: low cards are what you "
                "want at the end.")),
        Scripted(1, "play 13b"),
        Scripted(2, "play 2d"),
        Scripted(1, "play 4e"),
        Scripted(2, "play 9c"),
        Step("play 11d",
             N_("Thalia led 4 and Leon played 9, so the table line (Reach, in the middle) is 9. To follow, "
                "play 9 or more: your 11."),
             N_("You could, but play the 11: keep both 10s to lead together, and the Ant for later.")),
        Step("play 10a,10e",
             N_("Your 11 took the trick, so you lead. A lead may be several cards of one value: lead both "
                "10s, and everyone must play two."),
             N_("You could, but lead both 10s: then everyone must play two cards that reach 10 and 10.")),
        Scripted(1, "play 11a,11c"),
        Scripted(2, "play 12a,12e"),
        Scripted(2, "play 6b,6d"),
        Step("play 5b,Z:ant",
             N_("You cannot reach 6 · 6, so you would have to play your two lowest. Your Zeus card, "
                "the Ant, frees you: play it with your 5."),
             N_("You could, but keep your 1 for the last trick, and spend the Ant now: in the last trick "
                "a Zeus card is worth 20.")),
        Scripted(1, "play 7d,8b"),
        Scripted(1, "play 3e"),
        Scripted(2, "play 9e"),
        Step("play 1c",
             N_("The last trick: one card each. Whoever plays the highest card scores its value. Play "
                "your 1: it cannot win."),
             N_("Play your 1: it is the only card you have left.")),
    ),
    tip=N_("Tip: keep a low card for the last trick, and play your high cards and Zeus cards while "
           "tricks still cost nothing."),
)


class TelosTutorialTable(TutorialTable, TelosTableScene):
    """The real Télos table, with the script's opponents and the coach bubble."""

    def _tutorial_target(self, step: Step) -> tuple[list[pygame.Rect], pygame.Rect]:
        """Light the cards to play; once they are chosen, the Play button too (the table itself lights
        the middle, "Play here", for a set it would take). The bubble stands by the cards."""
        wanted = set(step.wanted.cards)
        cards = [s for s in self.hands[LEARNER] if s.card_id in wanted]
        lit = [s.rect() for s in cards]
        beside = lit[0].unionall(lit[1:]) if lit else self.layout.centre
        chosen = {s.card_id for s in self.drag.selected}
        if wanted and chosen == wanted and self.play_button is not None:
            lit.append(self.play_button.rect)
        return lit, beside

    def _tutorial_keep_clear(self) -> list[pygame.Rect]:
        """The bubble also keeps clear of the trick and of the words in the middle (the table line)."""
        return super()._tutorial_keep_clear() + [s.rect() for s in self.trick_area.sprites()] \
            + list(self.centre_words_rects)


def open_tutorial(app: "AppServices", at: int, on_finished: Callable[[], None]) -> TelosTutorialTable:
    """The tutorial table, started at script position `at` (0: the deal); `on_finished` runs at the end."""
    return open_tutorial_table(app, TelosTutorialTable, TUTORIAL, at, on_finished)
