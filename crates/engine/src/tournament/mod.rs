//! Tournaments' rules that need no table (RULES.md §5): the structure of levels and breaks,
//! the draw for seats, breaking and balancing tables, what each place pays and how tied places
//! share it, what a tournament called off pays, the finishing order of players busted in one hand, deals at a final table
//! (ICM and the chip chop), and Saint Poker's Swiss rounds (tables, place points, standings) with their elimination
//! variant, and a Swiss event's rounds as one state machine (`event`).
//!
//! Each is a pure function of facts a tournament records (entries, the pool, stacks at the start
//! of a hand, seats, games' results), so that every node computes the same answer and a
//! tournament taken over by another node pays exactly what the first would have. The amounts
//! are room chips, whole numbers: every division says where its remainder goes.

pub mod cancel;
pub mod deal;
pub mod event;
pub mod finish;
pub mod knockout;
pub mod payout;
pub mod seating;
pub mod state;
pub mod structure;
pub mod swiss;

pub use cancel::cancellation_shares;
pub use deal::{chip_chop, icm, icm_chips, icm_floors, shared_prizes, DealError};
pub use event::{
    knockout_rounds, SwissConfig, SwissEffect, SwissError, SwissEvent, SwissPhase, SwissStart,
};
pub use finish::{bust_places, Bust, Placed};
pub use knockout::{final_ranking, go_on, is_final};
pub use payout::{places_paid, prizes, share_tied, PayoutError, Tied};
pub use seating::{
    allowed_gap, balance, break_table, can_break, first_draw, halted, Move, Seating,
};
pub use state::{
    AddOn, Break, Config, Deal, DealKind, Effect, KeptBack, Phase, Start, Tournament,
    TournamentError, DEAL_MS,
};
pub use structure::{
    chip_race, time_bank_secs, Length, Level, Speed, Step, Structure, StructureError,
    TournamentGame,
};
pub use swiss::{
    pairings, place_points, rounds, standings, table_sizes, GameResult, Points, Standing,
};
