"""Records written the way another program would write them: from the rules files alone.

rules/records.md promises that a record replays in any program that follows the rules files. Our
own records always replay in our engine, so they prove little; these writers make the records another
program could make, with random choices of its own where the rules leave them open:
- its own deals, from its own generator (never `olympus/<seed>/…`): every round's setup is drawn here
  from the decks the rules files describe, and its rule-given parts (dealer, first player, hand size,
  direction, score cards) are worked out here from the rules and the rounds played;
- Télos: its own Zeus cards under `zeus_cards: random`; any of the equal God cards a play may use
  (T-12 looks at values only), in any order inside the play;
- Elios: its own draw and groupings, the letters inside a group in any order, and `place` positions
  written in that order (E-6); splits with their letters in any order;
- simultaneous decisions in any order (who confirms a grouping first, which of several seats takes an
  offered reaction first), and Tamoul's reshuffles (A-11) shuffled here.

Which move to make is the one thing taken from the engine under test (`legal_actions`): writing a
second rules engine for four games would be a project of its own. Every move is then rewritten in
this program's own way, and `check_*_by_rules` check what the rules say about the record's setups and
rewritten moves without asking the engine.
"""
from __future__ import annotations

from abc import ABC, abstractmethod

import random
from collections import Counter
from typing import Any, Sequence

from game.core.actions import Action
from game.core.engine import CHANCE, Game, SeatInfo, State
from game.core.records import FORMAT, replay

MAX_STEPS = 6_000
REACTION_TAKEN = 0.3   # how often an offered reaction (Zeus sneak, Tamoul interception) is taken
NAMES = ("Zoë", "ada", "Bram", "Éloïse", "yusuf", "Mira", "Kees", "olga")


# ----- the decks and numbers, as the rules files give them ---------------------------------------
ELIOS_COLOURS = "roylgsbv"                 # E-1: stack i belongs to colour i
ELIOS_JOKER = "w"
ELIOS_DRAWS = {2: (16, 2), 3: (10, 1), 4: (8, 1)}   # E-4: beams and jokers per player
ELIOS_IN_BAG = 4                           # E-3: five beams a colour, one starts on the sun
ELIOS_JOKERS = 4
ELIOS_START_DISCS = 2                      # E-2

TELOS_SETS = {3: "abcde", 4: "abcdef", 5: "abcdefg", 6: "abcdefgh"}
TELOS_ZEUS = ("Z:ant", "Z:swan", "Z:bull", "Z:cuckoo", "Z:eagle", "Z:serpent")
TELOS_FIRST_HAND = 7                       # T-2
TELOS_ZEUS_LAST_VALUE = 20                 # T-18

ZEUS_GODS = {"Poseidon": 4, "Ares": 3, "Athena": 3, "Hermes": 3, "Aphrodite": 2, "Apollo": 2, "Artemis": 2,
             "Hera": 1}
ZEUS_DECK = [str(v) for v in range(1, 11) for _ in range(4)] + [g for g, count in ZEUS_GODS.items()
                                                                for _ in range(count)]
ZEUS_HAND = 4                              # Z-1

TAMOUL_DECK = [rank + suit for suit in "SHDC" for rank in ["A"] + [str(v) for v in range(2, 11)] + ["J", "Q", "K"]]
TAMOUL_SLOTS, TAMOUL_DEALT = 8, 4


def telos_deck(players: int, zeus_cards: Sequence[str]) -> list[str]:
    return [f"{v}{s}" for s in TELOS_SETS[players] for v in range(1, 14)] + list(zeus_cards)


def telos_value(card: str) -> int:
    """A card's value in the last trick (T-18): a God card its number, a Zeus card 20."""
    return TELOS_ZEUS_LAST_VALUE if card.startswith("Z:") else int(card[:-1])


# ----- one program's way of writing each game -----------------------------------------------------
class Writer(ABC):
    """How this other program deals and writes moves for one game."""

    game_id = ""

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        self.players = players
        self.options = options
        self.rng = rng

    @abstractmethod
    def first_setup(self, names: Sequence[str]) -> dict[str, Any]:
        """The first round's deal, made this program's way."""

    def next_setup(self, names: Sequence[str], rounds: list[dict[str, Any]]) -> dict[str, Any]:
        """The next round's deal after `rounds` (each with its setup, actions and score); a game played in
        one round (Elios) never asks for one."""
        raise AssertionError(f"{self.game_id} is played in one round: there is no next deal to write")

    def move(self, state: State) -> tuple[int, str]:
        """The next move, written this program's way (by default: a random listed one as it is)."""
        seat, action = self.pick(state)
        return seat, str(action)

    def pick(self, state: State) -> tuple[int, Action]:
        """A seat the game waits for, in this program's own order (sometimes a reaction first), and
        one of its listed moves."""
        rng = self.rng
        acting = [s for s in state.to_act() if s != CHANCE]
        reactors = [s for s in acting if state.is_reaction(s) and state.legal_actions(s)]
        rng.shuffle(reactors)
        if reactors and rng.random() < REACTION_TAKEN:
            seat = reactors[0]
        else:
            waiting = [s for s in state.waiting_for() if s != CHANCE and not state.is_reaction(s)] or acting
            seat = rng.choice(waiting)
        return seat, rng.choice(state.legal_actions(seat))


