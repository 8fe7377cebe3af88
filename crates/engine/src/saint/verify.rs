//! The verification of a game record: the record's choices re-executed through the engine
//! (`replay.rs`), every recorded fact compared with what the rules give.

use std::fmt::Debug;

use tavolo_cards::{Card, CardSet, Hand};

use super::error::RecordError;
use super::record::{parse_hex, Deal, HandRecord, RoundRecord, SaintRecord, RECORD_FORMAT};
use super::replay::{final_result, play_round, Stage};
use super::rules::{HandRule, ROUNDS};
use super::state::SaintGame;

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
        seed_deal(record, seed)?
    } else {
        explicit_deal(record, seed)?
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
    check_result(record, &g)?;
    Ok(g)
}

/// The game the seed deals, which must be the recorded deal.
fn seed_deal(record: &SaintRecord, seed: [u8; 32]) -> Result<SaintGame, RecordError> {
    let g = SaintGame::new(record.options, seed)?;
    let dealt = Deal::from_deck(&g.state.initial, &record.options);
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
    Ok(g)
}

/// The game of a recorded explicit deal, which must list every card.
fn explicit_deal(record: &SaintRecord, seed: [u8; 32]) -> Result<SaintGame, RecordError> {
    let g = SaintGame::from_deal(record.options, &record.deal, seed).map_err(|e| {
        RecordError::Deal {
            player: None,
            problem: e.to_string(),
        }
    })?;
    if record.deal.draw_pile.len() != g.draw_pile_len() + g.preview().len() as usize {
        return Err(RecordError::Deal {
            player: None,
            problem: "the draw pile must list every undealt card".to_string(),
        });
    }
    Ok(g)
}

/// The recorded result, which a finished game must have and an unfinished one must not.
fn check_result(record: &SaintRecord, g: &SaintGame) -> Result<(), RecordError> {
    match (&record.result, g.is_over()) {
        (Some(res), true) => {
            let want = final_result(g);
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
    Ok(())
}

/// The fairness proof of a whole game a server dealt from `seed`: the record was dealt by that
/// seed's shuffle, every recorded fact is what the rules give ([`verify_record`]), and the game
/// is over with its result stated — a record that stops early (a round and the result dropped)
/// proves nothing about the result.
pub fn prove_record(record: &SaintRecord, seed: [u8; 32]) -> Result<SaintGame, RecordError> {
    if parse_hex(&record.seed) != Some(seed) {
        return Err(RecordError::NotAProof(format!(
            "the record was dealt from seed {}, not from the revealed seed",
            record.seed
        )));
    }
    if !record.shuffled {
        return Err(RecordError::NotAProof(
            "the record's deal is stacked, not the seed's shuffle".into(),
        ));
    }
    let g = verify_record(record)?;
    if !g.is_over() {
        return Err(RecordError::NotAProof(format!(
            "the record stops in round {} of {ROUNDS}: no result to prove",
            g.round()
        )));
    }
    Ok(g)
}

/// Parses a JSON record and verifies it ([`verify_record`]).
pub fn verify_record_json(json: &str) -> Result<SaintGame, RecordError> {
    let record: SaintRecord =
        serde_json::from_str(json).map_err(|e| RecordError::Format(e.to_string()))?;
    verify_record(&record)
}
