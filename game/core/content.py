"""Reading YAML content with line numbers, so a bad file gets one message naming file, key and line.

`yaml.safe_load`-equivalent parsing (the safe composer and constructor only), kept as a tree of
`Node`s that remember where they came from. Each game validates its files into frozen dataclasses
with the `Node.expect_*` helpers, which raise `ContentError` on the first problem.

Aliases (`*name`, repeating an `&name` anchor) are refused: our content never needs them, and nested
ones expand exponentially ("billion laughs"), so a small hostile file could fill memory. A file that is
not UTF-8 is named with its line, like every other problem; a file larger than `MAX_CONTENT_BYTES`, or
one that is not a regular file, is refused before it is read.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Iterator

import yaml

from game.core.errors import ContentError

SYMBOL_NAME = re.compile(r"^[a-z_]+$")
MAX_CONTENT_BYTES = 4 * 1024 * 1024     # our largest content file is a few kilobytes


class _AliasFound(Exception):
    def __init__(self, key: str, line: int, anchor: str) -> None:
        super().__init__(key, line, anchor)
        self.key, self.line, self.anchor = key, line, anchor


class _NoAliasLoader(yaml.SafeLoader):
    """The safe loader's composer, refusing an alias where it meets one (with the key path and line)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._path: list[str] = []

    def compose_node(self, parent: yaml.Node | None, index: object) -> yaml.Node | None:
        if isinstance(index, yaml.ScalarNode):
            step = str(index.value)
        elif isinstance(index, int) and isinstance(parent, yaml.SequenceNode):
            step = f"[{index}]"
        else:
            step = None
        if step is not None:
            self._path.append(step)
        try:
            if self.check_event(yaml.AliasEvent):
                event = self.peek_event()
                raise _AliasFound(_dotted(self._path), event.start_mark.line + 1, str(event.anchor))
            return super().compose_node(parent, index)
        finally:
            if step is not None:
                self._path.pop()


def _dotted(path: list[str]) -> str:
    key = ""
    for step in path:
        key += step if step.startswith("[") or not key else f".{step}"
    return key or "(top)"


class Node:
    """A YAML value with its file, dotted key path and line (1-based)."""

    def __init__(self, raw: yaml.Node | None, file: str, key: str, line: int | None) -> None:
        self._raw = raw
        self.file = file
        self.key = key or "(top)"
        self.line = line

    # ----- reading -------------------------------------------------------------------------------
    @property
    def value(self) -> Any:
        """The plain Python value (as yaml.safe_load would give it)."""
        if self._raw is None:
            return None
        try:
            return _construct(self._raw)
        except yaml.YAMLError as exc:  # e.g. a !!python tag: safe loading refuses it
            raise self.fail("plain YAML data (no tags)", getattr(exc, "problem", str(exc))) from exc

    def fail(self, expected: str, found: object = None) -> ContentError:
        return ContentError(self.file, self.key, self.line, expected, found)

    def is_map(self) -> bool:
        return isinstance(self._raw, yaml.MappingNode)

    def is_list(self) -> bool:
        return isinstance(self._raw, yaml.SequenceNode)

    def has(self, name: str) -> bool:
        return self.is_map() and any(_construct(k) == name for k, _ in self._raw.value)

    def get(self, name: str, *, required: bool = True) -> "Node":
        """The child under key `name`; missing and required -> ContentError naming it."""
        if not self.is_map():
            raise self.fail("a mapping of keys to values", self.value)
        for key_node, value_node in self._raw.value:
            if _construct(key_node) == name:
                return Node(value_node, self.file, self._child_key(name), value_node.start_mark.line + 1)
        if required:
            raise ContentError(self.file, self._child_key(name), self.line, "this key to be present")
        return Node(None, self.file, self._child_key(name), self.line)

    def items(self) -> Iterator[tuple[str, "Node"]]:
        if not self.is_map():
            raise self.fail("a mapping of keys to values", self.value)
        seen: set[str] = set()
        for key_node, value_node in self._raw.value:
            name = _construct(key_node)
            if not isinstance(name, (str, int)):
                raise Node(key_node, self.file, self.key, key_node.start_mark.line + 1).fail("a text key", name)
            name = str(name)
            if name in seen:
                raise ContentError(self.file, self._child_key(name), key_node.start_mark.line + 1,
                                   "each key only once (this one is repeated)")
            seen.add(name)
            yield name, Node(value_node, self.file, self._child_key(name), value_node.start_mark.line + 1)

    def elements(self) -> Iterator["Node"]:
        if not self.is_list():
            raise self.fail("a list", self.value)
        for i, child in enumerate(self._raw.value):
            yield Node(child, self.file, f"{self.key}[{i}]", child.start_mark.line + 1)

    def check_keys(self, allowed: set[str] | frozenset[str]) -> None:
        """Reject keys nobody reads: a typo should not pass silently."""
        for name, child in self.items():
            if name not in allowed:
                raise child.fail(f"one of the keys {', '.join(sorted(allowed))}", name)

    # ----- typed access ---------------------------------------------------------------------------
    def expect_str(self, *, choices: tuple[str, ...] | None = None) -> str:
        value = self.value
        if not isinstance(value, str) or not value.strip():
            raise self.fail("a non-empty text", value)
        if choices is not None and value not in choices:
            raise self.fail(f"one of {', '.join(choices)}", value)
        return value

    def expect_int(self, *, minimum: int | None = None, maximum: int | None = None) -> int:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail("a whole number", value)
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            low = "" if minimum is None else f"≥ {minimum}"
            high = "" if maximum is None else f"≤ {maximum}"
            raise self.fail(f"a whole number {' and '.join(x for x in (low, high) if x)}", value)
        return value

    def expect_bool(self) -> bool:
        value = self.value
        if not isinstance(value, bool):
            raise self.fail("true or false", value)
        return value

    def expect_list(self, *, min_length: int = 0) -> list["Node"]:
        items = list(self.elements())
        if len(items) < min_length:
            raise self.fail(f"a list of at least {min_length} items", self.value)
        return items

    def _child_key(self, name: object) -> str:
        return str(name) if self.key == "(top)" else f"{self.key}.{name}"


