//! `tavolo train holdem`: computes the CFR bot's strategy (heads-up Limit Hold'em) and writes
//! it as a strategy file.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use tavolo_bots::holdem::cfr::buckets::Abstraction;
use tavolo_bots::holdem::cfr::train::{train, TrainConfig};

use crate::sim::betting::StructureArg;
use crate::UserError;

/// The games `tavolo train` trains for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TrainGame {
    /// Texas Hold'em, heads-up.
    Holdem,
}

/// Train the `cfr` bot's strategy by Monte-Carlo counterfactual regret minimisation.
///
/// Heads-up Limit Hold'em on the shipped abstraction (169 starting-hand classes, 50 strength
/// buckets a street after the flop, at most four bets a round). The same iterations and seed
/// give the same file. The shipped strategy (crates/bots/data/holdem-limit-cfr.bin) was made
/// with the command in docs/bots.md; run it single-threaded, at low priority if the machine is
/// shared (`nice -n 10`).
#[derive(Args)]
pub struct TrainArgs {
    /// The game.
    #[arg(value_enum)]
    game: TrainGame,
    /// The betting structure (only `limit` has a CFR strategy).
    #[arg(long, value_enum, default_value = "limit")]
    structure: StructureArg,
    /// Iterations: one deal each, walked once for each player.
    #[arg(long, default_value_t = 1_000_000)]
    iterations: u64,
    /// The seed of the deals and the samples.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Where to write the strategy file.
    #[arg(long)]
    out: PathBuf,
}

pub fn run(args: TrainArgs) -> Result<ExitCode, UserError> {
    if args.structure != StructureArg::Limit {
        return Err(UserError(
            "only Limit has a CFR strategy (--structure limit); in No-Limit and Pot-Limit the cfr bot plays as expert".into(),
        ));
    }
    if args.iterations == 0 {
        return Err(UserError("--iterations must be positive".into()));
    }
    let config = TrainConfig {
        iterations: args.iterations,
        seed: args.seed,
        abstraction: Abstraction::DEFAULT,
    };
    let bar = ProgressBar::new(args.iterations);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} iterations  {elapsed_precise} (eta {eta})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let start = Instant::now();
    let strategy = train(&config, &mut |done| bar.set_position(done));
    bar.finish_and_clear();
    let bytes = strategy.to_bytes();
    std::fs::write(&args.out, &bytes)
        .map_err(|e| UserError(format!("{}: cannot write: {e}", args.out.display())))?;
    println!(
        "{} iterations (seed {}) in {:.1} s: {} ({} bytes)",
        args.iterations,
        args.seed,
        start.elapsed().as_secs_f64(),
        args.out.display(),
        bytes.len()
    );
    Ok(ExitCode::SUCCESS)
}
