"""Random legal playouts over many seeds, 2–6 players and every option: the invariants hold, and
interceptions (both outcomes), reshuffles and rounds with several callers really happen."""
from __future__ import annotations

from tests.tamoul.playout import soak


def test_random_playouts_keep_every_invariant_and_reach_the_rare_cases() -> None:
    stats = soak(150)
    assert stats["games"] == 150
    assert stats["intercept_ok"] > 0 and stats["intercept_miss"] > 0
    assert stats["reshuffled"] > 0 and stats["chance"] == stats["reshuffled"]
    assert stats["several_callers"] > 0
    assert stats["swapped"] > 0 and stats["peeked"] > 0
