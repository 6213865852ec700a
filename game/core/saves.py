"""Game files — the autosave, named saves and finished records — read safely, listed, and managed.

A named save is a game record (rules/records.md) in the saves folder, named after what the player typed:
`saves/<name>.json`. Keeping the name in the file name leaves the record format untouched, so a save can
be replayed, shared or attached to a bug report like any other record.

Every game file is read through `userfiles.read_guarded` and then checked here: the record's shape,
a game this program knows (a game id no manifest registers is damage; a registered game that cannot be
loaded today is kept and shown as not playable), a format version this program reads, and — when the
game is loaded — that the record replays. A file that fails is set aside with one message.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.core import manifest as manifests
from game.core.engine import Game
from game.core.errors import RecordError
from game.core.messages import Message, msg, msg_n
from game.core.records import check_shape, read_record, record_to_text, replay
from game.core.userfiles import FileDamage, Guarded, atomic_write_text, read_guarded

MAX_NAME_LENGTH = 60
# A save's file is `<name>.json`, written through a temporary `.<name>.json.<8 letters>.tmp`: 19 bytes more
# than the name. File systems allow 255 bytes in a name, so a name may take 255 - 19 bytes in UTF-8
# (60 letters of a script written in 3-byte characters, 59 emoji, a few fewer mixed with accents).
MAX_NAME_BYTES = 255 - len(".") - len(".json") - len(".12345678.tmp")
FORBIDDEN_NAME_CHARACTERS = set('/\\:*?"<>|') | {chr(c) for c in range(32)}


def check_game_record(value: Any, games: Mapping[str, Game] | None, resumable: bool = False) -> dict[str, Any]:
    """The record in a game file, checked (RecordError / FileDamage say what is wrong). With `games`
    (the games loaded in this run), the game must also be one this program knows, and replay; a
    `resumable` one (the autosave, a save) that is not finished must also name only AI levels its game
    has, or it could be offered for resuming and never open."""
    check_shape(value, msg("the record"))
    if games is None:
        return value
    game_id = value["game"]
    if game_id not in games and game_id not in manifests.registry().ids():
        raise FileDamage(msg("it is for a game this program does not know ({game})", game=repr(game_id)))
    game = games.get(game_id)
    if game is not None:
        if resumable and not value["finished"]:
            _check_controllers(value, game)
        replay(game, value, verify=True)
    return value


def _check_controllers(record: Mapping[str, Any], game: Game) -> None:
    levels = set(game.agent_levels())
    for seat in record["seats"]:
        controller = seat["controller"]
        level = controller.partition(":")[2] if controller.startswith("ai:") else None
        if controller != "human" and level not in levels:
            raise FileDamage(msg("{name} is played by {controller}, which {game} does not have",
                                 name=repr(seat["name"]), controller=repr(controller), game=game.title))


def read_game_file(path: Path, what: Message, games: Mapping[str, Game] | None,
                   consequence: Message | None = None, *, resumable: bool = False) -> Guarded[dict[str, Any]]:
    """A game file's record, or None and the message (the damaged file set aside)."""
    return read_guarded(path, what, lambda value: check_game_record(value, games, resumable), consequence)


@dataclass(frozen=True)
class GameFile:
    """One listed game file with what the list shows about it."""

    path: Path
    record: dict[str, Any]
    modified: float            # seconds since the epoch (the file's time)
    playable: bool             # its game is loaded in this run

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def game_id(self) -> str:
        return str(self.record["game"])

    @property
    def seat_names(self) -> list[str]:
        return [seat["name"] for seat in self.record["seats"]]

    @property
    def round_number(self) -> int:
        return max(1, len(self.record["rounds"]))

    @property
    def finished(self) -> bool:
        return bool(self.record["finished"])

    def scores_text(self) -> str:
        """Each seat's total so far: "You 2 · Ariadne 1 · Bion 0"."""
        return " · ".join(f"{name} {total}" for name, total in zip(self.seat_names, self.record["totals"]))

    def progress_text(self) -> str:
        return f"finished after round {self.round_number}" if self.finished else f"round {self.round_number}"

    def date_text(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))


def game_files(folder: Path) -> list[Path]:
    """The game files in a folder: `*.json`, not set-aside or half-written ones."""
    if not Path(folder).is_dir():
        return []
    return sorted(p for p in Path(folder).iterdir()
                  if p.suffix == ".json" and not p.name.startswith(".") and (p.is_file() or p.is_dir()))


A_SAVED_GAME = msg("A saved game")
A_KEPT_RECORD = msg("A kept game record")


