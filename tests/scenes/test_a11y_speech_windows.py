"""Speech on Windows (scenes/ui/speech.py `SapiBackend`): the Windows voice (SAPI 5's SpVoice) reached
through comtypes, tested here with a fake voice in place of comtypes (the suite runs on Linux): which
engine is found and said in words, news queued in order, focus purging only when no news is still being
said, a voice that fails or cannot be made logged once and never stopping the game."""
from __future__ import annotations

import sys
import types
from dataclasses import dataclass, field

import pytest

from scenes.ui import speech
from scenes.ui.speech import SapiBackend, Speaker, find_engine


@dataclass
class FakeStatus:
    RunningState: int = 1           # SRSEDone
    CurrentStreamNumber: int = 0


@dataclass
class FakeVoice:
    """SpVoice as comtypes' dynamic dispatch shows it: Speak(text, flags) -> stream number, Status."""

    said: list[tuple[str, int]] = field(default_factory=list)
    Status: FakeStatus = field(default_factory=FakeStatus)
    broken: bool = False

    def Speak(self, text: str, flags: int) -> int:
        if self.broken:
            raise OSError("-2147200966, the voice is gone")
        self.said.append((text, flags))
        return len(self.said)


@pytest.fixture(autouse=True)
def english():
    from scenes.ui import i18n

    i18n.set_language("en")


@pytest.fixture
def on_windows(monkeypatch):
    """sys.platform as on Windows, and a fake `comtypes.client` whose CreateObject makes a FakeVoice."""
    made: list[tuple[str, bool, FakeVoice]] = []

    def create_object(progid: str, dynamic: bool = False) -> FakeVoice:
        voice = FakeVoice()
        made.append((progid, dynamic, voice))
        return voice

    comtypes = types.ModuleType("comtypes")
    client = types.ModuleType("comtypes.client")
    client.CreateObject = create_object
    comtypes.client = client
    comtypes.__spec__ = types.SimpleNamespace(name="comtypes")
    monkeypatch.setitem(sys.modules, "comtypes", comtypes)
    monkeypatch.setitem(sys.modules, "comtypes.client", client)
    monkeypatch.setattr(speech.importlib.util, "find_spec", lambda name: object() if name == "comtypes" else None)
    monkeypatch.setattr(speech.sys, "platform", "win32")
    return made


def test_on_windows_the_windows_voice_is_found_and_speaks_through_comtypes(on_windows):
    make, words = find_engine()
    assert make is not None and words == "the Windows voice"
    speaker = Speaker()
    speaker.enabled = True
    speaker.say("Ann plays 7♥")
    assert len(on_windows) == 1
    progid, dynamic, voice = on_windows[0]
    assert progid == "SAPI.SpVoice" and dynamic       # dynamic dispatch: no code generated, nothing written
    assert voice.said == [("Ann plays 7 of hearts", SapiBackend.ASYNC)]
    speaker.close()
    assert voice.said[-1] == ("", SapiBackend.ASYNC | SapiBackend.PURGE)


def test_news_queue_and_focus_purges_only_when_no_news_is_still_said():
    voice = FakeVoice()
    backend = SapiBackend(voice)
    backend.speak("Settings", interrupt=False)               # a screen's title: queued
    voice.Status = FakeStatus(RunningState=2, CurrentStreamNumber=1)
    backend.speak("Sound volume: 70%", interrupt=True)       # the title is still being said: queued behind it
    assert voice.said[-1] == ("Sound volume: 70%", SapiBackend.ASYNC)
    voice.Status = FakeStatus(RunningState=2, CurrentStreamNumber=2)
    backend.speak("Music: Off", interrupt=True)              # only focus is being said: the latest replaces it
    assert voice.said[-1] == ("Music: Off", SapiBackend.ASYNC | SapiBackend.PURGE)
    backend.speak("Bob plays 8", interrupt=False)            # news never purge
    assert voice.said[-1] == ("Bob plays 8", SapiBackend.ASYNC)
    voice.Status = FakeStatus(RunningState=1, CurrentStreamNumber=4)
    backend.speak("Hermes", interrupt=True)                   # done speaking: purge is harmless
    assert voice.said[-1] == ("Hermes", SapiBackend.ASYNC | SapiBackend.PURGE)


def test_a_voice_that_fails_is_logged_once_and_a_missing_one_means_silence(on_windows, caplog, monkeypatch):
    voice = FakeVoice(broken=True)
    backend = SapiBackend(voice)
    backend.speak("one", interrupt=False)
    backend.speak("two", interrupt=True)
    assert sum("Windows voice failed" in r.getMessage() for r in caplog.records) == 1

    def no_voice(progid: str, dynamic: bool = False):
        raise OSError("Class not registered")

    monkeypatch.setattr(sys.modules["comtypes.client"], "CreateObject", no_voice)
    speaker = Speaker()
    speaker.enabled = True
    speaker.say("Your turn.")                                # nothing spoken, nothing raised
    assert speaker.backend is None
    assert any("could not be started" in r.getMessage() for r in caplog.records)


def test_without_comtypes_or_on_another_system_the_row_says_why_in_words(monkeypatch):
    monkeypatch.setattr(speech.sys, "platform", "win32")
    monkeypatch.setattr(speech.importlib.util, "find_spec", lambda name: None)
    assert find_engine() == (None, "Install the Python package comtypes to hear the game.")
    monkeypatch.setattr(speech.sys, "platform", "freebsd14")
    assert find_engine() == (None, "This version speaks on Linux, macOS and Windows only.")
