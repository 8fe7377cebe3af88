//! The fairness proof covers the whole hand (issue 50, finding 1: `tavolo verify` said "fair" for
//! a Hold'em record whose `finishing_stacks` were rotated or whose last board line was dropped,
//! and for a record rewritten into another legal hand from the same seed with the same result).
//! Genuine records — seeded hands of each game played by the engine, and the real hands of
//! `shared/phh` re-dealt from a seed — are proved and bound by their transcript
//! (`tavolo_engine::transcript`, `tavolo-fair/3`); every tampering generated from them (a
//! changed result, a dropped deal line, a dropped, added, reordered or changed action, a changed
//! option, a changed seat or stack at the deal, another seed) is refused: by the proof from the
//! seed, or — another legal hand from that seed with the same stakes and result, which no check
//! of a record alone can tell from the one played — by the transcript the table sent when the
//! hand ended. A tampering of the result, of the cards or of the seed is refused by the proof
//! alone. The counts per game and class are printed
//! (`cargo test -p tavolo-engine --test it fairness_proofs -- --nocapture`).

use crate::holdem_support::varied_action;
use crate::outside::{files_under, shared_phh};

use tavolo_cards::GameRng;
use tavolo_engine::draw::{self, DrawRecord, RecordAction};
use tavolo_engine::holdem::phh::{self, PhhHand};
use tavolo_engine::holdem::{
    Action, Dealing, Hand, HandSetup, HoldemRules, OddChips, Structure, ToAct,
};
use tavolo_engine::saint::{self, SaintRecord};
use tavolo_engine::transcript::transcript;
use tavolo_engine::Chips;

/// What a tampering changed: the classes of issue 50's "done when", and another seed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    Result,
    DealDropped,
    DealMoved,
    ActionDropped,
    ActionAdded,
    ActionReordered,
    ActionChanged,
    Option,
    SeatOrStack,
    Seed,
}

impl Class {
    const ALL: [Class; 10] = [
        Class::Result,
        Class::DealDropped,
        Class::DealMoved,
        Class::ActionDropped,
        Class::ActionAdded,
        Class::ActionReordered,
        Class::ActionChanged,
        Class::Option,
        Class::SeatOrStack,
        Class::Seed,
    ];

    fn name(self) -> &'static str {
        match self {
            Class::Result => "a changed result",
            Class::DealDropped => "a dropped deal line or card",
            Class::DealMoved => "a deal line or card added or moved",
            Class::ActionDropped => "a dropped action",
            Class::ActionAdded => "an added action",
            Class::ActionReordered => "a reordered action",
            Class::ActionChanged => "a changed action",
            Class::Option => "a changed option",
            Class::SeatOrStack => "a changed seat or stack at the deal",
            Class::Seed => "another seed",
        }
    }

    /// Whether the proof from the seed alone must refuse it (the cards and the result are the
    /// seed's and the rules'; only the play can be rewritten into another legal hand).
    fn proof_alone(self) -> bool {
        matches!(self, Class::Result | Class::DealDropped | Class::Seed)
    }
}

/// How a tampering fared.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fate {
    /// The record does not parse, or the proof from the seed refuses it.
    RefusedByProof,
    /// A legal hand from the seed, refused because it does not hash to the transcript.
    RefusedByTranscript,
    /// Accepted: a fault.
    Accepted,
}

/// The tally of one game, per class: tamperings refused by the proof, refused by the transcript
/// only (called fair before `tavolo-fair/3`), and accepted.
#[derive(Default)]
struct Tally {
    genuine: usize,
    counts: Vec<(Class, [usize; 3])>,
    faults: Vec<String>,
}

impl Tally {
    fn tamper(&mut self, class: Class, what: &str, fate: Fate) {
        let at = match self.counts.iter().position(|(c, _)| *c == class) {
            Some(at) => at,
            None => {
                self.counts.push((class, [0; 3]));
                self.counts.len() - 1
            }
        };
        let n = &mut self.counts[at].1;
        match fate {
            Fate::RefusedByProof => n[0] += 1,
            Fate::RefusedByTranscript => {
                n[1] += 1;
                if class.proof_alone() {
                    self.faults
                        .push(format!("{}: {what}: passed the proof", class.name()));
                }
            }
            Fate::Accepted => {
                n[2] += 1;
                self.faults
                    .push(format!("{}: {what}: accepted", class.name()));
            }
        }
    }

