#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; they never download a browser of their own.
if [ ! -x /usr/bin/chromium ]; then
  echo "Chromium is not installed. Install it with: sudo apt-get install -y chromium" >&2
  exit 1
fi
