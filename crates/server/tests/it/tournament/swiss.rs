//! A Saint Poker Swiss event's coordinator (RULES.md §5, "Saint Poker tournaments (Swiss)"),
//! with explicit time and simulated books: six players from the first entry to the final
//! standings, the same event taken over by another owner in the middle of a round, and results
//! the event refuses. The tables' games are results injected (each player's Saint points a
//! fixed function of the round, the table and the player).

use std::time::{Duration, Instant};

use tavolo_cards::GameRng;

use tavolo_engine::tournament::{Standing, SwissConfig, SwissPhase, SwissStart};
use tavolo_server::books::Member;
use tavolo_server::tournament::swiss::{
    SwissCoordinator, SwissGame, SwissInput, SwissNotice, SwissOrder, SwissOut, SwissSetup,
};
use tavolo_server::tournament::{Ack, BookFailure, CoordError, Intent, Lease, Now, TournamentSave};
use tavolo_server::tournament::{Step, Write};
use tavolo_store::UserId;

const SEED: [u8; 32] = [9; 32];

/// The books: the newest save, fenced by the epoch of the last claim.
#[derive(Default)]
struct Books {
    newest: Option<TournamentSave>,
    epoch: i64,
}

impl Books {
    fn record(&mut self, write: &Write) -> Result<(), BookFailure> {
        let save = write.save();
        if save.lease.epoch < self.epoch {
            return Err(BookFailure::Fenced);
        }
        if self.newest.as_ref().is_none_or(|n| save.seq > n.seq) {
            self.newest = Some(save.clone());
        }
        Ok(())
    }
}

/// A coordinator, its clock and what it said.
struct Owner {
    core: SwissCoordinator,
    at: Instant,
    ms: u64,
    orders: Vec<SwissOrder>,
    notices: Vec<(UserId, SwissNotice)>,
    answers: Vec<(u64, Result<Ack, CoordError>)>,
    other: Vec<SwissOut>,
}

impl Owner {
    fn now(&mut self) -> Now {
        self.at += Duration::from_secs(1);
        self.ms += 1_000;
        Now {
            at: self.at,
            unix_ms: self.ms,
        }
    }

    /// Handles `input`, the books answering every save at once.
    fn handle(&mut self, books: &mut Books, input: SwissInput) {
        let now = self.now();
        let mut todo = self.core.handle(input, now);
        while !todo.is_empty() {
            let mut next = Vec::new();
            for out in todo {
                match out {
                    SwissOut::Book(id, write) => {
                        let answer = books.record(&write);
                        let now = self.now();
                        next.extend(self.core.handle(SwissInput::Booked(id, answer), now));
                    }
                    SwissOut::Order(o) => self.orders.push(o),
                    SwissOut::Notice(u, n) => self.notices.push((u, n)),
                    SwissOut::Answer(r, a) => self.answers.push((r, a)),
                    o => self.other.push(o),
                }
            }
            todo = next;
        }
    }

    /// The tables told to play and not told their result is recorded.
    fn playing(&self) -> Vec<(usize, usize, Vec<UserId>)> {
        let mut out: Vec<(usize, usize, Vec<UserId>)> = Vec::new();
        for o in &self.orders {
            match o {
                SwissOrder::Play {
                    round,
                    table,
                    players,
                } => {
                    let ids = players.iter().map(|m| m.id).collect();
                    out.retain(|(r, t, _)| (r, t) != (round, table));
                    out.push((*round, *table, ids));
                }
                SwissOrder::Recorded { round, table } => {
                    out.retain(|(r, t, _)| (r, t) != (round, table));
                }
            }
        }
        out
    }
}

fn member(i: i64) -> Member {
    Member::player(UserId(i), format!("p{i}"))
}

fn setup(epoch: i64) -> SwissSetup {
    SwissSetup {
        lease: Lease {
            tournament: "w1".into(),
            epoch,
        },
        config: SwissConfig {
            start: SwissStart::SitAndGo { players: 6 },
            rounds: None,
            knockout: None,
        },
        seed: SEED,
    }
}

fn owner(core: SwissCoordinator) -> Owner {
    Owner {
        core,
        at: Instant::now(),
        ms: 1_000_000,
        orders: Vec::new(),
        notices: Vec::new(),
        answers: Vec::new(),
        other: Vec::new(),
    }
}

/// The game of `players` at table `table` of round `round`: Saint points fixed by the three.
fn game(round: usize, table: usize, players: &[UserId]) -> SwissGame {
    SwissGame {
        round,
        table,
        played: (players.iter())
            .map(|p| {
                (
                    *p,
                    (p.0 * 7 + round as i64 * 13 + table as i64 * 3) % 11 - 5,
                )
            })
            .collect(),
        absent: Vec::new(),
    }
}

