//! Texas Hold'em (RULES.md §2): betting, pots, the hand, the table, PHH hand histories.
