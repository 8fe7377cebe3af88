//! Helpers shared by the Saint Poker tests: stacked deals and scripted or random play.
#![allow(dead_code)]

use tavolo_cards::{parse_cards, Card, CardSet, GameRng};
use tavolo_engine::saint::{seed_from_u64, Action, Deal, Event, SaintGame, SaintOptions};

/// Cards from text; panics on a typo (test input only).
pub fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).expect("test cards")
}

/// One card from text.
pub fn card(s: &str) -> Card {
    s.parse().expect("test card")
}

/// `player` places the card written `c`.
pub fn place(player: usize, c: &str) -> Action {
    Action::Place {
        player,
        card: card(c),
    }
}

/// `player` shows the cards written `a` and `b`.
pub fn show(player: usize, a: &str, b: &str) -> Action {
    Action::Show {
        player,
        cards: [card(a), card(b)],
    }
}

/// A game with stacked hands: each hand starts with the given cards and is filled up to ten
/// with the highest-index unnamed cards; the centre and the top of the draw pile as given.
pub fn stacked(options: SaintOptions, hands: &[&str], centre: &str, draw: &str) -> SaintGame {
    let mut named = CardSet::EMPTY;
    let hands: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
    let centre = cards(centre);
    let draw = cards(draw);
    for c in hands.iter().flatten().chain(&centre).chain(&draw) {
        assert!(named.insert(*c), "{c} named twice");
    }
    let mut filler: Vec<Card> = (!named).iter().collect();
    let hands = hands
        .into_iter()
        .map(|mut h| {
            while h.len() < 10 {
                h.push(filler.pop().expect("enough cards"));
            }
            h
        })
        .collect();
    let deal = Deal {
        hands,
        centre,
        draw_pile: draw,
    };
    SaintGame::from_deal(options, &deal, seed_from_u64(99)).expect("valid deal")
}

/// Everyone places, then everyone shows; returns all events.
pub fn place_and_show(g: &mut SaintGame, placed: &[&str], shown: &[&str]) -> Vec<Event> {
    let mut ev = Vec::new();
    for (player, c) in placed.iter().enumerate() {
        ev.extend(
            g.apply(Action::Place {
                player,
                card: card(c),
            })
            .expect("place"),
        );
    }
    for (player, s) in shown.iter().enumerate() {
        let c = cards(s);
        ev.extend(
            g.apply(Action::Show {
                player,
                cards: [c[0], c[1]],
            })
            .expect("show"),
        );
    }
    ev
}

/// Every player places the first card of their given hand and shows the next two (hands as
/// given to [`stacked`]); returns all events.
pub fn place_first_show_next_two(g: &mut SaintGame, hands: &[&str]) -> Vec<Event> {
    let split: Vec<Vec<&str>> = hands
        .iter()
        .map(|h| h.split_whitespace().collect())
        .collect();
    let placed: Vec<&str> = split.iter().map(|h| h[0]).collect();
    let shown: Vec<String> = split.iter().map(|h| h[1..3].join(" ")).collect();
    let shown: Vec<&str> = shown.iter().map(String::as_str).collect();
    place_and_show(g, &placed, &shown)
}

/// A game stacked as by [`stacked`] with round 1 played by [`place_first_show_next_two`].
pub fn stacked_round(
    options: SaintOptions,
    hands: &[&str],
    centre: &str,
    draw: &str,
) -> (SaintGame, Vec<Event>) {
    let mut g = stacked(options, hands, centre, draw);
    let ev = place_first_show_next_two(&mut g, hands);
    (g, ev)
}

/// Plays random legal actions until `stop` says so or the game ends.
pub fn play_random_until(
    g: &mut SaintGame,
    rng: &mut GameRng,
    mut stop: impl FnMut(&SaintGame) -> bool,
) {
    while !g.is_over() && !stop(g) {
        let p = g.pending()[0];
        let a = g.random_action(p, rng).expect("a legal action");
        g.apply(a).expect("legal");
    }
}

/// A random complete game with its events.
pub fn random_game(players: u8, seed: u64) -> (SaintGame, Vec<Event>) {
    let mut g = SaintGame::new(SaintOptions::new(players), seed_from_u64(seed)).expect("options");
    let mut rng = GameRng::from_u64(seed ^ 0x5eed);
    let mut ev = Vec::new();
    while !g.is_over() {
        for p in g.pending() {
            let a = g.random_action(p, &mut rng).expect("a legal action");
            ev.extend(g.apply(a).expect("legal"));
        }
    }
    (g, ev)
}

/// All zones of the game; they must partition the 52 cards.
pub fn zones(g: &SaintGame) -> Vec<CardSet> {
    let mut z: Vec<CardSet> = (0..g.players()).map(|p| g.hand(p)).collect();
    z.extend([
        g.centre(),
        g.preview(),
        g.pool(),
        g.draw_pile(),
        g.discards(),
    ]);
    z
}

/// Asserts the zones partition the deck.
pub fn assert_all_cards_accounted(g: &SaintGame) {
    let mut all = CardSet::EMPTY;
    let mut n = 0;
    for z in zones(g) {
        assert!(all.is_disjoint(z), "a card in two places: {z:?}");
        all |= z;
        n += z.len();
    }
    assert_eq!(n, 52, "{:?}", zones(g));
    assert_eq!(all, CardSet::FULL);
}
