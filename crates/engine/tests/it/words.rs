//! The catalogue of game words (`tavolo_cards::words`) is keyed by the engine's wire codes:
//! every street, Draw stage and Saint Poker phase the engine can write has a word in every
//! language, so no client ever shows a bare code.

use serde::Serialize;
use tavolo_cards::catalogue;
use tavolo_cards::words::{PHASE_CODES, STAGE_CODES, STREET_CODES};
use tavolo_engine::draw::Stage;
use tavolo_engine::holdem::Street;
use tavolo_engine::saint::PhaseName;

fn code<T: Serialize>(v: T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

#[test]
fn every_street_stage_and_phase_the_engine_writes_is_in_the_catalogue() {
    let streets = [Street::Preflop, Street::Flop, Street::Turn, Street::River].map(code);
    let stages = [
        Stage::FirstBetting,
        Stage::Exchange,
        Stage::SecondBetting,
        Stage::Showdown,
        Stage::Over,
    ]
    .map(code);
    let phases = [
        PhaseName::Place,
        PhaseName::Show,
        PhaseName::Draft,
        PhaseName::Over,
    ]
    .map(code);
    for s in &streets {
        assert!(STREET_CODES.contains(&s.as_str()), "street {s}");
    }
    assert_eq!(stages.to_vec(), STAGE_CODES.to_vec());
    assert_eq!(phases.to_vec(), PHASE_CODES.to_vec());
    for (lang, w) in catalogue() {
        for s in &streets {
            assert!(w.streets.contains_key(s.as_str()), "{lang} street {s}");
        }
        for s in &stages {
            assert!(w.stages.contains_key(s.as_str()), "{lang} stage {s}");
        }
        for p in &phases {
            assert!(w.phases.contains_key(p.as_str()), "{lang} phase {p}");
        }
    }
}
