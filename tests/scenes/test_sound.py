"""Table sounds are synthesised once, in the background: opening a table never waits for them."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """
import time, pygame
from scenes.table.sound import SOUND_NAMES, TableSounds, prepare_sounds, wait_for_sounds
pygame.mixer.init()
assert pygame.mixer.get_init(), "the disk audio driver should open a mixer"
prepare_sounds()
started = time.perf_counter()
table = TableSounds(lambda: 0.5)
opened = time.perf_counter() - started
wait_for_sounds()
for name in SOUND_NAMES:
    table.play(name)
second = TableSounds(lambda: 0.5)
print(f"{opened:.4f} {table.available} {len(table._sounds)} {second._sound('card_place') is not None}")
"""


def test_a_table_opens_without_synthesising_and_plays_once_ready(tmp_path) -> None:
    env = {**os.environ, "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(tmp_path / "audio.raw"),
           "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    result = subprocess.run([sys.executable, "-c", PROGRAM], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    opened, available, played, second_ready = result.stdout.split()
    assert float(opened) < 0.1            # synthesis (about 0.5 s) is not done while the table opens
    assert available == "True" and played == "4" and second_ready == "True"
