//! `tavolo sim holdem|draw`: matches of betting games, where one game is one hand and a bot's
//! result is its win rate in big blinds (Draw: antes) per 100 hands, with a 95% confidence
//! interval. In duplicate play the interval comes from the means over each deal's rotations,
//! so that the luck the rotations cancel does not widen it.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::ValueEnum;
use serde::Serialize;
use tavolo_bots::arena::MatchResult;
use tavolo_bots::draw::{self, Draw, DrawOptions};
use tavolo_bots::holdem::lbr::{self, LbrConfig};
use tavolo_bots::holdem::{self, Holdem, HoldemOptions};
use tavolo_bots::lbr::LbrResult;
use tavolo_bots::{BotSpec, Lapses};
use tavolo_engine::game::Game;
use tavolo_engine::holdem::Structure;
use tavolo_engine::Chips;

use super::SimArgs;
use crate::UserError;

/// The betting structure of a Hold'em match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StructureArg {
    /// No-Limit.
    Nl,
    /// Pot-Limit.
    Pl,
    /// Fixed Limit.
    Limit,
}

impl StructureArg {
    fn structure(self) -> Structure {
        match self {
            StructureArg::Nl => Structure::NoLimit,
            StructureArg::Pl => Structure::PotLimit,
            StructureArg::Limit => Structure::FixedLimit,
        }
    }

    fn name(self) -> &'static str {
        match self {
            StructureArg::Nl => "No-Limit",
            StructureArg::Pl => "Pot-Limit",
            StructureArg::Limit => "Limit",
        }
    }
}

/// `tavolo sim holdem`.
pub fn run_holdem(args: &SimArgs) -> Result<ExitCode, UserError> {
    let mut options = HoldemOptions::new(players::<Holdem>(args)?, args.structure.structure());
    options.stack = stack(args, options.big_blind)?;
    options.rules = args.house_rules()?;
    options
        .rules
        .holdem_table(options.big_blind, options.structure)
        .map_err(|e| UserError(format!("--rule: {e}")))?;
    let bots = super::specs(&args.bots, holdem::bot_spec)?;
    let title = format!(
        "Texas Hold'em {}{}",
        args.structure.name(),
        super::house_rules_words(&options.rules)
    );
    run_betting::<Holdem>(args, options.setup()?, bots, &title, "bb")
}

/// `tavolo sim holdem|draw --lbr BOT`: Local Best Response against one bot, heads-up.
pub fn run_lbr(args: &SimArgs, game: super::SimGame) -> Result<ExitCode, UserError> {
    let name = args.lbr.as_deref().unwrap_or_default();
    let draw = game == super::SimGame::Draw;
    let (units, rules) = if draw {
        ("antes", "the German rules")
    } else {
        ("big blinds", "the casino rules")
    };
    if args.stack != 100 || !args.rules.is_empty() || args.players.is_some_and(|p| p != 2) {
        return Err(UserError(format!(
            "--lbr plays heads-up with 100 {units} and {rules}: leave out --stack, --rule and --players"
        )));
    }
    let deals = args.games.div_ceil(2).max(1);
    let bar = super::progress(deals, "deals");
    let start = std::time::Instant::now();
    let on_deal = || bar.inc(1);
    let holdem_config = LbrConfig::new(args.structure.structure(), deals, args.seed);
    let draw_config = draw::lbr::LbrConfig::new(deals, args.seed);
    let (variant, settings) = if draw {
        (
            "Five-Card Draw heads-up".to_string(),
            serde_json::json!({
                "particles": draw_config.particles,
                "draws": draw_config.draws,
            }),
        )
    } else {
        (
            format!("Texas Hold'em {} heads-up", args.structure.name()),
            serde_json::json!({
                "preflop_samples": holdem_config.preflop_samples,
                "flop_samples": holdem_config.flop_samples,
            }),
        )
    };
    let measure = || {
        if draw {
            draw::lbr::measure(&draw::bot_spec(name)?, &draw_config, &on_deal)
        } else {
            lbr::measure(&holdem::bot_spec(name)?, &holdem_config, &on_deal)
        }
    };
    let result = super::on_threads(args.threads, measure)??;
    bar.finish_and_clear();
    let run = LbrRun {
        draw,
        variant,
        settings,
        deals,
        secs: start.elapsed().as_secs_f64(),
    };
    if args.json {
        println!("{}", run.json(args, &result));
    } else {
        print!("{}", run.text(args, &result));
    }
    Ok(ExitCode::SUCCESS)
}

/// A Local Best Response run, for its report.
struct LbrRun {
    draw: bool,
    /// The game as named in the report.
    variant: String,
    /// The approximation's settings (samples, particles), reported with the result.
    settings: serde_json::Value,
    deals: u64,
    secs: f64,
}

