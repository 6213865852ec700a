"""Saved games: save the game being played under a name, and load, rename or delete saves.

Opened from the title (load, rename, delete) and from the pause menu (the same, plus "Save this game
as"). A save is a game record in the saves folder (game/core/saves.py), so every registered game is
saved and loaded the same way. Loading while another game is unfinished asks first, naming that game,
and keeps it in the saves unless the player says to drop it.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.catalog import game_title
from game.core.errors import RecordError
from game.core.records import read_record
from game.core.saves import (GameFile, MAX_NAME_LENGTH, FORBIDDEN_NAME_CHARACTERS, delete_save,
                             keep_unfinished_autosave, list_game_files, rename_save, save_game, save_name_problem,
                             suggested_name)
from game.core.session import GameSession
from scenes.screens.game_progress import ONE_ROUND, progress_words, totals_words
from scenes.ui.i18n import _, format_datetime, join_names, reason_words, translate_message
from scenes.screens.results import ConfirmOverlay
from scenes.ui import theme
from scenes.ui.theme import fitting_size
from scenes.ui.widgets import (ERROR, MUTED, Button, Control, MenuScene, TextField, draw_dialog_frame, draw_empty_note,
                            draw_focus_ring, draw_text, draw_titled_frame, ellipsize, keyed, text_width, wide_panel)

if TYPE_CHECKING:
    from scenes.scene import AppServices

log = logging.getLogger("olympus.saves")


def name_character_allowed(ch: str) -> bool:
    return ch.isprintable() and ch not in FORBIDDEN_NAME_CHARACTERS


def title_of(app: "AppServices", game_id: str) -> str:
    """A game's title: the loaded game's, else its manifest's, else its id."""
    game = app.catalog.games.get(game_id)
    return game.title if game is not None else game_title(game_id)


def describe_unfinished(app: "AppServices", record: dict[str, Any]) -> str:
    """"Zeus on the Loose with You, Ariadne and Bion, round 3": how a player recognises a game."""
    names = [seat["name"] for seat in record["seats"]]
    if record["game"] in ONE_ROUND:
        return _("{game} with {names}").format(game=title_of(app, record["game"]), names=join_names(names))
    return _("{game} with {names}, round {round}").format(game=title_of(app, record["game"]), names=join_names(names),
                                                          round=max(1, len(record["rounds"])))


def confirm_ending_unfinished(app: "AppServices", question: str, consequence: str, unfinished: dict[str, Any],
                              go_on: Callable[[], None], keep: Callable[[], None], drop: Callable[[], None]) -> None:
    """Ask before an unfinished game ends: keep it in the saves (the default), drop it, or cancel."""
    detail = _("{consequence} your unfinished game: {game}. Keep it in your saved games, or drop it?").format(
        consequence=consequence, game=describe_unfinished(app, unfinished))

    def keep_then() -> None:
        keep()
        go_on()

    def drop_then() -> None:
        drop()
        go_on()

    app.stack.push(ConfirmOverlay(app, question, [(_("Keep it"), keep_then), (_("Drop it"), drop_then),
                                                  (_("Cancel"), lambda: None)], detail))


