//! `tavolo sim GAME`: an arena match between bots, with a progress bar, a table (or JSON) of
//! each bot's results, optional game records and an SVG plot of the running win rates.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use tavolo_bots::arena::{Arena, GameReport, MatchConfig, MatchResult};
use tavolo_bots::saint::{self, SaintPoker};
use tavolo_bots::{BotSpec, Budget, Lapses};
use tavolo_engine::game::Game;
use tavolo_engine::house::HouseRules;
use tavolo_engine::saint::SaintOptions;

use crate::UserError;

pub(crate) mod betting;
mod tournament;

/// The games `tavolo sim` knows of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SimGame {
    /// Saint Poker (RULES.md §1).
    Saint,
    /// Texas Hold'em (RULES.md §2): one game is one hand, scored in big blinds.
    Holdem,
    /// Five-Card Draw, German rules (RULES.md §3): one game is one hand, scored in antes.
    Draw,
    /// No-Limit Hold'em (or, with `--game draw`, Five-Card Draw) sit-and-go tournaments
    /// (RULES.md §5): one game is one tournament of `--entries` players at `--seats`-seat
    /// tables, the bots given to the players in turn; each bot's ROI and ITM.
    Tournament,
    /// Saint Poker Swiss tournaments (RULES.md §5): one game is one tournament of `--entries`
    /// players over `--rounds` rounds (default ⌈log₂ N⌉ + 1); each bot's average place.
    Swiss,
}

