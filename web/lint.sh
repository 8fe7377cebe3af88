#!/usr/bin/env bash
# lint.sh — formatting, lint and type check of the browser client: Biome (pinned in
# e2e/package.json, its settings in e2e/biome.jsonc) formats and lints app.js, js/, css/ and the
# e2e tests; no line of any file in web/ is over 120 characters; types/protocol.d.ts is what
# docs/protocol.schema.json makes (e2e/protocol-types.mjs, json-schema-to-typescript), and tsc
# checks app.js and every module of js/ against it (e2e/tsconfig.json), so that a field
# renamed on the wire fails here. Installs the tools from e2e/package-lock.json when missing
# (into web/e2e/node_modules, shared with the browser suite). Exits non-zero on any finding.
#   web/lint.sh          # check (CI)
#   web/lint.sh --fix    # rewrite: format, and apply the fixes Biome calls safe
set -euo pipefail
WEB="$(cd "$(dirname "$0")" && pwd)"
cd "$WEB/e2e"
if [ ! -x node_modules/.bin/biome ] || [ ! -x node_modules/.bin/tsc ] \
  || [ ! -d node_modules/json-schema-to-typescript ]; then
  npm ci --no-audit --no-fund || npm install --no-audit --no-fund
fi
WRITE=()
case "${1:-}" in
  --fix) WRITE=(--write) ;;
  "") ;;
  *) echo "usage: web/lint.sh [--fix]" >&2; exit 2 ;;
esac
status=0
node_modules/.bin/biome check --error-on-warnings "${WRITE[@]}" \
  ../app.js ../js ../css ./*.mjs tests || status=1
# Biome leaves a long string or comment as it is: every text file of web/ is held to 120 here.
node long-lines.mjs || status=1
# The wire's types from the schema, then the type check against them.
if [ "${WRITE[*]:-}" ]; then node protocol-types.mjs || status=1; fi
node protocol-types.mjs --check || status=1
node_modules/.bin/tsc -p tsconfig.json || status=1
exit "$status"
