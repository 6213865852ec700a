"""The replay mode of the table kit: a finished game shown again, read-only and with every card open.

A table opened on a `ReplaySession` asks no AI, takes no move from the mouse or keys, saves nothing,
shows no hand-off gate, hint or results dialog, and draws every seat's cards face up (`reveal_all`):
each seat's cards come from that seat's own view, which a replay may show because the game is over.
The replay viewer (scenes/screens/replay_viewer.py) drives it: `TableScene.replay_step` shows one recorded
move with its usual motion; a jump is a new table opened at the new position.
"""
from __future__ import annotations

from game.core.engine import Game, State
from game.core.session import GameSession
from scenes.ui.i18n import N_

REPLAY_REFUSAL = N_("this is a replay: the moves are the record's")


class ReplaySession(GameSession):
    """A session with no autosave, no records folder and no statistics: a replay changes no file."""

    def __init__(self, game: Game, state: State) -> None:
        super().__init__(game, state, autosave_path=None, records_dir=None, statistics_path=None)
