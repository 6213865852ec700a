"""A player who keeps the default name is "You" in English and "Jij" in Dutch, and every line about them
takes its second-person form: "Jij bent klaar", "Jij hebt ZEUS compleet", never "Jij is klaar".

The pairs are read from the tables' own code (each `_said(seat, others, you)` call and each pair of
texts handed to one), so a new log line is checked the day it is written."""
from __future__ import annotations

import ast
import re
import string
from pathlib import Path
from types import SimpleNamespace

import pytest

from scenes.ui import i18n
from scenes.screens.setup import default_player_name
from scenes.table.base import TableScene

REPO = Path(__file__).resolve().parents[1]

# The verb forms that belong to "hij/zij" but never to "jij" right after the subject: jij bent, hebt,
# kunt, zult, wilt (a regular verb's "jij speelt" and "hij speelt" are the same, so only these tell).
THIRD_PERSON_ONLY = {"is": "bent", "heeft": "hebt", "kan": "kunt", "zal": "zult", "wil": "wilt"}
SECOND_PERSON_ONLY = set(THIRD_PERSON_ONLY.values())
# Possessives that speak about someone else: "zijn/haar kaart", "hun kaarten" must be "je kaart".
THIRD_PERSON_POSSESSIVES = re.compile(r"\b(haar|hun|zijn eigen|zijn/haar)\b", re.IGNORECASE)
# With the subject after its verb the verb loses its -t for "jij" ("Nu leg jij", not "Nu legt jij").
# Words ending in -t that are not verbs may stand before the subject.
NOT_VERBS = {"dat", "niet", "met", "tot", "wat", "het", "want", "toest", "nacht", "eerst"}


def _translated(node: ast.expr) -> str | None:
    """The text of a `_("...")` call, or None."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
        return node.args[0].value
    return None


def said_pairs() -> list[tuple[str, str]]:
    """Every (third-person text, You text) pair the tables choose between by the player's name."""
    pairs: dict[tuple[str, str], None] = {}
    for path in sorted((REPO / "scenes").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            candidates: list[tuple[ast.expr, ast.expr]] = []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "_said":
                if len(node.args) >= 3:
                    candidates.append((node.args[1], node.args[2]))
            elif isinstance(node, ast.Tuple) and len(node.elts) == 2:      # pairs handed on with *pair
                candidates.append((node.elts[0], node.elts[1]))
            for others, you in candidates:
                pair = (_translated(others), _translated(you))
                if pair[0] and pair[1] and "{name}" in pair[0]:
                    pairs[pair] = None
    return list(pairs)


PAIRS = said_pairs()


def _filled(template: str, name: str) -> str:
    """`template` with {name} as `name` and every other placeholder as a neutral word."""
    fields = {field for _, field, _, _ in string.Formatter().parse(template) if field}
    return template.format(**{field: name if field == "name" else "X" for field in fields})


def second_person_mistakes(third: str, you: str, name: str) -> list[str]:
    """What reads wrongly in a Dutch pair when the player is `name` (the Dutch "You")."""
    mistakes = []
    said = _filled(you, name)
    for verb in re.findall(rf"\b{name} (\w+)", said):
        if verb in THIRD_PERSON_ONLY:
            mistakes.append(f"{said!r}: '{name} {verb}' should be '{name} {THIRD_PERSON_ONLY[verb]}'")
    for verb in re.findall(rf"\b(\w+t) {name}\b", said, re.IGNORECASE):
        if verb.casefold() not in NOT_VERBS:
            mistakes.append(f"{said!r}: '{verb} {name}' keeps the -t of the third person")
    if THIRD_PERSON_POSSESSIVES.search(said):
        mistakes.append(f"{said!r}: speaks of the player as someone else")
    for verb in re.findall(r"\{name\} (\w+)", third):
        if verb in SECOND_PERSON_ONLY:
            mistakes.append(f"{third!r}: the third-person line has the 'jij' form '{verb}'")
    return mistakes


@pytest.fixture
def dutch():
    i18n.set_language("nl")
    yield
    i18n.set_language("en")


def test_the_tables_choose_between_enough_pairs_to_check() -> None:
    assert len(PAIRS) > 50
    assert ("{name} is ready", "{name} are ready") in PAIRS
    assert ("{name} is holding a card", "{name} are holding a card") in PAIRS     # handed on as *pair


def test_the_dutch_default_name_takes_the_second_person(dutch) -> None:
    name = default_player_name("You")
    assert name == "Jij"
    table = SimpleNamespace(_name=lambda seat: name if seat == 0 else "Bob", _reader_is=lambda seat: seat == 0)
    said = TableScene._said(table, 0, i18n._("{name} is ready"), i18n._("{name} are ready"))
    assert said == "Jij bent klaar"
    assert TableScene._said(table, 1, i18n._("{name} is ready"), i18n._("{name} are ready")) == "Bob is klaar"


def test_a_name_given_in_either_language_is_you_in_both(dutch) -> None:
    for name in ("You", "you", "Jij", " jij "):
        assert i18n.is_named_you(name)
        i18n.set_language("en")
        assert i18n.is_named_you(name)
        i18n.set_language("nl")
    assert not i18n.is_named_you("Joy")


def test_every_dutch_line_about_the_player_named_jij_is_in_the_second_person(dutch) -> None:
    mistakes = [mistake for third, you in PAIRS
                for mistake in second_person_mistakes(i18n._(third), i18n._(you), "Jij")]
    assert mistakes == []


def test_the_check_names_each_kind_of_mistake() -> None:
    assert second_person_mistakes("{name} is klaar", "{name} is klaar", "Jij") == [
        "'Jij is klaar': 'Jij is' should be 'Jij bent'"]
    assert second_person_mistakes("{name} legt", "Nu legt {name}", "Jij")[0].endswith("keeps the -t of the third person")
    assert second_person_mistakes("{name} legt", "Nu leg {name}, met {name}", "Jij") == []
    assert "as someone else" in second_person_mistakes("{name} pakt", "{name} pakt haar kaart", "Jij")[0]
    assert "third-person line" in second_person_mistakes("{name} bent klaar", "{name} bent klaar", "Jij")[0]
