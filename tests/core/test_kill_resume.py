"""Kill proof: headless AI games killed with SIGKILL at 20 seeded random moments, restarted and resumed,
end with exactly the record of the same game played without interruption — and with one kept record."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.catalog import load_game
from tests.core.kill_resume_child import open_session, play_to_end

REPO = Path(__file__).resolve().parents[2]
# (game, players, seed, the fastest AI level that still plays a real game), five kills each.
GAMES = [("zeus", 3, 21, "easy"), ("telos", 3, 22, "random"), ("tamoul", 2, 23, "easy"), ("elios", 2, 24, "random")]
KILLS_PER_GAME = 5


def start_child(game_id: str, players: int, seed: int, level: str, folder: Path,
                kill: tuple[int, float] | None = None) -> subprocess.Popen[str]:
    """The game in its own process; with `kill` = (actions, seconds) it kills itself that long after that
    many actions (see tests/core/kill_resume_child.py)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    timing = [str(kill[0]), repr(kill[1])] if kill is not None else []
    return subprocess.Popen([sys.executable, "-m", "tests.core.kill_resume_child", game_id, str(players), str(seed),
                             level, str(folder), *timing], cwd=REPO, env=env, stdout=subprocess.PIPE, text=True)


def killed(child: subprocess.Popen[str]) -> bool:
    """Whether the child died of SIGKILL (not finished, not crashed)."""
    assert child.stdout is not None
    child.stdout.read()
    return child.wait(timeout=120) == -signal.SIGKILL


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players, seed, level", GAMES)
def test_killed_games_resume_to_exactly_the_uninterrupted_record(tmp_path: Path, game_id: str, players: int,
                                                                 seed: int, level: str) -> None:
    game = load_game(game_id)
    reference = play_to_end(open_session(game, players, seed, level, tmp_path / "reference"), level, seed)
    total = sum(len(rnd["actions"]) for rnd in json.loads(reference)["rounds"])
    assert total > KILLS_PER_GAME * 2, "the game must be long enough to kill it in the middle"
    moments = random.Random(f"kills/{game_id}/{seed}")
    kill_points = sorted(moments.sample(range(1, total), KILLS_PER_GAME))
    folder = tmp_path / "killed"
    folder.mkdir()
    kills = 0
    for point in kill_points:
        kills += killed(start_child(game_id, players, seed, level, folder, (point, moments.uniform(0, 0.004))))
        assert not (folder / "final.json").exists()
    assert kills == KILLS_PER_GAME
    last = start_child(game_id, players, seed, level, folder)
    assert last.stdout is not None
    last.stdout.read()
    assert last.wait(timeout=60) == 0
    assert (folder / "final.json").read_text(encoding="utf-8") == reference
    kept = list((folder / "records").glob("*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == reference
    assert not (folder / "autosave.json").exists()
