//! The census of difficulty: each deal rated by `freecell_solver::difficulty` (the fewest
//! free cells, the narrowness along its solution, its tier), a [`RatingRow`] per deal,
//! summarised as histograms ([`RatingSummary`]).

mod row;
mod summary;

pub use row::RatingRow;
pub use summary::RatingSummary;

use std::time::Instant;

use freecell_core::{BoardN, Variant};
use freecell_deals::DealNumber;
use freecell_solver::difficulty::{RUNG_NODES, Rater, SAMPLE_NODES, SAMPLES, with_free_cells};
use freecell_solver::{GameBoard, Outcome, Solver};

use crate::run::{DealResult, Fault, Workload};
use crate::solves::{dealt, solution_error};

/// The [`Workload`] that rates each deal: one [`RatingRow`] per deal.
///
/// Both solutions a rating holds (with the fewest cells, on the deal under those cells;
/// with the deal's own cells) are replayed by `freecell_core::replay` on top of the
/// solver's own check; one that does not win is a [`Fault`] and an `error` row.
#[derive(Clone, Debug)]
pub struct Ratings {
    samples: usize,
    sample_nodes: u64,
    rung_nodes: Option<u64>,
    game: Variant,
}

impl Default for Ratings {
    fn default() -> Ratings {
        Ratings { samples: SAMPLES, sample_nodes: SAMPLE_NODES, rung_nodes: Some(RUNG_NODES), game: Variant::default() }
    }
}

impl Ratings {
    /// Rates FreeCell's deals with the difficulty module's defaults ([`SAMPLES`] samples of
    /// at most [`SAMPLE_NODES`] expansions a move, at most [`RUNG_NODES`] expansions a
    /// rung).
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

    /// The expansions each rung may take ([`Rater::rung_nodes`]; `None`: only the
    /// solver's own limits).
    pub fn rung_nodes(mut self, n: Option<u64>) -> Ratings {
        self.rung_nodes = n;
        self
    }

    /// The game whose deals are rated (FreeCell by default): deal *n* is [`Variant::deal`]
    /// of the Microsoft shuffle *n*, on a board of the width its rules need, and its
    /// ladder varies the free cells of that game's rules.
    pub fn game(mut self, game: Variant) -> Ratings {
        self.game = game;
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
        let rater = Rater::new(solver.clone())
            .samples(self.samples)
            .sample_nodes(self.sample_nodes)
            .rung_nodes(self.rung_nodes);
        let mut done = DealResult::new(deal);
        let started = Instant::now();
        let row = dealt(&self.game, deal).and_then(|board| match &board {
            GameBoard::Narrow(board) => rate(&rater, board, deal, name),
            GameBoard::Wide(board) => rate(&rater, board, deal, name),
        });
        let row = row.unwrap_or_else(|problem| {
            done.faults.push(Fault { deal, position: None, problem });
            RatingRow::error(deal.get(), name, started.elapsed())
        });
        done.rows.push(row);
        done
    }
}

/// The row of `deal`, rated on `board`, or why it failed: a solver error, or a solution
/// that does not replay on the deal under its rung's cells.
fn rate<const C: usize, const F: usize>(
    rater: &Rater,
    board: &BoardN<C, F>,
    deal: DealNumber,
    name: &str,
) -> Result<RatingRow, String> {
    let started = Instant::now();
    let rating = rater.rate(board).map_err(|error| error.to_string())?;
    let elapsed = started.elapsed();
    let problem = rating.ladder.rungs().iter().find_map(|rung| match &rung.outcome {
        Outcome::Solved(s) => with_free_cells(board, rung.free_cells)
            .map_or_else(|| Some("a rung below the floor".to_owned()), |b| solution_error(&b, &s.moves)),
        _ => None,
    });
    match problem {
        None => Ok(RatingRow::of(deal.get(), name, board.rules().free_cells, &rating, elapsed)),
        Some(problem) => Err(problem),
    }
}
