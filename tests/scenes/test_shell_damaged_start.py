"""The program starts whatever state the player's files are in (the autosave that once crashed every
start: not UTF-8, or nested too deeply), tells the player once, and keeps the file aside."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from scenes.headless import make_headless_app
from scenes.screens.title import TitleScene


@pytest.mark.parametrize("content", [b"\xff", b"[" * 100_000 + b"]" * 100_000], ids=["not_utf8", "deeply_nested"])
def test_a_damaged_autosave_no_longer_stops_the_program(tmp_path, monkeypatch, content):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    autosave = tmp_path / "data" / "autosave.json"
    autosave.parent.mkdir(parents=True)
    autosave.write_bytes(content)
    for start in range(2):          # and the next start is clean
        app = make_headless_app((1280, 720))
        title = TitleScene(app)
        app.stack.push(title)
        app.frame(1 / 60)
        assert title.autosave is None
        messages = [t.text for t in app.toasts if "could not be read" in t.text]
        assert len(messages) == (1 if start == 0 else 0)
    kept = list(autosave.parent.glob("autosave.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