def read_rgb(node: Node) -> tuple[int, int, int]:
    """A colour given as [red, green, blue], each 0..255."""
    parts = node.expect_list()
    if len(parts) != 3:
        raise node.fail("three whole numbers 0..255 (red, green, blue)", node.value)
    rgb = tuple(p.expect_int(minimum=0, maximum=255) for p in parts)
    return (rgb[0], rgb[1], rgb[2])


def read_symbol(node: Node) -> str:
    """The name of a symbol drawn beside a colour, so it can be told apart without colour."""
    symbol = node.expect_str()
    if not SYMBOL_NAME.match(symbol):
        raise node.fail("a symbol name in lower case with underscores", symbol)
    return symbol


def player_count_nodes(root: Node, counts: tuple[int, ...],
                       describe: Callable[[int], str]) -> Iterator[tuple[int, Node]]:
    """The `players` section: one entry per player count, no other keys. Yields each count's node in
    turn (so a problem in an earlier count is reported first); a missing count fails with
    `describe(count)` as what was expected."""
    players_node = root.get("players")
    players_node.check_keys({str(n) for n in counts})
    by_count = dict(players_node.items())
    for count in counts:
        if str(count) not in by_count:
            raise ContentError(players_node.file, f"players.{count}", players_node.line, describe(count))
        yield count, by_count[str(count)]


def _construct(node: yaml.Node) -> Any:
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    finally:
        loader.dispose()


def load_yaml(path: Path | str, *, display_name: str | None = None) -> Node:
    """Parse a YAML file safely; a syntax error becomes a ContentError with its line."""
    from game.core.userfiles import FileDamage, read_regular_bytes

    path = Path(path)
    name = display_name or path.name
    try:
        raw = read_regular_bytes(path, MAX_CONTENT_BYTES)
    except OSError as exc:
        raise ContentError(name, "(file)", None, "a readable file", exc.strerror or str(exc)) from exc
    except FileDamage as exc:
        raise ContentError(name, "(file)", None, "a readable file", str(exc.reason)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise ContentError(name, "(text)", line, "UTF-8 text",
                           f"the byte {raw[exc.start]:#04x} at position {exc.start}") from None
    return parse_yaml(text, name)


def parse_yaml(text: str, name: str) -> Node:
    try:
        loader = _NoAliasLoader(text)       # the reader refuses a NUL and other control characters at once
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise ContentError(name, "(text)", mark.line + 1 if mark else None, "printable text", exc.problem) from None
    except yaml.YAMLError as exc:
        line = text[:exc.position].count("\n") + 1 if isinstance(getattr(exc, "position", None), int) else None
        raise ContentError(name, "(text)", line, "printable text",
                           f"the character {exc.character!r}" if hasattr(exc, "character") else str(exc)) from None
    try:
        root = loader.get_single_node()
    except _AliasFound as exc:
        raise ContentError(name, exc.key, exc.line, "a value written out (no aliases such as *name)",
                           f"*{exc.anchor}") from None
    except RecursionError:
        raise ContentError(name, "(top)", None, "values nested a few levels deep", "nesting far too deep") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise ContentError(name, "(syntax)", line, "valid YAML", exc.problem) from exc
    except yaml.YAMLError as exc:
        raise ContentError(name, "(syntax)", None, "valid YAML", str(exc)) from exc
    finally:
        loader.dispose()
    if root is None:
        raise ContentError(name, "(top)", 1, "a mapping of keys to values", "an empty file")
    _check_unique_keys(root, name)
    return Node(root, name, "", root.start_mark.line + 1)


def _check_unique_keys(root: yaml.Node, name: str) -> None:
    """Every mapping names each key once: YAML says so, and a second `cards:` would silently win or lose."""
    stack: list[tuple[yaml.Node, str]] = [(root, "")]
    while stack:
        node, where = stack.pop()
        if isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            for key, value in node.value:
                label = str(key.value) if isinstance(key, yaml.ScalarNode) else "?"
                path = f"{where}.{label}" if where else label
                if isinstance(key, yaml.ScalarNode):
                    if label in seen:
                        raise ContentError(name, path, key.start_mark.line + 1,
                                           "each key only once (this one is repeated)")
                    seen.add(label)
                stack.append((value, path))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((child, f"{where}[{i}]") for i, child in enumerate(node.value))
