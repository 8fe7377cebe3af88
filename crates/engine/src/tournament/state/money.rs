//! A tournament's money: what each player paid in, the prizes fixed when registration closes
//! (and the early busts placed then), refunds, a cancellation, and the prizes paid at the end
//! (after a deal that kept money back: the places given before it, and the amount kept back to
//! the winner).

use std::collections::BTreeMap;

use super::{Effect, Phase, Tournament, TournamentError};
use crate::tournament::cancel::cancellation_shares;
use crate::tournament::finish::{bust_places, Placed};
use crate::tournament::payout::{prizes, share_tied, Tied};
use crate::Chips;

impl<P: Copy + Ord + std::fmt::Debug> Tournament<P> {
    pub(super) fn close_registration(
        &mut self,
        out: &mut Vec<Effect<P>>,
    ) -> Result<(), TournamentError> {
        self.open = false;
        let short = (self.config.guarantee).map_or(Chips::ZERO, |g| g.minus_at_most(self.pool));
        if !short.is_zero() {
            self.pool += short;
            self.overlay = short;
            out.push(Effect::Overlay(short));
        }
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

    /// Counts what `player` paid in: `prize` into the pool, `fee` to the house.
    pub(super) fn pay_in(&mut self, player: P, prize: Chips, fee: Chips) {
        let (p, f) = self
            .paid
            .entry(player)
            .or_insert((Chips::ZERO, Chips::ZERO));
        (*p, *f) = (*p + prize, *f + fee);
    }

    /// Gives `player` back all they paid.
    pub(super) fn refund_all(&mut self, player: P, out: &mut Vec<Effect<P>>) {
        if let Some((prize, fee)) = self.paid.remove(&player) {
            self.pool -= prize;
            self.fees -= fee;
            out.push(Effect::Refund { player, prize, fee });
        }
    }

    /// Called off before anybody busted: everybody registered or in gets back all they paid,
    /// and the house its overlay.
    pub(super) fn refund_everyone(&mut self, out: &mut Vec<Effect<P>>) {
        let players: Vec<P> = (self.registered.iter().chain(self.stacks.keys()))
            .copied()
            .collect();
        for p in players {
            self.refund_all(p, out);
        }
        let overlay = std::mem::take(&mut self.overlay);
        if !overlay.is_zero() {
            self.pool -= overlay;
            out.push(Effect::OverlayBack(overlay));
        }
        self.registered.clear();
        self.entries = 0;
        self.phase = Phase::Cancelled;
    }

    /// The room calls the tournament off (RULES.md §5, "Kinds and money"). Before the first
    /// bust everybody gets back all they paid. After it: the places given keep their prizes
    /// (registration closes and the prizes are fixed first if they were not), each player still
    /// in gets their entry's fee back, and the rest of the pool is shared by the players still
    /// in ([`cancellation_shares`]: each at least the lowest prize not given, then half equally
    /// and half by the chips they held when the call came — a hand in play is the room's to
    /// void). After a deal that kept money back (even before the first bust: its shares are
    /// paid), the rest of the pool is that amount, and no prize is left unawarded: the shares
    /// have no floor. Refused once it is won or called off.
    pub fn cancel(&mut self) -> Result<Vec<Effect<P>>, TournamentError> {
        let mut out = Vec::new();
        if matches!(self.phase, Phase::Finished | Phase::Cancelled) {
            return Err(TournamentError::Over);
        }
        self.deal = None;
        // A deal that kept money back paid its shares: no longer "before the first bust".
        let none_out = self.placed.is_empty() && self.early.is_empty() && self.h4h_busts() == 0;
        if none_out && self.kept_back.is_none() {
            self.refund_everyone(&mut out);
            return Ok(out);
        }
        if self.open {
            self.close_registration(&mut out)?;
            if self.phase == Phase::Finished {
                return Ok(out);
            }
        }
        if let Some(h) = self.h4h.take() {
            self.give_places(&h.busts, &mut out);
            out.push(Effect::HandForHand(false));
        }
        let prizes = self.prizes.clone().unwrap_or_default();
        let given = self.pay_places(&prizes, &mut out)?;
        let left: Vec<(P, Chips)> = self.stacks.iter().map(|(p, c)| (*p, *c)).collect();
        let floor = (left.len().checked_sub(1))
            .and_then(|i| prizes.get(i))
            .copied()
            .filter(|_| self.kept_back.is_none())
            .unwrap_or(Chips::ZERO);
        let shared = self.kept_back.map_or(Chips::ZERO, |k| k.shared);
        let rest = self.pool.minus_at_most(given).minus_at_most(shared);
        for (player, amount) in cancellation_shares(rest, floor, &left)? {
            if amount > 0 {
                out.push(Effect::Pay { player, amount });
            }
        }
        for &(player, _) in &left {
            let fee = self.config.fee.min(self.fees);
            self.fees -= fee;
            if fee > 0 {
                out.push(Effect::Refund {
                    player,
                    prize: Chips::ZERO,
                    fee,
                });
            }
        }
        self.phase = Phase::Cancelled;
        Ok(out)
    }

    /// Busts of the hand-for-hand hand in play, waiting for the other tables.
    fn h4h_busts(&self) -> usize {
        self.h4h.as_ref().map_or(0, |h| h.busts.len())
    }

    /// Pays every place given so far its prize (tied places sharing theirs) — but those given
    /// after a deal that kept money back, which the deal paid; answers the sum.
    pub(super) fn pay_places(
        &self,
        prizes: &[Chips],
        out: &mut Vec<Effect<P>>,
    ) -> Result<Chips, TournamentError> {
        let before = self
            .kept_back
            .map_or(self.placed.len(), |k| k.places_before);
        let mut groups: BTreeMap<usize, Vec<Tied<P>>> = BTreeMap::new();
        for (p, stack, from_button) in &self.placed[..before.min(self.placed.len())] {
            groups.entry(p.place).or_default().push(Tied {
                player: p.player,
                stack: *stack,
                from_button: *from_button,
            });
        }
        let mut sum = Chips::ZERO;
        for (first, tied) in groups {
            for (player, amount) in share_tied(prizes, first, &tied)? {
                if amount > 0 {
                    sum += amount;
                    out.push(Effect::Pay { player, amount });
                }
            }
        }
        Ok(sum)
    }

    /// One player left: first place, and every prize paid (after a deal that kept money back:
    /// the amount kept back to the winner).
    pub(super) fn finish(&mut self, out: &mut Vec<Effect<P>>) -> Result<(), TournamentError> {
        let winner = self.stacks.keys().next().copied();
        if let Some(winner) = winner {
            let p = Placed {
                player: winner,
                place: 1,
                tied: 1,
            };
            self.placed.push((p, Chips::ZERO, 0));
            out.push(Effect::Busted(p));
        }
        let prizes = self.prizes.clone().unwrap_or_default();
        self.pay_places(&prizes, out)?;
        if let (Some(k), Some(player)) = (self.kept_back, winner) {
            if !k.amount.is_zero() {
                out.push(Effect::Pay {
                    player,
                    amount: k.amount,
                });
            }
        }
        self.phase = Phase::Finished;
        out.push(Effect::Finished);
        Ok(())
    }
}