/// Play a match between bots and measure them.
///
/// Seats rotate from game to game; the games run on all cores. The same seed gives the same
/// results whatever the number of threads (a bot that learns across hands, `exploit`, has the
/// games played in order on one thread; `master` thinks for a time, so its games are only as
/// reproducible as the machine's speed — `master:N` is exactly reproducible).
/// Every game: the levels beginner, regular and strong (each game's bots of that strength,
/// docs/bots.md), and exec:PROGRAM (docs/bot-protocol.md).
/// Saint Poker bots: random, greedy, expert (= expert:normal), expert:easy, expert:hard,
/// expert:N (N rollouts per decision), master (tree search, 130 ms of thinking a decision),
/// master:N (N iterations per decision).
/// Hold'em and Draw bots: random, station, rules, expert, cfr (CFR strategies heads-up; Hold'em
/// re-solves the river at play time), and the best-response anchors fold and raise; Hold'em
/// also expert:easy, expert:hard, cfr:blueprint (cfr without the river search), exploit (cfr
/// that learns its opponents over the hands and answers them with a best response), and two
/// re-created outside opponents: rlcard, RLCard's Limit rule agent, and equity, an equity
/// player; Draw also search (cfr heads-up; at 3–5 players a search that plays candidate actions
/// out against models of the others, 100 ms of thinking a decision) and search:N (N worlds per
/// decision); expert:N (N simulations). One game is one hand and results are in big blinds (Draw:
/// antes) per 100 hands. `tavolo sim holdem|draw --lbr BOT` measures a bot by best response
/// instead.
#[derive(Args)]
pub struct SimArgs {
    /// The game to simulate.
    #[arg(value_enum)]
    game: SimGame,
    /// Bots, one per seat, comma-separated (e.g. `expert,greedy`).
    #[arg(long, value_delimiter = ',', required_unless_present = "lbr")]
    bots: Vec<String>,
    /// Hold'em and Draw: instead of a match, measure this bot by Local Best Response (heads-up,
    /// 100 big blinds or antes, duplicate deals): a lower bound on its exploitability in
    /// thousandths of a big blind (Draw: of an ante) per game, with a 95% interval. `--games`
    /// counts games (two per deal, LBR in either seat).
    #[arg(long, value_name = "BOT", conflicts_with = "bots")]
    lbr: Option<String>,
    /// Number of players (default: the number of bots).
    #[arg(long)]
    players: Option<u8>,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The match seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Think-time limit per decision in milliseconds (default: none, fully reproducible; an
    /// `exec:` bot gets 2 s, and 2 s more for the first decision of each game while it starts).
    #[arg(long)]
    think_ms: Option<u64>,
    /// Print the results as one JSON object.
    #[arg(long)]
    json: bool,
    /// Write every game's record to this directory (`game-000000.json`, …).
    #[arg(long)]
    record: Option<PathBuf>,
    /// Draw each bot's running win rate (betting games: cumulative result) to this SVG file.
    #[arg(long)]
    plot: Option<PathBuf>,
    /// Betting games: the betting structure.
    #[arg(long, value_enum, default_value = "nl")]
    structure: betting::StructureArg,
    /// Play each deal once per seat rotation (same cards to the same seats, the bots rotated)
    /// so that luck cancels out; `--games` is rounded up to whole rotations.
    #[arg(long)]
    duplicate: bool,
    /// Saint Poker: instead of a match summary, measure every listed bot's loss per decision
    /// against the exact oracle in the last two rounds (docs/saint-bots.md says what the oracle
    /// assumes): the mean loss of victory share, in percentage points of win probability, with
    /// its 95% interval, and of final margin, in points.
    #[arg(long)]
    oracle_loss: bool,
    /// Tournaments: entries in each (2 to 1,000).
    #[arg(long, default_value_t = 27)]
    entries: usize,
    /// Swiss tournaments: rounds (default ⌈log₂ entries⌉ + 1).
    #[arg(long)]
    rounds: Option<usize>,
    /// Swiss tournaments: the elimination variant, the top K (1 or 2) of each table going on until a
    /// final table of 4 or 5 (`--rounds` does not apply).
    #[arg(long, value_name = "K", conflicts_with = "rounds")]
    knockout: Option<usize>,
    /// Tournaments: the game they play, `holdem` or `draw`.
    #[arg(long = "game", value_enum, default_value = "holdem")]
    tournament_game: tournament::GameArg,
    /// Tournaments: seats a table (default 9; Draw 8).
    #[arg(long)]
    seats: Option<usize>,
    /// Tournaments: the template of levels.
    #[arg(long, value_enum, default_value = "turbo")]
    speed: tournament::SpeedArg,
    /// Tournaments: levels by hands, each lasting N hands at each table (1 to 1,000; the
    /// template's blinds and breaks kept). Without it levels last the template's minutes.
    #[arg(long, value_name = "N")]
    hands_per_level: Option<u32>,
    /// Betting games: every seat's starting stack, in big blinds (Hold'em) or antes (Draw).
    #[arg(long, default_value_t = 100)]
    stack: u64,
    /// A rule option of RULES.md, as name=value (repeat for several): Hold'em small_blind,
    /// min_raise (table_minimum, largest_increment), odd_chips (one_each_from_left_of_button,
    /// stay_in_pot); Draw min_raise, odd_chips, allow_check (true, false), tie_break (german,
    /// standard); Saint Poker centre_cards, hand_rule (two_plus_three, any_five).
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rules: Vec<String>,
}

impl SimArgs {
    /// The rule options given with `--rule`.
    fn house_rules(&self) -> Result<HouseRules, UserError> {
        HouseRules::from_pairs(&self.rules).map_err(|e| UserError(format!("--rule: {e}")))
    }
}

pub fn run(args: SimArgs) -> Result<ExitCode, UserError> {
    match args.game {
        SimGame::Saint if args.lbr.is_some() => Err(UserError(
            "--lbr measures the betting games' bots (tavolo sim holdem|draw --lbr BOT); for Saint Poker see --oracle-loss".into(),
        )),
        SimGame::Saint => {
            let players = args.players.unwrap_or(args.bots.len().min(255) as u8);
            SaintOptions::new(players).validate()?;
            let options = args
                .house_rules()?
                .saint_options(players)
                .map_err(|e| UserError(format!("--rule: {e}")))?;
            let bots = specs(&args.bots, saint::bot_spec)?;
            if args.oracle_loss {
                return oracle_loss(&args, options, &bots);
            }
            let result = run_match::<SaintPoker>(&args, options, bots, "games", args.duplicate)?;
            if let Some(path) = &args.plot {
                std::fs::write(path, plot_svg(&result))
                    .map_err(|e| UserError(format!("{}: cannot write: {e}", path.display())))?;
            }
            if args.json {
                let line = serde_json::json!({
                    "game": result.game,
                    "seed": result.seed,
                    "games": result.games.len(),
                    "players": result.bots.len(),
                    "bots": result.bots,
                });
                println!("{line}");
            } else {
                print!("{}", table(&result, &args.house_rules()?));
            }
            Ok(ExitCode::SUCCESS)
        }
        SimGame::Holdem | SimGame::Draw if args.lbr.is_some() => betting::run_lbr(&args, args.game),
        SimGame::Holdem => betting::run_holdem(&args),
        SimGame::Draw => betting::run_draw(&args),
        SimGame::Tournament | SimGame::Swiss if args.lbr.is_some() => Err(UserError(
            "--lbr measures a bot at cash tables (tavolo sim holdem --lbr BOT)".into(),
        )),
        SimGame::Tournament => tournament::run(&args),
        SimGame::Swiss => tournament::run_swiss(&args),
    }
}

/// `tavolo sim saint --oracle-loss`: each bot's loss per decision against the oracle.
fn oracle_loss(
    args: &SimArgs,
    options: SaintOptions,
    bots: &[BotSpec<SaintPoker>],
) -> Result<ExitCode, UserError> {
    let budget = Budget {
        time: args.think_ms.map(Duration::from_millis),
    };
    let measure = || saint::oracle::measure(options, bots, args.games, args.seed, budget);
    let losses = on_threads(args.threads, measure)??;
    if args.json {
        let line = serde_json::json!({
            "game": "saint",
            "seed": args.seed,
            "games": args.games,
            "players": bots.len(),
            "oracle_rounds": saint::oracle::ORACLE_ROUNDS,
            "bots": losses,
        });
        println!("{line}");
        return Ok(ExitCode::SUCCESS);
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} games of saint, seed {}: loss per decision against the oracle in the last {} rounds",
        args.games,
        args.seed,
        saint::oracle::ORACLE_ROUNDS
    );
    let _ = writeln!(
        s,
        "{:<16} {:>9} {:>22} {:>20} {:>9} {:>14}",
        "bot", "decisions", "win share loss ±95%", "margin loss ±95%", "optimal", "round 7 / 8"
    );
    for l in &losses {
        let _ = writeln!(
            s,
            "{:<16} {:>9} {:>11.2} pp ±{:>5.2} {:>10.3} ±{:>6.3} {:>8.1}% {:>6.2} / {:.2}",
            l.label,
            l.decisions,
            l.loss_pp,
            l.loss_pp_ci95,
            l.margin_loss,
            l.margin_loss_ci95,
            100.0 * l.optimal,
            l.loss_pp_by_round[0],
            l.loss_pp_by_round[1],
        );
    }
    print!("{s}");
    Ok(ExitCode::SUCCESS)
}

