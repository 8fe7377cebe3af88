//! Scheduled Swiss events of Saint Poker from the operator's file (`game = "saint"`; issue 51)
//! over HTTP, on a manual clock standing an hour before their start: listed while registering
//! with their start and fewest players, entered and left, started at their time and played
//! round by round (bots at the other seats) to the final standings; recorded once over two
//! starts of the room; called off short of their fewest players, the next day's occurrence then
//! listed; a file naming what a Swiss event does not take refused with the line and the field.

use std::time::Duration;

use serde_json::{json, Value};
use tavolo_server::tournaments::schedule::{parse, EventDefinition};

use crate::common::{audit_and_shutdown, restart_with, Client};
use crate::scheduled::{ask, events, line, room, until_status, START};
use crate::swiss_room::{over, play_rounds};
use crate::tournaments::detail;

/// A Swiss event starting at [`START`] with two beginner bots, with `more` lines of settings.
fn saint(name: &str, more: &str) -> String {
    format!(
        "# the room's scheduled tournaments\n\
         [[tournament]]\n\
         name = \"{name}\"\n\
         start = 2030-01-01T12:00:00Z\n\
         game = \"saint\"\n\
         bots = 2\n\
         bot_level = \"beginner\"\n\
         {more}\n"
    )
}

/// Issue 51: the file's Swiss event is listed while registering — Saint Poker, Swiss, its start
/// and its fewest players (3 by default), the bots in — a player enters, withdraws, enters
/// again; nothing starts before its time; at its time it starts, and the player plays its two
/// rounds with the bots to the final standings.
#[tokio::test]
async fn a_scheduled_swiss_event_from_the_file_is_listed_entered_started_at_its_time_and_played_to_standings(
) {
    let text = saint("Saint Sunday", "rounds = 2");
    let event = events(&text)[0].clone();
    assert!(matches!(event.definition, EventDefinition::Swiss(_)));
    let (h, _dir, clock) = room("scheduled-swiss", &text).await;
    let mut ada = Client::guest(h.local_addr()).await;
    let id = event.id;
    let l = line(&ada, &id).await;
    let shown = |k: &str| l[k].clone();
    assert_eq!(
        ["kind", "game", "structure", "status"].map(shown),
        ["scheduled", "saint", "swiss", "registering"].map(Value::from),
        "{l}"
    );
    assert_eq!(
        ["starts_at", "min_players", "rounds", "entrants", "entry"].map(shown),
        [json!(START), json!(3), json!(2), json!(2), json!(0)],
        "{l}"
    );
    assert_eq!(ask(&ada, &id, "register").await.0, 200);
    let (status, left) = ask(&ada, &id, "unregister").await;
    assert_eq!((status, &left["refund"]), (200, &json!(0)), "{left}");
    assert_eq!(ask(&ada, &id, "register").await.0, 200);
    clock.advance(Duration::from_secs(3_599));
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let d = detail(&ada, &id).await;
    assert_eq!(d["tournament"]["status"], "registering", "not before: {d}");
    clock.advance(Duration::from_secs(1));
    until_status(&ada, &id, "running").await;
    play_rounds(&mut ada, &id, usize::MAX).await;
    over(&ada, &id, 3, 2).await;
    audit_and_shutdown(h).await;
}

/// Issue 51: the room started twice on the same books with the same file records its daily
/// Swiss event once (the same id, the entries it took kept); at its time, short of its fewest
/// players, it is called off and its players told; the next day's occurrence is then listed,
/// a Swiss event again, registering, with its own id and start.
#[tokio::test]
async fn a_scheduled_swiss_event_is_created_once_over_two_starts_called_off_short_and_comes_back_the_next_day(
) {
    let text = saint("Saint Daily", "min_players = 4\nrepeat = \"daily\"");
    let event = events(&text)[0].clone();
    let next = event.next_after(START).expect("a daily event comes back");
    let (h, dir, clock) = room("scheduled-swiss-twice", &text).await;
    let ada = Client::guest(h.local_addr()).await;
    assert_eq!(ask(&ada, &event.id, "register").await.0, 200);
    let session = ada.session.clone();
    drop(ada);
    h.shutdown().await;
    let time = clock.time();
    let h = restart_with(&dir, |c| {
        c.time = time;
        c.tournaments = text;
    })
    .await;
    let ada = Client::with_session(h.local_addr(), session).await;
    let l = line(&ada, &event.id).await;
    assert_eq!(l["entrants"], 3, "the bots and ada, once each: {l}");
    assert_eq!(detail(&ada, &event.id).await["me"]["registered"], true);
    clock.advance(Duration::from_secs(3_600));
    let d = until_status(&ada, &event.id, "cancelled").await;
    let notices = d["me"]["notices"].to_string();
    assert!(notices.contains("called off"), "{notices}");
    for _ in 0..1_500 {
        let list = crate::common::get(ada.addr, "/api/tournaments", None).await;
        if list.body.contains(&next.id) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let d = until_status(&ada, &next.id, "registering").await;
    let l = &d["tournament"];
    assert_eq!(
        (&l["starts_at"], &l["game"], &l["name"]),
        (
            &json!(START + 86_400_000),
            &json!("saint"),
            &json!("Saint Daily")
        ),
        "{d}"
    );
    assert_eq!(ask(&ada, &next.id, "register").await.0, 200);
    audit_and_shutdown(h).await;
}

/// Issue 51: a Swiss event in the file naming what a Swiss event does not take — levels and
/// their speed, late registration, rebuys, an entry, seats — or settings it cannot be played
/// with is refused, before anything is written, with the line and the field at fault.
#[test]
fn a_bad_swiss_event_in_the_tournaments_file_is_refused_with_its_line_and_field() {
    let refused = |more: &str| {
        let e = parse(&saint("Bad", more)).expect_err(more).to_string();
        assert!(e.contains("line 2"), "{more}: {e}");
        e
    };
    for (more, field, why) in [
        ("speed = \"turbo\"", "speed", "table's own clock"),
        (
            "late_until_level = 2",
            "late_until_level",
            "late registration",
        ),
        ("rebuys = true", "rebuys", "free"),
        ("add_on = { chips = 5000, price = 50 }", "add_on", "free"),
        ("entry = 100", "entry", "free"),
        ("fee = 10", "fee", "free"),
        ("guarantee = 1000", "guarantee", "free"),
        ("seats = 6", "seats", "tables are of 4"),
        ("min_players = 2", "min_players", "3 players at least"),
        ("min_players = 1001", "min_players", "1000"),
        ("rounds = 21", "rounds", "rounds"),
        ("knockout = 3", "knockout", "top 1 or 2"),
        ("rounds = 3\nknockout = 1", "rounds", "final table"),
    ] {
        let e = refused(more);
        assert!(
            e.contains(&format!("{field}:")) && e.contains(why),
            "{more}: {e}"
        );
    }
    let e = parse(&saint("Wizards", "").replace("beginner", "wizard")).expect_err("refused");
    assert!(e.to_string().contains("bot_level:"), "{e}");
    let e = parse(&saint("Chess", "").replace("saint", "chess")).expect_err("refused");
    assert!(e.to_string().contains("saint"), "{e}");
    let e = parse("[[tournament]]\nname = \"Rounds\"\nstart = 2030-01-01T12:00:00Z\nentry = 100\nrounds = 3\n");
    let e = e.expect_err("refused").to_string();
    assert!(e.contains("rounds:") && e.contains("saint"), "{e}");
}
