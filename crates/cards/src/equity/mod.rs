//! Equity: how often each of several hands wins, ties or loses over the boards still to come —
//! exactly by enumeration, or by Monte Carlo with a standard error.
//!
//! Exact pre-flop Hold'em with known hands uses a faster path than visiting every board: a board
//! with at most two cards of each suit can make nobody a flush, so its result depends only on the
//! board's ranks. Those boards are settled once per rank multiset (6,175 of them), weighted by how
//! many boards have those ranks; the boards with three or more cards of a suit on which some
//! player can make a flush are enumerated by their suited cards and the ranks of the rest (the
//! others stay with their rank multiset). Heads-up, that is at most about 110,000 evaluations
//! instead of 3.4 million, and fewer when no player holds two cards of a suit.

mod counting;

use rayon::prelude::*;
use thiserror::Error;

use crate::card::Card;
use crate::gen;
use crate::hand::Hand;
use crate::rng::GameRng;
use crate::saint::Centre;
use crate::set::CardSet;
use counting::{
    choose, combinations, five_rank_multisets, for_each_subset, off_suit_multisets, rank_slot,
    rank_value, CHOOSE4,
};

/// Which game's hand rule decides (named `holdem` or `saint`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    /// Best five of the two own cards and the five board cards.
    #[default]
    Holdem,
    /// Saint Poker: exactly the two own cards and exactly three of the five centre cards.
    Saint,
}

/// One player's two cards, known or to be drawn at random.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holding {
    /// These two cards.
    Known([Card; 2]),
    /// Any two cards from those left.
    Random,
}

impl Holding {
    /// The two cards, when they are known.
    pub const fn cards(self) -> Option<[Card; 2]> {
        match self {
            Holding::Known(c) => Some(c),
            Holding::Random => None,
        }
    }
}

/// Why an equity question cannot be answered.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EquityError {
    /// Equity needs 2 to 10 players.
    #[error("equity needs 2 to 10 hands, got {0}")]
    PlayerCount(usize),
    /// The board holds more than five cards.
    #[error("the board holds at most 5 cards, got {0}")]
    BoardTooLong(usize),
    /// A card is named twice (in hands, board or dead cards).
    #[error("card {0} is used more than once")]
    Duplicate(Card),
    /// Not enough cards are left to deal the random hands and the board.
    #[error("not enough cards left: need {need}, have {have}")]
    NotEnoughCards {
        /// Cards needed.
        need: usize,
        /// Cards available.
        have: usize,
    },
}

/// A checked equity question.
#[derive(Clone, Debug)]
pub struct EquityQuery {
    holdings: Vec<Holding>,
    board: Vec<Card>,
    dead: CardSet,
    game: Game,
    /// Cards neither held, on the board, nor dead.
    stub: CardSet,
}

/// Win, tie and loss counts (or sample counts) per player, and how the ties were split.
///
/// Everything is counted in integers — a k-way tie adds to the player's count of k-way ties —
/// and the shares (1 for a win, 1/k for a k-way tie) are only formed by [`Tally::equity`] and
/// [`Tally::std_error`], so recording an outcome is a few integer additions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Outcomes won alone.
    pub wins: Vec<u64>,
    /// Outcomes shared with others.
    pub ties: Vec<u64>,
    /// Outcomes lost.
    pub losses: Vec<u64>,
    /// Outcomes counted.
    pub total: u64,
    /// Per player, the outcomes shared `k` ways at index `k` (2 to 10).
    split: Vec<[u64; 11]>,
}

impl Tally {
    fn new(n: usize) -> Tally {
        Tally {
            wins: vec![0; n],
            ties: vec![0; n],
            losses: vec![0; n],
            total: 0,
            split: vec![[0; 11]; n],
        }
    }

