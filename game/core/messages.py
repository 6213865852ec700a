"""Sentences that game/ writes for a player, kept language-neutral: a message id and its arguments.

game/ knows no language (the UI chooses it), yet it writes sentences a player reads: why a move is
refused, why a file was set aside, what a review found. Each of them is a `Message`: a `str` holding
the English text, exactly as before (so logs, exceptions, tests and every caller that treats it as
text see no change), that also remembers how it was made: its English template, which is the
catalog's message id, and its named arguments. The UI says it in the player's language with
`scenes.ui.i18n.translate_message`.

    msg("your slot {slot} is empty", slot=2)                    -> "your slot 2 is empty"
    msg_n("{count} beam", "{count} beams", 3)                  -> "3 beams" (plural forms per language)
    term("red", "beam colour")                                  -> a game term from content data

An argument that is itself a game term or sentence (a `Message`) is translated too; any other argument
(a player's name, a number, a card id) is shown as it is. Templates must be string literals: the catalog
tool (build/message_catalogs.py) extracts them from the source, as it extracts the UI's `_()` texts;
`term()` texts come from content files, so each game lists them in `game/<id>/terms.py`.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

_NO_ARGS: Mapping[str, Any] = {}


class Message(str):
    """English text for a player that carries its template (the message id) and its arguments.

    `template` is the English text with `{name}` placeholders; `plural` the plural template when the
    sentence counts something (`args["count"]` chooses the form); `context` tells two uses of one
    English word apart in the catalog (gettext's msgctxt)."""

    template: str
    args: Mapping[str, Any]
    plural: str | None
    context: str | None

    def __new__(cls, template: str, args: Mapping[str, Any] | None = None, plural: str | None = None,
                context: str | None = None) -> "Message":
        args = args or _NO_ARGS
        chosen = template if plural is None or args.get("count") == 1 else plural
        self = super().__new__(cls, chosen.format(**args) if args else chosen)
        self.template, self.args, self.plural, self.context = template, args, plural, context
        return self

    def fill(self, **args: Any) -> "Message":
        """This sentence with its placeholders filled: a template kept as a Message (`msg` with no
        arguments) and filled where the numbers are known."""
        return Message(self.template, {**self.args, **args}, self.plural, self.context)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole (a review runs in another process and sends its sentences back)."""
        return (Message, (self.template, dict(self.args), self.plural, self.context))


class Listing(Message):
    """Terms one after the other, "red, blue ×2, joker": each part translated, joined as written."""

    parts: tuple[str, ...]

    def __new__(cls, parts: Sequence[str]) -> "Listing":
        self = str.__new__(cls, ", ".join(parts))
        self.template, self.args, self.plural, self.context = str(self), _NO_ARGS, None, None
        self.parts = tuple(parts)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Listing, (self.parts,))


def msg(template: str, /, **args: Any) -> Message:
    """A sentence: `template` is a string literal with `{name}` placeholders filled from `args`."""
    return Message(template, args)


def msg_n(singular: str, plural: str, count: int, /, **args: Any) -> Message:
    """A sentence that counts: the singular or a plural form for `count` (also `{count}` in the text)."""
    return Message(singular, {"count": count, **args}, plural)


def msg_p(context: str, template: str, /, **args: Any) -> Message:
    """A sentence whose words depend on where it is used; `context` tells the translator which use."""
    return Message(template, args, context=context)


def term(text: str, context: str | None = None) -> Message:
    """A game term from content data (a colour's name, say), translated where it is shown. Unlike `msg`,
    `text` is not a literal: the game lists its terms in `game/<id>/terms.py` for the catalog."""
    return Message(text, None, context=context)
