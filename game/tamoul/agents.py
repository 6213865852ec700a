"""Tamoul AI levels (filled in below the engine; `random` comes from the core)."""
from __future__ import annotations

from typing import Any, Callable

AGENT_LEVELS: dict[str, Callable[[], Any]] = {}