    /// Records one outcome (with multiplicity `weight`) from the players' hand values.
    #[inline]
    fn record(&mut self, values: &[u32], weight: u64) {
        self.total += weight;
        let n = values.len().min(self.wins.len());
        if n == 2 {
            // Heads-up: one comparison.
            let (a, b) = (values[0], values[1]);
            if a > b {
                self.wins[0] += weight;
                self.losses[1] += weight;
            } else if b > a {
                self.wins[1] += weight;
                self.losses[0] += weight;
            } else {
                self.ties[0] += weight;
                self.ties[1] += weight;
                self.split[0][2] += weight;
                self.split[1][2] += weight;
            }
            return;
        }
        let best = values.iter().copied().max().unwrap_or(0);
        let k = values.iter().filter(|&&v| v == best).count();
        for (p, &v) in values.iter().enumerate().take(n) {
            if v != best {
                self.losses[p] += weight;
            } else if k == 1 {
                self.wins[p] += weight;
            } else {
                self.ties[p] += weight;
                self.split[p][k.min(10)] += weight;
            }
        }
    }

    fn merge(mut self, o: Tally) -> Tally {
        for p in 0..self.wins.len() {
            self.wins[p] += o.wins[p];
            self.ties[p] += o.ties[p];
            self.losses[p] += o.losses[p];
            for k in 0..11 {
                self.split[p][k] += o.split[p][k];
            }
        }
        self.total += o.total;
        self
    }

    /// Player `p`'s summed shares and summed squared shares.
    fn shares(&self, p: usize) -> (f64, f64) {
        let (mut s, mut sq) = (self.wins[p] as f64, self.wins[p] as f64);
        for (k, &c) in self.split[p].iter().enumerate().skip(2) {
            let share = 1.0 / k as f64;
            s += c as f64 * share;
            sq += c as f64 * share * share;
        }
        (s, sq)
    }

    /// Player `p`'s equity: the mean share.
    pub fn equity(&self, p: usize) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        self.shares(p).0 / self.total as f64
    }

    /// The standard error of player `p`'s equity, treating the outcomes as independent samples.
    pub fn std_error(&self, p: usize) -> f64 {
        if self.total < 2 {
            return 0.0;
        }
        let n = self.total as f64;
        let (s, sq) = self.shares(p);
        let mean = s / n;
        let var = (sq / n - mean * mean).max(0.0) * n / (n - 1.0);
        (var / n).sqrt()
    }
}

impl EquityQuery {
    /// Checks the question: 2–10 holdings, a board of at most five cards, every card once.
    ///
    /// ```
    /// use tavolo_cards::{parse_cards, EquityQuery, Game, Holding, CardSet};
    /// let h = |s: &str| Holding::Known(parse_cards(s).unwrap().try_into().unwrap());
    /// let q = EquityQuery::new(vec![h("AsAh"), h("KdKc")], vec![], CardSet::EMPTY, Game::Holdem)?;
    /// let t = q.exact(&|_| {});
    /// assert_eq!((t.wins[0], t.wins[1], t.ties[0]), (1_388_072, 317_694, 6_538));
    /// # Ok::<(), tavolo_cards::EquityError>(())
    /// ```
    pub fn new(
        holdings: Vec<Holding>,
        board: Vec<Card>,
        dead: CardSet,
        game: Game,
    ) -> Result<EquityQuery, EquityError> {
        if !(2..=10).contains(&holdings.len()) {
            return Err(EquityError::PlayerCount(holdings.len()));
        }
        if board.len() > 5 {
            return Err(EquityError::BoardTooLong(board.len()));
        }
        let mut used = dead;
        let known = holdings.iter().flat_map(|h| match h {
            Holding::Known(c) => c.to_vec(),
            Holding::Random => vec![],
        });
        for c in known.chain(board.iter().copied()) {
            if !used.insert(c) {
                return Err(EquityError::Duplicate(c));
            }
        }
        let stub = !used;
        let randoms = holdings.iter().filter(|h| **h == Holding::Random).count();
        let need = 2 * randoms + 5 - board.len();
        if (stub.len() as usize) < need {
            return Err(EquityError::NotEnoughCards {
                need,
                have: stub.len() as usize,
            });
        }
        Ok(EquityQuery {
            holdings,
            board,
            dead,
            game,
            stub,
        })
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.holdings.len()
    }

    /// The dead cards.
    pub fn dead(&self) -> CardSet {
        self.dead
    }

