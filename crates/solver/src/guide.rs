//! The heuristics crate's evaluations as search heuristics, and move ordering by HSDH.

use std::cell::RefCell;

use freecell_core::{BoardN, Key, Move};
use freecell_heuristics::advisors::EvalContext;
use freecell_heuristics::policy::Policy;
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
    pub fn value<const C: usize, const F: usize>(self, board: &BoardN<C, F>) -> u32 {
        let shift = match self.0 {
            HsdhReading::Paper => 0,
            HsdhReading::Heineman => 30,
        };
        (hsdh(board, self.0) + shift).max(0).unsigned_abs()
    }
}

impl<const C: usize, const F: usize, P: SearchProblem<State = BoardN<C, F>> + ?Sized> Heuristic<P> for Hsdh {
    #[inline]
    fn estimate(&self, _: &P, board: &BoardN<C, F>) -> u32 {
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

impl<const C: usize, const F: usize, P: SearchProblem<State = BoardN<C, F>> + ?Sized> Heuristic<P> for Weighted {
    #[inline]
    fn estimate(&self, _: &P, board: &BoardN<C, F>) -> u32 {
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
pub(crate) struct Ordered<const C: usize, const F: usize> {
    pub(crate) inner: FreeCell<C, F>,
    pub(crate) reading: HsdhReading,
    /// Scores of the moves being sorted; reused, so ordering allocates nothing once warm.
    scratch: RefCell<Vec<(i32, Move)>>,
}

impl<const C: usize, const F: usize> Ordered<C, F> {
    pub(crate) fn new(inner: FreeCell<C, F>, reading: HsdhReading) -> Self {
        Ordered { inner, reading, scratch: RefCell::new(Vec::new()) }
    }
}

impl<const C: usize, const F: usize> SearchProblem for Ordered<C, F> {
    type State = BoardN<C, F>;
    type Move = Move;
    type Key = Key;
    type Backtrack = ByCopy;

    #[inline]
    fn is_goal(&self, board: &BoardN<C, F>) -> bool {
        self.inner.is_goal(board)
    }

    fn moves(&self, board: &BoardN<C, F>, out: &mut Vec<Move>) {
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
    fn apply(&self, board: &mut BoardN<C, F>, mv: Move) {
        self.inner.apply(board, mv);
    }

    #[inline]
    fn key(&self, board: &BoardN<C, F>) -> Key {
        self.inner.key(board)
    }

    #[inline]
    fn key_hash(&self, key: &Key) -> u64 {
        self.inner.key_hash(key)
    }

    #[inline]
    fn state_key_hash(&self, board: &BoardN<C, F>, key: &Key) -> u64 {
        self.inner.state_key_hash(board, key)
    }

    #[inline]
    fn step_cost(&self, board: &BoardN<C, F>, mv: Move) -> u32 {
        self.inner.step_cost(board, mv)
    }
}

/// The scale that maps a weighted sum onto staged deepening's integer scores for weights
/// whose sum is `sum`: [`GA_SCALE`](crate::GA_SCALE)` / sum`, so that the best possible score
/// range is `0 ..= GA_SCALE` whatever the weights' magnitude.
///
/// **Why:** the open list keeps one entry per integer score, so the number of distinct
/// scores decides how many leaves replace each other. A linear guide only orders positions,
/// and `w` and `2·w` order them alike; normalising by the sum makes them search alike too,
/// instead of letting small weights collapse the open list to a few entries. A sum that is
/// not positive and finite keeps `GA_SCALE`.
pub(crate) fn normalised_scale(sum: f64) -> f64 {
    if sum.is_finite() && sum > 0.0 { crate::GA_SCALE / sum } else { crate::GA_SCALE }
}

/// A position with what a [`Policy`]'s advisors read besides the board: the moves chosen
/// so far (`g`; automoves are not counted) and the last of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Traced<const C: usize, const F: usize> {
    pub(crate) board: BoardN<C, F>,
    g: u32,
    last: Option<Move>,
}

impl<const C: usize, const F: usize> Traced<C, F> {
    pub(crate) fn start(board: BoardN<C, F>) -> Self {
        Traced { board, g: 0, last: None }
    }
}

/// [`FreeCell`] over [`Traced`] positions. Moves, keys, goals and costs are the inner
/// problem's: two positions with the same board are the same node, whatever their `g`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tracing<const C: usize, const F: usize>(pub(crate) FreeCell<C, F>);

impl<const C: usize, const F: usize> SearchProblem for Tracing<C, F> {
    type State = Traced<C, F>;
    type Move = Move;
    type Key = Key;
    type Backtrack = ByCopy;

    #[inline]
    fn is_goal(&self, state: &Traced<C, F>) -> bool {
        self.0.is_goal(&state.board)
    }

    #[inline]
    fn moves(&self, state: &Traced<C, F>, out: &mut Vec<Move>) {
        self.0.moves(&state.board, out);
    }

    #[inline]
    fn apply(&self, state: &mut Traced<C, F>, mv: Move) {
        state.g = state.g.saturating_add(self.0.step_cost(&state.board, mv));
        state.last = Some(mv);
        self.0.apply(&mut state.board, mv);
    }

    #[inline]
    fn key(&self, state: &Traced<C, F>) -> Key {
        self.0.key(&state.board)
    }

    #[inline]
    fn key_hash(&self, key: &Key) -> u64 {
        self.0.key_hash(key)
    }

    #[inline]
    fn state_key_hash(&self, state: &Traced<C, F>, key: &Key) -> u64 {
        self.0.state_key_hash(&state.board, key)
    }

    #[inline]
    fn step_cost(&self, state: &Traced<C, F>, mv: Move) -> u32 {
        self.0.step_cost(&state.board, mv)
    }
}

/// A Policy-FreeCell policy as a search heuristic over [`Traced`] positions:
/// `round(policy value · scale)`, the advisors reading `g` and the last move from the
/// position. `DifficultyLevel` reads 0: a solver does not know an unseen deal's difficulty.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PolicyGuide {
    pub(crate) policy: Policy,
    pub(crate) scale: f64,
}

impl PolicyGuide {
    /// The policy with its scale normalised by its largest weight sum (see
    /// [`normalised_scale`]; one scale for all rules keeps their values comparable).
    pub(crate) fn new(policy: Policy) -> PolicyGuide {
        let sums = policy.rules.iter().map(|r| &r.weights).chain([&policy.default]).map(|w| w.0.iter().sum::<f64>());
        let largest = sums.fold(0.0, f64::max);
        PolicyGuide { scale: normalised_scale(largest), policy }
    }
}

impl<const C: usize, const F: usize> Heuristic<Tracing<C, F>> for PolicyGuide {
    #[inline]
    fn estimate(&self, _: &Tracing<C, F>, state: &Traced<C, F>) -> u32 {
        let ctx = EvalContext { g: state.g, last_move: state.last, difficulty: None };
        // Weights in [0, 1] and features in [0, 1]: small and non-negative; NaN maps to 0.
        #[allow(clippy::cast_sign_loss)]
        let value = (self.policy.evaluate(&state.board, &ctx) * self.scale).round().max(0.0) as u32;
        value
    }
}

#[cfg(test)]
// Scores of small non-negative values, computed as the guides compute them.
#[allow(clippy::cast_sign_loss)]
mod tests {
    use freecell_core::{Board, Pile};
    use freecell_heuristics::Feature;
    use freecell_heuristics::policy::{Condition, Rule};

    use super::*;

    fn mid() -> Board {
        "Foundations: C-K D-K H-5 S-9\nFreecells: QS\n: 6H 7H\n: TS 8H 9H JS\n: KH\n: KS QH JH\n: TH\n".parse().unwrap()
    }

    #[test]
    fn tracing_counts_moves_and_remembers_the_last() {
        let problem = Tracing(FreeCell::default());
        let mut state = Traced::start(mid());
        let key = problem.key(&state);
        // JS from cascade 2 to a free cell, then back onto nothing: cascade 2 → cell.
        let mv = Move::single(Pile::cascade(1), Pile::cell(1));
        problem.apply(&mut state, mv);
        assert_eq!((state.g, state.last), (1, Some(mv)));
        let mut plain = mid();
        FreeCell::default().apply(&mut plain, mv);
        assert_eq!(state.board, plain);
        assert_ne!(problem.key(&state), key);
        // The key ignores g and the last move.
        let same = Traced { g: 7, last: None, ..state.clone() };
        assert_eq!(problem.key(&same), problem.key(&state));
    }

    #[test]
    fn policy_guide_reads_the_context() {
        // Fires only right after a move to a cascade; then HSDH alone, else DifferenceFromTop.
        let policy = Policy {
            rules: vec![Rule { condition: Condition::IsMoveToCascade, weights: Weights::HSDH }],
            default: {
                let mut w = Weights::default();
                w.set(Feature::DifferenceFromTop, 1.0);
                w
            },
        };
        let guide = PolicyGuide::new(policy);
        assert!((guide.scale - crate::GA_SCALE).abs() < 1e-9);
        let problem = Tracing(FreeCell::default());
        let start = Traced::start(mid());
        let top = (Feature::DifferenceFromTop.normalised(&start.board) * crate::GA_SCALE).round() as u32;
        assert_eq!(guide.estimate(&problem, &start), top);
        let to_cascade = Traced { last: Some(Move::single(Pile::cell(0), Pile::cascade(5))), ..start.clone() };
        let h = (Feature::Hsdh.normalised(&start.board) * crate::GA_SCALE).round() as u32;
        assert_eq!(guide.estimate(&problem, &to_cascade), h);
    }

    #[test]
    fn scales_normalise_by_the_sum() {
        assert!((normalised_scale(2.0) - crate::GA_SCALE / 2.0).abs() < 1e-9);
        assert!((normalised_scale(0.0) - crate::GA_SCALE).abs() < 1e-9);
        assert!((normalised_scale(f64::NAN) - crate::GA_SCALE).abs() < 1e-9);
    }
}
