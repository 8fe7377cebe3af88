//! A tournament's structure (RULES.md §5, "Levels and the clock"): levels of small blind, big
//! blind and big-blind ante (Hold'em) or of the ante alone (Five-Card Draw, whose ante is also
//! the table minimum for bets and raises, RULES.md §3), by time or by hands, with breaks; the
//! level in force for the next hand; the time bank that grows with the levels; and the chip race
//! at a colour-up.
//!
//! Shipped templates (`regular`, `turbo`, `hyper`) share one ladder of blinds (Draw: of antes, a
//! quarter of the big blind) and differ in the length of a level; every structure is checked for
//! its game (blinds and antes never go down, a big blind at least the small one, a Draw level
//! an ante and no blinds) before a tournament is created with it.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::Chips;

/// The game a tournament plays (RULES.md §5: Hold'em and Five-Card Draw).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TournamentGame {
    /// No-Limit Texas Hold'em (RULES.md §2): blinds and a big-blind ante.
    #[default]
    Holdem,
    /// Five-Card Draw by the German rules (RULES.md §3): every player antes; the ante is the
    /// minimum bet and raise.
    Draw,
}

impl TournamentGame {
    /// The game's word (`holdem`, `draw`), as the room names games.
    pub fn word(self) -> &'static str {
        match self {
            TournamentGame::Holdem => "holdem",
            TournamentGame::Draw => "draw",
        }
    }

    /// The game named `word`, if it is played in tournaments.
    pub fn from_word(word: &str) -> Option<TournamentGame> {
        match word {
            "holdem" => Some(TournamentGame::Holdem),
            "draw" => Some(TournamentGame::Draw),
            _ => None,
        }
    }

    /// The most seats a table of the game has (Hold'em 10, Draw 8: RULES.md §2, §3).
    pub fn max_seats(self) -> usize {
        match self {
            TournamentGame::Holdem => 10,
            TournamentGame::Draw => crate::draw::MAX_DRAW_SEATS,
        }
    }
}

/// One level: the blinds and the big-blind ante posted in its hands (Hold'em), or the ante
/// every player posts (Draw: no blinds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level {
    /// The small blind (Draw: 0).
    pub small_blind: Chips,
    /// The big blind (Draw: 0).
    pub big_blind: Chips,
    /// Hold'em: the big-blind ante (posted by the big blind for the table, blind first; 0:
    /// none). Draw: every player's ante, also the minimum bet and raise.
    pub ante: Chips,
}

/// What a level lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Length {
    /// Minutes of play (breaks and paused time do not count).
    Minutes(u32),
    /// Hands dealt at a table (counted per table; the tournament moves on with the slowest).
    Hands(u32),
}

/// A step of the structure: a level, or a break after the level before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// A level of play.
    Level(Level),
    /// A break of so many minutes, with a chip race for the chips worth `colour_up` if set
    /// (they leave play).
    Break {
        /// Its minutes.
        minutes: u32,
        /// The value of the chips that leave play at the break.
        colour_up: Option<Chips>,
    },
}

/// A tournament's structure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Structure {
    /// Each level's length.
    pub length: Length,
    /// The levels and breaks, in order; the last level lasts until the end.
    pub steps: Vec<Step>,
    /// Chips each entry starts with.
    pub starting_stack: Chips,
}

/// The speeds of the shipped templates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// 20-minute levels.
    Regular,
    /// 10-minute levels.
    Turbo,
    /// 5-minute levels.
    Hyper,
}

