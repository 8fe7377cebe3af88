//! What a viewer may see of a finished hand: their own hole cards and the cards shown at the
//! table, or — where the room allows it (the hand's own players, who may check the whole deal
//! from its seed) — every card dealt.

use super::{export_in, PhhError, PhhHand};
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
        let mut out = export_in(&setup, &events, self.players.as_deref(), self.decimals);
        out.tavolo_rules = self.tavolo_rules;
        out.decimals = self.decimals;
        out.scale = self.scale;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::holdem::phh::parse_phh;

    /// Half chips: the amounts are read in tenths.
    const HALVES: &str = r#"variant = "NT"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [0.5, 1, 0]
min_bet = 1
starting_stacks = [50, 50, 50]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 2.5", "p1 f", "p2 f"]
finishing_stacks = [49.5, 49, 51.5]
"#;

    #[test]
    fn regression_a_history_with_fractional_chips_is_written_again_in_its_own_chips() {
        // The bets of a re-exported history were written in its internal tenths ("cbr 25").
        let hand = parse_phh(HALVES).unwrap();
        for out in [
            hand.reexport().unwrap(),
            hand.seen_by(Sight::Player(0)).unwrap(),
        ] {
            let text = out.to_phh();
            assert!(text.contains("\"p3 cbr 2.5\""), "{text}");
            let again = parse_phh(&text).unwrap();
            assert_eq!(
                again.replay().unwrap().finishing_stacks(),
                hand.replay().unwrap().finishing_stacks()
            );
        }
    }

    #[test]
    fn a_players_view_hides_the_hole_cards_of_the_others_that_were_not_shown() {
        let seen = parse_phh(HALVES)
            .unwrap()
            .seen_by(Sight::Player(0))
            .unwrap();
        let dealt: Vec<&str> = (seen.actions.iter())
            .filter(|a| a.starts_with("d dh"))
            .map(String::as_str)
            .collect();
        assert_eq!(dealt, ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 ????"]);
        let spectator = parse_phh(HALVES)
            .unwrap()
            .seen_by(Sight::Spectator)
            .unwrap();
        assert!(spectator
            .actions
            .iter()
            .all(|a| !a.starts_with("d dh") || a.ends_with("????")));
    }
}
