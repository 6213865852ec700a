"""Screenshots of every game's table at fixed seeds and moments, to compare a refactor pixel by pixel.

    python build/table_screenshots.py OUT_DIR            # take the set (PNG per game, moment and size)
    python build/table_screenshots.py --language nl OUT_DIR   # the same set in Dutch (English by default)
    python build/table_screenshots.py --compare A B      # count identical images, name the others

Each game is shown at its start (after the opening deal), mid-game (moves made by seeded easy agents
before the table opens, so the log is rebuilt as on a resume), in a reaction window where the game has
one (Zeus: a sneak; Tamoul: an interception), and at its first results dialog (every seat an AI), at
1280x720 and 800x500; and Zeus's game-over dialog with a human seat (its Review button). The run is repeatable: a fixed time step, instant animations, no AI delay, and
every frame waits for the AI threads to finish, so the same frames are drawn on every run, in the
language asked for (English unless told: never the system's, which would make two machines differ).
"""
from __future__ import annotations

import os
import random
from dataclasses import replace
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("OLYMPUS_HOME", tempfile.mkdtemp(prefix="olympus-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scenes.headless import HEADLESS_DT, make_headless_app, save_screenshot  # noqa: E402

SIZES = ((1280, 720), (800, 500))
SEED = 7
LEVEL = {"zeus": "easy", "telos": "normal", "tamoul": "easy", "elios": "normal"}     # each game's quickest AI
TWO = [("Ann", "human"), ("Zoe", "ai")]
THREE = [("Ann", "human"), ("Zoe", "ai"), ("Bob", "ai")]
SEATS = {"zeus": THREE, "telos": THREE, "tamoul": TWO, "elios": TWO}
MID_MOVES = {"zeus": 7, "telos": 8, "tamoul": 9, "elios": 3}


def _session(game_id: str, seats: list[tuple[str, str]], setups: tuple = (), options: dict | None = None) -> Any:
    from game.catalog import load_game
    from game.core.engine import SeatInfo
    from game.core.session import GameSession

    game = load_game(game_id)
    level = f"ai:{LEVEL[game_id]}"
    infos = [SeatInfo(name, level if controller == "ai" else controller) for name, controller in seats]
    opts = game.normalize_options(options or {})
    if setups:
        return GameSession(game, game.new_state(infos, opts, SEED, setups=list(setups)))
    return GameSession.new(game, infos, opts, SEED)


def _play_ahead(session: Any, moves: int) -> None:
    """`moves` actions by seeded easy agents for every seat (the human's too), chance applied as due."""
    from game.core.engine import CHANCE
    from scenes.table.seating import apply_due_chance

    state = session.state
    agent = session.game.agent(LEVEL[session.game.id])
    made = 0
    while made < moves and not state.finished and len(state.rounds) == 1:
        if CHANCE in state.waiting_for():
            apply_due_chance(session)
            continue
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        rng = random.Random(f"shots/{made}")
        action = agent.choose(state.view(seat), legal, rng, optional=False) if legal else None
        if action is None:
            break
        session.apply(seat, action)
        made += 1


class Shooter:
    """One headless app per size; opens tables, runs frames repeatably and saves what is on screen."""

    def __init__(self, out: Path, size: tuple[int, int], language: str = "en") -> None:
        self.out, self.size = out, size
        self.app = make_headless_app(size)
        self.app.settings = replace(self.app.settings, animation_speed="instant", ai_delay_s=0.0)
        self.app.set_language(language)

    def open(self, session: Any) -> Any:
        from scenes.tables import open_table

        scene = open_table(self.app, session)
        self.app.stack.push(scene)
        self.app.stack.apply_pending()
        return scene

    def run(self, frames: int, until: Callable[[], bool] | None = None) -> None:
        for _ in range(frames):
            self.app.frame(HEADLESS_DT)
            for scene in self.app.stack.scenes:
                for runner in (getattr(scene, "ai", None), getattr(scene, "hint_runner", None)):
                    if runner is not None:
                        runner.wait_all()
            if until is not None and until():
                return

    def settle(self, scene: Any) -> None:
        """Until a human at the bottom may act (or 20 s of game time), then a few more frames."""
        self.run(1200, until=lambda: self.app.stack.top is scene and scene._human_may_act()
                 and scene.bottom in scene._waiting())
        self.run(20)

    def save(self, game_id: str, moment: str) -> None:
        save_screenshot(self.app, self.out / f"{game_id}-{moment}-{self.size[0]}x{self.size[1]}.png")

    def close(self) -> None:
        while self.app.stack.scenes:
            top = self.app.stack.top
            exit_ = getattr(top, "exit", None)
            if callable(exit_):
                exit_()
            self.app.stack.pop()
            self.app.stack.apply_pending()


def start(shot: Shooter, game_id: str) -> None:
    scene = shot.open(_session(game_id, SEATS[game_id]))
    shot.settle(scene)
    shot.save(game_id, "start")


def mid(shot: Shooter, game_id: str) -> None:
    session = _session(game_id, SEATS[game_id])
    _play_ahead(session, MID_MOVES[game_id])
    scene = shot.open(session)
    shot.settle(scene)
    shot.save(game_id, "mid")


def results(shot: Shooter, game_id: str) -> None:
    from scenes.screens.results import ResultsOverlay

    seats = [(name, "ai") for name, _ in SEATS[game_id]]
    shot.open(_session(game_id, seats))
    shot.run(20000, until=lambda: isinstance(shot.app.stack.top, ResultsOverlay))
    shot.run(30)
    shot.save(game_id, "results")


def zeus_reaction(shot: Shooter) -> None:
    """Zoe plays a number Ann holds: the sneak window opens with Ann's card lit."""
    from game.catalog import load_game

    hands = [["7", "8", "3", "6"], ["7", "7", "8", "8"], ["9", "9", "10", "1"]]
    deck = Counter(load_game("zeus").deck.full_deck())
    deck.subtract(c for hand in hands for c in hand)
    setup = {"dealer": 0, "first": 1, "hands": hands, "draw_pile": sorted(deck.elements(), key=lambda c: (len(c), c))}
    app = shot.app
    app.settings = app.settings.with_game_value("zeus", "sneak_window_s", 1.5)
    scene = shot.open(_session("zeus", THREE, setups=(setup,)))
    shot.run(600, until=lambda: bool(scene.reaction_buttons))
    shot.run(12)
    shot.save("zeus", "reaction")


def tamoul_reaction(shot: Shooter) -> None:
    """Ann draws the 5H and discards it: the interception window opens, Zoe may try."""
    from game.catalog import load_game

    deck = list(load_game("tamoul").content.cards)
    rows = [["5D", "9S", "3C", "QH"], ["2S", "8H", "6C", "AD"]]
    top = ["5H", "KC"]
    used = [c for row in rows for c in row] + top
    setup = {"first": 0, "slots": [row + [None] * 4 for row in rows],
             "draw_pile": top + [c for c in deck if c not in used]}
    scene = shot.open(_session("tamoul", TWO, setups=(setup,), options={"reaction_ms": 3000}))
    shot.settle(scene)
    scene.press_draw_deck()
    shot.run(60, until=lambda: scene.idle)
    scene.press_discard()
    shot.run(60, until=lambda: scene._reaction_open())
    shot.run(12)
    shot.save("tamoul", "reaction")


def zeus_game_over(shot: Shooter) -> None:
    """Ann's game ends: the game's results offer Play again, Review and Back to menu."""
    from scenes.screens.results import ResultsOverlay

    session = _session("zeus", THREE)
    seat, action = _play_to_last_move(session)
    shot.app.settings = replace(shot.app.settings, ai_delay_s=60.0)     # the last move is made here
    scene = shot.open(session)
    shot.run(600, until=lambda: scene.idle)
    scene._apply(seat, action)
    shot.run(2000, until=lambda: isinstance(shot.app.stack.top, ResultsOverlay))
    shot.run(30)
    shot.save("zeus", "gameover")


def _play_to_last_move(session: Any) -> tuple[int, Any]:
    """Seeded easy agents play every seat up to the move that ends the game; returns that move."""
    from game.core.engine import CHANCE
    from scenes.table.seating import apply_due_chance

    state = session.state
    agent = session.game.agent(LEVEL[session.game.id])
    made = 0
    while True:
        if CHANCE in state.waiting_for():
            apply_due_chance(session)
            continue
        seat = state.to_act()[0]
        action = agent.choose(state.view(seat), state.legal_actions(seat), random.Random(f"end/{made}"),
                              optional=False)
        probe = state.clone()
        probe.apply(seat, action)
        if probe.finished:
            return seat, action
        session.apply(seat, action)
        made += 1


REACTIONS = {"zeus": zeus_reaction, "tamoul": tamoul_reaction}
ENDINGS = {"zeus": zeus_game_over}


def take(out: Path, language: str = "en") -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        for game_id in SEATS:
            for moment in (start, mid, results):
                shot = Shooter(out, size, language)
                moment(shot, game_id)
                shot.close()
            for extra in (REACTIONS.get(game_id), ENDINGS.get(game_id)):
                if extra is not None:
                    shot = Shooter(out, size, language)
                    extra(shot)
                    shot.close()
    return sorted(out.glob("*.png"))


def compare(a: Path, b: Path) -> int:
    """Pixel-by-pixel: prints each image that differs with its count of differing pixels."""
    import pygame

    names = sorted(p.name for p in a.glob("*.png"))
    same = 0
    for name in names:
        if not (b / name).exists():
            print(f"{name}: missing in {b}")
            continue
        one, two = pygame.image.load(str(a / name)), pygame.image.load(str(b / name))
        if one.get_size() != two.get_size():
            print(f"{name}: sizes differ")
            continue
        raw_one, raw_two = pygame.image.tobytes(one, "RGB"), pygame.image.tobytes(two, "RGB")
        if raw_one == raw_two:
            same += 1
            continue
        differing = sum(1 for i in range(0, len(raw_one), 3) if raw_one[i:i + 3] != raw_two[i:i + 3])
        print(f"{name}: {differing} pixels differ")
    print(f"{same} of {len(names)} images identical")
    return 0 if same == len(names) else 1


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "--compare":
        return compare(Path(argv[1]), Path(argv[2]))
    language = "en"
    if len(argv) == 3 and argv[0] == "--language":
        language, argv = argv[1], argv[2:]
    if len(argv) != 1:
        print(__doc__)
        return 2
    shots = take(Path(argv[0]), language)
    print(f"{len(shots)} screenshots in {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
