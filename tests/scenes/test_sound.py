"""Table sounds ship as files made by the synthesis code, and load fast when a table opens. A table
loads the kit's sounds and its own game's, as the game's manifest lists them."""
from __future__ import annotations

import os
import subprocess
import sys
import wave
from pathlib import Path

from scenes.table.sound import KIT_SOUNDS, SAMPLE_RATE, sound_names, wav_path, write_wav

ROOT = Path(__file__).resolve().parents[2]


def test_every_table_has_the_kit_sounds_and_a_game_adds_its_own_from_its_manifest() -> None:
    assert KIT_SOUNDS == ("card_slide", "card_place", "round_won")
    assert sound_names("zeus") == (*KIT_SOUNDS, "zeus_steal")
    assert sound_names("telos") == KIT_SOUNDS
    assert sound_names() == (*KIT_SOUNDS, "zeus_steal")


def test_shipped_sound_files_are_what_the_synthesis_code_makes(tmp_path) -> None:
    for name in sound_names():
        fresh = tmp_path / f"{name}.wav"
        write_wav(name, fresh)
        assert wav_path(name).read_bytes() == fresh.read_bytes(), f"run build/make_sounds.py ({name} differs)"
        with wave.open(str(fresh)) as sound:
            assert (sound.getnchannels(), sound.getsampwidth(), sound.getframerate()) == (1, 2, SAMPLE_RATE)
            assert 0.05 < sound.getnframes() / SAMPLE_RATE < 2.0   # short effects, not music


PROGRAM = """
import time, pygame
pygame.mixer.init()
assert pygame.mixer.get_init(), "the disk audio driver should open a mixer"
from game.core.manifest import registry
from scenes.table.sound import TableSounds
registry()    # the app reads the game manifests at start-up, before any table opens
started = time.perf_counter()
table = TableSounds(lambda: 0.5, game_id="zeus")
opened = time.perf_counter() - started
for name in table.names:
    table.play(name)
try:
    TableSounds(lambda: 0.5, game_id="telos").play("zeus_steal")
except ValueError as exc:
    assert "unknown sound 'zeus_steal'" in str(exc)
else:
    raise AssertionError("the Télos table played a Zeus sound")
print(f"{opened:.4f} {table.available}")
"""


def test_a_table_loads_its_sounds_quickly_and_plays_them(tmp_path) -> None:
    env = {**os.environ, "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(tmp_path / "audio.raw"),
           "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    result = subprocess.run([sys.executable, "-c", PROGRAM], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    opened, available = result.stdout.split()
    assert available == "True" and float(opened) < 0.2
