//! Integration tests of `freecell-search` on toy graphs and puzzles with known answers.

mod allocs;
mod budgets;
mod closures;
mod eight;
mod fifteen;
mod graph;
mod incremental;
mod rush;
mod rush_hour;
mod sliding;
mod staged_tests;

use freecell_search::{Report, SearchProblem};

/// Replays `report`'s solution from `start`; asserts it reaches a goal at the reported cost.
/// Returns the number of moves.
pub(crate) fn check_solution<P: SearchProblem>(p: &P, start: &P::State, report: &Report<P::Move>) -> usize {
    let sol = report.solution().unwrap_or_else(|| panic!("not solved: {:?}", report.outcome.cost()));
    let mut s = start.clone();
    let mut cost = 0u32;
    let mut moves = Vec::new();
    for &mv in &sol.moves {
        moves.clear();
        p.moves(&s, &mut moves);
        assert!(
            moves.iter().any(|m| p.key(&{
                let mut a = s.clone();
                p.apply(&mut a, *m);
                a
            }) == p.key(&{
                let mut b = s.clone();
                p.apply(&mut b, mv);
                b
            })),
            "solution plays an illegal move"
        );
        cost += p.step_cost(&s, mv);
        p.apply(&mut s, mv);
    }
    assert!(p.is_goal(&s), "solution does not reach a goal");
    assert_eq!(cost, sol.cost, "reported cost differs from the replayed one");
    sol.moves.len()
}
