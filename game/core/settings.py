"""Player settings: what they are, their defaults, and loading them without ever losing a file.

`Settings` holds what every table shares. A game's own presentation settings (the Zeus sneak window)
are declared in its manifest and stored per game, in the same file:

    {"animation_speed": "normal", ..., "games": {"zeus": {"sneak_window_s": 1.5}}}

Defaults and ranges come from the manifests; `settings.game_value("zeus", "sneak_window_s")` reads
one. A file written before game settings moved under "games" (a top-level "sneak_window_s") is
migrated on load. A damaged file gives the defaults and a message; it is set aside, not overwritten.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Mapping

from game.core import manifest as manifests
from game.core.manifest import GameSetting, SettingValue
from game.core.messages import Message, msg
from game.core.names import clean_name
from game.core.userfiles import FileDamage, Guarded, atomic_write_json, read_guarded, read_json, set_aside

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
# The languages the program speaks (catalogs in assets/locale/<code>/); "" in the settings file means
# "the system's language", so a player who never chose one follows their computer.
LANGUAGES = ("en", "nl")
# How many times as long a reaction window lasts for a player who wants more time (the AI's reactions
# keep their own pace, so the extra time is the player's).
REACTION_TIMES = (1.0, 1.5, 2.0, 3.0, 4.0)

GameValues = dict[str, dict[str, SettingValue]]     # game id -> setting name -> value


def game_setting_specs() -> dict[str, tuple[GameSetting, ...]]:
    """The settings each registered game adds, by game id (from the manifests)."""
    return {m.id: m.settings for m in manifests.registry().manifests if m.settings}


def default_game_values() -> GameValues:
    return {game_id: {spec.name: spec.default for spec in specs} for game_id, specs in game_setting_specs().items()}


@dataclass(frozen=True)
class Settings:
    animation_speed: str = "normal"      # one of ANIMATION_SPEEDS
    sound_volume: float = 0.7            # 0.0 .. 1.0
    fullscreen: bool = False
    window_width: int = 1280
    window_height: int = 720
    ai_delay_s: float = 0.7              # human-like pause before an AI move is shown
    player_name: str = "You"
    skip_to_my_turn: bool = False        # AI moves between a human's turns are shown at once
    reduced_motion: bool = False         # cards fade out and in where they would slide
    records_kept: int = 200              # finished games kept to replay; the oldest beyond go (game/core/replays.py)
    language: str = ""                   # one of LANGUAGES, or "" for the system's language
    speech: bool = False                 # the program says what changes (scenes/ui/speech.py)
    high_contrast: bool = False          # the high-contrast colours (scenes/ui/theme.py)
    reaction_time: float = 1.0           # reaction windows (a Zeus sneak, a Tamoul interception) last this many times as long
    wait_for_me: bool = False            # each AI move waits until the player presses N
    key_bindings: dict[str, str] = field(default_factory=dict)   # table action -> key name, only the keys changed (scenes/ui/keymap.py)
    ui_scale: int = 0                    # percent of text, cards and controls, 75 .. 200; 0: the first start picks it
    # Every registered game's own settings, filled with its defaults; also games this run does not
    # know (a manifest broken today), kept as they were so saving never loses them.
    games: GameValues = field(default_factory=default_game_values)

    def validated(self) -> "Settings":
        """Clamp values into range so a hand-edited file cannot break the program."""
        return replace(
            self,
            animation_speed=self.animation_speed if self.animation_speed in ANIMATION_SPEEDS else "normal",
            sound_volume=min(1.0, max(0.0, float(self.sound_volume))),
            window_width=max(640, min(7680, int(self.window_width))),
            window_height=max(400, min(4320, int(self.window_height))),
            ai_delay_s=min(5.0, max(0.0, float(self.ai_delay_s))),
            reaction_time=min(REACTION_TIMES[-1], max(REACTION_TIMES[0], float(self.reaction_time))),
            player_name=clean_name(self.player_name, 24) or "You",
            records_kept=max(1, min(100_000, int(self.records_kept))),
            language=self.language if self.language in LANGUAGES else "",
            ui_scale=0 if int(self.ui_scale) <= 0 else min(200, max(75, int(self.ui_scale))),
            games=_validated_games(self.games),
            key_bindings={k: v for k, v in dict(self.key_bindings).items() if isinstance(k, str) and isinstance(v, str)},
        )

    @property
    def animation_factor(self) -> float:
        """Multiplier on animation durations (0 = instant)."""
        return {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}[self.animation_speed]

    def game_value(self, game_id: str, name: str) -> SettingValue:
        """One game's own setting, e.g. `game_value("zeus", "sneak_window_s")` (LookupError: no such setting)."""
        spec = manifests.registry()[game_id].setting(name)
        value = self.games.get(game_id, {}).get(name, spec.default)
        return spec.clamped(value)

    def with_game_value(self, game_id: str, name: str, value: SettingValue) -> "Settings":
        """These settings with one game setting changed (clamped into its range)."""
        spec = manifests.registry()[game_id].setting(name)
        games = {key: dict(values) for key, values in self.games.items()}
        games.setdefault(game_id, {})[name] = spec.clamped(value)
        return replace(self, games=games)


