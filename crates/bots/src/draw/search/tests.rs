use tavolo_cards::Card;
use tavolo_engine::draw::{Dealing, StackedDeal};
use tavolo_engine::game::{seed_from_u64, Played};

use super::*;
use crate::draw::{DrawOptions, RandomBot};
use crate::set;

fn strategy() -> &'static Strategy {
    Strategy::shipped().expect("the shipped strategy")
}

/// A hand of `players` dealt from `hands` (the rest of the deck in order).
fn stacked(players: usize, hands: &[&str]) -> (Draw, Vec<Event>) {
    let setup = DrawOptions::new(players).setup().expect("setup");
    let hands: Vec<[Card; 5]> = hands
        .iter()
        .map(|h| {
            let v: Vec<Card> = set(h).iter().collect();
            <[Card; 5]>::try_from(v).expect("five cards")
        })
        .collect();
    let used: CardSet = hands.iter().flatten().copied().collect();
    let mut rest: Vec<Card> = Card::all().filter(|c| !used.contains(*c)).collect();
    let bottom = rest.pop().expect("a bottom card");
    let deal = StackedDeal {
        hands,
        draws: rest,
        bottom,
    };
    Draw::new(&setup, Dealing::Stacked(deal)).expect("a stacked hand")
}

/// `bot` told the hand so far as `seat` sees it, then asked to act.
fn decide(bot: &mut SearchBot, game: &Draw, events: &[Event], seat: usize) -> Action {
    for e in events {
        if let Some(e) = Draw::censor(e, Viewer::Seat(seat)) {
            bot.observe(&e);
        }
    }
    let view = game.view(Some(seat));
    bot.act(&view, &game.legal(seat), Budget::UNLIMITED)
}

#[test]
fn at_a_table_of_three_to_five_it_plays_a_legal_action_at_every_decision() {
    for players in 3..=MAX_SEARCH_PLAYERS {
        let setup = DrawOptions::new(players).setup().expect("setup");
        for h in 0..3u64 {
            let mut state = Played::<Draw>::deal(setup.clone(), seed_from_u64(h)).expect("deal");
            let mut me = SearchBot::with_worlds("search:8", strategy(), 8, h);
            let mut others: Vec<RandomBot> =
                (0..players).map(|s| RandomBot::new(s as u64)).collect();
            let mut told = 0;
            while let Some(seat) = state.game.to_act().iter().next() {
                for e in &state.events()[told..] {
                    if let Some(e) = Draw::censor(e, Viewer::Seat(0)) {
                        me.observe(&e);
                    }
                }
                told = state.events().len();
                let view = state.game.view(Some(seat));
                let legal = state.game.legal(seat);
                let a = if seat == 0 {
                    me.act(&view, &legal, Budget::UNLIMITED)
                } else {
                    Bot::<Draw>::act(&mut others[seat], &view, &legal, Budget::UNLIMITED)
                };
                assert!(Draw::allows(&legal, &a), "{players} players: {a:?}");
                state.apply(a).expect("a legal action");
            }
        }
    }
}

#[test]
fn heads_up_it_plays_and_reports_the_cfr_strategy() {
    let (game, events) = stacked(2, &["Ah Ad 7c 5s 2d", "Kh Kd 9c 8s 3d"]);
    let cutter = game.cutter();
    let mut bot = SearchBot::with_worlds("search:8", strategy(), 8, 1);
    let mut cfr = CfrBot::new(strategy(), 1);
    for e in &events {
        if let Some(e) = Draw::censor(e, Viewer::Seat(cutter)) {
            bot.observe(&e);
            cfr.observe(&e);
        }
    }
    let view = game.view(Some(cutter));
    let legal = game.legal(cutter);
    let policy = bot.policy(&view, &legal).expect("a policy heads-up");
    assert_eq!(Some(policy), cfr.policy(&view, &legal));
}

#[test]
fn facing_an_all_in_at_four_players_it_calls_with_a_pat_full_house_and_folds_seven_high() {
    // The cutter (seat 0) moves all in; the next seat decides.
    let hands = |second| vec!["As Ah Ac Kd Kc", second, "2c 3d 9s Th Qs", "4c 4d 8s 8h Jd"];
    for (second, call) in [("Qd Qh Qc 5d 5c", true), ("2d 3h 5s 6c 7d", false)] {
        let (mut game, mut events) = stacked(4, &hands(second));
        let cutter = game.cutter();
        let all_in = game.stacks()[cutter];
        events.extend(
            game.apply(Action::BetOrRaiseTo {
                seat: cutter,
                to: all_in,
            })
            .expect("all in"),
        );
        let seat = (cutter + 1) % 4;
        let mut bot = SearchBot::with_worlds("search:64", strategy(), 64, 5);
        let a = decide(&mut bot, &game, &events, seat);
        assert_eq!(matches!(a, Action::Call { .. }), call, "{second}: {a:?}");
        assert_eq!(matches!(a, Action::Fold { .. }), !call, "{second}: {a:?}");
    }
}

#[test]
fn in_the_exchange_it_stands_pat_with_a_straight_and_keeps_a_pair_of_aces() {
    let (mut game, mut events) =
        stacked(3, &["9h Td Jc Qs Kd", "Ah Ad 7c 5s 2d", "3c 3d 8s Th 4s"]);
    // Everyone in for the minimum: the cutter (seat 0) opens, the others call.
    let open = Action::BetOrRaiseTo {
        seat: 0,
        to: game.ante(),
    };
    events.extend(game.apply(open).expect("an opening"));
    for seat in 1..3 {
        events.extend(game.apply(Action::Call { seat }).expect("a call"));
    }
    let mut straight = SearchBot::with_worlds("search:32", strategy(), 32, 9);
    let pat = decide(&mut straight, &game, &events, 0);
    assert_eq!(
        pat,
        Action::Exchange {
            seat: 0,
            discard: CardSet::EMPTY
        }
    );
    events.extend(game.apply(pat).expect("the straight's exchange"));
    let mut aces = SearchBot::with_worlds("search:32", strategy(), 32, 9);
    let Action::Exchange { discard, .. } = decide(&mut aces, &game, &events, 1) else {
        panic!("an exchange")
    };
    assert!(
        !discard.is_empty() && (discard - set("7c 5s 2d")).is_empty(),
        "{discard:?}"
    );
}

#[test]
fn search_n_is_a_bot_of_n_worlds_reproducible_for_its_seed_and_a_bad_count_is_refused() {
    use crate::draw::bot_spec;

    assert_eq!(
        bot_spec("search:12").map(|s| s.name().to_string()).ok(),
        Some("search:12".into())
    );
    assert!(bot_spec("search").is_ok_and(|s| s.thinks_long()));
    for bad in ["search:0", "search:x", "search:-3", "search:4001"] {
        assert!(bot_spec(bad).is_err(), "{bad}");
    }
    let (game, events) = stacked(3, &["Ah Ad 7c 5s 2d", "Kh Kd 9c 8s 3d", "2c 4d 9s Th Qs"]);
    let decision = |seed| {
        let mut bot = SearchBot::with_worlds("search:24", strategy(), 24, seed);
        decide(&mut bot, &game, &events, 0)
    };
    assert_eq!(decision(4), decision(4));
}
