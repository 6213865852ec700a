"""Write the table sounds to assets/sounds/*.wav from the synthesis code in scenes/table/sound.py:
the kit's own and every sound a game's manifest lists.

Run after changing a sound: `.venv/bin/python build/make_sounds.py`. The program only loads the
files; tests/scenes/test_sound.py fails if they differ from what the code makes.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scenes.table.sound import sound_names, wav_path, write_wav  # noqa: E402


def main() -> int:
    for name in sound_names():
        path = wav_path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_wav(name, path)
        print(f"{path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
