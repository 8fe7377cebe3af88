//! Tournaments simulated whole (RULES.md §5): random fields of sit-and-goes and scheduled
//! multi-table tournaments at 6, 9 and 10 seats, hands that move random chips and bust random
//! players, late entries, re-entries and rebuys — and after every step the invariants: chips and
//! money conserved exactly, every player still in seated once, ⌈players / seats⌉ tables once
//! registration is closed, tables within the allowed gap, and at the end one place per entry,
//! places that follow each other, and prizes that add up to the pool.
//!
//! `TAVOLO_TOURNAMENT_RUNS` sets how many tournaments (default 200; the figure is
//! 10,000: `TAVOLO_TOURNAMENT_RUNS=10000 cargo test --release -p tavolo-engine --test it
//! tournament::`), `TAVOLO_TOURNAMENT_SEED` the first seed (a failing seed replays alone with
//! `TAVOLO_TOURNAMENT_RUNS=1 TAVOLO_TOURNAMENT_SEED=<seed>`).

use std::collections::BTreeMap;

use tavolo_cards::GameRng;
use tavolo_engine::tournament::{
    allowed_gap, Config, Effect, Phase, Speed, Start, Structure, Tournament,
};
use tavolo_engine::Chips;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What the room was asked to do, summed.
#[derive(Default)]
struct Books {
    charged_prize: Chips,
    charged_fee: Chips,
    refunded: Chips,
    paid: Chips,
    busted: Vec<(u32, usize, usize)>,
    rebuys: u64,
}

impl Books {
    fn take(&mut self, effects: &[Effect<u32>]) {
        for e in effects {
            match e {
                Effect::Charge { prize, fee, .. } => {
                    self.charged_prize += *prize;
                    self.charged_fee += *fee;
                    if *fee == 0 {
                        self.rebuys += 1;
                    }
                }
                Effect::Refund { amount, .. } => self.refunded += *amount,
                Effect::Pay { amount, .. } => self.paid += *amount,
                Effect::Busted(p) => self.busted.push((p.player, p.place, p.tied)),
                _ => {}
            }
        }
    }
}

fn config(rng: &mut GameRng) -> (Config, usize) {
    let seats = [6, 9, 10][rng.below(3) as usize];
    let mut structure =
        Structure::template([Speed::Regular, Speed::Turbo, Speed::Hyper][rng.below(3) as usize]);
    structure.starting_stack = Chips::new(1_000 + 100 * u64::from(rng.below(20)));
    let sng = rng.below(3) == 0;
    let entries = if sng {
        2 + rng.below(26) as usize
    } else {
        10 + rng.below(991) as usize
    };
    let start = if sng {
        Start::SitAndGo { players: entries }
    } else {
        Start::Scheduled {
            at_ms: 60_000,
            late_until_level: rng.below(4) as usize,
            min_players: 2,
        }
    };
    let late = !sng;
    let config = Config {
        seats,
        structure,
        prize: Chips::new(100),
        fee: Chips::new(10),
        start,
        re_entry: late && rng.below(2) == 0,
        rebuys: late && rng.below(2) == 0,
    };
    (config, entries)
}

