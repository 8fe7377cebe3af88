//! Tournaments in the room over HTTP and the WebSocket (issue 51): a player creates a
//! sit-and-go with bots, registers, is seated by the coordinator at a tournament table, plays
//! it over the WebSocket to the end, and sees their place and prize; the books balance.

use std::time::Duration;

use serde_json::{json, Value};

use std::path::PathBuf;

use tavolo_server::ServerHandle;

use crate::common::{
    audit_and_shutdown, books_in, get, post, restart_as, server, server_and_guest, Client,
};

/// The tournament as `c` sees it.
pub(crate) async fn detail(c: &Client, id: &str) -> Value {
    let r = c.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

/// The tournament as `c` sees it once it is over (polled for up to a minute; the caller checks
/// that it is).
pub(crate) async fn finished_detail(c: &Client, id: &str) -> Value {
    let mut d = detail(c, id).await;
    for _ in 0..3_000 {
        if d["tournament"]["status"] == "finished" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        d = detail(c, id).await;
    }
    d
}

pub(crate) async fn balance(c: &Client) -> i64 {
    c.get("/api/me").await.json()["user"]["balance"]
        .as_i64()
        .expect("a balance")
}

/// All in: the largest bet or raise, else a call, else a check (Draw: standing pat at the
/// exchange, showing at the showdown).
fn shove(legal: &[Value]) -> Value {
    let find = |k: &str| legal.iter().find(|a| a["action"] == k);
    if find("exchange").is_some() {
        return json!({"action": "exchange", "discard": []});
    }
    if find("show").is_some() {
        return json!({"action": "show"});
    }
    if let Some(r) = find("bet_or_raise_to") {
        return json!({"action": "bet_or_raise_to", "to": r["max"]});
    }
    if find("call").is_some() {
        return json!({"action": "call"});
    }
    json!({"action": "check"})
}

/// A room, a guest `ada` there, and a sit-and-go of three of `game` she created with two bots
/// and registered for (the third entry starts it): the room, its folder, `ada`, what she held
/// before, and the sit-and-go's id.
async fn sit_and_go(tag: &str, game: &str) -> (ServerHandle, PathBuf, Client, i64, String) {
    let (h, dir, ada) = server_and_guest(tag).await;
    let before = balance(&ada).await;
    let id = three_handed(&ada, game).await;
    (h, dir, ada, before, id)
}

/// `ada` creates tournament `new` (`POST /api/tournaments`): its id and its lobby line, listed
/// and registering.
pub(crate) async fn created(ada: &Client, new: &Value) -> (String, Value) {
    let addr = ada.addr;
    let r = post(
        addr,
        "/api/tournaments",
        &new.to_string(),
        Some(&ada.session),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().expect("an id").to_string();
    let list = get(addr, "/api/tournaments", None).await.json();
    let line = (list["tournaments"].as_array().expect("a list").iter())
        .find(|t| t["id"] == id.as_str())
        .cloned()
        .expect("listed");
    assert_eq!(line["status"], "registering", "{line}");
    (id, line)
}

/// A sit-and-go of three of `game` for `ada` with two bots, `ada` registered: its id.
pub(crate) async fn three_handed(ada: &Client, game: &str) -> String {
    let addr = ada.addr;
    let new = json!({"name": "Three-handed", "game": game, "players": 3, "entry": 100,
                     "fee": 10, "speed": "hyper", "bots": 2, "bot_level": "beginner"});
    let (id, line) = created(ada, &new).await;
    assert_eq!(line["game"], game, "{line}");
    assert_eq!(line["entrants"], 2, "the bots entered: {line}");
    let path = format!("/api/tournaments/{id}/register");
    let r = post(addr, &path, "{}", Some(&ada.session)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["result"], "registered");
    // A second registration is refused, and changes nothing.
    let again = post(addr, &path, "{}", Some(&ada.session)).await;
    assert_eq!(again.status, 409, "{}", again.body);
    id
}

/// `ada` shoves at her tournament table (`hello` first) for at most `decisions` decisions, or
/// until the tournament gives her a place: the tournament as she then sees it.
pub(crate) async fn shove_until_placed(ada: &mut Client, id: &str, decisions: usize) -> Value {
    let mut table = None;
    for _ in 0..500 {
        let d = detail(ada, id).await;
        if d["me"]["place"].is_u64() {
            return d;
        }
        if let Some(t) = d["me"]["table"].as_str() {
            // Running: the clock is shown, counted from the room's own (RULES.md §5 "Levels
            // and the clock"; hyper: 5-minute levels).
            let l = &d["tournament"];
            let (now, ends) = (d["now_ms"].as_u64(), l["level_ends_ms"].as_u64());
            let (now, ends) = (
                now.expect("the room's clock"),
                ends.expect("the level's end"),
            );
            // (a manual clock may stand at the level's very end until the next tick)
            assert!(ends >= now && ends - now <= 5 * 60_000, "{d}");
            assert_eq!(
                l["next_level"]["number"],
                l["level"].as_u64().map_or(0, |n| n + 1)
            );
            table = Some(t.to_string());
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let Some(table) = table else {
        panic!("seated at a table: {}", detail(ada, id).await)
    };
    ada.ask("hello", json!({})).await;
    let mut made = 0;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while tokio::time::Instant::now() < deadline {
        let d = detail(ada, id).await;
        if d["me"]["place"].is_u64() || made >= decisions {
            return d;
        }
        let Some(m) = ada.newest_state(&table).await else {
            continue;
        };
        let legal = m["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            continue;
        }
        ada.act_scripted(&table, &m["hand"], shove(&legal)).await;
        made += 1;
    }
    detail(ada, id).await
}

/// `ada` shoves until she has a place, and the tournament is over and paid
/// ([`over_and_paid`]): its detail then.
pub(crate) async fn played_out(ada: &mut Client, id: &str, before: i64) -> Value {
    let d = shove_until_placed(ada, id, usize::MAX).await;
    assert!(d["me"]["place"].is_u64(), "{d}");
    over_and_paid(ada, id, before).await
}

/// The tournament once over, every prize paid: checked against `ada`'s place and account.
async fn over_and_paid(ada: &Client, id: &str, before: i64) -> Value {
    let end = finished_detail(ada, id).await;
    assert_eq!(end["tournament"]["status"], "finished", "{end}");
    assert_eq!(end["prizes"], json!([300]), "three entries pay one place");
    let place = end["me"]["place"].as_u64().expect("a place");
    let won = if place == 1 { 300 } else { 0 };
    assert_eq!(end["me"]["prize"].as_i64().unwrap_or(0), won, "{end}");
    assert_eq!(balance(ada).await, before - 110 + won);
    let mut places: Vec<u64> = (end["entrants"].as_array().expect("standings").iter())
        .filter_map(|e| e["place"].as_u64())
        .collect();
    places.sort_unstable();
    // Two busted in one hand from equal stacks tie (RULES.md §5): 1, 2, 2 is a finishing order
    // too. Each place is one more than the players placed above it.
    let ranked = places
        .iter()
        .all(|&p| p == 1 + places.iter().filter(|&&q| q < p).count() as u64);
    assert!(places.len() == 3 && ranked, "{end}");
    // Fault found here: the winner was listed twice — still in, with no place, and first — so
    // the winner's own page never showed their place.
    let mut names: Vec<&str> = (end["entrants"].as_array().expect("standings").iter())
        .filter_map(|e| e["name"].as_str())
        .collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), 3, "each player once: {end}");
    end
}

/// Issue 51: a player creates a sit-and-go of three with two bots, registers (the third
/// entry starts it), is seated at its table, shoves every hand until out or the winner, and
/// sees a place — and, if first, the whole pool as prize, in their account.
#[tokio::test]
async fn a_player_creates_a_sit_and_go_with_bots_plays_it_out_and_sees_place_and_prize() {
    let (h, _dir, mut ada, before, id) = sit_and_go("sng", "holdem").await;
    let end = played_out(&mut ada, &id, before).await;
    let notices = end["me"]["notices"].to_string();
    assert!(notices.contains("Seated at table 1"), "{notices}");
    assert!(
        notices.contains("Out in place") || notices.contains("won"),
        "{notices}"
    );
    audit_and_shutdown(h).await;
}

/// Issue 51: the room stops in the middle of a sit-and-go and starts again on the same books:
/// the coordinator is restored from its save, its table from its own (the hand in play
/// voided), and the tournament goes on to one winner, the pool paid once, the books balanced.
#[tokio::test]
async fn a_sit_and_go_goes_on_after_the_room_restarts_and_pays_once() {
    let (h, dir, mut ada, before, id) = sit_and_go("sng-restart", "holdem").await;
    shove_until_placed(&mut ada, &id, 1).await;
    let told = notices(&detail(&ada, &id).await);
    let (h, mut ada) = restart_as(h, &dir, ada).await;
    let d = detail(&ada, &id).await;
    assert!(
        d["tournament"]["status"] == "running" || d["tournament"]["status"] == "finished",
        "resumed: {d}"
    );
    // Issue 51: what she was told before is still there, in order, once (told again from the
    // log; the room may have told more since).
    let again = notices(&d);
    assert!(again.starts_with(&told), "{told:?} then {again:?}");
    played_out(&mut ada, &id, before).await;
    audit_and_shutdown(h).await;
}

/// Issue 51: a finished sit-and-go's page keeps its results over a restart — the places, the
/// prizes and who was paid them, the standings, each player's place and prize — served by the
/// room from the books (after the restart no node holds the event: it is over). And each
/// player's notices (found by the last session: the results kept none, so the page lost them
/// all after a restart, the winner's "paid 300" with them): the same, in order, once.
#[tokio::test]
async fn a_finished_sit_and_go_keeps_its_results_over_a_restart() {
    let (h, dir, mut ada, before, id) = sit_and_go("sng-kept", "holdem").await;
    played_out(&mut ada, &id, before).await;
    for _ in 0..500 {
        if results_in_books(&dir, &id).await {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(results_in_books(&dir, &id).await, "written with its end");
    // Read once its end is written: every notice told (the end waits for them).
    let end = detail(&ada, &id).await;
    let told = told_at_the_end(&end);
    let (h, ada) = restart_as(h, &dir, ada).await;
    let after = detail(&ada, &id).await;
    for kept in ["tournament", "prizes", "entrants", "tables"] {
        assert!(!after[kept].is_null(), "{kept} kept: {after}");
        assert_eq!(after[kept], end[kept], "{kept} as before the restart");
    }
    for kept in ["registered", "place", "prize", "table", "seat"] {
        assert_eq!(
            after["me"][kept], end["me"][kept],
            "{kept} as before: {after}"
        );
    }
    assert_eq!(
        notices(&after),
        told,
        "every notice still there, in order, once"
    );
    audit_and_shutdown(h).await;
}

/// Whether tournament `id` is over with its results in the books of the room in `dir` (its
/// SQLite file).
async fn results_in_books(dir: &std::path::Path, id: &str) -> bool {
    use sqlx::Row;
    let mut db = books_in(dir).await;
    let row = sqlx::query("SELECT finished_at, results FROM tournaments WHERE id = $1")
        .bind(id)
        .fetch_one(&mut db)
        .await
        .expect("its row");
    let finished = row.get::<Option<i64>, _>("finished_at").is_some();
    finished && row.get::<Option<String>, _>("results").is_some()
}

/// Fault (issue 51, found by the browser story of a table move, web/e2e/tests/move.test.mjs):
/// a finished tournament's page still led its winner to the final table ("Go to the table"),
/// closed by then, listed the winner with 0 chips, and showed a next level. Once it is over
/// nobody is shown a table, the winner is listed with the chips they finished with (every chip
/// in play), and no level comes next.
#[tokio::test]
async fn a_finished_tournament_led_its_winner_to_a_closed_table_and_listed_them_with_no_chips() {
    let (h, _dir, mut ada, before, id) = sit_and_go("sng-over", "holdem").await;
    let end = played_out(&mut ada, &id, before).await;
    let entrants = end["entrants"].as_array().expect("standings");
    let first = (entrants.iter())
        .find(|e| e["place"] == 1)
        .expect("a winner");
    let all = end["tournament"]["starting_stack"].as_u64().map(|s| 3 * s);
    assert_eq!(first["stack"].as_u64(), all, "{end}");
    assert!(entrants.iter().all(|e| e["table"].is_null()), "{end}");
    assert_eq!(end["tables"], json!([]), "{end}");
    assert!(end["me"]["table"].is_null(), "{end}");
    assert!(
        end["tournament"]["next_level"].is_null(),
        "no level next: {end}"
    );
    audit_and_shutdown(h).await;
}

/// Issue 51: a Five-Card Draw sit-and-go of three with two bots, created and played over HTTP
/// and the WebSocket to one winner: its table deals Draw at the level's ante (no blinds), the
/// prizes are the pool, the books balance.
#[tokio::test]
async fn a_player_plays_a_draw_sit_and_go_with_bots_to_one_winner_and_the_books_balance() {
    let (h, _dir, mut ada, before, id) = sit_and_go("sng-draw", "draw").await;
    let end = played_out(&mut ada, &id, before).await;
    assert_eq!(end["tournament"]["game"], "draw", "{end}");
    assert_eq!(
        end["tournament"]["small_blind"],
        Value::Null,
        "no blinds at Draw: {end}"
    );
    assert!(
        end["tournament"]["ante"].as_u64().is_some_and(|a| a >= 25),
        "{end}"
    );
    let refused = post(
        ada.addr,
        "/api/tournaments",
        &json!({"game": "draw", "players": 9, "seats": 9, "entry": 100}).to_string(),
        Some(&ada.session),
    )
    .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("2 to 8 seats"), "{}", refused.body);
    audit_and_shutdown(h).await;
}

/// Issue 51, deals (RULES.md §5): at the final table `ada` proposes an ICM deal keeping 30 back
/// over HTTP; the tournament shows it to everyone at the table — the amount kept back, both
/// ICM's and the chop's figures of the rest, who has accepted, when it lapses — and asks her
/// answer; she declines and play goes on to one winner, the books balanced. A request that is
/// not a deal, an answer with no deal proposed, a proposal by somebody not in, an amount kept
/// back that is not a whole number of chips or more than the prize money left are refused.
#[tokio::test]
async fn a_deal_at_the_final_table_is_proposed_shown_and_declined_over_http() {
    let (h, _dir, mut ada, before, id) = sit_and_go("sng-deal", "holdem").await;
    let bob = Client::guest(h.local_addr()).await;
    let path = format!("/api/tournaments/{id}/deal");
    let addr = ada.addr;
    for _ in 0..500 {
        if detail(&ada, &id).await["me"]["may_propose_deal"] == true {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let r = post(addr, &path, r#"{"propose": "split"}"#, Some(&ada.session)).await;
    assert_eq!(r.status, 400, "{}", r.body);
    let r = post(addr, &path, r#"{"accept": true}"#, Some(&ada.session)).await;
    assert_eq!(r.status, 409, "no deal proposed yet: {}", r.body);
    let r = post(addr, &path, r#"{"propose": "icm"}"#, Some(&bob.session)).await;
    assert_eq!(r.status, 409, "bob is not in: {}", r.body);
    let r = post(
        addr,
        &path,
        r#"{"propose": "icm", "keep_back": -5}"#,
        Some(&ada.session),
    )
    .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.body.contains("keep_back is a whole number of chips"),
        "{}",
        r.body
    );
    let r = post(
        addr,
        &path,
        r#"{"propose": "icm", "keep_back": 301}"#,
        Some(&ada.session),
    )
    .await;
    assert_eq!(r.status, 409, "more than the 300 left: {}", r.body);
    assert!(
        detail(&ada, &id).await["deal"].is_null(),
        "nothing proposed"
    );
    let r = post(
        addr,
        &path,
        r#"{"propose": "icm", "keep_back": 30}"#,
        Some(&ada.session),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["result"], "deal_proposed");
    let d = detail(&ada, &id).await;
    let deal = &d["deal"];
    assert_eq!(deal["kind"], "icm", "{d}");
    assert_eq!(deal["keep_back"], 30, "{d}");
    let players = deal["players"].as_array().expect("its players");
    assert_eq!(players.len(), 3, "{d}");
    let sum = |k: &str| {
        players
            .iter()
            .map(|p| p[k].as_u64().unwrap_or(0))
            .sum::<u64>()
    };
    assert_eq!(sum("icm"), 270, "ICM shares the pool less the 30: {d}");
    assert_eq!(sum("chop"), 270, "so does the chop: {d}");
    let left = deal["ends_ms"].as_u64().unwrap_or(0) - d["now_ms"].as_u64().unwrap_or(0);
    assert!(left <= 120_000, "{d}");
    assert_eq!(d["tournament"]["deal_ends_ms"], deal["ends_ms"]);
    assert_eq!(d["me"]["deal_answer_due"], true, "{d}");
    assert_eq!(d["me"]["may_propose_deal"], false, "{d}");
    let r = post(addr, &path, r#"{"accept": false}"#, Some(&ada.session)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["result"], "deal_answered");
    let d = detail(&ada, &id).await;
    assert!(d["deal"].is_null(), "{d}");
    let notices = d["me"]["notices"].to_string();
    assert!(notices.contains("declined the deal"), "{notices}");
    assert!(notices.contains("keeping 30 back to play for"), "{notices}");
    played_out(&mut ada, &id, before).await;
    audit_and_shutdown(h).await;
}

/// Issue 51: a sit-and-go may play levels by hands (RULES.md §5, "Levels and the clock"): the
/// lobby shows the hands a level lasts, and a level of no hands (or too many) is refused.
#[tokio::test]
async fn a_sit_and_go_may_play_levels_by_hands() {
    let (h, _dir) = server("sng-hands").await;
    let ada = Client::guest(h.local_addr()).await;
    let addr = ada.addr;
    let new = |hands: Value| {
        json!({"name": "By hands", "players": 3, "entry": 100, "speed": "hyper", "bots": 2,
               "bot_level": "beginner", "hands_per_level": hands})
        .to_string()
    };
    let r = post(addr, "/api/tournaments", &new(json!(4)), Some(&ada.session)).await;
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().expect("an id").to_string();
    let d = detail(&ada, &id).await;
    assert_eq!(d["tournament"]["hands_per_level"], 4, "{d}");
    for bad in [json!(0), json!(1_001)] {
        let r = post(addr, "/api/tournaments", &new(bad), Some(&ada.session)).await;
        assert_eq!(r.status, 400, "{}", r.body);
        assert!(
            r.body.contains("a level lasts 1 to 1000 hands"),
            "{}",
            r.body
        );
    }
    let r = post(
        addr,
        "/api/tournaments",
        &new(Value::Null),
        Some(&ada.session),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.json()["id"].as_str().expect("an id").to_string();
    let d = detail(&ada, &id).await;
    assert!(d["tournament"]["hands_per_level"].is_null(), "by time: {d}");
    audit_and_shutdown(h).await;
}

/// A player's notices as the tournament's detail gives them: key and English words.
pub(crate) fn notices(d: &Value) -> Vec<(String, String)> {
    let list = d["me"]["notices"].as_array().cloned().unwrap_or_default();
    (list.iter())
        .map(|n| (n["key"].to_string(), n["text"].to_string()))
        .collect()
}

/// The notices of a player's finished tournament `end` (its detail once its end is written):
/// checked to begin with her entry and seat, and, if she won, to end with her prize paid.
pub(crate) fn told_at_the_end(end: &Value) -> Vec<(String, String)> {
    let told = notices(end);
    let keys: Vec<&str> = told.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys.first(), Some(&"\"registered\""), "{told:?}");
    assert!(keys.contains(&"\"seated\""), "{told:?}");
    if end["me"]["place"] == 1 {
        assert_eq!(
            keys.last(),
            Some(&"\"paid\""),
            "the winner told paid: {told:?}"
        );
    }
    told
}
