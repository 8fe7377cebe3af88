#!/usr/bin/env python3
"""A tiny Tavolo bot for Hold'em, Five-Card Draw and Saint Poker (docs/bot-protocol.md,
protocol version 2).

Run it with: tavolo sim holdem --bots exec:examples/bot.py,station --games 100
It calls or checks, raises the minimum one time in five, and stands pat in the draw;
in Saint Poker it takes the first choice offered.
"""
import json
import random
import sys

rng = random.Random(0)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        rng.seed(int(message["seed"]))  # a decimal string
    if message["type"] != "act":
        continue
    legal = message["legal"]
    kinds = [a["action"] for a in legal]
    if "bet_or_raise_to" in kinds and rng.random() < 0.2:
        choice = kinds.index("bet_or_raise_to")
    elif "check" in kinds:
        choice = kinds.index("check")
    elif "call" in kinds:
        choice = kinds.index("call")
    elif "show" in kinds:
        choice = kinds.index("show")
    else:
        choice = 0  # the default: fold, or stand pat in the exchange
    print(json.dumps({"id": message["id"], "action": choice}), flush=True)
