"""`main.py --bench --size WxH` times the frames at that size (it used to ignore --size)."""
from __future__ import annotations

import json

from tests.scenes.test_main_cli import run_main


def test_bench_runs_at_the_size_asked_for(tmp_path):
    result = run_main("--bench", "--game", "elios", "--frames", "20", "--seed", "1", "--size", "1600x900",
                      home=tmp_path)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["size"] == "1600x900" and summary["frames"] == 20
    assert "at 1600x900" in result.stdout


def test_bench_without_a_size_stays_at_1280x720(tmp_path):
    result = run_main("--bench", "--game", "elios", "--frames", "10", "--seed", "1", home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1])["size"] == "1280x720"
