//! A tournament's money: the prizes fixed when registration closes (and the early busts placed
//! then), a cancellation's refunds, and the prizes paid at the end.

use std::collections::BTreeMap;

use super::{Effect, Phase, Tournament, TournamentError};
use crate::tournament::finish::{bust_places, Placed};
use crate::tournament::payout::{prizes, share_tied, Tied};
use crate::Chips;

impl<P: Copy + Ord + std::fmt::Debug> Tournament<P> {
    pub(super) fn close_registration(
        &mut self,
        out: &mut Vec<Effect<P>>,
    ) -> Result<(), TournamentError> {
        self.open = false;
        let prizes = prizes(self.pool, self.entries, self.config.entry())?;
        self.prizes = Some(prizes.clone());
        out.push(Effect::Prizes(prizes));
        // The early busts, first out last.
        let mut left = self.entries;
        for hand in std::mem::take(&mut self.early) {
            for p in bust_places(left, &hand) {
                let stack = hand
                    .iter()
                    .find(|b| b.player == p.player)
                    .map_or(Chips::ZERO, |b| b.stack);
                self.placed.push((p, stack, 0));
                out.push(Effect::Busted(p));
            }
            left -= hand.len();
        }
        if self.stacks.len() == 1 {
            self.finish(out)?;
        } else {
            self.maybe_hand_for_hand(out);
        }
        Ok(())
    }

    pub(super) fn cancel(&mut self, out: &mut Vec<Effect<P>>) {
        for p in std::mem::take(&mut self.registered) {
            out.push(Effect::Refund {
                player: p,
                amount: self.config.entry(),
            });
        }
        self.pool = Chips::ZERO;
        self.fees = Chips::ZERO;
        self.entries = 0;
        self.phase = Phase::Cancelled;
    }

    /// One player left: first place, and every prize paid.
    pub(super) fn finish(&mut self, out: &mut Vec<Effect<P>>) -> Result<(), TournamentError> {
        if let Some((&winner, _)) = self.stacks.iter().next() {
            let p = Placed {
                player: winner,
                place: 1,
                tied: 1,
            };
            self.placed.push((p, Chips::ZERO, 0));
            out.push(Effect::Busted(p));
        }
        let prizes = self.prizes.clone().unwrap_or_default();
        let mut groups: BTreeMap<usize, Vec<Tied<P>>> = BTreeMap::new();
        for (p, stack, from_button) in &self.placed {
            groups.entry(p.place).or_default().push(Tied {
                player: p.player,
                stack: *stack,
                from_button: *from_button,
            });
        }
        for (first, tied) in groups {
            for (player, amount) in share_tied(&prizes, first, &tied)? {
                if amount > 0 {
                    out.push(Effect::Pay { player, amount });
                }
            }
        }
        self.phase = Phase::Finished;
        out.push(Effect::Finished);
        Ok(())
    }
}
