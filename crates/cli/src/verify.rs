//! `tavolo verify`: the fairness check of a hand or game a room dealt. The room committed to a
//! 256-bit seed (its SHA-256) before dealing and revealed the seed afterwards; this checks that
//! the seed is the one committed to and that every card of the record is the card that seed
//! deals — with nothing but the record, the seed and the commitment.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde::{Deserialize, Serialize};
use tavolo_engine::{draw, holdem, saint};
use tavolo_store::{sha256_hex, unhex, HandId, Store};

use crate::UserError;

/// The format tag of a fairness bundle.
pub const FAIR_FORMAT: &str = "tavolo-fair/1";

/// Check that a hand or game was dealt from the seed the room committed to.
#[derive(Args)]
pub struct VerifyArgs {
    /// A fairness bundle (`tavolo-fair/1` JSON, as `GET /api/fairness/{id}` serves it), or `-`
    /// for standard input. Not needed with --hand.
    file: Option<PathBuf>,
    /// Check hand (or game) number ID straight from a room's database instead.
    #[arg(long, value_name = "ID")]
    hand: Option<i64>,
    /// The database for --hand: `postgres://…` or `sqlite:PATH`.
    #[arg(long)]
    db: Option<String>,
    /// The room's data directory for --hand (default: the user's data directory).
    #[arg(long)]
    data_dir: Option<PathBuf>,
}

/// Everything needed to check one hand or game: the commitment published before the deal, the
/// seed revealed after it, and the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairBundle {
    /// Always `tavolo-fair/1`.
    pub format: String,
    /// The hand's or game's id in the room.
    pub id: String,
    /// `holdem`, `draw` or `saint`.
    pub game: String,
    /// SHA-256 of the seed, hex, as published before the deal.
    pub commitment: String,
    /// The seed, 64 hex digits.
    pub seed: String,
    /// `phh`, `draw-json` or `saint-json`.
    pub record_format: String,
    /// The record itself (PHH text or a JSON document).
    pub record: String,
}

/// Checks a bundle; `Ok` says what was checked, `Err` what is wrong.
pub fn check(b: &FairBundle) -> Result<String, String> {
    if b.format != FAIR_FORMAT {
        return Err(format!(
            "format is {:?}, expected {FAIR_FORMAT:?}",
            b.format
        ));
    }
    let bytes = unhex(b.seed.trim()).ok_or("the seed is not hex")?;
    let seed: [u8; 32] = bytes
        .as_slice()
        .try_into()
        .map_err(|_| format!("the seed has {} bytes, not 32", bytes.len()))?;
    let hashed = sha256_hex(&seed);
    if !hashed.eq_ignore_ascii_case(b.commitment.trim()) {
        return Err(format!(
            "the seed does not match the commitment: SHA-256(seed) is {hashed}, the room committed to {}",
            b.commitment
        ));
    }
    let cards = match (b.game.as_str(), b.record_format.as_str()) {
        ("holdem", "phh") => {
            let hand = holdem::phh::parse_phh(&b.record).map_err(|e| format!("record: {e}"))?;
            hand.replay().map_err(|e| format!("record: {e}"))?;
            hand.check_seed(seed).map_err(|e| e.to_string())?;
            "every hole and board card"
        }
        ("draw", "draw-json") => {
            let record =
                draw::DrawRecord::from_json(&b.record).map_err(|e| format!("record: {e}"))?;
            record.replay().map_err(|e| format!("record: {e}"))?;
            record.check_seed(seed).map_err(|e| e.to_string())?;
            "every card dealt, the bottom card and every card served in the exchange"
        }
        ("saint", "saint-json") => {
            let record: saint::SaintRecord =
                serde_json::from_str(&b.record).map_err(|e| format!("record: {e}"))?;
            if !record.seed.eq_ignore_ascii_case(&b.seed) {
                return Err(format!(
                    "the record was dealt from seed {}, not from the revealed seed",
                    record.seed
                ));
            }
            if !record.shuffled {
                return Err("the record's deal is stacked, not the seed's shuffle".into());
            }
            saint::verify_record(&record).map_err(|e| e.to_string())?;
            "every hand, centre, draw and tie draw"
        }
        (g, f) => return Err(format!("no check for game {g:?} with a {f:?} record")),
    };
    Ok(format!(
        "{} {}: SHA-256(seed) is the commitment, and {cards} is the seed's — fair",
        b.game, b.id
    ))
}

/// Runs `tavolo verify`.
pub fn run(args: VerifyArgs) -> Result<ExitCode, UserError> {
    let bundle = match (&args.file, args.hand) {
        (Some(_), Some(_)) => return Err(UserError("give a FILE or --hand, not both".into())),
        (None, None) => {
            return Err(UserError(
                "give a fairness bundle FILE (or -), or --hand ID".into(),
            ))
        }
        (Some(path), None) => {
            let text = if path.as_os_str() == "-" {
                std::io::read_to_string(std::io::stdin())?
            } else {
                std::fs::read_to_string(path)
                    .map_err(|e| UserError(format!("{}: {e}", path.display())))?
            };
            serde_json::from_str::<FairBundle>(&text)
                .map_err(|e| UserError(format!("not a {FAIR_FORMAT} bundle: {e}")))?
        }
        (None, Some(id)) => {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            rt.block_on(from_store(&args, id))?
        }
    };
    match check(&bundle) {
        Ok(msg) => {
            println!("{msg}");
            Ok(ExitCode::SUCCESS)
        }
        Err(why) => {
            println!("NOT VERIFIED: {} {}: {why}", bundle.game, bundle.id);
            Ok(ExitCode::from(1))
        }
    }
}

async fn from_store(args: &VerifyArgs, id: i64) -> Result<FairBundle, UserError> {
    let store = match &args.db {
        Some(url) => Store::open(url).await?,
        None => {
            let dir = args
                .data_dir
                .clone()
                .unwrap_or_else(crate::admin::default_data_dir);
            Store::open_in_dir(&dir).await?
        }
    };
    let hand = store.hand(HandId(id)).await?;
    store.close().await;
    let seed = hand.seed_hex.ok_or_else(|| {
        UserError(format!(
            "hand {id} is still being played: its seed is secret until it ends"
        ))
    })?;
    let record = hand
        .record
        .ok_or_else(|| UserError(format!("hand {id} was {} and has no record", hand.status)))?;
    Ok(FairBundle {
        format: FAIR_FORMAT.into(),
        id: id.to_string(),
        game: hand.game,
        commitment: hand.commitment,
        seed,
        record_format: hand.format.unwrap_or_default(),
        record,
    })
}
