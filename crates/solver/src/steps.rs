//! Walking a [`Solution`] move by move, with the board after each: what a game needs to
//! animate or replay a solution.

use std::iter::FusedIterator;

use freecell_core::{BOARD_CASCADES, BOARD_CELLS, BoardN, Move, VerifyError, replay};

use crate::Solution;

/// One move of a solution and the position it leads to, from [`Solution::steps`]; its
/// board is as wide as the one the solution was walked from ([`Board`](freecell_core::Board)
/// by default, [`WideBoard`](freecell_core::WideBoard) for the widest games).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Step<const C: usize = BOARD_CASCADES, const F: usize = BOARD_CELLS> {
    /// Which move this is, from 1.
    pub number: usize,
    /// The move.
    pub mv: Move,
    /// The move in standard notation, written on the position before it (`3a`, `ah`, `38`).
    pub notation: String,
    /// The position after the move.
    pub board: BoardN<C, F>,
}

/// The iterator of [`Solution::steps`].
#[derive(Clone, Debug)]
pub struct Steps<'a, const C: usize = BOARD_CASCADES, const F: usize = BOARD_CELLS> {
    board: BoardN<C, F>,
    moves: std::slice::Iter<'a, Move>,
    number: usize,
}

impl Solution {
    /// The moves one by one, each with the position after it, starting from `board`.
    ///
    /// The whole solution is replayed once first (with no automoves), so a solution that
    /// does not belong to `board` is an error here rather than a short iteration.
    ///
    /// # Errors
    /// [`VerifyError`] naming the first move that is illegal on `board`.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Board;
    /// use freecell_solver::{Preset, Solver};
    /// let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
    /// let report = Solver::new(Preset::Fast).solve(&board)?;
    /// let solution = report.outcome.solution().expect("an end game is solvable");
    /// let mut played = Vec::new();
    /// for step in solution.steps(&board)? {
    ///     played.push(step.notation);
    ///     if step.number == solution.len() {
    ///         assert!(step.board.is_won());
    ///     }
    /// }
    /// assert_eq!(played, ["1h", "2h", "2h", "1h"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn steps<const C: usize, const F: usize>(&self, board: &BoardN<C, F>) -> Result<Steps<'_, C, F>, VerifyError> {
        replay(board, &self.moves)?;
        Ok(Steps { board: board.clone(), moves: self.moves.iter(), number: 0 })
    }
}

impl<const C: usize, const F: usize> Iterator for Steps<'_, C, F> {
    type Item = Step<C, F>;

    fn next(&mut self) -> Option<Step<C, F>> {
        let &mv = self.moves.next()?;
        let notation = self.board.write_move(mv);
        // `steps` replayed every move on this board already; should that ever disagree,
        // end the walk rather than show an impossible position.
        if self.board.apply(mv).is_err() {
            self.moves = [].iter();
            return None;
        }
        self.number += 1;
        Some(Step { number: self.number, mv, notation, board: self.board.clone() })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl<const C: usize, const F: usize> ExactSizeIterator for Steps<'_, C, F> {}

impl<const C: usize, const F: usize> FusedIterator for Steps<'_, C, F> {}
