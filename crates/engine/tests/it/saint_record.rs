//! The Saint Poker game record: it round-trips through JSON, replays to the same game, and any
//! tampering is rejected with the round, the player and the first inconsistency.

use crate::saint_common::*;
use tavolo_cards::{Card, Category};
use tavolo_engine::saint::{
    verify_record, verify_record_json, RecordError, SaintError, SaintRecord, RECORD_FORMAT,
};

fn record() -> SaintRecord {
    random_game(4, 2024).0.record().unwrap()
}

fn rejected(rec: &SaintRecord) -> RecordError {
    verify_record(rec).expect_err("tampered record accepted")
}

/// Asserts that `rec` is rejected for a mismatch of `field`, in `round` and for `player` where
/// they are given (`None`: any); returns the error.
fn assert_mismatch(
    rec: &SaintRecord,
    round: Option<u8>,
    player: Option<usize>,
    field: &str,
) -> RecordError {
    let e = rejected(rec);
    let RecordError::Mismatch {
        round: r,
        player: p,
        field: f,
        ..
    } = &e
    else {
        panic!("not a mismatch: {e:?}");
    };
    assert_eq!(*f, field, "{e:?}");
    if let Some(round) = round {
        assert_eq!(*r, round, "{e:?}");
    }
    if let Some(player) = player {
        assert_eq!(*p, Some(player), "{e:?}");
    }
    e
}

/// A card of `player`'s hand at the start of `round` that they did not use in the round.
fn card_not_in_hand(rec: &SaintRecord, round: usize, player: usize) -> Card {
    let g = random_game(4, 2024).0;
    let _ = g;
    // Another player's placed card is certainly not in this player's hand.
    rec.rounds[round].placed[(player + 1) % 4]
}

#[test]
fn a_record_round_trips_through_json_and_replays() {
    let (g, _) = random_game(4, 2024);
    let rec = g.record().unwrap();
    assert_eq!(rec.format, RECORD_FORMAT);
    assert_eq!(rec.rounds.len(), 8);
    assert!(rec.rounds[7].draft.is_none() && rec.rounds[7].preview.is_empty());
    let json = serde_json::to_string_pretty(&rec).unwrap();
    let back: SaintRecord = serde_json::from_str(&json).unwrap();
    assert_eq!(back, rec);
    assert!(verify_record_json(&json).unwrap() == g);
    let result = rec.result.as_ref().unwrap();
    assert_eq!(result.scores, g.scores());
    assert_eq!(rec.rounds[7].scores, result.scores);
    for r in &rec.rounds {
        let pts: u32 = r.hands.iter().map(|h| h.points).sum();
        assert!(pts >= r.round as u32);
        for h in &r.hands {
            assert!(!h.category.code().is_empty());
            for c in h.shown {
                assert!(
                    h.best_five.contains(&c),
                    "both shown cards are in the best five"
                );
            }
            let centre_used = h.best_five.iter().filter(|c| r.centre.contains(c)).count();
            assert_eq!(centre_used, 3);
        }
    }
}

#[test]
fn a_table_names_the_players_in_the_record() {
    use tavolo_engine::game::Played;
    use tavolo_engine::saint::SaintOptions;
    let (g, ev) = random_game(3, 77);
    let played = Played {
        setup: SaintOptions::new(3),
        game: g.clone(),
        log: ev,
    };
    let names: Vec<String> = ["Ada", "Bianca (expert)", "<i>Carlo</i>"]
        .map(String::from)
        .to_vec();
    let named = played.record(Some(&names)).unwrap();
    assert_eq!(named.format, "saint-json");
    let rec: SaintRecord = serde_json::from_str(&named.text).unwrap();
    assert_eq!(rec.players, names);
    assert!(verify_record_json(&named.text).unwrap() == g);
    // Without names, or with the wrong number of them, the engine's P1, P2, … stay.
    for given in [None, Some(&names[..2])] {
        let r = played.record(given).unwrap();
        let rec: SaintRecord = serde_json::from_str(&r.text).unwrap();
        assert_eq!(rec.players, ["P1", "P2", "P3"]);
    }
}

#[test]
fn a_partial_record_of_a_game_in_progress_verifies() {
    let mut g = tavolo_engine::saint::SaintGame::new(
        tavolo_engine::saint::SaintOptions::new(3),
        tavolo_engine::saint::seed_from_u64(5),
    )
    .unwrap();
    let mut rng = tavolo_cards::GameRng::from_u64(5);
    play_random_until(&mut g, &mut rng, |g| g.round() == 4);
    let rec = g.record().unwrap();
    assert_eq!(rec.rounds.len(), 3);
    assert!(rec.result.is_none());
    verify_record(&rec).unwrap();
}

