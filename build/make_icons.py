"""Render the application icon at every size the desktops ask for, and pack the Windows/macOS files.

The PNGs, the .ico and the .icns are committed, so a build never needs this script; run it again
only after changing an SVG in assets/icons/. It needs `rsvg-convert` (Debian: librsvg2-bin) for the
PNGs; the .ico and .icns are written here directly (both formats can hold PNG images as they are),
so no imaging library is needed.

    python build/make_icons.py
"""
from __future__ import annotations

import shutil
import struct
import subprocess
import sys
from pathlib import Path

ICON_DIR = Path(__file__).resolve().parents[1] / "assets" / "icons"
ICON_NAME = "olympus-table"
SIZES = (16, 32, 48, 64, 128, 256, 512)
SMALL_SIZES = (16, 32)   # drawn from the simplified SVG: the meander and wreath would be mud
ICO_SIZES = (16, 32, 48, 64, 128, 256)
# macOS icon types that hold a PNG as it is, by pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def png_path(size: int) -> Path:
    return ICON_DIR / f"{ICON_NAME}-{size}.png"


def render_pngs() -> None:
    tool = shutil.which("rsvg-convert")
    if tool is None:
        raise SystemExit("rsvg-convert is missing: apt-get install librsvg2-bin (or keep the committed PNGs)")
    for size in SIZES:
        svg = ICON_DIR / (f"{ICON_NAME}-small.svg" if size in SMALL_SIZES else f"{ICON_NAME}.svg")
        subprocess.run([tool, "-w", str(size), "-h", str(size), str(svg), "-o", str(png_path(size))], check=True)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG file")
    return struct.unpack(">II", data[16:24])


def ico_bytes(pngs: list[bytes]) -> bytes:
    """A Windows .ico whose images are PNGs (supported since Windows Vista)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = 6 + 16 * len(pngs)
    entries, images = b"", b""
    for data in pngs:
        width, height = png_size(data)
        entries += struct.pack("<BBBBHHII", width % 256, height % 256, 0, 0, 1, 32, len(data), offset + len(images))
        images += data
    return header + entries + images


def icns_bytes(pngs_by_size: dict[int, bytes]) -> bytes:
    """A macOS .icns made of PNG-typed entries."""
    body = b""
    for size, kind in ICNS_TYPES.items():
        data = pngs_by_size[size]
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str]) -> int:
    if "--pack-only" not in argv:
        render_pngs()
    pngs = {size: png_path(size).read_bytes() for size in SIZES}
    (ICON_DIR / f"{ICON_NAME}.ico").write_bytes(ico_bytes([pngs[s] for s in ICO_SIZES]))
    (ICON_DIR / f"{ICON_NAME}.icns").write_bytes(icns_bytes(pngs))
    print(f"icons written to {ICON_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
