"""Words about players (issue 20, item 10): the default name "You" inside sentences. Lines about the player
reading the screen take the second person in today's language ("Jij bent klaar", never "You bent klaar");
with several people at one screen every seat is named, so nobody reads "You are ready" about someone else."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.elios import load_game
from scenes.elios.table import EliosTableScene
from scenes.ui import i18n
from tests.scenes.table_driving import app_fixture, open_session, show

make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 0.0})


def elios(app, seats):
    return show(app, EliosTableScene(app, open_session(load_game(), seats, 3, {})))


def test_a_name_kept_as_you_in_english_reads_jij_in_dutch(make_app):
    scene = elios(make_app(language="nl"), [("You", "human"), ("Ariadne", "ai:normal")])
    i18n.set_language("nl")
    ready = i18n._("{name} is ready"), i18n._("{name} are ready")
    assert scene._said(0, *ready) == "Jij bent klaar"
    assert scene._said(1, *ready) == "Ariadne is klaar"
    i18n.set_language("en")


def test_pass_and_play_names_the_player_called_you_instead_of_speaking_to_the_reader(make_app):
    scene = elios(make_app(), [("You", "human"), ("Ann", "human")])
    ready = i18n._("{name} is ready"), i18n._("{name} are ready")
    assert scene._said(0, *ready) == "You is ready"      # Ann may be the one reading this log line
    assert scene._said(1, *ready) == "Ann is ready"
    single = elios(make_app(), [("You", "human"), ("Ann", "ai:normal")])
    assert single._said(0, *ready) == "You are ready"
