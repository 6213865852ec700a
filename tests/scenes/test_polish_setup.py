"""Setup (issue 20, item 23): the panels stay put when the player count or a seat type changes (the arrow
just clicked does not move away), and "Hints, if all agree" says what it does."""
from __future__ import annotations

from scenes.screens.setup import SetupScene
from tests.scenes.test_setup_zeus_cards import app

__all__ = ["app"]


def control(scene, name):
    return next(c for c in scene.focus.controls if getattr(c, "key", None) == name or getattr(c, "name", None) == name)


def test_the_count_arrow_and_the_panels_stay_put_when_the_count_or_a_seat_type_changes(app):
    scene = SetupScene(app, app.catalog.get("elios"))
    app.stack.push(scene)
    app.stack.apply_pending()
    panels = (scene.players_panel.topleft, scene.options_panel.topleft)
    count = scene.focus.controls[0].rect.copy()
    for change in (lambda: scene.set_count(4), lambda: scene.set_human(1, "human"), lambda: scene.set_count(2)):
        change()
        scene.relayout()
        assert (scene.players_panel.topleft, scene.options_panel.topleft) == panels
        assert scene.focus.controls[0].rect == count


def test_hints_if_all_agree_has_a_line_saying_what_it_does(app):
    scene = SetupScene(app, app.catalog.get("elios"))
    app.stack.push(scene)
    app.stack.apply_pending()
    scene.set_human(1, "human")
    scene.relayout()
    words = [t[0] for t in scene.texts]
    assert "Hints, if all agree" in words
    assert "every player at this screen says yes" in " ".join(words)


def test_the_four_player_elios_setup_shows_the_teams(app):
    scene = SetupScene(app, app.catalog.get("elios"))
    app.stack.push(scene)
    app.stack.apply_pending()
    scene.set_count(4)
    names = [seat.name for seat in scene.seats[:4]]
    words = " ".join(t[0] for t in scene.texts)
    assert f"Teams: {names[0]} and {names[2]} against {names[1]} and {names[3]}" in words
    scene.set_count(2)
    assert "Teams:" not in " ".join(t[0] for t in scene.texts)
