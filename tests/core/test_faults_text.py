"""Text on screen under faults: any text found in a file can be drawn (a NUL or a lone surrogate does not
stop the font renderer), and wrapping or shortening a very long text costs time in proportion to its
length (a 5,000-character word took 33 s to wrap before; a name of 100,000 characters never finished)."""
from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from scenes.ui import widgets


class CountingFont:
    """A stand-in font 10 px a character that counts every character measured, and stops a run that
    measures far more than a linear one would."""

    def __init__(self, budget: int) -> None:
        self.measured = 0
        self.budget = budget

    def size(self, text: str) -> tuple[int, int]:
        self.measured += len(text)
        if self.measured > self.budget:
            raise AssertionError(f"measured more than {self.budget:,} characters")
        return (10 * len(text), 12)


@pytest.mark.parametrize("text", ["x" * 100_000, "ab " * 33_000, "word " * 20_000 + "y" * 50_000])
def test_wrapping_measures_in_proportion_to_the_text(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    fake = CountingFont(budget=60 * len(text))
    monkeypatch.setattr(widgets, "font", lambda size, style="sans": fake)
    lines = widgets.wrap_text(text, 18, 400)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(len(line) <= 40 for line in lines)


def test_shortening_measures_at_most_a_line(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = CountingFont(budget=10_000)
    monkeypatch.setattr(widgets, "font", lambda size, style="sans": fake)
    short = widgets.ellipsize("N" * 100_000, 18, 400)
    assert short.endswith("…") and len(short) <= 40


def test_wrapping_is_the_same_as_before_for_ordinary_text() -> None:
    pygame.font.init()
    text = "Ariadne plays 7a,7b,7c and takes the trick; Bion must follow suit. " * 3
    lines = widgets.wrap_text(text.strip(), 18, 300)
    assert " ".join(lines) == text.strip(), "words are never cut when they fit on a line"
    assert all(widgets.text_width(line, 18) <= 300 for line in lines)
    assert all(widgets.text_width(f"{line} {after.split(' ')[0]}", 18) > 300 for line, after in zip(lines, lines[1:]))
    lines = widgets.wrap_text("Zeus on the Loose", 18, 10_000)
    assert lines == ["Zeus on the Loose"]
    assert widgets.wrap_text("a\nb c", 18, 10_000) == ["a", "b c"]


@pytest.mark.parametrize("text", ["Ada\x00", "\x00", "A\ud800da", "\u202eAda"])
def test_any_text_can_be_drawn(text: str) -> None:
    pygame.font.init()
    surface = pygame.Surface((400, 60))
    rect = widgets.draw_text(surface, text, (0, 0), 20)
    assert rect.w > 0
    assert widgets.text_width(text, 20) >= 0


def test_statistics_and_title_screens_draw_with_odd_names_in_the_files(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A NUL in a name in the statistics and in the autosave: both are set aside with a message and every
    screen draws (it once failed at every start)."""
    from game.catalog import load_game
    from game.core.engine import SeatInfo
    from game.core.records import record_to_text
    from scenes.headless import make_headless_app
    from scenes.screens.statistics import StatisticsScene
    from scenes.screens.title import TitleScene

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    data = tmp_path / "data"
    data.mkdir(parents=True)
    zeus = load_game("zeus")
    state = zeus.new_state([SeatInfo("Ada\x00", "human"), SeatInfo("Bion", "ai:random")], zeus.normalize_options({}), 3)
    (data / "autosave.json").write_text(record_to_text(state.record()), encoding="utf-8")
    player = {"games": 1, "wins": 1, "losses": 0, "score_sum": 3, "high_score": 3, "low_score": 3, "streak": 1,
              "best_streak": 1, "levels": {}, "recent": []}
    (data / "statistics.json").write_text(json.dumps({"format": "olympus-statistics", "version": 2, "games": {
        "zeus": {"lower_is_better": False, "players": {"Ada\x00": player}}}}), encoding="utf-8")
    app = make_headless_app((1280, 720))
    app.stack.push(TitleScene(app))
    app.frame(1 / 60)
    app.stack.push(StatisticsScene(app))
    app.frame(1 / 60)
    from scenes.screens.error import ErrorScene

    assert not isinstance(app.stack.top, ErrorScene)
    assert list(data.glob("autosave.json.damaged-*")) and list(data.glob("statistics.json.damaged-*"))
    app.shutdown()