    fn report(&self, game: &str) {
        let total: usize = self
            .counts
            .iter()
            .map(|(_, n)| n.iter().sum::<usize>())
            .sum();
        eprintln!(
            "{game}: {} genuine records proved and bound by their transcript; {total} tamperings:",
            self.genuine
        );
        eprintln!(
            "  {:<38} {:>6} {:>9} {:>11} {:>8}",
            "class", "tried", "by proof", "by transc.", "accepted"
        );
        for class in Class::ALL {
            let n = self
                .counts
                .iter()
                .find(|(c, _)| *c == class)
                .map_or([0; 3], |(_, n)| *n);
            eprintln!(
                "  {:<38} {:>6} {:>9} {:>11} {:>8}",
                class.name(),
                n.iter().sum::<usize>(),
                n[0],
                n[1],
                n[2]
            );
        }
        assert!(
            self.faults.is_empty(),
            "{game}: {} tampered records not refused as they must be:\n{}",
            self.faults.len(),
            self.faults.join("\n")
        );
        for class in Class::ALL {
            let tried = self
                .counts
                .iter()
                .find(|(c, _)| *c == class)
                .map_or(0, |(_, n)| n.iter().sum::<usize>());
            assert!(tried > 0, "{game}: no tampering of class {:?}", class);
        }
        assert!(total >= 200, "{game}: only {total} tamperings");
    }
}

/// A commitment for the transcripts (any published value: the transcript binds it).
const COMMITMENT: &str = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925";

/// A genuine record as the table bound it when the hand ended: its seed, game, format and text.
struct Bound<'a> {
    seed: [u8; 32],
    game: &'static str,
    format: &'static str,
    text: &'a str,
}

impl Bound<'_> {
    /// How a record `tampered` (its text, as a bundle carries it) claimed to be dealt from
    /// `seed` fares: `proved` says whether it parses and the proof from `seed` passes; then it
    /// must hash, with `seed`, to the genuine record's transcript.
    fn fate(&self, seed: &[u8; 32], tampered: &str, proved: bool) -> Fate {
        if !proved {
            return Fate::RefusedByProof;
        }
        let sent = transcript(COMMITMENT, &self.seed, self.game, self.format, self.text);
        if transcript(COMMITMENT, seed, self.game, self.format, tampered) == sent {
            Fate::Accepted
        } else {
            Fate::RefusedByTranscript
        }
    }

    /// The genuine record claimed to be dealt from another seed (`proves`: whether the proof
    /// from that seed passes).
    fn another_seed(&self, tally: &mut Tally, proves: impl Fn([u8; 32]) -> bool) {
        let mut other = self.seed;
        other[0] ^= 1;
        let f = self.fate(&other, self.text, proves(other));
        tally.tamper(Class::Seed, "another seed", f);
    }
}

/// A game's record as the tests write, read and prove it: through its text, as `tavolo verify`
/// reads it.
trait Proved: Sized {
    /// The game and the format a bundle names.
    const GAME: (&'static str, &'static str);
    /// The record as a bundle carries it.
    fn text(&self) -> String;
    /// A bundle's record read back (`None`: it does not parse).
    fn read(text: &str) -> Option<Self>;
    /// The proof of the record from `seed`.
    fn proved(&self, seed: [u8; 32]) -> Result<(), String>;
}

/// `impl Proved` for each record type: its game and format, and how it is written, read and
/// proved.
macro_rules! proved {
    ($($record:ty: ($game:literal, $format:literal), $text:expr, $read:expr, $prove:expr;)*) => {$(
        impl Proved for $record {
            const GAME: (&'static str, &'static str) = ($game, $format);
            fn text(&self) -> String {
                $text(self)
            }
            fn read(text: &str) -> Option<Self> {
                $read(text).ok()
            }
            fn proved(&self, seed: [u8; 32]) -> Result<(), String> {
                $prove(self, seed).map(|_| ()).map_err(|e| e.to_string())
            }
        }
    )*};
}

proved! {
    PhhHand: ("holdem", "phh"), PhhHand::to_phh, phh::parse_phh, PhhHand::prove;
    DrawRecord: ("draw", "draw-json"), DrawRecord::to_json, DrawRecord::from_json, DrawRecord::prove;
    SaintRecord: ("saint", "saint-json"),
        |r: &SaintRecord| serde_json::to_string(r).expect("JSON"),
        serde_json::from_str::<SaintRecord>, saint::prove_record;
}

