//! What a game must provide: [`Game`], the side a bot sees (view, action and event types), and
//! [`Table`], the omniscient side the arena drives (deal, views, legal actions, apply, result).

use std::fmt::Debug;

use crate::error::BotsError;

/// A game as a bot sees it: one marker type per game (e.g. [`crate::saint::SaintPoker`]).
///
/// A Hold'em implementation would be `struct Holdem; impl Game for Holdem { type View =
/// holdem::View; type Action = holdem::Action; type Event = holdem::Event; … }`, with the
/// events passed through `Event::seen_by(seat)` by its [`Table`] so that hole cards never reach
/// another seat.
pub trait Game: Sized + 'static {
    /// Short name used on the command line and in output (`saint`, `holdem`, `draw`).
    const NAME: &'static str;
    /// What one seat may see at a decision: its own cards and the public table.
    type View: Clone + Debug + Send;
    /// A move (which names its seat, as in the engines).
    type Action: Copy + Debug + PartialEq + Send + Sync;
    /// Something that happened, already censored for the seat that receives it.
    type Event: Clone + Debug + Send;

    /// Whether `action` is allowed when the legal actions are `legal`. By default, whether it
    /// is one of them. Betting games override it: there a bet or raise in `legal` stands for the
    /// ends of a range (the smallest and the largest amount), and any amount between is legal.
    fn allows(legal: &[Self::Action], action: &Self::Action) -> bool {
        legal.contains(action)
    }
}

/// The result of one finished game, by seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The score of each seat: points (Saint Poker) or big blinds won (betting games).
    pub scores: Vec<f64>,
    /// Each seat's share of the victory: 1 for a sole winner, 1/k for each of k sharing it, 0
    /// otherwise. The shares sum to 1.
    pub win_shares: Vec<f64>,
}

/// The omniscient side of a game, for the arena or a server: deals, drives and scores games.
/// Bots never see a `Table::State`.
pub trait Table: Game {
    /// The full game state.
    type State: Send;
    /// The table settings (player count and game options).
    type Options: Clone + Debug + Send + Sync;

    /// Number of seats the settings ask for.
    fn players(options: &Self::Options) -> usize;
    /// A new game, dealt from `seed` (the same seed deals the same game).
    fn deal(options: &Self::Options, seed: u64) -> Result<Self::State, BotsError>;
    /// Seats that must act now, in seat order (several in a simultaneous phase); empty when
    /// the game is over.
    fn to_act(state: &Self::State) -> Vec<usize>;
    /// What `seat` may see now.
    fn view(state: &Self::State, seat: usize) -> Result<Self::View, BotsError>;
    /// The legal actions of `seat` now.
    fn legal_actions(state: &Self::State, seat: usize) -> Vec<Self::Action>;
    /// Applies an action; the events it caused, uncensored.
    fn apply(state: &mut Self::State, action: Self::Action) -> Result<Vec<Self::Event>, BotsError>;
    /// The event as `seat` may see it, or `None` when it must not see it at all.
    fn event_for(event: &Self::Event, seat: usize) -> Option<Self::Event>;
    /// True once the game is finished.
    fn is_over(state: &Self::State) -> bool;
    /// The result of a finished game.
    fn outcome(state: &Self::State) -> Outcome;
    /// The game's record as JSON (for `--record`), if the game has one.
    fn record_json(state: &Self::State) -> Result<Option<String>, BotsError>;
}
