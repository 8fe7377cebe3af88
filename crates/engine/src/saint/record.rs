//! The game record: a JSON document holding everything needed to check a game without trusting
//! the engine (schema: `docs/saint-record.md`), built by replaying a game's stored choices, and
//! its verification by re-executing it through the engine.

use std::fmt::Debug;

use serde::{Deserialize, Serialize};
use tavolo_cards::{Card, CardSet, Category, GameRng, Hand, Lang};

use super::error::{OptionsError, RecordError, SaintError};
use super::options::{HandRule, SaintOptions, HAND_SIZE, ROUNDS};
use super::{Action, SaintGame};

/// The `format` field of every record of this version.
pub const RECORD_FORMAT: &str = "tavolo-saint-record/1";

/// An explicit deal: hands, centre and draw pile.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// Ten cards per player, in seat order.
    pub hands: Vec<Vec<Card>>,
    /// The C centre cards.
    pub centre: Vec<Card>,
    /// The draw pile, top first. In [`SaintGame::from_deal`], cards named nowhere are added at
    /// the bottom in index order; a record always lists the whole pile.
    #[serde(default)]
    pub draw_pile: Vec<Card>,
}

impl Deal {
    /// The deck in dealing order (hands, centre, draw pile), checked against the settings.
    pub(super) fn deck(&self, options: &SaintOptions) -> Result<[Card; 52], OptionsError> {
        let bad = |problem: String| OptionsError::BadDeal { problem };
        if self.hands.len() != options.players as usize {
            return Err(bad(format!(
                "{} hands for {} players",
                self.hands.len(),
                options.players
            )));
        }
        for (p, h) in self.hands.iter().enumerate() {
            if h.len() != HAND_SIZE as usize {
                return Err(bad(format!(
                    "player {p} holds {} cards, not {HAND_SIZE}",
                    h.len()
                )));
            }
        }
        if self.centre.len() != options.centre_count() as usize {
            return Err(bad(format!(
                "the centre holds {} cards, not {}",
                self.centre.len(),
                options.centre_count()
            )));
        }
        let named = self
            .hands
            .iter()
            .flatten()
            .chain(&self.centre)
            .chain(&self.draw_pile);
        let set = CardSet::try_from_cards(named.copied()).map_err(|e| bad(e.to_string()))?;
        let mut deck = [super::NO_CARD; 52];
        let rest = !set;
        let all = self
            .hands
            .iter()
            .flatten()
            .chain(&self.centre)
            .chain(&self.draw_pile);
        for (slot, c) in deck.iter_mut().zip(all.copied().chain(rest.iter())) {
            *slot = c;
        }
        Ok(deck)
    }

    fn from_deck(deck: &[Card; 52], options: &SaintOptions) -> Deal {
        let h = HAND_SIZE as usize;
        let p = options.players as usize;
        let c = options.centre_count() as usize;
        Deal {
            hands: (0..p).map(|i| deck[i * h..(i + 1) * h].to_vec()).collect(),
            centre: deck[p * h..p * h + c].to_vec(),
            draw_pile: deck[p * h + c..].to_vec(),
        }
    }
}

/// A complete (or, for a game in progress, partial) game record. See `docs/saint-record.md`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaintRecord {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// The generator's 32-byte seed, 64 hex digits.
    pub seed: String,
    /// Player names by seat (the engine writes `P1`…; a table may fill in names).
    pub players: Vec<String>,
    /// The settings, the centre count always explicit.
    pub options: SaintOptions,
    /// True when the deal is the seed's shuffle (the verifier re-shuffles and compares); false
    /// for an explicit deal.
    pub shuffled: bool,
    /// The initial hands, centre and draw pile.
    pub deal: Deal,
    /// The rounds played, in order.
    pub rounds: Vec<RoundRecord>,
    /// The final result; absent while the game is in progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<FinalResult>,
}

/// One round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    /// 1 to 8.
    pub round: u8,
    /// The preview drawn at the start of the round (empty in round 8), lowest card first.
    pub preview: Vec<Card>,
    /// True when the draw pile ran short and the discards were shuffled into a new one.
    pub reshuffled: bool,
    /// The card each player placed, by seat.
    pub placed: Vec<Card>,
    /// The centre as scored (C + P cards), lowest first.
    pub centre: Vec<Card>,
    /// Each player's shown pair and hand, by seat.
    pub hands: Vec<HandRecord>,
    /// The draft (absent in round 8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draft: Option<DraftRecord>,
    /// The cards discarded at clean-up, lowest first.
    pub discards: Vec<Card>,
    /// Running totals after the round, by seat.
    pub scores: Vec<u32>,
}

