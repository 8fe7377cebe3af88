//! `tavolo play GAME`: play Saint Poker, Texas Hold'em or Five-Card Draw against bots in the
//! terminal, full-screen ([`tui`]) or as lines ([`plain`], `--plain`). This module reads the
//! options, makes the bots and the game session ([`saint`], [`holdem`], [`draw`], all behind
//! [`model::PlayGame`]; the two betting games share [`betting`]), and saves every finished game
//! or hand under the data directory.

mod betting;
mod draw;
mod holdem;
mod i18n;
mod model;
mod plain;
mod saint;
mod session;
mod tui;
mod ui;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};
use tavolo_engine::house::HouseRules;

use clap::{Args, ValueEnum};
use tavolo_bots::{draw as draw_bots, holdem as holdem_bots, saint as saint_bots};
use tavolo_cards::Lang;
use tavolo_engine::holdem::Structure;
use tavolo_engine::Chips;

use crate::UserError;
use betting::SessionConfig;
use model::PlayGame;

/// The games `tavolo play` knows of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    /// Saint Poker (2–5 players, 8 rounds, points).
    Saint,
    /// Texas Hold'em (2–10 players), hand after hand.
    Holdem,
    /// Five-Card Draw, German rules (2–8 players), hand after hand.
    Draw,
}

/// The betting structure of a Hold'em table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StructureArg {
    /// No-Limit.
    Nl,
    /// Pot-Limit.
    Pl,
    /// Fixed Limit.
    Limit,
}

/// Play a game against bots in the terminal.
///
/// Full-screen when the terminal allows it (arrows, Space and Enter choose cards; f/k/c/r/a
/// bet; ? help; q quit), or line by line with --plain (type `?` for the commands). Every game
/// (Saint Poker) or hand (Hold'em, Draw) is saved under the data directory and can be checked
/// with `tavolo replay`. Bots: a level (beginner, regular, strong: each game's bot of that
/// strength, docs/bots.md) or bot names as in `tavolo sim`, repeated round the table.
#[derive(Args)]
pub struct PlayArgs {
    /// The game to play.
    #[arg(value_enum)]
    game: GameArg,
    /// Number of players, you included (default: Saint Poker 3, Hold'em and Draw 4).
    #[arg(long)]
    players: Option<usize>,
    /// The bots, comma-separated (e.g. `expert,rules`), or a level: beginner, regular, strong.
    #[arg(long, value_delimiter = ',', default_value = "regular")]
    bots: Vec<String>,
    /// Hold'em: the betting structure.
    #[arg(long, value_enum, default_value = "nl")]
    structure: StructureArg,
    /// Hold'em: the blinds, SMALL/BIG. The small blind is half the big blind (RULES.md §2);
    /// another is a house small blind (as `--rule small_blind=N`).
    #[arg(long, default_value = "50/100")]
    blinds: String,
    /// The ante: Hold'em per seat (default 0), Draw the Grundeinsatz (default 10).
    #[arg(long)]
    ante: Option<Chips>,
    /// The buy-in and rebuy (default: 100 big blinds, Draw 100 antes).
    #[arg(long)]
    buy_in: Option<Chips>,
    /// Seed of the deal (the same seed and the same play replay the same game).
    #[arg(long)]
    seed: Option<u64>,
    /// Language of hand names, messages and help: en, it, pt, de.
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    lang: Lang,
    /// Line mode for dumb terminals and screen readers.
    #[arg(long)]
    plain: bool,
    /// Where games are saved (default: the user's data directory + `/tavolo`).
    #[arg(long)]
    data_dir: Option<PathBuf>,
    /// A rule option of RULES.md, as name=value (repeat for several; `tavolo sim --help`
    /// lists them), e.g. `--rule min_raise=largest_increment`.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rules: Vec<String>,
}

/// The rule options given with `--rule`.
fn house_rules(args: &PlayArgs) -> Result<HouseRules, UserError> {
    HouseRules::from_pairs(&args.rules).map_err(|e| UserError(format!("--rule: {e}")))
}

fn parse_lang(s: &str) -> Result<Lang, String> {
    s.parse()
}

