"""Every screen that is not a game table, opened the way a player meets it, for the language tests.

`SCREENS` names each screen with a function that puts it on a fresh headless App's stack (with the
files it needs: an unfinished game to resume, saves, statistics). `text_problems` reads what the
text recorder saw while one frame was drawn and says, in words, what was cut or ran out of its box.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Callable

import pygame

from game.core.engine import SeatInfo
from game.core.saves import save_game
from game.core.session import GameSession
from game.core.statistics import Statistics, save_statistics
from scenes.app import App
from scenes.error_scene import ErrorScene
from scenes.handoff import HandoffOverlay
from scenes.pause import PauseOverlay
from scenes.results import ConfirmOverlay
from scenes.rules_screen import RulesScene
from scenes.saves_scene import RenameOverlay, SavesScene, confirm_ending_unfinished
from scenes.scene import Scene
from scenes.settings_scene import SettingsScene
from scenes.setup import SetupScene
from scenes.stats_scene import StatisticsScene
from scenes.title import TitleScene
from scenes.widgets import TextLog, draw_felt

SIZES = ((1280, 720), (800, 500))
GAMES = ("zeus", "telos", "tamoul", "elios")


class Backdrop(Scene):
    """What a pause menu covers in these tests: an empty felt (the tables have their own tests)."""

    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)


def new_session(app: App, game_id: str = "zeus") -> GameSession:
    game = app.catalog.games[game_id]
    seats = [SeatInfo("Io"), SeatInfo("Ariadne", "ai:normal"), SeatInfo("Bion", "ai:normal"),
             SeatInfo("Chloe", "ai:normal")][:max(3, game.min_players)]
    return GameSession.new(game, seats, None, 3, autosave_path=app.dirs.autosave, records_dir=app.dirs.records)


def finished_record(game: str, name: str, won: bool, total: int) -> dict:
    seats = [{"name": name, "controller": "human"}, {"name": "Bion", "controller": "ai:easy"}]
    return {"format": "olympus-record/1", "game": game, "seats": seats, "options": {}, "seed": 1, "rounds": [],
            "totals": [total, 1], "winners": [0] if won else [1], "finished": True}


def title_with_unfinished_game(app: App) -> None:
    new_session(app).save()
    app.stack.push(TitleScene(app))


def setup_of(game_id: str, *, humans: int = 1, choose_cards: bool = False) -> Callable[[App], None]:
    def build(app: App) -> None:
        setup = SetupScene(app, app.catalog.games[game_id])
        for seat in setup.seats[1:humans]:
            seat.human = True
        if choose_cards:
            [spec] = setup.pick_specs()
            setup.options[spec.name] = "choose"
            setup.picks[spec.name] = list(spec.choices[:2])
        setup.relayout()
        app.stack.push(setup)
    return build


def saves_from_pause(app: App) -> None:
    session = new_session(app)
    save_game(app.dirs.saves, "Picnic", session.state.record())
    app.stack.push(Backdrop(app))
    app.stack.push(PauseOverlay(app, "zeus", session))
    app.stack.push(SavesScene(app, session))


def saves_from_title(app: App) -> None:
    app.stack.push(TitleScene(app))
    app.stack.push(SavesScene(app))


def rename(app: App) -> None:
    session = new_session(app)
    save_game(app.dirs.saves, "Picnic", session.state.record())
    saves = SavesScene(app)
    app.stack.push(saves)
    app.stack.push(RenameOverlay(app, saves.entries[0], saves.after_rename))


def statistics(app: App) -> None:
    stats = Statistics()
    for i in range(12):
        stats.add_record(finished_record("zeus", "Io", i % 3 != 0, 3 + i % 4 if i % 3 else 0), when=float(i))
    stats.add_record(finished_record("zeus", "Io", False, 5) | {"seats": [
        {"name": "Io", "controller": "human"}, {"name": "Bion", "controller": "ai:hard"}]}, when=20.0)
    save_statistics(app.dirs.statistics_file, stats)
    app.stack.push(TitleScene(app))
    app.stack.push(StatisticsScene(app))


def empty_statistics(app: App) -> None:
    app.stack.push(TitleScene(app))
    app.stack.push(StatisticsScene(app))


def pause(app: App) -> None:
    app.stack.push(Backdrop(app))
    app.stack.push(PauseOverlay(app, "telos", new_session(app, "telos")))


def settings(app: App) -> None:
    app.stack.push(TitleScene(app))
    app.stack.push(SettingsScene(app))


def error(app: App) -> None:
    new_session(app).save()
    app.stack.push(ErrorScene(app, KeyError("seat"), "the table"))


def handoff(app: App) -> None:
    app.stack.push(HandoffOverlay(app, "Ariadne", lambda: None))


def confirm_new_game(app: App) -> None:
    title = TitleScene(app)
    app.stack.push(title)
    new_session(app).save()
    title.read_autosave()
    title.play("telos")


def confirm_quit(app: App) -> None:
    title = TitleScene(app)
    app.stack.push(title)
    title.on_escape()


def confirm_delete(app: App) -> None:
    session = new_session(app)
    save_game(app.dirs.saves, "Picnic", session.state.record())
    saves = SavesScene(app)
    app.stack.push(saves)
    saves.delete_selected()


def confirm_load(app: App) -> None:
    session = new_session(app)
    save_game(app.dirs.saves, "Picnic", session.state.record())
    session.save()
    saves = SavesScene(app)
    app.stack.push(saves)
    confirm_ending_unfinished(app, "?", "?", session.state.record(), lambda: None, lambda: None, lambda: None)
    app.stack.pop()          # the placeholder question above only proves the call; the real one follows
    saves.load_selected()


SCREENS: dict[str, Callable[[App], None]] = {
    "title": lambda app: app.stack.push(TitleScene(app)),
    "title-resume": title_with_unfinished_game,
    **{f"setup-{game}": setup_of(game) for game in GAMES},
    "setup-zeus-pass-and-play": setup_of("zeus", humans=3),
    "setup-telos-chosen-cards": setup_of("telos", humans=2, choose_cards=True),
    "settings": settings,
    "saves-title": saves_from_title,
    "saves-pause": saves_from_pause,
    "rename": rename,
    "statistics": statistics,
    "statistics-empty": empty_statistics,
    "pause": pause,
    "error": error,
    "handoff": handoff,
    "confirm-new-game": confirm_new_game,
    "confirm-quit": confirm_quit,
    "confirm-delete": confirm_delete,
    "confirm-load": confirm_load,
    **{f"rules-{game}": (lambda app, game=game: app.stack.push(RulesScene(app, game))) for game in GAMES},
}


def open_screen(app: App, name: str) -> None:
    SCREENS[name](app)
    app.stack.apply_pending()


def text_problems(log: TextLog) -> list[str]:
    """What the recorder saw that a player would find cut off or overlapping, one sentence each."""
    problems = [f"“{text}” is cut to fit {width} px" for text, width in log.cut]
    for text, rect, _surface, (width, height) in log.drawn:
        if rect.left < 0 or rect.top < 0 or rect.right > width or rect.bottom > height:
            problems.append(f"“{text}” runs off its surface: {tuple(rect)} on {width}×{height}")
    lines = [(text, ink_box(rect), surface) for text, rect, surface, _size in log.drawn if text.strip()]
    for i, (text, box, surface) in enumerate(lines):
        for other, other_box, other_surface in lines[i + 1:]:
            if surface == other_surface and box.colliderect(other_box) and text != other:
                problems.append(f"“{text}” {tuple(box)} runs into “{other}” {tuple(other_box)}")
    return problems


def ink_box(rect: pygame.Rect) -> pygame.Rect:
    """A drawn line's box without the font's line spacing above and below the letters, so lines set
    close (but not touching) do not count as running into each other."""
    trim = rect.h // 5
    return pygame.Rect(rect.x, rect.y + trim, rect.w, max(1, rect.h - 2 * trim))