impl LbrRun {
    /// The report as one JSON line.
    fn json(&self, args: &SimArgs, result: &LbrResult) -> serde_json::Value {
        let mut line = serde_json::json!({
            "game": if self.draw { "draw" } else { "holdem" },
            "variant": self.variant,
            "seed": args.seed,
            "games": 2 * self.deals,
            "seconds": self.secs,
            "lbr": result,
        });
        if let (Some(line), Some(settings)) = (line.as_object_mut(), self.settings.as_object()) {
            line.extend(settings.clone());
        }
        line
    }

    /// The report in words.
    fn text(&self, args: &SimArgs, result: &LbrResult) -> String {
        let (unit, units) = if self.draw {
            ("ante", "antes")
        } else {
            ("bb", "big blinds")
        };
        let (variant, deals) = (&self.variant, self.deals);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "Local Best Response against {} in {variant}, 100 {units}: {} games ({deals} deals, LBR in either seat), seed {}",
            result.bot,
            2 * deals,
            args.seed
        );
        let _ = writeln!(
            s,
            "LBR wins {:.0} ± {:.0} m{unit}/g (95%): the bot's exploitability is at least this",
            result.milli_per_game, result.ci95
        );
        if let Some(a) = &result.all_in_adjusted {
            let _ = writeln!(
                s,
                "  all-in adjusted: {:.0} ± {:.0} m{unit}/g ({} hands all-in before the river valued at their equity)",
                a.milli_per_game, a.ci95, a.hands
            );
        }
        if result.range_misses > 0 {
            let _ = writeln!(
                s,
                "  {} bot decisions no hand of its range would have taken (range kept)",
                result.range_misses
            );
        }
        let _ = writeln!(s, "  {:.1} s", self.secs);
        s
    }
}

/// `tavolo sim draw`.
pub fn run_draw(args: &SimArgs) -> Result<ExitCode, UserError> {
    let mut options = DrawOptions::new(players::<Draw>(args)?);
    options.stack = stack(args, options.ante)?;
    options.rules = args.house_rules()?;
    options
        .rules
        .draw_table(options.ante)
        .map_err(|e| UserError(format!("--rule: {e}")))?;
    let bots = super::specs(&args.bots, draw::bot_spec)?;
    let title = format!("Five-Card Draw{}", super::house_rules_words(&options.rules));
    run_betting::<Draw>(args, options.setup()?, bots, &title, "antes")
}

/// Every seat's stack: `--stack` table minimums of `unit` chips.
fn stack(args: &SimArgs, unit: Chips) -> Result<Chips, UserError> {
    unit.checked_mul(args.stack)
        .filter(|s| !s.is_zero())
        .ok_or_else(|| UserError(format!("--stack {}: out of range", args.stack)))
}

fn players<G: Game>(args: &SimArgs) -> Result<usize, UserError> {
    let n = args.players.map_or(args.bots.len(), usize::from);
    crate::check_players::<G>(n, "this game")?;
    Ok(n)
}

/// One bot-list entry's result in a betting match.
#[derive(Clone, Debug, Serialize)]
struct BettingStats {
    label: String,
    bot: String,
    hands: u64,
    /// Big blinds (Draw: antes) won per 100 hands.
    per_100: f64,
    /// Half-width of its 95% confidence interval.
    per_100_ci95: f64,
    decisions: u64,
    think_p50_us: u64,
    think_p99_us: u64,
    /// The decisions' CPU time on the deciding thread: what they take on a core of their own.
    think_cpu_p50_us: u64,
    think_cpu_p99_us: u64,
    illegal: u64,
    lapses: Lapses,
}

/// Each entry's result per 100 hands. The arena's score is already in big blinds (antes) per
/// hand, its interval taken over whole deals in duplicate play.
fn betting_stats(result: &MatchResult) -> Vec<BettingStats> {
    result
        .bots
        .iter()
        .map(|b| BettingStats {
            label: b.label.clone(),
            bot: b.bot.clone(),
            hands: b.games,
            per_100: 100.0 * b.mean_score,
            per_100_ci95: 100.0 * b.score_ci95,
            decisions: b.decisions,
            think_p50_us: b.think_p50_us,
            think_p99_us: b.think_p99_us,
            think_cpu_p50_us: b.think_cpu_p50_us,
            think_cpu_p99_us: b.think_cpu_p99_us,
            illegal: b.illegal,
            lapses: b.lapses,
        })
        .collect()
}

