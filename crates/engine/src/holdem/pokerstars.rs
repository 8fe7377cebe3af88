//! Hold'em hands written as PokerStars text hand histories, the format trackers and HUDs read.
//!
//! A hand comes from its PHH record ([`PhhHand`]), replayed through the engine, and is written
//! as PokerStars writes a play-money cash hand: amounts without a currency sign, a header with
//! the structure as PokerStars names it ("Hold'em No Limit", "Hold'em Pot Limit", "Hold'em
//! Limit"), the seats and stacks, the posts, every action in PokerStars' words, the streets, the
//! showdown, the pots collected and a summary (rake is always 0). Only what the [`Sight`] sees
//! is written: by default a player's own hole cards ("Dealt to") and the hands shown.
//!
//! Seats are numbered as PHH orders the players (seat 1 the small blind, the button last)
//! unless the caller gives the table's own seat numbers. Every word of the format is in
//! [`words`], and nowhere else.

use std::fmt::Write as _;

use super::action::{Event, Street};
use super::phh::{format_amount, PhhError, PhhHand, Sight};
use crate::betting::{BetEvent, Structure};
use crate::Chips;
use tavolo_cards::Card;

/// The words of the PokerStars format, in one place.
pub mod words {
    use crate::betting::Structure;

    /// The header's game and structure.
    pub fn game(s: Structure) -> &'static str {
        match s {
            Structure::NoLimit => "Hold'em No Limit",
            Structure::PotLimit => "Hold'em Pot Limit",
            Structure::FixedLimit => "Hold'em Limit",
        }
    }
    /// The header's opening words, before the hand's number.
    pub const HAND: &str = "PokerStars Hand #";
    /// The section markers.
    pub const HOLE_CARDS: &str = "*** HOLE CARDS ***";
    /// The flop's marker.
    pub const FLOP: &str = "*** FLOP ***";
    /// The turn's marker.
    pub const TURN: &str = "*** TURN ***";
    /// The river's marker.
    pub const RIVER: &str = "*** RIVER ***";
    /// The showdown's marker.
    pub const SHOW_DOWN: &str = "*** SHOW DOWN ***";
    /// The summary's marker.
    pub const SUMMARY: &str = "*** SUMMARY ***";
    /// Said after an action that put a player's last chip in.
    pub const ALL_IN: &str = " and is all-in";
    /// The street a player folded on, in the summary.
    pub fn folded(street: super::Street) -> &'static str {
        match street {
            super::Street::Preflop => "folded before Flop",
            super::Street::Flop => "folded on the Flop",
            super::Street::Turn => "folded on the Turn",
            super::Street::River => "folded on the River",
        }
    }
}

/// How a hand is labelled in its PokerStars history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// The hand's number (`PokerStars Hand #…`).
    pub number: u64,
    /// The table's name.
    pub table: String,
    /// The table's number of seats (`6-max`); at least the players dealt in.
    pub max_seats: usize,
    /// The table's seat number (1-based) of each player in PHH order (`p1` first); `None`:
    /// numbered 1, 2, … in PHH order.
    pub seats: Option<Vec<usize>>,
    /// When the hand was played, in milliseconds since the Unix epoch.
    pub time_ms: i64,
}

