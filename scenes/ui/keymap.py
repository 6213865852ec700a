"""The keys of the table's actions, and the player's own choice of them (Settings -> Keys).

Every table action that has a key is named here once (`ACTIONS`): the ones every table shares (Hint,
Rules...) and each game's own (Zeus Draw, Elios Split...). The player's choices are stored with the
settings (`Settings.key_bindings`: action name -> pygame key name, only the keys changed). The tables
keep speaking of the default keys: `KeyMap.translate` turns the key the player chose into the default
one before a table sees it (and a default key given away does nothing), and `KeyMap.relabel` writes the
chosen key wherever a label or hint names one in brackets ("Draw (D)" becomes "Draw (F)").

Some keys are never offered, because the tables and menus need them as they are: Esc, Tab, Enter,
Space, Backspace, the arrows, the digits (cards, slots, stacks), F2 and F3 (speech), F11 (fullscreen)
and the modifier keys.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

import pygame

from scenes.ui.i18n import N_, _

SHARED = ""         # the `game` of an action every table has
_BRACKETED = re.compile(r"\(([^()\s]{1,3})\)")     # "(D)", "(F1)" in a label or a hint


@dataclass(frozen=True)
class KeyAction:
    name: str       # stored in the settings: "zeus.draw", "table.hint"
    label: str      # what the Settings row says (translated when shown)
    default: int    # the pygame key the tables are written for
    game: str       # the game id, or SHARED


ACTIONS: tuple[KeyAction, ...] = (
    KeyAction("table.hint", N_("Hint"), pygame.K_h, SHARED),
    KeyAction("table.look_back", N_("Last trick or last moves"), pygame.K_l, SHARED),
    KeyAction("table.rules", N_("Rules"), pygame.K_F1, SHARED),
    KeyAction("table.next_ai_move", N_("See the AI's move (Wait for me)"), pygame.K_n, SHARED),
    KeyAction("telos.divine", N_("Swap with blind card"), pygame.K_b, "telos"),
    KeyAction("elios.ready", N_("Ready"), pygame.K_r, "elios"),
    KeyAction("elios.suggest", N_("Suggest groups"), pygame.K_g, "elios"),
    KeyAction("elios.disc", N_("Add disc"), pygame.K_d, "elios"),
    KeyAction("elios.split", N_("Split"), pygame.K_s, "elios"),
    KeyAction("tamoul.draw", N_("Draw"), pygame.K_d, "tamoul"),
    KeyAction("tamoul.take", N_("Take"), pygame.K_t, "tamoul"),
    KeyAction("tamoul.discard", N_("Discard"), pygame.K_x, "tamoul"),
    KeyAction("tamoul.end", N_("End turn"), pygame.K_e, "tamoul"),
    KeyAction("tamoul.call", N_("Tamoul!"), pygame.K_c, "tamoul"),
    KeyAction("tamoul.intercept", N_("Intercept"), pygame.K_i, "tamoul"),
    KeyAction("tamoul.results", N_("Results"), pygame.K_r, "tamoul"),
    KeyAction("zeus.draw", N_("Draw a card"), pygame.K_d, "zeus"),
    KeyAction("zeus.sneak", N_("Sneak!"), pygame.K_s, "zeus"),
)
BY_NAME = {action.name: action for action in ACTIONS}

RESERVED = frozenset({
    pygame.K_ESCAPE, pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_BACKSPACE,
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_F2, pygame.K_F3, pygame.K_F11,
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
    pygame.K_LMETA, pygame.K_RMETA, pygame.K_CAPSLOCK, pygame.K_NUMLOCKCLEAR, pygame.K_MODE, pygame.K_UNKNOWN,
    *range(pygame.K_0, pygame.K_9 + 1), *range(pygame.K_KP_1, pygame.K_KP_0 + 1),
})


def key_words(key: int) -> str:
    """A key as a player reads it: "D", "F1", ";", "Page Up"."""
    name = pygame.key.name(key)
    return name.upper() if len(name) <= 3 else name.title()


def game_actions(game_id: str) -> list[KeyAction]:
    """The actions with keys at this game's table: every table's, then the game's own."""
    return [a for a in ACTIONS if a.game in (SHARED, game_id)]


