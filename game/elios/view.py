"""What one seat may know of an Elios game (`EliosState.view(seat)`), and the events the engine emits.

Elios is a game of open information once everyone has grouped: every beam lies on the table in front
of its owner. The one secret is a grouping made before the others have finished: a seat sees its own
groups as soon as it confirms them, everyone else's only when the last seat has confirmed (the groups
are revealed together, so nobody can shape their groups after someone else's). A spectator (`seat=None`)
sees what every player sees.

EliosView fields
----------------
- `seat` (int | None), `names` (seat names), `teams`: the team of each seat, 0 (seats 0 and 2) or 1
  (seats 1 and 3), with 4 players (E-11); None with 2 or 3.
- `colours`: the colour letters in sun order (stack i belongs to `colours[i]`); `joker`: the joker letter.
- `phase`: "grouping" (E-5), "placing" or "over".
- `stacks`: each stack's beams, bottom first, as a text of letters ("rww"); its height is its length.
- `discs`: the disc level now (E-2, E-7); `max_discs`: 9.
- `drawn`: each seat's beams as drawn at the start (E-4), canonical order (sun order, jokers last).
- `beams`: each seat's beams still in front of it, canonical order.
- `groups`: each seat's groups (texts with the letters in the order the seat wrote them, so the i-th
  stack of `place G …` takes the i-th letter; in the order of its list, so index G of `place G …` is the
  position here); None for a seat that has not confirmed, or whose grouping is
  still hidden from this seat.
- `confirmed`: the seats that have confirmed their grouping, in the order they did.
- `turn`: the seat to play (None while grouping and when the game is over); `first_player`: the last
  seat to confirm (None before); `first_turn`: the turn seat's move must place a group with a joker.
- `passes`: automatic passes in a row (E-9, E-13: the game ends when every player holding beams has
  passed in one round of turns).
- `placeable`: this seat's group indices that can be placed now (its turn only, else ()).
- `beams_left`: beams per seat; `totals` (= beams left, records.md); `finished`, `winners`,
  `end`: None, "win" (E-12) or "stalemate" (E-13).

Event kinds (`Event.kind`; `data` is public, `secret` goes only to `private_to`)
-------------------------------------------------------------------------------
- `round_started` {round, stacks, discs, teams} and `beams_drawn` seat=s {beams} (public: the beams lie
  on the table): `EliosState.opening_events()`.
- `grouping_confirmed` seat=s {order: how many had confirmed before, waiting: seats still grouping}
  secret {groups} private_to s.
- `groupings_revealed` {groups: every seat's groups, first_player}: the last seat confirmed (E-5).
- `group_placed` seat=s {group: its index, beams: "rw", stacks: [0, 3] (beam i went to stacks[i]),
  height: the new height of those stacks, beams_left}.
- `disc_added` seat=s {discs: the level now, left: discs still available}.
- `group_split` seat=s {group: G, into: [A, B]} (A is now group G, B group G+1).
- `passed` seat=s {in_a_row} (E-9, automatic, not in the record).
- `player_skipped` seat=s {} (E-10: no beams left; 4 players only).
- `player_out` seat=s {team}: s placed its last beam but its partner still holds beams (4 players).
- `game_won` {winners, team (None with 2–3 players), seat: who placed the last beam} (E-12).
- `stalemate` {beams_left, team_beams (None with 2–3 players), winners} (E-13).
- `round_ended` {round, score, totals, reason} and `game_ended` {winners, totals, reason}: the shared
  events; `reason` is "win" or "stalemate".
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EliosView:
    seat: int | None
    names: tuple[str, ...]
    teams: tuple[int, ...] | None
    colours: str
    joker: str
    phase: str
    stacks: tuple[str, ...]
    discs: int
    max_discs: int
    drawn: tuple[tuple[str, ...], ...]
    beams: tuple[tuple[str, ...], ...]
    groups: tuple[tuple[str, ...] | None, ...]
    confirmed: tuple[int, ...]
    turn: int | None
    first_player: int | None
    first_turn: bool
    passes: int
    placeable: tuple[int, ...]
    beams_left: tuple[int, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    end: str | None

    @property
    def heights(self) -> tuple[int, ...]:
        return tuple(len(stack) for stack in self.stacks)

    def team_of(self, seat: int) -> int | None:
        return None if self.teams is None else self.teams[seat]
