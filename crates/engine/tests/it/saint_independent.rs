//! An independent check of Saint Poker records: a small second implementation of RULES.md §1
//! that trusts nothing the engine computed. It follows every card from the deal, re-scores every
//! hand by brute force over five-card subsets (not the engine's exactly-2+3 table), and re-derives
//! points, draft orders, discards and scores — over a thousand random games of every size and
//! option.

use tavolo_cards::{Card, CardSet, GameRng, Hand};
use tavolo_engine::saint::{seed_from_u64, HandRule, SaintGame, SaintOptions, SaintRecord};

fn set(cards: &[Card]) -> CardSet {
    CardSet::try_from_cards(cards.iter().copied()).expect("distinct cards")
}

/// The best value of a shown pair with a centre, by enumerating five-card subsets.
fn brute_value(rule: HandRule, pair: [Card; 2], centre: &[Card]) -> u16 {
    let mut best = 0;
    match rule {
        HandRule::TwoPlusThree => {
            for i in 0..centre.len() {
                for j in i + 1..centre.len() {
                    for k in j + 1..centre.len() {
                        let five = [pair[0], pair[1], centre[i], centre[j], centre[k]];
                        best = best.max(Hand::from_cards(&five).evaluate().value());
                    }
                }
            }
        }
        HandRule::AnyFive => {
            let mut all = centre.to_vec();
            all.extend(pair);
            let n = all.len();
            for a in 0..n {
                for b in a + 1..n {
                    for c in b + 1..n {
                        for d in c + 1..n {
                            for e in d + 1..n {
                                let five = [all[a], all[b], all[c], all[d], all[e]];
                                best = best.max(Hand::from_cards(&five).evaluate().value());
                            }
                        }
                    }
                }
            }
        }
    }
    best
}

