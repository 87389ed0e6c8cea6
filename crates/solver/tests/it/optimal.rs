//! The `optimal` preset against independent truth: exhaustive breadth-first search on
//! reduced decks, in both move-count models.
//!
//! Reduced positions come from `freecell_deals::reduced`, as in the heuristics crate's
//! tests (the same seeds give the same positions there and here): the top ranks
//! of each suit in play (the foundations already hold the rest), dealt from a seeded
//! shuffle into fewer cascades and cells, then disturbed by a few random moves. The truth
//! is `freecell_deals::reduced::fewest_moves`, a plain breadth-first search (written apart
//! from `freecell-search`), with no automoves, duplicates on the canonical
//! key: over single-card moves for the single-card model, over sequence moves for the
//! sequence model (where every move, a run move or a foundation move, counts 1).
//!
//! The quick test checks a few hundred positions in any build; the full run is
//! `cargo test --release -p freecell-solver --test it -- --ignored optimal_lengths` and
//! checks over 1,000 in each model (12 and 16 cards: with 20, most positions need more
//! than the breadth-first search's limit of positions).

use std::collections::{HashMap, HashSet};

use freecell_core::{Automove, Board, MoveModel, replay};
use freecell_deals::DealNumber;
use freecell_heuristics::deadlock_bound;
use freecell_solver::{CostModel, Outcome, Preset, Reason, Solution, Solver};

use freecell_deals::reduced::{Truth, fewest_moves, positions};

/// Counts of what a run compared.
#[derive(Debug, Default)]
struct Tally {
    /// Positions whose optimum the preset matched, per model (single, sequence).
    solved: [usize; 2],
    /// Positions both proved lost, per model.
    lost: [usize; 2],
}

/// The length of `solution` as `cost` counts it.
fn length(solution: &Solution, cost: CostModel) -> usize {
    match cost {
        CostModel::SingleCard => solution.single_card_len(),
        CostModel::Sequence => solution.len(),
    }
}

/// Solves each position with the `optimal` preset (A*, and IDA* when `ida`) in both models
/// and compares with breadth-first search; panics on any difference.
fn check(positions: impl Iterator<Item = Board>, limit: usize, ida: bool) -> Tally {
    let mut tally = Tally::default();
    for board in positions {
        for (i, (cost, model)) in
            [(CostModel::SingleCard, MoveModel::Atomic), (CostModel::Sequence, MoveModel::Sequence)]
                .into_iter()
                .enumerate()
        {
            let truth = fewest_moves(&board, model, limit);
            if truth == Truth::TooBig {
                continue;
            }
            let engines: &[bool] = if ida { &[false, true] } else { &[false] };
            for &low_memory in engines {
                let solver = Solver::new(Preset::Optimal).cost_model(cost).low_memory(low_memory);
                let report = solver.solve(&board).expect("no solver error");
                match (&report.outcome, truth) {
                    (Outcome::Solved(solution), Truth::Optimum(n)) => {
                        let end = replay(&board, &solution.moves).expect("the solution replays");
                        assert!(end.is_won());
                        let len = length(solution, cost);
                        assert_eq!(len, n as usize, "{cost:?} (IDA*: {low_memory}): optimum {n}, found {len}\n{board}");
                        assert_eq!(report.stats.bounds.map(|b| b.reached), Some(n), "{cost:?}\n{board}");
                        assert!(report.stats.bounds.unwrap().initial <= n);
                        if !low_memory {
                            tally.solved[i] += 1;
                        }
                    }
                    (Outcome::Unsolvable, Truth::Lost) => {
                        if !low_memory {
                            tally.lost[i] += 1;
                        }
                    }
                    // IDA* never proves a position lost on its own (no bound ends it).
                    (Outcome::Undecided(_), Truth::Lost) if low_memory => {}
                    (outcome, truth) => {
                        panic!("{cost:?} (IDA*: {low_memory}): {outcome:?}, breadth-first search: {truth:?}\n{board}")
                    }
                }
            }
        }
    }
    tally
}

#[test]
fn optimal_lengths_equal_breadth_first_optima_on_small_reduced_decks() {
    let tally = check(positions(0x000b_71a1, 120, &[2, 2, 3]), 3_000, true);
    assert!(tally.solved[0] >= 60 && tally.solved[1] >= 60, "{tally:?}");
}

