//! The ruleset of a draw hand, the setup of one deal, where its cards come from, and the dealer's
//! rotation.

use super::error::SetupError;
use crate::betting::{MinRaise, OddChips};
use crate::game::Game;
use crate::Chips;
use tavolo_cards::wire_value;
use tavolo_cards::{Card, CardSet, GameRng, TieBreak};

/// The most players at a draw table (RULES.md §3: 2–8; 8 × 5 cards + 11 to draw + the bottom
/// card make the deck always suffice).
pub const MAX_DRAW_SEATS: usize = 8;

wire_value! {
    /// A table's Five-Card Draw ruleset. [`DrawRules::default`] is RULES.md §3.
    #[serde(default)]
    pub struct DrawRules {
        /// Whether a player may check before the betting is opened (RULES.md: no — open or fold;
        /// the option is "as most other draw games do").
        pub allow_check: bool,
        /// How hands of the same category compare (RULES.md: German).
        pub tie_break: TieBreak,
        /// The minimum raise (RULES.md: the table minimum, i.e. the ante, on top of the call).
        pub min_raise: MinRaise,
        /// What happens to chips a split cannot divide (RULES.md: they stay in the pot for the next
        /// hand).
        pub odd_chips: OddChips,
    }
}

impl Default for DrawRules {
    fn default() -> Self {
        DrawRules::german()
    }
}

impl DrawRules {
    /// RULES.md §3: open or fold, German tie-breaks, raises of at least the ante, odd chips stay.
    pub const fn german() -> DrawRules {
        DrawRules {
            allow_check: false,
            tie_break: TieBreak::German,
            min_raise: MinRaise::TableMinimum,
            odd_chips: OddChips::StayInPot,
        }
    }
}

/// Everything needed to deal one hand.
///
/// Seats are the players dealt in, in clockwise order (a table leaves out players without
/// chips). `carried_in` is the pot left over by the previous hand (odd chips): it goes to the
/// main pot of this hand; [`super::DrawHand::carried`] is what this hand leaves to the next.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DrawSetup {
    /// Starting stacks, one per seat (2 to 8 seats, every one positive).
    pub stacks: Vec<Chips>,
    /// The dealer's seat; the cutter sits to the dealer's left and acts first.
    pub dealer: usize,
    /// The ante ("Grundeinsatz"), also the minimum bet and raise. Positive.
    pub ante: Chips,
    /// Chips left in the pot by the previous hand.
    pub carried_in: Chips,
    /// The ruleset.
    pub rules: DrawRules,
}

impl DrawSetup {
    /// A setup with the default rules and nothing carried in.
    pub fn new(stacks: Vec<Chips>, dealer: usize, ante: Chips) -> DrawSetup {
        DrawSetup {
            stacks,
            dealer,
            ante,
            carried_in: Chips::ZERO,
            rules: DrawRules::default(),
        }
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.stacks.len()
    }

    /// Checks the setup.
    pub fn validate(&self) -> Result<(), SetupError> {
        let n = self.stacks.len();
        if !<super::DrawHand as Game>::SEATS.contains(&n) {
            return Err(SetupError::SeatCount { got: n });
        }
        if self.dealer >= n {
            return Err(SetupError::Dealer {
                dealer: self.dealer,
                seats: n,
            });
        }
        if let Some(seat) = self.stacks.iter().position(|&s| s == 0) {
            return Err(SetupError::EmptyStack { seat });
        }
        if self.ante == 0 {
            return Err(SetupError::ZeroAnte);
        }
        let total = self
            .stacks
            .iter()
            .try_fold(self.carried_in, |a, &s| a.checked_add(s))
            .and_then(|t| t.checked_mul(4));
        if total.is_none() {
            return Err(SetupError::Overflow);
        }
        Ok(())
    }
}

/// Cards fixed by the caller (tests, replaying a record or an event log).
///
/// `hands[s]` are the five cards of seat `s`; `draws` the cards handed out in the exchange, in
/// the order they are served (from the cutter to the dealer, including cards from a reshuffled
/// deck); `bottom` the bottom card of the deck, which is never dealt. Every other card is in the
/// deck. Each drawn card must be in the deck at the moment it is served: after a reshuffle, only
/// discards of earlier players are.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StackedDeal {
    /// Five cards per seat.
    pub hands: Vec<[Card; 5]>,
    /// The exchange's cards in serving order.
    pub draws: Vec<Card>,
    /// The bottom card.
    pub bottom: Card,
}

impl StackedDeal {
    /// A stacked deal from a whole deck, top first, as a dealer would deal it: one card at a time
    /// to each seat from the cutter round to the dealer, five rounds; the exchange's cards from
    /// the top of the rest; the last card is the bottom card. With this deal no reshuffle can be
    /// served (the draws run out first).
    pub fn from_deck(deck: &[Card; 52], seats: usize, dealer: usize) -> StackedDeal {
        let n = seats.clamp(1, MAX_DRAW_SEATS);
        let mut hands = vec![[deck[0]; 5]; n];
        for k in 0..5 * n {
            let seat = (dealer + 1 + k % n) % n;
            hands[seat][k / n] = deck[k];
        }
        StackedDeal {
            hands,
            draws: deck[5 * n..51].to_vec(),
            bottom: deck[51],
        }
    }

    pub(crate) fn check(&self, seats: usize) -> Result<(), SetupError> {
        if self.hands.len() != seats {
            return Err(SetupError::StackedHands {
                hands: self.hands.len(),
                seats,
            });
        }
        let mut seen = CardSet::EMPTY;
        for &c in self
            .hands
            .iter()
            .flatten()
            .chain(std::iter::once(&self.bottom))
        {
            if !seen.insert(c) {
                return Err(SetupError::DuplicateCard { card: c });
            }
        }
        if self.draws.len() > super::hand::MAX_DRAWS {
            return Err(SetupError::TooManyDraws {
                got: self.draws.len(),
            });
        }
        Ok(())
    }
}

/// Where the cards come from.
#[allow(clippy::large_enum_variant)] // the generator moves into the hand; boxing would allocate
#[derive(Clone, Debug)]
pub enum Dealing {
    /// Shuffled by this generator (reproducible from its seed): the bottom card is drawn first,
    /// then each card dealt is drawn uniformly from the rest of the deck (a Fisher–Yates shuffle
    /// done lazily); a reshuffled deck is drawn from the same way.
    Seeded(GameRng),
    /// Cards fixed by the caller.
    Stacked(StackedDeal),
}

/// The dealer of the next hand: the next seat clockwise after `dealer` that still has chips
/// (RULES.md §3: the dealer rotates clockwise each hand). `None` if no seat has chips.
pub fn next_dealer(dealer: usize, stacks: &[Chips]) -> Option<usize> {
    let n = stacks.len();
    (1..=n).map(|k| (dealer + k) % n).find(|&s| stacks[s] > 0)
}
