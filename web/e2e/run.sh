#!/usr/bin/env bash
# run.sh — end-to-end tests of the browser client (web/) in headless Chromium against a real
# `tavolo serve`. Installs what is missing (Debian's chromium, playwright-core from the lock
# file), builds the tavolo binary, starts it on a free port with a throw-away data dir, runs the
# tests (node --test) and stops the server. Screenshots go to target/e2e-artifacts/.
#   web/e2e/run.sh                 # everything
#   BASE_URL=http://127.0.0.1:8080/ web/e2e/run.sh   # against a server you started yourself
#   web/e2e/run.sh --test-name-pattern=Saint          # extra arguments go to node --test
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$HERE"

if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM:-}" ]; then
  echo "installing chromium (apt-get)…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium
fi
if [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/ws ]; then
  npm ci --no-audit --no-fund || npm install --no-audit --no-fund
fi

export E2E_ARTIFACTS="${E2E_ARTIFACTS:-$ROOT/target/e2e-artifacts}"
mkdir -p "$E2E_ARTIFACTS"

SERVER_PID=""
DATA_DIR=""
cleanup() {
  if [ -n "${PROXY_PID:-}" ]; then kill "$PROXY_PID" 2>/dev/null || true; fi
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  if [ -n "$DATA_DIR" ]; then rm -rf "$DATA_DIR"; fi
}
trap cleanup EXIT

if [ -z "${BASE_URL:-}" ]; then
  TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
  PROFILE="${E2E_PROFILE:-debug}"
  SERVE=(serve)
  if [ -n "${TAVOLO_BIN:-}" ] && ! "$TAVOLO_BIN" serve --help > /dev/null 2>&1; then SERVE=(); fi
  if [ -z "${TAVOLO_BIN:-}" ]; then
    echo "building tavolo ($PROFILE)…"
    REL=""; [ "$PROFILE" = release ] && REL="--release"
    (cd "$ROOT" && cargo build -q $REL -p tavolo-cli)
    TAVOLO_BIN="$TARGET/$PROFILE/tavolo"
    if ! "$TAVOLO_BIN" serve --help > /dev/null 2>&1; then
      # this tavolo has no `serve` yet: start tavolo-server through the small stand-in
      echo "tavolo has no serve command; building web/e2e/devserver…"
      [ -f devserver/Cargo.lock ] || cp "$ROOT/Cargo.lock" devserver/Cargo.lock
      (cd devserver && CARGO_TARGET_DIR="$TARGET" cargo build -q $REL)
      TAVOLO_BIN="$TARGET/$PROFILE/tavolo-e2e-devserver"
      SERVE=()
    fi
  fi
  # quick bots and short pauses between hands, when this tavolo serve has the options
  if [ "${#SERVE[@]}" -gt 0 ] && "$TAVOLO_BIN" serve --help 2>/dev/null | grep -q -- --bot-delay-ms; then
    SERVE+=(--bot-delay-ms "${E2E_BOT_DELAY_MS:-150}" --hand-pause-ms "${E2E_HAND_PAUSE_MS:-1500}")
  fi
  PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  DATA_DIR="$(mktemp -d)"
  "$TAVOLO_BIN" "${SERVE[@]}" --addr "127.0.0.1:$PORT" --data-dir "$DATA_DIR" > "$E2E_ARTIFACTS/server.log" 2>&1 &
  SERVER_PID=$!
  export BASE_URL="http://127.0.0.1:$PORT/"
  for _ in $(seq 1 100); do
    if curl -fsS "${BASE_URL}healthz" > /dev/null 2>&1; then break; fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then echo "tavolo serve exited:"; cat "$E2E_ARTIFACTS/server.log"; exit 1; fi
    sleep 0.2
  done
  echo "tavolo serve on $BASE_URL (data: $DATA_DIR, log: $E2E_ARTIFACTS/server.log)"
fi

# The server embeds web/ and serves it at /; if this one does not (yet), serve web/ from disk
# in front of it (same origin for the cookie and the WebSocket).
PROXY_PID=""
if ! curl -fsS "$BASE_URL" 2>/dev/null | grep -q 'app.js'; then
  UPSTREAM="$BASE_URL"
  node serve-web.mjs "$UPSTREAM" 0 > "$E2E_ARTIFACTS/serve-web.log" 2>&1 &
  PROXY_PID=$!
  for _ in $(seq 1 50); do grep -q http "$E2E_ARTIFACTS/serve-web.log" 2>/dev/null && break; sleep 0.1; done
  export BASE_URL="$(head -1 "$E2E_ARTIFACTS/serve-web.log")"
  echo "web/ served from disk at $BASE_URL in front of $UPSTREAM"
fi

node --test --test-concurrency=1 "$@" tests/
echo "screenshots: $E2E_ARTIFACTS"