/// The bots named in `names`, made by `spec`.
pub(crate) fn specs<G: Game, S: AsRef<str>>(
    names: &[S],
    spec: fn(&str) -> Result<BotSpec<G>, tavolo_bots::BotsError>,
) -> Result<Vec<BotSpec<G>>, UserError> {
    Ok(names
        .iter()
        .map(|b| spec(b.as_ref()))
        .collect::<Result<Vec<_>, _>>()?)
}

/// Plays the match of `args` with `bots`, every game dealt from `setup`, on all cores (or
/// `--threads`) with a progress bar counting `what` (games, hands), writing each game's record
/// under `--record`. In `duplicate` play the number of games is rounded up to whole rotations.
fn run_match<G: Game>(
    args: &SimArgs,
    setup: G::Setup,
    bots: Vec<BotSpec<G>>,
    what: &str,
    duplicate: bool,
) -> Result<MatchResult, UserError> {
    let players = G::players(&setup) as u64;
    let games = if duplicate {
        args.games.div_ceil(players) * players
    } else {
        args.games
    };
    let mut config = MatchConfig::<G>::new(setup, bots, games, args.seed)?;
    config.budget = Budget {
        time: args.think_ms.map(Duration::from_millis),
    };
    config.record = args.record.is_some();
    config.duplicate = duplicate;
    if let Some(dir) = &args.record {
        std::fs::create_dir_all(dir)
            .map_err(|e| UserError(format!("{}: cannot create: {e}", dir.display())))?;
    }
    let bar = progress(games, what);
    let write_error: Mutex<Option<String>> = Mutex::new(None);
    let on_game = |report: &GameReport| {
        if let (Some(dir), Some(record)) = (&args.record, &report.record) {
            if let Err(e) = write_record(dir, report.index, record) {
                // A plain Mutex: nothing is awaited while it is held.
                if let Ok(mut slot) = write_error.lock() {
                    slot.get_or_insert(e);
                }
            }
        }
        bar.inc(1);
    };
    let arena = Arena::new(config);
    let result = on_threads(args.threads, || arena.run(&on_game))??;
    bar.finish_and_clear();
    if let Some(e) = write_error.into_inner().ok().flatten() {
        return Err(UserError(e));
    }
    Ok(result)
}

/// The start of a plot of `width` × `height`: the SVG element, a white ground and `caption`
/// centred on top.
pub(crate) fn svg_start((width, height): (f64, f64), caption: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        s,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="20" text-anchor="middle">{caption}</text>"#,
        width / 2.0
    );
    s
}

/// A curve through `points` ("x,y x,y …") in `colour`, with its `legend` at `at`.
pub(crate) fn svg_curve(s: &mut String, colour: &str, points: &str, at: (f64, f64), legend: &str) {
    let _ = writeln!(
        s,
        r#"<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="{points}"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" fill="{colour}">{legend}</text>"#,
        at.0, at.1
    );
}

/// Runs `work` on a pool of `threads` threads (`--threads`), or on the global pool (all cores).
pub(crate) fn on_threads<T: Send>(
    threads: Option<usize>,
    work: impl FnOnce() -> T + Send,
) -> Result<T, UserError> {
    match threads {
        Some(n) => Ok(rayon::ThreadPoolBuilder::new()
            .num_threads(n.max(1))
            .build()
            .map_err(|e| UserError(format!("cannot start {n} threads: {e}")))?
            .install(work)),
        None => Ok(work()),
    }
}

