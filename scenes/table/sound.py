"""Short table sounds. Every table has the kit's own (`KIT_SOUNDS`): `card_slide` (a soft noise swish),
`card_place` (a short tap) and `round_won` (a little fanfare); a game adds its own in its manifest's
`sounds` (Zeus: `zeus_steal`, a rising bright chime). Each is the file assets/sounds/<name>.wav.

The shipped files are made by the code below, but not at run time: synthesis is pure Python (about
half a second of holding the interpreter lock, which stuttered frames), so `build/make_sounds.py`
writes them once and the program loads those files (a test proves the files are what this code
makes). A game may also ship a sound made any other way; only the file is loaded. Volume comes from
settings each time a sound plays. When the mixer cannot open (no sound card) or a file is missing,
every call is silently a no-op.
"""
from __future__ import annotations

import logging
import math
import random
import wave
from array import array
from pathlib import Path
from typing import Any, Callable

import pygame

from game.core import manifest as manifests
from game.core.resources import asset_path

log = logging.getLogger("olympus.sound")

KIT_SOUNDS = ("card_slide", "card_place", "round_won")


def sound_names(game_id: str | None = None) -> tuple[str, ...]:
    """The kit's sounds and the game's own, from its manifest (every registered game's when None)."""
    registry = manifests.registry()
    games = registry.manifests if game_id is None else [m for m in registry.manifests if m.id == game_id]
    return tuple(dict.fromkeys([*KIT_SOUNDS, *(name for m in games for name in m.sounds)]))


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
    raise ValueError(f"there is no recipe for the sound {name!r} here")


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


SAMPLE_RATE = 22050


def wav_path(name: str) -> Path:
    return asset_path("sounds", f"{name}.wav")


def write_wav(name: str, path: Path) -> None:
    """The named sound as a 16-bit mono WAV file (build/make_sounds.py; deterministic bytes)."""
    samples = array("h", (int(max(-1.0, min(1.0, v)) * 32000) for v in synthesise(name, SAMPLE_RATE)))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(samples.tobytes())


class TableSounds:
    """The table's sounds; `play(name)` at the current volume, or nothing when there is no mixer.

    `game_id` picks the game whose own sounds are loaded besides the kit's (all registered games'
    when None).
    """

    def __init__(self, volume: Callable[[], float], game_id: str | None = None) -> None:
        self._volume = volume
        self.names = sound_names(game_id)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            if not pygame.mixer.get_init():
                return
            for name in self.names:
                self._sounds[name] = pygame.mixer.Sound(str(wav_path(name)))
        except (pygame.error, OSError) as exc:
            log.info("no sound: %s", exc)
            self._sounds = {}

    @property
    def available(self) -> bool:
        return bool(self._sounds)

    def play(self, name: str) -> None:
        if name not in self.names:
            raise ValueError(f"unknown sound {name!r}; sounds: {', '.join(self.names)}")
        sound = self._sounds.get(name)
        volume = max(0.0, min(1.0, float(self._volume())))
        if sound is None or volume <= 0:
            return
        try:
            sound.set_volume(volume)
            sound.play()
        except pygame.error:
            pass


class _Silence:
    """Sounds that are never heard: a resumed game's earlier moves, replayed only for the log."""

    @property
    def available(self) -> bool:
        return False

    def play(self, name: str) -> None:
        """Nothing is heard."""


SILENT: Any = _Silence()
