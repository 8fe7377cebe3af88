//! `tavolo equity`: win, tie and equity of 2–10 hands, exact or Monte Carlo, on every core.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use tavolo_cards::{parse_cards, Card, CardSet, EquityQuery, Game, Holding, Tally};

use crate::UserError;

/// Above this many outcomes, equity is estimated by Monte Carlo unless `--exact` is given.
const EXACT_LIMIT: u128 = 50_000_000;

/// Win, tie and equity of 2 to 10 hands.
///
/// Each hand is two cards (`AhKh`) or `random`. Exact enumeration is used when there are at most
/// 50 million outcomes (boards × random holdings), Monte Carlo otherwise; both use every core and
/// show a progress bar on runs over a second. Monte-Carlo results carry their standard error.
///
/// Example: `tavolo equity AhKh QsQd --board Qh7c2d`
#[derive(Args)]
pub struct EquityArgs {
    /// The hands: two cards each (`AhKh`, `10s10d`) or `random`.
    #[arg(required = true, num_args = 2..=10)]
    hands: Vec<String>,
    /// Cards already on the board (0 to 5), e.g. `Qh7c2d`.
    #[arg(long, default_value = "")]
    board: String,
    /// Cards known to be out of play (folded or burnt and seen), e.g. `2s`.
    #[arg(long, default_value = "")]
    dead: String,
    /// Enumerate every outcome, however many.
    #[arg(long, conflicts_with = "samples")]
    exact: bool,
    /// Estimate with this many random outcomes (Monte Carlo).
    #[arg(long)]
    samples: Option<u64>,
    /// Seed for Monte Carlo: the same seed gives the same result on any number of cores.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Which hand rule decides: `holdem` (best five of seven) or `saint` (exactly the two own
    /// cards with exactly three of the five centre cards).
    #[arg(long, value_enum, default_value_t = GameArg::Holdem)]
    game: GameArg,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum GameArg {
    /// Texas Hold'em.
    Holdem,
    /// Saint Poker.
    Saint,
}

#[derive(Serialize)]
struct HandResult {
    hand: String,
    wins: u64,
    ties: u64,
    losses: u64,
    win: f64,
    tie: f64,
    equity: f64,
    std_error: Option<f64>,
}

#[derive(Serialize)]
struct Report {
    /// `holdem` or `saint`: the serde name of [`Game`], as Python's `equity(game=…)` reads it.
    game: Game,
    board: Vec<Card>,
    dead: Vec<Card>,
    exact: bool,
    outcomes: u64,
    seconds: f64,
    hands: Vec<HandResult>,
}

fn holding(text: &str) -> Result<Holding, UserError> {
    if text.eq_ignore_ascii_case("random") {
        return Ok(Holding::Random);
    }
    let cards = parse_cards(text)?;
    let two: [Card; 2] = cards.as_slice().try_into().map_err(|_| {
        UserError(format!(
            "`{text}` is not a hand: a hand is two cards (like AhKh) or `random`"
        ))
    })?;
    Ok(Holding::Known(two))
}

/// Runs `work` with a progress bar that appears only if it takes more than a second.
fn with_progress<T: Send>(
    total: u64,
    unit: &str,
    work: impl FnOnce(&(dyn Fn(u64) + Sync)) -> T + Send,
) -> T {
    let done = Arc::new(AtomicU64::new(0));
    let (finished, wait) = mpsc::channel::<()>();
    let watcher = {
        let done = done.clone();
        let unit = unit.to_string();
        std::thread::spawn(move || {
            let start = Instant::now();
            let mut bar: Option<ProgressBar> = None;
            // Wakes every 100 ms to redraw, and at once when the work is over (sender dropped).
            while let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(Duration::from_millis(100))
            {
                if bar.is_none() && start.elapsed() > Duration::from_secs(1) {
                    let b = ProgressBar::new(total);
                    if let Ok(style) = ProgressStyle::with_template(&format!(
                        "{{bar:40}} {{pos}}/{{len}} {unit} ({{eta}} left)"
                    )) {
                        b.set_style(style);
                    }
                    bar = Some(b);
                }
                if let Some(b) = &bar {
                    b.set_position(done.load(Ordering::Relaxed));
                }
            }
            if let Some(b) = bar {
                b.finish_and_clear();
            }
        })
    };
    let progress = |n: u64| {
        done.fetch_add(n, Ordering::Relaxed);
    };
    let result = work(&progress);
    drop(finished);
    let _ = watcher.join();
    result
}

impl Report {
    /// The report as a table: each hand's win, tie and equity, then how it was computed.
    fn text(&self) -> String {
        let exact = self.exact;
        let mut s = format!("{:<8} {:>9} {:>9} {:>9}", "hand", "win", "tie", "equity");
        for h in &self.hands {
            s += &format!(
                "\n{:<8} {:>8.3}% {:>8.3}% {:>8.3}%",
                h.hand,
                100.0 * h.win,
                100.0 * h.tie,
                100.0 * h.equity
            );
            if let Some(se) = h.std_error {
                s += &format!("  ± {:.3}%", 100.0 * se);
            }
            if exact {
                s += &format!("   ({} won, {} lost, {} tied)", h.wins, h.losses, h.ties);
            }
        }
        s += &format!(
            "\n{} {}, {}, {:.3} s",
            self.outcomes,
            if exact { "outcomes" } else { "samples" },
            if exact {
                "exact"
            } else {
                "Monte Carlo (± is one standard error)"
            },
            self.seconds
        );
        s
    }
}

/// Runs `tavolo equity`.
pub fn run(args: EquityArgs) -> Result<ExitCode, UserError> {
    let holdings = args
        .hands
        .iter()
        .map(|h| holding(h))
        .collect::<Result<Vec<_>, _>>()?;
    let board = parse_cards(&args.board)?;
    let dead_cards = parse_cards(&args.dead)?;
    let dead = CardSet::try_from_cards(dead_cards.iter().copied())?;
    let game = match args.game {
        GameArg::Holdem => Game::Holdem,
        GameArg::Saint => Game::Saint,
    };
    let query = EquityQuery::new(holdings.clone(), board.clone(), dead, game)?;
    let exact = args.exact || (args.samples.is_none() && query.outcomes() <= EXACT_LIMIT);
    let start = Instant::now();
    let tally: Tally = if exact {
        with_progress(query.work_units(), "parts", |p| query.exact(p))
    } else {
        let samples = args.samples.unwrap_or(2_000_000).max(1);
        with_progress(samples, "samples", |p| {
            query.monte_carlo(samples, args.seed, p)
        })
    };
    let seconds = start.elapsed().as_secs_f64();
    let total = tally.total.max(1) as f64;
    let report = Report {
        game,
        board,
        dead: dead_cards,
        exact,
        outcomes: tally.total,
        seconds,
        hands: holdings
            .iter()
            .enumerate()
            .map(|(p, h)| HandResult {
                hand: match h {
                    Holding::Known([a, b]) => format!("{a}{b}"),
                    Holding::Random => "random".into(),
                },
                wins: tally.wins[p],
                ties: tally.ties[p],
                losses: tally.losses[p],
                win: tally.wins[p] as f64 / total,
                tie: tally.ties[p] as f64 / total,
                equity: tally.equity(p),
                std_error: (!exact).then(|| tally.std_error(p)),
            })
            .collect(),
    };
    let mut out = std::io::stdout().lock();
    let text = if args.json {
        serde_json::to_string(&report)?
    } else {
        report.text()
    };
    writeln!(out, "{text}").map_err(|e| UserError(e.to_string()))?;
    Ok(ExitCode::SUCCESS)
}
