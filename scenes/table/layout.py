"""Where things sit on the table, computed from the window size (never fixed pixels).

The seat shown at the bottom is "you" (the seat whose private view is drawn); the others sit
around the table in play order to its left: with the bottom player facing the table, the next
seat (+1) is on the left, then across, then on the right. Seats get an area each: a name plate
(name, round wins, markers) and room for their cards.

The bottom strip holds the fanned hand, with the move log on its left and the game's controls
(sneak, draw…) on its right. The centre rectangle is left for the game (piles, totals, tricks).

A seat's zone is one card tall by default (a hand). A game whose zones are taller (Tamoul's two rows
of slots) gives `zone_height`: the opponents' areas grow to hold it, the bottom seat's plate moves up
to the strip's top edge with the zone below it, in cards as wide as fit, and the centre keeps clear
of both. `opponent_card_scale` makes the opponents' cards larger (one opponent has room to spare).
`beside_centre`: when a grown table would step back, the opponents may sit in columns left and right of
the centre instead of above it (Tamoul: its slot grids are two rows tall, and the height goes to the
player's own grid, the piles and the words); with six players the seat across sits near the top beside
the left column, the centre to its right.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from scenes.table.card_art import card_height
from scenes.ui.theme import ui_scale, ui_scale_setting

# How far the review's panel beside a table grows with the UI scale (its table is a narrow viewport).
TABLE_GROW_LIMIT = 1.25
# Beyond this growth the opponents' cards stay as they are (backs, with their count in words) and the
# room goes to the player's own cards, the centre and the words.
OPPONENTS_GROW_LIMIT = 1.25

# A game's say on whether a grown layout's centre keeps room enough: (grown layout, layout at 100 %).
CentreRoom = Callable[["TableLayout", "TableLayout"], bool]

# Where opponents sit, by seat count: (fraction across, fraction down) of the area above the
# bottom strip, for the seats after the bottom one in play order (+1, +2, …).
OPPONENT_ANCHORS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.0),),
    2: ((0.2, 0.0), (0.8, 0.0)),
    3: ((0.0, 0.5), (0.5, 0.0), (1.0, 0.5)),
    4: ((0.0, 0.55), (0.3, 0.0), (0.7, 0.0), (1.0, 0.55)),
    5: ((0.0, 0.6), (0.2, 0.0), (0.5, 0.0), (0.8, 0.0), (1.0, 0.6)),
}


@dataclass(frozen=True)
class SeatArea:
    """One seat's place: `rect` bounds everything of that seat; `plate` is its name plate; cards go
    around `hand_centre` (the fan's centre), at `card_width`."""

    seat: int
    side: str            # "bottom", "left", "top" or "right"
    rect: pygame.Rect
    plate: pygame.Rect
    hand_centre: tuple[int, int]
    card_width: int
    hand_width: int      # how wide the fan may spread


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    seat_count: int
    bottom_seat: int
    scale: float
    margin: int
    card_width: int            # the bottom hand's and the piles' cards
    small_card_width: int      # opponents' cards
    seats: dict[int, SeatArea] = field(default_factory=dict)
    centre: pygame.Rect = field(default_factory=pygame.Rect)
    log_rect: pygame.Rect = field(default_factory=pygame.Rect)
    controls_rect: pygame.Rect = field(default_factory=pygame.Rect)
    corner_rect: pygame.Rect = field(default_factory=pygame.Rect)   # top-right: menu buttons

    @property
    def card_height(self) -> int:
        return card_height(self.card_width)

    @property
    def bounds(self) -> pygame.Rect:
        return pygame.Rect(0, 0, *self.size)

    def text_size(self, base: int) -> int:
        """A font size that scales with the window (base is the size at 1280×720)."""
        return max(10, int(round(base * self.scale)))


def table_growth() -> float:
    """How far the review's panel grows with the UI scale: fully up to TABLE_GROW_LIMIT."""
    return min(ui_scale_setting(), TABLE_GROW_LIMIT)


def table_ui_scale(size: tuple[int, int]) -> float:
    """`ui_scale` for the screens built round a table (the review's panel): the UI scale up to the limit."""
    return ui_scale(size) * table_growth() / ui_scale_setting()


def relative_position(seat: int, bottom_seat: int, seat_count: int) -> int:
    """0 for the bottom seat, 1 for the next in play order, and so on."""
    return (seat - bottom_seat) % seat_count


def compute_layout(size: tuple[int, int], seat_count: int, bottom_seat: int,
                   zone_height: Callable[[int], int] | None = None, opponent_card_scale: float = 1.0,
                   beside_centre: bool = False, centre_room: CentreRoom | None = None,
                   opponents_grow_limit: float = OPPONENTS_GROW_LIMIT) -> TableLayout:
    """Every area of a table for this window, with `seat_count` seats (2–6) and `bottom_seat` at the bottom.
    `zone_height(card_width)`: how tall a seat's zone is in cards that wide (None: one card, a hand).

    Grown with the UI scale (up to the player's whole setting), the table steps back towards 100 % while
    its centre would be shorter than a card and a fifth at 100 % or than its own grown card (the piles,
    the trick and their words need that much). With `beside_centre`, a table that steps back further than
    a table of hands does tries its opponents in columns beside the centre, grown as far as a table of
    hands (`table_reach`: the side panels, the log and a replay's controls, are made for that much).

    `centre_room(grown, plain)`: whether the game's centre keeps room enough in the grown layout, given the
    layout at 100 % (Télos: its trick cards no smaller than at 100 %); the table steps back until it does.
    `opponents_grow_limit`: how far the opponents' cards grow (a game whose centre needs the height keeps
    them smaller)."""
    layout, grow = _grown(size, seat_count, bottom_seat, zone_height, opponent_card_scale, ui_scale_setting(),
                          centre_room=centre_room, opponents_limit=opponents_grow_limit)
    if beside_centre and grow < ui_scale_setting():
        reach = _grown(size, 3, 0, None, 1.0, ui_scale_setting())[1]
        beside, beside_grow = _grown(size, seat_count, bottom_seat, zone_height, opponent_card_scale, reach, True,
                                     centre_room, opponents_grow_limit)
        if beside_grow > grow:
            return beside
    return layout


def _grown(size: tuple[int, int], seat_count: int, bottom_seat: int, zone_height: Callable[[int], int] | None,
           opponent_card_scale: float, most: float, beside: bool = False, centre_room: CentreRoom | None = None,
           opponents_limit: float = OPPONENTS_GROW_LIMIT) -> tuple[TableLayout, float]:
    """The layout grown as far as its centre keeps room (at most `most`, at least 100 %) and that growth;
    `beside`: with the opponents beside the centre, which must also be four cards wide; `centre_room`: the
    game's own say (see `compute_layout`)."""
    if not 2 <= seat_count <= 6:
        raise ValueError(f"a table seats 2 to 6 players, not {seat_count}")
    width, height = max(320, size[0]), max(240, size[1])
    least_centre = int(card_height(int(min(height * 0.14, width * 0.085))) * 1.2)
    plain = _layout_at(size, seat_count, bottom_seat, zone_height, opponent_card_scale, 1.0) \
        if centre_room is not None else None
    grow = most
    while True:
        layout = _layout_at(size, seat_count, bottom_seat, zone_height, opponent_card_scale, grow, beside,
                            opponents_limit)
        roomy = layout is not None and layout.centre.height >= max(least_centre, int(layout.card_height * 1.1)) \
            and (not beside or layout.centre.width >= layout.card_width * 4) \
            and (centre_room is None or grow <= 1 or centre_room(layout, plain))
        if layout is not None and (roomy or grow <= 1):
            return layout, grow
        if grow <= 1:       # beside the centre does not fit even at 100 %: the usual seating
            return _grown(size, seat_count, bottom_seat, zone_height, opponent_card_scale, 1.0,
                          centre_room=centre_room, opponents_limit=opponents_limit)
        grow = max(1.0, round(grow - 0.05, 2))


def table_reach(size: tuple[int, int], layout: TableLayout | None = None) -> int:
    """How far (percent) a table grows in a window of `size` at the player's UI scale: `layout`, or a table
    of three with each seat one card tall (Settings says it when a scale is more than the window gives a table)."""
    layout = layout if layout is not None else compute_layout(size, 3, 0)
    return int(round(layout.scale / ui_scale(size) * ui_scale_setting() * 100))


def _layout_at(size: tuple[int, int], seat_count: int, bottom_seat: int, zone_height: Callable[[int], int] | None,
               opponent_card_scale: float, grow: float, beside: bool = False,
               opponents_limit: float = OPPONENTS_GROW_LIMIT) -> TableLayout | None:
    """`compute_layout` with the table grown by `grow` (1.0: as at 100 %); with `beside`, the opponents in
    columns beside the centre (None when they do not fit there)."""
    width, height = max(320, size[0]), max(240, size[1])
    scale = ui_scale((width, height)) * grow / ui_scale_setting()
    margin = max(6, int(min(width, height) * 0.015))
    card_w = int(min(height * 0.14, width * 0.085) * grow)
    small_w = max(22, int(card_w * 0.48 * min(1.0, opponents_limit / grow)))
    if opponent_card_scale != 1.0:
        small_w = max(20, int(small_w * opponent_card_scale))
    card_h = card_height(card_w)
    zone_h = zone_height(small_w) if zone_height is not None else card_height(small_w)     # an opponent's zone
    plate_h = max(22, int(height * 0.05 * grow))

    # Bottom strip: log | hand | controls.
    strip_h = card_h + plate_h + 3 * margin + int(card_w * 0.3)
    strip_top = height - strip_h
    side_w = int(width * 0.23)
    log_rect = pygame.Rect(margin, strip_top + margin, side_w - margin, strip_h - 2 * margin)
    controls_rect = pygame.Rect(width - side_w, strip_top + margin, side_w - margin, strip_h - 2 * margin)
    hand_w = width - 2 * side_w - 2 * margin
    bottom_plate = pygame.Rect(0, 0, min(hand_w, int(width * 0.34)), plate_h)
    bottom_plate.midtop = (width // 2, strip_top + margin)
    hand_centre = (width // 2, bottom_plate.bottom + margin + int(card_w * 0.1) + card_h // 2)
    bottom_w = card_w
    if zone_height is not None:
        # A taller zone: the plate stands on the strip's top edge and the zone fills the strip below it.
        bottom_plate.bottom = strip_top + margin
        zone_top = bottom_plate.bottom + margin
        bottom_w = int(card_w * 0.9)
        while bottom_w > 20 and zone_height(bottom_w) > height - margin - zone_top:
            bottom_w -= 1
        hand_centre = (width // 2, zone_top + zone_height(bottom_w) // 2)
    bottom_rect = pygame.Rect(side_w + margin, strip_top, hand_w, strip_h)
    seats = {bottom_seat: SeatArea(bottom_seat, "bottom", bottom_rect, bottom_plate, hand_centre, bottom_w, hand_w)}

    # Opponents around the top and the sides, above the strip.
    area_w = max(int(small_w * 4.2), int(width * 0.19))
    area_h = plate_h + zone_h + 2 * margin
    # A viewport narrower than any window shape (the review's table beside its panel) keeps the text
    # height of its height: its plates and corner buttons widen to hold their words instead of cutting them.
    plate_w = int(plate_h * 6.7) if width < height * 1.5 else 0
    corner = pygame.Rect(0, 0, max(int(width * 0.2), plate_w), plate_h + margin)
    corner.topright = (width - margin, margin)
    usable = pygame.Rect(margin, margin, width - 2 * margin, strip_top - 2 * margin)
    # Grown beyond 100 %, the centre keeps clear of the bottom seat's turn tag (sized by its plate).
    tag_rise = int(plate_h * 0.7 * min(1.0, (grow - 1) / 0.25)) if grow > 1 else 0
    bottom_edge = min(strip_top, bottom_plate.top - margin - tag_rise)
    if beside:
        least_small = max(22, int(card_w / grow * 0.48 * opponent_card_scale))   # the opponents' cards at 100 %
        return _beside_centre((width, height), seat_count, bottom_seat, scale, margin, card_w, small_w, seats,
                              corner, log_rect, controls_rect, plate_w, plate_h, bottom_edge,
                              zone_height, least_small, tag_rise)
    anchors = OPPONENT_ANCHORS[seat_count - 1]
    placed: list[tuple[int, str, pygame.Rect]] = []
    for offset, (fx, fy) in enumerate(anchors, start=1):
        seat = (bottom_seat + offset) % seat_count
        side = "left" if fx == 0.0 else "right" if fx == 1.0 else "top"
        rect = pygame.Rect(0, 0, area_w, area_h)
        cx = usable.left + area_w // 2 + fx * (usable.width - area_w)
        cy = usable.top + area_h // 2 + fy * (usable.height - area_h)
        rect.center = (int(cx), int(cy))
        rect.clamp_ip(usable)
        placed.append((seat, side, rect))
    # Keep clear of the menu buttons in the top-right corner. A grown table needs the height: a top seat
    # under them moves left beside them when that leaves it clear of the other seats.
    if grow > 1:
        for index, (seat, side, rect) in enumerate(placed):
            if side == "top" and rect.colliderect(corner):
                moved = rect.copy()
                moved.right = corner.left - margin - rect.width // 6   # room for its plate to widen (plates.py)
                others = [r for i, (_s, _side, r) in enumerate(placed) if i != index]
                if moved.left >= usable.left and not any(moved.colliderect(r.inflate(margin, 0)) for r in others):
                    rect.x = moved.x
    if any(rect.colliderect(corner) for _, side, rect in placed if side == "top"):
        for _, side, rect in placed:
            if side == "top":
                rect.top = corner.bottom + margin
    for _, side, rect in placed:
        if side == "right" and rect.colliderect(corner):
            rect.top = corner.bottom + margin
    hands_x = {seat: rect.centerx for seat, _side, rect in placed}
    plate_widths = {seat: max(rect.width, plate_w) for seat, _side, rect in placed}
    if zone_height is not None:
        _spread_grids(placed, hands_x, plate_widths, small_w, usable, margin)
    lowest_top = 0
    for seat, side, rect in placed:
        plate = pygame.Rect(rect.left, rect.top, plate_widths[seat], plate_h)
        plate.centerx = rect.centerx
        plate.clamp_ip(usable)
        hand = (hands_x[seat], plate.bottom + margin + zone_h // 2)
        seats[seat] = SeatArea(seat, side, rect, plate, hand, small_w, rect.width)
        if side == "top":
            lowest_top = max(lowest_top, rect.bottom)

    # The centre: between the top seats and the strip, clear of the side seats.
    side_rects = [a.rect for a in seats.values() if a.side in ("left", "right")]
    left_edge = max([r.right for r in side_rects if r.centerx < width / 2] + [margin]) + margin
    right_edge = min([r.left for r in side_rects if r.centerx > width / 2] + [width - margin]) - margin
    top_edge = max(lowest_top, margin) + margin
    centre = pygame.Rect(left_edge, top_edge, max(10, right_edge - left_edge), max(10, bottom_edge - top_edge))
    return TableLayout((width, height), seat_count, bottom_seat, scale, margin, card_w, small_w, seats,
                       centre, log_rect, controls_rect, corner)


def grid_span(card_w: int, hand_x: int, side: str) -> tuple[int, int]:
    """Left and right edge of a seat's slot grid with its second block open (seat_zones.SlotGrid): Main
    Memory centred on `hand_x`, the second block to its right (to its left for a seat on the right)."""
    gap = max(2, card_w // 8)
    left = hand_x - (2 * card_w + gap) // 2
    if side == "right":
        return left - 2 * card_w - 2 * gap, left + 2 * card_w + gap
    return left, left + 4 * card_w + 3 * gap


def _spread_grids(placed: list[tuple[int, str, pygame.Rect]], hands_x: dict[int, int], plate_widths: dict[int, int],
                  card_w: int, usable: pygame.Rect, margin: int) -> None:
    """Slot grids above the centre whose second blocks would run into a neighbour's (six players): the
    side seats' grids go to the window's edges and the top seats' are spread evenly between them, each
    seat's plate over its whole grid and no wider than leaves the next plate clear. Unchanged when
    no two grids meet (fewer players) or when the top row would not hold them spread."""
    def span(seat: int, side: str) -> tuple[int, int]:
        return grid_span(card_w, hands_x[seat], side)

    def meet() -> bool:
        for i, (a, side_a, rect_a) in enumerate(placed):
            for b, side_b, rect_b in placed[i + 1:]:
                (la, ra), (lb, rb) = span(a, side_a), span(b, side_b)
                if la < rb + margin and lb < ra + margin and rect_a.top < rect_b.bottom and rect_b.top < rect_a.bottom:
                    return True
        return False

    if not meet():
        return
    full = 4 * card_w + 3 * max(2, card_w // 8)
    main = 2 * card_w + max(2, card_w // 8)
    hands = dict(hands_x)
    for seat, side, _rect in placed:
        if side == "left":
            hands[seat] = usable.left + main // 2
        elif side == "right":
            hands[seat] = usable.right - main // 2
    tops = sorted(((seat, rect) for seat, side, rect in placed if side == "top"), key=lambda item: item[1].centerx)
    low = max([grid_span(card_w, hands[s], side)[1] for s, side, _r in placed if side == "left"] + [usable.left])
    high = min([grid_span(card_w, hands[s], side)[0] for s, side, _r in placed if side == "right"] + [usable.right])
    low, high = low + margin, high - margin
    space = (high - low - len(tops) * full) / (len(tops) + 1)
    if space < 0:
        return
    hands_x.update(hands)
    for index, (seat, rect) in enumerate(tops):
        left = int(low + space * (index + 1) + index * full)
        hands_x[seat] = left + main // 2
        rect.width = min(rect.width, int(full + space) - margin)
        rect.centerx = left + full // 2
        plate_widths[seat] = max(rect.width, min(plate_widths[seat], int(full + space) - margin))


def _beside_centre(size: tuple[int, int], seat_count: int, bottom_seat: int, scale: float, margin: int, card_w: int,
                   small_w: int, seats: dict[int, SeatArea], corner: pygame.Rect, log_rect: pygame.Rect,
                   controls_rect: pygame.Rect, plate_w: int, plate_h: int, bottom_edge: int,
                   zone_height: Callable[[int], int] | None, least_small: int, tag_rise: int) -> TableLayout | None:
    """The opponents in a column on each side of the centre (in play order: up the left, then down the
    right), clear of the corner buttons and of the Hint row and notices above the log and the controls;
    the centre between the columns, centred in the window, under the corner buttons. None when the
    columns do not hold them.

    Two seats to a column (four to six players) may push the log and the controls down, to no less than
    `_least_panel`, with their cards as small as at 100 % (`least_small`) if they must. Two on the right
    start at the top as on the left, the corner buttons moving beside them (with room for a turn tag
    between). Six players: three to a column would not fit, so the seat across sits near the top between
    the left column and the corner buttons, its grid and the columns' grids whole inside their areas, and
    the centre starts right of it. The player's own zone, below the centre, rises as far as leaves the
    centre room for cards its size and their words (a grid of slots: the centre's piles are read together
    with it), clear of every column's grid with its second block open."""
    width, height = size
    reserve = plate_h + 2 * margin           # the Hint row over the log; a notice over the controls
    others = [(bottom_seat + offset) % seat_count for offset in range(1, seat_count)]
    # Six players: three to a column leave no room, so the seat across sits at the top between the columns.
    across = others[len(others) // 2] if len(others) == 5 else None
    in_columns = [seat for seat in others if seat != across]
    on_left = in_columns[:(len(in_columns) + 1) // 2]
    on_right = in_columns[len(on_left):]
    # Two seats on the right start at the top, as on the left: the corner buttons move beside them. One
    # starts under the corner buttons, with room between for its turn tag above its plate.
    corner_beside = len(on_right) > 1
    columns = ((on_left[::-1], "left", margin, log_rect),
               (on_right, "right", margin if corner_beside else corner.bottom + _turn_tag_room(plate_h)[1],
                controls_rect))
    least_panel = _least_panel(plate_h)
    small = small_w
    while True:
        zone_h = zone_height(small) if zone_height is not None else card_height(small)
        area_h = plate_h + zone_h + 2 * margin
        fits = all(top + len(column) * area_h + (len(column) - 1) * margin <= height - margin - least_panel - reserve
                   for column, _side, top, _panel in columns if column)
        if fits or small <= least_small:
            break
        small -= 1
    if not fits:
        return None
    area = pygame.Rect(0, 0, max(int(small * 4.2), int(width * 0.19)), area_h)
    if corner_beside:       # with room left of the top seat's plate for its turn tag (no room above it)
        corner = corner.copy()
        corner.right = width - margin - max(area.width, plate_w) - margin - _turn_tag_room(plate_h)[0]
    panels = {}
    edges = []
    for column, side, top, panel in columns:
        panels[side] = panel
        if not column:
            continue
        bottom = panel.top - reserve
        step = (bottom - top - area.height) // max(1, len(column) - 1)
        if bottom - top < area.height or (len(column) > 1 and step < area.height + margin):
            # Packed from the top; the panel below starts under the lowest seat and its Hint row or notice.
            step = area.height + margin
            lowest = top + (len(column) - 1) * step + area.height
            panels[side] = pygame.Rect(panel.left, lowest + reserve, panel.width, panel.bottom - lowest - reserve)
        for index, seat in enumerate(column):
            rect = area.copy()
            rect.top = top + index * step if len(column) > 1 else top
            if side == "left":
                rect.left = margin
            else:
                rect.right = width - margin
            plate = pygame.Rect(rect.left, rect.top, max(rect.width, plate_w), plate_h)
            plate.centerx = rect.centerx
            plate.clamp_ip(pygame.Rect(margin, margin, width - 2 * margin, size[1]))
            hand_x = rect.centerx
            if across is not None:      # the grid at the window's edge: a second block opens inside the area
                main = 2 * small + max(2, small // 8)
                hand_x = rect.left + main // 2 if side == "left" else rect.right - main // 2
            hand = (hand_x, plate.bottom + margin + zone_h // 2)
            seats[seat] = SeatArea(seat, side, rect, plate, hand, small, rect.width)
        edges.append(rect.right + margin if side == "left" else width - rect.left + margin)
    half = width // 2 - max(edges + [margin])
    top_edge = corner.bottom + margin
    centre_left = width // 2 - half
    if across is not None:
        beside_left = max([_taken(seats[seat], zone_height).right for seat in on_left] + [margin])
        words = int(17 * scale * 1.3) + 4        # the game's line of words at the top of the centre
        placed = _across_seat(across, area, beside_left + margin, top_edge + words + margin, zone_height, small,
                              margin, plate_w, plate_h, corner)
        if placed is None:
            return None
        seats[across] = placed
        centre_left = max(centre_left, placed.rect.right + margin)
    taken = [_taken(area, zone_height) for seat, area in seats.items() if seat != bottom_seat]
    risen = None if zone_height is None else _risen_own_zone(size, seats[bottom_seat], margin, plate_h, tag_rise, top_edge, card_w, zone_height,
                            panels["left"], panels["right"], taken)
    if risen is not None:
        seats[bottom_seat], bottom_edge = risen
    elif zone_height is not None and _taken(seats[bottom_seat], zone_height).collidelist(taken) >= 0:
        return None         # the player's own grid at the strip would run into a column's second block
    centre = pygame.Rect(centre_left, top_edge, width // 2 + half - centre_left, max(10, bottom_edge - top_edge))
    return TableLayout((width, size[1]), seat_count, bottom_seat, scale, margin, card_w, small, seats,
                       centre, panels["left"], panels["right"], corner)


def _across_seat(seat: int, area: pygame.Rect, left: int, plate_top: int, zone_height: Callable[[int], int] | None,
                 small: int, margin: int, plate_w: int, plate_h: int, corner: pygame.Rect) -> SeatArea | None:
    """The seat across the table (six players, beside the centre) near the top, from `left` (clear of the left
    column's grids): its whole grid, a second block of slots opened, inside its area (the centre starts
    right of it). Its plate from `plate_top` (under the line of words at the top of the centre, which may
    then pass above it), at least a turn tag below the top edge: its area holds the tag above the plate,
    so the left column's top seat's tag, beside that plate (the only room it has), stays clear of it too.
    None when it would run into the corner buttons."""
    gap = max(2, small // 8)
    full, main = 4 * small + 3 * gap, 2 * small + gap
    tag_h = _turn_tag_room(plate_h)[1]
    plate_top = max(plate_top, margin + tag_h + margin)
    rect = pygame.Rect(left, plate_top - tag_h, max(area.width, full), area.height + tag_h)
    plate = pygame.Rect(rect.left, plate_top, max(rect.width, plate_w), plate_h)
    plate.centerx = rect.centerx
    if rect.colliderect(corner) or plate.colliderect(corner):
        return None
    zone_h = zone_height(small) if zone_height is not None else card_height(small)
    hand = (rect.centerx - full // 2 + main // 2, plate.bottom + margin + zone_h // 2)
    return SeatArea(seat, "top", rect, plate, hand, small, rect.width)


def _taken(area: SeatArea, zone_height: Callable[[int], int] | None) -> pygame.Rect:
    """What a seat may cover: its area and, for a grid of slots, the whole grid with its second block open
    (a column's grid opens past its area's side, towards the centre)."""
    if zone_height is None:
        return area.rect
    left, right = grid_span(area.card_width, area.hand_centre[0], area.side)
    tall = zone_height(area.card_width)
    grid = pygame.Rect(left, area.hand_centre[1] - tall // 2, right - left, tall)
    return grid if area.side == "bottom" else area.rect.union(grid)


def _turn_tag_room(plate_h: int) -> tuple[int, int]:
    """(width, height) the active seat's turn tag takes beside or above a plate `plate_h` tall ("▶ beurt",
    its ring and the ring's pulse: log_panel.draw_turn_marker)."""
    ring = max(2, plate_h // 10) * 2 + 4
    return int(plate_h * 2.5) + ring, int(plate_h * 0.7) + ring


def _least_panel(plate_h: int) -> int:
    """How short the log and the controls may get when side columns push them down: room for the log's
    title and a few lines, or a turn's buttons and a hint of three lines."""
    return int(plate_h * 3.8)


def _risen_own_zone(size: tuple[int, int], own: SeatArea, margin: int, plate_h: int, tag_rise: int, top_edge: int,
                    card_w: int, zone_height: Callable[[int], int], log_rect: pygame.Rect,
                    controls_rect: pygame.Rect, others: list[pygame.Rect]) -> tuple[SeatArea, int] | None:
    """A taller zone of the player's own (a grid of slots) in cards as large as leave the centre above it a
    card of that size and two lines of words: its plate rises from the strip's top edge, and a second block
    of slots opening to its right stays clear of the controls. None when its cards would be no larger."""
    width, height = size
    least_centre = int(card_height(int(min(height * 0.14, width * 0.085))) * 1.2)
    best = None
    for w in range(int(card_w * 0.9), own.card_width, -1):
        gap = max(2, w // 8)
        left = width // 2 - (2 * w + gap) // 2
        right = left + 4 * w + 3 * gap                     # Main Memory and a second block beside it
        if left < log_rect.right + margin or right > controls_rect.left - margin:
            continue
        zone_top = height - margin - zone_height(w)
        plate = own.plate.copy()
        plate.bottom = zone_top - margin
        centre_h = plate.top - margin - tag_rise - top_edge
        if centre_h < max(least_centre, int(card_height(w) * 1.1) + 2 * plate_h):
            continue
        zone = pygame.Rect(left, zone_top, right - left, zone_height(w))
        if any(r.colliderect(plate) or r.colliderect(zone) for r in others):
            continue
        best = (SeatArea(own.seat, own.side, own.rect, plate, (width // 2, zone_top + zone_height(w) // 2), w,
                         own.hand_width), plate.top - margin - tag_rise)
        break
    return best


def fan_positions(count: int, centre: tuple[int, int], card_width: int, max_width: int,
                  arc_degrees: float = 14.0, max_spacing: float = 0.8) -> list[tuple[float, float, float]]:
    """(x, y, rotation) for each card of a fanned hand, left to right.

    Cards sit `max_spacing` card widths apart when `max_width` allows (above 1.0 every face is seen
    whole, with a gap), closer when it does not, down to 18% of a card showing when there is no other
    way; the fan curves a little so the hand looks held. A fan spread apart curves less, so turned
    neighbours do not touch.
    """
    if count <= 0:
        return []
    if count == 1:
        return [(float(centre[0]), float(centre[1]), 0.0)]
    spacing = min(card_width * max_spacing, max(card_width * 0.18, (max_width - card_width) / (count - 1)))
    total = spacing * (count - 1)
    arc = min(arc_degrees, 4.0 * (count - 1))
    if spacing > card_width:
        arc = min(arc, 1.5 * (count - 1))
    positions = []
    for i in range(count):
        t = i / (count - 1) - 0.5            # -0.5 .. 0.5
        x = centre[0] - total / 2 + i * spacing
        rotation = -t * arc                  # left cards turn counter-clockwise (positive in pygame)
        y = centre[1] + (t * t) * card_width * 0.25
        positions.append((x, y, rotation))
    return positions


def row_positions(count: int, centre: tuple[int, int], card_width: int, max_width: int) -> list[tuple[float, float, float]]:
    """A tight straight row (opponents' face-down hands): overlapping so any count fits the area."""
    if count <= 0:
        return []
    if count == 1:
        return [(float(centre[0]), float(centre[1]), 0.0)]
    spacing = min(card_width * 0.45, (max_width - card_width) / (count - 1))
    total = spacing * (count - 1)
    return [(centre[0] - total / 2 + i * spacing, float(centre[1]), 0.0) for i in range(count)]
