//! Hold'em over WebSockets: a scripted human and a spectator with bots, every message scanned
//! for hidden cards; fairness and history over HTTP; the books balance after every test.

use std::collections::HashMap;

use crate::common::{audit, choose_betting, get, server, server_with, Client, LeakCheck};
use serde_json::{json, Value};
use tavolo_server::client::Reply;
use tavolo_server::ServerHandle;

/// Gives a broke test player more chips from the house.
async fn grant(h: &ServerHandle, session: &str) {
    use tavolo_store::{Account, Journal};
    let u = h.store().session_user(session).await.unwrap().unwrap();
    let key = format!(
        "test-grant:{}:{}",
        u.id.0,
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    );
    h.store()
        .transfer(&Journal::move_chips(
            key,
            "grant",
            Account::House,
            Account::User(u.id),
            10_000,
        ))
        .await
        .unwrap();
}

/// The seed (hex) that `parts` mix to, checked against `commitment`.
fn mixed(commitment: &str, parts: &Value) -> String {
    let parts: tavolo_server::fairness::Parts =
        serde_json::from_value(parts.clone()).expect("the seed's parts");
    let seed = parts.seed(commitment).expect("the parts add up");
    tavolo_store::hex(&seed)
}

/// Plays `hands` hands as a scripted human at `table`, scanning every message for hidden
/// cards. Returns the finished hands and their commitments.
pub async fn play(
    h: &ServerHandle,
    human: &mut Client,
    table: &str,
    hands: usize,
) -> HashMap<String, String> {
    let mut finished: HashMap<String, String> = HashMap::new();
    let mut commitments: HashMap<String, String> = HashMap::new();
    let mut leaks = LeakCheck::default();
    let mut n = 0u64;
    let mut refused = 0;
    while finished.len() < hands {
        let m = human.next(30).await.expect("the table goes on");
        if m["type"] != "table_state" || m["table"] != table {
            continue;
        }
        if leaks.check(&m) {
            commitments.insert(
                m["hand"].as_str().unwrap().to_string(),
                m["commitment"].as_str().unwrap().to_string(),
            );
        }
        if let Some(p) = m["previous"]["hand"].as_str() {
            if let Some(c) = commitments.get(p) {
                // The seed and its parts go only to the players dealt in.
                if let Some(seed) = m["previous"]["seed"].as_str() {
                    assert_eq!(mixed(c, &m["previous"]["parts"]), seed, "{c}");
                }
                finished.insert(p.to_string(), c.clone());
            }
        }
        if m["you"]["seat"].is_null() && m["you"]["waiting"].is_null() {
            // Lost the seat (three hands missed while broke): back to the table.
            let mut r = human.ask("join", json!({"table": table})).await;
            if r["code"] == "insufficient_chips" {
                grant(h, &human.session).await;
                r = human.ask("join", json!({"table": table})).await;
            }
            assert!(r["type"] == "ack" || r["code"] == "already_seated", "{r}");
            continue;
        }
        // Only act on the latest state: skip if newer ones are already queued.
        if !human.inbox.is_empty() {
            continue;
        }
        let legal = &m["legal"];
        if m["hand"].is_string()
            && legal.as_array().is_some_and(|l| !l.is_empty())
            && m["view"]["over"] == false
        {
            n += 1;
            let action = choose_betting(legal, n, &m["view"]);
            let a = human
                .ask(
                    "act",
                    json!({"table": table, "hand": m["hand"], "action": action}),
                )
                .await;
            if a["type"] != "ack" {
                refused += 1;
                assert!(
                    a["code"] == "stale_hand" || a["code"] == "not_your_turn",
                    "refused {action}: {a}"
                );
            }
        } else if m["you"]["seat"].is_u64() {
            // Broke between hands: the room says when a rebuy is allowed.
            if m["you"]["can_rebuy"] == true {
                let mut r = human.ask("rebuy", json!({"table": table})).await;
                if r["code"] == "insufficient_chips" {
                    grant(h, &human.session).await;
                    r = human.ask("rebuy", json!({"table": table})).await;
                }
                assert!(
                    r["type"] == "ack" || r["code"] == "not_allowed" || r["code"] == "not_seated",
                    "{r}"
                );
            }
        }
    }
    assert!(refused * 10 <= n + 10, "{refused} of {n} actions refused");
    finished
}

