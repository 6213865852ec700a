"""Zeus on the Loose, learned by playing: one round on a prepared deal against two scripted players.

The learner (seat 0) plays first; Thalia (1) and Leon (2) follow the script. Each rule a first game
needs comes once, when it first matters: a card adds to the total (step 1), a multiple of 10 steals
Zeus (2), a god's power (3), the Same Number Sneak (4), and exactly 100 wins the round (5).
Every move here is checked by tests/scenes/test_tutorial_zeus.py against the engine.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.core.session import GameSession
from scenes.table.tutorial import LEARNER, Scripted, Step, Tutorial, TutorialTable
from scenes.ui.i18n import N_
from scenes.zeus.table import ZeusTableScene

if TYPE_CHECKING:
    from scenes.scene import AppServices

GAME_ID = "zeus"

HANDS = [["4", "7", "Poseidon", "8"], ["6", "Ares", "8", "Hermes"], ["3", "2", "5", "Apollo"]]
# Top first: the draws of the script's eleven plays, then the rest of the deck in card order.
DRAW_PILE = ["10", "1", "9", "1", "9", "4", "9", "7", "4", "1", "7",
             "1", "2", "2", "2", "3", "3", "3", "4", "5", "5", "5", "6", "6", "6", "7", "8", "8", "9", "10", "10",
             "10", "Aphrodite", "Aphrodite", "Apollo", "Ares", "Ares", "Artemis", "Artemis", "Athena", "Athena",
             "Athena", "Hera", "Hermes", "Hermes", "Poseidon", "Poseidon", "Poseidon"]

DEAL = {"dealer": 2, "first": 0, "hands": HANDS, "draw_pile": DRAW_PILE}

TUTORIAL = Tutorial(
    game_id=GAME_ID,
    opponents=("Thalia", "Leon"),
    options={"sneak": True, "manual_draw": False},
    deal=DEAL,
    # The learner plays first, whatever their name (Z-2 would otherwise choose by name).
    now={**DEAL, "turn": 0, "total": 0, "pile": [], "zeus_holder": None, "owes_draw": None,
         "last_round_winner": None, "deals_next_round": True, "coming_setups": []},
    script=(
        Step("play 4",
             N_("Hold Zeus when the round ends to win it. Drag your 4 onto Mount Olympus: the total goes up by 4."),
             N_("You could, but start small: a low card keeps the total far from 100. Play the 4.")),
        Scripted(1, "play 6"),
        Scripted(2, "play 3"),
        Step("play 7",
             N_("Thalia made the total 10 and took Zeus: making 10, 20, 30… steals him. Make 20 with your 7."),
             N_("You could, but only the 7 makes 20, a multiple of 10, and steals Zeus back.")),
        Scripted(1, "play Ares"),
        Scripted(2, "play 2"),
        Step("play Poseidon",
             N_("Gods have powers: Thalia's Ares set the total to 50 and took Zeus. Play Poseidon: minus 10, "
                "and he steals Zeus."),
             N_("You could, but play Poseidon here: he takes Zeus back and pulls the total down to 42.")),
        Scripted(1, "play 8"),
        Step("sneak 8",
             N_("Thalia played an 8 and you hold one: sneak it now, out of turn! Press Sneak 8! or drag it. "
                "It takes Zeus, and Leon is skipped."),
             N_("You could, but sneak your 8 now: a sneak steals Zeus and skips Leon.")),
        Scripted(1, "play Hermes"),
        Scripted(2, "play 5"),
        Step("play 10",
             N_("Hermes turned 58 into 85, then Leon made 90 and took Zeus. Play your 10: exactly 100 wins "
                "the round!"),
             N_("You could, but only exactly 100 wins the round now: play the 10.")),
    ),
    tip=N_("Tip: keep a god or a card that makes a multiple of 10 for when someone takes Zeus, and never "
           "leave the next player an easy 100."),
)


class ZeusTutorialTable(TutorialTable, ZeusTableScene):
    """The real Zeus table, with the script's opponents and the coach bubble."""

    def _tutorial_target(self, step: Step) -> tuple[list[pygame.Rect], pygame.Rect]:
        """Light the card to play and Mount Olympus (and the Sneak! button); the bubble stands by the card."""
        card = step.wanted.args[0]
        olympus = self._olympus_rect()
        label = self.layout.text_size(15) + 6     # "Mount Olympus" above the platform is lit with it
        olympus = pygame.Rect(olympus.x, olympus.y - label, olympus.w, olympus.h + label)
        lit = [olympus]
        beside = olympus
        for sprite in self.hands[LEARNER]:
            if sprite.card_id == card:
                beside = sprite.rect()
                lit.append(beside)
                break
        lit += [button.rect for seat, button in self.reaction_buttons if seat == LEARNER]
        return lit, beside


def open_tutorial(app: "AppServices", at: int, on_finished: Callable[[], None]) -> ZeusTutorialTable:
    """The tutorial table, started at script position `at` (0: the deal); `on_finished` runs at the end."""
    from scenes.screens.setup import default_player_name

    game = app.catalog.games[GAME_ID]
    state = TUTORIAL.state_at(game, default_player_name(app.settings.player_name), at)
    return ZeusTutorialTable(app, GameSession(game, state), TUTORIAL, at, on_finished)
