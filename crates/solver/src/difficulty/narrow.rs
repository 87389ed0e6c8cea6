//! How narrow a solution's path is: at positions sampled along it, how many of the moves
//! available keep the game winnable.

use freecell_core::{BoardN, Move, MoveModel, replay};

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
    /// start, the others after `i · len / count` moves) and judges the position after each
    /// move available there: winnable when a line of the solution's own moves wins it (the
    /// move taken back, or played early; replayed), else by a solve with `solver`, which
    /// should carry a node limit (a sample may be a search or a proof for each move).
    ///
    /// # Errors
    /// [`SolveError`] only for a bug of the solver, or when `solution` does not replay on
    /// `board` ([`SolveError::Verification`]).
    pub fn measure<const C: usize, const F: usize>(
        solver: &Solver,
        board: &BoardN<C, F>,
        solution: &Solution,
        count: usize,
    ) -> Result<Narrowness, SolveError> {
        // Never stopped, so always `Some`.
        Ok(Narrowness::measure_while(solver, board, solution, count, |_| true)?.unwrap_or_default())
    }

    /// [`measure`](Self::measure), asking `go_on` before each move is judged whether to go
    /// on, given what the moves judged so far allow of the whole; `None` when it said no.
    pub(crate) fn measure_while<const C: usize, const F: usize>(
        solver: &Solver,
        board: &BoardN<C, F>,
        solution: &Solution,
        count: usize,
        mut go_on: impl FnMut(Bounds) -> bool,
    ) -> Result<Option<Narrowness>, SolveError> {
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
            let mut sample = Sample { after, moves: moves.len() as u32, winnable: 0, lost: 0 };
            let mut child = position;
            for (judged, &mv) in moves.iter().enumerate() {
                let bounds = Bounds::of(&samples, &sample, judged as u32, count - index - 1);
                if bounds.is_some_and(|bounds| !go_on(bounds)) {
                    return Ok(None);
                }
                judge(solver, &mut child, mv, &solution.moves[after..], &mut sample)?;
            }
            samples.push(sample);
        }
        Ok(Some(Narrowness { samples }))
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
        mean(self.samples.iter().filter_map(Sample::losing_share))
    }

    /// Moves left undecided, over all samples.
    pub fn undecided_moves(&self) -> u32 {
        self.samples.iter().map(Sample::undecided).sum()
    }
}

/// Judges `mv` on `position` (played and undone) into `sample`, `rest` being the
/// solution's moves from `position`: a move after which a line of the solution's own moves
/// still wins is winnable with no solve (see [`won_by_the_solution`]); any other is
/// solved.
fn judge<const C: usize, const F: usize>(
    solver: &Solver,
    position: &mut BoardN<C, F>,
    mv: Move,
    rest: &[Move],
    sample: &mut Sample,
) -> Result<(), SolveError> {
    if rest.first() == Some(&mv) {
        sample.winnable += 1;
        return Ok(());
    }
    position.apply_unchecked(mv);
    let verdict = if won_by_the_solution(position, mv, rest) {
        Ok(Some(true))
    } else {
        solver.solve(position).map(|report| match report.outcome {
            Outcome::Solved(_) => Some(true),
            Outcome::Unsolvable => Some(false),
            Outcome::Undecided(_) => None,
        })
    };
    position.undo(mv);
    match verdict? {
        Some(true) => sample.winnable += 1,
        Some(false) => sample.lost += 1,
        None => {}
    }
    Ok(())
}

/// Whether `child`, the position `mv` led to, is won by a line of the solution's moves
/// `rest`: `mv` taken back by the move the other way and then `rest` (most moves between
/// cascades and cells can be); `rest` with `mv` left out where it plays it later (played
/// early); or `rest` with its next move from `mv`'s source made from `mv`'s target instead
/// (moved early). A line counts only when [`replay`] plays it to a won position, so what
/// it shows is checked as every solution is, and a move no line wins is solved.
fn won_by_the_solution<const C: usize, const F: usize>(child: &BoardN<C, F>, mv: Move, rest: &[Move]) -> bool {
    let wins = |from: &BoardN<C, F>, line: &[Move]| replay(from, line).is_ok_and(|end| end.is_won());
    let back = Move::new(mv.to(), mv.from(), mv.count());
    let mut parent = child.clone();
    if parent.apply(back).is_ok() && wins(&parent, rest) {
        return true;
    }
    // Played early: the solution plays `mv` itself later, and the same line without it.
    if let Some(later) = rest.iter().position(|&m| m == mv) {
        let mut line = rest.to_vec();
        line.remove(later);
        if wins(child, &line) {
            return true;
        }
    }
    // Moved early: the solution next takes the cards `mv` moved from where they were, now
    // from where `mv` put them.
    if let Some(later) = rest.iter().position(|&m| m.from() == mv.from()) {
        let mut line = rest.to_vec();
        line[later] = Move::new(mv.to(), rest[later].to(), rest[later].count());
        return wins(child, &line);
    }
    false
}

