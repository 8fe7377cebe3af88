//! The draw game record (`tavolo-draw-record/1`, docs/draw-record.md): written from a hand's
//! log, read back, re-executed to the same result; tampered records rejected naming the action.

use tavolo_cards::{Card, CardSet, GameRng};
use tavolo_engine::betting::Refused;
use tavolo_engine::draw::{
    Action, Dealing, DrawError, DrawHand, DrawRecord, DrawSetup, RecordAction, RecordError, ToAct,
    RECORD_FORMAT,
};
use tavolo_engine::Chips;

fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A random hand played to the end by random legal actions; its setup and log.
fn random_hand(seed: u64) -> (DrawSetup, Vec<tavolo_engine::draw::Event>, DrawHand) {
    let mut s = seed;
    let n = 2 + (next(&mut s) % 7) as usize;
    let stacks = (0..n).map(|_| Chips::new(5 + next(&mut s) % 200)).collect();
    let mut setup = DrawSetup::new(
        stacks,
        (next(&mut s) % n as u64) as usize,
        Chips::new(1 + next(&mut s) % 5),
    );
    setup.carried_in = Chips::new(next(&mut s) % 2);
    let (mut h, mut log) = DrawHand::new(&setup, Dealing::Seeded(GameRng::from_u64(seed))).unwrap();
    while !h.is_over() {
        let r = next(&mut s);
        let a = match h.legal_actions() {
            _ if r % 20 == 0 => {
                let seat = (0..n).find(|&x| h.may_fold(x)).unwrap_or(0);
                Action::Fold { seat }
            }
            ToAct::Bet(l) => match (r % 4, l.call, l.raise) {
                (0, _, Some(rr)) => Action::BetOrRaiseTo {
                    seat: l.seat,
                    to: rr.min_to + Chips::new(r % (rr.max_to - rr.min_to).get().saturating_add(1)),
                },
                (1 | 2, Some(_), _) => Action::Call { seat: l.seat },
                (_, _, Some(rr)) if r % 3 == 0 => Action::BetOrRaiseTo {
                    seat: l.seat,
                    to: rr.min_to,
                },
                _ if l.check => Action::Check { seat: l.seat },
                _ => Action::Fold { seat: l.seat },
            },
            ToAct::Exchange { seat, hand, .. } => Action::Exchange {
                seat,
                discard: hand.iter().take((r % 4) as usize).collect(),
            },
            ToAct::Showdown { seat, may_muck } => {
                if may_muck && r % 2 == 0 {
                    Action::Muck { seat }
                } else {
                    Action::Show { seat }
                }
            }
            ToAct::Nobody => unreachable!(),
        };
        match h.apply(a) {
            Ok(ev) => log.extend(ev),
            // The out-of-turn fold above may pick a seat that cannot fold now: try again.
            Err(_) => continue,
        }
    }
    (setup, log, h)
}

#[test]
fn records_round_trip_and_replay_to_the_same_result() {
    for seed in 0..600 {
        let (setup, log, h) = random_hand(seed);
        let record = DrawRecord::from_log(&setup, &log).unwrap();
        assert_eq!(record.format, RECORD_FORMAT);
        let json = record.to_json();
        let back = DrawRecord::from_json(&json).unwrap();
        assert_eq!(back, record);
        let replayed = back.replay().unwrap();
        assert!(replayed.same_state(&h), "seed {seed}");
        let result = back.result.as_ref().expect("finished");
        assert_eq!(result.finishing_stacks, h.stacks());
        assert_eq!(result.carried_pot, h.carried());
    }
}

