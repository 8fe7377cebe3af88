//! `tavolo train holdem`: computes the CFR bot's strategies (heads-up Limit and No-Limit
//! Hold'em) and writes them as strategy files.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use tavolo_bots::holdem::cfr::buckets::{Abstraction, Metric};
use tavolo_bots::holdem::cfr::train::{train, TrainConfig};
use tavolo_bots::holdem::cfr::tree::TreeKind;

use crate::sim::betting::StructureArg;
use crate::UserError;

/// The games `tavolo train` trains for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TrainGame {
    /// Texas Hold'em, heads-up.
    Holdem,
    /// Five-Card Draw, heads-up (German rules; --structure, --buckets, --samples and --metric
    /// do not apply).
    Draw,
}

/// The strength metric on the flop and the turn.
#[derive(Clone, Copy, ValueEnum)]
pub enum MetricArg {
    /// E[HS]: the expected share of the pot against a random hand.
    Ehs,
    /// √E[HS²]: the root mean square of the river share.
    Rms,
}

/// Train the `cfr` bots' strategies by Monte-Carlo counterfactual regret minimisation.
///
/// Hold'em: heads-up Limit (at most four bets a round) or No-Limit at 100 big blinds (bets of
/// half the pot, the pot and all-in), on the 169 starting-hand classes and strength buckets
/// after the flop. Draw: heads-up Five-Card Draw at 100 antes (bets of the minimum, the pot and
/// all-in; the exchange by its count), on classes of hands before the exchange and strength
/// buckets after it. The same arguments give the same file. The shipped strategies
/// (crates/bots/data/*.bin) were made with the commands in docs/bots.md. The deals are bucketed on every core (--threads);
/// run it at low priority if the machine is shared (`nice -n 19`).
#[derive(Args)]
pub struct TrainArgs {
    /// The game to train a strategy for.
    #[arg(value_enum)]
    game: TrainGame,
    /// The betting structure: `limit` or `nl` (Pot-Limit has no CFR strategy).
    #[arg(long, value_enum, default_value = "limit")]
    structure: StructureArg,
    /// Strength buckets after the flop: one number for every street, or three for the flop, the
    /// turn and the river (e.g. `80,80,30`), each 1–1000.
    #[arg(long, default_value = "50", value_parser = parse_buckets)]
    buckets: [u16; 3],
    /// Random deals per strength estimate on the flop and the turn.
    #[arg(long, default_value_t = Abstraction::DEFAULT.samples, value_parser = clap::value_parser!(u16).range(1..))]
    samples: u16,
    /// The strength measured on the flop and the turn: `ehs` (the expected share against a
    /// random hand over the run-outs) or `rms` (the root mean square of the river share, which
    /// ranks draws higher).
    #[arg(long, value_enum, default_value = "ehs")]
    metric: MetricArg,
    /// Iterations: one deal each, walked once for each player.
    #[arg(long, default_value_t = 1_000_000)]
    iterations: u64,
    /// The seed of the deals and the samples.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Where to write the strategy file.
    #[arg(long)]
    out: PathBuf,
    /// Threads bucketing the deals (default: all cores); the strategy does not depend on it.
    #[arg(long)]
    threads: Option<usize>,
}

/// `N` or `F,T,R`: the buckets on the flop, the turn and the river.
fn parse_buckets(s: &str) -> Result<[u16; 3], String> {
    let read = |x: &str| -> Result<u16, String> {
        match x.trim().parse::<u16>() {
            Ok(n @ 1..=1000) => Ok(n),
            _ => Err(format!("`{x}` is not a number of buckets from 1 to 1000")),
        }
    };
    let parts: Vec<&str> = s.split(',').collect();
    match parts[..] {
        [n] => Ok([read(n)?; 3]),
        [f, t, r] => Ok([read(f)?, read(t)?, read(r)?]),
        _ => Err("give one number, or three (flop, turn, river) separated by commas".into()),
    }
}

pub fn run(args: TrainArgs) -> Result<ExitCode, UserError> {
    if args.iterations == 0 {
        return Err(UserError("--iterations must be positive".into()));
    }
    if args.game == TrainGame::Draw {
        return run_draw(&args);
    }
    let tree = match args.structure {
        StructureArg::Limit => TreeKind::Limit,
        StructureArg::Nl => TreeKind::NoLimit,
        StructureArg::Pl => {
            return Err(UserError(
                "Pot-Limit has no CFR strategy (--structure limit or nl); there the cfr bot plays as expert".into(),
            ))
        }
    };
    let config = TrainConfig {
        tree,
        iterations: args.iterations,
        seed: args.seed,
        abstraction: Abstraction {
            buckets: args.buckets,
            samples: args.samples,
            metric: match args.metric {
                MetricArg::Ehs => Metric::Expected,
                MetricArg::Rms => Metric::RootMeanSquare,
            },
        },
    };
    let bar = progress(args.iterations);
    let start = Instant::now();
    let strategy = pool(&args)?.install(|| train(&config, &mut |done| bar.set_position(done)));
    bar.finish_and_clear();
    write(&args, &strategy.to_bytes(), start)
}

/// `tavolo train draw`: the Draw bot's strategy.
fn run_draw(args: &TrainArgs) -> Result<ExitCode, UserError> {
    let bar = progress(args.iterations);
    let start = Instant::now();
    let strategy = pool(args)?.install(|| {
        tavolo_bots::draw::cfr::train::train(args.iterations, args.seed, &mut |done| {
            bar.set_position(done)
        })
    });
    bar.finish_and_clear();
    write(args, &strategy.to_bytes(), start)
}

/// The threads of `--threads`.
fn pool(args: &TrainArgs) -> Result<rayon::ThreadPool, UserError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| UserError(format!("cannot start the threads: {e}")))
}

/// A progress bar of `iterations`.
fn progress(iterations: u64) -> ProgressBar {
    let bar = ProgressBar::new(iterations);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} iterations  {elapsed_precise} (eta {eta})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// Writes the strategy's `bytes` to `--out` and says so.
fn write(args: &TrainArgs, bytes: &[u8], start: Instant) -> Result<ExitCode, UserError> {
    std::fs::write(&args.out, bytes)
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
