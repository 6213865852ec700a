"""Speech (a setting, off by default): the program says what changes on screen, through the speech
engine the player already has.

What is said, and when (`SpeechFollower`, called once a frame by the App):
- a new screen's words where it has some (the pass-and-play hand-off: "Pass the computer to Chloe");
- what has the keyboard focus: a menu's control ("Sound volume: 70%"), a card in the hand ("Hermes"), a
  card on the table reached by Tab ("Trick: Ann's 9 Ochre, 1 of 3", scenes/table/table_focus.py);
- at a table, each new line of the move log, as the screen shows it to whoever is looking now;
- whose turn it is, whenever that changes ("Your turn. Drag a card onto Mount Olympus…");
- a reaction offered to the player, with its key and time ("Sneak 8!: press S, 3 seconds.");
- a refusal's reason and the Hint's advice, as the table shows them ("Hint: the Normal AI would play …");
- on request: F2 reads the player's own cards (hand, slots, trays), F3 says again whose turn it is.

Speech never says more than the screen shows at that moment, because it reads only what is drawn:
log lines as `LogLine.for_viewer` gives them to the current viewer (a pass-and-play line private to
Chloe is read in its public words while anyone else holds the screen), and cards from the sprites of the
player's own zone, which carry a face only while it is shown (another player's cards, a Tamoul look
that has ended and anything behind a hand-off screen have none: they are said as "face down").

The back ends (scenes/ui/speech_backends.py): speech-dispatcher on Linux, the system voice through `say`
on macOS, the voice built into Windows (SAPI 5) through `comtypes`. Why not accessible_output2: it reaches
speech-dispatcher only through the `speechd` module, which is not on PyPI (distributions ship it for their
own Python, so neither our virtual environment nor the packaged build can import it), on Windows it needs
pywin32, which the embedded runtime of the Windows build does not take as it stands, on macOS its VoiceOver
output imports pyobjc's AppKit, and its `say` output forces one voice (Alex) over the player's and silences by
ending every `say` on the computer (`killall say`). Where no engine is found, the Settings row says so in words and nothing is spoken
(docs/architecture.md).
"""
from __future__ import annotations

import importlib.util
import logging
import shutil
import sys
import weakref
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from scenes.ui.i18n import N_, _, format_decimal
from scenes.ui.speech_backends import (RecordingBackend, SapiBackend, SayBackend, SpeechBackend,
                                       SpeechDispatcherBackend)

__all__ = ["RecordingBackend", "SapiBackend", "SayBackend", "SpeechBackend", "SpeechDispatcherBackend",
           "Speaker", "SpeechFollower", "find_engine", "spoken", "table_on"]

log = logging.getLogger("olympus")

# What a speech engine cannot say well, in words (a log line's signs are for the eye).
SIGN_WORDS = {
    "♠": N_(" of spades"), "♥": N_(" of hearts"), "♦": N_(" of diamonds"), "♣": N_(" of clubs"),
    "→": N_(" to "),
}
SILENT_SIGNS = ("☀", "▶", "★", "⚡")


def spoken(text: str) -> str:
    """`text` as it should be heard: card suits and arrows in words, signs for the eye left out."""
    for sign, words in SIGN_WORDS.items():
        if sign in text:
            text = text.replace(sign, _(words))
    for sign in SILENT_SIGNS:
        text = text.replace(sign, "")
    return " ".join(text.split())


def find_engine() -> tuple[Callable[[], SpeechBackend | None] | None, str]:
    """How to reach this computer's speech engine, and words saying which it is or why there is none."""
    if sys.platform.startswith("linux"):
        program = shutil.which("spd-say")
        if program:
            return (lambda: SpeechDispatcherBackend(program)), _("speech-dispatcher")
        return None, _("Install speech-dispatcher (and a voice such as espeak-ng) to hear the game.")
    if sys.platform == "win32":
        if importlib.util.find_spec("comtypes") is not None:
            return SapiBackend.create, _("the Windows voice")
        return None, _("Install the Python package comtypes to hear the game.")
    if sys.platform == "darwin":
        program = shutil.which("say")
        if program:
            return (lambda: SayBackend(program)), _("the macOS voice")
        return None, _("The macOS voice cannot be reached: the say command is missing.")
    return None, _("This version speaks on Linux, macOS and Windows only.")


