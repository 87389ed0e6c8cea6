//! Iterative deepening: depth-first passes with a growing cost bound; the first solution is
//! a cheapest one.
//!
//! Each pass is [`dfs`](mod@crate::dfs)'s core with a bound on the path cost `g`; the next bound
//! is the smallest cost that exceeded the last one (with unit costs: depth 0, 1, 2, …).
//! Memory stays proportional to the depth (plus an optional transposition table).
//!
//! # Examples
//!
//! ```
//! use freecell_search::{ByCopy, SearchProblem, iddfs};
//! struct Line;
//! impl SearchProblem for Line {
//!     type State = i32; type Move = i32; type Key = i32; type Backtrack = ByCopy;
//!     fn is_goal(&self, s: &i32) -> bool { *s == 3 }
//!     fn moves(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1, 2]); }
//!     fn apply(&self, s: &mut i32, m: i32) { *s += m; }
//!     fn key(&self, s: &i32) -> i32 { *s }
//! }
//! let engine = iddfs::IterativeDeepening::new(iddfs::Config::new());
//! let report = engine.search(&mut iddfs::Cache::new(), &Line, &0, &mut ());
//! assert_eq!(report.cost(), Some(2));
//! ```

use crate::bounded::{Params, deepen};
use crate::{Budget, Cycles, Observer, Report, SearchProblem, Zero};

/// The scratch is [`dfs::Cache`](crate::dfs::Cache).
pub type Cache<P> = crate::dfs::Cache<P>;

/// Settings of [`IterativeDeepening`].
///
/// # Examples
///
/// ```
/// let c = freecell_search::iddfs::Config::new().max_cost(30);
/// assert_eq!(c.get_max_cost(), 30);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    max_cost: u32,
    max_depth: u32,
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
    /// No cost or depth bound, [`Cycles::Path`], no transposition table, no budget.
    pub fn new() -> Self {
        Self { max_cost: u32::MAX, max_depth: u32::MAX, cycles: Cycles::Path, table: None, budget: Budget::UNLIMITED }
    }

    /// Give up ([`UndecidedReason::Bound`](crate::UndecidedReason::Bound)) rather than search with a cost bound
    /// above `c`.
    pub fn max_cost(mut self, c: u32) -> Self {
        self.max_cost = c;
        self
    }

    /// Nodes `d` moves deep are not expanded; `u32::MAX`, the default, is no bound.
    pub fn max_depth(mut self, d: u32) -> Self {
        self.max_depth = d;
        self
    }

    /// Repeated-state check along the path.
    pub fn cycles(mut self, c: Cycles) -> Self {
        self.cycles = c;
        self
    }

    /// A per-pass transposition table of at most `entries` keys (see
    /// [`dfs::Config::transposition_table`](crate::dfs::Config::transposition_table)).
    pub fn transposition_table(mut self, entries: Option<usize>) -> Self {
        self.table = entries;
        self
    }

    crate::engine::budget_setting!("Node and byte budgets, over all passes together.");

    /// See [`max_cost`](Self::max_cost).
    pub fn get_max_cost(&self) -> u32 {
        self.max_cost
    }

    /// See [`max_depth`](Self::max_depth).
    pub fn get_max_depth(&self) -> u32 {
        self.max_depth
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

/// Iterative deepening depth-first search.
///
/// [`Solved`](crate::SearchOutcome::Solved) with a cheapest solution; [`Exhausted`](crate::SearchOutcome::Exhausted)
/// when a pass cut nothing off; [`Undecided`](crate::SearchOutcome::Undecided) on a budget, a stop or
/// the configured bounds.
#[derive(Clone, Copy, Debug, Default)]
pub struct IterativeDeepening {
    config: Config,
}

crate::engine::engine_with_config!(IterativeDeepening);

impl IterativeDeepening {
    /// Searches from `start`. The observer's `on_iteration` sees each new cost bound.
    pub fn search<P, O>(&self, cache: &mut Cache<P>, problem: &P, start: &P::State, observer: &mut O) -> Report<P::Move>
    where
        P: SearchProblem + ?Sized,
        O: Observer + ?Sized,
    {
        let c = &self.config;
        let prm = Params {
            max_depth: c.max_depth,
            bound: 0,
            cycles: c.cycles,
            table: c.table,
            budget: c.budget,
            use_h: false,
        };
        deepen(&mut cache.core, problem, start, &Zero, observer, prm, c.max_cost)
    }
}
