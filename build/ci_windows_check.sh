#!/usr/bin/env bash
# CI: build the Windows installer on Linux and check it as a Windows player would meet it, under Wine.
# Called from .ci/run after the Linux bundle check (make test created .venv):  bash build/ci_windows_check.sh
#
#   1. make dist-windows (installs its Debian packages when missing and run as root)
#   2. a fresh Wine prefix; the installer with /S: files, Start-menu entry, "Apps & features" entry
#   3. the installed olympus-table.exe --self-test (exit status through the launcher)
#   4. the program in a real window (Xvfb): a screenshot of the title menu must show it; while it runs,
#      the installer and the uninstaller refuse (status 2); seconds to the first title frame
#   5. bad input: a folder that cannot be written, a folder holding other files: refused, nothing lost
#   6. an upgrade (the installer again): the player's files stay, the older program files go
#   7. the uninstaller with /S: the program, its menu and registry entries go; the player's files stay
# Fails (non-zero) at the first check that does not hold, saying which.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
repo=$PWD
py=.venv/bin/python

fail() { echo "ci_windows_check: FAILED: $*" >&2; exit 1; }
step() { echo "ci_windows_check: $* ($((SECONDS - started)) s)"; }

make dist-windows
version=$($py -c 'import sys; sys.path.insert(0, "build"); import bundle_plan; print(bundle_plan.version())')
setup="$repo/dist/olympus-table-${version}-windows-x86_64-setup.exe"
portable="$repo/dist/olympus-table-${version}-windows-x86_64.zip"
[ -s "$setup" ] || fail "$setup was not written"
[ -s "$portable" ] || fail "$portable was not written"
step "built $(du -m "$setup" | cut -f1) MB installer"

