//! Rebuys and the add-on (RULES.md §5, "Kinds and money"): what each asks of the player, their
//! stack and the clock, and the buy itself, made between hands. The room asks the refusal
//! first ([`Tournament::rebuy_refusal`], [`Tournament::add_on_refusal`]) — a buy asked while the
//! player's table plays a hand is charged then and made once the hand is over.

use super::{AddOn, Effect, Phase, Start, Tournament, TournamentError};
use crate::Chips;

impl<P: Copy + Ord + std::fmt::Debug> Tournament<P> {
    /// `player`, in and at a table between hands with at most the starting stack, buys a
    /// starting stack again.
    pub fn rebuy(&mut self, player: P) -> Result<Vec<Effect<P>>, TournamentError> {
        let (more, pool) = self.rebuy_checked(player)?;
        if !self.between_hands(player) {
            return Err(TournamentError::MidHand);
        }
        self.stacks.insert(player, more);
        self.pool = pool;
        self.pay_in(player, self.config.prize, Chips::ZERO);
        Ok(vec![Effect::Charge {
            player,
            prize: self.config.prize,
            fee: Chips::ZERO,
        }])
    }

    /// Why [`Tournament::rebuy`] would refuse `player` now, their table's hand aside (a rebuy
    /// asked mid-hand is made between hands); `None`: it would not.
    pub fn rebuy_refusal(&self, player: P) -> Option<TournamentError> {
        self.rebuy_checked(player).err()
    }

    /// The rules of [`Tournament::rebuy`], the table's hand aside: the stack and the pool after
    /// it.
    fn rebuy_checked(&self, player: P) -> Result<(Chips, Chips), TournamentError> {
        if !self.config.rebuys || !self.open || self.phase != Phase::Running {
            return Err(TournamentError::NotAllowed("no rebuys now"));
        }
        let Some(&stack) = self.stacks.get(&player) else {
            return Err(TournamentError::NotIn);
        };
        let start = self.config.structure.starting_stack;
        if stack > start {
            return Err(TournamentError::NotAllowed(
                "a rebuy needs a stack of at most the starting stack",
            ));
        }
        match (
            stack.checked_add(start),
            self.pool.checked_add(self.config.prize),
        ) {
            (Some(more), Some(pool)) => Ok((more, pool)),
            _ => Err(TournamentError::NotAllowed(
                "the chips or the pool cannot grow further",
            )),
        }
    }

    /// Whether `player` may rebuy now or once their table's hand is over (what the room offers
    /// them).
    pub fn may_rebuy(&self, player: P) -> bool {
        self.rebuy_refusal(player).is_none()
    }

    /// `player`, in and at a table between hands, takes the add-on: once, in the last level of
    /// the rebuy period (RULES.md §5, "Kinds and money").
    pub fn add_on(&mut self, player: P) -> Result<Vec<Effect<P>>, TournamentError> {
        let (add_on, more, pool) = self.add_on_checked(player)?;
        if !self.between_hands(player) {
            return Err(TournamentError::MidHand);
        }
        self.stacks.insert(player, more);
        self.pool = pool;
        self.added_on.insert(player);
        self.pay_in(player, add_on.prize, Chips::ZERO);
        Ok(vec![Effect::Charge {
            player,
            prize: add_on.prize,
            fee: Chips::ZERO,
        }])
    }

    /// Why [`Tournament::add_on`] would refuse `player` now, their table's hand aside; `None`:
    /// it would not.
    pub fn add_on_refusal(&self, player: P) -> Option<TournamentError> {
        self.add_on_checked(player).err()
    }

    /// The rules of [`Tournament::add_on`], the table's hand aside: the add-on, and the stack
    /// and the pool after it.
    fn add_on_checked(&self, player: P) -> Result<(AddOn, Chips, Chips), TournamentError> {
        let Some(add_on) = self.config.add_on else {
            return Err(TournamentError::NotAllowed("this tournament has no add-on"));
        };
        let last = match self.config.start {
            Start::Scheduled {
                late_until_level, ..
            } => late_until_level,
            Start::SitAndGo { .. } => 0,
        };
        if !self.open || self.phase != Phase::Running || self.level != last {
            return Err(TournamentError::NotAllowed(
                "the add-on is taken in the last level of the rebuy period",
            ));
        }
        if self.added_on.contains(&player) {
            return Err(TournamentError::NotAllowed("one add-on a player"));
        }
        let Some(&stack) = self.stacks.get(&player) else {
            return Err(TournamentError::NotIn);
        };
        match (
            stack.checked_add(add_on.chips),
            self.pool.checked_add(add_on.prize),
        ) {
            (Some(more), Some(pool)) => Ok((add_on, more, pool)),
            _ => Err(TournamentError::NotAllowed(
                "the chips or the pool cannot grow further",
            )),
        }
    }

    /// Whether `player` may take the add-on now or once their table's hand is over (what the
    /// room offers them).
    pub fn may_add_on(&self, player: P) -> bool {
        self.add_on_refusal(player).is_none()
    }
}
