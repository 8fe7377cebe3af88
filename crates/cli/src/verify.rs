//! `tavolo verify`: the fairness check of a hand or game a room dealt. `tavolo-fair/1`: the room
//! committed to a 256-bit seed (its SHA-256) before dealing and revealed it afterwards.
//! `tavolo-fair/2`: the seed is mixed from the room's committed part and the players' seed chain
//! reveals (`tavolo_server::fairness`). This checks the commitment, every chain link and the
//! mixing, and that the record is the whole hand that seed and the players' actions give: every
//! card the rules deal is the seed's, every action is legal and in order, and the stated result
//! (finishing stacks, Draw's and Saint's `result`) is the one the rules reach — with nothing but
//! the record, the parts and the commitment. `tavolo-fair/3` adds the hand's transcript
//! (`tavolo_engine::transcript`), the digest binding the record to the commitment and the seed
//! that every viewer was sent when the hand ended: the record must hash to it, and, given
//! `--transcript` (the digest the player kept from the table), it must be that one — so a record
//! rewritten afterwards into another legal hand from the same seed is refused.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde::{Deserialize, Serialize};
use tavolo_engine::transcript::transcript_hex;
use tavolo_engine::{draw, holdem, saint};
use tavolo_server::fairness::Parts;
use tavolo_store::{hex, sha256_hex, unhex, HandId, Store};

use crate::UserError;

/// The format tag of a fairness bundle whose seed is the room's alone.
pub const FAIR_FORMAT: &str = "tavolo-fair/1";
/// The format tag of a fairness bundle whose seed is mixed from parts.
pub const FAIR_FORMAT_2: &str = "tavolo-fair/2";
/// The format tag of a fairness bundle with the hand's transcript.
pub const FAIR_FORMAT_3: &str = "tavolo-fair/3";

/// Check that a hand or game was dealt from the seed the room committed to.
#[derive(Args)]
pub struct VerifyArgs {
    /// A fairness bundle (`tavolo-fair/3`, or `/1` and `/2` for older hands: JSON, as `GET
    /// /api/fairness/{id}` serves it), or `-` for standard input. Not needed with --hand.
    file: Option<PathBuf>,
    /// The hand's transcript as the table sent it when the hand ended (`previous.transcript`,
    /// 64 hex digits): the bundle must carry this one, and its record must hash to it.
    #[arg(long, value_name = "HEX")]
    transcript: Option<String>,
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
/// seed (and its parts) revealed after it, and the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairBundle {
    /// `tavolo-fair/1`, `tavolo-fair/2` or `tavolo-fair/3`.
    pub format: String,
    /// The hand's or game's id in the room.
    pub id: String,
    /// `holdem`, `draw` or `saint`.
    pub game: String,
    /// SHA-256 of the seed (`/2`: of the room's part), hex, as published before the deal.
    pub commitment: String,
    /// The seed, 64 hex digits.
    pub seed: String,
    /// `/2`, `/3`: the parts the seed was mixed from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<Parts>,
    /// `/3`: the transcript sent to the hand's viewers when it ended, hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<String>,
    /// `phh`, `draw-json` or `saint-json`.
    pub record_format: String,
    /// The record itself (PHH text or a JSON document).
    pub record: String,
}

/// Checks a bundle — against the transcript the player was sent when the hand ended, when
/// `seen` gives it; `Ok` says what was checked, `Err` what is wrong.
pub fn check(b: &FairBundle, seen: Option<&str>) -> Result<String, String> {
    let bytes = unhex(b.seed.trim()).ok_or("the seed is not hex")?;
    let seed: [u8; 32] = bytes
        .as_slice()
        .try_into()
        .map_err(|_| format!("the seed has {} bytes, not 32", bytes.len()))?;
    let parts = match (b.format.as_str(), &b.parts) {
        (FAIR_FORMAT, _) => {
            let hashed = sha256_hex(&seed);
            if !hashed.eq_ignore_ascii_case(b.commitment.trim()) {
                return Err(format!(
                    "the seed does not match the commitment: SHA-256(seed) is {hashed}, the room committed to {}",
                    b.commitment
                ));
            }
            "SHA-256(seed) is the commitment".to_string()
        }
        (FAIR_FORMAT_2 | FAIR_FORMAT_3, Some(parts)) => {
            let mixed = parts.seed(&b.commitment).map_err(|e| e.to_string())?;
            if mixed != seed {
                return Err(format!(
                    "the parts mix to seed {}, not to the seed revealed",
                    hex(&mixed)
                ));
            }
            format!(
                "SHA-256 of the room's part is the commitment, the seed is mixed from it and {} chain reveal(s) that extend their chains",
                parts.reveals.len()
            )
        }
        (f @ (FAIR_FORMAT_2 | FAIR_FORMAT_3), None) => {
            return Err(format!("a {f} bundle lists the seed's parts"))
        }
        (f, _) => {
            return Err(format!(
                "format is {f:?}, expected {FAIR_FORMAT_3:?} (or {FAIR_FORMAT_2:?}, {FAIR_FORMAT:?} for older hands)"
            ))
        }
    };
    let bound = bound(b, &seed, seen)?;
    let cards = match (b.game.as_str(), b.record_format.as_str()) {
        ("holdem", "phh") => {
            let hand = holdem::phh::parse_phh(&b.record).map_err(|e| format!("record: {e}"))?;
            hand.prove(seed).map_err(|e| e.to_string())?;
            "every hole and board card is the seed's, and every action and the finishing stacks are the hand's"
        }
        ("draw", "draw-json") => {
            let record =
                draw::DrawRecord::from_json(&b.record).map_err(|e| format!("record: {e}"))?;
            record.prove(seed).map_err(|e| e.to_string())?;
            "every card dealt, the bottom card and every card served in the exchange is the seed's, and every action and the result are the hand's"
        }
        ("saint", "saint-json") => {
            let record: saint::SaintRecord =
                serde_json::from_str(&b.record).map_err(|e| format!("record: {e}"))?;
            saint::prove_record(&record, seed).map_err(|e| e.to_string())?;
            "every hand, centre, draw and tie draw is the seed's, and every round and the result are the game's"
        }
        (g, f) => return Err(format!("no check for game {g:?} with a {f:?} record")),
    };
    Ok(format!(
        "{} {}: {parts}; {cards}; {bound} — fair",
        b.game, b.id
    ))
}

