//! `tavolo replay`: re-executes hand histories and game records through the engine.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::UserError;

/// Replay hand histories (`.phh`, `.phhs`) and game records (`.json`) through the engine.
#[derive(Args)]
pub struct ReplayArgs {
    /// Files to replay.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// One JSON line per hand or game.
    #[arg(long)]
    json: bool,
}

pub fn run(args: ReplayArgs) -> Result<ExitCode, UserError> {
    let _ = args.json;
    Err(UserError(format!(
        "cannot replay {}: hand-history replay arrives with the game engines",
        args.files[0].display()
    )))
}
