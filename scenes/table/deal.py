"""Deal and gather: cards flying from a pile into a seat's zone, and back to a pile between rounds.

Both only show what the engine already settled (a `cards_dealt`, a new round); they move sprites with
the table's tweens and never touch the game.
"""
from __future__ import annotations

from typing import Callable, Sequence

from scenes.table.sprites import CardSprite
from scenes.table.tween import TweenQueue


def fly_in(tweens: TweenQueue, sprites: Sequence[CardSprite], source: tuple[float, float], seconds: float,
           delay_of: Callable[[int], float], flip_seconds: float, start_width: float | None = None) -> None:
    """Cards already given their resting place travel there from `source`; known faces turn up on arrival.

    With `start_width`, a card starts that wide (the pile's size) and shrinks or grows to its own.
    """
    for i, sprite in enumerate(sprites):
        hx, hy, hr = sprite.home
        sprite.x, sprite.y, sprite.rotation = source[0], source[1], 0.0
        motion = dict(x=hx, y=hy, rotation=hr)
        if start_width is not None:
            sprite.scale = start_width / max(1, sprite.width)
            motion["scale"] = 1.0
        flip_up = sprite.card_id is not None
        tweens.add(sprite, seconds, delay=delay_of(i),
                   on_done=(lambda s=sprite: tweens.add(s, flip_seconds, flip=1.0)) if flip_up else None, **motion)


def gather(tweens: TweenQueue, sprites: Sequence[CardSprite], target: tuple[float, float], seconds: float,
           fade: bool, flying: list[CardSprite]) -> None:
    """Cards leave the table towards `target` face down (fading out with `fade`), drawn under the rest;
    each is dropped from `flying` when it arrives."""
    def forget(sprite: CardSprite) -> None:
        if sprite in flying:
            flying.remove(sprite)

    for sprite in sprites:
        flying.append(sprite)
        sprite.z = 5
        sprite.lifted, sprite.glow = False, None
        motion = dict(x=target[0], y=target[1], rotation=0.0, flip=0.0)
        if fade:
            motion["alpha"] = 0.0
        tweens.add(sprite, seconds, on_done=lambda s=sprite: forget(s), **motion)
