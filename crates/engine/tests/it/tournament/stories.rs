//! Tournaments told as rule stories (RULES.md §5): the start, refunds, refused reports, busts,
//! hand-for-hand, rebuys and the draw.

use tavolo_cards::GameRng;
use tavolo_engine::tournament::{
    Config, Effect, Phase, Speed, Start, Structure, Tournament, TournamentError, TournamentGame,
};
use tavolo_engine::Chips;

/// Ticks the clock at `at_ms` and checks that level `level` begins and, at once, the break that
/// follows the level before it, until `until_ms` (RULES.md §5, levels with breaks).
pub(super) fn break_begins(t: &mut Tournament<u32>, at_ms: u64, level: usize, until_ms: u64) {
    assert_eq!(
        t.tick(at_ms).expect("the clock"),
        vec![Effect::Level(level), Effect::Break { until_ms }],
        "the clock at {at_ms} ms: level {level}, then the break"
    );
}

/// Ticks the clock at `at_ms` (a level's or a break's end) and checks that level `level`
/// begins, and nothing else happens.
pub(super) fn level_begins(t: &mut Tournament<u32>, at_ms: u64, level: usize) {
    assert_eq!(
        t.tick(at_ms).expect("the clock"),
        vec![Effect::Level(level)],
        "the clock at {at_ms} ms: level {level}"
    );
}

/// A sit-and-go's settings: `players` at `seats` seats, the regular template (10,000 chips
/// each), 100 + 10 an entry.
pub(super) fn sit_and_go_config(players: usize, seats: usize) -> Config {
    Config {
        start: Start::SitAndGo { players },
        re_entry: false,
        rebuys: false,
        ..scheduled(seats, Speed::Regular, 0)
    }
}

/// A scheduled tournament's settings: starting at 0 ms, `seats` seats, the `speed` template,
/// 100 + 10 an entry, late registration with re-entries and rebuys until level `late`, no
/// add-on.
pub(super) fn scheduled(seats: usize, speed: Speed, late: usize) -> Config {
    Config {
        game: TournamentGame::Holdem,
        seats,
        structure: Structure::template(speed),
        prize: Chips::new(100),
        fee: Chips::new(10),
        start: Start::Scheduled {
            at_ms: 0,
            late_until_level: late,
            min_players: 2,
        },
        re_entry: true,
        rebuys: true,
        add_on: None,
        guarantee: None,
    }
}

/// A tournament of `config` with `players` registered, started at 0 ms.
pub(super) fn started(config: Config, players: u32) -> Tournament<u32> {
    let mut t = Tournament::new(config, [3; 32]).expect("settings");
    for p in 0..players {
        t.register(p, 0).expect("in");
    }
    t.tick(0).expect("the start");
    t
}

/// A sit-and-go of `players` at `seats` seats ([`sit_and_go_config`]), everybody registered.
pub(super) fn sit_and_go(players: usize, seats: usize) -> (Tournament<u32>, Vec<Effect<u32>>) {
    let config = sit_and_go_config(players, seats);
    let mut t = Tournament::new(config, [7; 32]).expect("settings");
    let mut effects = Vec::new();
    for p in 0..players as u32 {
        effects.extend(t.register(p, 0).expect("a seat"));
    }
    (t, effects)
}

/// Plays one hand at `table`, over at the latest time the tournament was given:
/// `ended(stacks)` gives the stacks at its end.
pub(super) fn hand(
    t: &mut Tournament<u32>,
    table: usize,
    ended: impl Fn(&[(u32, u64)]) -> Vec<(u32, u64)>,
) -> Vec<Effect<u32>> {
    hand_at(t, table, ended, 0)
}

/// Plays one hand at `table`, over at `now_ms`: `ended(stacks)` gives the stacks at its end.
pub(super) fn hand_at(
    t: &mut Tournament<u32>,
    table: usize,
    ended: impl Fn(&[(u32, u64)]) -> Vec<(u32, u64)>,
    now_ms: u64,
) -> Vec<Effect<u32>> {
    t.dealt(table).expect("may deal");
    let began = t.table_stacks(table).expect("the table");
    let plain: Vec<(u32, u64)> = began.iter().map(|(p, c)| (*p, c.get())).collect();
    let ended: Vec<(u32, Chips)> = (ended(&plain).into_iter())
        .map(|(p, c)| (p, Chips::new(c)))
        .collect();
    t.hand_over(table, &began, &ended, now_ms)
        .expect("the hand")
}

/// `winner` takes everything from `losers` (who bust).
pub(super) fn bust(winner: u32, losers: &[u32]) -> impl Fn(&[(u32, u64)]) -> Vec<(u32, u64)> + '_ {
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
pub(super) fn seated(t: &Tournament<u32>, table: usize) -> Vec<u32> {
    let seating = t.seatings().nth(table).expect("the table");
    seating.seats.iter().flatten().copied().collect()
}

/// A hyper sit-and-go of 60 at 6 seats (5-minute levels, a 5-minute break after level 4; 8
/// paid), everybody registered at 0 ms.
pub(super) fn sixty_hyper() -> Tournament<u32> {
    let config = Config {
        structure: Structure::template(Speed::Hyper),
        ..sit_and_go_config(60, 6)
    };
    let mut t = Tournament::new(config, [7; 32]).expect("settings");
    for p in 0..60 {
        t.register(p, 0).expect("a seat");
    }
    t
}

/// Busts a player a hand (the first seated busts the second, at the first table that may deal)
/// until the tournament plays hand-for-hand; the tables still in play.
pub(super) fn bust_to_the_bubble(t: &mut Tournament<u32>) -> Vec<usize> {
    while !t.hand_for_hand() {
        let table = (0..t.seatings().count())
            .find(|&i| t.may_deal(i))
            .expect("a table deals");
        first_busts_second(t, table);
    }
    (0..t.seatings().count())
        .filter(|&i| t.seatings().nth(i).is_some_and(|s| s.players() > 0))
        .collect()
}

