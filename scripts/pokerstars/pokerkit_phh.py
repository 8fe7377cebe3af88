#!/usr/bin/env python3
"""PokerKit reads Tavolo's PHH exports as a viewer saw the hands (other players' unseen hole
cards written ????) and reaches the finishing stacks the file states.

Usage: pokerkit_phh.py DIR (every *.phh in DIR; run by crates/engine/tests/it/holdem_pokerstars.rs
with the PokerKit pinned in scripts/pokerkit/requirements.txt). Exits 1 on any disagreement.
"""
import importlib.metadata
import pathlib
import sys

import pokerkit


def main():
    files = sorted(pathlib.Path(sys.argv[1]).glob("*.phh"), key=lambda p: int(p.stem))
    read, bad = 0, []
    for f in files:
        text = f.read_text()
        try:
            hh = pokerkit.HandHistory.loads(text)
            *_, state = iter(hh)
            if [float(x) for x in state.stacks] == [float(x) for x in hh.finishing_stacks]:
                read += 1
            else:
                bad.append((f.name, f"PokerKit ends with {list(state.stacks)}", text))
        except Exception as e:  # PokerKit refused the file
            bad.append((f.name, f"{type(e).__name__}: {e}", text))
    print(f"PokerKit {importlib.metadata.version('pokerkit')}: "
          f"{read} PHH exports replayed to their finishing stacks, {len(bad)} disagree")
    for name, why, text in bad[:5]:
        print(f"--- {name}: {why}\n{text}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