class Speaker:
    """Says lines when speech is on; the back end is found the first time it is needed."""

    def __init__(self, backend: SpeechBackend | None = None) -> None:
        self.enabled = False
        self._backend = backend
        self._looked = backend is not None

    @property
    def backend(self) -> SpeechBackend | None:
        if not self._looked:
            self._looked = True
            make, _words = find_engine()
            self._backend = make() if make is not None else None
        return self._backend

    def say(self, text: str, interrupt: bool = False) -> None:
        """Speak `text` (news queue up; `interrupt` for focus and readings, of which only the latest counts)."""
        if not self.enabled:
            return
        text = spoken(text)
        if not text:
            return
        backend = self.backend
        if backend is not None:
            backend.speak(text, interrupt)

    def close(self) -> None:
        if self._backend is not None:
            self._backend.close()


# ----- following the screen ---------------------------------------------------------------------------
def card_words(table: Any, card_id: str) -> str:
    """A card as the table's own log names it (each game has its words: "Hermes", "10♥", "9 Olive")."""
    for name in ("card_label", "_card_words"):
        words = getattr(table, name, None)
        if callable(words):
            return str(words(card_id))
    letters = getattr(table, "_letters_words", None)    # Elios: a beam is its letter and a count
    if callable(letters) and card_id[:1].isalpha():
        return str(letters(card_id[:1]))
    return card_id


def own_cards(table: Any) -> tuple[str, list[str]]:
    """F2: the player's own cards as the screen shows them now, each with the number that picks it
    (a Tamoul slot's own number), and the ids of those said by face.

    Only the bottom seat's zone, and only while its view is on screen (`gate.may_show`); a card whose
    sprite shows no face (another player's, a look that has ended) is said as face down."""
    seat = table.bottom
    if seat not in table.humans or not table.gate.may_show(seat):
        return _("Your cards are not shown now."), []
    zone = table._seat_zone(seat)
    sprites = list(zone.sprites())
    if not sprites:
        return _("You have no cards."), []
    numbered_slots = getattr(zone, "slots", None) is not None     # Tamoul: each card by its slot's number
    said: list[str] = []
    words: list[str] = []
    for index, sprite in enumerate(sprites):
        number = int(zone.place_of(sprite)) + 1 if numbered_slots else index + 1    # the number key that picks it
        if sprite.face_up and sprite.card_id is not None:
            said.append(sprite.card_id)
            card = card_words(table, sprite.card_id)
        else:
            card = _("face down")
        words.append(_("{number}: {card}").format(number=number, card=card))
    return _("Your cards: {cards}.").format(cards=", ".join(words)), said


def turn_words(table: Any) -> str:
    """Whose turn it is, as the turn marker and the hint line show it."""
    state = table.state
    if state.finished:
        return _("The game is over.")
    if table.gate.waiting:
        return ""       # the hand-off screen says it
    if table.held_ai_seat is not None:
        return table._held_hint()
    waiting = list(table._waiting())
    if not waiting:
        return ""
    if table.bottom in waiting and table._you(table.bottom):
        hint = table._hint()
        if hint.startswith(_("Your turn")):
            return hint
        return _("Your turn.") + (" " + hint if hint else "")
    if len(waiting) == 1:
        return _("{name}'s turn.").format(name=table._name(waiting[0]))
    return _("Waiting for {names}.").format(names=", ".join(table._name(s) for s in waiting))


