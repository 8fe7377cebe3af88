//! `tavolo replay --export`: the Hold'em hands of the given files written out again, as
//! normalised PHH or as PokerStars text hand histories, as one player (`--hero`) may see them.

use std::io::Write;
use std::path::Path;

use clap::ValueEnum;
use tavolo_engine::holdem::phh::{self, PhhHand, Sight};
use tavolo_engine::holdem::pokerstars::{self, Label};

/// The formats `--export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// PHH, as Tavolo's exporter writes it (a `.phhs` with `[1]`, `[2]`, … for several hands).
    Phh,
    /// The PokerStars text hand history trackers and HUDs read.
    Pokerstars,
}

/// The hands exported so far (they number the PokerStars hands and the PHH tables).
pub struct Exporter<'a> {
    pub format: ExportFormat,
    pub hero: Option<&'a str>,
    pub count: u64,
    /// Whether more than one hand will be written (PHH then writes a `.phhs`).
    pub bulk: bool,
}

impl Exporter<'_> {
    /// Writes every hand of the PHH `text` read from `path` (`bulk` for `.phhs` text). Returns how
    /// many hands could not be exported (each named on stderr); `Err` when the file cannot be
    /// read at all, or `out` fails.
    pub fn export_text(
        &mut self,
        path: &Path,
        text: &str,
        bulk: bool,
        out: &mut dyn Write,
    ) -> Result<usize, String> {
        let hands = if bulk {
            phh::parse_phhs(text).map_err(|e| format!("{}: {e}", path.display()))?
        } else {
            vec![phh::parse_phh(text)]
        };
        let time_ms = std::fs::metadata(path)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_millis() as i64);
        let table = path.file_stem().map_or_else(
            || "Tavolo".to_string(),
            |s| s.to_string_lossy().into_owned(),
        );
        let mut failed = 0;
        for (index, hand) in hands.into_iter().enumerate() {
            match hand.and_then(|h| self.one(&h, &table, time_ms)) {
                Ok(text) => out.write_all(text.as_bytes()).map_err(|e| e.to_string())?,
                Err(e) => {
                    failed += 1;
                    eprintln!("tavolo: {} #{index}: {e}", path.display());
                }
            }
        }
        Ok(failed)
    }

    /// One hand as `--export` writes it, with the blank line or table header that separates it
    /// from the one before.
    fn one(&mut self, hand: &PhhHand, table: &str, time_ms: i64) -> Result<String, phh::PhhError> {
        let n = hand.starting_stacks.len();
        let sight = match self.hero {
            None => Sight::All,
            Some(name) => Sight::Player(
                Sight::player_named(name, hand.players.as_deref(), n).ok_or_else(|| {
                    phh::PhhError::Setup(format!("no player `{name}` in this hand"))
                })?,
            ),
        };
        let number = self.count + 1;
        let text = match self.format {
            ExportFormat::Phh => {
                let body = hand.seen_by(sight)?.to_phh();
                if self.bulk {
                    format!("{}[{number}]\n{body}", if number > 1 { "\n" } else { "" })
                } else {
                    body
                }
            }
            ExportFormat::Pokerstars => {
                let label = Label {
                    number,
                    table: table.to_string(),
                    max_seats: n,
                    seats: None,
                    time_ms,
                };
                let body = pokerstars::write(hand, &label, sight)?;
                format!("{}{body}", if number > 1 { "\n\n" } else { "" })
            }
        };
        self.count = number;
        Ok(text)
    }
}