#[test]
fn tampered_placed_card_not_in_hand_is_rejected() {
    let mut rec = record();
    let c = card_not_in_hand(&rec, 2, 1);
    rec.rounds[2].placed[1] = c;
    match rejected(&rec) {
        RecordError::Illegal {
            round: 3,
            player: 1,
            source: SaintError::CardNotInHand { card, .. },
        } => {
            assert_eq!(card, c)
        }
        e => panic!("{e:?}"),
    }
}

#[test]
fn tampered_points_are_rejected() {
    let mut rec = record();
    rec.rounds[4].hands[2].points += 1;
    let e = assert_mismatch(&rec, Some(5), Some(2), "points");
    assert!(
        e.to_string().starts_with("round 5, player 2: points is"),
        "{e}"
    );
}

#[test]
fn tampered_category_and_best_five_are_rejected() {
    let mut rec = record();
    let h = &mut rec.rounds[0].hands[0];
    h.category = if h.category == Category::StraightFlush {
        Category::HighCard
    } else {
        Category::StraightFlush
    };
    assert_mismatch(&rec, Some(1), Some(0), "category");
    let mut rec = record();
    let centre = rec.rounds[1].centre.clone();
    let five = rec.rounds[1].hands[3].best_five;
    // Replace a centre card of the five by a centre card it does not use: a different hand.
    let unused = centre.iter().copied().find(|c| !five.contains(c)).unwrap();
    let used = five.iter().position(|c| centre.contains(c)).unwrap();
    let mut alt = rec.clone();
    alt.rounds[1].hands[3].best_five[used] = unused;
    match verify_record(&alt) {
        // Equally good (e.g. a kicker that does not play): accepted.
        Ok(_) => {}
        Err(e) => assert!(
            matches!(
                e,
                RecordError::Mismatch {
                    round: 2,
                    player: Some(3),
                    field: "best_five",
                    ..
                }
            ),
            "{e:?}"
        ),
    }
    // Two copies of a card, or a card from outside, are never a hand.
    rec.rounds[1].hands[3].best_five[0] = five[1];
    assert_mismatch(&rec, Some(2), Some(3), "best_five");
}

#[test]
fn tampered_pick_not_in_pool_is_rejected() {
    let mut rec = record();
    let d = rec.rounds[3].draft.as_mut().unwrap();
    let first = d.picks[0];
    // A card picked earlier in the draft is no longer in the pool.
    d.picks[1].card = first.card;
    match rejected(&rec) {
        RecordError::Illegal {
            round: 4,
            player,
            source: SaintError::CardNotInPool { card, .. },
        } => {
            assert_eq!(card, first.card);
            assert_eq!(
                player,
                rec.rounds[3].draft.as_ref().unwrap().picks[1].player
            );
        }
        e => panic!("{e:?}"),
    }
}

#[test]
fn tampered_draft_order_is_rejected() {
    let mut rec = record();
    let d = rec.rounds[0].draft.as_mut().unwrap();
    d.order.swap(0, 3);
    assert_mismatch(&rec, Some(1), None, "draft.order");
    // Picks made out of the draft order are illegal.
    let mut rec = record();
    let d = rec.rounds[0].draft.as_mut().unwrap();
    let (a, b) = (d.picks[0].player, d.picks[1].player);
    d.picks[0].player = b;
    d.picks[1].player = a;
    match rejected(&rec) {
        RecordError::Illegal {
            round: 1,
            player,
            source: SaintError::NotYourTurn { to_pick, .. },
        } => {
            assert_eq!((player, to_pick), (b, a));
        }
        e => panic!("{e:?}"),
    }
}

#[test]
fn tampered_tie_draw_is_rejected() {
    let mut rec = record();
    rec.rounds[6].draft.as_mut().unwrap().tie_draw.reverse();
    assert_mismatch(&rec, Some(7), None, "draft.tie_draw");
}

#[test]
fn tampered_preview_discards_and_scores_are_rejected() {
    let mut rec = record();
    rec.rounds[2].preview[0] = rec.rounds[2].placed[0];
    assert_mismatch(&rec, Some(3), None, "preview");
    let mut rec = record();
    rec.rounds[5].discards.pop();
    assert_mismatch(&rec, Some(6), None, "discards");
    let mut rec = record();
    rec.rounds[5].scores[3] += 2;
    assert_mismatch(&rec, Some(6), Some(3), "scores");
    let mut rec = record();
    rec.rounds[5].centre.pop();
    assert_mismatch(&rec, Some(6), None, "centre");
}