def reaction_words(table: Any) -> tuple[str, ...]:
    """An open reaction window's controls offered at this screen, in words with their key and the time
    it stays open ("Sneak 8!: press S, 4 seconds.")."""
    window = table.reaction
    if window is None or not window.open or not table.reaction_buttons:
        return ()
    seconds = format_decimal(window.length, 0 if window.length == int(window.length) else 1)
    said = []
    for _seat, button in table.reaction_buttons:
        if button.hotkey is not None:
            said.append(_("{action}: press {key}, {seconds} seconds.").format(
                action=button.label, key=pygame.key.name(button.hotkey).upper(), seconds=seconds))
        else:
            said.append(_("{action}: {seconds} seconds.").format(action=button.label, seconds=seconds))
    return tuple(said)


def turn_key(table: Any) -> tuple:
    """What whose-turn words follow: who is waited for, and each new position while it is the player's
    own turn (after the others have moved it is "your turn" again; choosing cards changes nothing)."""
    waiting = tuple(table._waiting())
    yours = table.bottom in waiting and table._you(table.bottom)
    return waiting, table._token() if yours else None, table.state.finished, table.gate.waiting, table.held_ai_seat


def focus_words(scene: Any) -> str:
    """What has the keyboard focus on `scene`: a menu's control, a table's button reached by Tab, a
    card on the table (only one drawn face up: `TableFocus.table_cards`), or a card in the table's hand."""
    words = getattr(scene, "focus_words", None)
    if callable(words):
        return str(words())
    tab_button = getattr(scene, "tab_button", None)
    button = tab_button() if callable(tab_button) else None
    if button is not None:          # Tab at a table has reached one of its buttons
        return str(button.label)
    table_words = getattr(scene, "table_focus_words", None)
    on_table = table_words() if callable(table_words) else ""
    if on_table:                    # Tab at a table has reached the cards on the table
        return str(on_table)
    drag, gate = getattr(scene, "drag", None), getattr(scene, "gate", None)
    if drag is not None and gate is not None:
        index = drag.focus
        if index is not None and 0 <= index < len(drag.sprites) and gate.may_show(getattr(scene, "bottom", None)):
            sprite = drag.sprites[index]
            return card_words(scene, sprite.card_id) if sprite.face_up and sprite.card_id else _("face down")
        return ""
    focus = getattr(scene, "focus", None)
    control = getattr(focus, "focused", None)
    label = getattr(control, "label", "") if control is not None else ""
    return str(label or control_value_words(control))


def control_value_words(control: Any) -> str:
    """A control's value as it shows it: a stepper's choice ("3 players"), a switch's On or Off, a text
    field's text (or the grey hint it shows while empty), a chip's label with whether it is chosen."""
    from scenes.ui.widgets import Chip, Stepper, TextField, Toggle

    if isinstance(control, Stepper):
        return str(control.describe(control.values[control.index]))
    if isinstance(control, Toggle):
        return _("On") if control.value else _("Off")
    if isinstance(control, TextField):
        return control.text or control.hint
    if isinstance(control, Chip):
        return _("{choice}: chosen").format(choice=control.label) if control.selected else \
            _("{choice}: not chosen").format(choice=control.label)
    return ""


def screen_words(scene: Any) -> str:
    """What a screen says as it comes up: its own words (`speech_title`), else a dialog's title, the line
    under it and its rows ("Round 2 is over. Ann: 12 …"); nothing for a screen without a title."""
    own = getattr(scene, "speech_title", None)
    if callable(own):
        return str(own())
    title = getattr(scene, "title", None)
    if not isinstance(title, str) or not title:
        return ""
    parts = [title, str(getattr(scene, "subtitle", "") or "")]
    rows = getattr(scene, "rows", None) or []
    if all(isinstance(row, tuple) and len(row) == 2 and all(isinstance(x, str) for x in row) for row in rows):
        parts += [f"{left}: {right}" if right.strip() else left for left, right in rows]    # a heading row has no value
    said = ""
    for part in (part.rstrip(".") for part in parts if part):
        # A line under the title that goes on with its sentence ("You take the last trick" "with 8 Olive…").
        said = part if not said else f"{said} {part}" if part[:1].islower() else f"{said}. {part}"
    return said + "."