class EliosWriter(Writer):
    game_id = "elios"

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        super().__init__(players, options, rng)
        self.groups: list[list[str]] = [[] for _ in range(players)]   # each seat's groups as written

    def first_setup(self, names: Sequence[str]) -> dict[str, Any]:
        beams, jokers = ELIOS_DRAWS[self.players]
        bag = [c for c in ELIOS_COLOURS for _ in range(ELIOS_IN_BAG)]
        self.rng.shuffle(bag)
        drawn = []
        for seat in range(self.players):
            own = bag[seat * beams:(seat + 1) * beams] + [ELIOS_JOKER] * jokers
            self.rng.shuffle(own)      # a draw is a handful: no order
            drawn.append(own)
        self.drawn = drawn
        return {"beams": drawn, "discs": ELIOS_START_DISCS}

    def grouping(self, beams: Sequence[str]) -> list[str]:
        """E-5: groups of 1–3 beams, no letter twice in a group; letters in random order."""
        pool = list(beams)
        self.rng.shuffle(pool)
        groups: list[str] = []
        while pool:
            size = self.rng.randint(1, 3)
            group: list[str] = []
            for letter in list(pool):
                if len(group) < size and letter not in group:
                    group.append(letter)
                    pool.remove(letter)
            groups.append("".join(group))
        return groups

    def move(self, state: State) -> tuple[int, str]:
        waiting = list(state.waiting_for())
        if state.view(None).phase == "grouping":
            seat = self.rng.choice(waiting)            # who confirms next: this program's choice
            self.groups[seat] = self.grouping(self.drawn[seat])
            return seat, "groups " + "/".join(self.groups[seat])
        seat, action = self.pick(state)
        mine = self.groups[seat]
        if action.verb == "place":
            index = int(action.args[0])
            group = mine.pop(index)
            stacks = {int(p) for p in action.args[1].split(",")}
            coloured = {ELIOS_COLOURS.index(letter) for letter in group if letter != ELIOS_JOKER}
            joker_stack = (stacks - coloured).pop() if ELIOS_JOKER in group else None
            positions = [joker_stack if letter == ELIOS_JOKER else ELIOS_COLOURS.index(letter) for letter in group]
            return seat, f"place {index} {','.join(map(str, positions))}"
        if action.verb == "split":
            index = int(action.args[0])
            parts = ["".join(self.rng.sample(part, len(part))) for part in action.args[1].split("/")]
            mine[index:index + 1] = parts
            return seat, f"split {index} {parts[0]}/{parts[1]}"
        return seat, str(action)