_CODES: dict[str, int] = {}


def _key_code(name: str) -> int | None:
    """The key a stored name means (None: no such key); pygame's own names, read from its constants so
    it works before pygame is started."""
    if not _CODES:
        _CODES.update({pygame.key.name(code): code for attr, code in vars(pygame).items()
                       if attr.startswith("K_") and isinstance(code, int)})
    return _CODES.get(name)


class KeyMap:
    """The keys in force: the defaults, with the player's stored choices over them (a stored key that
    is unknown, reserved or taken is ignored, so a hand-edited file cannot break a table)."""

    def __init__(self, bindings: Mapping[str, str] | None = None) -> None:
        self.keys = {action.name: action.default for action in ACTIONS}
        for name, key_name in (bindings or {}).items():
            key = _key_code(key_name) if isinstance(key_name, str) and name in BY_NAME else None
            if key is not None and self.refusal(name, key) is None:
                self.keys[name] = key

    def key(self, name: str) -> int:
        return self.keys[name]

    def refusal(self, name: str, key: int) -> str | None:
        """Why `name` cannot have `key`, in words ("F is already Draw"); None: it can."""
        if key in RESERVED:
            return _("{key} is kept for moving and choosing; pick another key.").format(key=key_words(key))
        action = BY_NAME[name]
        for other in ACTIONS:
            if other.name == name or self.keys[other.name] != key:
                continue
            if SHARED in (other.game, action.game) or other.game == action.game:
                return _("{key} is already {action}.").format(key=key_words(key), action=_(other.label))
        return None

    def bindings(self) -> dict[str, str]:
        """What is stored in the settings: only the keys that differ from the defaults."""
        return {a.name: pygame.key.name(self.keys[a.name]) for a in ACTIONS if self.keys[a.name] != a.default}

    def with_key(self, name: str, key: int) -> dict[str, str]:
        """The stored bindings with `name` on `key` (check `refusal` first)."""
        changed = KeyMap()
        changed.keys = dict(self.keys)
        changed.keys[name] = key
        return changed.bindings()

    def translate(self, event: pygame.event.Event, game_id: str) -> pygame.event.Event | None:
        """A key pressed at `game_id`'s table, as the table knows it: a chosen key becomes its action's
        default key; a default key given away becomes nothing (None). Other events pass unchanged."""
        if event.type != pygame.KEYDOWN or getattr(event, "mapped", False) \
                or getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return event        # Ctrl+Z stays Undo whatever Z is
        actions = game_actions(game_id)
        chosen = next((a for a in actions if self.keys[a.name] == event.key and a.default != event.key), None)
        if chosen is not None:
            return pygame.event.Event(pygame.KEYDOWN, {**event.dict, "key": chosen.default, "mapped": True})
        if any(a.default == event.key and self.keys[a.name] != a.default for a in actions):
            return None
        return event

    def relabel(self, text: str, game_id: str) -> str:
        """`text` with every "(D)" of a moved action's default key naming the chosen key instead."""
        moved = {key_words(a.default): key_words(self.keys[a.name]) for a in game_actions(game_id)
                 if self.keys[a.name] != a.default}
        if not moved:
            return text
        return _BRACKETED.sub(lambda m: f"({moved.get(m.group(1), m.group(1))})", text)     # one pass: a swap stays a swap


_cache: tuple[tuple, KeyMap] | None = None


def key_map(bindings: Mapping[str, str] | None) -> KeyMap:
    """The map for these stored bindings (built once per change, as tables ask every frame)."""
    global _cache
    signature = tuple(sorted((bindings or {}).items()))
    if _cache is None or _cache[0] != signature:
        _cache = (signature, KeyMap(bindings))
    return _cache[1]