/// Why a structure cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StructureError {
    /// No level at all.
    #[error("a structure needs at least one level")]
    NoLevels,
    /// A Draw level with blinds, or without an ante.
    #[error("level {level}: a Draw level is an ante of at least 1 and no blinds")]
    DrawAnte {
        /// The level (1 = the first).
        level: usize,
    },
    /// A level's blinds are not a small blind of at least 1 and a big blind at least as large.
    #[error(
        "level {level}: a small blind of {small} and a big blind of {big} (need 1 ≤ small ≤ big)"
    )]
    Blinds {
        /// The level (1 = the first).
        level: usize,
        /// Its small blind.
        small: Chips,
        /// Its big blind.
        big: Chips,
    },
    /// A level's blinds or ante are below the level before.
    #[error("level {level} lowers the blinds or the ante; they never go down")]
    Reduced {
        /// The level (1 = the first).
        level: usize,
    },
    /// A level or break of no length, or a starting stack of no chips.
    #[error("a level, a break or the starting stack is empty")]
    Empty,
}

/// The big blinds of the shipped ladder; the small blind is half, the big-blind ante equals the
/// big blind from the third level on.
const LADDER: [u64; 24] = [
    100, 200, 300, 400, 600, 800, 1_000, 1_200, 1_600, 2_000, 3_000, 4_000, 5_000, 6_000, 8_000,
    10_000, 12_000, 16_000, 20_000, 30_000, 40_000, 50_000, 60_000, 80_000,
];

impl Structure {
    /// The shipped Hold'em template at `speed`: 100 big blinds to start (10,000 chips at
    /// 50/100), a break of half a level (at least 5 minutes) every four levels; the 50-chips
    /// leave play at the first break (every blind and ante from the fifth level on is a multiple
    /// of 100).
    pub fn template(speed: Speed) -> Structure {
        Structure::template_of(TournamentGame::Holdem, speed)
    }

    /// The shipped template of `game` at `speed`. Hold'em: as [`Structure::template`]. Draw
    /// (docs/rule-decisions.md, Tournaments): the same clock, breaks and 10,000 chips, each
    /// level an ante of a quarter of Hold'em's big blind (25, 50, 75, 100, 150, …: 400 antes to
    /// start), which is also the minimum bet, so that a level raises the ante and the bet
    /// together; the 25-chips leave play at the first break (every ante from the fifth level on
    /// is a multiple of 50).
    pub fn template_of(game: TournamentGame, speed: Speed) -> Structure {
        let minutes = match speed {
            Speed::Regular => 20,
            Speed::Turbo => 10,
            Speed::Hyper => 5,
        };
        let mut steps = Vec::new();
        for (i, &big) in LADDER.iter().enumerate() {
            let big = Chips::new(big);
            steps.push(Step::Level(match game {
                TournamentGame::Holdem => Level {
                    small_blind: big.half(),
                    big_blind: big,
                    ante: if i >= 2 { big } else { Chips::ZERO },
                },
                TournamentGame::Draw => Level {
                    small_blind: Chips::ZERO,
                    big_blind: Chips::ZERO,
                    ante: big.half().half(),
                },
            }));
            if (i + 1) % 4 == 0 && i + 1 < LADDER.len() {
                let chip = match game {
                    TournamentGame::Holdem => 50,
                    TournamentGame::Draw => 25,
                };
                steps.push(Step::Break {
                    minutes: (minutes / 2).max(5),
                    colour_up: (i == 3).then_some(Chips::new(chip)),
                });
            }
        }
        Structure {
            length: Length::Minutes(minutes),
            steps,
            starting_stack: Chips::new(10_000),
        }
    }

    /// Refuses a Hold'em structure that could not be played by the rules.
    pub fn check(&self) -> Result<(), StructureError> {
        self.check_for(TournamentGame::Holdem)
    }

