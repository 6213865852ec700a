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


def test_elios_progress_has_no_round_and_its_numbers_say_they_are_beams_left():
    from scenes.screens.game_progress import progress_words, totals_words

    assert progress_words("elios", 1, False) == "in play" and progress_words("elios", 1, True) == "finished"
    assert progress_words("zeus", 3, False) == "round 3"
    assert totals_words("elios", ["You", "Ariadne"], [9, 8]) == "beams left: You 9 · Ariadne 8"


def test_the_resume_line_for_elios_names_the_players_without_a_round(make_app):
    from scenes.screens.title import TitleScene

    app = make_app()
    title = TitleScene(app)
    title.autosave, title.resume_possible = {"game": "elios"}, True
    title.resume_names, title.resume_round, title.resume_game_id = ["You", "Ariadne"], 1, "elios"
    assert title.resume_note == "You and Ariadne"
    title.resume_game_id = "zeus"
    assert title.resume_note == "You and Ariadne · round 1"


def test_one_winner_is_a_winner_and_the_game_over_dialog_keeps_the_last_rounds_breakdown(make_app):
    from game.core.events import Event
    from game.zeus import load_game as load_zeus
    from scenes.zeus.table import ZeusTableScene

    app = make_app()
    scene = show(app, ZeusTableScene(app, open_session(load_zeus(), [("Ann", "human"), ("Zoe", "ai:easy")], 3, {})))
    scene.result_words = None
    scene.events.append(Event("game_ended", None, {"winners": [1], "totals": [2, 4]}))
    scene._on_round_ended(Event("round_ended", None, {"round": 6, "score": [0, 1], "totals": [2, 4]}))
    scene.events.clear()
    scene._on_game_ended(Event("game_ended", None, {"winners": [1], "totals": [2, 4]}))
    words = scene.game_words
    assert words.subtitle == "Winner: Zoe."
    assert ("Round 7 is over", "") in words.rows and words.rows[-1][0] == "Zoe"


def test_review_says_chances_in_the_games_own_terms_never_points():
    from game.core.review import MoveReview

    move = MoveReview(index=3, round_index=0, seat=0, played="disc", best="place 0 1", played_value=0.27,
                      best_value=0.59, choices=4, reaction=False, iterations=1)
    for game_id in ("elios", "zeus", "tamoul"):
        said = move.explanation(game_id, words=lambda text: text)
        assert "point" not in said and "59%" in said and "27%" in said, said
    assert move.explanation("elios", words=lambda t: t) == \
        "Hard would have played place 0 1: a 59% chance to win after it, instead of 27% after your move (disc)."
    close = MoveReview(3, 0, 0, "disc", "place 0 1", 0.50, 0.53, 4, False, 1)
    assert "point" not in close.explanation("elios", words=lambda t: t)


def test_the_review_heading_speaks_to_a_player_named_you(tmp_path, monkeypatch):
    """"You's moves, judged by the hard AI from what You could see." -> "Your moves, … what you could see."."""
    from scenes.headless import make_headless_app
    from scenes.screens.review import ReviewScene
    from tests.scenes.test_review_scene import zeus_record

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((1280, 720))
    scene = ReviewScene(app, app.catalog.get("zeus"), zeus_record(app), iterations=4)
    app.stack.push(scene)
    app.stack.apply_pending()
    shown = []
    import pygame
    import scenes.screens.review as review
    monkeypatch.setattr(review, "draw_text", lambda surface, text, *a, **k: shown.append(text) or pygame.Rect(0, 0, 1, 1))
    scene._draw_heading(pygame.Surface((1280, 720)), 0)
    assert any(line.startswith("Your moves") for line in shown) and not any("You's" in line for line in shown), shown
    app.stack.pop()
    app.stack.apply_pending()
