#!/bin/sh
# Adds PirateTable to the desktop's application menu for the current user (freedesktop.org: XDG_DATA_HOME):
# the icons at every size, the desktop entry and its AppStream metadata.
#
#   packaging/linux/install-desktop.sh [COMMAND]
#
# COMMAND is what the menu entry runs: by default the `piratetable` command on PATH, else this checkout's
# .venv/bin/piratetable (the README's set-up makes it). `--remove` takes the files away again.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
data=${XDG_DATA_HOME:-$HOME/.local/share}
id=io.github.piratetable.PirateTable
sizes="16 24 32 48 64 128 256 512"

if [ "${1:-}" = "--remove" ]; then
    for n in $sizes; do rm -f "$data/icons/hicolor/${n}x${n}/apps/piratetable.png"; done
    rm -f "$data/applications/$id.desktop" "$data/metainfo/$id.metainfo.xml"
    echo "removed PirateTable from the application menu ($data)"
    exit 0
fi

command=${1:-$(command -v piratetable || true)}
if [ -z "$command" ] && [ -x "$root/.venv/bin/piratetable" ]; then
    command="$root/.venv/bin/piratetable"
fi
if [ -z "$command" ]; then
    echo "error: no piratetable command found: install PirateTable first (README), or give the command to run" >&2
    exit 2
fi

for n in $sizes; do
    mkdir -p "$data/icons/hicolor/${n}x${n}/apps"
    cp "$root/assets/icons/piratetable-$n.png" "$data/icons/hicolor/${n}x${n}/apps/piratetable.png"
done
mkdir -p "$data/applications" "$data/metainfo"
sed "s|^Exec=.*|Exec=\"$command\"|" "$here/$id.desktop" > "$data/applications/$id.desktop"
cp "$here/$id.metainfo.xml" "$data/metainfo/$id.metainfo.xml"
echo "added PirateTable to the application menu ($data/applications/$id.desktop runs $command)"
