"""Where spoken lines go: each computer's own speech engine, or a list (tests).

- Linux: speech-dispatcher, through its own client `spd-say` (every desktop's screen reader, Orca, speaks
  through the same service, and espeak-ng is its usual voice).
- macOS: the system voice, through the `say` program that comes with every macOS. It speaks with the voice
  chosen in System Settings → Accessibility → Spoken Content (its rate too), the voice a VoiceOver user has
  set up; it speaks beside a running VoiceOver, not through its queue. Why not NSSpeechSynthesizer through
  pyobjc: it would add pyobjc-core and pyobjc-framework-Cocoa (native wheels, built per macOS and Python, for
  one class) to the packaged build, and Apple marks NSSpeechSynthesizer deprecated in favour of
  AVSpeechSynthesizer; `say` needs no package and works the same from source and from the bundle. Why not
  VoiceOver's own queue (AppleScript `tell application "VoiceOver" to output`, as accessible_output2 does):
  VoiceOver answers it only when the player has ticked "Allow VoiceOver to be controlled with AppleScript",
  the command starts VoiceOver for a player who does not use it, and accessible_output2 notes that its
  silencing comes too late to stop VoiceOver. Ending a `say` process stops its sound (accessible_output2's
  own `say` output silences that way, though for every `say` on the computer; we end only our own).
- Windows: the voice built into Windows (SAPI 5), through `comtypes` (a pure-Python COM library that needs
  only ctypes, so the embedded runtime of the Windows build takes it).

Every back end keeps the same discipline: news (a move's line, a screen's title) are said in order and never
cut; focus and readings (`interrupt`) say only the latest: a new one cuts an older one, but waits behind news.
Nothing waits for an engine on the game's own thread.
"""
from __future__ import annotations

import logging
import subprocess
import threading
import time
from abc import ABC, abstractmethod
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Protocol

from scenes.ui.i18n import current_language

log = logging.getLogger("olympus")


class SpeechBackend(Protocol):
    """Where spoken text goes: a real engine, or a list (tests)."""

    def speak(self, text: str, interrupt: bool) -> None: ...

    def close(self) -> None: ...


@dataclass
class RecordingBackend:
    """Keeps what would have been said (tests, and a run without any engine)."""

    spoken: list[str] = field(default_factory=list)
    interrupts: list[bool] = field(default_factory=list)

    def speak(self, text: str, interrupt: bool) -> None:
        self.spoken.append(text)
        self.interrupts.append(interrupt)

    def close(self) -> None:
        pass


@dataclass
class Line:
    """One line for a speech program: the command that says it, the text it reads on its standard input
    (None: the text is in the command), and whether it is focus or a reading (only the latest counts)."""

    command: list[str]
    stdin: str | None
    interrupt: bool