def list_game_files(folder: Path, games: Mapping[str, Game],
                    what: Message = A_SAVED_GAME) -> tuple[list[GameFile], list[Message]]:
    """Every good game file in `folder`, newest first, and a message for each damaged one (set aside)."""
    listed: list[GameFile] = []
    messages: list[Message] = []
    for path in game_files(folder):
        loaded = read_game_file(path, what, games)
        if loaded.message:
            messages.append(loaded.message)
        if loaded.value is None:
            continue
        try:
            modified = path.stat().st_mtime
        except OSError:
            modified = 0.0
        listed.append(GameFile(path, loaded.value, modified, loaded.value["game"] in games))
    listed.sort(key=lambda f: (-f.modified, f.name))
    return listed, messages


def save_name_problem(name: str) -> Message | None:
    """Why a name cannot be a save's name (None: it can)."""
    stripped = name.strip()
    if not stripped:
        return msg("Give the save a name.")
    if len(stripped) > MAX_NAME_LENGTH:
        return msg_n("A save's name can have at most {count} character.",
                     "A save's name can have at most {count} characters.", MAX_NAME_LENGTH)
    if stripped.startswith("."):
        return msg("A save's name cannot start with a dot.")
    bad = sorted(set(stripped) & FORBIDDEN_NAME_CHARACTERS | {c for c in stripped if not c.isprintable()})
    if bad:
        printable = " ".join(c for c in bad if c.isprintable())
        if len(printable.replace(" ", "")) < len(bad):
            return msg("A save's name cannot hold a control character.") if not printable else \
                msg("A save's name cannot hold {characters} or a control character.", characters=printable)
        return msg("A save's name cannot hold {characters}.", characters=printable)
    if len(stripped.encode("utf-8")) > MAX_NAME_BYTES:
        return msg("This name is too long for a file name on this computer; use fewer or plainer characters.")
    return None


def name_taken(name: str) -> Message:
    return msg("A save called {name} already exists.", name=repr(name.strip()))


def save_path(folder: Path, name: str) -> Path:
    return Path(folder) / f"{name.strip()}.json"


def save_game(folder: Path, name: str, record: Mapping[str, Any], *, replace: bool = False) -> Path:
    """Write a record as the named save; ValueError with the player's reason if the name is not usable
    or already taken (unless `replace`)."""
    problem = save_name_problem(name)
    if problem:
        raise ValueError(problem)
    path = save_path(folder, name)
    if path.exists() and not replace:
        raise ValueError(name_taken(name))
    atomic_write_text(path, record_to_text(record))
    return path


def rename_save(path: Path, new_name: str) -> Path:
    """Give a save another name (ValueError with the reason when the name is not usable or taken)."""
    problem = save_name_problem(new_name)
    if problem:
        raise ValueError(problem)
    target = save_path(Path(path).parent, new_name)
    if target == Path(path):
        return target
    if target.exists():
        raise ValueError(name_taken(new_name))
    os.replace(path, target)
    return target


def delete_save(path: Path) -> None:
    """Remove a save the player chose to delete (the screen asks first)."""
    Path(path).unlink()


def free_save_name(folder: Path, base: str) -> str:
    """`base`, or `base (2)`, `base (3)`… whichever is not taken yet."""
    base = "".join(c for c in base if c not in FORBIDDEN_NAME_CHARACTERS and c.isprintable()).strip()
    base = base[:MAX_NAME_LENGTH - 5]
    while len(base.encode("utf-8")) > MAX_NAME_BYTES - 8:
        base = base[:-1]
    base = base.strip() or "Game"
    name, n = base, 2
    while save_path(folder, name).exists():
        name = f"{base} ({n})"
        n += 1
    return name


def suggested_name(title: str, when: float | None = None) -> str:
    """A default name for a save: the game and the time, e.g. "Zeus on the Loose 2026-11-23 20.31"."""
    return f"{title} {time.strftime('%Y-%m-%d %H.%M', time.localtime(when))}"


KEPT_NAME = "Unfinished {name}"


def keep_unfinished_autosave(autosave: Path, saves: Path, title: str, kept_name: str = KEPT_NAME) -> Path | None:
    """Move an unfinished game's autosave into the saves (a new game is about to replace it), under
    a free name: `kept_name` with {name} the suggested name (the UI passes it in the player's language,
    "Onafgemaakt …"). Returns the save's path; None when there was nothing unfinished to keep."""
    autosave = Path(autosave)
    if not autosave.is_file():
        return None
    try:
        record = read_record(autosave)
    except RecordError:     # a damaged autosave is the guarded reader's business (it sets it aside)
        return None
    if record.get("finished"):
        return None
    Path(saves).mkdir(parents=True, exist_ok=True)
    target = save_path(saves, free_save_name(saves, kept_name.format(name=suggested_name(title))))
    os.replace(autosave, target)
    return target
