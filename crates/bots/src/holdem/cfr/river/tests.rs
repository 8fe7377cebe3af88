//! Tests of the river search: its answers on known boards, card removal, the deadline, and how near an equilibrium its solutions are.

use super::super::tree::{CALL, FOLD, RAISE};
use super::*;
use tavolo_cards::parse_cards;

impl Solver {
    /// The average strategy of decision `k`, per action, per live pair (uniform where unseen).
    fn average_strategy(&self, k: usize) -> Vec<f64> {
        let width = self.decisions[k].actions.len();
        let g = &self.average[k];
        let mut out = vec![1.0 / width as f64; width * LIVE];
        for j in 0..LIVE {
            let total: f64 = (0..width).map(|a| g[a * LIVE + j]).sum();
            if total > 0.0 {
                for a in 0..width {
                    out[a * LIVE + j] = g[a * LIVE + j] / total;
                }
            }
        }
        out
    }

    /// `p`'s best-response values at decision `k` against the other's average strategy, with
    /// the other's reach `theirs` (counterfactual: weighted by it).
    fn best_response(&self, k: usize, p: usize, theirs: &[f64]) -> Vec<f64> {
        let d = &self.decisions[k];
        let sigma = self.average_strategy(k);
        let value = |next: Next, theirs: &[f64]| match next {
            Next::Decision(c) => self.best_response(c, p, theirs),
            leaf => self.leaf(leaf, p, theirs),
        };
        if d.player == p {
            let mut out = vec![f64::NEG_INFINITY; LIVE];
            for &(_, next) in &d.actions {
                for (o, v) in out.iter_mut().zip(value(next, theirs)) {
                    *o = o.max(v);
                }
            }
            out
        } else {
            let mut out = vec![0.0; LIVE];
            for (a, &(_, next)) in d.actions.iter().enumerate() {
                let s = &sigma[a * LIVE..(a + 1) * LIVE];
                let reach: Vec<f64> = theirs.iter().zip(s).map(|(t, s)| t * s).collect();
                for (o, v) in out.iter_mut().zip(value(next, &reach)) {
                    *o += v;
                }
            }
            out
        }
    }

    /// What the two players' best responses to the average strategy win together, per deal of
    /// the two ranges (0 at an equilibrium of the subgame).
    fn exploitability(&self) -> f64 {
        let r = &self.ranges;
        let mut won = 0.0;
        for p in 0..2 {
            let v = self.best_response(0, p, &r[1 - p]);
            won += r[p].iter().zip(&v).map(|(m, v)| m * v).sum::<f64>();
        }
        let deals: f64 = r[0]
            .iter()
            .zip(self.possible(&r[1]))
            .map(|(m, w)| m * w)
            .sum();
        won / deals
    }
}

/// The river's first decision after a limp and checks all the way.
fn checked_down(tree: &Tree) -> usize {
    let mut at = 0;
    while tree.nodes[at].street < 3 {
        match tree.nodes[at].children[CALL] {
            Some(Child::Node(i)) => at = i as usize,
            other => panic!("{other:?}"),
        }
    }
    at
}

fn only(hand: &str) -> Vec<f64> {
    let c = parse_cards(hand).expect("cards");
    let mut r = vec![0.0; PAIRS];
    r[pair_index([c[0], c[1]]).expect("pair")] = 1.0;
    r
}

#[test]
fn a_hand_that_cannot_win_folds_to_a_bet_and_never_bluffs_into_the_nuts() {
    let tree = Tree::limit();
    let root = checked_down(&tree);
    let first = usize::from(tree.nodes[root].player);
    let board = parse_cards("2c 7d 9h Js Kc").expect("board");
    let mut ranges = [vec![], vec![]];
    ranges[first] = only("Kd Kh");
    ranges[1 - first] = only("3d 4h");
    let solution = Solver::new(&tree, root, &board, ranges)
        .expect("a river")
        .run(ITERATIONS, None)
        .0;
    let w = parse_cards("3d 4h").expect("cards");
    let weak = [w[0], w[1]];
    let k = parse_cards("Kd Kh").expect("cards");
    let kings = [k[0], k[1]];
    // Betting and checking win the kings the same (the other folds to a bet), but they
    // never fold.
    let p = solution.probabilities(root, kings).expect("reached");
    assert_eq!(p[FOLD], 0.0, "{p:?}");
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-6);
    let child = |slot: usize| match tree.nodes[root].children[slot] {
        Some(Child::Node(i)) => i as usize,
        other => panic!("{other:?}"),
    };
    let q = solution.probabilities(child(RAISE), weak).expect("reached");
    assert!(q[FOLD] > 0.95, "folds to the bet: {q:?}");
    let q = solution.probabilities(child(CALL), weak).expect("reached");
    assert!(q[CALL] > 0.95, "checks behind: {q:?}");
}

