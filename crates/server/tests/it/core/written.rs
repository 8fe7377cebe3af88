//! The `table_state` the core writes by hand from its parts (what every viewer shares written
//! once per publishing) is the protocol's `TableState`: every state a player and a spectator
//! get over hands to a showdown reads back as one and is written back the same.

use serde_json::Value;
use tavolo_server::protocol::ServerMessage;
use tavolo_server::table::core::TableIntent;

use super::stories::{ada_seated, play_passively};

/// Every `table_state` on connection `conn` reads as the protocol's message, and the message
/// written again is the same JSON (no field missing, none unknown, none of another type).
fn every_state_is_a_table_state(frames: &[tavolo_server::table::core::Frame], conn: u64) -> usize {
    let mut n = 0;
    for f in frames {
        let text = f.as_str();
        let value: Value = serde_json::from_str(text).expect("JSON");
        if value["type"] != "table_state" {
            continue;
        }
        let message = ServerMessage::parse(text)
            .unwrap_or_else(|e| panic!("connection {conn}: not a table_state ({e}): {text}"));
        let again = serde_json::to_value(&message).expect("written");
        assert_eq!(again, value, "connection {conn}: {text}");
        n += 1;
    }
    n
}

#[test]
fn every_state_the_core_writes_reads_back_as_the_protocols_table_state() {
    let (mut books, ada, mut t) = ada_seated("tw", 2);
    let bo = books.user("bo", false, 1_000);
    t.intent(2, &bo, TableIntent::Watch);
    play_passively(&mut t, &mut books, 1, &ada, 6);
    let (player, spectator) = (&t.frames[&1], &t.frames[&2]);
    assert!(every_state_is_a_table_state(player, 1) > 20);
    assert!(every_state_is_a_table_state(spectator, 2) > 20);
}
