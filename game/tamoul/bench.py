"""`bench-cabo`: a benchmark opponent for Tamoul, written from the published recipe of the open Cabo bots.

It is not a level offered to players: `tournament --seats hard,bench-cabo` seats it (through
`Game.bench_agents`) so our levels are measured against a plain, decent player they were not
tuned against. It reads its seat's view only, with the view's perfect memory:

- every card is worth what the seat knows of it; an unknown card counts as the deck's mean (6.5);
- take the top discard when it is low (below the mean) and lower than the highest own estimate;
- keep a card drawn from the draw pile when it is lower than the highest own estimate, over that slot;
  else discard it, and do what it makes you do:
  - 7, 8: look at an own card not known yet; 9, 10 (and a black king's look): look at another
    player's card not known yet;
  - 11, 12 (and a black king's swap): give the own highest known card for another player's lowest
    known card when that lowers the own total; else swap two of the others' cards (which spoils what
    they knew of where their cards are only for forgetful players, and never hurts);
- a drawn card that matches (value and colour) a known own card is discarded, and the twin is then
  intercepted: a card fewer;
- intercept only exact known matches (never a blind try);
- call Tamoul only when sure: every own card known and the total at most 8.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, Sequence

from game.core.actions import Action
from game.tamoul.content import TamoulContent
from game.tamoul.view import TamoulView

if TYPE_CHECKING:
    from game.tamoul.game import TamoulGame

Place = tuple[int, int]
END, CALL, DISCARD = Action("end"), Action("tamoul"), Action("discard")
DRAW_DECK, DRAW_DISCARD = Action("draw", ("deck",)), Action("draw", ("discard",))


def parse_place(text: str, me: int) -> Place:
    """`P.S` is another seat's slot, a bare `S` an own slot (as peek and swap write them)."""
    if "." in text:
        owner, slot = text.split(".")
        return int(owner), int(slot)
    return me, int(text)


