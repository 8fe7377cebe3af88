//! Hold'em hands downloaded as PHH or as PokerStars text hand histories, as the viewer may see
//! them: a player of the hand gets their own hole cards and the hands shown at the table; with
//! `reveal=all` every card dealt (the hand's players may already recompute every card from the
//! seed the fairness bundle gives them, and read the full record). Only the hand's players may
//! download it, as only they may read its record.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tavolo_engine::holdem::phh::{self, Sight};
use tavolo_engine::holdem::pokerstars::{self, Label};
use tavolo_store::StoredHand;

use super::accounts::user;
use super::history::players_hand;
use crate::answer::{api_error, store_error};
use crate::books::Member;
use crate::room::Room;

/// The most hands one download of a player's history holds.
const MOST_HANDS: i64 = 200;

/// `?format=pokerstars|phh&reveal=all&table=…`.
#[derive(Deserialize)]
pub(super) struct ExportQuery {
    format: Option<String>,
    reveal: Option<String>,
    table: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Phh,
    PokerStars,
}

impl ExportQuery {
    fn format(&self) -> Result<Format, Response> {
        match self.format.as_deref() {
            None | Some("pokerstars") => Ok(Format::PokerStars),
            Some("phh") => Ok(Format::Phh),
            Some(other) => Err(api_error(
                StatusCode::BAD_REQUEST,
                "bad_format",
                &format!("format `{other}`: pokerstars or phh"),
            )),
        }
    }
}

/// `?reveal=all|mine` (absent or empty: `mine`), here and in a replay: whether every card dealt
/// is shown, or the error answer (400 `bad_reveal`).
pub(super) fn reveal_all(reveal: Option<&str>) -> Result<bool, Response> {
    match reveal {
        None | Some("") | Some("mine") => Ok(false),
        Some("all") => Ok(true),
        Some(other) => Err(api_error(
            StatusCode::BAD_REQUEST,
            "bad_reveal",
            &format!("reveal `{other}`: all or mine"),
        )),
    }
}

/// One hand, as the text of its format (without separators), or why not; `table` is the
/// table's name as the PokerStars header gives it.
fn one(
    h: &StoredHand,
    m: &Member,
    table: &str,
    format: Format,
    all: bool,
) -> Result<String, String> {
    if h.game != "holdem" {
        return Err(format!(
            "h-{} is a {} game: only Hold'em hands are exported",
            h.id.0, h.game
        ));
    }
    let (Some(record), Some("phh")) = (&h.record, h.format.as_deref()) else {
        return Err(format!("h-{} has no record (not over, or voided)", h.id.0));
    };
    let hand = phh::parse_phh(record).map_err(|e| format!("h-{}: {e}", h.id.0))?;
    let n = hand.starting_stacks.len();
    let sight = if all {
        Sight::All
    } else {
        Sight::player_named(&m.name, hand.players.as_deref(), n)
            .map_or(Sight::Spectator, Sight::Player)
    };
    let text = match format {
        Format::Phh => hand.seen_by(sight).map(|h| h.to_phh()),
        Format::PokerStars => {
            let label = Label {
                number: h.id.0 as u64,
                table: table.to_string(),
                max_seats: n,
                seats: None,
                time_ms: h.finished_at.unwrap_or(h.started_at),
            };
            pokerstars::write(&hand, &label, sight)
        }
    };
    text.map_err(|e| format!("h-{}: {e}", h.id.0))
}

fn download(format: Format, name: &str, bulk: bool, body: String) -> Response {
    let ext = match (format, bulk) {
        (Format::PokerStars, _) => "txt",
        (Format::Phh, false) => "phh",
        (Format::Phh, true) => "phhs",
    };
    (
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}.{ext}\""),
            ),
        ],
        body,
    )
        .into_response()
}

/// `GET /api/history/{id}/export`: one Hold'em hand.
pub(super) async fn export_hand(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<ExportQuery>,
) -> Response {
    let (format, all) = match (q.format(), reveal_all(q.reveal.as_deref())) {
        (Ok(f), Ok(a)) => (f, a),
        (Err(r), _) | (_, Err(r)) => return r,
    };
    let (m, h) = match players_hand(&room, &headers, &id, "download it").await {
        Ok(found) => found,
        Err(r) => return r,
    };
    match one(&h, &m, &h.table, format, all) {
        Ok(text) => download(format, &format!("h-{}", h.id.0), false, text),
        Err(e) => api_error(StatusCode::NOT_FOUND, "not_exportable", &e),
    }
}

/// `GET /api/history/export`: the player's recent finished Hold'em hands (at one table with
/// `table=`), oldest first: PokerStars hands separated by blank lines, or a `.phhs` whose tables
/// are the hands' ids.
pub(super) async fn export_history(
    State(room): State<Arc<Room>>,
    headers: HeaderMap,
    Query(q): Query<ExportQuery>,
) -> Response {
    let (format, all) = match (q.format(), reveal_all(q.reveal.as_deref())) {
        (Ok(f), Ok(a)) => (f, a),
        (Err(r), _) | (_, Err(r)) => return r,
    };
    let m = match user(&room, &headers).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let items = match room.books.raw().history(m.id, MOST_HANDS).await {
        Ok(items) => items,
        Err(e) => return store_error(e),
    };
    let mut parts = Vec::new();
    for item in items.iter().rev() {
        if item.game != "holdem"
            || item.status != "finished"
            || q.table.as_deref().is_some_and(|t| t != item.table)
        {
            continue;
        }
        let h = match room.books.raw().hand(item.id).await {
            Ok(h) => h,
            Err(e) => return store_error(e),
        };
        // A record that cannot be exported is left out; the others still download.
        if let Ok(text) = one(&h, &m, &item.table_name, format, all) {
            parts.push(match format {
                Format::PokerStars => text,
                Format::Phh => format!("[h-{}]\n{text}", h.id.0),
            });
        }
    }
    let name = match &q.table {
        Some(t) => format!(
            "hands-{}",
            t.replace(|c: char| !c.is_ascii_alphanumeric() && c != '-', "_")
        ),
        None => "hands".to_string(),
    };
    let sep = match format {
        Format::PokerStars => "\n\n",
        Format::Phh => "\n",
    };
    download(format, &name, true, parts.join(sep))
}
