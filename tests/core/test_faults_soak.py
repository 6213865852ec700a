"""`python -m game soak-faults` runs the reliability probes in bulk and ends with one line of JSON; the suite
runs a fast sample of it (each kind of fault also has its own test in tests/core/test_faults_*.py)."""
from __future__ import annotations

import json

import pytest

from game.__main__ import main


def test_the_soak_command_prints_its_figures_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, group in ((["--group", "names"], "names"), (["--group", "yaml", "--match", "zeus"], "yaml")):
        status = main(["soak-faults", *argv])
        summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        assert status == 0 and summary["failed"] == []
        assert summary["groups"][group]["probes"] >= 10 and summary["held"] == summary["probes"]


def test_a_probe_that_does_not_hold_is_named_and_fails_the_run(capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core import fault_probes

    def broken():
        yield "broken/always", lambda home: "it went wrong"

    monkeypatch.setitem(fault_probes.GROUPS, "broken", broken)
    assert main(["soak-faults", "--group", "broken"]) == 1
    out = capsys.readouterr().out
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["failed"] == [{"probe": "broken/always", "what_happened": "it went wrong"}]
    assert "did not hold: broken/always: it went wrong" in out


def test_an_unknown_group_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["soak-faults", "--group", "nope"]) == 2
    assert "no probe group nope" in capsys.readouterr().err
