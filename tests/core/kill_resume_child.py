"""A headless AI game played through a session (autosaved after every action), to be killed and resumed.

    python -m tests.core.kill_resume_child GAME PLAYERS SEED LEVEL FOLDER [KILL_AT DELAY_S]

Starts the game in FOLDER (autosave.json, records/), or resumes it when FOLDER holds an autosave, and
plays it to the end, printing the number of actions taken after each one. With KILL_AT, the child kills
itself with SIGKILL DELAY_S seconds after its KILL_AT-th action, while it goes on playing (so some kills land
in a write). The child times its own death: a test reading the printed counts may lag many actions behind
on a busy machine, and a kill it sent could come after the game had ended. Every decision depends only on the position (a fresh agent per decision, its generator
seeded by the seed and the number of actions so far), so a resumed game must end exactly as an
uninterrupted one. When the game ends, its record is written to FOLDER/final.json.
"""
from __future__ import annotations

import os
import random
import signal
import sys
import threading
from pathlib import Path

from game.catalog import load_game
from game.core.drive import next_waiting_seat
from game.core.engine import CHANCE, Game, SeatInfo
from game.core.records import read_record, record_to_text
from game.core.session import GameSession, finish_archiving
from game.core.userfiles import atomic_write_text


def actions_taken(session: GameSession) -> int:
    return sum(len(rnd.actions) for rnd in session.state.rounds)


def one_decision(session: GameSession, level: str, seed: int) -> None:
    """Chance when it is due, else offered reactions (in a seeded order), else a seat waited for."""
    state, game = session.state, session.game
    rng = random.Random(f"{seed}/{actions_taken(session)}")
    waiting = state.waiting_for()
    if CHANCE in waiting:
        session.apply(CHANCE, state.chance_action())
        return
    reactors = [s for s in state.to_act() if state.is_reaction(s)]
    rng.shuffle(reactors)
    for seat in reactors:
        legal = state.legal_actions(seat)
        if legal:
            choice = game.agent(level).choose(state.view(seat), legal, rng, optional=True)
            if choice is not None:
                session.apply(seat, choice)
                return
    seat = next_waiting_seat(state, rng, waiting)
    session.apply(seat, game.agent(level).choose(state.view(seat), state.legal_actions(seat), rng, optional=False))


def open_session(game: Game, players: int, seed: int, level: str, folder: Path) -> GameSession:
    autosave, records = folder / "autosave.json", folder / "records"
    if autosave.exists():
        return GameSession.resume(game, autosave, autosave_path=autosave, records_dir=records)
    seats = [SeatInfo(f"Seat {i}", f"ai:{level}") for i in range(players)]
    return GameSession.new(game, seats, {}, seed, autosave_path=autosave, records_dir=records)


class SelfKill:
    """SIGKILL this process `delay_s` seconds after the `at`-th action, from a timer thread, while the game
    goes on; `wait()` holds the process at the end until the kill has landed, so a kill that was due is
    never missed."""

    def __init__(self, at: int, delay_s: float) -> None:
        self.at, self.delay_s = at, delay_s
        self.timer: threading.Timer | None = None

    def after_action(self, taken: int) -> None:
        if self.timer is None and taken >= self.at:
            self.timer = threading.Timer(self.delay_s, os.kill, (os.getpid(), signal.SIGKILL))
            self.timer.start()

    def wait(self) -> None:
        if self.timer is not None:
            self.timer.join()
            threading.Event().wait()        # the kill is on its way


def play_to_end(session: GameSession, level: str, seed: int, report: bool = False,
                kill: SelfKill | None = None) -> str:
    while not session.state.finished:
        one_decision(session, level, seed)
        if report:
            print(actions_taken(session), flush=True)
        if kill is not None:
            kill.after_action(actions_taken(session))
    return record_to_text(session.state.record())


def main(argv: list[str]) -> int:
    game_id, players, seed, level, folder = argv[0], int(argv[1]), int(argv[2]), argv[3], Path(argv[4])
    kill = SelfKill(int(argv[5]), float(argv[6])) if len(argv) > 6 else None
    game = load_game(game_id)
    autosave = folder / "autosave.json"
    if autosave.exists() and read_record(autosave)["finished"]:
        text = autosave.read_text(encoding="utf-8")     # killed while keeping the finished game:
        finish_archiving(autosave, folder / "records", None)    # what the program does at its next start
    else:
        session = open_session(game, players, seed, level, folder)
        if kill is not None:
            kill.after_action(actions_taken(session))    # resumed already past the moment: die soon
        text = play_to_end(session, level, seed, report=True, kill=kill)
    if kill is not None:
        kill.wait()
    atomic_write_text(folder / "final.json", text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