/// One tournament from `seed`; an error names the invariant broken.
fn run(seed: u64) -> Result<(), String> {
    let mut rng = GameRng::from_u64(seed);
    let (config, entries) = config(&mut rng);
    let seats = config.seats;
    let start_stack = config.structure.starting_stack;
    let mut t: Tournament<u32> =
        Tournament::new(config.clone(), [seed as u8; 32]).map_err(|e| e.to_string())?;
    let mut books = Books::default();
    let mut now = 0u64;
    for p in 0..entries as u32 {
        books.take(
            &t.register(p, now)
                .map_err(|e| format!("register {p}: {e}"))?,
        );
    }
    let mut next_player = entries as u32;
    let mut idle_ticks = 0;
    for step in 0..2_000_000u64 {
        if matches!(t.phase(), Phase::Finished | Phase::Cancelled) {
            break;
        }
        // Late entries, re-entries and rebuys while registration is open.
        if t.phase() == Phase::Running && rng.below(50) == 0 {
            let busted: Vec<u32> = books.busted.iter().map(|b| b.0).collect();
            let who = if config.re_entry && !busted.is_empty() && rng.below(2) == 0 {
                busted[rng.below(busted.len() as u32) as usize]
            } else {
                next_player += 1;
                next_player
            };
            if let Ok(e) = t.register(who, now) {
                books.take(&e);
            }
            let low: Vec<u32> = t
                .stacks()
                .iter()
                .filter(|(_, s)| **s <= start_stack)
                .map(|(p, _)| *p)
                .collect();
            if let Some(&p) = low.first() {
                if let Ok(e) = t.rebuy(p) {
                    books.take(&e);
                }
            }
        }
        let dealable: Vec<usize> = (0..t.seatings().count())
            .filter(|&i| t.may_deal(i))
            .collect();
        if dealable.is_empty() {
            now += 60_000;
            books.take(&t.tick(now).map_err(|e| format!("tick: {e}"))?);
            idle_ticks += 1;
            if idle_ticks > 1_000 {
                return Err(format!(
                    "stalled at step {step}: no table may deal; {:?}, phase {:?}, hand-for-hand {}, left {}, open {}",
                    t.seatings().map(|s| s.players()).collect::<Vec<_>>(),
                    t.phase(),
                    t.hand_for_hand(),
                    t.stacks().len(),
                    t.registration_open()
                ));
            }
            continue;
        }
        idle_ticks = 0;
        let table = dealable[rng.below(dealable.len() as u32) as usize];
        t.dealt(table).map_err(|e| format!("deal: {e}"))?;
        let began = t.table_stacks(table).ok_or("no table")?;
        // A hand: one winner takes a random part of every other stack (all of it, sometimes).
        let winner = rng.below(began.len() as u32) as usize;
        let mut ended = began.clone();
        let mut won = Chips::ZERO;
        for (i, (_, s)) in ended.iter_mut().enumerate() {
            if i != winner {
                let lost = if rng.below(4) == 0 {
                    *s
                } else {
                    s.fraction(u64::from(rng.below(50)), 100)
                        .unwrap_or(Chips::ZERO)
                };
                *s -= lost;
                won += lost;
            }
        }
        ended[winner].1 += won;
        books.take(
            &t.hand_over(table, &began, &ended)
                .map_err(|e| format!("hand: {e}"))?,
        );
        now += 20_000;
        books.take(&t.tick(now).map_err(|e| format!("tick: {e}"))?);
        check(&t, &books, seats, start_stack).map_err(|e| format!("step {step}: {e}"))?;
    }
    if t.phase() == Phase::Cancelled {
        return if books.refunded == books.charged_prize + books.charged_fee {
            Ok(())
        } else {
            Err("a cancelled tournament did not refund everything".into())
        };
    }
    if t.phase() != Phase::Finished {
        return Err("never finished".into());
    }
    // One place per entry; places follow each other; prizes add up to the pool.
    if books.busted.len() != t.entries() {
        return Err(format!(
            "{} places for {} entries",
            books.busted.len(),
            t.entries()
        ));
    }
    let mut groups: BTreeMap<usize, (usize, usize)> = BTreeMap::new();
    for (_, place, tied) in &books.busted {
        let g = groups.entry(*place).or_insert((0, *tied));
        g.0 += 1;
    }
    let mut expect = 1;
    for (place, (count, tied)) in groups {
        if place != expect || count != tied {
            return Err(format!(
                "place {place} given {count} times (tied {tied}), expected place {expect}"
            ));
        }
        expect += count;
    }
    if expect != t.entries() + 1 {
        return Err(format!(
            "places end at {}, entries {}",
            expect - 1,
            t.entries()
        ));
    }
    if books.paid != t.pool() || books.charged_prize != t.pool() || books.charged_fee != t.fees() {
        return Err(format!(
            "money: paid {}, pool {}, charged {} + fees {} ({})",
            books.paid,
            t.pool(),
            books.charged_prize,
            books.charged_fee,
            t.fees()
        ));
    }
    Ok(())
}

