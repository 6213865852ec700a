"""The Replays screen: the kept records of finished games, newest first, to watch again.

Each row shows the game, its seats, the date and the winners. The list is read through the guarded
path (game.core.saves.list_game_files): a damaged or foreign record is set aside with one message and
the others are listed. The records folder is first trimmed to the `records_kept` setting (only the
oldest records beyond it are removed). Watch (or Enter on the selected row) opens the replay viewer
over this screen; leaving the viewer comes back here. Review opens the post-game review of the selected
game (scenes/screens/review.py): the first human's moves judged by the `hard` AI, for the games whose
`hard` AI searches.
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Callable

import pygame

from game.core.errors import RecordError
from game.core.replays import prune_records
from game.core.saves import A_KEPT_RECORD, GameFile, list_game_files
from scenes import tables
from scenes.ui.i18n import MONTHS, N_, _, ngettext, reason_words
from scenes.screens.saves import SaveRow, title_of
from scenes.ui import theme
from scenes.ui.theme import fitting_size, ui_scale
from scenes.ui.widgets import MUTED, Button, Control, MenuScene, draw_dialog_frame, draw_text, keyed, text_width

if TYPE_CHECKING:
    from scenes.scene import AppServices

log = logging.getLogger("olympus.replays")


def winners_text(entry: GameFile) -> str:
    """"Winner: Ariadne" / "Winners: You, Bion" / "No winner"."""
    names = [entry.record["seats"][w]["name"] for w in entry.record["winners"]
             if 0 <= w < len(entry.record["seats"])]
    if not names:
        return _("No winner")
    return ngettext("Winner: {names}", "Winners: {names}", len(names)).format(names=", ".join(names))


def replay_title(title: str, modified: float) -> str:
    """"Tamoul, 23 Nov": the game and the day its record was kept, as the viewer's heading."""
    moment = time.localtime(modified)
    return _("{game}, {day} {month}").format(game=title, day=moment.tm_mday, month=_(MONTHS[moment.tm_mon - 1]))


class RecordRow(SaveRow):
    """One kept record: game and seats, the date, and the winners with the totals."""

    SELECTED_BORDER = (200, 170, 90)

    def heading(self) -> str:
        return f"{self.title} · {', '.join(self.entry.seat_names)}"

    def details(self) -> str:
        entry = self.entry
        if not ReplaysScene.can_show(entry):
            return _("{game} cannot be shown in this version").format(game=self.title)
        rounds = ngettext("{count} round", "{count} rounds", entry.round_number).format(count=entry.round_number)
        return f"{winners_text(entry)} · {entry.scores_text()} · {rounds}"


