#!/usr/bin/env bash
# Typechecks every package, one tsc per core at a time (CI's machine has 2): the longest first, so
# the two lanes end together. xargs exits non-zero when any package has an error, and tsc names
# each error's file, so interleaved output still says where.
set -euo pipefail
cd "$(dirname "$0")/.."
printf '%s\n' apps/web apps/server bench packages/contracts e2e packages/domain |
  xargs -P "$(nproc)" -n 1 node_modules/.bin/tsc -p
