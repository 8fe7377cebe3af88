#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server for the test suite and prints its URL on stdout:
#   export TAVOLO_TEST_DATABASE_URL=$(scripts/postgres.sh)
# Installs Debian's postgresql package when the server binaries are missing. The server runs
# as the `postgres` user on 127.0.0.1:${TAVOLO_PG_PORT:-55432} with its data in /tmp; it is
# reused if it is already running. Stop it with: scripts/postgres.sh stop
set -euo pipefail
port="${TAVOLO_PG_PORT:-55432}"
data="/tmp/tavolo-pg-$port"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "installing postgresql (Debian package)…" >&2
    export DEBIAN_FRONTEND=noninteractive
    (apt-get update -qq && apt-get install -y -qq postgresql) >&2
    bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
fi
as_pg() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "${1:-}" = stop ]; then
    as_pg "$bin/pg_ctl" -D "$data" -m fast stop >&2 || true
    exit 0
fi
if ! as_pg "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
    if [ ! -f "$data/PG_VERSION" ]; then
        mkdir -p "$data"
        [ "$(id -u)" = 0 ] && chown postgres "$data"
        as_pg "$bin/initdb" -D "$data" -U tavolo --auth=trust -E UTF8 >/dev/null
    fi
    as_pg "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w \
        -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >&2
fi
echo "postgres://tavolo@127.0.0.1:$port/postgres"
