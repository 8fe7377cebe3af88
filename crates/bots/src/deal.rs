//! How a bot answers a deal proposed at a tournament's final table (RULES.md §5, "Kinds and
//! money"; docs/rule-decisions.md, "Deals"): it accepts when its share under the proposal is
//! at least its ICM figure rounded down, else declines. So a deal by ICM is always accepted by
//! bots (its figures are never below their floors), and a chip chop only by the bots it does
//! not short of their ICM — the big stacks, as a rule. A deal keeping money back is answered by
//! the same rule, on the part it shares (the deal's ICM figures are of the prizes less the
//! amount kept back). The room's coordinator asks this once the proposal's figures are final
//! and logs the answer as a player's.

use tavolo_engine::tournament::Deal;

/// What a bot playing `player` answers to `deal`: `Some(true)` accept, `Some(false)` decline,
/// `None` nothing to answer yet or any more (the figures are not final while a hand is played,
/// `player` is not in the deal, or has accepted these figures already).
pub fn answer<P: Copy + Ord>(deal: &Deal<P>, player: P) -> Option<bool> {
    if !deal.settled || deal.accepted.contains(&player) {
        return None;
    }
    let i = deal.players.iter().position(|p| *p == player)?;
    let share = deal.figures().get(i)?;
    let floor = deal.icm_floor.get(i)?;
    Some(share >= floor)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use tavolo_engine::tournament::{chip_chop, icm_chips, icm_floors, shared_prizes, DealKind};
    use tavolo_engine::Chips;

    use super::*;

    /// A deal of `kind` among players 0, 1, 2 with these stacks for these prizes, figured and
    /// final, nobody having accepted.
    fn deal(kind: DealKind, stacks: &[u64], prizes: &[u64]) -> Deal<u32> {
        keeping(kind, stacks, prizes, 0)
    }

    /// [`deal`] keeping `keep_back` back: the figures share the prizes less it.
    fn keeping(kind: DealKind, stacks: &[u64], prizes: &[u64], keep_back: u64) -> Deal<u32> {
        let stacks: Vec<Chips> = stacks.iter().copied().map(Chips::new).collect();
        let prizes: Vec<Chips> = prizes.iter().copied().map(Chips::new).collect();
        let keep_back = Chips::new(keep_back);
        let prizes = shared_prizes(&prizes, keep_back).expect("shared");
        Deal {
            kind,
            by: 0,
            keep_back,
            until_ms: 120_000,
            players: (0..stacks.len() as u32).collect(),
            icm: icm_chips(&stacks, &prizes).expect("icm"),
            icm_floor: icm_floors(&stacks, &prizes).expect("icm"),
            chop: chip_chop(&stacks, &prizes).expect("chop"),
            stacks,
            accepted: BTreeSet::new(),
            settled: true,
        }
    }

    #[test]
    fn a_bot_accepts_every_icm_deal() {
        for (stacks, prizes) in [
            (&[50, 30, 20][..], &[70, 30][..]),
            (&[7, 7, 7], &[10]),
            (&[9_000, 900, 100], &[500, 300, 200]),
        ] {
            let d = deal(DealKind::Icm, stacks, prizes);
            for p in 0..3 {
                assert_eq!(answer(&d, p), Some(true), "{stacks:?} {prizes:?} {p}");
            }
        }
    }

    #[test]
    fn a_bot_declines_a_chip_chop_that_gives_it_less_than_its_icm_rounded_down() {
        // Two prizes among three: the chop is the stacks' share (50, 30, 20); ICM gives the
        // short stacks more (45.18, 32.25, 22.57): the big stack accepts, the others decline.
        let d = deal(DealKind::Chop, &[50, 30, 20], &[70, 30]);
        assert_eq!(d.chop, [50, 30, 20].map(Chips::new).to_vec());
        assert_eq!(answer(&d, 0), Some(true));
        assert_eq!(answer(&d, 1), Some(false));
        assert_eq!(answer(&d, 2), Some(false));
        // A share equal to the ICM figure rounded down is enough.
        let even = deal(DealKind::Chop, &[10, 10, 10], &[30]);
        assert!((0..3).all(|p| answer(&even, p) == Some(true)));
    }

    #[test]
    fn a_bot_answers_a_deal_keeping_money_back_by_the_icm_of_the_part_shared() {
        // 1,000 left, 100 kept back: 400 / 300 / 200 shared.
        let d = keeping(DealKind::Icm, &[9_000, 900, 100], &[500, 300, 200], 100);
        assert_eq!(d.icm.iter().copied().sum::<Chips>(), Chips::new(900));
        assert!((0..3).all(|p| answer(&d, p) == Some(true)));
        // The chop of the 900: each sure of 200, the 300 over by chips — 470 / 227 / 203; the
        // short stacks' ICM is more, and they decline.
        let d = keeping(DealKind::Chop, &[9_000, 900, 100], &[500, 300, 200], 100);
        assert_eq!(d.chop, [470, 227, 203].map(Chips::new).to_vec());
        assert_eq!(answer(&d, 0), Some(true));
        assert_eq!(answer(&d, 1), Some(false));
        assert_eq!(answer(&d, 2), Some(false));
    }

    #[test]
    fn a_bot_answers_only_final_figures_it_has_not_accepted_and_only_if_in() {
        let mut d = deal(DealKind::Icm, &[50, 30, 20], &[70, 30]);
        assert_eq!(answer(&d, 7), None, "not in the deal");
        d.accepted.insert(1);
        assert_eq!(answer(&d, 1), None, "accepted already");
        d.settled = false;
        assert_eq!(answer(&d, 0), None, "a hand is played");
    }
}
