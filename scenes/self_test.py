"""`--self-test`: prove in a few seconds, without a window, that an install can play.

It runs the same code the program runs, from source or inside the packaged bundle (where assets
come from `sys._MEIPASS`), so a missing data file, a module PyInstaller left out or a font that
does not load shows up here rather than on a player's screen. Checks, in order:

- every game's manifest is found and sound: what it names (engine, table, card faces) imports, and
  its rules text and sound files ship;
- every YAML file under assets/ parses, and every registered game loads its content;
- every shipped font loads and has a glyph for each letter the games use (Dutch and French too);
- every shipped PNG image (icons, art) decodes;
- one short all-AI game of every game is played and its record replays to the same game;
- every game's table draws a few frames on a small windowless screen, on an all-AI session (a game
  registered without a table yet is played headless only);
- online play's libraries load (websockets, zeroconf, ifaddr) and a table hosted on this computer's
  loopback address is joined by a guest that receives its first view (nothing is announced).

It prints one summary line and returns 0, or names each failure and returns 1.
"""
from __future__ import annotations

import logging
import os
import random
import sys
import tempfile
import threading
import time
import traceback
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

from game.catalog import Catalog, load_game, registered_game_ids
from game.core import manifest as manifests
from game.core.content import load_yaml
from game.core.engine import Game, SeatInfo
from game.core.errors import ContentError
from game.core.play import play_game
from game.core.records import replay
from game.core.resources import asset_path
from scenes.headless import HEADLESS_DT, make_headless_app
from scenes.scene import Scene

if TYPE_CHECKING:
    from scenes.app import App

SEED = 7
TABLE_SIZE = (640, 400)      # the smallest window the App allows: quick, and the hardest layout
TABLE_FRAMES = 5
FONT_SAMPLE = "Zeus Télos Élios Tamoul 0123456789 àâçéèêëîïôûüÿ œ æ ĳ «»—"
AI_LEVELS = ("easy", "random")   # the first one a game offers plays the short game


@dataclass
class SelfTestReport:
    """What the self-test saw: counts for the summary line and one message per failure."""

    games: int = 0
    tables: int = 0
    cards: int = 0
    yaml_files: int = 0
    fonts: int = 0
    images: int = 0
    ai_moves: int = 0
    ai_processes: int = 0
    languages: int = 0
    online: int = 0
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def summary(self, seconds: float) -> str:
        counts = (f"{self.games} games, {self.tables} tables, {self.cards} cards, {self.fonts} fonts, "
                  f"{self.yaml_files} yaml files, {self.images} images, {self.ai_moves} ai moves, "
                  f"{self.ai_processes} ai processes, {self.languages} languages, {self.online} online tables, "
                  f"{seconds:.1f} s")
        if self.ok:
            return f"self-test ok: {counts}"
        return f"self-test FAILED ({len(self.failures)} problems): {counts}"


