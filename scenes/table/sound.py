"""Short table sounds synthesised at start-up: no sound files to ship, load or lose.

`card_slide` (a soft noise swish), `card_place` (a short tap), `zeus_steal` (a rising bright chime)
and `round_won` (a little fanfare). Volume comes from settings each time a sound plays. When the
mixer cannot open (no sound card, the dummy audio driver of tests) every call is silently a no-op.
"""
from __future__ import annotations

import logging
import math
import random
from array import array
from typing import Callable

import pygame

log = logging.getLogger("olympus.sound")

SOUND_NAMES = ("card_slide", "card_place", "zeus_steal", "round_won")


def _envelope(i: int, n: int, attack: float = 0.02) -> float:
    t = i / max(1, n)
    rise = min(1.0, t / attack) if attack > 0 else 1.0
    return rise * (1.0 - t) ** 2


def synthesise(name: str, rate: int) -> list[float]:
    """Mono samples in -1..1 for one named sound (deterministic: same sound every start)."""
    rng = random.Random(name)
    if name == "card_slide":
        n = int(rate * 0.16)
        out, low = [], 0.0
        for i in range(n):
            low += (rng.uniform(-1, 1) - low) * 0.25       # a soft low-passed swish
            out.append(low * 1.6 * _envelope(i, n, 0.15))
        return out
    if name == "card_place":
        n = int(rate * 0.07)
        return [(0.7 * math.sin(2 * math.pi * 180 * i / rate) + 0.3 * rng.uniform(-1, 1)) * _envelope(i, n, 0.01)
                for i in range(n)]
    if name == "zeus_steal":
        notes = (659.3, 880.0, 1318.5)
        return _arpeggio(notes, 0.09, 0.35, rate)
    if name == "round_won":
        notes = (523.3, 659.3, 784.0, 1046.5)
        return _arpeggio(notes, 0.12, 0.55, rate)
    raise ValueError(f"unknown sound {name!r}; sounds: {', '.join(SOUND_NAMES)}")


def _arpeggio(notes: tuple[float, ...], step: float, tail: float, rate: int) -> list[float]:
    n = int(rate * (step * len(notes) + tail))
    out = [0.0] * n
    for k, freq in enumerate(notes):
        start = int(rate * step * k)
        length = n - start
        for i in range(length):
            env = _envelope(i, length, 0.01)
            out[start + i] += 0.3 * env * (math.sin(2 * math.pi * freq * i / rate)
                                           + 0.3 * math.sin(4 * math.pi * freq * i / rate))
    return out


class TableSounds:
    """The table's sounds; `play(name)` at the current volume, or nothing when there is no mixer."""

    def __init__(self, volume: Callable[[], float]) -> None:
        self._volume = volume
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            params = pygame.mixer.get_init()
            if not params:
                return
            rate, size, channels = params
            if abs(size) != 16:
                return   # we only write 16-bit samples; other formats simply stay silent
            for name in SOUND_NAMES:
                samples = array("h")
                for value in synthesise(name, rate):
                    sample = int(max(-1.0, min(1.0, value)) * 32000)
                    samples.extend([sample] * channels)
                self._sounds[name] = pygame.mixer.Sound(buffer=samples.tobytes())
        except (pygame.error, OSError, ValueError) as exc:
            log.info("no sound: %s", exc)
            self._sounds = {}

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> None:
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}; sounds: {', '.join(SOUND_NAMES)}")
        sound = self._sounds.get(name)
        volume = max(0.0, min(1.0, float(self._volume())))
        if sound is None or volume <= 0:
            return
        try:
            sound.set_volume(volume)
            sound.play()
        except pygame.error:
            pass