/// Six players registered with a new owner.
fn six(books: &mut Books) -> Owner {
    let now = Now {
        at: Instant::now(),
        unix_ms: 1_000_000,
    };
    let mut o = owner(SwissCoordinator::new(setup(1), now).expect("settings"));
    books.epoch = 1;
    for i in 0..6 {
        let intent = SwissInput::Intent {
            member: member(i),
            intent: Intent::Register,
            reply: i as u64,
        };
        o.handle(books, intent);
    }
    o
}

/// Plays every table of the round the owner has told to play.
fn play_round(o: &mut Owner, books: &mut Books) {
    for (round, table, players) in o.playing() {
        o.handle(books, SwissInput::GameOver(game(round, table, &players)));
    }
}

fn ranked(s: &[(Member, Standing<UserId>)]) -> Vec<(i64, u32, i64)> {
    s.iter()
        .map(|(m, s)| (m.id.0, s.points.0, s.saint))
        .collect()
}

#[test]
fn a_six_player_swiss_event_plays_four_rounds_at_two_tables_of_three_to_final_standings() {
    let mut books = Books::default();
    let mut o = six(&mut books);
    assert_eq!(o.answers.len(), 6);
    assert!(o
        .answers
        .iter()
        .all(|(_, a)| *a == Ok(Ack::Registered { entry: 1 })));
    let mut rounds = 0;
    while o.core.event().phase() == SwissPhase::Playing {
        let tables = o.playing();
        assert_eq!(tables.len(), 2, "two tables of three");
        assert!(tables.iter().all(|(_, _, p)| p.len() == 3));
        play_round(&mut o, &mut books);
        rounds += 1;
    }
    assert_eq!(rounds, 4, "⌈log₂ 6⌉ + 1 rounds");
    assert!(o.other.contains(&SwissOut::Finished));
    let standings = o.core.standings();
    assert_eq!(standings.len(), 6);
    let places: Vec<(UserId, usize)> = (o.notices.iter())
        .filter_map(|(u, n)| match n {
            SwissNotice::Placed { place } => Some((*u, *place)),
            _ => None,
        })
        .collect();
    assert_eq!(places.len(), 6);
    assert_eq!(places[0], (standings[0].0.id, 1), "the winner told first");
    // Each game's place points at a table of three: 6 + 3 + 0 = 9 a game, two games a round.
    let total: u32 = standings.iter().map(|(_, s)| s.points.0).sum();
    assert_eq!(total, 9 * 60 * 2 * 4);
    // The books hold the whole log: the six entries, the sit-and-go's games.
    let saved = books.newest.expect("saved");
    let games = (saved.state.log.iter())
        .filter(|s| matches!(s, Step::SwissGame(_)))
        .count();
    assert_eq!(games, 8);
}

#[test]
fn a_swiss_event_taken_over_in_the_middle_of_a_round_goes_on_to_the_same_standings() {
    // Uninterrupted.
    let mut books = Books::default();
    let mut o = six(&mut books);
    while o.core.event().phase() == SwissPhase::Playing {
        play_round(&mut o, &mut books);
    }
    let expected = ranked(&o.core.standings());

    // Round 2: table 0's result in, then another owner claims the event (epoch 2).
    let mut books = Books::default();
    let mut old = six(&mut books);
    play_round(&mut old, &mut books);
    let (round, table, players) = old.playing()[0].clone();
    assert_eq!(round, 2);
    old.handle(
        &mut books,
        SwissInput::GameOver(game(round, table, &players)),
    );
    books.epoch = 2;
    let save = books.newest.clone().expect("a save");
    let now = Now {
        at: Instant::now(),
        unix_ms: 2_000_000,
    };
    let (core, first) =
        SwissCoordinator::restore(setup(2), Vec::new(), save, now).expect("restored");
    let mut new = owner(core);
    let mut todo = first;
    // What the new owner says first, its save answered.
    while let Some(out) = todo.pop() {
        match out {
            SwissOut::Book(id, write) => {
                let answer = books.record(&write);
                let now = new.now();
                todo.extend(new.core.handle(SwissInput::Booked(id, answer), now));
            }
            SwissOut::Order(ord) => new.orders.push(ord),
            _ => {}
        }
    }
    assert_eq!(
        new.playing(),
        old.playing(),
        "the table still playing is told again to play, with the same players"
    );
    assert!(new
        .orders
        .contains(&SwissOrder::Recorded { round: 2, table }));
    // The table that finished says it again to the new owner: recorded once.
    let log = new.core.log().len();
    new.handle(
        &mut books,
        SwissInput::GameOver(game(round, table, &players)),
    );
    assert_eq!(new.core.log().len(), log, "recorded once");
    // The old owner's next save (the other table reported to it too) is fenced: it stops, and
    // answers nobody but "moved".
    let (r, t, p) = old.playing()[0].clone();
    old.handle(&mut books, SwissInput::GameOver(game(r, t, &p)));
    assert!(old.other.contains(&SwissOut::Stopped));
    let intent = SwissInput::Intent {
        member: member(9),
        intent: Intent::Register,
        reply: 99,
    };
    old.handle(&mut books, intent);
    assert!(old.answers.contains(&(99, Err(CoordError::Moved))));

    while new.core.event().phase() == SwissPhase::Playing {
        play_round(&mut new, &mut books);
    }
    assert_eq!(ranked(&new.core.standings()), expected);
    assert!(new.other.contains(&SwissOut::Finished));
}

