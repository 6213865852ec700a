"""Engine events shown as motion, and the move log that waits for it.

Part of the table kit, mixed into `TableScene` (base.py). `_show` passes an event, as the viewer may
see it, to the game's `_on_<kind>` handler; the log lines a handler writes are held back until the
motion it started has landed, so the log never tells a move before the player sees it. A resumed
game's log is rebuilt from its record (`_rebuild_log`): the actions are replayed through a fresh
state and the table's own handlers, for the viewer, without motion, sound or dialogs. The latest
move's lines are marked in the log (`LogPanel.start_move`), so a replay can say that move in words.
"""
from __future__ import annotations

from typing import Any, Callable


from game.core.actions import Action
from game.core.engine import SeatInfo
from game.core.errors import IllegalAction
from game.core.events import Event
from scenes.table.tween import TweenQueue
from scenes.ui.i18n import _, reason_words


class ShownEvents:
    """Opening a table on its game, showing events one by one, and the log held back until motion lands."""

    def _start(self) -> None:
        """Show the game as it stands: the first deal animated on a new game, else where it goes on."""
        self._sync_from_view()
        opening = self._opening_events() if self._token() == 0 else None
        if opening is not None:
            self._reset_for_deal()
            self.events.extend(opening)
        elif self._token() > 0 or len(self.state.rounds) > 1:
            self._rebuild_log()
            if not self.state.finished:
                self._log_where_we_are()
        elif not self.state.finished:
            self._log_where_we_are()
        self._build_controls()

    def _opening_events(self) -> list[Event] | None:
        """On a game with no move yet: the first round's deal events to show."""
        return self.state.opening_events() if len(self.state.rounds) == 1 else None

    def _rebuild_log(self) -> None:
        """A resumed game's move log, rebuilt from its record: the recorded actions are replayed through a
        fresh state and each event goes through the table's own handlers, seen by the viewer as it would
        have been (hidden cards stay hidden), with motion, sounds and dialogs left out; then the screen is
        made to match the game again. A record that cannot be replayed leaves the log as it was."""
        from scenes.table.sound import SILENT

        try:
            record = self.state.record()
        except ValueError:      # an online game under way: its record stays at the host until the end
            self.log.add(_("(the moves made before you sat down are not shown)"))
            return
        try:
            fresh = self._fresh_state_for_log(record)
            events = list(fresh.opening_events())
            last_move = len(events)         # where the latest move's events begin
            for rnd in record["rounds"]:
                for seat, text in rnd["actions"]:
                    last_move = len(events)
                    events += fresh.apply(seat, Action.parse(text))
        except (ValueError, KeyError, TypeError, IndexError, IllegalAction) as exc:
            self.log.add(_("(the earlier moves could not be read back: {reason})").format(reason=reason_words(exc)))
            return
        tweens, sounds = self.tweens, self.sounds
        self.tweens, self.sounds, self._replaying = TweenQueue(lambda: 0.0), SILENT, True
        try:
            for index, event in enumerate(events):
                if index == last_move:
                    self.log.start_move()
                self._show(event)
                self.tweens.finish_all()
            self.log.end_move()
            self.log.release()
        finally:
            self.tweens, self.sounds, self._replaying = tweens, sounds, False
            self.hold, self.overlay_open, self.flying = 0.0, False, []
            self._sync_from_view()

    def _fresh_state_for_log(self, record: dict[str, Any]) -> Any:
        """The game as the record's first round began, to replay its actions (a tutorial's prepared
        position begins elsewhere)."""
        seats = [SeatInfo(s["name"], s["controller"]) for s in record["seats"]]
        return self.game.new_state(seats, self.game.normalize_options(record["options"]), record["seed"],
                                   setups=[rnd["setup"] for rnd in record["rounds"]])

    def _show(self, event: Event) -> None:
        """Start an event's motion; the log lines its handler writes appear once that motion has landed."""
        event = event.for_seat(self.viewer)
        handler: Callable[[Event], None] | None = getattr(self, f"_on_{event.kind}", None)
        if handler is not None:
            self.log.holding = True
            try:
                handler(event)
            finally:
                self.log.holding = False
        self._release_log_when_landed()

    def _release_log_when_landed(self) -> None:
        if self.log.pending and not self.tweens.busy:
            self.log.release()
