"""Names a player gives (seats, saves) and names found in files: what may be in them.

A name is drawn on screen, written into records and file names, and compared with others. A character
that cannot be drawn or that changes how the text around it is drawn has no place in it: control
characters (a NUL stops the font renderer), and format characters such as the bidirectional overrides
(U+202E shows "evas" for "save"). Python's `str.isprintable` is exactly "no control, format, private,
unassigned or separator character except the space", so a name is printable text, trimmed, not too long.

Names typed in the program are cleaned as they are typed (the text field refuses such characters);
names read from files are checked here, and a file holding one is damage.
"""
from __future__ import annotations

from game.core.messages import Message, msg, msg_n

MAX_NAME_CHARS = 64     # a seat's name in a record; the setup screen allows 24, a save's name 60


def unprintable(text: str) -> list[str]:
    """The characters of `text` that are not printable text (each once, in order of code point)."""
    return sorted({ch for ch in text if not ch.isprintable()})


def name_problem(text: str, limit: int = MAX_NAME_CHARS) -> Message | None:
    """Why `text` cannot be a name read from a file (None: it can)."""
    if not isinstance(text, str) or not text.strip():
        return msg("a name is empty")
    if len(text) > limit:
        return msg_n("a name is longer than {count} character", "a name is longer than {count} characters", limit)
    if unprintable(text):
        return msg("a name holds a control character ({code})", code=f"U+{ord(unprintable(text)[0]):04X}")
    return None


def clean_name(text: str, limit: int) -> str:
    """`text` without its unprintable characters, trimmed and cut to `limit` characters ("" if none is left)."""
    return "".join(ch for ch in str(text) if ch.isprintable()).strip()[:limit].strip()
