//! `tavolo replay` for PHH hand histories (`.phh`, `.phhs`): replays every hand of a file and
//! prints its finishing stacks, or which action failed and why; the other hands go on.

use std::io::Write;
use std::path::Path;

use serde_json::{json, Number, Value};
use tavolo_engine::holdem::phh::{self, PhhHand};
use tavolo_engine::Chips;

/// Replays every hand in the `.phh` or `.phhs` file at `path`, writing one line per hand to
/// `out`: with `json`, `{"file":…,"index":…,"finishing_stacks":[…]}` or
/// `{"file":…,"index":…,"error":"…"}` (`index` counts hands in the file from 0); otherwise the
/// same in words. A hand whose replay ends with other stacks than the file's own
/// `finishing_stacks` is a failure too (its line has both). Returns how many hands failed; `Err`
/// when the file cannot be read or parsed at all, or `out` fails.
pub fn replay_phh(path: &Path, json: bool, out: &mut dyn Write) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let bulk = path.extension().and_then(|e| e.to_str()) == Some("phhs");
    replay_phh_text(path, &text, bulk, json, out)
}

/// Like [`replay_phh`] for PHH text already read from `path` (e.g. the `phh` field of a hand
/// record written by `tavolo sim holdem --record`); `bulk` for `.phhs` text.
pub fn replay_phh_text(
    path: &Path,
    text: &str,
    bulk: bool,
    json: bool,
    out: &mut dyn Write,
) -> Result<usize, String> {
    let text = text.to_string();
    let hands = if bulk {
        phh::parse_phhs(&text).map_err(|e| format!("{}: {e}", path.display()))?
    } else {
        vec![phh::parse_phh(&text)]
    };
    let file = path.display().to_string();
    let mut failed = 0;
    for (index, hand) in hands.into_iter().enumerate() {
        let result = hand.and_then(|h| {
            h.replay().map(|r| {
                let stacks = r.finishing_stacks();
                // The file's own finishing stacks, when it states them, must agree.
                let disagreement = h
                    .finishing_stacks
                    .as_ref()
                    .filter(|stated| **stated != stacks)
                    .map(|stated| {
                        format!(
                            "the replay ends with stacks {} but the file states {}",
                            Value::Array(stacks_json(&h, &stacks)),
                            Value::Array(stacks_json(&h, stated))
                        )
                    });
                (stacks_json(&h, &stacks), r.complete, disagreement)
            })
        });
        let line = match result {
            Ok((stacks, _, Some(disagreement))) => {
                failed += 1;
                if json {
                    json!({ "file": file, "index": index, "finishing_stacks": stacks, "error": disagreement })
                        .to_string()
                } else {
                    format!("{file} #{index}: error: {disagreement}")
                }
            }
            Ok((stacks, complete, None)) if json => {
                let mut v = json!({ "file": file, "index": index, "finishing_stacks": stacks });
                if !complete {
                    v["complete"] = Value::Bool(false);
                }
                v.to_string()
            }
            Ok((stacks, complete, None)) => format!(
                "{file} #{index}: finishing stacks {}{}",
                Value::Array(stacks),
                if complete {
                    ""
                } else {
                    " (the history stops before the end of the hand)"
                }
            ),
            Err(e) => {
                failed += 1;
                if json {
                    json!({ "file": file, "index": index, "error": e.to_string() }).to_string()
                } else {
                    format!("{file} #{index}: error: {e}")
                }
            }
        };
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
    }
    Ok(failed)
}

/// Stacks in the file's own units: integers, or decimals for files with fractional chips.
fn stacks_json(hand: &PhhHand, stacks: &[Chips]) -> Vec<Value> {
    stacks
        .iter()
        .map(|&v| {
            if hand.decimals == 0 {
                Value::Number(v.get().into())
            } else {
                let s = hand.format_amount(v);
                s.parse::<u64>()
                    .map(|i| Value::Number(i.into()))
                    .or_else(|_| {
                        s.parse::<f64>()
                            .ok()
                            .and_then(Number::from_f64)
                            .map(Value::Number)
                            .ok_or(())
                    })
                    .unwrap_or(Value::String(s))
            }
        })
        .collect()
}