class ReplaysScene(MenuScene):
    """The kept records, newest first; Watch opens one in the replay viewer."""

    transparent = True
    hover_focus = False

    def __init__(self, app: "AppServices") -> None:
        super().__init__(app)
        self.entries: list[GameFile] = []
        self.selected: GameFile | None = None
        self.page = 0
        self.per_page = 1
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._reviewable: dict[str, bool] = {}
        self.read_list()
        self.relayout()

    def read_list(self) -> None:
        folder = self.app.dirs.records
        try:
            removed = prune_records(folder, self.app.settings.records_kept)
        except OSError as exc:
            removed = []
            log.warning("records not trimmed: %s", exc)
        if removed:
            log.info("removed %d old records beyond the newest %d", len(removed), self.app.settings.records_kept)
        self.entries, messages = list_game_files(folder, self.app.catalog.games, A_KEPT_RECORD)
        self.entries = [e for e in self.entries if e.finished]
        for message in messages:
            log.warning(message)
            self.app.toast(message)
        same = [e for e in self.entries if self.selected is not None and e.path == self.selected.path]
        self.selected = same[0] if same else (self.entries[0] if self.entries else None)

    def select(self, entry: GameFile) -> None:
        self.selected = entry
        self.relayout()

    def turn_page(self, delta: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + delta))
        self.relayout()

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.entries) // max(1, self.per_page)))

    @staticmethod
    def can_show(entry: GameFile) -> bool:
        """Its game is loaded in this run and has a table to show it on."""
        return entry.playable and tables.has_table(entry.game_id)

    def watch_selected(self) -> None:
        entry = self.selected
        if entry is None or not self.can_show(entry):
            return
        from scenes.screens.replay_viewer import ReplayScene

        try:
            scene = ReplayScene(self.app, self.app.catalog.games[entry.game_id], entry.record,
                                title=replay_title(title_of(self.app, entry.game_id), entry.modified))
        except (RecordError, ValueError) as exc:
            self.app.toast(_("This record cannot be replayed ({reason}).").format(reason=reason_words(exc)))
            return
        self.app.stack.push(scene)

    def can_review(self, entry: GameFile | None) -> bool:
        """The selected game can be shown and its game has a searching `hard` AI (asked once per game)."""
        if entry is None or not self.can_show(entry):
            return False
        if entry.game_id not in self._reviewable:
            from game.core.review import can_review

            self._reviewable[entry.game_id] = can_review(self.app.catalog.games[entry.game_id])
        return self._reviewable[entry.game_id]

    def review_selected(self) -> None:
        entry = self.selected
        if not self.can_review(entry):
            return
        assert entry is not None
        from scenes.screens.review import ReviewScene

        try:
            scene = ReviewScene(self.app, self.app.catalog.games[entry.game_id], entry.record,
                                title=replay_title(title_of(self.app, entry.game_id), entry.modified))
        except (RecordError, ValueError) as exc:
            self.app.toast(_("This record cannot be reviewed ({reason}).").format(reason=reason_words(exc)))
            return
        self.app.stack.push(scene)

    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = ui_scale(size)
        self.s = s
        self.band_h = int(18 * s)
        self.title_size = max(18, int(40 * s))
        self.text_size = max(12, int(18 * s))
        pad = int(30 * s)
        self.panel = pygame.Rect(0, 0, min(int(width * 0.94), max(int(900 * s), int(width * 0.72))),
                                 height - int(24 * s))
        self.panel.center = (width // 2, height // 2)
        inner = pygame.Rect(self.panel.x + pad, 0, self.panel.w - 2 * pad, 0)
        button_h = max(30, int(46 * s))
        gap = int(12 * s)
        y = self.panel.y + self.band_h + int(12 * s) + int(self.title_size * 1.35)
        self.list_top = y
        bottom = self.panel.bottom - self.band_h - int(16 * s) - button_h
        row_h = max(44, int(66 * s))
        row_gap = int(8 * s)
        self.per_page = max(1, (bottom - gap - y) // (row_h + row_gap))
        self.page = min(self.page, self.pages - 1)
        controls: list[Control] = []
        for entry in self.entries[self.page * self.per_page:(self.page + 1) * self.per_page]:
            row = RecordRow(pygame.Rect(inner.x, y, inner.w, row_h), entry, title_of(self.app, entry.game_id),
                            entry is self.selected, self.select, self.watch_selected)
            controls.append(keyed(row, f"row-{entry.path.name}"))
            y += row_h + row_gap
        specs: list[tuple[str, Callable[[], None], bool, str]] = [
            (N_("Watch"), self.watch_selected, self.selected is not None and self.can_show(self.selected), "primary"),
            (N_("Review"), self.review_selected, self.can_review(self.selected), "secondary")]
        if self.pages > 1:
            specs += [("◀", lambda: self.turn_page(-1), self.page > 0, "secondary"),
                      ("▶", lambda: self.turn_page(1), self.page < self.pages - 1, "secondary")]
        specs.append((N_("Done"), self.on_escape, True, "secondary"))
        small_w = max(int(56 * s), button_h)
        x = inner.x
        for label, action, enabled, style in specs:
            shown = label if label in "◀▶" else _(label)
            w = small_w if label in "◀▶" else max(int(110 * s), int(inner.w * 0.15),
                                                 text_width(shown, max(10, int(button_h * 0.42))) + button_h // 2 + 4)
            rect = pygame.Rect(x, bottom, w, button_h)
            if label == "Done":
                rect.right = inner.right
            controls.append(keyed(Button(rect, shown, action, enabled=enabled, style=style), label))
            if label == "▶":
                self.page_label_pos = (x + w + 2 * gap, bottom + button_h // 2)
            elif label == "Done":
                self.page_label_room = rect.x - gap
            x += w + gap
        return controls

    def draw(self, surface: pygame.Surface) -> None:
        band = draw_dialog_frame(surface, self.panel, self.band_h)
        s = self.s
        draw_text(surface, _("Replays"), (self.panel.centerx, band.bottom + int(10 * s)), self.title_size, theme.CREAM,
                  "title", "midtop")
        if not self.entries:
            y = self.list_top + int(30 * s)
            for i, line in enumerate([_("No finished games yet."),
                                      _("Every game played to the end is kept here to watch again.")]):
                draw_text(surface, line, (self.panel.centerx, y), self.text_size, theme.CREAM if i == 0 else theme.PARCHMENT,
                          "sans", "midtop")
                y += int(self.text_size * 1.6)
        elif self.pages > 1:
            # Between the page arrows and Done, smaller when the room is short (a large UI scale); left out
            # when even that does not fit (the arrows still turn the pages).
            page = _("page {page} of {pages}").format(page=self.page + 1, pages=self.pages)
            room = self.page_label_room - self.page_label_pos[0]
            size = fitting_size(page, max(11, int(15 * s)), room)
            if text_width(page, size) <= room:
                draw_text(surface, page, self.page_label_pos, size, MUTED, "sans", "midleft")
        self.focus.draw(surface)
