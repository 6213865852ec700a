"""DESIGN.md: game/ is importable and testable without pygame. Proved in a fresh interpreter
where importing pygame fails."""
from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_engine_module_imports_without_pygame() -> None:
    modules = [m.name for m in pkgutil.walk_packages([str(ROOT / "game")], prefix="game.")]
    assert "game.core.engine" in modules
    program = (
        "import sys, importlib\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'pygame' or name.startswith('pygame.'):\n"
        "            raise ImportError('pygame is blocked in this test')\n"
        "sys.meta_path.insert(0, Block())\n"
        f"for name in {modules!r}:\n"
        "    if name != 'game.__main__':\n"
        "        importlib.import_module(name)\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
