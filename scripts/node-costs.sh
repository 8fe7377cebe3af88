#!/usr/bin/env bash
# Measures what one hand costs a node of a room several share (docs/scale-out.md, Capacity
# model): CPU seconds of the node, database transactions, statements' rows and WAL bytes per
# hand (and the database server's CPU), under `tavolo loadtest` against one `tavolo serve
# --node-id` on a local PostgreSQL.
#   scripts/node-costs.sh [TABLES] [SECONDS] [THINK_MS]
# Uses $TAVOLO_BIN, else target/release/tavolo if built (cargo build --release), else
# target/debug/tavolo.
set -euo pipefail
cd "$(dirname "$0")/.."
tables="${1:-50}"; secs="${2:-30}"; think="${3:-0}"
bin="${TAVOLO_BIN:-target/release/tavolo}"; [ -x "$bin" ] || bin=target/debug/tavolo
[ -x "$bin" ] || { echo "build tavolo first (cargo build --release)" >&2; exit 2; }
# The nodes' metrics token (they and the load generator read it from the environment).
export TAVOLO_METRICS_TOKEN="${TAVOLO_METRICS_TOKEN:-scripts-$$}"
base="$(scripts/postgres.sh)"
hostport="${base#postgres://}"; hostport="${hostport#*@}"; hostport="${hostport%%/*}"
host="${hostport%:*}"; port="${hostport#*:}"
db="tavolo_costs_$$"
psql() { command psql -h "$host" -p "$port" -U tavolo -Atq "$@"; }
psql -d postgres -c "CREATE DATABASE $db"
url="postgres://tavolo@$host:$port/$db"
addr="127.0.0.1:$(( 20000 + $$ % 20000 ))"
"$bin" serve --db "$url" --node-id a --addr "$addr" --no-starter-tables --bot-delay-ms 0 \
    --hand-pause-ms 0 --log warn --max-tables-per-user 100000 --guests-per-hour 1000000 \
    --max-conns-per-ip 100000 >/dev/null 2>&1 &
node=$!
trap 'kill $node 2>/dev/null; wait $node 2>/dev/null; psql -d postgres -c "DROP DATABASE IF EXISTS $db" || true' EXIT
for _ in $(seq 100); do curl -sf "http://$addr/healthz" >/dev/null && break; sleep 0.1; done
# The database server's processes (the postmaster listening on the port, and its children: the
# backends serving the node, the WAL writer, the checkpointer…).
pg_pids() {
    local master
    master=$(pgrep -f -- "postgres.* -p $port" | head -1)
    [ -n "$master" ] && echo "$master" && pgrep -P "$master"
}
sample() {
    local cpu hands db_cpu
    cpu=$(awk '{print $14 + $15}' "/proc/$node/stat")
    db_cpu=$(for p in $(pg_pids); do cat "/proc/$p/stat" 2>/dev/null; done | awk '{s += $14 + $15} END {print s + 0}')
    hands=$(curl -s -H "Authorization: Bearer $TAVOLO_METRICS_TOKEN" "http://$addr/metrics" | awk '$1 == "tavolo_hands_total" {print $2}')
    echo "$cpu $hands $(psql -d "$db" -c "SELECT xact_commit, tup_inserted + tup_updated + tup_deleted, pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') FROM pg_stat_database WHERE datname = current_database()" | tr '|' ' ') $db_cpu"
}
"$bin" loadtest --url "http://$addr" --tables "$tables" --duration "${secs}s" --think-ms "$think" >/tmp/node-costs-loadtest.txt 2>&1 &
load=$!
rss_idle=$(awk '/^VmRSS/ {print $2}' "/proc/$node/status")
sleep 8 # sign-ups and seating
read -r c0 h0 x0 r0 w0 d0 < <(sample)
sleep "$((secs - 10))"
read -r c1 h1 x1 r1 w1 d1 < <(sample)
rss_busy=$(awk '/^VmRSS/ {print $2}' "/proc/$node/status")
wait $load || true
tick=$(getconf CLK_TCK)
awk -v c="$((c1 - c0))" -v h="$((h1 - h0))" -v x="$((x1 - x0))" -v r="$((r1 - r0))" -v w="$(echo "$w1 - $w0" | bc)" -v t="$tick" -v s="$((secs - 10))" -v d="$((d1 - d0))" -v m0="$rss_idle" -v m1="$rss_busy" -v n="$tables" 'BEGIN {
    if (h == 0) { print "no hands finished"; exit 1 }
    printf "hands %d in %d s (%.0f/s)\n", h, s, h / s
    printf "node CPU per hand: %.3f ms\n", 1000 * c / t / h
    printf "database server CPU per hand: %.3f ms\n", 1000 * d / t / h
    printf "database transactions per hand: %.2f\n", x / h
    printf "rows written per hand: %.1f\n", r / h
    printf "WAL bytes per hand: %.0f\n", w / h
    printf "node memory: %.1f MB idle, %.1f MB with %d tables and %d connections (%.0f KB per table)\n", m0 / 1024, m1 / 1024, n, 6 * n, (m1 - m0) / n
}'
# What the transactions were, over the whole run (sign-ups and seating included): the ledger's
# movements by kind, the hands, and the transactions of the database.
echo "whole run: $(psql -d "$db" -c "SELECT count(*) FROM hands") hands; ledger movements by kind: $(psql -d "$db" -c "SELECT string_agg(kind || ' ' || n, ', ' ORDER BY n DESC) FROM (SELECT kind, count(*) AS n FROM journal GROUP BY kind) k")"
tail -n 5 /tmp/node-costs-loadtest.txt
