//! `tavolo replay --steps`: a record's replay as the steps the room's replayer shows (the JSON of
//! `GET /api/history/{id}/replay`, docs/protocol.md), made by the same code
//! ([`tavolo_server::replayer`]): one source for the browser's replayer and the terminal's.

use std::io::Write;
use std::path::Path;

use tavolo_server::replayer::{self, Asker};

/// Writes the steps of the record `text` of `game` (`holdem`, `draw`, `saint`) read from `path`
/// as one JSON line: as `hero` saw the hand (their own cards and those shown), or every card.
pub fn write_steps(
    path: &Path,
    game: &str,
    text: &str,
    hero: Option<&str>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let name = path.display();
    let asker = Asker {
        name: hero.unwrap_or(""),
        seat: None,
        all: hero.is_none(),
    };
    let id = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let reply = replayer::replay(&id, game, text, asker).map_err(|e| format!("{name}: {e}"))?;
    if hero.is_some() && reply.viewer.is_none() {
        return Err(format!("{name}: no player named {}", hero.unwrap_or("")));
    }
    let line = serde_json::to_string(&reply).map_err(|e| format!("{name}: {e}"))?;
    writeln!(out, "{line}").map_err(|e| format!("cannot write: {e}"))
}
