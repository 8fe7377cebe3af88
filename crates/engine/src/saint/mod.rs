//! Saint Poker (RULES.md §1): the reference engine, its game record and replay.
