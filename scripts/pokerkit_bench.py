#!/usr/bin/env python3
"""PokerKit (0.7.7) on the workload of `cargo bench -p tavolo-engine --bench holdem`: complete
random 6-handed No-Limit hands (blinds 1/2, stacks 400, fold only when facing a bet, check/call
three times as likely as a fold, a bet/raise to a uniformly drawn legal amount), showdowns
evaluated and pots pushed by PokerKit's automations. Prints `hands_per_second N`.

Usage: pokerkit_bench.py [--seconds S]
"""

import argparse
import random
import time
import warnings

from pokerkit import Automation, Mode, NoLimitTexasHoldem

warnings.simplefilter('ignore')

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def play(rng):
    state = NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (1, 2), 2, (400,) * 6, 6, mode=Mode.CASH_GAME)
    while state.status:
        facing = bool(state.checking_or_calling_amount)
        can_raise = state.can_complete_bet_or_raise_to()
        fold_w = 1 if facing else 0
        r = rng.randrange(fold_w + 3 + (1 if can_raise else 0))
        if r < fold_w:
            state.fold()
        elif r < fold_w + 3:
            state.check_or_call()
        else:
            lo = state.min_completion_betting_or_raising_to_amount
            hi = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(rng.randint(lo, hi))
    return state.stacks[0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--seconds', type=float, default=5.0)
    args = ap.parse_args()
    rng = random.Random(1)
    for _ in range(50):
        play(rng)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        play(rng)
        hands += 1
    elapsed = time.perf_counter() - start
    print(f'hands_per_second {hands / elapsed:.1f}')
    print(f'hands {hands} seconds {elapsed:.2f}')


if __name__ == '__main__':
    main()
