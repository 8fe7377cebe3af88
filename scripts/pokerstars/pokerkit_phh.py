#!/usr/bin/env python3
"""PokerKit reads Tavolo's PHH exports as a viewer saw the hands (other players' unseen hole
cards written ????) and reaches the finishing stacks it reaches from the original hand
(`N.original` beside `N.phh`). Some real logs state half chips PokerKit's integer chips round
(Pluribus' split pots): the count of hands whose stated stacks PokerKit does not reach is
reported, not failed.

Usage: pokerkit_phh.py DIR (every *.phh in DIR; run by crates/engine/tests/it/holdem_pokerstars.rs
with the PokerKit pinned in scripts/pokerkit/requirements.txt). Exits 1 on any disagreement.
"""
import importlib.metadata
import pathlib
import sys

import pokerkit


def main():
    files = sorted(pathlib.Path(sys.argv[1]).glob("*.phh"), key=lambda p: int(p.stem))
    read, bad, rounded = 0, [], 0

    def stacks(text):
        hh = pokerkit.HandHistory.loads(text)
        *_, state = iter(hh)
        stated = hh.finishing_stacks
        return [float(x) for x in state.stacks], stated and [float(x) for x in stated]

    for f in files:
        text = f.read_text()
        try:
            ours, stated = stacks(text)
            theirs, _ = stacks(f.with_suffix(".original").read_text())
            if ours == theirs:
                read += 1
                rounded += stated is not None and ours != stated
            else:
                bad.append((f.name, f"PokerKit ends with {ours}, from the original {theirs}", text))
        except Exception as e:  # PokerKit refused the file
            bad.append((f.name, f"{type(e).__name__}: {e}", text))
    print(f"PokerKit {importlib.metadata.version('pokerkit')}: "
          f"{read} PHH exports replayed to the original hands' finishing stacks "
          f"({rounded} of them not the logs' stated half chips), {len(bad)} disagree")
    for name, why, text in bad[:5]:
        print(f"--- {name}: {why}\n{text}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
