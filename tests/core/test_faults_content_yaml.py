"""Deck YAML under faults: a file that is not UTF-8 and a "billion laughs" of nested aliases each give the
one message every content problem gives (file, key, line), without Python's raw errors and without
expanding anything."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from game.core.content import load_yaml, parse_yaml
from game.core.errors import ContentError
from game.zeus.deck import load_deck, parse_deck

ZEUS_YAML = Path(__file__).resolve().parents[2] / "assets" / "decks" / "zeus.yaml"

LAUGHS = "\n".join(["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
                   + [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]" for i in range(8)]) + "\n"


def test_a_deck_that_is_not_utf8_names_the_file_and_line(tmp_path: Path) -> None:
    text = ZEUS_YAML.read_bytes()
    lines = text.split(b"\n")
    lines[4] = lines[4] + b" # caf\xe9"          # Latin-1 from an old editor, on line 5
    path = tmp_path / "zeus.yaml"
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(ContentError) as caught:
        load_deck(path)
    assert caught.value.file == "zeus.yaml" and caught.value.line == 5
    assert "UTF-8" in str(caught.value)


def test_nested_aliases_are_refused_with_the_key_and_line_before_any_expansion(tmp_path: Path) -> None:
    path = tmp_path / "zeus.yaml"
    path.write_text(LAUGHS, encoding="utf-8")
    started = time.perf_counter()
    with pytest.raises(ContentError) as caught:
        load_yaml(path).value
    assert time.perf_counter() - started < 2
    assert caught.value.key == "b[0]" and caught.value.line == 2 and "*a" in str(caught.value)


def test_an_alias_in_a_deck_is_refused() -> None:
    text = ZEUS_YAML.read_text(encoding="utf-8") + "\nextra: &x [1]\nmore: *x\n"
    with pytest.raises(ContentError) as caught:
        parse_deck(text)
    assert caught.value.key == "more" and "alias" in str(caught.value)


def test_a_fifo_in_place_of_a_deck_is_refused(tmp_path: Path) -> None:
    import os

    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp_path / "zeus.yaml"
    os.mkfifo(path)
    with pytest.raises(ContentError):
        load_yaml(path)


def test_plain_yaml_still_reads() -> None:
    assert parse_yaml("a: 1\nb: [x, y]\n", "f.yaml").value == {"a": 1, "b": ["x", "y"]}
