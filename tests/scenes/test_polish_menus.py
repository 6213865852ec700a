"""Menus (issue 20, item 22): a resting pointer does not take the focus, so Enter acts on the highlighted
item ("Resume"), not on whatever the pointer happened to rest on when the title opened."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from scenes.ui.widgets import Button, FocusGroup


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_a_resting_pointer_takes_neither_focus_nor_highlight_and_enter_acts_on_the_focused_item():
    pressed = []
    resume = Button(pygame.Rect(0, 0, 100, 30), "Resume", lambda: pressed.append("resume"))
    new = Button(pygame.Rect(0, 40, 100, 30), "New game", lambda: pressed.append("new"))
    group = FocusGroup([resume, new], hover_focus=True)
    group.handle_event(motion((50, 55)))           # the window opened under the pointer, over "New game"
    group.handle_event(motion((51, 55)))           # a twitch is not a move
    assert group.focused is resume and not new.hovered
    group.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert pressed == ["resume"]
    group.handle_event(motion((60, 50)))           # the player moves the mouse: pointing works as usual
    assert group.focused is new and new.hovered
