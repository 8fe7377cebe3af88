//! One betting round: whose turn it is, what they may do, and what their action does.

use super::error::BetError;
use super::ledger::Ledger;
use super::seats::SeatMask;
use crate::Chips;
use tavolo_cards::wire_value;

wire_value! {
    /// The betting structure (a table setting, RULES.md §2).
    pub enum Structure {
        /// Any bet or raise up to the stack.
        #[serde(alias = "NoLimit")]
        NoLimit,
        /// A raise at most the pot after the raiser's call.
        #[serde(alias = "PotLimit")]
        PotLimit,
        /// Bets and raises of exactly one unit (small bet, then big bet).
        #[serde(alias = "FixedLimit")]
        FixedLimit,
    }
}

wire_value! {
    /// How large a raise must be at least.
    #[derive(Default)]
    pub enum MinRaise {
        /// The largest bet or raise increment of the round, never less than the minimum bet (the
        /// international rule: RULES.md's No-Limit rule).
        #[default]
        #[serde(alias = "LargestIncrement")]
        LargestIncrement,
        /// Always the table minimum (the seed's rule: Pot-Limit and Five-Card Draw).
        #[serde(alias = "TableMinimum")]
        TableMinimum,
    }
}

wire_value! {
    /// When an all-in for less than a full raise lets the players who already acted raise again.
    #[derive(Default)]
    pub enum Reopen {
        /// A player who already acted in the round may raise again only if the bet has grown by at
        /// least a full raise since their last action (several short all-ins add up). A full raise
        /// is the largest increment of the round, never less than the minimum bet (RULES.md §2; the
        /// international convention).
        #[default]
        #[serde(alias = "FullRaiseSinceLastAction")]
        FullRaiseSinceLastAction,
        /// PokerKit 0.7's rule: increments are counted from zero in each round (so pre-flop an
        /// all-in raise of any size over the big blind is "full"), a player owing less than the
        /// largest increment may not raise, and short all-ins reopen once they add up to it.
        #[serde(alias = "PokerKit")]
        PokerKit,
    }
}

wire_value! {
    /// A limit on the number of bets and raises in one round.
    pub struct RaiseCap {
        /// The most bets (the opening bet and each raise) in a round, forced bets included where
        /// [`RoundRules::forced_bets`] says so. RULES.md: 4 (a bet and three raises).
        pub max_bets: u8,
        /// No cap while only two players remain in the hand (RULES.md: yes; PokerKit: no).
        pub lifted_heads_up: bool,
    }
}

/// The rules of one betting round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct RoundRules {
    /// No-Limit, Pot-Limit or Limit.
    pub structure: Structure,
    /// The minimum bet (the big blind; in Limit the fixed bet of this round).
    pub min_bet: Chips,
    /// The minimum-raise rule.
    pub min_raise: MinRaise,
    /// The cap on bets and raises, if any (Limit).
    pub cap: Option<RaiseCap>,
    /// Forced bets that count towards the cap (1 pre-flop when the blind counts as the first
    /// bet, as in RULES.md; 0 otherwise).
    pub forced_bets: u8,
    /// Whether a player may check before anyone has bet (false in German draw: open or fold).
    pub check_before_opening: bool,
}

/// A betting decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Bet {
    /// Give up the hand.
    Fold,
    /// Pass when nothing is owed.
    Check,
    /// Match the bet (or put in the whole stack if it does not cover it).
    Call,
    /// Bet or raise so that this round's bet in front of the player becomes this amount.
    RaiseTo(Chips),
}

wire_value! {
    /// The amounts a bet or raise may go to.
    pub struct RaiseRange {
        /// The smallest legal "to" amount (an all-in for less counts: then it equals the max).
        pub min_to: Chips,
        /// The largest legal "to" amount.
        pub max_to: Chips,
    }
}

wire_value! {
    /// Exactly what the player to act may do.
    pub struct Legal {
        /// The seat to act.
        pub seat: usize,
        /// Folding is always allowed to the player to act.
        pub fold: bool,
        /// Whether checking is allowed.
        pub check: bool,
        /// The chips a call puts in (capped by the stack), when calling is allowed.
        pub call: Option<Chips>,
        /// The bet/raise range, when betting or raising is allowed.
        pub raise: Option<RaiseRange>,
    }
}

/// What happens after an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// This seat is to act next.
    Next(usize),
    /// The round is over.
    Closed,
}

/// One betting round. It holds only the round's own bookkeeping; the chips are in the
/// [`Ledger`] passed to each call, so a game owns one ledger across its rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BettingRound {
    rules: RoundRules,
    reopen: Reopen,
    n: u8,
    to_act: SeatMask,
    actor: Option<u8>,
    opener: u8,
    increment: Chips,
    bets: u8,
    acted: SeatMask,
    short_sum: Chips,
    aggressor: Option<u8>,
    any_action: bool,
    voluntary: SeatMask,
    faced: [Chips; super::seats::MAX_SEATS],
}

