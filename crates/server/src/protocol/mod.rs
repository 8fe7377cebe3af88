//! The wire format of docs/protocol.md, and nothing else: every message and answer of the
//! WebSocket and the HTTP API, the table options a client sends and the lobby's lines, as
//! serde types with their JSON Schema. This module is a leaf of the crate: it depends on the
//! engine (the games' own types and rules facts) and serde, never on the room, the tables or
//! the books (`tests/it/layers.rs` checks that). Malformed input becomes a specific
//! [`ProtoError`], never a panic; the room's own failures are mapped to one once, at the edge
//! ([`crate::error::RoomError`]).

mod error;
pub mod http;
mod intent;
mod message;
mod options;
pub mod replay;
mod seed;
#[cfg(test)]
mod tests;
pub mod tournament;

use serde_json::Value;

pub use error::{answer_json, error_json, Answer, Code, ProtoError};
pub use intent::{
    parse_intent, ChatText, ChatTextError, Hex32, Intent, Name, Request, SeatNo, Unreadable,
    Unshown,
};
pub use message::{
    AckResult, ChainView, ChatLine, ClockView, HandValue, JoinSeat, Previous, SeatChange, SeatLost,
    SeatRow, SeatStatus, ServerMessage, TableState, TournamentView, UserInfo, You,
};
pub use options::{GameKind, OptionsError, TableOptions, TableStatus, TableSummary};
pub use seed::{Parts, Reveal};

/// The protocol version this server speaks.
pub const VERSION: u64 = 1;

/// The largest inbound text frame accepted (4 KiB).
pub const MAX_MESSAGE: usize = 4096;

/// The games' own types of a `table_state` (the engine's, as it writes them): its `view` is
/// one game's view, its `legal` that game's choices (Hold'em's and Draw's betting choices, or
/// Saint Poker's). [`TableState`] leaves them open (each table writes its game's); here they
/// are the schema of any of the three games, so that a client's types name their fields.
fn game_schemas(
    generator: &mut schemars::SchemaGenerator,
) -> [(&'static str, serde_json::Map<String, Value>); 2] {
    use tavolo_engine::{betting, draw, holdem, saint};
    let views = [
        generator.subschema_for::<holdem::HandView>(),
        generator.subschema_for::<draw::DrawView>(),
        generator.subschema_for::<saint::SaintView>(),
    ];
    let choices = [
        generator.subschema_for::<betting::Choice>(),
        generator.subschema_for::<saint::SaintChoice>(),
    ];
    let map = |v: Value| match v {
        Value::Object(m) => m,
        _ => serde_json::Map::new(),
    };
    [
        (
            "view",
            map(serde_json::json!({
                "anyOf": [views[0], views[1], views[2], {"type": "null"}]
            })),
        ),
        (
            "legal",
            map(serde_json::json!({
                "type": "array",
                "items": {"anyOf": choices}
            })),
        ),
    ]
}

/// The protocol as a JSON Schema (draft 2020-12), generated from these types: one of an
/// [`Intent`] (what a client sends) or a [`ServerMessage`] (what the server sends), with shared
/// definitions (the HTTP answers of [`http`] among them). It is published as `docs/protocol.schema.json`; a test fails when the two differ.
pub fn json_schema() -> Value {
    let mut generator = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let intent = generator.subschema_for::<Intent>();
    let server = generator.subschema_for::<ServerMessage>();
    // The HTTP answers, as definitions.
    macro_rules! define {
        ($module:ident: $($t:ident),+) => {
            $(generator.subschema_for::<$module::$t>();)+
        };
    }
    define!(http: ApiError, Health, UserReply, TablesReply, HistoryReply, Fairness);
    define!(replay: ReplayReply);
    define!(tournament: TournamentsReply, TournamentDetail, NewSitAndGo, TournamentCreated);
    define!(tournament: TournamentAnswer, DealRequest);
    let games = game_schemas(&mut generator);
    let mut defs: serde_json::Map<String, Value> = generator
        .definitions()
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    if let Some(Value::Object(fields)) = defs
        .get_mut("TableState")
        .and_then(|t| t.get_mut("properties"))
    {
        for (field, games) in games {
            if let Some(Value::Object(f)) = fields.get_mut(field) {
                f.extend(games);
            }
        }
    }
    serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://tavolo.example/protocol/1",
        "title": format!("The Tavolo card room protocol, version {VERSION} (docs/protocol.md)"),
        "oneOf": [intent, server],
        "$defs": defs,
    })
}
