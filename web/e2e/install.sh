#!/usr/bin/env bash
# install.sh — what the browser suite (run.sh) needs and a clean machine lacks: Debian's chromium
# (apt-get) and the npm packages of package-lock.json (playwright-core, axe-core). Does nothing
# where they are present. run.sh calls it; CI (.ci/run) calls it beside the build, so that the
# browser suite starts at once when the build is done.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM:-}" ]; then
  echo "installing chromium (apt-get)…"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium
fi
if [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/axe-core ]; then
  npm ci --no-audit --no-fund || npm install --no-audit --no-fund
fi
