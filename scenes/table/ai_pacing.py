"""AI pacing: AI seats are asked off the main thread and answer after a human-like delay.

Part of the table kit, mixed into `TableScene` (base.py). No frame waits on an AI (ai_runner.py runs
each agent in the background); an answer about an older position is dropped; a reaction an AI
declined, or that came after its window closed, is not asked again for the same position. A
window's reaction comes partway through the window; the seat waited for is asked once it closes.
With "Wait for me" on, an AI's move (not a timed reaction) is held once it is ready until the player
presses N (`release_ai_move`), so nobody has to keep up with the AI.
"""
from __future__ import annotations

import random
from typing import Iterator


from game.core.actions import Action
from scenes.table.ai_runner import AIResult
from scenes.ui.i18n import _


REACTION_AI_PACE = 0.6      # an AI's reaction outside a window (a Zeus draw) comes quicker than a move


class AIPacing:
    """Asking AI seats for moves and applying their answers, paced by the settings."""

    _held_ai: tuple[AIResult, list[Action]] | None = None     # "Wait for me": a ready AI move and its seat's legal moves
    _ai_released = False        # the player pressed N: the held move goes on

    def _fresh_ai_answers(self, token: int) -> Iterator[tuple[AIResult, list[Action]]]:
        """AI answers still about position `token` (a stale one is dropped), each with its seat's legal moves."""
        for result in self.ai.ready():
            if result.token != token or self.state.finished:
                continue
            yield result, self.state.legal_actions(result.seat)

    def _fallback_action(self, legal: list[Action]) -> Action | None:
        """What a seat whose AI failed plays instead."""
        return legal[0] if legal else None

    def _holds_ai_moves(self) -> bool:
        """"Wait for me": a person plays here and wants each AI move only when they ask for it."""
        return bool(self.app.settings.wait_for_me) and bool(self.humans) and not self.replay_mode

    @property
    def held_ai_seat(self) -> int | None:
        """The AI seat whose ready move waits for the player's N (None: nothing is held)."""
        held = self._held_ai
        if held is None or held[0].token != self._token():
            return None
        return held[0].seat

    def release_ai_move(self) -> bool:
        """N: the held AI move is played (False: none was held)."""
        if self.held_ai_seat is None:
            return False
        self._ai_released = True
        return True

    def _collect_ai(self, token: int) -> None:
        """Apply the AI answers that are ready; a reaction declined or come too late is not asked again.
        With "Wait for me", a ready move is held until the player presses N."""
        answers = list(self._fresh_ai_answers(token))
        held = self._held_ai
        if held is not None and held[0].token == token and not self.state.finished:
            answers.insert(0, held)
        self._held_ai = None
        for result, legal in answers:
            if not result.optional and self._holds_ai_moves() and not self._ai_released:
                self._held_ai = (result, legal)
                continue
            self._ai_released = False
            action = result.action
            if result.error is not None or (action is None and not result.optional):
                failure = f" ({type(result.error).__name__})" if result.error is not None else ""
                self.log.add(_("{name}'s AI failed{error}; it plays its first legal move").format(
                    name=self.names[result.seat], error=failure))
                action = None if result.optional else self._fallback_action(legal)
            if action is None:
                self.declined.add((result.seat, token))
                continue
            if action.verb in self.REACTION_VERBS and not self._reaction_open():
                self.declined.add((result.seat, token))   # too late: the window has closed
                continue
            if self._apply(result.seat, action) is None:
                return
            self.declined.add((result.seat, token))

    def _ai_delay(self, legal: list[Action], reaction: bool) -> float | None:
        """How long an AI seat seems to think, or None when it must not be asked yet: a window's reaction
        partway through the window, the seat waited for only once the window has closed."""
        settings = self.app.settings
        window_open = self._reaction_open()
        pace = 0.0 if self._fast_forward() else settings.ai_delay_s
        if reaction:
            if any(a.verb in self.REACTION_VERBS for a in legal):
                return self.reaction.ai_delay(self.rng) if window_open and self.reaction is not None else None
            return pace * REACTION_AI_PACE
        return None if window_open else pace

    def _ask_ai(self, token: int) -> None:
        """Ask every AI seat that may act now (several at once in a simultaneous decision); none waits on another."""
        for seat in self.state.to_act():
            if seat not in self.agents or (seat, token) in self.declined or self.ai.thinking(seat, token) \
                    or seat == self.held_ai_seat:
                continue
            legal = self.state.legal_actions(seat)
            if not legal:
                continue
            reaction = self.state.is_reaction(seat)
            delay = self._ai_delay(legal, reaction)
            if delay is not None:
                self._request_ai(seat, token, legal, delay, optional=reaction)

    def _request_ai(self, seat: int, token: int, legal: list[Action], delay: float, optional: bool = False) -> None:
        """Ask `seat`'s agent, with a random stream fixed by the game, the position and the seat."""
        rng = random.Random(f"ai/{self.state.seed}/{token}/{seat}")
        self.ai.request(seat, self.agents[seat], self.state.view(seat), legal, rng,
                        token=token, optional=optional, delay=delay)
