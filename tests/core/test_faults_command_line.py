"""The command line under careless input: every number bounded, every empty value named, never a
traceback or runaway memory (main.py's flags and `python -m game`'s --option)."""
from __future__ import annotations

import argparse
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

import main


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The message a refused command line prints (argparse exits with status 2)."""
    with pytest.raises(SystemExit) as stopped:
        status = main.main(argv)
        raise SystemExit(status)
    assert stopped.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize("argv, words", [
    (["--seats", ""], "--seats is empty"),
    (["--game", ""], "--game is empty"),
    (["--game", "zeus", "--seats", " "], "--seats is empty"),
    (["--size", "999999999999999999999x600"], "expected WIDTHxHEIGHT"),
    (["--size", "100000x100000"], "too large"),
    (["--size", "١٢٨٠x720"], "expected WIDTHxHEIGHT"),
    (["--screenshot", ""], "file name for the PNG"),
    (["--frames", "0"], "from 1 to"),
    (["--frames", "99999999999999999999"], "from 1 to"),
    (["--seed", "-1"], "from 0 to"),
    (["--seed", "1" * 40], "from 0 to"),
    (["--replay", ""], "file name of a game record"),
])
def test_a_bad_flag_is_refused_with_what_is_expected(argv: list[str], words: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert words in refused(argv, capsys)


def test_a_folder_as_the_screenshot_is_refused(tmp_path, capsys) -> None:
    assert "is a folder" in refused(["--screenshot", str(tmp_path)], capsys)


@pytest.mark.parametrize("value", ["1e999", "-1e999", "NaN", "Infinity"])
def test_an_option_no_game_can_use_is_refused(value: str) -> None:
    with pytest.raises(main.UsageError) as caught:
        main.parse_options([f"reaction_ms={value}"])
    assert "reaction_ms" in str(caught.value)


def test_a_very_long_number_option_is_refused() -> None:
    with pytest.raises(main.UsageError):
        main.parse_options(["target=" + "9" * 10_000])


def test_the_headless_commands_refuse_an_option_no_game_can_use() -> None:
    from game.__main__ import parse_options

    with pytest.raises(SystemExit) as caught:
        parse_options(["reaction_ms=1e999"])
    assert "reaction_ms" in str(caught.value.code)


def test_sizes_within_bounds_are_taken() -> None:
    assert main.parse_size("7680x4320") == (7680, 4320)
    with pytest.raises(argparse.ArgumentTypeError):
        main.parse_size("7681x4320")
