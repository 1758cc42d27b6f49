#!/usr/bin/env bash
# The whole test suite: typecheck, lint, unit, API on SQLite, API on PostgreSQL, browser.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

step() { printf '\n=== %s ===\n' "$1"; }

step "typecheck";             npm run --silent typecheck
step "lint";                  npm run --silent lint
step "unit tests";            npm run --silent test:unit
step "API tests (SQLite)";    npm run --silent test:api
step "API tests (PostgreSQL)"; npm run --silent test:api:pg
step "browser tests (Chromium)"; npm run --silent test:e2e
