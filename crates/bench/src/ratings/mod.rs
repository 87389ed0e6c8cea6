//! The census of difficulty: each deal rated by `freecell_solver::difficulty` (the fewest
//! free cells, the narrowness along its solution, its tier), a [`RatingRow`] per deal,
//! summarised as histograms ([`RatingSummary`]).

mod row;
mod summary;

pub use row::RatingRow;
pub use summary::RatingSummary;

use std::time::Instant;

use freecell_deals::DealNumber;
use freecell_solver::difficulty::{Rater, SAMPLE_NODES, SAMPLES, with_free_cells};
use freecell_solver::{Outcome, Solver};

use crate::run::{DealResult, Fault, Workload};
use crate::solves::solution_error;

/// The [`Workload`] that rates each deal: one [`RatingRow`] per deal.
///
/// Both solutions a rating holds (with the fewest cells, on the deal under those cells;
/// with the deal's own cells) are replayed by `freecell_core::replay` on top of the
/// solver's own check; one that does not win is a [`Fault`] and an `error` row.
#[derive(Clone, Copy, Debug)]
pub struct Ratings {
    samples: usize,
    sample_nodes: u64,
}

impl Default for Ratings {
    fn default() -> Ratings {
        Ratings { samples: SAMPLES, sample_nodes: SAMPLE_NODES }
    }
}

impl Ratings {
    /// Rates with the difficulty module's defaults ([`SAMPLES`] samples of at most
    /// [`SAMPLE_NODES`] expansions a move).
    pub fn new() -> Ratings {
        Ratings::default()
    }

    /// The positions sampled along each solution ([`Rater::samples`]).
    pub fn samples(mut self, n: usize) -> Ratings {
        self.samples = n;
        self
    }

    /// The expansions each sampled move may take ([`Rater::sample_nodes`]).
    pub fn sample_nodes(mut self, n: u64) -> Ratings {
        self.sample_nodes = n;
        self
    }
}

impl Workload for Ratings {
    type Row = RatingRow;
    type Summary = RatingSummary;

    fn rows_per_deal(&self) -> usize {
        1
    }

    fn run(&self, solver: &Solver, deal: DealNumber, name: &str) -> DealResult<RatingRow> {
        let board = deal.board();
        let started = Instant::now();
        let rater = Rater::new(solver.clone()).samples(self.samples).sample_nodes(self.sample_nodes);
        let result = rater.rate(&board);
        let elapsed = started.elapsed();
        let mut done = DealResult::new(deal);
        let problem = match &result {
            Ok(rating) => rating.ladder.rungs().iter().find_map(|rung| match &rung.outcome {
                Outcome::Solved(s) => with_free_cells(&board, rung.free_cells)
                    .map_or_else(|| Some("a rung below the floor".to_owned()), |b| solution_error(&b, &s.moves)),
                _ => None,
            }),
            Err(error) => Some(error.to_string()),
        };
        let row = match (problem, result) {
            (None, Ok(rating)) => RatingRow::of(deal.get(), name, board.rules().free_cells, &rating, elapsed),
            (problem, _) => {
                done.faults.push(Fault { deal, position: None, problem: problem.unwrap_or_default() });
                RatingRow::error(deal.get(), name, elapsed)
            }
        };
        done.rows.push(row);
        done
    }
}
