#!/usr/bin/env bash
# `tavolo loadtest` against a room of N nodes (`tavolo serve --node-id`) on one local
# PostgreSQL, on loopback (docs/scale-out.md): the same total tables over 1, 2 or 3 nodes.
#   scripts/nodes-loadtest.sh NODES [TABLES] [SECONDS] [THINK_MS]
# Uses target/release/tavolo if built (cargo build --release), else target/debug/tavolo.
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:?how many nodes}"; tables="${2:-60}"; secs="${3:-30}"; think="${4:-200}"
bin=target/release/tavolo; [ -x "$bin" ] || bin=target/debug/tavolo
[ -x "$bin" ] || { echo "build tavolo first (cargo build --release)" >&2; exit 2; }
# The nodes' metrics token (they and the load generator read it from the environment).
export TAVOLO_METRICS_TOKEN="${TAVOLO_METRICS_TOKEN:-scripts-$$}"
base="$(scripts/postgres.sh)"
hostport="${base#postgres://}"; hostport="${hostport#*@}"; hostport="${hostport%%/*}"
db="tavolo_nodes_$$"
command psql -h "${hostport%:*}" -p "${hostport#*:}" -U tavolo -Atq -d postgres -c "CREATE DATABASE $db"
url="postgres://tavolo@$hostport/$db"
pids=(); urls=()
cleanup() {
    kill "${pids[@]}" 2>/dev/null || true; wait "${pids[@]}" 2>/dev/null || true
    command psql -h "${hostport%:*}" -p "${hostport#*:}" -U tavolo -Atq -d postgres -c "DROP DATABASE IF EXISTS $db" || true
}
trap cleanup EXIT
for i in $(seq "$n"); do
    addr="127.0.0.1:$(( 20000 + ($$ + i * 7) % 20000 ))"
    "$bin" serve --db "$url" --node-id "n$i" --addr "$addr" --no-starter-tables --bot-delay-ms 0 \
        --hand-pause-ms 0 --log warn --max-tables-per-user 100000 --guests-per-hour 1000000 \
        --max-conns-per-ip 100000 >/dev/null 2>&1 &
    pids+=($!); urls+=(--url "http://$addr")
    for _ in $(seq 100); do curl -sf "http://$addr/healthz" >/dev/null && break; sleep 0.1; done
done
"$bin" loadtest "${urls[@]}" --tables "$tables" --duration "${secs}s" --think-ms "$think"
"$bin" admin nodes --db "$url"
