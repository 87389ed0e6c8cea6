//! The bench of solves: one row per deal, every solution replayed by the core verifier
//! (in the solver, once).

use std::time::Duration;
use std::time::Instant;

use freecell_core::{BoardN, Move, Variant, replay};
use freecell_deals::DealNumber;
use freecell_solver::{CostModel, GameBoard, Solver};

use crate::optimal::OptimalRow;
use crate::row::{DealRow, Measure};
use crate::run::{DealResult, Fault, Workload};
use crate::summary::DealSummary;

/// The [`Workload`] that solves each deal once: a [`DealRow`] per deal, summarised as the
/// GA-FreeCell paper's Table 2 ([`DealSummary`]).
///
/// Every solution is replayed by the core verifier once, in `Solver::solve`, whose last step
/// is that replay (`freecell_core::replay_each`): a solution that does not win comes back as
/// a `SolveError`, which is a [`Fault`] and an `error` row. A second replay here would
/// check the same moves on the same board again (1.8 % of a census's instructions).
#[derive(Clone, Debug, Default)]
pub struct Solves {
    cost: CostModel,
    game: Variant,
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

    /// The game whose deals are solved (FreeCell by default): deal *n* is
    /// [`Variant::deal`] of the Microsoft shuffle *n*, on a board of the width its rules
    /// need.
    pub fn game(mut self, game: Variant) -> Solves {
        self.game = game;
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
        let mut done = DealResult::new(deal);
        let board = match dealt(&self.game, deal) {
            Ok(board) => board,
            Err(problem) => {
                done.faults.push(Fault { deal, position: None, problem });
                let measure = Measure::error(Duration::ZERO);
                done.rows.push(DealRow { deal: deal.get(), solver: name.to_owned(), measure });
                return done;
            }
        };
        let started = Instant::now();
        let result = solver.solve(&board);
        let elapsed = started.elapsed();
        let measure = match &result {
            Ok(report) => Measure::of(report, elapsed),
            Err(error) => {
                done.faults.push(Fault { deal, position: None, problem: error.to_string() });
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

/// Deal `deal` of `game` on the board its rules need, or why it cannot be dealt.
pub(crate) fn dealt(game: &Variant, deal: DealNumber) -> Result<GameBoard, String> {
    GameBoard::try_from(game.deal(&deal.cards())).map_err(|error| format!("the deal cannot be laid out: {error}"))
}

/// Why a solution is not a win on `board`, if it is not, by the core verifier: for the
/// solutions a bench checks on another board than the solver's (a hint's position, a
/// rating's rung).
pub(crate) fn solution_error<const C: usize, const F: usize>(board: &BoardN<C, F>, moves: &[Move]) -> Option<String> {
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

    #[test]
    fn other_games_deal_their_way_at_their_width() {
        // fc-solve proves Fan's deal 1 (18 cascades, a WideBoard) unsolvable
        // (docs/results/data/fc-solve-games/fan.csv).
        let solver = Solver::new(freecell_solver::Preset::Fast);
        let deal = DealNumber::new(1).expect("1 is a deal");
        let castle = Solves::new().game(freecell_core::Game::BeleagueredCastle.variant()).run(&solver, deal, "fast");
        assert!(castle.faults.is_empty(), "{castle:?}");
        let fan = Solves::new().game(freecell_core::Game::Fan.variant()).run(&solver, deal, "fast");
        let [row] = fan.rows.as_slice() else { panic!("{fan:?}") };
        assert!(fan.faults.is_empty(), "{fan:?}");
        assert_eq!(row.measure.outcome, Verdict::Unsolvable);
    }
}
