#!/bin/sh
# Install Olympus Table for the current user (no root needed), from the unpacked archive:
#   ./install.sh              installs into ~/.local (program, menu entry, icons, `olympus-table` command)
#   ./install.sh --uninstall  removes exactly what it installed (your settings and saved games stay)
# PREFIX=/some/where ./install.sh installs under another prefix instead of ~/.local.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
PREFIX=${PREFIX:-"$HOME/.local"}
APP_DIR="$PREFIX/opt/olympus-table"
BIN_LINK="$PREFIX/bin/olympus-table"
DESKTOP_FILE="$PREFIX/share/applications/olympus-table.desktop"
ICON_ROOT="$PREFIX/share/icons/hicolor"

refresh_caches() {
    command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$PREFIX/share/applications" || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$ICON_ROOT" || true
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$APP_DIR"
    rm -f "$BIN_LINK" "$DESKTOP_FILE"
    for icon in "$ICON_ROOT"/*/apps/olympus-table.png "$ICON_ROOT"/scalable/apps/olympus-table.svg; do
        rm -f "$icon"
    done
    refresh_caches
    echo "Olympus Table removed from $PREFIX (settings and saved games are kept)."
    exit 0
fi

if [ ! -x "$HERE/olympus-table/olympus-table" ]; then
    echo "install.sh: run me from the unpacked archive (olympus-table/olympus-table is missing next to me)" >&2
    exit 1
fi

mkdir -p "$PREFIX/opt" "$PREFIX/bin" "$PREFIX/share/applications"
rm -rf "$APP_DIR.new"
cp -R "$HERE/olympus-table" "$APP_DIR.new"
rm -rf "$APP_DIR"
mv "$APP_DIR.new" "$APP_DIR"
ln -sf "$APP_DIR/olympus-table" "$BIN_LINK"

# The menu entry names the program by its full path, so it starts even when ~/.local/bin is not on PATH.
sed -e "s|^Exec=.*|Exec=\"$APP_DIR/olympus-table\"|" -e "s|^TryExec=.*|TryExec=$APP_DIR/olympus-table|" \
    "$HERE/olympus-table.desktop" > "$DESKTOP_FILE"
chmod 644 "$DESKTOP_FILE"

(cd "$HERE/icons/hicolor" && find . -type f) | while read -r icon; do
    mkdir -p "$ICON_ROOT/$(dirname "$icon")"
    cp "$HERE/icons/hicolor/$icon" "$ICON_ROOT/$icon"
done
refresh_caches
echo "Olympus Table installed in $APP_DIR; start it from your menu or with: $BIN_LINK"