/// A player's hand in a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandRecord {
    /// The two shown cards.
    pub shown: [Card; 2],
    /// The five cards of the best hand, in describing order.
    pub best_five: [Card; 5],
    /// The hand's category.
    pub category: Category,
    /// The hand's value, 1 (7-5-4-3-2) to 7,462 (royal flush): equal values tie.
    pub value: u16,
    /// The hand in English words (informational: not checked by the verifier, so that wording
    /// changes never invalidate old records).
    pub description: String,
    /// Points won this round.
    pub points: u32,
}

/// The draft of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftRecord {
    /// The round's random draw: every seat, in picking order among equal hands.
    pub tie_draw: Vec<usize>,
    /// The picking order of each pass: worst hand first.
    pub order: Vec<usize>,
    /// Every pick in order (both passes).
    pub picks: Vec<PickRecord>,
}

/// One draft pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PickRecord {
    /// Who picked.
    pub player: usize,
    /// The card taken.
    pub card: Card,
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalResult {
    /// Final points by seat.
    pub scores: Vec<u32>,
    /// The players with the most points (a shared victory when more than one).
    pub winners: Vec<usize>,
    /// Each seat's place: 1 + the number of players with more points (equal points share).
    pub places: Vec<usize>,
}

fn hex(seed: &[u8; 32]) -> String {
    seed.iter().map(|b| format!("{b:02x}")).collect()
}

fn parse_hex(s: &str) -> Option<[u8; 32]> {
    let b = s.as_bytes();
    if b.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, o) in out.iter_mut().enumerate() {
        let pair = std::str::from_utf8(&b[2 * i..2 * i + 2]).ok()?;
        *o = u8::from_str_radix(pair, 16).ok()?;
    }
    Some(out)
}

fn sorted(set: CardSet) -> Vec<Card> {
    set.iter().collect()
}

/// Checkpoints inside a round, where the verifier compares what is known so far.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Started,
    Scored,
    Ended,
}

/// Plays one round through `g` from its recorded choices, filling a [`RoundRecord`] from the
/// engine's state and calling `check` at each stage.
fn play_round(
    g: &mut SaintGame,
    placed: &[Card],
    shown: &[[Card; 2]],
    picks: &[PickRecord],
    check: &mut dyn FnMut(Stage, &RoundRecord) -> Result<(), RecordError>,
) -> Result<RoundRecord, RecordError> {
    let round = g.round();
    let players = g.players();
    let mut rr = RoundRecord {
        round,
        preview: sorted(g.preview()),
        reshuffled: g.t.reshuffled,
        placed: Vec::new(),
        centre: Vec::new(),
        hands: Vec::new(),
        draft: None,
        discards: Vec::new(),
        scores: Vec::new(),
    };
    check(Stage::Started, &rr)?;
    let count = |field: &'static str, found: usize| -> Result<(), RecordError> {
        if found == players {
            Ok(())
        } else {
            Err(RecordError::Mismatch {
                round,
                player: None,
                field,
                expected: format!("one per player ({players})"),
                found: format!("{found} entries"),
            })
        }
    };
    count("placed", placed.len())?;
    count("hands", shown.len())?;
    let act = |g: &mut SaintGame, a: Action| {
        g.apply_into(a, &mut Vec::new())
            .map_err(|source| RecordError::Illegal {
                round,
                player: a.player(),
                source,
            })
    };
    for (player, &card) in placed.iter().enumerate() {
        act(g, Action::Place { player, card })?;
    }
    rr.placed = placed.to_vec();
    for (player, &cards) in shown.iter().enumerate() {
        act(g, Action::Show { player, cards })?;
    }
    let centre = sorted(g.t.scored_centre);
    for (p, &given) in shown.iter().enumerate().take(players) {
        let pair = g.t.shown[p].unwrap_or(given);
        let rank = g.t.ranks[p];
        rr.hands.push(HandRecord {
            shown: pair,
            best_five: g
                .t
                .options
                .hand_rule
                .best_five(pair, &centre)
                .map_or([super::NO_CARD; 5], |(five, _)| five),
            category: rank.category(),
            value: rank.value(),
            description: rank.describe(Lang::En),
            points: g.t.points[p],
        });
    }
    rr.centre = centre;
    if round < ROUNDS {
        rr.draft = Some(DraftRecord {
            tie_draw: g.tie_draw().to_vec(),
            order: g.draft_order().to_vec(),
            picks: Vec::new(),
        });
    }
    check(Stage::Scored, &rr)?;
    if round < ROUNDS {
        for &pick in picks {
            act(
                g,
                Action::Pick {
                    player: pick.player,
                    card: pick.card,
                },
            )?;
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
        if let Some(d) = rr.draft.as_mut() {
            d.picks = picks.to_vec();
        }
    }
    rr.discards = sorted(g.t.last_discards);
    rr.scores = g.scores().to_vec();
    check(Stage::Ended, &rr)?;
    Ok(rr)
}

