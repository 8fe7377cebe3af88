//! The arena on a tiny made-up game whose results are known in advance: statistics, seat
//! rotation, shared victories and labels — and the proof that the interface is not tied to
//! Saint Poker.

use tavolo_bots::arena::{Arena, MatchConfig, MatchResult};
use tavolo_bots::{Bot, BotSpec, BotsError, Budget};
use tavolo_engine::betting::SeatMask;
use tavolo_engine::game::{Game, GameError, Outcome, Played, Positions, Record, Viewer};

/// Every seat names a number once; the highest numbers share the victory; the score is the
/// number named.
#[derive(Clone, Debug)]
struct Highest {
    named: Vec<Option<u32>>,
}

impl Game for Highest {
    const NAME: &'static str = "highest";
    const SEATS: std::ops::RangeInclusive<usize> = 2..=10;
    type Options = usize;
    type Setup = usize;
    type Action = (usize, u32);
    type Event = ();
    type View = usize;
    type Choices = Vec<(usize, u32)>;
    type Summary = Vec<Option<u32>>;

    fn setup(_options: &usize, at: &Positions) -> Result<usize, GameError> {
        Ok(at.stacks.len())
    }
    fn players(setup: &usize) -> usize {
        *setup
    }
    fn deal(setup: &usize, _seed: [u8; 32]) -> Result<(Highest, Vec<()>), GameError> {
        Ok((
            Highest {
                named: vec![None; *setup],
            },
            Vec::new(),
        ))
    }
    fn to_act(&self) -> SeatMask {
        let mut m = SeatMask::EMPTY;
        for s in (0..self.named.len()).filter(|&s| self.named[s].is_none()) {
            m.insert(s);
        }
        m
    }
    fn legal(&self, seat: usize) -> Vec<(usize, u32)> {
        (0..4).map(|n| (seat, n)).collect()
    }
    fn choices(&self, seat: usize) -> Vec<(usize, u32)> {
        self.legal(seat)
    }
    fn check(&self, _action: &(usize, u32)) -> Result<(), GameError> {
        Ok(())
    }
    fn apply(&mut self, (seat, n): (usize, u32)) -> Result<Vec<()>, GameError> {
        self.named[seat] = Some(n);
        Ok(vec![()])
    }
    fn seat_of(action: &(usize, u32)) -> Option<usize> {
        Some(action.0)
    }
    fn timeout_action(&self, seat: usize) -> Option<(usize, u32)> {
        Some((seat, 0))
    }
    fn view(&self, viewer: Viewer) -> usize {
        viewer.seat().unwrap_or(0)
    }
    fn censor(_event: &(), _viewer: Viewer) -> Option<()> {
        Some(())
    }
    fn is_over(&self) -> bool {
        self.named.iter().all(Option::is_some)
    }
    fn outcome(&self, _setup: &usize) -> Outcome {
        let scores: Vec<u32> = self.named.iter().map(|n| n.unwrap_or(0)).collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        let winners = (0..scores.len()).filter(|&s| scores[s] == best).collect();
        Outcome::Points { scores, winners }
    }
    fn summary(&self, _events: &[()]) -> Vec<Option<u32>> {
        self.named.clone()
    }
    fn record(_played: &Played<Highest>, _names: Option<&[String]>) -> Result<Record, GameError> {
        Err(GameError::Record("this game keeps no record".into()))
    }
}

/// Always names the same number (or, if it is out of range, 9: an illegal answer).
struct Constant(u32);

impl Bot<Highest> for Constant {
    fn name(&self) -> &str {
        "constant"
    }
    fn act(&mut self, view: &usize, _legal: &[(usize, u32)], _budget: Budget) -> (usize, u32) {
        (*view, self.0)
    }
}

fn constant(name: &str, n: u32) -> BotSpec<Highest> {
    BotSpec::new(name, move |_, _| Box::new(Constant(n)) as _)
}

/// A match of `games` games of `players` seats from `seed`.
fn play(players: usize, bots: Vec<BotSpec<Highest>>, games: u64, seed: u64) -> MatchResult {
    let config = MatchConfig::<Highest>::new(players, bots, games, seed).unwrap();
    Arena::new(config).run(&|_| {}).unwrap()
}

