#!/usr/bin/env bash
# Makes sure a Chromium for Playwright exists. Playwright's own browser download needs a CDN this machine
# cannot reach, so we use Debian's chromium package (installed when we are root and apt works).
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then
  echo "chromium: $("$bin" --version 2>/dev/null | head -1)"
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "chromium: not found, installing Debian's chromium package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  echo "chromium: $(/usr/bin/chromium --version | head -1)"
  exit 0
fi
echo "Chromium is missing. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary, then run npm test again." >&2
exit 1
