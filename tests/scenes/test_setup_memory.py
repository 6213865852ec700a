"""The setup screen remembers the last setup started, per game (issue 12, point 10)."""
from __future__ import annotations

import json

from scenes.screens.setup import CHOOSE, LAST_SETUPS, SetupScene
from tests.scenes.test_setup_zeus_cards import app, choose_mode

__all__ = ["app"]


def test_the_last_setup_of_a_game_is_offered_again(app):
    first = SetupScene(app, app.catalog.get("telos"))
    first.set_count(4)
    first.set_human(1, "human")
    first.set_name(1, "Bruno")
    first.set_level(2, first.levels[0])
    first.set_name(3, "Dora")
    first.start()
    again = SetupScene(app, app.catalog.get("telos"))
    assert again.count == 4
    assert [(s.human, s.name) for s in again.seats[:4]][1] == (True, "Bruno")
    assert again.seats[2].level == first.levels[0] and again.seats[3].name == "Dora"
    assert json.loads((app.dirs.config / LAST_SETUPS).read_text(encoding="utf-8"))["telos"]["count"] == 4
    zeus = SetupScene(app, app.catalog.get("zeus"))          # another game keeps its own defaults
    assert zeus.count == 3 and zeus.seats[1].name != "Bruno"


def test_chosen_chips_are_remembered_with_their_option(app):
    scene = SetupScene(app, app.catalog.get("telos"))
    app.stack.push(scene)
    app.stack.apply_pending()
    choose_mode(app, scene)
    chosen = [spec for spec in scene.pick_specs()][0]
    scene.picks[chosen.name] = list(chosen.choices[:3])
    scene.start()
    again = SetupScene(app, app.catalog.get("telos"))
    assert again.options[chosen.name] == CHOOSE and again.picks[chosen.name] == list(chosen.choices[:3])


def test_a_damaged_memory_gives_the_defaults(app):
    path = app.dirs.config / LAST_SETUPS
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    scene = SetupScene(app, app.catalog.get("zeus"))
    assert scene.count == 3
    path.write_text(json.dumps({"zeus": {"count": 99, "seats": [{"human": "x", "level": "nope", "name": 5}],
                                         "options": {"no_such_option": 1}}}), encoding="utf-8")
    scene = SetupScene(app, app.catalog.get("zeus"))
    assert scene.count == 3 and scene.seats[0].human is True and scene._options_accepted()


def test_in_pass_and_play_the_hint_is_offered_only_when_everyone_agreed_for_that_game(app):
    from scenes.screens.setup import hints_agreed_for

    scene = SetupScene(app, app.catalog.get("telos"))
    scene.set_human(1, "human")
    assert "hints" in {getattr(c, "key", "") for c in scene.focus.controls}
    scene.set_hints_agreed(True)
    scene.set_seed("77")
    scene.start()
    path = app.dirs.config / LAST_SETUPS
    assert hints_agreed_for(path, "telos", 77) and not hints_agreed_for(path, "telos", 78)
    assert not hints_agreed_for(path, "zeus", 77)
    alone = SetupScene(app, app.catalog.get("zeus"))
    assert "hints" not in {getattr(c, "key", "") for c in alone.focus.controls}    # one human: always offered
