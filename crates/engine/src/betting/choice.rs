//! A betting decision as a list of actions and as a client is told it, written once for both
//! betting games: [`BettingAction`] makes and reads the betting actions of Hold'em and Draw,
//! [`legal_list`] lists a decision's actions (a bet or raise as the ends of its range),
//! [`allows`] checks an action against such a list, and [`Choice`] is a legal action as the
//! room sends it (bet sizes as a range); [`HandSummary`] is a finished hand's result as the room
//! shows it.

use serde::Serialize;
use tavolo_cards::{Card, HandRank};

use super::event::BetEvent;
use super::round::{Bet, Legal};
use super::sizing::{PotPresets, PotSize};
use crate::Chips;

/// A game's action that can be a bet: Hold'em's and Draw's actions.
pub trait BettingAction: Copy + PartialEq {
    /// The action of `seat` making `bet`.
    fn from_bet(seat: usize, bet: Bet) -> Self;

    /// The seat and the bet of a betting action; `None` for any other action.
    fn bet(&self) -> Option<(usize, Bet)>;
}

/// Implements [`BettingAction`] for a game's action enum whose betting variants are `Fold`,
/// `Check` and `Call` (each with its `seat`) and `BetOrRaiseTo` (with its `seat` and `to`), as
/// Hold'em's and Draw's are (a macro: one function cannot name the variants of two enums).
macro_rules! betting_action {
    ($action:ty) => {
        impl $crate::betting::BettingAction for $action {
            fn from_bet(seat: usize, bet: $crate::betting::Bet) -> Self {
                use $crate::betting::Bet;
                match bet {
                    Bet::Fold => Self::Fold { seat },
                    Bet::Check => Self::Check { seat },
                    Bet::Call => Self::Call { seat },
                    Bet::RaiseTo(to) => Self::BetOrRaiseTo { seat, to },
                }
            }

            fn bet(&self) -> Option<(usize, $crate::betting::Bet)> {
                use $crate::betting::Bet;
                match *self {
                    Self::Fold { seat } => Some((seat, Bet::Fold)),
                    Self::Check { seat } => Some((seat, Bet::Check)),
                    Self::Call { seat } => Some((seat, Bet::Call)),
                    Self::BetOrRaiseTo { seat, to } => Some((seat, Bet::RaiseTo(to))),
                    _ => None,
                }
            }
        }
    };
}
pub(crate) use betting_action;

/// The items of [`crate::game::Game`] that Hold'em's and Draw's hands implement alike, inside
/// the `impl Game for` block of `$hand` (whose inherent `new`, `apply`, `view` and `is_over`
/// they call, and whose `Event::seen_by` censors; `Action`, `Event` and `Dealing` are the
/// calling module's): the actions, events and choices of a betting game, its players and its
/// deal from a seed, a bet within a listed range allowed, and its outcome in chips with
/// `setup.$unit` as the unit (a macro, as [`betting_action`] is).
macro_rules! betting_game {
    ($hand:ident, $unit:ident) => {
        type Action = Action;
        type Event = Event;
        type Choices = Vec<$crate::betting::Choice>;
        type Summary = $crate::betting::HandSummary;

        fn players(setup: &Self::Setup) -> usize {
            setup.seats()
        }

        fn deal(
            setup: &Self::Setup,
            seed: [u8; 32],
        ) -> Result<($hand, Vec<Event>), $crate::game::GameError> {
            let rng = tavolo_cards::GameRng::from_seed(seed);
            Ok($hand::new(setup, Dealing::Seeded(rng))?)
        }

        fn allows(legal: &[Action], action: &Action) -> bool {
            $crate::betting::allows(legal, action)
        }

        fn apply(&mut self, action: Action) -> Result<Vec<Event>, $crate::game::GameError> {
            Ok($hand::apply(self, action)?)
        }

        fn view(&self, viewer: $crate::game::Viewer) -> Self::View {
            $hand::view(self, viewer.seat())
        }

        fn censor(event: &Event, viewer: $crate::game::Viewer) -> Option<Event> {
            Some(event.seen_by(viewer.seat()))
        }

        fn is_over(&self) -> bool {
            $hand::is_over(self)
        }

        fn outcome(&self, setup: &Self::Setup) -> $crate::game::Outcome {
            $crate::game::Outcome::Chips {
                start: setup.stacks.clone(),
                end: self.stacks().to_vec(),
                carried_in: setup.carried_in,
                carried_out: self.carried(),
                unit: setup.$unit,
            }
        }
    };
}
pub(crate) use betting_game;

/// The legal actions of a betting decision as a list: the default action first (check when
/// allowed, else fold), then fold (when a check is allowed), call, and the ends of the raise
/// range.
pub fn legal_list<A: BettingAction>(l: &Legal) -> Vec<A> {
    let seat = l.seat;
    let mut v = Vec::with_capacity(5);
    if l.check {
        v.push(A::from_bet(seat, Bet::Check));
    }
    if l.fold {
        v.push(A::from_bet(seat, Bet::Fold));
    }
    if l.call.is_some() {
        v.push(A::from_bet(seat, Bet::Call));
    }
    if let Some(r) = l.raise {
        v.push(A::from_bet(seat, Bet::RaiseTo(r.min_to)));
        if r.max_to > r.min_to {
            v.push(A::from_bet(seat, Bet::RaiseTo(r.max_to)));
        }
    }
    v
}

