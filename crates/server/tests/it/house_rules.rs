//! Every rule option of RULES.md set through `create_table`: for each, a table with the
//! non-default value plays a whole game (a hand; a Saint Poker game) with a scripted guest and
//! bots, the engine plays by it (the view says so), the lobby shows it as a house rule and the
//! record keeps it. Refused options name themselves.

use std::time::Duration;

use crate::common::{audit_and_shutdown, choose_betting, get, server, Client};
use serde_json::{json, Value};

/// One option: the table, and checks of the view of a hand in play and of its record.
struct Case {
    options: Value,
    /// A check of the view; `None`: the view's `rules` has the option's value.
    in_view: Option<fn(&Value) -> bool>,
    /// What the record holds; `None`: the option as `"name":value`.
    in_record: Option<&'static str>,
}

impl Case {
    /// An option that the view shows among its `rules` and that the record keeps as
    /// `"name":value`, as most do.
    fn rule(options: Value) -> Case {
        Case {
            options,
            in_view: None,
            in_record: None,
        }
    }

    /// An option shown or recorded in its own way.
    fn shown(options: Value, in_view: fn(&Value) -> bool, in_record: &'static str) -> Case {
        Case {
            options,
            in_view: Some(in_view),
            in_record: Some(in_record),
        }
    }

    /// The option's name and value (the one entry of `rules`).
    fn option(&self) -> (&String, &Value) {
        self.options["rules"]
            .as_object()
            .and_then(|r| r.iter().next())
            .expect("one rule option")
    }

    /// Whether the view of a hand in play shows the option.
    fn in_view(&self, m: &Value) -> bool {
        match self.in_view {
            Some(check) => check(m),
            None => {
                let (name, value) = self.option();
                m["view"]["rules"][name] == *value
            }
        }
    }

    /// What the record must hold (compared without escapes and spaces).
    fn in_record(&self) -> String {
        match self.in_record {
            Some(text) => text.to_string(),
            None => {
                let (name, value) = self.option();
                format!("\"{name}\":{value}")
            }
        }
    }
}

/// The guest's action when it is its turn, if it is.
fn my_action(m: &Value, n: u64) -> Option<Value> {
    let legal = m["legal"].as_array().filter(|l| !l.is_empty())?;
    if m["view"]["phase"].is_string() {
        // Saint Poker: the first legal choice, once per phase.
        if !m["view"]["my_choice"].is_null() {
            return None;
        }
        let mut a = legal[0].clone();
        a.as_object_mut()?.remove("player");
        return Some(a);
    }
    (m["view"]["to_act"] == m["you"]["hand_seat"])
        .then(|| choose_betting(&m["legal"], n, &m["view"]))
}

