"""The Windows build under Wine: `platform` is kept off WMI there (Wine aborts the process on it), and
nowhere else."""
from __future__ import annotations

import platform
from types import SimpleNamespace

import pytest

from game.core.wine import avoid_wmi_under_wine, under_wine


def test_wine_is_told_from_windows_by_its_ntdll() -> None:
    assert under_wine(SimpleNamespace(wine_get_version=lambda: "9.0"))
    assert not under_wine(SimpleNamespace(NtQuerySystemInformation=lambda: 0))
    assert not under_wine(), "this machine is not Windows, so not Wine"


def test_under_wine_platform_takes_its_no_wmi_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(platform, "_wmi", object(), raising=False)
    assert not avoid_wmi_under_wine(SimpleNamespace())
    assert platform._wmi is not None, "real Windows keeps WMI"
    assert avoid_wmi_under_wine(SimpleNamespace(wine_get_version=lambda: "9.0"))
    assert platform._wmi is None
    if hasattr(platform, "_wmi_query"):       # Python 3.12+: the query now says "not supported"
        with pytest.raises(OSError):
            platform._wmi_query("OS", "Version")
