"""How a saved or unfinished game's progress reads in the menus (Resume, saved games): in the game's own
terms. Elios is played in one round and its totals are the beams each player still holds, so it is never
"round 1" and its numbers say what they count; a game of rounds says its round and what its totals are.

(Kept by game id here, in the screens' words; a game's manifest could one day say it instead.)
"""
from __future__ import annotations

from typing import Sequence

from scenes.ui.i18n import N_, _

ONE_ROUND = frozenset({"elios"})        # games played in one round: no round number to show
TOTALS_WORDS = {"elios": N_("beams left"), "zeus": N_("letters"), "telos": N_("points"), "tamoul": N_("points")}


def progress_words(game_id: str, round_number: int, finished: bool) -> str:
    """"round 3", "finished after round 7"; a one-round game: "in play" or "finished"."""
    if game_id in ONE_ROUND:
        return _("finished") if finished else _("in play")
    if finished:
        return _("finished after round {round}").format(round=round_number)
    return _("round {round}").format(round=round_number)


def totals_words(game_id: str, names: Sequence[str], totals: Sequence[int]) -> str:
    """"beams left: You 9 · Ariadne 8" (the numbers named by what they count, when the game says)."""
    listed = " · ".join(f"{name} {total}" for name, total in zip(names, totals))
    label = TOTALS_WORDS.get(game_id)
    return _("{what}: {totals}").format(what=_(label), totals=listed) if label and listed else listed
