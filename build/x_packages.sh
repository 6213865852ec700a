#!/usr/bin/env bash
# The Debian packages the real-window tests need (Xvfb, xdotool): installed when missing and run as root
# with apt (CI, a developer's machine); else those tests say what is missing and skip, and the tests that
# can drive a table by posted events instead do so (tests/scenes/xvfb_harness.py).
set -euo pipefail
if command -v Xvfb >/dev/null && command -v xdotool >/dev/null; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends xvfb xdotool
else
    echo "x_packages: Xvfb and xdotool are missing; install them to run the real-window tests" >&2
fi