    /// Refuses a structure that could not be played by `game`'s rules.
    pub fn check_for(&self, game: TournamentGame) -> Result<(), StructureError> {
        if self.starting_stack == 0 {
            return Err(StructureError::Empty);
        }
        if matches!(self.length, Length::Minutes(0) | Length::Hands(0)) {
            return Err(StructureError::Empty);
        }
        let mut before: Option<Level> = None;
        for (i, l) in self.levels().enumerate() {
            let level = i + 1;
            let draw = game == TournamentGame::Draw;
            if draw && (l.ante == 0 || l.small_blind > 0 || l.big_blind > 0) {
                return Err(StructureError::DrawAnte { level });
            }
            if !draw && (l.small_blind == 0 || l.big_blind < l.small_blind) {
                return Err(StructureError::Blinds {
                    level,
                    small: l.small_blind,
                    big: l.big_blind,
                });
            }
            if let Some(b) = before {
                if l.small_blind < b.small_blind || l.big_blind < b.big_blind || l.ante < b.ante {
                    return Err(StructureError::Reduced { level });
                }
            }
            before = Some(l);
        }
        if before.is_none() {
            return Err(StructureError::NoLevels);
        }
        if self
            .steps
            .iter()
            .any(|s| matches!(s, Step::Break { minutes: 0, .. }))
        {
            return Err(StructureError::Empty);
        }
        Ok(())
    }

    /// The levels alone, in order.
    pub fn levels(&self) -> impl Iterator<Item = Level> + '_ {
        self.steps.iter().filter_map(|s| match s {
            Step::Level(l) => Some(*l),
            Step::Break { .. } => None,
        })
    }

    /// The level (1 = the first) in force for a hand dealt after `played` units of play (minutes
    /// or hands, as the structure counts), breaks not counted: a new level applies from the next
    /// hand, and the last level lasts.
    pub fn level_after(&self, played: u64) -> usize {
        let per = match self.length {
            Length::Minutes(m) => u64::from(m),
            Length::Hands(h) => u64::from(h),
        };
        let count = self.levels().count().max(1);
        usize::try_from(played / per.max(1)).map_or(count, |l| (l + 1).min(count))
    }

    /// Level `n` (1 = the first).
    pub fn level(&self, n: usize) -> Option<Level> {
        self.levels().nth(n.checked_sub(1)?)
    }
}

/// The time bank of a player at level `n` (1 = the first), in seconds: 30, 5 more a level, at
/// most 60.
pub fn time_bank_secs(level: usize) -> u32 {
    let grown = 30 + 5 * level.saturating_sub(1);
    u32::try_from(grown.min(60)).unwrap_or(60)
}

/// The action clock, in seconds.
pub const ACTION_CLOCK_SECS: u32 = 30;

