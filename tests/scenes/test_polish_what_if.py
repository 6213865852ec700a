""""What if…?" on the real table (issue 24 item 2): on the player's own turn, pointing at a card (the
mouse resting on it, or the keyboard focus) that may not be played now says why in one line, the
engine's reason in plain words, before any move is tried; a playable card says nothing of the kind."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random

import pygame

from scenes.table.drag import sentence
from scenes.ui.i18n import translate_message
from tests.scenes.table_driving import DT, app_fixture, open_session, run, show
from tests.scenes.test_polish_named_you import shown_texts as drawn_texts

make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 0.0})


def hover(app, point) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(point[0]), int(point[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.frame(DT)


def my_turn(app, scene) -> bool:
    return app.stack.top is scene and scene._human_may_act() and scene.bottom in scene._waiting()


def play_on_until(app, scene, found, turns: int = 60):
    """Run the game (the human plays a random legal move) until `found()` gives something on the human's turn."""
    rng = random.Random(5)
    for _turn in range(turns):
        run(app, 3000, until=lambda: my_turn(app, scene) or scene.state.finished)
        what = found()
        if what is not None:
            return what
        scene._apply(0, rng.choice(scene.state.legal_actions(0)))
    raise AssertionError("never found the situation")


def said(scene, action) -> str:
    return sentence(translate_message(scene.state.why_illegal(scene.bottom, action)))


def shown_once_pointed(app, scene, texts, sprite, point=None) -> str | None:
    """The refusal line drawn while `sprite` is pointed at (by the mouse at `point`, else by focus)."""
    texts.clear()
    if point is not None:
        hover(app, point)
    else:
        scene.drag.focus = scene.drag.sprites.index(sprite)
    app.frame(DT)
    scene.draw(app.screen)      # the whole table, whatever part of it the App's frame chose to redraw
    return scene._why_not_now(sprite)


def test_zeus_a_card_that_may_not_be_played_says_why_when_pointed_at(make_app, monkeypatch):
    from game.core.actions import Action
    from game.zeus import load_game
    from scenes.zeus.table import ZeusTableScene

    app = make_app()
    texts = drawn_texts(monkeypatch)
    scene = show(app, ZeusTableScene(app, open_session(load_game(), [("Ann", "human"), ("Bob", "ai:easy")], 3, None)))

    def unplayable():
        return next((s for s in scene.drag.sprites if s.card_id and scene.state.why_illegal(0, Action.of("play", s.card_id))), None)

    sprite = play_on_until(app, scene, unplayable)
    reason = said(scene, Action.of("play", sprite.card_id))
    assert shown_once_pointed(app, scene, texts, sprite, point=(sprite.x, sprite.y)) == reason
    assert any(reason.startswith(t) or t in reason for t in texts if len(t) > 8), (reason, texts)
    playable = next((s for s in scene.drag.sprites if s.card_id and not scene.state.why_illegal(0, Action.of("play", s.card_id))), None)
    if playable is not None:
        assert shown_once_pointed(app, scene, texts, playable) is None
    assert scene.state.rounds[-1].actions[-1:] == scene.state.rounds[-1].actions[-1:]   # nothing was played


def test_telos_a_card_in_no_legal_play_says_why_when_focused(make_app, monkeypatch):
    from game.core.actions import Action
    from game.telos import load_game
    from scenes.telos.table import TelosTableScene

    app = make_app()
    texts = drawn_texts(monkeypatch)
    seats = [("Ann", "human"), ("Bob", "ai:normal"), ("Cleo", "ai:normal")]
    scene = show(app, TelosTableScene(app, open_session(load_game(), seats, 4, None)))

    def unplayable():
        sets = [set(a.cards) for a in scene.state.legal_actions(0) if a.verb == "play"]
        keys = [{scene.card_key(c) for c in s} for s in sets]
        return next((s for s in scene.drag.sprites if s.card_id and not any(scene.card_key(s.card_id) in k for k in keys)),
                    None)

    sprite = play_on_until(app, scene, unplayable)
    before = len(scene.state.rounds[-1].actions)
    reason = said(scene, Action.of("play", sprite.card_id))
    assert shown_once_pointed(app, scene, texts, sprite) == reason
    assert any(t and t in reason for t in texts if len(t) > 8), (reason, texts)
    assert len(scene.state.rounds[-1].actions) == before                       # only said, nothing tried


