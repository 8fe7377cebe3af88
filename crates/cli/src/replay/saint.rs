//! `tavolo replay game.json` for Saint Poker: re-executes a game record through the engine,
//! confirms every recorded fact, and prints the final scores (or one JSON line with `--json`).

use std::io::Write;
use std::path::Path;

use tavolo_engine::saint::{verify_record, SaintRecord};

/// Confirms the Saint Poker record at `path` and writes the final scores to `out`: a short
/// table, or with `json` one JSON line
/// `{"game":"saint_poker","confirmed":true,"rounds":8,"players":[…],"scores":[…],"winners":[…],"places":[…]}`.
/// Any failure (unreadable file, not a record, a record that breaks the rules) is returned as a
/// message naming the file, the round, the player and the first inconsistency.
pub fn replay_saint(path: &Path, json: bool, out: &mut dyn Write) -> Result<(), String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let record: SaintRecord = serde_json::from_str(&text)
        .map_err(|e| format!("{name}: not a Saint Poker game record: {e}"))?;
    let game = verify_record(&record).map_err(|e| format!("{name}: record rejected: {e}"))?;
    let scores = game.scores().to_vec();
    let places: Vec<usize> = scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|t| *t > s).count())
        .collect();
    let winners = game.winners();
    let io = |e: std::io::Error| format!("cannot write: {e}");
    if json {
        let line = serde_json::json!({
            "game": "saint_poker",
            "confirmed": true,
            "finished": game.is_over(),
            "rounds": record.rounds.len(),
            "players": record.players,
            "scores": scores,
            "winners": winners,
            "places": places,
        });
        writeln!(out, "{line}").map_err(io)?;
        return Ok(());
    }
    let state = if game.is_over() {
        "final scores".to_string()
    } else {
        format!(
            "unfinished after {} of 8 rounds, scores so far",
            record.rounds.len()
        )
    };
    writeln!(
        out,
        "{name}: Saint Poker record confirmed ({} players); {state}:",
        record.players.len()
    )
    .map_err(io)?;
    let width = record
        .players
        .iter()
        .map(|p| p.chars().count())
        .max()
        .unwrap_or(0);
    for (seat, player) in record.players.iter().enumerate() {
        let mark = if winners.contains(&seat) {
            if winners.len() > 1 {
                "  shared victory"
            } else {
                "  winner"
            }
        } else {
            ""
        };
        writeln!(
            out,
            "  {place}. {player:<width$}  {points:>3} points{mark}",
            place = places[seat],
            points = scores[seat],
        )
        .map_err(io)?;
    }
    Ok(())
}
