"""Breaking a shipped content file on purpose and checking the one ContentError it gives: the games'
content tests share these, so every game's file is held to the same message (file, key, line, words)."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from game.core.errors import ContentError


class ShippedFile:
    """A shipped content file's text, its name and the game's parser for it."""

    def __init__(self, text: str, name: str, parse: Callable[[str, str], Any]) -> None:
        self.text, self.name, self.parse = text, name, parse

    def broken(self, old: str, new: str) -> str:
        """The shipped text with its first `old` replaced by `new` (which must be there to replace)."""
        assert old in self.text, old
        return self.text.replace(old, new, 1)

    def expect_error(self, text: str, key: str, line: int | None, words: str) -> None:
        """Parsing `text` fails with one ContentError naming this file, `key` and `line`, and saying `words`."""
        with pytest.raises(ContentError) as caught:
            self.parse(text, self.name)
        error = caught.value
        assert (error.file, error.key, error.line) == (self.name, key, line), str(error)
        assert words in str(error)


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """The 1-based line of the `occurrence`-th line holding `needle`."""
    lines = [i + 1 for i, line in enumerate(text.splitlines()) if needle in line]
    return lines[occurrence - 1]