def test_tamoul_your_own_card_when_you_must_look_at_anothers_says_why(make_app, monkeypatch):
    from game.core.actions import Action
    from tests.scenes.table_driving import key
    from tests.scenes.test_tamoul_table import ANN, ZOE, deal, open_table, slot_pos, wait_for_my_move

    app = make_app()
    texts = drawn_texts(monkeypatch)
    scene = open_table(app, [("Ann", "human"), ("Zoe", "ai:easy")], setups=[deal([ANN, ZOE], ["9H"])])
    wait_for_my_move(app, scene)
    key(app, pygame.K_d)
    run(app, 60, until=lambda: scene.idle)
    key(app, pygame.K_x)                                        # the 9: look at another player's card
    run(app, 300, until=lambda: scene._my_step() == "peek_other" and scene._human_may_act())
    before = len(scene.state.rounds[-1].actions)
    mine = scene.grids[0].slots[1]
    reason = said(scene, Action("peek", ("0.1",)))
    assert "another player's card" in reason
    assert shown_once_pointed(app, scene, texts, mine, point=slot_pos(scene, 0, 1)) == reason
    assert any(t and t in reason for t in texts if len(t) > 8), (reason, texts)
    theirs = scene.grids[1].slots[1]
    assert shown_once_pointed(app, scene, texts, theirs, point=slot_pos(scene, 1, 1)) is None   # that one may
    assert len(scene.state.rounds[-1].actions) == before


def test_elios_a_group_that_may_go_nowhere_on_the_first_turn_says_why(make_app, monkeypatch):
    from tests.scenes.test_elios_table import first_turn, mine

    app = make_app()
    texts = drawn_texts(monkeypatch)
    scene = first_turn(app)
    trays = mine(scene)
    index = next(i for i, g in enumerate(trays.groups()) if "w" not in g)     # no joker: not on the first turn
    beam = trays.trays[index][0]
    before = len(scene.state.rounds[-1].actions)
    line = shown_once_pointed(app, scene, texts, beam)       # pointed by the keyboard's focus
    assert line == said(scene, scene._proposal(index, trays.groups()[index])) and "joker" in line, line
    joker_group = next(i for i, g in enumerate(trays.groups()) if "w" in g)
    assert shown_once_pointed(app, scene, texts, trays.trays[joker_group][0]) is None
    assert len(scene.state.rounds[-1].actions) == before


def test_elios_a_refusal_said_by_the_group_is_not_said_again_in_its_help_box(make_app, monkeypatch):
    """Playing a group that may not go yet says why by the group; its help box, just beside, does not
    repeat the same words under it (seen in a real window at 800x500 in Dutch)."""
    from scenes.table import telling
    from tests.scenes.test_elios_table import first_turn, mine

    boxes: list = []
    draw = telling.draw_card_help
    monkeypatch.setattr(telling, "draw_card_help", lambda surface, anchor, help_, *rest: (boxes.append(help_),
                                                                                         draw(surface, anchor, help_, *rest)))
    app = make_app()
    scene = first_turn(app)
    trays = mine(scene)
    index = next(i for i, g in enumerate(trays.groups()) if "w" not in g)     # no joker: not on the first turn
    beam = trays.trays[index][0]
    scene.drag.focus = scene.drag.sprites.index(beam)
    boxes.clear()
    scene.draw(app.screen)
    line = scene._why_not_now(beam)
    assert line and any(box.refusal == line for box in boxes)      # pointed at: the help box says why
    scene.drag.refuse([beam], line)                                 # the table says it by the group
    boxes.clear()
    scene.draw(app.screen)
    assert scene.drag.notice is not None and scene.drag.notice.text == line
    assert not any(box.refusal for box in boxes), boxes            # said once, by the notice
