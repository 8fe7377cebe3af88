#!/usr/bin/env python3
"""Tavolo from Python beside PokerKit, in one run on one core: the workload of
`scripts/pokerkit_bench.py` (complete random 6-handed No-Limit hands, blinds 1/2, stacks 400,
fold only when facing a bet, check/call three times as likely as a fold, a bet or raise to a
uniformly drawn legal amount) played

- by PokerKit 0.7.7 (its automations deal, show and push);
- by `tavolo.Game` one action per call, as dicts (`legal_actions`, `apply`);
- by `tavolo.Game` one action per call, as indices (`action_mask`, `step`);

then the batched API (`tavolo.Batch`, 1,024 games): actions chosen in Python with numpy from
the masks, and random actions drawn inside the batch; and random 4-player Saint Poker games,
batched. Prints a Markdown table.

Usage: bench.py [--seconds S] [--rounds R]   (needs tavolo, numpy and pokerkit==0.7.7 installed; pin the
process to one core with `taskset -c 0` for the one-core figures)
"""

import argparse
import pathlib
import random
import sys
import time
import warnings

import numpy as np

import tavolo
from tavolo.arrays import ArrayBatch

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "scripts"))
warnings.simplefilter("ignore")

TABLE = dict(stacks=[400] * 6, options={"big_blind": 2, "small_blind": 1})


def rate(play, seconds):
    """Calls play() (which returns work done) for `seconds`; returns work per second."""
    for _ in range(20):
        play()
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        done += play()
    return done / (time.perf_counter() - start)


def tavolo_dicts(rng, seeds):
    g = tavolo.Game("holdem", 6, seed=next(seeds), **TABLE)
    while not g.is_over():
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        kinds = {a["action"]: a for a in legal}
        if "show" in kinds:
            g.apply(kinds["show"])
            continue
        facing = "call" in kinds
        raises = [a["to"] for a in legal if a["action"] == "bet_or_raise_to"]
        fold_w = 1 if facing else 0
        r = rng.randrange(fold_w + 3 + (1 if raises else 0))
        if r < fold_w:
            g.apply({"action": "fold", "seat": seat})
        elif r < fold_w + 3:
            g.apply(kinds["call"] if facing else kinds["check"])
        else:
            g.apply({"action": "bet_or_raise_to", "seat": seat, "to": rng.randint(min(raises), max(raises))})
    return 1


def tavolo_indices(rng, seeds):
    g = tavolo.Game("holdem", 6, seed=next(seeds), **TABLE)
    g.play_automatic()
    while not g.is_over():
        seat = g.to_act()[0]
        mask = g.action_mask(seat)
        legal = [i for i in range(6) if mask[i]]
        g.step(seat, rng.choice(legal))
    return 1


def seed_stream():
    k = 0
    while True:
        k += 1
        yield k


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0, help="per contender per round")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    s = args.seconds

    import pokerkit_bench  # scripts/pokerkit_bench.py: the same workload in PokerKit

    rng = random.Random(1)
    seeds = seed_stream()
    b = ArrayBatch("holdem", 1024, 6, seed=1, **TABLE)
    _, mask, _ = b.reset(observe=False)
    nrng = np.random.default_rng(1)
    state = {"mask": mask}

    def numpy_step():
        actions = b.random_actions(state["mask"], nrng)
        _, state["mask"], _, _, _ = b.step(actions, observe=False)
        return b.games

    def numpy_obs_step():
        actions = b.random_actions(state["mask"], nrng)
        _, state["mask"], _, _, _ = b.step(actions)
        return b.games

    raw = tavolo.Batch("holdem", 1024, 6, seed=2, **TABLE)
    saint = tavolo.Batch("saint", 1024, 4, seed=3)
    saint.run_random(200)

    def saint_games():
        f0 = saint.finished
        saint.run_random(50)
        return saint.finished - f0

    contenders = [
        ("PokerKit 0.7.7, random 6-max NL hands", "hands/s", lambda: (pokerkit_bench.play(rng), 1)[1]),
        ("Tavolo `Game`, one action per call (dicts)", "hands/s", lambda: tavolo_dicts(rng, seeds)),
        ("Tavolo `Game`, one action per call (indices)", "hands/s", lambda: tavolo_indices(rng, seeds)),
        ("`Batch` 1,024 NL games, numpy picks from masks", "actions/s", numpy_step),
        ("… the same with observations", "actions/s", numpy_obs_step),
        ("`Batch` 1,024 NL games, random actions drawn in the batch", "actions/s",
         lambda: raw.run_random(20) * 0 + 20 * 1024),
        ("`Batch` 1,024 Saint Poker 4-player games, random", "games/s", saint_games),
    ]
    rates = {name: [] for name, _, _ in contenders}
    for r in range(args.rounds):
        # Rotate the order every round so that no contender always runs first.
        order = contenders[r % len(contenders):] + contenders[:r % len(contenders)]
        for name, _, play in order:
            rates[name].append(rate(play, s))
    pk = rates[contenders[0][0]]
    print(f"{args.rounds} rounds of {s:g} s per contender, interleaved; medians, range in brackets")
    print()
    print("| workload | rate | unit | × PokerKit (median of per-round ratios) |")
    print("|---|---:|---|---:|")
    for i, (name, unit, _) in enumerate(contenders):
        rs = rates[name]
        ratio = ""
        if unit == "hands/s" and i > 0:
            per = [x / y for x, y in zip(rs, pk)]
            ratio = f"{median(per):,.0f} ({min(per):,.0f}–{max(per):,.0f})"
        print(f"| {name} | {median(rs):,.0f} ({min(rs):,.0f}–{max(rs):,.0f}) | {unit} | {ratio} |")


if __name__ == "__main__":
    main()
