//! Tournaments of bots, on all cores: `tavolo sim tournament`, whole No-Limit Hold'em or
//! (`--game draw`) Five-Card Draw sit-and-goes ([`tavolo_bots::tournament`]) and each bot's ROI and ITM with 95 % intervals —
//! the tournament measure of a bot, where the cash games' is big blinds per 100 hands; and
//! `tavolo sim swiss`, Saint Poker Swiss tournaments ([`tavolo_bots::swiss`]) and each bot's
//! average final place and share of wins.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use clap::ValueEnum;
use rayon::prelude::*;
use tavolo_bots::swiss::SwissSim;
use tavolo_bots::tournament::{BotTotals, TournamentPlay, TournamentReport, TournamentSim};
use tavolo_bots::{draw, holdem, saint, BotSpec, BotsError, Budget};
use tavolo_engine::tournament::{Speed, TournamentGame};

use super::{on_threads, progress, specs, SimArgs};
use crate::UserError;

/// The templates of levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SpeedArg {
    /// 20-minute levels.
    Regular,
    /// 10-minute levels.
    Turbo,
    /// 5-minute levels.
    Hyper,
}

impl SpeedArg {
    fn speed(self) -> Speed {
        match self {
            SpeedArg::Regular => Speed::Regular,
            SpeedArg::Turbo => Speed::Turbo,
            SpeedArg::Hyper => Speed::Hyper,
        }
    }
}

/// The games of tournaments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    /// No-Limit Texas Hold'em.
    Holdem,
    /// Five-Card Draw, German rules.
    Draw,
}

/// Plays `--games` tournaments with `play(index)` on all cores (or `--threads`), with a
/// progress bar.
fn play_all<T: Send>(
    args: &SimArgs,
    play: impl Fn(u64) -> Result<T, tavolo_bots::BotsError> + Sync,
) -> Result<Vec<T>, UserError> {
    let bar = progress(args.games, "tournaments");
    let all = || {
        (0..args.games)
            .into_par_iter()
            .map(|i| {
                let r = play(i);
                bar.inc(1);
                r
            })
            .collect::<Result<Vec<T>, _>>()
    };
    let results = on_threads(args.threads, all)??;
    bar.finish_and_clear();
    Ok(results)
}

/// `tavolo sim tournament`.
pub fn run(args: &SimArgs) -> Result<ExitCode, UserError> {
    match args.tournament_game {
        GameArg::Holdem => run_game(args, holdem::bot_spec),
        GameArg::Draw => run_game(args, draw::bot_spec),
    }
}

/// `tavolo sim tournament` of game `G`, its bots made by `spec`.
fn run_game<G: TournamentPlay>(
    args: &SimArgs,
    spec: fn(&str) -> Result<BotSpec<G>, BotsError>,
) -> Result<ExitCode, UserError> {
    if !(2..=1_000).contains(&args.entries) {
        return Err(UserError("--entries must be 2 to 1,000".into()));
    }
    let most = G::GAME.max_seats();
    let seats = args.seats.unwrap_or(most.min(9));
    if !(2..=most).contains(&seats) {
        return Err(UserError(format!(
            "--seats must be 2 to {most} ({})",
            G::GAME.word()
        )));
    }
    if args
        .hands_per_level
        .is_some_and(|h| !(1..=1_000).contains(&h))
    {
        return Err(UserError("--hands-per-level must be 1 to 1,000".into()));
    }
    let sim = TournamentSim::<G> {
        players: args.entries,
        seats,
        speed: args.speed.speed(),
        hands_per_level: args.hands_per_level,
        bots: specs(&args.bots, spec)?,
        entry: tavolo_engine::Chips::new(100),
    };
    let start = Instant::now();
    let reports = play_all(args, |i| sim.play(args.seed, i))?;
    let hands: u64 = reports.iter().map(|r| r.hands).sum();
    let secs = start.elapsed().as_secs_f64();
    let rows = summarise(&sim, &reports);
    let summary = Summary {
        game: "tournament",
        seed: args.seed,
        tournaments: reports.len(),
        entries: args.entries,
        seats: Some(seats),
        tournament_game: Some(G::GAME.word()),
        hands: Some(hands),
        hands_per_level: args.hands_per_level,
        bots: rows,
    };
    let game = match G::GAME {
        TournamentGame::Holdem => "No-Limit Hold'em",
        TournamentGame::Draw => "Five-Card Draw",
    };
    let head = format!(
        "{} {game} sit-and-goes of {} entries at {seats}-seat tables, seed {}: {hands} hands, {:.1} tournaments/s",
        reports.len(),
        args.entries,
        args.seed,
        reports.len() as f64 / secs.max(1e-9),
    );
    let columns = format!(
        "{:<16} {:>8} {:>18} {:>16} {:>10}",
        "bot", "entries", "ROI ±95%", "ITM ±95%", "avg place"
    );
    report(args.json, &summary, [head, columns], |r| {
        format!(
            "{:<16} {:>8} {:>9.1}% ±{:>5.1} {:>8.1}% ±{:>4.1} {:>10.1}",
            r.bot, r.entries, r.roi_pct, r.roi_ci95, r.itm_pct, r.itm_ci95, r.avg_place
        )
    })
}

