#!/usr/bin/env bash
# Exercises the worked deployment of docs/scale-out.md on loopback: a local PostgreSQL, three
# `tavolo serve --node-id` behind nginx (nginx.conf.in; installed from Debian's packages if
# missing), the room at one origin. Checks that each node answers at /n/<id>/ through the proxy,
# that any ready node answers at /, that a WebSocket upgrades through the proxy on both paths
# with a session signed in through it, that `tavolo admin nodes` lists the three, and that the
# room keeps answering at / while one node drains (SIGTERM).
#   deploy/scale-out/run.sh        (from the project root; builds nothing: uses target/*/tavolo)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"; cd "$here/../.."
bin=target/release/tavolo; [ -x "$bin" ] || bin=target/debug/tavolo
[ -x "$bin" ] || { echo "build tavolo first (cargo build --release)" >&2; exit 2; }
if ! command -v nginx >/dev/null; then
    echo "installing nginx (Debian package)…" >&2
    (export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && apt-get install -y -qq nginx-light || apt-get install -y -qq nginx) >&2
fi
base="$(scripts/postgres.sh)"
hostport="${base#postgres://}"; hostport="${hostport#*@}"; hostport="${hostport%%/*}"
db="tavolo_deploy_$$"
psql() { command psql -h "${hostport%:*}" -p "${hostport#*:}" -U tavolo -Atq -d postgres "$@"; }
psql -c "CREATE DATABASE $db"
url="postgres://tavolo@$hostport/$db"
run="$(mktemp -d)"; mkdir -p "$run"/{body,proxy,fastcgi,uwsgi,scgi}
free() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free); declare -A ports=([a]=$(free) [b]=$(free) [c]=$(free))
room="http://127.0.0.1:$port"
pids=()
cleanup() {
    [ -f "$run/nginx.pid" ] && kill "$(cat "$run/nginx.pid")" 2>/dev/null || true
    kill "${pids[@]}" 2>/dev/null || true; wait "${pids[@]}" 2>/dev/null || true
    psql -c "DROP DATABASE IF EXISTS $db" || true
    rm -rf "$run"
}
trap cleanup EXIT
for id in a b c; do
    "$bin" serve --db "$url" --node-id "$id" --addr "127.0.0.1:${ports[$id]}" \
        --public-url "$room/n/$id" --trusted-proxy 127.0.0.1 --no-starter-tables \
        --lease-ms 3000 --drain-secs 20 --log warn 2>"$run/node-$id.log" &
    pids+=($!)
done
sed -e "s#@RUN@#$run#g" -e "s#@PORT@#$port#g" -e "s#@PORT_A@#${ports[a]}#g" \
    -e "s#@PORT_B@#${ports[b]}#g" -e "s#@PORT_C@#${ports[c]}#g" "$here/nginx.conf.in" >"$run/nginx.conf"
nginx -t -c "$run/nginx.conf" 2>/dev/null
nginx -c "$run/nginx.conf"
ok() { echo "ok: $*"; }
fail() { echo "FAILED: $*" >&2; exit 1; }
for _ in $(seq 100); do curl -sf "$room/healthz" >/dev/null && break; sleep 0.2; done
for id in a b c; do
    for _ in $(seq 50); do curl -sf "$room/n/$id/healthz" >/dev/null && break; sleep 0.2; done
    curl -sf "$room/n/$id/healthz" | grep -q "\"node\":\"$id\"" || fail "node $id at /n/$id/"
    ok "node $id answers at $room/n/$id/healthz"
done
curl -sf "$room/healthz" | grep -q '"status":"ok"' || fail "the room at /"
ok "a ready node answers at $room/healthz"
cookie=$(curl -s -i -X POST -H 'Content-Type: application/json' -H "Origin: $room" -d '{}' "$room/api/guest" \
    | tr -d '\r' | awk -F'[=;]' 'tolower($1) ~ /^set-cookie: tavolo_session$/ {print $2; exit}')
[ -n "$cookie" ] || fail "a guest signs in through the proxy"
ok "a guest signed in through the proxy"
upgrade() {
    curl -s -o /dev/null -w '%{http_code}' --max-time 2 -H 'Connection: Upgrade' -H 'Upgrade: websocket' \
        -H 'Sec-WebSocket-Version: 13' -H 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==' \
        -H "Origin: $room" -H "Cookie: tavolo_session=$cookie" "$1" || true
}
for path in /ws /n/a/ws /n/b/ws /n/c/ws; do
    [ "$(upgrade "$room$path")" = 101 ] || fail "WebSocket upgrade at $path"
    ok "WebSocket upgrades at $room$path with the session"
done
"$bin" admin nodes --db "$url" | tee "$run/nodes.txt"
[ "$(grep -c ' live' "$run/nodes.txt")" = 3 ] || fail "three live nodes"
ok "tavolo admin nodes lists three live nodes"
kill -TERM "${pids[0]}"; wait "${pids[0]}" || fail "node a drained and exited cleanly"
ok "node a drained on SIGTERM and exited"
for _ in 1 2 3 4 5 6; do curl -sf "$room/healthz" >/dev/null || fail "the room at / after node a stopped"; done
ok "the room answers at / with node a gone"
"$bin" admin nodes --db "$url" | grep -q '^a .*stopped' || fail "node a shown stopped"
ok "tavolo admin nodes shows node a stopped"
echo "deployment example: all checks passed"
