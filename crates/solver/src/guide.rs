//! The heuristics crate's evaluations as search heuristics, and move ordering by HSDH.

use std::cell::RefCell;

use freecell_core::{Board, Key, Move};
use freecell_heuristics::{HsdhReading, Weights, hsdh};
use freecell_search::{ByCopy, Heuristic, SearchProblem};

use crate::FreeCell;

/// HSDH under a reading, as a search heuristic. Heineman's reading can be negative (down to
/// −30 at the goal); it is shifted by 30, which keeps its order.
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_heuristics::HsdhReading;
/// use freecell_search::Heuristic;
/// use freecell_solver::{FreeCell, Hsdh};
/// let won: Board = "Foundations: C-K D-K H-K S-K\n".parse()?;
/// let problem = FreeCell::default();
/// assert_eq!(Hsdh(HsdhReading::Paper).estimate(&problem, &won), 0);
/// assert_eq!(Hsdh(HsdhReading::Heineman).estimate(&problem, &won), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Hsdh(pub HsdhReading);

impl Hsdh {
    /// The value as a non-negative integer.
    #[inline]
    pub fn value(self, board: &Board) -> u32 {
        let shift = match self.0 {
            HsdhReading::Paper => 0,
            HsdhReading::Heineman => 30,
        };
        (hsdh(board, self.0) + shift).max(0).unsigned_abs()
    }
}

impl<P: SearchProblem<State = Board> + ?Sized> Heuristic<P> for Hsdh {
    #[inline]
    fn estimate(&self, _: &P, board: &Board) -> u32 {
        self.value(board)
    }
}

/// A GA-FreeCell genome's weighted sum as a search heuristic: `round(sum · scale)`.
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_heuristics::Weights;
/// use freecell_search::Heuristic;
/// use freecell_solver::{FreeCell, Weighted};
/// let won: Board = "Foundations: C-K D-K H-K S-K\n".parse()?;
/// let h = Weighted { weights: Weights::GA_FREECELL_BEST, scale: 1_000.0 };
/// assert_eq!(h.estimate(&FreeCell::default(), &won), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weighted {
    /// The genome.
    pub weights: Weights,
    /// What the sum (in `[0, Σ weights]`) is multiplied by before rounding.
    pub scale: f64,
}

impl<P: SearchProblem<State = Board> + ?Sized> Heuristic<P> for Weighted {
    #[inline]
    fn estimate(&self, _: &P, board: &Board) -> u32 {
        // Non-negative weights and features in [0, 1]: the product is small and non-negative.
        #[allow(clippy::cast_sign_loss)]
        let value = (self.weights.evaluate(board) * self.scale).round().max(0.0) as u32;
        value
    }
}

/// [`FreeCell`] with each node's moves ordered by the HSDH of the position they lead to,
/// best first (ties keep the generator's order): the move ordering of GA-FreeCell's
/// iterative-deepening engine. Positions, keys and goals are [`FreeCell`]'s.
#[derive(Debug)]
pub(crate) struct Ordered {
    pub(crate) inner: FreeCell,
    pub(crate) reading: HsdhReading,
    /// Scores of the moves being sorted; reused, so ordering allocates nothing once warm.
    scratch: RefCell<Vec<(i32, Move)>>,
}

impl Ordered {
    pub(crate) fn new(inner: FreeCell, reading: HsdhReading) -> Ordered {
        Ordered { inner, reading, scratch: RefCell::new(Vec::new()) }
    }
}

impl SearchProblem for Ordered {
    type State = Board;
    type Move = Move;
    type Key = Key;
    type Backtrack = ByCopy;

    #[inline]
    fn is_goal(&self, board: &Board) -> bool {
        self.inner.is_goal(board)
    }

    fn moves(&self, board: &Board, out: &mut Vec<Move>) {
        let start = out.len();
        self.inner.moves(board, out);
        let mut scratch = self.scratch.borrow_mut();
        scratch.clear();
        let mut child = board.clone();
        for &mv in &out[start..] {
            child.clone_from(board);
            self.inner.apply(&mut child, mv);
            scratch.push((hsdh(&child, self.reading), mv));
        }
        scratch.sort_by_key(|&(score, _)| score);
        for (slot, &(_, mv)) in out[start..].iter_mut().zip(scratch.iter()) {
            *slot = mv;
        }
    }

    #[inline]
    fn apply(&self, board: &mut Board, mv: Move) {
        self.inner.apply(board, mv);
    }

    #[inline]
    fn key(&self, board: &Board) -> Key {
        self.inner.key(board)
    }

    #[inline]
    fn step_cost(&self, board: &Board, mv: Move) -> u32 {
        self.inner.step_cost(board, mv)
    }
}