/// Whether the record is the hand played: a `tavolo-fair/3` record must hash to the bundle's
/// transcript, and that must be the one the player was sent (`seen`) when given. Older bundles
/// bind only the seed, which is said.
fn bound(b: &FairBundle, seed: &[u8; 32], seen: Option<&str>) -> Result<String, String> {
    let same = |x: &str, y: &str| x.trim().eq_ignore_ascii_case(y.trim());
    if b.format != FAIR_FORMAT_3 {
        if let Some(seen) = seen {
            return Err(format!(
                "a {} bundle carries no transcript to compare with the one you were sent ({seen}): it binds only the seed, not the actions and the result",
                b.format
            ));
        }
        return Ok(format!(
            "but a {} bundle binds only the seed: the actions and the result make a legal hand from it, yet another legal hand from the same seed (a bet returned uncalled written higher) would pass too; only a {FAIR_FORMAT_3} transcript binds them",
            b.format
        ));
    }
    let Some(sent) = b.transcript.as_deref() else {
        return Err(format!(
            "a {FAIR_FORMAT_3} bundle carries the hand's transcript"
        ));
    };
    let computed = transcript_hex(&b.commitment, seed, &b.game, &b.record_format, &b.record);
    if !same(sent, &computed) {
        return Err(format!(
            "the record is not the one the hand's transcript binds: the commitment, seed and record hash to {computed}, the transcript sent when the hand ended is {sent} (the record was changed after the hand)"
        ));
    }
    match seen {
        Some(seen) if !same(seen, sent) => Err(format!(
            "the bundle's transcript {sent} is not the one you were sent when the hand ended ({seen}): the record served is not the hand you saw"
        )),
        Some(_) => Ok(
            "the record hashes to the transcript you were sent when the hand ended: it is the hand played".into(),
        ),
        None => Ok(
            "the record hashes to the transcript sent when the hand ended (give --transcript with the one you kept to check it is that one)".into(),
        ),
    }
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
            serde_json::from_str::<FairBundle>(&text).map_err(|e| {
                UserError(format!(
                    "not a {FAIR_FORMAT_3}, {FAIR_FORMAT_2} or {FAIR_FORMAT} bundle: {e}"
                ))
            })?
        }
        (None, Some(id)) => {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            rt.block_on(from_store(&args, id))?
        }
    };
    let seen = match &args.transcript {
        Some(t) if unhex(t.trim()).is_some_and(|b| b.len() == 32) => Some(t.trim()),
        Some(t) => {
            return Err(UserError(format!(
            "--transcript is the 64 hex digits the table sent as `previous.transcript`, not {t:?}"
        )))
        }
        None => None,
    };
    match check(&bundle, seen) {
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
    let parts: Option<Parts> = match &hand.parts {
        Some(p) => Some(serde_json::from_str(p).map_err(|e| {
            UserError(format!(
                "hand {id}: the stored seed parts are not readable: {e}"
            ))
        })?),
        None => None,
    };
    let transcript = hand.transcript.filter(|_| parts.is_some());
    Ok(FairBundle {
        format: match (&parts, &transcript) {
            (Some(_), Some(_)) => FAIR_FORMAT_3,
            (Some(_), None) => FAIR_FORMAT_2,
            (None, _) => FAIR_FORMAT,
        }
        .into(),
        parts,
        transcript,
        id: id.to_string(),
        game: hand.game,
        commitment: hand.commitment,
        seed,
        record_format: hand.format.unwrap_or_default(),
        record,
    })
}
