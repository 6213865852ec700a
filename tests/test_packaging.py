"""The packaged program: what the spec bundles, where the bundle finds its files, the desktop entry,
the icons and the archive. Fast: nothing here runs PyInstaller (CI builds the bundle once, in
build/ci_bundle_check.sh)."""
from __future__ import annotations

import configparser
import struct
import sys
import tarfile
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
BUILD = REPO / "build"
sys.path.insert(0, str(BUILD))

import bundle_plan  # noqa: E402
import make_archive  # noqa: E402
import make_icons  # noqa: E402

from game.core import manifest as manifests  # noqa: E402
from game.core import resources  # noqa: E402

ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)


class Recorded:
    """Stands in for one PyInstaller build step and keeps what the spec passed to it."""

    calls: dict[str, "Recorded"] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args, self.kwargs = args, kwargs
        self.pure = self.scripts = self.binaries = self.datas = ()
        Recorded.calls[type(self).__name__] = self


def run_spec(platform: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, Recorded]:
    """Execute the spec the way PyInstaller does (its build steps as globals), on a chosen platform."""
    Recorded.calls = {}
    monkeypatch.setattr(sys, "platform", platform)
    steps = {name: type(name, (Recorded,), {}) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    spec = BUILD / "olympus_table.spec"
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), {"SPECPATH": str(BUILD), **steps})
    return dict(Recorded.calls)


def png_size(path: Path) -> tuple[int, int]:
    return make_icons.png_size(path.read_bytes())