class OneProgramAtATime(ABC):
    """A speech program run once per line, one after another, by a thread of its own.

    Two programs started together reach the engine in either order (a real-window session heard "Your turn"
    before the move that led to it), so each waits for the one before to end. One that has not ended after
    `_seconds(line)` (the engine hangs: no sound device, a voice stuck) is ended, said once in the log, and
    at most `MAX_WAITING` lines wait behind it, later ones dropped. `speak` only queues, so nothing waits for
    the program on the game's own thread; closing ends the one running and never blocks the program's exit.
    """

    MAX_WAITING = 6
    ENGINE = "the speech engine"        # in the log's words

    def __init__(self, program: str, environment: dict[str, str] | None = None) -> None:
        self.program = program
        self.environment = environment
        self.waiting: deque[Line] = deque()
        self.running: list[subprocess.Popen] = []       # the program saying its line now (none or one)
        self.running_line: Line | None = None          # the line of the program running or starting
        self._cut = False           # the running line is to be ended (a newer focus line takes its place)
        self.dropped = 0
        self.slow = False           # a program had to be ended: said once in the log
        self._changed = threading.Condition()
        self._closed = False
        self._thread: threading.Thread | None = None

    @abstractmethod
    def _line(self, text: str, interrupt: bool) -> Line:
        """The line as this program is given it (its command and how it is cut short)."""

    @abstractmethod
    def _seconds(self, line: Line) -> float:
        """How long the program may take with `line` before it is taken for hung."""

    def _make_way(self, line: Line) -> None:
        """Before `line` is queued (the lock held): what it replaces. Nothing here; see `SayBackend`."""

    def speak(self, text: str, interrupt: bool) -> None:
        line = self._line(text, interrupt)
        with self._changed:
            if self._closed:
                return
            self._make_way(line)
            if len(self.waiting) >= self.MAX_WAITING:
                if self.dropped == 0:
                    log.warning("speech: %s does not answer; lines are dropped until it does", self.ENGINE)
                self.dropped += 1
                return
            self.dropped = 0
            self.waiting.append(line)
            self._changed.notify_all()
        if self._thread is None:
            self._thread = threading.Thread(target=self._hand_over, name="speech", daemon=True)
            self._thread.start()

    def _hand_over(self) -> None:
        """The lines, one after another, each program given `_seconds` to end."""
        while True:
            with self._changed:
                while not self.waiting and not self._closed:
                    self._changed.wait()
                if self._closed:
                    return
                line = self.waiting.popleft()
                self.running_line, self._cut = line, False
            try:        # started without the lock: `speak` never waits while a process starts (up to 50 ms)
                process = subprocess.Popen(
                    line.command, stdin=subprocess.DEVNULL if line.stdin is None else subprocess.PIPE,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=self.environment)
            except OSError as exc:     # removed while we run: say it in the log, speak nothing
                log.warning("speech: %s could not be started (%s)", self.program, exc)
                with self._changed:
                    self.running_line = None
                    self._changed.notify_all()
                continue
            with self._changed:
                self.running = [process]
                stop = self._closed or self._cut        # closed, or cut, while it was starting
            if stop:
                process.terminate()
            if line.stdin is not None and process.stdin is not None:
                try:
                    process.stdin.write(line.stdin.encode("utf-8"))
                except OSError:             # cut (or failed) before it had read its line
                    pass
                try:
                    process.stdin.close()
                except OSError:
                    pass
            try:
                process.wait(self._seconds(line))
            except subprocess.TimeoutExpired:
                if not self.slow:
                    log.warning("speech: %s does not answer; its client was ended", self.ENGINE)
                self.slow = True
                process.kill()
                process.wait()
            with self._changed:
                self.running, self.running_line = [], None
                self._changed.notify_all()

    def wait(self, timeout: float = 10.0) -> None:
        """Until every line handed over has been passed on (tests)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while (self.waiting or self.running_line is not None) and time.monotonic() < deadline:
                self._changed.wait(max(0.0, deadline - time.monotonic()))

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self.waiting.clear()
            running = list(self.running)
            self._changed.notify_all()
        for process in running:
            if process.poll() is None:
                process.terminate()
        for process in running:
            try:
                process.wait(0.5)
            except subprocess.TimeoutExpired:
                process.kill()


class SpeechDispatcherBackend(OneProgramAtATime):
    """Linux: speech-dispatcher through its own client program, one short process per line.

    Game news and screen titles go at "message" priority (queued, in order, never dropped); focus and
    readings at "text" priority, which speaks only the latest and waits behind messages, so moving quickly
    through a menu does not pile up words and never cuts a title or a move. A client normally hands its
    line over and ends at once, so one still running after `client_seconds` is taken for hung."""

    ENGINE = "speech-dispatcher"

    def __init__(self, program: str, environment: dict[str, str] | None = None, options: tuple[str, ...] = (),
                 client_seconds: float = 5.0) -> None:
        super().__init__(program, environment)
        self.options = options      # more of the client's options (a test waits for each line: "--wait")
        self.client_seconds = client_seconds

    def _line(self, text: str, interrupt: bool) -> Line:
        return Line([self.program, "--application-name", "olympus-table", "--language", current_language(),
                     "--priority", "text" if interrupt else "message", *self.options, "--", text], None, interrupt)

    def _seconds(self, line: Line) -> float:
        return self.client_seconds


class SayBackend(OneProgramAtATime):
    """macOS: the system voice through `say`, one process per line, which ends when its line has been said.

    The line goes on `say`'s standard input (`-f -`), so no text is ever read as one of its options. News
    wait for the line before to end, so they are said in order and never cut. Focus and readings say only
    the latest, as speech-dispatcher's "text" priority does: a new one takes the place of any still
    waiting and ends one being said (its `say` is terminated, which stops its sound), but never cuts news:
    it waits behind them. A line still running after `_seconds` (well past the time the slowest voice
    rate would take) is taken for hung. The voice and its rate are the player's, from System Settings;
    the program's language does not choose it."""

    ENGINE = "the macOS voice"
    SECONDS_PER_CHARACTER = 0.2     # 5 characters a second: about a third of the default rate

    def _line(self, text: str, interrupt: bool) -> Line:
        return Line([self.program, "-f", "-"], text, interrupt)

    def _seconds(self, line: Line) -> float:
        return 5.0 + self.SECONDS_PER_CHARACTER * len(line.stdin or "")

    def _make_way(self, line: Line) -> None:
        if not line.interrupt:
            return
        self.waiting = deque(waiting for waiting in self.waiting if not waiting.interrupt)
        if self.running_line is not None and self.running_line.interrupt:
            self._cut = True            # ended as soon as it has started, if it is still starting
            for process in self.running:
                if process.poll() is None:
                    process.terminate()


class SapiBackend:
    """Windows: the voice built into Windows (SAPI 5's SpVoice), through comtypes, asynchronously.

    News are queued in order. Focus and readings purge what is queued, so moving quickly through a menu
    says only the latest, except while a line of news is still being said or waits: then they queue
    behind it, so they never cut a title or a move (speech-dispatcher's "message" and "text")."""

    ASYNC, PURGE = 1, 2         # SpeechVoiceSpeakFlags: SVSFlagsAsync, SVSFPurgeBeforeSpeak
    SPEAKING = 2                # SpeechRunState: SRSEIsSpeaking

    def __init__(self, voice: Any) -> None:
        self.voice = voice
        self.last_news: int | None = None       # the stream number SAPI gave the latest line of news
        self.failed = False

    @classmethod
    def create(cls) -> "SapiBackend | None":
        """The default Windows voice, or None (said in the log) when Windows has none to give."""
        try:
            import comtypes.client  # type: ignore[import-not-found]

            return cls(comtypes.client.CreateObject("SAPI.SpVoice", dynamic=True))
        except Exception as exc:       # no SAPI, a broken voice: the game plays on without speech
            log.warning("speech: the Windows voice could not be started (%s)", exc)
            return None

    def _news_pending(self) -> bool:
        if self.last_news is None:
            return False
        status = self.voice.Status
        return status.RunningState == self.SPEAKING and status.CurrentStreamNumber <= self.last_news

    def speak(self, text: str, interrupt: bool) -> None:
        try:
            flags = self.ASYNC | (self.PURGE if interrupt and not self._news_pending() else 0)
            number = self.voice.Speak(text, flags)
            if not interrupt:
                self.last_news = int(number)
        except Exception as exc:
            if not self.failed:
                log.warning("speech: the Windows voice failed (%s)", exc)
            self.failed = True

    def close(self) -> None:
        try:
            self.voice.Speak("", self.ASYNC | self.PURGE)      # silence at once; nothing waits for the voice
        except Exception:
            pass
