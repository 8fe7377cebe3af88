#!/usr/bin/env python3
"""Reads Tavolo's PokerStars exports back with a parser that is not Tavolo's.

Input: a JSON-lines file, one hand a line: {"ps": the PokerStars text of one hand, "expect":
what Tavolo's engine has for it}. Each hand is parsed with the published `poker` package
(poker.room.pokerstars.PokerStarsHandHistory, pinned in requirements.txt), and the players,
stacks, button, blinds, hero and hole cards, board, every betting action with its amount, the
pot, and the winners with their winnings are compared with the engine's. Prints the count of
hands read and every disagreement; exits 1 on any.

The parser keeps the pre-flop, turn and river lines as text and parses only the flop's; the
other streets' lines (and the showdown's "collected" lines) are read with the same parser's own
street reader (`_Street._parse_actions`). Posts are checked through the header's blinds.
"""
import json
import re
import sys
from decimal import Decimal

from poker.room.pokerstars import PokerStarsHandHistory, _Street


def card(c):
    """A parser's card in the usual two letters ("Td")."""
    return f"{c.rank.val}{c.suit.value[1]}"


def street_actions(lines):
    """The parser's reading of one street's lines: (name, action, amount) each."""
    st = _Street.__new__(_Street)
    keep = [l for l in lines if l and ": shows [" not in l and ": mucks hand" not in l]
    st._parse_actions(keep)
    return [
        (a.name, a.action.name, str(a.amount) if a.amount is not None else None)
        for a in (st.actions or ())
    ]


def section(text, name):
    """The lines after `*** NAME ***` up to the next marker (the showdown's collected lines)."""
    m = re.search(r"\*\*\* " + name + r" \*\*\*[^\n]*\n(.*?)(?=\*\*\*)", text, re.S)
    return m.group(1).strip("\n").split("\n") if m else []


def check(ps, ex):
    h = PokerStarsHandHistory(ps)
    h.parse()
    errs = []

    def same(what, ours, theirs):
        if ours != theirs:
            errs.append(f"{what}: engine {ours!r}, parser {theirs!r}")

    seated = [p for p in h.players if not p.name.startswith("Empty Seat")]
    same("players", ex["players"], [p.name for p in seated])
    same("stacks", ex["stacks"], [p.stack for p in seated])
    same("button", ex["button"], h.button.name)
    same("blinds", ex["blinds"], [str(h.sb), str(h.bb)])
    same("limit", ex["limit"], h.limit.name)
    same("hero", ex["hero"], h.hero.name)
    same("hero cards", sorted(ex["hero_cards"]), sorted([card(h.hero.combo.first), card(h.hero.combo.second)]))
    board = []
    if h.flop is not None:
        board += [card(c) for c in h.flop.cards]
    board += [card(c) for c in (h.turn, h.river) if c is not None]
    same("board", ex["board"], board)
    streets = {
        "preflop": street_actions(h.preflop_actions),
        "flop": [
            (a.name, a.action.name, str(a.amount) if a.amount is not None else None)
            for a in ((h.flop.actions or ()) if h.flop is not None else ())
        ],
        "turn": street_actions(getattr(h, "turn_actions", None) or ()),
        "river": street_actions(getattr(h, "river_actions", None) or ()),
        "showdown": street_actions(section(ps, "SHOW DOWN")),
    }
    for k, v in streets.items():
        same(f"{k} actions", [tuple(a) for a in ex["actions"][k]], v)
    same("total pot", ex["total_pot"], h.total_pot)
    same("showdown", ex["showdown"], h.show_down)
    won = {}
    for acts in streets.values():
        for name, kind, amount in acts:
            if kind == "WIN":
                won[name] = str(Decimal(won.get(name, "0")) + Decimal(amount))
    same("winnings", ex["won"], won)
    # The summary's winners, as the parser finds them (it keeps the position tags).
    names = {re.sub(r" \((button|small blind|big blind)\)", "", w) for w in h.winners}
    expected = set(ex["won"])
    if not board:
        # The parser reads the summary's seats from the line after "Board [..]"; a hand without
        # a board has none, and it skips the first seat's line (real PokerStars hands too).
        expected.discard(ex["players"][0])
    same("winners", sorted(expected), sorted(names))
    return errs


def main():
    path = sys.argv[1]
    read, bad = 0, []
    with open(path) as f:
        for i, line in enumerate(f):
            hand = json.loads(line)
            try:
                errs = check(hand["ps"], hand["expect"])
            except Exception as e:  # the parser could not read the hand
                errs = [f"parser failed: {type(e).__name__}: {e}"]
            if errs:
                bad.append((i, hand.get("source", ""), errs, hand["ps"]))
            else:
                read += 1
    print(f"poker {__import__('importlib.metadata').metadata.version('poker')}: "
          f"{read} hands read as the engine has them, {len(bad)} disagree")
    for i, src, errs, ps in bad[:5]:
        print(f"--- hand {i} ({src}):")
        for e in errs:
            print("   ", e)
        print(ps)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
