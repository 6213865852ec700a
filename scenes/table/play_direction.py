"""Which way play goes round a table, for games where a card can turn it.

Some games reverse the order of play (Télos's Swan, from the next trick on). The table then shows
two things: the way the trick under way goes, and, until it takes effect, the way play will go next.
`PlayDirection` keeps both, and the arrow's value that a ring of arrowheads is drawn from
(scenes/table/trick_area.py `draw_direction_ring`): +1 clockwise, -1 counter-clockwise, tweened in
between when play turns, so the arrows are seen to swing round. Which way play goes is the game's to
say; this part only shows it.
"""
from __future__ import annotations

from scenes.ui.i18n import _
from scenes.table.tween import Counter, TweenQueue, ease_in_out_cubic

CLOCKWISE = 1
COUNTER_CLOCKWISE = -1
TURN_SECONDS = 0.8


class PlayDirection:
    """The way play goes now, the way it goes from the next turn of play on, and the arrows' value."""

    def __init__(self, way: int = CLOCKWISE) -> None:
        self.now = way
        self.next = way
        self.arrow = Counter(float(way))

    def start(self, way: int) -> None:
        """A new round: play goes `way`, with nothing announced, the arrows already pointing so."""
        self.now = self.next = way
        self.arrow.value = float(way)

    def show(self, now: int, next_: int) -> None:
        """As the view has it (a resume, a new seat at the bottom): the arrows jump, never swing."""
        if now != self.now:
            self.arrow.value = float(now)
        self.now, self.next = now, next_

    def announce(self, way: int) -> None:
        """Play will go `way` from the next turn of play on (the arrows keep pointing the current way)."""
        self.next = way

    def take_turn(self, tweens: TweenQueue) -> None:
        """The announced way takes effect, and the arrows swing round to it."""
        if self.next != self.now:
            self.now = self.next
            tweens.add(self.arrow, TURN_SECONDS, easing=ease_in_out_cubic, value=float(self.now))

    def order(self, first: int, count: int) -> tuple[int, ...]:
        """Every seat once, from `first`, the way play goes now."""
        return tuple((first + i * self.now) % count for i in range(count))

    def words(self) -> str:
        """The way in words, and the way to come when it differs."""
        if self.next == self.now:
            return _("Play goes clockwise") if self.now > 0 else _("Play goes counter-clockwise")
        return (_("Play goes clockwise; from the next trick counter-clockwise") if self.now > 0
                else _("Play goes counter-clockwise; from the next trick clockwise"))