    /// How many (random hands, board) outcomes an exact enumeration visits.
    pub fn outcomes(&self) -> u128 {
        let mut left = self.stub.len() as usize;
        let mut n = 1u128;
        for h in &self.holdings {
            if *h == Holding::Random {
                n *= choose(left, 2);
                left -= 2;
            }
        }
        n * choose(left, 5 - self.board.len())
    }

    /// Exact results over every outcome, on all cores. `progress` receives units of work done
    /// (out of [`EquityQuery::work_units`]).
    pub fn exact(&self, progress: &(dyn Fn(u64) + Sync)) -> Tally {
        let all_known = self.holdings.iter().all(|h| matches!(h, Holding::Known(_)));
        if all_known && self.board.is_empty() && self.game == Game::Holdem {
            let t = self.exact_preflop();
            progress(self.work_units());
            return t;
        }
        self.exact_enumerate(progress)
    }

    /// Exact results on this thread only (the benchmark's one-core figure).
    pub fn exact_single_thread(&self) -> Tally {
        let all_known = self.holdings.iter().all(|h| matches!(h, Holding::Known(_)));
        if all_known && self.board.is_empty() && self.game == Game::Holdem {
            return self.exact_preflop();
        }
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build();
        match pool {
            Ok(p) => p.install(|| self.exact_enumerate(&|_| {})),
            Err(_) => self.exact_enumerate(&|_| {}),
        }
    }

    /// Units of work [`EquityQuery::exact`] reports through its progress callback.
    pub fn work_units(&self) -> u64 {
        self.first_level().len() as u64
    }

    /// The independent pieces of an exact enumeration: the first random player's holdings, or
    /// else the first board card (boards are enumerated with increasing card index).
    fn first_level(&self) -> Vec<Vec<Card>> {
        let stub: Vec<Card> = self.stub.iter().collect();
        if self.holdings.contains(&Holding::Random) {
            let mut v = Vec::new();
            for i in 0..stub.len() {
                for j in i + 1..stub.len() {
                    v.push(vec![stub[i], stub[j]]);
                }
            }
            v
        } else if self.board.len() < 5 {
            stub.iter().map(|&c| vec![c]).collect()
        } else {
            vec![vec![]]
        }
    }

    fn exact_enumerate(&self, progress: &(dyn Fn(u64) + Sync)) -> Tally {
        let n = self.players();
        let has_random = self.holdings.contains(&Holding::Random);
        self.first_level()
            .into_par_iter()
            .map(|first| {
                let mut tally = Tally::new(n);
                let mut holes: Vec<Option<[Card; 2]>> =
                    self.holdings.iter().map(|h| h.cards()).collect();
                let mut stub = self.stub;
                let mut board = self.board.clone();
                if has_random {
                    let p = holes.iter().position(Option::is_none).unwrap_or(0);
                    holes[p] = Some([first[0], first[1]]);
                    stub = stub - CardSet::from(first[0]) - CardSet::from(first[1]);
                    self.deal_randoms(&mut holes, stub, &mut board, &mut tally);
                } else {
                    // Boards whose lowest new card is `first[0]`.
                    if let Some(&c) = first.first() {
                        board.push(c);
                        let above =
                            CardSet::from_bits(!((2u64 << c.index()) - 1) & CardSet::FULL.bits())
                                .unwrap_or(CardSet::EMPTY);
                        stub = stub & above;
                    }
                    let holes: Vec<[Card; 2]> = holes.iter().flatten().copied().collect();
                    self.deal_boards(&holes, stub, &board, &mut tally);
                }
                progress(1);
                tally
            })
            .reduce(|| Tally::new(n), Tally::merge)
    }

    /// Deals the remaining random holdings (each combination once), then the boards.
    fn deal_randoms(
        &self,
        holes: &mut [Option<[Card; 2]>],
        stub: CardSet,
        board: &mut Vec<Card>,
        tally: &mut Tally,
    ) {
        match holes.iter().position(Option::is_none) {
            None => {
                let known: Vec<[Card; 2]> = holes.iter().flatten().copied().collect();
                self.deal_boards(&known, stub, board, tally);
            }
            Some(p) => {
                let cards: Vec<Card> = stub.iter().collect();
                for i in 0..cards.len() {
                    for j in i + 1..cards.len() {
                        holes[p] = Some([cards[i], cards[j]]);
                        let rest = stub - CardSet::from(cards[i]) - CardSet::from(cards[j]);
                        self.deal_randoms(holes, rest, board, tally);
                    }
                }
                holes[p] = None;
            }
        }
    }

