"""Setting up a game: how many play, who is human, how strong each AI is, names, options, seed.

Everything offered comes from the game itself (player range, `agent_levels()`, `option_specs()`),
so a new game needs no code here. A `pick` option (e.g. Télos's Zeus cards) offers its default or
"Choose", and then one chip per choice; the game cannot start until one per player is chosen.
Names must differ: games use them on screen and in records, and
Zeus on the Loose even decides the first player by name.

The last setup each game was started with (how many play, each seat's human/AI, level and name, the
options and chosen chips) is remembered in the user's config folder (`last_setups.json`, written
atomically) and offered again next time; a damaged file or a value the game no longer accepts is
passed over quietly, so the defaults are offered instead.
"""
from __future__ import annotations

import logging
import random
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core.engine import Game, OptionSpec, SeatInfo
from game.core.names import clean_name
from game.core.session import GameSession
from game.core.settings import load_last_setups, store_last_setup
from scenes.ui.game_texts import option_choice, option_help, option_label
from scenes.ui.i18n import N_, _, ngettext, reason_words, join_names
from scenes.ui import theme
from scenes.ui.theme import fitting_size, ui_scale
from scenes.ui.widgets import (ERROR, Button, Chip, Control, MenuScene, Stepper, TextField, Toggle, draw_felt,
                            draw_meander, draw_panel, draw_text, ellipsize, fitted_label, keyed, text_width, wrap_text)

if TYPE_CHECKING:
    from scenes.scene import AppServices

log = logging.getLogger("olympus.setup")

GREEK_NAMES = ("Ariadne", "Nikias", "Phoebe", "Theron", "Kallisto", "Leander", "Daphne", "Orestes", "Melina",
               "Xanthos")
