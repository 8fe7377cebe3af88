//! The joined simulation's lags of table writes (issue 51): the writes of a table reach the
//! books late, or not at all, behind the orders it carried out in memory — held unanswered,
//! refused as unavailable, or recorded with their answers lost — and then its node dies, mostly,
//! and the table comes back from a save older than those orders. (The coordinator's writes lag
//! the same ways: `coordinator_lag`.)

use tavolo_cards::GameRng;
use tavolo_engine::game::Game;
use tavolo_server::table::core::{Order as TableOrder, Permit, SavedState, Stop};

use super::Event;
use crate::core::books::SimBooks;
use crate::tournament::bench::ID;

/// How a lagging node's writes fare at the books (issue 51: a table's save lags the orders it
/// carried out in memory, the coordinator's the steps it took).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reach {
    /// Not answered at all: they wait, in flight, until the lag ends or the node dies.
    Held,
    /// Refused as `Unavailable` (nothing recorded) and sent again later.
    Down,
    /// Recorded, their answers lost: sent again later.
    AnswersLost,
}

impl Reach {
    /// How a table's lag is counted.
    pub(super) fn name(self) -> &'static str {
        match self {
            Reach::Held => "held",
            Reach::Down => "down",
            Reach::AnswersLost => "answers lost",
        }
    }
}

/// A table (or the coordinator) whose writes lag: how, for how many more steps, whether its node
/// dies at the end, and the orders a table carried out meanwhile.
#[derive(Debug)]
pub(super) struct Lag {
    pub(super) reach: Reach,
    pub(super) steps: u32,
    pub(super) dies: bool,
    pub(super) orders: Vec<&'static str>,
}

/// A lag drawn: how the writes fare, for how many steps (1 to 6), and whether the node dies at
/// the end (two times in three).
pub(super) fn lag_how(rng: &mut GameRng) -> (Reach, u32, bool) {
    let reach = [Reach::Held, Reach::Down, Reach::AnswersLost][rng.below(3) as usize];
    (reach, 1 + rng.below(6), rng.below(3) != 0)
}

/// An order's kind as counted (a permission to deal and a hold apart).
pub(super) fn order_kind(o: &TableOrder) -> &'static str {
    match o {
        TableOrder::Deal(Permit::Hold) => "hold",
        TableOrder::Deal(_) => "deal",
        o => o.kind(),
    }
}

/// Sets the books' fault flags as writes that reach them as `lag` says meet them; returns the
/// flags as they were, to be put back.
pub(super) fn lagging(lag: Option<&Lag>, books: &mut SimBooks) -> (bool, bool) {
    let was = (books.down, books.answers_lost);
    match lag.map(|l| l.reach) {
        Some(Reach::Down) => books.down = true,
        Some(Reach::AnswersLost) => books.answers_lost = true,
        Some(Reach::Held) | None => {}
    }
    was
}

/// Runs `f` with the books' fault flags set as table writes that reach them as `lag` says
/// meet them (the flags as they were afterwards).
pub(super) fn reached(lag: Option<&Lag>, books: &mut SimBooks, f: impl FnOnce(&mut SimBooks)) {
    let was = lagging(lag, books);
    f(books);
    (books.down, books.answers_lost) = was;
}

impl<G: Game> Event<G> {
    /// Table `k`'s node dies: of the writes the books have not answered, the oldest land (each
    /// as `lands` says; the first that does not stops the rest, which the new owner's epoch
    /// fences off), and its lag ends. Counts a table to be restored from a save older than its
    /// last one, and the orders carried out during its lag. False: the books closed the table
    /// (its close landed), which nobody opens again.
    pub(super) fn die_with_writes(&mut self, k: usize, mut lands: impl FnMut() -> bool) -> bool {
        let lag = self.lags.remove(&k);
        let Some(t) = self.tables.get_mut(&k) else {
            return false;
        };
        let books = &mut self.coord.books.ledger;
        while let Some((_, w)) = t.writes.pop_front() {
            if !lands() {
                break;
            }
            let _ = books.execute(&t.fence, &w);
        }
        t.writes.clear();
        let id = format!("{ID}-t{k}");
        if books.tables.get(&id).is_some_and(|s| s.closed) {
            t.stopped = Some(Stop::Closed);
            self.gone.insert(k);
            return false;
        }
        let saved: Option<SavedState> = (books.tables.get(&id))
            .and_then(|s| s.state.as_deref())
            .and_then(|s| serde_json::from_str(s).ok());
        let last = t.core.last_saved();
        if last.is_some() && saved.as_ref() != last {
            *self.lagged.entry("stale").or_default() += 1;
            for o in lag.map(|l| l.orders).unwrap_or_default() {
                *self.lost.entry(o).or_default() += 1;
            }
        }
        true
    }

    /// Writes of open tables start to lag for a few steps: one table's, or some of a whole
    /// node's. At the end their node dies, or they reach the books again.
    pub(super) fn lag(&mut self) {
        let Some(rng) = self.faults.as_mut() else {
            return;
        };
        let open: Vec<usize> = (self.tables.iter())
            .filter(|(k, t)| t.stopped.is_none() && !self.lags.contains_key(k))
            .map(|(k, _)| *k)
            .filter(|k| self.relay.is_open(*k))
            .collect();
        if open.is_empty() {
            return;
        }
        let how = lag_how(rng);
        let mut chosen: Vec<usize> = if self.whole_nodes {
            open.iter().copied().filter(|_| rng.below(2) == 0).collect()
        } else {
            Vec::new()
        };
        if chosen.is_empty() {
            chosen.push(open[rng.below(open.len() as u32) as usize]);
        }
        for k in chosen {
            self.start_lag(k, how);
        }
    }

    /// Now and then the writes of table `k` start to lag just before it carries out an order
    /// (its node dies, mostly, before the save that order made lands) — not a table told to
    /// close, whose seats may be a stale save's until its close is durable.
    pub(super) fn maybe_lag_at(&mut self, k: usize) {
        let Some(rng) = self.faults.as_mut() else {
            return;
        };
        let lags = self.lag_every > 0 && !self.lags.contains_key(&k) && self.relay.is_open(k);
        if !lags || rng.below(self.lag_every) != 0 {
            return;
        }
        let how = lag_how(rng);
        self.start_lag(k, how);
    }

    /// Table `k`'s writes lag from now on: how, for how many steps, and whether its node dies
    /// at the end.
    pub(super) fn start_lag(&mut self, k: usize, (reach, steps, dies): (Reach, u32, bool)) {
        if let Some(t) = self.tables.get_mut(&k) {
            t.held = reach == Reach::Held;
        }
        let orders = Vec::new();
        (self.lags).insert(
            k,
            Lag {
                reach,
                steps,
                dies,
                orders,
            },
        );
        *self.lagged.entry(reach.name()).or_default() += 1;
    }

    /// The lags go on a step; each one over ends: its node dies (the table taken over, or the
    /// whole node), or its writes reach the books again.
    pub(super) fn lags_go_on(&mut self) {
        let mut over = Vec::new();
        for (k, l) in self.lags.iter_mut() {
            l.steps = l.steps.saturating_sub(1);
            if l.steps == 0 {
                over.push((*k, l.dies));
            }
        }
        let mut node_dies = false;
        for &(k, dies) in &over {
            if dies && self.whole_nodes {
                node_dies = true;
            } else if dies {
                self.crash_table(k);
            }
        }
        if node_dies {
            self.crash_node();
        }
        for (k, _) in over {
            self.lags.remove(&k);
            if let Some(t) = self.tables.get_mut(&k) {
                t.held = false;
            }
        }
        self.pump();
    }
}
