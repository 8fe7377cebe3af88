//! Dealing the operator cannot bias (docs/protocol.md, Provably fair dealing): the seed of a
//! hand is mixed from the room's part, committed to one hand ahead, and the dealt-in players'
//! seed chain reveals; a player without a chain plays as before.

use crate::common::fair::{reveal, state, two_players_reveal};
use crate::common::{audit, get, guests, guests_at_heads_up, server};
use serde_json::json;
use tavolo_engine::holdem::phh;
use tavolo_server::fairness::{bytes32, mix, Parts};
use tavolo_store::hex;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_reveals_are_mixed_into_the_deal_and_every_part_is_served() {
    let (h, _dir) = server("fair-two").await;
    let [mut ann, mut bob] = guests::<2>(h.local_addr()).await;
    let story = two_players_reveal(&mut ann, &mut bob).await;

    let b = &story.bundle;
    assert_eq!(b["format"], "tavolo-fair/3", "{b}");
    assert_eq!(b["hand"], json!(story.hands.1));
    assert_eq!(b["commitment"], json!(story.commitments.1));
    let parts: Parts = serde_json::from_value(b["parts"].clone()).expect("the parts");
    // Both reveals, in seat order, each with the chain head it extends.
    let mut expected = vec![
        (story.seats.0, story.ann.reveal(1), story.ann.head()),
        (story.seats.1, story.bob.reveal(1), story.bob.head()),
    ];
    expected.sort();
    let listed: Vec<_> = (parts.reveals.iter())
        .map(|r| (r.seat as u64, r.value.clone(), r.extends.clone()))
        .collect();
    assert_eq!(listed, expected);
    // The parts recompute the seed the cards were dealt from.
    let seed = parts.seed(&story.commitments.1).expect("the parts add up");
    assert_eq!(b["seed"], json!(hex(&seed)));
    let record = phh::parse_phh(b["record"].as_str().unwrap()).expect("a PHH record");
    record
        .prove(seed)
        .expect("the record is the whole hand the mixed seed and the actions give");
    // Each player's part matters: another reveal, or none, is another seed.
    let room = bytes32(&parts.room).unwrap();
    let values: Vec<[u8; 32]> = parts
        .reveals
        .iter()
        .map(|r| bytes32(&r.value).unwrap())
        .collect();
    assert_eq!(mix(&room, &values), seed);
    assert_ne!(mix(&room, &[values[0], [0; 32]]), seed);
    assert_ne!(mix(&room, &values[..1]), seed);
    assert_ne!(mix(&room, &[]), seed);
    // The players dealt in get the same parts with the hand's end.
    assert_eq!(story.previous["seed"], b["seed"]);
    assert_eq!(story.previous["parts"], b["parts"]);
    assert_eq!(story.previous["transcript"], b["transcript"]);
    // A spectator of the story gets the commitment, never the parts.
    let spectator = get(
        h.local_addr(),
        &format!("/api/fairness/{}", story.hands.1),
        None,
    )
    .await
    .json();
    assert_eq!(spectator["commitment"], b["commitment"]);
    assert!(
        spectator["seed"].is_null() && spectator["parts"].is_null(),
        "{spectator}"
    );
    audit(&h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_without_a_chain_plays_as_before() {
    let (h, _dir, [mut ann, mut bob], table) = guests_at_heads_up("fair-none").await;
    bob.join(&table).await;
    let first = state(&mut ann, |m| m["hand"].is_string()).await;
    assert!(first["you"].get("chain").is_none(), "{first}");
    assert!(first["next_commitment"].is_string());
    let r = reveal(&mut ann, &table, &"ab".repeat(32)).await;
    assert_eq!(r["code"], "not_allowed", "{r}");
    assert!(
        r["message"].as_str().unwrap().contains("no seed chain"),
        "{r}"
    );
    let r = reveal(&mut ann, &table, "not hex").await;
    assert_eq!(r["code"], "malformed", "{r}");
    // A chain can still come later: `seed_chain`.
    let r = ann
        .ask(
            "seed_chain",
            json!({"table": table, "head": "cd".repeat(32)}),
        )
        .await;
    assert_eq!(r["type"], "ack", "{r}");
    let s = state(&mut ann, |m| !m["you"]["chain"].is_null()).await;
    assert_eq!(s["you"]["chain"], json!({"used": 0, "pending": false}));
    audit(&h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_nobody_contributed_to_is_dealt_from_the_room_part_alone() {
    let (h, _dir, [mut ann, mut bob], table) = guests_at_heads_up("fair-room").await;
    let seats = {
        let s = state(&mut ann, |m| m["you"]["seat"].is_u64()).await;
        s["you"]["seat"].as_u64().unwrap()
    };
    let joined = bob.ask("join", json!({"table": table})).await;
    let bob_seat = joined["result"]["seat"].as_u64().unwrap();
    let first = state(&mut ann, |m| m["hand"].is_string()).await;
    let mut players = [(&mut ann, seats), (&mut bob, bob_seat)];
    let over = crate::common::fair::fold_out(&mut players, &table, first.clone()).await;
    let parts: Parts = serde_json::from_value(over["previous"]["parts"].clone()).unwrap();
    assert!(parts.reveals.is_empty());
    let seed = parts.seed(first["commitment"].as_str().unwrap()).unwrap();
    assert_eq!(over["previous"]["seed"], json!(hex(&seed)));
    audit(&h).await;
}

/// Issue 50, finding 1: a record rewritten after the hand into another legal hand from the same
/// seed with the same result was called fair, because the commitment binds only the seed. The
/// hand's transcript (`tavolo-fair/3`) binds the whole record: every viewer (a spectator too,
/// without the seed) is sent it when the hand ends, and the bundle served later carries the same
/// digest, which the record it carries recomputes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_viewer_is_sent_the_transcript_that_binds_the_record() {
    let (h, _dir, [mut ann, mut bob, mut carol], table) =
        guests_at_heads_up("fair-transcript").await;
    let ann_seat = state(&mut ann, |m| m["you"]["seat"].is_u64()).await["you"]["seat"]
        .as_u64()
        .unwrap();
    assert_eq!(
        carol.ask("watch", json!({"table": table})).await["type"],
        "ack"
    );
    let joined = bob.ask("join", json!({"table": table})).await;
    let bob_seat = joined["result"]["seat"].as_u64().unwrap();
    let first = state(&mut ann, |m| m["hand"].is_string()).await;
    let hand = first["hand"].as_str().unwrap().to_string();
    assert!(
        first["previous"]["transcript"].is_null(),
        "no digest of a hand in play: {first}"
    );
    let mut players = [(&mut ann, ann_seat), (&mut bob, bob_seat)];
    let over = crate::common::fair::fold_out(&mut players, &table, first.clone()).await;
    let transcript = over["previous"]["transcript"]
        .as_str()
        .expect("a transcript");
    assert_eq!(transcript.len(), 64, "{over}");
    let watched = state(&mut carol, |m| m["previous"]["hand"] == json!(hand)).await;
    assert_eq!(watched["previous"]["transcript"], json!(transcript));
    assert!(watched["previous"]["seed"].is_null(), "{watched}");

    let b = crate::common::fair::recorded_bundle(&ann, &hand).await;
    assert_eq!(b["format"], "tavolo-fair/3", "{b}");
    assert_eq!(b["transcript"], json!(transcript));
    let seed = bytes32(b["seed"].as_str().unwrap()).unwrap();
    assert_eq!(
        tavolo_engine::transcript::transcript_hex(
            b["commitment"].as_str().unwrap(),
            &seed,
            "holdem",
            b["record_format"].as_str().unwrap(),
            b["record"].as_str().unwrap(),
        ),
        transcript,
        "the record served is the one the transcript sent at the hand's end binds"
    );
    // The commitment is public, the transcript is not served to those who were not dealt in.
    let spectator = get(h.local_addr(), &format!("/api/fairness/{hand}"), None)
        .await
        .json();
    assert!(spectator["transcript"].is_null(), "{spectator}");
    audit(&h).await;
}
