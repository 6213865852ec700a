"""The middle of a trick-taking table: each seat's play lies round the centre, facing its seat.

A trick game's table keeps one `TrickArea`. It knows where a play lands (on an ellipse round the
centre, in the direction of the seat that made it), lays plays out, lights the card that is best so
far with a tag ("winning", "wins the trick") kept clear of the centre's banner, sweeps a won trick to
its winner in two steps (gathered on the winner's place in the middle, then off towards the winner's
own cards, so no card crosses another seat's name plate), and remembers the last trick taken for a
look back. It may also draw a faint ring through the plays with arrowheads showing the way play goes.

Which card is best is the game's to say (it is a rule): the area is told, and only shows it. The
area never reads a game's view; the table gives it plays as (seat, cards, values).
"""
from __future__ import annotations

import math
from itertools import combinations
from dataclasses import dataclass, replace
from typing import Callable, Sequence

import pygame

from scenes.ui import theme
from scenes.ui.widgets import draw_felt
from scenes.table.card_art import card_height
from scenes.table.chips import value_chip
from scenes.table.deal import fly_to_rest
from scenes.table.layout import TableLayout as Layout
from scenes.table.seat_zones import send_home
from scenes.table.sprites import CardSprite
from scenes.table.tween import TweenQueue, ease_in_out_cubic

TRICK_Z = 20        # trick cards are drawn from here up, each play above the one before
SWEPT_Z = 15        # a swept card passes under the cards still resting, never over a plate's words

Point = tuple[float, float]
SweepTarget = Callable[[CardSprite], tuple[Point, float, bool]]


RING_TILE = 64      # pixels: the ring's layer is blitted in tiles of this size, only those it paints
# How far (radians) a grown table may turn every play round the ring from its seat's direction, nearest
# first: a little is enough to set your play and the one facing you side by side.
TURNS = tuple(sign * math.radians(deg) for deg in range(0, 41, 4) for sign in ((1,) if deg == 0 else (1, -1)))
PLAY_STEP = 0.55    # card widths between the cards of one play
GROWN_PLAY_STEP = 0.45  # on a grown ring: closer (each card's corner still shows), so the cards are larger
ARROW_SAMPLES = 16  # points tried along the ring between two plays for an arrowhead in sight


@dataclass(frozen=True)
class RingShape:
    """Where a trick lies: its cards' width, the ellipse through the plays (centre and radii), and on a
    grown table each seat's play's angle round it (its parameter) and the arrowheads' angles (None: each
    play straight towards its seat, the arrowheads halfway between each two plays)."""

    width: int
    centre: Point
    rx: float
    ry: float
    seat_angles: tuple[float, ...] | None = None
    arrows: tuple[float, ...] | None = None

    def point(self, angle: float) -> Point:
        """The point of the ring at `angle` (its parameter)."""
        return self.centre[0] + self.rx * math.cos(angle), self.centre[1] + self.ry * math.sin(angle)


@dataclass(frozen=True)
class FitRules:
    """What a grown ring's plays keep clear of: the room they lie in, the seats whose best-card tag goes
    under their play (the others' above), the tag's size, the gap between plays, and how far an arrowhead
    reaches from its middle."""

    room: pygame.Rect
    below: frozenset[int]
    tag_w: int
    tag_h: int
    gap: int
    head: int


