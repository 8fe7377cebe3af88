#!/usr/bin/env bash
# run.sh — end-to-end tests of the browser client (web/) in headless Chromium against a real
# `tavolo serve`. Installs what is missing (install.sh: Debian's chromium, playwright-core and
# axe-core from the lock file), builds the tavolo binary, starts it on a free port with a throw-away
# data dir, runs the tests (node --test) and stops the server. Screenshots go to
# target/e2e-artifacts/.
#   web/e2e/run.sh                 # everything
#   BASE_URL=http://127.0.0.1:8080/ web/e2e/run.sh   # against a server you started yourself
#   web/e2e/run.sh --test-name-pattern=Saint          # extra arguments go to node --test
#   E2E_CONCURRENCY=3 web/e2e/run.sh                  # three test files at a time (default 1)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
if [ -n "${TAVOLO_BIN:-}" ]; then TAVOLO_BIN="$(realpath "$TAVOLO_BIN")"; fi
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"

"$HERE/install.sh"

export E2E_ARTIFACTS="${E2E_ARTIFACTS:-$ROOT/target/e2e-artifacts}"
mkdir -p "$E2E_ARTIFACTS"

SERVER_PID=""
DATA_DIR=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  if [ -n "$DATA_DIR" ]; then rm -rf "$DATA_DIR"; fi
}
trap cleanup EXIT

if [ -z "${BASE_URL:-}" ]; then
  TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
  PROFILE="${E2E_PROFILE:-debug}"
  if [ -z "${TAVOLO_BIN:-}" ]; then
    echo "building tavolo ($PROFILE)…"
    REL=""; [ "$PROFILE" = release ] && REL="--release"
    (cd "$ROOT" && cargo build -q $REL -p tavolo-cli)
    TAVOLO_BIN="$TARGET/$PROFILE/tavolo"
  fi
  # the failover story starts nodes of its own with it (when TAVOLO_TEST_DATABASE_URL is set)
  export TAVOLO_BIN
  PORT="$(node -e "const s = require('net').createServer();
    s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
  DATA_DIR="$(mktemp -d)"
  # quick bots and short pauses between hands (the tests read the pause: exported); every test
  # player signs up from this machine
  export E2E_BOT_DELAY_MS="${E2E_BOT_DELAY_MS:-50}" E2E_HAND_PAUSE_MS="${E2E_HAND_PAUSE_MS:-800}"
  "$TAVOLO_BIN" serve --addr "127.0.0.1:$PORT" --data-dir "$DATA_DIR" \
    --bot-delay-ms "$E2E_BOT_DELAY_MS" --hand-pause-ms "$E2E_HAND_PAUSE_MS" \
    --signups-per-hour 1000 --guests-per-hour 1000 \
    > "$E2E_ARTIFACTS/server.log" 2>&1 &
  SERVER_PID=$!
  export BASE_URL="http://127.0.0.1:$PORT/"
  for _ in $(seq 1 150); do
    if curl -fsS "${BASE_URL}healthz" > /dev/null 2>&1; then break; fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      echo "tavolo serve exited:"; cat "$E2E_ARTIFACTS/server.log"; exit 1
    fi
    sleep 0.2
  done
  echo "tavolo serve on $BASE_URL (data: $DATA_DIR, log: $E2E_ARTIFACTS/server.log)"
fi

# The client is the one embedded in the binary: one file is the whole room.
if ! curl -fsS "$BASE_URL" 2>/dev/null | grep -q 'app.js'; then
  echo "the server at $BASE_URL does not serve the browser client at /"; exit 1
fi

# One test file at a time by default. Three at a time took 265 s alone on a loaded machine, but in
# CI beside the Rust tests it took 374 s (one at a time: 330-390 s), slowed the Rust tests (the
# bots' from 36 s to 176 s) and a phone-layout test timed out: the two cores are the limit.
node --test --test-concurrency="${E2E_CONCURRENCY:-1}" "$@" tests/
echo "screenshots: $E2E_ARTIFACTS"
