//! The evaluator checked against the known facts of poker: distinct values and category counts
//! over every 5- and 7-card hand, and agreement with the plain reference evaluator.

use std::collections::HashSet;

use crate::common::{for_each_combination, shuffle_front};
use tavolo_cards::gen;
use tavolo_cards::{
    best_five, best_two_plus_three, evaluate, parse_cards, Card, Category, Centre, GameRng, Hand,
    HandRank, Lang, TieBreak,
};

thread_local! {
    static CLASS_KEYS: Vec<u32> = gen::all_class_keys();
}

fn cards() -> Vec<Card> {
    Card::all().collect()
}

/// The value of the hand written in `s`.
fn rank(s: &str) -> HandRank {
    evaluate(&parse_cards(s).unwrap()).unwrap()
}

/// The ranks of `a` and `b`, which the German tie-break must call equal.
fn german_tie(a: &str, b: &str) -> (HandRank, HandRank) {
    let (ra, rb) = (rank(a), rank(b));
    assert_eq!(
        TieBreak::German.compare(ra, rb),
        std::cmp::Ordering::Equal,
        "German: {a} ties {b}"
    );
    (ra, rb)
}

/// The reference: the best class key over all five-card subsets, mapped to its hand rank.
fn reference(cs: &[Card]) -> HandRank {
    let pairs: Vec<(u8, u8)> = cs
        .iter()
        .map(|c| (c.rank().index(), c.suit().index()))
        .collect();
    let key = gen::best_key(&pairs);
    let pos = CLASS_KEYS.with(|keys| keys.binary_search(&key).expect("reference key is a class"));
    HandRank::from_value(pos as u16 + 1).expect("in range")
}

