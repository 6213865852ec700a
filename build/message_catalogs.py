"""The message catalogs: extract every player-facing text, merge it into each language, compile.

    python build/message_catalogs.py update     extract, merge into assets/locale/<code>/LC_MESSAGES/olympus.po, compile
    python build/message_catalogs.py compile    olympus.po -> olympus.mo beside it (what the program reads)
    python build/message_catalogs.py check      list what is missing, untranslated, fuzzy, left over or stale; exit 1 if any

(`make i18n` runs `update`.) Texts are found in four places: `_()`, `ngettext()`, `pgettext()` and `N_()`
calls in scenes/ and main.py (Babel's Python extractor); the sentences game/ writes with `msg()`,
`msg_n()` and `msg_p()` (game/core/messages.py: refusal reasons, damaged files, review verdicts), by the
same extractor with those keywords; the game terms each game lists in `game/<id>/terms.py`
(`content_terms()`: names from its content files); and the words the games give the menus (their
options and settings, scenes/ui/game_texts.py). A translator edits the .po file, then runs `update` (or
`compile`); the tests fail while a catalog lacks an entry or a translation, or its .mo is stale.

Babel is needed here only, never by the running program (the .mo files are read with the standard
library): it is in the `dev` extra of pyproject.toml.
"""
from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Sequence

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

REPO_ROOT = Path(__file__).resolve().parents[1]
LOCALE_DIR = REPO_ROOT / "assets" / "locale"
DOMAIN = "olympus"
SOURCE_GLOBS = ("scenes/**/*.py", "main.py")
ENGINE_GLOBS = ("game/**/*.py",)
# How game/ marks its sentences (game/core/messages.py), in Babel's keyword notation.
ENGINE_KEYWORDS = {"msg": None, "msg_n": (1, 2), "msg_p": ((1, "c"), 2)}
COMMENT_TAGS = ("Translators:",)
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
HEADER = "Olympus Table: every text a player reads."
LANGUAGE_TEAMS = {"nl": "Nederlands"}

if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))


def translated_languages() -> tuple[str, ...]:
    """Every language but the code's own (English needs no catalog)."""
    from game.core.settings import LANGUAGES
    from scenes.ui.i18n import SOURCE_LANGUAGE

    return tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)


def shown(path: Path) -> str:
    """A path as messages name it: from the repository's root when it is inside it."""
    try:
        return path.relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(path)


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def source_files(globs: tuple[str, ...] = SOURCE_GLOBS) -> list[Path]:
    files: set[Path] = set()
    for pattern in globs:
        files.update(p for p in REPO_ROOT.glob(pattern) if "__pycache__" not in p.parts)
    return sorted(files)


def engine_terms() -> list[tuple[str, str | None, str]]:
    """(text, context, where) for the game terms every game lists in `game/<id>/terms.py` (names from
    its content files, which no extractor can read from the source)."""
    import importlib

    from game.core.manifest import discover

    found = []
    for entry in discover("game").manifests:
        try:
            module = importlib.import_module(f"game.{entry.id}.terms")
        except ModuleNotFoundError as exc:
            if exc.name != f"game.{entry.id}.terms":
                raise
            continue
        for message in module.content_terms():
            found.append((message.template, message.context, f"game/{entry.id}/terms.py"))
    return found


def game_texts() -> list[tuple[str, str]]:
    """The games' own menu texts: every registered game's settings and options."""
    from game.catalog import load_game
    from game.core.manifest import discover
    from scenes.ui.game_texts import english_texts

    registry = discover("game")
    games = [load_game(entry.id) for entry in registry.manifests]
    return [(text, where) for text, where in english_texts(registry.manifests, games) if text]


def extract_template() -> Catalog:
    """Every text to translate, with where it is used (a catalog with no translations)."""
    template = Catalog(project="Olympus Table", header_comment=f"# {HEADER}", fuzzy=False)
    for path in source_files():
        relative = path.relative_to(REPO_ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True):
            template.add(message, None, [(relative, lineno)], auto_comments=comments, context=context)
    for path in source_files(ENGINE_GLOBS):
        relative = path.relative_to(REPO_ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=ENGINE_KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True):
            _add(template, message, context, location=(relative, lineno), comments=comments)
    for text, context, where in engine_terms():
        _add(template, text, context, comments=[where])
    for text, where in game_texts():
        if text in template:
            template[text].auto_comments.append(where)
        else:
            template.add(text, None, auto_comments=[where])
    return template


def _add(template: Catalog, message: str | tuple[str, ...], context: str | None, *,
         location: tuple[str, int] | None = None, comments: Sequence[str] = ()) -> None:
    """One more use of a text: a new entry, or the place (or comment) added to the entry it already has."""
    key = message[0] if isinstance(message, tuple) else message
    existing = template.get(key, context)
    if existing is None:
        template.add(message, None, [location] if location else [], auto_comments=list(comments), context=context)
        return
    if location and location not in existing.locations:
        existing.locations.append(location)
    existing.auto_comments.extend(c for c in comments if c not in existing.auto_comments)


