"""The headless commands: selfplay writes records that replay; tournament ends with one JSON line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import wilson_interval
from game.catalog import registered_game_ids, load_game
from game.core.records import read_record, record_to_text, replay

REPO = Path(__file__).resolve().parents[2]


def run_game_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("game_id", registered_game_ids())
def test_selfplay_writes_records_that_replay(game_id: str, tmp_path: Path) -> None:
    game = load_game(game_id)
    players = game.min_players + 1
    result = run_game_command("selfplay", "--game", game_id, "--players", str(players), "--games", "3",
                              "--seed", "40", "--out", str(tmp_path), "--ai", "normal")
    assert result.returncode == 0, result.stderr
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    for path in files:
        record = read_record(path)
        assert record["finished"] and record["winners"] and len(record["seats"]) == players
        assert record_to_text(replay(game, record).record()) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id", registered_game_ids())
def test_tournament_prints_win_rates_as_its_last_line(game_id: str) -> None:
    game = load_game(game_id)
    seats = ",".join(["normal"] + ["random"] * (game.min_players - 1))
    result = run_game_command("tournament", "--game", game_id, "--seats", seats, "--games", "4", "--seed", "3")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["game"] == game_id and summary["games"] == 4 and summary["seats"] == seats.split(",")
    assert len(summary["win_rate"]) == game.min_players
    assert all(0.0 <= rate <= 1.0 for rate in summary["win_rate"])
    assert len(summary["win_rate_ci95"]) == game.min_players
    for rate, (low, high) in zip(summary["win_rate"], summary["win_rate_ci95"]):
        assert 0.0 <= low <= rate <= high <= 1.0 and high - low > 0.2, "4 games leave a wide interval"
    assert "95% CI" in result.stdout.splitlines()[0]


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(60, 100)  # textbook value: 0.5020 to 0.6906
    assert (round(low, 4), round(high, 4)) == (0.502, 0.6906)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)
    low, high = wilson_interval(300, 500)
    assert 0.55 < low < 0.6 < high < 0.65, "500 games narrow it to about ±4 points"


def test_unknown_level_and_bad_player_count_are_clear_errors() -> None:
    result = run_game_command("tournament", "--game", "zeus", "--seats", "normal,genius", "--games", "1")
    assert result.returncode == 2 and "genius" in result.stderr
    result = run_game_command("selfplay", "--game", "zeus", "--players", "9", "--out", "/tmp/never")
    assert result.returncode == 2 and "2–5 players" in result.stderr


def test_selfplay_never_overwrites_a_record_without_force(tmp_path: Path) -> None:
    first = run_game_command("selfplay", "--game", "zeus", "--players", "3", "--games", "3", "--seed", "5",
                             "--out", str(tmp_path), "--ai", "random")
    assert first.returncode == 0, first.stderr
    kept = {p.name: p.read_bytes() for p in tmp_path.glob("*.json")}
    (tmp_path / "zeus-6.json").write_text("mine\n", encoding="utf-8")
    second = run_game_command("selfplay", "--game", "zeus", "--players", "3", "--games", "3", "--seed", "6",
                              "--out", str(tmp_path), "--ai", "random")
    assert second.returncode == 3
    assert "zeus-6.json" in second.stderr and "zeus-7.json" in second.stderr and "--force" in second.stderr
    assert (tmp_path / "zeus-6.json").read_text(encoding="utf-8") == "mine\n"
    assert not (tmp_path / "zeus-8.json").exists(), "a refused run writes nothing"
    assert (tmp_path / "zeus-7.json").read_bytes() == kept["zeus-7.json"]
    forced = run_game_command("selfplay", "--game", "zeus", "--players", "3", "--games", "3", "--seed", "6",
                              "--out", str(tmp_path), "--ai", "random", "--force")
    assert forced.returncode == 0, forced.stderr
    assert read_record(tmp_path / "zeus-6.json")["seed"] == 6 and (tmp_path / "zeus-8.json").exists()