#[test]
fn tampered_shown_card_is_rejected() {
    let mut rec = record();
    let placed = rec.rounds[3].placed[0];
    rec.rounds[3].hands[0].shown[1] = placed;
    assert!(matches!(
        rejected(&rec),
        RecordError::Illegal {
            round: 4,
            player: 0,
            source: SaintError::CardNotInHand { .. }
        }
    ));
}

#[test]
fn tampered_result_is_rejected() {
    let mut rec = record();
    let r = rec.result.as_mut().unwrap();
    r.winners = vec![0, 1, 2, 3];
    assert_mismatch(&rec, None, None, "result.winners");
    let mut rec = record();
    rec.result = None;
    assert_mismatch(&rec, None, None, "result");
    let mut rec = record();
    rec.rounds.pop();
    assert_mismatch(&rec, None, None, "result");
}

#[test]
fn tampered_deal_or_seed_is_rejected() {
    let mut rec = record();
    let (a, b) = (rec.deal.hands[1][0], rec.deal.hands[2][0]);
    rec.deal.hands[1][0] = b;
    rec.deal.hands[2][0] = a;
    assert!(matches!(
        rejected(&rec),
        RecordError::Deal {
            player: Some(1),
            ..
        }
    ));
    let mut rec = record();
    rec.seed = "00".repeat(32);
    assert!(matches!(
        rejected(&rec),
        RecordError::Deal {
            player: Some(0),
            ..
        }
    ));
    let mut rec = record();
    rec.seed = "xyz".into();
    assert!(matches!(rejected(&rec), RecordError::Format(_)));
    // Flipping `shuffled` changes the generator's stream: the tie draws no longer match.
    let mut rec = record();
    rec.shuffled = false;
    assert_mismatch(&rec, None, None, "draft.tie_draw");
}

#[test]
fn a_stacked_deal_is_replayed_as_dealt_but_must_be_a_real_deal() {
    let mut g = stacked(
        tavolo_engine::saint::SaintOptions::new(4),
        &["Kd 9c 8d", "Qh 9h 8s", "Jc 3c 2d", "5s 4h 2s"],
        "As",
        "7h",
    );
    let mut rng = tavolo_cards::GameRng::from_u64(1);
    play_random_until(&mut g, &mut rng, |_| false);
    let rec = g.record().unwrap();
    assert!(!rec.shuffled);
    assert_eq!(rec.deal.draw_pile.len(), 52 - 41);
    assert!(verify_record(&rec).unwrap() == g);
    let mut bad = rec.clone();
    bad.deal.hands[0][0] = bad.deal.hands[0][1];
    assert!(matches!(rejected(&bad), RecordError::Deal { .. }));
    let mut bad = rec;
    bad.deal.draw_pile.pop();
    assert!(matches!(rejected(&bad), RecordError::Deal { .. }));
}

#[test]
fn wrong_options_or_format_are_rejected() {
    let mut rec = record();
    rec.options.players = 3;
    assert!(rejected(&rec).to_string().contains("players"));
    let mut rec = record();
    rec.options.centre_cards = Some(9);
    assert!(matches!(rejected(&rec), RecordError::Options(_)));
    let mut rec = record();
    rec.format = "something-else".into();
    assert!(matches!(rejected(&rec), RecordError::Format(_)));
    assert!(matches!(
        verify_record_json("{\"format\": 1}"),
        Err(RecordError::Format(_))
    ));
}

#[test]
fn documented_example_verifies() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/saint-record.md"
    ))
    .expect("docs/saint-record.md");
    let start = doc.find("```json\n").expect("an example") + 8;
    let end = start + doc[start..].find("```").expect("end of the example");
    let g = verify_record_json(&doc[start..end]).expect("the documented example is valid");
    assert!(g.is_over());
    // The engine writes exactly the documented record (hand descriptions aside: wording).
    let strip = |mut r: SaintRecord| {
        for h in r.rounds.iter_mut().flat_map(|r| r.hands.iter_mut()) {
            h.description.clear();
        }
        r
    };
    assert_eq!(
        strip(g.record().unwrap()),
        strip(serde_json::from_str::<SaintRecord>(&doc[start..end]).unwrap())
    );
}
