#!/usr/bin/env bash
# CI: build the packaged program and prove the bundle itself runs (not just the source tree).
# Called from .ci/run after `make test` (which created .venv):  bash build/ci_bundle_check.sh
# Fails on a build error, a missing archive, or a self-test of the bundle that reports a problem.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
make dist

version=$(.venv/bin/python -c 'import sys; sys.path.insert(0, "build"); import bundle_plan; print(bundle_plan.version())')
archive="dist/olympus-table-${version}-linux-$(uname -m).tar.gz"
if [ ! -s "$archive" ]; then
    echo "ci_bundle_check: $archive was not written" >&2
    exit 1
fi

# The bundle as a player gets it: unpacked from the archive, run from a folder outside the checkout,
# with a throw-away home so nothing of this machine's user folders is read or written.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tar -xzf "$archive" -C "$scratch"
executable="$scratch/olympus-table-${version}/olympus-table/olympus-table"
(cd "$scratch" && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy OLYMPUS_HOME="$scratch/home" \
    PYGAME_HIDE_SUPPORT_PROMPT=1 timeout 300 "$executable" --self-test)
# The online host travels in the bundle with its WebSocket library (imported by `host --help`).
(cd "$scratch" && OLYMPUS_HOME="$scratch/home" timeout 60 "$executable" host --help > /dev/null)
echo "ci_bundle_check: bundle built and self-tested in $((SECONDS - started)) s"
