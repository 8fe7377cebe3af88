//! PHH hand histories: the real hands of `shared/phh` replayed (WSOP 2023 final table, Pluribus,
//! historical), and Tavolo's export read back byte-identically. Skips cleanly without the folder.

use crate::holdem_support::*;
use crate::outside::{files_under, shared_phh};
use tavolo_cards::GameRng;
use tavolo_engine::holdem::phh::{self, PhhError};
use tavolo_engine::holdem::{Dealing, Hand};
use tavolo_engine::Chips;

/// Replays every hold'em hand under `sub`; returns (replayed, matching finishing stacks,
/// skipped other variants) and panics listing any failure.
fn replay_dir(sub: &str) -> Option<(usize, usize, usize)> {
    let root = shared_phh("PHH replays skipped")?.join(sub);
    let mut list = Vec::new();
    files_under(&root, &["phh", "phhs"], &mut list);
    let (mut replayed, mut matched, mut skipped) = (0, 0, 0);
    let mut failures = Vec::new();
    for path in &list {
        let text = std::fs::read_to_string(path).expect("readable");
        let hand = match phh::parse_phh(&text) {
            Ok(h) => h,
            Err(PhhError::Variant(_)) => {
                skipped += 1;
                continue;
            }
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        match hand.replay() {
            Ok(r) => {
                replayed += 1;
                match &hand.finishing_stacks {
                    Some(f) if *f == r.finishing_stacks() => matched += 1,
                    Some(f) => failures.push(format!(
                        "{}: finishing stacks {:?}, file says {:?}",
                        path.display(),
                        r.finishing_stacks(),
                        f
                    )),
                    None => matched += 1,
                }
            }
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    eprintln!("{sub}: {replayed} hold'em hands replayed, {matched} finishing stacks reproduced, {skipped} other variants skipped");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    Some((replayed, matched, skipped))
}

#[test]
fn wsop_2023_final_table_hold_em_hands_reproduce_finishing_stacks() {
    if let Some((replayed, matched, _)) = replay_dir("wsop") {
        assert_eq!(replayed, 18);
        assert_eq!(matched, replayed);
    }
}

#[test]
fn pluribus_hands_reproduce_finishing_stacks() {
    if let Some((replayed, matched, _)) = replay_dir("pluribus") {
        assert_eq!(replayed, 10_000);
        assert_eq!(matched, replayed);
    }
}

#[test]
fn historical_hold_em_hands_reproduce_finishing_stacks() {
    replay_dir("historical");
}

#[test]
fn export_import_export_is_byte_identical() {
    let mut rng = GameRng::from_u64(11);
    for i in 0..500u64 {
        let n = 2 + rng.below(9) as usize;
        let stacks = random_stacks(n, Chips::new(2), &mut rng);
        let mut s = setup(
            &stacks,
            rng.below(n as u32) as usize,
            Chips::new(1),
            Chips::new(2),
            random_rules(&mut rng),
        );
        if i % 3 == 0 {
            s.antes = vec![Chips::new(1); n];
        }
        let (mut h, mut ev) = Hand::new(&s, Dealing::Seeded(GameRng::from_u64(i))).expect("setup");
        while let Some(a) = random_action(&h, &mut rng) {
            ev.extend(h.apply(a).expect("legal"));
        }
        let names: Vec<String> = (0..n).map(|k| format!("Player \"{k}\"")).collect();
        let first = phh::export(&s, &ev, Some(&names));
        let text = first.to_phh();
        let back = phh::parse_phh(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let again = back.reexport().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.to_phh(), text);
        let seat_of = |k: usize| (s.button + 1 + k) % n;
        let finishing: Vec<Chips> = (0..n).map(|k| h.stacks()[seat_of(k)]).collect();
        assert_eq!(again.finishing_stacks.as_deref(), Some(&finishing[..]));
    }
}

#[test]
fn phhs_bulk_files_hold_many_hands() {
    let text = "[1]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                starting_stacks = [100, 100]\nactions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p2 f']\n\
                [2]\nvariant = 'FO/8'\n";
    let hands = phh::parse_phhs(text).expect("syntax");
    assert_eq!(hands.len(), 2);
    let r = hands[0]
        .as_ref()
        .expect("hold'em")
        .replay()
        .expect("replays");
    assert_eq!(r.finishing_stacks(), vec![101, 99]);
    assert!(matches!(hands[1], Err(PhhError::Variant(_))));
}
