#!/usr/bin/env bash
# The Debian packages speech needs (speech-dispatcher, its espeak-ng voice): installed when missing and
# run as root with apt (CI, a developer's machine), else the real speech test says what is missing and skips.
set -euo pipefail
if command -v spd-say >/dev/null && command -v espeak-ng >/dev/null \
        && [ -e /usr/lib/speech-dispatcher-modules/sd_espeak-ng ] && compgen -G "/usr/lib/*/speech-dispatcher/spd_alsa.so" >/dev/null; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        speech-dispatcher speech-dispatcher-audio-plugins speech-dispatcher-espeak-ng espeak-ng
else
    echo "speech_packages: speech-dispatcher and espeak-ng are missing; install them to run the real speech test" >&2
fi
