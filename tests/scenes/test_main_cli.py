"""main.py: flags, the headless harness, screenshots and the frame benchmark."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import importlib

import pygame
import pytest

import main
from game.catalog import Catalog
from game.core.engine import SeatInfo
from game.core.play import step
from game.core.session import GameSession
from scenes.headless import FrameTimes, make_headless_app, run_frames, save_screenshot
from scenes.scene import Scene
from tests.core.countgame import CountGame

ROOT = Path(__file__).resolve().parents[2]


def run_main(*args: str, home: Path, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "OLYMPUS_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


class CountTable(Scene):
    """A tiny all-AI table for the harness: one move every 0.02 s, the total drawn as a bar."""

    def __init__(self, app, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.agents = [session.game.agent("random") for _ in session.seats]
        self.rng = random.Random(1)
        self.clock = 0.0

    def update(self, dt: float) -> None:
        self.clock += dt
        while self.clock >= 0.02 and not self.session.state.finished:
            self.clock -= 0.02
            step(self.session.state, self.agents, self.rng)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((20, 60, 60))
        width, height = surface.get_size()
        pygame.draw.rect(surface, (230, 180, 60), (0, height // 2, width * self.session.state.total // 10, 20))


# ----- flags ---------------------------------------------------------------------------------------------
def test_table_flags_need_a_game(capsys):
    assert main.main(["--seats", "ai,ai"]) == 2
    assert "need --game" in capsys.readouterr().err


def test_a_bad_window_size_is_refused():
    with pytest.raises(SystemExit) as stop:
        main.main(["--size", "big"])
    assert stop.value.code == 2


def test_seats_become_controllers_with_the_ai_level():
    assert main.seat_controllers("human,ai,ai:easy", "normal", ["random", "easy", "normal"]) == [
        "human", "ai:normal", "ai:easy"]
    with pytest.raises(main.UsageError, match="choose from random, easy"):
        main.seat_controllers("ai:grand", "normal", ["random", "easy"])
    with pytest.raises(main.UsageError, match="not a seat"):
        main.seat_controllers("robot", "normal", ["random"])


def test_command_line_seat_names_are_all_different():
    names = main.seat_names(["ai", "human", "ai:easy", "human"], "Ariadne")
    assert names[1] == "Ariadne" and names[3] == "Player 2"
    assert len({n.casefold() for n in names}) == 4


def test_options_parse_as_json_or_text():
    assert main.parse_options(["sneak=false", "target=12", "mode=fast"]) == {"sneak": False, "target": 12,
                                                                             "mode": "fast"}
    with pytest.raises(main.UsageError):
        main.parse_options(["sneak"])


def test_self_test_that_is_not_built_says_so(monkeypatch, capsys):
    real_import = importlib.import_module

    def without_self_test(name, *args):
        if name == "scenes.self_test":
            raise ModuleNotFoundError("No module named 'scenes.self_test'", name="scenes.self_test")
        return real_import(name, *args)

    monkeypatch.setattr(main.importlib, "import_module", without_self_test)
    assert main.main(["--self-test"]) == 1
    assert "self-test is not part of this build" in capsys.readouterr().err


# ----- the headless harness ------------------------------------------------------------------------------
def test_harness_times_every_frame_of_a_self_playing_table(tmp_path, monkeypatch):
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((640, 400), catalog=Catalog(games={"count": CountGame()}))
    session = GameSession.new(CountGame(), [SeatInfo("A", "ai:random"), SeatInfo("B", "ai:random")], None, 3)
    table = CountTable(app, session)
    app.stack.push(table)
    times = run_frames(app, 120)
    assert len(times.times_ms) == 120 and session.state.finished
    summary = times.summary()
    assert summary["frames"] == 120 and 0 < summary["p50_ms"] <= summary["p99_ms"] <= summary["max_ms"]
    shot = save_screenshot(app, tmp_path / "shot.png")
    assert pygame.image.load(str(shot)).get_size() == (640, 400)


def test_frame_time_percentiles():
    times = FrameTimes(tuple(float(i) for i in range(1, 101)), tuple(float(i) / 2 for i in range(1, 101)))
    assert times.summary() == {"frames": 100, "p50_ms": 51.0, "p99_ms": 99.0, "max_ms": 100.0,
                               "cpu_p50_ms": 25.5, "cpu_p99_ms": 49.5}


def test_headless_screenshot_of_the_title_is_a_png_of_the_asked_size(tmp_path):
    out = tmp_path / "title.png"
    done = run_main("--headless", "--frames", "3", "--screenshot", str(out), "--size", "800x500", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(out)).get_size() == (800, 500)
    assert not (tmp_path / "config" / "settings.json").exists()   # a --size run does not change the settings


def test_headless_all_ai_zeus_table_plays_and_saves_a_screenshot(tmp_path):
    out = tmp_path / "zeus.png"
    done = run_main("--headless", "--game", "zeus", "--seats", "ai,ai,ai", "--seed", "5", "--frames", "240",
                    "--screenshot", str(out), home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
    assert not (tmp_path / "data" / "autosave.json").exists()     # headless runs leave the player's save alone


def test_bench_prints_its_figures_as_the_last_line(tmp_path):
    done = run_main("--bench", "--frames", "60", home=tmp_path)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert list(figures)[:5] == ["game", "frames", "p50_ms", "p99_ms", "max_ms"]  # the format first
    assert {"cpu_p50_ms", "cpu_p99_ms"} <= set(figures)
    assert figures["game"] == "zeus" and figures["frames"] == 60
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]


def test_exit_after_first_frame_reports_the_start_up_time(tmp_path):
    result = run_main("--exit-after-first-frame", home=tmp_path)
    assert result.returncode == 0, result.stderr
    label, seconds = result.stdout.strip().splitlines()[-1].split()
    assert label == "first-frame" and 0 < float(seconds) < 30


def test_bench_takes_a_seat_list_and_refuses_human_seats(tmp_path):
    result = run_main("--bench", "--game", "telos", "--seats", "ai,ai,ai,ai,ai,ai", "--frames", "30", "--seed", "2",
                      home=tmp_path)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["game"] == "telos" and summary["frames"] == 30 and summary["cpu_p99_ms"] > 0
    assert "6 AI seats" in result.stdout
    refused = run_main("--bench", "--game", "telos", "--seats", "human,ai,ai", home=tmp_path)
    assert refused.returncode == 2 and "AI seats only" in refused.stderr


def test_command_line_seat_names_are_in_the_players_language():
    from scenes.ui import i18n

    i18n.set_language("nl")
    try:
        assert main.seat_names(["human", "ai", "human"], "You") == ["Jij", "Ariadne", "Speler 2"]
        assert main.seat_names(["human"], "Ann") == ["Ann"]
    finally:
        i18n.set_language("en")
    assert main.seat_names(["human", "ai"], "You") == ["You", "Ariadne"]
