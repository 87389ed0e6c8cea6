//! Depth-first search, bounded by depth: finds *a* solution, not a shortest one.
//!
//! One flat move stack and one state (with [`ByUndo`](crate::ByUndo)) or one state per depth
//! (with [`ByCopy`](crate::ByCopy)): no allocation per node once the [`Cache`] is warm.
//!
//! # Examples
//!
//! ```
//! use freecell_search::{ByCopy, SearchProblem, dfs};
//! struct Line;
//! impl SearchProblem for Line {
//!     type State = i32; type Move = i32; type Key = i32; type Backtrack = ByCopy;
//!     fn is_goal(&self, s: &i32) -> bool { *s == 3 }
//!     fn moves(&self, _: &i32, out: &mut Vec<i32>) { out.extend([1, -1]); }
//!     fn apply(&self, s: &mut i32, m: i32) { *s += m; }
//!     fn key(&self, s: &i32) -> i32 { *s }
//! }
//! let engine = dfs::Dfs::new(dfs::Config::new().max_depth(5));
//! let report = engine.search(&mut dfs::Cache::new(), &Line, &0, &mut ());
//! assert_eq!(report.cost(), Some(3));
//! ```

use std::fmt;

use crate::bounded::{Core, Params, RunEnd};
use crate::{Budget, Cycles, Observer, Report, SearchOutcome, SearchProblem, Stats, UndecidedReason, Zero};

/// Settings of [`Dfs`].
///
/// # Examples
///
/// ```
/// let c = freecell_search::dfs::Config::new().max_depth(20);
/// assert_eq!(c.get_max_depth(), 20);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
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
    /// Depth 64, [`Cycles::Path`], no transposition table, no budget.
    pub fn new() -> Self {
        Self { max_depth: 64, cycles: Cycles::Path, table: None, budget: Budget::UNLIMITED }
    }

    /// Nodes `d` moves deep are not expanded (default 64; `u32::MAX` is no bound).
    pub fn max_depth(mut self, d: u32) -> Self {
        self.max_depth = d;
        self
    }

    /// Repeated-state check along the path.
    pub fn cycles(mut self, c: Cycles) -> Self {
        self.cycles = c;
        self
    }

    /// A transposition table of at most `entries` keys, each with the smallest path cost it
    /// was reached with; a state reached again at no smaller cost is skipped. `None`: off.
    pub fn transposition_table(mut self, entries: Option<usize>) -> Self {
        self.table = entries;
        self
    }

    crate::engine::budget_setting!("Node and byte budgets.");

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

/// Reusable scratch of [`Dfs`], [`iddfs`](mod@crate::iddfs) and [`idastar`](mod@crate::idastar):
/// the move stack, the path and the transposition table. Keeps its capacity between searches.
pub struct Cache<P: SearchProblem + ?Sized> {
    pub(crate) core: Core<P>,
}

impl<P: SearchProblem + ?Sized> Cache<P> {
    /// An empty cache; it allocates on first use.
    pub fn new() -> Self {
        Self { core: Core::new() }
    }

    /// Bytes held (capacities of the move stack, path, states and table).
    pub fn memory_usage(&self) -> usize {
        self.core.bytes()
    }
}

impl<P: SearchProblem + ?Sized> Default for Cache<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: SearchProblem + ?Sized> fmt::Debug for Cache<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cache").field("memory_usage", &self.memory_usage()).finish()
    }
}

/// Depth-bounded depth-first search.
///
/// Ends [`Solved`](SearchOutcome::Solved) with the first goal found, [`Exhausted`](SearchOutcome::Exhausted)
/// if no node was cut off by the depth bound, or [`Undecided`](SearchOutcome::Undecided) with
/// [`UndecidedReason::Bound`] otherwise.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dfs {
    config: Config,
}

crate::engine::engine_with_config!(Dfs);

impl Dfs {
    /// Searches from `start`.
    pub fn search<P, O>(&self, cache: &mut Cache<P>, problem: &P, start: &P::State, observer: &mut O) -> Report<P::Move>
    where
        P: SearchProblem + ?Sized,
        O: Observer + ?Sized,
    {
        let c = &self.config;
        let prm = Params {
            max_depth: c.max_depth,
            bound: u32::MAX,
            cycles: c.cycles,
            table: c.table,
            budget: c.budget,
            use_h: false,
        };
        let mut stats = Stats { iterations: 1, ..Stats::default() };
        let outcome = match cache.core.run(problem, start, &Zero, observer, &prm, &mut stats) {
            RunEnd::Found(s) => SearchOutcome::Solved(s),
            RunEnd::Stop(r) => SearchOutcome::Undecided(r),
            RunEnd::Done { cut: false, .. } => SearchOutcome::Exhausted,
            RunEnd::Done { cut: true, .. } => SearchOutcome::Undecided(UndecidedReason::Bound),
        };
        Report { outcome, stats }
    }
}
