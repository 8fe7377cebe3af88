//! Random play and determinization, for bots and simulations: a uniformly random legal action
//! drawn without allocating, and a redeal of the cards a player cannot see.

use tavolo_cards::{Card, CardSet, GameRng};

use super::{Phase, SaintGame};
use crate::saint::action::Action;

impl SaintGame {
    /// A uniformly random legal action for `player`, or `None` if they have none; allocation
    /// free (for bots and simulations). `rng` is a [`GameRng`] or any other [`RandomBelow`]
    /// (a simulation may prefer a cheaper generator than ChaCha20).
    pub fn random_action<R: RandomBelow + ?Sized>(
        &self,
        player: usize,
        rng: &mut R,
    ) -> Option<Action> {
        if player >= self.players() {
            return None;
        }
        let hand = self.state.hands[player];
        match self.state.phase {
            Phase::Place => {
                let card = nth(hand, rng.below(hand.len()))?;
                Some(Action::Place { player, card })
            }
            Phase::Show => {
                let n = hand.len();
                let i = rng.below(n);
                let mut j = rng.below(n.checked_sub(1)?);
                if j >= i {
                    j += 1;
                }
                // Lowest first, as in `legal_actions`.
                let (i, j) = (i.min(j), i.max(j));
                Some(Action::Show {
                    player,
                    cards: [nth(hand, i)?, nth(hand, j)?],
                })
            }
            Phase::Draft { .. } if self.to_pick() == Some(player) => {
                let card = nth(self.state.pool, rng.below(self.state.pool.len()))?;
                Some(Action::Pick { player, card })
            }
            _ => None,
        }
    }

    /// Replaces every card `observer` cannot see — the other players' hands and the draw pile —
    /// by a random redeal of the same cards, keeping every count, and forgets the other
    /// players' pending choices (they are hidden too). For search by determinization. Known
    /// limits: cards an opponent is publicly known to hold (from draft picks) are redealt too.
    /// A determinized game has no record ([`crate::saint::SaintError::Determinized`]).
    pub fn determinize(&mut self, observer: usize, rng: &mut GameRng) {
        let players = self.players();
        let mut hidden = Card::ALL;
        let mut n = 0;
        let mut unseen = self.draw_pile();
        for p in (0..players).filter(|&p| p != observer) {
            unseen |= self.state.hands[p];
        }
        for c in unseen {
            hidden[n] = c;
            n += 1;
        }
        rng.shuffle(&mut hidden[..n]);
        let mut next = 0;
        for p in (0..players).filter(|&p| p != observer) {
            let k = self.state.hands[p].len() as usize;
            self.state.hands[p] = hidden[next..next + k].iter().copied().collect();
            next += k;
            if self.state.place_choice[p].take().is_some()
                | self.state.show_choice[p].take().is_some()
            {
                self.state.chosen -= 1;
            }
        }
        let start = self.state.draw_next as usize;
        let len = self.draw_pile_len();
        self.state.draw[start..start + len].copy_from_slice(&hidden[next..next + len]);
        self.state.determinized = true;
    }
}

/// The `k`-th card (lowest first) of a set, by a branch-free broadword select (Vigna,
/// "Broadword implementation of rank/select queries"): per-byte counts, their prefix sums by
/// one multiplication, the target byte found by a parallel comparison, then a table for the bit
/// within the byte. Random play picks a card this way at every action; the obvious loop that
/// clears `k` low bits costs a branch misprediction per call.
#[inline]
fn nth(set: CardSet, k: u32) -> Option<Card> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let x = set.bits();
    let mut s = x - ((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte i: the number of cards in bytes 0..=i.
    let sums = s.wrapping_mul(ONES);
    let k = u64::from(k);
    if k >= sums >> 56 {
        return None;
    }
    // High bit of byte i set when sums[i] <= k: a prefix of the bytes, as long as the target.
    let below = (((k * ONES) | HIGHS) - sums) & HIGHS;
    let byte = ((below >> 7).wrapping_mul(ONES) >> 56) * 8;
    let before = ((sums << 8) >> byte) & 0xff;
    let in_byte = ((x >> byte) & 0xff) as usize;
    let bit = SELECT_IN_BYTE[in_byte][(k - before) as usize & 7];
    Card::from_index(byte as u8 + bit)
}

/// `SELECT_IN_BYTE[b][r]`: the position of the `r`-th set bit of the byte `b`.
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut r = 0;
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 == 1 {
                t[b][r] = i as u8;
                r += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// A source of uniformly random integers below a bound, for [`SaintGame::random_action`].
pub trait RandomBelow {
    /// A uniformly random integer in `0..n` (0 when `n` ≤ 1).
    fn below(&mut self, n: u32) -> u32;
}

impl RandomBelow for GameRng {
    /// [`GameRng::below`].
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        GameRng::below(self, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::saint::{seed_from_u64, SaintOptions};

    #[test]
    fn nth_selects_like_the_obvious_loop() {
        let mut rng = GameRng::from_u64(3);
        for _ in 0..20_000 {
            let bits = rng.next_u64() & rng.next_u64() & ((1u64 << 52) - 1);
            let set = CardSet::from_bits(bits).unwrap_or_default();
            let cards: Vec<Card> = set.iter().collect();
            for k in 0..=cards.len() as u32 {
                assert_eq!(nth(set, k), cards.get(k as usize).copied(), "{set:?} {k}");
            }
        }
        assert_eq!(nth(CardSet::FULL, 51), Card::from_index(51));
        assert_eq!(nth(CardSet::EMPTY, 0), None);
    }

    #[test]
    fn the_fast_check_agrees_with_the_full_diagnosis() {
        let mut rng = GameRng::from_u64(11);
        for seed in 0..200 {
            let players = 2 + (seed % 4) as u8;
            let mut g = SaintGame::new(SaintOptions::new(players), seed_from_u64(seed)).unwrap();
            while !g.is_over() {
                for _ in 0..20 {
                    let player = rng.below(u32::from(players) + 1) as usize;
                    let card = Card::from_index(rng.below(52) as u8).unwrap();
                    let other = Card::from_index(rng.below(52) as u8).unwrap();
                    for a in [
                        Action::Place { player, card },
                        Action::Show {
                            player,
                            cards: [card, other],
                        },
                        Action::Pick { player, card },
                    ] {
                        assert_eq!(g.check(a).is_ok(), g.diagnose(a).is_ok(), "{a:?}");
                    }
                }
                let p = g.pending_seats().as_slice()[0] as usize;
                let a = g.random_action(p, &mut rng).unwrap();
                g.apply(a).unwrap();
            }
        }
    }
}
