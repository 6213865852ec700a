"""An agent that thinks in its own process, for search agents that would otherwise hold the GIL.

A table runs agents in a worker thread so no frame waits on the AI, but a pure-Python search that
runs for half a second still competes with drawing for the interpreter lock. `RemoteAgent` sends
the view, the legal actions and the generator's state to a child process that owns a real agent
of the same game and level, and waits on a pipe (which frees the lock). The child uses the
generator exactly as the local agent would and hands its state back, so a game is the same
whether its AI thinks here or there.

Child processes are started with the "spawn" method (the same on every platform, and safe
beside SDL's threads); the packaged program calls `multiprocessing.freeze_support()` at start.
"""
from __future__ import annotations

import copyreg
import multiprocessing
import random
import threading
from multiprocessing.connection import Connection
from types import MappingProxyType
from typing import Any, Sequence

from game.core.actions import Action

# Views hold read-only mappings (options, card tables); they travel to the child as the plain dict
# they wrap and come back read-only.
def _read_only(mapping: dict[Any, Any]) -> MappingProxyType:
    return MappingProxyType(mapping)


copyreg.pickle(MappingProxyType, lambda proxy: (_read_only, (dict(proxy),)))


def _serve(game_id: str, level: str, connection: Connection) -> None:
    """The child: build the agent once, then answer `choose` requests until told to stop."""
    from game.catalog import load_game

    agent = load_game(game_id).agent(level)
    while True:
        try:
            request = connection.recv()
        except EOFError:
            return
        if request is None:
            return
        view, legal, rng_state, optional = request
        rng = random.Random()
        rng.setstate(rng_state)
        try:
            action = agent.choose(view, legal, rng, optional=optional)
            connection.send(("ok", action, rng.getstate()))
        except Exception as exc:  # report to the parent, which raises it where the table can log it
            connection.send(("error", f"{type(exc).__name__}: {exc}", None))


class RemoteAgent:
    """`choose` like any agent; the thinking happens in a child process started on first use."""

    def __init__(self, game_id: str, level: str) -> None:
        self.game_id = game_id
        self.level = level
        self.name = level
        self._lock = threading.Lock()
        self._process: multiprocessing.process.BaseProcess | None = None
        self._connection: Connection | None = None
        self._closed = False

    def start(self) -> None:
        """Start the child now (e.g. when a table opens) instead of on the first decision."""
        with self._lock:
            self._start_locked()

    def _start_locked(self) -> None:
        if self._closed:
            raise RuntimeError(f"the {self.level} AI for {self.game_id} was closed with its table")
        if self._process is not None and self._process.is_alive():
            return
        context = multiprocessing.get_context("spawn")
        parent_end, child_end = context.Pipe()
        self._process = context.Process(target=_serve, args=(self.game_id, self.level, child_end),
                                        name=f"ai-{self.game_id}-{self.level}", daemon=True)
        self._process.start()
        child_end.close()
        self._connection = parent_end

    def choose(self, view: Any, legal_actions: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        with self._lock:
            self._start_locked()
            assert self._connection is not None
            self._connection.send((view, list(legal_actions), rng.getstate(), optional))
            try:
                status, answer, rng_state = self._connection.recv()
            except EOFError:
                self._process = None
                raise RuntimeError(f"the {self.level} AI process for {self.game_id} stopped unexpectedly") from None
        if status != "ok":
            raise RuntimeError(f"the {self.level} AI for {self.game_id} failed: {answer}")
        rng.setstate(rng_state)
        return answer

    def close(self) -> None:
        """Stop the child (a table closing); safe to call more than once; later `choose` calls fail."""
        with self._lock:
            self._closed = True
            if self._connection is not None:
                try:
                    self._connection.send(None)
                except (OSError, ValueError):
                    pass
                self._connection.close()
                self._connection = None
            if self._process is not None:
                self._process.join(timeout=2)
                if self._process.is_alive():
                    self._process.terminate()
                self._process = None