/// Writes `hand` as a PokerStars hand history as `sight` may see it: the text of one hand,
/// ending with a newline (histories of several hands separate them with a blank line).
pub fn write(hand: &PhhHand, label: &Label, sight: Sight) -> Result<String, PhhError> {
    let replay = hand.replay()?;
    if !replay.complete {
        return Err(PhhError::Unfinished);
    }
    let setup = hand.setup()?;
    let n = setup.seats();
    let amt = |v: Chips| format_amount(v, hand.decimals);
    let name = |s: usize| -> String {
        (hand.players.as_ref())
            .and_then(|p| p.get(s))
            .filter(|x| !x.is_empty())
            .cloned()
            .unwrap_or_else(|| format!("p{}", s + 1))
    };
    let seat_no = |s: usize| -> usize {
        (label.seats.as_ref())
            .and_then(|v| v.get(s).copied())
            .unwrap_or(s + 1)
    };
    // PHH's order: the button last, the small blind first (heads-up, the button).
    let button = n - 1;
    let (sb, bb) = if n == 2 { (1, 0) } else { (0, 1) };
    let events = &replay.events;
    let shown: Vec<Option<[Card; 2]>> = (0..n)
        .map(|s| {
            events.iter().find_map(|e| match e {
                Event::Shown { seat, cards, .. } if *seat == s => Some(*cards),
                _ => None,
            })
        })
        .collect();
    let mut holes: Vec<Vec<Card>> = vec![Vec::new(); n];
    for e in events {
        if let Event::HoleDealt {
            seat,
            card: Some(c),
        } = e
        {
            holes[*seat].push(*c);
        }
    }
    let pots = 1
        + (events.iter())
            .filter_map(|e| match e {
                Event::Bet(BetEvent::PotWon { pot, .. }) => Some(*pot),
                _ => None,
            })
            .max()
            .unwrap_or(0);
    let showdown = shown.iter().any(Option::is_some);
    let (level_small, level_big) = match setup.rules.structure {
        Structure::FixedLimit => (setup.min_bet, setup.big_bet),
        _ => (setup.blinds[sb], setup.blinds[bb].max(setup.min_bet)),
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}{}: {} ({}/{}) - {}",
        words::HAND,
        label.number,
        words::game(setup.rules.structure),
        amt(level_small),
        amt(level_big),
        dates(label.time_ms)
    );
    let _ = writeln!(
        s,
        "Table '{}' {}-max Seat #{} is the button",
        label.table.replace('\'', "`"),
        label.max_seats.max(n),
        seat_no(button)
    );
    for (i, &stack) in setup.stacks.iter().enumerate() {
        let _ = writeln!(
            s,
            "Seat {}: {} ({} in chips)",
            seat_no(i),
            name(i),
            amt(stack)
        );
    }

    let mut stacks = setup.stacks.clone();
    let mut bets: Vec<Chips> = vec![0; n];
    let mut put: Vec<Chips> = vec![0; n]; // chips each put in the pot, antes and blinds too
    let mut voluntary = vec![false; n];
    let mut folded: Vec<Option<Street>> = vec![None; n];
    let mut mucked = vec![false; n];
    let mut won: Vec<Chips> = vec![0; n];
    let mut pot_sizes: Vec<Chips> = vec![0; pots];
    let mut board: Vec<Card> = Vec::new();
    let mut street = Street::Preflop;
    let mut dealt_written = false;
    let all_in = |stack: Chips| if stack == 0 { words::ALL_IN } else { "" };
    // The posts come first, then the hole cards (the engine deals before the blinds are posted).
    let is_post = |e: &Event| {
        matches!(
            e,
            Event::BlindPosted { .. } | Event::Bet(BetEvent::AntePosted { .. })
        )
    };
    let first_act = (events.iter())
        .position(|e| !is_post(e) && !matches!(e, Event::HoleDealt { .. }))
        .unwrap_or(events.len());
    // Hands shown all-in before the board is out are written at the showdown, after it.
    let is_show =
        |e: &Event| matches!(e, Event::Shown { .. } | Event::Bet(BetEvent::Mucked { .. }));
    let last_board = (events.iter())
        .rposition(|e| matches!(e, Event::BoardDealt { .. }))
        .unwrap_or(0);
    let early_show = |i: usize| i < last_board && is_show(&events[i]);
    // Antes, then the small blind, the big blind and straddles, as PokerStars lists them.
    let post_rank = |e: &Event| match *e {
        Event::BlindPosted { seat, .. } if seat == sb => 1,
        Event::BlindPosted { seat, .. } if seat == bb => 2,
        Event::BlindPosted { .. } => 3,
        _ => 0,
    };
    let mut order: Vec<usize> = (0..first_act).filter(|&i| is_post(&events[i])).collect();
    order.sort_by_key(|&i| post_rank(&events[i]));
    for i in (0..events.len()).filter(|&i| i >= first_act || !is_post(&events[i])) {
        if !early_show(i) {
            order.push(i);
        }
        if i == last_board && last_board > 0 {
            order.extend((0..last_board).filter(|&k| early_show(k)));
        }
    }
    let mut showdown_written = false;
    for i in order {
        let e = &events[i];
        if !dealt_written && !matches!(e, Event::HoleDealt { .. }) && !is_post(e) {
            dealt_written = true;
            let _ = writeln!(s, "{}", words::HOLE_CARDS);
            let seen: Vec<usize> = match sight {
                Sight::Player(p) if p < n => vec![p],
                Sight::All => (0..n).collect(),
                _ => Vec::new(),
            };
            for p in seen.into_iter().filter(|&p| holes[p].len() == 2) {
                let _ = writeln!(s, "Dealt to {} {}", name(p), cards(&holes[p]));
            }
        }
        let at_showdown =
            is_show(e) || (showdown && matches!(e, Event::Bet(BetEvent::PotWon { .. })));
        if at_showdown && !showdown_written {
            showdown_written = true;
            let _ = writeln!(s, "{}", words::SHOW_DOWN);
        }
        match *e {
            Event::Bet(BetEvent::AntePosted { seat, amount }) => {
                stacks[seat] -= amount;
                put[seat] += amount;
                let _ = writeln!(
                    s,
                    "{}: posts the ante {}{}",
                    name(seat),
                    amt(amount),
                    all_in(stacks[seat])
                );
            }
            Event::BlindPosted { seat, amount } => {
                stacks[seat] -= amount;
                bets[seat] += amount;
                put[seat] += amount;
                let what = if seat == sb {
                    "small blind"
                } else if seat == bb {
                    "big blind"
                } else {
                    "straddle"
                };
                let _ = writeln!(
                    s,
                    "{}: posts {what} {}{}",
                    name(seat),
                    amt(amount),
                    all_in(stacks[seat])
                );
            }
            Event::HoleDealt { .. } | Event::Burned | Event::HandOver => {}
            Event::BoardDealt {
                street: st,
                cards: c,
            } => {
                let before = board.clone();
                board.extend_from_slice(c.as_slice());
                street = st;
                let marker = match st {
                    Street::Preflop | Street::Flop => words::FLOP,
                    Street::Turn => words::TURN,
                    Street::River => words::RIVER,
                };
                if before.is_empty() {
                    let _ = writeln!(s, "{marker} {}", self::cards(&board));
                } else {
                    let _ = writeln!(
                        s,
                        "{marker} {} {}",
                        self::cards(&before),
                        self::cards(c.as_slice())
                    );
                }
            }
            Event::RoundEnded { .. } => bets.iter_mut().for_each(|b| *b = 0),
            Event::Bet(BetEvent::Folded { seat, .. }) => {
                folded[seat] = Some(street);
                let _ = writeln!(s, "{}: folds", name(seat));
            }
            Event::Bet(BetEvent::Checked { seat }) => {
                let _ = writeln!(s, "{}: checks", name(seat));
            }
            Event::Bet(BetEvent::Called { seat, amount, .. }) => {
                stacks[seat] -= amount;
                bets[seat] += amount;
                put[seat] += amount;
                voluntary[seat] = true;
                let _ = writeln!(
                    s,
                    "{}: calls {}{}",
                    name(seat),
                    amt(amount),
                    all_in(stacks[seat])
                );
            }
            Event::Bet(BetEvent::BetOrRaised { seat, to, .. }) => {
                let facing = bets.iter().copied().max().unwrap_or(0);
                let added = to.saturating_sub(bets[seat]);
                stacks[seat] -= added;
                put[seat] += added;
                bets[seat] = to;
                voluntary[seat] = true;
                let _ = if facing == 0 {
                    writeln!(
                        s,
                        "{}: bets {}{}",
                        name(seat),
                        amt(to),
                        all_in(stacks[seat])
                    )
                } else {
                    writeln!(
                        s,
                        "{}: raises {} to {}{}",
                        name(seat),
                        amt(to.saturating_sub(facing)),
                        amt(to),
                        all_in(stacks[seat])
                    )
                };
            }
            Event::Bet(BetEvent::UncalledReturned { seat, amount }) => {
                stacks[seat] += amount;
                bets[seat] = bets[seat].saturating_sub(amount);
                put[seat] = put[seat].saturating_sub(amount);
                let _ = writeln!(
                    s,
                    "Uncalled bet ({}) returned to {}",
                    amt(amount),
                    name(seat)
                );
            }
            Event::Shown { seat, cards: c, .. } => {
                let _ = writeln!(s, "{}: shows {}", name(seat), self::cards(&c));
            }
            Event::Bet(BetEvent::Mucked { seat }) => {
                mucked[seat] = true;
                let _ = writeln!(s, "{}: mucks hand", name(seat));
            }
            Event::Bet(BetEvent::PotWon { pot, seat, amount }) => {
                stacks[seat] += amount;
                won[seat] += amount;
                if let Some(p) = pot_sizes.get_mut(pot) {
                    *p += amount;
                }
                let which = match (pots, pot) {
                    (1, _) => "pot".to_string(),
                    (_, 0) => "main pot".to_string(),
                    (2, _) => "side pot".to_string(),
                    (_, k) => format!("side pot-{k}"),
                };
                let _ = writeln!(s, "{} collected {} from {which}", name(seat), amt(amount));
            }
            Event::Bet(BetEvent::Carried { .. }) => {}
        }
    }

    let _ = writeln!(s, "{}", words::SUMMARY);
    let total = put.iter().sum::<Chips>() + setup.carried_in;
    if pots > 1 {
        let mut line = format!("Total pot {} Main pot {}.", amt(total), amt(pot_sizes[0]));
        for (k, p) in pot_sizes.iter().enumerate().skip(1) {
            let tag = if pots == 2 {
                String::new()
            } else {
                format!("-{k}")
            };
            let _ = write!(line, " Side pot{tag} {}.", amt(*p));
        }
        let _ = writeln!(s, "{line} | Rake 0");
    } else {
        let _ = writeln!(s, "Total pot {} | Rake 0", amt(total));
    }
    if !board.is_empty() {
        let _ = writeln!(s, "Board {}", cards(&board));
    }
    for p in 0..n {
        let mut line = format!("Seat {}: {}", seat_no(p), name(p));
        if p == button {
            line.push_str(" (button)");
        }
        if p == sb {
            line.push_str(" (small blind)");
        } else if p == bb {
            line.push_str(" (big blind)");
        }
        let seen = sight.sees(p, shown[p].is_some()) && holes[p].len() == 2;
        if let Some(st) = folded[p] {
            line.push(' ');
            line.push_str(words::folded(st));
            if st == Street::Preflop && !voluntary[p] && posted_no_blind(&setup.blinds, p) {
                line.push_str(" (didn't bet)");
            }
        } else if let Some(c) = shown[p] {
            let _ = if won[p] > 0 {
                write!(line, " showed {} and won ({})", cards(&c), amt(won[p]))
            } else {
                write!(line, " showed {} and lost", cards(&c))
            };
        } else if won[p] > 0 {
            let _ = write!(line, " collected ({})", amt(won[p]));
        } else if mucked[p] || showdown {
            line.push_str(" mucked");
            if seen {
                let _ = write!(line, " {}", cards(&holes[p]));
            }
        }
        let _ = writeln!(s, "{line}");
    }
    Ok(s)
}