fn check(
    t: &Tournament<u32>,
    books: &Books,
    seats: usize,
    start_stack: Chips,
) -> Result<(), String> {
    let chips: Chips = t.stacks().values().sum();
    let bought = start_stack.times(t.entries() as u64 + books.rebuys);
    if chips != bought {
        return Err(format!("chips: {chips} in play, {bought} bought"));
    }
    let mut seated: Vec<u32> = t
        .seatings()
        .flat_map(|s| s.seats.iter().flatten().copied())
        .collect();
    seated.sort_unstable();
    let players: Vec<u32> = t.stacks().keys().copied().collect();
    if seated != players {
        return Err(format!("seated {seated:?}, in {players:?}"));
    }
    let tables = t.seatings().filter(|s| s.players() > 0).count();
    if !t.registration_open() && tables != players.len().div_ceil(seats) {
        return Err(format!(
            "{tables} tables for {} players at {seats} seats",
            players.len()
        ));
    }
    let counts: Vec<usize> = t.seatings().map(|s| s.players()).collect();
    let spread = counts.iter().max().unwrap_or(&0) - counts.iter().min().unwrap_or(&0);
    if players.len() > 1 && spread > allowed_gap(counts.len()) {
        return Err(format!("tables unbalanced: {counts:?}"));
    }
    Ok(())
}