SHARED_NAMES = frozenset(f.name for f in fields(Settings))


def _flat_name_owner(name: str) -> str | None:
    """The one registered game that declares a setting called `name` (None: none, or several)."""
    owners = [game_id for game_id, specs in game_setting_specs().items() if any(s.name == name for s in specs)]
    return owners[0] if len(owners) == 1 else None


def _validated_games(games: Mapping[str, Mapping[str, SettingValue]]) -> GameValues:
    """Every registered game's settings clamped into range (defaults for the missing ones); games
    this run does not know are kept as they are."""
    specs = game_setting_specs()
    result: GameValues = {key: dict(values) for key, values in games.items() if key not in specs}
    for game_id, game_specs in specs.items():
        stored = games.get(game_id, {})
        result[game_id] = {spec.name: spec.clamped(stored.get(spec.name, spec.default)) for spec in game_specs}
    return result


def _read_games(data: Any, flat: Mapping[str, Any]) -> GameValues:
    """The "games" object of a settings file, with old top-level game settings migrated into it
    (ValueError when a value is of the wrong kind)."""
    if data is None:
        data = {}
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise ValueError(msg("'{key}' is not an object of one object per game", key="games"))
    games: GameValues = {key: dict(values) for key, values in data.items()}
    for name, value in flat.items():
        owner = _flat_name_owner(name)
        if owner is not None:
            games.setdefault(owner, {}).setdefault(name, value)   # a value already under "games" wins
    for game_id, specs in game_setting_specs().items():
        stored = games.get(game_id, {})
        for spec in specs:
            if spec.name in stored:
                try:
                    spec.checked(stored[spec.name])
                except TypeError:
                    raise ValueError(msg("'{key}' has the wrong kind of value", key=f"games.{game_id}.{spec.name}")) from None
        if game_id in games:
            games[game_id] = {name: value for name, value in stored.items() if any(s.name == name for s in specs)}
    return games


@dataclass(frozen=True)
class LoadedSettings:
    settings: Settings
    message: Message | None = None   # what to tell the player, if the file was damaged


def load_settings(path: Path) -> LoadedSettings:
    path = Path(path)
    if not path.exists():
        return LoadedSettings(Settings())
    try:
        data = read_json(path)   # the guarded read every user file goes through
        if not isinstance(data, dict):
            raise ValueError(msg("it is not a JSON object"))
        defaults = asdict(Settings())
        values: dict[str, Any] = {}
        flat: dict[str, Any] = {}
        for name, value in data.items():
            if name == "games":
                continue
            if name not in SHARED_NAMES:
                flat[name] = value   # an old top-level game setting, or one from a newer version
                continue
            default = defaults[name]
            if isinstance(default, bool) != isinstance(value, bool) or not isinstance(value, (type(default), int, float)):
                raise ValueError(msg("'{key}' has the wrong kind of value", key=name))
            values[name] = type(default)(value)
        values["games"] = _read_games(data.get("games"), flat)
        return LoadedSettings(Settings(**values).validated())
    except (FileDamage, OSError, ValueError, TypeError, RecursionError) as exc:
        moved = set_aside(path)
        reason = exc.args[0] if exc.args and isinstance(exc.args[0], Message) else str(exc)
        return LoadedSettings(Settings(), msg("Your settings file could not be read ({reason}); defaults are in use. "
                                              "The old file was kept as {kept}.", reason=reason, kept=moved.name))


def save_settings(path: Path, settings: Settings) -> None:
    atomic_write_json(path, asdict(settings.validated()))


# ----- the last setup of each game (`last_setups.json` in the config folder; scenes/setup.py) ---------------
def _setups_object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise FileDamage(msg("it is not a JSON object"))
    return value


def load_last_setups(path: Path) -> Guarded[dict[str, Any]]:
    """Every game's last setup, by game id; a damaged file is set aside (never overwritten: the other
    games' setups in it stay on disk) with a message, and the defaults are offered."""
    return read_guarded(path, msg("The remembered game setups"), _setups_object,
                        msg("The setup starts from the defaults."))


def store_last_setup(path: Path, game_id: str, setup: dict[str, Any]) -> Message | None:
    """Store one game's setup beside the others' (kept as they are). A file that could not be read and
    could not be moved aside either is not written over: the message says so and nothing is stored."""
    loaded = load_last_setups(path)
    if loaded.message is not None and loaded.kept_as is None:
        return loaded.message
    setups = dict(loaded.value or {})
    setups[game_id] = setup
    atomic_write_json(Path(path), setups)
    return loaded.message