impl BettingRound {
    /// Starts a round where `opener` is the first seat asked (skipping seats that cannot act).
    ///
    /// A live seat is asked only if it has chips behind and someone could still match more of
    /// them; if a single seat could act and owes nothing, the round is over at once.
    pub fn start(ledger: &Ledger, opener: usize, rules: RoundRules) -> BettingRound {
        let n = ledger.seats();
        let live = ledger.live();
        let (mut first, mut second) = (Chips::ZERO, Chips::ZERO);
        for s in live.iter() {
            let t = ledger.bet(s) + ledger.stack(s);
            if t > first {
                second = first;
                first = t;
            } else if t > second {
                second = t;
            }
        }
        let mut to_act = SeatMask::EMPTY;
        for s in live.iter() {
            let eff = ledger.stack(s).min(second.minus_at_most(ledger.bet(s)));
            if ledger.stack(s) > 0 && eff > 0 {
                to_act.insert(s);
            }
        }
        // The opener is normally a seat already: a division (tens of cycles) only if not.
        let opener = if opener < n { opener } else { opener % n };
        let max_bet = ledger.max_bet();
        let closed = live.len() <= 1
            || to_act.is_empty()
            || (to_act.len() == 1 && to_act.iter().all(|s| ledger.bet(s) >= max_bet));
        let actor = if closed {
            None
        } else {
            to_act.next_from(opener, n)
        };
        BettingRound {
            rules,
            reopen: Reopen::default(),
            n: n as u8,
            to_act,
            actor: actor.map(|a| a as u8),
            opener: opener as u8,
            increment: Chips::ZERO,
            bets: rules.forced_bets,
            acted: SeatMask::EMPTY,
            short_sum: Chips::ZERO,
            aggressor: None,
            any_action: false,
            voluntary: SeatMask::EMPTY,
            faced: [Chips::ZERO; super::seats::MAX_SEATS],
        }
    }

    /// Sets when a short all-in reopens the betting (default: [`Reopen::FullRaiseSinceLastAction`]).
    pub fn with_reopen(mut self, reopen: Reopen) -> BettingRound {
        self.reopen = reopen;
        self
    }

    /// The rules of this round.
    pub fn rules(&self) -> &RoundRules {
        &self.rules
    }

    /// The seat to act, or `None` when the round is over.
    #[inline]
    pub fn actor(&self) -> Option<usize> {
        self.actor.map(usize::from)
    }

    /// Whether the round is over.
    #[inline]
    pub fn is_closed(&self) -> bool {
        self.actor.is_none()
    }

    /// The seat the round started from.
    pub fn opener(&self) -> usize {
        self.opener.into()
    }

    /// The last seat to bet or raise this round.
    pub fn aggressor(&self) -> Option<usize> {
        self.aggressor.map(usize::from)
    }

    /// Whether anybody acted in this round.
    pub fn had_action(&self) -> bool {
        self.any_action
    }

    /// Bets and raises so far (forced bets counted per the rules).
    pub fn bets(&self) -> u8 {
        self.bets
    }

    fn reopen_threshold(&self) -> Chips {
        match self.rules.min_raise {
            MinRaise::LargestIncrement => self.increment,
            MinRaise::TableMinimum => self.increment.min(self.rules.min_bet),
        }
    }

    /// The legal choices of the player to act, or `None` when the round is over.
    pub fn legal(&self, ledger: &Ledger) -> Option<Legal> {
        let p = self.actor()?;
        let owed = ledger.max_bet() - ledger.bet(p);
        let check = owed == 0 && (self.rules.check_before_opening || ledger.max_bet() > 0);
        Some(Legal {
            seat: p,
            fold: true,
            check,
            call: (owed > 0).then(|| owed.min(ledger.stack(p))),
            raise: self.raise_range(ledger, p).ok(),
        })
    }

    /// The bet/raise range of seat `p` (the actor), or why it may not bet or raise.
    pub fn raise_range(&self, ledger: &Ledger, p: usize) -> Result<RaiseRange, BetError> {
        let stack = ledger.stack(p);
        let bet = ledger.bet(p);
        let max_bet = ledger.max_bet();
        let owed = max_bet - bet;
        let reopen = self.reopen_threshold();
        let full = match self.rules.min_raise {
            MinRaise::LargestIncrement => self.increment.max(self.rules.min_bet),
            MinRaise::TableMinimum => self.rules.min_bet,
        };
        match self.reopen {
            Reopen::PokerKit => {
                if stack.min(owed) < reopen
                    || (self.short_sum > 0 && self.short_sum < reopen && self.acted.contains(p))
                {
                    return Err(BetError::NotReopened);
                }
            }
            Reopen::FullRaiseSinceLastAction => {
                if self.voluntary.contains(p) && max_bet - self.faced[p] < full {
                    return Err(BetError::NotReopened);
                }
            }
        }
        if let Some(cap) = self.rules.cap {
            let lifted = cap.lifted_heads_up && ledger.live().len() == 2;
            if !lifted && self.bets >= cap.max_bets {
                return Err(BetError::RaiseCapReached { cap: cap.max_bets });
            }
        }
        if stack <= owed {
            return Err(BetError::CannotRaiseCovered { stack, owed });
        }
        // (The raiser is taken out of the seats looked at, not skipped in the loop.)
        let mut others = ledger.live();
        others.remove(p);
        let someone = others
            .iter()
            .any(|s| ledger.stack(s) + ledger.bet(s) > max_bet);
        if !someone {
            return Err(BetError::NobodyToRaise);
        }
        let all_in = stack + bet;
        let min_to = all_in.min(max_bet + full);
        let max_to = match self.rules.structure {
            Structure::NoLimit => all_in,
            Structure::PotLimit => {
                all_in.min(min_to.max(max_bet.times(2) - bet + ledger.pot_total()))
            }
            Structure::FixedLimit => min_to,
        };
        Ok(RaiseRange { min_to, max_to })
    }