#[test]
fn statistics_of_a_known_match() {
    // Three seats: "three" always wins alone; the two "ones" never win.
    let bots = vec![constant("one", 1), constant("three", 3), constant("one", 1)];
    let result = play(3, bots, 30, 5);
    let labels: Vec<&str> = result.bots.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["one#1", "three", "one#3"]);
    let three = &result.bots[1];
    assert_eq!((three.games, three.wins, three.win_rate), (30, 30.0, 1.0));
    assert_eq!(
        (three.win_rate_ci95, three.mean_score, three.score_ci95),
        (0.0, 3.0, 0.0)
    );
    assert_eq!(result.bots[0].wins, 0.0);
    // Seats rotate: each entry sits at each seat ten times.
    for e in 0..3 {
        for seat in 0..3 {
            let n = result.games.iter().filter(|g| g.entries[seat] == e).count();
            assert_eq!(n, 10);
        }
    }
}

#[test]
fn shared_victories_count_half_and_the_interval_is_the_normal_one() {
    // Heads-up "two" against "two": every game is a tie, half a win each.
    let bots = vec![constant("a", 2), constant("b", 2)];
    let result = play(2, bots, 10, 1);
    for b in &result.bots {
        assert_eq!(
            (b.games, b.wins, b.win_rate, b.win_rate_ci95),
            (10, 5.0, 0.5, 0.0)
        );
    }
    // Four players: one bot always names the highest number, wherever it sits.
    let bots = vec![
        constant("x", 3),
        constant("y", 0),
        constant("z", 0),
        constant("w", 0),
    ];
    let result = play(4, bots, 8, 1);
    assert_eq!(result.bots[0].wins, 8.0);
    assert_eq!(result.bots[1].wins, 0.0);
}

#[test]
fn illegal_answers_are_replaced_and_counted() {
    let bots = vec![constant("cheat", 9), constant("honest", 1)];
    let result = play(2, bots, 6, 1);
    assert_eq!(result.bots[0].illegal, 6);
    // Replaced by the first legal action, 0: the honest bot wins every game.
    assert_eq!(result.bots[1].wins, 6.0);
}

#[test]
fn a_bot_list_that_does_not_fill_the_table_is_refused() {
    let err = MatchConfig::<Highest>::new(3, vec![constant("a", 1)], 5, 1).unwrap_err();
    assert!(
        matches!(
            err,
            BotsError::BotCount {
                bots: 1,
                players: 3
            }
        ),
        "{err}"
    );
    assert!(MatchConfig::<Highest>::new(1, vec![constant("a", 1)], 0, 1).is_err());
}

/// Names a number drawn from its seed, which the arena derives from the deal and the seat:
/// the seat's "cards".
fn lucky(name: &str) -> BotSpec<Highest> {
    BotSpec::new(name, |_, seed| Box::new(Constant((seed % 4) as u32)) as _)
}

#[test]
fn duplicate_intervals_are_taken_over_whole_deals_so_seat_luck_cancels() {
    // Two copies of one luck-driven bot: whoever holds the better seat wins a game, so game by
    // game the results scatter, yet over each deal's two games both entries break even.
    let config = |duplicate: bool| {
        let mut c = MatchConfig::<Highest>::new(2, vec![lucky("a"), lucky("b")], 200, 3).unwrap();
        c.duplicate = duplicate;
        Arena::new(c).run(&|_| {}).unwrap()
    };
    let plain = config(false);
    assert!(plain.bots[0].win_rate_ci95 > 0.05, "{:?}", plain.bots[0]);
    let dup = config(true);
    for b in &dup.bots {
        assert_eq!((b.games, b.wins, b.win_rate), (200, 100.0, 0.5), "{b:?}");
        assert_eq!((b.win_rate_ci95, b.illegal), (0.0, 0), "{b:?}");
    }
    // The score (the number named) is the deal's, not the seat's: both entries hold both
    // seats' numbers over a deal, so they average the same, and deals differ.
    assert_eq!(dup.bots[0].mean_score, dup.bots[1].mean_score);
    assert!(dup.bots[0].score_ci95 > 0.0);
}
