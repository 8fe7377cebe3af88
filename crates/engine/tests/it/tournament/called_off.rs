//! What a tournament called off pays (RULES.md §5, "Kinds and money"), the final table's
//! redraw ("Seats and tables") and levels by hands ("Levels and the clock"), told as stories.

use tavolo_engine::tournament::{Effect, Length, Phase, Speed, Structure, Tournament};
use tavolo_engine::Chips;

use super::stories::{
    first_busts_second, hand, scheduled, seated, sit_and_go, sit_and_go_config, started,
};

/// Each player's refunds (prize part, fee) and prizes in `effects`.
fn money(effects: &[Effect<u32>], who: u32) -> (u64, u64, u64) {
    let (mut prize, mut fee, mut paid) = (0, 0, 0);
    for e in effects {
        match e {
            Effect::Refund {
                player,
                prize: p,
                fee: f,
            } if *player == who => {
                prize += p.get();
                fee += f.get();
            }
            Effect::Pay { player, amount } if *player == who => paid += amount.get(),
            _ => {}
        }
    }
    (prize, fee, paid)
}

#[test]
fn called_off_before_the_first_bust_everybody_gets_back_all_they_paid_rebuys_too() {
    let mut t = started(scheduled(9, Speed::Regular, 2), 12);
    t.rebuy(4)
        .expect("a rebuy at the starting stack, between hands");
    assert_eq!(t.pool(), Chips::new(1_300));
    let e = t.cancel().expect("called off");
    assert_eq!(t.phase(), Phase::Cancelled);
    assert_eq!(
        money(&e, 4),
        (200, 10, 0),
        "the rebuy's prize part back too"
    );
    for p in (0..12).filter(|&p| p != 4) {
        assert_eq!(money(&e, p), (100, 10, 0), "player {p}");
    }
    assert_eq!((t.pool(), t.fees()), (Chips::ZERO, Chips::ZERO));
    assert!(t.cancel().is_err(), "called off once");
    assert!(t.register(99, 0).is_err());
}

#[test]
fn called_off_in_the_money_the_places_given_keep_their_prizes_and_the_rest_is_shared() {
    // 9 entries: 900 in the pool, prizes 450/270/180. Six bust one by one; three are left in
    // the money when the room calls it off.
    let (mut t, _) = sit_and_go(9, 9);
    let mut effects = Vec::new();
    for _ in 0..6 {
        effects.extend(first_busts_second(&mut t, 0));
    }
    let left = seated(&t, 0);
    assert_eq!(left.len(), 3);
    let e = t.cancel().expect("called off");
    assert_eq!(t.phase(), Phase::Cancelled);
    // Places 4 to 9 pay nothing; the three left each get at least the third prize (180), the
    // pool to the last chip, and their fee back.
    let shares: Vec<(u64, u64, u64)> = left.iter().map(|&p| money(&e, p)).collect();
    assert!(shares
        .iter()
        .all(|&(prize, fee, paid)| prize == 0 && fee == 10 && paid >= 180));
    assert_eq!(shares.iter().map(|s| s.2).sum::<u64>(), 900);
    // Half of what is over the floor (900 − 3 × 180 = 360) equally, half by chips: the chip
    // leader gets the most.
    let stacks = t.stacks().clone();
    let leader = *stacks.iter().max_by_key(|(_, c)| **c).expect("a leader").0;
    let most = left.iter().map(|&p| money(&e, p).2).max();
    assert_eq!(Some(money(&e, leader).2), most);
    assert!(t.fees() == Chips::new(90 - 30));
}

#[test]
fn called_off_before_the_bubble_those_left_share_the_pool_with_no_floor() {
    let (mut t, _) = sit_and_go(9, 9);
    first_busts_second(&mut t, 0);
    let left = seated(&t, 0);
    let e = t.cancel().expect("called off");
    let paid: u64 = left.iter().map(|&p| money(&e, p).2).sum();
    assert_eq!(paid, 900, "eight left share the whole pool");
    let busted_out = (0..9).find(|p| !left.contains(p)).expect("the one busted");
    assert_eq!(
        money(&e, busted_out),
        (0, 0, 0),
        "the ninth place pays nothing"
    );
}

#[test]
fn the_final_table_is_redrawn_when_the_players_left_fit_at_one() {
    // 12 players at two tables of 9 (6 and 6); three busts at table 1 leave 9: one table.
    let (mut t, _) = sit_and_go(12, 9);
    assert_eq!(t.seatings().count(), 2);
    // (balancing may move a player to table 1 on the way)
    let mut moves = Vec::new();
    for _ in 0..3 {
        moves = (first_busts_second(&mut t, 1).into_iter())
            .filter_map(|e| match e {
                Effect::Move(m) => Some(m),
                _ => None,
            })
            .collect();
        if t.seatings().count() == 1 {
            break;
        }
    }
    assert_eq!(t.seatings().count(), 1, "one table of nine");
    let table = t.seatings().next().expect("the final table");
    assert_eq!(table.players(), 9);
    assert_eq!(
        table.big_blind, None,
        "the button is placed afresh at the final table"
    );
    // In the hand that combined the tables everybody drew: those from table 1 moved to table
    // 0, and table 0's own players were redrawn too (some of them to other seats).
    assert!(moves.iter().all(|m| m.to.0 == 0));
    assert!(
        moves.iter().any(|m| m.from.0 == 0),
        "table 0's players drew too: {moves:?}"
    );
    assert!(t.may_deal(0));
}

#[test]
fn no_table_deals_while_the_final_table_waits_for_the_other_to_finish_its_hand() {
    let (mut t, _) = sit_and_go(12, 9);
    // Table 0 deals and is playing; table 1 busts players down to the final-table count.
    t.dealt(0).expect("table 0 deals");
    let began0 = t.table_stacks(0).expect("table 0");
    for _ in 0..3 {
        if !t.may_deal(1) {
            break;
        }
        first_busts_second(&mut t, 1);
    }
    assert_eq!(t.seatings().map(|s| s.players()).sum::<usize>(), 9);
    assert_eq!(t.seatings().count(), 2, "not redrawn while table 0 plays");
    assert!(!t.may_deal(1), "table 1 waits for the final table");
    t.hand_over(0, &began0, &began0, 0)
        .expect("table 0's hand ends");
    assert_eq!(
        t.seatings().count(),
        1,
        "redrawn once both are between hands"
    );
}

#[test]
fn levels_by_hands_move_on_with_the_slowest_table() {
    let mut config = sit_and_go_config(12, 6);
    config.structure = Structure::template(Speed::Turbo);
    config.structure.length = Length::Hands(3);
    let mut t: Tournament<u32> = Tournament::new(config, [9; 32]).expect("settings");
    for p in 0..12 {
        t.register(p, 0).expect("in");
    }
    assert_eq!(t.level(), 1);
    let same = |s: &[(u32, u64)]| s.to_vec();
    for _ in 0..3 {
        assert!(!hand(&mut t, 0, same).contains(&Effect::Level(2)));
    }
    assert_eq!(t.level(), 1, "table 1 has dealt no hand yet");
    for k in 0..3 {
        let e = hand(&mut t, 1, same);
        assert_eq!(e.contains(&Effect::Level(2)), k == 2, "hand {k} at table 1");
    }
    assert_eq!(t.level(), 2);
    // Time alone moves nothing.
    t.tick(3_600_000).expect("a tick");
    assert_eq!(t.level(), 2);
}
