"""The Télos table: tricks of one or several cards, the table line, the last trick that loses.

How it works (DESIGN.md, "Scenes and the table"; docs/telos_table.md says how each rule is shown):
- Every action goes through `session.apply(seat, action)` (which autosaves). The engine's events
  are queued and shown one by one: cards travel from a hand to that seat's place in the trick, the
  table line changes, the trick is swept to its winner, a round is scored. Rules are settled first;
  the animation only shows them. A new decision is taken only when the table is idle.
- What may be selected and played comes from `legal_actions` only; a refused set springs back
  with the engine's reason (`why_illegal`). God cards of one value are interchangeable in the
  engine's listing (game/telos/plays.py), so the table compares selections by value (God cards)
  and by id (Zeus cards) and sends the cards the player actually chose.
- What is shown is what the bottom seat's view allows. The bottom seat is the human on turn
  (one human: always that human; nobody human: seat 0, watched as a spectator). With several
  humans the kit's hand-off gate comes before a hand is shown; once that player's play is made
  their hand turns face down at once (with their blind card and any card help) and stays so until
  the next hand-off is confirmed, and a new round is dealt face down until its first hand-off.
- AI seats think in a background thread (scenes/table/ai_runner.py) and move after a short delay.
- Your hand lies side by side when the strip has room; the card under the pointer lifts and is
  drawn on top (DragController(hover_lift=True)); chosen cards are lifted AND ringed, so a chosen
  card never looks like one only hovered. A Zeus card under the pointer or the keyboard focus
  explains its power above it.
- A trick is swept in two steps: its cards gather on the winner's place in the middle, then slide
  towards the winner's cards and fade, so no card passes over another seat's name plate. A
  resumed game's log starts with where the round stands ("Round 2 goes on: trick 3, …").

Multi-card selection is the kit's: DragController(multi_select=True, space_toggles=True) toggles
cards by click, Space and Up/Down (`toggle`, `toggle_focused`, `refresh`), and
scenes/table/selection.py's SetChooser says from `legal_actions` whether the chosen set is a legal
play and which cards may still join it. A refused set springs back and stays chosen, so it can be
mended rather than picked again.

What is Télos's own here: which card is winning the trick and where a swept trick goes, the table
line and the centre's words, the direction and when it turns, score chips and totals on the plates,
the blind card of the Divine Trick, set selection and its glow, and the Zeus-card help. The trick's
place round the centre, its landing, tag, sweep, look back and ring are the kit's trick area
(scenes/table/trick_area.py), the words' stack its centre lines (scenes/table/centre_lines.py), the
plates its score plate (plates.draw_score_plate), the Play button and Enter its SetPlay (set_play.py),
the way play goes its PlayDirection (play_direction.py);
seating, AI pacing, deal and gather, plates, count badges, hint line, notices and results are the kit's.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from game.core.actions import Action
from game.core.events import Event
from game.core.session import GameSession
from game.telos.cards import is_zeus, parse_god_card
from game.telos.terms import set_colour, zeus_card_name, zeus_card_power
from game.telos.view import TelosView
from scenes.ui.i18n import N_, _, ngettext, pgettext, translate_message
from scenes.ui import theme
from scenes.table.base import TableScene
from scenes.table.table_help import LookBack
from scenes.table.telling import ResultWords
from scenes.table.captions import CardHelp, wrapped
from scenes.table.card_art import card_height
from scenes.table.centre_lines import CentreLine, draw_centre_lines, stack_height
from scenes.table.chips import draw_chip_row, value_chip
from scenes.table.drag import DragController
from scenes.table.layout import CentreRoom, SeatArea, TableLayout, compute_layout, table_reach
from scenes.table.plates import draw_active_seat, draw_count_on_card, draw_score_plate, grown_score_plate
from scenes.table.selection import SetChooser
from scenes.table.set_play import SetPlay
from scenes.table.sprites import CardSprite, SpriteRenderer
from scenes.table.table_focus import TableCard
from scenes.table.trick_area import TrickArea, TrickPlay, seat_point
from scenes.table.play_direction import PlayDirection
from scenes.table.zones import DropZone
from scenes.telos.art import ZEUS_GOLD, emblem_image, score_chip, telos_card_art
from scenes.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from scenes.scene import AppServices

GAME_ID = "telos"
TRICK_SHOWN_S = 0.9             # a full trick stays in view this long before it is swept
HAND_SPACING = 1.05             # card widths between your cards when the strip has room: every face whole
LEAD_WORDS = {"eagle": N_("the Eagle"), "cuckoo": N_("the Cuckoo")}

CardKey = tuple[str, Any]       # ("v", 9) for any God card of value 9, ("z", "Z:ant") for a Zeus card
# How far a table grows (`TelosTableScene._best_growth`), by window size, UI scale, seats, bottom seat and
# the best card's tag in the language shown: worked out once, asked at every step of every layout.
_BEST_GROWTH: dict[tuple, float] = {}


class TelosTableScene(SetPlay, TableScene):
    GAME_ID = GAME_ID
    RNG_NAME = "telos-table"
    HAND_SPACING = HAND_SPACING
    RESULTS_DELAY = 0.4
    CORNER_MIN_HEIGHT = 24
    HINT_SIZE = 15
    # Grown with the UI scale, the opponents' backs stay their 100 % size: the height goes to the trick.
    OPPONENTS_GROW_LIMIT = 1.0

    @classmethod
    def _centre_room(cls, count: int) -> CentreRoom:
        """A grown table keeps its trick cards at least as large as at 100 % and grows no further than a
        table of hands (its smaller opponents leave height over: the plates' names would not fit). Within
        that, it grows as far as gives the trick and the player's own cards together the most room, the
        trick counted double (`_best_growth`): a trick squeezed under cards far larger than it is the one
        thing a player who asked for large cards cannot read."""
        def roomy(grown: TableLayout, plain: TableLayout) -> bool:
            key = (grown.size, theme.ui_scale_setting(), count, grown.bottom_seat, cls._best_tag_words())
            if key not in _BEST_GROWTH:
                if len(_BEST_GROWTH) > 64:
                    _BEST_GROWTH.clear()
                _BEST_GROWTH[key] = cls._best_growth(grown.size, count, grown.bottom_seat)
            return grown.scale <= plain.scale * _BEST_GROWTH[key] + 1e-6
        return roomy

    @classmethod
    def _best_growth(cls, size: tuple[int, int], count: int, bottom: int) -> float:
        """How far (1.0: 100 %) a table of `count` grows in a window of `size`: of the growths in steps of
        5 % up to a table of hands', the one whose trick cards plus half its own cards are widest, among
        those whose trick cards are no smaller than at 100 %."""
        grown_trick, plain_trick = TrickArea(count, words_beside=True), TrickArea(count)
        grown_trick.tag_words = cls._best_tag_words()

        def layout(centre_room: CentreRoom) -> TableLayout:
            return compute_layout(size, count, bottom, cls._seat_zone_height(), cls._opponent_card_scale(count),
                                  cls.OPPONENTS_BESIDE_CENTRE, centre_room, cls.OPPONENTS_GROW_LIMIT)

        plain = layout(lambda grown, plain: False)          # never roomy: the table at 100 %
        least = plain_trick.card_width(plain)
        best, best_score = 1.0, -1.0
        for step in range(int(round((table_reach(size) / 100 - 1) / 0.05)), 0, -1):
            limit = round(1 + step * 0.05, 2)
            grown = layout(lambda grown, plain, limit=limit: grown.scale <= plain.scale * limit + 1e-6)
            if abs(grown.scale / plain.scale - limit) > 0.01:
                continue                                     # the kit's own measure stepped it back further
            trick = grown_trick.card_width(grown)
            score = trick + grown.card_width / 2
            if trick >= least and score > best_score:
                best, best_score = limit, score
        return best

    def __init__(self, app: "AppServices", session: GameSession) -> None:
        super().__init__(app, session)
        self.content = self.game.content
        self.art = telos_card_art(self.content)
        self.renderer = SpriteRenderer(self.art)
        self.drag = DragController(self.tweens, legal_zones=self._legal_zones, drop=self._drop_when_allowed,
                                   default_zone=lambda: "trick", multi_select=True, space_toggles=True,
                                   hover_lift=True)
        self.chooser = SetChooser(self.card_key, self._legal_play_sets)
        # What is on screen (from events while they are shown; from the view whenever idle).
        self.trick_area = TrickArea(self.count)     # the plays round the centre, and the last trick taken
        self.line: tuple[int, ...] = ()
        self.k = 0
        self.swapped_in: str | None = None      # the viewer's card that came from the blind (marked in hand)
        self.divine_used: list[bool] = [False] * self.count    # who has used the Divine Trick this round
        self.banner_rect: pygame.Rect | None = None     # the "Last trick!" banner as last drawn
        self.centre_words_rects: list[pygame.Rect] = []     # each of the middle's lines as last drawn
        self.way = PlayDirection()          # this trick's way, and from the next trick on (a Swan turns it)
        self.serpent = False
        self.last_trick = False
        self.first_trick = True
        self.round_end_words: str | None = None     # after the last trick is swept, until the next deal
        self.leads_tag_rects: dict[int, pygame.Rect] = {}   # where "leads" was last drawn (inside the plate)
        self.leader = 0
        self.turn: int | None = None
        self.order: tuple[int, ...] = ()
        self.totals: list[int] = [0] * self.count
        self.score_cards: list[list[str]] = [[] for _ in range(self.count)]
        self.sweep_to: int | None = None    # the trick is complete: its winner, highlighted until swept
        self.blind_shown = False            # the bottom seat still has its blind card this round
        self.blind_flash: CardSprite | None = None
        self.play_button: Button | None = None
        self.swap_button: Button | None = None
        self._divine_cache: tuple[Any, bool] | None = None
        self._start()

    def _log_where_we_are(self) -> None:
        """A resumed game starts its log with where the round stands, so the first line is not a mystery."""
        view = self.state.view(None)
        trick = _("the last trick") if view.last_trick else _("trick {number}").format(number=view.trick_number + 1)
        if view.trick:
            where = _("{leader} led, {player} to play (reach {reach})").format(
                leader=self._subject(view.leader), player=self._who(view.turn), reach=_reach(view.line))
        else:
            where = self._said(view.leader, _("{name} leads"), _("{name} lead"), inside=True)
        self.log.add(_("Round {round} goes on: {trick}, {where}").format(round=view.round_index + 1, trick=trick,
                                                                          where=where))

    # ----- helpers ---------------------------------------------------------------------------------
    def card_label(self, card: str) -> str:
        """A card in words for the log: "9 Olive", "White Bull"."""
        if is_zeus(card):
            zeus = self.content.zeus_cards.get(card)
            return translate_message(zeus_card_name(zeus.name)) if zeus else card
        parsed = parse_god_card(card)
        if parsed is None:
            return card
        god_set = self.content.sets.get(parsed[1])
        return f"{parsed[0]} {translate_message(set_colour(god_set.colour))}" if god_set else card

    def _cards_label(self, cards: Sequence[str]) -> str:
        return " + ".join(self.card_label(c) for c in cards)

    # ----- layout ------------------------------------------------------------------------------------
    def _set_layout(self, size: tuple[int, int]) -> None:
        """A new layout, and the card widths it lays out (drawn exactly; in-flight sizes are snapped)."""
        super()._set_layout(size)
        # Grown, the words leave the ring for the column above the controls (`_words_column`).
        self.trick_area.words_beside = table_reach(size, self.layout) > 100
        self.trick_area.tag_words = self._best_tag_words()
        # A lead of several cards: on a grown ring each play's cards are smaller the more there are.
        self.art.exact_widths = {self.layout.card_width, self.layout.small_card_width,
                                 *(self.trick_area.play_width(self.layout, count) for count in range(1, 5)),
                                 max(24, int(self.layout.card_width * 0.62))}

    @staticmethod
    def _best_tag_words() -> tuple[str, ...]:
        """What the best card's tag may say (`_draw_best_tag`): a grown ring keeps room for the longest."""
        return _("winning"), _("wins the trick")

    def _lay_out_table(self) -> None:
        self.trick_area.lay_out(self.layout, self.tweens, animate=False)

    def _opponent_row(self, area: SeatArea) -> tuple[tuple[int, int], int]:
        """An opponent's face-down cards take the left of its area; its score cards the right."""
        width = int(area.rect.width * 0.6)
        return (area.rect.left + width // 2, area.hand_centre[1]), width

    def _score_anchor(self, seat: int) -> tuple[pygame.Rect, int]:
        """Where a seat's score cards are drawn (a rect) and the chip height."""
        area = self.layout.seats[seat]
        if area.side == "bottom":
            h = max(10, int(area.plate.height * 0.66))
            return pygame.Rect(area.plate.left, area.plate.top, area.plate.width, area.plate.height), h
        rect = area.rect
        row_top = area.plate.bottom + self.layout.margin // 2
        region = pygame.Rect(rect.left + int(rect.width * 0.62), row_top, int(rect.width * 0.38),
                             rect.bottom - row_top)
        return region, max(10, min(int(area.plate.height * 0.62), region.height // 2 - 2))

    def _deck_spot(self) -> tuple[int, int]:
        return self.layout.centre.center

    def blind_rect(self) -> pygame.Rect:
        """The bottom seat's blind card, beside the hand at the left of the controls."""
        area = self.layout.controls_rect
        w = max(24, int(self.layout.card_width * 0.62))
        rect = pygame.Rect(0, 0, w, card_height(w))
        rect.topleft = (area.left, area.top + self.layout.text_size(16) + 4)
        return rect

    # ----- what the screen shows, rebuilt from the view (start, resume, a new seat at the bottom) -------
    def _sync_table(self, view: TelosView) -> None:
        self.trick_area.show([(p.seat, p.cards, p.values) for p in view.trick])
        self.trick_area.lay_out(self.layout, self.tweens, animate=False)
        self.flying = []
        self.sweep_to = None
        self._sync_info(view)
        self.chooser.forget()

    def _sync_info(self, view: TelosView) -> None:
        """The table's words and markers from the view (cheap; done whenever the table is idle)."""
        self.line, self.k = tuple(view.line), view.k
        # A Swan turns play from the next trick on (T-rules): the trick under way keeps its own direction.
        self.way.show(_order_direction(view.trick_order, self.count) if view.trick else view.direction, view.direction)
        self.serpent, self.last_trick, self.first_trick = view.serpent_ban, view.last_trick, view.first_trick
        self.round_end_words = None
        self.leader, self.turn, self.order = view.leader, view.turn, tuple(view.trick_order)
        self.totals = list(view.totals)
        self.score_cards = [list(s) for s in view.score_cards]
        self.blind_shown = view.divine_trick and self.viewer is not None and view.divine_available
        self.divine_used = list(view.divine_used)

    def _reset_table_for_deal(self) -> None:
        """The very first deal is shown dealt: no blind card until it is dealt."""
        self.blind_shown = False

    def _matches_view(self) -> bool:
        view = self._view()
        if not self._seat_zones_match(view):
            return False
        return self.trick_area.matches([(p.seat, p.cards) for p in view.trick])

    # ----- controls -------------------------------------------------------------------------------------
    def _build_controls(self) -> None:
        """Play, and Swap with the blind card beside the blind card when the Divine Trick is played."""
        super()._build_controls()
        lay = self.layout
        gap = lay.margin
        area = lay.controls_rect
        bh = max(24, int(lay.card_width * 0.36))
        left = area.left
        if self._divine_in_game():
            left = self.blind_rect().right + gap
        width = max(40, area.right - left)
        top = area.top + lay.text_size(16) + 4
        self.play_button = self._play_button_at(pygame.Rect(left, top, width, bh))
        self.swap_button = Button(pygame.Rect(left, top + bh + gap, width, bh), _("Swap with blind card (B)"),
                                  self.press_swap, style="secondary")
        self._refresh_buttons()

    def _divine_in_game(self) -> bool:
        return bool(self.state.options.get("divine_trick"))

    def _refresh_buttons(self) -> None:
        self._refresh_play_button()
        if self.swap_button is not None:
            self.swap_button.enabled = self._human_may_act() and self._divine_legal() and len(self._selected_ids()) <= 1
        if self.table_looked:       # the round's results put aside: the kit's Results button only
            top = self.play_button.rect.top if self.play_button is not None else self.layout.controls_rect.top
            self.seat_buttons = self._results_button(top, self.play_button.rect.height if self.play_button else 28)
            return
        swap_shown = self.swap_button is not None and self._divine_in_game() and self.blind_shown
        self.seat_buttons = [b for b in (self.play_button, self.swap_button if swap_shown else None) if b is not None]

    # ----- legal sets, from legal_actions only ----------------------------------------------------------
    def card_key(self, card: str) -> CardKey:
        """God cards of one value are interchangeable for the rules; Zeus cards are each their own."""
        parsed = parse_god_card(card)
        return ("z", card) if parsed is None else ("v", parsed[0])

    def _legal_play_sets(self) -> list[tuple[str, ...]]:
        """The bottom seat's legal plays (card lists) for the kit's SetChooser."""
        return [a.cards for a in self.state.legal_actions(self.bottom) if a.verb == "play"]

    def _divine_legal(self) -> bool:
        key = (self._token(), self.bottom)
        if self._divine_cache is None or self._divine_cache[0] != key:
            legal = self.state.legal_actions(self.bottom)
            self._divine_cache = (key, any(a.verb == "divine" for a in legal))
        return self._divine_cache[1]

    def _legal_zones(self, card_ids: tuple[str, ...]) -> set[str]:
        if not self._human_may_act() or not card_ids:
            return set()
        zones = set()
        if self.selection_help(card_ids).complete:
            zones.add("trick")
        if len(card_ids) == 1 and self._divine_legal():
            zones.add("blind")
        return zones

    def _what_if(self, sprite: CardSprite) -> Action | None:
        """A card of your hand that is part of no legal play would be played alone (a card that some
        legal play uses stays lit and needs no explaining)."""
        if sprite not in self.drag.sprites or not sprite.card_id:
            return None
        key = self.card_key(sprite.card_id)
        if any(key in {self.card_key(c) for c in cards} for cards in self._legal_play_sets()):
            return None
        return Action.of("play", sprite.card_id)

    # ----- actions ----------------------------------------------------------------------------------------
    def _drop(self, card_ids: tuple[str, ...], zone: str) -> str | None:
        if not card_ids or not all(card_ids):
            return _("choose the cards to play first")
        if zone == "blind":
            if len(card_ids) != 1:
                return _("swap one card: drag a single card onto the blind card")
            return self._apply(self.bottom, Action.of("divine", card_ids[0]))
        if zone != "trick":
            return _("play your cards into the middle of the table")
        return self._apply(self.bottom, Action.of("play", ",".join(card_ids)))

    def _human_may_act(self) -> bool:
        """As every table, and only when the game waits for that seat (Télos has no reactions)."""
        return super()._human_may_act() and self.bottom in self._waiting()

    def press_swap(self) -> None:
        """The Divine Trick: the selected (or focused) hand card goes face down, the blind card comes in."""
        cards = list(self.drag.selected)
        if not cards and self.drag.focus is not None and self.drag.focus < len(self.drag.sprites):
            cards = [self.drag.sprites[self.drag.focus]]
        if len(cards) != 1:
            self._notice(_("select the one hand card to put face down, then swap"))
            return
        self.drag.play(cards, "blind")

    # ----- input -------------------------------------------------------------------------------------------
    def _handle_keys(self, event: pygame.event.Event) -> bool:
        """B swaps the chosen card with the blind card (the Divine Trick)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_b and self.drag.enabled and self._divine_legal():
            self.press_swap()
            return True
        return False

    def _refresh_from_view(self) -> None:
        self._sync_info(self._view())

    def _on_hand_hidden(self) -> None:
        """The blind card turns away with the hand (pass-and-play)."""
        self.blind_shown = False

    def _fallback_action(self, legal: list[Action]) -> Action | None:
        """A seat whose AI failed plays its first legal play (never a blind-card swap)."""
        return next((a for a in legal if a.verb == "play"), None)

    # ----- events -> motion ---------------------------------------------------------------------------------
    def _on_round_started(self, event: Event) -> None:
        if self.gate.needed and self.gate.may_show(self.bottom):
            # Pass-and-play: the new hands are dealt face down; the first player's hand-off comes after.
            self._hide_bottom_hand()
        n = int(event["hand_size"])
        deals = self._said(event["dealer"], ngettext("{name} deals {count} card each", "{name} deals {count} cards each", n),
                           ngettext("{name} deal {count} card each", "{name} deal {count} cards each", n), count=n)
        leads = self._said(event["first_leader"], _("{name} leads"), _("{name} lead"), inside=True)
        self.log.add(_("Round {round}: {deals}; {leads}").format(round=event["round"] + 1, deals=deals, leads=leads))
        self._gather_for_new_round(self.trick_area.sprites(), self._deck_spot(), 0.3, fade=True)
        self.trick_area.plays = []
        self.trick_area.previous = []
        self.swapped_in = None
        self.divine_used = [False] * self.count
        self.sweep_to = None
        self.round_end_words = None
        self.line, self.k = (), 0
        self.serpent, self.last_trick, self.first_trick = False, False, True
        self.way.start(int(event["direction"]))
        self.leader = self.turn = int(event["first_leader"])
        self.order = self.way.order(self.leader, self.count)
        self.blind_shown = bool(event["blind"]) and self.viewer is not None

    def _send_away(self, sprites: list[CardSprite], target: tuple[float, float]) -> None:
        self._gather(sprites, target, 0.3, fade=True)

    def _on_cards_dealt(self, event: Event) -> None:
        """Every seat's deal is shown at once (the following deal events are taken from the queue)."""
        self._deal_round_at_once(event, self._deck_spot(), 0.35, 0.03, 0.15)
        self.sounds.play("card_slide")

    def _on_divine_swap(self, event: Event) -> None:
        seat = event.seat
        gave, got = event.get("gave"), event.get("got")
        self.log.add(self._said(seat, _("{name} uses the Divine Trick: one card goes face down, the blind card comes in"),
                                _("{name} use the Divine Trick: one card goes face down, the blind card comes in")))
        self.divine_used[seat] = True
        if seat != self.viewer or gave is None or got is None:
            self._show_others_swap(seat)
            return
        self.swapped_in = str(got)
        rect = self.blind_rect()
        hand = self.hands[seat]
        old = next((s for s in hand if s.card_id == gave), None)
        if old is not None:
            hand.remove(old)
            old.lifted, old.glow = False, None
            self._send_away([old], rect.center)
        new = CardSprite(got, x=rect.centerx, y=rect.centery, flip=0.0, width=self.layout.card_width, tag="hand")
        hand.append(new)
        order = {c: i for i, c in enumerate(self.state.view(seat).hand)}
        hand.sort(key=lambda s: order.get(str(s.card_id), 999))
        self._lay_out_seat(seat, animate=True)
        self.tweens.add(new, 0.2, delay=0.3, flip=1.0)
        self.blind_shown = False
        self.sounds.play("card_slide")

    def _show_others_swap(self, seat: int) -> None:
        """Another seat's Divine Trick, seen on the table: one of its face-down cards leaves the hand and
        comes back (its blind card in, another out), and its plate is marked "swapped" for the round."""
        hand = self.hands[seat]
        if hand:
            sprite = hand[len(hand) // 2]
            x, y, rotation = sprite.home
            back = lambda s=sprite, x=x, y=y, r=rotation: self.tweens.add(s, 0.25, delay=0.1, x=x, y=y, rotation=r)
            self.tweens.add(sprite, 0.25, y=y - card_height(sprite.pixel_width) * 0.6, on_done=back)
        self.sounds.play("card_slide")
        self._pause(0.4)

    def _draw_swap_marks(self, surface: pygame.Surface) -> None:
        """"from the blind" on the viewer's swapped-in card; "swapped" on the plate of each seat that used it."""
        size = max(10, int(self.layout.text_size(12)))
        if self.swapped_in is not None and self.viewer is not None:
            sprite = next((s for s in self.hands[self.viewer] if s.card_id == self.swapped_in), None)
            if sprite is not None and not self.tweens.moving(sprite):
                chip = value_chip(_("from the blind"), int(size * 1.5), theme.GOLD, theme.INK)
                rect = sprite.rect()
                surface.blit(chip, chip.get_rect(midtop=(rect.centerx, rect.top + 2)))
        for seat, used in enumerate(self.divine_used):
            if used and seat < self.count:
                plate = self.layout.seats[seat].plate
                chip = value_chip(_("swapped"), int(size * 1.4), theme.CREAM, theme.INK)
                surface.blit(chip, chip.get_rect(midleft=(plate.left + 4, plate.top)))

    def _on_cards_played(self, event: Event) -> None:
        seat = event.seat
        cards = list(event["cards"])
        if event["lead"]:
            self.trick_area.plays = []
            self.k = int(event["k"])
            self.last_trick = bool(event["last_trick"])
        moving = [self._take_from_hand(seat, card, seat_point(self.layout, seat)) for card in cards]
        self.trick_area.land(self.layout, self.tweens, TrickPlay(seat, moving, tuple(event["values"])),
                             on_landed=lambda: self.sounds.play("card_place"))
        self._lay_out_seat(seat)
        self.line = tuple(event["line"])
        played = len(self.trick_area.plays)
        self.turn = self.order[played] if played < len(self.order) else None
        label = self._cards_label(cards)
        words = (self._said(seat, _("{name} leads {cards}"), _("{name} lead {cards}"), cards=label) if event["lead"]
                 else self._said(seat, _("{name} plays {cards}"), _("{name} play {cards}"), cards=label))
        if not event["last_trick"] and played < self.count:
            words = _("{play}; reach {reach}").format(play=words, reach=_reach(self.line))
        self.log.add(words)
        self._pause(0.1)
        if seat == self.viewer and self._turn_is_over(seat):
            self._hide_bottom_hand()       # their play is made: the rest of the hand goes face down at once

    def _on_direction_changed(self, event: Event) -> None:
        """A Swan: the arrows turn when the next trick starts (`PlayDirection.take_turn`); until then the
        centre says what is coming."""
        self.way.announce(int(event["direction"]))
        words = (_("{card}: from the next trick, play goes clockwise") if self.way.next > 0
                 else _("{card}: from the next trick, play goes counter-clockwise"))
        self.log.add(words.format(card=self.card_label(event["card"])))

    def _on_serpent_ban(self, event: Event) -> None:
        self.serpent = True
        self.log.add(_("{card}: no multiple leads for the rest of this round").format(card=self.card_label(event["card"])))

    def current_best(self) -> tuple[int, int] | None:
        """(play index, card index) of the card winning the trick so far, by the values the view gives
        (T-13: the highest value; among equal values the one played last). Only for the highlight."""
        best, where = -1, None
        for p, play in enumerate(self.trick_area.plays):
            for c, value in enumerate(play.values):
                if value >= best:
                    best, where = value, (p, c)
        return where

    def _on_trick_won(self, event: Event) -> None:
        winner = int(event["winner"])
        self.trick_area.remember()
        self.sweep_to = winner
        self.turn = None
        card = self.card_label(event["winning_card"])
        if event["last_trick"]:
            self.log.add(self._said(winner, _("{name} takes the last trick with {card}"),
                                    _("{name} take the last trick with {card}"), card=card))
        else:
            after = event.get("next_leader")
            reason = event.get("reason")
            text = self._said(winner, _("{name} wins the trick with {card}"), _("{name} win the trick with {card}"),
                              card=card)
            if after is not None and after != winner:
                why = _(LEAD_WORDS[reason]) if reason in LEAD_WORDS else str(reason)
                leads = self._said(after, _("{name} leads"), _("{name} lead"), inside=True)
                text = _("{won}; {leads} ({why})").format(won=text, leads=leads, why=why)
            self.log.add(text)
        self.tweens.call(lambda e=event: self._sweep(e), delay=TRICK_SHOWN_S)

    def _sweep(self, event: Event) -> None:
        """The trick gathers on the winner's place in the middle, then slides towards the winner's cards
        and fades (on the last trick, the winning card shrinks into the winner's score cards instead).
        Gathering first means no card crosses another seat's name plate on its way."""
        winner = int(event["winner"])

        def target(sprite: CardSprite) -> tuple[tuple[float, float], float, bool]:
            keep = bool(event["last_trick"]) and sprite.card_id == event["winning_card"]
            point, scale = self._sweep_target(winner, keep, sprite.width)
            return point, scale, keep

        self.trick_area.sweep(self.trick_area.spot(self.layout, winner), target, self.tweens, self.flying,
                              self._forget)
        self.sounds.play("card_slide")
        self.sweep_to = None
        self.line, self.k = (), 0
        self.turn = None                  # nobody is called to lead while the cards are still in the air
        if event["last_trick"]:
            self.last_trick = False
            self.round_end_words = self._said(winner, _("{name} takes the last trick"), _("{name} take the last trick"))
            return

        def next_trick() -> None:
            self.way.take_turn(self.tweens)
            self.leader = int(event["next_leader"])
            self.order = self.way.order(self.leader, self.count)
            self.turn = self.leader
            self.first_trick = False
            self.last_trick = all(len(self.hands[s]) == 1 for s in range(self.count))

        self.tweens.call(next_trick, delay=0.5)

    LOOK_BACK_LABEL = N_("Last trick")

    def _hint_reason(self, action: Action) -> str:
        """The Hint in the table's own words: the cards by name, and what they do to the trick."""
        cards = self._hint_cards(action)
        if action.verb == "divine":
            return _("the Normal AI would swap {cards} for the blind card").format(cards=self._cards_label(cards))
        if not self.line:
            return _("the Normal AI would lead {cards}").format(cards=self._cards_label(cards))
        return _("the Normal AI would play {cards} (to reach {reach})").format(cards=self._cards_label(cards),
                                                                            reach=_reach(self.line))

    def _look_back(self) -> LookBack | None:
        """The last trick taken this round, each play under its player's name (all of it was seen face up)."""
        previous = self.trick_area.previous
        return LookBack(_("The last trick"), previous) if previous else None

    def _sweep_target(self, winner: int, keep: bool, width: float) -> tuple[tuple[float, float], float]:
        """Where a swept trick card goes, and its scale there. The trick fades out towards the winner's cards
        (just above the plate for the bottom seat), so no card passes over a name; the last trick's winning
        card shrinks to a score chip where that seat's score cards are drawn."""
        area = self.layout.seats[winner]
        plate = area.plate
        if keep:
            region, chip_h = self._score_anchor(winner)
            if area.side == "bottom":
                total_w = theme.font(max(10, int(plate.height * 0.48)), "bold").size("00 / 00")[0]
                point = (plate.right - total_w - plate.height, plate.centery)
            else:
                point = (region.right - chip_h, region.top + chip_h // 2 + 2)
            return (float(point[0]), float(point[1])), max(0.1, chip_h * 0.8 / max(1.0, width))
        half = card_height(max(8, int(width * 0.5))) / 2
        if area.side == "bottom":
            return (float(plate.centerx), float(plate.top - half - 2)), 0.5
        # Onto the seat's own cards (a side seat: the end of its row nearer the middle), with the shrinking
        # card's top edge kept below the plate.
        (row_x, row_y), row_w = self._opponent_row(area)
        inner = (row_w - area.card_width) / 2
        x = row_x + inner if area.side == "left" else row_x - inner if area.side == "right" else row_x
        return (float(x), float(max(row_y, plate.bottom + half + 2))), 0.5

    def _on_round_scored(self, event: Event) -> None:
        seat = int(event["seat"])
        self.score_cards[seat].append(str(event["card"]))
        self.totals[seat] = int(event["total"])
        points = int(event["points"])
        self.log.add(self._said(seat, _("{name} scores {points}: {total} / {losing}"),
                                _("{name} score {points}: {total} / {losing}"), points=points, total=self.totals[seat],
                                losing=self.content.losing_total))
        self.sounds.play("round_won")
        rows = [(self.names[s], (f"+{points}   " if s == seat else "") + f"{self.totals[s]} / {self.content.losing_total}")
                for s in range(self.count)]
        subtitle = (ngettext("with {card}: {points} point.", "with {card}: {points} points.", points).format(
                        card=self.card_label(str(event["card"])), points=points) + " "
                    + self._said(seat, _("{name} deals the next round."), _("{name} deal the next round.")))
        title = self._said(seat, _("{name} takes the last trick"), _("{name} take the last trick"))
        self.result_words = ResultWords(title, subtitle, rows)

    def _on_game_over(self, event: Event) -> None:
        loser = int(event["loser"])
        winners = ", ".join(self._who(s) for s in event["winners"])
        self.log.add(self._said(loser, _("{name} reaches {total} and loses; {winners} win"),
                                _("{name} reach {total} and lose; {winners} win"), total=self.totals[loser],
                                winners=winners))
        rows = [(self.names[s], f"{self.totals[s]} / {self.content.losing_total}   "
                 + (_("loser") if s == loser else _("winner"))) for s in range(self.count)]
        title = self._said(loser, _("{name} loses the game"), _("{name} lose the game"))
        subtitle = ngettext("{name} reached {total} points. Winner: {winners}.",
                            "{name} reached {total} points. Winners: {winners}.", len(event["winners"])).format(
            name=self._subject(loser), total=self.totals[loser], winners=winners)
        self.result_words = ResultWords(title, subtitle, rows)


    # ----- drawing ----------------------------------------------------------------------------------------------
    def _draw_felt(self, surface: pygame.Surface) -> None:
        """The felt with the direction ring on it, first under everything (`TrickArea.draw_felt_with_ring`)."""
        self.trick_area.draw_felt_with_ring(surface, self.layout, self.way.arrow.value, key=(self.bottom,))

    def _draw_table(self, surface: pygame.Surface) -> None:
        lay = self.layout
        self._draw_centre_words(surface)
        for seat in range(self.count):
            self._draw_seat(surface, seat)
        self.drag.zones = self._zones()
        self.drag.draw_zones(surface)
        self._draw_play_here(surface)
        self.trick_area.highlight(self.current_best())
        self._draw_cards(surface, self.trick_area.sprites())
        self._draw_swap_marks(surface)
        self._draw_best_tag(surface)
        for seat in range(self.count):
            area = lay.seats[seat]
            if area.side != "bottom":
                draw_count_on_card(surface, self.hands[seat], max(10, int(area.plate.height * 0.42)))

    def _zones(self) -> list[DropZone]:
        zones = [DropZone("trick", self.layout.centre.inflate(-self.layout.margin * 2, -self.layout.margin * 2))]
        if self.blind_shown and self._human_may_act() and self._divine_legal():
            zones.append(DropZone("blind", self.blind_rect(), ""))
        return zones

    def _draw_centre_words(self, surface: pygame.Surface) -> None:
        """The table line and k, the last-trick call, the Serpent's ban and the direction, in the middle."""
        small = self.layout.text_size(14)
        lines: list[CentreLine] = []
        if self.last_trick:
            zeus = self.content.zeus_last_trick_value
            lines.append(CentreLine("banner", _("Last trick! Zeus is worth {value}").format(value=zeus), colour=ZEUS_GOLD))
            lines.append(CentreLine("text", _("One card each; the highest card takes it")))
        elif self.round_end_words:
            lines.append(CentreLine("text", self.round_end_words))
        elif self.line:
            lines.append(CentreLine("chips", _("Reach:"), tuple(str(v) for v in self.line)))
            lines.append(CentreLine("text", ngettext("{count} card each", "{count} cards each", self.k).format(count=self.k)))
        elif self.turn is not None and not self.state.finished:
            who = _("You lead") if self._you(self.turn) else self._said(self.turn, _("{name} leads"), _("{name} lead"))
            one = self.first_trick or self.last_trick or self.serpent
            words = _("{who}: one card") if one else _("{who}: one card, or several of one value")
            lines.append(CentreLine("text", words.format(who=who)))
        if self.serpent:
            icon = emblem_image("ban_multiple_leads", int(small * 1.5), theme.ILLEGAL)
            lines.append(CentreLine("warning", _("No multiple leads this round"), icon=icon))
        lines.append(CentreLine("small", self.way.words()))
        centre, _rx, ry = self.trick_area.ellipse(self.layout)
        size = self.layout.text_size(17)
        if self.trick_area.words_beside:
            column = self._words_column()
            lines = [part for line in lines for part in self._wrapped_line(line, size, small, column.width)]
            high = stack_height(lines, size, small)
            wide = max(self._line_width(line, size, small) for line in lines)
            fit = min(1.0, column.height / high, column.width / wide)
            size, small = max(10, int(size * fit)), max(9, int(small * fit))
            self.centre_words_rects = []
            # At the column's top, under the seat beside it: a refusal or hint said above the player's
            # own plate comes no higher than the column's foot.
            top = (column.centerx, column.top + stack_height(lines, size, small) // 2)
            self.banner_rect = draw_centre_lines(surface, top, lines, size, small, drawn=self.centre_words_rects)
            return
        # The words stand between the plays at the top of the ring and those at its bottom: on a grown
        # table with many lines they get smaller (to three quarters at most) rather than run under a card.
        room = int(2 * ry - card_height(self.trick_area.card_width(self.layout))) - 4
        high = stack_height(lines, size, small)
        if high > room > 0:
            fit = max(0.75, room / high)
            size, small = max(10, int(size * fit)), max(9, int(small * fit))
        self.centre_words_rects = []
        self.banner_rect = draw_centre_lines(surface, centre, lines, size, small, drawn=self.centre_words_rects)

    def _words_column(self) -> pygame.Rect:
        """Where a grown table's words stand: the column above the Play button, under the seats and corner
        buttons beside it (the ring's whole height goes to the trick)."""
        lay = self.layout
        column = pygame.Rect(lay.controls_rect.left, lay.corner_rect.bottom + lay.margin, lay.controls_rect.width,
                             0)
        top = column.top
        for area in lay.seats.values():
            if area.side == "bottom":
                continue
            for rect in (area.rect, area.plate.inflate(0, area.plate.height * 2)):   # the turn tag above a plate
                if rect.left < column.right and rect.right > column.left:
                    top = max(top, rect.bottom + lay.margin)
        column.top = top
        # Down to the Play button: the controls' top row holds only the blind card's title (Divine Trick).
        bottom = lay.controls_rect.top - lay.margin if self._divine_in_game() else self.play_button.rect.top - 4 \
            if self.play_button is not None else lay.controls_rect.top
        column.height = max(10, bottom - top)
        return column

    @classmethod
    def _wrapped_line(cls, line: CentreLine, size: int, small: int, width: int) -> list[CentreLine]:
        """A line too wide for the words' column, as several of its kind (a long call keeps its size; a
        warning's icon stays on its first line)."""
        if line.kind == "chips" or cls._line_width(line, size, small) <= width:
            return [line]
        room = width - size - 12 - (line.icon.get_width() + 4 if line.icon is not None else 0)
        if line.kind in ("banner", "warning"):
            room = int(room * 0.88)         # bold words: `wrapped` measures the plain font
        parts = wrapped(line.text, small if line.kind in ("small", "warning") else size, room)
        return [replace(line, text=part, icon=line.icon if index == 0 else None, continues=index > 0)
                for index, part in enumerate(parts)]

    @staticmethod
    def _line_width(line: CentreLine, size: int, small: int) -> int:
        """About how wide a centre line is drawn (its words, chips and icon), to fit it in the column."""
        font = theme.font(small if line.kind in ("small", "warning") else size,
                          "bold" if line.kind in ("banner", "chips", "warning") else "sans")
        width = font.size(line.text)[0] + size
        width += max(14, int(size * 1.5)) * (len(line.values) + 1)
        width += (line.icon.get_width() + 4 if line.icon is not None else 0) + 12
        return width

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        """The kit's score plate: the total (red once near the losing total), the bottom seat's score chips
        on it (the others' below it), and "leads" after the name while that seat leads the trick."""
        area = self.layout.seats[seat]
        plate = area.plate
        total = f"{self.totals[seat]} / {self.content.losing_total}"
        colour = theme.ILLEGAL if self.totals[seat] >= self.content.losing_total * 0.75 else theme.GOLD
        chip_h = max(10, int(plate.height * 0.66))
        chips = [score_chip(self.content, c, chip_h) for c in self.score_cards[seat]] if area.side == "bottom" else None
        leads = seat == self.leader and not self.state.finished and (bool(self.trick_area.plays) or self.turn == seat)
        # "You lead" beside the player's own name, "Bob leads" beside the others'.
        words = self._said(seat, _("leads"), pgettext("the tag after your own name on your plate", "lead"))
        tag = value_chip(words, max(10, int(plate.height * 0.54)), theme.CREAM, theme.INK) if leads else None
        if chips is None:       # a side plate grows a little rather than drop "(AI)" beside "leads"
            plate = grown_score_plate(surface.get_rect(), plate, self.names[seat], self._role(seat), total, tag)
        tag_rect = draw_score_plate(surface, plate, self.names[seat], self._role(seat), total, colour, chips, chip_h,
                                    tag)
        if tag_rect is not None:
            self.leads_tag_rects[seat] = tag_rect
        else:
            self.leads_tag_rects.pop(seat, None)
        if area.side != "bottom":
            region, chip_h = self._score_anchor(seat)
            self._draw_score_chips(surface, seat, region.right, region.top + chip_h // 2 + 2, chip_h,
                                   wrap_left=region.left)
        if seat == self.turn and not self.state.finished:
            self.turn_tag_rect = draw_active_seat(surface, plate, self.pulse_clock, self._you(seat), self._turn_tag(seat))

    def _draw_score_chips(self, surface: pygame.Surface, seat: int, right: int, centre_y: int, height: int,
                          wrap_left: int | None = None) -> int:
        """Score cards as chips in their set's colour (gold for Zeus), newest rightmost; returns the left edge."""
        chips = [score_chip(self.content, c, height) for c in self.score_cards[seat]]
        return draw_chip_row(surface, chips, right, centre_y, height, wrap_left)

    def _draw_best_tag(self, surface: pygame.Surface) -> None:
        """The card winning so far wears "winning" once two plays lie, "wins the trick" until swept."""
        best = self.current_best()
        if len(self.trick_area.plays) < 2 and self.sweep_to is None:
            best = None
        words = _("wins the trick") if self.sweep_to is not None else _("winning")
        # Clear of every centre line ("Reach: 11" too, which a grown table brings close under the top plays).
        words_rect = self.banner_rect
        if self.centre_words_rects:
            words_rect = self.centre_words_rects[0].unionall(self.centre_words_rects[1:])
        self.trick_area.draw_best_tag(surface, self.layout, self.tweens, best, words, self.bottom, words_rect)

    def _draw_controls(self, surface: pygame.Surface) -> None:
        """The blind card (Divine Trick) at the left of the controls, then the kit's buttons and hint."""
        lay = self.layout
        area = lay.controls_rect
        if self._divine_in_game():
            rect = self.blind_rect()
            draw_text(surface, _("Blind card"), (rect.centerx, area.top), lay.text_size(13), theme.PARCHMENT, "bold",
                      "midtop")
            if self.blind_shown:
                back = self.art.back(rect.width)
                surface.blit(back, rect)
                if self._human_may_act() and self._divine_legal():
                    pygame.draw.rect(surface, theme.LEGAL_GLOW, rect.inflate(6, 6), width=3, border_radius=8)
            else:
                pygame.draw.rect(surface, theme.PARCHMENT, rect, width=1, border_radius=6)
                draw_text(surface, _("used") if self.viewer is not None else _("hidden"), rect.center, lay.text_size(12),
                          theme.PARCHMENT, "sans", "center")
        super()._draw_controls(surface)

    def _hint_top(self) -> int:
        """The hint stays below the Swap button's place and the blind card."""
        lay = self.layout
        top = (self.swap_button.rect.bottom if self.swap_button is not None else lay.controls_rect.top) + lay.margin
        if self._divine_in_game():
            top = max(top, self.blind_rect().bottom + lay.margin // 2)
        return top

    def _hint(self) -> str:
        """One line telling the player at the bottom what they can do now (nothing stale: no words behind
        a results dialog, no "your turn" once the move is made)."""
        common = self._common_hint(self.turn)
        if common is not None:
            return common
        if not self.gate.may_show(self.bottom):
            if self.gate.waiting or self.bottom in self._waiting():
                return ""
            return (_("{name}'s cards are face down until their next turn.").format(name=self._name(self.bottom)) + " "
                    + self._playing())
        if self.turn != self.bottom:
            return self._playing()
        if self.bottom not in self._waiting():
            return ""
        if not self.line:
            if self.first_trick or self.serpent:
                return _("Your lead: click one card, then drag it to the middle or press Enter.")
            return _("Your lead: click a card (or several of one value), then drag them to the middle or press Enter.")
        if self.last_trick:
            return _("Last trick: play your card.")
        return ngettext("Play {count} card that reaches {reach}, or your lowest card if you cannot.",
                        "Play {count} cards that reach {reach}, or your {count} lowest if you cannot.",
                        self.k).format(count=self.k, reach=_reach(self.line))

    def _playing(self) -> str:
        """"Ann is playing." for the seat on turn (nothing between tricks)."""
        return self._said(self.turn, _("{name} is playing."), _("{name} are playing.")) if self.turn is not None else ""

    def _table_cards(self) -> list[TableCard]:
        """The trick's cards, in the order they were played, each with its player ("Trick: Ann's 9 Ochre")
        and the card winning it so far marked as its tag says."""
        best = self.current_best() if len(self.trick_area.plays) >= 2 or self.sweep_to is not None else None
        tag = _("wins the trick") if self.sweep_to is not None else _("winning")
        cards = []
        for p, play in enumerate(self.trick_area.plays):
            for c, sprite in enumerate(play.sprites):
                words = self._said(play.seat, _("Trick: {name}'s {card}"), _("Trick: your {card}"),
                                   card=self.card_label(str(sprite.card_id)))
                if (p, c) == best:
                    words = _("{card}, {tag}").format(card=words, tag=tag)
                cards.append(TableCard(sprite, words))
        return cards

    def _zoom_place(self, card: pygame.Rect, size: tuple[int, int], window: pygame.Rect) -> pygame.Rect | None:
        """The enlarged card keeps off the trick too, the player reads it to choose a card; where that
        leaves it no place (a full trick), where the kit puts it. Worked out again only when something moves."""
        trick = [sprite.rect() for sprite in self.trick_area.sprites()]
        key = (tuple(card), size, tuple(window), tuple(map(tuple, trick)), tuple(map(tuple, self._zoom_keep_clear())),
               tuple(map(tuple, self._zoom_rather_clear())))
        kept = getattr(self, "_zoom_off_trick", None)
        if kept is not None and kept[0] == key:
            return kept[1]
        avoid = self._zoom_keep_clear() + trick
        place = self._zoom_clear_place(card, size, window, avoid, self._zoom_rather_clear()) \
            or self._zoom_near_place(card, size, window, avoid) or super()._zoom_place(card, size, window)
        self._zoom_off_trick = (key, place)
        return place

    def _card_help_target(self) -> CardSprite | None:
        """A trick card under the pointer, else the hovered or focused card of your hand. A hidden hand
        (pass-and-play, between turns) explains nothing."""
        sprite = self.trick_area.sprite_at(self.mouse)
        if sprite is not None:
            return sprite
        return super()._card_help_target() if self.viewer == self.bottom else None

    def _card_help_for(self, sprite: CardSprite) -> CardHelp | None:
        """A Zeus card's power in words (in the basic rules: that it copies the highest card before it)."""
        zeus = self.content.zeus_cards.get(sprite.card_id) if is_zeus(sprite.card_id) else None
        if zeus is None:
            return None
        text = translate_message(zeus_card_power(zeus.text)) if self.state.options.get("powers") == "advanced" else \
            _("Basic rules: no power of its own; it copies the highest card played before it.")
        line_h = theme.font(self.layout.text_size(15)).get_linesize()
        return CardHelp(text, translate_message(zeus_card_name(zeus.name)), emblem_image(zeus.power.type, line_h, ZEUS_GOLD))


def _reach(line: Sequence[int]) -> str:
    """The table line in a sentence: "3 · 7 · 9"."""
    return " · ".join(str(v) for v in line)


def _order_direction(order: Sequence[int], count: int) -> int:
    """+1 when a trick's order goes clockwise (each seat followed by the next seat number), else -1."""
    return 1 if len(order) < 2 or order[1] == (order[0] + 1) % count else -1
