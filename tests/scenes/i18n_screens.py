"""Every screen that is not a game table, opened the way a player meets it, for the language tests.

`SCREENS` names each screen with a function that puts it on a fresh headless App's stack (with the
files it needs: an unfinished game to resume, saves, statistics, kept records). `VIEWER_SCREENS` are
the replay viewer and the review, which show a game's table beside or under their own panel: their
own words are checked (`viewer_panel`), the table's are the tables' tests' business. `text_problems`
reads what the text recorder saw while one frame was drawn and says, in words, what was cut or ran
out of its box.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections import Counter
from functools import lru_cache
from typing import Any, Callable
from unittest import mock

import pygame

from game.catalog import load_game
from game.core.engine import SeatInfo
from game.core.play import play_game
from game.core.records import record_to_text
from game.core.review import review_record
from game.core.review_worker import ReviewProgress
from game.core.saves import save_game
from game.core.session import GameSession
from game.core.statistics import Statistics, save_statistics
from scenes.app import App
from scenes.screens.error import ErrorScene
from scenes.screens.handoff import HandoffOverlay
from scenes.screens import review as review_screen
from scenes.screens.pause import PauseOverlay
from scenes.screens.replay_viewer import ReplayScene
from scenes.screens.replays import ReplaysScene, replay_title
from scenes.screens.results import ConfirmOverlay
from scenes.screens.rules import RulesScene
from scenes.screens.saves import RenameOverlay, SavesScene, confirm_ending_unfinished
from scenes.scene import Scene
from scenes.screens.settings import SettingsScene
from scenes.screens.setup import SetupScene
from scenes.screens.statistics import StatisticsScene
from scenes.screens.title import TitleScene
from scenes.ui.widgets import TextLog, draw_felt, recording_text

SIZES = ((1280, 720), (800, 500))
KEPT_ON = 1795420800.0          # 23 November 2026, the day the records of these tests were kept
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


# ----- the replays, the replay viewer and the review ------------------------------------------------------
@lru_cache(maxsize=None)
def played_record(game_id: str, seed: int = 3) -> str:
    """A small finished game (the first seat a person, the others random AIs), as its record's text."""
    game = load_game(game_id)
    names = ("Io", "Ariadne", "Bion", "Chloe")[:max(3, game.min_players) if game.max_players >= 3 else 2]
    seats = [SeatInfo(name, "human" if i == 0 else "ai:random") for i, name in enumerate(names)]
    return record_to_text(play_game(game, seats, [game.agent("random") for _ in seats], seed=seed).record())


def record_of(game_id: str) -> dict[str, Any]:
    import json

    return json.loads(played_record(game_id))


def replays(app: App) -> None:
    app.dirs.records.mkdir(parents=True, exist_ok=True)
    for i, game_id in enumerate(("zeus", "tamoul", "elios")):
        (app.dirs.records / f"{game_id}-20261123-10000{i}-3.json").write_text(played_record(game_id), encoding="utf-8")
    app.stack.push(TitleScene(app))
    app.stack.push(ReplaysScene(app))


def empty_replays(app: App) -> None:
    app.stack.push(TitleScene(app))
    app.stack.push(ReplaysScene(app))


def replay_at(game_id: str, where: str) -> Callable[[App], None]:
    def build(app: App) -> None:
        game = app.catalog.games[game_id]
        scene = ReplayScene(app, game, record_of(game_id), title=replay_title(game.title, KEPT_ON))
        app.stack.push(scene)
        app.stack.apply_pending()
        scene.jump({"start": 0, "middle": scene.timeline.length // 2, "end": scene.timeline.length}[where])
    return build


@lru_cache(maxsize=None)
def game_review(game_id: str, seat: int) -> tuple:
    """A whole review of a small game at a tiny budget (two searches, samples or turns a decision: quick,
    and just as wordy)."""
    return tuple(review_record(load_game(game_id), record_of(game_id), seat, iterations=2).moves)


def finished_review(running: bool) -> type:
    class FinishedReview:
        """The review worker for these tests: the same review, computed at once in this process (a
        child process per screen would make the tests slow), finished or still running."""

        def __init__(self, game_id: str, record: Any, seat: int, **_options: Any) -> None:
            moves = list(game_review(game_id, seat))
            shown = moves[:3] if running else moves
            self.progress = ReviewProgress(done=len(shown), total=len(moves), moves=shown, finished=not running)

        def poll(self) -> ReviewProgress:
            return self.progress

        def cancel(self) -> None:
            self.progress.cancelled = not self.progress.finished
    return FinishedReview


def review(running: bool, game_id: str = "zeus") -> Callable[[App], None]:
    def build(app: App) -> None:
        game = app.catalog.games[game_id]
        with mock.patch.object(review_screen, "BackgroundReview", finished_review(running)):
            scene = review_screen.ReviewScene(app, game, record_of(game_id), title=replay_title(game.title, KEPT_ON))
        app.stack.push(scene)
        app.stack.apply_pending()
        scene.select(1 if running else next((i for i, m in enumerate(scene.moves) if not m.agreed), 0))
    return build


VIEWER_SCREENS: dict[str, Callable[[App], None]] = {
    "replay-tamoul-start": replay_at("tamoul", "start"),
    "replay-elios-middle": replay_at("elios", "middle"),
    "replay-zeus-middle": replay_at("zeus", "middle"),
    "replay-zeus-end": replay_at("zeus", "end"),
    "replay-telos-middle": replay_at("telos", "middle"),
    "review-running": review(running=True),
    "review-finished": review(running=False),
    "review-tamoul": review(running=False, game_id="tamoul"),
    "review-elios": review(running=False, game_id="elios"),
}
SCREENS.update({"replays": replays, "replays-empty": empty_replays})


def viewer_own_text(app: App) -> TextLog:
    """What a viewer draws itself in one frame: everything recorded, less what its table draws alone."""
    scene: Any = app.stack.top
    target = app.screen if isinstance(scene, ReplayScene) else app.screen.subsurface(scene.table_rect)
    with recording_text() as table:
        scene.table.draw(target)
    with recording_text() as everything:
        scene.draw(app.screen)
    table_lines = Counter((text, tuple(rect)) for text, rect, *_ in table.drawn)
    table_cuts = Counter(table.cut)
    own = TextLog()
    for entry in everything.drawn:
        key = (entry[0], tuple(entry[1]))
        if table_lines[key]:
            table_lines[key] -= 1
        else:
            own.drawn.append(entry)
    for cut in everything.cut:
        if table_cuts[cut]:
            table_cuts[cut] -= 1
        else:
            own.cut.append(cut)
    return own


def open_screen(app: App, name: str) -> None:
    (SCREENS.get(name) or VIEWER_SCREENS[name])(app)
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
