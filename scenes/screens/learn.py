""""Learn to play": opening a game's guided first game, the first-time offer, and its ending.

A game has a tutorial when `TUTORIALS` names its module (scenes/<game>/tutorial.py, giving `TUTORIAL`
and `open_tutorial(app, at, on_finished)`). Progress is kept in tutorials.json (game/core/tutorials.py):
the tutorial starts again at the last step reached, and once finished the first-time offer is not
made again; the offer is made at most once in any case.
"""
from __future__ import annotations

import importlib
import logging
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Callable

from game.core.tutorials import progress_of, read_progress, remember
from scenes.ui.i18n import _

if TYPE_CHECKING:
    from scenes.scene import AppServices

log = logging.getLogger("olympus.learn")

TUTORIALS = {
    "zeus": "scenes.zeus.tutorial",
    "telos": "scenes.telos.tutorial",
    "tamoul": "scenes.tamoul.tutorial",
    "elios": "scenes.elios.tutorial",
}


def progress_path(app: "AppServices") -> Path:
    return app.dirs.config / "tutorials.json"


def tutorial_module(game_id: str) -> ModuleType | None:
    name = TUTORIALS.get(game_id)
    return importlib.import_module(name) if name else None


def games_with_tutorials(app: "AppServices") -> list[str]:
    """The games offered now that have a tutorial, in menu order."""
    return [game_id for game_id in app.catalog.games if game_id in TUTORIALS]


def open_tutorial(app: "AppServices", game_id: str) -> None:
    """Start the game's tutorial at the last step reached (from the beginning once it was finished)."""
    module = tutorial_module(game_id)
    if module is None:
        return
    progress, message = read_progress(progress_path(app))
    if message:
        app.toast(message)
    entry = progress.get(game_id)
    at = entry.step if entry is not None and not entry.finished else 0
    if at not in module.TUTORIAL.step_indexes():
        at = 0
    table = module.open_tutorial(app, at, lambda: finished(app, game_id))
    app.stack.clear_to(table)


def choose_tutorial(app: "AppServices") -> None:
    """The title's "Learn to play": the one tutorial at once, or a choice of games."""
    from scenes.screens.results import ConfirmOverlay

    games = games_with_tutorials(app)
    if len(games) == 1:
        open_tutorial(app, games[0])
        return
    answers = [(app.catalog.games[g].title, lambda g=g: open_tutorial(app, g)) for g in games]
    app.stack.push(ConfirmOverlay(app, _("Learn to play"), answers + [(_("Back"), lambda: None)]))


def offer_first_time(app: "AppServices", game_id: str, go_on: Callable[[], None]) -> bool:
    """Before the first game of a game whose tutorial was never finished nor offered: offer it once.
    True when the offer is up (it calls `go_on` if the player would rather play at once)."""
    from scenes.screens.results import ConfirmOverlay

    if game_id not in TUTORIALS:
        return False
    path = progress_path(app)
    progress = progress_of(path, game_id)
    if progress.finished or progress.offered:
        return False
    try:
        remember(path, game_id, offered=True)
    except OSError as exc:
        log.warning("tutorial offer not remembered: %s", exc)
    title = app.catalog.games[game_id].title
    app.stack.push(ConfirmOverlay(app, _("New to {game}? Learn by playing — 5 minutes").format(game=title),
                                  [(_("Learn by playing"), lambda: open_tutorial(app, game_id)),
                                   (_("Play now"), go_on)]))
    return True


def finished(app: "AppServices", game_id: str) -> None:
    """The tutorial's end: the tip, then the first real game (easy opponents) or the menu."""
    from scenes.screens.results import ConfirmOverlay

    module = tutorial_module(game_id)
    tip = _(module.TUTORIAL.tip) if module is not None else ""
    app.stack.push(ConfirmOverlay(app, _("Well done: you know how to play!"),
                                  [(_("Play your first game"), lambda: first_game(app, game_id)),
                                   (_("Back to the menu"), app.back_to_title)], detail=tip))


def first_game(app: "AppServices", game_id: str) -> None:
    """The setup screen with every other seat an easy AI (the gentlest the game has), over the title menu."""
    from scenes.screens.setup import SetupScene
    from scenes.table.tutorial import first_game_level

    game = app.catalog.games[game_id]
    setup = SetupScene(app, game)
    for seat in range(1, len(setup.seats)):
        setup.set_level(seat, first_game_level(game))
        setup.set_human(seat, "ai")
    app.back_to_title()
    app.stack.push(setup)