#[test]
#[ignore = "exhaustive search on 1,000+ positions per model: run with --release -- --ignored"]
fn optimal_lengths_equal_breadth_first_optima_on_a_thousand_reduced_positions() {
    let tally = check(positions(0x000b_71a1, 1_700, &[3, 3, 4]), 100_000, false);
    #[allow(clippy::print_stderr)]
    {
        eprintln!("{tally:?}");
    }
    assert!(tally.solved[0] + tally.lost[0] >= 1_000, "{tally:?}");
    assert!(tally.solved[1] + tally.lost[1] >= 1_000, "{tally:?}");
}

/// What every A* with the default bound `h_2` spends below the optimum `optimum` of `start`,
/// worked out apart from the engine: the positions reachable along paths whose `f = g + h`
/// stays below the optimum (every such A* expands them all before any position at the
/// optimum), the (position, path cost) pairs on those paths (A* expands a position again
/// only with a smaller path cost), and the start with every child of those positions (what
/// A* has evaluated by then). Children are taken after Horne's automoves, as the preset
/// plays them, each automove costing 1.
fn below_optimum(start: &Board, cost: CostModel, optimum: u32) -> (usize, usize, usize) {
    let model = match cost {
        CostModel::SingleCard => MoveModel::Atomic,
        CostModel::Sequence => MoveModel::Sequence,
    };
    let children = |board: &Board| -> Vec<(Board, u32)> {
        let mut moves = Vec::new();
        board.generate_moves(model, &mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut child = board.clone();
                child.apply_unchecked(mv);
                let automoves = child.play_automoves(Automove::Horne) as u32;
                let step = match cost {
                    CostModel::SingleCard => u32::from(mv.count()),
                    CostModel::Sequence => 1,
                };
                (child, step + automoves)
            })
            .collect()
    };
    let mut pairs = HashSet::new();
    let mut states = HashMap::new();
    let mut stack = Vec::new();
    if deadlock_bound(start, 2, cost) < optimum {
        stack.push((start.clone(), 0));
    }
    while let Some((board, g)) = stack.pop() {
        if !pairs.insert((board.key(), g)) {
            continue;
        }
        for (child, step) in children(&board) {
            if g + step + deadlock_bound(&child, 2, cost) < optimum {
                stack.push((child, g + step));
            }
        }
        states.insert(board.key(), board);
    }
    let mut evaluated = HashSet::from([start.key()]);
    for board in states.values() {
        evaluated.extend(children(board).into_iter().map(|(child, _)| child.key()));
    }
    (states.len(), pairs.len(), evaluated.len())
}

/// `Bounds::below` counts what any A* with the bound must spend
/// (the floor docs/results/optimal.md sets beside the paper's count): checked against
/// [`below_optimum`] on reduced decks of 16–24 cards (the optimum is the preset's, which the
/// tests above hold to breadth-first search).
#[test]
fn what_optimal_spends_below_the_optimum_is_what_any_astar_must() {
    let mut checked = [0usize; 2];
    for board in positions(0x05e7_b0a4, 120, &[4, 5, 6]) {
        for (i, cost) in [CostModel::SingleCard, CostModel::Sequence].into_iter().enumerate() {
            let solver = Solver::new(Preset::Optimal).cost_model(cost);
            let report = solver.solve(&board).expect("no solver error");
            let bounds = report.stats.bounds.expect("the optimal preset reports its bounds");
            let Some(solution) = report.outcome.solution() else { continue };
            let optimum = bounds.reached;
            let len = length(solution, cost);
            assert_eq!(len, optimum as usize);
            let (states, pairs, evaluated) = below_optimum(&board, cost, optimum);
            let below = bounds.below.expect("A* counts");
            let expanded = below.expanded as usize;
            assert!(states <= expanded && expanded <= pairs, "{cost:?}: {states} ≤ {expanded} ≤ {pairs}?\n{board}");
            assert_eq!(below.evaluated, evaluated as u64, "{cost:?}\n{board}");
            checked[i] += usize::from(states > 0);
        }
    }
    assert!(checked[0] >= 30 && checked[1] >= 30, "positions with something below the optimum: {checked:?}");
}

#[test]
fn optimal_solves_deal_2_in_both_models_and_honours_limits() {
    let board = DealNumber::new(2).expect("in range").board();
    let solver = Solver::new(Preset::Optimal).max_nodes(2_000);
    let report = solver.solve(&board).unwrap();
    assert_eq!(report.outcome, Outcome::Undecided(Reason::NodeLimit));
    assert_eq!(report.stats.search.expanded, 2_000);
    let solver = Solver::new(Preset::Optimal).max_bytes(1 << 20);
    let report = solver.solve(&board).unwrap();
    assert_eq!(report.outcome, Outcome::Undecided(Reason::MemoryLimit));
    assert!(report.stats.search.bytes <= 1 << 20);
}