/// Whether a player posted no blind (then a fold before the flop "didn't bet").
fn posted_no_blind(blinds: &[Chips], p: usize) -> bool {
    blinds.get(p).copied().unwrap_or(0) == 0
}

/// Cards as PokerStars brackets them: `[Ah Kd]`.
fn cards(c: &[Card]) -> String {
    let v: Vec<String> = c.iter().map(|c| c.to_string()).collect();
    format!("[{}]", v.join(" "))
}

/// The header's dates: UTC, and PokerStars' Eastern Time in brackets.
fn dates(ms: i64) -> String {
    let utc = ms.div_euclid(1000);
    let et = utc + eastern_offset(utc);
    format!("{} UTC [{} ET]", civil(utc), civil(et))
}

/// US Eastern Time's offset from UTC in seconds at `utc` (daylight time from the second Sunday
/// of March, 2:00 local, to the first Sunday of November, 2:00 local).
fn eastern_offset(utc: i64) -> i64 {
    let (y, _, _) = ymd(utc.div_euclid(86_400));
    // The n-th Sunday of a month, as days since the epoch.
    let sunday = |m: u32, nth: i64| {
        let first = days(y, m, 1);
        let weekday = (first + 4).rem_euclid(7); // 1970-01-01 was a Thursday (4)
        first + (7 - weekday) % 7 + 7 * (nth - 1)
    };
    let start = sunday(3, 2) * 86_400 + 7 * 3600; // 2:00 EST = 7:00 UTC
    let end = sunday(11, 1) * 86_400 + 6 * 3600; // 2:00 EDT = 6:00 UTC
    if (start..end).contains(&utc) {
        -4 * 3600
    } else {
        -5 * 3600
    }
}

