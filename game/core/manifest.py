"""A game's manifest: the one place a game is registered with the program.

Each game package `game/<id>/` has a `manifest.py` holding `MANIFEST = GameManifest(...)`. The catalog,
the title menu, the tables, the card faces, the sounds, the settings screen, the self-test and the
packaged build all read the manifests, so adding a game touches no shared file.

A manifest holds strings only: the engine, the table and the card faces are dotted references
("scenes.zeus.table:ZeusTableScene") imported when they are needed, because game/ never imports
pygame or scenes. Discovery imports every `game.<package>.manifest` it finds; a manifest that is
missing a field, names something badly or fails to import gives one message naming its game, and the
other games are registered as usual.
"""
from __future__ import annotations

import functools
import importlib
import pkgutil
import re
from dataclasses import dataclass, field
from typing import Any, Union

SettingValue = Union[float, int, bool, str]

# Packages under game/ that are the platform itself, never a game (game.core.manifest is this module).
PLATFORM_PACKAGES = frozenset({"core"})
REFERENCE = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*$")
NAME = re.compile(r"^[a-z][a-z0-9_]*$")
SETTING_KINDS = ("number", "whole", "toggle", "choice")


class ManifestError(ValueError):
    """A manifest that cannot be used, or a reference in it that does not resolve; the message names
    the game and what is wrong."""


class UnknownGame(LookupError, ValueError):
    """A game id that no manifest registers (a ValueError too: it is usually the player's words)."""


@dataclass(frozen=True, kw_only=True)
class GameSetting:
    """A presentation setting one game adds (the Zeus sneak window), shown on the settings screen.

    The value is stored per game in the settings file; `steps` are what the screen's stepper offers,
    `minimum`/`maximum` clamp a hand-edited file (they default to the ends of `steps`).
    """

    name: str                           # key in the settings file, under the game's id
    label: str                          # the row's title on the settings screen
    help: str                           # the line under it
    kind: str                           # "number" (decimal), "whole", "toggle" or "choice"
    default: SettingValue
    steps: tuple[SettingValue, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    shown: str = "{}"                   # how a value reads on screen, a format string: "{:.2f} s"

    def problems(self) -> list[str]:
        """What is wrong with this spec, as sentences (empty when it can be used)."""
        where = f"setting {self.name!r}"
        found: list[str] = []
        if not isinstance(self.name, str) or not NAME.match(self.name):
            found.append(f"{where}: the name must be lower-case letters, digits and _")
        if self.kind not in SETTING_KINDS:
            return found + [f"{where}: kind must be one of {', '.join(SETTING_KINDS)}, not {self.kind!r}"]
        if self.kind != "toggle" and not self.steps:
            found.append(f"{where}: a {self.kind} setting needs the steps the settings screen offers")
        try:
            for value in (self.default, *self.steps):
                self.checked(value)
            if self.kind == "choice" and self.default not in self.steps:
                found.append(f"{where}: the default {self.default!r} is not one of its steps")
            self.show(self.default)
        except (TypeError, ValueError, IndexError, KeyError) as exc:
            return found + [f"{where}: {exc}"]
        low, high = self.bounds()
        if low is not None and high is not None and not low <= float(self.default) <= high:  # type: ignore[arg-type]
            found.append(f"{where}: the default {self.default!r} is outside {low}..{high}")
        return found

    def bounds(self) -> tuple[float | None, float | None]:
        if self.kind not in ("number", "whole"):
            return None, None
        numbers = [float(v) for v in self.steps if isinstance(v, (int, float)) and not isinstance(v, bool)]
        low = self.minimum if self.minimum is not None else (min(numbers) if numbers else None)
        high = self.maximum if self.maximum is not None else (max(numbers) if numbers else None)
        return low, high

    def checked(self, value: Any) -> SettingValue:
        """`value` as this setting's kind (TypeError when it is the wrong kind), not yet clamped."""
        if self.kind == "toggle":
            if not isinstance(value, bool):
                raise TypeError(f"{value!r} is not true or false")
            return value
        if self.kind == "choice":
            if not isinstance(value, str):
                raise TypeError(f"{value!r} is not a word")
            return value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"{value!r} is not a number")
        return int(value) if self.kind == "whole" else float(value)

    def clamped(self, value: Any) -> SettingValue:
        """`value` brought into range, so a hand-edited file cannot break a table (TypeError: wrong kind)."""
        value = self.checked(value)
        if self.kind == "choice":
            return value if value in self.steps else self.default
        low, high = self.bounds()
        if isinstance(value, bool) or low is None or high is None:
            return value
        inside = min(high, max(low, float(value)))
        return int(inside) if self.kind == "whole" else inside

    def show(self, value: SettingValue) -> str:
        return self.shown.format(value)


