"""Groupings (E-5): checking one, and building one for an agent or a table's "suggest" button.

A grouping is a tuple of groups, each a text of beam letters ("rgw"). The rule is short: every beam in
exactly one group, 1–3 beams a group, no letter twice in a group (the joker is one more colour, white,
so at most one joker a group). A hand of 18 beams has tens of millions of groupings, so the engine
never lists them: it checks a proposal (`grouping_problem`) and agents build theirs with the builders
here. Builders only need the letters; they keep the order the beams were given in inside each group.
"""
from __future__ import annotations

import functools
import random
from collections import Counter
from typing import TYPE_CHECKING, Sequence

from game.core.messages import Listing, Message, msg, msg_n
from game.elios.terms import colour_before_noun, colour_on_its_own

if TYPE_CHECKING:
    from game.elios.content import EliosContent

SEPARATOR = "/"
MAX_GROUP = 3


def grouping_text(groups: Sequence[str]) -> str:
    """The notation of a grouping: groups joined by '/' (`groups rgw/b/ot` carries this text)."""
    return SEPARATOR.join(groups)


def parse_grouping(text: str) -> tuple[str, ...]:
    return tuple(text.split(SEPARATOR))


def canonical_group(group: str, order: str) -> str:
    """A group's letters in the canonical order (sun order, joker last); unknown letters stay at the end."""
    return "".join(sorted(group, key=lambda letter: order.find(letter) % (len(order) + 1)))


THIS_GROUP = msg("this group")        # the label a table gives the group a player is arranging


def group_label(index: int, group: str) -> Message:
    return msg("group {index} '{group}'", index=index, group=group)


def group_problem(content: "EliosContent", group: str, label: str) -> Message | None:
    """Why one group breaks E-5, in a player's words; `label` says which group (`group_label`, or
    THIS_GROUP; a Message, so it is translated with the sentence)."""
    if not group:
        return msg("{label} is empty: every group holds 1 to {most} beams", label=label, most=MAX_GROUP)
    for letter in group:
        if letter not in content.letters:
            return msg("'{letter}' is not a beam: the letters are {letters} and {joker} for a joker", letter=letter,
                       letters=", ".join(content.sun_order), joker=content.joker.id)
    if len(group) > MAX_GROUP:
        return msg("{label} has {count} beams: a group holds at most {most}", label=label, count=len(group),
                   most=MAX_GROUP)
    for letter, count in Counter(group).items():
        if count > 1:
            if letter == content.joker.id:
                return msg("{label} has {count} jokers: a group may hold at most one joker (it counts as a colour)",
                           label=label, count=count)
            return msg("{label} has {colour} {times}: no two beams of one colour in a group", label=label,
                       colour=colour_on_its_own(content, letter), times=_times(count))
    return None


def grouping_problem(content: "EliosContent", beams: Sequence[str], groups: Sequence[str]) -> str | None:
    """Why `groups` is not a grouping of exactly `beams` (E-5), or None when it is one."""
    for index, group in enumerate(groups):
        problem = group_problem(content, group, group_label(index, group))
        if problem:
            return problem
    held = Counter(beams)
    used = Counter(letter for group in groups for letter in group)
    for letter, count in used.items():
        if count > held[letter]:
            if held[letter] == 0:
                if letter == content.joker.id:
                    return msg("you have no joker beam, but your groups use {used}", used=_count(count))
                return msg("you have no {colour} beam, but your groups use {used}",
                           colour=colour_before_noun(content, letter), used=_count(count))
            if letter == content.joker.id:
                return msg_n("you have {held} joker beam, but your groups use {used}",
                             "you have {held} joker beams, but your groups use {used}", held[letter],
                             held=_count(held[letter]), used=_count(count))
            return msg_n("you have {held} {colour} beam, but your groups use {used}",
                         "you have {held} {colour} beams, but your groups use {used}", held[letter],
                         held=_count(held[letter]), colour=colour_before_noun(content, letter), used=_count(count))
    missing = held - used
    if missing:
        listed = [msg("{colour} ×{count}", colour=colour_on_its_own(content, letter), count=n) if n > 1
                  else colour_on_its_own(content, letter)
                  for letter, n in sorted(missing.items(), key=lambda item: content.letters.find(item[0]))]
        return msg("every beam must be in a group; not grouped: {beams}", beams=Listing(listed))
    return None


def random_grouping(beams: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    """A valid grouping drawn at random: the beams shuffled, then groups of a random size 1–3 filled
    with the next beams that do not repeat a letter. Inside a group, letters keep `beams`' order."""
    position = {letter: beams.index(letter) for letter in set(beams)}
    pool = list(beams)
    rng.shuffle(pool)
    groups: list[str] = []
    while pool:
        size = rng.randint(1, MAX_GROUP)
        group: list[str] = []
        rest: list[str] = []
        for letter in pool:
            if len(group) < size and letter not in group:
                group.append(letter)
            else:
                rest.append(letter)
        pool = rest
        groups.append("".join(sorted(group, key=position.__getitem__)))
    return tuple(groups)


def largest_groups(beams: Sequence[str], size: int = MAX_GROUP) -> tuple[str, ...]:
    """As few groups as the letters allow, each of at most `size` beams: again and again take one
    beam of each of the `size` letters with the most beams left (ties in `beams`' order). Taking the
    most frequent letters first is what keeps the last groups from being forced into singles.
    Deterministic, so a table can offer it as a suggestion and tests can rely on it."""
    position = {letter: beams.index(letter) for letter in set(beams)}
    left = Counter(beams)
    groups: list[str] = []
    while left:
        chosen = sorted(left, key=lambda letter: (-left[letter], position[letter]))[:size]
        for letter in chosen:
            left[letter] -= 1
            if not left[letter]:
                del left[letter]
        groups.append("".join(sorted(chosen, key=position.__getitem__)))
    return tuple(groups)


def representative_groupings(beams: Sequence[str]) -> list[tuple[str, ...]]:
    """A few different groupings to list as legal actions (the full list is far too large): the
    largest groups, groups of at most two, and every beam alone; duplicates removed, order kept."""
    found: list[tuple[str, ...]] = []
    for grouping in (largest_groups(beams), largest_groups(beams, 2), tuple(beams)):
        if grouping not in found:
            found.append(grouping)
    return found


@functools.lru_cache(maxsize=1024)
def split_texts(group: str) -> tuple[str, ...]:
    """Every split of a group as 'A/B' (E-8): each non-empty proper part A with the rest B, letters in
    the group's order (A becomes group G, B group G+1, so 'r/oy' and 'oy/r' are both listed).
    Cached: the same few groups are split again and again."""
    size = len(group)
    if size < 2 or size > MAX_GROUP:
        return ()
    texts = []
    for mask in range(1, (1 << size) - 1):
        part = "".join(group[i] for i in range(size) if mask >> i & 1)
        rest = "".join(group[i] for i in range(size) if not mask >> i & 1)
        texts.append(f"{part}{SEPARATOR}{rest}")
    return tuple(texts)


NUMBER_WORDS = {1: msg("one"), 2: msg("two"), 3: msg("three"), 4: msg("four"), 5: msg("five")}


def _count(n: int) -> Message | int:
    return NUMBER_WORDS.get(n, n)


def _times(n: int) -> Message:
    if n == 2:
        return msg("twice")
    if n == 3:
        return msg("three times")
    return msg("{count} times", count=n)
