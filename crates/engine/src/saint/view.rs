//! What one player may see (RULES.md §1 "Information"): their own hand and pending choice, and
//! the public table — never another player's hand or pending choice, nor who has chosen.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use tavolo_cards::{Card, Category};

use super::error::{PhaseName, SaintError};
use super::record::PickRecord;
use super::rules::SaintOptions;
use super::state::{Phase, SaintGame};

/// A shown pair once revealed, with the hand it made and its points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RevealedHand {
    /// The two shown cards.
    pub cards: [Card; 2],
    /// The hand's category.
    pub category: Category,
    /// The hand's value (equal values tie).
    pub value: u16,
    /// The hand's deciding ranks, most significant first (`["K", "9"]`): with `category`, what
    /// a client tells in its language (`tavolo_cards::words`).
    pub ranks: Vec<Cow<'static, str>>,
    /// Points won this round.
    pub points: u32,
}

/// One player's view of the game, or a spectator's (`player: None`: no hand, no choice).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SaintView {
    /// Whose view this is (`None`: a spectator).
    pub player: Option<usize>,
    /// The settings.
    pub options: SaintOptions,
    /// The round, 1 to 8.
    pub round: u8,
    /// The phase in force.
    pub phase: PhaseName,
    /// The viewer's hand, lowest card first.
    pub hand: Vec<Card>,
    /// The viewer's own pending choice in a simultaneous phase (one card to place or two to
    /// show), if made. Nothing is said about the other players' choices.
    pub my_choice: Option<Vec<Card>>,
    /// The centre on the table: C cards while placing, C + P from the reveal of the placed
    /// cards until clean-up (during the draft these cards are also in `pool`).
    pub centre: Vec<Card>,
    /// The preview: the next round's centre.
    pub preview: Vec<Card>,
    /// The placed cards by seat, once revealed this round.
    pub placed: Option<Vec<Card>>,
    /// The shown pairs and hands by seat, once revealed this round.
    pub shown: Option<Vec<RevealedHand>>,
    /// The round's tie draw (empty until drawn).
    pub tie_draw: Vec<usize>,
    /// The round's draft order (empty until drawn).
    pub draft_order: Vec<usize>,
    /// Who must pick now, during the draft.
    pub to_pick: Option<usize>,
    /// The draft pool, lowest first (empty outside the draft).
    pub pool: Vec<Card>,
    /// This round's picks so far, in order.
    pub picks: Vec<PickRecord>,
    /// Running scores by seat.
    pub scores: Vec<u32>,
    /// Cards in each player's hand, by seat.
    pub hand_sizes: Vec<usize>,
    /// Cards in the draw pile.
    pub draw_pile: usize,
    /// Cards in the discard pile.
    pub discard_pile: usize,
    /// The winners, once the game is over.
    pub winners: Vec<usize>,
}

impl SaintGame {
    /// What `player` may see now.
    pub fn view(&self, player: usize) -> Result<SaintView, SaintError> {
        let players = self.players();
        if player >= players {
            return Err(SaintError::NoSuchPlayer { player, players });
        }
        Ok(self.view_of(Some(player)))
    }

    /// What a spectator may see now: the public table, no hand and no pending choice.
    pub fn spectator_view(&self) -> SaintView {
        self.view_of(None)
    }

    fn view_of(&self, player: Option<usize>) -> SaintView {
        let players = self.players();
        let t = &self.state;
        let revealed_centre = matches!(t.phase, Phase::Draft { .. } | Phase::Over);
        let centre = if revealed_centre {
            t.scored_centre
        } else {
            t.centre
        };
        let placed: Option<Vec<Card>> = t.placed[..players].iter().copied().collect();
        let shown = t.shown[..players]
            .iter()
            .enumerate()
            .map(|(p, s)| {
                s.map(|cards| RevealedHand {
                    cards,
                    category: t.ranks[p].category(),
                    value: t.ranks[p].value(),
                    ranks: t.ranks[p].code().ranks,
                    points: t.points[p],
                })
            })
            .collect();
        let picks = match t.phase {
            Phase::Draft { step } => (0..step as usize)
                .filter_map(|s| {
                    Some(PickRecord {
                        player: t.order.as_slice()[s % players] as usize,
                        card: t.log[self.round_index()].pick(s)?,
                    })
                })
                .collect(),
            _ => Vec::new(),
        };
        SaintView {
            player,
            options: t.options,
            round: t.round,
            phase: self.phase(),
            hand: player
                .map(|p| t.hands[p].iter().collect())
                .unwrap_or_default(),
            my_choice: player.and_then(|p| self.choice(p)),
            centre: centre.iter().collect(),
            preview: t.preview.iter().collect(),
            placed,
            shown,
            tie_draw: t.tie_draw.to_vec(),
            draft_order: t.order.to_vec(),
            to_pick: self.to_pick(),
            pool: t.pool.iter().collect(),
            picks,
            scores: self.scores().to_vec(),
            hand_sizes: t.hands[..players]
                .iter()
                .map(|h| h.len() as usize)
                .collect(),
            draw_pile: self.draw_pile_len(),
            discard_pile: t.discards.len() as usize,
            winners: self.winners(),
        }
    }
}
