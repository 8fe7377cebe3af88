//! Deals at the final table told as rule stories (RULES.md §5, "Kinds and money": all must
//! agree; chip chop or ICM; the tables pause after the current hand; a time limit; play goes on
//! for any amount kept back).

use tavolo_engine::tournament::{
    chip_chop, icm_chips, icm_floors, shared_prizes, Deal, DealError, DealKind, Effect, Phase,
    Speed, Tournament, TournamentError, DEAL_MS,
};
use tavolo_engine::Chips;

use super::stories::{bust, hand, scheduled, sit_and_go};

/// A sit-and-go of four at six seats after one hand in which player 0 took 4,000 of player
/// 1's chips: stacks 14,000 / 6,000 / 10,000 / 10,000, the prizes fixed.
fn four_left() -> Tournament<u32> {
    let (mut t, _) = sit_and_go(4, 6);
    hand(&mut t, 0, |began| {
        (began.iter())
            .map(|&(p, s)| match p {
                0 => (p, s + 4_000),
                1 => (p, s - 4_000),
                _ => (p, s),
            })
            .collect()
    });
    t
}

fn paid(effects: &[Effect<u32>]) -> Vec<(u32, Chips)> {
    (effects.iter())
        .filter_map(|e| match e {
            Effect::Pay { player, amount } => Some((*player, *amount)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_deal_all_accept_pays_the_icm_figures_in_whole_chips_and_ends_the_tournament() {
    let mut t = four_left();
    let pool = t.pool();
    let prizes = t.prizes().expect("fixed").to_vec();
    let fx = t
        .propose_deal(2, DealKind::Icm, Chips::ZERO, 5_000)
        .expect("a deal");
    assert_eq!(
        fx,
        vec![Effect::DealProposed {
            by: 2,
            kind: DealKind::Icm,
            keep_back: Chips::ZERO,
            until_ms: 5_000 + DEAL_MS
        }]
    );
    assert!(!t.may_deal(0), "the table holds while a deal is proposed");
    let deal = t.deal().expect("proposed").clone();
    assert_eq!(deal.players, vec![0, 2, 3, 1], "most chips first");
    let stacks = [14_000, 10_000, 10_000, 6_000].map(Chips::new);
    let n = prizes.len().min(4);
    assert_eq!(deal.icm, icm_chips(&stacks, &prizes[..n]).expect("icm"));
    assert_eq!(
        deal.icm_floor,
        icm_floors(&stacks, &prizes[..n]).expect("icm")
    );
    assert!(deal.icm_floor.iter().zip(&deal.icm).all(|(f, c)| f <= c));
    assert_eq!(deal.chop, chip_chop(&stacks, &prizes[..n]).expect("chop"));
    assert!(
        deal.accepted.contains(&2),
        "proposing between hands accepts"
    );
    let mut fx = Vec::new();
    for p in [0, 3, 1] {
        assert_eq!(t.phase(), Phase::Running);
        fx.extend(t.answer_deal(p, true, 6_000).expect("accepted"));
    }
    assert_eq!(t.phase(), Phase::Finished);
    let shares: Vec<(u32, Chips)> = deal.players.iter().copied().zip(deal.icm).collect();
    let pays: Vec<(u32, Chips)> = paid(&fx);
    assert_eq!(
        pays,
        shares
            .iter()
            .filter(|s| s.1 > 0)
            .copied()
            .collect::<Vec<_>>()
    );
    assert_eq!(pays.iter().map(|p| p.1).sum::<Chips>(), pool);
    let places: Vec<(u32, usize)> = t.places().map(|p| (p.player, p.place)).collect();
    assert_eq!(places, vec![(0, 1), (2, 2), (3, 3), (1, 4)]);
    assert!(fx.contains(&Effect::DealMade {
        kind: DealKind::Icm,
        shares,
        keep_back: Chips::ZERO
    }));
}

#[test]
fn a_chip_chop_deal_pays_the_busted_places_and_chops_the_rest() {
    let mut t = four_left();
    // Player 1 busts to player 0: three left, place 4 given.
    hand(&mut t, 0, bust(0, &[1]));
    let prizes = t.prizes().expect("fixed").to_vec();
    t.propose_deal(0, DealKind::Chop, Chips::ZERO, 0)
        .expect("a deal");
    let deal = t.deal().expect("proposed").clone();
    let mut fx = Vec::new();
    for p in [2, 3] {
        fx.extend(t.answer_deal(p, true, 1).expect("accepted"));
    }
    let stacks: Vec<Chips> = deal.stacks.clone();
    let n = prizes.len().min(3);
    let chop = chip_chop(&stacks, &prizes[..n]).expect("chop");
    let total: Chips = paid(&fx).iter().map(|p| p.1).sum();
    assert_eq!(total, t.pool(), "Σ prizes = pool");
    let fourth = prizes.get(3).copied().unwrap_or(Chips::ZERO);
    let to_1: Chips = paid(&fx).iter().filter(|p| p.0 == 1).map(|p| p.1).sum();
    assert_eq!(to_1, fourth);
    for (p, c) in deal.players.iter().zip(chop) {
        let got: Chips = paid(&fx).iter().filter(|x| x.0 == *p).map(|x| x.1).sum();
        assert_eq!(got, c, "player {p}");
    }
}

#[test]
fn a_deal_declined_by_one_player_is_off_and_play_goes_on() {
    let mut t = four_left();
    t.propose_deal(0, DealKind::Icm, Chips::ZERO, 0)
        .expect("a deal");
    t.answer_deal(1, true, 10).expect("accepted");
    let fx = t.answer_deal(3, false, 20).expect("declined");
    assert_eq!(fx, vec![Effect::DealOff(Some(3))]);
    assert!(t.deal().is_none());
    assert!(t.may_deal(0), "play goes on");
    assert_eq!(t.phase(), Phase::Running);
    assert_eq!(
        t.answer_deal(1, true, 30),
        Err(TournamentError::NotAllowed("no deal is proposed"))
    );
}

#[test]
fn a_deal_not_accepted_within_its_time_limit_lapses_and_play_goes_on() {
    let mut t = four_left();
    t.propose_deal(0, DealKind::Chop, Chips::ZERO, 1_000)
        .expect("a deal");
    assert!(t.tick(1_000 + DEAL_MS - 1).expect("tick").is_empty());
    assert!(t.deal().is_some());
    let fx = t.tick(1_000 + DEAL_MS).expect("tick");
    assert!(fx.contains(&Effect::DealOff(None)), "{fx:?}");
    assert!(t.may_deal(0));
    // An acceptance after the time limit but before the clock noticed: the deal lapses.
    t.propose_deal(0, DealKind::Chop, Chips::ZERO, 200_000)
        .expect("a deal");
    let fx = t.answer_deal(1, true, 200_000 + DEAL_MS).expect("lapsed");
    assert_eq!(fx, vec![Effect::DealOff(None)]);
    assert_eq!(t.phase(), Phase::Running);
}

#[test]
fn a_deal_proposed_during_a_hand_is_figured_when_it_ends_and_accepted_only_then() {
    let (mut t, _) = sit_and_go(3, 6);
    t.dealt(0).expect("a hand");
    let began = t.table_stacks(0).expect("table");
    t.propose_deal(1, DealKind::Icm, Chips::ZERO, 0)
        .expect("a deal mid-hand");
    let deal = t.deal().expect("proposed");
    assert!(!deal.settled && deal.accepted.is_empty());
    assert_eq!(
        t.answer_deal(2, true, 1),
        Err(TournamentError::NotAllowed(
            "a deal is accepted once the hand in play is over"
        ))
    );
    let ended: Vec<(u32, Chips)> = (began.iter())
        .map(|&(p, s)| match p {
            0 => (p, s + Chips::new(3_000)),
            1 => (p, s - Chips::new(3_000)),
            _ => (p, s),
        })
        .collect();
    t.hand_over(0, &began, &ended, 0).expect("the hand");
    assert!(!t.may_deal(0), "the table holds after the hand in play");
    let deal = t.deal().expect("still proposed").clone();
    assert!(deal.settled);
    assert_eq!(
        deal.stacks,
        [13_000, 10_000, 7_000].map(Chips::new).to_vec()
    );
    for p in [0, 1, 2] {
        t.answer_deal(p, true, 2).expect("accepted");
    }
    assert_eq!(t.phase(), Phase::Finished);
}

/// `player`'s proposal at `now_ms` is refused with `why`, and the refusal the room asks first
/// ([`Tournament::deal_refusal`]) is the same; nothing changes.
fn refused(t: &mut Tournament<u32>, player: u32, now_ms: u64, why: TournamentError) {
    assert_eq!(t.deal_refusal(player, now_ms), Some(why.clone()));
    let before = t.clone();
    assert_eq!(
        t.propose_deal(player, DealKind::Icm, Chips::ZERO, now_ms),
        Err(why)
    );
    assert_eq!(t.deal(), before.deal());
}

#[test]
fn a_deal_is_refused_before_the_final_table_before_the_prizes_are_fixed_and_to_anyone_not_in() {
    // Twelve players at two tables of ten: not a final table (and more than ten).
    let (mut t, _) = sit_and_go(12, 10);
    let not_final = "a deal is made at the final table, of at most ten";
    refused(&mut t, 0, 0, TournamentError::NotAllowed(not_final));
    // Late registration open: the prizes are not fixed yet.
    let mut s: Tournament<u32> =
        Tournament::new(scheduled(9, Speed::Regular, 2), [3; 32]).expect("settings");
    for p in 0..4 {
        s.register(p, 0).expect("entry");
    }
    s.tick(0).expect("start");
    let not_fixed = "a deal is made once the prizes are fixed";
    refused(&mut s, 0, 0, TournamentError::NotAllowed(not_fixed));
    // Somebody not in: a stranger, a busted player; an answer of somebody not in the deal.
    let mut t = four_left();
    refused(&mut t, 99, 0, TournamentError::NotIn);
    hand(&mut t, 0, bust(0, &[1]));
    refused(&mut t, 1, 0, TournamentError::NotIn);
    assert_eq!(t.deal_refusal(0, 0), None, "the room offers a deal");
    t.propose_deal(0, DealKind::Icm, Chips::ZERO, 0)
        .expect("a deal");
    assert_eq!(t.answer_deal(1, true, 1), Err(TournamentError::NotIn));
    let already = TournamentError::NotAllowed("a deal is proposed already");
    refused(&mut t, 2, 1, already);
}

/// A deal whose time is up is no obstacle to a new proposal, even before the clock noticed:
/// the old one lapses first.
#[test]
fn a_deal_whose_time_is_up_lapses_when_another_is_proposed() {
    let mut t = four_left();
    t.propose_deal(0, DealKind::Chop, Chips::ZERO, 1_000)
        .expect("a deal");
    let at = 1_000 + DEAL_MS;
    assert!(t.deal_refusal(2, at - 1).is_some());
    assert_eq!(t.deal_refusal(2, at), None);
    let fx = t
        .propose_deal(2, DealKind::Icm, Chips::ZERO, at)
        .expect("a new deal");
    assert_eq!(
        fx,
        vec![
            Effect::DealOff(None),
            Effect::DealProposed {
                by: 2,
                kind: DealKind::Icm,
                keep_back: Chips::ZERO,
                until_ms: at + DEAL_MS
            }
        ]
    );
    assert_eq!(t.deal().map(|d| d.by), Some(2));
}

/// What `effects` pay as deal shares.
fn shares_paid(effects: &[Effect<u32>]) -> Vec<(u32, Chips)> {
    (effects.iter())
        .filter_map(|e| match e {
            Effect::PayShare { player, amount } => Some((*player, *amount)),
            _ => None,
        })
        .collect()
}

/// [`four_left`] with a deal of `kind` keeping `keep_back` back proposed by player 0 and
/// accepted by everyone: the effects of the acceptances, and the deal as made.
fn kept_back_deal(
    kind: DealKind,
    keep_back: u64,
) -> (Tournament<u32>, Vec<Effect<u32>>, Deal<u32>) {
    let mut t = four_left();
    t.propose_deal(0, kind, Chips::new(keep_back), 0)
        .expect("a deal");
    let deal = t.deal().expect("proposed").clone();
    let mut fx = Vec::new();
    for p in [1, 2, 3] {
        fx.extend(t.answer_deal(p, true, 1).expect("accepted"));
    }
    (t, fx, deal)
}

#[test]
fn a_deal_that_keeps_100_back_pays_the_shares_and_play_goes_on_for_the_100_which_the_winner_takes()
{
    let (mut t, fx, deal) = kept_back_deal(DealKind::Icm, 100);
    let prizes = t.prizes().expect("fixed").to_vec();
    assert_eq!(prizes, [260, 140].map(Chips::new).to_vec(), "400: 65/35");
    // The ICM of the prizes less the 100, taken off the top: 160 / 140.
    let shared = shared_prizes(&prizes, Chips::new(100)).expect("shared");
    assert_eq!(shared, [160, 140].map(Chips::new).to_vec());
    assert_eq!(deal.icm, icm_chips(&deal.stacks, &shared).expect("icm"));
    assert_eq!(
        deal.icm_floor,
        icm_floors(&deal.stacks, &shared).expect("icm")
    );
    assert_eq!(deal.chop, chip_chop(&deal.stacks, &shared).expect("chop"));
    let shares: Vec<(u32, Chips)> = deal.players.iter().copied().zip(deal.icm.clone()).collect();
    assert!(fx.contains(&Effect::DealMade {
        kind: DealKind::Icm,
        shares: shares.clone(),
        keep_back: Chips::new(100)
    }));
    assert_eq!(
        shares_paid(&fx),
        shares,
        "the shares are paid when the deal is made"
    );
    assert!(paid(&fx).is_empty(), "no place's prize yet");
    assert!(!fx
        .iter()
        .any(|e| matches!(e, Effect::Busted(_) | Effect::Finished)));
    // Play goes on: the table deals again; the places are decided by play, paying nothing.
    assert_eq!(t.phase(), Phase::Running);
    assert!(t.deal().is_none() && t.may_deal(0), "the table resumes");
    let mut after = hand(&mut t, 0, bust(0, &[1]));
    after.extend(hand(&mut t, 0, bust(2, &[3])));
    assert_eq!(t.phase(), Phase::Running);
    assert!(
        paid(&after).is_empty(),
        "the places after a deal are the deal's money"
    );
    after.extend(hand(&mut t, 0, bust(0, &[2])));
    assert_eq!(t.phase(), Phase::Finished);
    let places: Vec<(u32, usize)> = t.places().map(|p| (p.player, p.place)).collect();
    assert_eq!(places, vec![(1, 4), (3, 3), (2, 2), (0, 1)]);
    assert_eq!(
        paid(&after),
        vec![(0, Chips::new(100))],
        "the winner takes the 100"
    );
    let shared: Chips = shares.iter().map(|s| s.1).sum();
    assert_eq!(shared + Chips::new(100), t.pool(), "Σ paid = the pool");
}

#[test]
fn the_places_given_before_a_deal_that_keeps_money_back_keep_their_prizes() {
    // Seven at one table pay three of 700: 350 / 210 / 140.
    let (mut t, _) = sit_and_go(7, 10);
    hand(&mut t, 0, bust(0, &[3, 4, 5, 6]));
    let mut fx = hand(&mut t, 0, bust(0, &[2]));
    assert_eq!(t.prizes(), Some(&[350, 210, 140].map(Chips::new)[..]));
    // Heads-up, a chop of the 560 left keeping 100 back: 250 / 210, each sure of 210.
    fx.extend(
        t.propose_deal(1, DealKind::Chop, Chips::new(100), 0)
            .expect("a deal"),
    );
    let deal = t.deal().expect("proposed").clone();
    fx.extend(t.answer_deal(0, true, 1).expect("accepted"));
    let shares = shares_paid(&fx);
    assert_eq!(shares.iter().map(|s| s.1).sum::<Chips>(), Chips::new(460));
    assert_eq!(
        shares,
        deal.players
            .iter()
            .copied()
            .zip(deal.chop)
            .collect::<Vec<_>>()
    );
    // The short stack wins the play that follows: place 3 is paid its prize, the winner the 100.
    let after = hand(&mut t, 0, bust(1, &[0]));
    assert_eq!(t.phase(), Phase::Finished);
    assert_eq!(
        paid(&after),
        vec![(2, Chips::new(140)), (1, Chips::new(100))]
    );
    assert_eq!(Chips::new(460 + 140 + 100), t.pool());
}

#[test]
fn more_kept_back_than_the_prize_money_left_is_refused_and_changes_nothing() {
    let mut t = four_left();
    let before = t.clone();
    let too_much = TournamentError::Deal(DealError::KeepBack {
        keep_back: Chips::new(401),
        left: Chips::new(400),
    });
    assert_eq!(
        t.propose_deal(0, DealKind::Icm, Chips::new(401), 0),
        Err(too_much)
    );
    assert_eq!(t.deal(), before.deal());
    assert!(t.may_deal(0), "no deal stands");
    // All of it may be kept back: the shares are nothing, everything is played for.
    t.propose_deal(0, DealKind::Icm, Chips::new(400), 0)
        .expect("a deal keeping everything back");
    let deal = t.deal().expect("proposed");
    assert!(deal.icm.iter().chain(&deal.chop).all(|c| c.is_zero()));
}

#[test]
fn after_a_deal_that_kept_money_back_no_further_deal_is_made() {
    let (mut t, _, _) = kept_back_deal(DealKind::Chop, 50);
    let played_for =
        TournamentError::NotAllowed("a deal was made: what it kept back is played for");
    assert_eq!(t.deal_refusal(0, 2), Some(played_for.clone()));
    assert_eq!(
        t.propose_deal(0, DealKind::Icm, Chips::ZERO, 2),
        Err(played_for)
    );
    assert_eq!(t.kept_back().map(|k| k.amount), Some(Chips::new(50)));
}

#[test]
fn a_tournament_called_off_after_a_deal_that_kept_money_back_shares_only_that_amount() {
    let (mut t, fx, _) = kept_back_deal(DealKind::Icm, 100);
    let shared: Chips = shares_paid(&fx).iter().map(|s| s.1).sum();
    let fx = t.cancel().expect("called off");
    assert_eq!(t.phase(), Phase::Cancelled);
    let out: Chips = paid(&fx).iter().map(|p| p.1).sum();
    assert_eq!(
        out,
        Chips::new(100),
        "the amount kept back, shared by those left"
    );
    assert_eq!(shared + out, t.pool(), "Σ paid = the pool");
    let fees = (fx.iter())
        .filter(|e| matches!(e, Effect::Refund { fee, .. } if *fee == Chips::new(10)))
        .count();
    assert_eq!(fees, 4, "each player left gets the fee back");
}
