#!/usr/bin/env bash
# The Debian packages Qt needs to run (also offscreen), python3-venv, poppler-utils (pdftoppm draws the
# print preview pages) and chromium (tests/web drive the table page in it headless, through Playwright; never
# `playwright install`, which downloads a browser); installs them when root.
# The xcb list is every library Qt's xcb platform plugin (a desktop session) links: without icccm4 and keysyms1
# Qt aborts at start and blames xcb-cursor0 (tests/packaging/test_system_deps.py runs ldd on the plugin).
set -eu
pkgs="python3-venv libegl1 libgl1 libopengl0 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0 fonts-dejavu-core poppler-utils chromium"
pkgs="$pkgs libx11-6 libx11-xcb1 libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
  libxcb-render0 libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1 libxcb-xfixes0 libxcb-xkb1
  libxcb-glx0 libxkbcommon-x11-0 libcups2"
command -v dpkg-query >/dev/null 2>&1 || exit 0   # not Debian: nothing to check here
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
else
  echo "ClubDesk needs these Debian packages: sudo apt-get install$missing" >&2
  exit 1
fi