#[test]
fn simulated_tournaments_conserve_chips_and_money_and_keep_tables_balanced() {
    let runs = env("TAVOLO_TOURNAMENT_RUNS", 200);
    let first = env("TAVOLO_TOURNAMENT_SEED", 1);
    let mut failures = Vec::new();
    for seed in first..first + runs {
        if let Err(e) = run(seed) {
            failures.push(format!("seed {seed}: {e}\n  replay: TAVOLO_TOURNAMENT_RUNS=1 TAVOLO_TOURNAMENT_SEED={seed} cargo test -p tavolo-engine --test it tournament::"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {runs} tournaments broke an invariant:\n{}",
        failures.len(),
        failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// A sit-and-go of `players` at `seats` seats, 10,000 chips each, 100 + 10 an entry.
fn sit_and_go(players: usize, seats: usize) -> (Tournament<u32>, Vec<Effect<u32>>) {
    let config = Config {
        seats,
        structure: Structure::template(Speed::Regular),
        prize: Chips::new(100),
        fee: Chips::new(10),
        start: Start::SitAndGo { players },
        re_entry: false,
        rebuys: false,
    };
    let mut t = Tournament::new(config, [7; 32]).expect("settings");
    let mut effects = Vec::new();
    for p in 0..players as u32 {
        effects.extend(t.register(p, 0).expect("a seat"));
    }
    (t, effects)
}

/// Plays one hand at `table`: `ended(stacks)` gives the stacks at its end.
fn hand(
    t: &mut Tournament<u32>,
    table: usize,
    ended: impl Fn(&[(u32, u64)]) -> Vec<(u32, u64)>,
) -> Vec<Effect<u32>> {
    t.dealt(table).expect("may deal");
    let began = t.table_stacks(table).expect("the table");
    let plain: Vec<(u32, u64)> = began.iter().map(|(p, c)| (*p, c.get())).collect();
    let ended: Vec<(u32, Chips)> = (ended(&plain).into_iter())
        .map(|(p, c)| (p, Chips::new(c)))
        .collect();
    t.hand_over(table, &began, &ended).expect("the hand")
}

/// `winner` takes everything from `losers` (who bust).
fn bust(winner: u32, losers: &[u32]) -> impl Fn(&[(u32, u64)]) -> Vec<(u32, u64)> + '_ {
    move |began| {
        let won: u64 = began
            .iter()
            .filter(|(p, _)| losers.contains(p))
            .map(|(_, s)| s)
            .sum();
        began
            .iter()
            .map(|&(p, s)| match p {
                p if p == winner => (p, s + won),
                p if losers.contains(&p) => (p, 0),
                p => (p, s),
            })
            .collect()
    }
}

/// The players at `table`, in seat order.
fn seated(t: &Tournament<u32>, table: usize) -> Vec<u32> {
    let seating = t.seatings().nth(table).expect("the table");
    seating.seats.iter().flatten().copied().collect()
}

/// A hand at `table` in which its first seated player takes all of the second's chips.
fn first_busts_second(t: &mut Tournament<u32>, table: usize) -> Vec<Effect<u32>> {
    let at = seated(t, table);
    hand(t, table, bust(at[0], &[at[1]]))
}

fn chips(v: &[u64]) -> Vec<Chips> {
    v.iter().map(|c| Chips::new(*c)).collect()
}

fn busted(effects: &[Effect<u32>]) -> Vec<(u32, usize, usize)> {
    let mut b: Vec<_> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Busted(p) => Some((p.player, p.place, p.tied)),
            _ => None,
        })
        .collect();
    b.sort();
    b
}

#[test]
fn a_sit_and_go_starts_when_its_last_player_registers_with_drawn_seats_and_fixed_prizes() {
    let (t, effects) = sit_and_go(9, 9);
    assert_eq!(t.phase(), Phase::Running);
    let seated = effects
        .iter()
        .filter(|e| matches!(e, Effect::Seat { stack, .. } if *stack == 10_000))
        .count();
    assert_eq!(seated, 9);
    assert!(
        effects.contains(&Effect::Prizes(chips(&[450, 270, 180]))),
        "9 entries pay 50/30/20 of 900"
    );
    assert!(effects.contains(&Effect::Level(1)));
}

#[test]
fn unregistering_before_the_start_gives_back_the_entry_and_the_fee() {
    let config = Config {
        seats: 9,
        structure: Structure::template(Speed::Turbo),
        prize: Chips::new(100),
        fee: Chips::new(10),
        start: Start::Scheduled {
            at_ms: 1_000,
            late_until_level: 0,
            min_players: 2,
        },
        re_entry: false,
        rebuys: false,
    };
    let mut t: Tournament<u32> = Tournament::new(config, [1; 32]).expect("settings");
    t.register(1, 0).expect("in");
    assert_eq!(
        t.unregister(1).expect("out"),
        vec![Effect::Refund {
            player: 1,
            amount: Chips::new(110)
        }]
    );
    assert_eq!(
        (t.pool(), t.fees(), t.entries()),
        (Chips::ZERO, Chips::ZERO, 0)
    );
    // Alone at the start: cancelled, and the one left is refunded whole.
    t.register(2, 0).expect("in");
    let e = t.tick(1_000).expect("the start");
    assert_eq!(t.phase(), Phase::Cancelled);
    assert_eq!(
        e,
        vec![Effect::Refund {
            player: 2,
            amount: Chips::new(110)
        }]
    );
}

#[test]
fn a_hand_report_that_makes_chips_or_names_strangers_is_refused_and_changes_nothing() {
    let (mut t, _) = sit_and_go(3, 9);
    t.dealt(0).expect("deal");
    let began = t.table_stacks(0).expect("a table");
    let mut more = began.clone();
    more[0].1 += Chips::new(1);
    let before = t.stacks().clone();
    assert!(t.hand_over(0, &began, &more).is_err());
    let mut stranger = began.clone();
    stranger[0].0 = 99;
    assert!(t.hand_over(0, &stranger, &stranger).is_err());
    assert_eq!(t.stacks(), &before);
    assert!(
        t.hand_over(0, &began, &began).is_ok(),
        "the true report still lands"
    );
}

#[test]
fn players_busted_in_one_hand_finish_by_their_starting_stacks_and_the_winner_takes_first_prize() {
    let (mut t, _) = sit_and_go(4, 9);
    // 0 takes half of 1's chips: 1 begins the next hand with fewer than 2 and 3.
    assert_eq!(seated(&t, 0).len(), 4);
    let e = hand(&mut t, 0, |began| {
        began
            .iter()
            .map(|&(p, s)| match p {
                0 => (p, s + 5_000),
                1 => (p, s - 5_000),
                _ => (p, s),
            })
            .collect()
    });
    assert!(busted(&e).is_empty());
    // Now 1 (5,000), 2 and 3 (10,000 each) bust together: 2 and 3 tie for second, 1 is fourth.
    let e = hand(&mut t, 0, bust(0, &[1, 2, 3]));
    assert_eq!(busted(&e), vec![(0, 1, 1), (1, 4, 1), (2, 2, 2), (3, 2, 2)]);
    // 4 entries pay 65/35 of 400: 260 to the winner; 2 and 3 share 140 (second) + 0 (third).
    let pays: Vec<(u32, u64)> = e
        .iter()
        .filter_map(|e| match e {
            Effect::Pay { player, amount } => Some((*player, amount.get())),
            _ => None,
        })
        .collect();
    assert_eq!(pays, vec![(0, 260), (2, 70), (3, 70)]);
    assert_eq!(t.phase(), Phase::Finished);
}

#[test]
fn hand_for_hand_begins_at_the_bubble_and_busts_at_two_tables_in_its_hand_tie() {
    // 60 entries at 6 seats: 10 tables, 8 paid (an eighth of the field).
    let (mut t, e) = sit_and_go(60, 6);
    assert_eq!(t.seatings().count(), 10);
    assert!(e
        .iter()
        .any(|e| matches!(e, Effect::Prizes(p) if p.len() == 8)));
    // Bust players one hand at a time until 9 are left (one more than paid).
    let mut guard = 0;
    while t.stacks().len() > 9 {
        guard += 1;
        assert!(guard < 100, "never reached the bubble");
        let table = (0..t.seatings().count())
            .find(|&i| t.may_deal(i))
            .expect("a table deals");
        first_busts_second(&mut t, table);
    }
    assert!(t.hand_for_hand(), "hand-for-hand at 9 left with 8 paid");
    let tables: Vec<usize> = (0..t.seatings().count())
        .filter(|&i| t.seatings().nth(i).is_some_and(|s| s.players() > 0))
        .collect();
    assert_eq!(tables.len(), 2, "9 players sit at two tables");
    // One bust at each table in the same hand-for-hand hand: they tie for 8th and 9th.
    let mut all = Vec::new();
    for &table in &tables {
        assert!(t.may_deal(table));
        let e = first_busts_second(&mut t, table);
        if table == tables[0] {
            assert!(
                busted(&e).is_empty(),
                "the first table's bust waits for the other table's hand"
            );
            assert!(!t.may_deal(table), "and that table waits too");
        }
        all.extend(e);
    }
    let b = busted(&all);
    assert_eq!(b.len(), 2);
    assert!(
        b.iter().all(|&(_, place, tied)| place == 8 && tied == 2),
        "{b:?}"
    );
    assert!(
        all.contains(&Effect::HandForHand(false)),
        "the bubble burst"
    );
}

#[test]
fn a_rebuy_needs_a_stack_of_at_most_the_starting_stack_and_open_registration() {
    let config = Config {
        seats: 6,
        structure: Structure::template(Speed::Regular),
        prize: Chips::new(100),
        fee: Chips::new(10),
        start: Start::Scheduled {
            at_ms: 0,
            late_until_level: 2,
            min_players: 2,
        },
        re_entry: true,
        rebuys: true,
    };
    let mut t: Tournament<u32> = Tournament::new(config, [3; 32]).expect("settings");
    for p in 0..4 {
        t.register(p, 0).expect("in");
    }
    t.tick(0).expect("the start");
    let at = seated(&t, 0);
    let (winner, loser) = (at[0], at[1]);
    hand(&mut t, 0, |began| {
        began
            .iter()
            .map(|&(p, s)| {
                if p == winner {
                    (p, s + 4_000)
                } else if p == loser {
                    (p, s - 4_000)
                } else {
                    (p, s)
                }
            })
            .collect()
    });
    assert!(
        t.rebuy(winner).is_err(),
        "14,000 is above the starting stack"
    );
    assert_eq!(
        t.rebuy(loser).expect("a rebuy"),
        vec![Effect::Charge {
            player: loser,
            prize: Chips::new(100),
            fee: Chips::ZERO
        }]
    );
    assert_eq!(t.stacks()[&loser], 16_000);
    assert_eq!(t.pool(), 500);
    // After late registration (level 3 at 40 minutes) no more rebuys, and the prizes are fixed.
    let e = t.tick(40 * 60_000).expect("level 3");
    assert!(e
        .iter()
        .any(|e| matches!(e, Effect::Prizes(p) if p.iter().copied().sum::<Chips>() == 500)));
    assert!(t.rebuy(loser).is_err());
}

/// The first draw is uniform: over 100,000 draws of 18 players at two 9-seat tables, each
/// player's table-and-seat lands in each of the 18 places equally often (χ² with 17 degrees of
/// freedom per player, below the 0.1 % critical value 40.79), and the same seed draws the same
/// seats.
#[test]
fn the_first_draw_is_uniform_and_reproducible_from_the_committed_seed() {
    use tavolo_engine::tournament::first_draw;
    let players: Vec<u32> = (0..18).collect();
    let draws = 100_000u32;
    let mut counts = vec![[0u32; 18]; 18];
    let mut rng = GameRng::from_u64(2026);
    for _ in 0..draws {
        let mut order = players.clone();
        rng.shuffle(&mut order);
        for (t, table) in first_draw(&order, 9, &mut rng).iter().enumerate() {
            for (s, p) in table.seats.iter().enumerate() {
                if let Some(p) = p {
                    counts[*p as usize][t * 9 + s] += 1;
                }
            }
        }
    }
    let expected = f64::from(draws) / 18.0;
    for (p, row) in counts.iter().enumerate() {
        let chi2: f64 = row
            .iter()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        assert!(chi2 < 40.79, "player {p}: χ² {chi2:.1} over {row:?}");
    }
    let again = |seed| first_draw(&players, 9, &mut GameRng::from_u64(seed));
    assert_eq!(again(5), again(5));
    assert_ne!(again(5), again(6));
}

/// Finishing orders from the rules (RULES.md §5 "Finishing order and hand-for-hand", "Kinds and
/// money"), one scripted case a line: players left before the hand, the busts (player, stack at
/// the hand's start, table), and the places (player, place, players sharing it).
#[test]
fn finishing_order_cases_from_the_rules() {
    use tavolo_engine::tournament::{bust_places, Bust};
    type Case = (
        &'static str,
        usize,
        &'static [(u32, u64, usize)],
        &'static [(u32, usize, usize)],
    );
    let cases: [Case; 20] = [
        ("one bust", 10, &[(1, 500, 0)], &[(1, 10, 1)]),
        (
            "one table, two stacks",
            10,
            &[(1, 500, 0), (2, 300, 0)],
            &[(1, 9, 1), (2, 10, 1)],
        ),
        (
            "one table, equal stacks tie",
            10,
            &[(1, 500, 0), (2, 500, 0)],
            &[(1, 9, 2), (2, 9, 2)],
        ),
        (
            "one table, three stacks",
            6,
            &[(1, 100, 0), (2, 300, 0), (3, 200, 0)],
            &[(1, 6, 1), (2, 4, 1), (3, 5, 1)],
        ),
        (
            "one table, two equal and one larger",
            6,
            &[(1, 300, 0), (2, 300, 0), (3, 900, 0)],
            &[(1, 5, 2), (2, 5, 2), (3, 4, 1)],
        ),
        (
            "one table, two equal and one smaller",
            6,
            &[(1, 300, 0), (2, 300, 0), (3, 100, 0)],
            &[(1, 4, 2), (2, 4, 2), (3, 6, 1)],
        ),
        (
            "one table, all three equal",
            6,
            &[(1, 300, 0), (2, 300, 0), (3, 300, 0)],
            &[(1, 4, 3), (2, 4, 3), (3, 4, 3)],
        ),
        (
            "heads-up to a winner: second place",
            2,
            &[(1, 700, 0)],
            &[(1, 2, 1)],
        ),
        (
            "three-handed, two bust: second and third",
            3,
            &[(1, 200, 0), (2, 400, 0)],
            &[(1, 3, 1), (2, 2, 1)],
        ),
        (
            "hand-for-hand, two tables",
            12,
            &[(1, 100, 0), (2, 9_000, 1)],
            &[(1, 11, 2), (2, 11, 2)],
        ),
        (
            "hand-for-hand, three tables",
            20,
            &[(1, 100, 0), (2, 200, 1), (3, 300, 2)],
            &[(1, 18, 3), (2, 18, 3), (3, 18, 3)],
        ),
        (
            "hand-for-hand, two at one table and one elsewhere",
            20,
            &[(1, 500, 0), (2, 100, 0), (3, 50, 1)],
            &[(1, 18, 2), (2, 20, 1), (3, 18, 2)],
        ),
        (
            "hand-for-hand, two at each of two tables",
            30,
            &[(1, 500, 0), (2, 100, 0), (3, 50, 1), (4, 70, 1)],
            &[(1, 27, 2), (2, 29, 2), (3, 29, 2), (4, 27, 2)],
        ),
        (
            "hand-for-hand, equal stacks at one table and one elsewhere",
            20,
            &[(1, 100, 0), (2, 100, 0), (3, 900, 1)],
            &[(1, 18, 3), (2, 18, 3), (3, 18, 3)],
        ),
        (
            "52 left, 50 paid: three bust on the announcement hand at three tables",
            52,
            &[(1, 10, 0), (2, 20, 1), (3, 30, 2)],
            &[(1, 50, 3), (2, 50, 3), (3, 50, 3)],
        ),
        (
            "52 left: three bust at one table",
            52,
            &[(1, 10, 0), (2, 20, 0), (3, 30, 0)],
            &[(1, 52, 1), (2, 51, 1), (3, 50, 1)],
        ),
        (
            "52 left: two at one table, one at another",
            52,
            &[(1, 10, 0), (2, 20, 0), (3, 5, 1)],
            &[(1, 52, 1), (2, 50, 2), (3, 50, 2)],
        ),
        (
            "final table, four bust",
            9,
            &[(1, 1, 0), (2, 2, 0), (3, 3, 0), (4, 4, 0)],
            &[(1, 9, 1), (2, 8, 1), (3, 7, 1), (4, 6, 1)],
        ),
        (
            "a bust with no chips at the start is last",
            5,
            &[(1, 0, 0), (2, 10, 0)],
            &[(1, 5, 1), (2, 4, 1)],
        ),
        (
            "ties rank by stack only at their own table",
            40,
            &[(1, 300, 0), (2, 200, 0), (3, 200, 1), (4, 100, 1)],
            &[(1, 37, 2), (2, 39, 2), (3, 37, 2), (4, 39, 2)],
        ),
    ];
    for (name, left, busts, want) in cases {
        let busts: Vec<Bust<u32>> = busts
            .iter()
            .map(|&(player, stack, table)| Bust {
                player,
                stack: Chips::new(stack),
                table,
            })
            .collect();
        let mut got: Vec<(u32, usize, usize)> = bust_places(left, &busts)
            .into_iter()
            .map(|p| (p.player, p.place, p.tied))
            .collect();
        got.sort_unstable();
        assert_eq!(got, want, "{name}");
    }
}

/// What tied places and deals pay (RULES.md §5 "Kinds and money"), five scripted cases.
#[test]
fn tied_places_and_deals_pay_as_the_rules_say() {
    use tavolo_engine::tournament::{chip_chop, icm, share_tied, Tied};
    let tie = |player, stack, from_button| Tied {
        player,
        stack: Chips::new(stack),
        from_button,
    };
    let paid = |shares: Vec<(char, Chips)>| -> Vec<(char, u64)> {
        shares.into_iter().map(|(p, c)| (p, c.get())).collect()
    };
    // Two tie for 2nd and 3rd of 50/30/20 of 1,001 (501, 300, 200): 250 each, the odd chip to
    // the larger stack.
    let prizes = chips(&[501, 300, 200]);
    assert_eq!(
        share_tied(&prizes, 2, &[tie('a', 100, 1), tie('b', 400, 2)]).map(paid),
        Ok(vec![('a', 250), ('b', 250)])
    );
    // Three tie for 1st to 3rd: 1,001 / 3 = 333, two over: both to the larger stack.
    assert_eq!(
        share_tied(
            &prizes,
            1,
            &[tie('a', 100, 1), tie('b', 400, 2), tie('c', 100, 3)]
        )
        .map(paid),
        Ok(vec![('a', 333), ('b', 335), ('c', 333)])
    );
    // A tie across the money line: 3rd and 4th share the 3rd prize.
    assert_eq!(
        share_tied(&prizes, 3, &[tie('a', 100, 2), tie('b', 100, 1)]).map(paid),
        Ok(vec![('a', 100), ('b', 100)])
    );
    // The ICM deal of the rules.
    let e = icm(&chips(&[50, 30, 20]), &chips(&[70, 30])).expect("icm");
    let cents: Vec<i64> = e.iter().map(|x| (x * 100.0).round() as i64).collect();
    assert_eq!(cents, vec![4518, 3225, 2257]);
    // A chip chop of 50/30/20 among three: each is sure of 20; the other 40 go 60/30/10 by chips.
    assert_eq!(
        chip_chop(&chips(&[600, 300, 100]), &chips(&[50, 30, 20])),
        Ok(chips(&[44, 32, 24]))
    );
}
