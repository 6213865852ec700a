"""Pack the one-folder bundle that PyInstaller left in dist/ into the Linux download.

    dist/olympus-table-<version>-linux-x86_64.tar.gz
      olympus-table-<version>/olympus-table/          the bundle (executable + _internal/)
      olympus-table-<version>/olympus-table.desktop   the menu entry
      olympus-table-<version>/icons/hicolor/…         the icon at every size, in the theme layout
      olympus-table-<version>/install.sh, INSTALL.txt

Entries are sorted, owned by root and stamped with one time, so the same bundle packs the same way.
Windows and macOS builds are zipped by hand (docs/packaging.md).
"""
from __future__ import annotations

import gzip
import platform
import sys
import tarfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bundle_plan as plan  # noqa: E402

DIST = plan.REPO_ROOT / "dist"
LINUX_DIR = Path(__file__).resolve().parent / "linux"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)
EXECUTABLE_MODE = 0o755
FILE_MODE = 0o644


def platform_tag() -> str:
    machine = platform.machine().lower() or "unknown"
    return f"linux-{'x86_64' if machine in ('amd64', 'x86_64') else machine}"


def archive_members(bundle: Path) -> list[tuple[Path, str]]:
    """(file on disk, path inside the top folder) for everything the archive holds."""
    members: list[tuple[Path, str]] = []
    for path in sorted(bundle.rglob("*")):
        if path.is_file() or path.is_symlink():
            members.append((path, f"{plan.APP_NAME}/{path.relative_to(bundle).as_posix()}"))
    members.append((LINUX_DIR / "olympus-table.desktop", "olympus-table.desktop"))
    members.append((LINUX_DIR / "install.sh", "install.sh"))
    members.append((LINUX_DIR / "INSTALL.txt", "INSTALL.txt"))
    icons = plan.ASSETS / "icons"
    for size in ICON_SIZES:
        members.append((icons / f"olympus-table-{size}.png", f"icons/hicolor/{size}x{size}/apps/olympus-table.png"))
    members.append((icons / "olympus-table.svg", "icons/hicolor/scalable/apps/olympus-table.svg"))
    return members


def _is_executable(path: Path) -> bool:
    return bool(path.stat().st_mode & 0o111)


def write_archive(bundle: Path, target: Path, top: str, mtime: float) -> None:
    # No file name in the gzip header, and one time stamp: only the content decides the bytes.
    with target.open("wb") as file, \
            gzip.GzipFile(filename="", mode="wb", fileobj=file, compresslevel=6, mtime=int(mtime)) as raw, \
            tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for source, inside in archive_members(bundle):
            info = tar.gettarinfo(str(source), arcname=f"{top}/{inside}")
            info.uid = info.gid = 0
            info.uname = info.gname = "root"
            info.mtime = int(mtime)
            if info.isreg():
                info.mode = EXECUTABLE_MODE if _is_executable(source) else FILE_MODE
                with source.open("rb") as handle:
                    tar.addfile(info, handle)
            else:
                tar.addfile(info)


def main() -> int:
    if not sys.platform.startswith("linux"):
        print("make_archive.py packs the Linux build; see docs/packaging.md for Windows and macOS", file=sys.stderr)
        return 2
    bundle = DIST / plan.APP_NAME
    executable = bundle / plan.APP_NAME
    if not executable.is_file():
        print(f"no bundle at {bundle}: run PyInstaller first (make dist)", file=sys.stderr)
        return 1
    name = plan.archive_name(platform_tag())
    target = DIST / f"{name}.tar.gz"
    write_archive(bundle, target, top=f"{plan.APP_NAME}-{plan.version()}", mtime=executable.stat().st_mtime)
    unpacked = plan.folder_bytes(bundle)
    print(f"{target.relative_to(plan.REPO_ROOT)}: {target.stat().st_size / 2**20:.1f} MB "
          f"(bundle folder {unpacked / 2**20:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