def _plays_clear(spots: dict[int, Point], tw: int, span: float, rules: FitRules) -> list[pygame.Rect] | None:
    """Each play as a row of cards `tw` wide spanning `span` at its spot, widened by the gap, when every
    play and its tag lie in the room and no play meets another or another's tag (only the best card wears
    one: tags may share a place); else None."""
    th = card_height(tw)
    plays: list[pygame.Rect] = []
    tags: list[pygame.Rect] = []
    inside = rules.room.inflate(2, 2)
    several = span > tw         # several cards: each placed to the pixel, every second one 2 px lower
    for seat, (x, y) in spots.items():
        play = pygame.Rect(0, 0, math.ceil(span) + 2, th + 2) if several else pygame.Rect(0, 0, int(span), th)
        play.center = (int(x), int(y))
        tag = pygame.Rect(0, 0, max(int(span), rules.tag_w), rules.tag_h + 2)
        tag.midtop = play.midbottom if seat in rules.below else (play.centerx, play.top - rules.tag_h - 2)
        if not inside.contains(play) or tag.top < inside.top or tag.bottom > inside.bottom:
            return None
        if play.collidelist(plays + tags) >= 0 or tag.collidelist(plays) >= 0:
            return None
        plays.append(play.inflate(rules.gap, rules.gap))
        tags.append(tag.inflate(rules.gap, 0))
    return [play.inflate(-rules.gap, -rules.gap) for play in plays]


def _seat_angle(centre: Point, size: tuple[int, int], sx: float, sy: float) -> float:
    """Which way a seat lies from the ring's middle, the window taken as round (a flat ring's own
    proportions would crowd every seat at its top and bottom)."""
    return math.atan2((sy - centre[1]) / size[1], (sx - centre[0]) / size[0])


# Rings worked out, by everything they depend on (`TrickArea.shape`): shared, so the ring a table's growth
# was chosen by (telos/table.py) is not searched for again when the table lays out its trick.
_SHAPES: dict[tuple, RingShape] = {}


def _clearance(rects: list[pygame.Rect], x: float, y: float) -> float:
    """How far (x, y) lies from the nearest of `rects` (0 on or inside one)."""
    nearest = math.inf
    for rect in rects:
        dx = rect.left - x if x < rect.left else x - rect.right if x > rect.right else 0.0
        dy = rect.top - y if y < rect.top else y - rect.bottom if y > rect.bottom else 0.0
        nearest = min(nearest, dx * dx + dy * dy)
    return math.sqrt(nearest)


def painted_tiles(layer: pygame.Surface, topleft: tuple[int, int]) -> list[tuple[pygame.Surface, tuple[int, int], pygame.Rect]]:
    """(layer, where, area) for each tile of `layer` holding a pixel that is not fully transparent. A ring
    through the plays spans most of the window yet paints a thin line: blending only its tiles leaves the
    same picture at a fraction of the cost (at 2560x1440 the whole layer took about 1 ms a frame)."""
    mask = pygame.mask.from_surface(layer, 0)
    width, height = layer.get_size()
    tiles = []
    for y in range(0, height, RING_TILE):
        for x in range(0, width, RING_TILE):
            area = pygame.Rect(x, y, min(RING_TILE, width - x), min(RING_TILE, height - y))
            if mask.overlap_area(_FULL_MASKS.setdefault(area.size, pygame.mask.Mask(area.size, fill=True)), area.topleft):
                tiles.append((layer, (topleft[0] + x, topleft[1] + y), area))
    return tiles


_FULL_MASKS: dict[tuple[int, int], pygame.mask.Mask] = {}


@dataclass
class TrickPlay:
    """One seat's play as it lies in the trick: its cards' sprites and the values the game gave them."""

    seat: int
    sprites: list[CardSprite]
    values: tuple[int, ...] = ()


def seat_point(layout: Layout, seat: int) -> Point:
    """Where a seat's cards are: the middle of the bottom hand, the middle of another seat's area."""
    area = layout.seats[seat]
    if area.side == "bottom":
        return float(area.hand_centre[0]), float(area.hand_centre[1])
    return float(area.rect.centerx), float(area.rect.centery)