/// Plays `table` until the first game the guest is dealt into is over; returns the first view
/// of that game.
async fn play_one_game(c: &mut Client, table: &str) -> Value {
    let mut first_view = Value::Null;
    let mut n = 0;
    for _ in 0..5_000 {
        let Some(m) = c.next(30).await else {
            panic!("the table went quiet")
        };
        if m["type"] != "table_state" {
            continue;
        }
        let dealt_in = m["hand"].is_string() && !m["you"]["hand_seat"].is_null();
        if first_view.is_null() && dealt_in {
            first_view = m.clone();
        }
        if !first_view.is_null() && m["previous"]["hand"] == first_view["hand"] {
            return first_view;
        }
        if dealt_in && c.inbox.is_empty() {
            if let Some(action) = my_action(&m, n) {
                n += 1;
                c.act_or_late(table, &m["hand"], action).await;
            }
        }
    }
    panic!("no game ended");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_rule_option_is_played_shown_and_recorded() {
    let cases = [
        Case::rule(
            json!({"game": "holdem", "structure": "pl", "seats": 4, "bots": 3,
            "rules": {"min_raise": "largest_increment"}}),
        ),
        Case::rule(json!({"game": "holdem", "seats": 4, "bots": 3,
            "rules": {"odd_chips": "stay_in_pot"}})),
        Case::shown(
            json!({"game": "holdem", "seats": 4, "bots": 3, "big_blind": 4,
                "buy_in": 400, "rules": {"small_blind": 3}}),
            |m| {
                m["events"]
                    .as_array()
                    .is_some_and(|e| e.iter().any(|e| e["event"] == "blind" && e["amount"] == 3))
            },
            "blinds_or_straddles=[3,4,",
        ),
        Case::rule(json!({"game": "draw", "seats": 3, "bots": 2, "rules": {"allow_check": true}})),
        Case::rule(json!({"game": "draw", "seats": 3, "bots": 2,
            "rules": {"tie_break": "standard"}})),
        Case::rule(json!({"game": "draw", "seats": 3, "bots": 2,
            "rules": {"min_raise": "largest_increment"}})),
        Case::rule(json!({"game": "draw", "seats": 3, "bots": 2,
            "rules": {"odd_chips": "one_each_from_left_of_button"}})),
        Case::shown(
            json!({"game": "saint", "seats": 3, "bots": 2, "rules": {"centre_cards": 3}}),
            |m| {
                m["view"]["options"]["centre_cards"] == 3
                    && m["view"]["centre"].as_array().map(Vec::len) == Some(3)
            },
            "\"centre_cards\":3",
        ),
        Case::shown(
            json!({"game": "saint", "seats": 3, "bots": 2, "rules": {"hand_rule": "any_five"}}),
            |m| m["view"]["options"]["hand_rule"] == "any_five",
            "\"hand_rule\":\"any_five\"",
        ),
    ];
    let (h, _dir) = server("house-rules").await;
    let addr = h.local_addr();
    for case in &cases {
        let mut c = Client::guest(addr).await;
        let table = c.open_table(case.options.clone()).await;
        // The lobby shows the option as a house rule.
        let lobby = get(addr, "/api/tables", None).await.json();
        let row = lobby["tables"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == table.as_str())
            .cloned()
            .unwrap_or_default();
        assert_eq!(
            row["house_rules"], case.options["rules"],
            "the lobby: {row}"
        );
        let first = play_one_game(&mut c, &table).await;
        assert!(case.in_view(&first), "{}: {first}", case.options);
        // The result is shown before the books have it: the history lists it once recorded.
        let mut items = c.get("/api/history").await.json();
        let until = tokio::time::Instant::now() + Duration::from_secs(30);
        while tokio::time::Instant::now() < until {
            if items["items"][0]["id"].is_string() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
            items = c.get("/api/history").await.json();
        }
        let id = items["items"][0]["id"]
            .as_str()
            .expect("a game in the history");
        let record = c.get(&format!("/api/history/{id}")).await;
        // Hold'em records are PHH, with Tavolo's rules as JSON in a quoted string; the others
        // JSON: compared without escapes and spaces.
        let compact: String = record
            .body
            .chars()
            .filter(|c| !matches!(c, '\\' | ' ' | '\n'))
            .collect();
        assert!(
            compact.contains(&case.in_record()),
            "{}: {}",
            case.options,
            record.body
        );
        let _ = c.ask("leave", json!({"table": table})).await;
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    audit_and_shutdown(h).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_rule_option_names_itself_and_what_is_allowed() {
    let (h, _dir) = server("house-rules-refused").await;
    let mut c = Client::guest(h.local_addr()).await;
    for (options, words) in [
        (
            json!({"game": "holdem", "rules": {"allow_check": true}}),
            ["allow_check", "not a rule of Texas Hold'em"],
        ),
        (
            json!({"game": "draw", "rules": {"tie_break": "french"}}),
            ["tie_break", "german or standard"],
        ),
        (
            json!({"game": "holdem", "big_blind": 10, "rules": {"small_blind": 11}}),
            ["small_blind", "from 1 to the big blind (10)"],
        ),
        (
            json!({"game": "holdem", "structure": "limit", "rules": {"min_raise": "table_minimum"}}),
            ["min_raise", "Limit"],
        ),
        (
            json!({"game": "saint", "seats": 5, "rules": {"centre_cards": 2}}),
            ["centre_cards", "at most"],
        ),
        (
            json!({"game": "saint", "rules": {"jokers": 2}}),
            ["jokers", "no such rule option"],
        ),
        (
            json!({"game": "holdem", "small_blind": 1, "big_blind": 2}),
            ["half the big blind", "\"rules\": {\"small_blind\": N}"],
        ),
    ] {
        let r = c.ask("create_table", json!({ "options": options })).await;
        assert_eq!(r["code"], "invalid_options", "{options}: {r}");
        let message = r["message"].as_str().unwrap_or_default();
        for w in words {
            assert!(message.contains(w), "{options}: {message}");
        }
    }
    let rules = get(h.local_addr(), "/api/rules", None).await.json();
    // The bot levels the lobby offers come from the same place as the server's check.
    assert_eq!(
        rules["bot_levels"]["holdem"],
        json!([
            "beginner", "regular", "strong", "random", "station", "rules", "expert", "cfr",
            "exploit"
        ])
    );
    assert_eq!(rules["bot_levels"]["saint"][2], "strong");
    assert_eq!(rules["bot_levels"]["saint"][6], "master");
    let names: Vec<&str> = rules["options"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|o| o["name"].as_str())
        .collect();
    assert_eq!(
        names,
        [
            "small_blind",
            "min_raise",
            "odd_chips",
            "allow_check",
            "tie_break",
            "centre_cards",
            "hand_rule"
        ]
    );
    audit_and_shutdown(h).await;
}
