"""The Zeus on the Loose table: play against AI seats or pass-and-play, every move animated.

How it works (DESIGN.md, "Scenes and the table"):
- Every action goes through `session.apply(seat, action)` (which autosaves); the engine's events are
  queued and shown one by one (cards travel, the total counts, Zeus changes hands). Rules are
  settled before an animation starts; the table decides nothing. What it shows is what the view of
  the seat at the bottom allows: other hands are backs, drawn cards of others stay face down.
- A new decision is taken only when the table is idle (no event left to show, nothing moving), so
  a player always acts on what they see.
- The seat at the bottom is the human whose turn it is (with one human: always that human; with
  nobody human: seat 0, watched as a spectator). With several humans, the hand-off screen comes
  before a hand is shown, and once that player's turn is over (played, and drawn or lost the draw)
  their hand turns face down and stays so until the next hand-off is confirmed. A sneak window
  after their card runs first, with no hand on screen; the next hand-off follows it.
- A human who presses Sneak! needs no hand-off: a sneak has no choice to make (the card is the
  number on top), so `sneak N` is applied for that seat at once, and a refusal is shown with
  their name ("Ann: you do not hold a 7").
- Your hand is laid out side by side with a gap when the strip has room (every face whole) and
  overlaps only when it must; the card under the pointer (or the keyboard focus) lifts, is drawn
  on top, and a god card's full text is shown above it.
- The move log names plays, draws ("Chloe draws a card"; your own: "You draw 7", which in
  pass-and-play only that player reads) and every change of Zeus' holder ("⚡ Ann takes Zeus from
  Bob with Ares"); the newest line stands out.
- AI seats think in a background thread (scenes/table/ai_runner.py) and their moves are shown
  after a human-like delay. Right after a number card a Same Number Sneak window opens for
  `settings.game_value("zeus", "sneak_window_s")`: the kit's reaction window (scenes/table/reaction.py) with its
  shrinking bar. With one human, "Sneak!" is offered only when they hold the number, and that
  card glows; with several, every human seat that is neither waited for nor the card's player is
  offered it alike and nothing glows (so the offer leaks nothing). AI seats holding it may sneak
  partway through the window; the seat on turn waits until the window has closed, its marker saying
  "next" meanwhile. With nobody able to sneak and at most one human, no window opens at all.

What is Zeus's own here: Mount Olympus and its total, the draw pile and the Draw button, the gold
figurine, ZEUS letters on the plates, the words of steals and round ends, and the god-card help.
Everything else (seating, reactions, AI pacing, deal, plates, hint, notices, results) is the kit's.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.core.actions import Action
from game.core.events import Event
from game.core.session import GameSession
from game.zeus.view import ZeusView
from game.zeus.terms import god_name
from scenes.ui.i18n import N_, _, translate_message
from scenes.ui import theme
from scenes.table.base import TableScene
from scenes.table.table_help import LookBack
from scenes.table.telling import ResultWords
from scenes.table.captions import CardHelp, HelpBoxStyle
from scenes.table.card_art import card_height
from scenes.table.deal import fly_to_rest
from scenes.table.drag import DragController
from scenes.table.layout import SeatArea
from scenes.table.piles import Heap, draw_face_down_pile
from scenes.table.plates import draw_count_beside
from scenes.table.reaction import ReactionWindow
from scenes.table.sprites import CardSprite, SpriteRenderer
from scenes.table.table_focus import TableCard
from scenes.table.text import blit_text
from scenes.table.tween import Counter, ease_in_out_cubic
from scenes.table.zones import DropZone
from scenes.ui.widgets import Button
from scenes.zeus.art import zeus_card_art, zeus_figurine

if TYPE_CHECKING:
    from scenes.scene import AppServices

GAME_ID = "zeus"
LETTERS = "ZEUS"
PILE_SHOWN = 7          # cards of Mount Olympus drawn (the rest lie hidden below)
HAND_SPACING = 1.1      # card widths between the bottom hand's cards when there is room: every face whole
STEAL_WORDS = {          # how Zeus was taken, after "… takes Zeus from Bob"
    "god": N_("with {card}"),
    "multiple_of_ten": N_("by making {total}"),
    "match": N_("by matching the {card}"),
    "sneak": N_("by sneaking {a_card}"),
}
ROUND_END_WORDS = {
    "hundred": N_("{player} made Mount Olympus exactly 100."),
    "match_past_hundred": N_("{player} matched the number on top and reached 100 or more."),
    "no_legal_play": N_("{turn} had no card to play, so the round ended."),
    "draw_pile_empty": N_("The draw pile ran out, so the round ended."),
}


@dataclass
class Figurine:
    """The gold Zeus: where it stands (centre point), tweened between seats."""

    x: float = 0.0
    y: float = 0.0
    scale: float = 1.0


class ZeusTableScene(TableScene):
    GAME_ID = GAME_ID
    RNG_NAME = "table"
    HAND_SPACING = HAND_SPACING
    RESULTS_DELAY = 0.6
    REACTION_VERBS = ("sneak",)

    def __init__(self, app: "AppServices", session: GameSession) -> None:
        super().__init__(app, session)
        self.cards = self.game.cards
        self.art = zeus_card_art(self.cards)
        self.renderer = SpriteRenderer(self.art)
        self.drag = DragController(self.tweens, legal_zones=self._legal_zones, drop=self._drop_when_allowed,
                                   default_zone=lambda: "olympus", hover_lift=True)
        # What is on screen (hands and cards in flight: TableScene).
        self.pile = Heap(PILE_SHOWN, "pile")
        self.total = Counter(float(self.state.total))
        self.draw_pile_size = 0
        self.letters: list[int] = [0] * self.count
        self.holder: int | None = None
        self.turn = 0
        self.figurine = Figurine()
        self._last_played: tuple[str, int] = ("", 0)     # (card, total after): words for a steal
        self._secret_card: str | None = None              # the drawn card of the event being shown
        self._to_paint: list[str] = list(self.cards)        # faces not yet painted at this card width
        self.recent_plays: list[tuple[int, list[str]]] = []  # the last plays this round, for "Last moves"
        self._start()

    def _log_where_we_are(self) -> None:
        """A resumed game starts its log with the position, so the first line is not a mystery."""
        view = self.state.view(None)
        if view.zeus_holder is not None:
            holder = self._said(view.zeus_holder, _("{name} holds Zeus"), _("{name} hold Zeus"))
        else:
            holder = _("Zeus is free")
        self.log.add(_("Round {round} goes on: Mount Olympus at {total}, {holder}").format(
            round=view.round_index + 1, total=view.total, holder=holder))

    def _card_words(self, card: str) -> str:
        """A card as a line names it: a number as it is, a god by its name in the player's language."""
        definition = self.cards.get(card)
        if definition is None or definition.is_number:
            return card
        return translate_message(god_name(card))

    # ----- layout ------------------------------------------------------------------------------------
    def _lay_out_table(self) -> None:
        self._to_paint = list(self.cards)
        self._layout_pile(animate=False)
        self.figurine.x, self.figurine.y = self._zeus_spot(self.holder)

    def _pile_centre(self) -> tuple[int, int]:
        c = self.layout.centre
        return (c.centerx - int(self.layout.card_width * 0.2), c.centery)

    def _draw_pile_centre(self) -> tuple[int, int]:
        x, y = self._pile_centre()
        return (x - int(self.layout.card_width * 1.9), y)

    def _total_anchor(self) -> tuple[int, int]:
        x, y = self._pile_centre()
        return (x + int(self.layout.card_width * 0.95), y)

    def _olympus_rect(self) -> pygame.Rect:
        w = int(self.layout.card_width * 1.6)
        rect = pygame.Rect(0, 0, w, int(card_height(self.layout.card_width) * 1.3))
        rect.center = self._pile_centre()
        return rect

    def _draw_pile_rect(self) -> pygame.Rect:
        w = self.layout.card_width
        rect = pygame.Rect(0, 0, w + 8, card_height(w) + 8)
        rect.center = self._draw_pile_centre()
        return rect

    def _figurine_height(self) -> int:
        """About an opponent's card tall, so it stands beside their cards without covering their plate."""
        return max(24, int(min(self.layout.card_width * 0.85, card_height(self.layout.small_card_width) * 1.05)))

    def _zeus_spot(self, seat: int | None) -> tuple[float, float]:
        """Where the figurine stands: by its holder's plate, or beside Mount Olympus when free."""
        fig_h = self._figurine_height()
        if seat is None:
            x, y = self._total_anchor()
            digits = theme.font(self.layout.text_size(64), "title").size("100")[0]
            return (x + digits + fig_h * 0.5, y)
        area = self.layout.seats[seat]
        if area.side == "bottom":
            return (area.plate.right + fig_h * 0.5, area.plate.centery + fig_h * 0.15)
        small_h = card_height(area.card_width)
        return (area.rect.right - fig_h * 0.35, area.hand_centre[1] + small_h * 0.5 - fig_h * 0.5)

    def _opponent_row(self, area: SeatArea) -> tuple[tuple[int, int], int]:
        """An opponent's cards leave room on the right for the figurine and the card-count badge."""
        fig_room = int(self._figurine_height() * 0.8) + int(area.plate.height * 2.2)
        return (area.hand_centre[0] - fig_room // 2, area.hand_centre[1]), area.hand_width - fig_room

    def _layout_pile(self, animate: bool = True) -> None:
        self.pile.lay_out(self._pile_centre(), self.layout.card_width, self.tweens, animate)

    # ----- building what is on screen from the view (start, resume, a new seat at the bottom) ----------
    def _sync_table(self, view: ZeusView) -> None:
        self.pile.show(view.pile)
        self._layout_pile(animate=False)
        self.total.value = float(view.total)
        self.draw_pile_size = view.draw_pile_size
        self.letters = list(view.letters)
        self.holder = view.zeus_holder
        self.turn = view.turn
        self.figurine.x, self.figurine.y = self._zeus_spot(self.holder)

    def _reset_table_for_deal(self) -> None:
        """The very first deal is shown dealt: Mount Olympus empty and every card in the draw pile."""
        self.pile.clear()
        self.draw_pile_size = self.state.view(None).draw_pile_size + sum(self.state.view(None).hand_sizes)

    def _matches_view(self) -> bool:
        view = self._view()
        if not self._seat_zones_match(view):
            return False
        return (int(round(self.total.value)) == view.total and self.holder == view.zeus_holder
                and list(self.letters) == list(view.letters) and self.draw_pile_size == view.draw_pile_size)

    # ----- controls -------------------------------------------------------------------------------------
    def _place_seat_controls(self, top: int, height: int) -> None:
        """Draw-a-card buttons for the human seats that owe a draw, below any Sneak buttons."""
        lay = self.layout
        area = lay.controls_rect
        self.seat_buttons = []
        if not self.idle:
            return
        view = self.state.view(None)
        y = top
        for seat in self.humans:
            if view.owes_draw[seat]:
                # D draws for the person at the screen; another human's draw is a button with their name.
                if seat == self.bottom:
                    label = _("Draw a card (D)")
                else:
                    label = _("Draw a card ({name})").format(name=self.names[seat])
                button = Button(pygame.Rect(area.left, y, area.width, height), label,
                                lambda s=seat: self.press_draw(s), hotkey=pygame.K_d if seat == self.bottom else None,
                                style="secondary")
                self.seat_buttons.append(button)
                y += height + lay.margin

    @property
    def sneak_buttons(self) -> list[tuple[int, Button]]:
        """The Sneak! controls now offered (the kit's reaction controls)."""
        return self.reaction_buttons

    # ----- actions ----------------------------------------------------------------------------------------
    def _move_closes_reaction(self, seat: int, action: Action) -> bool:
        """A draw neither closes a sneak window (Z-15) nor moves the focus; every other move does."""
        return action.verb != "draw"

    def _move_keeps_focus(self, action: Action) -> bool:
        return action.verb == "draw"

    def _legal_zones(self, card_ids: tuple[str, ...]) -> set[str]:
        if not self._human_may_act() or len(card_ids) != 1:
            return set()
        legal = self.state.legal_actions(self.bottom)
        card = card_ids[0]
        if Action.of("play", card) in legal or Action.of("sneak", card) in legal:
            return {"olympus"}
        return set()

    def _bottom_action_for(self, card: str) -> Action:
        """Dropping a card on Mount Olympus: an ordinary play on one's turn, otherwise a sneak try."""
        if self.bottom in self._waiting():
            return Action.of("play", card)
        definition = self.cards.get(card)
        if self._reaction_open() and definition is not None and definition.kind == "number":
            return Action.of("sneak", card)
        return Action.of("play", card)

    def _what_if(self, sprite: CardSprite) -> Action | None:
        """A card of your hand would be played onto Mount Olympus."""
        return Action.of("play", sprite.card_id) if sprite in self.drag.sprites and sprite.card_id else None

    def _drop(self, card_ids: tuple[str, ...], zone: str) -> str | None:
        if zone == "draw":
            return self._apply(self.bottom, Action.of("draw"))
        if zone != "olympus" or len(card_ids) != 1:
            return _("play one card onto Mount Olympus")
        return self._apply(self.bottom, self._bottom_action_for(card_ids[0]))

    def press_sneak(self, seat: int) -> None:
        """The Sneak! control of a human seat (the button, or S)."""
        self.press_reaction(seat)

    def press_draw(self, seat: int) -> None:
        reason = self._apply(seat, Action.of("draw"))
        if reason is not None:
            self._notice(reason, seat)

    # ----- input -------------------------------------------------------------------------------------------
    def _handle_controls(self, event: pygame.event.Event) -> bool:
        """A click on the draw pile when the player at the bottom owes a draw."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._draw_pile_rect().collidepoint(event.pos):
            if self.bottom in self.humans and self.state.view(None).owes_draw[self.bottom] and self.idle:
                self.press_draw(self.bottom)
                return True
        return False

    def _handle_keys(self, event: pygame.event.Event) -> bool:
        """Keys 1–9 play the card in that place of the hand."""
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_9 and self.drag.enabled:
            self.drag.play_index(event.key - pygame.K_1)
            return True
        return False

    # ----- per frame -----------------------------------------------------------------------------------------
    def _tick(self, dt: float) -> None:
        """A face painted ahead of need: one a frame at the current size, so no frame pays for several."""
        if self._to_paint:
            self.art.face(self._to_paint.pop(), self.layout.card_width)

    def _seat_still_busy(self, seat: int) -> bool:
        """Pass-and-play: a hand stays shown until its player has drawn (or lost the draw)."""
        return bool(self.state.view(None).owes_draw[seat])

    def _reaction_due(self) -> ReactionWindow | None:
        """After a number card (Z-9): a sneak window for it, offered to all but the card's player."""
        view = self.state.view(None)
        if not view.sneak_open:
            return None
        number = int(view.sneak_number)
        length = float(self.app.settings.game_value("zeus", "sneak_window_s"))
        return ReactionWindow(Action.of("sneak", str(number)), _("Sneak {number}!").format(number=number), length,
                              key=(view.round_index, len(view.pile)),
                              not_offered=frozenset({int(view.top_number_seat)}), hotkey=pygame.K_s)

    LOOK_BACK_LABEL = N_("Last moves")

    def _hint_reason(self, action: Action) -> str:
        """The Hint in the table's words: the card, and what it does to Mount Olympus."""
        from game.zeus.agents import outcome_of

        if action.verb == "draw":
            return _("the Normal AI would draw a card")
        card = self.cards.get(str(action.args[0])) if action.args else None
        if card is None or action.verb != "play":
            return super()._hint_reason(action)
        view = self.state.view(self.bottom)
        outcome = outcome_of(view, card.id)     # the game says what the play would do
        played = self._card_words(card.id)
        if outcome.wins_round:
            words = _("the Normal AI would play {card}: Mount Olympus {before} → {after}, and it wins the round")
        elif outcome.steals:
            words = _("the Normal AI would play {card}: Mount Olympus {before} → {after}, and it takes Zeus")
        else:
            words = _("the Normal AI would play {card}: Mount Olympus {before} → {after}")
        return words.format(card=played, before=view.total, after=outcome.total)

    def _look_back(self) -> LookBack | None:
        """The last plays of this round, oldest first, one per player at most (all were seen face up)."""
        return LookBack(_("The last plays, oldest first"), self.recent_plays) if self.recent_plays else None

    @property
    def sneak_number(self) -> int | None:
        """The number the open sneak window is about (None when there is none)."""
        return int(self.reaction.action.args[0]) if self.reaction is not None else None

    # ----- events -> motion ---------------------------------------------------------------------------------
    def _show(self, event: Event) -> None:
        self._secret_card = event.get("card") if event.kind == "card_drawn" else None
        super()._show(event)

    def _on_round_started(self, event: Event) -> None:
        self._deal_face_down()
        dealer = self._said(event["dealer"], _("{name} deals"), _("{name} deal"))
        first = self._said(event["first"], _("{name} plays first"), _("{name} play first"), inside=True)
        self.log.add(_("Round {round}: {dealer}, {first}").format(round=event["round"] + 1, dealer=dealer, first=first))
        # Gather the old cards back to the draw pile, face down, then deal.
        self._gather_for_new_round(self.pile.cards, self._draw_pile_centre(), 0.35, fade=False)
        self.pile.clear()
        self.recent_plays = []
        self.draw_pile_size = int(event["draw_pile_size"]) + sum(event["hand_sizes"])
        self.tweens.add(self.total, 0.4, value=0.0)
        self.holder = None
        fx, fy = self._zeus_spot(None)
        self.tweens.add(self.figurine, 0.5, easing=ease_in_out_cubic, x=fx, y=fy)

    def _on_cards_dealt(self, event: Event) -> None:
        self._arrive(event.seat, self._dealt_cards(event), stagger=0.07)

    def _arrive(self, seat: int, cards: list[str | None], stagger: float) -> None:
        """Cards travel from the draw pile into a hand, shrinking to the seat's size; the viewer's flip up."""
        self._deal_into_hand(seat, cards, self._draw_pile_centre(), 0.4, lambda i: i * stagger, 0.18,
                             start_width=self.layout.card_width)
        self.draw_pile_size = max(0, self.draw_pile_size - len(cards))
        self.sounds.play("card_slide")

    def _on_card_played(self, event: Event) -> None:
        seat, card = event.seat, event["card"]
        sprite = self._take_from_hand(seat, card, self.layout.seats[seat].hand_centre)
        old_pixels = sprite.pixel_width
        self.pile.add(sprite)
        self._layout_pile(animate=True)
        self._lay_out_seat(seat)
        sprite.z = 300

        def landed(s: CardSprite = sprite) -> None:
            s.z = self.pile.z_of(s)
            self.sounds.play("card_place")
            if s.flip < 1.0:
                self.tweens.add(s, 0.2, flip=1.0)

        fly_to_rest(self.tweens, sprite, old_pixels, 0.45, on_done=landed)
        self.tweens.add(self.total, 0.5, delay=0.3, value=float(event["total"]))
        if event.get("sneak"):
            line = self._said(seat, _("{name} sneaks {card}: {before} → {after}"),
                              _("{name} sneak {card}: {before} → {after}"),
                              card=self._card_words(str(card)), before=event["total_before"], after=event["total"])
        else:
            line = self._said(seat, _("{name} plays {card}: {before} → {after}"),
                              _("{name} play {card}: {before} → {after}"),
                              card=self._card_words(str(card)), before=event["total_before"], after=event["total"])
        self.log.add(line)
        self._last_played = (str(card), int(event["total"]))
        self.recent_plays = (self.recent_plays + [(seat, [str(card)])])[-self.count:]
        self._pause(0.1)

    def _on_zeus_stolen(self, event: Event) -> None:
        seat = event.seat
        self.holder = seat
        x, y = self._zeus_spot(seat)
        self.tweens.add(self.figurine, 0.6, easing=ease_in_out_cubic, x=x, y=y)
        self.sounds.play("zeus_steal")
        card, total = self._last_played
        reason = event.get("reason")
        how = _(STEAL_WORDS[reason]) if reason in STEAL_WORDS else "({reason})"
        how = how.format(card=self._card_words(card), a_card=_with_article(card), total=total, reason=reason)
        source = event.get("from_seat")
        if source is not None:
            line = self._said(seat, _("⚡ {name} takes Zeus from {source} {how}"),
                              _("⚡ {name} take Zeus from {source} {how}"), source=self._who(source), how=how)
        else:
            line = self._said(seat, _("⚡ {name} takes Zeus {how}"), _("⚡ {name} take Zeus {how}"), how=how)
        self.log.add(line)

    def _on_turn_skipped(self, event: Event) -> None:
        self.log.add(self._said(event.seat, _("{name} is skipped"), _("{name} are skipped")))
        self._pause(0.3)

    def _on_card_drawn(self, event: Event) -> None:
        card = event.get("card") if event.seat == self.viewer else None
        self._arrive(event.seat, [card], stagger=0.0)
        self.draw_pile_size = int(event["draw_pile_size"])
        public = self._said(event.seat, _("{name} draws a card"), _("{name} draw a card"))
        drawn = self._secret_card
        if self.replay_mode and drawn is not None:     # a replay shows every card: the line names it
            self.log.add(self._said(event.seat, _("{name} draws {card}"), _("{name} draw {card}"),
                                    card=self._card_words(drawn)))
        elif event.seat in self.humans and drawn is not None:
            # Only that player reads which card (pass-and-play: not whoever sits down next).
            self.log.add(_("{you} draw {card}").format(you=self._you_words(event.seat), card=self._card_words(drawn)),
                         private_to=event.seat, public=public)
        else:
            self.log.add(public)

    def _on_draw_lost(self, event: Event) -> None:
        self.log.add(_("{name} did not draw in time: one card fewer").format(name=self._subject(event.seat)))

    def _on_turn_passed(self, event: Event) -> None:
        self.turn = int(event["turn"])

    def _on_round_won(self, event: Event) -> None:
        self.letters = list(event["letters"])
        if event.seat is None:
            return     # a void round: `round_void` follows and says so
        self.sounds.play("round_won")
        reason = event.get("reason")
        words = _(ROUND_END_WORDS[reason]) if reason in ROUND_END_WORDS else ""
        words = words.format(player=self._subject(event.seat), turn=self._subject(self.turn))
        self.log.add(self._said(event.seat, _("{name} wins the round with Zeus and earns {letter}"),
                                _("{name} win the round with Zeus and earn {letter}"),
                                letter=LETTERS[self.letters[event.seat] - 1]))
        self.result_words = ResultWords(self._said(event.seat, _("{name} wins the round!"), _("{name} win the round!")),
                                        _("{how} {name} held Zeus.").format(how=words, name=self._subject(event.seat)),
                                        self._result_rows())

    def _on_round_void(self, event: Event) -> None:
        self.log.add(_("Nobody held Zeus: the round is dealt again"))
        self.result_words = ResultWords(_("Nobody held Zeus"), _("Nobody wins this round; the same dealer deals again."),
                                        self._result_rows(), next_label=N_("Deal again"))

    def _on_game_won(self, event: Event) -> None:
        self.letters = list(event["letters"])
        self.sounds.play("round_won")
        self.log.add(self._said(event.seat, _("{name} spells ZEUS: game over"), _("{name} spell ZEUS: game over")))
        self.result_words = ResultWords(self._said(event.seat, _("{name} spells ZEUS!"), _("{name} spell ZEUS!")),
                                        _("The game is over."), self._result_rows())


    def _result_rows(self) -> list[tuple[str, str]]:
        """Each seat's ZEUS letters, and who held Zeus."""
        return [(self.names[s], self._letters_text(s) + ("   " + _("(holds Zeus)") if s == self.holder else ""))
                for s in range(self.count)]

    def _letters_text(self, seat: int) -> str:
        won = self.letters[seat]
        return " ".join(LETTERS[i] if i < won else "_" for i in range(len(LETTERS)))

    # ----- drawing ----------------------------------------------------------------------------------------------
    def _draw_table(self, surface: pygame.Surface) -> None:
        self._draw_centre(surface)
        for seat in range(self.count):
            self._draw_seat(surface, seat)
        self.drag.draw_zones(surface)
        self._draw_cards(surface, self.pile.cards)
        self._draw_figurine(surface)

    def _table_cards(self) -> list[TableCard]:
        """Mount Olympus from its top card down, as far as its cards are drawn ("Mount Olympus, top
        card: Ares")."""
        cards = []
        for depth, sprite in enumerate(reversed(self.pile.cards)):
            card = self._card_words(str(sprite.card_id))
            words = (_("Mount Olympus, top card: {card}").format(card=card) if depth == 0 else
                     _("Mount Olympus, card {number} from the top: {card}").format(number=depth + 1, card=card))
            cards.append(TableCard(sprite, words))
        return cards

    def _card_help_for(self, sprite: CardSprite) -> CardHelp | None:
        """A god card explains its power; a number card needs no words."""
        card = self.cards.get(sprite.card_id)
        if card is None or card.kind == "number":
            return None
        return CardHelp(f"{self._card_words(card.id)}: {translate_message(card.effect)}")

    def _help_style(self) -> HelpBoxStyle:
        lay = self.layout
        pad = max(5, lay.text_size(15) // 2)
        return HelpBoxStyle(width=max(int(lay.card_width * 2.6), int(300 * lay.scale)), edges=2 * pad,
                            gap=max(4, lay.margin // 2), always_lifted=True)

    def _draw_centre(self, surface: pygame.Surface) -> None:
        lay = self.layout
        olympus = self._olympus_rect()
        # Mount Olympus: a stone platform the pile sits on.
        surface.blit(_stone(olympus.size, max(2, lay.margin // 3)), olympus)
        label_size = lay.text_size(15)
        blit_text(surface, _("Mount Olympus"), (olympus.centerx, olympus.top - 2), label_size, theme.PARCHMENT,
                  "bold", "midbottom")
        # The total, counting as cards land.
        tx, ty = self._total_anchor()
        big = lay.text_size(64)
        total = self.total.shown
        colour = theme.GOLD if total >= 90 else theme.CREAM
        blit_text(surface, str(total), (tx, ty - big // 2), big, colour, "title", "midleft")
        blit_text(surface, _("of 100"), (tx + 2, ty + big // 2 - 4), lay.text_size(16), theme.PARCHMENT, "sans",
                  "topleft")
        rect = self._draw_pile_rect()
        draw_face_down_pile(surface, self.art, rect, self.draw_pile_size, _("Draw pile"), lay.text_size(15))
        owes = self.bottom in self.humans and self.state.view(None).owes_draw[self.bottom] and self.idle
        if owes and self.gate.may_show(self.bottom):
            pygame.draw.rect(surface, theme.LEGAL_GLOW, rect.inflate(10, 10), width=4, border_radius=10)
            blit_text(surface, _("Click to draw"), (rect.centerx, rect.top - 4), lay.text_size(15), theme.LEGAL_GLOW,
                      "bold", "midbottom")
        self.drag.zones = [DropZone("olympus", olympus, _("Drop on Mount Olympus"))]

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        """The plate with the seat's ZEUS letters; an opponent's card count beside its cards."""
        area = self.layout.seats[seat]
        self._draw_plate(surface, seat, area.plate, self._letters_text(seat), theme.GOLD, seat == self.turn,
                         self._turn_tag(seat))
        if area.side != "bottom":
            draw_count_beside(surface, self.hands[seat], area.hand_centre, max(10, int(area.plate.height * 0.45)))

    def _draw_figurine(self, surface: pygame.Surface) -> None:
        image = zeus_figurine(self._figurine_height())
        rect = image.get_rect(center=(int(self.figurine.x), int(self.figurine.y)))
        glow = pygame.Surface((rect.width + 16, rect.height // 3), pygame.SRCALPHA)
        pygame.draw.ellipse(glow, (0, 0, 0, 80), glow.get_rect())
        surface.blit(glow, glow.get_rect(center=(rect.centerx, rect.bottom - 4)))
        surface.blit(image, rect)
        if self.holder is None:
            blit_text(surface, _("Zeus is free"), (rect.centerx, rect.bottom + 2), self.layout.text_size(14),
                      theme.GOLD, "bold", "midtop")

    def _hint(self) -> str:
        """One line telling the player at the bottom what they can do now (nothing stale: no words behind
        a results dialog, no "your turn" once the move is made)."""
        common = self._common_hint(self.turn)
        if common is not None:
            return common
        if not self.gate.may_show(self.bottom):
            if self.gate.waiting:
                return ""
            if self._reaction_race_on() and self.sneak_number is not None:
                waiting = ", ".join(self._name(s) for s in self._waiting())
                return _("Sneak window: {number} may be sneaked now. Then it is {name}'s turn.").format(
                    number=_with_article(str(self.sneak_number)), name=waiting)
            if self.bottom in self._waiting():
                return ""
            face_down = _("{name}'s cards are face down until their next turn.").format(name=self._name(self.bottom))
            return f"{face_down} {self._playing(self.turn)}"
        if self._reaction_open() and self.sneak_number is not None:
            number = _with_article(str(self.sneak_number))
            if self.bottom in self._reaction_offered_to() and len(self.humans) == 1:
                return _("Sneak window open: you hold {number}. Press Sneak! (S) or drop it on Mount Olympus.").format(
                    number=number)
            if self.turn == self.bottom:
                return _("Sneak window open: {number} may be sneaked now. Then it is your turn.").format(number=number)
            return _("Sneak window open: {number} may be sneaked now. Then it is {name}'s turn.").format(
                number=number, name=self._name(self.turn))
        if self.turn == self.bottom:
            if self.bottom not in self._waiting():
                return ""
            return _("Your turn: drag a card onto Mount Olympus, or click it twice, or press 1–4.")
        return self._playing(self.turn)

    def _playing(self, seat: int) -> str:
        return self._said(seat, _("{name} is playing."), _("{name} are playing."))


def _with_article(number: str) -> str:
    """The number with its article, as said aloud: "a 7", "an 8", "an 11" (Dutch: "een" for all)."""
    spoken_with_vowel = number.startswith("8") or number in ("11", "18")
    return (_("an {number}") if spoken_with_vowel else _("a {number}")).format(number=number)


@lru_cache(maxsize=8)
def _stone(size: tuple[int, int], line: int) -> pygame.Surface:
    """Mount Olympus: a pale stone platform the pile sits on."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(image, (235, 225, 200, 45), image.get_rect())
    pygame.draw.ellipse(image, (235, 225, 200, 110), image.get_rect(), width=line)
    return image
