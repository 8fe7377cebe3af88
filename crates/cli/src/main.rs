//! `tavolo`: the command-line face of Tavolo — evaluate hands, compute equities, replay hand
//! histories and game records, play against bots.
#![deny(missing_docs)]
// The argument structs' doc comments are the commands' `--help` text, written for a terminal:
// `E[HS]` and bare addresses are meant as they stand, not as links.
#![allow(rustdoc::broken_intra_doc_links, rustdoc::bare_urls)]

mod admin;
mod equity;
mod eval;
mod loadtest;
mod play;
mod replay;
mod serve;
mod sim;
mod train;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The allocator: mimalloc. Serving a hand is mostly short strings and buffers made and freed
/// on several threads (each state written for each viewer, each frame sent); under glibc's
/// malloc that was about a quarter of a loaded node's CPU (docs/performance.md). Argon2's
/// 19 MiB blocks stay bounded too: 83 MB resident at the peak of 300 sign-ups, 10 at a time,
/// and the same after them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Tavolo: a card room for Saint Poker, Texas Hold'em and Five-Card Draw.
#[derive(Parser)]
#[command(name = "tavolo", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Admin(admin::AdminArgs),
    Eval(eval::EvalArgs),
    Equity(equity::EquityArgs),
    Replay(replay::ReplayArgs),
    Sim(sim::SimArgs),
    Train(train::TrainArgs),
    Play(play::PlayArgs),
    Verify(verify::VerifyArgs),
    // Boxed: the room's many settings make its arguments the largest by far.
    Serve(Box<serve::ServeArgs>),
    Loadtest(loadtest::LoadtestArgs),
}

/// A failure the user can fix: the message names what was wrong; exit status 2.
pub struct UserError(pub String);

impl<E: std::fmt::Display> From<E> for UserError {
    fn from(e: E) -> UserError {
        UserError(e.to_string())
    }
}

/// Refuses a table of `players` that game `G` (named `game` in the message) does not seat: the
/// one check of `play`, `sim` and the play sessions against the engine's [`Game::SEATS`].
///
/// [`Game::SEATS`]: tavolo_engine::game::Game::SEATS
fn check_players<G: tavolo_engine::game::Game>(players: usize, game: &str) -> Result<(), String> {
    if G::SEATS.contains(&players) {
        return Ok(());
    }
    let seats = tavolo_engine::game::seat_range::<G>();
    Err(format!("{players} players: {game} is for {seats}"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Admin(a) => admin::run(a),
        Command::Eval(a) => eval::run(a),
        Command::Equity(a) => equity::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Sim(a) => sim::run(a),
        Command::Train(a) => train::run(a),
        Command::Play(a) => play::run(a),
        Command::Verify(a) => verify::run(a),
        Command::Serve(a) => serve::run(*a),
        Command::Loadtest(a) => loadtest::run(a),
    };
    match result {
        Ok(code) => code,
        Err(UserError(msg)) => {
            eprintln!("tavolo: {msg}");
            ExitCode::from(2)
        }
    }
}