class SaveRow(Control):
    """One save in the list: its name and date, then game, round and each seat's score. A click or
    Enter selects it; Enter on the selected row loads it."""

    def __init__(self, rect: pygame.Rect, entry: GameFile, title: str, selected: bool,
                 on_select: Callable[[GameFile], None], on_open: Callable[[], None]) -> None:
        self.rect = pygame.Rect(rect)
        self.title = title
        self.entry = entry
        self.selected = selected
        self.on_select = on_select
        self.on_open = on_open
        self.hovered = False

    def activate(self) -> None:
        if self.selected:
            self.on_open()
        else:
            self.on_select(self.entry)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.on_select(self.entry)
            return True
        return False

    SELECTED_BORDER = theme.GOLD

    def heading(self) -> str:
        """The row's first line (after the selection marker)."""
        return self.entry.name

    def progress(self) -> str:
        """"round 3", or "finished after round 7"."""
        entry = self.entry
        return progress_words(entry.record["game"], entry.round_number, entry.finished)

    def details(self) -> str:
        """The row's second line."""
        entry = self.entry
        if not entry.playable:
            return _("{game} cannot be played in this version · {progress}").format(game=self.title,
                                                                                   progress=self.progress())
        return f"{self.title} · {self.progress()} · {totals_words(entry.record['game'], entry.seat_names, entry.record['totals'])}"

    def date(self) -> str:
        return format_datetime(self.entry.modified)

    def draw(self, surface: pygame.Surface) -> None:
        rect, entry = self.rect, self.entry
        radius = max(3, rect.h // 8)
        fill = (52, 84, 80) if self.selected else (40, 70, 66) if self.hovered else (30, 56, 54)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, self.SELECTED_BORDER if self.selected else (90, 110, 104), rect,
                         width=max(1, rect.h // 30 + self.selected), border_radius=radius)
        pad = max(6, rect.h // 6)
        big, small = max(12, int(rect.h * 0.3)), max(11, int(rect.h * 0.24))
        date = draw_text(surface, self.date(), (rect.right - pad, rect.y + pad), small, theme.PARCHMENT, "sans", "topright")
        marker = "▶ " if self.selected else ""
        draw_text(surface, ellipsize(marker + self.heading(), big, date.x - rect.x - 2 * pad, "bold"),
                  (rect.x + pad, rect.y + pad // 2 + 1), big, theme.CREAM, "bold")
        draw_text(surface, ellipsize(self.details(), small, rect.w - 2 * pad), (rect.x + pad, rect.bottom - pad),
                  small, theme.PARCHMENT if entry.playable else ERROR, "sans", "bottomleft")
        if self.focused:
            draw_focus_ring(surface, rect, radius)


class SavesScene(MenuScene):
    """The list of saves over the title or a paused table; `session` is the game being played, if any."""

    transparent = True
    hover_focus = False

    def __init__(self, app: "AppServices", session: GameSession | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.entries: list[GameFile] = []
        self.selected: GameFile | None = None
        self.page = 0
        self.name_text = suggested_name(session.game.title) if session is not None else ""
        self.name_problem: str | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.read_list()
        self.relayout()

    # ----- the list ------------------------------------------------------------------------------------
    def read_list(self) -> None:
        self.entries, messages = list_game_files(self.app.dirs.saves, self.app.catalog.games)
        for message in messages:
            log.warning(message)
            self.app.toast(message)
        if self.selected is not None:
            same = [e for e in self.entries if e.path == self.selected.path]
            self.selected = same[0] if same else None
        if self.selected is None and self.entries:
            self.selected = self.entries[0]

    def select(self, entry: GameFile) -> None:
        self.selected = entry
        self.relayout()

    def turn_page(self, delta: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + delta))
        self.relayout()

    # ----- saving --------------------------------------------------------------------------------------
    def set_name(self, text: str) -> None:
        self.name_text = text
        self.name_typed = True
        self.name_problem = None

    def save_current(self, replace: bool = False) -> None:
        if self.session is None:
            return
        problem = save_name_problem(self.name_text)
        if problem:
            self.name_problem = problem
            self.relayout()
            return
        name = self.name_text.strip()
        try:
            path = save_game(self.app.dirs.saves, name, self.session.state.record(), replace=replace)
        except ValueError:   # the name is taken: ask before replacing that save
            self.app.stack.push(ConfirmOverlay(self.app, _("Replace the save “{name}”?").format(name=name),
                                               [(_("Replace it"), lambda: self.save_current(replace=True)),
                                                (_("Cancel"), lambda: None)]))
            return
        except OSError as exc:
            log.error("save failed: %s", exc)
            self.name_problem = _("The game could not be saved ({reason}).").format(reason=reason_words(exc))
            self.relayout()
            return
        log.info("saved %s as %s", self.session.game.id, path)
        self.app.toast(_("Saved as “{name}”.").format(name=name))
        self.read_list()
        self.selected = next((e for e in self.entries if e.path == path), self.selected)
        self.page = 0
        self.relayout()

    # ----- load, rename, delete ------------------------------------------------------------------------
    def unfinished_record(self) -> dict[str, Any] | None:
        """The game that loading would end: the one being played, or the autosave's."""
        if self.session is not None:
            return None if self.session.state.finished else self.session.state.record()
        try:
            record = read_record(self.app.dirs.autosave) if self.app.dirs.autosave.exists() else None
        except RecordError:
            return None
        return None if record is None or record["finished"] else record

    def load_selected(self) -> None:
        entry = self.selected
        if entry is None or not entry.playable or entry.finished:
            return
        unfinished = self.unfinished_record()
        if unfinished is None:
            self.load(entry)
            return
        confirm_ending_unfinished(self.app, _("Load a saved game?"), _("Loading “{name}” ends").format(name=entry.name),
                                  unfinished,
                                  lambda: self.load(entry), self.keep_unfinished, self.drop_unfinished)

    def keep_unfinished(self) -> None:
        if self.session is not None:
            self.session.save()
        kept = keep_unfinished_autosave(self.app.dirs.autosave, self.app.dirs.saves,
                                        self.session.game.title if self.session else self._autosave_title(),
                                        _("Unfinished {name}"))
        if kept is not None:
            self.app.toast(_("Your unfinished game was kept in the saved games as “{name}”.").format(name=kept.stem))

    def _autosave_title(self) -> str:
        record = self.unfinished_record()
        return title_of(self.app, record["game"]) if record else _("Game")

    def drop_unfinished(self) -> None:
        self.app.dirs.autosave.unlink(missing_ok=True)
        if self.session is not None:
            self.session.autosave_path = None      # the dropped game must not write itself back

    def load(self, entry: GameFile) -> None:
        game = self.app.catalog.games.get(entry.game_id)
        if game is None:
            return
        autosave = self.app.dirs.autosave
        try:
            session = GameSession.resume(game, entry.path, autosave_path=autosave, records_dir=self.app.dirs.records)
            session.save()      # the loaded game is now the unfinished one the title offers to resume
        except (RecordError, OSError) as exc:
            log.error("loading %s failed: %s", entry.path, exc)
            self.app.toast(_("“{name}” could not be loaded ({reason}).").format(name=entry.name, reason=reason_words(exc)))
            self.read_list()
            self.relayout()
            return
        log.info("loaded save %s", entry.path)
        self.app.open_table(session, fresh=True)

    def rename_selected(self) -> None:
        if self.selected is not None:
            self.app.stack.push(RenameOverlay(self.app, self.selected, self.after_rename))

    def after_rename(self, entry: GameFile, new_name: str) -> str | None:
        """Rename a save; returns the player's reason when the name cannot be used."""
        try:
            path = rename_save(entry.path, new_name)
        except ValueError as exc:
            return translate_message(exc.args[0])
        except OSError as exc:
            return _("The save could not be renamed ({reason}).").format(reason=reason_words(exc))
        self.read_list()
        self.selected = next((e for e in self.entries if e.path == path), None)
        self.relayout()
        return None

    def delete_selected(self) -> None:
        entry = self.selected
        if entry is None:
            return

        def delete() -> None:
            try:
                delete_save(entry.path)
            except OSError as exc:
                self.app.toast(_("“{name}” could not be deleted ({reason}).").format(name=entry.name,
                                                                                    reason=reason_words(exc)))
            self.selected = None
            self.read_list()
            self.page = min(self.page, max(0, self.pages - 1))
            self.relayout()

        self.app.stack.push(ConfirmOverlay(self.app, _("Delete the save “{name}”?").format(name=entry.name),
                                           [(_("Delete"), delete), (_("Keep it"), lambda: None)],
                                           _("A deleted save cannot be brought back.")))

    # ----- layout --------------------------------------------------------------------------------------
    @property
    def pages(self) -> int:
        return max(1, -(-len(self.entries) // max(1, self.per_page)))

    def layout(self, size: tuple[int, int]) -> list[Control]:
        s = self.scale_dialog(size, 40)
        self.text_size = max(12, int(18 * s))
        pad = int(30 * s)
        self.panel = wide_panel(size, s)
        inner = pygame.Rect(self.panel.x + pad, 0, self.panel.w - 2 * pad, 0)
        button_h = max(30, int(46 * s))
        gap = int(12 * s)
        y = self.panel.y + self.band_h + int(12 * s) + int(self.title_size * 1.35)
        controls: list[Control] = []
        self.save_label_pos: tuple[int, int] | None = None
        if self.session is not None:
            label_w = int(inner.w * 0.28)
            save_w = max(int(120 * s), int(inner.w * 0.16))
            self.save_label_pos = (inner.x, y + button_h // 2)
            if text_width(_("Save this game as"), self.text_size, "bold") + int(12 * s) > label_w:
                # A large UI scale: the label stands above the name field, which takes the whole row.
                label_w = 0
                self.save_label_pos = (inner.x, y + int(self.text_size * 0.6))
                y += int(self.text_size * 1.5)
            field = TextField(pygame.Rect(inner.x + label_w, y, inner.w - label_w - save_w - gap, button_h),
                              self.name_text, self.set_name, hint=_("A name for this save"), max_length=MAX_NAME_LENGTH,
                              allowed=name_character_allowed, on_commit=lambda _text: self.save_current(),
                              invalid=self.name_problem is not None,
                              select_all=not getattr(self, "name_typed", False))   # typing replaces the suggestion
            controls.append(keyed(field, "name"))
            controls.append(keyed(Button(pygame.Rect(inner.right - save_w, y, save_w, button_h), _("Save"),
                                         self.save_current), "save"))
            y += button_h + int(self.text_size * 1.6)
        self.list_top = y
        self.toast_top = y      # "Saved as …" shows below the title and the name field, not over them
        bottom = self.panel.bottom - self.band_h - int(16 * s) - button_h
        row_h = max(44, int(66 * s))
        row_gap = int(8 * s)
        self.per_page = max(1, (bottom - gap - y) // (row_h + row_gap))
        self.page = min(self.page, self.pages - 1)
        shown = self.entries[self.page * self.per_page:(self.page + 1) * self.per_page]
        for entry in shown:
            row = SaveRow(pygame.Rect(inner.x, y, inner.w, row_h), entry, title_of(self.app, entry.game_id),
                          entry is self.selected, self.select, self.load_selected)
            controls.append(keyed(row, f"row-{entry.path.name}"))
            y += row_h + row_gap
        chosen = self.selected is not None
        # (key, label, action, enabled, style): the key is the English label, the same in every language.
        specs: list[tuple[str, str, Callable[[], None], bool, str]] = [
            ("Load", _("Load"), self.load_selected,
             self.selected is not None and self.selected.playable and not self.selected.finished, "primary"),
            ("Rename", _("Rename"), self.rename_selected, chosen, "secondary"),
            ("Delete", _("Delete"), self.delete_selected, chosen, "secondary"),
        ]
        if self.pages > 1:
            specs += [("◀", "◀", lambda: self.turn_page(-1), self.page > 0, "secondary"),
                      ("▶", "▶", lambda: self.turn_page(1), self.page < self.pages - 1, "secondary")]
        specs.append(("Done", _("Done"), self.on_escape, True, "secondary"))
        small_w = max(int(56 * s), button_h)
        label_size = max(10, int(button_h * 0.42))
        widths = [small_w if key in "◀▶" else
                  max(int(110 * s), int(inner.w * 0.15),
                      text_width(label, label_size, "bold" if style == "primary" else "sans") + button_h // 2 + 4)
                  for key, label, _action, _enabled, style in specs]
        x = inner.x
        for (key, label, action, enabled, style), w in zip(specs, widths):
            rect = pygame.Rect(x, bottom, w, button_h)
            if key == "Done":
                rect.right = inner.right
            controls.append(keyed(Button(rect, label, action, enabled=enabled, style=style), key))
            if key == "▶":
                self.page_label_pos = (x + w + 2 * gap, bottom + button_h // 2)
            elif key == "Done":
                self.page_label_room = rect.x - gap
            x += w + gap
        return controls

    def draw(self, surface: pygame.Surface) -> None:
        draw_titled_frame(surface, self.panel, self.band_h, _("Saved games"), self.title_size, self.s)
        s = self.s
        if self.save_label_pos is not None:
            draw_text(surface, _("Save this game as"), self.save_label_pos, self.text_size, theme.CREAM, "bold", "midleft")
            if self.name_problem:
                field = self.focus.controls[0].rect
                draw_text(surface, ellipsize(translate_message(self.name_problem), self.text_size, self.panel.right - field.x - int(30 * s)),
                          (field.x, field.bottom + int(4 * s)), max(11, int(15 * s)), ERROR)
        if not self.entries:
            lines = [_("No saved games yet.")]
            lines.append(_("Type a name above and press Save.") if self.session is not None
                         else _("Save a game from the pause menu (Esc during a game)."))
            draw_empty_note(surface, lines, self.panel.centerx, self.list_top + int(30 * s), self.text_size)
        elif self.pages > 1:
            # Between the page arrows and Done, smaller when the room is short (a large UI scale); left out
            # when even that does not fit (the arrows still turn the pages).
            page = _("page {page} of {pages}").format(page=self.page + 1, pages=self.pages)
            room = self.page_label_room - self.page_label_pos[0]
            size = fitting_size(page, max(11, int(15 * s)), room)
            if text_width(page, size) <= room:
                draw_text(surface, page, self.page_label_pos, size, MUTED, "sans", "midleft")
        self.focus.draw(surface)


class RenameOverlay(MenuScene):
    """A new name for one save; a name that cannot be used is refused with the reason, nothing renamed."""

    transparent = True
    hover_focus = False

    def __init__(self, app: "AppServices", entry: GameFile, rename: Callable[[GameFile, str], str | None]) -> None:
        super().__init__(app)
        self.entry = entry
        self.rename = rename
        self.text = entry.name
        self.problem: str | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.relayout()

    def set_text(self, text: str) -> None:
        self.text = text
        self.problem = None

    def confirm(self) -> None:
        problem = self.rename(self.entry, self.text)     # already in the player's words
        if problem:
            self.problem = problem
            self.relayout()
            return
        self.app.stack.pop()

    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = self.scale_dialog(size, 34)
        button_h = max(30, int(46 * s))
        pad = int(28 * s)
        panel_w = min(int(width * 0.9), max(int(560 * s), int(width * 0.46)))
        panel_h = self.band_h * 2 + pad * 3 + int(self.title_size * 1.4) + button_h * 2 + int(30 * s)
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.center = (width // 2, height // 2)
        y = self.panel.y + self.band_h + pad + int(self.title_size * 1.4)
        field = TextField(pygame.Rect(self.panel.x + pad, y, panel_w - 2 * pad, button_h), self.text, self.set_text,
                          hint=_("New name"), max_length=MAX_NAME_LENGTH, allowed=name_character_allowed,
                          on_commit=lambda _text: self.confirm(), invalid=self.problem is not None)
        self.field_rect = field.rect
        y += button_h + int(30 * s)
        w = int((panel_w - 2 * pad - int(18 * s)) / 2)
        ok = Button(pygame.Rect(self.panel.x + pad, y, w, button_h), _("Rename"), self.confirm)
        cancel = Button(pygame.Rect(self.panel.right - pad - w, y, w, button_h), _("Cancel"), self.on_escape,
                        style="secondary")
        return [keyed(field, "name"), keyed(ok, "ok"), keyed(cancel, "cancel")]

    def draw(self, surface: pygame.Surface) -> None:
        band = draw_dialog_frame(surface, self.panel, self.band_h)
        title = ellipsize(_("Rename “{name}”").format(name=self.entry.name), self.title_size, self.panel.w - int(40 * self.s), "title")
        draw_text(surface, title, (self.panel.centerx, band.bottom + int(16 * self.s)), self.title_size, theme.CREAM, "title",
                  "midtop")
        if self.problem:
            draw_text(surface, ellipsize(self.problem, max(11, int(15 * self.s)), self.field_rect.w),
                      (self.field_rect.x, self.field_rect.bottom + int(4 * self.s)), max(11, int(15 * self.s)), ERROR)
        self.focus.draw(surface)