#[test]
fn a_record_that_breaks_the_rules_is_rejected_naming_the_action() {
    let (setup, log, _) = random_hand(7);
    let mut record = DrawRecord::from_log(&setup, &log).unwrap();
    // The first betting action becomes a check, which German draw forbids before the opening.
    let seat = match record.actions[0] {
        RecordAction::Bet { seat, .. }
        | RecordAction::Call { seat }
        | RecordAction::Fold { seat } => seat,
        ref other => panic!("{other:?}"),
    };
    record.actions.insert(0, RecordAction::Check { seat });
    match record.replay() {
        Err(RecordError::Action {
            index: 0, error, ..
        }) => {
            assert!(
                matches!(*error, DrawError::Turn(Refused::Betting { .. })),
                "{error}"
            );
            let msg = RecordError::Action {
                index: 0,
                action: RecordAction::Check { seat },
                error,
            }
            .to_string();
            assert!(
                msg.contains("action 0") && msg.contains("cannot check"),
                "{msg}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_wrong_result_or_format_is_rejected() {
    let (setup, log, _) = random_hand(8);
    let record = DrawRecord::from_log(&setup, &log).unwrap();
    let mut bad = record.clone();
    if let Some(r) = bad.result.as_mut() {
        r.finishing_stacks[0] += Chips::new(1);
    }
    assert!(matches!(
        bad.replay(),
        Err(RecordError::Result {
            field: "finishing_stacks",
            ..
        })
    ));
    let mut bad = record.clone();
    bad.format = "tavolo-draw-record/2".into();
    assert!(matches!(bad.replay(), Err(RecordError::Format { .. })));
    let mut bad = record;
    bad.deal.hands[0].pop();
    assert!(matches!(
        bad.replay(),
        Err(RecordError::HandSize { seat: 0, count: 4 })
    ));
}

#[test]
fn a_record_serving_the_bottom_card_is_rejected() {
    // Find a hand with an exchange, then make its first drawn card the bottom card.
    for seed in 0..50 {
        let (setup, log, _) = random_hand(seed);
        let mut record = DrawRecord::from_log(&setup, &log).unwrap();
        if record.deal.draws.is_empty() {
            continue;
        }
        let bottom: Card = record.deal.bottom;
        record.deal.draws[0] = bottom;
        let err = record.replay().unwrap_err();
        assert!(err.to_string().contains("not in the deck"), "{err}");
        return;
    }
    panic!("no hand with an exchange");
}

/// The example in docs/draw-record.md is a valid record.
#[test]
fn the_documented_example_replays() {
    let doc = include_str!("../../../../docs/draw-record.md");
    let start = doc.find("```json\n").expect("an example") + 8;
    let end = start + doc[start..].find("```").expect("closed");
    let record = DrawRecord::from_json(&doc[start..end]).unwrap();
    let hand = record.replay().unwrap();
    assert!(hand.is_over());
    let _: CardSet = hand.hand(0);
}

#[test]
fn a_table_names_the_players_and_older_records_without_names_still_read() {
    use tavolo_engine::game::Played;
    let (setup, log, h) = random_hand(11);
    let n = setup.stacks.len();
    let names: Vec<String> = (0..n).map(|i| format!("Player {i} <b>")).collect();
    let played = Played {
        setup,
        game: h.clone(),
        log,
    };
    let named = played.record(Some(&names)).unwrap();
    assert_eq!(named.format, "draw-json");
    let back = DrawRecord::from_json(&named.text).unwrap();
    assert_eq!(back.players.as_deref(), Some(&names[..]));
    assert!(back.replay().unwrap().same_state(&h));
    // Too few names are not kept; no names, no field.
    let short = played.record(Some(&names[..1])).unwrap();
    assert_eq!(DrawRecord::from_json(&short.text).unwrap().players, None);
    let bare = played.record(None).unwrap();
    assert!(!bare.text.contains("\"players\""));
    // A record written before the field existed reads and replays.
    let mut old: serde_json::Value = serde_json::from_str(&named.text).unwrap();
    old.as_object_mut().unwrap().remove("players");
    let old = DrawRecord::from_json(&old.to_string()).unwrap();
    assert_eq!(old.players, None);
    assert!(old.replay().unwrap().same_state(&h));
}