    /// Every completion of `board` from `stub`, each counted once.
    fn deal_boards(&self, holes: &[[Card; 2]], stub: CardSet, board: &[Card], tally: &mut Tally) {
        let cards: Vec<Card> = stub.iter().collect();
        let need = 5 - board.len();
        let mut values = vec![0u32; holes.len()];
        match self.game {
            Game::Holdem => {
                let hands: Vec<Hand> = holes.iter().map(|h| Hand::from_cards(h)).collect();
                let base = Hand::from_cards(board);
                let mut leaf = |b: Hand| {
                    for (v, h) in values.iter_mut().zip(&hands) {
                        *v = u32::from(b.combine(*h).evaluate().value());
                    }
                    tally.record(&values, 1);
                };
                combinations(&cards, need, base, &|h, c| h.add_card(c), &mut leaf);
            }
            Game::Saint => {
                let mut leaf = |b: Vec<Card>| {
                    if let Ok(centre) = Centre::new(&b) {
                        for (v, h) in values.iter_mut().zip(holes) {
                            *v = u32::from(centre.evaluate(h[0], h[1]).value());
                        }
                        tally.record(&values, 1);
                    }
                };
                combinations(
                    &cards,
                    need,
                    board.to_vec(),
                    &|mut v: Vec<Card>, c| {
                        v.push(c);
                        v
                    },
                    &mut leaf,
                );
            }
        }
    }

    /// Monte Carlo: `samples` random outcomes on all cores; the same seed gives the same result
    /// whatever the number of threads. `progress` receives samples done.
    pub fn monte_carlo(&self, samples: u64, seed: u64, progress: &(dyn Fn(u64) + Sync)) -> Tally {
        const CHUNK: u64 = 16_384;
        let n = self.players();
        let chunks = samples.div_ceil(CHUNK);
        (0..chunks)
            .into_par_iter()
            .map(|chunk| {
                let mut rng = GameRng::from_u64(seed ^ chunk.wrapping_mul(0x9E37_79B9_7F4A_7C15));
                let count = CHUNK.min(samples - chunk * CHUNK);
                let mut tally = Tally::new(n);
                let mut stub: Vec<Card> = self.stub.iter().collect();
                let mut values = vec![0u32; n];
                let mut holes = vec![[stub[0], stub[0]]; n];
                for _ in 0..count {
                    // A partial Fisher–Yates shuffle deals exactly the cards needed.
                    let mut next = 0;
                    let mut draw = |rng: &mut GameRng, stub: &mut Vec<Card>| {
                        let j = next + rng.below((stub.len() - next) as u32) as usize;
                        stub.swap(next, j);
                        next += 1;
                        stub[next - 1]
                    };
                    for (p, h) in self.holdings.iter().enumerate() {
                        holes[p] = match h {
                            Holding::Known(c) => *c,
                            Holding::Random => {
                                [draw(&mut rng, &mut stub), draw(&mut rng, &mut stub)]
                            }
                        };
                    }
                    let mut board = self.board.clone();
                    while board.len() < 5 {
                        board.push(draw(&mut rng, &mut stub));
                    }
                    match self.game {
                        Game::Holdem => {
                            let b = Hand::from_cards(&board);
                            for (v, h) in values.iter_mut().zip(&holes) {
                                *v = u32::from(b.combine(Hand::from_cards(h)).evaluate().value());
                            }
                        }
                        Game::Saint => {
                            let Ok(centre) = Centre::new(&board) else {
                                continue;
                            };
                            for (v, h) in values.iter_mut().zip(&holes) {
                                *v = u32::from(centre.evaluate(h[0], h[1]).value());
                            }
                        }
                    }
                    tally.record(&values, 1);
                }
                progress(count);
                tally
            })
            .reduce(|| Tally::new(n), Tally::merge)
    }

