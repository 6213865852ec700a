"""The table's frame and turn flow: motion first, then queued events, then a decision when idle.

Part of the table kit, mixed into `TableScene` (base.py). Each frame (`update`) advances the motion,
shows queued engine events one by one once the previous motion has landed, and only when the table is
idle takes a new decision (`_when_idle`): due chance is applied without asking anyone, the screen is
checked against the view, a reaction window may open, the human the game waits for is seated at the
bottom (with a hand-off screen in pass-and-play), then AI answers are collected and new AI moves asked
for. Every move, human, AI or chance, goes through `_apply` / `_apply_chance`, so it is autosaved and
its events are queued the same way. In a replay the table takes no move: `replay_step` shows a
recorded one and the screen is rebuilt from the views once it has landed.
"""
from __future__ import annotations



from game.core.actions import Action
from game.core.engine import CHANCE
from game.core.errors import IllegalAction
from scenes.table.replay_mode import REPLAY_REFUSAL
from scenes.table.seating import apply_due_chance, bottom_seat_for
from scenes.ui.i18n import _, reason_words


class TurnFlow:
    """Frame loop, seating at the bottom, moves through the session, chance, and the replay's steps."""

    def update(self, dt: float) -> None:
        self.frames += 1
        self.clock += dt
        self.tweens.update(dt)
        self.drag.update(dt)
        self.ai.update(dt)
        if self.hold > 0:
            self.hold -= dt
        self._tick(dt)
        if self.reaction is not None and self.reaction.tick(dt):
            self._refresh_reaction_buttons()
        self._release_log_when_landed()
        # Show queued events one after another, each once the previous motion is over.
        while self.events and not self.tweens.busy and self.hold <= 0 and not self.overlay_open:
            self._show(self.events.popleft())
        if self.idle:
            self._when_idle()
        self.drag.enabled = self._human_may_act()
        signature = (self._token(), self.reaction is not None and self.reaction.open, self.bottom, self.viewer,
                     self.idle, self.table_looked, self._controls_state())
        if signature != self._controls_signature:
            self._controls_signature = signature
            self._refresh_reaction_buttons()
        self._light_reaction_cards()
        self._collect_hint()
        self._apply_kept_key(dt)
        self._after_frame()

    def _tick(self, dt: float) -> None:
        """The game's own clocks, before queued events are shown."""

    def _after_frame(self) -> None:
        """The game's own touches once the frame's events and decisions are done."""

    def _when_idle(self) -> None:
        if self.replay_mode:
            self._settle_replay()
            return
        if self.state.finished:
            return
        if CHANCE in self.state.waiting_for():
            self._apply_chance()
            return
        if not self._matches_view():
            self._sync_from_view()
        else:
            self._refresh_from_view()
        self._maybe_open_reaction()
        self._choose_bottom_seat()
        if self.gate.waiting:
            return
        token = self._token()
        self._collect_ai(token)
        if self._token() != token:
            return
        self._ask_ai(token)

    def _settle_replay(self) -> None:
        """A replay at rest: once a replayed move's motion has landed, the screen is rebuilt from the
        views, so cards that travelled face down show their faces."""
        if self._replay_settle or not self._matches_view():
            self._replay_settle = False
            self._sync_from_view()
        else:
            self._refresh_from_view()

    def replay_step(self, seat: int, action: Action) -> None:
        """Replay mode: show one recorded move with its usual motion (the viewer checked it replays)."""
        events = self.state.apply(seat, action)
        self.log.start_move()       # the move's lines, as they are logged, are the replay's "Last move"
        self.events.extend(events)
        self._after_move(seat, action)
        self._replay_settle = True

    def _refresh_from_view(self) -> None:
        """The screen matches the view: the game may still refresh its words and markers from it."""

    def _seat_still_busy(self, seat: int) -> bool:
        """Pass-and-play: a seat not waited for that must still act before its hand is hidden (a Zeus draw)."""
        return False

    def _turn_is_over(self, seat: int) -> bool:
        """Pass-and-play: `seat`'s private view is on screen but the game no longer waits for it."""
        return (self.gate.needed and seat in self.humans and self.gate.may_show(seat)
                and seat not in self._waiting() and not self._seat_still_busy(seat) and self._view_is_private(seat))

    def _view_is_private(self, seat: int) -> bool:
        """Pass-and-play: `seat`'s view now holds something the other people at the screen must not see,
        so it comes after a hand-off screen and turns away when the turn is over. True for hidden hands;
        a game whose information is open in some phase (Elios once the groups are revealed) says False
        there, and the next player simply takes the screen."""
        return True

    def _handoff_reason(self, seat: int) -> str:
        """The hand-off screen's line under "Pass the computer to <name>" (a simultaneous phase says so)."""
        return _("It is their turn.")

    def _choose_bottom_seat(self) -> None:
        """A human the game waits for sits at the bottom; a new one gets the hand-off screen first."""
        waiting = self._waiting()
        wanted = bottom_seat_for(self.state, self.humans, self.bottom)
        if wanted != self.bottom:
            self.bottom = wanted
            self._sync_from_view()
            self._build_controls()
        if self.bottom in waiting and not self.gate.may_show(self.bottom) and not self.gate.waiting:
            if self.bottom in self.humans and not self._reaction_race_on():
                if self._view_is_private(self.bottom):
                    self.gate.request(self.bottom, self._handoff_reason(self.bottom))
                else:
                    self.gate.show_openly(self.bottom)
        elif self.bottom not in waiting and self._turn_is_over(self.bottom):
            self._hide_bottom_hand()
        if self.viewer != (self.bottom if self.gate.may_show(self.bottom) else None):
            self._sync_from_view()

    def _apply(self, seat: int, action: Action) -> str | None:
        """Carry out a move through the session (autosaved); None when done, else the reason it is refused."""
        if self.replay_mode:
            return _(REPLAY_REFUSAL)
        reason = self.state.why_illegal(seat, self.state.normalize(action))
        if reason is not None:
            return reason
        try:
            events = self.session.apply(seat, action)
        except IllegalAction as exc:
            return exc.reason
        except OSError as exc:  # the move stands; only the autosave failed
            self.app.toast(_("The game could not be saved ({reason}).").format(reason=reason_words(exc)))
            events = []
        self.events.extend(events)
        self._after_move(seat, action)
        return None

    def _apply_chance(self) -> None:
        """Chance acts without being asked: its actions are made by the state and saved like any move."""
        try:
            events, actions = apply_due_chance(self.session)
        except OSError as exc:
            self.app.toast(_("The game could not be saved ({reason}).").format(reason=reason_words(exc)))
            return
        self.events.extend(events)
        for action in actions:
            self._after_move(CHANCE, action)

    def _after_move(self, seat: int, action: Action) -> None:
        """A move was made: pending AI answers and any drag are stale; the bottom hand loses its focus;
        the reaction window closes unless the game says this move leaves it open."""
        if self._move_closes_reaction(seat, action):
            self.reaction = None
        if self.reaction_pick is not None and action.verb == self.reaction_pick[1]:
            self.reaction_pick = None       # someone reacted: a pick still waiting is out of date
        self.ai.cancel()
        self.drag.cancel()
        if seat == self.bottom and not self._move_keeps_focus(action):
            self._release_focus()
        self._refresh_reaction_buttons()

    def _move_closes_reaction(self, seat: int, action: Action) -> bool:
        return True

    def _move_keeps_focus(self, action: Action) -> bool:
        return False

    def _release_focus(self) -> None:
        """The played card's place now holds another card: nothing stays lifted."""
        self.drag.focus = None
        self.drag.set_cards(self.drag.sprites)

    def _human_may_act(self) -> bool:
        return (not self.replay_mode and self.bottom in self.humans and self.gate.may_show(self.bottom) and self.idle
                and not self.state.finished and not self._waits_for_reaction())

    def _pause(self, seconds: float) -> None:
        """Let a moment sink in before the next event (scaled like every animation)."""
        self.hold = seconds * self._animation_factor()

    def _animation_factor(self) -> float:
        """The settings' animation speed, or 0 while AI moves are skipped through to a human's turn."""
        return 0.0 if self._fast_forward() else self.app.settings.animation_factor

    def _fast_forward(self) -> bool:
        """"Skip to my turn": the game waits only for AI seats and no human is offered a reaction, so
        those moves are shown at once (the results dialogs and every human decision still wait)."""
        if not self.app.settings.skip_to_my_turn or not self.humans or self.state.finished:
            return False
        if any(seat in self.humans for seat in self._waiting()) or self._reaction_race_on():
            return False
        return not self.gate.waiting
