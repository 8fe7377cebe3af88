//! The ruleset of a Hold'em hand and the setup of one deal.

use crate::betting::{MinRaise, OddChips, RaiseCap, Reopen, Structure};
use crate::game::Game;
use crate::Chips;
use tavolo_cards::wire_value;

wire_value! {
    /// The order in which hands are turned at the showdown.
    #[derive(Default)]
    pub enum ShowdownOrder {
        /// Starting with the player who began the last betting round, then to the left (the seed,
        /// RULES.md §2 default).
        #[default]
        #[serde(alias = "FirstToActLastRound")]
        FirstToActLastRound,
        /// Starting with the last player to bet or raise in the last betting round, else as above
        /// (PokerKit and the WSOP rules).
        #[serde(alias = "LastAggressorFirst")]
        LastAggressorFirst,
    }
}

wire_value! {
    /// Who decides whether a hand is shown at the showdown.
    #[derive(Default)]
    #[schemars(rename = "HoldemReveal")]
    pub enum Reveal {
        /// Every hand still in is shown by the dealer (RULES.md §2 decision).
        #[default]
        #[serde(alias = "AllShown")]
        AllShown,
        /// Each player in showdown order shows or mucks (hand histories; a muck gives up the pot).
        #[serde(alias = "PlayersChoose")]
        PlayersChoose,
    }
}

wire_value! {
    /// How antes count for side pots.
    #[derive(Default)]
    pub enum Antes {
        /// An ante is a contribution like any other: a player wins from each other player at most
        /// what they put in (RULES.md §2 Pots; PHH `ante_trimming_status = true`).
        #[default]
        #[serde(alias = "Live")]
        Live,
        /// Antes are pooled into the main pot that every live player may win (PHH
        /// `ante_trimming_status = false`, PokerKit's default, e.g. big-blind antes).
        #[serde(alias = "Dead")]
        Dead,
    }
}

wire_value! {
    /// A table's Hold'em ruleset. [`HoldemRules::default`] is RULES.md §2 with No-Limit.
    pub struct HoldemRules {
        /// No-Limit, Pot-Limit or Limit.
        pub structure: Structure,
        /// The minimum-raise rule.
        pub min_raise: MinRaise,
        /// When a short all-in reopens the betting.
        pub reopen: Reopen,
        /// The cap on bets and raises in Limit (ignored by the other structures).
        pub limit_cap: RaiseCap,
        /// Whether the big blind counts as the first bet towards the Limit cap pre-flop
        /// (RULES.md: yes, "at most four bets, the blind counting as the first"; PokerKit: no).
        pub blind_counts_as_bet: bool,
        /// What happens to odd chips of a split pot.
        pub odd_chips: OddChips,
        /// Who turns their hand first at the showdown.
        pub showdown_order: ShowdownOrder,
        /// Who decides to show.
        pub reveal: Reveal,
        /// How antes count.
        pub antes: Antes,
        /// Before the pots are split, kill the hands that cannot win any pot, so that pots which
        /// differed only by those hands merge (PokerKit's convention). It moves odd chips only.
        pub kill_losing_hands: bool,
    }
}

impl Default for HoldemRules {
    fn default() -> Self {
        HoldemRules::casino(Structure::NoLimit)
    }
}

impl HoldemRules {
    /// RULES.md §2 with the given betting structure: in Pot-Limit a raise is at least the
    /// table minimum (the seed's rule), in No-Limit at least the largest increment so far.
    pub const fn casino(structure: Structure) -> HoldemRules {
        HoldemRules {
            structure,
            min_raise: match structure {
                Structure::PotLimit => MinRaise::TableMinimum,
                _ => MinRaise::LargestIncrement,
            },
            reopen: Reopen::FullRaiseSinceLastAction,
            limit_cap: RaiseCap {
                max_bets: 4,
                lifted_heads_up: true,
            },
            blind_counts_as_bet: true,
            odd_chips: OddChips::OneEachFromLeftOfButton,
            showdown_order: ShowdownOrder::FirstToActLastRound,
            reveal: Reveal::AllShown,
            antes: Antes::Live,
            kill_losing_hands: false,
        }
    }

