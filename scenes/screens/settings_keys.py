"""Settings -> Accessibility -> Keys: the key of each table action, changed by pressing the new key.

One game's actions are shown at a time (a stepper picks the game), with the actions every table has.
Enter on an action's row waits for the next key: a free key is stored at once with the settings
(`Settings.key_bindings`, scenes/ui/keymap.py); a key another action has, or one the tables need as it
is, is refused in words ("F is already Draw") and nothing changes. Esc while waiting keeps the key.
"""
from __future__ import annotations

import pygame

from game.core import manifest as manifests
from game.core.settings import Settings
from scenes.screens.settings import RowSpec, SettingsScene
from scenes.ui.i18n import N_, _
from scenes.ui.keymap import SHARED, game_actions, key_map, key_words
from scenes.ui.widgets import Button, Stepper


class KeysScene(SettingsScene):
    TITLE = N_("Keys")

    def __init__(self, app) -> None:
        offered = [entry for entry in manifests.registry().manifests if entry.offered]
        self.game_ids = [entry.id for entry in offered]
        self.titles = {entry.id: entry.title for entry in offered}
        self.game_id = self.game_ids[0] if self.game_ids else ""
        self.waiting_for: str | None = None     # the action whose new key is awaited
        self.message = ""                       # what the last key pressed did, in words
        super().__init__(app)

    def notes(self) -> list[str]:
        shared = sum(1 for action in game_actions(self.game_id) if action.game == SHARED)
        lines = [_("Choose an action and press Enter, then press its new key. Esc keeps the key it has. "
                   "The first {count} work at every table.").format(count=shared)]
        return lines + ([self.message] if self.message else [])

    def setting_rows(self, settings: Settings) -> list[RowSpec]:
        keys = key_map(settings.key_bindings)
        rows: list[RowSpec] = []
        if self.game_ids:
            rows.append(("Game", _("Game"), _("Whose table's keys are shown."),
                         lambda r: Stepper(r, tuple(self.game_ids), self.game_ids.index(self.game_id), self.show_game,
                                           lambda g: self.titles[g], wrap=True)))
        for action in game_actions(self.game_id):
            shown = _("Press a key…") if action.name == self.waiting_for else key_words(keys.key(action.name))
            rows.append((action.name, _(action.label), "",      # no help line: thirteen rows fit a small window
                         lambda r, name=action.name, shown=shown: Button(r, shown, lambda: self.wait_for_key(name),
                                                                         style="secondary")))
        rows.append(("Default keys", _("Default keys"), _("Every key back as it was."),
                     lambda r: Button(r, _("Reset"), self.reset, style="secondary")))
        return rows

    def show_game(self, game_id: str) -> None:
        self.game_id, self.waiting_for, self.message = game_id, None, ""
        self.relayout()

    def wait_for_key(self, name: str) -> None:
        self.waiting_for, self.message = name, ""
        self.relayout()

    def reset(self) -> None:
        self.change(key_bindings={})
        self.waiting_for, self.message = None, _("Every key is back as it was.")
        self.relayout()

    def take_key(self, key: int) -> None:
        """The key pressed while an action waits for one: stored, or refused in words."""
        name, self.waiting_for = self.waiting_for, None
        if name is None:
            return
        keys = key_map(self.app.settings.key_bindings)
        label = next(_(a.label) for a in game_actions(self.game_id) if a.name == name)
        refusal = keys.refusal(name, key)
        if refusal is not None:
            self.message = refusal
        else:
            self.change(key_bindings=keys.with_key(name, key))
            self.message = _("{action} is now {key}.").format(action=label, key=key_words(key))
        self.relayout()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.waiting_for is not None and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.waiting_for, self.message = None, ""
                self.relayout()
            else:
                self.take_key(event.key)
            return True
        if self.waiting_for is not None and event.type == pygame.TEXTINPUT:
            return True         # the key's letter is not typed anywhere
        return super().handle_event(event)

    def on_escape(self) -> None:
        self.app.stack.pop()

    def exit(self) -> None:
        pass
