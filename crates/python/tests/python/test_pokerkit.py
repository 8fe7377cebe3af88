"""The differential against PokerKit, stepped from Python: random Hold'em hands (2 to 9
players; No-Limit, Limit and Pot-Limit; antes, straddles, short stacks) are dealt by Tavolo and
played action by action through `tavolo.Game` and through PokerKit 0.7.7 at once — PokerKit
dealt Tavolo's cards. At every decision the two must agree on who acts, the amount to call and
the raise range; at the end, on every stack.

`TAVOLO_PY_DIFF_HANDS` sets the number of hands (default 3,000; `TAVOLO_PY_DIFF_HANDS=100000` for a long run) and `TAVOLO_PY_DIFF_SEED`
the seed."""

import concurrent.futures
import os
import random
import warnings

import pytest

import tavolo

from conftest import need  # noqa: E402

pokerkit = need("pokerkit")
import random_hands as rh  # noqa: E402  (scripts/pokerkit, put on the path by conftest)

from pokerkit import Automation  # noqa: E402

# PokerKit does everything but deal: the cards are Tavolo's.
MANUAL_DEALING = tuple(a for a in rh.AUTOMATIONS
                       if a not in (Automation.HOLE_DEALING, Automation.BOARD_DEALING))
STRUCTURE = {"NT": "no_limit", "FT": "fixed_limit", "PT": "pot_limit"}


def tavolo_legal(view):
    """The amount to call and the raise range (or Nones) from a seat's view."""
    legal = view["legal"]
    call = 0 if legal["check"] else legal["call"]
    r = legal["raise"]
    return call, (r["min_to"] if r else None), (r["max_to"] if r else None)


def deal_pokerkit(state, game, board_dealt):
    """Deals PokerKit the hole cards and the board cards Tavolo dealt so far."""
    while state.can_deal_hole():
        seat = state.hole_dealee_index
        state.deal_hole("".join(game.view(seat)["hole"][seat]))
    if not state.can_deal_board():
        return board_dealt
    board = game.view(None)["board"]
    while state.can_deal_board() and board_dealt < len(board):
        count = state.board_dealing_count
        state.deal_board("".join(board[board_dealt:board_dealt + count]))
        board_dealt += count
    return board_dealt


def play_one(rng, index):
    n, variant, antes, blinds, bb, stacks, trimming = rh.setup(rng)
    header = rh.phh(index, variant, antes, blinds, bb, stacks, trimming, [], stacks)
    setup = tavolo.phhs_load(header)[0].setup()
    game = tavolo.Game.from_setup("holdem", setup, seed=rng.getrandbits(64))
    state = rh.create(variant, antes, blinds, bb, stacks, n, trimming, automations=MANUAL_DEALING)
    board_dealt = deal_pokerkit(state, game, 0)
    where = f"hand {index} ({variant}, {n} players, stacks {stacks}, blinds {blinds}, antes {antes})"
    while not game.is_over():
        seat = game.to_act()[0]
        view = game.view(seat)
        if view["legal"] is None:  # a showdown decision: show
            game.apply(game.legal_actions(seat)[0])
            board_dealt = deal_pokerkit(state, game, board_dealt)
            continue
        assert state.actor_index == seat, f"{where}: Tavolo seat {seat}, PokerKit {state.actor_index}"
        call, lo, hi = tavolo_legal(view)
        assert state.checking_or_calling_amount == call, f"{where}: call {call}"
        can_raise = state.can_complete_bet_or_raise_to()
        assert can_raise == (lo is not None), f"{where}: raise {lo}..{hi} vs {can_raise}"
        if can_raise:
            assert (state.min_completion_betting_or_raising_to_amount,
                    state.max_completion_betting_or_raising_to_amount) == (lo, hi), where
        choices = (["f"] if call else []) + ["cc", "cc"] + (["cbr", "cbr"] if can_raise else [])
        c = rng.choice(choices)
        if c == "f":
            state.fold()
            game.apply({"action": "fold", "seat": seat})
        elif c == "cc":
            state.check_or_call()
            game.apply({"action": "call" if call else "check", "seat": seat})
        else:
            r = rng.random()
            to = lo if r < 0.3 else hi if r < 0.55 else rng.randint(lo, hi)
            state.complete_bet_or_raise_to(to)
            game.apply({"action": "bet_or_raise_to", "seat": seat, "to": to})
        board_dealt = deal_pokerkit(state, game, board_dealt)
    while state.status and state.can_deal_board():
        board_dealt = deal_pokerkit(state, game, board_dealt)
    if sum(state.stacks) != sum(stacks):
        return None  # PokerKit burned a pot (its known fault with odd chips); not compared
    assert not state.status, f"{where}: PokerKit is not done"
    assert list(state.stacks) == game.outcome()["end"], where
    return variant


def play_chunk(args):
    """Plays hands `first`..`first + count` from their own seed (a worker's share)."""
    first, count, seed = args
    counts = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for i in range(first, first + count):
            rng = random.Random(seed * 1_000_003 + i)
            variant = play_one(rng, i)
            counts[variant] = counts.get(variant, 0) + 1
    return counts


def test_random_hands_stepped_from_python_agree_with_pokerkit():
    hands = int(os.environ.get("TAVOLO_PY_DIFF_HANDS", "3000"))
    seed = int(os.environ.get("TAVOLO_PY_DIFF_SEED", "2026"))
    workers = max(1, min(os.cpu_count() or 1, 8))
    size = -(-hands // workers)
    chunks = [(first, min(size, hands - first), seed) for first in range(0, hands, size)]
    counts = {}
    # Each hand has its own generator, so the hands are the same whatever the workers.
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        for part in pool.map(play_chunk, chunks):
            for k, v in part.items():
                counts[k] = counts.get(k, 0) + v
    compared = hands - counts.get(None, 0)
    print(f"PokerKit differential from Python: {compared} of {hands} hands compared "
          f"({workers} workers), 0 mismatches; by variant {counts}")
    assert compared >= 0.95 * hands
