"""Settings → Accessibility: the settings that let more people play, and a short list of what else the
program offers (only what really exists; README, "Accessibility", says the same).

The rows are kept with the other settings (game/core/settings.py) and saved at once like them; this
screen is the settings screen with its own rows and notes.
"""
from __future__ import annotations

from game.core.settings import REACTION_TIMES, Settings
from scenes.screens.settings import RowSpec, SettingsScene, nearest_index
from scenes.ui.i18n import N_, _, format_decimal
from scenes.ui.speech import find_engine
from scenes.ui.keymap import key_map, key_words
from scenes.ui.widgets import Button, Stepper, Toggle


def reaction_time_words(times: float) -> str:
    """1.0 reads "Normal"; the others "2 × as long", "1.5 × as long"."""
    if times == 1.0:
        return _("Normal")
    return _("{times} × as long").format(times=format_decimal(times, 0 if times == int(times) else 1))


class AccessibilityScene(SettingsScene):
    TITLE = N_("Accessibility")

    def notes(self) -> list[str]:
        keys = key_map(self.app.settings.key_bindings)
        return [
            _("Every card shows its colour with a symbol or words too; the turn marker says whose turn it is in words."),
            _("Menus: Tab and the arrow keys move the focus, Enter or Space act, Esc goes back, F11 fullscreen. "
              "At a table: the arrows move among your cards; Tab goes on to the cards on the table and the Elios "
              "sun's stacks (the arrows move among them, Esc goes back) and then to the buttons; {hint} hint, {last} last moves, {rules} "
              "rules, {next} shows a held AI move; with speech on, F2 reads your cards and F3 says whose turn it "
              "is.").format(**{short: key_words(keys.key(f"table.{name}")) for short, name in (
                  ("hint", "hint"), ("last", "look_back"), ("rules", "rules"), ("next", "next_ai_move"))}),
            _("Where a table cannot grow to your size of text and cards, the card with the focus (yours or one "
              "on the table) or under the pointer is also shown at your size beside it."),
        ]

    def setting_rows(self, settings: Settings) -> list[RowSpec]:
        engine, engine_words = find_engine()
        speech_help = (_("Says moves, turns and the focus ({engine}).").format(engine=engine_words)
                       if engine is not None else engine_words)
        return [
            ("Speech", _("Speech"), speech_help,
             lambda r: Toggle(r, settings.speech, lambda v: self.change(speech=v))),
            self.ui_scale_row(settings),
            ("High contrast", _("High contrast"), _("Stronger colours on the table, the cards and the menus."),
             lambda r: Toggle(r, settings.high_contrast, lambda v: self.change(high_contrast=v))),
            ("Reaction time", _("Reaction time"),
             _("More time to sneak or to intercept."),
             lambda r: Stepper(r, REACTION_TIMES, nearest_index(REACTION_TIMES, settings.reaction_time),
                               lambda v: self.change(reaction_time=v),
                               reaction_time_words)),
            ("Wait for me", _("Wait for me"), _("Each AI move waits until you press N."),
             lambda r: Toggle(r, settings.wait_for_me, lambda v: self.change(wait_for_me=v))),
            self.ai_delay_row(settings),
            self.animation_row(settings),
            self.reduced_motion_row(settings),
            ("Keys", _("Keys"), _("Choose the key of each table action."),
             lambda r: Button(r, _("Open"), self.open_keys, style="secondary")),
        ]

    def open_keys(self) -> None:
        from scenes.screens.settings_keys import KeysScene

        self.app.stack.push(KeysScene(self.app))

    def on_escape(self) -> None:
        self.app.stack.pop()

    def exit(self) -> None:
        pass