#[test]
fn showdown_shares_count_card_removal() {
    let tree = Tree::limit();
    let root = checked_down(&tree);
    let board = parse_cards("2c 7d 9h Js Kc").expect("board");
    let solver =
        Solver::new(&tree, root, &board, [vec![1.0; PAIRS], vec![1.0; PAIRS]]).expect("a river");
    let theirs = vec![1.0; LIVE];
    let net = solver.beaten(&theirs);
    let possible = solver.possible(&theirs);
    let c = parse_cards("Kd Kh").expect("cards");
    let i = usize::from(solver.live_index[pair_index([c[0], c[1]]).expect("pair")]);
    // 47 cards left: C(45, 2) = 990 opposing pairs without a king of ours.
    assert_eq!(possible[i], 990.0);
    // A set of kings on an unpaired board with no flush possible loses only to the straights
    // Q-T and T-8 (16 pairs each) and ties with nothing: it beats 958, 32 beat it.
    assert_eq!(net[i], 958.0 - 32.0);
    // 3-4 makes K-J-9-7-4, the weakest hand there can be: it beats nothing and loses to
    // all 990 pairs it does not block but the 3 × 3 other threes and fours it ties with.
    let w = parse_cards("3d 4h").expect("cards");
    let j = usize::from(solver.live_index[pair_index([w[0], w[1]]).expect("pair")]);
    assert_eq!((possible[j], net[j]), (990.0, -981.0));
}

#[test]
fn a_solve_cut_short_by_its_deadline_is_used_but_not_kept() {
    let strategy = Strategy::shipped(super::super::tree::TreeKind::Limit).expect("shipped");
    let root = checked_down(strategy.tree());
    // Check every street down: the line before the river.
    let mut line = Vec::new();
    let mut at = 0;
    while strategy.tree().nodes[at].street < 3 {
        line.push((at, CALL));
        match strategy.tree().nodes[at].children[CALL] {
            Some(Child::Node(i)) => at = i as usize,
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(at, root);
    let board = parse_cards("3c 8d Th Qs 5c").expect("board");
    let hole = parse_cards("Ah Kd").expect("cards");
    let hole = [hole[0], hole[1]];
    // A deadline already passed: not one iteration, so no answer (the bot then plays its
    // trained strategy), and nothing kept.
    let past = Some(Instant::now());
    let cut = solve(strategy, root, &board, &line, past).expect("a subgame");
    assert_eq!(cut.probabilities(root, hole), None);
    let again = solve(strategy, root, &board, &line, past).expect("a subgame");
    assert!(!Arc::ptr_eq(&cut, &again), "a cut solve is not kept");
    // Without a deadline: a full solve, kept and reused.
    let full = solve(strategy, root, &board, &line, None).expect("a subgame");
    let p = full.probabilities(root, hole).expect("an answer");
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-6, "{p:?}");
    let kept = solve(strategy, root, &board, &line, past).expect("a subgame");
    assert!(Arc::ptr_eq(&full, &kept));
}

#[test]
fn the_solution_nears_an_equilibrium_of_the_river_in_limit_and_no_limit() {
    let board = parse_cards("2c 7d 9h Js Kc").expect("board");
    // What both best responses may still win, as a share of the pot: No-Limit's all-in
    // overbets (50 pots deep) leave more to find after as many iterations.
    for (tree, bound) in [(Tree::limit(), 0.001), (Tree::no_limit(), 0.025)] {
        let root = checked_down(&tree);
        let pot: f64 = tree.nodes[root].contrib.iter().map(|&c| f64::from(c)).sum();
        // Every pair equally likely for both: the widest ranges there are.
        let mut solver = Solver::new(&tree, root, &board, [vec![1.0; PAIRS], vec![1.0; PAIRS]])
            .expect("a river");
        solver.iterate(10, None);
        let early = solver.exploitability();
        solver.iterate(ITERATIONS - 10, None);
        let late = solver.exploitability();
        eprintln!(
            "{:?}: pot {pot}, after 10 {early}, after {ITERATIONS} {late}",
            tree.kind
        );
        assert!(late >= -1e-9 && late < early, "{early} then {late}");
        assert!(late < bound * pot, "{late} of a pot of {pot}");
    }
}
