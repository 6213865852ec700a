"""Running the Windows build under Wine: keep the standard library off a path Wine does not have.

On Windows, Python 3.12+ asks WMI for the system's version the first time anything calls
`platform.system()`/`platform.uname()` (ifaddr does, when zeroconf loads it for online play). Its `_wmi`
module calls `propsys.VariantToString`, which Wine does not implement: Wine then aborts the whole
process instead of raising an error. Under Wine only, we tell `platform` that WMI is unavailable, the
state it is built to handle (it then reads the version from `sys.getwindowsversion()`, as it does on
Windows without WMI). On a real Windows, and on every other system, nothing changes.
"""
from __future__ import annotations

import logging
import sys
from typing import Any

log = logging.getLogger("olympus.wine")


def under_wine(ntdll: Any = None) -> bool:
    """True when this Windows is Wine (its ntdll exports `wine_get_version`, real Windows's does not)."""
    if ntdll is None:
        if sys.platform != "win32":
            return False
        import ctypes

        try:
            ntdll = ctypes.WinDLL("ntdll")
        except OSError:
            return False
    return hasattr(ntdll, "wine_get_version")


def avoid_wmi_under_wine(ntdll: Any = None) -> bool:
    """Under Wine, make `platform` take its no-WMI path; returns whether it did."""
    if not under_wine(ntdll):
        return False
    import platform

    platform._wmi = None  # type: ignore[attr-defined]  # CPython's own "WMI unavailable" state
    log.info("running under Wine: the platform module will not ask WMI")
    return True