class CaboAgent:
    """The plain Cabo recipe (module docstring). Subclasses change what the seat recalls (`faces`), how
    an unknown card is counted (`unknown_value`) and when to call (`wants_call`)."""

    name = "bench-cabo"

    def __init__(self, content: TamoulContent) -> None:
        self.content = content
        self.value = content.value
        values = [content.value[c] for c in content.cards]
        self.deck_mean = sum(values) / len(values)

    def reaction_delay_ms(self, rng: random.Random) -> int:
        """How long a table waits before showing this seat's interception (presentation only)."""
        return rng.randint(400, 1000)

    # ----- what the view says ----------------------------------------------------------------------
    def faces(self, view: TamoulView) -> dict[Place, str]:
        """The faces the seat knows, by place: all its view shows (the view remembers perfectly)."""
        return {(p, s): slot.card for p, row in enumerate(view.board) for s, slot in enumerate(row)
                if slot is not None and slot.card is not None}

    def unknown_value(self, view: TamoulView, faces: dict[Place, str]) -> float:
        """What an unknown card is counted at: the deck's mean, as the plain recipe has it."""
        return self.deck_mean

    def own_estimates(self, view: TamoulView, faces: dict[Place, str], unknown: float) -> dict[int, float]:
        """Own occupied slot -> its known value, or `unknown` when the seat does not know it."""
        value, me = self.value, view.seat
        return {s: (value[faces[(me, s)]] if (me, s) in faces else unknown)  # type: ignore[index]
                for s, slot in enumerate(view.board[me]) if slot is not None}  # type: ignore[index]

    def twin_of(self, view: TamoulView, faces: dict[Place, str], card: str) -> int | None:
        """An own slot whose known card matches `card` (value and colour), else None."""
        matches, me = self.content.matches, view.seat
        for (p, s), face in faces.items():
            if p == me and matches(face, card):
                return s
        return None

    # ----- choosing ----------------------------------------------------------------------------------
    def choose(self, view: TamoulView, legal: Sequence[Action], rng: random.Random,
               optional: bool = False) -> Action | None:
        if optional and not view.can_intercept:
            return None
        faces = self.faces(view)
        catch = self.interception(view, faces, legal)
        if catch is not None or optional:
            return catch
        legal = [a for a in legal if a.verb != "intercept"]  # the turn's own moves
        phase = view.phase
        if phase == "draw":
            return self.draw(view, faces, legal)
        if phase == "hold":
            return self.hold(view, faces, legal)
        if phase == "action":
            if view.pending[0] == "swap":
                return self.swap(view, faces, legal)
            return self.peek(view, faces, legal)
        return CALL if self.wants_call(view, faces) else END

    def interception(self, view: TamoulView, faces: dict[Place, str], legal: Sequence[Action]) -> Action | None:
        """An own known card that matches the top discard, when the seat may try."""
        top = view.top
        if top is None or not view.can_intercept:
            return None
        slot = self.twin_of(view, faces, top)
        if slot is None:
            return None
        action = Action("intercept", (str(slot),))
        return action if action in legal else None

    def draw(self, view: TamoulView, faces: dict[Place, str], legal: Sequence[Action]) -> Action:
        top = view.top
        if DRAW_DISCARD in legal and top is not None:
            unknown = self.unknown_value(view, faces)
            estimates = self.own_estimates(view, faces, unknown)
            value = self.value[top]
            if estimates and value < unknown and value < max(estimates.values()):
                return DRAW_DISCARD
        return DRAW_DECK

    def hold(self, view: TamoulView, faces: dict[Place, str], legal: Sequence[Action]) -> Action:
        card = view.drawn
        assert card is not None
        keeps = [a for a in legal if a.verb == "keep"]
        if DISCARD in legal and self.twin_of(view, faces, card) is not None:
            return DISCARD  # then intercept the twin: one card fewer
        estimates = self.own_estimates(view, faces, self.unknown_value(view, faces))
        if not estimates:  # no cards: a card from the discard pile goes into any slot
            return DISCARD if DISCARD in legal else keeps[0]
        slot = self.slot_to_replace(estimates)
        if DISCARD not in legal or self.value[card] < estimates[slot]:
            keep = Action("keep", (str(slot),))
            return keep if keep in legal else keeps[0]
        return DISCARD

    @staticmethod
    def slot_to_replace(estimates: dict[int, float]) -> int:
        """The own slot with the highest estimate (the lowest-numbered of equals)."""
        return max(estimates, key=lambda s: (estimates[s], -s))

    def peek(self, view: TamoulView, faces: dict[Place, str], legal: Sequence[Action]) -> Action:
        """The first card offered that the seat does not know yet."""
        me = view.seat
        assert me is not None
        for action in legal:
            if parse_place(action.args[0], me) not in faces:
                return action
        return legal[0]

    def swap(self, view: TamoulView, faces: dict[Place, str], legal: Sequence[Action]) -> Action:
        """Own highest known card for another's lowest known card when that lowers the own total;
        else a swap between the others' cards (never one that moves an own card blind)."""
        me = view.seat
        assert me is not None
        value = self.value
        best: Action | None = None
        gain = 0.0
        spare: Action | None = None
        for action in legal:
            a, b = (parse_place(arg, me) for arg in action.args)
            if (a[0] == me) == (b[0] == me):
                if a[0] != me and spare is None:
                    spare = action
                continue
            own, other = (a, b) if a[0] == me else (b, a)
            own_card, other_card = faces.get(own), faces.get(other)
            if own_card is None or other_card is None:
                continue
            change = value[own_card] - value[other_card]
            if change > gain:
                best, gain = action, change
        if best is not None:
            return best
        if spare is not None:
            return spare
        return legal[0]

    def wants_call(self, view: TamoulView, faces: dict[Place, str]) -> bool:
        """Only when sure: every own card known and the total at most the call limit."""
        me, total = view.seat, 0
        for s, slot in enumerate(view.board[me]):  # type: ignore[index]
            if slot is None:
                continue
            face = faces.get((me, s))  # type: ignore[arg-type]
            if face is None:
                return False
            total += self.value[face]
        return total <= self.content.call_limit


def bench_agents(game: "TamoulGame") -> dict[str, Callable[[], CaboAgent]]:
    """Benchmark seats for `tournament` (`Game.bench_agents`; never offered at the table)."""
    return {"bench-cabo": lambda: CaboAgent(game.content)}