/// The bot names for `list` at `seats` seats, repeated round the table (a level, e.g. `strong`,
/// is a name each game's `bot_spec` resolves: `tavolo_bots::Level`).
fn bot_names(list: &[String], seats: usize) -> Vec<String> {
    let list: Vec<&str> = list
        .iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    if list.is_empty() {
        return vec![tavolo_bots::Level::Regular.name().to_string(); seats];
    }
    (0..seats)
        .map(|i| list[i % list.len()].to_string())
        .collect()
}

fn parse_blinds(s: &str) -> Result<(Chips, Chips), UserError> {
    let bad = || UserError(format!("--blinds {s}: expected SMALL/BIG, e.g. 50/100"));
    let (a, b) = s.split_once('/').ok_or_else(bad)?;
    let small: Chips = a.trim().parse().map_err(|_| bad())?;
    let big: Chips = b.trim().parse().map_err(|_| bad())?;
    if small == 0 || big < small {
        return Err(bad());
    }
    Ok((small, big))
}

fn fresh_seed() -> u64 {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    model::derive_seed(nanos, u64::from(std::process::id())) % 1_000_000_000
}

pub fn run(args: PlayArgs) -> Result<ExitCode, UserError> {
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let stamp = format!("{secs}-seed{seed}");
    let dir = match &args.data_dir {
        Some(d) => d.clone(),
        None => dirs::data_dir()
            .map(|d| d.join("tavolo"))
            .ok_or_else(|| UserError("no data directory on this system: use --data-dir".into()))?,
    };
    let lang = args.lang;
    let mut game = session(&args, seed, stamp)?;
    let sub = dir.join(match args.game {
        GameArg::Saint => "saint",
        GameArg::Holdem => "holdem",
        GameArg::Draw => "draw",
    });
    let t = i18n::texts(lang);
    let mut errors: Vec<String> = Vec::new();
    let mut save = |records: Vec<(String, String)>| -> Vec<String> {
        records
            .into_iter()
            .map(|(name, text)| match write_record(&sub, &name, &text) {
                Ok(path) => i18n::fill(t.saved, &[&path.display()]),
                Err(e) => {
                    errors.push(e.clone());
                    e
                }
            })
            .collect()
    };
    let tty = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if args.plain || !tty {
        let stdin = std::io::stdin();
        let stdout = std::io::stdout();
        plain::run(
            game.as_mut(),
            &mut stdin.lock(),
            &mut stdout.lock(),
            &mut save,
        )
        .map_err(|e| UserError(format!("terminal: {e}")))?;
    } else {
        let saved =
            tui::run(game.as_mut(), &mut save).map_err(|e| UserError(format!("terminal: {e}")))?;
        for line in saved {
            println!("{line}");
        }
        // What the game said last (the final ranking, the session's balance).
        for line in game.result() {
            println!("{}", i18n::second_person(lang, line));
        }
    }
    if let Some(e) = errors.first() {
        return Err(UserError(e.clone()));
    }
    Ok(ExitCode::SUCCESS)
}

/// The game session `args` ask for, dealt from `seed`; its records named with `stamp`.
fn session(args: &PlayArgs, seed: u64, stamp: String) -> Result<Box<dyn PlayGame>, UserError> {
    let lang = args.lang;
    Ok(match args.game {
        GameArg::Saint => {
            let bots = bots(args, 3, "Saint Poker", saint_bots::bot_spec)?;
            Box::new(
                saint::SaintSession::new(saint::SaintConfig {
                    bots,
                    seed,
                    lang,
                    stamp,
                    rules: house_rules(args)?,
                })
                .map_err(UserError)?,
            )
        }
        GameArg::Holdem => {
            let bots = bots(args, 4, "Texas Hold'em", holdem_bots::bot_spec)?;
            let (small_blind, big_blind) = parse_blinds(&args.blinds)?;
            let mut rules = house_rules(args)?;
            // SMALL/BIG with a small blind other than half the big one: a house small blind.
            if small_blind != big_blind.half() {
                if rules.small_blind.is_some_and(|s| s != small_blind) {
                    return Err(UserError(format!(
                        "--blinds {} and --rule small_blind disagree",
                        args.blinds
                    )));
                }
                rules.small_blind = Some(small_blind);
            }
            let structure = match args.structure {
                StructureArg::Nl => Structure::NoLimit,
                StructureArg::Pl => Structure::PotLimit,
                StructureArg::Limit => Structure::FixedLimit,
            };
            let session = session_config(args, rules, bots, big_blind, seed, stamp)?;
            Box::new(
                holdem::HoldemSession::new(holdem::HoldemConfig {
                    structure,
                    big_blind,
                    ante: args.ante.unwrap_or(Chips::ZERO),
                    session,
                })
                .map_err(UserError)?,
            )
        }
        GameArg::Draw => {
            let bots = bots(args, 4, "Five-Card Draw", draw_bots::bot_spec)?;
            let ante = args.ante.unwrap_or(Chips::new(10));
            if ante == 0 {
                return Err(UserError(
                    "--ante must be positive in Five-Card Draw".into(),
                ));
            }
            let session = session_config(args, house_rules(args)?, bots, ante, seed, stamp)?;
            Box::new(draw::DrawSession::new(draw::DrawConfig { ante, session }).map_err(UserError)?)
        }
    })
}