fn check_record(rec: &SaintRecord) {
    let p = rec.options.players as usize;
    let c = rec.options.centre_cards.unwrap() as usize;
    let rule = rec.options.hand_rule;
    let mut hands: Vec<CardSet> = rec.deal.hands.iter().map(|h| set(h)).collect();
    let mut centre = set(&rec.deal.centre);
    let mut draw: Vec<Card> = rec.deal.draw_pile.clone();
    let mut ordered = true;
    let mut discards = CardSet::EMPTY;
    let mut scores = vec![0u32; p];
    assert_eq!(rec.rounds.len(), 8);
    for (i, r) in rec.rounds.iter().enumerate() {
        let round = i as u32 + 1;
        assert_eq!(r.round as u32, round);
        for h in &hands {
            assert_eq!(
                h.len(),
                11 - round,
                "hand size at the start of round {round}"
            );
        }
        // Preview: the top C cards of the draw pile (or, after a reshuffle, C cards that were in
        // the remaining pile plus the discards).
        let preview = set(&r.preview);
        if round == 8 {
            assert!(preview.is_empty());
        } else if !r.reshuffled {
            if ordered {
                assert_eq!(preview, set(&draw[..c]), "round {round} preview");
            } else {
                // After a reshuffle the order of the new pile is the generator's; only the
                // cards can be checked here (the engine's replay checks the order).
                assert_eq!(
                    preview - set(&draw),
                    CardSet::EMPTY,
                    "round {round} preview"
                );
                draw.retain(|card| !preview.contains(*card));
                draw.splice(0..0, preview.iter());
            }
            draw.drain(..c);
        } else {
            let pile = set(&draw);
            assert!(pile.len() < c as u32);
            assert_eq!(preview & pile, pile, "the old pile is used up first");
            assert!(
                (preview - pile).is_disjoint(!discards),
                "the rest came from the discards"
            );
            // The new pile: the discards not drawn, in an order we cannot check.
            let rest = discards - (preview - pile);
            draw = rest.iter().collect();
            ordered = false;
            discards = CardSet::EMPTY;
        }
        // Place.
        for (s, &card) in r.placed.iter().enumerate() {
            assert!(
                hands[s].remove(card),
                "round {round}: {card} placed from hand"
            );
            assert!(centre.insert(card));
        }
        assert_eq!(set(&r.centre), centre);
        // Show and score.
        let centre_cards: Vec<Card> = centre.iter().collect();
        let values: Vec<u16> = r
            .hands
            .iter()
            .enumerate()
            .map(|(s, h)| {
                assert!(h.shown[0] != h.shown[1]);
                for card in h.shown {
                    assert!(
                        hands[s].remove(card),
                        "round {round}: {card} shown from hand"
                    );
                }
                let v = brute_value(rule, h.shown, &centre_cards);
                assert_eq!(h.value, v, "round {round}, player {s}");
                assert_eq!(Hand::from_cards(&h.best_five).evaluate().value(), v);
                v
            })
            .collect();
        let best = *values.iter().max().unwrap();
        let k = values.iter().filter(|&&v| v == best).count() as u32;
        for (s, h) in r.hands.iter().enumerate() {
            let want = if values[s] == best {
                round.div_ceil(k)
            } else {
                0
            };
            assert_eq!(h.points, want, "round {round}, player {s}");
            scores[s] += want;
        }
        assert_eq!(r.scores, scores);
        let mut pool = centre;
        for h in &r.hands {
            pool |= set(&h.shown);
        }
        match &r.draft {
            None => assert_eq!(round, 8),
            Some(d) => {
                let mut tie = d.tie_draw.clone();
                tie.sort_unstable();
                assert_eq!(tie, (0..p).collect::<Vec<_>>());
                let place = |s: usize| d.tie_draw.iter().position(|&t| t == s).unwrap();
                let mut order: Vec<usize> = (0..p).collect();
                order.sort_by_key(|&s| (values[s], place(s)));
                assert_eq!(d.order, order, "round {round} draft order");
                assert_eq!(d.picks.len(), 2 * p);
                for (n, pick) in d.picks.iter().enumerate() {
                    assert_eq!(pick.player, order[n % p], "round {round}, pick {n}");
                    assert!(
                        pool.remove(pick.card),
                        "round {round}: {} in the pool",
                        pick.card
                    );
                    hands[pick.player].insert(pick.card);
                }
            }
        }
        assert_eq!(set(&r.discards), pool);
        discards |= pool;
        centre = preview;
        // Every card is somewhere, once.
        let mut all = centre | discards | set(&draw);
        for h in &hands {
            assert!(all.is_disjoint(*h));
            all |= *h;
        }
        assert_eq!(
            all,
            CardSet::FULL,
            "round {round}: every card somewhere, once"
        );
    }
    let result = rec.result.as_ref().unwrap();
    assert_eq!(result.scores, scores);
    let top = *scores.iter().max().unwrap();
    let winners: Vec<usize> = (0..p).filter(|&s| scores[s] == top).collect();
    assert_eq!(result.winners, winners);
}

#[test]
fn records_of_random_games_agree_with_an_independent_implementation() {
    let mut rng = GameRng::from_u64(2026);
    let mut games = 0;
    for seed in 0..1200u64 {
        let players = 2 + (seed % 4) as u8;
        let hand_rule = if seed % 3 == 0 {
            HandRule::AnyFive
        } else {
            HandRule::TwoPlusThree
        };
        // Mostly the default centre; sometimes any other valid count (with reshuffles).
        let centre_cards = if seed % 5 == 0 {
            let max = SaintOptions::max_centre(players);
            let min = 3u8.saturating_sub(players);
            Some(min + rng.below(u32::from(max - min) + 1) as u8)
        } else {
            None
        };
        let options = SaintOptions {
            players,
            centre_cards,
            hand_rule,
        };
        let mut g = SaintGame::new(options, seed_from_u64(seed)).unwrap();
        while !g.is_over() {
            let p = g.pending()[0];
            let a = g.random_action(p, &mut rng).unwrap();
            g.apply(a).unwrap();
        }
        check_record(&g.record().unwrap());
        games += 1;
    }
    assert_eq!(games, 1200);
}