CHOOSE = "choose"   # the stepper value that opens a `pick` option's chips
LEVEL_NAMES = {"random": N_("Beginner"), "easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
DEFAULT_PLAYERS = 3
DEFAULT_PLAYER_NAME = "You"         # game.core.settings.Settings.player_name's default
SEED_LIMIT = 2**31 - 1
LAST_SETUPS = "last_setups.json"     # in the user's config folder: the last setup started, per game


def read_last_setups(path: Path) -> dict[str, Any]:
    """Every game's last setup, by game id ({} when there is none; a damaged file is set aside)."""
    return load_last_setups(path).value or {}


def hints_agreed_for(path: Path, game_id: str, seed: int) -> bool:
    """The humans of this game (its id and seed) agreed to the Hint when they set it up."""
    stored = read_last_setups(path).get(game_id)
    return isinstance(stored, dict) and stored.get("hints_agreed") is True and stored.get("seed_started") == seed


def remember_setup(path: Path, game_id: str, setup: dict[str, Any]) -> None:
    """Store one game's setup beside the others' (the others' setups are kept as they are)."""
    message = store_last_setup(path, game_id, setup)
    if message is not None:
        log.warning(message)


def level_name(level: str) -> str:
    """An AI level as the player reads it (a level this screen does not know shows its own name)."""
    return _(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level.replace("_", " ").capitalize()


def default_player_name(settings_name: str) -> str:
    """The player's name from the settings; the untouched default ("You") in the player's language."""
    return _("You") if settings_name == DEFAULT_PLAYER_NAME else settings_name


@dataclass
class SeatChoice:
    human: bool
    level: str
    name: str


def default_level(levels: list[str]) -> str:
    return "normal" if "normal" in levels else levels[-1]


def greek_names(taken: str, count: int) -> list[str]:
    """AI names that never repeat the player's own name."""
    return [n for n in GREEK_NAMES if n.casefold() != taken.strip().casefold()][:count]


def number_steps(spec: OptionSpec) -> list[Any] | None:
    """The values a numeric option offers as a stepper, or None when the range is too wide to step."""
    if spec.minimum is None or spec.maximum is None:
        return None
    if spec.kind == "int":
        lo, hi = int(spec.minimum), int(spec.maximum)
        return list(range(lo, hi + 1)) if hi - lo <= 200 else None
    steps = 20
    values = [round(spec.minimum + (spec.maximum - spec.minimum) * i / steps, 3) for i in range(steps + 1)]
    if spec.default not in values:
        values = sorted(set(values) | {spec.default})
    return values


def option_control(spec: OptionSpec, value: Any, rect: pygame.Rect, setter: Callable[[Any], None],
                   on_error: Callable[[str], None], on_commit: Callable[[str], None] | None = None) -> Control:
    """One (not "pick") option's control: a switch, a list to step through, or a number typed in (a
    number that is not accepted is said through `on_error`, "" once it is). The Host screen uses it too."""
    if spec.kind == "bool":
        return Toggle(rect, bool(value), setter)
    steps = list(spec.choices) if spec.kind == "choice" else number_steps(spec)
    if steps is not None:
        return Stepper(rect, steps, steps.index(value) if value in steps else 0, setter,
                       lambda v, spec=spec: option_choice(spec, v))

    def typed(text: str) -> None:
        try:
            setter(spec.check(text))
            on_error("")
        except ValueError as exc:
            on_error(reason_words(exc))

    allowed = str.isdigit if spec.kind == "int" else (lambda ch: ch.isdigit() or ch in ".-")
    return TextField(rect, str(value), typed, max_length=12, allowed=allowed, on_commit=on_commit)


class SetupScene(MenuScene):
    hover_focus = False

    def __init__(self, app: "AppServices", game: Game) -> None:
        super().__init__(app)
        self.game = game
        self.levels = list(game.agent_levels())
        self.count = max(game.min_players, min(DEFAULT_PLAYERS, game.max_players))
        player = default_player_name(app.settings.player_name)
        names = greek_names(player, game.max_players)
        self.seats = [SeatChoice(True, default_level(self.levels), player)]
        self.seats += [SeatChoice(False, default_level(self.levels), names[i]) for i in range(game.max_players - 1)]
        self.options: dict[str, Any] = {spec.name: spec.default for spec in game.option_specs()}
        # A `pick` option remembers its chosen chips even while set back to its default, as a player expects.
        self.picks: dict[str, list[Any]] = {spec.name: [] for spec in self.pick_specs()}
        self.seed_text = ""
        self.error = ""
        self.start_button: Button | None = None
        self.hints_agreed = False       # pass-and-play: all humans agreed to the Hint
        remembered = load_last_setups(self.memory_path())
        if remembered.message is not None:      # a damaged file: set aside, said once, the defaults offered
            log.warning(remembered.message)
            app.toast(remembered.message)
        self._recall((remembered.value or {}).get(game.id))
        self.relayout()

    # ----- the last setup of this game ----------------------------------------------------------------
    def memory_path(self) -> Path:
        return self.app.dirs.config / LAST_SETUPS

    def remembered(self) -> dict[str, Any]:
        """This setup as it is stored: seat count, every seat's choice, options and chosen chips."""
        return {"count": self.count, "seats": [asdict(seat) for seat in self.seats],
                "options": dict(self.options), "picks": {name: list(chosen) for name, chosen in self.picks.items()},
                "hints_agreed": self.hints_agreed}

    def _recall(self, stored: Any) -> None:
        """Offer the stored setup again, each part only if this game still accepts it."""
        if not isinstance(stored, dict):
            return
        count = stored.get("count")
        if isinstance(count, int) and self.game.min_players <= count <= self.game.max_players:
            self.count = count
        seats = stored.get("seats")
        for seat, saved in zip(self.seats, seats if isinstance(seats, list) else []):
            if not isinstance(saved, dict):
                continue
            if isinstance(saved.get("human"), bool):
                seat.human = saved["human"]
            if saved.get("level") in self.levels:
                seat.level = saved["level"]
            if isinstance(saved.get("name"), str) and clean_name(saved["name"], 24):
                seat.name = clean_name(saved["name"], 24)      # no NUL or bidi control from the file
        self.hints_agreed = stored.get("hints_agreed") is True
        options = stored.get("options") if isinstance(stored.get("options"), dict) else {}
        picks = stored.get("picks") if isinstance(stored.get("picks"), dict) else {}
        for spec in self.pick_specs():
            if isinstance(picks.get(spec.name), list):
                self.picks[spec.name] = [c for c in picks[spec.name] if c in spec.choices]
        for spec in self.game.option_specs():
            if spec.name in options:
                before = self.options[spec.name]
                self.options[spec.name] = options[spec.name]
                if not (options[spec.name] == CHOOSE and spec.kind == "pick") and not self._options_accepted():
                    self.options[spec.name] = before

    def _options_accepted(self) -> bool:
        try:
            self.game.normalize_options(self.build_options())
        except (ValueError, TypeError, KeyError):
            return False
        return True

    # ----- the model ------------------------------------------------------------------------------------
    def build_seats(self) -> list[SeatInfo]:
        return [SeatInfo(seat.name.strip(), "human" if seat.human else f"ai:{seat.level}")
                for seat in self.seats[:self.count]]

    def pick_specs(self) -> list[OptionSpec]:
        return [spec for spec in self.game.option_specs() if spec.kind == "pick"]

    def choosing(self, spec: OptionSpec) -> bool:
        return self.options[spec.name] == CHOOSE

    def build_options(self) -> dict[str, Any]:
        options = dict(self.options)
        for spec in self.pick_specs():
            if self.choosing(spec):
                options[spec.name] = [c for c in spec.choices if c in self.picks[spec.name]]
        return options

    def problem(self) -> str:
        """Why the game cannot start yet, in the player's words ("" when it can)."""
        seen: dict[str, int] = {}
        for i, seat in enumerate(self.seats[:self.count]):
            name = seat.name.strip()
            if not name:
                return _("Seat {seat} needs a name.").format(seat=i + 1)
            key = name.casefold()
            if key in seen:
                return _("Seats {first} and {second} are both called {name}: every player needs a different "
                         "name.").format(first=seen[key] + 1, second=i + 1, name=name)
            seen[key] = i
        for spec in self.pick_specs():
            chosen = len(self.picks[spec.name])
            if self.choosing(spec) and chosen != self.count:
                return _("Choose {count} {option}, one per player — {chosen} chosen").format(
                    count=self.count, option=option_label(spec), chosen=chosen)
        return ""

    def seed(self) -> int:
        if self.seed_text.strip():
            return int(self.seed_text) % (SEED_LIMIT + 1)
        return random.SystemRandom().randrange(1, SEED_LIMIT)

    def start(self) -> None:
        problem = self.problem()
        if problem:
            self.error = problem
            return
        seed = self.seed()
        try:
            session = GameSession.new(self.game, self.build_seats(), self.build_options(), seed,
                                      autosave_path=self.app.dirs.autosave, records_dir=self.app.dirs.records,
                                      kept_name=_("Unfinished {name}"))
        except (ValueError, OSError) as exc:
            log.error("cannot start %s: %s", self.game.id, exc)
            self.error = _("The game could not start: {reason}").format(reason=reason_words(exc))
            return
        log.info("new %s game, seed %d", self.game.id, seed)
        try:
            # The Hint agreed for pass-and-play belongs to this game (its seed), and to no other.
            remember_setup(self.memory_path(), self.game.id, {**self.remembered(), "seed_started": seed})
        except OSError as exc:     # the game starts all the same; only next time's setup is the default
            log.warning("could not remember the setup: %s", exc)
        self.app.open_table(session)

    def show_rules(self) -> None:
        from scenes.screens.rules import RulesScene

        self.app.stack.push(RulesScene(self.app, self.game.id))

    def _teams_line(self) -> str:
        """Elios with four players is played in teams, seats 1 and 3 against 2 and 4 (rules/elios.md)."""
        if self.game.id != "elios" or self.count != 4:
            return ""
        names = [seat.name or str(i + 1) for i, seat in enumerate(self.seats[:4])]
        return _("Teams: {first} against {second}").format(first=join_names([names[0], names[2]]),
                                                           second=join_names([names[1], names[3]]))

    # ----- edits ------------------------------------------------------------------------------------------
    def set_count(self, count: int) -> None:
        self.count = count
        self.relayout()

    def set_human(self, seat: int, kind: str) -> None:
        self.seats[seat].human = kind == "human"
        self.relayout()

    def set_level(self, seat: int, level: str) -> None:
        self.seats[seat].level = level

    def set_name(self, seat: int, text: str) -> None:
        self.seats[seat].name = text
        self.error = ""
        self._mark_names()

    def set_option(self, name: str, value: Any) -> None:
        self.options[name] = value

    def set_pick_mode(self, name: str, value: Any) -> None:
        self.options[name] = value
        self.error = ""
        self.relayout()

    def set_picked(self, name: str, choice: Any, on: bool) -> None:
        picked = self.picks[name]
        if on and choice not in picked:
            picked.append(choice)
        elif not on and choice in picked:
            picked.remove(choice)
        self.error = ""
        self._mark_names()

    def set_seed(self, text: str) -> None:
        self.seed_text = text

    def set_hints_agreed(self, on: bool) -> None:
        """Pass-and-play: every human at this computer agrees to have the Hint at the table."""
        self.hints_agreed = bool(on)

    def _mark_names(self, controls: list[Control] | None = None) -> None:
        problem = self.problem()
        for control in self.focus.controls if controls is None else controls:
            key = getattr(control, "key", "")
            if isinstance(control, TextField) and key.startswith("name-"):
                i = int(key.split("-")[1])
                name = self.seats[i].name.strip().casefold()
                clashes = sum(1 for s in self.seats[:self.count] if s.name.strip().casefold() == name)
                control.invalid = not name or clashes > 1
        if self.start_button is not None:
            self.start_button.enabled = not problem

    def _next_field(self, _text: str = "") -> None:
        self.focus.move(1)

    # ----- layout ------------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> list[Control]:
        """The screen at full size; when the options do not fit (many choices, longer words in some
        languages), rows and help lines close up a step at a time until they do."""
        for shrink in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5):
            # A large UI scale in a small window: the whole screen gets smaller a step at a time
            # rather than run out of its panels.
            for fit in (1.0, 0.9, 0.8, 0.7):
                controls = self._layout_at(size, fit, shrink)
                if self.content_fits:
                    return controls
            if ui_scale(size) * shrink <= 0.5:
                break
        return controls

    def _layout_at(self, size: tuple[int, int], fit: float, shrink: float = 1.0) -> list[Control]:
        width, height = size
        s = max(0.5, ui_scale(size) * shrink) if shrink < 1 else ui_scale(size)
        self.s = s
        margin = int(28 * s)
        self.title_size = max(18, int(36 * s))
        self.label_size = max(11, int(18 * s * (1 + fit) / 2))
        self.help_size = max(10, int(14 * s * (1 + fit) / 2))
        self.header_h = int(self.title_size * 1.5) + int(26 * s)
        button_h = max(28, int(48 * s))
        footer_h = button_h + int(44 * s)
        body = pygame.Rect(margin, self.header_h, width - 2 * margin, height - self.header_h - footer_h)
        gap = int(20 * s)
        left_w = int((body.w - gap) * 0.58)
        self.players_panel = pygame.Rect(body.x, body.y, left_w, body.h)
        self.options_panel = pygame.Rect(body.x + left_w + gap, body.y, body.w - left_w - gap, body.h)
        pad = int(18 * s)
        row_h = max(24, int(fit * min(int(42 * s), (body.h - 2 * pad - int(60 * s)) // (self.game.max_players + 2))))
        row_gap = max(4, int(row_h * 0.28))
        controls: list[Control] = []
        self.texts: list[tuple[str, tuple[int, int], int, tuple[int, int, int], str, str, int]] = []

        # Players.
        x, y = self.players_panel.x + pad, self.players_panel.y + pad
        inner_w = self.players_panel.w - 2 * pad
        self.texts.append((_("Players"), (x, y), self.label_size + 2, theme.GOLD, "bold", "topleft", inner_w))
        counts = list(range(self.game.min_players, self.game.max_players + 1))
        count_w = int(190 * s)
        count = Stepper(pygame.Rect(x + inner_w - count_w, y - int(4 * s), count_w, row_h), counts,
                        counts.index(self.count), self.set_count,
                        lambda n: ngettext("{count} player", "{count} players", n).format(count=n))
        controls.append(keyed(count, "count"))
        y += row_h + row_gap + int(6 * s)
        seat_label_w = int(inner_w * 0.07)
        kind_w = int(inner_w * 0.24)
        level_w = int(inner_w * 0.27)
        col_gap = int(10 * s)
        name_x = x + seat_label_w + kind_w + level_w + 3 * col_gap
        name_w = x + inner_w - name_x
        for i in range(self.count):
            seat = self.seats[i]
            self.texts.append((f"{i + 1}", (x + seat_label_w // 2, y + row_h // 2), self.label_size + 2, theme.GOLD,
                               "title", "center", seat_label_w))
            kx = x + seat_label_w + col_gap
            kind = Stepper(pygame.Rect(kx, y, kind_w, row_h), ["human", "ai"], 0 if seat.human else 1,
                           lambda v, i=i: self.set_human(i, v), lambda v: _("Human") if v == "human" else _("AI"),
                           wrap=True)
            controls.append(keyed(kind, f"kind-{i}"))
            lx = kx + kind_w + col_gap
            if seat.human:
                self.texts.append((_("at this computer"), (lx + level_w // 2, y + row_h // 2), self.help_size, theme.PARCHMENT,
                                   "sans", "center", level_w))
            else:
                level = Stepper(pygame.Rect(lx, y, level_w, row_h), self.levels, self.levels.index(seat.level),
                                lambda v, i=i: self.set_level(i, v), level_name)
                controls.append(keyed(level, f"level-{i}"))
            name = TextField(pygame.Rect(name_x, y, name_w, row_h), seat.name, lambda t, i=i: self.set_name(i, t),
                             hint=_("Name"), max_length=24, on_commit=self._next_field)
            controls.append(keyed(name, f"name-{i}"))
            y += row_h + row_gap
        y += int(4 * s)
        for line in wrap_text(_("Every player needs a different name. Human seats share this computer: "
                                "the screen is handed over between their turns."), self.help_size, inner_w):
            self.texts.append((line, (x, y), self.help_size, theme.PARCHMENT, "sans", "topleft", inner_w))
            y += int(self.help_size * 1.35)
        teams = self._teams_line()
        if teams:
            y += int(4 * s)
            for line in wrap_text(teams, self.label_size, inner_w, "bold"):
                self.texts.append((line, (x, y), self.label_size, theme.GOLD, "bold", "topleft", inner_w))
                y += int(self.label_size * 1.35)

        players_bottom = y
        # Options and seed.
        x, y = self.options_panel.x + pad, self.options_panel.y + pad
        inner_w = self.options_panel.w - 2 * pad
        self.texts.append((_("Options"), (x, y), self.label_size + 2, theme.GOLD, "bold", "topleft", inner_w))
        y += row_h + row_gap
        # The controls give way (down to a third of the panel) when a label needs the room.
        labels = [option_label(spec) for spec in self.game.option_specs()] + [_("Hints, if all agree"), _("Seed")]
        # (At a large UI scale a label may get up to a fifth smaller, so the values keep their room too.)
        label_room = self.label_size if s <= 1 else int(self.label_size * 0.8)
        widest = max(text_width(label, label_room, "bold") for label in labels)
        control_w = max(int(inner_w * 0.33), min(int(inner_w * 0.42), inner_w - widest - int(12 * s)))
        for spec in self.game.option_specs():
            control = self._option_control(spec, pygame.Rect(x + inner_w - control_w, y, control_w, row_h))
            controls.append(keyed(control, f"option-{spec.name}"))
            self.texts.append((option_label(spec), (x, y + row_h // 2), self.label_size, theme.CREAM, "bold", "midleft",
                               inner_w - control_w - int(10 * s)))
            y += row_h + int(4 * s)
            for line in wrap_text(option_help(spec), self.help_size, inner_w) if spec.help else []:
                self.texts.append((line, (x, y), self.help_size, theme.PARCHMENT, "sans", "topleft", inner_w))
                y += int(self.help_size * 1.3)
            if spec.kind == "pick" and self.choosing(spec):
                y = self._layout_chips(spec, controls, x, y + int(4 * s), inner_w, row_h)
            y += row_gap + int(4 * s)
        if sum(1 for seat in self.seats[:self.count] if seat.human) > 1:
            hints = Toggle(pygame.Rect(x + inner_w - control_w, y, control_w, row_h), self.hints_agreed,
                           self.set_hints_agreed)
            controls.append(keyed(hints, "hints"))
            self.texts.append((_("Hints, if all agree"), (x, y + row_h // 2), self.label_size, theme.CREAM, "bold", "midleft",
                               inner_w - control_w - int(10 * s)))
            y += row_h + int(4 * s)
            if fit == 1.0:      # its help line gives way first when the panel is full (800×500, chosen Zeus cards)
                for line in wrap_text(_("The Hint button is offered only when every player at this screen says yes."),
                                      self.help_size, inner_w):
                    self.texts.append((line, (x, y), self.help_size, theme.PARCHMENT, "sans", "topleft", inner_w))
                    y += int(self.help_size * 1.3)
            y += row_gap
        seed = TextField(pygame.Rect(x + inner_w - control_w, y, control_w, row_h), self.seed_text, self.set_seed,
                         hint=_("random"), max_length=10, allowed=str.isdigit, on_commit=self._next_field)
        controls.append(keyed(seed, "seed"))
        self.texts.append((_("Seed"), (x, y + row_h // 2), self.label_size, theme.CREAM, "bold", "midleft",
                           inner_w - control_w))
        y += row_h + int(4 * s)
        for line in wrap_text(_("Leave empty for a fresh deal; the same seed deals the same cards again."),
                              self.help_size, inner_w):
            self.texts.append((line, (x, y), self.help_size, theme.PARCHMENT, "sans", "topleft", inner_w))
            y += int(self.help_size * 1.3)

        options_bottom = y
        # The panels hug their content (equal heights), so a short list does not float in a big box.
        content_bottom = max(players_bottom, options_bottom) + pad
        # Rows pressed to half their height or less beside words at full size do not fit either.
        self.content_fits = content_bottom <= body.bottom and (row_h >= int(42 * s * 0.62) or s <= 1)
        panel_h = min(body.h, content_bottom - body.y)
        self.players_panel.h = self.options_panel.h = panel_h
        shift = 0   # the panels stay where they start: a count or seat change never moves the arrow just clicked
        self.players_panel.y += shift
        self.options_panel.y += shift
        for control in controls:
            control.rect.y += shift
        self.texts = [(t, (px, py + shift), *rest) for t, (px, py), *rest in self.texts]

        # Footer.
        fy = height - int(22 * s) - button_h
        back = Button(pygame.Rect(margin, fy, int(150 * s), button_h), _("Back"), self.app.stack.pop, style="secondary")
        rules = Button(pygame.Rect(margin + int(150 * s) + gap, fy, int(150 * s), button_h), _("Rules"), self.show_rules,
                       style="secondary")
        self.start_button = Button(pygame.Rect(width - margin - int(220 * s), fy, int(220 * s), button_h),
                                   _("Start game"), self.start)
        controls += [keyed(back, "back"), keyed(rules, "rules"), keyed(self.start_button, "start")]
        # Why the game cannot start yet is said between the buttons, under the panels.
        self.message_box = pygame.Rect(rules.rect.right + gap, fy - int(6 * s),
                                       self.start_button.rect.x - rules.rect.right - 2 * gap, button_h + int(12 * s))
        self._mark_names(controls)
        return controls

    def _layout_chips(self, spec: OptionSpec, controls: list[Control], x: int, y: int, width: int,
                      row_h: int) -> int:
        """One chip per choice of a `pick` option, in as many columns as their names fit; returns the y below."""
        s = self.s
        gap = max(4, int(8 * s))
        chip_h = max(24, int(row_h * 0.85))
        size = max(10, int(chip_h * 0.42))
        widest = max(text_width("✓ " + option_choice(spec, c), size, "bold") for c in spec.choices) + chip_h // 2
        columns = max(1, min(len(spec.choices), 3, (width + gap) // (widest + gap)))
        chip_w = (width - (columns - 1) * gap) // columns
        picked = self.picks[spec.name]
        for i, choice in enumerate(spec.choices):
            row, column = divmod(i, columns)
            rect = pygame.Rect(x + column * (chip_w + gap), y + row * (chip_h + gap), chip_w, chip_h)
            chip = Chip(rect, option_choice(spec, choice), choice in picked,
                        lambda on, c=choice, name=spec.name: self.set_picked(name, c, on))
            controls.append(keyed(chip, f"pick-{spec.name}-{choice}"))
        rows = -(-len(spec.choices) // columns)
        return y + rows * (chip_h + gap) - gap

    def _option_control(self, spec: OptionSpec, rect: pygame.Rect) -> Control:
        value = self.options[spec.name]
        if spec.kind == "pick":
            modes = [spec.default, CHOOSE]
            return Stepper(rect, modes, modes.index(value), lambda v, name=spec.name: self.set_pick_mode(name, v),
                           lambda v: _("Choose") if v == CHOOSE else option_choice(spec, v), wrap=True)
        return option_control(spec, value, rect, lambda v, name=spec.name: self.set_option(name, v),
                              self._option_error, on_commit=self._next_field)

    def _option_error(self, words: str) -> None:
        self.error = words

    # ----- speech (scenes/ui/speech.py) ---------------------------------------------------------------------
    def speech_title(self) -> str:
        return _("New game · {game}").format(game=self.game.title) + "."

    def focus_words(self) -> str:
        """The focused control with what it is for, as the screen shows it beside it ("Player 2: AI",
        "Player 2, level: Normal", "Zeus card powers: Advanced", "Seed: random")."""
        from scenes.ui.speech import control_value_words

        control = self.focus.focused
        if control is None:
            return ""
        key = getattr(control, "key", "")
        value = control_value_words(control) or str(getattr(control, "label", ""))
        kind, _dash, rest = key.partition("-")
        specs = {spec.name: spec for spec in self.game.option_specs()}
        if kind in ("kind", "level", "name") and rest.isdigit():
            what = {"kind": _("Player {number}"), "level": _("Player {number}, level"),
                    "name": _("Player {number}, name")}[kind].format(number=int(rest) + 1)
        elif kind == "option" and rest in specs:
            what = option_label(specs[rest])
        elif kind == "pick" and rest.partition("-")[0] in specs:
            what = option_label(specs[rest.partition("-")[0]])
        else:
            what = {"count": _("Players"), "seed": _("Seed"), "hints": _("Hints, if all agree")}.get(kind, "")
        return ": ".join(part for part in (what, value) if part)

    # ----- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_felt(surface)
        width = surface.get_width()
        s = self.s
        title = _("New game · {game}").format(game=self.game.title)
        title_size = fitting_size(title, self.title_size, width - int(60 * s), "title", smallest=int(self.title_size * 0.75))
        title = ellipsize(title, title_size, width - int(60 * s), "title")
        draw_text(surface, title, (width // 2, int(14 * s)), title_size, theme.CREAM, "title", "midtop")
        band_w = min(width - int(60 * s), int(600 * s))
        draw_meander(surface, pygame.Rect((width - band_w) // 2, int(14 * s) + int(self.title_size * 1.3), band_w,
                                          max(10, int(14 * s))), theme.TERRACOTTA)
        draw_panel(surface, self.players_panel, 190)
        draw_panel(surface, self.options_panel, 190)
        for text, pos, size, colour, style, anchor, room in self.texts:
            shown, shown_size = fitted_label(text, size, room, style)
            draw_text(surface, shown, pos, shown_size, colour, style, anchor)
        self.focus.draw(surface)
        message = self.error or self.problem()
        if message:
            box = self.message_box
            size = max(11, int(16 * s))
            lines = wrap_text("⚠ " + message, size, box.w, "bold")
            while size > 10 and len(lines) * int(size * 1.25) > box.h:
                size -= 1
                lines = wrap_text("⚠ " + message, size, box.w, "bold")
            line_h = int(size * 1.25)
            y = box.centery - line_h * len(lines) // 2
            for line in lines:
                draw_text(surface, line, (box.centerx, y), size, ERROR, "bold", "midtop")
                y += line_h