fn run_betting<G: Game>(
    args: &SimArgs,
    setup: G::Setup,
    bots: Vec<BotSpec<G>>,
    title: &str,
    unit: &str,
) -> Result<ExitCode, UserError> {
    let players = G::players(&setup);
    let result = super::run_match::<G>(args, setup, bots, "hands", args.duplicate)?;
    let stats = betting_stats(&result);
    if let Some(path) = &args.plot {
        std::fs::write(path, plot_svg(&result, &stats, title, unit))
            .map_err(|e| UserError(format!("{}: cannot write: {e}", path.display())))?;
    }
    if args.json {
        let line = serde_json::json!({
            "game": result.game,
            "variant": title,
            "seed": result.seed,
            "hands": result.games.len(),
            "players": players,
            "duplicate": args.duplicate,
            "unit": unit,
            "bots": stats,
        });
        println!("{line}");
    } else {
        print!("{}", table(&result, &stats, title, unit, args.duplicate));
    }
    Ok(ExitCode::SUCCESS)
}

fn table(
    result: &MatchResult,
    stats: &[BettingStats],
    title: &str,
    unit: &str,
    duplicate: bool,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} hands of {title}{}, seed {}",
        result.games.len(),
        if duplicate { " (duplicate)" } else { "" },
        result.seed
    );
    let head = format!("{unit}/100 ±95%");
    let _ = writeln!(
        s,
        "{:<16} {:>8} {:>22} {:>10} {:>10}",
        "bot", "hands", head, "think p50", "think p99"
    );
    for b in stats {
        let _ = writeln!(
            s,
            "{:<16} {:>8} {:>12.2} ±{:>8.2} {:>10} {:>10}",
            b.label,
            b.hands,
            b.per_100,
            b.per_100_ci95,
            super::micros(b.think_p50_us),
            super::micros(b.think_p99_us),
        );
        super::write_replaced(&mut s, b.illegal, &b.lapses);
    }
    s
}

/// Each bot's cumulative result over the hands, as a small self-contained SVG.
/// Each bot-list entry's cumulative result after each game.
fn cumulative(result: &MatchResult) -> Vec<Vec<f64>> {
    let n = result.bots.len();
    let mut curves: Vec<Vec<f64>> = vec![Vec::with_capacity(result.games.len()); n];
    let mut totals = vec![0.0; n];
    for g in &result.games {
        for (seat, &e) in g.entries.iter().enumerate() {
            totals[e] += g.scores[seat];
        }
        for e in 0..n {
            curves[e].push(totals[e]);
        }
    }
    curves
}

fn plot_svg(result: &MatchResult, stats: &[BettingStats], title: &str, unit: &str) -> String {
    const W: f64 = 800.0;
    const H: f64 = 480.0;
    const M: f64 = 60.0;
    const COLOURS: [&str; 6] = [
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
    ];
    let curves = cumulative(result);
    let lo = curves.iter().flatten().copied().fold(0.0, f64::min);
    let hi = curves.iter().flatten().copied().fold(0.0, f64::max);
    let span = (hi - lo).max(1.0);
    let games = result.games.len().max(1) as f64;
    // At most ~1000 points per curve.
    let step = (result.games.len() / 1000).max(1);
    let x = |i: f64| M + (W - 2.0 * M) * i / games;
    let y = |v: f64| H - M - (H - 2.0 * M) * (v - lo) / span;
    let mut s = super::svg_start(
        (W, H),
        &format!(
            "{title}: cumulative {unit} won, {} hands, seed {}",
            result.games.len(),
            result.seed
        ),
    );
    for k in 0..=4 {
        let v = lo + span * k as f64 / 4.0;
        let _ = writeln!(
            s,
            r##"<line x1="{M}" y1="{0:.1}" x2="{1}" y2="{0:.1}" stroke="#ddd"/><text x="{2}" y="{3:.1}" text-anchor="end">{4:.0}</text>"##,
            y(v),
            W - M,
            M - 5.0,
            y(v) + 4.0,
            v
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">hands</text>"#,
        W / 2.0,
        H - 15.0
    );
    for (e, curve) in curves.iter().enumerate() {
        let colour = COLOURS[e % COLOURS.len()];
        let mut points = String::new();
        for (i, v) in curve.iter().enumerate() {
            if i % step == 0 || i + 1 == curve.len() {
                let _ = write!(points, "{:.1},{:.1} ", x(i as f64 + 1.0), y(*v));
            }
        }
        let legend = format!("{} {:+.1} {unit}/100", stats[e].label, stats[e].per_100);
        let at = (M + 10.0, M + 15.0 * (e as f64 + 1.0));
        super::svg_curve(&mut s, colour, &points, at, &legend);
    }
    s.push_str("</svg>\n");
    s
}