@dataclass(frozen=True, kw_only=True)
class GameManifest:
    """Everything the program needs to know to offer one game (see the module docstring)."""

    id: str                             # the package name under game/, and the records' `game`
    title: str                          # shown in menus, also when the game fails to load
    menu_order: int                     # the title menu lists games by this, lowest first
    engine: str                         # "game.zeus:load_game": called with no arguments, returns the Game
    table: str | None = None            # "scenes.zeus.table:ZeusTableScene"; None: registered, not offered
    card_faces: str | None = None       # "module:function", function(game) -> (CardArt, frozenset of card ids)
    sounds: tuple[str, ...] = ()        # the game's own sounds: assets/sounds/<name>.wav
    settings: tuple[GameSetting, ...] = ()
    rules: str | None = None            # the rules text under assets/, e.g. "rules/zeus.md"

    @property
    def offered(self) -> bool:
        """A game without a table yet plays in commands and the conformance suite, not in the menu."""
        return self.table is not None

    def references(self) -> dict[str, str]:
        """The dotted references this manifest names, by field."""
        named = {"engine": self.engine, "table": self.table, "card_faces": self.card_faces}
        return {key: value for key, value in named.items() if value is not None}

    def modules(self) -> tuple[str, ...]:
        """Every module this manifest names (the packaged build must carry them)."""
        return tuple(dict.fromkeys(reference.split(":")[0] for reference in self.references().values()))

    def setting(self, name: str) -> GameSetting:
        for spec in self.settings:
            if spec.name == name:
                return spec
        raise LookupError(f"{self.title} has no setting {name!r}; its settings: "
                          f"{', '.join(s.name for s in self.settings) or 'none'}")

    def problems(self, package: str | None = None) -> list[str]:
        """What is wrong with this manifest, as sentences (empty when it can be used)."""
        found: list[str] = []
        if not isinstance(self.id, str) or not NAME.match(self.id):
            found.append(f"id {self.id!r} must be lower-case letters, digits and _")
        elif package is not None and self.id != package:
            found.append(f"id {self.id!r} differs from its package name {package!r}")
        if not isinstance(self.title, str) or not self.title.strip():
            found.append("title must be a non-empty text")
        if not isinstance(self.menu_order, int) or isinstance(self.menu_order, bool):
            found.append(f"menu_order must be a whole number, not {self.menu_order!r}")
        for key, value in {"engine": self.engine, "table": self.table, "card_faces": self.card_faces}.items():
            if value is None and key != "engine":
                continue
            if not isinstance(value, str) or not REFERENCE.match(value):
                found.append(f"{key} {value!r} must be a reference like 'package.module:name'")
        if isinstance(self.table, str) and self.table.startswith("game."):
            found.append(f"table {self.table!r} must not live in game/, which never imports pygame")
        if not isinstance(self.sounds, tuple) or not all(isinstance(s, str) and NAME.match(s) for s in self.sounds):
            found.append(f"sounds must be a tuple of names like 'zeus_steal', not {self.sounds!r}")
        if self.rules is not None and (not isinstance(self.rules, str) or not self.rules.strip()):
            found.append(f"rules must be a path under assets/ or None, not {self.rules!r}")
        if not isinstance(self.settings, tuple) or not all(isinstance(s, GameSetting) for s in self.settings):
            found.append("settings must be a tuple of GameSetting")
        else:
            names = [s.name for s in self.settings]
            if len(set(names)) != len(names):
                found.append(f"settings repeat a name: {', '.join(names)}")
            for spec in self.settings:
                found += spec.problems()
        return found


def resolve(game_id: str, reference: str) -> Any:
    """The object a manifest reference names, imported now (ManifestError naming the game if it is not there)."""
    module_name, _, attribute = reference.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            raise ManifestError(f"the manifest of {game_id} names {reference!r}, but there is no module "
                                f"{exc.name!r}") from exc
        raise
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise ManifestError(f"the manifest of {game_id} names {reference!r}, but {module_name} has no "
                            f"{attribute!r}") from None


@dataclass(frozen=True)
class Registry:
    """The games found: the usable manifests in menu order, and a message per game whose manifest is broken."""

    manifests: tuple[GameManifest, ...] = ()
    problems: dict[str, str] = field(default_factory=dict)     # package name -> what is wrong

    def ids(self) -> tuple[str, ...]:
        return tuple(m.id for m in self.manifests)

    def get(self, game_id: str) -> GameManifest | None:
        return next((m for m in self.manifests if m.id == game_id), None)

    def __getitem__(self, game_id: str) -> GameManifest:
        found = self.get(game_id)
        if found is None:
            if game_id in self.problems:
                raise UnknownGame(self.problems[game_id])
            raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(self.ids()) or 'none'}")
        return found


def _read_manifest(package: str, name: str) -> GameManifest | None:
    """The manifest of `package.name`, None when that package has none (ManifestError when it is broken)."""
    module_name = f"{package}.{name}.manifest"
    where = f"{package}/{name}/manifest.py"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return None    # a package that is not a game, or not registered yet
        raise ManifestError(f"{where} could not be imported: {type(exc).__name__}: {exc}") from exc
    except Exception as exc:  # noqa: BLE001 - a missing field or a typo must not stop the other games
        raise ManifestError(f"{where} could not be read: {type(exc).__name__}: {exc}") from exc
    manifest = getattr(module, "MANIFEST", None)
    if not isinstance(manifest, GameManifest):
        raise ManifestError(f"{where} has no MANIFEST = GameManifest(...)")
    problems = manifest.problems(package=name)
    if problems:
        raise ManifestError(f"{where} is broken: {'; '.join(problems)}")
    return manifest


def discover(package: str = "game") -> Registry:
    """Every subpackage of `package` that has a `manifest` module, in menu order.

    Works from source and in the packaged build alike: it lists the package's subpackages through
    the import system (pkgutil), which PyInstaller's importer answers from the bundle.
    """
    root = importlib.import_module(package)
    manifests: list[GameManifest] = []
    problems: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules(root.__path__), key=lambda i: i.name):
        if not info.ispkg or info.name in PLATFORM_PACKAGES or info.name.startswith("_"):
            continue
        try:
            manifest = _read_manifest(package, info.name)
        except ManifestError as exc:
            problems[info.name] = str(exc)
            continue
        if manifest is not None:
            manifests.append(manifest)
    manifests.sort(key=lambda m: (m.menu_order, m.id))
    return Registry(tuple(manifests), problems)


@functools.cache
def registry() -> Registry:
    """The program's games (discovered once per run)."""
    return discover("game")
