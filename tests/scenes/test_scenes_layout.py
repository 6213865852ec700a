"""The scenes layer keeps its four places (docs/architecture.md, "The scenes layer: four places"): each game's
table and card faces under its own folder, and no import circle running through the app."""
from __future__ import annotations

import ast
from pathlib import Path

from game.core import manifest as manifests

SCENES = Path(__file__).resolve().parents[2] / "scenes"
SHELL = {"scenes.app", "scenes.headless", "scenes.self_test"}     # they build the App; nothing below imports them


def module_name(path: Path) -> str:
    parts = path.relative_to(SCENES.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every scenes module a file imports, at the top, inside functions or under TYPE_CHECKING alike."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("scenes")}


def import_graph() -> dict[str, set[str]]:
    modules = {module_name(path): path for path in SCENES.rglob("*.py")}
    return {name: imports_of(path) & modules.keys() for name, path in modules.items()}


def test_every_registered_table_and_card_faces_live_in_their_games_folder() -> None:
    registry = manifests.discover("game")
    assert registry.ids()
    for entry in registry.manifests:
        if entry.table is None:
            continue
        assert entry.table.startswith(f"scenes.{entry.id}.table:"), entry.table
        assert entry.card_faces is not None and entry.card_faces.startswith(f"scenes.{entry.id}.art:"), entry.card_faces
        assert (SCENES / entry.id / "table.py").is_file() and (SCENES / entry.id / "art.py").is_file()


def test_no_scene_screen_table_or_kit_part_imports_the_app() -> None:
    graph = import_graph()
    importers = sorted(name for name, targets in graph.items() if "scenes.app" in targets and name not in SHELL)
    assert importers == [], f"these import scenes.app instead of asking AppServices: {importers}"


def test_no_import_circle_runs_through_the_app() -> None:
    graph = import_graph()
    reachable: set[str] = set()
    todo = list(graph["scenes.app"])
    while todo:
        name = todo.pop()
        if name not in reachable:
            reachable.add(name)
            todo.extend(graph.get(name, ()))
    assert "scenes.app" not in reachable


def test_scenes_shows_four_places_and_the_shell() -> None:
    folders = sorted(p.name for p in SCENES.iterdir() if p.is_dir() and not p.name.startswith("__"))
    games = sorted(manifests.discover("game").ids())
    assert folders == sorted([*games, "screens", "table", "ui"])
    loose = sorted(p.stem for p in SCENES.glob("*.py") if p.stem != "__init__")
    # The shell: the app (its window, settings, memory upkeep and its wait for input at rest beside it), the
    # scene stack, tables and faces found through manifests, windowless runs and the self-test.
    assert loose == ["app", "app_settings", "app_window", "card_faces", "headless", "heap", "input_wait", "scene",
                     "self_test", "tables"]