fn final_result(g: &SaintGame) -> FinalResult {
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
            self.t.options,
            self.t.initial,
            self.t.seed,
            self.t.shuffled,
            replay_rng(self.t.seed, self.t.shuffled),
        )
    }

    /// The game record so far: every completed round, and the result once the game is over.
    /// Built by replaying the stored choices, so it costs about one game's play plus the
    /// best-five search; nothing is recorded on the hot path.
    pub fn record(&self) -> Result<SaintRecord, SaintError> {
        if self.t.determinized {
            return Err(SaintError::Determinized);
        }
        let mut g = self.replay_start();
        let mut rounds = Vec::new();
        let players = self.players();
        let completed = if self.is_over() {
            ROUNDS
        } else {
            self.t.round - 1
        };
        for r in 1..=completed {
            let log = &self.t.log[(r - 1) as usize];
            let picks: Vec<PickRecord> = if r < ROUNDS {
                let order = g_order_after_show(&g, &log.placed[..players], &log.shown[..players]);
                (0..2 * players)
                    .map(|s| PickRecord {
                        player: order.get(s % players).copied().unwrap_or(0),
                        card: log.picks[s],
                    })
                    .collect()
            } else {
                Vec::new()
            };
            let rr = play_round(
                &mut g,
                &log.placed[..players],
                &log.shown[..players],
                &picks,
                &mut |_, _| Ok(()),
            )
            .map_err(|_| SaintError::Determinized)?;
            rounds.push(rr);
        }
        let options = SaintOptions {
            centre_cards: Some(self.t.centre_count),
            ..self.t.options
        };
        Ok(SaintRecord {
            format: RECORD_FORMAT.to_string(),
            seed: hex(&self.t.seed),
            players: (1..=players).map(|p| format!("P{p}")).collect(),
            options,
            shuffled: self.t.shuffled,
            deal: Deal::from_deck(&self.t.initial, &self.t.options),
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

fn replay_rng(seed: [u8; 32], shuffled: bool) -> GameRng {
    let mut rng = GameRng::from_seed(seed);
    if shuffled {
        let mut deck = Card::ALL;
        rng.shuffle(&mut deck);
    }
    rng
}

fn mismatch<T: PartialEq + Debug>(
    round: u8,
    player: Option<usize>,
    field: &'static str,
    expected: &T,
    found: &T,
) -> Result<(), RecordError> {
    if expected == found {
        Ok(())
    } else {
        Err(RecordError::Mismatch {
            round,
            player,
            field,
            expected: format!("{expected:?}"),
            found: format!("{found:?}"),
        })
    }
}

/// True when a recorded best five differs from the engine's but is an equally good legal choice:
/// five distinct cards of the shown pair and the centre (both shown cards and exactly three
/// centre cards under the default rule) with the same value.
fn equivalent_five(rule: HandRule, got: &HandRecord, rec: &HandRecord, centre: &[Card]) -> bool {
    let Ok(five) = CardSet::try_from_cards(rec.best_five) else {
        return false;
    };
    let own: CardSet = got.shown.into_iter().collect();
    let centre: CardSet = centre.iter().copied().collect();
    if !(five - own - centre).is_empty() {
        return false;
    }
    if rule == HandRule::TwoPlusThree && (five & own) != own {
        return false;
    }
    Hand::from_cards(&rec.best_five).evaluate().value() == got.value
}

/// Compares the part of a rebuilt round known at `stage` with the recorded one.
fn compare(
    stage: Stage,
    rule: HandRule,
    got: &RoundRecord,
    rec: &RoundRecord,
) -> Result<(), RecordError> {
    let r = got.round;
    match stage {
        Stage::Started => {
            mismatch(r, None, "round", &got.round, &rec.round)?;
            mismatch(r, None, "preview", &got.preview, &rec.preview)?;
            mismatch(r, None, "reshuffled", &got.reshuffled, &rec.reshuffled)
        }
        Stage::Scored => {
            mismatch(r, None, "centre", &got.centre, &rec.centre)?;
            for (p, (g, h)) in got.hands.iter().zip(&rec.hands).enumerate() {
                let p = Some(p);
                if !equivalent_five(rule, g, h, &got.centre) {
                    mismatch(r, p, "best_five", &g.best_five, &h.best_five)?;
                }
                mismatch(r, p, "category", &g.category, &h.category)?;
                mismatch(r, p, "value", &g.value, &h.value)?;
                mismatch(r, p, "points", &g.points, &h.points)?;
            }
            match (&got.draft, &rec.draft) {
                (Some(g), Some(d)) => {
                    mismatch(r, None, "draft.tie_draw", &g.tie_draw, &d.tie_draw)?;
                    mismatch(r, None, "draft.order", &g.order, &d.order)
                }
                (None, None) => Ok(()),
                (g, d) => mismatch(
                    r,
                    None,
                    "draft",
                    &g.as_ref().map(|_| "a draft").unwrap_or("no draft"),
                    &d.as_ref().map(|_| "a draft").unwrap_or("no draft"),
                ),
            }
        }
        Stage::Ended => {
            mismatch(r, None, "discards", &got.discards, &rec.discards)?;
            for (p, (g, s)) in got.scores.iter().zip(&rec.scores).enumerate() {
                mismatch(r, Some(p), "scores", g, s)?;
            }
            mismatch(r, None, "scores", &got.scores.len(), &rec.scores.len())
        }
    }
}

/// Re-executes a record through the engine and confirms every recorded fact: the deal (from
/// the seed when `shuffled`), each action's legality, and every derived value (preview, centre,
/// best five, category, points, tie draw, draft order, discards, running scores, result).
/// Returns the replayed game; the error names the round, the player and the first
/// inconsistency.
pub fn verify_record(record: &SaintRecord) -> Result<SaintGame, RecordError> {
    if record.format != RECORD_FORMAT {
        return Err(RecordError::Format(format!(
            "format is `{}`, expected `{RECORD_FORMAT}`",
            record.format
        )));
    }
    let seed = parse_hex(&record.seed)
        .ok_or_else(|| RecordError::Format("seed must be 64 hex digits".to_string()))?;
    let options = record.options;
    options.validate()?;
    mismatch(
        0,
        None,
        "players",
        &(options.players as usize),
        &record.players.len(),
    )?;
    let mut g = if record.shuffled {
        let g = SaintGame::new(options, seed)?;
        let dealt = Deal::from_deck(&g.t.initial, &options);
        for (p, (want, got)) in dealt.hands.iter().zip(&record.deal.hands).enumerate() {
            if want != got {
                return Err(RecordError::Deal {
                    player: Some(p),
                    problem: format!("the hand is {got:?} but the seed deals {want:?}"),
                });
            }
        }
        if dealt != record.deal {
            return Err(RecordError::Deal {
                player: None,
                problem: format!(
                    "the centre and draw pile are {:?} / {:?} but the seed deals {:?} / {:?}",
                    record.deal.centre, record.deal.draw_pile, dealt.centre, dealt.draw_pile
                ),
            });
        }
        g
    } else {
        let g =
            SaintGame::from_deal(options, &record.deal, seed).map_err(|e| RecordError::Deal {
                player: None,
                problem: e.to_string(),
            })?;
        if record.deal.draw_pile.len() != g.draw_pile_len() + g.preview().len() as usize {
            return Err(RecordError::Deal {
                player: None,
                problem: "the draw pile must list every undealt card".to_string(),
            });
        }
        g
    };
    if record.rounds.len() > ROUNDS as usize {
        return Err(RecordError::Format(format!(
            "{} rounds; a game has {ROUNDS}",
            record.rounds.len()
        )));
    }
    for rec in &record.rounds {
        let shown: Vec<[Card; 2]> = rec.hands.iter().map(|h| h.shown).collect();
        let picks = rec
            .draft
            .as_ref()
            .map(|d| d.picks.clone())
            .unwrap_or_default();
        play_round(&mut g, &rec.placed, &shown, &picks, &mut |stage, got| {
            compare(stage, options.hand_rule, got, rec)
        })?;
    }
    match (&record.result, g.is_over()) {
        (Some(res), true) => {
            let want = final_result(&g);
            mismatch(0, None, "result.scores", &want.scores, &res.scores)?;
            mismatch(0, None, "result.winners", &want.winners, &res.winners)?;
            mismatch(0, None, "result.places", &want.places, &res.places)?;
        }
        (None, false) => {}
        (res, over) => {
            return Err(RecordError::Mismatch {
                round: g.round(),
                player: None,
                field: "result",
                expected: if over {
                    "a result"
                } else {
                    "no result (game unfinished)"
                }
                .into(),
                found: if res.is_some() { "a result" } else { "none" }.into(),
            })
        }
    }
    Ok(g)
}

/// Parses a JSON record and verifies it ([`verify_record`]).
pub fn verify_record_json(json: &str) -> Result<SaintGame, RecordError> {
    let record: SaintRecord =
        serde_json::from_str(json).map_err(|e| RecordError::Format(e.to_string()))?;
    verify_record(&record)
}