/// The mean of `shares`, added in their order ([`Narrowness::losing_share`] and [`Bounds`]
/// must round alike); `None` when there are none.
fn mean(shares: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = shares.fold((0.0, 0_u32), |(sum, n), share| (sum + share, n + 1));
    (n > 0).then(|| sum / f64::from(n))
}

impl Sample {
    /// The share of its moves not shown to keep the game winnable; `None` with no move.
    fn losing_share(&self) -> Option<f64> {
        (self.moves > 0).then(|| f64::from(self.moves - self.winnable) / f64::from(self.moves))
    }
}

/// What the moves judged so far allow of a whole [`Narrowness`]: the least and the most
/// [`losing_share`](Narrowness::losing_share) and whether a sample can be, or already is,
/// [`forced`](Narrowness::forced).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Bounds {
    /// The least and the most losing share.
    pub losing_share: (f64, f64),
    /// Whether a sample is forced already, and whether one can still be.
    pub forced: (bool, bool),
}

impl Bounds {
    /// The bounds after the samples `done`, `judged` moves of `current`, and with `left`
    /// samples still to take; `None` when no sample can have a move (no losing share).
    ///
    /// The least share has every move not judged winnable and every sample to take at 0;
    /// the most, those moves not winnable and those samples at 1. Each share is one
    /// division of the counts, monotone in them, and the shares are added in the order
    /// [`Narrowness::losing_share`] adds them: since rounding is monotone too, the bounds
    /// hold as computed, not only exactly. (A sample to take with no move at all would
    /// leave the mean; the solution's next move is always one.)
    fn of(done: &[Sample], current: &Sample, judged: u32, left: usize) -> Option<Bounds> {
        let unjudged = current.moves - judged;
        let all_winnable = Sample { winnable: current.winnable + unjudged, ..*current };
        let done_shares = || done.iter().filter_map(Sample::losing_share);
        let least = mean(done_shares().chain(all_winnable.losing_share()).chain(std::iter::repeat_n(0.0, left)))?;
        let most = mean(done_shares().chain(current.losing_share()).chain(std::iter::repeat_n(1.0, left)))?;
        let forced = done.iter().any(|s| s.winnable == 1);
        let can_be_forced = forced || (current.winnable <= 1 && current.winnable + unjudged >= 1) || left > 0;
        Some(Bounds { losing_share: (least, most), forced: (forced, can_be_forced) })
    }
}

#[cfg(test)]
mod tests {
    use freecell_deals::DealNumber;

    use super::*;
    use crate::Preset;
    use crate::difficulty::SAMPLE_NODES;

    /// The lines of the solution's own moves are checked against solves of the same
    /// positions: a move a line wins is never one a solve proves lost, and MS 1941's
    /// samples (a losing share of 14 %) have both kinds.
    #[test]
    fn a_line_of_the_solution_wins_only_moves_a_solve_does_not_prove_lost() {
        let board = DealNumber::new(1941).expect("a deal").board();
        let solver = Solver::new(Preset::Fast).pinned_evaluations().shorten(false);
        let Outcome::Solved(solution) = solver.solve(&board).expect("no bug").outcome else {
            panic!("MS 1941 is won with four cells");
        };
        let sampler = solver.clone().max_nodes(SAMPLE_NODES);
        let (mut by_line, mut lost, mut moves) = (0, 0, Vec::new());
        for index in 0..4 {
            let after = index * solution.len() / 4;
            let position = replay(&board, &solution.moves[..after]).expect("the solution replays");
            moves.clear();
            position.generate_moves(MoveModel::Sequence, &mut moves);
            for &mv in &moves {
                let mut child = position.clone();
                child.apply(mv).expect("a generated move");
                let line = won_by_the_solution(&child, mv, &solution.moves[after..]);
                match sampler.solve(&child).expect("no bug").outcome {
                    Outcome::Unsolvable => {
                        assert!(!line, "MS 1941 after {after} moves: {mv:?} is lost, yet a line won it");
                        lost += 1;
                    }
                    _ => by_line += usize::from(line),
                }
            }
        }
        assert!(by_line > 0 && lost > 0, "{by_line} moves won by a line, {lost} lost");
    }
}
