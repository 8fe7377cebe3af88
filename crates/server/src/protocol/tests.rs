//! The wire format round-trips and refuses malformed input specifically.
use super::*;
use proptest::prelude::*;
use serde_json::json;
use tavolo_engine::Chips;

#[test]
fn malformed_input_gets_specific_errors() {
    let e = parse_intent("nope").unwrap_err();
    assert_eq!((e.seq, e.error.code), (None, Code::Malformed));
    let e = parse_intent(r#"{"v":2,"seq":1,"type":"hello"}"#).unwrap_err();
    assert_eq!(e.error.code, Code::UnsupportedVersion);
    let e = parse_intent(r#"{"v":1,"seq":0,"type":"hello"}"#).unwrap_err();
    assert_eq!((e.seq, e.error.code), (None, Code::Malformed));
    let e = parse_intent(r#"{"v":1,"seq":3,"type":"dance"}"#).unwrap_err();
    assert_eq!((e.seq, e.error.code), (Some(3), Code::Malformed));
    assert!(
        e.error.message.contains("unknown variant `dance`"),
        "{}",
        e.error.message
    );
    let e = parse_intent(r#"{"v":1,"seq":3,"type":"act","table":"t1"}"#).unwrap_err();
    assert_eq!(e.error.code, Code::Malformed);
    assert!(
        e.error.message.contains("missing field `hand`"),
        "{}",
        e.error.message
    );
    let e = parse_intent(r#"{"v":1,"seq":3,"type":"join"}"#).unwrap_err();
    assert!(
        e.error.message.contains("missing field `table`"),
        "{}",
        e.error.message
    );
    let e = parse_intent(r#"{"v":1,"seq":3,"table":"t1"}"#).unwrap_err();
    assert!(
        e.error.message.contains("`type` is missing"),
        "{}",
        e.error.message
    );
    let big = format!(
        r#"{{"v":1,"seq":3,"type":"hello","x":"{}"}}"#,
        "a".repeat(5000)
    );
    assert_eq!(parse_intent(&big).unwrap_err().error.code, Code::TooLarge);
    let long = format!(
        r#"{{"v":1,"seq":3,"type":"leave","table":"{}"}}"#,
        "t".repeat(65)
    );
    assert!(parse_intent(&long)
        .unwrap_err()
        .error
        .message
        .contains("at most 64"));
}

#[test]
fn a_seat_and_a_buy_in_are_read_in_range_or_refused_as_malformed() {
    let ok = parse_intent(r#"{"v":1,"seq":9,"type":"join","table":"t1","buy_in":200}"#);
    assert!(matches!(
        ok.map(|i| i.request),
        Ok(Request::Join {
            buy_in: Some(b),
            ..
        }) if b == 200
    ));
    let ok = parse_intent(r#"{"v":1,"seq":9,"type":"join","table":"t1","seat":4}"#);
    assert!(matches!(
        ok.map(|i| i.request),
        Ok(Request::Join { seat: Some(s), buy_in: None, .. }) if s.get() == 4
    ));
    let e = parse_intent(r#"{"v":1,"seq":9,"type":"join","table":"t1","seat":16}"#);
    assert_eq!(e.unwrap_err().error.code, Code::Malformed);
    let ok = parse_intent(r#"{"v":1,"seq":9,"type":"change_seat","table":"t1","seat":3}"#);
    assert!(matches!(
        ok.map(|i| i.request),
        Ok(Request::ChangeSeat { seat: Some(s), .. }) if s.get() == 3
    ));
    let ok = parse_intent(r#"{"v":1,"seq":9,"type":"join","table":"t1","buy_in":null}"#);
    assert!(matches!(
        ok.map(|i| i.request),
        Ok(Request::Join { buy_in: None, .. })
    ));
    for bad in [-1, 16] {
        let e = parse_intent(&format!(
            r#"{{"v":1,"seq":9,"type":"change_seat","table":"t1","seat":{bad}}}"#
        ));
        assert_eq!(e.unwrap_err().error.code, Code::Malformed);
    }
    let e = parse_intent(r#"{"v":1,"seq":9,"type":"join","table":"t1","buy_in":"lots"}"#);
    assert_eq!(e.unwrap_err().error.code, Code::Malformed);
}

fn requests() -> impl Strategy<Value = Request> {
    let name = "[a-z0-9]{1,12}".prop_map(|s| Name::from(s.as_str()));
    prop_oneof![
        Just(Request::Hello),
        Just(Request::Lobby),
        any::<u16>().prop_map(|b| Request::CreateTable {
            options: serde_json::json!({"game": "holdem", "big_blind": b})
        }),
        (name.clone(), proptest::option::of(any::<u64>())).prop_map(|(table, buy_in)| {
            Request::Join {
                table,
                seat: buy_in.and_then(|b| SeatNo::try_from(b % 10).ok()),
                buy_in: buy_in.map(Chips::new),
                chain: buy_in.map(|b| Hex32::from([b as u8; 32])),
            }
        }),
        (name.clone(), any::<u8>()).prop_map(|(table, b)| Request::SeedChain {
            table,
            head: Hex32::from([b; 32]),
        }),
        (name.clone(), any::<u8>()).prop_map(|(table, b)| Request::Reveal {
            table,
            value: Hex32::from([b; 32]),
        }),
        name.clone().prop_map(|table| Request::Waitlist { table }),
        name.clone().prop_map(|table| Request::Watch { table }),
        name.clone().prop_map(|table| Request::Unwatch { table }),
        name.clone().prop_map(|table| Request::SitOut { table }),
        name.clone().prop_map(|table| Request::SitIn { table }),
        name.clone().prop_map(|table| Request::Rebuy { table }),
        name.clone().prop_map(|table| Request::Leave { table }),
        (name.clone(), name.clone(), 0u64..1000).prop_map(|(table, hand, to)| Request::Act {
            table,
            hand,
            action: serde_json::json!({"action": "bet_or_raise_to", "to": to}),
        }),
        (name.clone(), proptest::option::of(0u64..16)).prop_map(|(table, seat)| {
            Request::ChangeSeat {
                table,
                seat: seat.and_then(|s| SeatNo::try_from(s).ok()),
            }
        }),
        name.clone()
            .prop_map(|table| Request::CancelSeatChange { table }),
        name.clone().prop_map(|table| Request::AddBot { table }),
        (name, "[a-zA-Z0-9 ]{0,40}[a-z]").prop_map(|(table, t)| Request::Chat {
            table,
            text: ChatText::try_from(t).expect("a readable line"),
        }),
    ]
}

fn summary(id: &str, seats: usize) -> TableSummary {
    let options = TableOptions::from_json(&serde_json::json!({"game": "draw", "seats": seats}))
        .expect("options");
    TableSummary::new(id, &options)
}

fn state(version: u64, seat: Option<usize>, chips: u64) -> TableState {
    let options = TableOptions::from_json(&serde_json::json!({"game": "holdem",
        "rules": {"small_blind": 1, "min_raise": "table_minimum"}}))
    .expect("options");
    TableState {
        v: VERSION,
        table: "t00c0ffee".into(),
        version,
        options,
        you: You {
            seat,
            hand_seat: seat,
            sitting_out: false,
            can_rebuy: seat == Some(0),
            owner: seat == Some(1),
            waiting: None,
            seat_change: seat.map(|s| SeatChange {
                seat: Some(s + 1),
                position: 1,
            }),
            chain: seat.map(|s| ChainView {
                used: s as u64,
                pending: s % 2 == 0,
            }),
            cashing_out: seat
                .filter(|s| s % 3 == 2)
                .map(|s| Chips::new(s as u64 * 100)),
            sit_out_hands_left: seat.map(|_| 2),
            seat_lost: seat.is_none().then_some(SeatLost::MissedHands),
            best_hand: None,
            join_seat: seat.is_none().then_some(JoinSeat::Chosen),
        },
        seats: vec![SeatRow {
            seat: seat.unwrap_or(0),
            name: "ann".into(),
            bot: false,
            chips: Some(Chips::new(chips)),
            status: SeatStatus::Playing,
            hand_seat: Some(0),
            chain: seat.map(|s| format!("{s:02x}").repeat(32)),
        }],
        hand: Some("h1".into()),
        commitment: Some("ab".repeat(32)),
        next_commitment: Some("cd".repeat(32)),
        hand_seats: vec![3, 5],
        previous: Some(Previous {
            hand: "h0".into(),
            seed: Some("ef".repeat(32)),
            parts: Some(Parts {
                room: "01".repeat(32),
                reveals: vec![Reveal {
                    seat: 3,
                    value: "02".repeat(32),
                    extends: "03".repeat(32),
                }],
            }),
            transcript: Some("04".repeat(32)),
        }),
        halted: None,
        stalled: (chips % 2 == 1).then(|| "the books do not answer".into()),
        tournament: (chips % 3 == 0).then(|| super::TournamentView {
            tournament: "T1".into(),
            level: Some(3),
            small_blind: Some(Chips::new(150)),
            big_blind: Some(Chips::new(300)),
            ante: Some(Chips::new(300)),
            next_level_ms: Some(1_800_000_000_000),
            holding: chips % 2 == 0,
        }),
        view: Some(serde_json::json!({"street": "flop", "pot": chips})),
        legal: serde_json::json!([{"action": "check"}]),
        clock: Some(ClockView {
            seat,
            deadline_ms: 1_700_000_000_000 + version,
            bank_ms: 5000,
        }),
        events: vec![serde_json::json!({"event": "check", "seat": 0})],
        result: None,
    }
}

fn messages() -> impl Strategy<Value = ServerMessage> {
    prop_oneof![
        (
            proptest::option::of(1u64..),
            any::<u32>(),
            proptest::option::of(0usize..10)
        )
            .prop_map(|(seq, n, seat)| ServerMessage::Ack {
                v: VERSION,
                seq,
                result: AckResult {
                    table: Some(format!("t{n:08x}")),
                    seat,
                    ..AckResult::done()
                },
            }),
        (proptest::option::of(1u64..), "[ -~]{0,40}").prop_map(|(seq, message)| {
            ServerMessage::Error {
                v: VERSION,
                seq,
                code: Code::IllegalAction,
                message,
                at: None,
            }
        }),
        "[a-z0-9]{1,9}".prop_map(|table| ServerMessage::TableMoved { v: VERSION, table }),
        (2usize..=8).prop_map(|n| ServerMessage::Lobby {
            v: VERSION,
            tables: vec![summary("t1", n), summary("t2", n)],
        }),
        (2usize..=8).prop_map(|n| ServerMessage::LobbyUpdate {
            v: VERSION,
            table: summary("t3", n),
        }),
        "[a-z0-9]{1,9}".prop_map(|table| ServerMessage::TableClosed { v: VERSION, table }),
        Just(ServerMessage::LoggedOut { v: VERSION }),
        (any::<u64>(), proptest::option::of(0usize..10), any::<u64>()).prop_map(
            |(v, seat, chips)| ServerMessage::TableState(Box::new(state(v, seat, chips)))
        ),
    ]
}

#[test]
fn error_codes_are_written_as_their_names() {
    for code in [
        Code::Malformed,
        Code::TooLarge,
        Code::NoSuchTable,
        Code::InvalidOptions,
    ] {
        assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
    }
}

proptest! {
    /// Every message the server writes, a client reads back the same.
    #[test]
    fn every_server_message_round_trips(m in messages()) {
        prop_assert_eq!(ServerMessage::parse(&m.to_json()).map_err(|e| e.to_string()), Ok(m));
    }

    /// The quick reading of an intent and the reference reading, field by field, give the
    /// same intent or the same error, for intents as written and for intents with a field
    /// dropped, nulled, repeated, mistyped or unknown, or the version or `seq` off.
    #[test]
    fn the_quick_reading_of_an_intent_agrees_with_the_reference(
        seq in 0u64..3,
        request in requests(),
        change in 0usize..8,
        pick in any::<prop::sample::Index>(),
    ) {
        let mut v = serde_json::to_value(Intent::new(seq, request)).expect("an object");
        let o = v.as_object_mut().expect("an object");
        let keys: Vec<String> = o.keys().cloned().collect();
        let key = pick.get(&keys).clone();
        match change {
            0 => {}
            1 => { o.remove(&key); }
            2 => { o.insert(key.clone(), serde_json::Value::Null); }
            3 => { o.insert(key.clone(), json!([1, "x"])); }
            4 => { o.insert(key.clone(), json!(7)); }
            5 => { o.insert("unknown".into(), json!({"a": 1})); }
            6 => { o.insert("v".into(), json!(2)); }
            _ => { o.insert("seq".into(), json!(1.5)); }
        }
        let mut text = v.to_string();
        if change == 0 && seq == 2 {
            // A key written twice (the reference keeps the last).
            text = text.replacen('{', &format!("{{\"{key}\":3,"), 1);
        }
        let quick = parse_intent(&text).map_err(|e| (e.seq, e.error.code, e.error.message));
        let reference = super::intent::read_by_fields(&text)
            .map_err(|e| (e.seq, e.error.code, e.error.message));
        prop_assert_eq!(quick, reference, "{}", text);
    }

    /// Every intent a client writes with these types, the server reads back the same.
    #[test]
    fn every_intent_round_trips(seq in 1u64.., request in requests()) {
        let intent = Intent::new(seq, request);
        let read = parse_intent(&intent.to_json()).map_err(|e| e.error.message);
        prop_assert_eq!(read, Ok(intent));
    }
}

#[test]
fn holdem_tables_deal_to_four_players_as_in_a_casino_unless_told_otherwise() {
    let o = TableOptions::from_json(&json!({"game": "holdem", "seats": 9})).unwrap();
    assert_eq!(o.min_players, 4);
    let o = TableOptions::from_json(&json!({"game": "holdem", "seats": 3})).unwrap();
    assert_eq!(o.min_players, 3, "a three-seat table plays with all three");
    let o = TableOptions::from_json(&json!({"game": "holdem", "min_players": 2})).unwrap();
    assert_eq!(o.min_players, 2, "short-handed play is an option");
    let o = TableOptions::from_json(&json!({"game": "draw"})).unwrap();
    assert_eq!(o.min_players, 2);
    let o = TableOptions::from_json(&json!({"game": "saint", "seats": 4})).unwrap();
    assert_eq!(o.min_players, 4);
}

#[test]
fn min_players_outside_the_seats_is_refused() {
    for bad in [1, 7] {
        let e = TableOptions::from_json(&json!({"game": "holdem", "seats": 6, "min_players": bad}))
            .unwrap_err();
        assert!(e.0.contains("min_players"), "{bad}: {e}");
    }
}

/// Issue 50, finding 3: chat lines with a right-to-left override (U+202E), zero-width, tag
/// characters, interlinear annotations or noncharacters were accepted, so a line could show as
/// something else than what was written. Each is refused naming the character; text in any
/// script and emoji still pass.
#[test]
fn a_chat_line_that_would_show_as_something_else_is_refused_naming_the_character() {
    use super::intent::{ChatTextError, Unshown};
    let refused = [
        ('\u{202E}', Unshown::Bidi),
        ('\u{202A}', Unshown::Bidi),
        ('\u{2066}', Unshown::Bidi),
        ('\u{2069}', Unshown::Bidi),
        ('\u{200E}', Unshown::Bidi),
        ('\u{200F}', Unshown::Bidi),
        ('\u{061C}', Unshown::Bidi),
        ('\u{200B}', Unshown::ZeroWidth),
        ('\u{200D}', Unshown::ZeroWidth),
        ('\u{2060}', Unshown::ZeroWidth),
        ('\u{FEFF}', Unshown::ZeroWidth),
        ('\u{E0001}', Unshown::Tag),
        ('\u{E007F}', Unshown::Tag),
        ('\u{FFF9}', Unshown::Annotation),
        ('\u{FFFB}', Unshown::Annotation),
        ('\u{FDD0}', Unshown::Noncharacter),
        ('\u{FFFE}', Unshown::Noncharacter),
        ('\u{10FFFF}', Unshown::Noncharacter),
        ('\u{1FFFE}', Unshown::Noncharacter),
    ];
    for (c, kind) in refused {
        let line = format!("gg{c}wp");
        let err = ChatText::try_from(line.clone()).unwrap_err();
        assert_eq!(
            err,
            ChatTextError::Unshown {
                position: 3,
                code: u32::from(c),
                kind
            },
            "{line:?}"
        );
        assert!(
            err.to_string().contains(&format!("U+{:04X}", u32::from(c))),
            "{err}"
        );
        // Through the wire, the refusal says which character.
        let frame = json!({"v": 1, "seq": 4, "type": "chat", "table": "t1", "text": line});
        let e = parse_intent(&frame.to_string()).unwrap_err();
        assert_eq!(e.seq, Some(4));
        assert!(
            e.error.message.contains(&format!("U+{:04X}", u32::from(c))),
            "{}",
            e.error.message
        );
    }
    for fine in ["Ça va? שלום مرحبا 你好 🃏🂡", "a—b “quoted” ½", "\u{FFFD}"]
    {
        assert!(ChatText::try_from(fine.to_string()).is_ok(), "{fine}");
    }
}
