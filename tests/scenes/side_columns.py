"""What the tests read of the words beside a table: the move log and its Hint row (left), the game's
buttons and the hint line (right). Each item's text size as drawn, and the places where one item would
run into another, into another seat or off the window. Used by test_ui_scale.py."""
from __future__ import annotations

from typing import Any

import pygame

from scenes.ui import theme
from scenes.ui.widgets import TextLog


def font_size_of(height: int, style: str = "sans") -> int:
    """The text size whose line is `height` pixels tall (a recorded line's rectangle is its font's height)."""
    size = 9
    while theme.font(size + 1, style).get_height() <= height:
        size += 1
    return size


def _buttons(table: Any) -> list[Any]:
    """The buttons in the controls area: the game's own and a reaction window's."""
    return [*table.seat_buttons, *(button for _seat, button in table.reaction_buttons)]


def hint_lines(table: Any, log: TextLog) -> list[pygame.Rect]:
    """Where the hint line's lines were drawn: in the controls area, below its buttons."""
    area = table.layout.controls_rect
    below = max([b.rect.bottom for b in _buttons(table) if b.rect.colliderect(area)], default=area.top)
    return [rect for _text, rect, _surface, _size in log.drawn if area.contains(rect) and rect.top >= below]


def label_sizes(buttons: list[Any], log: TextLog) -> list[int]:
    """The size each button's label was drawn at (the smallest line of a label set on two lines)."""
    sizes = []
    for button in buttons:
        inside = [rect.h for _text, rect, _surface, _size in log.drawn if button.rect.contains(rect)]
        if inside:
            sizes.append(font_size_of(min(inside), "bold" if button.style == "primary" else "sans"))
    return sizes


def side_sizes(table: Any, log: TextLog) -> dict[str, int | None]:
    """The text sizes drawn beside the table: the log's, the hint line's, the Hint row's and the buttons'
    labels (None: nothing of that kind on screen now)."""
    hint = hint_lines(table, log)
    help_labels = label_sizes(table.help_buttons, log)
    buttons = label_sizes(_buttons(table), log)
    return {"log": table.log.drawn_size, "hint": min(font_size_of(r.h) for r in hint) if hint else None,
            "help": min(help_labels) if help_labels else None, "buttons": min(buttons) if buttons else None}


def side_column_problems(table: Any, log: TextLog) -> list[str]:
    """Each place an item beside the table runs into another, into another seat's cards or plate, or off
    the window, one sentence each."""
    lay = table.layout
    window = pygame.Rect(0, 0, *lay.size)
    log_area = table.log_area()
    left = [(f"“{b.label}”", b.rect) for b in table.help_buttons] + [("the move log", log_area)]
    right = [(f"“{b.label}”", b.rect) for b in _buttons(table)]
    right += [(f"the hint line at {tuple(r)}", r) for r in hint_lines(table, log)]
    problems = []
    if not lay.log_rect.contains(log_area) or log_area.height < theme.font(lay.text_size(15), "bold").get_linesize():
        problems.append(f"the move log {tuple(log_area)} is not inside its place {tuple(lay.log_rect)} or has no room")
    seats = [(f"seat {seat}", rect) for seat, area in lay.seats.items() if seat != table.bottom
             for rect in (area.rect, area.plate)]
    for column in (left, right):
        for index, (name, rect) in enumerate(column):
            if not window.contains(rect):
                problems.append(f"{name} {tuple(rect)} runs off the window")
            for other, other_rect in column[index + 1:] + seats:
                if rect.colliderect(other_rect) and not (name.startswith("the hint") and other.startswith("the hint")):
                    problems.append(f"{name} {tuple(rect)} runs into {other} {tuple(other_rect)}")
    return problems


def hint_could_be_larger(table: Any, drawn: int) -> bool:
    """Whether the hint line, drawn at `drawn` px, would still fit below the buttons one size larger,
    up to the player's whole UI scale (then it was made smaller than the room asks)."""
    from scenes.table.captions import wrapped

    full = table.side_size(table.HINT_SIZE)
    if drawn >= full:
        return False
    area, top = table.layout.controls_rect, table._hint_top()
    text = table.keys.relabel(table._held_hint() or table._hint(), table.GAME_ID)
    lines = wrapped(text, drawn + 1, area.width)
    return top is None or len(lines) * theme.font(drawn + 1).get_linesize() <= area.bottom - top


def log_could_be_larger(table: Any, drawn: int) -> bool:
    """Whether the move log's heading and its whole newest line would still fit one size larger than
    `drawn`, up to the player's whole UI scale."""
    from scenes.ui.widgets import wrap_text

    if drawn >= table.side_size(15):
        return False
    if not table.log.lines:
        return True         # an empty log has nothing to make its heading smaller
    size = drawn + 1
    area, pad = table.log_area(), max(4, (drawn + 1) // 2)
    line_h = theme.font(size, "bold").get_linesize()
    newest = wrap_text(table.log.lines[-1], size, area.width - 2 * pad, "bold")
    return line_h * (1 + len(newest)) + pad <= area.height
