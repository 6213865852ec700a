#!/usr/bin/env bash
# CI: the wheel runs anywhere Python does. Build it from the checkout (build/make_wheel.py), install it
# into a fresh virtual environment outside the checkout, and run `olympus-table --self-test` there from
# another folder: the program must find its code and its assets (fonts, decks, rules texts, catalogs)
# in the installed package alone. Called from .ci/run after `make test` (which created .venv).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
repo=$PWD
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

wheel=$(.venv/bin/python build/make_wheel.py --dist "$scratch/dist" | sed -n 's/^make_wheel: \(.*\.whl\) .*/\1/p')
[ -f "$wheel" ] || { echo "ci_wheel_check: no wheel was built" >&2; exit 1; }
python=$(.venv/bin/python -c 'import sys; print(sys._base_executable)')
"$python" -m venv "$scratch/venv"
"$scratch/venv/bin/python" -m pip install --quiet "$wheel"

mkdir "$scratch/elsewhere"
cd "$scratch/elsewhere"
# Not the checkout's code: the installed package's.
location=$(env -u PYTHONPATH "$scratch/venv/bin/python" -c 'import game, main; print(game.__file__)')
case "$location" in
    "$scratch/venv/"*) ;;
    *) echo "ci_wheel_check: game was imported from $location, not from the installed wheel" >&2; exit 1 ;;
esac
env -u PYTHONPATH SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy OLYMPUS_HOME="$scratch/home" \
    timeout 300 "$scratch/venv/bin/olympus-table" --self-test
# The online host and its WebSocket library come with the wheel (`host --help` imports both).
env -u PYTHONPATH OLYMPUS_HOME="$scratch/home" timeout 60 "$scratch/venv/bin/olympus-table" host --help > /dev/null
cd "$repo"
echo "ci_wheel_check: $(basename "$wheel") installed in a fresh environment and self-tested in $((SECONDS - started)) s"