/// Whether `action` is allowed by a list of legal actions where a bet or raise stands for the
/// ends of its range ([`legal_list`]): a bet or raise to any amount between them is.
pub fn allows<A: BettingAction>(legal: &[A], action: &A) -> bool {
    match action.bet() {
        Some((seat, Bet::RaiseTo(to))) => {
            let mut range: Option<(Chips, Chips)> = None;
            for a in legal {
                if let Some((s, Bet::RaiseTo(t))) = a.bet() {
                    if s == seat {
                        range = Some(range.map_or((t, t), |(lo, hi)| (lo.min(t), hi.max(t))));
                    }
                }
            }
            range.is_some_and(|(lo, hi)| (lo..=hi).contains(&to))
        }
        _ => legal.contains(action),
    }
}

/// A legal action as a client is told it (JSON tagged by `action`): a bet or raise with its
/// range, a call with its price, an exchange with its largest size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Choice {
    /// Pass with nothing owed.
    Check,
    /// Give up the hand.
    Fold,
    /// Match the bet, for `amount` more chips (all-in when that is the whole stack).
    Call {
        /// Chips the call puts in.
        amount: Chips,
    },
    /// Bet or raise to any amount from `min` to `max` (this round's total in front).
    BetOrRaiseTo {
        /// The smallest amount.
        min: Chips,
        /// The largest amount.
        max: Chips,
        /// The pot-size amounts to offer (½, ¾ and the whole pot), inside the range: a client
        /// shows these rather than computing its own.
        presets: PotPresets,
    },
    /// Five-Card Draw: lay down 0 to `max` cards and receive as many.
    Exchange {
        /// The most cards.
        max: u8,
    },
    /// Show the hand at the showdown.
    Show,
    /// Give up the pot without showing.
    Muck,
}

/// The choices of a betting decision, in the order of [`legal_list`], a bet sized against
/// `pot`.
pub fn betting_choices(l: &Legal, pot: PotSize) -> Vec<Choice> {
    let mut v = Vec::with_capacity(4);
    if l.check {
        v.push(Choice::Check);
    }
    if l.fold {
        v.push(Choice::Fold);
    }
    if let Some(amount) = l.call {
        v.push(Choice::Call { amount });
    }
    if let (Some(r), Some(presets)) = (l.raise, l.presets(pot)) {
        v.push(Choice::BetOrRaiseTo {
            min: r.min_to,
            max: r.max_to,
            presets,
        });
    }
    v
}

/// A pot (or a share of it) awarded at the end of a betting hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PotAward {
    /// The pot: 0 is the main pot.
    pub pot: usize,
    /// Who won it.
    pub seat: usize,
    /// Chips won.
    pub amount: Chips,
    /// The winner's hand (codes: category and deciding ranks), when it was shown.
    #[serde(serialize_with = "crate::wire::opt_hand_code")]
    pub hand: Option<HandRank>,
}

/// A hand shown at the showdown, winner's or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShownHand {
    /// Who showed it.
    pub seat: usize,
    /// The hand (codes: category and deciding ranks).
    #[serde(serialize_with = "crate::wire::hand_code")]
    pub hand: HandRank,
    /// The five cards that make it, in the order that describes it (the pair before its
    /// kickers): a client marks them on the felt.
    pub cards: Vec<Card>,
}

/// A finished betting hand's result as the room shows it: every pot awarded, every hand
/// shown, each seat's winnings, and the chips left in the pot for the next hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandSummary {
    /// The pots, in the order they were awarded.
    pub pots: Vec<PotAward>,
    /// Every hand shown at the showdown, in seat order (losers' too; mucked hands are not).
    pub shown: Vec<ShownHand>,
    /// Chips won per seat.
    pub won: Vec<Chips>,
    /// Chips carried to the next hand.
    pub carried: Chips,
}

impl HandSummary {
    /// The summary of a hand from its betting events (the pots won), the hand each winner
    /// showed (`shown`) and the five cards that make it (`five`), each seat's winnings and the
    /// chips carried.
    pub fn new(
        events: impl IntoIterator<Item = BetEvent>,
        shown: impl Fn(usize) -> Option<HandRank>,
        five: impl Fn(usize) -> Option<[Card; 5]>,
        won: &[Chips],
        carried: Chips,
    ) -> HandSummary {
        let pots = events
            .into_iter()
            .filter_map(|e| match e {
                BetEvent::PotWon { pot, seat, amount } => Some(PotAward {
                    pot,
                    seat,
                    amount,
                    hand: shown(seat),
                }),
                _ => None,
            })
            .collect();
        let shown_hands = (0..won.len())
            .filter_map(|seat| {
                shown(seat).map(|hand| ShownHand {
                    seat,
                    hand,
                    cards: five(seat).map(Vec::from).unwrap_or_default(),
                })
            })
            .collect();
        HandSummary {
            pots,
            shown: shown_hands,
            won: won.to_vec(),
            carried,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_are_written_as_the_room_sends_them() {
        let v = serde_json::to_string(&[
            Choice::Call {
                amount: Chips::new(20),
            },
            Choice::BetOrRaiseTo {
                min: Chips::new(40),
                max: Chips::new(200),
                presets: PotPresets {
                    half_pot: Chips::new(50),
                    three_quarter_pot: Chips::new(65),
                    pot: Chips::new(80),
                },
            },
            Choice::Exchange { max: 3 },
        ])
        .expect("serialises");
        assert_eq!(
            v,
            r#"[{"action":"call","amount":20},{"action":"bet_or_raise_to","min":40,"max":200,"presets":{"half_pot":50,"three_quarter_pot":65,"pot":80}},{"action":"exchange","max":3}]"#
        );
    }
}