#[test]
fn a_result_not_of_the_tables_players_or_changed_after_it_was_recorded_is_refused() {
    let mut books = Books::default();
    let mut o = six(&mut books);
    let tables = o.playing();
    let (round, table, players) = tables[0].clone();
    let others = tables[1].2.clone();
    o.handle(
        &mut books,
        SwissInput::GameOver(game(round, table, &others)),
    );
    o.handle(
        &mut books,
        SwissInput::GameOver(game(round, table, &players)),
    );
    let mut changed = game(round, table, &players);
    changed.played[0].1 += 1;
    o.handle(&mut books, SwissInput::GameOver(changed));
    let refused: Vec<&SwissOut> = (o.other.iter())
        .filter(|x| matches!(x, SwissOut::Refused { .. }))
        .collect();
    assert_eq!(refused.len(), 2, "{refused:?}");
    let intent = SwissInput::Intent {
        member: member(1),
        intent: Intent::Rebuy,
        reply: 50,
    };
    o.handle(&mut books, intent);
    assert!(matches!(o.answers.last(), Some((50, Err(_)))));
}

/// Handles `input` as [`Owner::handle`] does, the books failing a write now and then
/// (`Unavailable`: sent again when due), and then ticks until nothing is pending.
fn faulty(o: &mut Owner, books: &mut Books, rng: &mut GameRng, input: SwissInput) {
    faulty_all(o, books, rng, vec![input]);
}

/// [`faulty`] for several inputs, the last first.
fn faulty_all(o: &mut Owner, books: &mut Books, rng: &mut GameRng, mut inputs: Vec<SwissInput>) {
    for _ in 0..400 {
        let Some(input) = inputs.pop() else {
            if o.core.next_wake().is_none() {
                return;
            }
            inputs.push(SwissInput::Tick);
            continue;
        };
        let now = o.now();
        for out in o.core.handle(input, now) {
            match out {
                SwissOut::Book(id, write) => {
                    let answer = if rng.below(4) == 0 {
                        Err(BookFailure::Unavailable("simulated".into()))
                    } else {
                        books.record(&write)
                    };
                    inputs.push(SwissInput::Booked(id, answer));
                }
                SwissOut::Order(x) => o.orders.push(x),
                SwissOut::Notice(u, n) => o.notices.push((u, n)),
                SwissOut::Answer(r, a) => o.answers.push((r, a)),
                x => o.other.push(x),
            }
        }
    }
}

