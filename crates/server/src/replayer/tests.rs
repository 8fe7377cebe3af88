//! The replayer's steps of hand-made records: the engine's values and payouts, as the asker
//! may see them.

use super::{replay, Asker};
use crate::protocol::replay::ReplayReply;

/// Three players, Ada all-in for 20 with aces: the main pot is hers, the side pot Bob's (kings
/// over Cy's queens).
const SIDE_POT: &str = include_str!("../../tests/fixtures/replay/side-pot.phh");

/// Two pairs of kings with an ace kicker: equal by the German tie-break (the lower kickers do
/// not count), so they split the pot.
const GERMAN_TIE: &str = include_str!("../../tests/fixtures/replay/german-tie.json");

fn asker(name: &str) -> Asker<'_> {
    Asker {
        name,
        seat: None,
        all: false,
    }
}

fn last(r: &ReplayReply) -> &crate::protocol::replay::ReplayStep {
    r.steps.last().expect("steps")
}

#[test]
fn holdem_a_side_pot_is_paid_to_its_own_winner_at_the_last_step() {
    let r = replay("h-1", "holdem", SIDE_POT, asker("Cy")).expect("replayed");
    assert_eq!(r.viewer, Some(2));
    let result = last(&r).result.as_ref().expect("a result at the last step");
    let winners: Vec<_> = (result.pots.iter())
        .map(|p| {
            (
                p.pot,
                p.amount.get(),
                p.winners.iter().map(|w| w.seat).collect::<Vec<_>>(),
            )
        })
        .collect();
    assert_eq!(winners, [(0, 60, vec![0]), (1, 60, vec![1])]);
    assert_eq!(last(&r).pot, 120);
    let stacks: Vec<_> = last(&r).seats.iter().map(|s| s.stack).collect();
    assert_eq!(stacks, [60, 110, 50]);
    let aces = result
        .hands
        .iter()
        .find(|h| h.seat == 0)
        .expect("Ada shows");
    assert_eq!(
        (aces.category.as_str(), &aces.ranks[..2]),
        ("one_pair", &["A".to_string(), "J".into()][..])
    );
    assert_eq!(aces.cards.len(), 5);
}

#[test]
fn holdem_the_hole_cards_are_one_step_and_the_blinds_another() {
    let r = replay("h-1", "holdem", SIDE_POT, asker("Cy")).expect("replayed");
    let names = |k: usize| -> Vec<String> {
        (r.steps[k].events.iter())
            .map(|e| e["event"].as_str().unwrap_or("").to_string())
            .collect()
    };
    assert_eq!(names(0), ["blind", "blind"]);
    assert!(names(1).iter().all(|n| n == "hole_dealt") && names(1).len() == 6);
    assert_eq!(names(2), ["bet_or_raise"]);
}

#[test]
fn holdem_cards_never_shown_stay_hidden_and_reveal_all_shows_them() {
    // Everybody goes to the showdown here: fold Cy's queens out of a copy of the hand.
    let folded = SIDE_POT.replace(r#""p3 cbr 50", "p2 cc","#, r#""p3 f","#);
    let folded = folded.replace(r#""p2 cc", "p3 cc","#, r#""#);
    let r = replay("h-1", "holdem", &folded, asker("Ada")).expect("replayed");
    let text = serde_json::to_string(&r).expect("json");
    assert!(
        !text.contains("Qs") && !text.contains("Qh"),
        "Cy's folded cards leak: {text}"
    );
    assert!(text.contains("As"), "the asker's own cards are there");
    let cy = &r.steps[1].seats[2];
    assert_eq!(cy.cards, [None, None], "face down");
    let all = replay(
        "h-1",
        "holdem",
        &folded,
        Asker {
            all: true,
            ..asker("Ada")
        },
    )
    .expect("all");
    assert!(serde_json::to_string(&all).expect("json").contains("Qs"));
}

#[test]
fn draw_a_german_tie_values_one_pair_by_the_pair_and_its_highest_kicker_and_splits() {
    let r = replay("h-2", "draw", GERMAN_TIE, asker("Ada")).expect("replayed");
    let result = last(&r).result.as_ref().expect("a result");
    for h in &result.hands {
        assert_eq!(h.category, "one_pair");
        assert_eq!(
            h.ranks,
            ["K", "A"],
            "German: the pair and the highest kicker"
        );
        assert_eq!(h.cards.len(), 5);
    }
    assert_eq!(result.hands.len(), 2);
    let pot = &result.pots[0];
    assert_eq!(pot.amount, 100);
    let mut shares: Vec<_> = (pot.winners.iter())
        .map(|w| (w.seat, w.amount.get()))
        .collect();
    shares.sort();
    assert_eq!(shares, [(0, 50), (1, 50)], "a split pot");
}

#[test]
fn draw_the_other_seats_cards_are_hidden_until_shown() {
    let r = replay("h-2", "draw", GERMAN_TIE, asker("Ada")).expect("replayed");
    // Both show at the end: as the asker saw it at the end of the hand, both hands are known.
    assert!(r.steps[0].seats[1].cards.iter().all(Option::is_some));
    let mucked = GERMAN_TIE.replace(
        r#"{ "action": "show", "seat": 0 }"#,
        r#"{ "action": "muck", "seat": 0 }"#,
    );
    let r = replay("h-2", "draw", &mucked, asker("Bob")).expect("replayed");
    assert!(r
        .steps
        .iter()
        .all(|s| s.seats[0].cards.iter().all(Option::is_none)));
    let text = serde_json::to_string(&r).expect("json");
    assert!(!text.contains("9c") && !text.contains("4s"), "{text}");
}

#[test]
fn a_record_that_does_not_replay_is_refused_with_its_reason() {
    let bad = GERMAN_TIE.replace(
        r#""to": 20 },
    { "action": "call""#,
        r#""to": 5 },
    { "action": "call""#,
    );
    assert!(replay("h-2", "draw", &bad, asker("Ada")).is_err());
    assert!(replay("h-3", "holdem", "not phh", asker("Ada")).is_err());
    assert!(replay("h-3", "poker", "{}", asker("Ada")).is_err());
}
