//! `tavolo replay`: re-executes hand histories and game records through the engine and confirms
//! them. The kind of file is told by its extension (`.phh`, `.phhs`) or, for JSON records, by
//! their `format` field.

mod draw;
mod export;
mod phh;
mod saint;
mod steps;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::UserError;

/// Replay hand histories and game records through the engine and confirm them.
///
/// - Hold'em hand histories in the PHH format (`.phh`, one hand; `.phhs`, many): variants `NT`
///   (No-Limit), `FT` (Limit) and `PT` (Pot-Limit, a Tavolo extension). Each hand's finishing
///   stacks are printed, or which action failed and why; the other hands go on.
/// - Hold'em hand records written by `tavolo sim holdem --record` (`.json` holding PHH).
/// - Five-Card Draw records (`.json`, docs/draw-record.md): the finishing stacks.
/// - Saint Poker game records (`.json`, docs/saint-record.md): every recorded fact is checked and
///   the final scores printed.
///
/// With `--export phh` or `--export pokerstars`, the Hold'em hands of the files are written out
/// instead (to standard output): as normalised PHH (several hands as a `.phhs`), or as the
/// PokerStars text hand history that trackers and HUDs read (play chips: amounts without a
/// currency sign; hands separated by blank lines). `--hero NAME` writes them as that player saw
/// them: their own hole cards and the hands shown at the table, every other card hidden; without
/// it every card the file holds is written. Draw and Saint Poker records are refused.
///
/// With `--steps`, each file's hand or game is written as the steps of the room's replayer (one
/// JSON line per file, the answer of `GET /api/history/{id}/replay`): the table after every
/// action, the pots and their winners, every shown hand's value; as `--hero` saw it, or with
/// every card. A `.phhs` is refused (one hand a file).
///
/// Every file is processed even if one fails; the exit status is 1 when any file or hand could
/// not be confirmed (or exported).
#[derive(Args)]
pub struct ReplayArgs {
    /// Files to replay.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print one JSON line per hand or game instead of text.
    #[arg(long, conflicts_with = "export")]
    json: bool,
    /// Write the Hold'em hands out in this format instead of confirming them.
    #[arg(long, value_enum)]
    export: Option<export::ExportFormat>,
    /// Write each file's replay as the room's replayer shows it (JSON steps).
    #[arg(long, conflicts_with_all = ["export", "json"])]
    steps: bool,
    /// With `--export` or `--steps`: the player (a name in the hands' `players`, or PHH's `p1`,
    /// `p2`, …) whose view is written; others' cards not shown at the table are hidden.
    #[arg(long)]
    hero: Option<String>,
}

/// The kinds of file `tavolo replay` understands.
enum Kind {
    Phh,
    /// A Hold'em hand record of `tavolo sim --record`: PHH text in its `phh` field.
    HoldemRecord(String),
    Draw,
    Saint,
}

fn kind_of(path: &Path) -> Result<Kind, String> {
    let name = path.display();
    if matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("phh" | "phhs")
    ) {
        return Ok(Kind::Phh);
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        format!("{name}: not a hand history (.phh, .phhs) or a JSON game record: {e}")
    })?;
    match value.get("format").and_then(|f| f.as_str()) {
        Some(f) if f.starts_with("tavolo-saint") => Ok(Kind::Saint),
        Some(f) if f.starts_with("tavolo-draw") => Ok(Kind::Draw),
        Some(f) if f.starts_with("tavolo-holdem-hand") => {
            match value.get("phh").and_then(|p| p.as_str()) {
                Some(text) => Ok(Kind::HoldemRecord(text.to_string())),
                None => Err(format!("{name}: a Hold'em hand record needs a `phh` field")),
            }
        }
        Some(f) => Err(format!("{name}: unknown record format `{f}`")),
        None => Err(format!("{name}: a JSON record needs a `format` field")),
    }
}

pub fn run(args: ReplayArgs) -> Result<ExitCode, UserError> {
    if let Some(format) = args.export {
        return run_export(&args, format);
    }
    if args.steps {
        return run_steps(&args);
    }
    if args.hero.is_some() {
        return Err(UserError("--hero goes with --export or --steps".into()));
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    for path in &args.files {
        // Hand histories report how many of their hands failed; the others go on.
        let mut hands_failed = |n: usize| {
            if n > 0 {
                failed = true;
                if !args.json {
                    eprintln!(
                        "tavolo: {}: {n} hand(s) could not be replayed",
                        path.display()
                    );
                }
            }
        };
        let result = kind_of(path).and_then(|kind| match kind {
            Kind::Phh => phh::replay_phh(path, args.json, &mut out).map(&mut hands_failed),
            Kind::HoldemRecord(text) => {
                phh::replay_phh_text(path, &text, false, args.json, &mut out).map(&mut hands_failed)
            }
            Kind::Draw => draw::replay_draw(path, args.json, &mut out),
            Kind::Saint => saint::replay_saint(path, args.json, &mut out),
        });
        if let Err(msg) = result {
            failed = true;
            if args.json {
                let line = serde_json::json!({ "file": path.display().to_string(), "error": msg });
                writeln!(out, "{line}").map_err(|e| UserError(e.to_string()))?;
            } else {
                eprintln!("tavolo: {msg}");
            }
        }
    }
    Ok(status(failed))
}

/// `--export`: every Hold'em hand of the files written out in `format`.
fn run_export(args: &ReplayArgs, format: export::ExportFormat) -> Result<ExitCode, UserError> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    let mut exporter = export::Exporter {
        format,
        hero: args.hero.as_deref(),
        count: 0,
        bulk: args.files.len() > 1
            || args
                .files
                .iter()
                .any(|p| p.extension().and_then(|e| e.to_str()) == Some("phhs")),
    };
    for path in &args.files {
        let name = path.display();
        let result = kind_of(path).and_then(|kind| match kind {
            Kind::Phh => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
                let bulk = path.extension().and_then(|e| e.to_str()) == Some("phhs");
                exporter.export_text(path, &text, bulk, &mut out)
            }
            Kind::HoldemRecord(text) => exporter.export_text(path, &text, false, &mut out),
            Kind::Draw | Kind::Saint => Err(format!(
                "{name}: not a Hold'em hand history: --export writes Hold'em hands only"
            )),
        });
        match result {
            Ok(0) => {}
            Ok(n) => {
                failed = true;
                eprintln!("tavolo: {name}: {n} hand(s) could not be exported");
            }
            Err(msg) => {
                failed = true;
                eprintln!("tavolo: {msg}");
            }
        }
    }
    Ok(status(failed))
}

/// `--steps`: each file's replay as the room's replayer shows it.
fn run_steps(args: &ReplayArgs) -> Result<ExitCode, UserError> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    for path in &args.files {
        let name = path.display();
        let read = || std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"));
        let result = kind_of(path).and_then(|kind| {
            let (game, text) = match kind {
                Kind::Phh if path.extension().and_then(|e| e.to_str()) == Some("phhs") => {
                    return Err(format!("{name}: --steps replays one hand a file (.phh)"))
                }
                Kind::Phh => ("holdem", read()?),
                Kind::HoldemRecord(text) => ("holdem", text),
                Kind::Draw => ("draw", read()?),
                Kind::Saint => ("saint", read()?),
            };
            steps::write_steps(path, game, &text, args.hero.as_deref(), &mut out)
        });
        if let Err(msg) = result {
            failed = true;
            eprintln!("tavolo: {msg}");
        }
    }
    Ok(status(failed))
}

/// Exit status 1 when any file failed, else success.
fn status(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
