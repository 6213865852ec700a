"""A post-game review computed in its own process, so a screen can show its progress without waiting.

A review is minutes of pure-Python search; in a thread it would compete with drawing for the
interpreter lock, so it runs in a child process (started with "spawn", like the table's search AI in
game/core/remote_agent.py). The child sends a message per finished decision and per step of progress;
`poll()` reads whatever has arrived without ever blocking, so a frame never waits on the review.
`cancel()` ends the child at once (it only computes: nothing of it needs keeping), also without waiting.
"""
from __future__ import annotations

import multiprocessing
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, Mapping

from game.core.messages import msg
from game.core.review import MoveReview


def _run(game_id: str, record: Mapping[str, Any], seat: int, iterations: int | None, seed: int,
         connection: Connection) -> None:
    """The child: review, reporting as it goes."""
    from game.catalog import load_game
    from game.core.review import review_record

    try:
        review = review_record(load_game(game_id), record, seat, iterations=iterations, seed=seed,
                               progress=lambda done, total: connection.send(("progress", done, total)),
                               on_move=lambda move: connection.send(("move", move.to_json())))
        connection.send(("done", review.forced, review.seconds, review.not_judged))
    except Exception as exc:  # the screen says what went wrong instead of waiting for ever
        connection.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        connection.close()


@dataclass
class ReviewProgress:
    """What the screen knows so far: decisions done of all, the verdicts in, and how it ended."""

    done: int = 0
    total: int = 0
    moves: list[MoveReview] = field(default_factory=list)
    forced: int = 0
    not_judged: int = 0     # decisions the game's review leaves alone (Elios's secret grouping)
    seconds: float = 0.0
    finished: bool = False
    error: str | None = None
    cancelled: bool = False

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else (1.0 if self.finished else 0.0)

    @property
    def running(self) -> bool:
        return not (self.finished or self.error or self.cancelled)


class BackgroundReview:
    """One review running in a child process; `poll()` each frame, `cancel()` to stop it."""

    def __init__(self, game_id: str, record: Mapping[str, Any], seat: int, *, iterations: int | None = None,
                 seed: int = 1) -> None:
        self.progress = ReviewProgress()
        context = multiprocessing.get_context("spawn")
        self._connection, child_end = context.Pipe()
        self._process = context.Process(target=_run, args=(game_id, dict(record), seat, iterations, seed, child_end),
                                        name=f"review-{game_id}", daemon=True)
        self._process.start()
        child_end.close()

    def poll(self) -> ReviewProgress:
        """Take in every message already sent; never waits."""
        progress = self.progress
        while progress.running:
            try:
                if not self._connection.poll():
                    break
                message = self._connection.recv()
            except (EOFError, OSError):
                progress.error = msg("the review stopped unexpectedly")
                break
            kind = message[0]
            if kind == "progress":
                progress.done, progress.total = message[1], message[2]
            elif kind == "move":
                progress.moves.append(MoveReview.from_json(message[1]))
            elif kind == "done":
                progress.forced, progress.seconds, progress.not_judged = message[1], message[2], message[3]
                progress.finished = True
            else:
                progress.error = str(message[1])
        if not progress.running:
            self._close()
        return progress

    def cancel(self) -> None:
        """Stop the review (leaving the screen, another seat): the child is ended; nothing waits for it."""
        if self.progress.running:
            self.progress.cancelled = True
        self._close()

    @property
    def alive(self) -> bool:
        """The child process still exists (tests: a cancelled review really stops)."""
        return self._process is not None and self._process.is_alive()

    def _close(self) -> None:
        """Close the pipe; end the child if it still runs (terminate does not wait). A child that has
        finished exits by itself; multiprocessing collects it later."""
        if self._process is not None and self._process.is_alive() and not self.progress.finished:
            self._process.terminate()
        self._connection.close()