/// `yyyy/mm/dd hh:mm:ss` of seconds since the epoch.
fn civil(secs: i64) -> String {
    let (y, m, d) = ymd(secs.div_euclid(86_400));
    let t = secs.rem_euclid(86_400);
    format!(
        "{y:04}/{m:02}/{d:02} {:02}:{:02}:{:02}",
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

/// The civil date of a day count since 1970-01-01 (proleptic Gregorian).
fn ymd(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Days since 1970-01-01 of a civil date.
fn days(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::holdem::phh::parse_phh;

    /// Three players: p3 (the button) raises, p1 folds, p2 calls; p2 checks, p3 bets, p2 folds.
    const FOLDED: &str = r#"variant = "NT"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 50]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 6", "p1 f", "p2 cc", "d db 2h3h4h", "p2 cc", "p3 cbr 44", "p2 f"]
players = ["ann", "bob", "cy"]
"#;

    fn label() -> Label {
        Label {
            number: 7,
            table: "Roma".into(),
            max_seats: 6,
            seats: None,
            time_ms: 0,
        }
    }

    #[test]
    fn a_player_sees_their_own_hole_cards_and_no_other_unshown_ones() {
        let hand = parse_phh(FOLDED).unwrap();
        let text = write(&hand, &label(), Sight::Player(1)).unwrap();
        assert!(text.contains("Dealt to bob [7c 2d]"), "{text}");
        for hidden in ["As", "Ks", "Qh", "Qd"] {
            assert!(!text.contains(hidden), "{hidden} leaked:\n{text}");
        }
        let all = write(&hand, &label(), Sight::All).unwrap();
        assert!(all.contains("Dealt to ann [As Ks]") && all.contains("Dealt to cy [Qh Qd]"));
    }

    #[test]
    fn actions_in_pokerstars_words_with_the_uncalled_bet_returned() {
        let text = write(&parse_phh(FOLDED).unwrap(), &label(), Sight::Player(0)).unwrap();
        let expected = "PokerStars Hand #7: Hold'em No Limit (1/2) - 1970/01/01 00:00:00 UTC [1969/12/31 19:00:00 ET]
Table 'Roma' 6-max Seat #3 is the button
Seat 1: ann (100 in chips)
Seat 2: bob (100 in chips)
Seat 3: cy (50 in chips)
ann: posts small blind 1
bob: posts big blind 2
*** HOLE CARDS ***
Dealt to ann [As Ks]
cy: raises 4 to 6
ann: folds
bob: calls 4
*** FLOP *** [2h 3h 4h]
bob: checks
cy: bets 44 and is all-in
bob: folds
Uncalled bet (44) returned to cy
cy collected 13 from pot
*** SUMMARY ***
Total pot 13 | Rake 0
Board [2h 3h 4h]
Seat 1: ann (small blind) folded before Flop
Seat 2: bob (big blind) folded on the Flop
Seat 3: cy (button) collected (13)
";
        assert_eq!(text, expected);
    }

    #[test]
    fn the_structures_are_named_as_pokerstars_names_them() {
        assert_eq!(words::game(Structure::NoLimit), "Hold'em No Limit");
        assert_eq!(words::game(Structure::PotLimit), "Hold'em Pot Limit");
        assert_eq!(words::game(Structure::FixedLimit), "Hold'em Limit");
    }

    #[test]
    fn dates_in_utc_and_eastern_time_with_daylight_saving() {
        // 2013-10-04 17:53:27 UTC is 13:53:27 EDT.
        assert_eq!(
            dates(1_380_909_207_000),
            "2013/10/04 17:53:27 UTC [2013/10/04 13:53:27 ET]"
        );
        // 2026-12-06 20:58:48 UTC is 15:58:48 EST.
        assert_eq!(
            dates(1_796_590_728_000),
            "2026/12/06 20:58:48 UTC [2026/12/06 15:58:48 ET]"
        );
        assert_eq!(days(1970, 1, 1), 0);
        assert_eq!(ymd(days(2024, 2, 29)), (2024, 2, 29));
    }
}