# ----- the spec ---------------------------------------------------------------------------------------------
def test_spec_builds_a_windowed_one_folder_bundle_of_main(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = run_spec("linux", monkeypatch)
    assert calls["Analysis"].args[0] == [str(REPO / "main.py")]
    assert calls["EXE"].kwargs["exclude_binaries"] is True       # one folder, not one file
    assert calls["EXE"].kwargs["console"] is False
    assert calls["COLLECT"].kwargs["name"] == "olympus-table"
    assert "BUNDLE" not in calls


def test_spec_bundles_every_assets_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    datas = run_spec("linux", monkeypatch)["Analysis"].kwargs["datas"]
    bundled = {Path(source).name: destination for source, destination in datas}
    for folder in (p for p in (REPO / "assets").iterdir() if p.is_dir()):
        assert bundled.get(folder.name) == f"assets/{folder.name}", folder.name


def test_spec_bundles_the_modules_imported_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    hidden = set(run_spec("linux", monkeypatch)["Analysis"].kwargs["hiddenimports"])
    assert {"game.catalog", "game.core.manifest", "scenes.tables", "scenes.self_test", "game.core.play"} <= hidden


def test_the_bundle_plan_collects_every_module_a_manifest_names(monkeypatch: pytest.MonkeyPatch) -> None:
    hidden = set(run_spec("linux", monkeypatch)["Analysis"].kwargs["hiddenimports"])
    registry = manifests.discover("game")
    assert registry.ids() and not registry.problems
    assert set(registry["zeus"].modules()) == {"game.zeus", "scenes.zeus.table", "scenes.zeus.art"}
    for entry in registry.manifests:
        named = {f"game.{entry.id}.manifest", *entry.modules()}
        assert named <= hidden, f"{entry.id}: {named - hidden} not bundled"


def test_the_bundle_plan_reads_what_to_collect_from_the_manifests(monkeypatch: pytest.MonkeyPatch) -> None:
    """A module a manifest names outside game/ and scenes/ is collected too: the list is the manifests'."""
    elsewhere = manifests.GameManifest(id="zeus", title="Zeus on the Loose", menu_order=1, engine="game.zeus:load_game",
                                       table="tables_elsewhere.zeus:Table")
    monkeypatch.setattr(manifests, "discover", lambda package: manifests.Registry((elsewhere,)))
    assert {"game.zeus.manifest", "game.zeus", "tables_elsewhere.zeus"} <= set(bundle_plan.app_modules())


def test_the_bundle_plan_refuses_a_broken_manifest(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = manifests.Registry((), {"elios": "game/elios/manifest.py is broken: title must be a non-empty text"})
    monkeypatch.setattr(manifests, "discover", lambda package: broken)
    with pytest.raises(SystemExit, match="elios: game/elios/manifest.py is broken"):
        bundle_plan.app_modules()


def test_spec_leaves_out_tools_tests_and_tkinter(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = run_spec("linux", monkeypatch)
    excludes = set(calls["Analysis"].kwargs["excludes"])
    assert {"tkinter", "numpy", "pytest", "PyInstaller", "pygame.tests", "pygame.examples"} <= excludes
    hidden = calls["Analysis"].kwargs["hiddenimports"]
    assert not [m for m in hidden if m.split(".")[0] in excludes or m in excludes]


def test_spec_on_windows_uses_the_ico(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = run_spec("win32", monkeypatch)
    assert calls["EXE"].kwargs["icon"].endswith("olympus-table.ico")
    assert calls["EXE"].kwargs["console"] is False


def test_spec_on_macos_makes_an_app_with_the_icns(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = run_spec("darwin", monkeypatch)
    assert calls["BUNDLE"].kwargs["name"] == "Olympus Table.app"
    assert calls["BUNDLE"].kwargs["icon"].endswith("olympus-table.icns")
    assert calls["BUNDLE"].kwargs["version"] == bundle_plan.version()


def test_version_comes_from_pyproject() -> None:
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert f'version = "{bundle_plan.version()}"' in text
    assert bundle_plan.archive_name() == f"olympus-table-{bundle_plan.version()}-linux-x86_64"


# ----- where the bundle finds its files ------------------------------------------------------------------
def test_asset_path_finds_every_assets_folder_from_source() -> None:
    for folder in (p for p in (REPO / "assets").iterdir() if p.is_dir()):
        assert resources.asset_path(folder.name).is_dir()
    assert resources.asset_path("fonts", "DejaVuSans.ttf").is_file()


def test_asset_path_in_a_one_folder_bundle_is_where_the_spec_puts_the_data(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # PyInstaller 6 one-folder layout: <dist>/olympus-table/_internal is sys._MEIPASS.
    internal = tmp_path / "olympus-table" / "_internal"
    monkeypatch.setattr(sys, "_MEIPASS", str(internal), raising=False)
    for source, destination in bundle_plan.asset_datas():
        name = Path(source).name
        expected = internal / destination / name if Path(source).is_file() else internal / destination
        assert resources.asset_path(name) == expected


# ----- Linux desktop entry and icons -------------------------------------------------------------------------
def test_desktop_entry_has_the_required_keys() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment]   # keys are case-sensitive
    parser.read(BUILD / "linux" / "olympus-table.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Olympus Table"
    assert entry["Exec"] == "olympus-table"
    assert entry["Icon"] == "olympus-table"
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")
    assert entry["Categories"].endswith(";")


@pytest.mark.parametrize("size", ICON_SIZES)
def test_icon_png_is_square_at_its_size(size: int) -> None:
    assert png_size(REPO / "assets" / "icons" / f"olympus-table-{size}.png") == (size, size)


def test_windows_ico_holds_every_size() -> None:
    data = (REPO / "assets" / "icons" / "olympus-table.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        width, height, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        assert make_icons.png_size(data[offset:offset + length]) == (width or 256, height or 256)
        sizes.append(width or 256)
    assert sorted(sizes) == list(make_icons.ICO_SIZES)


def test_macos_icns_holds_the_png_sizes() -> None:
    data = (REPO / "assets" / "icons" / "olympus-table.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    found, at = {}, 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack(">I", data[at + 4:at + 8])[0]
        found[kind] = make_icons.png_size(data[at + 8:at + length])[0]
        at += length
    assert found == {kind: size for size, kind in make_icons.ICNS_TYPES.items()}


def test_icon_svg_uses_the_table_colours() -> None:
    svg = (REPO / "assets" / "icons" / "olympus-table.svg").read_text(encoding="utf-8")
    for colour in ("#c46234", "#1c1612", "#f4e9d2", "#e6b83c"):   # terracotta, ink, cream, gold
        assert colour in svg


# ----- the archive ------------------------------------------------------------------------------------------------
def fake_bundle(root: Path) -> Path:
    bundle = root / "olympus-table"
    (bundle / "_internal" / "assets" / "fonts").mkdir(parents=True)
    executable = bundle / "olympus-table"
    executable.write_text("#!/bin/sh\n")
    executable.chmod(0o755)
    (bundle / "_internal" / "assets" / "fonts" / "a.ttf").write_bytes(b"font")
    return bundle


def test_archive_holds_bundle_desktop_entry_icons_and_install_text(tmp_path: Path) -> None:
    bundle = fake_bundle(tmp_path)
    target = tmp_path / "out.tar.gz"
    make_archive.write_archive(bundle, target, top="olympus-table-9.9", mtime=0)
    with tarfile.open(target) as tar:
        members = {m.name: m for m in tar.getmembers()}
    top = "olympus-table-9.9"
    assert members[f"{top}/olympus-table/olympus-table"].mode == 0o755
    assert f"{top}/olympus-table/_internal/assets/fonts/a.ttf" in members
    for name in ("olympus-table.desktop", "INSTALL.txt", "icons/hicolor/scalable/apps/olympus-table.svg"):
        assert f"{top}/{name}" in members
    assert members[f"{top}/install.sh"].mode == 0o755
    for size in ICON_SIZES:
        assert f"{top}/icons/hicolor/{size}x{size}/apps/olympus-table.png" in members


def test_archive_is_the_same_when_packed_twice(tmp_path: Path) -> None:
    bundle = fake_bundle(tmp_path)
    make_archive.write_archive(bundle, tmp_path / "a.tar.gz", top="t", mtime=1_700_000_000)
    make_archive.write_archive(bundle, tmp_path / "b.tar.gz", top="t", mtime=1_700_000_000)
    assert (tmp_path / "a.tar.gz").read_bytes() == (tmp_path / "b.tar.gz").read_bytes()


def test_folder_size_counts_a_linked_library_once(tmp_path: Path) -> None:
    (tmp_path / "lib.so").write_bytes(b"x" * 1000)
    (tmp_path / "link.so").symlink_to(tmp_path / "lib.so")
    assert bundle_plan.folder_bytes(tmp_path) == 1000


# ----- the Makefile targets -----------------------------------------------------------------------------------------
def test_make_dist_builds_from_the_venv_after_the_install_stamp() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert "\ndist: $(STAMP)\n" in makefile
    assert "$(VENV)/bin/pyinstaller" in makefile and "build/olympus_table.spec" in makefile
    assert "\nstartup-bench: dist\n" in makefile


def test_spec_on_linux_gives_the_executable_no_icon(monkeypatch: pytest.MonkeyPatch) -> None:
    # PyInstaller ignores it there with a warning; the desktop entry names the icon instead.
    assert run_spec("linux", monkeypatch)["EXE"].kwargs["icon"] is None
