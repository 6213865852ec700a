"""The program around the tables: the main loop, the scene stack, toasts and the games' user files.

The window is scenes/app_window.py, the settings scenes/app_settings.py and memory upkeep scenes/heap.py,
each a part of `App`.

One `App` per run. Scenes reach everything shared through it (`app.settings`, `app.dirs`,
`app.catalog`, `app.toast`), so nothing is global. Time advances by `clock.tick` capped at 0.1 s,
or by a fixed step in headless runs (tests, benchmark, screenshots), which makes them repeatable.

An unexpected exception in a scene does not end the program: it goes to the log with its traceback and
the error screen (scenes/screens/error.py) takes the place of every scene, naming what happened and the
log file. The autosave is left as the last good action wrote it, so the title offers to resume.
"""
from __future__ import annotations

import logging
import logging.handlers
import time
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.catalog import Catalog, load_catalog, manifest_problems, registered_game_ids
from game.core.session import GameSession, keep_unkept_records, unkept_folders
from game.core.data_folder import open_user_dirs
from game.core.userfiles import UserDirs, user_dirs
from scenes.app_settings import AppSettings
from scenes.app_window import AppWindow
from scenes.input_wait import InputWait
from scenes.heap import HEAP_TRIM_SECONDS, release_closed_table, trim_heap, tune_heap
from scenes.ui.i18n import N_, _, translate_message
from scenes.scene import Scene, SceneStack
from scenes.ui import theme
from scenes.ui.theme import font, ui_scale
from scenes.ui.speech import Speaker, SpeechFollower, table_on
from scenes.ui.widgets import wrap_text

log = logging.getLogger("olympus")

FPS = 60
MAX_DT = 0.1
REST_WAKE = 0.5        # at rest while a save fails, the longest sleep between two looks at the app's own timers
                       # (the save tried again); such a wake updates but draws only if something changed
REST_WAKE_QUIET = 30.0 # at rest with nothing to try again: only the heap trim counts the time, and nothing is
                       # freed while nothing happens (a wake that draws nothing still costs 20-50 ms on a
                       # machine gone quiet: the table's update and the speech follower run cold)
REST_MAX_DT = 0.5      # the time step after a rest: nothing was moving, so a long step jumps over nothing
TOAST_SECONDS = 3.0
@dataclass
class Toast:
    text: str
    remaining: float
    total: float


class QuietFileHandler(logging.handlers.RotatingFileHandler):
    """The log file, which on a full disk fails quietly: logging's own answer to a failed write is a
    traceback on the terminal, and the player is told about the disk by the program itself."""

    def handleError(self, record: logging.LogRecord) -> None:
        return


