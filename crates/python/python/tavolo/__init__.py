"""Tavolo in Python: Saint Poker, Texas Hold'em (casino rules: No-Limit, Pot-Limit, Limit) and
German Five-Card Draw as exact, fast state machines; the hand evaluator and equity; PHH hand
histories; batched stepping and PettingZoo / Gymnasium environments for agents.

Everything runs in Tavolo's Rust engine. Actions, events, views and setups are plain dicts,
the same JSON the Tavolo room and its records use::

    import tavolo
    g = tavolo.Game("holdem", players=6, seed=1)
    while not g.is_over():
        seat = g.to_act()[0]
        g.apply(g.legal_actions(seat)[0])      # check when free, else fold
    print(g.outcome())

``tavolo.env`` holds the PettingZoo environments, ``tavolo.gym`` the Gymnasium wrapper
against Tavolo's bots; ``tavolo.arrays`` turns the byte buffers of observations, masks and
batches into numpy arrays.
"""

from ._tavolo import (
    GAMES,
    Batch,
    CardError,
    FormatError,
    Game,
    HandHistory,
    HandRank,
    IllegalActionError,
    SetupError,
    TavoloError,
    Versus,
    __version__,
    best_five,
    best_saint,
    compare,
    equity,
    evaluate,
    parse_cards,
    phh_load,
    phhs_load,
)

__all__ = [
    "GAMES",
    "Batch",
    "CardError",
    "FormatError",
    "Game",
    "HandHistory",
    "HandRank",
    "IllegalActionError",
    "SetupError",
    "TavoloError",
    "Versus",
    "__version__",
    "best_five",
    "best_saint",
    "compare",
    "equity",
    "evaluate",
    "parse_cards",
    "phh_load",
    "phhs_load",
]
