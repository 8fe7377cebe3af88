#!/usr/bin/env python3
"""An equity player for No-Limit Hold'em, written for Tavolo's external bot protocol
(docs/bot-protocol.md) without any of Tavolo's code: the outside program the `strong`
Hold'em level is measured against in No-Limit (docs/bots.md, "Outside programs").

The textbook rule: its share of the pot against one uniformly random hand, estimated over
1,000 random deals (the opposing hand and the rest of the board); with a share above 0.6 it bets
or raises the size of the pot (the pot after calling; all-in when that is more than it has);
otherwise it checks when it may, calls when the share pays the price (share ≥ call / (pot +
call)), and folds. Its random deals come from the seed Tavolo sends, so a game replays alike.

    tavolo sim holdem --structure nl --duplicate \\
        --bots "exec:python3 crates/bots/outside/equity_nl.py",strong ...
"""
import json
import random
import sys

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DEALS = 1000
RAISE_ABOVE = 0.6


def card(text):
    """A card as (rank 0..12, suit 0..3)."""
    return RANKS.index(text[0]), SUITS.index(text[1])


def straight_high(mask):
    """The top rank of the best straight in a rank bit mask (the ace also low), or -1."""
    for top in range(12, 3, -1):
        run = 0b11111 << (top - 4)
        if mask & run == run:
            return top
    if mask & 0b1000000001111 == 0b1000000001111:
        return 3
    return -1


def value(cards):
    """The best five-card hand of 5 to 7 cards as a comparable tuple (category first)."""
    counts = [0] * 13
    suits = [[] for _ in range(4)]
    mask = 0
    for r, s in cards:
        counts[r] += 1
        suits[s].append(r)
        mask |= 1 << r
    for ranks in suits:
        if len(ranks) >= 5:
            m = 0
            for r in ranks:
                m |= 1 << r
            top = straight_high(m)
            if top >= 0:
                return (8, top)
            return (5,) + tuple(sorted(ranks, reverse=True)[:5])
    by = sorted(((c, r) for r, c in enumerate(counts) if c), reverse=True)
    if by[0][0] == 4:
        kicker = max(r for r, c in enumerate(counts) if c and r != by[0][1])
        return (7, by[0][1], kicker)
    if by[0][0] == 3 and len(by) > 1 and by[1][0] >= 2:
        return (6, by[0][1], by[1][1])
    top = straight_high(mask)
    if top >= 0:
        return (4, top)
    singles = sorted((r for r, c in enumerate(counts) if c == 1), reverse=True)
    if by[0][0] == 3:
        return (3, by[0][1]) + tuple(singles[:2])
    pairs = sorted((r for r, c in enumerate(counts) if c == 2), reverse=True)
    if len(pairs) >= 2:
        rest = max([r for r, c in enumerate(counts) if c and r not in pairs[:2]], default=-1)
        return (2, pairs[0], pairs[1], rest)
    if pairs:
        return (1, pairs[0]) + tuple(singles[:3])
    return (0,) + tuple(singles[:5])


def share(hole, board, rng):
    """The share of the pot against one random hand over DEALS random deals (ties a half)."""
    known = set(hole) | set(board)
    deck = [(r, s) for r in range(13) for s in range(4) if (r, s) not in known]
    missing = 5 - len(board)
    won = 0.0
    for _ in range(DEALS):
        drawn = rng.sample(deck, 2 + missing)
        full = board + drawn[2:]
        me, them = value(hole + full), value(drawn[:2] + full)
        won += 1.0 if me > them else 0.5 if me == them else 0.0
    return won / DEALS


def decide(message, rng):
    view, legal = message["view"], message["legal"]
    seat = view["seat"]
    kinds = [a["action"] for a in legal]
    hole = [card(c) for c in view["hole"][seat]]
    board = [card(c) for c in view["board"]]
    mine = share(hole, board, rng)
    spot = view["legal"]
    call = spot.get("call") or 0
    pot = view["pot"]
    if mine > RAISE_ABOVE and spot.get("raise"):
        r = spot["raise"]
        to = max(view["bets"]) + pot + call
        to = min(max(to, r["min_to"]), r["max_to"])
        i = kinds.index("bet_or_raise_to")
        return {"id": message["id"], "action": i, "to": to}
    if "check" in kinds:
        return {"id": message["id"], "action": kinds.index("check")}
    if "call" in kinds and mine >= call / (pot + call):
        return {"id": message["id"], "action": kinds.index("call")}
    return {"id": message["id"], "action": kinds.index("fold") if "fold" in kinds else 0}


def main():
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            rng.seed(int(message["seed"]))
        elif message["type"] == "act":
            print(json.dumps(decide(message, rng)), flush=True)


if __name__ == "__main__":
    main()