def read_catalog(code: str) -> Catalog:
    with po_path(code).open("rb") as handle:
        return read_po(handle, locale=code, domain=DOMAIN)


def update() -> None:
    """Merge the extracted texts into each language's catalog (new ones empty, gone ones removed)."""
    template = extract_template()
    for code in translated_languages():
        path = po_path(code)
        if path.exists():
            catalog = read_catalog(code)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=code, domain=DOMAIN, project="Olympus Table", header_comment=f"# {HEADER}",
                              fuzzy=False)
        before = _content(catalog)
        created = catalog.creation_date
        catalog.update(template, no_fuzzy_matching=True)
        if before == _content(catalog):       # nothing changed: nor does the file
            catalog.creation_date = created
        catalog.version = project_version()
        catalog.revision_date = catalog.creation_date
        catalog.msgid_bugs_address = ""
        catalog.last_translator = "Olympus Table"
        catalog.language_team = LANGUAGE_TEAMS.get(code, code)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, ignore_obsolete=True, include_previous=False)
        print(f"{shown(path)}: {len(catalog)} messages")
    compile_all()


def _content(catalog: Catalog) -> list[tuple[object, ...]]:
    """What a catalog says, without its dates: to tell whether an update changed anything."""
    return [(m.id, m.context, m.string, tuple(m.locations), tuple(m.auto_comments)) for m in catalog]


def project_version() -> str:
    import tomllib

    with (REPO_ROOT / "pyproject.toml").open("rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def compiled(code: str) -> bytes:
    """The .mo bytes of one language's catalog as it is now."""
    buffer = io.BytesIO()
    write_mo(buffer, read_catalog(code), use_fuzzy=False)
    return buffer.getvalue()


def same_messages(mo_bytes: bytes, wanted: bytes) -> bool:
    """Whether two .mo files hold the same messages. Compared by content, not byte for byte, because
    Babel releases differ in how they lay out the same catalog (header order, hash table)."""
    def messages(data: bytes) -> dict:
        return {(m.context, m.id if not isinstance(m.id, list) else tuple(m.id)):
                (m.string if not isinstance(m.string, list) else tuple(m.string))
                for m in read_mo(io.BytesIO(data)) if m.id}
    if mo_bytes == wanted:
        return True
    try:
        return messages(mo_bytes) == messages(wanted)
    except Exception:  # a damaged .mo is simply not the compiled catalog
        return False


def compile_all() -> None:
    for code in translated_languages():
        mo_path(code).write_bytes(compiled(code))
        print(f"{shown(mo_path(code))} written")


def is_translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    return all(isinstance(s, str) and s.strip() for s in strings)


def problems(template: Catalog | None = None) -> list[str]:
    """What keeps the catalogs from being complete, one sentence each (empty: all is well)."""
    template = template if template is not None else extract_template()
    found: list[str] = []
    for code in translated_languages():
        if not po_path(code).exists():
            found.append(f"{code}: there is no catalog {shown(po_path(code))}")
            continue
        catalog = read_catalog(code)
        for message in template:
            if not message.id:
                continue
            entry = catalog.get(message.id, message.context)
            where = ", ".join(f"{f}:{n}" for f, n in message.locations) or "; ".join(message.auto_comments)
            if entry is None:
                found.append(f"{code}: missing {message.id!r} ({where})")
            elif not is_translated(entry):
                found.append(f"{code}: no translation for {message.id!r} ({where})")
            elif entry.fuzzy:
                found.append(f"{code}: the translation of {message.id!r} is marked fuzzy")
            else:
                ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
                strings = entry.string if isinstance(entry.string, (list, tuple)) else (entry.string,)
                wanted = set(PLACEHOLDER.findall(" ".join(ids)))
                for string in strings:
                    if set(PLACEHOLDER.findall(string)) != wanted:
                        found.append(f"{code}: the translation of {message.id!r} has the placeholders "
                                     f"{sorted(PLACEHOLDER.findall(string))}, not {sorted(wanted)}")
        for entry in catalog:
            if entry.id and template.get(entry.id, entry.context) is None:
                found.append(f"{code}: {entry.id!r} is no longer used (run `make i18n`)")
        if not mo_path(code).exists() or not same_messages(mo_path(code).read_bytes(), compiled(code)):
            found.append(f"{code}: {shown(mo_path(code))} is not compiled from the .po "
                         "as it is now (run `python build/message_catalogs.py compile`)")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
        return 0
    if command == "compile":
        compile_all()
        return 0
    if command == "check":
        found = problems()
        for problem in found:
            print(problem)
        print(f"{len(found)} problems")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
