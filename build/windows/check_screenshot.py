"""Does a screenshot show the title menu? Used by build/ci_windows_check.sh on the Wine window.

    python build/windows/check_screenshot.py SHOT.png [--reference REF.png]

Without a reference it checks that the picture is a drawn screen, not a blank, black or white one:
many colours, no single colour covering most of it, a middle brightness. With a reference (the
title drawn headless by the same checkout, same size) it also compares the two at a coarse grid,
which a hovered button or a font's hinting does not upset but another screen, a black window or a
half-drawn one does. Prints what it measured; exit status 0 when the picture passes.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

MIN_COLOURS = 200
MAX_SHARE_OF_ONE_COLOUR = 0.6
BRIGHTNESS_RANGE = (15.0, 240.0)
GRID = (32, 18)
MAX_MEAN_DIFFERENCE = 8.0    # per channel, 0-255, over the coarse grid: the title measured 1.0, other screens 19-21


def pixels(surface: pygame.Surface, step: int = 2) -> list[tuple[int, int, int]]:
    width, height = surface.get_size()
    return [tuple(surface.get_at((x, y)))[:3] for y in range(0, height, step) for x in range(0, width, step)]


def coarse(surface: pygame.Surface) -> list[tuple[int, int, int]]:
    small = pygame.transform.smoothscale(surface.convert(24) if surface.get_bitsize() != 24 else surface, GRID)
    return pixels(small, 1)


def check(shot: Path, reference: Path | None) -> list[str]:
    picture = pygame.image.load(str(shot))
    problems: list[str] = []
    sample = pixels(picture)
    counts = Counter(sample)
    share = counts.most_common(1)[0][1] / len(sample)
    brightness = sum(sum(p) for p in sample) / (3 * len(sample))
    print(f"{shot.name}: {picture.get_width()}x{picture.get_height()}, {len(counts)} colours, "
          f"most common colour {share:.0%}, mean brightness {brightness:.0f}")
    if len(counts) < MIN_COLOURS:
        problems.append(f"only {len(counts)} colours (a drawn screen has at least {MIN_COLOURS})")
    if share > MAX_SHARE_OF_ONE_COLOUR:
        problems.append(f"one colour covers {share:.0%} of the picture")
    if not BRIGHTNESS_RANGE[0] <= brightness <= BRIGHTNESS_RANGE[1]:
        problems.append(f"mean brightness {brightness:.0f} (black or white screen)")
    if reference is not None:
        expected = pygame.image.load(str(reference))
        if expected.get_size() != picture.get_size():
            problems.append(f"size {picture.get_size()} differs from the reference {expected.get_size()}")
        else:
            ours, theirs = coarse(picture), coarse(expected)
            difference = sum(abs(a - b) for p, q in zip(ours, theirs) for a, b in zip(p, q)) / (3 * len(ours))
            print(f"mean difference from {reference.name} on a {GRID[0]}x{GRID[1]} grid: {difference:.1f}")
            if difference > MAX_MEAN_DIFFERENCE:
                problems.append(f"differs from the reference by {difference:.1f} (at most {MAX_MEAN_DIFFERENCE})")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shot", type=Path)
    parser.add_argument("--reference", type=Path)
    args = parser.parse_args(argv)
    problems = check(args.shot, args.reference)
    for problem in problems:
        print(f"check_screenshot: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
