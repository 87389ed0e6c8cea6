//! How narrow a solution's path is: at positions sampled along it, how many of the moves
//! available keep the game winnable.

use freecell_core::{Board, Move, MoveModel, replay};

use crate::{Outcome, Solution, SolveError, Solver};

/// One position sampled along a solution: its moves, each judged by a solve of the
/// position it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The solution's moves played before it.
    pub after: usize,
    /// The moves available (sequence moves; moves that only permute cells or cascades are
    /// not counted, being the same position).
    pub moves: u32,
    /// Moves after which the game was solved: shown to keep it winnable.
    pub winnable: u32,
    /// Moves after which a loss was proved.
    pub lost: u32,
}

impl Sample {
    /// Moves left undecided within the sample's budget.
    pub fn undecided(&self) -> u32 {
        self.moves - self.winnable - self.lost
    }

    /// Whether every move was decided.
    pub fn is_decided(&self) -> bool {
        self.undecided() == 0
    }
}

/// What the samples along a solution found (see [`Narrowness::measure`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Narrowness {
    /// The samples, in the order of the solution.
    pub samples: Vec<Sample>,
}

impl Narrowness {
    /// Samples `count` positions evenly along `solution` from `board` (the first is the
    /// start, the others after `i · len / count` moves) and solves the position after each
    /// move available there with `solver`: a sample is a solve or a proof for each of its
    /// moves, so `solver` should carry a node limit.
    ///
    /// # Errors
    /// [`SolveError`] only for a bug of the solver, or when `solution` does not replay on
    /// `board` ([`SolveError::Verification`]).
    pub fn measure(
        solver: &Solver,
        board: &Board,
        solution: &Solution,
        count: usize,
    ) -> Result<Narrowness, SolveError> {
        let len = solution.len();
        let count = count.min(len);
        let mut moves = Vec::new();
        let mut samples = Vec::with_capacity(count);
        for index in 0..count {
            let after = index * len / count;
            let position = replay(board, &solution.moves[..after])
                .map_err(|error| SolveError::Verification { preset: solver.preset(), error })?;
            moves.clear();
            position.generate_moves(MoveModel::Sequence, &mut moves);
            samples.push(judge(solver, &position, after, &moves, solution.moves[after])?);
        }
        Ok(Narrowness { samples })
    }

    /// Samples where exactly one move was shown to keep the game winnable.
    pub fn forced(&self) -> usize {
        self.samples.iter().filter(|s| s.winnable == 1).count()
    }

    /// Samples where at most two moves were shown to keep the game winnable.
    pub fn narrow(&self) -> usize {
        self.samples.iter().filter(|s| s.winnable <= 2).count()
    }

    /// The mean share, over the samples with a move, of the moves available not shown to
    /// keep the game winnable: proved lost, or left undecided by the budget (a move the
    /// solver cannot win within it is a trap a player meets too); `None` when no sample
    /// had a move.
    pub fn losing_share(&self) -> Option<f64> {
        let (sum, n) = self
            .samples
            .iter()
            .filter(|s| s.moves > 0)
            .fold((0.0, 0_u32), |(sum, n), s| (sum + f64::from(s.moves - s.winnable) / f64::from(s.moves), n + 1));
        (n > 0).then(|| sum / f64::from(n))
    }

    /// Moves left undecided, over all samples.
    pub fn undecided_moves(&self) -> u32 {
        self.samples.iter().map(Sample::undecided).sum()
    }
}

/// Solves the position after each of `moves` but `next`, the solution's own move, after
/// which the rest of the solution wins.
fn judge(solver: &Solver, position: &Board, after: usize, moves: &[Move], next: Move) -> Result<Sample, SolveError> {
    let mut sample = Sample { after, moves: moves.len() as u32, winnable: 0, lost: 0 };
    let mut child = position.clone();
    for &mv in moves {
        if mv == next {
            sample.winnable += 1;
            continue;
        }
        child.apply_unchecked(mv);
        match solver.solve(&child)?.outcome {
            Outcome::Solved(_) => sample.winnable += 1,
            Outcome::Unsolvable => sample.lost += 1,
            Outcome::Undecided(_) => {}
        }
        child.undo(mv);
    }
    Ok(sample)
}
