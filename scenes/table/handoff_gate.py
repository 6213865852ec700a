"""Pass-and-play: whose private view (their hand, a peek) may be drawn right now.

With one human at the table there is nobody to hide from: that seat's view is always shown.
With two or more, the table asks for a seat's view through `request(seat)`: the gate pushes the
App's opaque HandoffOverlay ("Pass the computer to Chloe…") and `may_show(seat)` stays False
until Chloe confirms. Asking for a different seat hides the previous one at once; `hide()` turns the
shown hand face down when its player's turn is over, so it is not left open for the next person.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

if TYPE_CHECKING:
    from scenes.scene import AppServices


class HandoffGate:
    def __init__(self, app: "AppServices", names: Sequence[str], human_seats: Sequence[int]) -> None:
        self.app = app
        self.names = tuple(names)
        self.human_seats = tuple(human_seats)
        self.revealed: int | None = self.human_seats[0] if len(self.human_seats) == 1 else None
        self.asking: int | None = None
        self.open_menu: Callable[[], None] | None = None    # Esc on the hand-off screen (the table's pause menu)
        self.undo: Callable[[], None] | None = None     # Ctrl+Z on the hand-off screen (the table's undo)
        self._overlay: object | None = None

    @property
    def needed(self) -> bool:
        """Hand-offs happen only with more than one human seat."""
        return len(self.human_seats) > 1

    def may_show(self, seat: int | None) -> bool:
        """True when `seat`'s private view may be on screen now."""
        return seat is not None and seat == self.revealed and self.asking is None

    @property
    def waiting(self) -> bool:
        """A hand-off screen is up and nobody has confirmed yet."""
        return self.asking is not None

    def request(self, seat: int, reason: str = "") -> None:
        """Make `seat`'s view the one shown, through a hand-off screen when others might see it."""
        if seat not in self.human_seats or seat == self.revealed or seat == self.asking:
            return
        if not self.needed:
            self.revealed = seat
            return
        from scenes.screens.handoff import HandoffOverlay

        self.revealed = None
        self.asking = seat
        self._overlay = HandoffOverlay(self.app, self.names[seat], lambda: self._confirmed(seat), reason,
                                       on_menu=self.open_menu, on_undo=self.undo)
        self.app.stack.push(self._overlay)

    def show_openly(self, seat: int) -> None:
        """Show `seat`'s view with no hand-off screen: the game says it holds nothing private now."""
        if seat in self.human_seats and self.asking is None:
            self.revealed = seat

    def hide(self) -> None:
        """Nobody's view may be shown until the next confirm (a turn is over in pass-and-play).

        With a single human there is nobody to hide from, so that seat stays shown.
        """
        if self.needed:
            self.revealed = None

    def give_back(self, seat: int) -> None:
        """The move that called for a hand-off was taken back: its screen goes and `seat` has the screen again."""
        if self._overlay is not None and self.app.stack.top is self._overlay:
            self.app.stack.pop()
        self._overlay = None
        self.asking = None
        self.revealed = seat

    def _confirmed(self, seat: int) -> None:
        if self.asking == seat:
            self.asking = None
            self.revealed = seat
