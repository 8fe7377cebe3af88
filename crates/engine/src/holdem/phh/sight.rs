//! What a viewer may see of a finished hand: their own hole cards and the cards shown at the
//! table, or — where the room allows it (the hand's own players, who may check the whole deal
//! from its seed) — every card dealt.

use super::{export, PhhError, PhhHand};
use crate::holdem::action::Event;

/// Who a hand history is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// A player of the hand (PHH's player index, 0-based: `p1` is 0): their own hole cards and
    /// the cards shown at the table.
    Player(usize),
    /// Someone who was not dealt in: only the cards shown at the table.
    Spectator,
    /// Every card dealt, folded and mucked hands too.
    All,
}

impl Sight {
    /// Whether the hole cards of PHH player `player` (0-based) are seen, `shown` whether they
    /// were shown at the table.
    pub fn sees(self, player: usize, shown: bool) -> bool {
        match self {
            Sight::All => true,
            Sight::Player(p) => p == player || shown,
            Sight::Spectator => shown,
        }
    }

    /// The player a name designates among `players` (the PHH `players` field): the name as
    /// written, or PHH's own `pN`.
    pub fn player_named(name: &str, players: Option<&[String]>, n: usize) -> Option<usize> {
        if let Some(i) = players.and_then(|p| p.iter().position(|x| x == name)) {
            return Some(i);
        }
        let i: usize = name.strip_prefix('p')?.parse().ok()?;
        (1..=n).contains(&i).then(|| i - 1)
    }
}

impl PhhHand {
    /// The hand as `sight` may see it, as normalised PHH (Tavolo's exporter): the hole cards of
    /// players not seen written `????`; every action, the shown cards and the stacks as they were.
    pub fn seen_by(&self, sight: Sight) -> Result<PhhHand, PhhError> {
        let r = self.replay()?;
        let shown: Vec<usize> = (r.events.iter())
            .filter_map(|e| match e {
                Event::Shown { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        let events: Vec<Event> = (r.events.into_iter())
            .map(|e| match e {
                Event::HoleDealt { seat, .. } if !sight.sees(seat, shown.contains(&seat)) => {
                    Event::HoleDealt { seat, card: None }
                }
                e => e,
            })
            .collect();
        let mut setup = self.setup()?;
        if let Some(rules) = self.tavolo_rules {
            setup.rules = rules;
        }
        let mut out = export(&setup, &events, self.players.as_deref());
        out.tavolo_rules = self.tavolo_rules;
        out.decimals = self.decimals;
        out.scale = self.scale;
        Ok(out)
    }
}
