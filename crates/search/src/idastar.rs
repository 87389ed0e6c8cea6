//! IDA*: iterative deepening on `f = g + h`, with an optional bounded transposition table.
//!
//! With an admissible heuristic the first solution is a cheapest one. Memory is the path (one
//! flat move stack, one state with [`ByUndo`](crate::ByUndo)) plus the table if enabled: no
//! allocation per node once the [`Cache`] is warm.
//!
//! # Examples
//!
//! ```
//! use freecell_search::{ByCopy, SearchProblem, idastar};
//! struct Line;
//! impl SearchProblem for Line {
//!     type State = i32; type Move = i32; type Key = i32; type Backtrack = ByCopy;
//!     fn is_goal(&self, s: &i32) -> bool { *s == 7 }
//!     fn moves(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1, 3]); }
//!     fn apply(&self, s: &mut i32, m: i32) { *s += m; }
//!     fn key(&self, s: &i32) -> i32 { *s }
//! }
//! let h = |s: &i32| (7 - *s).unsigned_abs() / 3;
//! let engine = idastar::IdaStar::new(idastar::Config::new());
//! let report = engine.search(&mut idastar::Cache::new(), &Line, &0, &h, &mut ());
//! assert_eq!(report.cost(), Some(3));
//! ```

use crate::bounded::{Params, deepen};
use crate::{Budget, Cycles, Heuristic, Observer, Report, SearchProblem};

/// The scratch is [`dfs::Cache`](crate::dfs::Cache).
pub type Cache<P> = crate::dfs::Cache<P>;

/// Settings of [`IdaStar`].
///
/// # Examples
///
/// ```
/// use freecell_search::{Cycles, idastar::Config};
/// let c = Config::new().cycles(Cycles::Parent).transposition_table(Some(1 << 20));
/// assert_eq!(c.get_transposition_table(), Some(1 << 20));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    max_cost: u32,
    cycles: Cycles,
    table: Option<usize>,
    budget: Budget,
}

impl Default for Config {
    fn default() -> Self {
        Self::new()
    }
}

impl Config {
    /// No cost bound, [`Cycles::Path`], no transposition table, no budget.
    pub fn new() -> Self {
        Self { max_cost: u32::MAX, cycles: Cycles::Path, table: None, budget: Budget::UNLIMITED }
    }

    /// Give up ([`UndecidedReason::Bound`](crate::UndecidedReason::Bound)) rather than search with an `f` bound
    /// above `c`.
    pub fn max_cost(mut self, c: u32) -> Self {
        self.max_cost = c;
        self
    }

    /// Repeated-state check along the path.
    pub fn cycles(mut self, c: Cycles) -> Self {
        self.cycles = c;
        self
    }

    /// A per-iteration transposition table of at most `entries` keys: a state reached again
    /// at no smaller `g` in the same iteration is skipped (once full, new keys are not added).
    /// `None`: off.
    pub fn transposition_table(mut self, entries: Option<usize>) -> Self {
        self.table = entries;
        self
    }

    crate::engine::budget_setting!("Node and byte budgets, over all iterations together.");

    /// See [`max_cost`](Self::max_cost).
    pub fn get_max_cost(&self) -> u32 {
        self.max_cost
    }

    /// See [`cycles`](Self::cycles).
    pub fn get_cycles(&self) -> Cycles {
        self.cycles
    }

    /// See [`transposition_table`](Self::transposition_table).
    pub fn get_transposition_table(&self) -> Option<usize> {
        self.table
    }
}

/// Iterative-deepening A*.
///
/// [`Solved`](crate::SearchOutcome::Solved) (optimal with an admissible heuristic);
/// [`Exhausted`](crate::SearchOutcome::Exhausted) when an iteration cut nothing off (the reachable
/// space is finite and has no goal); [`Undecided`](crate::SearchOutcome::Undecided) on a budget, a
/// stop or [`max_cost`](Config::max_cost).
#[derive(Clone, Copy, Debug, Default)]
pub struct IdaStar {
    config: Config,
}

crate::engine::engine_with_config!(IdaStar);

impl IdaStar {
    /// Searches from `start`. The observer's `on_iteration` sees each new `f` bound.
    pub fn search<P, H, O>(
        &self,
        cache: &mut Cache<P>,
        problem: &P,
        start: &P::State,
        heuristic: &H,
        observer: &mut O,
    ) -> Report<P::Move>
    where
        P: SearchProblem + ?Sized,
        H: Heuristic<P> + ?Sized,
        O: Observer + ?Sized,
    {
        let c = &self.config;
        let prm =
            Params { max_depth: u32::MAX, bound: 0, cycles: c.cycles, table: c.table, budget: c.budget, use_h: true };
        deepen(&mut cache.core, problem, start, heuristic, observer, prm, c.max_cost)
    }
}
