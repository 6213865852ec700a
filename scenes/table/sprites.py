"""Card sprites: one card on the table, with a place, a turn, a size and a side showing.

A sprite holds only what the eye sees: centre `x`, `y`, `rotation` (degrees, counter-clockwise),
`scale` (1 = the size its owner lays it out at), `flip` (0 = back showing, 1 = face showing; the
card narrows and widens through the flip) and `alpha`. `card_id` is None when the viewer may not
know the card; such a sprite can only ever show its back. Tweens move these numbers.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Sequence

import pygame

from scenes.ui import theme
from scenes.table.card_art import CardArt, card_height, corner_radius


@dataclass(eq=False)
class CardSprite:
    card_id: str | None
    x: float = 0.0
    y: float = 0.0
    rotation: float = 0.0
    scale: float = 1.0
    flip: float = 0.0
    alpha: float = 255.0
    width: float = 100.0            # the laid-out card width in pixels, before `scale`
    z: int = 0
    lifted: bool = False            # drawn raised: selected, hovered or keyboard focus
    glow: tuple[int, int, int] | None = None
    home: tuple[float, float, float] = (0.0, 0.0, 0.0)   # where it rests: x, y, rotation
    tag: str = ""                   # what the owner uses it for ("hand", "pile", "draw"…)
    owner: int | None = None        # the seat it belongs to, if any

    @property
    def face_up(self) -> bool:
        return self.flip >= 0.5 and self.card_id is not None

    @property
    def pixel_width(self) -> int:
        return max(8, int(round(self.width * self.scale)))

    def rect(self) -> pygame.Rect:
        """The unrotated card rectangle around the centre (good enough for hit tests of small turns)."""
        w = self.pixel_width
        h = card_height(w)
        return pygame.Rect(int(self.x - w / 2), int(self.y - h / 2), w, h)

    def contains(self, point: tuple[int, int]) -> bool:
        """Hit test that honours the rotation, so fanned cards pick the one under the pointer."""
        w = self.pixel_width
        h = card_height(w)
        angle = math.radians(self.rotation)
        dx, dy = point[0] - self.x, point[1] - self.y
        # Rotate the point into the card's frame (pygame's y axis points down).
        lx = dx * math.cos(angle) - dy * math.sin(angle)
        ly = dx * math.sin(angle) + dy * math.cos(angle)
        return abs(lx) <= w / 2 and abs(ly) <= h / 2

    def rest_at(self, x: float, y: float, rotation: float = 0.0) -> None:
        self.home = (x, y, rotation)

    def snap_home(self) -> None:
        self.x, self.y, self.rotation = self.home


@dataclass
class SpriteRenderer:
    """Draws sprites with shadows, the flip squeeze, a lift for the selected card and a glow ring.

    `drawn_faces` lists the card ids drawn face up in the last `draw_all`, which tests use to prove
    nothing private reached the screen; `shown` the sprites it drew, bottom to top (the card under the
    pointer is the last of them there).
    """

    art: CardArt
    drawn_faces: list[str] = field(default_factory=list)
    shown: list[CardSprite] = field(default_factory=list)
    _shadows: dict[tuple[int, int], pygame.Surface] = field(default_factory=dict)

    def _shadow(self, width: int, degrees: int) -> pygame.Surface:
        key = (width, degrees)
        shadow = self._shadows.get(key)
        if shadow is None:
            if len(self._shadows) > 300:
                self._shadows.clear()
            shadow = self.art.shadow(width)
            if degrees:
                shadow = pygame.transform.rotate(shadow, degrees)
            self._shadows[key] = shadow
        return shadow

    def draw_all(self, surface: pygame.Surface, sprites: Iterable[CardSprite],
                 on_top: Sequence[CardSprite] = ()) -> None:
        """Sprites in z order; `on_top` (e.g. a hovered card, see DragController.on_top) are drawn last."""
        self.drawn_faces = []
        self.shown = []
        sprites = list(sprites)
        raised = [s for s in on_top if s in sprites]
        for sprite in sorted((s for s in sprites if s not in raised), key=lambda s: s.z):
            self.draw(surface, sprite)
        for sprite in raised:
            self.draw(surface, sprite)

    def draw(self, surface: pygame.Surface, sprite: CardSprite) -> None:
        if sprite.alpha <= 1:
            return
        self.shown.append(sprite)
        width = sprite.pixel_width
        base = max(8, int(round(sprite.width)))
        squeeze = abs(math.cos(math.pi * min(1.0, max(0.0, sprite.flip))))
        face_up = sprite.face_up
        if face_up:
            self.drawn_faces.append(sprite.card_id)  # type: ignore[arg-type]
        lift = int(width * 0.12) if sprite.lifted else 0
        cx, cy = sprite.x, sprite.y - lift
        settled = squeeze > 0.98 and abs(width - base) <= 1
        if settled:
            image = self.art.card(sprite.card_id, base, face_up, sprite.rotation)
        else:
            # In flight (growing, shrinking or flipping): the art is painted only at the card's laid-out
            # size and squeezed for these few frames, so no frame repaints a face at a passing size.
            flat = self.art.card(sprite.card_id, base, face_up, 0)
            size = (max(1, int(width * squeeze)), max(1, card_height(width)))
            image = pygame.transform.smoothscale(flat, size)
            if abs(sprite.rotation) >= 0.5:
                image = pygame.transform.rotate(image, sprite.rotation)
        if sprite.alpha < 254:
            image = image.copy()
            image.set_alpha(int(sprite.alpha))
        rect = image.get_rect(center=(int(cx), int(cy)))
        offset = max(2, width // 22) + (lift // 3)
        if settled and sprite.alpha >= 254:
            shadow = self._shadow(base, int(round(sprite.rotation)) % 360)
            surface.blit(shadow, shadow.get_rect(center=(int(cx) + offset, int(cy) + offset)))
        if sprite.glow is not None:
            h = card_height(width)
            ring = pygame.Rect(0, 0, width + 8, h + 8)
            ring.center = (int(cx), int(cy))
            pygame.draw.rect(surface, sprite.glow, ring, width=max(3, width // 25),
                             border_radius=corner_radius(width) + 4)
        surface.blit(image, rect)
