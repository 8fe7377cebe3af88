#!/usr/bin/env bash
# The single-node load test with the room and the load generator in two processes (12,000
# connections at 2,000 tables are more than one process may open here): one `tavolo serve` on a
# fresh SQLite file, then `tavolo loadtest --url` against it; prints the load test's JSON.
#   scripts/loadtest.sh [TABLES] [SECONDS] [THINK_MS]
# Uses $TAVOLO_BIN, else target/release/tavolo (cargo build --release -p tavolo-cli).
set -euo pipefail
cd "$(dirname "$0")/.."
tables="${1:-1000}"; secs="${2:-30}"; think="${3:-200}"
bin="${TAVOLO_BIN:-target/release/tavolo}"
[ -x "$bin" ] || { echo "build tavolo first (cargo build --release -p tavolo-cli)" >&2; exit 2; }
# The room's metrics token (the room and the load generator read it from the environment).
export TAVOLO_METRICS_TOKEN="${TAVOLO_METRICS_TOKEN:-scripts-$$}"
dir="$(mktemp -d)"
port=$(( 20000 + $$ % 20000 ))
"$bin" serve --db "sqlite:$dir/room.db" --addr "127.0.0.1:$port" --no-starter-tables --log error \
    --max-tables-per-user 100000 --guests-per-hour 1000000 --max-conns-per-ip 100000 >/dev/null 2>&1 &
room=$!
trap 'kill $room 2>/dev/null; wait $room 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
"$bin" loadtest --url "http://127.0.0.1:$port" --tables "$tables" --clients-per-table 6 \
    --duration "${secs}s" --think-ms "$think"
