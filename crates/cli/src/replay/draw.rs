//! `tavolo replay hand.json` for Five-Card Draw: re-executes a draw record
//! (`tavolo-draw-record/1`, docs/draw-record.md) through the engine and prints the finishing
//! stacks (or one JSON line with `--json`).

use std::io::Write;
use std::path::Path;

use tavolo_engine::draw::DrawRecord;
use tavolo_engine::Chips;

/// Confirms the Five-Card Draw record at `path` and writes the outcome to `out`: a short table,
/// or with `json` one JSON line
/// `{"game":"five_card_draw","confirmed":true,"finished":…,"seats":…,"finishing_stacks":[…],"winnings":[…],"carried_pot":…}`.
/// Any failure (unreadable file, not a draw record, an action the rules refuse, a result that
/// differs from the rules') is returned as a message naming the file and, for a refused action,
/// its index, the action and why.
pub fn replay_draw(path: &Path, json: bool, out: &mut dyn Write) -> Result<(), String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let record = DrawRecord::from_json(&text).map_err(|e| format!("{name}: {e}"))?;
    let hand = record
        .replay()
        .map_err(|e| format!("{name}: record rejected: {e}"))?;
    let io = |e: std::io::Error| format!("cannot write: {e}");
    let finished = hand.is_over();
    // Unfinished records report the stacks so far; the carried pot is only known at the end.
    let carried = if finished {
        hand.carried()
    } else {
        Chips::ZERO
    };
    if json {
        let line = serde_json::json!({
            "game": "five_card_draw",
            "confirmed": true,
            "finished": finished,
            "seats": hand.seats(),
            "finishing_stacks": hand.stacks(),
            "winnings": hand.winnings(),
            "carried_pot": carried,
        });
        writeln!(out, "{line}").map_err(io)?;
        return Ok(());
    }
    let state = if finished {
        "finishing stacks"
    } else {
        "unfinished, stacks so far"
    };
    writeln!(
        out,
        "{name}: Five-Card Draw record confirmed ({} seats, dealer {}, ante {}); {state}:",
        hand.seats(),
        hand.dealer(),
        hand.ante()
    )
    .map_err(io)?;
    for (seat, (&stack, &start)) in hand.stacks().iter().zip(&record.stacks).enumerate() {
        let delta = i128::from(stack) - i128::from(start);
        writeln!(out, "  seat {seat}: {stack:>8}  ({delta:+})").map_err(io)?;
    }
    if finished {
        writeln!(out, "  carried to the next hand: {carried}").map_err(io)?;
    }
    Ok(())
}
