#!/usr/bin/env bash
# The differential test against PokerKit (issue 3): PokerKit 0.7.7 plays HANDS random legal
# hold'em hands (default 3000), written as PHH; Tavolo replays them and must reproduce every
# finishing stack exactly.
#
# Usage: scripts/test-pokerkit.sh [HANDS] [SEED]
# Makes its own virtual environment under $CARGO_TARGET_DIR (default target/) on first use.
set -euo pipefail
cd "$(dirname "$0")/.."
HANDS="${1:-3000}"
SEED="${2:-$RANDOM}"
TARGET="${CARGO_TARGET_DIR:-target}"
VENV="$TARGET/tmp/pokerkit-venv"  # the same venv the cargo test makes
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import pokerkit' 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check -r scripts/pokerkit/requirements.txt
fi
OUT="$TARGET/pokerkit-hands-$SEED.phhs"
echo "PokerKit plays $HANDS random hands (seed $SEED) -> $OUT"
"$VENV/bin/python" scripts/pokerkit/random_hands.py --hands "$HANDS" --seed "$SEED" --out "$OUT"
TAVOLO_POKERKIT_PHHS="$(realpath "$OUT")" cargo test -q -p tavolo-engine --test it holdem_pokerkit:: -- --nocapture