/// One simulated event from `seed`: 3 to 16 players, Swiss or elimination, played once
/// uninterrupted and once with failing writes, results reported twice, absent players and
/// takeovers at random moments. Both must end with the same final standings.
fn simulate(seed: u64) -> Result<(), String> {
    let mut rng = GameRng::from_u64(seed);
    let players = 3 + i64::from(rng.below(14));
    let knockout = [None, Some(1), Some(2)][rng.below(3) as usize];
    let config = SwissConfig {
        start: SwissStart::SitAndGo {
            players: players as usize,
        },
        rounds: None,
        knockout,
    };
    let absent = |round: usize, table: usize| (round * 7 + table) % 5 == 0;
    let mut run = |faults: bool| -> Result<Vec<(i64, u32, i64)>, String> {
        let mut books = Books {
            newest: None,
            epoch: 1,
        };
        let setup = |epoch| SwissSetup {
            config: config.clone(),
            ..setup(epoch)
        };
        let now = Now {
            at: Instant::now(),
            unix_ms: 1_000_000,
        };
        let mut o = owner(SwissCoordinator::new(setup(1), now).map_err(|e| e.to_string())?);
        for i in 0..players {
            let intent = SwissInput::Intent {
                member: member(i),
                intent: Intent::Register,
                reply: i as u64,
            };
            faulty(&mut o, &mut books, &mut rng, intent);
        }
        for step in 0..500 {
            if o.core.event().phase() != SwissPhase::Playing {
                break;
            }
            if faults && rng.below(10) == 0 {
                books.epoch += 1;
                let save = books.newest.clone().ok_or("nothing saved")?;
                let (core, first) =
                    SwissCoordinator::restore(setup(books.epoch), Vec::new(), save, o.now())
                        .map_err(|e| format!("step {step}: {e}"))?;
                o = owner(core);
                let mut inputs = vec![SwissInput::Tick];
                for out in first {
                    match out {
                        SwissOut::Order(x) => o.orders.push(x),
                        SwissOut::Book(id, write) => {
                            inputs.push(SwissInput::Booked(id, books.record(&write)));
                        }
                        _ => {}
                    }
                }
                faulty_all(&mut o, &mut books, &mut rng, inputs);
                continue;
            }
            let tables = o.playing();
            let Some((round, table, players)) = tables.first().cloned() else {
                return Err(format!("step {step}: no table plays"));
            };
            let mut g = game(round, table, &players);
            if absent(round, table) {
                let (p, _) = g.played.remove(0);
                g.absent.push(p);
            }
            let twice = faults && rng.below(5) == 0;
            for _ in 0..1 + usize::from(twice) {
                faulty(
                    &mut o,
                    &mut books,
                    &mut rng,
                    SwissInput::GameOver(g.clone()),
                );
            }
        }
        if !o.other.contains(&SwissOut::Finished) {
            return Err(format!(
                "never finished (faults {faults}): {:?} round {} playing {:?} tables {:?} wake {:?} log {}",
                o.core.event().phase(),
                o.core.event().round(),
                o.playing(),
                o.core.event().tables(),
                o.core.next_wake().is_some(),
                o.core.log().len()
            ));
        }
        Ok(ranked(&o.core.standings()))
    };
    let plain = run(false)?;
    let with_faults = run(true)?;
    if plain != with_faults {
        return Err(format!("standings differ: {plain:?} / {with_faults:?}"));
    }
    Ok(())
}

/// `TAVOLO_SWISS_RUNS` events (default 100) from `TAVOLO_SWISS_SEED` (default 1): a failing
/// seed replays alone with `TAVOLO_SWISS_RUNS=1 TAVOLO_SWISS_SEED=<seed> cargo test -p
/// tavolo-server --test it tournament::swiss`.
#[test]
fn swiss_events_with_failing_writes_and_takeovers_end_with_the_standings_of_an_event_without() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (runs, first) = (env("TAVOLO_SWISS_RUNS", 100), env("TAVOLO_SWISS_SEED", 1));
    let failures: Vec<String> = (first..first + runs)
        .filter_map(|seed| simulate(seed).err().map(|e| format!("seed {seed}: {e}")))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Fault (issue 51): a table whose result a former owner recorded, but that it stopped before
/// closing, stayed open in the books for good: a new owner told only the round in play's
/// tables, so a table of an earlier round was never closed. A new owner now tells every table
/// whose result the log holds, of every round, that it is recorded (its shell closes those the
/// books still hold open).
#[test]
fn a_table_recorded_but_not_closed_before_a_takeover_is_closed_by_the_new_owner() {
    let mut books = Books::default();
    let mut old = six(&mut books);
    play_round(&mut old, &mut books);
    assert_eq!(
        old.core.event().round(),
        2,
        "round 1's two games in, round 2 begun"
    );
    books.epoch = 2;
    let save = books.newest.clone().expect("a save");
    let now = Now {
        at: Instant::now(),
        unix_ms: 2_000_000,
    };
    let (_, first) = SwissCoordinator::restore(setup(2), Vec::new(), save, now).expect("restored");
    let orders: Vec<&SwissOrder> = (first.iter())
        .filter_map(|o| match o {
            SwissOut::Order(o) => Some(o),
            _ => None,
        })
        .collect();
    for table in 0..2 {
        let closed = SwissOrder::Recorded { round: 1, table };
        assert!(orders.contains(&&closed), "{closed:?} in {orders:?}");
    }
    let playing = (orders.iter())
        .filter(|o| matches!(o, SwissOrder::Play { round: 2, .. }))
        .count();
    assert_eq!(playing, 2, "round 2's tables told to play: {orders:?}");
}
