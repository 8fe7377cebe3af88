#!/usr/bin/env python3
"""Has PokerKit (0.7.7) play random legal Texas hold'em hands and writes them as one PHH
bulk file (.phhs) with PokerKit's finishing stacks: the input of Tavolo's differential test.

Hands: 2 to 9 players; No-Limit (NT), Fixed-Limit (FT) and Pot-Limit (PT, built from
PokerKit's pot-limit mixin); antes (none, uniform, big-blind ante; trimmed or pooled) and
straddles; stacks drawn so that many hands hold several all-ins, incomplete raises and side
pots. Every betting action is chosen at random among the legal ones; PokerKit deals, shows or
mucks, and pushes the pots itself.

Usage: random_hands.py --hands N --seed S --out FILE.phhs
"""

import argparse
import random
import sys
import warnings

from pokerkit import (
    Automation,
    FixedLimitTexasHoldem,
    Mode,
    NoLimitTexasHoldem,
)
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem
from pokerkit.state import (
    BoardDealing,
    CheckingOrCalling,
    CompletionBettingOrRaisingTo,
    Folding,
    HoleCardsShowingOrMucking,
    HoleDealing,
)

warnings.simplefilter('ignore')


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit Texas hold'em (PHH has no code for it; Tavolo calls it PT)."""


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


def draw_stacks(rng, n, bb):
    stacks = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.35:
            stacks.append(rng.randint(1, 4 * bb))          # short: all-in pre-flop, often for less
        elif kind < 0.7:
            stacks.append(rng.randint(4 * bb, 40 * bb))     # medium: all-ins later
        else:
            stacks.append(rng.randint(40 * bb, 300 * bb))   # deep
    return stacks


def setup(rng):
    n = rng.randint(2, 9)
    variant = rng.choice(['NT', 'NT', 'FT', 'PT'])
    sb = rng.randint(1, 5)
    bb = rng.choice([2 * sb, 2 * sb, 2 * sb + 1, sb + 1])
    blinds = [sb, bb] + [0] * (n - 2)
    if n >= 4 and rng.random() < 0.2:
        blinds[2] = 2 * bb                                   # under-the-gun straddle
        if n >= 5 and rng.random() < 0.3:
            blinds[3] = 4 * bb                               # double straddle
    ante_kind = rng.random()
    if ante_kind < 0.5:
        antes = [0] * n
    elif ante_kind < 0.8:
        antes = [rng.randint(1, bb)] * n
    else:
        antes = [0] * n
        antes[1] = bb if n > 2 else bb                       # big-blind ante (PHH order)
        if n == 2:
            antes = [bb, 0]                                  # reversed heads-up by PHH's rule
    trimming = rng.random() < 0.5
    stacks = draw_stacks(rng, n, bb)
    return n, variant, antes, blinds, bb, stacks, trimming


def create(variant, antes, blinds, bb, stacks, n, trimming, automations=AUTOMATIONS):
    """A PokerKit state for the hand (the Python differential test deals the cards itself,
    so it passes automations without hole and board dealing)."""
    if variant == 'NT':
        return NoLimitTexasHoldem.create_state(
            automations, trimming, antes, blinds, bb, stacks, n, mode=Mode.CASH_GAME)
    if variant == 'FT':
        return FixedLimitTexasHoldem.create_state(
            automations, trimming, antes, blinds, bb, 2 * bb, stacks, n, mode=Mode.CASH_GAME)
    game = PotLimitTexasHoldem(automations, trimming, antes, blinds, bb, mode=Mode.CASH_GAME)
    return game(stacks, n)


def play(rng, state):
    while state.status:
        if state.actor_index is None:
            raise RuntimeError('PokerKit waits for a non-betting step')
        choices = []
        if state.can_fold() and state.checking_or_calling_amount:
            choices += ['f']
        if state.can_check_or_call():
            choices += ['cc', 'cc']
        if state.can_complete_bet_or_raise_to():
            choices += ['cbr', 'cbr']
        c = rng.choice(choices)
        if c == 'f':
            state.fold()
        elif c == 'cc':
            state.check_or_call()
        else:
            lo = state.min_completion_betting_or_raising_to_amount
            hi = state.max_completion_betting_or_raising_to_amount
            r = rng.random()
            amount = lo if r < 0.3 else hi if r < 0.55 else rng.randint(lo, hi)
            state.complete_bet_or_raise_to(amount)


def cards(cs):
    return ''.join(repr(c) if not hasattr(c, 'rank') else f'{c.rank}{c.suit}' for c in cs)


def actions(state):
    # PokerKit deals hole cards one at a time round the table; PHH writes each player's cards
    # in one action, in dealing order.
    holes = {}
    for op in state.operations:
        if isinstance(op, HoleDealing):
            holes.setdefault(op.player_index, []).extend(op.cards)
    out = []
    dealt = False
    for op in state.operations:
        if isinstance(op, HoleDealing):
            if not dealt:
                out += [f'd dh p{i + 1} {cards(cs)}' for i, cs in sorted(holes.items())]
                dealt = True
        elif isinstance(op, BoardDealing):
            out.append(f'd db {cards(op.cards)}')
        elif isinstance(op, Folding):
            out.append(f'p{op.player_index + 1} f')
        elif isinstance(op, CheckingOrCalling):
            out.append(f'p{op.player_index + 1} cc')
        elif isinstance(op, CompletionBettingOrRaisingTo):
            out.append(f'p{op.player_index + 1} cbr {op.amount}')
        elif isinstance(op, HoleCardsShowingOrMucking):
            if op.hole_cards:
                out.append(f'p{op.player_index + 1} sm {cards(op.hole_cards)}')
            else:
                out.append(f'p{op.player_index + 1} sm')
    return out


def phh(index, variant, antes, blinds, bb, stacks, trimming, acts, finishing):
    lines = [f'[{index}]', f"variant = '{variant}'",
             f'ante_trimming_status = {str(trimming).lower()}',
             f'antes = {antes}', f'blinds_or_straddles = {blinds}']
    if variant == 'FT':
        lines += [f'small_bet = {bb}', f'big_bet = {2 * bb}']
    else:
        lines += [f'min_bet = {bb}']
    lines += [f'starting_stacks = {stacks}', 'actions = [' + ', '.join(f"'{a}'" for a in acts) + ']',
              f'finishing_stacks = {finishing}', '']
    return '\n'.join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--hands', type=int, default=1000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--out', required=True)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    written = 0
    with open(args.out, 'w') as f:
        for i in range(args.hands):
            n, variant, antes, blinds, bb, stacks, trimming = setup(rng)
            state = create(variant, antes, blinds, bb, stacks, n, trimming)
            play(rng, state)
            if sum(state.stacks) != sum(stacks):
                print(f'hand {i}: PokerKit lost chips (burned a pot); skipped', file=sys.stderr)
                continue
            f.write(phh(i, variant, antes, blinds, bb, stacks, trimming, actions(state), list(state.stacks)))
            written += 1
    print(f'{written} hands written to {args.out}', file=sys.stderr)


if __name__ == '__main__':
    main()
