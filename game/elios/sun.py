"""Where a group fits on the sun (E-6): one pure function that the engine and the search AI share.

The sun is given as stack heights and the disc level; a group as its letters in the order they are
written (E-6: the i-th beam goes on the i-th stack named). Kept apart from the state so that a search can ask it about positions it only imagines,
with exactly the engine's answer.
"""
from __future__ import annotations

from typing import Mapping, Sequence


def placements(heights: Sequence[int], discs: int, group: str, stack_of: Mapping[str, int],
               joker: str) -> list[tuple[int, ...]]:
    """Every way to place `group`: the stack for each beam, in the group's letter order.

    A coloured beam has one stack (E-1, E-6); only the joker chooses, among the stacks of the same
    height as the coloured beams' (any stack below the discs when the joker is alone). All stacks must
    have one height h before placing, and h + 1 may not pass the discs."""
    coloured = tuple(stack_of[letter] for letter in group if letter != joker)
    if coloured:
        height = heights[coloured[0]]
        if height + 1 > discs or any(heights[i] != height for i in coloured[1:]):
            return []
        if len(coloured) == len(group):
            return [coloured]
        if group[-1] == joker:  # the joker written last: the usual case, and the quickest
            return [coloured + (i,) for i, h in enumerate(heights) if h == height and i not in coloured]
        at = group.index(joker)  # a group holds at most one joker (E-5)
        return [coloured[:at] + (i,) + coloured[at:] for i, h in enumerate(heights) if h == height and i not in coloured]
    return [(i,) for i, h in enumerate(heights) if h < discs]