#[test]
fn five_card_hands_have_7462_values_and_the_known_category_counts() {
    let mut counts = [0u64; 9];
    let mut seen = HashSet::new();
    for_each_combination(&cards(), 5, Hand::new(), &|h, c| h + c, &mut |h, _| {
        let r = h.evaluate();
        counts[r.category() as usize] += 1;
        seen.insert(r);
    });
    assert_eq!(seen.len(), 7462);
    assert_eq!(
        counts,
        [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    );
}

#[test]
fn six_card_hands_have_6075_values() {
    let mut seen = vec![false; 7463];
    for_each_combination(&cards(), 6, Hand::new(), &|h, c| h + c, &mut |h, _| {
        seen[h.evaluate().value() as usize] = true;
    });
    assert_eq!(seen.iter().filter(|&&s| s).count(), 6075);
}

#[test]
fn seven_card_hands_have_4824_values_and_the_known_category_counts() {
    let mut counts = [0u64; 9];
    let mut by_value = vec![0u64; 7463];
    for_each_combination(&cards(), 7, Hand::new(), &|h, c| h + c, &mut |h, _| {
        by_value[h.evaluate().value() as usize] += 1;
    });
    let mut distinct = 0;
    for (v, &n) in by_value.iter().enumerate().skip(1) {
        if n > 0 {
            distinct += 1;
            counts[HandRank::from_value(v as u16).unwrap().category() as usize] += n;
        }
    }
    assert_eq!(by_value[0], 0, "no 7-card hand may fall outside the tables");
    assert_eq!(distinct, 4824);
    assert_eq!(counts.iter().sum::<u64>(), 133_784_560);
    assert_eq!(
        counts,
        [
            23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
            224_848, 41_584
        ]
    );
}

#[test]
fn agrees_with_the_reference_on_a_million_random_hands() {
    let mut rng = GameRng::from_u64(20261130);
    let mut deck = cards();
    for i in 0..1_000_000 {
        let n = 5 + i % 3;
        shuffle_front(&mut deck, n, &mut rng);
        let hand = &deck[..n];
        assert_eq!(
            Hand::from_cards(hand).evaluate(),
            reference(hand),
            "{hand:?}"
        );
    }
}

#[test]
fn the_wheel_is_the_lowest_straight_and_qka23_is_no_straight() {
    let wheel = rank("Ah 2c 3d 4s 5h");
    let six_high = rank("6h 2c 3d 4s 5h");
    assert_eq!(wheel.category(), Category::Straight);
    assert!(wheel < six_high);
    assert_eq!(wheel.describe(Lang::En), "Straight, Five high");
    let around = rank("Qh Kc Ad 2s 3h");
    assert_eq!(around.category(), Category::HighCard);
    let (five, _) = best_five(&parse_cards("Ah 2c 3d 4s 5h 9c 9d").unwrap()).unwrap();
    assert_eq!(five[0].rank(), tavolo_cards::Rank::Five, "{five:?}");
}

#[test]
fn suits_never_break_ties() {
    let a = rank("Ah Kh 9c 7d 3s");
    let b = rank("As Kd 9h 7c 3h");
    assert_eq!(a, b);
}

#[test]
fn descriptions_in_four_languages() {
    let r = rank("Kh Kd 7s 7c As");
    assert_eq!(
        r.describe(Lang::En),
        "Two pair, Kings and Sevens, Ace kicker"
    );
    assert_eq!(
        r.describe(Lang::It),
        "Doppia Coppia, Re e Sette, kicker Asso"
    );
    assert_eq!(r.describe(Lang::Pt), "Dois pares, Reis e Setes, kicker Ás");
    assert_eq!(
        r.describe(Lang::De),
        "Zwei Paare, Könige und Siebener, Kicker Ass"
    );
    let royal = rank("As Ks Qs Js Ts");
    assert_eq!(royal, HandRank::BEST);
    assert_eq!(royal.describe(Lang::En), "Royal flush");
    let fh = rank("Kh Kd Ks 7c 7s");
    assert_eq!(fh.describe(Lang::En), "Full house, Kings full of Sevens");
    assert_eq!(fh.describe(Lang::It), "Full di Re con Sette");
    for v in 1..=7462 {
        let r = HandRank::from_value(v).unwrap();
        for lang in [Lang::En, Lang::It, Lang::Pt, Lang::De] {
            let d = r.describe(lang);
            if r != HandRank::BEST {
                assert!(
                    d.contains(r.category().name(lang)),
                    "{d} lacks its category name"
                );
            }
            assert!(!d.contains('?'), "{d}");
        }
    }
}

/// RULES.md §0, German draw: seed 004 section 2.
#[test]
fn german_pair_ties_ignore_fourth_and_fifth_card() {
    let (a, b) = german_tie("Ks Kh Ad 9c 4s", "Kd Kc Ah 8c 3s");
    assert!(a > b);
    let c = rank("Kd Kc Qh 8c 3s");
    assert_eq!(
        TieBreak::German.compare(a, c),
        std::cmp::Ordering::Greater,
        "highest kicker counts"
    );
}

#[test]
fn german_full_house_compares_only_the_three() {
    let (a, b) = german_tie("Qs Qh Qd 2c 2s", "Qc Qs Qd Ac Ah");
    assert!(b > a);
    let c = rank("Kc Ks Kd 2h 2d");
    assert_eq!(TieBreak::German.compare(c, b), std::cmp::Ordering::Greater);
}

#[test]
fn german_two_pair_flush_and_high_card_use_every_card() {
    let a = rank("Ks Kh 7d 7c 9s");
    let b = rank("Kd Kc 7h 7s 8s");
    assert_eq!(TieBreak::German.compare(a, b), std::cmp::Ordering::Greater);
    let f1 = rank("Ah Kh 9h 7h 3h");
    let f2 = rank("Ad Kd 9d 7d 2d");
    assert_eq!(
        TieBreak::German.compare(f1, f2),
        std::cmp::Ordering::Greater
    );
    let h1 = rank("Ah Kd 9h 7h 3c");
    let h2 = rank("Ad Kh 9d 7d 2c");
    assert_eq!(
        TieBreak::German.compare(h1, h2),
        std::cmp::Ordering::Greater
    );
}

#[test]
fn german_order_agrees_with_standard_across_categories() {
    for v in 1..7462u16 {
        let a = HandRank::from_value(v).unwrap();
        let b = HandRank::from_value(v + 1).unwrap();
        assert_ne!(TieBreak::German.compare(a, b), std::cmp::Ordering::Greater);
    }
}

/// A hand's value as sent under a tie-break (`code_under`) says all that rule compares: two
/// hands tie under it exactly when their category and deciding ranks are the same (German: "one
/// pair, Kings, Ace kicker" is the whole of such a hand, the replayer's wording of it).
#[test]
fn a_hands_code_under_a_tie_break_is_what_the_rule_compares() {
    for rule in [TieBreak::Standard, TieBreak::German] {
        for v in 1..7462u16 {
            let a = HandRank::from_value(v).unwrap();
            let b = HandRank::from_value(v + 1).unwrap();
            let tie = rule.compare(a, b) == std::cmp::Ordering::Equal;
            let (ca, cb) = (a.code_under(rule), b.code_under(rule));
            let same = ca.category == cb.category && ca.ranks == cb.ranks;
            assert_eq!(tie, same, "{rule:?}: {a} / {b}: {ca:?} / {cb:?}");
        }
    }
}

#[test]
fn saint_centre_agrees_with_brute_force_two_plus_three() {
    let mut rng = GameRng::from_u64(5);
    let mut deck = cards();
    for _ in 0..300_000 {
        shuffle_front(&mut deck, 7, &mut rng);
        let centre = Centre::new(&deck[2..7]).unwrap();
        let fast = centre.evaluate(deck[0], deck[1]);
        let (_, slow) = best_two_plus_three(&deck[..2], &deck[2..7]).unwrap();
        assert_eq!(fast, slow, "{:?} + {:?}", &deck[..2], &deck[2..7]);
        // Exactly 2+3 is never better than the best five of seven.
        assert!(fast <= Hand::from_cards(&deck[..7]).evaluate());
    }
}

#[test]
fn shown_pair_must_use_both_cards_and_exactly_three_centre_cards() {
    // Four hearts in the centre and one in hand: no flush with exactly 2+3.
    let centre = Centre::new(&parse_cards("2h 5h 9h Jh Kc").unwrap()).unwrap();
    let r = centre.evaluate("Ah".parse().unwrap(), "3c".parse().unwrap());
    assert_eq!(r.category(), Category::HighCard);
    // A centre straight does not count unless both own cards are used.
    let centre = Centre::new(&parse_cards("5c 6d 7h 8s 9c").unwrap()).unwrap();
    let r = centre.evaluate("2h".parse().unwrap(), "Kd".parse().unwrap());
    assert_eq!(r.category(), Category::HighCard);
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    assert!(evaluate(&parse_cards("As Ks Qs Js").unwrap()).is_err());
    assert!(evaluate(&parse_cards("As Ks Qs Js Ts 9s 8s 7s").unwrap()).is_err());
    let dup = [Card::from_index(0).unwrap(); 5];
    assert!(evaluate(&dup).is_err());
    assert!(Centre::new(&dup).is_err());
    assert!(best_two_plus_three(&dup[..1], &dup).is_err());
}

#[test]
fn for_each_next_card_agrees_with_evaluating_each_hand() {
    let mut rng = GameRng::from_u64(77);
    let mut deck = cards();
    for i in 0..20_000 {
        let n = 4 + i % 3; // 4, 5 or 6 cards, then each possible next card
        shuffle_front(&mut deck, n, &mut rng);
        let base = Hand::from_cards(&deck[..n]);
        let rest: tavolo_cards::CardSet = deck[n..].iter().copied().collect();
        let mut count = 0;
        base.for_each_next_card(rest, |c, v| {
            count += 1;
            let mut all = deck[..n].to_vec();
            all.push(c);
            assert_eq!(v, evaluate(&all).unwrap(), "{all:?}");
        });
        assert_eq!(count, 52 - n);
    }
}

#[test]
fn for_each_next_card_values_suited_cards_of_four_five_and_six_card_suits() {
    // Six-card hands holding four, five or six cards of a suit (the flush cases of the
    // next-card rows), with every card, a random half of the cards, and the cards above a
    // random one, against `evaluate`; cards already held are a logic error but never panic.
    let mut rng = GameRng::from_u64(4_19);
    let mut deck = cards();
    let mut counts = [0usize; 7];
    let mut i = 0u64;
    while counts[4..].iter().any(|&n| n < 3_000) {
        i += 1;
        shuffle_front(&mut deck, 6, &mut rng);
        let mut per_suit = [0usize; 4];
        for c in &deck[..6] {
            per_suit[usize::from(c.index() & 3)] += 1;
        }
        let most = per_suit.iter().copied().max().unwrap_or(0);
        if most < 4 || counts[most] >= 3_000 {
            continue;
        }
        counts[most] += 1;
        let base = Hand::from_cards(&deck[..6]);
        let rest: Vec<Card> = deck[6..].to_vec();
        let half: tavolo_cards::CardSet =
            rest.iter().copied().filter(|_| rng.below(2) == 1).collect();
        let from = rng.below(52);
        let above =
            tavolo_cards::CardSet::from_bits(tavolo_cards::CardSet::FULL.bits() >> from << from)
                .unwrap_or(tavolo_cards::CardSet::EMPTY);
        let held: tavolo_cards::CardSet = deck[..6].iter().copied().collect();
        let all: tavolo_cards::CardSet = rest.iter().copied().collect();
        for next in [all, half, above - held] {
            let mut count = 0;
            base.for_each_next_card(next, |c, v| {
                count += 1;
                let mut cards = deck[..6].to_vec();
                cards.push(c);
                assert_eq!(v, evaluate(&cards).unwrap(), "{cards:?} (case {i})");
            });
            assert_eq!(count, next.len() as usize);
        }
        // Held cards among the next ones: unspecified values, every card still called.
        let mut count = 0;
        base.for_each_next_card(above, |_, _| count += 1);
        assert_eq!(count, above.len() as usize);
    }
}

#[test]
fn rank_keys_give_every_multiset_of_up_to_seven_ranks_its_own_sum() {
    // Every multiset of 0 to 7 ranks, each rank at most four times: its sum of bases, and of
    // scrambled keys modulo 2^25.
    fn sums(r: usize, left: u32, base: u32, key: u32, out: &mut Vec<(u32, u32)>) {
        if r == 13 {
            out.push((base, key & gen::KEY_MASK));
            return;
        }
        for j in 0..=left.min(4) {
            let (b, k) = (gen::RANK_BASES[r] * j, gen::RANK_KEYS[r].wrapping_mul(j));
            sums(r + 1, left - j, base + b, key.wrapping_add(k), out);
        }
    }
    let mut all = Vec::new();
    sums(0, 7, 0, 0, &mut all);
    let max = all.iter().map(|s| s.0).max().unwrap_or(0);
    assert_eq!(max, 4 * gen::RANK_BASES[12] + 3 * gen::RANK_BASES[11]);
    assert!(max < 1 << gen::KEY_BITS);
    let n = all.len();
    let mut bases: Vec<u32> = all.iter().map(|s| s.0).collect();
    bases.sort_unstable();
    bases.dedup();
    assert_eq!(bases.len(), n, "two multisets share a sum of bases");
    let mut keys: Vec<u32> = all.iter().map(|s| s.1).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), n, "two multisets share a rank key");
}