/// Tallies a genuine record `r` dealt from `seed` (its proof must pass), the record claimed
/// from another seed, and each of its `tamperings` (each read back from its text).
fn tally_record<R: Proved>(
    tally: &mut Tally,
    seed: [u8; 32],
    r: &R,
    tamperings: Vec<(Class, String, R)>,
) {
    let text = r.text();
    r.proved(seed)
        .unwrap_or_else(|e| panic!("a genuine record refused: {e}\n{text}"));
    tally.genuine += 1;
    let (game, format) = R::GAME;
    let bound = Bound {
        seed,
        game,
        format,
        text: &text,
    };
    bound.another_seed(tally, |other| r.proved(other).is_ok());
    for (k, what, t) in tamperings {
        let tampered = t.text();
        let proved = R::read(&tampered).is_some_and(|t| t.proved(seed).is_ok());
        let f = bound.fate(&seed, &tampered, proved);
        tally.tamper(k, &format!("{what}\n{text}"), f);
    }
}

/// Plays `games` records with `deal(k, seed)` from the seeds `first`, `first + 1`, …, reads
/// each back from its text and tallies it and its `tamperings` ([`tally_record`]); reports.
fn tally_games<R: Proved>(
    games: u64,
    first: u64,
    deal: impl Fn(u64, [u8; 32]) -> R,
    tamperings: fn(&R) -> Vec<(Class, String, R)>,
) {
    let mut tally = Tally::default();
    for k in 0..games {
        let seed = seed_of(first + k);
        let r = R::read(&deal(k, seed).text()).expect("read back");
        tally_record(&mut tally, seed, &r, tamperings(&r));
    }
    tally.report(R::GAME.0);
}

fn seed_of(n: u64) -> [u8; 32] {
    saint::seed_from_u64(n)
}

// ---------------------------------------------------------------------------------------------
// Hold'em

/// A seeded hand played to its end by a varied but deterministic line.
fn holdem_played(seats: usize, seed: [u8; 32], style: u64, rules: HoldemRules) -> PhhHand {
    let stacks = (0..seats)
        .map(|s| Chips::new(150 + 37 * s as u64))
        .collect();
    let mut setup = HandSetup::casino(stacks, seats / 2, Chips::new(1), Chips::new(2), rules);
    if style % 3 == 0 {
        setup.antes = vec![Chips::new(1); seats];
    }
    if style % 4 == 1 {
        setup.carried_in = Chips::new(3);
    }
    let (mut hand, mut log) = Hand::new(&setup, Dealing::Seeded(GameRng::from_seed(seed))).unwrap();
    let mut step = style;
    loop {
        let action = match hand.legal_actions() {
            ToAct::Player(l) => varied_action(&l, &mut step),
            ToAct::Showdown { next, .. } => Action::Show {
                seat: next,
                cards: None,
            },
            _ => break,
        };
        log.extend(hand.apply(action).unwrap());
    }
    let names: Vec<String> = (0..seats).map(|s| format!("player{s}")).collect();
    phh::parse_phh(&phh::export(&setup, &log, Some(&names)).to_phh()).unwrap()
}

/// A real hand re-dealt from `seed`: its setup and its players' decisions, the seed's cards
/// (`None` when its line does not fit the seed's cards or stops early).
fn redealt(real: &PhhHand, seed: [u8; 32]) -> Option<PhhHand> {
    let setup = real.setup().ok()?;
    let (mut hand, mut log) = Hand::new(&setup, Dealing::Seeded(GameRng::from_seed(seed))).ok()?;
    for text in &real.actions {
        let words: Vec<&str> = text.split('#').next()?.split_whitespace().collect();
        let seat = match words.first()?.strip_prefix('p') {
            Some(n) => n.parse::<usize>().ok()?.checked_sub(1)?,
            None => continue, // the dealer's lines: the seed deals
        };
        let action = match words.get(1..)? {
            ["f"] => Action::Fold { seat },
            ["cc"] => match hand.legal_actions() {
                ToAct::Player(l) if l.check => Action::Check { seat },
                _ => Action::Call { seat },
            },
            ["cbr", to] => Action::BetOrRaiseTo {
                seat,
                to: phh_units(to, real.decimals)?,
            },
            _ => continue, // shows: the seed's hands are shown below
        };
        log.extend(hand.apply(action).ok()?);
    }
    while let ToAct::Showdown { next, .. } = hand.legal_actions() {
        log.extend(
            hand.apply(Action::Show {
                seat: next,
                cards: None,
            })
            .ok()?,
        );
    }
    hand.is_over().then_some(())?;
    phh::parse_phh(&phh::export(&setup, &log, real.players.as_deref()).to_phh()).ok()
}

