"""The message catalogs: every text a player reads on the converted screens is extracted, translated
into Dutch and compiled; every text those screens draw goes through the catalog; the Dutch rules
screens say the same things in the same shape as the English ones."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import gettext
import re
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "build"))

import message_catalogs as catalogs  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from game.core.resources import asset_path  # noqa: E402
from scenes.ui import i18n  # noqa: E402
from scenes.headless import make_headless_app  # noqa: E402
from scenes.screens.rules import parse_markdown, rules_file  # noqa: E402
from scenes.ui.widgets import recording_text  # noqa: E402
from tests.scenes.i18n_screens import GAMES, SCREENS, VIEWER_SCREENS, open_screen, viewer_own_text  # noqa: E402
from tests.scenes.test_i18n_screens import TABLE_MOMENTS, open_table_moment  # noqa: E402


@pytest.fixture(scope="module")
def template():
    return catalogs.extract_template()


def test_every_text_of_the_converted_screens_is_in_the_dutch_catalog_translated_and_compiled(template) -> None:
    assert catalogs.problems(template) == []
    assert len(template) > 150          # the converted screens, the games' menu texts, months…


def test_the_check_names_a_missing_an_untranslated_a_fuzzy_and_a_stale_entry(template, tmp_path, monkeypatch) -> None:
    with catalogs.po_path("nl").open("rb") as handle:
        catalog = read_po(handle, locale="nl")
    catalog["Settings"].string = ""
    catalog["Rules"].flags.add("fuzzy")
    copy = tmp_path / "nl" / "LC_MESSAGES" / "olympus.po"
    copy.parent.mkdir(parents=True)
    with copy.open("wb") as handle:
        write_po(handle, catalog)
    shutil.copy(catalogs.mo_path("nl"), copy.with_suffix(".mo"))
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    template.add("A brand new text")
    try:
        found = "\n".join(catalogs.problems(template))
    finally:
        del template["A brand new text"]
    assert "missing 'A brand new text'" in found
    assert "no translation for 'Settings'" in found
    assert "'Rules' is marked fuzzy" in found
    assert "is not compiled from the .po" in found


def test_a_translation_must_keep_the_placeholders(template, tmp_path, monkeypatch) -> None:
    with catalogs.po_path("nl").open("rb") as handle:
        catalog = read_po(handle, locale="nl")
    catalog["Resume {game}"].string = "Hervatten {spel}"
    copy = tmp_path / "nl" / "LC_MESSAGES" / "olympus.po"
    copy.parent.mkdir(parents=True)
    with copy.open("wb") as handle:
        write_po(handle, catalog)
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    assert any("'Resume {game}' has the placeholders ['{spel}']" in p for p in catalogs.problems(template))


def test_the_catalog_has_dutch_plural_forms() -> None:
    dutch = gettext.translation(i18n.DOMAIN, localedir=i18n.locale_dir(), languages=["nl"])
    assert dutch.ngettext("{count} player", "{count} players", 1) == "{count} speler"
    assert dutch.ngettext("{count} player", "{count} players", 4) == "{count} spelers"


# ----- nothing drawn on a converted screen bypasses the catalog -------------------------------------------
def mark(message: str) -> str:
    """Each word wrapped in ⟪ ⟫, so a line wrapped or shortened on screen still shows where it came from."""
    return " ".join(f"⟪{word}⟫" for word in message.split(" "))


class Marked(gettext.NullTranslations):
    """Every text that comes through the catalog arrives with its words marked."""

    def gettext(self, message: str) -> str:
        return mark(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return mark(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return mark(message)


# Names and data a screen shows as they are: game titles, player and save names, the program's name,
# each language's own name, numbers, paths and the error's own words.
DATA = ("Zeus on the Loose", "Télos", "Tamoul", "Elios", "OLYMPUS TABLE", "Olympus Table", "English", "Nederlands",
        "Picnic", "Ariadne", "Bion", "Chloe", "Io", "Nikias", "Phoebe", "Theron", "KeyError", "seat",
        "olympus-table.log", "logs")


# A move as the record writes it (the replay's "Last: Bion · draw deck"): the notation, not a sentence.
NOTATION = ("play", "sneak", "draw", "deck", "discard", "keep", "peek", "swap", "end", "tamoul", "intercept",
            "groups", "place", "disc", "split", "pass", "reshuffle")


def unmarked_words(text: str) -> str:
    rest = text
    while re.search(r"⟪[^⟪⟫]*⟫", rest):                  # marked texts nest: "⟪⟪Io and Bion⟫ · round 1⟫"
        rest = re.sub(r"⟪[^⟪⟫]*⟫", " ", rest)
    rest = re.sub(r"⟪.*$", " ", rest)                     # shortened with "…": the end mark is gone
    for data in DATA:
        rest = rest.replace(data, " ")
    rest = re.sub(r"\S*/\S*", " ", rest)                  # a file path (or the part of one on this line)
    rest = re.sub(r"\S*\.log\b", " ", rest)                # a long path's wrapped tail: "mpus-table.log"
    return " ".join(re.findall(r"[A-Za-zÀ-ÿ]{2,}", rest))


@pytest.mark.parametrize("name", sorted(VIEWER_SCREENS))
def test_every_text_the_replay_viewer_and_the_review_draw_themselves_comes_through_the_catalog(name, tmp_path,
                                                                                             monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((1280, 720))
    monkeypatch.setattr(i18n, "_translations", Marked())
    open_screen(app, name)
    app.frame(1 / 60)
    log = viewer_own_text(app)
    assert log.drawn, "the screen drew no text"
    words = {text: unmarked_words(text) for text, *_ in log.drawn}
    bypassing = {text: rest for text, rest in words.items() if set(rest.split()) - set(NOTATION)}
    assert bypassing == {}
    app.stack.top.exit()


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_text_a_converted_screen_draws_comes_through_the_catalog(name, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((1280, 720))
    monkeypatch.setattr(i18n, "_translations", Marked())
    open_screen(app, name)
    app.frame(1 / 60)
    with recording_text() as log:
        app.stack.top.draw(app.screen)
        app.draw_toasts(app.screen)
    assert log.drawn, "the screen drew no text"
    bypassing = {text: unmarked_words(text) for text, *_ in log.drawn if unmarked_words(text)}
    assert bypassing == {}


# ----- the rules in Dutch ----------------------------------------------------------------------------------
def shape(path: Path) -> list[tuple]:
    """A rules text's structure: each block's kind and, for card rows, the cards and their gold rings."""
    blocks = parse_markdown(path.read_text(encoding="utf-8"))
    return [(block.kind, len(block.cells), block.row.card_ids if block.row else (),
             tuple(card.marked for group in block.row.groups for card in group.cards) if block.row else (),
             block.row.problems if block.row else ()) for block in blocks]


@pytest.mark.parametrize("game", GAMES)
def test_the_dutch_rules_have_the_english_structure_and_the_same_examples(game) -> None:
    english = asset_path(*rules_file(game).split("/"))
    dutch = asset_path(*rules_file(game, "nl").split("/"))
    assert dutch == asset_path("rules", "nl", f"{game}.md")
    assert shape(dutch) == shape(english)
    text = dutch.read_text(encoding="utf-8").replace("Zeus on the Loose", "")
    assert not re.search(r"\b(the|and|you|player|card|round)\b", text), "English words left in the Dutch rules"


def test_the_bundle_carries_the_compiled_catalogs_and_the_dutch_rules_but_not_babel() -> None:
    import bundle_plan

    datas = dict(bundle_plan.asset_datas())
    assert datas[str(REPO / "assets" / "locale")] == "assets/locale"
    assert datas[str(REPO / "assets" / "rules")] == "assets/rules"
    assert catalogs.mo_path("nl").is_file() and (REPO / "assets" / "rules" / "nl" / "telos.md").is_file()
    assert "babel" in bundle_plan.EXCLUDES


# ----- the converted game tables ---------------------------------------------------------------------------------
CONVERTED_TABLES = ("tamoul", "zeus", "elios", "telos")
TABLE_NAMES = ("Ann", "Zoe", "Bob")     # the seats of build/table_screenshots.py


@pytest.mark.parametrize("name", sorted(name for name in TABLE_MOMENTS if name.split("-")[0] in CONVERTED_TABLES))
def test_every_text_a_converted_table_draws_comes_through_the_catalog(name, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    monkeypatch.setattr(i18n, "_translations", i18n._translations)      # put back after the test
    shot = open_table_moment(name, (1280, 720), "en", tmp_path, translations=Marked())
    try:
        with recording_text() as log:
            shot.app.stack.top.draw(shot.app.screen)
    finally:
        shot.close()
    assert log.drawn, "the table drew no text"
    bypassing = {text: rest for text, *_ in log.drawn
                 if (rest := " ".join(w for w in unmarked_words(text).split() if w not in TABLE_NAMES))}
    assert bypassing == {}