    /// PokerKit's conventions (used to replay PHH files and in the differential test): the
    /// Limit cap is four bets and raises per round, the blind not counting, never lifted; odd
    /// chips all to the first winner after the losing hands are killed; last aggressor shows
    /// first; players show or muck.
    pub const fn pokerkit(structure: Structure, antes: Antes) -> HoldemRules {
        HoldemRules {
            structure,
            min_raise: MinRaise::LargestIncrement,
            reopen: Reopen::PokerKit,
            limit_cap: RaiseCap {
                max_bets: 4,
                lifted_heads_up: false,
            },
            blind_counts_as_bet: false,
            odd_chips: OddChips::AllToFirstLeftOfButton,
            showdown_order: ShowdownOrder::LastAggressorFirst,
            reveal: Reveal::PlayersChoose,
            antes,
            kill_losing_hands: true,
        }
    }
}

/// Everything needed to deal one hand: players in clockwise order, the button, forced bets.
///
/// Seats here are the players dealt in (sitting-out players are left out by the table layer).
/// Forced bets are given per seat so that any blind/straddle/ante scheme of a hand history can
/// be expressed; [`HandSetup::casino`] builds the usual small and big blind.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HandSetup {
    /// Starting stacks, one per seat (2 to 10 seats).
    pub stacks: Vec<Chips>,
    /// The seat with the dealer button.
    pub button: usize,
    /// The ante of each seat (0 for none).
    pub antes: Vec<Chips>,
    /// The blind or straddle of each seat (0 for none).
    pub blinds: Vec<Chips>,
    /// The minimum bet: the big blind (No-Limit, Pot-Limit) or the small bet (Limit).
    pub min_bet: Chips,
    /// The big bet of the turn and river in Limit (usually twice the small bet).
    pub big_bet: Chips,
    /// The ruleset.
    pub rules: HoldemRules,
    /// Chips carried over from the previous hand into this hand's main pot (odd chips that
    /// stayed in the pot).
    #[serde(default)]
    pub carried_in: Chips,
}

impl HandSetup {
    /// The casino deal (RULES.md §2): the small blind is the first player left of the button
    /// ("the hand"), the big blind the next; heads-up the button posts the small blind.
    /// In Limit the small bet is the big blind and the big bet twice it.
    pub fn casino(
        stacks: Vec<Chips>,
        button: usize,
        small: Chips,
        big: Chips,
        rules: HoldemRules,
    ) -> HandSetup {
        let n = stacks.len().max(1);
        let mut blinds = vec![Chips::ZERO; stacks.len()];
        let (sb, bb) = if n == 2 {
            (button % n, (button + 1) % n)
        } else {
            ((button + 1) % n, (button + 2) % n)
        };
        if n >= 2 {
            blinds[sb] = small;
            blinds[bb] = big;
        }
        HandSetup {
            antes: vec![Chips::ZERO; stacks.len()],
            stacks,
            button,
            blinds,
            min_bet: big,
            // A big blind too large to double gives a big bet no stack can reach (and
            // `validate` refuses such a table's stacks long before).
            big_bet: big.checked_mul(2).unwrap_or(Chips::MAX),
            rules,
            carried_in: Chips::ZERO,
        }
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.stacks.len()
    }

    /// Checks the setup.
    pub fn validate(&self) -> Result<(), super::SetupError> {
        use super::SetupError as E;
        let n = self.stacks.len();
        if !<super::Hand as Game>::SEATS.contains(&n) {
            return Err(E::SeatCount { got: n });
        }
        if self.antes.len() != n || self.blinds.len() != n {
            return Err(E::Lengths {
                seats: n,
                antes: self.antes.len(),
                blinds: self.blinds.len(),
            });
        }
        if self.button >= n {
            return Err(E::Button {
                button: self.button,
                seats: n,
            });
        }
        if let Some(seat) = self.stacks.iter().position(|&s| s == 0) {
            return Err(E::EmptyStack { seat });
        }
        if self.min_bet == 0 || (self.rules.structure == Structure::FixedLimit && self.big_bet == 0)
        {
            return Err(E::ZeroBet);
        }
        let total = self
            .stacks
            .iter()
            .try_fold(Chips::ZERO, |a, &s| a.checked_add(s));
        let ok = total.and_then(|t| t.checked_mul(4)).is_some();
        if !ok {
            return Err(E::Overflow);
        }
        Ok(())
    }
}