    /// The rank-class algorithm of the module doc, for known hands and an empty board.
    fn exact_preflop(&self) -> Tally {
        let n = self.players();
        let mut tally = Tally::new(n);
        let holes: Vec<[Card; 2]> = self.holdings.iter().filter_map(|h| h.cards()).collect();
        let hands: Vec<Hand> = holes.iter().map(|h| Hand::from_cards(h)).collect();
        // Cards left per rank, and per rank outside each suit.
        let mut avail = [0u8; 13];
        let mut suit_ranks = [0u16; 4];
        for c in self.stub {
            avail[c.rank().index() as usize] += 1;
            suit_ranks[c.suit().index() as usize] |= 1 << c.rank().index();
        }
        // Boards with three or more cards of one suit, grouped by the rank multiset of the board:
        // how many there are, to be taken out of the rank-only count.
        let mut flush_boards = vec![0u32; 1 << gen::SLOT_BITS];
        let mut values = vec![0u32; n];
        for (s, &suited_ranks) in suit_ranks.iter().enumerate() {
            let in_suit: Vec<u8> = (0..13u8).filter(|r| suited_ranks >> r & 1 == 1).collect();
            let mut off_suit = [0u8; 13];
            for (r, o) in off_suit.iter_mut().enumerate() {
                *o = avail[r] - (suited_ranks >> r & 1) as u8;
            }
            // Each player's cards of this suit, as a rank mask, and how many.
            let own: Vec<(u16, u32)> = holes
                .iter()
                .map(|h| {
                    let m = h
                        .iter()
                        .filter(|c| c.suit().index() as usize == s)
                        .fold(0u16, |m, c| m | 1 << c.rank().index());
                    (m, m.count_ones())
                })
                .collect();
            // The other cards' rank multisets with their number of card choices.
            let rest: [Vec<(u32, u64)>; 3] = [
                off_suit_multisets(&off_suit, 2),
                off_suit_multisets(&off_suit, 1),
                off_suit_multisets(&off_suit, 0),
            ];
            for k in 3..=5usize {
                // With exactly k board cards of this suit (and at most two of any other), only a
                // player holding 5 - k of the suit can make a flush. If nobody can, these boards
                // are valued by their ranks alone: they stay in the rank-only count below.
                if own.iter().all(|&(_, c)| c as usize + k < 5) {
                    continue;
                }
                let others = &rest[k - 3];
                for_each_subset(&in_suit, k, &mut |suited: &[u8]| {
                    let suited_mask = suited.iter().fold(0u16, |m, &r| m | 1 << r);
                    let suited_key: u32 = suited.iter().map(|&r| gen::RANK_KEYS[r as usize]).sum();
                    // Flush values do not depend on the other cards (at most 10 players).
                    let mut flush = [0u32; 10];
                    for (f, &(m, c)) in flush.iter_mut().zip(&own) {
                        if c as usize + k >= 5 {
                            *f = u32::from(
                                crate::tables::FLUSH[(m | suited_mask) as usize & 0x1fff],
                            );
                        }
                    }
                    for &(key, ways) in others {
                        let board_key = suited_key + key;
                        for p in 0..n {
                            let r = u32::from(rank_value(hands[p], board_key));
                            values[p] = r.max(flush[p]);
                        }
                        tally.record(&values, ways);
                        flush_boards[rank_slot(board_key)] += ways as u32;
                    }
                });
            }
        }
        // Every other board: settled by its ranks alone.
        for (board_key, counts) in five_rank_multisets() {
            let total: u64 = counts
                .iter()
                .enumerate()
                .map(|(r, &m)| CHOOSE4[avail[r] as usize & 7][m as usize & 7])
                .product();
            let plain = total - u64::from(flush_boards[rank_slot(*board_key)]);
            if plain == 0 {
                continue;
            }
            for p in 0..n {
                values[p] = u32::from(rank_value(hands[p], *board_key));
            }
            tally.record(&values, plain);
        }
        tally
    }
}

#[cfg(test)]
mod tests;
