"""The player's language: every word a player reads passes through here.

Code is written in English and wraps each player-facing text: `_("Settings")`, placeholders by name
(`_("Resume {game}").format(game=title)`), plurals with `ngettext("{count} win", "{count} wins", n)`,
and `pgettext("month", "May")` where one English word needs two translations. `N_("Easy")` only marks a
text for the catalog where it is defined; it is translated with `_()` where it is shown.

The translations are gettext catalogs: `assets/locale/<code>/LC_MESSAGES/olympus.po`, kept up to date
by `make i18n` (build/message_catalogs.py, with Babel), and the compiled `olympus.mo` beside it, which is what is
read here with the standard library's `gettext`. The running program (and the packaged bundle) thus
needs no extra library; docs/architecture.md says why.

One language at a time for the whole process (one player, one window): `set_language` switches it,
and the App then lays every scene out again, so each screen redraws in the new language at once.
Texts that come from a game (its settings, its options, the names of its choices) are translated with
`game_text()`: the same catalog, filled by the catalog tool from the games' own data (scenes/ui/game_texts.py).
Sentences that game/ writes (a refused move's reason, a damaged file, a review's verdict) arrive as
`game.core.messages.Message`: English text with its message id and arguments, which
`translate_message()` says in the player's language.
"""
from __future__ import annotations

import gettext as gettext_module
import locale
import logging
import os
import re
import time
from functools import lru_cache
from typing import Mapping

from game.core.messages import Listing, Message
from game.core.resources import asset_path
from game.core.settings import LANGUAGES
from game.core.userfiles import os_reason

log = logging.getLogger("olympus.i18n")

DOMAIN = "olympus"
SOURCE_LANGUAGE = "en"                  # the code's own language: it needs no catalog
LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands"}   # each in its own language, as a chooser shows it
DECIMAL_COMMA = frozenset({"nl"})       # languages writing 1,5 where English writes 1.5
_BETWEEN_DIGITS = re.compile(r"(?<=\d)[.,](?=\d)")

_translations: gettext_module.NullTranslations = gettext_module.NullTranslations()
_language = SOURCE_LANGUAGE
_loaded: dict[str, gettext_module.NullTranslations] = {}    # read once per run and language


def locale_dir() -> str:
    return str(asset_path("locale"))


def load_translations(code: str) -> gettext_module.NullTranslations:
    """The compiled catalog of one language (English, or a missing catalog: the texts as written)."""
    if code == SOURCE_LANGUAGE:
        return gettext_module.NullTranslations()
    try:
        return gettext_module.translation(DOMAIN, localedir=locale_dir(), languages=[code])
    except OSError as exc:     # a missing or unreadable catalog costs the language, never the program
        log.error("no %s translations (%s); English is shown", code, exc)
        return gettext_module.NullTranslations()


def set_language(code: str) -> None:
    """Speak `code` from now on (one of LANGUAGES; anything else means English)."""
    global _translations, _language
    code = code if code in LANGUAGES else SOURCE_LANGUAGE
    if code not in _loaded:
        _loaded[code] = load_translations(code)
    _translations, _language = _loaded[code], code


def current_language() -> str:
    return _language


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The first of the system's preferred languages that the program speaks; English otherwise.

    SDL's list of preferred locales is asked first (it knows Windows' and macOS's settings), then the
    variables gettext itself reads, then Python's locale."""
    for tag in _preferred_locales(environ):
        code = tag.replace("-", "_").split("_")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
        if tag.lower().startswith("dutch"):         # Windows' own name, e.g. "Dutch_Netherlands"
            return "nl"
    return SOURCE_LANGUAGE


def _preferred_locales(environ: Mapping[str, str] | None) -> list[str]:
    tags: list[str] = []
    if environ is None:
        environ = os.environ
        try:
            import pygame.system

            tags += [entry["language"] for entry in pygame.system.get_pref_locales()]
        except (ImportError, AttributeError, RuntimeError) as exc:
            log.info("the system's preferred languages are not known to SDL: %s", exc)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            tags += [part for part in value.split(":") if part]
            break
    if environ is os.environ:
        found = locale.getlocale()[0]
        if found:
            tags.append(found)
    return [tag for tag in tags if tag and tag not in ("C", "POSIX")]