/// The bots of `args` for a table of `--players` (default `default`, within the game's
/// [`tavolo_bots::Game::SEATS`]) with the human.
fn bots<G: tavolo_bots::Game>(
    args: &PlayArgs,
    default: usize,
    game: &str,
    spec: fn(&str) -> Result<tavolo_bots::BotSpec<G>, tavolo_bots::BotsError>,
) -> Result<Vec<tavolo_bots::BotSpec<G>>, UserError> {
    let players = args.players.unwrap_or(default);
    crate::check_players::<G>(players, game)?;
    let names = bot_names(&args.bots, players - 1);
    crate::sim::specs(&names, spec)
}

/// A betting game's session settings from `args`: `rules`, `bots`, and the buy-in (and
/// rebuy): `--buy-in`, by default 100 table minimums of `unit` chips.
fn session_config<G: tavolo_bots::Game>(
    args: &PlayArgs,
    rules: HouseRules,
    bots: Vec<tavolo_bots::BotSpec<G>>,
    unit: Chips,
    seed: u64,
    stamp: String,
) -> Result<SessionConfig<G>, UserError> {
    let buy_in = match args.buy_in {
        Some(b) => b,
        None => unit
            .try_mul(100)
            .map_err(|e| UserError(format!("--buy-in: {e}")))?,
    };
    if buy_in == 0 {
        return Err(UserError("--buy-in must be positive".into()));
    }
    Ok(SessionConfig {
        rules,
        buy_in,
        bots,
        seed,
        lang: args.lang,
        stamp,
    })
}

/// Writes a record as `dir/name`, creating `dir`; never overwrites (a suffix is added).
fn write_record(dir: &Path, name: &str, text: &str) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: cannot create: {e}", dir.display()))?;
    let mut path = dir.join(name);
    let mut k = 2;
    while path.exists() {
        let stem = name.trim_end_matches(".json");
        path = dir.join(format!("{stem}-{k}.json"));
        k += 1;
    }
    std::fs::write(&path, text).map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_become_each_games_bots_and_lists_repeat() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(bot_names(&s(&["strong"]), 2), s(&["strong", "strong"]));
        assert_eq!(bot_names(&[], 1), s(&["regular"]));
        assert_eq!(
            bot_names(&s(&["expert", "rules"]), 3),
            s(&["expert", "rules", "expert"])
        );
        // The level is each game's own bot.
        let spec = |name: &str| tavolo_bots::saint::bot_spec(name).map(|s| s.name().to_string());
        assert_eq!(spec("strong").ok().as_deref(), Some("master"));
        let spec = |name: &str| tavolo_bots::draw::bot_spec(name).map(|s| s.name().to_string());
        assert_eq!(spec("beginner").ok().as_deref(), Some("rules"));
    }

    #[test]
    fn blinds_parse_or_explain() {
        assert_eq!(
            parse_blinds("5/10").ok(),
            Some((Chips::new(5), Chips::new(10)))
        );
        assert!(parse_blinds("10").is_err());
        assert!(parse_blinds("x/10").is_err());
        assert!(parse_blinds("20/10").is_err());
    }
}
