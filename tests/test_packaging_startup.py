"""The start-up benchmark: it times the program to its first frame and says clearly when it cannot."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build"))

import startup_bench  # noqa: E402

ENV = dict(os.environ)


def test_time_to_first_frame_reads_the_programs_line() -> None:
    command = [sys.executable, "-c", "print('warming up'); print('first-frame 0.250', flush=True)"]
    wall, reported = startup_bench.time_to_first_frame(command, ENV)
    assert 0 < wall < 10
    assert reported == 0.25


def test_without_the_line_a_clean_exit_after_one_frame_counts() -> None:
    wall, reported = startup_bench.time_to_first_frame([sys.executable, "-c", "pass"], ENV)
    assert 0 < wall < 10 and reported is None


def test_a_program_that_fails_is_reported_with_its_errors() -> None:
    command = [sys.executable, "-c", "import sys; print('no such flag', file=sys.stderr); sys.exit(2)"]
    with pytest.raises(startup_bench.BenchError, match=r"(?s)status 2.*no such flag"):
        startup_bench.time_to_first_frame(command, ENV)


def test_a_program_that_keeps_running_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(startup_bench, "RUN_TIMEOUT_S", 0.5)
    command = [sys.executable, "-c", "import time; time.sleep(30)"]
    with pytest.raises(startup_bench.BenchError, match="did not finish within"):
        startup_bench.time_to_first_frame(command, ENV)


def test_the_exact_flag_is_used_when_the_program_offers_it() -> None:
    offers = [sys.executable, "-c", "print('usage: x [--exit-after-first-frame]')"]
    lacks = [sys.executable, "-c", "print('usage: x [--frames N]')"]
    assert startup_bench.first_frame_flags(offers, ENV) == ("--exit-after-first-frame",)
    assert startup_bench.first_frame_flags(lacks, ENV) == ("--frames", "1")