/// An amount of a PHH file in units of `10^-decimals` chips.
fn phh_units(raw: &str, decimals: u32) -> Option<Chips> {
    let (int, frac) = raw.split_once('.').unwrap_or((raw, ""));
    let frac = format!("{frac:0<width$}", width = decimals as usize);
    format!("{int}{frac}").parse().ok()
}

/// The tamperings of one record: each a changed copy with its class and what was changed,
/// kept only where the copy differs from the record.
struct Tamperings<'a, R> {
    record: &'a R,
    changed: Vec<(Class, String, R)>,
}

impl<'a, R: Clone + PartialEq> Tamperings<'a, R> {
    fn new(record: &'a R) -> Self {
        Tamperings {
            record,
            changed: Vec::new(),
        }
    }

    /// Keeps `t`, of class `k`, changed as `what` says, if it differs from the record.
    fn push(&mut self, k: Class, what: impl Into<String>, t: R) {
        if t != *self.record {
            self.changed.push((k, what.into(), t));
        }
    }

    /// A copy of the record changed by `change`, kept as [`Tamperings::push`] keeps one.
    fn edit<T>(&mut self, k: Class, what: impl Into<String>, change: impl FnOnce(&mut R) -> T) {
        let mut t = self.record.clone();
        change(&mut t);
        self.push(k, what, t);
    }
}

