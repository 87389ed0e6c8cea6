//! [`Lines`]: the solutions recent hints came from, so that a player who follows the hints
//! plays one solution to its end.
//!
//! **Why:** a hint solved afresh from each position need not continue the solution the last
//! hint came from, and two positions' solutions may each begin by moving to the other. With
//! `fast`'s evaluations, following fresh hints from the start of MS 1–300 (11982 left out)
//! did not win 143 of the 299 games within 400 moves. A position on a kept line gets that
//! line's next move instead, with no search: the line is a verified solution, so following
//! the hints wins.

use std::any::Any;
use std::collections::VecDeque;
use std::sync::{Mutex, MutexGuard, PoisonError};

use freecell_core::{BoardN, Move, replay_each};

use crate::{Outcome, Solution, SolveReport, SolveStats};

/// Lines kept: one for each of a few games sharing a solver; the oldest goes first.
const KEPT: usize = 8;

/// Recent hints' solutions, of any board width, shared by a solver's clones.
#[derive(Default)]
pub(crate) struct Lines {
    recent: Mutex<VecDeque<Box<dyn Any + Send>>>,
}

/// A solution and every position along it: `positions[i]` is the one `moves[i]` is played
/// from.
struct Line<const C: usize, const F: usize> {
    positions: Vec<BoardN<C, F>>,
    moves: Vec<Move>,
}

impl Lines {
    /// The rest of a kept line from `board` (the moves left after its last occurrence on
    /// the line), `None` when no kept line passes through it or it is the line's end. The
    /// line found becomes the most recent.
    pub(crate) fn follow<const C: usize, const F: usize>(&self, board: &BoardN<C, F>) -> Option<Vec<Move>> {
        let mut recent = self.lock();
        let (index, rest) = recent.iter().enumerate().rev().find_map(|(index, line)| {
            let line = line.downcast_ref::<Line<C, F>>()?;
            let at = line.positions.iter().rposition(|p| p == board)?;
            Some((index, line.moves[at..].to_vec()))
        })?;
        if let Some(line) = recent.remove(index) {
            recent.push_back(line);
        }
        Some(rest)
    }

    /// Keeps the solution of `report`, a solve of `board`, if it has one with moves.
    pub(crate) fn keep<const C: usize, const F: usize>(&self, board: &BoardN<C, F>, report: &SolveReport) {
        let Some(solution) = report.outcome.solution().filter(|s| !s.is_empty()) else { return };
        let mut positions = Vec::with_capacity(solution.len());
        // The solution was verified on `board`; should it not replay, the line is not kept.
        if replay_each(board, &solution.moves, |position, _| positions.push(position.clone())).is_err() {
            return;
        }
        let mut recent = self.lock();
        if recent.len() == KEPT {
            recent.pop_front();
        }
        recent.push_back(Box::new(Line { positions, moves: solution.moves.clone() }));
    }

    /// Forgets every line.
    pub(crate) fn clear(&self) {
        self.lock().clear();
    }

    fn lock(&self) -> MutexGuard<'_, VecDeque<Box<dyn Any + Send>>> {
        self.recent.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The report of a hint taken from a kept line: the line's `rest`, which no search chose
/// now, so it counts every move as searched, and no work.
pub(crate) fn continued(rest: Vec<Move>) -> SolveReport {
    let searched = rest.len();
    SolveReport { outcome: Outcome::Solved(Solution { moves: rest, searched }), stats: SolveStats::default() }
}
