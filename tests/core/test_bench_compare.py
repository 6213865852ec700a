"""The side-by-side speed command measures both checkouts with one driver and reports their ratio."""
from __future__ import annotations

import json

import pytest

from game.core.bench_compare import THIS_CHECKOUT, main


def test_compare_with_itself_reports_every_run_and_the_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--other", str(THIS_CHECKOUT), "--game", "zeus", "--players", "3", "--seconds", "0.05",
                 "--runs", "2"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["game"] == "zeus" and figures["players"] == 3 and figures["runs"] == 2
    assert len(figures["games_per_s"]) == len(figures["other_games_per_s"]) == 2
    assert all(rate > 0 for rate in figures["games_per_s"] + figures["other_games_per_s"])
    assert 0 < figures["speedup_min"] <= figures["speedup_median"] <= figures["speedup_max"]


def test_a_checkout_that_cannot_play_is_reported(tmp_path) -> None:
    with pytest.raises(RuntimeError, match="measuring"):
        main(["--other", str(tmp_path), "--game", "zeus", "--players", "3", "--seconds", "0.05", "--runs", "1"])