def table_on(scenes: Sequence[Any]) -> Any | None:
    """The game table on the scene stack (under a menu too), or None."""
    for scene in reversed(scenes):
        if hasattr(scene, "log") and hasattr(scene, "state") and hasattr(scene, "gate"):
            return scene
    return None


@dataclass
class _TableSeen:
    """What speech has said of one table. The table is held weakly: a closed table must be freed as it
    leaves the stack (the app collects it at once), not kept alive by speech until another one opens."""

    table: weakref.ref
    log_count: int
    log_epoch: int
    turn: tuple = ()
    offered: tuple = ()
    notice: Any = None


class SpeechFollower:
    """Once a frame: what changed on the top screen, said (see the module's docstring)."""

    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self._scene: Any = None
        self._focus = ""
        self._table: _TableSeen | None = None
        self._failed = False

    def follow(self, scenes: Sequence[Any]) -> None:
        """What changed on the screens `scenes` (the stack, bottom first) since the last frame, said. With
        speech off it only notes the top screen, so turning speech on starts from what is there then.
        Speech is an aid beside the game: a fault in it goes to the log (once) and never stops the play."""
        try:
            self._follow(scenes)
        except Exception:
            if not self._failed:
                log.exception("speech could not follow the screen")
            self._failed = True

    def _follow(self, scenes: Sequence[Any]) -> None:
        top = scenes[-1] if scenes else None
        if not self.speaker.enabled:
            self._scene, self._table = top, None
            return
        table = table_on(scenes)
        if top is not self._scene:
            self._scene, self._focus = top, ""
            words = screen_words(top)
            if words:
                self.speaker.say(words)     # queued: the focused control said next must not cut it

        if table is not None:
            self._follow_table(table, top is table)
        focus = focus_words(top) if top is not None else ""
        if focus and focus != self._focus:
            self.speaker.say(focus, interrupt=True)
        self._focus = focus

    def _follow_table(self, table: Any, on_top: bool) -> None:
        panel = table.log
        seen = self._table
        if seen is None or seen.table() is not table or seen.log_epoch != panel.epoch:
            # A table first seen: a new game's first lines are said; a resumed game's log (rebuilt at once),
            # or one rebuilt after a language change or an undo, is not read again: what happens from now on is.
            fresh_game = seen is None or seen.table() is not table
            fresh_game = fresh_game and table._token() == 0 and len(table.state.rounds) == 1
            self._table = seen = _TableSeen(weakref.ref(table), 0 if fresh_game else panel.shown_count, panel.epoch)
        fresh = panel.shown_count - seen.log_count
        if fresh > 0:
            for entry in list(panel.entries)[-min(fresh, len(panel.entries)):]:
                text = entry.for_viewer(panel.viewer)
                if text:
                    self.speaker.say(text)
        seen.log_count = panel.shown_count
        offered = reaction_words(table)
        if offered and offered != seen.offered:
            for words in offered:
                self.speaker.say(words)
        seen.offered = offered
        # A refusal's reason or the Hint's advice, as the table shows it over the controls.
        notice = getattr(getattr(table, "drag", None), "notice", None)
        if notice is not seen.notice:
            seen.notice = notice
            if notice is not None and on_top and getattr(notice, "text", ""):
                self.speaker.say(notice.text)
        if on_top and table.idle:
            key = turn_key(table)
            if key != seen.turn:
                words = turn_words(table)
                if words:
                    self.speaker.say(words)
                    seen.turn = key

    def repeat_turn(self, table: Any) -> None:
        """F3: whose turn it is, said again."""
        self.speaker.say(turn_words(table) or _("Nobody's turn now."), interrupt=True)

    def read_cards(self, table: Any) -> list[str]:
        """F2: the player's cards read out; returns the ids said by face (tests check them)."""
        words, said = own_cards(table)
        self.speaker.say(words, interrupt=True)
        return said
