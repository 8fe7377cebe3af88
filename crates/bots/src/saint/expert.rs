//! The `expert` bot: determinized Monte Carlo search over the whole game.
//!
//! At each decision the bot:
//! 1. updates its [`Memory`] of what has been face up and what each opponent is known to hold
//!    (drafted and not yet played) — from its views and the public events only;
//! 2. repeatedly **samples a world** consistent with that knowledge (the unseen cards dealt at
//!    random to the opponents' unknown slots and the draw pile), and for every candidate action
//!    plays the rest of the game out in that world with cheap greedy-like policies for all
//!    players (see `model`: place for this round's show, show the best pair, draft for the next
//!    round's show). Every
//!    candidate is tried on the same worlds with the same rollout randomness (common random
//!    numbers), so the comparison is far less noisy than the games themselves. When showing,
//!    only a shortlist is searched: the strongest few pairs and the cheapest few (the
//!    candidates for giving a round up);
//! 3. scores a rollout by the share of the victory plus a small bonus for the final margin, and
//!    drops the worse half of the candidates in rounds (**successive halving**) so the work goes
//!    to the close decisions.
//!
//! Because a rollout plays the whole game, the search weighs a round's r points against the
//! later rounds: showing a weak pair to keep strong cards for round 7 or 8, placing a card that
//! helps this round's hand, and drafting for its own later hands or to deny an opponent are all
//! compared by their effect on winning the game. Levels set the number of rollouts per decision.

use std::time::Instant;

use tavolo_cards::{CardSet, GameRng, HandRank};
use tavolo_engine::saint::{Action, HandRule, PhaseName, SaintView};

use super::hands::{keep_value, Scorer};
use super::memory::{Memory, Remembering};

/// Strength levels of the expert: more rollouts per decision is stronger and slower.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Level {
    /// A quick opponent.
    Easy,
    /// The default: a median decision well under 200 ms on one core.
    #[default]
    Normal,
    /// The strongest, a few times slower.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The level's name: `easy`, `normal`, `hard`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// Rollouts per decision, shared out among the candidates by successive halving.
    pub const fn rollouts(self) -> u32 {
        match self {
            Level::Easy => 1_000,
            Level::Normal => 6_000,
            Level::Hard => 24_000,
        }
    }
}

/// Weight of the final margin (in units of all 36 points) next to the victory share.
const MARGIN_WEIGHT: f64 = 0.25;

/// See the module documentation.
#[derive(Clone, Debug)]
pub struct ExpertBot {
    name: String,
    rollouts: u32,
    rng: GameRng,
    memory: Memory,
}

impl ExpertBot {
    /// An expert of `level` seeded with `seed`.
    pub fn new(level: Level, seed: u64) -> ExpertBot {
        ExpertBot::with_rollouts(format!("expert:{}", level.name()), level.rollouts(), seed)
    }

    /// An expert doing `rollouts` rollouts per decision (for tests and tuning).
    pub fn with_rollouts(name: impl Into<String>, rollouts: u32, seed: u64) -> ExpertBot {
        ExpertBot {
            name: name.into(),
            rollouts: rollouts.max(1),
            rng: GameRng::from_u64(seed),
            memory: Memory::default(),
        }
    }

    /// Successive halving over `legal` with rollouts in sampled worlds.
    fn search(&mut self, view: &SaintView, legal: &[Action], deadline: Option<Instant>) -> Action {
        let k = legal.len();
        let mut sums = vec![0.0f64; k];
        let mut counts = vec![0u32; k];
        let mut alive: Vec<usize> = (0..k).collect();
        let phases = (usize::BITS - (k - 1).leading_zeros()).max(1);
        let per_phase = self.rollouts / phases;
        'phases: for _ in 0..phases {
            let worlds = (per_phase as usize / alive.len()).max(1);
            for _ in 0..worlds {
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    break 'phases;
                }
                let (world, stage) = self.memory.sample(view, &mut self.rng);
                let rollout_seed = self.rng.next_u64();
                for &i in &alive {
                    let mut w = world.clone();
                    let mut r = GameRng::from_u64(rollout_seed);
                    w.play_out(stage, Some(legal[i]), &mut r);
                    sums[i] += w.value(MARGIN_WEIGHT);
                    counts[i] += 1;
                }
            }
            if alive.len() <= 1 {
                break;
            }
            let mean = |i: usize| sums[i] / f64::from(counts[i].max(1));
            // Best first; ties keep the legal order (stable sort).
            alive.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
            alive.truncate(alive.len().div_ceil(2));
        }
        let mean = |i: usize| {
            if counts[i] == 0 {
                f64::NEG_INFINITY
            } else {
                sums[i] / f64::from(counts[i])
            }
        };
        let best = (0..k).fold(0, |b, i| if mean(i) > mean(b) { i } else { b });
        legal[best]
    }
}

/// Pairs worth searching when showing: the strongest few and the cheapest few (most of the
/// 36 or 45 pairs are neither, and searching them all would spread the rollouts thin). Other
/// decisions keep every legal action.
fn shortlist(view: &SaintView, legal: &[Action]) -> Vec<Action> {
    if view.phase != PhaseName::Show || legal.len() <= SHOW_STRONGEST + SHOW_CHEAPEST {
        return legal.to_vec();
    }
    shortlist_pairs(
        view.hand.iter().copied().collect(),
        view.centre.iter().copied().collect(),
        view.options.hand_rule,
        legal,
    )
}

/// The strongest [`SHOW_STRONGEST`] distinct hands (cheapest pair of each) and the
/// [`SHOW_CHEAPEST`] cheapest pairs among `pairs` of `hand` against `centre`: the pairs worth
/// searching when showing (here and in the tree search, [`super::search`]).
pub(super) fn shortlist_pairs(
    hand: CardSet,
    centre: CardSet,
    rule: HandRule,
    pairs: &[Action],
) -> Vec<Action> {
    let scorer = Scorer::new(centre, rule);
    let mut scored: Vec<(HandRank, i32, Action)> = pairs
        .iter()
        .filter_map(|&a| match a {
            Action::Show { cards: [x, y], .. } => Some((
                scorer.rank(x, y),
                keep_value(x, hand) + keep_value(y, hand),
                a,
            )),
            _ => None,
        })
        .collect();
    let mut out: Vec<Action> = Vec::with_capacity(SHOW_STRONGEST + SHOW_CHEAPEST);
    // Strongest first, the cheaper of equal hands first.
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut last = None;
    for &(r, _, a) in &scored {
        if out.len() == SHOW_STRONGEST {
            break;
        }
        if last != Some(r) {
            out.push(a);
            last = Some(r);
        }
    }
    scored.sort_by_key(|s| s.1);
    for &(_, _, a) in &scored {
        if out.len() == SHOW_STRONGEST + SHOW_CHEAPEST {
            break;
        }
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

/// Strongest distinct hands kept when shortlisting pairs to show.
pub(super) const SHOW_STRONGEST: usize = 6;
/// Cheapest pairs kept when shortlisting pairs to show.
pub(super) const SHOW_CHEAPEST: usize = 4;

impl Remembering for ExpertBot {
    super::memory::remembered_in_fields!();

    fn decide(&mut self, view: &SaintView, legal: &[Action], deadline: Option<Instant>) -> Action {
        let candidates = shortlist(view, legal);
        self.search(view, &candidates, deadline)
    }
}
