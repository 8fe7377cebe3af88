#!/usr/bin/env python3
"""RLCard's Limit Hold'em rule agent (LimitholdemRuleAgentV1, `pip install rlcard==1.2.0`)
as a Tavolo external bot (docs/bot-protocol.md): the outside program the `strong` Hold'em level
is measured against (docs/bots.md, "Outside programs").

Every decision is RLCard's own code: the seat's cards and the board are put into the raw
observation RLCard's agent reads (cards as RLCard writes them, suit first: "HA", "ST"), with
RLCard's legal actions for the spot: `raise` when Tavolo allows a bet or raise, `check` when
checking is free, else `call`, and `fold` always, as RLCard lists it. The agent's answer is
played as Tavolo's action, with one change: where it folds while checking is free, it checks
(a free fold is a loss no program means). The engine's rules apply (heads-up Limit has no cap
on raises, RULES.md §2): the agent raises whenever Tavolo lets it and its rules say so.

Tavolo starts a bot once per hand, and importing RLCard (numpy) takes most of a second, so
the agent can run in a server that the per-hand program asks over a Unix socket:

    python3 rlcard_limit.py --serve /tmp/rlcard.sock &      # once
    tavolo sim holdem --structure limit --duplicate \\
        --bots "exec:python3 crates/bots/outside/rlcard_limit.py /tmp/rlcard.sock",strong ...

The server answers each question by calling the agent and remembers nothing between them, so
a hand's program learns nothing from the server that it was not told (the agent is a function of
the cards it is shown). Without a socket argument the program imports RLCard itself.
"""
import json
import os
import socket
import sys


def rlcard_card(card):
    """Tavolo's "Ah" as RLCard's "HA"."""
    return card[1].upper() + card[0]


def question(message):
    """The raw state RLCard's agent reads, from an `act` message."""
    view = message["view"]
    seat = view["seat"]
    hand = [rlcard_card(c) for c in view["hole"][seat] if c]
    board = [rlcard_card(c) for c in view["board"]]
    kinds = [a["action"] for a in message["legal"]]
    legal = []
    if "bet_or_raise_to" in kinds:
        legal.append("raise")
    legal.append("check" if "check" in kinds else "call")
    legal.append("fold")
    return {"hand": hand, "public_cards": board, "legal": legal}


def decide(agent, q):
    """RLCard's answer to question `q`."""
    state = {
        "raw_legal_actions": q["legal"],
        "raw_obs": {"hand": q["hand"], "public_cards": q["public_cards"]},
    }
    return agent.step(state)


def load_agent():
    from rlcard.models.limitholdem_rule_models import LimitholdemRuleAgentV1

    return LimitholdemRuleAgentV1()


def serve(path):
    agent = load_agent()
    if os.path.exists(path):
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(64)
    while True:
        conn, _ = server.accept()
        with conn, conn.makefile("rw") as f:
            for line in f:
                f.write(decide(agent, json.loads(line)) + "\n")
                f.flush()


def play(path):
    if path:
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        conn.connect(path)
        remote = conn.makefile("rw")

        def ask(q):
            remote.write(json.dumps(q) + "\n")
            remote.flush()
            return remote.readline().strip()
    else:
        agent = load_agent()

        def ask(q):
            return decide(agent, q)

    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] != "act":
            continue
        kinds = [a["action"] for a in message["legal"]]
        answer = ask(question(message))
        if answer == "fold" and "check" in kinds:
            answer = "check"
        wanted = {"raise": "bet_or_raise_to"}.get(answer, answer)
        if wanted not in kinds:
            wanted = "check" if "check" in kinds else "call"
        print(json.dumps({"id": message["id"], "action": kinds.index(wanted)}), flush=True)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--serve":
        serve(sys.argv[2])
    else:
        play(sys.argv[1] if len(sys.argv) > 1 else None)
