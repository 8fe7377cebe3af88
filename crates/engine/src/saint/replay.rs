//! A game's record rebuilt by replay: the stored choices played again through the engine from
//! the deal, round by round, each round's facts read off the engine's state. The verifier
//! (`verify.rs`) plays a record's choices the same way and compares at each stage.

use tavolo_cards::{Card, GameRng, Lang};

use super::action::Action;
use super::error::{RecordError, SaintError};
use super::record::{
    hex, sorted, Deal, DraftRecord, FinalResult, HandRecord, PickRecord, RoundRecord, SaintRecord,
    RECORD_FORMAT,
};
use super::rules::{SaintOptions, ROUNDS};
use super::state::SaintGame;

/// Checkpoints inside a round, where the verifier compares what is known so far.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    /// The preview is drawn.
    Started,
    /// The pairs are shown and scored, the draft ordered.
    Scored,
    /// The draft is over and the pool discarded.
    Ended,
}

/// Plays one round through `g` from its recorded choices, filling a [`RoundRecord`] from the
/// engine's state and calling `check` at each stage.
pub(super) fn play_round(
    g: &mut SaintGame,
    placed: &[Card],
    shown: &[[Card; 2]],
    picks: &[PickRecord],
    check: &mut dyn FnMut(Stage, &RoundRecord) -> Result<(), RecordError>,
) -> Result<RoundRecord, RecordError> {
    let round = g.round();
    let mut rr = RoundRecord {
        round,
        preview: sorted(g.preview()),
        reshuffled: g.state.reshuffled,
        placed: Vec::new(),
        centre: Vec::new(),
        hands: Vec::new(),
        draft: None,
        discards: Vec::new(),
        scores: Vec::new(),
    };
    check(Stage::Started, &rr)?;
    one_per_player(g, "placed", placed.len())?;
    one_per_player(g, "hands", shown.len())?;
    for (player, &card) in placed.iter().enumerate() {
        act(g, round, Action::Place { player, card })?;
    }
    rr.placed = placed.to_vec();
    for (player, &cards) in shown.iter().enumerate() {
        act(g, round, Action::Show { player, cards })?;
    }
    rr.centre = sorted(g.state.scored_centre);
    rr.hands = scored_hands(g, shown, &rr.centre)?;
    if round < ROUNDS {
        rr.draft = Some(DraftRecord {
            tie_draw: g.tie_draw().to_vec(),
            order: g.draft_order().to_vec(),
            picks: Vec::new(),
        });
    }
    check(Stage::Scored, &rr)?;
    if let Some(d) = rr.draft.as_mut() {
        play_draft(g, round, picks)?;
        d.picks = picks.to_vec();
    }
    rr.discards = sorted(g.state.last_discards);
    rr.scores = g.scores().to_vec();
    check(Stage::Ended, &rr)?;
    Ok(rr)
}

/// Plays a recorded action; a refusal names the round and the player.
fn act(g: &mut SaintGame, round: u8, a: Action) -> Result<(), RecordError> {
    g.apply_into(a, &mut Vec::new())
        .map_err(|source| RecordError::Illegal {
            round,
            player: a.player(),
            source,
        })
}

/// A recorded list that must hold one entry per player.
fn one_per_player(g: &SaintGame, field: &'static str, found: usize) -> Result<(), RecordError> {
    let players = g.players();
    if found == players {
        Ok(())
    } else {
        Err(RecordError::Mismatch {
            round: g.round(),
            player: None,
            field,
            expected: format!("one per player ({players})"),
            found: format!("{found} entries"),
        })
    }
}

/// Each player's hand as the engine scored it: the pair, the best five by the table's hand
/// rule, the value and the points.
fn scored_hands(
    g: &SaintGame,
    shown: &[[Card; 2]],
    centre: &[Card],
) -> Result<Vec<HandRecord>, RecordError> {
    let hand_rule = g.state.options.hand_rule;
    let mut hands = Vec::with_capacity(g.players());
    for (p, &given) in shown.iter().enumerate().take(g.players()) {
        let pair = g.state.shown[p].unwrap_or(given);
        let rank = g.state.ranks[p];
        let (best_five, _) =
            hand_rule
                .best_five(pair, centre)
                .map_err(|e| RecordError::Mismatch {
                    round: g.round(),
                    player: Some(p),
                    field: "best_five",
                    expected: "five cards of the pair and the centre".into(),
                    found: e.to_string(),
                })?;
        hands.push(HandRecord {
            shown: pair,
            best_five,
            category: rank.category(),
            value: rank.value(),
            description: rank.describe(Lang::En),
            points: g.state.points[p],
        });
    }
    Ok(hands)
}

