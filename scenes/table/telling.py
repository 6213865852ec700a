"""What the table tells the player over the play: card help, notices, and results dialogs.

Part of the table kit, mixed into `TableScene` (base.py). A card's help box appears above the card
under the pointer (`_card_help_for` gives the game's words); a refused move springs back with the
engine's reason as a notice (`_notice`); results dialogs open by default from the shared
`round_ended` / `game_ended` events, with the game's own words when it gives them: kept in
`result_words` by its own round events (shown just before `round_ended` / `game_ended`), or made by
overriding `_round_result` / `_game_result`. A round's results can be put aside ("Look at the table")
to look at the cards as the round left them; the game waits, and a Results (R) button in the controls
area brings the dialog back. The game's results offer a Review of the finished game
(scenes/screens/review.py) for the first human seat when the game's AI can review; leaving the review
shows the results again.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

import pygame

from game.core.actions import Action
from game.core.events import Event
from game.core.session import GameSession
from scenes.table.captions import CardHelp, HelpBoxStyle, draw_card_help, pointed_card
from scenes.table.drag import Notice, sentence
from scenes.table.sprites import CardSprite
from scenes.ui.i18n import N_, _, ngettext, reason_words, translate_message
from scenes.ui.widgets import Button


@dataclass(frozen=True)
class ResultWords:
    """What a results dialog says: a title, a line under it, one row per seat, and the word to go on."""

    title: str
    subtitle: str
    rows: list[tuple[str, str]]
    next_label: str = N_("Next round")


NEXT_ROUND = ResultWords.next_label     # the usual way on from a round's results


class Telling:
    """Card help, refusals said as notices, and the round's and the game's results."""

    round_words: ResultWords | None = None   # the round's results, while their dialog is up or put aside
    table_looked = False                     # the round's results are put aside to look at the table

    def _card_help_target(self) -> CardSprite | None:
        """The card a help box would explain: the hand card under the pointer or the keyboard focus."""
        return pointed_card(self.drag, self.viewer)

    def _card_help_for(self, sprite: CardSprite) -> CardHelp | None:
        """The game's words for a card (None: this card needs no explaining)."""
        return None

    def _help_style(self) -> HelpBoxStyle:
        lay = self.layout
        return HelpBoxStyle(width=int(max(200, lay.size[0] * 0.26)), edges=lay.text_size(15), alpha=245)

    def _draw_card_help(self, surface: pygame.Surface) -> None:
        """A card's text in a box above the card it explains, drawn over everything but the notice; on
        the player's turn a card that may not be played now says why first ("What if…?"). Where the table
        draws that card large (card_zoom.py), the box stands above the large card. A card on the table
        reached by keys (table_focus.py) is explained too; it is only looked at, so it has no "What if…?"."""
        on_table = self.table_focus_card()
        on_spot = on_table is None and self.table_focus_item() is not None     # a sun stack: no card to explain
        sprite = on_table or (None if on_spot else self._card_help_target())
        help_ = self._card_help_for(sprite) if sprite is not None and sprite.card_id is not None else None
        refusal = self._why_not_now(sprite) if sprite is not None and on_table is None else None
        notice = self.drag.notice
        if refusal and notice is not None and not notice.advice and _same_words(notice.text, refusal):
            refusal = None          # the refusal just said by the card already says it
        if refusal:
            help_ = replace(help_, refusal=refusal) if help_ is not None else CardHelp("", refusal=refusal)
        large = self._draw_card_zoom(surface)
        if sprite is not None and help_ is not None:
            anchor = large if large is not None and self.zoomed is sprite else sprite
            draw_card_help(surface, anchor, help_, self.layout.text_size(15), self._help_style())

    def _what_if(self, sprite: CardSprite) -> Action | None:
        """The move this card of the player's own would make if they played it now the usual way (a drop
        on the table's middle, a click); None when the card has nothing to explain. Each game says."""
        return None

    _why_cache: tuple[tuple, str | None] | None = None

    def _why_not_now(self, sprite: CardSprite) -> str | None:
        """On the player's own turn, why `sprite` may not be played now, in one line of plain words (the
        engine's reason, `why_illegal`), before any move is tried; None when it may, or it is not a
        question now. Worked out once per card and position."""
        if self.replay_mode or not self._human_may_act() or self.bottom not in self._waiting():
            return None
        key = (self._token(), self.bottom, id(sprite), sprite.card_id)
        if self._why_cache is not None and self._why_cache[0] == key:
            return self._why_cache[1]
        action = self._what_if(sprite)
        reason = None if action is None else self.state.why_illegal(self.bottom, self.state.normalize(action))
        words = sentence(translate_message(reason)) if reason is not None else None
        self._why_cache = (key, words)
        return words

    def _notice(self, reason: str, seat: int | None = None, where: tuple[int, int] | None = None,
                advice: bool = False) -> None:
        """A refusal (or, with `advice`, a hint) over the controls area (or just above `where`, the card it
        is about), naming the seat when several people share the screen."""
        rect = self.layout.controls_rect
        reason = sentence(translate_message(reason))
        text = _("{name}: {reason}").format(name=self.names[seat], reason=reason) if seat is not None and len(self.humans) > 1 else reason
        self.drag.notice = Notice(text, where if where is not None else (rect.centerx, rect.top), advice=advice)

    def _take_result_words(self) -> ResultWords | None:
        """The game's own words for the dialog now opening (each used once)."""
        words, self.result_words = self.result_words, None
        return words

    def _round_result(self, event: Event) -> ResultWords | None:
        """The words of a round's results dialog (None: no dialog): the game's own words if its round
        events left some in `result_words`, else the round's score and the totals."""
        words = self._take_result_words()
        if words is not None:
            return words
        score, totals = event["score"], event["totals"]
        rows = [(self.names[s], f"+{score[s]}   {totals[s]}" if score[s] else str(totals[s]))
                for s in range(self.count)]
        return ResultWords(_("Round {number} is over").format(number=int(event["round"]) + 1), "", rows)

    def _game_result(self, event: Event) -> ResultWords:
        """The words of the game's results dialog: the game's own (`result_words`), else the winners
        and the totals."""
        words = self._take_result_words()
        if words is not None:
            return words
        winners = ", ".join(self._who(s) for s in event["winners"])
        rows = [(self.names[s], f"{event['totals'][s]}" + ("   " + _("winner") if s in event["winners"] else ""))
                for s in range(self.count)]
        said = ngettext("Winner: {names}.", "Winners: {names}.", len(event["winners"])).format(names=winners)
        return ResultWords(_("The game is over"), said if winners else "", rows)

    def _on_round_ended(self, event: Event) -> None:
        """A round's results; when the game is over too, the game's results dialog shows them under its own."""
        if any(e.kind == "game_ended" for e in self.events):
            self.last_round_words = self._round_result(event)
            return
        self.round_words = self._round_result(event)
        self._show_round_result(self.RESULTS_DELAY)

    def _show_round_result(self, delay: float) -> None:
        """The round's results; "Look at the table" when a next round follows them (a tutorial's closing
        results, which go on to its end with "Go on", have nothing to come back to)."""
        words = self.round_words
        if words is not None:
            buttons = [(_(words.next_label), self._next_round)]
            if words.next_label == NEXT_ROUND:
                buttons.append((_("Look at the table"), self._look_at_table))
            self._open_results(words.title, words.subtitle, words.rows, buttons, delay=delay)

    def _next_round(self) -> None:
        self.round_words, self.table_looked = None, False
        self._continue()

    def _look_at_table(self) -> None:
        """The round's results dialog is put aside (the game still waits for it): a Results button brings it
        back. (The game's results keep their three buttons: a fourth would not fit their labels.)"""
        self.table_looked = True
        self._build_controls()

    def press_results(self) -> None:
        if not self.table_looked:
            return
        self.table_looked = False
        self._show_round_result(0.0)
        self._build_controls()

    def _results_button(self, top: int, height: int) -> list[Button]:
        """While the round's results are put aside, the controls area holds only the way back to them."""
        from scenes.table.input_routing import fitting_label

        area = self.layout.controls_rect
        labels = (_("Results (R)"), _("Results"))
        return [Button(pygame.Rect(area.left, top, area.width, height),
                       fitting_label(labels, area.width, height, "primary"), self.press_results, style="primary")]

    def _key_for_results(self, event: pygame.event.Event) -> bool:
        """R or Enter brings the put-aside results back."""
        if self.table_looked and event.type == pygame.KEYDOWN and event.key in (pygame.K_r, pygame.K_RETURN,
                                                                                pygame.K_KP_ENTER):
            self.press_results()
            return True
        return False

    def _on_game_ended(self, event: Event) -> None:
        words = self._game_result(event)
        last = getattr(self, "last_round_words", None)
        if last is not None and last.rows and last.rows != words.rows:   # the last round's breakdown, headed
            words = ResultWords(words.title, words.subtitle, words.rows + [(last.title, "")] + last.rows,
                                words.next_label)
        elif last is not None:      # the round's rows are the game's (Zeus's letters): its title says the rest
            words = ResultWords(words.title, f"{words.subtitle} {last.title}".strip(), words.rows, words.next_label)
        self.game_words = words
        self._show_game_result(self.RESULTS_DELAY)

    def _show_game_result(self, delay: float) -> None:
        """The game's results: play again, review it (when it can be), or back to the menu (Esc)."""
        words = self.game_words
        if words is None:
            return
        buttons = [(_("Play again"), self.play_again)] if getattr(self.session, "plays_again", True) else []
        if self._review_seat() is not None:
            buttons.append((_("Review"), self.review_game))
        buttons.append((_("Back to menu"), self.app.back_to_title))
        self._open_results(words.title, words.subtitle, words.rows, buttons, delay=delay)

    def _review_seat(self) -> int | None:
        """The seat a Review of this game looks at: the first human seat, once the game is over and
        when the game's AI can judge its moves (None otherwise)."""
        from game.core.review import can_review

        humans = self.session.human_seats
        if not humans or not self.state.finished or not can_review(self._game_to_review()):
            return None
        return humans[0]

    def _game_to_review(self) -> Any:
        """The program's own game: at an online table the table's game stands in for the host's AI,
        and a Review needs the real levels to judge with."""
        return self.app.catalog.games.get(self.game.id, self.game)

    def review_game(self) -> None:
        """The Review of the finished game, over the table; leaving it brings the results back."""
        from game.core.errors import RecordError
        from scenes.screens.review import ReviewScene

        seat = self._review_seat()
        if seat is None:
            return
        try:
            review = ReviewScene(self.app, self._game_to_review(), self.state.record(), seat=seat,
                                 on_leave=self._back_from_review)
        except (RecordError, ValueError) as exc:
            self.app.toast(_("This game cannot be reviewed: {reason}").format(reason=reason_words(exc)))
            self._show_game_result(0.0)
            return
        self.app.stack.push(review)

    def _back_from_review(self) -> None:
        self.app.stack.pop()
        self._show_game_result(0.0)

    def _open_results(self, title: str, subtitle: str, rows: list[tuple[str, str]],
                      buttons: list[tuple[str, Callable[[], None]]], delay: float) -> None:
        """Round or game result, once the motion so far has landed; events wait until it is closed."""
        def show() -> None:
            from scenes.screens.results import ResultsOverlay

            self.app.stack.push(ResultsOverlay(self.app, title, rows, buttons, subtitle, menu=self.open_pause))

        if self._replaying or self.replay_mode:
            return      # a resumed game's past dialogs, or a replay: the viewer says where the game stands
        self.overlay_open = True
        self.tweens.call(show, delay=delay)

    def _continue(self) -> None:
        self.overlay_open = False

    def play_again(self) -> None:
        """A new game with the same seats and options (the headless harness keeps playing this way)."""
        session = GameSession.new(self.game, self.state.seats, self.state.options, self.state.seed + 1,
                                  self.session.autosave_path, self.session.records_dir)
        self.app.open_table(session)


def _same_words(one: str, other: str) -> bool:
    """Whether two lines say the same, whatever their case and closing stop."""
    return one.strip().rstrip(".").casefold() == other.strip().rstrip(".").casefold()