/// The chip race at a colour-up of chips worth `small` into chips worth `big`: `odd[i]` is
/// what player `i` holds in small chips after changing up every full `big` they can; `order`
/// the players as the race's draw ranks them (best first). The small chips leave play; their
/// total, rounded to the nearest `big` (half up), comes back as `big` chips, one at most a
/// player, in the draw's order — except that a player whose odd chips are all they have
/// (`raced_out[i]`) gets one first, so nobody is raced out. Answers each player's chips won.
pub fn chip_race(
    small_total: &[Chips],
    raced_out: &[bool],
    order: &[usize],
    big: Chips,
) -> Vec<Chips> {
    let n = small_total.len();
    let mut won = vec![Chips::ZERO; n];
    if big.is_zero() {
        return won;
    }
    // How many chips of `big` the race gives: the small chips' value, rounded half up.
    let value: u128 = small_total.iter().map(|c| u128::from(*c)).sum();
    let pieces = (value + u128::from(big.half())) / u128::from(big);
    let mut chips = u64::try_from(pieces).unwrap_or(u64::MAX);
    for i in (0..n).filter(|&i| raced_out.get(i) == Some(&true) && small_total[i] > 0) {
        won[i] = big;
        chips = chips.saturating_sub(1);
    }
    for &i in order {
        if chips == 0 {
            break;
        }
        if i < n && won[i].is_zero() && small_total[i] > 0 {
            won[i] = big;
            chips -= 1;
        }
    }
    won
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(n: u64) -> Chips {
        Chips::new(n)
    }

    fn chips(v: &[u64]) -> Vec<Chips> {
        v.iter().map(|n| Chips::new(*n)).collect()
    }

    #[test]
    fn the_templates_are_playable_and_differ_only_in_their_clock() {
        for speed in [Speed::Regular, Speed::Turbo, Speed::Hyper] {
            let s = Structure::template(speed);
            assert_eq!(s.check(), Ok(()), "{speed:?}");
            assert_eq!(
                s.level(1),
                Some(Level {
                    small_blind: c(50),
                    big_blind: c(100),
                    ante: c(0)
                })
            );
            assert_eq!(
                s.level(3).map(|l| l.ante),
                Some(c(300)),
                "a big-blind ante from level 3"
            );
        }
        assert_eq!(Structure::template(Speed::Hyper).length, Length::Minutes(5));
    }

    #[test]
    fn draw_templates_raise_the_ante_and_the_bet_and_have_no_blinds() {
        for speed in [Speed::Regular, Speed::Turbo, Speed::Hyper] {
            let s = Structure::template_of(TournamentGame::Draw, speed);
            let hold = Structure::template(speed);
            assert_eq!(s.check_for(TournamentGame::Draw), Ok(()), "{speed:?}");
            assert_eq!(s.length, hold.length, "the clock of Hold'em's template");
            let antes: Vec<u64> = s.levels().map(|l| l.ante.get()).take(6).collect();
            assert_eq!(antes, vec![25, 50, 75, 100, 150, 200]);
            assert!(s.levels().all(|l| l.small_blind == 0 && l.big_blind == 0));
            assert!(
                s.check().is_err(),
                "a Draw structure is no Hold'em structure"
            );
            assert_eq!(
                hold.check_for(TournamentGame::Draw),
                Err(StructureError::DrawAnte { level: 1 })
            );
        }
    }

    #[test]
    fn a_new_level_applies_from_the_next_hand_and_the_last_one_lasts() {
        let s = Structure::template(Speed::Regular);
        assert_eq!(s.level_after(0), 1);
        assert_eq!(s.level_after(19), 1);
        assert_eq!(s.level_after(20), 2);
        assert_eq!(s.level_after(1_000_000), LADDER.len());
    }

    #[test]
    fn blinds_and_antes_never_go_down() {
        let mut s = Structure::template(Speed::Turbo);
        s.steps.swap(0, 1);
        assert_eq!(s.check(), Err(StructureError::Reduced { level: 2 }));
        let bad = Structure {
            length: Length::Hands(10),
            steps: vec![Step::Level(Level {
                small_blind: c(20),
                big_blind: c(10),
                ante: c(0),
            })],
            starting_stack: c(1_000),
        };
        assert!(matches!(
            bad.check(),
            Err(StructureError::Blinds { level: 1, .. })
        ));
        let none = Structure {
            steps: Vec::new(),
            ..bad
        };
        assert_eq!(none.check(), Err(StructureError::NoLevels));
    }

    #[test]
    fn the_time_bank_is_30_seconds_growing_by_5_a_level_up_to_60() {
        let got: Vec<u32> = (1..=9).map(time_bank_secs).collect();
        assert_eq!(got, vec![30, 35, 40, 45, 50, 55, 60, 60, 60]);
    }

    #[test]
    fn a_chip_race_gives_one_chip_at_most_a_player_and_races_nobody_out() {
        // 25-chips into 100s: 75 + 50 + 25 = 150 → 2 chips (1.5 rounds up).
        let won = chip_race(
            &chips(&[75, 50, 25]),
            &[false, false, true],
            &[0, 1, 2],
            c(100),
        );
        // c holds nothing else: c gets one first; one more by the draw, to a.
        assert_eq!(won, chips(&[100, 0, 100]));
        let won = chip_race(
            &chips(&[75, 50, 0]),
            &[false, false, false],
            &[1, 0, 2],
            c(100),
        );
        assert_eq!(
            won,
            chips(&[0, 100, 0]),
            "125 rounds to 1 chip, to the draw's first"
        );
    }
}
