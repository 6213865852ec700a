"""Speech on macOS (scenes/ui/speech_backends.py `SayBackend`): the system voice through the `say` program,
tested with a fake `say` on PATH that notes when it starts and ends each line (the suite runs on Linux): the
engine found on darwin and said in words, lines said in order one after another, focus cutting focus but
never news, text that looks like an option or is not ASCII passed intact, speaking never waiting for the
voice, and closing at once."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from scenes.ui import speech
from scenes.ui.speech import SayBackend, Speaker, find_engine

# A stand-in for macOS's `say -f -`: reads its line, notes "start", speaks for a while (a line naming
# "long" for 2 s), notes "end". Ended early (a line cut), it never notes "end".
FAKE_SAY = '''#!{python}
import sys, time
if sys.argv[1:] != ["-f", "-"]:
    sys.exit("say called with " + repr(sys.argv[1:]))
text = sys.stdin.buffer.read().decode("utf-8")
with open({calls!r}, "a", encoding="utf-8") as calls:
    calls.write("start " + text + "\\n")
time.sleep(2.0 if "long" in text else 0.05)
with open({calls!r}, "a", encoding="utf-8") as calls:
    calls.write("end " + text + "\\n")
'''


@pytest.fixture(autouse=True)
def english():
    from scenes.ui import i18n

    i18n.set_language("en")


@pytest.fixture
def fake_say(tmp_path, monkeypatch) -> Path:
    """A fake `say` first on PATH; returns the file it notes its calls in."""
    calls = tmp_path / "calls"
    calls.touch()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    program = bin_dir / "say"
    program.write_text(FAKE_SAY.format(python=sys.executable, calls=str(calls)))
    program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    return calls


def noted(calls: Path) -> list[str]:
    return calls.read_text(encoding="utf-8").splitlines()


def wait_for(calls: Path, line: str, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while line not in noted(calls) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert line in noted(calls), noted(calls)


def test_on_macos_the_system_voice_is_found_and_speaks_through_say(fake_say, monkeypatch):
    monkeypatch.setattr(speech.sys, "platform", "darwin")
    make, words = find_engine()
    assert make is not None and words == "the macOS voice"
    speaker = Speaker()
    speaker.enabled = True
    speaker.say("Ann plays 7♥")
    backend = speaker.backend
    assert isinstance(backend, SayBackend) and backend.program == str(fake_say.parent / "bin" / "say")
    backend.wait(10)
    assert noted(fake_say) == ["start Ann plays 7 of hearts", "end Ann plays 7 of hearts"]
    speaker.close()


def test_on_macos_without_say_the_settings_row_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr(speech.sys, "platform", "darwin")
    monkeypatch.setenv("PATH", str(tmp_path))
    make, words = find_engine()
    assert make is None and words == "The macOS voice cannot be reached: the say command is missing."


def test_lines_are_said_one_after_another_in_order_and_speaking_never_waits(fake_say):
    """Each line starts only once the one before has ended (macOS would otherwise say them over each
    other, or in either order), and handing lines over takes no time on the game's thread."""
    backend = SayBackend(str(fake_say.parent / "bin" / "say"))
    lines = ["Bob plays a long line", "-5 points for Cleo", "Hermès", "Your turn."]
    started = time.monotonic()
    for line in lines:
        backend.speak(line, interrupt=False)
    assert time.monotonic() - started < 0.5         # the first line alone speaks for 2 s
    backend.wait(20)
    assert noted(fake_say) == [f"{edge} {line}" for line in lines for edge in ("start", "end")]
    backend.close()


def test_focus_cuts_focus_but_never_news(fake_say):
    """A new focus line ends the focus line being said and takes the place of any still waiting; news is
    never cut: a focus line waits behind it, and only the latest of those waiting is said."""
    backend = SayBackend(str(fake_say.parent / "bin" / "say"))
    backend.speak("Sound volume long", interrupt=True)
    wait_for(fake_say, "start Sound volume long")
    backend.speak("Music", interrupt=True)                 # cuts the old focus
    backend.wait(10)
    assert noted(fake_say) == ["start Sound volume long", "start Music", "end Music"]

    fake_say.write_text("")
    backend.speak("Bob plays a long line", interrupt=False)
    wait_for(fake_say, "start Bob plays a long line")
    backend.speak("Hermes", interrupt=True)                # waits behind the news
    backend.speak("Zeus", interrupt=True)                  # takes its place
    backend.speak("Your turn.", interrupt=False)           # news keep their order after it
    backend.wait(10)
    assert noted(fake_say) == ["start Bob plays a long line", "end Bob plays a long line",
                               "start Zeus", "end Zeus", "start Your turn.", "end Your turn."]
    backend.close()


def test_closing_ends_the_line_being_said_at_once(fake_say):
    backend = SayBackend(str(fake_say.parent / "bin" / "say"))
    backend.speak("a long line", interrupt=False)
    backend.speak("never said", interrupt=False)
    wait_for(fake_say, "start a long line")
    processes = list(backend.running)
    started = time.monotonic()
    backend.close()
    assert time.monotonic() - started < 1.0
    assert processes and all(process.poll() is not None for process in processes)
    backend.speak("after closing", interrupt=False)
    time.sleep(0.3)
    assert noted(fake_say) == ["start a long line"]
