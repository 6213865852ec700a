"""The settings screen: every change is saved at once through `app.update_settings`.

It is an overlay, so it opens the same way over the title menu and over a paused table. Besides the
settings every table shares, each offered game's own settings get a row each, as its manifest
declares them (label, help line, steps and how a value reads).
"""
from __future__ import annotations

import functools

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core import manifest as manifests
from game.core.manifest import GameSetting
from game.core.replays import RECORDS_KEPT_STEPS
from game.core.settings import ANIMATION_SPEEDS, LANGUAGES, Settings
from scenes.ui.game_texts import setting_help, setting_label, setting_value
from scenes.ui.i18n import LANGUAGE_NAMES, N_, _, current_language, format_decimal, format_percent
from scenes.screens.setup import DEFAULT_PLAYER_NAME, default_player_name
from scenes.ui import theme
from scenes.ui.theme import UI_SCALE_STEPS, ui_scale
from scenes.ui.widgets import (Button, Control, MenuScene, Stepper, TextField, Toggle, draw_dialog_frame, draw_text,
                            keyed, wrap_text)

if TYPE_CHECKING:
    from scenes.scene import AppServices

WINDOW_PRESETS: tuple[tuple[int, int], ...] = ((960, 540), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
VOLUME_STEPS = tuple(i / 10 for i in range(11))
AI_DELAY_STEPS = tuple(round(i * 0.1, 1) for i in range(31)) + (3.5, 4.0, 4.5, 5.0)   # 0 .. 5 s


def nearest_index(values: tuple[Any, ...], value: float) -> int:
    return min(range(len(values)), key=lambda i: abs(float(values[i]) - float(value)))


# The English label (the control's key: focus finds it again in any language), the label and help line
# as shown, and how to make the control.
RowSpec = tuple[str, str, str, Callable[[pygame.Rect], Control]]
SPEED_NAMES = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}


def game_setting_control(rect: pygame.Rect, spec: GameSetting, value: Any,
                         on_change: Callable[[Any], None]) -> Control:
    """The control for one game setting: a toggle, or a stepper over its steps."""
    if spec.kind == "toggle":
        return Toggle(rect, bool(value), on_change)
    steps = tuple(spec.steps)
    if spec.kind == "choice":
        index = steps.index(value) if value in steps else steps.index(spec.default)
    else:
        index = nearest_index(steps, value)
    return Stepper(rect, steps, index, on_change, lambda value: setting_value(spec, value))


def window_presets(current: tuple[int, int]) -> list[tuple[int, int]]:
    """The presets, plus the player's own size (from dragging the window) so it can be kept."""
    presets = list(WINDOW_PRESETS)
    if current not in presets:
        presets.append(current)
        presets.sort()
    return presets



@functools.lru_cache(maxsize=8)
def tables_reach(size: tuple[int, int], percent: int) -> tuple[int, int]:
    """How far (percent, least and most) the tables grow in a window of `size` at the UI scale `percent`,
    over every offered game and number of players (a table steps back while its cards would not fit)."""
    from game.catalog import load_game
    from scenes.table.layout import table_reach
    from scenes.tables import has_table, table_class

    reaches = []
    for game_id in manifests.registry().ids():
        if not has_table(game_id):
            continue
        game, table = load_game(game_id), table_class(game_id)
        for count in range(game.min_players, game.max_players + 1):
            reaches.append(table_reach(size, table.table_layout(size, count, 0)))
    return (min(reaches), max(reaches)) if reaches else (percent, percent)