/// Scans everything a spectator receives until its table closes; returns the client and the
/// number of states scanned.
async fn watch(mut spectator: Client) -> (Client, usize) {
    let mut leaks = LeakCheck::default();
    let mut seen = 0;
    while let Some(m) = spectator.next(60).await {
        if m["type"] == "table_closed" {
            break;
        }
        if m["type"] != "table_state" {
            continue;
        }
        assert_eq!(m["you"]["seat"], Value::Null);
        assert!(
            m["previous"]["seed"].is_null(),
            "a spectator got a seed: {m}"
        );
        assert!(m["legal"].as_array().unwrap().is_empty());
        leaks.check(&m);
        seen += 1;
    }
    (spectator, seen)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_plays_holdem_with_bots_and_the_books_balance() {
    let (h, _dir) = server("holdem").await;
    let addr = h.local_addr();
    let mut human = Client::guest(addr).await;
    let hello = human.ask("hello", json!({})).await;
    assert_eq!(hello["result"]["protocol"], 1, "{hello}");
    let table = human
        .create_table(
            json!({"game": "holdem", "name": "test NL", "seats": 6, "bots": 3,
            "bot_level": "rules", "clock_secs": 30, "buy_in": 200, "rebuy": 200}),
        )
        .await;
    let mut spectator = Client::guest(addr).await;
    assert_eq!(
        spectator.ask("watch", json!({"table": table})).await["type"],
        "ack"
    );
    let joined = human.ask("join", json!({"table": table})).await;
    assert!(
        joined["result"]["seat"].as_u64().is_some_and(|s| s < 6),
        "{joined}"
    );
    let spectator_session = spectator.session.clone();
    let watching = tokio::spawn(watch(spectator));
    let finished = play(&h, &mut human, &table, 40).await;

    // History and fairness over HTTP.
    let hist = get(addr, "/api/history", Some(&human.session)).await;
    assert_eq!(hist.status, 200);
    let items = hist.json()["items"].as_array().cloned().unwrap();
    assert!(items.len() >= 3, "{} items", items.len());
    let id = items[0]["id"].as_str().unwrap();
    let rec = get(addr, &format!("/api/history/{id}"), Some(&human.session)).await;
    assert_eq!(rec.status, 200, "{}", rec.body);
    assert!(rec.body.contains("actions = ["), "not PHH: {}", rec.body);
    let other = get(
        addr,
        &format!("/api/history/{id}"),
        Some(&spectator_session),
    )
    .await;
    assert_eq!(other.status, 403, "a record is for its players only");
    exports(addr, &human.session, &spectator_session, id, &rec.body).await;
    let replayed = crate::replay::replays(addr, &human.session, &spectator_session, 10).await;
    assert!(replayed >= 3, "{replayed} hands replayed");
    let fair = get(addr, &format!("/api/fairness/{id}"), Some(&human.session))
        .await
        .json();
    assert_eq!(
        mixed(fair["commitment"].as_str().unwrap(), &fair["parts"]),
        fair["seed"].as_str().unwrap()
    );
    assert_eq!(fair["format"], "tavolo-fair/3");
    let seed = tavolo_server::fairness::bytes32(fair["seed"].as_str().unwrap()).unwrap();
    tavolo_engine::holdem::phh::parse_phh(fair["record"].as_str().unwrap())
        .unwrap()
        .prove(seed)
        .expect("the room's record is the whole hand its seed and actions give");
    if let Some(c) = finished.get(id) {
        assert_eq!(fair["commitment"].as_str(), Some(c.as_str()));
    }

    // Leaving cashes out; the account holds every chip again.
    let left = human.ask("leave", json!({"table": table})).await;
    assert!(
        left["type"] == "ack" || left["code"] == "not_seated",
        "{left}"
    );
    if left["result"]["leaving"] == true {
        // Folded at once if it was the player's turn; gone at the end of the hand.
        human
            .wait_for(30, |m| {
                m["type"] == "table_state" && m["you"]["seat"].is_null()
            })
            .await;
    }
    let me = get(addr, "/api/me", Some(&human.session)).await.json();
    assert!(me["user"]["balance"].as_i64().unwrap() > 0, "{me}");
    let metrics = crate::common::metrics(&h).await;
    assert!(
        metrics.body.contains("tavolo_hands_total"),
        "{}",
        metrics.body
    );
    audit(&h).await;
    h.shutdown().await;
    let (_, seen) = watching.await.unwrap();
    assert!(seen > 40, "the spectator saw {seen} states");
}

/// The same room on PostgreSQL, when `TAVOLO_TEST_DATABASE_URL` names a server (`.ci/run`
/// starts one with scripts/postgres.sh): a human plays Hold'em with bots, and the books balance.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_room_runs_on_postgresql_too() {
    let Some(url) = crate::common::postgres_url() else {
        return;
    };
    let db = tavolo_store::Store::fresh_postgres_database(&url)
        .await
        .unwrap();
    let (h, _dir) = server_with("postgres", |c| c.db_url = db).await;
    let addr = h.local_addr();
    let health = get(addr, "/healthz", None).await.json();
    assert_eq!(health["db"], "postgres", "{health}");
    let mut human = Client::guest(addr).await;
    let table = human
        .create_table(
            json!({"game": "holdem", "name": "pg", "seats": 4, "bots": 3,
            "bot_level": "rules", "clock_secs": 30, "buy_in": 200, "rebuy": 200}),
        )
        .await;
    human.ask("join", json!({"table": table})).await;
    let finished = play(&h, &mut human, &table, 30).await;
    assert!(finished.len() >= 30);
    let hist = get(addr, "/api/history", Some(&human.session)).await.json();
    // Hands the human was dealt into (not the ones dealt while it was still being seated).
    assert!(
        hist["items"].as_array().is_some_and(|i| i.len() >= 20),
        "{hist}"
    );
    let store = h.store().clone();
    audit(&h).await;
    h.shutdown().await;
    let report = store.audit().await.unwrap();
    assert!(report.balanced() && report.at_tables == 0, "{report:?}");
}

