//! The documents are the protocol: `docs/protocol.schema.json` is the JSON Schema generated from
//! the protocol's types, and every example in `docs/protocol.md` and `docs/bot-protocol.md` is
//! read by those types; likewise `docs/bot-protocol.schema.json` and `docs/bot-protocol.md` for
//! the external bots' protocol. A change of the types without the documents (or the reverse)
//! fails here.
//!
//! To write the schema again after changing the types: `TAVOLO_WRITE_SCHEMA=1 cargo test -p
//! tavolo-server --test it protocol_docs`.

use serde_json::Value;
use tavolo_bots::external::{bot_protocol_schema, Answer, ToBot};
use tavolo_server::protocol::{json_schema, parse_intent, Intent, ServerMessage};
use tavolo_server::table::TableOptions;

fn doc(name: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/").to_string() + name;
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every JSON value in the document's ```json blocks.
fn json_examples(text: &str) -> Vec<Value> {
    let mut out = Vec::new();
    let mut block: Option<String> = None;
    for line in text.lines() {
        match (&mut block, line.trim_start()) {
            (None, l) if l.starts_with("```json") => block = Some(String::new()),
            (Some(b), l) if l.starts_with("```") => {
                for v in serde_json::Deserializer::from_str(b).into_iter::<Value>() {
                    match v {
                        Ok(v) => out.push(v),
                        Err(e) => panic!("an example is not JSON ({e}):\n{b}"),
                    }
                }
                block = None;
            }
            (Some(b), _) => {
                b.push_str(line);
                b.push('\n');
            }
            (None, _) => {}
        }
    }
    out
}

/// Fails unless `docs/{file}` is `schema` as written (with `TAVOLO_WRITE_SCHEMA` set, writes it
/// first); `document` names the document that explains it.
fn published(file: &str, schema: &Value, document: &str) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/").to_string() + file;
    let made = serde_json::to_string_pretty(schema).expect("schema") + "\n";
    if std::env::var_os("TAVOLO_WRITE_SCHEMA").is_some() {
        std::fs::write(&path, &made).expect("write the schema");
    }
    let published = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        published == made,
        "docs/{file} differs from the types it is made from: update docs/{document} and write \
         the schema again (TAVOLO_WRITE_SCHEMA=1 cargo test -p tavolo-server --test \
         it protocol_docs)"
    );
}

#[test]
fn the_published_schema_is_the_one_the_types_make() {
    published("protocol.schema.json", &json_schema(), "protocol.md");
}

#[test]
fn every_example_of_the_protocol_document_is_read_by_the_protocol_types() {
    let examples = json_examples(&doc("protocol.md"));
    assert!(examples.len() >= 8, "{} examples", examples.len());
    let (mut intents, mut messages, mut options) = (0, 0, 0);
    for e in &examples {
        let text = e.to_string();
        if e.get("seq").is_some() && parse_intent(&text).is_ok() {
            // A client's intent: read, and written back the same.
            let i = parse_intent(&text).expect("intent");
            let again: Value = serde_json::from_str(&i.to_json()).expect("json");
            assert_eq!(&again, e, "an intent example changes when read");
            intents += 1;
        } else if e.get("type").is_some() {
            let m = ServerMessage::parse(&text)
                .unwrap_or_else(|err| panic!("not a server message ({err}): {text}"));
            let again: Value = serde_json::from_str(&m.to_json()).expect("json");
            assert_eq!(
                &again, e,
                "a server message example changes when read: {text}"
            );
            messages += 1;
        } else {
            TableOptions::from_json(e).unwrap_or_else(|err| panic!("{err}: {text}"));
            options += 1;
        }
    }
    assert!(
        intents >= 1 && messages >= 3 && options >= 3,
        "{intents} {messages} {options}"
    );
    // The intent envelope is documented as it is written.
    let _: Intent = serde_json::from_value(examples[0].clone()).expect("the first example");
}

#[test]
fn the_published_bot_schema_is_the_one_the_types_make() {
    published(
        "bot-protocol.schema.json",
        &bot_protocol_schema(),
        "bot-protocol.md",
    );
}

/// `legal` read as the actions of `game`: every one must be an action of that game.
fn legal_of(game: &str, legal: &[Value]) -> Result<(), String> {
    for a in legal {
        let ok = match game {
            "holdem" => serde_json::from_value::<tavolo_engine::holdem::Action>(a.clone()).is_ok(),
            "draw" => serde_json::from_value::<tavolo_engine::draw::Action>(a.clone()).is_ok(),
            "saint" => serde_json::from_value::<tavolo_engine::saint::Action>(a.clone()).is_ok(),
            other => return Err(format!("unknown game {other}")),
        };
        if !ok {
            return Err(format!("{a} is not a {game} action"));
        }
    }
    Ok(())
}

#[test]
fn every_example_of_the_bot_protocol_is_a_message_of_the_bot_protocol_types() {
    type Message = ToBot<Value, Value, Vec<Value>>;
    let examples = json_examples(&doc("bot-protocol.md"));
    let mut seen = std::collections::BTreeSet::new();
    for e in &examples {
        if e.get("type").is_none() {
            // An answer, written back the same.
            let a: Answer =
                serde_json::from_value(e.clone()).unwrap_or_else(|err| panic!("{err}: {e}"));
            assert!(a.action.is_some(), "{e}");
            assert_eq!(&serde_json::to_value(a).expect("json"), e);
            seen.insert("answer");
            continue;
        }
        let m: Message =
            serde_json::from_value(e.clone()).unwrap_or_else(|err| panic!("{err}: {e}"));
        assert_eq!(
            &serde_json::to_value(&m).expect("json"),
            e,
            "changes when read"
        );
        match m {
            ToBot::Start {
                protocol,
                game,
                seed,
                ..
            } => {
                assert_eq!(protocol, tavolo_bots::external::PROTOCOL, "{e}");
                assert!(seed.parse::<u64>().is_ok(), "{e}");
                assert!(["holdem", "draw", "saint"].contains(&game.as_str()), "{e}");
                seen.insert("start");
            }
            ToBot::Event { event } => {
                assert!(event["event"].is_string(), "{e}");
                seen.insert("event");
            }
            ToBot::Act { view, legal, .. } => {
                assert!(view.is_object() && !legal.is_empty(), "{e}");
                legal_of(&game_of(&view), &legal).unwrap_or_else(|err| panic!("{err}: {e}"));
                seen.insert("act");
            }
        }
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
}

/// The game a view belongs to, from the fields only its game's views have.
fn game_of(view: &Value) -> String {
    if view.get("phase").is_some() {
        "saint"
    } else if view.get("stage").is_some() {
        "draw"
    } else {
        "holdem"
    }
    .to_string()
}