def _describe(exc: BaseException) -> str:
    """One line naming the error and where it was raised, so a report from a player is useful."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return f"{type(exc).__name__}: {exc}{where}"


def _guarded(report: SelfTestReport, what: str, check: Callable[[], None]) -> bool:
    """Run one check; any exception becomes a named failure instead of stopping the self-test."""
    try:
        check()
    except ContentError as exc:
        report.failures.append(f"{what}: {exc}")
        return False
    except Exception as exc:  # noqa: BLE001 - the self-test's whole job is to report anything
        report.failures.append(f"{what}: {_describe(exc)}")
        return False
    return True


def yaml_files() -> list[Path]:
    return sorted(asset_path().rglob("*.yaml"))


def check_yaml_files(report: SelfTestReport) -> None:
    """Every YAML file ships and parses (each game's own loader validates its content next)."""
    files = yaml_files()
    if not files:
        report.failures.append(f"content: no YAML files found under {asset_path()}")
    for path in files:
        if _guarded(report, f"content {path.name}", lambda path=path: load_yaml(path)):
            report.yaml_files += 1


def check_manifests(report: SelfTestReport) -> None:
    """Every game package's manifest reads, names things that import, and its files ship (this also
    proves the bundle carries every module a manifest names)."""
    from scenes.table.sound import wav_path

    registry = manifests.registry()
    if not registry.manifests and not registry.problems:
        report.failures.append("manifests: no game is registered (no game/<id>/manifest.py was found)")
    for game_id, problem in registry.problems.items():
        report.failures.append(f"manifest {game_id}: {problem}")

    def check(entry: manifests.GameManifest) -> None:
        for reference in entry.references().values():
            manifests.resolve(entry.id, reference)
        if entry.rules is not None and not asset_path(*entry.rules.split("/")).is_file():
            raise FileNotFoundError(f"its rules text {entry.rules} is missing")
        for name in entry.sounds:
            if not wav_path(name).is_file():
                raise FileNotFoundError(f"its sound {wav_path(name).name} is missing")

    for entry in registry.manifests:
        _guarded(report, f"manifest {entry.id}", lambda entry=entry: check(entry))


def check_games(report: SelfTestReport, game_ids: tuple[str, ...] | None = None) -> dict[str, Game]:
    """Load every registered game from its YAML, as the title menu does."""
    games: dict[str, Game] = {}

    def load(game_id: str) -> None:
        game = load_game(game_id)
        games[game_id] = game
        report.games += 1
        report.cards += len(getattr(game, "cards", ()))

    for game_id in registered_game_ids() if game_ids is None else game_ids:
        _guarded(report, f"game {game_id}", lambda game_id=game_id: load(game_id))
    return games


def check_fonts(report: SelfTestReport) -> None:
    """Every shipped font loads and covers the letters the games and their languages use."""
    from scenes.ui import theme

    def load(style: str) -> None:
        face = theme.font(18, style)
        missing = sorted({ch for ch, metric in zip(FONT_SAMPLE, face.metrics(FONT_SAMPLE))
                          if metric is None and not ch.isspace()})
        if missing:
            raise ValueError(f"no glyph for {''.join(missing)!r}")
        if face.render(FONT_SAMPLE, True, theme.CREAM).get_width() <= 0:
            raise ValueError("renders nothing")
        report.fonts += 1

    for style, file_name in theme.FONT_FILES.items():
        _guarded(report, f"font {file_name}", lambda style=style: load(style))


def check_images(report: SelfTestReport) -> None:
    """Every shipped PNG decodes: the icons and any art (this also proves the image library shipped)."""
    import pygame

    def load(path: Path) -> None:
        if min(pygame.image.load(str(path)).get_size()) <= 0:
            raise ValueError("decodes to an empty image")
        report.images += 1

    for path in sorted(asset_path().rglob("*.png")):
        _guarded(report, f"image {path.name}", lambda path=path: load(path))


def _ai_seats(game: Game, level: str) -> list[SeatInfo]:
    return [SeatInfo(f"AI {i + 1}", f"ai:{level}") for i in range(game.min_players)]


def _short_game_level(game: Game) -> str:
    levels = game.agent_levels()
    return next(level for level in AI_LEVELS if level in levels)


def check_ai_games(report: SelfTestReport, games: dict[str, Game], seed: int = SEED) -> None:
    """One short all-AI game per game, then its record must replay to the very same game."""

    def play(game: Game) -> None:
        level = _short_game_level(game)
        seats = _ai_seats(game, level)
        state = play_game(game, seats, [game.agent(level) for _ in seats], seed=seed)
        record = state.record()
        replay(game, record, verify=True)
        report.ai_moves += sum(len(r.get("actions", ())) for r in record["rounds"])

    for game_id, game in games.items():
        _guarded(report, f"ai game {game_id}", lambda game=game: play(game))


def check_ai_process(report: SelfTestReport, games: dict[str, Game], seed: int = SEED) -> None:
    """A search level thinks in a child process; that process must start and answer, also inside
    the packaged program (where starting one depends on multiprocessing.freeze_support)."""
    from game.core.remote_agent import RemoteAgent

    def ask(game: Game) -> None:
        level = _short_game_level(game)
        state = game.new_state(_ai_seats(game, level), game.normalize_options({}), seed)
        seat = state.waiting_for()[0]
        legal = state.legal_actions(seat)
        agent = RemoteAgent(game.id, level)
        try:
            choice = agent.choose(state.view(seat), legal, random.Random(seed))
        finally:
            agent.close()
        if choice not in legal:
            raise ValueError(f"the AI process answered {choice!r}, which is not a legal action")
        report.ai_processes += 1

    for game_id, game in list(games.items())[:1]:
        _guarded(report, f"ai process {game_id}", lambda game=game: ask(game))


def check_online(report: SelfTestReport, games: dict[str, Game], seed: int = SEED) -> None:
    """Host a table on 127.0.0.1 (a guest's seat and an AI's), join it as a guest and read the first
    view: the WebSocket and discovery libraries load and work inside the packaged program too."""
    from game.net import discovery  # noqa: F401 - zeroconf and ifaddr must import in every build
    from game.net.addresses import own_addresses
    from game.net.guest import GuestClient
    from game.net.host import Host, SeatPlan

    def play(game: Game) -> None:
        with tempfile.TemporaryDirectory(prefix="olympus-self-test-host-", ignore_cleanup_errors=True) as data:
            plans = [SeatPlan("remote")] + [SeatPlan("ai", "random", f"AI {i}") for i in range(game.min_players - 1)]
            host = Host.new(game, plans, {}, seed, Path(data), ai_pause=0.0, linger=0.1, takeover_after=None)
            try:
                host.serve("127.0.0.1", 0)
                threading.Thread(target=host.run, kwargs={"timeout": 10}, daemon=True).start()
                client = GuestClient.connect(f"ws://127.0.0.1:{host.port}", host.table.code, "Self-test", timeout=5)
                try:
                    if not client.wait_update(-1, timeout=5) or client.state.view is None:
                        raise TimeoutError("the guest received no view from the host")
                finally:
                    client.close()
            finally:
                host.close()
        if not own_addresses():
            raise ValueError("this computer's addresses could not be listed")
        report.online += 1

    for game_id, game in list(games.items())[:1]:
        _guarded(report, f"online {game_id}", lambda game=game: play(game))


def _headless_app(games: dict[str, Game]) -> "App":
    """A windowless App at the small size, offering exactly the games that loaded."""
    return make_headless_app(TABLE_SIZE, catalog=Catalog(games=dict(games)))


def check_tables(report: SelfTestReport, games: dict[str, Game]) -> None:
    """Every game's table opens on an all-AI session and draws a few frames through the App's loop."""
    from game.core.session import GameSession
    from scenes.tables import has_table, open_table

    def draw(game: Game) -> None:
        app = _headless_app(games)
        session = GameSession.new(game, _ai_seats(game, _short_game_level(game)), None, SEED)
        scene = open_table(app, session)     # called directly: App.open_table turns errors into a toast
        app.stack.push(scene)
        app.stack.apply_pending()
        for _ in range(TABLE_FRAMES):
            app.frame(HEADLESS_DT)
        width, height = app.screen.get_size()
        colours = {tuple(app.screen.get_at((x, y))) for x in range(0, width, 37) for y in range(0, height, 23)}
        if len(colours) < 3:
            raise ValueError(f"the table drew an almost empty frame ({len(colours)} colours)")
        app.stack.clear_to(Scene(app))
        app.stack.apply_pending()
        report.tables += 1

    for game_id, game in games.items():
        if not has_table(game_id):
            continue    # registered for the engine, commands and the conformance suite; no table yet
        _guarded(report, f"table {game_id}", lambda game=game: draw(game))


def check_languages(report: SelfTestReport) -> None:
    """Every language's compiled catalog ships and translates, and so do the rules of every offered game
    (this also proves the bundle carries assets/locale and assets/rules/<language>/)."""
    import gettext

    from game.core.settings import LANGUAGES
    from scenes.ui import i18n
    from scenes.screens.rules import rules_file

    def check(code: str) -> None:
        if code != i18n.SOURCE_LANGUAGE:
            catalog = gettext.translation(i18n.DOMAIN, localedir=i18n.locale_dir(), languages=[code])
            if catalog.gettext("Settings") == "Settings":
                raise ValueError("its catalog does not translate “Settings”")
        for entry in manifests.registry().manifests:
            if entry.offered and entry.rules is not None:
                path = rules_file(entry.id, code)
                if not asset_path(*path.split("/")).is_file():
                    raise FileNotFoundError(f"the rules text {path} is missing")
        report.languages += 1

    for code in LANGUAGES:
        _guarded(report, f"language {code}", lambda code=code: check(code))


def run_self_test(game_ids: tuple[str, ...] | None = None) -> SelfTestReport:
    """All checks; never raises, so the summary always names what failed."""
    report = SelfTestReport()
    check_manifests(report)
    check_yaml_files(report)
    games = check_games(report, game_ids)
    check_fonts(report)
    check_images(report)
    check_languages(report)
    check_ai_games(report, games)
    check_ai_process(report, games)
    check_tables(report, games)
    check_online(report, games)
    return report


@contextmanager
def _headless_environment() -> Iterator[None]:
    """No window, no sound device, and a throw-away user folder: a self-test leaves nothing behind."""
    keys = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "OLYMPUS_HOME")
    saved = {key: os.environ.get(key) for key in keys}
    with tempfile.TemporaryDirectory(prefix="olympus-self-test-", ignore_cleanup_errors=True) as home:
        os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", OLYMPUS_HOME=home)
        try:
            yield
        finally:
            _close_logs_under(Path(home))
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def _close_logs_under(folder: Path) -> None:
    """The App logs into the user folder; close those files so the folder can go (Windows insists)."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if isinstance(handler, logging.FileHandler) and Path(handler.baseFilename).is_relative_to(folder.resolve()):
            root.removeHandler(handler)
            handler.close()


def main() -> int:
    """Run every check, print the summary (and each failure), return the exit status."""
    started = time.perf_counter()
    with _headless_environment():
        report = run_self_test()
    for failure in report.failures:
        print(f"self-test: {failure}", file=sys.stderr if sys.stderr else None)
    print(report.summary(time.perf_counter() - started))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
