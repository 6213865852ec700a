"""Short table sounds synthesised at start-up: no sound files to ship, load or lose.

`card_slide` (a soft noise swish), `card_place` (a short tap), `zeus_steal` (a rising bright chime)
and `round_won` (a little fanfare). Volume comes from settings each time a sound plays. When the
mixer cannot open (no sound card, the dummy audio driver of tests) every call is silently a no-op.
"""
from __future__ import annotations

import logging
import math
import random
import threading
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


def _pcm_bytes(name: str, rate: int, channels: int) -> bytes:
    samples = array("h")
    for value in synthesise(name, rate):
        sample = int(max(-1.0, min(1.0, value)) * 32000)
        samples.extend([sample] * channels)
    return samples.tobytes()


class _SoundBank:
    """Synthesised samples, made once per process in a background thread.

    Synthesis is pure Python (about half a second); doing it when a table opens froze that frame.
    The bank starts at app start-up (`prepare_sounds`) and a table plays only what is ready.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pcm: dict[tuple[int, int], dict[str, bytes]] = {}
        self._threads: dict[tuple[int, int], threading.Thread] = {}

    def start(self, rate: int, channels: int) -> None:
        key = (rate, channels)
        with self._lock:
            if key in self._threads:
                return
            self._pcm[key] = {}
            thread = threading.Thread(target=self._make, args=key, name="sound-synthesis", daemon=True)
            self._threads[key] = thread
        thread.start()

    def _make(self, rate: int, channels: int) -> None:
        for name in SOUND_NAMES:
            pcm = _pcm_bytes(name, rate, channels)
            with self._lock:
                self._pcm[(rate, channels)][name] = pcm

    def get(self, name: str, rate: int, channels: int) -> bytes | None:
        with self._lock:
            return self._pcm.get((rate, channels), {}).get(name)

    def wait(self, timeout: float = 10.0) -> None:
        """Block until every started synthesis is done (tests and the self-test)."""
        for thread in list(self._threads.values()):
            thread.join(timeout)


_BANK = _SoundBank()


def _mixer_format() -> tuple[int, int] | None:
    """(rate, channels) of an open 16-bit mixer, opening it if needed; None when there is no sound."""
    if not pygame.mixer.get_init():
        pygame.mixer.init()
    params = pygame.mixer.get_init()
    if not params:
        return None
    rate, size, channels = params
    if abs(size) != 16:
        return None   # we only write 16-bit samples; other formats simply stay silent
    return rate, channels


def prepare_sounds() -> None:
    """Start synthesising the table sounds in the background (call once at app start-up)."""
    try:
        mixer = _mixer_format()
    except (pygame.error, OSError) as exc:
        log.info("no sound: %s", exc)
        return
    if mixer is not None:
        _BANK.start(*mixer)


def wait_for_sounds(timeout: float = 10.0) -> None:
    _BANK.wait(timeout)


class TableSounds:
    """The table's sounds; `play(name)` at the current volume, or nothing when there is no mixer
    (or, in the first moments after start-up, when a sound is not synthesised yet)."""

    def __init__(self, volume: Callable[[], float]) -> None:
        self._volume = volume
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._mixer: tuple[int, int] | None = None
        try:
            self._mixer = _mixer_format()
        except (pygame.error, OSError) as exc:
            log.info("no sound: %s", exc)
        if self._mixer is not None:
            _BANK.start(*self._mixer)

    @property
    def available(self) -> bool:
        return self._mixer is not None

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        sound = self._sounds.get(name)
        if sound is None and self._mixer is not None:
            pcm = _BANK.get(name, *self._mixer)
            if pcm is not None:
                try:
                    sound = self._sounds[name] = pygame.mixer.Sound(buffer=pcm)
                except pygame.error:
                    return None
        return sound

    def play(self, name: str) -> None:
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}; sounds: {', '.join(SOUND_NAMES)}")
        volume = max(0.0, min(1.0, float(self._volume())))
        if volume <= 0:
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            sound.set_volume(volume)
            sound.play()
        except pygame.error:
            pass
