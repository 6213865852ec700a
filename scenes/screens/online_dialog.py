"""What the online screens share (scenes/screens/online*.py): their dialog frame, the name the others
will see, and how a typed address becomes a WebSocket address."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.ui.i18n import is_named_you
from scenes.ui.theme import CREAM, PARCHMENT
from scenes.ui.widgets import MenuScene, draw_dialog_frame, draw_text, ellipsize

if TYPE_CHECKING:
    from scenes.scene import AppServices

DEFAULT_PORT = 8765


def own_name(app: "AppServices") -> str:
    """The name the others will see: the player's own, or none while it is the default "You" (which
    would read as the others' own "you"; the host then gives a guest's name)."""
    name = app.settings.player_name or ""
    return "" if is_named_you(name) else name


def table_url(address: str) -> str:
    """What the player typed (host, host:port, or a ws:// or wss:// address) as a WebSocket address."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    if ":" not in address.rsplit("]", 1)[-1]:
        address = f"{address}:{DEFAULT_PORT}"
    return f"ws://{address}"


class OnlineDialog(MenuScene):
    """The online screens' common frame: the felt, a dialog panel (`self.panel`) and its title."""

    panel: pygame.Rect

    def draw_frame(self, surface: pygame.Surface, title: str, gap: int = 16) -> pygame.Rect:
        """Felt, panel and title; returns the panel's top band (the title sits under it)."""
        from scenes.ui.widgets import draw_felt

        draw_felt(surface)
        band = draw_dialog_frame(surface, self.panel, self.band_h)
        draw_text(surface, title, (self.panel.centerx, band.bottom + int(gap * self.s)), self.title_size, CREAM,
                  "title", "midtop")
        return band

    def draw_labels(self, surface: pygame.Surface, rows: list[tuple[str, int]], size: int, indent: int,
                    width: int | None = None) -> None:
        """Each row's label at the panel's left, cut to `width` (the labels' column) when given."""
        for label, y in rows:
            text = ellipsize(label, size, width) if width else label
            draw_text(surface, text, (self.panel.x + int(indent * self.s), y), size, PARCHMENT, anchor="midleft")