/// The `--json` line of a run of tournaments: what was played, and each bot's row.
#[derive(serde::Serialize)]
struct Summary<R> {
    game: &'static str,
    seed: u64,
    tournaments: usize,
    entries: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    seats: Option<usize>,
    /// The game the tournaments played (`holdem`, `draw`), where they played a betting game.
    #[serde(skip_serializing_if = "Option::is_none")]
    tournament_game: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hands: Option<u64>,
    /// Levels by hands: the hands a level lasts.
    #[serde(skip_serializing_if = "Option::is_none")]
    hands_per_level: Option<u32>,
    bots: Vec<R>,
}

/// Prints a run's result: with `json`, `summary` as one JSON line; else the `head` lines, then
/// a line per bot as `row` writes it.
fn report<R: serde::Serialize>(
    json: bool,
    summary: &Summary<R>,
    head: [String; 2],
    row: impl Fn(&R) -> String,
) -> Result<ExitCode, UserError> {
    if json {
        let line = serde_json::to_string(summary).map_err(|e| UserError(format!("JSON: {e}")))?;
        println!("{line}");
    } else {
        let mut s = head.join("\n");
        for r in &summary.bots {
            let _ = write!(s, "\n{}", row(r));
        }
        println!("{s}");
    }
    Ok(ExitCode::SUCCESS)
}

/// One bot's line.
#[derive(serde::Serialize)]
struct Row {
    bot: String,
    entries: u64,
    roi_pct: f64,
    roi_ci95: f64,
    itm_pct: f64,
    itm_ci95: f64,
    avg_place: f64,
}

/// One bot's line in the Swiss tournaments: its final places (1 = first), their mean with a
/// 95 % interval, and how many tournaments it won.
#[derive(serde::Serialize)]
struct SwissRow {
    bot: String,
    entries: usize,
    avg_place: f64,
    avg_place_ci95: f64,
    wins: usize,
}

/// Each bot's ROI and ITM over the tournaments, the intervals from the spread of its result
/// per tournament (its entries in one tournament are not independent of each other).
fn summarise<G: TournamentPlay>(sim: &TournamentSim<G>, reports: &[TournamentReport]) -> Vec<Row> {
    (0..sim.bots.len())
        .map(|b| {
            let each: Vec<&BotTotals> = reports.iter().filter_map(|r| r.bots.get(b)).collect();
            let total = each.iter().fold(BotTotals::default(), |mut t, x| {
                t.entries += x.entries;
                t.paid += x.paid;
                t.won += x.won;
                t.in_the_money += x.in_the_money;
                t.places += x.places;
                t
            });
            let roi: Vec<f64> = each.iter().map(|x| 100.0 * x.roi()).collect();
            let itm: Vec<f64> = each.iter().map(|x| 100.0 * x.itm()).collect();
            Row {
                bot: sim.bots[b].name().to_string(),
                entries: total.entries,
                roi_pct: 100.0 * total.roi(),
                roi_ci95: ci95(&roi),
                itm_pct: 100.0 * total.itm(),
                itm_ci95: ci95(&itm),
                avg_place: total.places as f64 / total.entries.max(1) as f64,
            }
        })
        .collect()
}

/// The half-width of a 95 % interval of the mean of `xs`.
fn ci95(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    if n < 2.0 {
        return 0.0;
    }
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    1.96 * (var / n).sqrt()
}

/// `tavolo sim swiss`.
pub fn run_swiss(args: &SimArgs) -> Result<ExitCode, UserError> {
    if !(2..=1_000).contains(&args.entries) {
        return Err(UserError("--entries must be 2 to 1,000".into()));
    }
    let sim = SwissSim {
        players: args.entries,
        rounds: args.rounds,
        knockout: args.knockout,
        bots: specs(&args.bots, saint::bot_spec)?,
        budget: Budget {
            time: args.think_ms.map(std::time::Duration::from_millis),
        },
    };
    let results = play_all(args, |i| sim.play(args.seed, i))?;
    let k = sim.bots.len();
    let rows: Vec<SwissRow> = (0..k)
        .map(|b| {
            let places: Vec<f64> = (results.iter())
                .flat_map(|s| s.iter().enumerate().filter(|(_, (_, bot, _))| *bot == b))
                .map(|(place, _)| place as f64 + 1.0)
                .collect();
            let wins = (results.iter())
                .filter(|s| s.first().is_some_and(|(_, bot, _)| *bot == b))
                .count();
            SwissRow {
                bot: sim.bots[b].name().to_string(),
                entries: places.len(),
                avg_place: places.iter().sum::<f64>() / places.len().max(1) as f64,
                avg_place_ci95: ci95(&places),
                wins,
            }
        })
        .collect();
    let summary = Summary {
        game: "swiss",
        seed: args.seed,
        tournaments: results.len(),
        entries: args.entries,
        seats: None,
        tournament_game: None,
        hands: None,
        hands_per_level: None,
        bots: rows,
    };
    let knockout = args
        .knockout
        .map(|k| format!(", the top {k} of each table going on"));
    let head = format!(
        "{} Saint Poker Swiss tournaments of {} players{}, seed {}",
        results.len(),
        args.entries,
        knockout.unwrap_or_default(),
        args.seed
    );
    let columns = format!(
        "{:<16} {:>8} {:>18} {:>6}",
        "bot", "entries", "avg place ±95%", "wins"
    );
    report(args.json, &summary, [head, columns], |r| {
        format!(
            "{:<16} {:>8} {:>10.2} ±{:>5.2} {:>6}",
            r.bot, r.entries, r.avg_place, r.avg_place_ci95, r.wins
        )
    })
}
