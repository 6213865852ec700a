"""Elios by keys: when the table asks for a stack by its number (1–8), each lit stack shows its number,
so a player without a mouse knows which key places the group where."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

import scenes.elios.table as elios_table
from scenes.elios.table import EliosTableScene
from tests.scenes.table_driving import app_fixture, key, open_session, run

make_app = app_fixture({"animation_speed": "instant", "ai_delay_s": 0.0})


def test_the_lit_stacks_show_the_numbers_their_keys_choose(make_app, monkeypatch):
    app = make_app(size=(800, 500))
    session = open_session(app.catalog.games["elios"], [("You", "human"), ("Ariadne", "ai:normal")], 5, None)
    table = EliosTableScene(app, session)
    app.stack.push(table)
    app.stack.apply_pending()
    run(app, 200)
    for _ in range(4):              # Tab: past Ariadne's beams on the table, to Ready
        key(app, pygame.K_TAB)
        if table.tab_button() is not None:
            break
    assert table.tab_button() is not None and table.tab_button().label.startswith("Ready")
    key(app, pygame.K_RETURN)
    run(app, 400, until=lambda: 0 in table.state.to_act() and table.idle)
    key(app, pygame.K_DOWN)
    for _ in range(11):             # to the tray with the joker
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)       # the joker's stack is asked for
    assert table.choice is not None
    lit = table.choice.stacks()
    drawn: list[str] = []
    real = elios_table.blit_text
    monkeypatch.setattr(elios_table, "blit_text", lambda s, text, *a, **k: (drawn.append(text), real(s, text, *a, **k))[1])
    table.draw(pygame.Surface(app.size))
    assert lit and {str(i + 1) for i in lit} <= set(drawn)
    number = min(lit) + 1
    key(app, getattr(pygame, f"K_{number}"))
    run(app, 5)
    assert table.choice is None and table.state.view(None).stacks[min(lit)]      # the group went where its number said
