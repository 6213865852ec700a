"""Speech at the tables (scenes/ui/speech.py): whole games of all four games followed by a recording back
end, checking what was said (turns, each move's line, focus, the player's own cards on F2) and that nothing
hidden was said (another seat's cards, a pass-and-play line private to someone else, a Tamoul look that
has ended); and once for real through speech-dispatcher and espeak-ng into a sound file."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.catalog import load_game
from game.core.drive import next_waiting_seat
from scenes.app import App
from scenes.screens.handoff import HandoffOverlay
from scenes.screens.results import ResultsOverlay
from scenes.tables import open_table
from scenes.table.log_panel import LogLine
from scenes.ui.speech import RecordingBackend, Speaker, SpeechDispatcherBackend, SpeechFollower, spoken
from tests.scenes.table_driving import DT, app_fixture, key, open_session, show

make_app = app_fixture(defaults={"animation_speed": "instant", "ai_delay_s": 0.0, "speech": True},
                       game_settings={"sneak_window_s": "zeus"})

SEATS = {
    "zeus": [("Ann", "human"), ("Bob", "ai:random"), ("Cleo", "ai:random")],
    "telos": [("Ann", "human"), ("Bob", "ai:random"), ("Cleo", "ai:random")],
    "tamoul": [("Ann", "human"), ("Bob", "ai:random"), ("Cleo", "ai:random")],
    "elios": [("Ann", "human"), ("Bob", "ai:random"), ("Cleo", "ai:random")],
}


@dataclass
class Heard:
    """One thing said, with who could see the screen then (None: nobody's own view, a hand-off screen)."""

    text: str
    listener: int | None


@dataclass
class Ear(RecordingBackend):
    """A recording back end that notes who was looking at the screen at each line."""

    table: Any = None
    heard: list[Heard] = field(default_factory=list)

    def speak(self, text: str, interrupt: bool) -> None:
        super().speak(text, interrupt)
        table = self.table
        listener = None
        if table is not None and not table.gate.waiting and table.gate.may_show(table.bottom):
            listener = table.bottom
        self.heard.append(Heard(text, listener))


def listen(app: App) -> Ear:
    ear = Ear()
    app.speech = Speaker(ear)
    app.speech.enabled = True
    app.speech_follower = SpeechFollower(app.speech)
    return ear


def own_known_cards(game_id: str, table: Any, seat: int) -> set[str]:
    """The card ids `seat`'s own view holds as its own, from the engine (not from the screen)."""
    view = table.state.view(seat)
    if game_id == "tamoul":
        return {slot.card for slot in view.board[seat] if slot is not None and slot.card}
    if game_id == "elios":
        return {letter for letter in "".join(view.beams[seat])}
    return set(view.hand)


def said_ids(game_id: str, ids: list[str]) -> set[str]:
    return {card[:1] for card in ids} if game_id == "elios" else set(ids)


def table_results(app: App) -> list[str]:
    """The titles of the results dialogs the game showed (the last stays up at the end)."""
    titles = list(getattr(app, "results_seen", []))
    if isinstance(app.stack.top, ResultsOverlay):
        titles.append(app.stack.top.title)
    return titles


def logged_lines(table: Any) -> list[LogLine]:
    """Every line the table logs from now on (kept by wrapping its log's `add`)."""
    lines: list[LogLine] = []
    add = table.log.add

    def keep(text: str, *, private_to: int | None = None, public: str | None = None) -> None:
        lines.append(LogLine(text, private_to, public))
        add(text, private_to=private_to, public=public)

    table.log.add = keep
    return lines


def private_lines_said_only_to_their_owner(ear: Ear, lines: list[LogLine]) -> list[LogLine]:
    """Check that a line private to one seat was said in its own words only while that seat had the
    screen (its public words, or the same words logged publicly, may be said to anyone); returns the
    private lines."""
    private = [line for line in lines if line.private_to is not None]
    publics = {spoken(line.public or "") for line in lines} | {spoken(line.text) for line in lines if line.private_to is None}
    for heard in ear.heard:
        for line in private:
            if spoken(line.text) == heard.text and heard.text not in publics:
                assert heard.listener == line.private_to, \
                    f"{heard.text!r}, private to seat {line.private_to}, was said while seat {heard.listener} had the screen"
    return private


def play_whole_game(app: App, game_id: str, seats: list[tuple[str, str]], seed: int, *, check_reading=None,
                    max_frames: int = 60000) -> Any:
    """Play a game to its end at a real table: people's moves are random legal ones made through the
    table when it lets them act (F2 pressed before each, F3 now and then); results and hand-off screens are
    confirmed. Returns the table."""
    game = load_game(game_id)
    table = show(app, open_table(app, open_session(game, seats, seed, None)))
    rng = random.Random(seed)
    picker = game.agent("random")
    frames = 0
    while not table.state.finished and frames < max_frames:
        frames += 1
        top = app.stack.top
        if isinstance(top, HandoffOverlay):
            app.frame(DT)       # the hand-off screen is said as it comes up, then confirmed
            top.ready()
        elif isinstance(top, ResultsOverlay):
            app.frame(DT)
            app.results_seen = getattr(app, "results_seen", []) + [top.title]
            top.choose(0)
        elif top is table and table._human_may_act() and table.bottom in table._waiting():
            if check_reading is not None:
                key(app, pygame.K_F2)
                check_reading(table)
            seat = table.bottom
            waiting = next_waiting_seat(table.state, rng) if len(table._waiting()) > 1 else seat
            legal = table.state.legal_actions(waiting)
            if waiting == seat and legal:
                action = picker.choose(table.state.view(seat), legal, rng)
                assert table._apply(seat, action) is None
        app.frame(DT)
    assert table.state.finished, f"{game_id}: the game did not end in {max_frames} frames"
    for _ in range(30):
        app.frame(DT)
    return table


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_a_whole_game_is_followed_by_speech_and_no_hidden_card_is_said(make_app, game_id):
    app = make_app(size=(1280, 720))
    ear = listen(app)
    readings: list[tuple[int, set[str], set[str]]] = []

    def check_reading(table: Any) -> None:
        said = app.speech_follower.read_cards(table)        # what F2 said, by card id
        ear.table = table
        readings.append((table.bottom, said_ids(game_id, said), own_known_cards(game_id, table, table.bottom)))
        if game_id == "tamoul":
            up = {sprite.card_id for sprite, _left in table.looks.values()}
            revealed = table.state.view(None).phase == "over"
            assert set(said) <= up or revealed, "a Tamoul card was said after its look had ended"

    table = play_whole_game(app, game_id, SEATS[game_id], seed=11, check_reading=check_reading)
    ear.table = table
    texts = [h.text for h in ear.heard]
    assert texts, "nothing was said"
    # Whose turn: the player's own, and the others' by name.
    assert any(t.startswith("Your turn") for t in texts)
    assert any(t in ("Bob's turn.", "Cleo's turn.") or t.startswith("Waiting for") for t in texts)
    # Each line the move log shows was said, in the log's words.
    shown = [spoken(entry.text) for entry in table.log.entries if entry.private_to in (None, table.bottom)]
    missing = [line for line in shown if line not in texts]
    assert not missing, f"log lines not said: {missing}"
    assert len(shown) >= 10
    # The results dialogs were said as they came up, the game's own last.
    assert any(t.startswith(spoken(title).rstrip(".")) for title in table_results(app) for t in texts)
    # F2 said only the player's own cards, each one its own view holds.
    assert readings, "the player never had a turn"
    for seat, said, known in readings:
        assert seat == 0
        assert said <= known, f"F2 said {said - known}, which seat {seat} does not hold or know"
    assert any(said for _seat, said, _known in readings), "F2 never named a card"


def test_pass_and_play_speech_says_the_hand_off_and_never_a_line_private_to_someone_else(make_app):
    app = make_app(size=(1280, 720))
    ear = listen(app)
    game = load_game("zeus")
    seats = [("Ann", "human"), ("Bob", "human"), ("Cleo", "ai:easy")]
    table = show(app, open_table(app, open_session(game, seats, 5, None)))
    ear.table = table
    lines = logged_lines(table)
    rng = random.Random(5)
    picker = game.agent("random")
    for _ in range(6000):
        if table.state.finished or len(table.state.rounds) > 1:
            break
        top = app.stack.top
        if isinstance(top, HandoffOverlay):
            app.frame(DT)
            top.ready()
        elif isinstance(top, ResultsOverlay):
            top.choose(0)
        elif top is table and table._human_may_act() and table.bottom in table._waiting():
            legal = table.state.legal_actions(table.bottom)
            table._apply(table.bottom, picker.choose(table.state.view(table.bottom), legal, rng))
        app.frame(DT)
    texts = [h.text for h in ear.heard]
    assert any(t.startswith("Pass the computer to Bob.") for t in texts)
    # Queued, so the focused button said right after it ("I am Bob: show my cards") does not cut it.
    handoffs = [i for i, t in enumerate(ear.spoken) if t.startswith("Pass the computer to")]
    assert handoffs and not any(ear.interrupts[i] for i in handoffs)
    assert any(t.startswith("Pass the computer to Ann.") for t in texts)
    private = private_lines_said_only_to_their_owner(ear, lines)
    assert private, "no private line was logged (the test would prove nothing)"
    # Private lines were said, in their public words ("Bob draws a card"), while the screen was not theirs.
    assert any(h.listener != l.private_to and l.public and spoken(l.public) == h.text for l in private
               for h in ear.heard)


def test_focus_in_a_menu_and_in_the_hand_is_said(make_app):
    app = make_app(size=(1280, 720))
    ear = listen(app)
    from scenes.screens.title import TitleScene

    show(app, TitleScene(app))
    app.frame(DT)
    key(app, pygame.K_DOWN)
    app.frame(DT)
    assert len(ear.spoken) >= 2 and ear.spoken[-1] != ear.spoken[-2]
    focused = app.stack.top.focus.focused
    assert ear.spoken[-1] == spoken(focused.label)
    # At a table: the card under the keyboard focus, by name.
    game = load_game("zeus")
    table = show(app, open_table(app, open_session(game, SEATS["zeus"], 3, None)))
    for _ in range(2000):
        if table._human_may_act() and table.bottom in table._waiting():
            break
        app.frame(DT)
    key(app, pygame.K_RIGHT)
    app.frame(DT)
    sprite = table.drag.sprites[table.drag.focus]
    assert ear.spoken[-1] == spoken(table._card_words(sprite.card_id))


def test_speech_is_off_by_default_and_says_nothing(make_app):
    app = make_app(size=(800, 500), speech=False)
    ear = Ear()
    app.speech = Speaker(ear)
    app.speech.enabled = app.settings.speech
    app.speech_follower = SpeechFollower(app.speech)
    from game.core.settings import Settings

    assert Settings().speech is False
    game = load_game("zeus")
    show(app, open_table(app, open_session(game, SEATS["zeus"], 3, None)))
    for _ in range(300):
        app.frame(DT)
    key(app, pygame.K_F2)
    assert ear.spoken == []


# ----- for real: speech-dispatcher and espeak-ng, into a sound file --------------------------------------
def _missing_engine() -> str | None:
    for program in ("speech-dispatcher", "spd-say", "espeak-ng"):
        if shutil.which(program) is None:
            return f"{program} is not installed (apt packages speech-dispatcher, espeak-ng; .ci/run installs them)"
    if not Path("/usr/lib/speech-dispatcher-modules/sd_espeak-ng").exists():
        return "speech-dispatcher's espeak-ng module is not installed (apt package speech-dispatcher-espeak-ng)"
    if not list(Path("/usr/lib").glob("*/speech-dispatcher/spd_alsa.so")):
        return "speech-dispatcher's ALSA output is not installed (apt package speech-dispatcher-audio-plugins)"
    return None


@pytest.mark.skipif(_missing_engine() is not None, reason=str(_missing_engine()))
def test_speech_dispatcher_with_espeak_ng_really_speaks_a_table_line_into_a_sound_file(tmp_path):
    """A private speech-dispatcher (its own socket and config) whose sound goes through ALSA's file plug-in
    into a WAV file; the program's back end hands it a move's words; the file then holds speech."""
    home, run_dir, conf = tmp_path / "home", tmp_path / "run", tmp_path / "conf"
    for folder in (home, run_dir, conf / "modules"):
        folder.mkdir(parents=True)
    sound = tmp_path / "speech.wav"
    (home / ".asoundrc").write_text(f'pcm.!default {{ type file; slave.pcm "null"; file "{sound}"; format "wav" }}\n')
    shutil.copy("/etc/speech-dispatcher/modules/espeak-ng.conf", conf / "modules" / "espeak-ng.conf")
    (conf / "speechd.conf").write_text('AudioOutputMethod "alsa"\nAudioALSADevice "default"\n'
                                       'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
                                       'DefaultModule espeak-ng\nLogLevel 1\n')
    socket = run_dir / "speechd.sock"
    env = {**os.environ, "HOME": str(home), "XDG_RUNTIME_DIR": str(run_dir),
           "SPEECHD_ADDRESS": f"unix_socket:{socket}"}
    server = subprocess.Popen(["speech-dispatcher", "--run-single", "--config-dir", str(conf),
                               "--communication-method", "unix_socket", "--socket-path", str(socket),
                               "--pid-file", str(run_dir / "pid"), "--timeout", "5"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while not socket.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert socket.exists(), "speech-dispatcher did not start"
        backend = SpeechDispatcherBackend(shutil.which("spd-say") or "spd-say", env, options=("--wait",),
                                          client_seconds=20)
        backend.speak(spoken("Bob plays 7: 38 → 45. Your turn."), interrupt=False)
        backend.wait(20)
        deadline = time.monotonic() + 10
        while (not sound.exists() or sound.stat().st_size < 20000) and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        server.terminate()
        server.wait(10)
    assert sound.exists(), "no sound file was written"
    data = sound.read_bytes()
    assert data[:4] == b"RIFF" and data[8:12] == b"WAVE"
    rate = int.from_bytes(data[24:28], "little")
    channels = int.from_bytes(data[22:24], "little")
    frames = data[44:]      # the header's sizes are written when the device closes; the file's length tells
    seconds = len(frames) / (2 * channels * rate)
    assert seconds > 1.0, f"only {seconds:.2f} s of sound"
    samples = memoryview(frames[: len(frames) // 2 * 2]).cast("h")
    assert max(abs(s) for s in samples) > 1000, "the sound file holds only silence"


def test_a_service_that_hangs_never_piles_up_clients_or_blocks_the_exit(tmp_path, caplog):
    """A stand-in client that never ends (a speech-dispatcher with no sound device can leave spd-say
    waiting): one client runs at a time, at most MAX_WAITING lines wait behind it and later ones are
    dropped; a client that does not end in time is ended (said once in the log) and the next line goes;
    closing ends the one running at once."""
    stuck = tmp_path / "stuck-client"
    stuck.write_text("#!/bin/sh\nexec sleep 60\n")
    stuck.chmod(0o755)
    backend = SpeechDispatcherBackend(str(stuck), client_seconds=0.5)
    for i in range(20):
        backend.speak(f"line {i}", interrupt=False)
    deadline = time.monotonic() + 3
    while not backend.running and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(backend.running) == 1 and len(backend.waiting) <= SpeechDispatcherBackend.MAX_WAITING
    assert backend.dropped >= 20 - 1 - SpeechDispatcherBackend.MAX_WAITING
    first = backend.running[0]
    deadline = time.monotonic() + 3
    while first.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert first.poll() is not None, "a client that did not end in time was left running"
    assert sum("its client was ended" in r.getMessage() for r in caplog.records) == 1
    deadline = time.monotonic() + 3
    while (not backend.running or backend.running[0] is first) and time.monotonic() < deadline:
        time.sleep(0.02)
    processes = list(backend.running)
    assert processes and processes[0] is not first           # the next line went on
    started = time.monotonic()
    backend.close()
    assert time.monotonic() - started < 3.0
    assert all(p.poll() is not None for p in processes)


def test_lines_reach_the_service_in_the_order_they_were_said(tmp_path):
    """Clients that take different times to hand their line over still deliver them in order: a move's
    line before the turn it leads to."""
    calls = tmp_path / "calls"
    client = tmp_path / "client"
    # The first lines' clients are the slowest: started together, they would arrive last.
    client.write_text(f'#!/bin/sh\nfor a in "$@"; do last="$a"; done\n'
                      f'case "$last" in line0|line1|line2) sleep 0.3;; esac\necho "$last" >> {calls}\n')
    client.chmod(0o755)
    backend = SpeechDispatcherBackend(str(client))
    lines = [f"line{i}" for i in range(6)]
    for line in lines:
        backend.speak(line, interrupt=line == "line3")
    backend.wait(10)
    assert calls.read_text().split() == lines
    backend.close()


def test_a_sneak_offered_to_the_player_is_said_with_its_key_and_time(make_app):
    from tests.scenes.test_a11y_time import zeus_table

    app = make_app(size=(1280, 720), sneak_window_s=1.5, reaction_time=2.0)
    ear = listen(app)
    table = zeus_table(app)
    ear.table = table
    for _ in range(600):
        if table.sneak_buttons:
            break
        app.frame(DT)
    app.frame(DT)
    number = table.sneak_number
    assert f"Sneak {number}!: press S, 3 seconds." in ear.spoken


def test_speech_follows_the_language(make_app):
    from scenes.ui import i18n

    app = make_app(size=(1280, 720))
    app.set_language("nl")
    try:
        ear = listen(app)
        game = load_game("zeus")
        table = show(app, open_table(app, open_session(game, SEATS["zeus"], 3, None)))
        ear.table = table
        for _ in range(2000):
            if table._human_may_act() and table.bottom in table._waiting():
                break
            app.frame(DT)
        app.frame(DT)
        assert any(text.startswith("Jouw beurt") for text in ear.spoken), ear.spoken
        key(app, pygame.K_F2)
        assert ear.spoken[-1].startswith("Je kaarten: ")
    finally:
        i18n.set_language("en")


def test_news_are_queued_and_focus_says_only_the_latest(tmp_path):
    """The client is asked for speech-dispatcher's "message" priority for news (queued, never dropped) and
    "text" for focus and readings (only the latest is said), in the program's language."""
    calls = tmp_path / "calls"
    client = tmp_path / "client"
    client.write_text(f'#!/bin/sh\nprintf "%s|" "$@" >> {calls}\necho >> {calls}\n')
    client.chmod(0o755)
    backend = SpeechDispatcherBackend(str(client))
    backend.speak("Bob plays 7", interrupt=False)
    backend.wait()
    backend.speak("Sound volume: 70 %", interrupt=True)
    backend.wait()
    first, second = calls.read_text().splitlines()
    assert "--priority|message|--|Bob plays 7|" in first and "--language|en|" in first
    assert "--priority|text|--|Sound volume: 70 %|" in second


def test_a_resumed_game_does_not_read_its_old_log_again(make_app):
    app = make_app(size=(1280, 720))
    ear = listen(app)
    game = load_game("zeus")
    session = open_session(game, SEATS["zeus"], 3, None)
    rng = random.Random(3)
    while len(session.state.rounds[0].actions) < 4:
        seat = session.state.waiting_for()[0]
        session.apply(seat, rng.choice(session.state.legal_actions(seat)))
    table = show(app, open_table(app, session))
    ear.table = table
    old = [spoken(entry.text) for entry in table.log.entries]
    assert len(old) >= 4
    for _ in range(5):
        app.frame(DT)
    # The rebuilt log begins with the round's first line; the first thing said is whose turn it is now.
    assert old[0].startswith("Round 1:") and old[0] not in ear.spoken, "the rebuilt log was read out again"
    assert ear.spoken and (ear.spoken[0].endswith("'s turn.") or ear.spoken[0].startswith("Your turn"))


def test_a_fault_in_speech_is_logged_once_and_the_play_goes_on(make_app, caplog):
    app = make_app(size=(800, 500))
    ear = listen(app)
    game = load_game("zeus")
    table = show(app, open_table(app, open_session(game, SEATS["zeus"], 3, None)))
    ear.table = table
    calls = []
    original = SpeechFollower._follow

    def broken(self, scenes):
        calls.append(1)
        raise RuntimeError("speech bug")

    SpeechFollower._follow = broken
    try:
        for _ in range(30):
            app.frame(DT)
    finally:
        SpeechFollower._follow = original
    assert len(calls) == 30 and app.stack.top is table      # no error screen: the table goes on
    assert sum("speech could not follow" in r.getMessage() for r in caplog.records) == 1


def test_the_accessibility_screen_says_its_title_and_notes(make_app):
    from scenes.screens.settings_accessibility import AccessibilityScene

    app = make_app(size=(1280, 720))
    ear = listen(app)
    show(app, AccessibilityScene(app))
    app.frame(DT)
    assert ear.spoken[0].startswith("Accessibility. Every card shows its colour") and "F2 reads your cards" in ear.spoken[0]
    assert ear.spoken[1] == "Speech: On"


def test_the_setup_screen_says_its_title_and_each_control_with_what_it_is_for(make_app):
    """Tab through a new game's setup: every control is said with its row's words and its value."""
    from scenes.screens.setup import SetupScene

    app = make_app(size=(1280, 720))
    ear = listen(app)
    show(app, SetupScene(app, load_game("telos")))
    app.frame(DT)
    said = []
    for _ in range(len(app.stack.top.focus.controls)):
        said.append(ear.spoken[-1])
        key(app, pygame.K_TAB)
        app.frame(DT)
    assert ear.spoken[0] == "New game · Télos."
    for words in ("Players: 3 players", "Player 1: Human", "Player 1, name: You", "Player 2: AI",
                  "Player 2, level: Normal", "Divine Trick: Off", "Seed: random", "Start game"):
        assert words in said, (words, said)
    assert all(text.strip() for text in said)


def test_the_hint_and_a_refusal_are_said_as_the_table_shows_them(make_app):
    app = make_app(size=(1280, 720))
    ear = listen(app)
    game = load_game("telos")
    table = show(app, open_table(app, open_session(game, SEATS["telos"], 3, None)))
    ear.table = table
    for _ in range(3000):
        if table._human_may_act() and table.bottom in table._waiting() and table.trick_area.plays:
            break
        app.frame(DT)
    key(app, pygame.K_h)
    for _ in range(200):
        app.frame(DT)
        if table.drag.notice is not None:
            break
    assert table.drag.notice is not None and table.drag.notice.text.startswith("Hint: the Normal AI would")
    app.frame(DT)
    assert ear.spoken[-1] == spoken(table.drag.notice.text)
    legal = {card for action in table.state.legal_actions(table.bottom) for card in action.cards}
    wrong = next((i for i, s in enumerate(table.drag.sprites) if s.card_id not in legal), None)
    assert wrong is not None, "seed 3 was chosen for a trick the hand cannot all follow"
    from tests.scenes.test_keys_games import choose

    choose(app, table, [table.drag.sprites[wrong].card_id])       # the arrows to it, Space, then Enter plays
    key(app, pygame.K_RETURN)
    app.frame(DT)
    notice = table.drag.notice
    assert notice is not None and not notice.advice and ear.spoken[-1] == spoken(notice.text), notice


def test_a_dialogs_line_that_goes_on_with_its_title_is_said_as_one_sentence():
    from scenes.ui.speech import screen_words

    class LastTrick:
        title = "You take the last trick"
        subtitle = "with 8 Olive: 8 points. You deal the next round."
        rows = [("You", "+8   8 / 32"), ("Ann", "0 / 32")]

    class RoundOver:
        title = "Round 2 is over"
        subtitle = "Bob went out."
        rows = [("Ann", "12"), ("Bob takes the last trick", ""), ("Ann", "+3   15")]

    assert screen_words(LastTrick()) == ("You take the last trick with 8 Olive: 8 points. You deal the next round. "
                                         "You: +8   8 / 32. Ann: 0 / 32.")
    assert screen_words(RoundOver()) == "Round 2 is over. Bob went out. Ann: 12. Bob takes the last trick. Ann: +3   15."


def test_with_speech_on_a_table_closed_for_the_title_is_freed_at_once(tmp_path, monkeypatch):
    """Speech follows the table it last saw; that must not keep a closed table alive until the next one
    opens (a table holds itself in reference cycles, and the app frees it as it leaves the stack). Python's
    own collector is off here, so only the app's release can free it."""
    import gc
    import weakref

    from game.core.engine import SeatInfo
    from game.core.session import GameSession
    from scenes.headless import HEADLESS_DT, make_headless_app

    monkeypatch.setenv("OLYMPUS_HOME", str(tmp_path))
    app = make_headless_app((800, 500))
    ear = listen(app)
    game = app.catalog.get("zeus")
    table = open_table(app, GameSession.new(game, [SeatInfo(f"P{n}", "ai:easy") for n in range(3)], {}, 1))
    app.stack.clear_to(table)
    app.apply_stack_changes()
    for _ in range(120):
        app.frame(HEADLESS_DT)
    assert ear.spoken, "speech followed nothing at the table"
    gone = weakref.ref(table)
    del table
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        app.back_to_title()
        app.frame(HEADLESS_DT)                 # the frame applies the change: the table leaves the stack
        app.frame(HEADLESS_DT)                 # and the next one frees it
        assert gone() is None, "the closed table is still alive"
    finally:
        if was_enabled:
            gc.enable()
    app.shutdown()