/// RULES.md §2/§3 and §4: a player sees only their own cards, the board and hands shown at
/// the showdown. Five thousand hands (3,000 Hold'em, 2,000 Draw) of bots and one scripted human, with a
/// spectator: every message to the human and the spectator is scanned for any other card.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_hidden_card_reaches_a_seat_or_a_spectator_in_five_thousand_hands() {
    // The database is in memory: this test is about messages, not durability (fsyncs would
    // make it minutes long).
    let (h, _dir) = server_with("leak", |c| c.db_url = "sqlite::memory:".into()).await;
    let addr = h.local_addr();
    let mut watchers = Vec::new();
    for (options, hands) in [
        (
            json!({"game": "holdem", "seats": 6, "bots": 5, "bot_level": "random", "clock_secs": 30}),
            3_000,
        ),
        (
            json!({"game": "draw", "seats": 5, "bots": 4, "bot_level": "random", "clock_secs": 30, "ante": 5, "buy_in": 500}),
            2_000,
        ),
    ] {
        let mut human = Client::guest(addr).await;
        let table = human.create_table(options.clone()).await;
        let mut spectator = Client::guest(addr).await;
        assert_eq!(
            spectator.ask("watch", json!({"table": table})).await["type"],
            "ack"
        );
        watchers.push(tokio::spawn(watch(spectator)));
        human.join(&table).await;
        let finished = if options["game"] == "holdem" {
            play(&h, &mut human, &table, hands).await
        } else {
            play_draw(&h, &mut human, &table, hands).await
        };
        assert!(finished.len() >= hands);
        // Pause the table (the human leaves; a spectator alone keeps it dealing, so it goes too).
        let _ = human.ask("leave", json!({"table": table})).await;
    }
    audit(&h).await;
    h.shutdown().await;
    for w in watchers {
        let (_, seen) = w.await.unwrap();
        assert!(seen > 5_000, "the spectator saw {seen} states");
    }
}

/// As [`play`], for Five-Card Draw (acting only when it is our turn).
async fn play_draw(
    h: &ServerHandle,
    human: &mut Client,
    table: &str,
    hands: usize,
) -> HashMap<String, String> {
    let mut finished = HashMap::new();
    let mut leaks = LeakCheck::default();
    let mut n = 0;
    while finished.len() < hands {
        let m = human.next(30).await.expect("the table goes on");
        if m["type"] != "table_state" {
            continue;
        }
        leaks.check(&m);
        if let Some(p) = m["previous"]["hand"].as_str() {
            finished.insert(p.to_string(), String::new());
        }
        if m["you"]["seat"].is_null() && m["you"]["waiting"].is_null() {
            // Lost the seat (three hands missed while broke): back to the table.
            if human.ask("join", json!({"table": table})).await["code"] == "insufficient_chips" {
                grant(h, &human.session).await;
                let _ = human.ask("join", json!({"table": table})).await;
            }
            continue;
        }
        if !human.inbox.is_empty() || m["hand"].is_null() || m["view"]["over"] == true {
            continue;
        }
        if m["view"]["to_act"] != m["you"]["hand_seat"]
            || m["legal"].as_array().is_none_or(|l| l.is_empty())
        {
            continue;
        }
        n += 1;
        let action = choose_betting(&m["legal"], n, &m["view"]);
        human.act_or_late(table, &m["hand"], action).await;
    }
    finished
}

