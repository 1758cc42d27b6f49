#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL cluster on 127.0.0.1, then removes it.
# Usage: scripts/with-postgres.sh <command...>   (the command sees DATABASE_URL)
set -euo pipefail

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "PostgreSQL is not installed. Install it with: sudo apt-get install -y postgresql" >&2
  exit 1
fi

cluster=$(mktemp -d /tmp/bloom-pg-XXXXXX)
port=$(( 20000 + RANDOM % 20000 ))
as_pg=()
if [ "$(id -u)" = "0" ]; then
  # PostgreSQL refuses to run as root; the Debian package creates a postgres user.
  chown postgres:postgres "$cluster"
  as_pg=(runuser -u postgres --)
fi

cleanup() {
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$cluster"
}
trap cleanup EXIT

"${as_pg[@]}" "$pg_bin/initdb" -D "$cluster/data" -U bloom --auth=trust -E UTF8 --no-locale >/dev/null
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$cluster/data" -l "$cluster/log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$cluster -c fsync=on -c max_connections=200" start >/dev/null

export DATABASE_URL="postgres://bloom@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') running on 127.0.0.1:$port"
"$@"