/// A hand at `table` in which its first seated player takes all of the second's chips.
pub(super) fn first_busts_second(t: &mut Tournament<u32>, table: usize) -> Vec<Effect<u32>> {
    let at = seated(t, table);
    hand(t, table, bust(at[0], &[at[1]]))
}

pub(super) fn chips(v: &[u64]) -> Vec<Chips> {
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
        start: Start::Scheduled {
            at_ms: 1_000,
            late_until_level: 0,
            min_players: 2,
        },
        re_entry: false,
        rebuys: false,
        ..scheduled(9, Speed::Turbo, 0)
    };
    let mut t: Tournament<u32> = Tournament::new(config, [1; 32]).expect("settings");
    t.register(1, 0).expect("in");
    assert_eq!(
        t.unregister(1).expect("out"),
        vec![Effect::Refund {
            player: 1,
            prize: Chips::new(100),
            fee: Chips::new(10)
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
            prize: Chips::new(100),
            fee: Chips::new(10)
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
    assert!(t.hand_over(0, &began, &more, 0).is_err());
    let mut stranger = began.clone();
    stranger[0].0 = 99;
    assert!(t.hand_over(0, &stranger, &stranger, 0).is_err());
    assert_eq!(t.stacks(), &before);
    assert!(
        t.hand_over(0, &began, &began, 0).is_ok(),
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
    let mut t = started(scheduled(6, Speed::Regular, 2), 4);
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
    // The refusal the room asks first is the rebuy's own; a table in a hand is no refusal (the
    // rebuy is made once the hand is over), though the rebuy itself waits for it.
    assert_eq!(t.rebuy_refusal(winner), t.rebuy(winner).err());
    assert_eq!(t.rebuy_refusal(loser), None);
    let mut dealing = t.clone();
    dealing.dealt(0).expect("a hand");
    assert_eq!(dealing.rebuy_refusal(loser), None);
    assert_eq!(dealing.rebuy(loser), Err(TournamentError::MidHand));
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

#[test]
fn one_add_on_a_player_whatever_the_stack_in_the_last_level_of_the_rebuy_period_between_hands() {
    use tavolo_engine::tournament::{AddOn, Length};
    let config = Config {
        re_entry: false,
        add_on: Some(AddOn {
            chips: Chips::new(2_000),
            prize: Chips::new(100),
        }),
        ..scheduled(9, Speed::Turbo, 2)
    };
    let Length::Minutes(minutes) = config.structure.length else {
        panic!("levels by time");
    };
    let level_ms = u64::from(minutes) * 60_000;
    let start = config.structure.starting_stack;
    let mut t: Tournament<u32> = Tournament::new(config, [5; 32]).expect("settings");
    for p in 0..9 {
        t.register(p, 0).expect("in");
    }
    t.tick(0).expect("the start");
    assert!(
        t.add_on(0).is_err(),
        "level 1 is not the rebuy period's last"
    );
    t.tick(level_ms).expect("level 2");
    assert_eq!(t.level(), 2);
    // Table 0 deals: a player dealt in takes no add-on until the hand is over.
    t.dealt(0).expect("table 0 deals");
    assert!(t.add_on(0).is_err(), "between hands only");
    let began = t.table_stacks(0).expect("table 0");
    t.hand_over(0, &began, &began, 0).expect("the hand ends");
    let e = t.add_on(0).expect("the add-on");
    assert_eq!(
        e,
        vec![Effect::Charge {
            player: 0,
            prize: Chips::new(100),
            fee: Chips::ZERO
        }]
    );
    assert_eq!(t.stacks()[&0], start + Chips::new(2_000));
    assert_eq!(t.pool(), Chips::new(1_000));
    assert!(t.add_on(0).is_err(), "one add-on a player");
    t.tick(2 * level_ms)
        .expect("level 3: the rebuy period is over");
    assert!(t.add_on(1).is_err(), "not after the rebuy period");
}

/// Decision (the game of a tournament): a tournament's settings name its game; settings saved
/// before games were named (no `game` field) are a Hold'em tournament's, and a Draw tournament
/// seats at most 8 a table (RULES.md §3: 2–8 players) and plays a ladder of antes.
#[test]
fn a_tournament_saved_before_games_were_named_loads_as_holdem_and_draw_seats_at_most_8() {
    let config = sit_and_go_config(9, 9);
    let mut saved = serde_json::to_value(&config).expect("json");
    saved.as_object_mut().expect("an object").remove("game");
    let loaded: Config = serde_json::from_value(saved).expect("an old definition loads");
    assert_eq!(loaded.game, TournamentGame::Holdem);
    assert_eq!(loaded, config);
    let draw = Config {
        game: TournamentGame::Draw,
        structure: Structure::template_of(TournamentGame::Draw, Speed::Regular),
        ..sit_and_go_config(9, 8)
    };
    assert!(Tournament::<u32>::new(draw.clone(), [0; 32]).is_ok());
    let nine = Config {
        seats: 9,
        ..draw.clone()
    };
    assert!(matches!(
        Tournament::<u32>::new(nine, [0; 32]),
        Err(tavolo_engine::tournament::TournamentError::Settings(_))
    ));
    let blinds = Config {
        structure: Structure::template(Speed::Regular),
        ..draw
    };
    assert!(
        Tournament::<u32>::new(blinds, [0; 32]).is_err(),
        "a Draw tournament is not dealt at Hold'em's blinds"
    );
}