/// Every tampering of a Hold'em record, each with its class and what it changed.
fn holdem_tamperings(h: &PhhHand) -> Vec<(Class, String, PhhHand)> {
    let mut out = Tamperings::new(h);
    let n = h.starting_stacks.len();
    // The result.
    if let Some(f) = &h.finishing_stacks {
        out.edit(Class::Result, "finishing_stacks rotated", |t| {
            t.finishing_stacks.as_mut().unwrap().rotate_left(1)
        });
        for i in 0..n {
            let j = (i + 1) % n;
            if f[i] > 0 {
                out.edit(
                    Class::Result,
                    format!("a chip of p{} moved to p{}", i + 1, j + 1),
                    |t| {
                        let fs = t.finishing_stacks.as_mut().unwrap();
                        fs[i] -= Chips::new(1);
                        fs[j] += Chips::new(1);
                    },
                );
            }
        }
        out.edit(Class::Result, "finishing_stacks dropped", |t| {
            t.finishing_stacks = None
        });
    }
    // Every line: dropped, doubled, swapped with the next; every amount one chip higher.
    let deal = |line: &str| line.starts_with("d ");
    for i in 0..h.actions.len() {
        let line = &h.actions[i];
        let mut t = h.clone();
        t.actions.remove(i);
        let k = if deal(line) {
            Class::DealDropped
        } else {
            Class::ActionDropped
        };
        out.push(k, format!("line {i} `{line}` dropped"), t);
        let mut t = h.clone();
        t.actions.insert(i, line.clone());
        let k = if deal(line) {
            Class::DealMoved
        } else {
            Class::ActionAdded
        };
        out.push(k, format!("line {i} `{line}` doubled"), t);
        if i + 1 < h.actions.len() {
            let k = if deal(line) || deal(&h.actions[i + 1]) {
                Class::DealMoved
            } else {
                Class::ActionReordered
            };
            let mut t = h.clone();
            t.actions.swap(i, i + 1);
            out.push(k, format!("lines {i} and {} swapped", i + 1), t);
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if let [who, "cbr", to] = words[..] {
            if let Ok(to) = to.parse::<u64>() {
                out.edit(
                    Class::ActionChanged,
                    format!("line {i} `{line}` one chip higher"),
                    |t| t.actions[i] = format!("{who} cbr {}", to + 1),
                );
            }
        }
    }
    // A line added at the end: another action after the hand is over.
    out.edit(Class::ActionAdded, "a fold added at the end", |t| {
        t.actions.push("p1 f".into())
    });
    // Every board line at once (the all-in hand of the finding).
    out.edit(Class::DealDropped, "every board line dropped", |t| {
        t.actions.retain(|a| !a.starts_with("d db"))
    });
    // The options.
    for i in 0..n {
        out.edit(Class::Option, format!("blind of p{} raised", i + 1), |t| {
            t.blinds[i] += Chips::new(1)
        });
        out.edit(Class::Option, format!("ante of p{} raised", i + 1), |t| {
            t.antes[i] += Chips::new(1)
        });
    }
    out.edit(Class::Option, "a chip carried in", |t| {
        t.carried_in += Chips::new(1)
    });
    out.edit(Class::Option, "min_bet raised", |t| {
        t.min_bet += Chips::new(1)
    });
    // The seats and stacks at the deal.
    for i in 0..n {
        out.edit(
            Class::SeatOrStack,
            format!("starting stack of p{} raised", i + 1),
            |t| t.starting_stacks[i] += Chips::new(1),
        );
        if h.starting_stacks[i] > h.blinds[i] + h.antes[i] {
            out.edit(
                Class::SeatOrStack,
                format!("starting stack of p{} lowered", i + 1),
                |t| t.starting_stacks[i] -= Chips::new(1),
            );
        }
    }
    out.edit(Class::SeatOrStack, "starting stacks rotated", |t| {
        t.starting_stacks.rotate_left(1)
    });
    if let Some(players) = &h.players {
        let mut t = h.clone();
        t.players.as_mut().unwrap().rotate_left(1);
        if t.players.as_ref() != Some(players) {
            out.push(Class::SeatOrStack, "players moved a seat on", t);
        }
    }
    out.changed
}

/// Issue 50, finding 1, for Hold'em: every tampering of a record (of the engine's hands and of
/// real ones) is refused; those that are another legal hand from the seed with the same result
/// only by the transcript.
#[test]
fn a_holdem_record_rewritten_into_another_legal_hand_was_called_fair() {
    let mut tally = Tally::default();
    let mut records = Vec::new();
    for k in 0..24u64 {
        let mut rules = HoldemRules::casino(match k % 3 {
            0 => Structure::NoLimit,
            1 => Structure::PotLimit,
            _ => Structure::FixedLimit,
        });
        if k % 5 == 4 {
            rules.odd_chips = OddChips::StayInPot;
        }
        records.push((
            seed_of(k),
            holdem_played(2 + k as usize % 8, seed_of(k), k, rules),
        ));
    }
    if let Some(root) = shared_phh("its hands are not tampered with") {
        let mut files = Vec::new();
        for sub in ["historical", "wsop", "pluribus/30", "pluribus/100"] {
            files_under(&root.join(sub), &["phh"], &mut files);
        }
        let mut from_files = 0;
        for (k, path) in files.iter().enumerate() {
            let text = std::fs::read_to_string(path).expect("readable");
            let Ok(real) = phh::parse_phh(&text) else {
                continue;
            };
            let seed = seed_of(1000 + k as u64);
            if let Some(h) = redealt(&real, seed) {
                records.push((seed, h));
                from_files += 1;
            }
            if from_files == 40 {
                break;
            }
        }
        eprintln!("holdem: {from_files} real hands of shared/phh re-dealt from a seed");
    }
    for (seed, h) in &records {
        tally_record(&mut tally, *seed, h, holdem_tamperings(h));
    }
    tally.report("holdem");
}

#[test]
fn a_holdem_record_with_its_finishing_stacks_rotated_is_not_a_proof() {
    let seed = seed_of(7);
    let h = holdem_played(3, seed, 2, HoldemRules::casino(Structure::NoLimit));
    h.prove(seed).unwrap();
    let mut t = h.clone();
    t.finishing_stacks.as_mut().unwrap().rotate_left(1);
    let err = t.prove(seed).unwrap_err().to_string();
    assert!(err.contains("finishing_stacks"), "{err}");
}

#[test]
fn a_holdem_record_without_its_last_board_line_is_not_a_proof() {
    // An all-in hand: both players all-in before the flop, the board dealt out.
    let seed = seed_of(8);
    let setup = HandSetup::casino(
        vec![Chips::new(100), Chips::new(100)],
        0,
        Chips::new(1),
        Chips::new(2),
        HoldemRules::casino(Structure::NoLimit),
    );
    let (mut hand, mut log) = Hand::new(&setup, Dealing::Seeded(GameRng::from_seed(seed))).unwrap();
    log.extend(
        hand.apply(Action::BetOrRaiseTo {
            seat: 0,
            to: Chips::new(100),
        })
        .unwrap(),
    );
    log.extend(hand.apply(Action::Call { seat: 1 }).unwrap());
    while let ToAct::Showdown { next, .. } = hand.legal_actions() {
        log.extend(
            hand.apply(Action::Show {
                seat: next,
                cards: None,
            })
            .unwrap(),
        );
    }
    assert!(hand.is_over());
    let h = phh::parse_phh(&phh::export(&setup, &log, None).to_phh()).unwrap();
    h.prove(seed).unwrap();
    let last = h
        .actions
        .iter()
        .rposition(|a| a.starts_with("d db"))
        .unwrap();
    let mut t = h.clone();
    t.actions.remove(last);
    let err = t.prove(seed).unwrap_err().to_string();
    assert!(err.contains("d db"), "{err}");
    let mut t = h.clone();
    t.actions.retain(|a| !a.starts_with("d db"));
    assert!(t.prove(seed).is_err());
}

// ---------------------------------------------------------------------------------------------
// Draw

/// A seeded draw hand played to its end.
fn draw_played(seats: usize, seed: [u8; 32], style: u64) -> DrawRecord {
    let stacks = (0..seats).map(|s| Chips::new(60 + 13 * s as u64)).collect();
    let mut setup = draw::DrawSetup::new(stacks, style as usize % seats, Chips::new(2));
    if style % 4 == 1 {
        setup.carried_in = Chips::new(5);
    }
    let (mut hand, mut log) =
        draw::DrawHand::new(&setup, draw::Dealing::Seeded(GameRng::from_seed(seed))).unwrap();
    let mut step = style;
    loop {
        step = step
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = (step >> 33) % 5;
        let action = match hand.legal_actions() {
            draw::ToAct::Bet(l) => match (pick, l.raise, l.call) {
                (0, Some(r), _) => draw::Action::BetOrRaiseTo {
                    seat: l.seat,
                    to: r.min_to,
                },
                (1, _, Some(_)) if l.fold => draw::Action::Fold { seat: l.seat },
                (_, _, Some(_)) => draw::Action::Call { seat: l.seat },
                (_, Some(r), None) if !l.check => draw::Action::BetOrRaiseTo {
                    seat: l.seat,
                    to: r.min_to,
                },
                _ => draw::Action::Check { seat: l.seat },
            },
            draw::ToAct::Exchange { seat, .. } => draw::Action::Exchange {
                seat,
                discard: hand.hand(seat).iter().take(pick as usize % 4).collect(),
            },
            draw::ToAct::Showdown { seat, may_muck } => {
                if pick == 1 && may_muck {
                    draw::Action::Muck { seat }
                } else {
                    draw::Action::Show { seat }
                }
            }
            draw::ToAct::Nobody => break,
        };
        log.extend(hand.apply(action).unwrap());
    }
    let names: Vec<String> = (0..seats).map(|s| format!("player{s}")).collect();
    DrawRecord::from_log(&setup, &log)
        .unwrap()
        .with_players(&names)
}

fn draw_tamperings(r: &DrawRecord) -> Vec<(Class, String, DrawRecord)> {
    let mut out = Tamperings::new(r);
    let n = r.stacks.len();
    let result = r.result.clone().expect("a finished hand");
    // The result.
    out.edit(Class::Result, "finishing_stacks rotated", |t| {
        t.result.as_mut().unwrap().finishing_stacks.rotate_left(1)
    });
    out.edit(Class::Result, "winnings rotated", |t| {
        t.result.as_mut().unwrap().winnings.rotate_left(1)
    });
    for i in 0..n {
        if result.finishing_stacks[i] > 0 {
            out.edit(Class::Result, format!("a chip of seat {i} moved on"), |t| {
                let f = &mut t.result.as_mut().unwrap().finishing_stacks;
                f[i] -= Chips::new(1);
                f[(i + 1) % n] += Chips::new(1);
            });
        }
    }
    out.edit(Class::Result, "carried_pot changed", |t| {
        t.result.as_mut().unwrap().carried_pot += Chips::new(1)
    });
    out.edit(Class::Result, "result dropped", |t| t.result = None);
    // The deal.
    for s in 0..n {
        out.edit(
            Class::DealDropped,
            format!("hand of seat {s} dropped"),
            |t| t.deal.hands.remove(s),
        );
        out.edit(
            Class::DealDropped,
            format!("a card of seat {s} dropped"),
            |t| t.deal.hands[s].pop(),
        );
        out.edit(
            Class::DealMoved,
            format!("hands of seat {s} and the next swapped"),
            |t| t.deal.hands.swap(s, (s + 1) % n),
        );
    }
    for i in 0..r.deal.draws.len() {
        out.edit(Class::DealDropped, format!("draw card {i} dropped"), |t| {
            t.deal.draws.remove(i)
        });
        if i + 1 < r.deal.draws.len() {
            out.edit(
                Class::DealMoved,
                format!("draw cards {i} and {} swapped", i + 1),
                |t| t.deal.draws.swap(i, i + 1),
            );
        }
    }
    // The actions.
    for i in 0..r.actions.len() {
        out.edit(Class::ActionDropped, format!("action {i} dropped"), |t| {
            t.actions.remove(i)
        });
        out.edit(Class::ActionAdded, format!("action {i} doubled"), |t| {
            t.actions.insert(i, r.actions[i].clone())
        });
        if i + 1 < r.actions.len() {
            out.edit(
                Class::ActionReordered,
                format!("actions {i} and {} swapped", i + 1),
                |t| t.actions.swap(i, i + 1),
            );
        }
        if let RecordAction::Bet { seat, to } = r.actions[i] {
            out.edit(
                Class::ActionChanged,
                format!("bet {i} one chip higher"),
                |t| {
                    t.actions[i] = RecordAction::Bet {
                        seat,
                        to: to + Chips::new(1),
                    };
                },
            );
        }
    }
    if let Some(last) = r.actions.last() {
        out.edit(
            Class::ActionAdded,
            "the last action again at the end",
            |t| t.actions.push(last.clone()),
        );
    }
    // The options.
    out.edit(Class::Option, "ante raised", |t| t.ante += Chips::new(1));
    out.edit(Class::Option, "a chip carried in", |t| {
        t.carried_in += Chips::new(1)
    });
    // The seats and stacks at the deal.
    for s in 0..n {
        out.edit(
            Class::SeatOrStack,
            format!("stack of seat {s} raised"),
            |t| t.stacks[s] += Chips::new(1),
        );
        out.edit(
            Class::SeatOrStack,
            format!("stack of seat {s} lowered"),
            |t| t.stacks[s] -= Chips::new(1),
        );
    }
    out.edit(Class::SeatOrStack, "stacks rotated", |t| {
        t.stacks.rotate_left(1)
    });
    out.edit(Class::SeatOrStack, "dealer moved", |t| {
        t.dealer = (r.dealer + 1) % n
    });
    if r.players.is_some() {
        out.edit(Class::SeatOrStack, "players moved a seat on", |t| {
            t.players.as_mut().unwrap().rotate_left(1)
        });
    }
    out.changed
}

/// Issue 50, finding 1, for Five-Card Draw (see the Hold'em test).
#[test]
fn a_draw_record_rewritten_into_another_legal_hand_was_called_fair() {
    let deal = |k, seed| draw_played(2 + k as usize % 7, seed, k);
    tally_games(30, 2000, deal, draw_tamperings);
}

// ---------------------------------------------------------------------------------------------
// Saint Poker

fn saint_played(players: u8, seed: [u8; 32], play: u64) -> SaintRecord {
    let mut game = saint::SaintGame::new(saint::SaintOptions::new(players), seed).unwrap();
    let mut rng = GameRng::from_u64(play);
    while !game.is_over() {
        for p in game.pending() {
            if let Some(a) = game.random_action(p, &mut rng) {
                game.apply(a).unwrap();
            }
        }
        if let Some(p) = game.to_pick() {
            let a = game.random_action(p, &mut rng).unwrap();
            game.apply(a).unwrap();
        }
    }
    game.record().unwrap()
}

fn saint_tamperings(r: &SaintRecord) -> Vec<(Class, String, SaintRecord)> {
    let mut out = Tamperings::new(r);
    let res = r.result.clone().expect("a finished game");
    // The result.
    out.edit(Class::Result, "result scores rotated", |t| {
        t.result.as_mut().unwrap().scores.rotate_left(1)
    });
    out.edit(Class::Result, "result places rotated", |t| {
        t.result.as_mut().unwrap().places.rotate_left(1)
    });
    out.edit(Class::Result, "another winner", |t| {
        let w = &mut t.result.as_mut().unwrap().winners;
        w[0] = (w[0] + 1) % r.players.len();
    });
    out.edit(Class::Result, "result dropped", |t| t.result = None);
    out.edit(Class::Result, "last round and result dropped", |t| {
        t.rounds.pop();
        t.result = None;
    });
    for p in 0..res.scores.len() {
        out.edit(Class::Result, format!("score of player {p} raised"), |t| {
            t.result.as_mut().unwrap().scores[p] += 1
        });
    }
    for (k, round) in r.rounds.iter().enumerate() {
        let mut t = r.clone();
        t.rounds[k].scores.rotate_left(1);
        if t.rounds[k].scores != round.scores {
            out.push(
                Class::Result,
                format!("round {k}: running scores rotated"),
                t,
            );
        }
    }
    // The deal.
    for p in 0..r.deal.hands.len() {
        out.edit(
            Class::DealDropped,
            format!("a card of player {p} dropped"),
            |t| t.deal.hands[p].pop(),
        );
    }
    out.edit(Class::DealDropped, "a centre card dropped", |t| {
        t.deal.centre.pop()
    });
    out.edit(Class::DealDropped, "the last draw card dropped", |t| {
        t.deal.draw_pile.pop()
    });
    out.edit(Class::DealMoved, "two seats' hands swapped", |t| {
        t.deal.hands.swap(0, 1)
    });
    out.edit(Class::DealMoved, "two draw cards swapped", |t| {
        t.deal.draw_pile.swap(0, 1)
    });
    // The actions of every round: placed cards, shown pairs, picks; whole rounds.
    for (k, round) in r.rounds.iter().enumerate() {
        out.edit(
            Class::ActionChanged,
            format!("round {k}: placed cards swapped"),
            |t| t.rounds[k].placed.swap(0, 1),
        );
        out.edit(
            Class::ActionDropped,
            format!("round {k}: a placed card dropped"),
            |t| t.rounds[k].placed.pop(),
        );
        out.edit(
            Class::ActionReordered,
            format!("round {k}: a shown pair reordered"),
            |t| {
                let s = &mut t.rounds[k].hands[0].shown;
                s.swap(0, 1);
            },
        );
        out.edit(
            Class::ActionChanged,
            format!("round {k}: two hands swapped"),
            |t| t.rounds[k].hands.swap(0, 1),
        );
        if let Some(d) = &round.draft {
            for i in 0..d.picks.len() {
                out.edit(
                    Class::ActionDropped,
                    format!("round {k}: pick {i} dropped"),
                    |t| t.rounds[k].draft.as_mut().unwrap().picks.remove(i),
                );
                out.edit(
                    Class::ActionAdded,
                    format!("round {k}: pick {i} doubled"),
                    |t| {
                        t.rounds[k]
                            .draft
                            .as_mut()
                            .unwrap()
                            .picks
                            .insert(i, d.picks[i]);
                    },
                );
                if i + 1 < d.picks.len() {
                    out.edit(
                        Class::ActionReordered,
                        format!("round {k}: picks {i} and {} swapped", i + 1),
                        |t| t.rounds[k].draft.as_mut().unwrap().picks.swap(i, i + 1),
                    );
                }
            }
        }
        out.edit(Class::ActionDropped, format!("round {k} dropped"), |t| {
            t.rounds.remove(k)
        });
        out.edit(Class::ActionAdded, format!("round {k} doubled"), |t| {
            t.rounds.insert(k, round.clone())
        });
        if k + 1 < r.rounds.len() {
            out.edit(
                Class::ActionReordered,
                format!("rounds {k} and {} swapped", k + 1),
                |t| t.rounds.swap(k, k + 1),
            );
        }
    }
    // The options.
    out.edit(Class::Option, "hand rule changed", |t| {
        t.options.hand_rule = match r.options.hand_rule {
            saint::HandRule::TwoPlusThree => saint::HandRule::AnyFive,
            saint::HandRule::AnyFive => saint::HandRule::TwoPlusThree,
        };
    });
    out.edit(Class::Option, "centre count changed", |t| {
        t.options.centre_cards = Some(r.options.centre_count() + 1)
    });
    out.edit(Class::Option, "a player added to the options", |t| {
        t.options.players += 1
    });
    // The seats.
    out.edit(Class::SeatOrStack, "a seat dropped", |t| t.players.pop());
    out.edit(Class::SeatOrStack, "players moved a seat on", |t| {
        t.players.rotate_left(1)
    });
    out.changed
}

/// Issue 50, finding 1, for Saint Poker (see the Hold'em test).
#[test]
fn a_saint_record_rewritten_into_another_legal_game_was_called_fair() {
    let deal = |k, seed| saint_played(2 + k as u8 % 4, seed, k);
    tally_games(6, 3000, deal, saint_tamperings);
}