/// A progress bar of `len` steps named `what` (games, hands, deals).
pub(crate) fn progress(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    let template = format!("{{bar:40}} {{pos}}/{{len}} {what}  {{elapsed_precise}} (eta {{eta}})");
    bar.set_style(
        ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

fn write_record(dir: &Path, index: u64, record: &str) -> Result<(), String> {
    let path = dir.join(format!("game-{index:06}.json"));
    std::fs::write(&path, record).map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

/// The results as a text table.
fn table(result: &MatchResult, rules: &HouseRules) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} games of {}{}, seed {}",
        result.games.len(),
        result.game,
        house_rules_words(rules),
        result.seed
    );
    let _ = writeln!(
        s,
        "{:<16} {:>7} {:>9} {:>17} {:>17} {:>10} {:>10}",
        "bot", "games", "wins", "win rate ±95%", "mean score ±95%", "think p50", "think p99"
    );
    for b in &result.bots {
        let _ = writeln!(
            s,
            "{:<16} {:>7} {:>9.1} {:>9.1}% ±{:>4.1}% {:>10.2} ±{:>5.2} {:>10} {:>10}",
            b.label,
            b.games,
            b.wins,
            100.0 * b.win_rate,
            100.0 * b.win_rate_ci95,
            b.mean_score,
            b.score_ci95,
            micros(b.think_p50_us),
            micros(b.think_p99_us),
        );
        write_replaced(&mut s, b.illegal, &b.lapses);
    }
    s
}

/// ` with min_raise=…, …` when rule options are set.
fn house_rules_words(rules: &HouseRules) -> String {
    if rules.is_empty() {
        String::new()
    } else {
        format!(" with {rules}")
    }
}

/// The line under a bot's figures saying which of its answers the default action replaced:
/// illegal ones (the arena's check or an external program's), late or unreadable ones, and
/// external programs that crashed. Nothing when there were none.
fn write_replaced(s: &mut String, illegal: u64, lapses: &Lapses) {
    if illegal + lapses.total() == 0 {
        return;
    }
    let _ = writeln!(
        s,
        "  replaced by the default action: {} illegal, {} late, {} unreadable answers; {} programs crashed or did not start",
        illegal + lapses.illegal,
        lapses.late,
        lapses.unreadable,
        lapses.crashed
    );
}

fn micros(us: u64) -> String {
    if us >= 1000 {
        format!("{:.1} ms", us as f64 / 1000.0)
    } else {
        format!("{us} µs")
    }
}

/// Each bot's running win rate over the games it played, as a small self-contained SVG.
fn plot_svg(result: &MatchResult) -> String {
    const W: f64 = 800.0;
    const H: f64 = 480.0;
    const M: f64 = 50.0;
    const COLOURS: [&str; 5] = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd"];
    let n = result.games.len().max(1) as f64;
    let x = |i: f64| M + (W - 2.0 * M) * i / n;
    let y = |v: f64| H - M - (H - 2.0 * M) * v;
    let mut s = svg_start(
        (W, H),
        &format!(
            "{}: running win rate (ties shared), {} games, seed {}",
            result.game,
            result.games.len(),
            result.seed
        ),
    );
    for k in 0..=4 {
        let v = k as f64 / 4.0;
        let _ = writeln!(
            s,
            r##"<line x1="{M}" y1="{0}" x2="{1}" y2="{0}" stroke="#ddd"/><text x="{2}" y="{3}" text-anchor="end">{4}%</text>"##,
            y(v),
            W - M,
            M - 5.0,
            y(v) + 4.0,
            (v * 100.0) as u32
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">games</text>"#,
        W / 2.0,
        H - 15.0
    );
    for (e, bot) in result.bots.iter().enumerate() {
        let colour = COLOURS[e % COLOURS.len()];
        let (mut wins, mut played) = (0.0, 0.0);
        let mut points = String::new();
        for (i, g) in result.games.iter().enumerate() {
            if let Some(seat) = g.entries.iter().position(|&x| x == e) {
                wins += g.win_shares[seat];
                played += 1.0;
                let _ = write!(points, "{:.1},{:.1} ", x(i as f64 + 1.0), y(wins / played));
            }
        }
        let legend = format!("{} {:.1}%", bot.label, 100.0 * bot.win_rate);
        svg_curve(
            &mut s,
            colour,
            &points,
            (M + 10.0, M + 15.0 * (e as f64 + 1.0)),
            &legend,
        );
    }
    s.push_str("</svg>\n");
    s
}
