"""A player who kept the default name "You" (issue 20 item 10): whole games of every table are played
with that human against AI seats, in English and Dutch, and every text drawn on screen (log, status and
hint lines, plates, notices, result dialogs) is scanned. Lines about the player reading the screen take
the second person; "You" is never used as a third person ("Last turn for You", "You has", "You's")."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import re

import pytest

from scenes.screens.results import ResultsOverlay
from scenes.screens.setup import default_player_name
from scenes.ui import i18n, theme
from tests.scenes.table_driving import DT, app_fixture, open_session, show

make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 0.0})

# "You" as somebody else: after a preposition or a verb, before a third-person verb or 's.
ENGLISH = re.compile(r"\b(for|to|from|by|with|of|and|Next:|Winners?:|,) You\b|\bYou('s| is| has| was| holds| draws| plays|"
                     r" takes| places| keeps| looks| calls| wins| loses| reaches| leads| scores| earns| does)\b")
# Dutch: the English name left in a Dutch sentence, or "Jij" with a verb form that is not for "jij".
DUTCH = re.compile(r"(?i:\byou\b)|\b[Jj]ij (is|heeft|kan|zal|wil)\b|\b(voor|aan|van|door|met|en) Jij\b")


def tables():
    from game.elios import load_game as elios
    from game.tamoul import load_game as tamoul
    from game.telos import load_game as telos
    from game.zeus import load_game as zeus
    from scenes.elios.table import EliosTableScene
    from scenes.tamoul.table import TamoulTableScene
    from scenes.telos.table import TelosTableScene
    from scenes.zeus.table import ZeusTableScene

    return {"tamoul": (tamoul, TamoulTableScene, "ai:easy", {"reaction_ms": 300, "target": 50}),
            "elios": (elios, EliosTableScene, "ai:normal", {}),
            "zeus": (zeus, ZeusTableScene, "ai:easy", None),
            "telos": (telos, TelosTableScene, "ai:normal", None)}


def shown_texts(monkeypatch) -> list[str]:
    """Every text handed to a font from now on."""
    texts: list[str] = []
    render = theme.SafeFont.render

    def spy(self, text, *args, **kwargs):
        if isinstance(text, str):
            texts.append(text)
        return render(self, text, *args, **kwargs)

    monkeypatch.setattr(theme.SafeFont, "render", spy)
    return texts


def play_a_game(app, scene, frames: int) -> None:
    """You's moves chosen at random from the legal ones, through the table; dialogs answered at once.
    You never call Tamoul, so the others' calls give You last turns."""
    rng = random.Random(7)
    for _frame in range(frames):
        app.frame(DT)
        top = app.stack.top
        if isinstance(top, ResultsOverlay):
            top.choose(0)
            app.stack.apply_pending()
            continue
        if scene.state.finished:
            return
        if top is scene and scene._human_may_act() and 0 in scene._waiting():
            legal = [a for a in scene.state.legal_actions(0) if a.verb != "tamoul"] or scene.state.legal_actions(0)
            assert scene._apply(0, rng.choice(legal)) is None
            if rng.random() < 0.3 and scene._hints_allowed():
                scene.press_hint()


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("game_id", ["tamoul", "elios", "zeus", "telos"])
def test_a_player_named_you_is_spoken_to_in_the_second_person(make_app, monkeypatch, request, game_id, language):
    load, Scene, level, options = tables()[game_id]
    app = make_app(language=language)
    set_language = i18n.set_language
    set_language(language)
    request.addfinalizer(lambda: set_language("en"))
    monkeypatch.setattr(i18n, "set_language", lambda code: None)      # the test's language holds to the end
    texts = shown_texts(monkeypatch)
    you = default_player_name("You")          # as a setup in this language names the player: You, Jij
    seats = [(you, "human"), ("Ariadne", level), ("Nikias", level)][:2 if game_id in ("tamoul", "elios") else 3]
    scene = show(app, Scene(app, open_session(load(), seats, 11, options)))
    play_a_game(app, scene, 20000)
    assert scene.state.finished, "the game did not end"
    for _frame in range(120):
        app.frame(DT)
    pattern = ENGLISH if language == "en" else DUTCH
    wrong = sorted({t for t in texts if pattern.search(t)})
    assert not wrong, wrong
    assert any(re.search(r"\b(You|Your|you|your|Jij|jij|je|Je|jouw)\b", t) for t in texts)


def test_tamoul_refuses_a_swap_of_your_own_empty_slot_in_the_second_person():
    from tests.tamoul.helpers import build
    from tests.tamoul.test_bad_input import THREE

    state = build(THREE, phase="action", pending=["swap"])
    from game.core.actions import Action

    assert state.why_illegal(0, Action.parse("swap 0.6 1.2")) == "your slot 6 is empty"     # never "You's slot"
    assert state.why_illegal(0, Action.parse("swap 0.1 1.6")) == f"{state.seats[1].name}'s slot 6 is empty"