/// Plays a round's recorded picks: exactly two passes of the players.
fn play_draft(g: &mut SaintGame, round: u8, picks: &[PickRecord]) -> Result<(), RecordError> {
    let players = g.players();
    for &pick in picks {
        let pick = Action::Pick {
            player: pick.player,
            card: pick.card,
        };
        act(g, round, pick)?;
    }
    if picks.len() != 2 * players {
        return Err(RecordError::Mismatch {
            round,
            player: g.to_pick(),
            field: "draft.picks",
            expected: format!("{} picks", 2 * players),
            found: format!("{} picks", picks.len()),
        });
    }
    Ok(())
}

pub(super) fn final_result(g: &SaintGame) -> FinalResult {
    let scores = g.scores().to_vec();
    let places = scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|t| *t > s).count())
        .collect();
    FinalResult {
        winners: g.winners(),
        scores,
        places,
    }
}

impl SaintGame {
    /// A fresh game with this game's settings, deal and seed, as it stood before any action.
    fn replay_start(&self) -> SaintGame {
        SaintGame::start(
            self.state.options,
            self.state.initial,
            self.state.seed,
            self.state.shuffled,
            replay_rng(self.state.seed, self.state.shuffled),
        )
    }

    /// The game record so far: every completed round, and the result once the game is over.
    /// Built by replaying the stored choices, so it costs about one game's play plus the
    /// best-five search; nothing is recorded on the hot path.
    pub fn record(&self) -> Result<SaintRecord, SaintError> {
        if self.state.determinized {
            return Err(SaintError::Determinized);
        }
        let mut g = self.replay_start();
        let mut rounds = Vec::new();
        let players = self.players();
        let completed = if self.is_over() {
            ROUNDS
        } else {
            self.state.round - 1
        };
        for r in 1..=completed {
            let log = &self.state.log[(r - 1) as usize];
            // A completed round logged every choice; a gap means the state was disturbed.
            let placed: Option<Vec<Card>> = (0..players).map(|p| log.placed(p)).collect();
            let shown: Option<Vec<[Card; 2]>> = (0..players).map(|p| log.shown(p)).collect();
            let (Some(placed), Some(shown)) = (placed, shown) else {
                return Err(SaintError::Determinized);
            };
            let picks: Vec<PickRecord> = if r < ROUNDS {
                let order = g_order_after_show(&g, &placed, &shown);
                (0..2 * players)
                    .filter_map(|s| {
                        Some(PickRecord {
                            player: order.get(s % players).copied().unwrap_or(0),
                            card: log.pick(s)?,
                        })
                    })
                    .collect()
            } else {
                Vec::new()
            };
            let rr = play_round(&mut g, &placed, &shown, &picks, &mut |_, _| Ok(()))
                .map_err(|_| SaintError::Determinized)?;
            rounds.push(rr);
        }
        let options = SaintOptions {
            centre_cards: Some(self.state.centre_count),
            ..self.state.options
        };
        Ok(SaintRecord {
            format: RECORD_FORMAT.to_string(),
            seed: hex(&self.state.seed),
            players: (1..=players).map(|p| format!("P{p}")).collect(),
            options,
            shuffled: self.state.shuffled,
            deal: Deal::from_deck(&self.state.initial, &self.state.options),
            rounds,
            result: self.is_over().then(|| final_result(self)),
        })
    }
}

/// The draft order a round will have, found on a scratch copy (the picks' players are not
/// logged, only the cards).
fn g_order_after_show(g: &SaintGame, placed: &[Card], shown: &[[Card; 2]]) -> Vec<usize> {
    let mut s = g.clone();
    let mut sink = Vec::new();
    for (player, &card) in placed.iter().enumerate() {
        let _ = s.apply_into(Action::Place { player, card }, &mut sink);
    }
    for (player, &cards) in shown.iter().enumerate() {
        let _ = s.apply_into(Action::Show { player, cards }, &mut sink);
    }
    s.draft_order().to_vec()
}

pub(super) fn replay_rng(seed: [u8; 32], shuffled: bool) -> GameRng {
    let mut rng = GameRng::from_seed(seed);
    if shuffled {
        let mut deck = Card::ALL;
        rng.shuffle(&mut deck);
    }
    rng
}