def chosen_language(setting: str, *, follow_system: bool = True) -> str:
    """The language to speak for a settings value ("" follows the system, unless `follow_system` is off)."""
    if setting in LANGUAGES:
        return setting
    return system_language() if follow_system else SOURCE_LANGUAGE


# ----- looking texts up -----------------------------------------------------------------------------------
def _(message: str) -> str:
    """The text in the player's language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or a plural form for `count`, as the player's language counts."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """A text whose translation depends on where it is used (`context` tells the translator)."""
    return _translations.pgettext(context, message)


def N_(message: str) -> str:
    """Mark a text for the catalog without translating it yet (it is translated where it is shown)."""
    return message


def translate_message(message: str) -> str:
    """A sentence from game/ in the player's language: a `Message` by its id, with its arguments that are
    game terms or sentences translated too. Any other text (a name, or a sentence from code that does not
    make Messages yet) is shown as it is, so a caller never needs to know which one it holds."""
    if not isinstance(message, Message):
        return message
    if isinstance(message, Listing):
        return ", ".join(translate_message(part) for part in message.parts)
    args = {name: translate_message(value) if isinstance(value, Message) else value
            for name, value in message.args.items()}
    if message.plural is not None:
        count = int(args["count"])
        if message.context is not None:
            template = _translations.npgettext(message.context, message.template, message.plural, count)
        else:
            template = _translations.ngettext(message.template, message.plural, count)
    elif message.context is not None:
        template = _translations.pgettext(message.context, message.template)
    else:
        template = _translations.gettext(message.template)
    return template.format(**args) if args else template


def reason_words(exc: BaseException) -> str:
    """Why something failed, for a player: a game/ sentence (an exception carrying a `Message`, such as
    a record that does not replay) in the player's language; a failed read or write in our words where
    we have them (a full disk, no permission), else the system's; else the text."""
    if exc.args and isinstance(exc.args[0], Message):
        return translate_message(exc.args[0])
    if isinstance(exc, OSError) and (exc.strerror or exc.errno is not None):
        return translate_message(os_reason(exc))
    return str(exc)


def game_text(message: str) -> str:
    """A text a game provides (an option, a setting, the name of a choice), in the player's language."""
    return _translations.gettext(message) if message else message


# ----- numbers and dates ------------------------------------------------------------------------------------
def localize_digits(text: str) -> str:
    """Decimal points inside numbers as the language writes them ("1.50 s" -> "1,50 s" in Dutch)."""
    if _language in DECIMAL_COMMA:
        return _BETWEEN_DIGITS.sub(",", text)
    return text


def format_decimal(value: float, places: int) -> str:
    return localize_digits(f"{value:.{places}f}")


def format_percent(percent: float) -> str:
    """A whole percentage, spaced as the language writes it ("57 %" / "57%")."""
    return _("{percent} %").format(percent=round(percent))


# Abbreviated month names, as a date in a list shows them.
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"),
          N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))


def format_datetime(timestamp: float) -> str:
    """A file's local date and time as the language writes it: "23 Nov 2026, 21:07" / "23 nov. 2026, 21:07"."""
    moment = time.localtime(timestamp)
    month = _(MONTHS[moment.tm_mon - 1])
    return _("{day} {month} {year}, {hour}:{minute}").format(
        day=moment.tm_mday, month=month, year=moment.tm_year, hour=f"{moment.tm_hour:02d}",
        minute=f"{moment.tm_min:02d}")


def is_named_you(name: str) -> bool:
    """The player kept the default name, "You" in any language the program speaks ("You", "Jij").

    A line about such a player takes its second-person form ("You draw", "Jij bent klaar"); the name is
    stored in the language the game was set up in, so every language's word counts, not just today's."""
    return name.strip().casefold() in _you_words()


@lru_cache(maxsize=1)
def _you_words() -> frozenset[str]:
    """Every language's word for the default name (the catalogs never change while the program runs)."""
    words = set()
    for code in LANGUAGES:
        if code not in _loaded:
            _loaded[code] = load_translations(code)
        words.add(_loaded[code].gettext("You").casefold())
    return frozenset(words)


def join_names(names: list[str]) -> str:
    """"Io, Ariadne and Bion" in the player's language."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