class TrickArea:
    """The plays of the trick under way round the centre, and the last trick taken."""

    def __init__(self, count: int, words_beside: bool = False) -> None:
        self.count = count
        # The table's words stand beside the ring, not between its plays (a grown table): the plays at its
        # top and bottom share the whole height, with room between them for the best card's tag.
        self.words_beside = words_beside
        # The best card's tag in each of its wordings (the table's to say): a grown ring keeps room for it.
        self.tag_words: tuple[str, ...] = ()
        self._play_widths: dict[tuple[RingShape, int], int] = {}
        self.plays: list[TrickPlay] = []
        self.previous: list[tuple[int, list[str]]] = []     # the last trick taken: (seat, cards) per play
        self.best_tag_rect: pygame.Rect | None = None       # the best card's tag as last drawn
        self._ring_cache: tuple[tuple, pygame.Surface, tuple[int, int], list] | None = None
        self._felt_with_ring: tuple[tuple, pygame.Surface] | None = None

    # ----- geometry --------------------------------------------------------------------------------
    def room(self, layout: Layout) -> pygame.Rect:
        """Where the ring lies: the centre; with the words beside it, no nearer the controls' column (where
        the words stand) than the margin, and as far from the centre's middle on the other side."""
        centre = layout.centre
        if not self.words_beside:
            return centre
        half = min(centre.centerx - centre.left, layout.controls_rect.left - centre.centerx) - layout.margin
        if not any(area.side in ("left", "right") for area in layout.seats.values()):
            # A table of three: its centre spans the window; the ring keeps between the log and the controls.
            half = min(half, centre.centerx - layout.log_rect.right - layout.margin)
        return centre.clip(pygame.Rect(centre.centerx - half, centre.top, 2 * half, centre.height))

    def shape(self, layout: Layout) -> RingShape:
        """The ring for this layout (worked out once per layout: `_fitted_shape`)."""
        key = (layout.size, layout.scale, layout.card_width, tuple(layout.centre), tuple(layout.controls_rect),
               tuple(layout.log_rect), tuple((seat, area.side, seat_point(layout, seat))
                                             for seat, area in sorted(layout.seats.items())),
               self.count, self.words_beside, self.tag_words)
        shape = _SHAPES.get(key)
        if shape is None:
            if len(_SHAPES) > 64:
                _SHAPES.clear()
            shape = _SHAPES[key] = self._fitted_shape(layout) if self.words_beside else self._plain_shape(layout)
        return shape

    def _plain_width(self, layout: Layout) -> int:
        """Trick cards when the words stand inside the ring: as big as the centre allows with plays at its
        top and bottom and the words between them (with the words beside it: room for the best card's tag)."""
        centre = self.room(layout)
        if self.words_beside:
            tag_room = layout.text_size(13) * 1.5 + 4
            tall = (centre.height - tag_room) / (2 * 1.05 * card_height(100) / 100)
        else:
            tall = centre.height * 0.3 / 1.4
        return max(22, int(min(layout.card_width * 0.72, tall, centre.width / (2.2 * max(3, self.count)))))

    def _plain_shape(self, layout: Layout) -> RingShape:
        """Every play straight towards its seat, on an ellipse inside the centre by a card's size."""
        centre = self.room(layout)
        tw = self._plain_width(layout)
        rx = max(10.0, centre.width / 2 - tw * 1.0)
        ry = max(10.0, centre.height / 2 - card_height(tw) * 0.55)
        return RingShape(tw, (centre.centerx, centre.centery), rx, ry)

    def _rules(self, layout: Layout) -> FitRules:
        """What a grown ring's plays keep clear of in this layout (`FitRules`)."""
        tag_h = int(max(10, layout.text_size(13)) * 1.5)
        return FitRules(self.room(layout), frozenset(s for s, area in layout.seats.items() if area.side == "bottom"),
                        max([value_chip(words, tag_h, theme.GOLD, theme.INK).get_width() for words in self.tag_words],
                            default=0), tag_h, max(4, layout.margin), int(self._arrow_head(layout) * 0.8) + 2)

    def _fitted_shape(self, layout: Layout) -> RingShape:
        """With the words beside it, the whole room is the trick's: cards as large as the player's own where
        they fit. The ring is as wide and as tall as leaves a card and the best card's tag inside the room,
        and the plays may turn a little round it (each still on its seat's side of the middle) so that plays
        across from each other (your play and the one of the seat facing you) stand side by side rather
        than one above the other. Each play keeps clear of the others with its tag above it (below it for
        the bottom seat's), and between each two plays in turn an arrowhead of the ring stays in sight.
        Never smaller than the plain ring's cards (`_plain_shape` with the words beside)."""
        rules = self._rules(layout)
        room = rules.room
        cx, cy = float(room.centerx), float(room.centery)
        least = self._plain_width(layout)
        points = {seat: seat_point(layout, seat) for seat in range(self.count)}
        # The opponents' plays keep their seats' order from left to right (the player's own may stand
        # anywhere along the bottom): a play nearer another's seat than its own reads as that seat's.
        others = [seat for seat in points if seat not in rules.below]
        candidates = [angles for angles in self._candidate_angles(layout, (cx, cy), points)
                      if not any(points[a][0] < points[b][0] - rules.gap and math.cos(angles[a]) > math.cos(angles[b])
                                 for a in others for b in others)]

        def fit(tw: int) -> RingShape | None:
            rx = room.width / 2 - tw / 2 - rules.gap / 2
            ry = room.height / 2 - card_height(tw) / 2 - rules.tag_h - 2
            if rx < 10 or ry < 1.5 * rules.head:
                return None                              # a ring flatter than that reads as a line
            for angles in candidates:
                shape = RingShape(tw, (cx, cy), rx, ry, angles)
                arrows = self._arrows_in_sight(shape, points, rules)
                if arrows is not None:
                    return replace(shape, arrows=arrows)
            return None

        def first_fit(widths: Sequence[int]) -> RingShape | None:
            return next((shape for shape in map(fit, widths) if shape is not None), None)

        # Widths in steps of 8 from the largest, then the few just above the first that fits (what fits at
        # one width nearly always fits at those below it): a fraction of the tries, the same ring.
        top = max(least, layout.card_width)
        coarse = list(range(top, least, -8))
        for tw in coarse:
            shape = fit(tw)
            if shape is not None:
                return first_fit(range(min(top, tw + 6), tw, -2)) or shape
        return first_fit(list(range(coarse[-1] - 2 if coarse else top, least, -2)) + [least]) or self._plain_shape(layout)

    def _candidate_angles(self, layout: Layout, centre: Point, points: dict[int, Point]) -> list[tuple[float, ...]]:
        """Each seat's angle round the ring, in the ways worth trying, best first: straight towards the
        seats, then turned a little further each time; then the plays in a row across the ring, evenly
        spread (a ring much wider than tall holds a row best), the player's own play and its neighbours on
        the ring's lower side and the others on its upper side, in their turn round the table."""
        seat_angles = [_seat_angle(centre, layout.size, *points[seat]) for seat in range(self.count)]
        tries = [tuple(angle + turn for angle in seat_angles) for turn in TURNS]
        n = self.count
        bottom = next((seat for seat, area in layout.seats.items() if area.side == "bottom"), 0)
        ring = sorted(range(n), key=lambda seat: (seat_angles[seat] - seat_angles[bottom]) % (2 * math.pi))
        across = [-1 + 2 * i / (n - 1) for i in range(n)]           # the row's places, left to right
        for low in range(1, n - 1):
            for first in range(low):
                lower = [ring[(j - first) % n] for j in range(low)]     # round the ring, right to left
                upper = [ring[(low - first + j) % n] for j in range(n - low)]   # left to right
                for places in combinations(range(n), low):
                    angles = [0.0] * n
                    for seat, place in zip(lower, sorted(places, reverse=True)):
                        angles[seat] = math.acos(across[place])
                    for seat, place in zip(upper, [i for i in range(n) if i not in places]):
                        angles[seat] = -math.acos(across[place])
                    tries.append(tuple(angles))
        return tries

    def _arrows_in_sight(self, shape: RingShape, points: dict[int, Point], rules: FitRules) -> tuple[float, ...] | None:
        """Where the arrowheads go (angles round the ring) when every play of `shape` keeps on its seat's side
        of the middle and clear of the others (`_plays_clear`), and an arrowhead between each two plays in
        turn is in sight, none over another; None when they do not."""
        (cx, cy) = shape.centre
        spots = {seat: shape.point(shape.seat_angles[seat]) for seat in points}
        if any((x - cx) * (points[s][0] - cx) + (y - cy) * (points[s][1] - cy) <= 0 for s, (x, y) in spots.items()):
            return None                                  # a play turned away from its own seat
        plays = _plays_clear(spots, shape.width, shape.width, rules)
        if plays is None:
            return None
        order = sorted(angle % (2 * math.pi) for angle in shape.seat_angles)
        arrows = []
        for i, a in enumerate(order):
            b = order[(i + 1) % len(order)] + (2 * math.pi if i + 1 == len(order) else 0)
            clear = [(_clearance(plays, *shape.point(t)), t)
                     for t in (a + (b - a) * step / ARROW_SAMPLES for step in range(1, ARROW_SAMPLES))]
            room, best = max(clear)
            if room < rules.head:
                return None
            arrows.append(best)
        heads = [shape.point(t) for t in arrows]
        if any(math.dist(p, q) < 2 * rules.head for i, p in enumerate(heads) for q in heads[i + 1:]):
            return None                                  # two arrowheads one over the other: a ring too flat
        return tuple(arrows)

    def play_width(self, layout: Layout, per_play: int) -> int:
        """Trick cards when each play holds `per_play` cards (a lead of several of one value). On a grown
        ring the plays keep their places and their cards get smaller, as far as keeps each play's row
        clear of the others and of the arrowheads; elsewhere, as for one card."""
        shape = self.shape(layout)
        if per_play <= 1 or shape.arrows is None:
            return shape.width
        key = (shape, per_play)
        width = self._play_widths.get(key)
        if width is None:
            if len(self._play_widths) > 32:
                self._play_widths.clear()
            width = self._play_widths[key] = self._fitted_play_width(layout, shape, per_play)
        return width

    def _fitted_play_width(self, layout: Layout, shape: RingShape, per_play: int) -> int:
        rules = self._rules(layout)
        spots = {seat: shape.point(shape.seat_angles[seat]) for seat in range(self.count)}
        heads = [shape.point(t) for t in shape.arrows or ()]
        for tw in range(shape.width, 21, -1):
            plays = _plays_clear(spots, tw, tw * (1 + GROWN_PLAY_STEP * (per_play - 1)), rules)
            if plays is not None and all(_clearance(plays, *head) >= rules.head for head in heads):
                return tw
        return max(22, int(shape.width / (1 + GROWN_PLAY_STEP * (per_play - 1))))

    def card_width(self, layout: Layout) -> int:
        """Trick cards' width (`shape`)."""
        return self.shape(layout).width

    def ellipse(self, layout: Layout) -> tuple[Point, float, float]:
        """The ellipse the plays lie on: its centre and radii."""
        shape = self.shape(layout)
        return shape.centre, shape.rx, shape.ry

    def spot(self, layout: Layout, seat: int) -> Point:
        """Where `seat`'s play lies: on the ellipse, in the direction of that seat (turned round the ring by
        the shape's turn, none but on a grown table)."""
        shape = self.shape(layout)
        (cx, cy), rx, ry = shape.centre, shape.rx, shape.ry
        sx, sy = seat_point(layout, seat)
        dx, dy = sx - cx, sy - cy
        if abs(dx) < 1e-6 and abs(dy) < 1e-6:
            return cx, cy + ry
        if shape.seat_angles is not None:
            angle = shape.seat_angles[seat]
            return cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        t = 1.0 / math.sqrt((dx / rx) ** 2 + (dy / ry) ** 2)
        return cx + dx * t, cy + dy * t

    def positions(self, layout: Layout, seat: int, count: int) -> list[tuple[float, float, float]]:
        """The cards of one play overlap in a short row, each turned a little, so several read as a set."""
        x, y = self.spot(layout, seat)
        step = self.play_width(layout, count) * (GROWN_PLAY_STEP if self.shape(layout).arrows else PLAY_STEP)
        total = step * (count - 1)
        return [(x - total / 2 + i * step, y + (i % 2) * 2, (count - 1) * 2.5 - i * 5.0) for i in range(count)]

    # ----- the plays -------------------------------------------------------------------------------
    def sprites(self) -> list[CardSprite]:
        return [sprite for play in self.plays for sprite in play.sprites]

    def show(self, plays: Sequence[tuple[int, Sequence[str], Sequence[int]]]) -> None:
        """The trick as the view has it, face up (a start, a resume, a new seat at the bottom)."""
        self.plays = [TrickPlay(seat, [CardSprite(c, flip=1.0, tag="trick") for c in cards], tuple(values))
                      for seat, cards, values in plays]

    def matches(self, plays: Sequence[tuple[int, Sequence[str]]]) -> bool:
        """Whether the shown trick holds these plays (seat and cards, in order)."""
        shown = [(p.seat, sorted(str(s.card_id) for s in p.sprites)) for p in self.plays]
        return shown == [(seat, sorted(cards)) for seat, cards in plays]

    def lay_out(self, layout: Layout, tweens: TweenQueue, animate: bool) -> None:
        """Every play at its seat's spot (a new layout: at once; otherwise gliding there)."""
        for order, play in enumerate(self.plays):
            tw = self.play_width(layout, len(play.sprites))
            for i, (sprite, (x, y, rot)) in enumerate(zip(play.sprites, self.positions(layout, play.seat,
                                                                                       len(play.sprites)))):
                sprite.rest_at(x, y, rot)
                sprite.width = tw
                sprite.z = TRICK_Z + order * 10 + i
                send_home(sprite, tweens, animate, 0.3)

    def land(self, layout: Layout, tweens: TweenQueue, play: TrickPlay, on_landed: Callable[[], None]) -> None:
        """A new play joins the trick: its cards fly from where they are to its spot, turning face up on
        the way, each a moment after the one before; `on_landed` as each card lands (a sound)."""
        old_widths = [s.pixel_width for s in play.sprites]
        for sprite in play.sprites:
            sprite.tag = "trick"
        self.plays.append(play)
        tw = self.play_width(layout, len(play.sprites))
        for order, (sprite, (x, y, rot)) in enumerate(zip(play.sprites, self.positions(layout, play.seat,
                                                                                      len(play.sprites)))):
            sprite.rest_at(x, y, rot)
            sprite.width = tw
            sprite.z = TRICK_Z + len(self.plays) * 10 + order
            flip_up = sprite.flip < 1.0
            fly_to_rest(tweens, sprite, old_widths[order], 0.4, order * 0.06, on_done=on_landed)
            if flip_up:
                tweens.add(sprite, 0.25, delay=0.1 + order * 0.06, flip=1.0)

    def sprite_at(self, point: tuple[int, int]) -> CardSprite | None:
        """The face-up trick card under `point` (the topmost), for the card-help box."""
        for play in reversed(self.plays):
            for sprite in reversed(play.sprites):
                if sprite.face_up and sprite.contains(point):
                    return sprite
        return None

    # ----- the best card so far --------------------------------------------------------------------
    def highlight(self, best: tuple[int, int] | None) -> None:
        """The best card so far (play index, card index; the game's to say) glows once face up."""
        for p, play in enumerate(self.plays):
            for c, sprite in enumerate(play.sprites):
                sprite.glow = theme.GOLD if (p, c) == best and sprite.flip >= 1.0 else None

    def draw_best_tag(self, surface: pygame.Surface, layout: Layout, tweens: TweenQueue,
                      best: tuple[int, int] | None, words: str, below_seat: int,
                      avoid: pygame.Rect | None = None) -> None:
        """A gold tag saying `words` above the best card (below it for `below_seat`'s play, usually the
        bottom seat, or when there is no room above the centre), never over `avoid` (a banner)."""
        self.best_tag_rect = None
        if best is None:
            return
        sprite = self.plays[best[0]].sprites[best[1]]
        if sprite.flip < 1.0 or tweens.moving(sprite):
            return
        seat = self.plays[best[0]].seat
        size = max(10, layout.text_size(13))
        tag = value_chip(words, int(size * 1.5), theme.GOLD, theme.INK)
        half = card_height(sprite.pixel_width) / 2 + tag.get_height() / 2 + 2
        y = sprite.y - half
        # A grown ring keeps room for the tag above each card (`_fitted_shape`): it goes there whenever it fits.
        above = y - tag.get_height() / 2 + 2 if self.words_beside else y - tag.get_height()   # 2 px: rounding
        if seat == below_seat or above < layout.centre.top:
            y = sprite.y + half
        rect = tag.get_rect(center=(int(sprite.x), int(y)))
        rect.clamp_ip(surface.get_rect())
        if avoid is not None and rect.colliderect(avoid):
            other = sprite.y - half if rect.centery > sprite.y else sprite.y + half
            rect.center = (int(sprite.x), int(other))
            rect.clamp_ip(surface.get_rect())
        self.best_tag_rect = rect
        surface.blit(tag, rect)

    # ----- a won trick -----------------------------------------------------------------------------
    def remember(self) -> None:
        """The trick just won becomes the one a player may look back at."""
        self.previous = [(play.seat, [str(s.card_id) for s in play.sprites]) for play in self.plays]

    def sweep(self, gather_at: Point, target_of: SweepTarget, tweens: TweenQueue, flying: list[CardSprite],
              forget: Callable[[CardSprite], None]) -> None:
        """Every card gathers at `gather_at` (the winner's spot), then goes where `target_of(sprite)` says
        ((x, y), scale, kept): a kept card stays visible there (a score chip), the others fade out. The
        cards leave the area for `flying`; `forget` drops each one when it is done."""
        for sprite in self.sprites():
            flying.append(sprite)
            sprite.glow = None
            sprite.z = SWEPT_Z
            (x, y), scale, keep = target_of(sprite)

            def away(s: CardSprite = sprite, x: float = x, y: float = y, scale: float = scale,
                     keep: bool = keep) -> None:
                tweens.add(s, 0.3, easing=ease_in_out_cubic, x=x, y=y, scale=scale,
                           alpha=255.0 if keep else 0.0, on_done=lambda: forget(s))

            tweens.add(sprite, 0.25, easing=ease_in_out_cubic, x=gather_at[0], y=gather_at[1], rotation=0.0,
                       on_done=away)
        self.plays = []

    # ----- the way play goes -----------------------------------------------------------------------
    def draw_direction_ring(self, surface: pygame.Surface, layout: Layout, way: float, key: tuple = (),
                            tiled: bool = True) -> None:
        """A faint ring through the plays with an arrowhead between each two seats, pointing the way play
        goes (`way` +1 clockwise … -1 counter-clockwise, tweened in between). Painted on its own layer,
        again only when the layout, `way` or the caller's `key` change. `tiled`: blitted in the tiles it
        paints (`painted_tiles`, for a layer blitted frame after frame); else the layer blitted whole, the
        same pixels, when finding its tiles would cost more than it saves (a layer drawn once)."""
        cache_key = (layout.size, self.shape(layout), round(way, 2), key)     # a new scale: a new ring
        if self._ring_cache is None or self._ring_cache[0] != cache_key:
            layer, topleft = self._paint_ring(layout, way)
            self._ring_cache = (cache_key, layer, topleft, painted_tiles(layer, topleft) if tiled else None)
        _, layer, topleft, tiles = self._ring_cache
        if tiles is None:
            surface.blit(layer, topleft)
        else:
            surface.blits(tiles, doreturn=False)

    def draw_felt_with_ring(self, surface: pygame.Surface, layout: Layout, way: float, key: tuple = ()) -> None:
        """The felt with the direction ring on it (`draw_felt`, then `draw_direction_ring`). While the ring
        stands still (`way` ±1, nearly always) the two are one kept picture, blitted whole: the same pixels,
        without blending the ring's tiles every frame (about 0.6 ms of a 2560x1440 frame). While the arrows
        swing round, the ring is painted again each frame and its layer blitted whole (finding its tiles
        for one frame cost more than the blit)."""
        if way not in (1.0, -1.0):               # swinging: a new ring nearly every frame
            draw_felt(surface)
            self.draw_direction_ring(surface, layout, way, key, tiled=False)
            return
        cache_key = (surface.get_size(), layout.size, self.shape(layout), way, key, theme.high_contrast)  # felt, ring colours
        if self._felt_with_ring is None or self._felt_with_ring[0] != cache_key:
            picture = pygame.Surface(surface.get_size(), 0, surface)   # the window's own pixel format
            draw_felt(picture)
            self.draw_direction_ring(picture, layout, way, key, tiled=False)
            self._felt_with_ring = (cache_key, picture)
        self._ring_cache = None                  # the ring is in the picture: its layer is not kept beside it
        surface.blit(self._felt_with_ring[1], (0, 0))

    @staticmethod
    def _arrow_head(layout: Layout) -> int:
        """An arrowhead's length from its middle to its tip (its half-width is a little less)."""
        return max(7, int(layout.card_width * 0.14))

    def _paint_ring(self, layout: Layout, way: float) -> tuple[pygame.Surface, tuple[int, int]]:
        shape = self.shape(layout)
        (cx, cy), rx, ry = shape.centre, shape.rx, shape.ry
        head = self._arrow_head(layout) * way
        pad = int(abs(head) * 2) + 4
        bounds = pygame.Rect(0, 0, int(rx * 2) + 2 * pad, int(ry * 2) + 2 * pad)
        bounds.center = (int(cx), int(cy))
        layer = pygame.Surface(bounds.size, pygame.SRCALPHA)
        ox, oy = bounds.left, bounds.top
        ring = pygame.Rect(0, 0, int(rx * 2), int(ry * 2))
        ring.center = (int(cx) - ox, int(cy) - oy)
        pygame.draw.ellipse(layer, (*theme.PARCHMENT, 70), ring, width=max(2, layout.margin // 3))
        angles = sorted(math.atan2(self.spot(layout, s)[1] - cy, self.spot(layout, s)[0] - cx)
                        for s in range(self.count))
        mids = [(a + (angles[(i + 1) % len(angles)] + (2 * math.pi if i + 1 == len(angles) else 0))) / 2
                for i, a in enumerate(angles)]
        for mid in (shape.arrows if shape.arrows is not None else mids):
            px, py = cx - ox + math.cos(mid) * rx, cy - oy + math.sin(mid) * ry
            # The ellipse's tangent at this angle (screen angles grow clockwise because y points down).
            tx, ty = -math.sin(mid) * rx, math.cos(mid) * ry
            norm = math.hypot(tx, ty) or 1.0
            tx, ty = tx / norm, ty / norm
            nx, ny = -ty, tx
            tip = (px + tx * head, py + ty * head)
            base = (px - tx * head * 0.6, py - ty * head * 0.6)
            size = abs(head) * 0.7
            pygame.draw.polygon(layer, (*theme.GOLD, 200), [tip, (base[0] + nx * size, base[1] + ny * size),
                                                            (base[0] - nx * size, base[1] - ny * size)])
        return layer, bounds.topleft