/// Reruns the greedy search of the rank bases (minutes in release):
/// `cargo test -p tavolo-cards --release --test it -- --ignored rank_bases`.
#[test]
#[ignore]
fn rank_bases_are_the_greedy_ones() {
    assert_eq!(gen::find_rank_bases(), gen::RANK_BASES);
}

#[test]
fn for_each_next_card_over_every_six_card_hand_values_all_7_card_hands_alike() {
    // Each six-card hand with every higher card: all 133,784,560 seven-card hands once, valued
    // by the next-card rows (and the flush fallback), against `evaluate` on the same hands.
    let deck = cards();
    let mut by_value = vec![0u64; 7463];
    let mut mismatches = 0u64;
    for_each_combination(&deck, 6, Hand::new(), &|h, c| h + c, &mut |h, last| {
        let above = tavolo_cards::CardSet::from_bits(
            tavolo_cards::CardSet::FULL.bits() & !((2u64 << last) - 1),
        )
        .unwrap_or(tavolo_cards::CardSet::EMPTY);
        h.for_each_next_card(above, |c, v| {
            by_value[v.value() as usize] += 1;
            if (h + c).evaluate() != v {
                mismatches += 1;
            }
        });
    });
    assert_eq!(mismatches, 0);
    assert_eq!(by_value.iter().sum::<u64>(), 133_784_560);
    assert_eq!(by_value.iter().skip(1).filter(|&&n| n > 0).count(), 4824);
}