# What the window check needs besides the build's own packages.
need=()
command -v Xvfb >/dev/null || need+=(xvfb)
command -v import >/dev/null || need+=(imagemagick)
command -v xdotool >/dev/null || need+=(xdotool)
if [ ${#need[@]} -gt 0 ]; then
    [ "$(id -u)" = 0 ] || fail "install these Debian packages first: ${need[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

scratch=$(mktemp -d)
xvfb_pid=
cleanup() {
    WINEPREFIX="$scratch/prefix" wineserver -k 2>/dev/null || true
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT

wine=$($py -c 'import sys; sys.path.insert(0, "build"); import make_windows; print(make_windows.wine_command())')
export WINEPREFIX="$scratch/prefix" WINEDEBUG=-all WINEARCH=win64
export WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"   # no Mono/Gecko dialogs, no menu entries here
unset DISPLAY
"$wine" wineboot -i >/dev/null 2>&1 || true
wineserver -w
user_dir="$WINEPREFIX/drive_c/users/$(id -un)"
local_dir="$user_dir/AppData/Local"
[ -d "$local_dir" ] || fail "the Wine prefix has no $local_dir"
install_dir="$local_dir/Programs/OlympusTable"
data_dir="$local_dir/OlympusTable"
shortcut="$user_dir/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Olympus Table.lnk"
uninstall_key='HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\OlympusTable'
exe="$install_dir/olympus-table.exe"
step "fresh Wine prefix"

# ----- 2. silent install ----------------------------------------------------------------------------------
"$wine" "$setup" /S || fail "the silent install exited with status $?"
wineserver -w
for f in olympus-table.exe uninstall.exe runtime/pythonw.exe runtime/python313.dll app/main.py app/assets lib/pygame; do
    [ -e "$install_dir/$f" ] || fail "the install has no $f"
done
[ -f "$shortcut" ] || fail "no Start-menu entry at $shortcut"
registry=$("$wine" reg query "$uninstall_key" 2>/dev/null | tr -d '\r') || fail "no uninstall entry $uninstall_key"
for value in DisplayName DisplayVersion Publisher EstimatedSize DisplayIcon UninstallString; do
    grep -q "^ *$value " <<<"$registry" || fail "the uninstall entry has no $value"
done
grep -q "DisplayVersion *REG_SZ *$version\$" <<<"$registry" || fail "DisplayVersion is not $version"
step "installed silently: files, Start-menu entry, Apps & features entry"

# ----- 3. self-test through the launcher -----------------------------------------------------------------
set +e
(cd "$scratch" && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout 600 "$wine" "$exe" --self-test 2>&1 | cat) \
    > "$scratch/self-test.log"
status=${PIPESTATUS[0]}
set -e
cat "$scratch/self-test.log"
[ "$status" = 0 ] || fail "olympus-table.exe --self-test exited with status $status"
grep -q "^self-test ok" "$scratch/self-test.log" || fail "the self-test did not report ok"
set +e
"$wine" "$exe" --frames 0 >/dev/null 2>&1 </dev/null
status=$?
set -e
[ "$status" = 2 ] || fail "a refused flag gave status $status through the launcher, expected 2"
step "installed program passed its self-test; exit status passes through the launcher"

# ----- 4. a real window ------------------------------------------------------------------------------------
exec 9>"$scratch/display"
Xvfb -displayfd 9 -screen 0 1280x720x24 -nolisten tcp >"$scratch/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do [ -s "$scratch/display" ] && break; sleep 0.2; done
[ -s "$scratch/display" ] || fail "Xvfb did not start"
export DISPLAY=":$(head -n1 "$scratch/display")"
(SDL_AUDIODRIVER=dummy "$wine" "$exe" 2>&1 | cat > "$scratch/window.log") &
window=
for _ in $(seq 120); do
    window=$(xdotool search --name '^Olympus Table$' 2>/dev/null | head -n1 || true)
    [ -n "$window" ] && break
    sleep 0.5
done
[ -n "$window" ] || fail "no window named Olympus Table within 60 s"
sleep 3   # the first frames
# The window opens inside the screen (a little smaller than it, room for a title bar and a task bar):
# its own picture, at its own size, is compared with the same title drawn headless at that size.
import -window "$window" "$scratch/title.png"
size=$(identify -format '%wx%h' "$scratch/title.png")
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy OLYMPUS_HOME="$scratch/linux-home" \
    $py main.py --headless --frames 5 --size "$size" --screenshot "$scratch/reference.png" >/dev/null
SDL_VIDEODRIVER=dummy $py build/windows/check_screenshot.py "$scratch/title.png" --reference "$scratch/reference.png" \
    || { mkdir -p build/out/windows; cp "$scratch/title.png" build/out/windows/title-under-wine.png
         cp "$scratch/reference.png" build/out/windows/title-reference.png
         fail "the screenshot of the window does not show the title menu (both in build/out/windows/)"; }
mkdir -p build/out/windows && cp "$scratch/title.png" build/out/windows/title-under-wine.png

set +e
"$wine" "$setup" /S; status=$?
set -e
[ "$status" = 2 ] || fail "installing over the running game gave status $status, expected 2 (refused)"
set +e
"$wine" "$install_dir/uninstall.exe" /S "_?=$("$wine" winepath -w "$install_dir" 2>/dev/null | tr -d '\r')"; status=$?
set -e
[ "$status" = 2 ] || fail "uninstalling the running game gave status $status, expected 2 (refused)"
[ -f "$exe" ] || fail "the refused uninstall removed files"
xdotool key --window "$window" Escape 2>/dev/null || true   # the title's Esc quits
for _ in $(seq 40); do xdotool search --name '^Olympus Table$' >/dev/null 2>&1 || break; sleep 0.5; done
wineserver -k || true
wineserver -w || true
step "title menu shown in a window; install and uninstall refused while it ran"
bench=$($py build/windows_startup_bench.py "$exe" --runs 5) || fail "the start-up benchmark failed"
echo "ci_windows_check: first title frame under Wine, real window: $bench"
wineserver -k || true
step "start-up measured"

# ----- 5. bad input ----------------------------------------------------------------------------------------
set +e
"$wine" "$setup" /S '/D=Z:\proc\olympus-table'; status=$?
set -e
[ "$status" = 2 ] || fail "installing into a folder that cannot be written gave status $status, expected 2"
foreign="$user_dir/Documents/Letters"
mkdir -p "$foreign" && echo "dear Zeus" > "$foreign/letter.txt"
set +e
"$wine" "$setup" /S "/D=$("$wine" winepath -w "$foreign" 2>/dev/null | tr -d '\r')"; status=$?
set -e
[ "$status" = 2 ] || fail "installing into a folder holding other files gave status $status, expected 2"
[ "$(cat "$foreign/letter.txt")" = "dear Zeus" ] || fail "the refused install touched the folder's files"
[ ! -e "$foreign/olympus-table.exe" ] || fail "the refused install wrote into a folder holding other files"
step "unwritable and foreign folders refused"

# ----- 6. upgrade --------------------------------------------------------------------------------------------
mkdir -p "$data_dir/saves"
echo '{"kept": true}' > "$data_dir/saves/ci-keep.json"
echo "stale = True" > "$install_dir/app/stale_module_of_an_older_version.py"
"$wine" "$setup" /S || fail "the upgrade exited with status $?"
wineserver -w
[ -f "$data_dir/saves/ci-keep.json" ] || fail "the upgrade lost the player's saved game"
[ ! -e "$install_dir/app/stale_module_of_an_older_version.py" ] || fail "the upgrade left an older module behind"
[ -f "$exe" ] || fail "the upgrade has no olympus-table.exe"
step "upgrade kept the player's files and replaced the program"

# ----- 7. uninstall ------------------------------------------------------------------------------------------
"$wine" "$install_dir/uninstall.exe" /S || fail "the silent uninstall exited with status $?"
wineserver -w   # the uninstaller runs from a copy of itself; wait for it
[ ! -e "$install_dir" ] || fail "the program folder is still there: $(ls "$install_dir")"
[ ! -e "$shortcut" ] || fail "the Start-menu entry is still there"
if "$wine" reg query "$uninstall_key" >/dev/null 2>&1; then fail "the uninstall entry is still there"; fi
[ -f "$data_dir/saves/ci-keep.json" ] || fail "the uninstall removed the player's saved game"
step "uninstalled: program, menu entry and registry entry gone, the player's files kept"

echo "ci_windows_check: Windows installer built and checked under Wine in $((SECONDS - started)) s"