class SettingsScene(MenuScene):
    transparent = True
    hover_focus = False
    TITLE = N_("Settings")

    def __init__(self, app: "AppServices") -> None:
        super().__init__(app)
        self.name_text = default_player_name(app.settings.player_name)
        self.rows: list[tuple[str, str, pygame.Rect]] = []
        self.note_lines: list[str] = []
        self.note_size = 14
        self.first_row = 0          # the first row shown when they do not all fit (a large UI scale)
        self.more_above = self.more_below = False
        self.row_words: list[tuple[list[str], list[str], pygame.Rect]] = []
        self.rows_area = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.relayout()

    def change(self, **values: Any) -> None:
        self.app.update_settings(replace(self.app.settings, **values))

    def change_game_setting(self, game_id: str, name: str, value: Any) -> None:
        self.app.update_settings(self.app.settings.with_game_value(game_id, name, value))

    def game_rows(self, settings: Settings) -> list[RowSpec]:
        """One row per setting of each offered game, in menu order."""
        rows: list[RowSpec] = []
        for entry in manifests.registry().manifests:
            if not entry.offered:
                continue
            for spec in entry.settings:
                value = settings.game_value(entry.id, spec.name)
                rows.append((spec.label, setting_label(spec), setting_help(spec),
                             lambda r, g=entry.id, spec=spec, value=value: game_setting_control(
                                 r, spec, value, lambda v: self.change_game_setting(g, spec.name, v))))
        return rows

    def _commit_name(self, text: str | None = None) -> None:
        name = (text if text is not None else self.name_text).strip()
        if name and name != default_player_name(self.app.settings.player_name):
            self.change(player_name=name)

    def set_language(self, code: str) -> None:
        """Switch at once: this screen and every one under it redraw in the new language. The name
        field keeps what is typed, unless it still shows the default name (which changes language too)."""
        untouched = self.name_text == default_player_name(self.app.settings.player_name) \
            and self.app.settings.player_name == DEFAULT_PLAYER_NAME
        self.change(language=code)
        if untouched:
            self.name_text = default_player_name(self.app.settings.player_name)
            self.relayout()

    def open_accessibility(self) -> None:
        from scenes.screens.settings_accessibility import AccessibilityScene

        self._commit_name()
        self.app.stack.push(AccessibilityScene(self.app))

    def exit(self) -> None:
        self._commit_name()

    def on_escape(self) -> None:
        self._commit_name()
        self.app.stack.pop()

    def _set_name(self, text: str) -> None:
        self.name_text = text
        for control in self.focus.controls:
            if isinstance(control, TextField):
                control.invalid = not text.strip()

    # Rows the Accessibility screen shows too (scenes/screens/settings_accessibility.py).
    def ui_scale_row(self, settings: Settings) -> RowSpec:
        help_words = _("Text, cards and buttons grow or shrink together.")
        least, most = tables_reach(self.app.size, round(theme.ui_scale_setting() * 100))
        if least < round(theme.ui_scale_setting() * 100):     # the window is too small for the whole scale at a table
            if least == most:
                help_words = _("Tables grow to {percent} in a window this shape.").format(percent=format_percent(least))
            else:
                help_words = _("Tables grow to {least}–{most} in a window this shape, by game and "
                               "players.").format(least=format_percent(least), most=format_percent(most))
        return ("Size of text and cards", _("Size of text and cards"), help_words,
                lambda r: Stepper(r, UI_SCALE_STEPS, nearest_index(UI_SCALE_STEPS, settings.ui_scale or 100),
                                  lambda v: self.change(ui_scale=v), format_percent))

    def animation_row(self, settings: Settings) -> RowSpec:
        return ("Animation speed", _("Animation speed"), _("How fast cards travel. Instant skips the motion."),
                lambda r: Stepper(r, ANIMATION_SPEEDS, ANIMATION_SPEEDS.index(settings.animation_speed),
                                  lambda v: self.change(animation_speed=v), lambda v: _(SPEED_NAMES[v])))

    def reduced_motion_row(self, settings: Settings) -> RowSpec:
        return ("Reduced motion", _("Reduced motion"), _("Cards fade out and in instead of sliding."),
                lambda r: Toggle(r, settings.reduced_motion, lambda v: self.change(reduced_motion=v)))

    def ai_delay_row(self, settings: Settings) -> RowSpec:
        return ("AI move delay", _("AI move delay"), _("A pause before each AI move, so you can follow it."),
                lambda r: Stepper(r, AI_DELAY_STEPS, nearest_index(AI_DELAY_STEPS, settings.ai_delay_s),
                                  lambda v: self.change(ai_delay_s=v),
                                  lambda v: _("{seconds} s").format(seconds=format_decimal(v, 1))))

    def notes(self) -> list[str]:
        """Lines under the title, before the rows (none here)."""
        return []

    def speech_title(self) -> str:
        """What speech says as the screen opens: its title and its notes."""
        return " ".join([_(self.TITLE) + "."] + self.notes())

    def focus_words(self) -> str:
        """What speech says for the focused row: its label and value ("Sound volume: 70%")."""
        control = self.focus.focused
        index = self.focus.index
        if control is None:
            return ""
        value = ""
        if isinstance(control, Toggle):
            value = _("On") if control.value else _("Off")
        elif isinstance(control, Stepper):
            value = control.describe(control.values[control.index])
        elif isinstance(control, TextField):
            value = control.text
        label = self.rows[index][0] if 0 <= index < len(self.rows) else ""
        words = getattr(control, "label", "") if isinstance(control, Button) else value
        return ": ".join(part for part in (label, words) if part)

    def setting_rows(self, settings: Settings) -> list[RowSpec]:
        """The rows of this screen, in order (the Accessibility screen has its own)."""
        window = (settings.window_width, settings.window_height)
        presets = window_presets(window)

        language = current_language()
        shown: list[RowSpec] = [
            ("Language", _("Language"), _("The language of every screen; it changes at once."),
             lambda r: Stepper(r, LANGUAGES, LANGUAGES.index(language), self.set_language,
                               lambda v: LANGUAGE_NAMES[v], wrap=True)),
            self.ui_scale_row(settings),
            self.animation_row(settings),
            ("Sound volume", _("Sound volume"), _("{zero} is silent.").format(zero=format_percent(0)),
             lambda r: Stepper(r, VOLUME_STEPS, nearest_index(VOLUME_STEPS, settings.sound_volume),
                               lambda v: self.change(sound_volume=v), lambda v: format_percent(v * 100))),
            self.reduced_motion_row(settings),
            ("Fullscreen", _("Fullscreen"), _("F11 switches at any time."),
             lambda r: Toggle(r, settings.fullscreen, lambda v: self.change(fullscreen=v))),
            ("Window size", _("Window size"), _("When not fullscreen. Dragging the window edge works too."),
             lambda r: Stepper(r, presets, presets.index(window),
                               lambda v: self.change(window_width=v[0], window_height=v[1]),
                               lambda v: f"{v[0]} × {v[1]}")),
        ]
        # Each game's own rows sit between how the table looks and how the play goes.
        shown += self.game_rows(settings)
        shown += [
            self.ai_delay_row(settings),
            ("Skip to my turn", _("Skip to my turn"), _("AI moves between your turns are shown at once."),
             lambda r: Toggle(r, settings.skip_to_my_turn, lambda v: self.change(skip_to_my_turn=v))),
            ("Replays kept", _("Replays kept"), _("Finished games kept to watch again; the oldest go first."),
             lambda r: Stepper(r, RECORDS_KEPT_STEPS, nearest_index(RECORDS_KEPT_STEPS, settings.records_kept),
                               lambda v: self.change(records_kept=v), str)),
            ("Your name", _("Your name"), _("Offered for the first seat when you set up a game."),
             lambda r: TextField(r, self.name_text, self._set_name, hint=_("Your name"), max_length=24,
                                 on_commit=self._commit_name, invalid=not self.name_text.strip())),
            ("Accessibility", _("Accessibility"), _("Speech, high contrast, time to react, and what else there is."),
             lambda r: Button(r, _("Open"), self.open_accessibility, style="secondary")),
        ]
        return shown

    def layout(self, size: tuple[int, int]) -> list[Control]:
        width, height = size
        s = ui_scale(size)
        self.s = s
        settings: Settings = self.app.settings
        self.band_h = int(18 * s)
        self.title_size = max(18, int(40 * s))
        self.label_size = max(12, int(20 * s))
        self.help_size = max(10, int(14 * s))
        panel_w = min(int(width * 0.94), max(int(820 * s), int(width * 0.72)))
        row_h = max(28, int(44 * s))
        gap = int(row_h * 0.42)
        shown = self.setting_rows(settings)
        n_rows = len(shown)
        button_h = max(30, int(48 * s))
        label_x = int(36 * s)
        control_w = min(int(330 * s), int(panel_w * 0.46))
        control_x = panel_w - int(36 * s) - control_w
        words_w = control_x - label_x - int(16 * s)
        # Each row's label and help line, wrapped to the label column (at a large UI scale they need
        # two lines or more); a row is as tall as its words or its control, whichever is taller.
        self.label_step, self.help_step = int(self.label_size * 1.1), int(self.help_size * 1.15)
        words = [(wrap_text(label, self.label_size, words_w, "bold"), wrap_text(help_text, self.help_size, words_w))
                 for _key, label, help_text, _make in shown]
        words_h = [len(label_lines) * self.label_step + len(help_lines) * self.help_step for label_lines, help_lines in words]
        heights = [max(row_h, h) for h in words_h]
        # The notes above the rows get smaller (to three fifths at most) while they would leave no room for
        # the tallest row: at a large UI scale in a small window a row must not run under the Done button.
        self.note_size = self.help_size
        while True:
            self.note_lines = [line for note in self.notes()
                               for line in wrap_text(note, self.note_size, panel_w - int(72 * s))]
            header = self.band_h + int(18 * s) + int(self.title_size * 1.4)
            header += len(self.note_lines) * int(self.note_size * 1.35) + (int(8 * s) if self.note_lines else 0)
            fixed = header + int(10 * s) + button_h + int(22 * s) + self.band_h
            if (height - 8 - fixed >= max(heights, default=0) + gap or not self.note_lines
                    or self.note_size <= max(10, int(self.help_size * 0.6))):
                break
            self.note_size = max(10, int(self.help_size * 0.6), int(self.note_size * 0.9))
        if fixed + n_rows * (row_h + gap) > height - 8:
            # A small window: the rows close up (and shrink a little) so every one stays on the panel.
            # A large UI scale, where closing up would not do, keeps its rows and scrolls them instead.
            per_row = max(24, (height - 8 - fixed) // n_rows)
            if per_row * 0.8 >= row_h * 0.5:
                row_h = max(22, min(row_h, int(per_row * 0.8)))
                gap = max(2, per_row - row_h)
                heights = [max(row_h, h) for h in words_h]
        self.panel = pygame.Rect(0, 0, panel_w, 0)
        room = height - 8 - fixed
        if sum(heights) + n_rows * gap > room:
            gap = max(2, min(gap, (room - sum(heights)) // n_rows))
        first, last = self.visible_rows(heights, gap, room, [key for key, *_ in shown])
        shown_h = sum(heights[first:last]) + (last - first) * gap
        self.panel.h = min(fixed + shown_h, height - 8)
        self.panel.center = (width // 2, height // 2)
        self.rows_area = pygame.Rect(self.panel.x, self.panel.y + header - gap // 2, panel_w, shown_h)
        self.more_above, self.more_below = first > 0, last < n_rows
        y = self.panel.y + header
        controls: list[Control] = []
        self.rows = []
        self.row_words = []
        for i, (key, label, help_text, make) in enumerate(shown):
            visible = first <= i < last
            # A row scrolled out of view keeps its control (the keys still reach it) far off the window.
            top = y if visible else -10 * height
            rect = pygame.Rect(self.panel.x + control_x, top, control_w, row_h)
            control = make(rect)
            control.hidden = not visible  # type: ignore[attr-defined]
            controls.append(keyed(control, key))
            self.rows.append((label, help_text, pygame.Rect(self.panel.x + label_x, top, words_w, heights[i])))
            if visible:
                self.row_words.append((words[i][0], words[i][1], self.rows[-1][2]))
                y += heights[i] + gap
        done = Button(pygame.Rect(0, 0, int(200 * s), button_h), _("Done"), self.on_escape)
        done.rect.midbottom = (self.panel.centerx, self.panel.bottom - self.band_h - int(16 * s))
        controls.append(keyed(done, "done"))
        return controls

    def visible_rows(self, heights: list[int], gap: int, room: int, keys: list[str]) -> tuple[int, int]:
        """The rows shown, [first, last): all when they fit; else a window of rows that holds the focused
        one (the view follows the keys, and the wheel moves the focus)."""
        focused = getattr(self.focus.focused, "key", None)
        if focused in keys:
            at = keys.index(focused)
            self.first_row = min(self.first_row, at)
            while self.first_row < at and sum(heights[self.first_row:at + 1]) + (at + 1 - self.first_row) * gap > room:
                self.first_row += 1
        first = self.first_row = max(0, min(self.first_row, len(heights) - 1))
        last, used = first, 0
        while last < len(heights) and (last == first or used + heights[last] + gap <= room):
            used += heights[last] + gap
            last += 1
        return first, last

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and (self.more_above or self.more_below):
            self.focus.move(-1 if event.y > 0 else 1)
            self.relayout()
            return True
        before = self.focus.focused
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and before is not None \
                and not before.uses_vertical_keys:
            # One row after another, also into rows scrolled out of view (which lie off the window).
            self.focus.move(1 if event.key == pygame.K_DOWN else -1)
            handled = True
        else:
            handled = super().handle_event(event)
        if self.focus.focused is not before and getattr(self.focus.focused, "hidden", False):
            self.relayout()         # the keys went to a row out of view: it scrolls into view
        return handled

    def draw(self, surface: pygame.Surface) -> None:
        band = draw_dialog_frame(surface, self.panel, self.band_h)
        draw_text(surface, _(self.TITLE), (self.panel.centerx, band.bottom + int(12 * self.s)), self.title_size, theme.CREAM,
                  "title", "midtop")
        y = band.bottom + int(12 * self.s) + int(self.title_size * 1.3)
        for line in self.note_lines:
            draw_text(surface, line, (self.panel.x + int(36 * self.s), y), self.note_size, theme.PARCHMENT)
            y += int(self.note_size * 1.35)
        for label_lines, help_lines, rect in self.row_words:
            y = rect.y - int(2 * self.s)
            for line in label_lines:
                draw_text(surface, line, (rect.x, y), self.label_size, theme.CREAM, "bold")
                y += self.label_step
            for line in help_lines:
                draw_text(surface, line, (rect.x, y), self.help_size, theme.PARCHMENT)
                y += self.help_step
        self.draw_scroll_marks(surface)
        for control in self.focus.controls:
            if control is not self.focus.focused and not getattr(control, "hidden", False):
                control.draw(surface)
        if self.focus.focused is not None and not getattr(self.focus.focused, "hidden", False):
            self.focus.focused.draw(surface)

    def draw_scroll_marks(self, surface: pygame.Surface) -> None:
        """Small arrows at the top and bottom of the rows when more rows lie above or below."""
        size = max(5, int(9 * self.s))
        x = self.rows_area.centerx
        if self.more_above:
            top = self.rows_area.top - size
            pygame.draw.polygon(surface, theme.GOLD, [(x - size, top + size), (x + size, top + size), (x, top)])
        if self.more_below:
            bottom = self.rows_area.bottom + size // 2
            pygame.draw.polygon(surface, theme.GOLD, [(x - size, bottom), (x + size, bottom), (x, bottom + size)])
