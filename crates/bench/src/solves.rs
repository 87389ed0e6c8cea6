//! The bench of solves: one row per deal, every solution replayed by the core verifier.

use std::time::Instant;

use freecell_core::{Board, Move, replay};
use freecell_deals::DealNumber;
use freecell_solver::{CostModel, Outcome, Solver};

use crate::optimal::OptimalRow;
use crate::row::{DealRow, Measure};
use crate::run::{DealResult, Fault, Workload};
use crate::summary::DealSummary;

/// The [`Workload`] that solves each deal once: a [`DealRow`] per deal, summarised as the
/// GA-FreeCell paper's Table 2 ([`DealSummary`]).
///
/// Every solution is replayed by `freecell_core::replay` on top of the solver's own check;
/// one that does not win is a [`Fault`] and an `error` row.
#[derive(Clone, Copy, Debug, Default)]
pub struct Solves {
    cost: CostModel,
}

impl Solves {
    /// Solves with the solvers' default cost model.
    pub fn new() -> Solves {
        Solves::default()
    }

    /// The cost model the solvers minimise (`Solver::cost_model`; the `optimal` preset
    /// only): the length [`OptimalRow::length`] counts in.
    pub fn cost_model(mut self, cost: CostModel) -> Solves {
        self.cost = cost;
        self
    }
}

impl Workload for Solves {
    type Row = DealRow;
    type Summary = DealSummary;

    fn rows_per_deal(&self) -> usize {
        1
    }

    fn run(&self, solver: &Solver, deal: DealNumber, name: &str) -> DealResult<DealRow> {
        self.solve(solver, deal, &deal.board(), name)
    }
}

impl Solves {
    /// [`Workload::run`] on `board`, the layout of `deal` under a game of the caller's
    /// choice (`Workload::run` deals Microsoft FreeCell): the row of a census of another
    /// game.
    pub fn solve(&self, solver: &Solver, deal: DealNumber, board: &Board, name: &str) -> DealResult<DealRow> {
        let started = Instant::now();
        let result = solver.solve(board);
        let elapsed = started.elapsed();
        let mut done = DealResult::new(deal);
        let problem = match &result {
            Ok(report) => match &report.outcome {
                Outcome::Solved(s) => solution_error(board, &s.moves),
                _ => None,
            },
            Err(error) => Some(error.to_string()),
        };
        let measure = match (problem, &result) {
            (None, Ok(report)) => Measure::of(report, elapsed),
            (problem, _) => {
                done.faults.push(Fault { deal, position: None, problem: problem.unwrap_or_default() });
                Measure::error(elapsed)
            }
        };
        if let Ok(report) = &result
            && let Some(bounds) = report.stats.bounds
        {
            done.optimal = Some(OptimalRow::of(deal, bounds, report, self.cost, elapsed));
        }
        done.rows.push(DealRow { deal: deal.get(), solver: name.to_owned(), measure });
        done
    }
}

/// Why a solution is not a win on `board`, if it is not: a bench replays every solution
/// it reports with the core verifier, on top of the solver's own check.
pub(crate) fn solution_error(board: &Board, moves: &[Move]) -> Option<String> {
    match replay(board, moves) {
        Err(error) => Some(format!("the solution does not replay: {error}")),
        Ok(end) if !end.is_won() => Some(format!("the solution leaves {} cards out", 52 - end.cards_home())),
        Ok(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::row::Verdict;

    #[test]
    fn every_solution_is_replayed() {
        let board = DealNumber::new(1).expect("1 is a deal").board();
        assert!(solution_error(&board, &[]).is_some_and(|e| e.contains("52 cards out")));
    }

    #[test]
    fn a_deal_gives_one_verified_row() {
        // MS 4 takes hsd 6,294 expansions.
        let solver = Solver::new(freecell_solver::Preset::Hsd).max_nodes(7_000);
        let deal = DealNumber::new(4).expect("4 is a deal");
        let done = Solves::new().run(&solver, deal, "hsd");
        assert!(done.faults.is_empty() && done.optimal.is_none(), "{done:?}");
        let [row] = done.rows.as_slice() else { panic!("{done:?}") };
        assert_eq!((row.deal, row.solver.as_str(), row.measure.outcome), (4, "hsd", Verdict::Solved));
        assert_eq!(row.measure.expanded, 6_294);
        assert!(row.measure.single_card_length >= row.measure.length && row.measure.length > Some(52), "{row:?}");
    }
}