/// Expert bots think on the blocking pool, not in the table's task; their decisions come back
/// to the table, which catches them up on what they missed, and the hands go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expert_bots_think_off_the_tables_task_and_the_hands_go_on() {
    let (h, _dir) = server("expert").await;
    let mut human = Client::guest(h.local_addr()).await;
    let table = human
        .open_table(json!({"game": "holdem", "seats": 4, "bots": 3, "bot_level": "expert"}))
        .await;
    let finished = play(&h, &mut human, &table, 20).await;
    assert!(finished.len() >= 20);
    audit(&h).await;
    h.shutdown().await;
}

/// Hand `id`'s download in `format` (and its options), as the user of `session` asks for it.
async fn export(addr: std::net::SocketAddr, id: &str, format: &str, session: &str) -> Reply {
    let path = format!("/api/history/{id}/export?format={format}");
    get(addr, &path, Some(session)).await
}

/// The downloads of a hand (issue 49): PokerStars text and PHH as the player saw it — their own
/// hole cards and the hands shown, nothing else — the whole deal with `reveal=all`, for the
/// hand's players only; and the player's history as one file.
async fn exports(
    addr: std::net::SocketAddr,
    session: &str,
    stranger: &str,
    id: &str,
    record: &str,
) {
    use tavolo_engine::holdem::phh::{parse_phh, parse_phhs};
    let me = get(addr, "/api/me", Some(session)).await.json();
    let name = me["user"]["name"].as_str().unwrap().to_string();
    let full = parse_phh(record).expect("the room's record");
    let players = full.players.clone().expect("the record names its players");
    let hero = players
        .iter()
        .position(|p| *p == name)
        .expect("the player is in the record");
    let replay = full.replay().unwrap();
    let shown: Vec<usize> = (replay.events.iter())
        .filter_map(|e| match e {
            tavolo_engine::holdem::Event::Shown { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    let hidden: Vec<String> = (replay.events.iter())
        .filter_map(|e| match e {
            tavolo_engine::holdem::Event::HoleDealt {
                seat,
                card: Some(c),
            } if *seat != hero && !shown.contains(seat) => Some(c.to_string()),
            _ => None,
        })
        .collect();

    let ps = export(addr, id, "pokerstars", session).await;
    assert_eq!(ps.status, 200, "{}", ps.body);
    assert!(ps.body.starts_with("PokerStars Hand #"), "{}", ps.body);
    assert!(
        ps.body.contains(&format!("Dealt to {name} [")),
        "{}",
        ps.body
    );
    let bracketed: Vec<&str> = (ps.body.split('[').skip(1))
        .filter_map(|x| x.split(']').next())
        .flat_map(str::split_whitespace)
        .collect();
    for c in &hidden {
        assert!(!bracketed.contains(&c.as_str()), "{c} leaked:\n{}", ps.body);
    }
    let phh = export(addr, id, "phh", session).await;
    assert_eq!(phh.status, 200, "{}", phh.body);
    let seen = parse_phh(&phh.body).expect("the exported PHH parses");
    assert_eq!(
        seen.replay().unwrap().finishing_stacks(),
        replay.finishing_stacks(),
        "the viewer's PHH replays to the room's result"
    );
    assert_eq!(
        phh.body.matches("????").count(),
        hidden.len() / 2,
        "every hole card not seen is hidden:\n{}",
        phh.body
    );
    let all = export(addr, id, "phh&reveal=all", session).await;
    assert_eq!(all.status, 200);
    assert!(!all.body.contains("????"), "{}", all.body);
    let refused = export(addr, id, "phh", stranger).await;
    assert_eq!(
        refused.status, 403,
        "an export is for the hand's players only"
    );
    let bad = export(addr, id, "xml", session).await;
    assert_eq!(bad.status, 400);

    let list = get(addr, "/api/history/export?format=phh", Some(session)).await;
    assert_eq!(list.status, 200);
    let hands = parse_phhs(&list.body).expect("the history's PHH parses");
    assert!(!hands.is_empty());
    for h in hands {
        h.expect("every hand parses")
            .replay()
            .expect("every hand replays");
    }
    let list = get(addr, "/api/history/export?format=pokerstars", Some(session)).await;
    assert_eq!(list.status, 200);
    assert!(list.body.matches("PokerStars Hand #").count() >= 1);
}
