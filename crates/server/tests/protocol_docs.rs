//! The documents are the protocol: `docs/protocol.schema.json` is the JSON Schema generated from
//! the protocol's types, and every example in `docs/protocol.md` and `docs/bot-protocol.md` is
//! read by those types. A change of the types without the documents (or the reverse) fails here.
//!
//! To write the schema again after changing the types: `TAVOLO_WRITE_SCHEMA=1 cargo test -p
//! tavolo-server --test protocol_docs`.

use serde_json::Value;
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

#[test]
fn the_published_schema_is_the_one_the_types_make() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/protocol.schema.json"
    );
    let made = serde_json::to_string_pretty(&json_schema()).expect("schema") + "\n";
    if std::env::var_os("TAVOLO_WRITE_SCHEMA").is_some() {
        std::fs::write(path, &made).expect("write the schema");
    }
    let published = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        published == made,
        "docs/protocol.schema.json differs from the protocol's types: update docs/protocol.md \
         and write the schema again (TAVOLO_WRITE_SCHEMA=1 cargo test -p tavolo-server --test \
         protocol_docs)"
    );
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
fn every_example_of_the_bot_protocol_is_json_of_a_known_message() {
    let examples = json_examples(&doc("bot-protocol.md"));
    let mut seen = std::collections::BTreeSet::new();
    for e in &examples {
        match e["type"].as_str() {
            Some(kind @ ("start" | "event" | "act")) => {
                seen.insert(kind);
                if kind == "start" {
                    assert_eq!(e["protocol"], 2, "{e}");
                    assert!(e["seed"].is_string(), "{e}");
                }
                if kind == "event" {
                    assert!(e["event"]["event"].is_string(), "{e}");
                }
                if kind == "act" {
                    assert!(e["view"].is_object() && e["legal"].is_array(), "{e}");
                }
            }
            None => {
                // An answer.
                assert!(e["id"].is_u64() && e["action"].is_u64(), "{e}");
                seen.insert("answer");
            }
            Some(other) => panic!("unknown bot message {other}: {e}"),
        }
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
}