def setup_logging(dirs: UserDirs) -> Path:
    """Log to a rotating file in the log folder (once per process, however many Apps tests make)."""
    path = dirs.logs / "olympus-table.log"
    root = logging.getLogger()
    for handler in root.handlers:
        if isinstance(handler, logging.FileHandler) and Path(handler.baseFilename) == path.resolve():
            return path
    for handler in [h for h in root.handlers if getattr(h, "olympus", False)]:
        root.removeHandler(handler)
        handler.close()
    handler = QuietFileHandler(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
    handler.olympus = True  # type: ignore[attr-defined]
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    return path


def load_catalog_safely(game_ids: tuple[str, ...] | None = None) -> Catalog:
    """The catalog, one game at a time, so a game that fails in any way (a broken manifest, bad YAML,
    a missing or broken package, a table module that is not there) is left out with its reason and
    the others are still offered. `game_ids` defaults to every registered game."""
    from scenes.tables import table_problem

    catalog = Catalog()
    if game_ids is None:
        game_ids = registered_game_ids()
        catalog.errors.update(manifest_problems())
    for game_id in game_ids:
        try:
            one = load_catalog((game_id,))
            problem = table_problem(game_id) if game_id in one.games else None
        except Exception as exc:  # a broken game package must not stop the program
            log.exception("game %s failed to load", game_id)
            catalog.errors[game_id] = f"{type(exc).__name__}: {exc}"
            continue
        if problem is not None:
            catalog.errors[game_id] = problem
            continue
        catalog.games.update(one.games)
        catalog.errors.update(one.errors)
    for game_id, message in catalog.errors.items():
        log.warning("%s cannot be offered: %s", game_id, message)
    return catalog


SCENE_WORDS = {"TitleScene": N_("the title menu"), "PauseOverlay": N_("the pause menu"),
               "SettingsScene": N_("the settings"), "SetupScene": N_("the game setup"),
               "SavesScene": N_("the saved games"), "StatisticsScene": N_("the statistics"),
               "RulesScene": N_("the rules")}


def describe_scene(scene: Scene | None) -> str:
    """How the error screen names the screen that failed, in English ("the table", "the title menu"…);
    the error screen translates it, so it changes with the language."""
    if scene is None:
        return N_("the program")
    name = type(scene).__name__
    if name in SCENE_WORDS:
        return SCENE_WORDS[name]
    return N_("the table") if name.endswith("TableScene") else name


class App(AppWindow, AppSettings):
    """The loop, the scene stack and the shared services every scene uses; the window's part is
    scenes/app_window.py, the settings' part scenes/app_settings.py."""

    def __init__(self, *, headless: bool = False, fixed_dt: float | None = None,
                 size: tuple[int, int] | None = None, dirs: UserDirs | None = None,
                 catalog: Catalog | None = None, remember_size: bool | None = None) -> None:
        self.headless = headless
        self.fixed_dt = fixed_dt
        # The player's folders, checked and locked; a stand-in that keeps nothing when they cannot be used
        # or another copy uses them (game/core/data_folder.py): the first scene then asks the player.
        self.folders = open_user_dirs(dirs or user_dirs())
        self.dirs = self.folders.dirs
        self.log_path = setup_logging(self.dirs)
        self.stack = SceneStack()
        self.toasts: list[Toast] = []
        self.running = True
        self.frame_count = 0
        self.session: GameSession | None = None     # the game at the table now, for its messages
        self.unkept: list[GameSession] = []        # games left behind whose finished record is still to be kept
        # A size given on the command line is for this run only; a window the player drags is remembered.
        self._remember_size = (size is None and not headless) if remember_size is None else remember_size
        self._woken_by: list[pygame.event.Event] = []    # the event that ended a rest, handled next frame
        self._rested_quietly = False      # the last rest ended by time, not by input
        self._draw_due = True             # the last rest ended when a scene's picture was due to change
        self._shown_scenes: tuple[Scene, ...] = ()   # the stack whose picture the window shows
        self.frames_drawn = 0             # frames drawn and shown (a frame at rest may draw nothing)
        # The picture last drawn, if it was a scene at rest: (scene, window size, the area that still changes).
        self._rest_picture: tuple[Scene, tuple[int, int], pygame.Rect] | None = None
        self._table_closed = False   # a table left the stack: free it (`release_closed_table`) next frame
        # In one rest, the resting area's picture at each look drawn so far, and where (`_draw_rest_area`).
        self._kept_looks: dict[tuple[Scene | None, object], tuple[pygame.Rect, pygame.Surface]] = {}
        self._heap_trim_in = HEAP_TRIM_SECONDS
        tune_heap()

        self._read_settings()       # the language and palette applied (scenes/app_settings.py)
        self.speech = Speaker()     # off unless the settings say so (scenes/ui/speech.py)
        self.speech.enabled = self.settings.speech
        self.speech_follower = SpeechFollower(self.speech)

        self._open_window(size)     # scenes/app_window.py
        self.input_wait = InputWait.for_display()
        if not self.headless:
            self.input_wait.take_stop_signal()
        self.clock = pygame.time.Clock()
        pygame.key.set_repeat(400, 35)

        self.catalog = catalog if catalog is not None else load_catalog_safely()
        if self.folders.saving:
            self._keep_unkept_games()
        log.info("started: %d games offered, %d cannot be offered; window %s", len(self.catalog.games),
                 len(self.catalog.errors), self.size)

    def _keep_unkept_games(self) -> None:
        """Finished games written elsewhere at the last quit because the disk was full go to the records."""
        try:
            messages = keep_unkept_records(unkept_folders(self.dirs), self.dirs.records, self.dirs.statistics_file)
        except OSError as exc:
            log.warning("finished games written elsewhere could not be kept yet: %s", exc)
            return
        for message in messages:
            log.info(message)
            self.toast(message)

    # ----- messages ----------------------------------------------------------------------------------
    def toast(self, text: str) -> None:
        """A short message over everything; longer messages stay a little longer so they can be read.
        A sentence from game/ (a damaged file set aside, say) is shown in the player's language."""
        text = translate_message(text)
        seconds = max(TOAST_SECONDS, len(text) / 18)
        self.toasts.append(Toast(text, seconds, seconds))
        self.toasts = self.toasts[-4:]

    # ----- navigation ---------------------------------------------------------------------------------
    def open_table(self, session: GameSession, *, fresh: bool = False) -> None:
        """Replace the current scene (setup or title) with the session's table; `fresh` drops every
        scene first (a saved game loaded over a paused table)."""
        from scenes import tables

        try:
            scene = tables.open_table(self, session)
        except Exception as exc:  # a broken table must not take the program down with it
            log.exception("table for %s failed to open", session.game.id)
            self.toast(_("The {game} table could not be opened ({reason}). Your game is saved and can be "
                         "resumed.").format(game=session.game.title, reason=f"{type(exc).__name__}: {exc}"))
            return
        log.info("opening table: %s, seats %s, seed %s", session.game.id,
                 [f"{s.name} ({s.controller})" for s in session.seats], session.state.seed)
        if session.kept_unfinished is not None:
            self.toast(_("Your unfinished game was kept in the saved games as “{name}”.").format(
                name=session.kept_unfinished.stem))
        session.records_kept = self.settings.records_kept
        self._leave_session()
        self.session = session
        if fresh:
            self.stack.clear_to(scene)
        else:
            self.stack.replace(scene)

    def back_to_title(self) -> None:
        from scenes.screens.title import TitleScene

        self._leave_session()
        self.stack.clear_to(TitleScene(self))

    def _leave_session(self) -> None:
        """The table's game is left: a finished game not yet kept (a full disk) stays, still tried."""
        if self.session is not None and self.session.finished_unkept:
            self.unkept.append(self.session)
        self.session = None

    def _sessions(self) -> list[GameSession]:
        return self.unkept + ([self.session] if self.session is not None else [])

    def quit(self, anyway: bool = False) -> None:
        """Stop at the end of this frame. A finished game that could not be kept yet is first tried again,
        then written elsewhere, and the player is told where (or that it is only in memory) and asked."""
        if not anyway:
            for session in self._sessions():
                session.retry()
            if any(session.finished_unkept for session in self._sessions()):
                self._ask_before_quitting()
                return
        self.running = False

    _QUIT_QUESTION = N_("Your finished game is not kept yet")

    def _ask_before_quitting(self) -> None:
        from scenes.screens.results import ConfirmOverlay

        unkept = [session for session in self._sessions() if session.finished_unkept]
        places = [session.keep_elsewhere(unkept_folders(self.dirs)) for session in unkept]
        failing = unkept[0].keep_failing
        reason = translate_message(failing.args.get("reason", "") if failing is not None else "")
        if all(place is not None for place in places):
            where = ", ".join(str(place.parent) for place in dict.fromkeys(places) if place is not None)
            detail = _("It could not be written to your records ({reason}). A copy was written to {where}; "
                       "it goes into your records and statistics the next time the program starts.").format(
                reason=reason, where=where)
            answers = [(_("Quit"), lambda: self.quit(anyway=True)), (_("Stay"), lambda: None)]
        else:
            detail = _("It could not be written anywhere ({reason}); it is only in this program's memory. If you "
                       "quit now, it is lost. Free some space on the disk, then choose Try again.").format(
                reason=reason)
            answers = [(_("Try again"), self.quit), (_("Quit anyway"), lambda: self.quit(anyway=True)),
                       (_("Stay"), lambda: None)]
        if not isinstance(self.stack.top, ConfirmOverlay) or self.stack.top.title != _(self._QUIT_QUESTION):
            self.stack.push(ConfirmOverlay(self, _(self._QUIT_QUESTION), answers, detail))

    def ask_to_play_without_saving(self) -> None:
        """The player's folders cannot be used (or another copy uses them): say so, and play on only if
        the player agrees; nothing of this run is kept."""
        from scenes.screens.results import ConfirmOverlay

        problem = translate_message(self.folders.problem or "")
        if self.folders.in_use:
            detail = _("{problem} This copy can play, but it keeps nothing: no autosave, no saved games, no "
                       "statistics, and it does not touch the other copy's games.").format(problem=problem)
        else:
            detail = _("{problem} You can play, but nothing will be kept: no autosave, no saved games, no "
                       "statistics, no settings.").format(problem=problem)
        self.stack.push(ConfirmOverlay(self, _("Play without saving?"),
                                       [(_("Play without saving"), lambda: None), (_("Quit"), self.quit)], detail))

    # ----- the loop -------------------------------------------------------------------------------------
    def run(self, first: Scene | None = None, max_frames: int | None = None) -> int:
        """Run until quit (or `max_frames`); returns the exit status."""
        if first is not None:
            self.stack.push(first)
            if not self.folders.saving:
                self.ask_to_play_without_saving()
        self.stack.apply_pending()
        frames = 0
        try:
            while self.running and (max_frames is None or frames < max_frames):
                if self.fixed_dt is not None:
                    dt = self.fixed_dt
                else:
                    rested = self.rest()
                    dt = min(self.clock.tick(FPS) / 1000.0, REST_MAX_DT if rested else MAX_DT)
                self.frame(dt)
                frames += 1

        finally:
            self.shutdown()
        return 0

    def seconds_at_rest(self) -> float | None:
        """How long the picture stays as it is without input: 0 while anything moves (a scene's motion, a
        toast, the window settling, a scene that came or went and is not drawn yet), else the soonest a
        scene's picture changes by itself (None: never)."""
        if self.toasts or self._restoring_window > 0 or self._woken_by or self.stack.has_pending() \
                or self.stack.scenes != self._shown_scenes:
            return 0.0
        return self.stack.next_change()

    def seconds_to_look(self) -> float:
        """How long the app may sleep before it must update without drawing: for the window size to save,
        for a scene to look at work going on elsewhere (`Scene.next_look`: the network, a worker), and at
        most `REST_WAKE` while a save fails (it is tried again), else `REST_WAKE_QUIET`."""
        timers = REST_WAKE if any(session.pending for session in self._sessions()) else REST_WAKE_QUIET
        waits = [timers, self.stack.next_look(), self._window_size_save_wait()]
        return min(wait for wait in waits if wait is not None)

    def rest(self) -> bool:
        """Sleep until input comes, the picture is due to change or a timer or a scene's look is due,
        instead of drawing the same frame sixty times a second (a program waiting for its player uses next
        to no CPU). Returns whether it slept. A rest that ends for a timer or a look only is followed by a
        frame that updates and draws nothing unless something changed (`frame`): a redraw after a sleep
        costs tens of milliseconds, as the memory it touches has gone cold.

        The sleep wakes for input at once (`InputWait`: on the X server's socket under X11, else by
        looking twice a frame), so hover and keys answer within a frame."""
        change = self.seconds_at_rest()
        wait = self.seconds_to_look() if change is None else min(change, self.seconds_to_look())
        self._draw_due = change is not None and change <= wait
        if wait <= 1.0 / FPS:
            self._draw_due = True
            # Too short to sleep. A picture due to change by itself (not moving) is still a rest's frame,
            # which may redraw only its resting area (`_partial_area`).
            self._rested_quietly = change is not None and change > 0
            return False
        event = self.input_wait.until(time.perf_counter() + wait)
        if event is None:
            self._rested_quietly = True
        else:
            self._woken_by.append(event)
        return True

    def frame(self, dt: float) -> None:
        """One frame: events, update, draw, flip; stack changes are applied last. A scene that fails
        is replaced by the error screen (see `scene_failed`). A frame after a quiet rest whose scene
        changes only in its `rest_area` redraws and shows only that area (`_partial_area`); a frame after
        a rest that ended for a timer or a look only draws nothing when nothing changed (`_unchanged`)."""
        quiet, self._rested_quietly = self._rested_quietly, False
        draw_due, self._draw_due = self._draw_due, True
        area: pygame.Rect | None = None
        try:
            events = self._woken_by + pygame.event.get()
            self._woken_by = []
            for event in events:
                self.input_wait.note(event)
                self.handle_event(event)
            self.update(dt)
            self.speech_follower.follow(self.stack.scenes)
            if self._table_closed:               # the last frame's stack change took a table away
                self._table_closed = False
                self._rest_picture = None
                self._kept_looks = {}
                self._shown_scenes = ()          # it named the table: the picture is drawn anew anyway
                release_closed_table()
            if quiet and not events and not draw_due and self._unchanged():
                self.apply_stack_changes()
                self.frame_count += 1
                return                           # the picture shown is still right: nothing drawn or flipped
            area = self._partial_area() if quiet and not events else None
            self._rest_picture = None
            area = self._draw_rest_area(area) if area is not None else self._draw_whole()
            now = self.stack.rest_area()
            if now is not None and self.stack.top is not None:
                self._rest_picture = (self.stack.top, self.size, now)
        except Exception as exc:   # any scene's bug: the player keeps the program and the game
            area = None
            self.scene_failed(exc)
        if area is None:
            pygame.display.flip()
        else:
            pygame.display.update(area)
        self._shown_scenes = self.stack.scenes
        self.frames_drawn += 1
        self.apply_stack_changes()
        self.frame_count += 1

    def _unchanged(self) -> bool:
        """After a rest that ended for a timer or a look: whether the picture shown is still right. Not if
        a toast shows, a scene came or goes, or a scene now says its picture changes (`next_change` 0:
        news arrived from the network or a worker, or something began to move)."""
        if self.toasts or self.stack.scenes != self._shown_scenes or self.stack.has_pending():
            return False
        return self.stack.next_change() != 0.0

    def apply_stack_changes(self) -> None:
        """The scene stack's pending changes, at the end of a frame; a table that leaves the stack is
        freed at once (`release_closed_table`)."""
        closing = table_on(self.stack.scenes)
        try:
            self.stack.apply_pending()
        except Exception as exc:   # a scene failing as it opens (enter) or closes (exit)
            self.scene_failed(exc)
            self.stack.apply_pending()
        if closing is not None and closing not in self.stack.scenes:
            self._table_closed = True            # freed next frame, once nothing of this one names it

    def _draw_whole(self) -> None:
        """A whole frame: the kept pictures of a rest are forgotten, as something else may have changed."""
        self._kept_looks = {}
        self.draw()

    def _draw_rest_area(self, area: pygame.Rect) -> pygame.Rect:
        """A frame that changes only a resting scene's `area`; returns the area changed. The picture there
        at the scene's present `rest_look`, if kept in this rest over at least that area, is put back
        instead of drawing the scene again (a redraw costs milliseconds, tens of them on a machine gone
        quiet; putting back costs next to nothing). Else the scene is drawn within the area and every area
        drawn in this rest before (their union holds each size of the ring), and that picture is kept."""
        look = self.stack.rest_look()
        if look is not None:
            kept = self._kept_looks.get((self.stack.top, look))
            if kept is not None and kept[0].contains(area):
                self.screen.blit(kept[1], kept[0])
                return kept[0]
            area = area.unionall([place for place, _ in self._kept_looks.values()])
        self.screen.set_clip(area)
        try:
            self.draw()
        finally:
            self.screen.set_clip(None)
        if look is not None:
            self._kept_looks[(self.stack.top, look)] = (area, self.screen.subsurface(area).copy())
        return area

    def _partial_area(self) -> pygame.Rect | None:
        """The area to redraw when the last frame showed this scene at rest and it is still at rest with
        nothing else to show (no toast): the area that changes, then and now. None: the whole window."""
        if self._rest_picture is None or self.toasts:
            return None
        scene, size, before = self._rest_picture
        now = self.stack.rest_area()
        if now is None or scene is not self.stack.top or size != self.size:
            return None
        return before.union(now).clip(self.screen.get_rect())

    def scene_failed(self, exc: Exception) -> None:
        """Log the traceback and show the error screen in place of every scene; the autosave is not
        touched. A failure of the error screen itself is not caught again: that would loop."""
        from scenes.screens.error import ErrorScene

        top = self.stack.top
        if isinstance(top, ErrorScene):
            raise exc
        where = type(top).__name__ if top is not None else "program"
        log.exception("unexpected error in %s; the autosave is kept", where)
        self.stack.clear_to(ErrorScene(self, exc, describe_scene(top)))

    def _close_scenes(self) -> None:
        """Close every open screen as leaving it would, the top one first: what a screen runs in a process
        of its own (a Review's analysis, a table's search AI) must not outlive the program. A screen that
        fails as it closes is logged and the others still close. The scenes stay on the stack (a test may
        still read them), so `exit` may be called again by a later shutdown: each one bears that."""
        for scene in reversed(self.stack.scenes):
            try:
                scene.exit()
            except Exception:   # closing goes on: the rest must still stop and the settings be saved
                log.exception("%s failed as the program closed", type(scene).__name__)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if self._window_event(event):     # resized, or F11
            return
        if event.type == pygame.KEYDOWN and self.speech.enabled and event.key in (pygame.K_F2, pygame.K_F3):
            table = table_on(self.stack.scenes)
            if table is not None and table is self.stack.top:
                if event.key == pygame.K_F2:
                    self.speech_follower.read_cards(table)
                else:
                    self.speech_follower.repeat_turn(table)
                return
        self.stack.handle_event(event)

    def update(self, dt: float) -> None:
        self._window_tick(dt)
        self._heap_trim_in -= dt
        if self._heap_trim_in <= 0:
            self._heap_trim_in = HEAP_TRIM_SECONDS
            trim_heap()
        self.stack.update(dt)
        for session in self._sessions():
            session.tick(dt)            # a save that failed (a full disk) is tried again every few seconds
            for message in session.messages:
                self.toast(message)
            session.messages.clear()
        self.unkept = [session for session in self.unkept if session.finished_unkept]
        for toast in self.toasts:
            toast.remaining -= dt
        self.toasts = [t for t in self.toasts if t.remaining > 0]
        self._window_size_save_due(dt)

    def draw(self) -> None:
        if not self.stack.covers_window():     # a table paints its felt over every pixel anyway
            self.screen.fill(theme.FELT_DARK)
        self.stack.draw(self.screen)
        self.draw_toasts(self.screen)

    def draw_toasts(self, surface: pygame.Surface) -> None:
        if not self.toasts:
            return
        width, height = surface.get_size()
        scale = ui_scale((width, height))
        size = max(12, int(19 * scale))
        pad = int(14 * scale)
        # A screen may keep its title clear: toasts start below the `toast_top` it gives (a y, or None).
        below = getattr(self.stack.top, "toast_top", None)
        y = max(int(height * 0.06), below or 0)
        line_h = font(size).get_linesize()
        for toast in self.toasts:
            lines = wrap_text(toast.text, size, int(width * 0.66))
            box_w = max(font(size).size(line)[0] for line in lines) + 2 * pad
            box = pygame.Rect(0, y, box_w, line_h * len(lines) + 2 * pad)
            box.centerx = width // 2
            fade = min(1.0, toast.remaining / 0.4, (toast.total - toast.remaining) / 0.15 + 0.2)
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            alpha = int(235 * max(0.0, fade))
            pygame.draw.rect(panel, (20, 18, 16, alpha), panel.get_rect(), border_radius=pad)
            pygame.draw.rect(panel, (*theme.GOLD_DARK, alpha), panel.get_rect(), width=max(1, pad // 6), border_radius=pad)
            for i, line in enumerate(lines):
                text = font(size).render(line, True, theme.CREAM)
                text.set_alpha(int(255 * max(0.0, fade)))
                panel.blit(text, (pad, pad + i * line_h))
            surface.blit(panel, box)
            y = box.bottom + pad // 2

    def shutdown(self) -> None:
        """Close every open screen, then save what must survive: a window size still waiting to be
        saved, a finished game not kept yet."""
        self._close_scenes()
        self._save_window_size_now()
        for session in self._sessions():
            if session.pending:
                session.retry()         # one last try at a save that failed
            if session.finished_unkept and session.keep_elsewhere(unkept_folders(self.dirs)) is None:
                log.error("a finished game of %s could not be written anywhere and is lost", session.game.id)
        self.speech.close()
        self.input_wait.close()
        log.info("stopped after %d frames", self.frame_count)
        if not self.folders.saving:
            for handler in [h for h in logging.getLogger().handlers if getattr(h, "olympus", False)]:
                logging.getLogger().removeHandler(handler)     # its file is in the stand-in folder, going now
                handler.close()
        self.folders.close()
