"""AI moves off the main thread, so no frame ever waits on an agent thinking.

The table asks for a move with `request(seat, agent, view, legal, …)`: the agent's `choose` runs in
a daemon thread on a frozen view and a copy of the legal list, never the live state, so nothing the
thread does can race the table. The answer is handed back by `ready()` in the table's update(), and
only once a human-like delay has passed on the table's own clock (`delay` seconds of `update(dt)`),
so a fast agent still looks like someone deciding and a headless fixed-dt run stays repeatable.

Each request carries a `token` (the table uses the number of actions applied so far); when the game
has moved on, the table ignores answers with an old token. An agent that raises is reported as an
`error` in its result rather than killing the table.
"""
from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from typing import Any, Sequence

from game.core.actions import Action


@dataclass
class AIResult:
    seat: int
    token: Any
    action: Action | None
    optional: bool
    error: BaseException | None = None


@dataclass
class _Job:
    seat: int
    token: Any
    optional: bool
    wait: float
    thread: threading.Thread
    done: threading.Event = field(default_factory=threading.Event)
    action: Action | None = None
    error: BaseException | None = None


class AIRunner:
    def __init__(self) -> None:
        self._jobs: dict[int, _Job] = {}

    def request(self, seat: int, agent: Any, view: Any, legal: Sequence[Action], rng: random.Random,
                *, token: Any, optional: bool = False, delay: float = 0.0) -> None:
        """Start `agent.choose(view, legal, rng, optional)` for `seat` in the background.

        A seat has at most one job; asking again for a seat still thinking replaces nothing (the
        running job is kept) unless its token is stale, in which case the new request takes over.
        """
        current = self._jobs.get(seat)
        if current is not None and current.token == token:
            return
        legal_copy = tuple(legal)
        job = _Job(seat, token, optional, max(0.0, delay), thread=None)  # type: ignore[arg-type]

        def think() -> None:
            try:
                job.action = agent.choose(view, legal_copy, rng, optional=optional)
            except BaseException as exc:  # reported to the table, which shows it and plays on
                job.error = exc
            finally:
                job.done.set()

        job.thread = threading.Thread(target=think, name=f"ai-seat-{seat}", daemon=True)
        self._jobs[seat] = job
        job.thread.start()

    def thinking(self, seat: int, token: Any = None) -> bool:
        """True while `seat` has a job (for `token`, when given) not yet handed back."""
        job = self._jobs.get(seat)
        return job is not None and (token is None or job.token == token)

    def update(self, dt: float) -> None:
        for job in self._jobs.values():
            job.wait -= dt

    def ready(self) -> list[AIResult]:
        """Answers whose thinking is over and whose delay has passed; each is handed back once."""
        results = []
        for seat, job in list(self._jobs.items()):
            if job.done.is_set() and job.wait <= 0:
                del self._jobs[seat]
                results.append(AIResult(seat, job.token, job.action, job.optional, job.error))
        return results

    def cancel(self, seat: int | None = None) -> None:
        """Forget jobs (all, or one seat's); a thread still running finishes into nothing."""
        if seat is None:
            self._jobs.clear()
        else:
            self._jobs.pop(seat, None)

    def wait_all(self, timeout: float = 5.0) -> None:
        """Block until every job's thinking is done (tests and shutdown only, never in a frame)."""
        for job in list(self._jobs.values()):
            job.done.wait(timeout)

    @property
    def busy(self) -> bool:
        return bool(self._jobs)


def table_agents(game: Any, seats: Any) -> dict[int, Any]:
    """The agent of every AI seat at a table.

    A search agent that marks itself `isolate` thinks in its own process (game/core/remote_agent.py),
    so even half a second of pure-Python search never competes with drawing for the interpreter
    lock; all seats of one such level share that process (one start-up, not one per seat; a table
    asks one seat at a time). Quick rule-based agents stay in this process.
    """
    from game.core.remote_agent import RemoteAgent

    remote: dict[str, RemoteAgent] = {}
    agents: dict[int, Any] = {}
    for seat, info in enumerate(seats):
        if info.is_human:
            continue
        level = info.ai_level or "normal"
        agent = game.agent(level)
        if getattr(agent, "isolate", False):
            if level not in remote:
                remote[level] = RemoteAgent(game.id, level)
                remote[level].start()
                if hasattr(agent, "reaction_delay_ms"):  # presentation timing stays here (Tamoul's pause)
                    remote[level].reaction_delay_ms = agent.reaction_delay_ms  # type: ignore[attr-defined]
            agent = remote[level]
        agents[seat] = agent
    return agents


def close_agents(agents: Any) -> None:
    """Stop the processes of remote agents when a table closes (local agents need nothing)."""
    for agent in agents:
        close = getattr(agent, "close", None)
        if callable(close):
            close()
