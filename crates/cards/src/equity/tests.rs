//! Equity against exact counts and known results.

use super::*;
use crate::set::parse_cards;

fn known(s: &str) -> Holding {
    let v = parse_cards(s).unwrap();
    Holding::Known([v[0], v[1]])
}

fn query(hands: &[&str], board: &str, dead: &str) -> EquityQuery {
    EquityQuery::new(
        hands.iter().map(|h| known(h)).collect(),
        parse_cards(board).unwrap(),
        parse_cards(dead).unwrap().into_iter().collect(),
        Game::Holdem,
    )
    .unwrap()
}

#[test]
fn known_exact_results_over_all_1712304_boards() {
    let t = query(&["AsAh", "KdKc"], "", "").exact(&|_| {});
    assert_eq!(t.total, 1_712_304);
    assert_eq!(
        (t.wins[0], t.losses[0], t.ties[0]),
        (1_388_072, 317_694, 6_538)
    );
    let t = query(&["AhKh", "QsQd"], "", "").exact(&|_| {});
    assert_eq!(
        (t.wins[0], t.losses[0], t.ties[0]),
        (787_966, 917_606, 6_732)
    );
}

#[test]
fn rank_class_path_agrees_with_plain_enumeration() {
    let cases: &[(&[&str], &str)] = &[
        (&["AhKh", "QsQd"], ""),
        (&["7c2d", "7h2s"], ""),
        (&["AhKh", "QhJh", "Ts9s"], ""),
        (&["5c5d", "AsKs", "Jh9h", "2c3c"], "Ac"),
        (&["8d9d", "KcKs"], "2d 3d"),
    ];
    for (hands, dead) in cases {
        let q = query(hands, "", dead);
        let fast = q.exact_preflop();
        let slow = q.exact_enumerate(&|_| {});
        assert_eq!(fast.wins, slow.wins, "{hands:?}");
        assert_eq!(fast.ties, slow.ties, "{hands:?}");
        assert_eq!(fast.losses, slow.losses, "{hands:?}");
        assert_eq!(fast.total, slow.total);
        for p in 0..hands.len() {
            assert!((fast.equity(p) - slow.equity(p)).abs() < 1e-12);
        }
    }
}

#[test]
fn equities_sum_to_one_and_monte_carlo_is_within_its_error() {
    let q = EquityQuery::new(
        vec![known("AhKh"), Holding::Random, known("QsJs")],
        parse_cards("Qh 7c 2h").unwrap(),
        CardSet::EMPTY,
        Game::Holdem,
    )
    .unwrap();
    let exact = q.exact(&|_| {});
    let sum: f64 = (0..3).map(|p| exact.equity(p)).sum();
    assert!((sum - 1.0).abs() < 1e-9);
    let mc = q.monte_carlo(200_000, 7, &|_| {});
    for p in 0..3 {
        let err = (mc.equity(p) - exact.equity(p)).abs();
        assert!(
            err < 5.0 * mc.std_error(p),
            "player {p}: {err} vs se {}",
            mc.std_error(p)
        );
    }
}

#[test]
fn monte_carlo_is_reproducible_whatever_the_threads() {
    let q = query(&["AhKh", "QsQd"], "", "");
    let a = q.monte_carlo(50_000, 11, &|_| {});
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let b = one.install(|| q.monte_carlo(50_000, 11, &|_| {}));
    assert_eq!(a, b);
}

#[test]
fn saint_equity_uses_exactly_two_plus_three() {
    // Four hearts on the centre: a single heart in hand makes no flush in Saint Poker.
    let query = |game| {
        EquityQuery::new(
            vec![known("Ah2c"), known("KsKd")],
            parse_cards("3h 6h 9h Jh 4c").unwrap(),
            CardSet::EMPTY,
            game,
        )
        .unwrap()
    };
    let t = query(Game::Saint).exact(&|_| {});
    assert_eq!(t.total, 1);
    assert_eq!(
        t.wins[1], 1,
        "Kings beat ace-high when the flush does not count"
    );
    assert_eq!(
        query(Game::Holdem).exact(&|_| {}).wins[0],
        1,
        "in Hold'em the ace-high flush wins"
    );
}

#[test]
fn bad_questions_are_errors() {
    let h = known("AhKh");
    assert_eq!(
        EquityQuery::new(vec![h], vec![], CardSet::EMPTY, Game::Holdem).unwrap_err(),
        EquityError::PlayerCount(1)
    );
    assert!(matches!(
        EquityQuery::new(vec![h, h], vec![], CardSet::EMPTY, Game::Holdem),
        Err(EquityError::Duplicate(_))
    ));
    let spades: CardSet = Card::all()
        .filter(|c| c.suit() == crate::Suit::Spades)
        .collect();
    assert!(matches!(
        EquityQuery::new(vec![Holding::Random; 10], vec![], !spades, Game::Holdem),
        Err(EquityError::NotEnoughCards { need: 25, have: 13 })
    ));
}
