//! `tavolo admin`: the room keeper's checks on the database — `audit` proves that the chip
//! ledger balances and agrees with the hands the tables dealt; `nodes` lists the nodes of a
//! room several processes share, and their tables.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use tavolo_store::Store;

use crate::UserError;

/// Check a card room's database.
#[derive(Args)]
pub struct AdminArgs {
    #[command(subcommand)]
    command: AdminCommand,
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Verify that the books balance: every movement balanced and recorded once, every balance
    /// the sum of its movements, nobody below zero; and that they agree with the hands: every
    /// finished hand's results booked by its journal, every player dealt in with the chips their
    /// seat held, no hand left unsettled, no chips at a closed table. Exit status 1 when
    /// anything is wrong, each problem named.
    Audit(AuditArgs),
    /// List the nodes of a room that several `tavolo serve --node-id` share: each node's
    /// address, heartbeat, state (live, draining, stopped, or silent: its tables are being
    /// taken over) and the tables it plays.
    Nodes(AuditArgs),
}

#[derive(Args)]
struct AuditArgs {
    /// The database: `postgres://…` or `sqlite:PATH` (default: tavolo.db in the data directory).
    #[arg(long)]
    db: Option<String>,
    /// The room's data directory (default: the user's data directory, `tavolo` inside it).
    #[arg(long)]
    data_dir: Option<PathBuf>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

/// Where a room keeps its files unless told otherwise: `<user data dir>/tavolo`.
pub fn default_data_dir() -> PathBuf {
    dirs::data_dir()
        .unwrap_or_else(|| PathBuf::from("."))
        .join("tavolo")
}

/// Runs `tavolo admin …`.
pub fn run(args: AdminArgs) -> Result<ExitCode, UserError> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    match args.command {
        AdminCommand::Audit(a) => rt.block_on(audit(a)),
        AdminCommand::Nodes(a) => rt.block_on(nodes(a)),
    }
}

async fn open(args: &AuditArgs) -> Result<Store, UserError> {
    Ok(match &args.db {
        Some(url) => Store::open(url).await?,
        None => {
            let dir = args.data_dir.clone().unwrap_or_else(default_data_dir);
            if !dir.join("tavolo.db").exists() {
                return Err(UserError(format!(
                    "no database at {} (start a room with `tavolo serve`, or pass --db / --data-dir)",
                    dir.join("tavolo.db").display()
                )));
            }
            Store::open_in_dir(&dir).await?
        }
    })
}

async fn nodes(args: AuditArgs) -> Result<ExitCode, UserError> {
    let store = open(&args).await?;
    let nodes = store.nodes().await?;
    let now = tavolo_store::now_ms();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&nodes)?);
    } else if nodes.is_empty() {
        println!("no nodes: this room is served by one `tavolo serve` without --node-id");
    } else {
        for n in &nodes {
            let state = if n.stopped_at.is_some() {
                "stopped"
            } else if n.draining {
                "draining"
            } else if now - n.heartbeat_at > 15_000 {
                "silent"
            } else {
                "live"
            };
            println!(
                "{}  {}  {state}, heartbeat {:.1} s ago, {} tables{}{}",
                n.id,
                n.url,
                (now - n.heartbeat_at) as f64 / 1000.0,
                n.tables.len(),
                if n.tables.is_empty() { "" } else { ": " },
                n.tables.join(" ")
            );
        }
    }
    store.close().await;
    Ok(ExitCode::SUCCESS)
}

async fn audit(args: AuditArgs) -> Result<ExitCode, UserError> {
    let store = open(&args).await?;
    let report = store.audit().await?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!(
            "{} accounts, {} movements, {} legs",
            report.accounts, report.journals, report.entries
        );
        println!(
            "chips issued by the house: {}; in players' accounts: {}; in the bots' bankroll: {}; \
             at tables: {}; in tournaments' prize pools: {}",
            -report.house, report.in_accounts, report.bots, report.at_tables, report.in_tournaments
        );
        if report.over_guest_cap > 0 {
            println!(
                "chips back to the house over the guest cap (movements of kind guest_cap): {}",
                report.over_guest_cap
            );
        }
        println!(
            "{} hands finished, each reconciled with its journal and its players' seats",
            report.hands_finished
        );
        if report.hands_playing > 0 {
            println!(
                "{} hands in progress (a running room, or a crash the next start will void)",
                report.hands_playing
            );
        }
        if report.balanced() {
            println!("the books balance");
        } else {
            for p in &report.problems {
                println!("PROBLEM: {p}");
            }
        }
    }
    store.close().await;
    Ok(if report.balanced() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