    /// Checks `bet` by `seat` without changing anything.
    pub fn check(&self, ledger: &Ledger, seat: usize, bet: Bet) -> Result<(), BetError> {
        let p = self.actor().ok_or(BetError::NoBetting)?;
        if seat != p {
            return Err(BetError::NotYourTurn { seat, actor: p });
        }
        let owed = ledger.max_bet() - ledger.bet(p);
        match bet {
            Bet::Fold => Ok(()),
            Bet::Check if owed > 0 => Err(BetError::CheckOwes { owed }),
            Bet::Check if !self.rules.check_before_opening && ledger.max_bet() == 0 => {
                Err(BetError::CheckBeforeOpening)
            }
            Bet::Check => Ok(()),
            Bet::Call if owed == 0 => Err(BetError::NothingToCall),
            Bet::Call => Ok(()),
            Bet::RaiseTo(to) => {
                let r = self.raise_range(ledger, p)?;
                if to < r.min_to {
                    Err(BetError::RaiseTooSmall {
                        min: r.min_to,
                        got: to,
                    })
                } else if to > r.max_to {
                    Err(BetError::RaiseTooLarge {
                        max: r.max_to,
                        got: to,
                    })
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Applies `bet` by `seat`, moving chips in `ledger`. On error nothing changes.
    // Inlined: every betting action of both games goes through it.
    #[inline]
    pub fn apply(&mut self, ledger: &mut Ledger, seat: usize, bet: Bet) -> Result<Step, BetError> {
        self.check(ledger, seat, bet)?;
        let p = seat;
        self.any_action = true;
        self.acted.insert(p);
        self.voluntary.insert(p);
        self.to_act.remove(p);
        match bet {
            Bet::Fold => ledger.fold(p),
            Bet::Check => {}
            Bet::Call => {
                let owed = ledger.max_bet() - ledger.bet(p);
                ledger.put(p, owed);
            }
            Bet::RaiseTo(to) => {
                let max_bet = ledger.max_bet();
                let incr = to - max_bet;
                ledger.put(p, to - ledger.bet(p));
                if incr >= self.reopen_threshold() {
                    self.acted = SeatMask::EMPTY;
                    self.acted.insert(p);
                }
                self.increment = self.increment.max(incr);
                self.bets = self.bets.saturating_add(1);
                if ledger.stack(p) > 0 {
                    self.short_sum = Chips::ZERO;
                } else {
                    self.short_sum += incr;
                }
                if self.short_sum >= self.reopen_threshold() {
                    self.short_sum = Chips::ZERO;
                }
                self.to_act = ledger.can_bet();
                self.to_act.remove(p);
                self.aggressor = Some(p as u8);
            }
        }
        self.faced[p] = ledger.max_bet();
        Ok(self.advance(ledger, p))
    }

    /// Folds a live seat that is not necessarily the one to act (German draw: a player may fold
    /// at any time). The fold takes effect at once.
    pub fn fold_out_of_turn(&mut self, ledger: &mut Ledger, seat: usize) -> Result<Step, BetError> {
        if !ledger.live().contains(seat) {
            return Err(BetError::NotInHand { seat });
        }
        if self.actor() == Some(seat) {
            return self.apply(ledger, seat, Bet::Fold);
        }
        ledger.fold(seat);
        self.to_act.remove(seat);
        self.acted.insert(seat);
        match self.actor() {
            Some(a) if ledger.live().len() > 1 => Ok(Step::Next(a)),
            _ => {
                self.actor = None;
                Ok(Step::Closed)
            }
        }
    }

    fn advance(&mut self, ledger: &Ledger, from: usize) -> Step {
        let n = self.n as usize;
        if ledger.live().len() <= 1 || self.to_act.is_empty() {
            self.actor = None;
            return Step::Closed;
        }
        let next = if from + 1 >= n { 0 } else { from + 1 };
        match self.to_act.next_from(next, n) {
            Some(a) => {
                self.actor = Some(a as u8);
                Step::Next(a)
            }
            None => {
                self.actor = None;
                Step::Closed
            }
        }
    }
}
