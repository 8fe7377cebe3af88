//! The coordinator's save as the books keep it (issue 51): the log appended as rows, a save at
//! a time, and the small rest of the state; a save made before the rows still loads.

use tavolo_cards::GameRng;
use tavolo_server::tournament::{Coordinator, Effect, Lease, SavedTournament, TournamentSave};
use tavolo_store::{NewTournament, Store, TournamentSaveRow};

use super::bench::{sit_and_go, Bench, ID};

/// The bytes a save row writes: the rest of the state and the steps it carries.
fn bytes(row: &TournamentSaveRow) -> usize {
    row.state.len() + row.steps.iter().map(String::len).sum::<usize>()
}

/// Fault (issue 51's failover drill, 200 players on three nodes): every save rewrote the whole
/// log into the tournament's row (2.6 MB after 10,000 hands), so the bytes written grew with the
/// square of the hands and the holder kept the whole log, serialized, for each save in flight.
/// A save writes now only the steps since the last one the books recorded: over a whole
/// sit-and-go each step is written once, a save writes at most a few steps (the later saves no
/// more bytes of steps than the earlier ones) and never a tenth of the log, and once the books
/// have answered the coordinator keeps no step of the log.
#[test]
fn a_save_writes_only_the_steps_since_the_last_one() {
    let players = 27;
    let mut b = Bench::new(sit_and_go(players, 9), &[1_000; 27], 51);
    b.books.rows = Some(Vec::new());
    b.register(players);
    b.play_out(&mut GameRng::from_u64(52));
    let rows = b.books.rows.take().expect("measured");
    let log: usize = (b.books.log.iter())
        .map(|s| serde_json::to_string(s).expect("a step").len())
        .sum();
    assert!(b.books.log.len() > 150, "{} steps", b.books.log.len());
    assert!(rows.len() > 100, "{} saves", rows.len());
    // the steps a save carries do not grow with the log: the later half's no larger than the
    // first's, and a few a save (the last saves carry the prizes paid, three at once here, each
    // step smaller than a hand's)
    let carried = |r: &[TournamentSaveRow]| {
        let steps = |r: &TournamentSaveRow| r.steps.iter().map(String::len).max().unwrap_or(0);
        r.iter().map(steps).max().unwrap_or(0)
    };
    let half = rows.len() / 2;
    let (first, last) = (carried(&rows[..half]), carried(&rows[half..]));
    assert!(
        last <= first,
        "the later saves carry {last} bytes, the first {first}"
    );
    let widest = rows.iter().map(|r| r.steps.len()).max().unwrap_or(0);
    assert!(widest <= 4, "a save carried {widest} steps");
    // and no save writes a tenth of the log (the old format wrote it all each time)
    let most = rows.iter().map(bytes).max().unwrap_or(0);
    assert!(most * 10 < log, "a save of {most} bytes, the log {log}");
    // every step written once, in order, and none kept by the coordinator
    let written: usize = rows.iter().map(|r| r.steps.len()).sum();
    assert_eq!(written, b.books.log.len());
    assert!(b.core.unsaved().is_empty());
    assert_eq!(b.core.steps(), b.books.log.len() as u64);
}

/// Issue 51: a save made before the log was kept as rows — the whole log in the tournament's
/// row, no row of steps — still loads and replays; the new owner's first save writes the log as
/// rows, and the tournament then loads from the rows the same.
#[tokio::test]
async fn a_save_made_before_the_log_was_rows_still_loads() {
    let mut b = Bench::new(sit_and_go(9, 9), &[1_000; 9], 7);
    b.register(9);
    let mut rng = GameRng::from_u64(8);
    for _ in 0..12 {
        for t in b.dealing() {
            b.play(t, &mut rng);
            b.settle();
        }
    }
    let seq = b.books.save.as_ref().expect("saved").seq;
    let old = SavedTournament {
        seed: b.setup.seed,
        log: b.books.log.clone(),
        pending: b.core.pending(),
    };
    let old = serde_json::to_string(&old).expect("the old save");
    assert!(old.contains("\"log\":["), "the old format holds the log");
    let store = Store::open("sqlite::memory:").await.expect("a store");
    let t = NewTournament {
        id: ID.into(),
        name: "old".into(),
        game: "holdem".into(),
        config: "{}".into(),
        seed: "00".repeat(32),
        created_by: None,
    };
    let fence = store
        .create_tournament(&t, "n1", -1)
        .await
        .expect("recorded");
    let row = TournamentSaveRow {
        state: old.clone(),
        summary: "{}".into(),
        seq: seq as i64,
        from: 0,
        steps: Vec::new(),
    };
    store
        .save_tournament(&fence, None, &row)
        .await
        .expect("the old save");
    // another node takes it over
    let load = async |node: &str| {
        let (fence, row) = (store.claim_tournament(ID, node, -1).await)
            .expect("a claim")
            .expect("claimed");
        let steps = store
            .tournament_steps(ID, row.steps)
            .await
            .expect("the rows");
        let lease = Lease {
            tournament: ID.into(),
            epoch: fence.epoch,
        };
        let mut setup = b.setup.clone();
        setup.lease = lease.clone();
        let (held, save) = (TournamentSave::from_rows(lease, &row, &steps))
            .expect("it reads")
            .expect("saved");
        let (c, out) = Coordinator::restore(setup, held, save, b.now).expect("it replays");
        (fence, row, c, out)
    };
    let (fence, row, c, out) = load("n2").await;
    assert_eq!(row.steps, 0, "no rows yet");
    assert_eq!(c.tournament().stacks(), b.core.tournament().stacks());
    assert_eq!(c.steps(), b.books.log.len() as u64);
    let first = (out.iter())
        .find_map(|e| match e {
            Effect::Book(_, w) => Some(w.save().clone()),
            _ => None,
        })
        .expect("the new owner saves");
    assert_eq!((first.from, first.state.log.len()), (0, b.books.log.len()));
    let new = first.to_row("{}".into()).expect("a row");
    store
        .save_tournament(&fence, None, &new)
        .await
        .expect("saved as rows");
    let (_, row, again, _) = load("n3").await;
    assert_eq!(row.steps, b.books.log.len() as i64);
    assert!(row
        .state
        .as_deref()
        .is_some_and(|s| s.len() * 10 < old.len()));
    assert_eq!(again.tournament().stacks(), b.core.tournament().stacks());
    assert_eq!(again.steps(), b.books.log.len() as u64);
    assert!(again.unsaved().is_empty(), "the rows are held, not kept");
}