class TelosWriter(Writer):
    game_id = "telos"

    def __init__(self, players: int, options: dict[str, Any], rng: random.Random) -> None:
        super().__init__(players, options, rng)
        listed = options["zeus_cards"]
        self.zeus_cards = list(listed) if listed != "random" else rng.sample(TELOS_ZEUS, players)
        self.deck = telos_deck(players, self.zeus_cards)

    def deal(self, dealer: int, direction: int, size: int, scores: list[list[str]]) -> dict[str, Any]:
        """T-3: every card but the score cards shuffled; `size` each, a blind card each (T-21)."""
        n = self.players
        scored = {c for cards in scores for c in cards}
        pool = [c for c in self.deck if c not in scored]
        self.rng.shuffle(pool)
        blind = pool[n * size:n * size + n] if self.options["divine_trick"] else None
        return {"dealer": dealer, "direction": direction, "hands": [pool[i * size:(i + 1) * size] for i in range(n)],
                "blind": blind, "scores_before": [self.rng.sample(cards, len(cards)) for cards in scores]}

    def hand_size(self, wanted: int, scores: list[list[str]]) -> int:
        """T-2: the wanted size, capped by the cards left in the deck (less the blind cards)."""
        available = len(self.deck) - sum(map(len, scores)) - (self.players if self.options["divine_trick"] else 0)
        return min(wanted, available // self.players)

    def first_setup(self, names: Sequence[str]) -> dict[str, Any]:
        scores: list[list[str]] = [[] for _ in range(self.players)]
        return self.deal(self.rng.randrange(self.players), 1, self.hand_size(TELOS_FIRST_HAND, scores), scores)

    def next_setup(self, names: Sequence[str], rounds: list[dict[str, Any]]) -> dict[str, Any]:
        last = rounds[-1]
        winner, card = last_trick_winner(last["actions"], self.players)
        scores = [list(cards) for cards in last["setup"]["scores_before"]]
        scores[winner].append(card)
        direction = last["setup"]["direction"]
        if self.options["powers"] == "advanced":   # each Swan turns play for the rest of the game (T-17)
            direction *= (-1) ** sum(Action.parse(text).args[0].split(",").count("Z:swan")
                                     for _, text in last["actions"] if text.startswith("play "))
        wanted = max(TELOS_FIRST_HAND, telos_value(card))
        return self.deal(winner, direction, self.hand_size(wanted, scores), scores)

    def move(self, state: State) -> tuple[int, str]:
        seat, action = self.pick(state)
        if action.verb != "play":
            return seat, str(action)
        hand = list(state.view(seat).hand)
        cards = []
        for card in action.args[0].split(","):
            if card.startswith("Z:"):
                cards.append(card)
                continue
            equal = [c for c in hand if not c.startswith("Z:") and telos_value(c) == telos_value(card)
                     and c not in cards]
            cards.append(self.rng.choice(equal))       # any of the equal cards will do (T-12)
        self.rng.shuffle(cards)
        return seat, "play " + ",".join(cards)


def last_trick_winner(actions: Sequence[Sequence[Any]], players: int) -> tuple[int, str]:
    """T-18: the last trick is every player's single card (the round's last `play`s); the highest
    value wins, a Zeus card counting 20, and among equal values the card played last."""
    plays = [(seat, Action.parse(text).args[0]) for seat, text in actions if text.startswith("play ")][-players:]
    best = max(range(players), key=lambda i: (telos_value(plays[i][1]), i))
    return plays[best]


class ZeusWriter(Writer):
    game_id = "zeus"

    def deal(self, dealer: int) -> dict[str, Any]:
        n = self.players
        cards = list(ZEUS_DECK)
        self.rng.shuffle(cards)
        return {"dealer": dealer, "first": (dealer + 1) % n,
                "hands": [cards[i * ZEUS_HAND:(i + 1) * ZEUS_HAND] for i in range(n)], "draw_pile": cards[n * ZEUS_HAND:]}

    def first_setup(self, names: Sequence[str]) -> dict[str, Any]:
        first = zeus_first_player(names)
        return self.deal((first - 1) % self.players)

    def next_setup(self, names: Sequence[str], rounds: list[dict[str, Any]]) -> dict[str, Any]:
        """Z-2: the last round's winner deals; after a void round (Z-14) the same dealer deals again."""
        last = rounds[-1]
        won = [s for s, points in enumerate(last["score"]) if points]
        return self.deal(won[0] if won else last["setup"]["dealer"])


def zeus_first_player(names: Sequence[str]) -> int:
    """Z-2: the name that comes last after casefold, the lowest seat on a tie."""
    return max(range(len(names)), key=lambda s: (names[s].casefold(), -s))


class TamoulWriter(Writer):
    game_id = "tamoul"

    def deal(self, first: int) -> dict[str, Any]:
        cards = list(TAMOUL_DECK)
        self.rng.shuffle(cards)
        slots = [cards[p * TAMOUL_DEALT:(p + 1) * TAMOUL_DEALT] + [None] * (TAMOUL_SLOTS - TAMOUL_DEALT)
                 for p in range(self.players)]
        return {"first": first, "slots": slots, "draw_pile": cards[self.players * TAMOUL_DEALT:]}

    def first_setup(self, names: Sequence[str]) -> dict[str, Any]:
        return self.deal(self.rng.randrange(self.players))   # round 1, a random first player

    def next_setup(self, names: Sequence[str], rounds: list[dict[str, Any]]) -> dict[str, Any]:
        return self.deal((rounds[-1]["setup"]["first"] - 1) % self.players)  # one seat counter-clockwise

    def move(self, state: State) -> tuple[int, str]:
        if CHANCE in state.waiting_for():
            pile = list(state.view(None).discard[:-1])   # all but the top card, shuffled here
            self.rng.shuffle(pile)
            return CHANCE, "reshuffle " + ",".join(pile)
        return super().move(state)


WRITERS: dict[str, type[Writer]] = {w.game_id: w for w in (EliosWriter, TelosWriter, ZeusWriter, TamoulWriter)}


# ----- writing a whole record ---------------------------------------------------------------------
def write_record(game: Game, players: int, options: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A finished game as this other program records it (rules/records.md). The engine under test
    only lists the moves and keeps the score; deals and the way moves are written are this program's."""
    names = rng.sample(NAMES, players)
    seats = [SeatInfo(name, "human") for name in names]
    options = game.normalize_options(options)
    writer = WRITERS[game.id](players, options, rng)
    seed = rng.randrange(2**31)      # a record's seed; nothing in the record may depend on it
    rounds: list[dict[str, Any]] = [{"setup": writer.first_setup(names), "actions": []}]
    state = game.new_state(seats, options, seed, setups=[rounds[0]["setup"]])
    for _ in range(MAX_STEPS):
        if len(state.rounds) > len(rounds):
            # The engine dealt the next round itself: deal it this program's way, and start again
            # from the record so far.
            for r, rnd in enumerate(rounds):
                rnd["score"] = state.rounds[r].score
            rounds.append({"setup": writer.next_setup(names, rounds), "actions": []})
            state = replay(game, as_record(game, seats, options, seed, rounds, state, finished=False), verify=False)
            continue
        if state.finished:
            for r, rnd in enumerate(rounds):
                rnd["score"] = state.rounds[r].score
            return as_record(game, seats, options, seed, rounds, state, finished=True)
        seat, text = writer.move(state)
        round_index = len(state.rounds) - 1
        state.apply(seat, text)
        rounds[round_index]["actions"].append([seat, text])
    raise RuntimeError(f"{game.id}: no end within {MAX_STEPS} moves")


def as_record(game: Game, seats: Sequence[SeatInfo], options: dict[str, Any], seed: int,
              rounds: list[dict[str, Any]], state: State, finished: bool) -> dict[str, Any]:
    return {
        "format": FORMAT, "game": game.id, "seats": [{"name": s.name, "controller": s.controller} for s in seats],
        "options": dict(options), "seed": seed,
        "rounds": [{"setup": r["setup"], "actions": [list(a) for a in r["actions"]], "score": r.get("score")}
                   for r in rounds],
        "totals": list(state.totals) if finished else [0] * len(seats),
        "winners": list(state.winners) if finished else [], "finished": finished,
    }


# ----- what the rules files say about such a record (asked of no engine) -----------------------------
def check_by_rules(record: dict[str, Any]) -> None:
    """AssertionError naming what in `record` the rules files do not allow."""
    {"elios": check_elios_by_rules, "telos": check_telos_by_rules, "zeus": check_zeus_by_rules,
     "tamoul": check_tamoul_by_rules}[record["game"]](record)


def check_elios_by_rules(record: dict[str, Any]) -> None:
    n = len(record["seats"])
    [rnd] = record["rounds"]
    setup = rnd["setup"]
    assert setup["discs"] == ELIOS_START_DISCS, "E-2: two discs"
    beams, jokers = ELIOS_DRAWS[n]
    total: Counter[str] = Counter()
    for drawn in setup["beams"]:
        assert drawn.count(ELIOS_JOKER) == jokers and len(drawn) == beams + jokers, f"E-4: {drawn}"
        total.update(drawn)
    assert all(total[c] <= ELIOS_IN_BAG for c in ELIOS_COLOURS) and total[ELIOS_JOKER] <= ELIOS_JOKERS, "E-3"
    groups: list[list[str]] = [[] for _ in range(n)]
    for seat, text in rnd["actions"]:
        verb, _, rest = text.partition(" ")
        if verb == "groups":
            groups[seat] = rest.split("/")
            assert sorted("".join(groups[seat])) == sorted(setup["beams"][seat]), "E-5: every beam once"
            assert all(1 <= len(g) <= 3 and len(set(g)) == len(g) for g in groups[seat]), "E-5: group sizes"
        elif verb == "place":
            index, stacks = rest.split(" ")
            group = groups[seat].pop(int(index))
            positions = [int(p) for p in stacks.split(",")]
            assert len(positions) == len(group) == len(set(positions)), f"E-6: {text} for {group}"
            for letter, stack in zip(group, positions):   # the i-th letter as written on the i-th stack
                assert letter == ELIOS_JOKER or ELIOS_COLOURS[stack] == letter, f"E-6: {text} for {group}"
        elif verb == "split":
            index, parts = rest.split(" ")
            first, second = parts.split("/")
            group = groups[seat][int(index)]
            assert first and second and sorted(first + second) == sorted(group), f"E-8: {text} for {group}"
            groups[seat][int(index):int(index) + 1] = [first, second]


def check_telos_by_rules(record: dict[str, Any]) -> None:
    n = len(record["seats"])
    options = record["options"]
    known = set(telos_deck(n, TELOS_ZEUS))
    zeus_seen: set[str] = set()
    scores: list[list[str]] = [[] for _ in range(n)]
    deck_size = 13 * len(TELOS_SETS[n]) + n
    blind_count = n if options["divine_trick"] else 0
    for r, rnd in enumerate(record["rounds"]):
        setup = rnd["setup"]
        assert [sorted(cards) for cards in setup["scores_before"]] == [sorted(cards) for cards in scores], \
            f"round {r}: score cards (T-19)"
        dealt = [c for hand in setup["hands"] for c in hand] + list(setup["blind"] or [])
        assert len(dealt) == len(set(dealt)), f"round {r}: a card twice (T-3)"
        assert set(dealt) <= known and not set(dealt) & {c for cards in scores for c in cards}, f"round {r}: T-2"
        zeus_seen |= {c for c in dealt if c.startswith("Z:")}
        if options["zeus_cards"] != "random":
            assert zeus_seen <= set(options["zeus_cards"]), f"round {r}: Zeus cards not the listed ones"
        assert len(zeus_seen) <= n, f"round {r}: more Zeus cards than players"
        sizes = {len(hand) for hand in setup["hands"]}
        assert len(sizes) == 1 and len(setup["hands"]) == n, f"round {r}: hands of one size (T-2)"
        if r == 0:
            assert sizes == {min(TELOS_FIRST_HAND, (deck_size - blind_count) // n)}, "T-2: round 1 deals 7"
        assert (setup["blind"] is None) == (not options["divine_trick"]), "T-21"
        if rnd["score"] is not None and (r + 1 < len(record["rounds"]) or record["finished"]):
            winner, card = last_trick_winner(rnd["actions"], n)
            assert rnd["score"] == [telos_value(card) if s == winner else 0 for s in range(n)], f"round {r}: T-19"
            if r + 1 < len(record["rounds"]):
                following = record["rounds"][r + 1]["setup"]
                assert following["dealer"] == winner, f"round {r + 1}: T-1"
                available = deck_size - sum(map(len, scores)) - 1 - blind_count
                wanted = max(TELOS_FIRST_HAND, telos_value(card))
                assert len(following["hands"][0]) == min(wanted, available // n), f"round {r + 1}: T-2"
            scores[winner].append(card)


def check_zeus_by_rules(record: dict[str, Any]) -> None:
    names = [s["name"] for s in record["seats"]]
    n = len(names)
    for r, rnd in enumerate(record["rounds"]):
        setup = rnd["setup"]
        assert all(len(hand) == ZEUS_HAND for hand in setup["hands"]) and len(setup["hands"]) == n, "Z-1"
        assert Counter(c for hand in setup["hands"] for c in hand) + Counter(setup["draw_pile"]) \
            == Counter(ZEUS_DECK), f"round {r}: the deck"
        assert setup["first"] == (setup["dealer"] + 1) % n, f"round {r}: Z-2"
        if r == 0:
            assert setup["first"] == zeus_first_player(names), "Z-2: the name closest to Z plays first"
        else:
            last = record["rounds"][r - 1]
            won = [s for s, points in enumerate(last["score"]) if points]
            assert setup["dealer"] == (won[0] if won else last["setup"]["dealer"]), f"round {r}: Z-2, Z-14"


def check_tamoul_by_rules(record: dict[str, Any]) -> None:
    n = len(record["seats"])
    for r, rnd in enumerate(record["rounds"]):
        setup = rnd["setup"]
        for row in setup["slots"]:
            assert len(row) == TAMOUL_SLOTS and None not in row[:TAMOUL_DEALT] \
                and row[TAMOUL_DEALT:] == [None] * (TAMOUL_SLOTS - TAMOUL_DEALT), f"round {r}: A-4"
        dealt = [c for row in setup["slots"] for c in row if c is not None] + setup["draw_pile"]
        assert sorted(dealt) == sorted(TAMOUL_DECK), f"round {r}: every card once (A-1)"
        if r > 0:
            assert setup["first"] == (record["rounds"][r - 1]["setup"]["first"] - 1) % n, f"round {r}: A-6"
        for seat, text in rnd["actions"]:
            assert (seat == CHANCE) == text.startswith("reshuffle "), f"round {r}: {text} by {seat}"
