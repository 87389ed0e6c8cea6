//! What every engine returns: a [`SearchOutcome`] plus [`Stats`], and the node/byte [`Budget`].

use std::fmt;

/// Counters every engine keeps; available for every outcome.
///
/// # Examples
///
/// ```
/// let stats = freecell_search::Stats::default();
/// assert_eq!(stats.expanded, 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Nodes whose moves were generated.
    pub expanded: u64,
    /// Child nodes produced (each `apply` of a generated move).
    pub generated: u64,
    /// Generated nodes dropped as already seen (cycle, transposition or closed-list hits).
    pub duplicates: u64,
    /// Heuristic evaluations.
    pub evaluated: u64,
    /// Most states (or keys) held at once: stored nodes, the current path plus a table.
    pub peak_stored: u64,
    /// Most bytes the cache held, as [`memory_usage`](crate::astar::Cache::memory_usage) reports.
    pub bytes: usize,
    /// Iterations: deepening rounds of iterative deepening and IDA*, stages of staged
    /// deepening, layers of BFS and beam search; 1 for single-pass engines.
    pub iterations: u32,
}

impl Stats {
    #[inline]
    pub(crate) fn store(&mut self, stored: usize, bytes: usize) {
        self.peak_stored = self.peak_stored.max(stored as u64);
        self.bytes = self.bytes.max(bytes);
    }
}

/// A path from the start to a goal, as the moves that walk it, and its cost. (A path as the
/// states it visits is a [`StatePath`](crate::StatePath).)
///
/// # Examples
///
/// ```
/// use freecell_search::MovePath;
/// let s = MovePath { moves: vec!['a', 'b'], cost: 2 };
/// assert_eq!(s.len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePath<M> {
    /// The moves, first move first; replaying them from the start reaches a goal.
    pub moves: Vec<M>,
    /// The sum of the moves' step costs.
    pub cost: u32,
}

impl<M> MovePath<M> {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the start is already a goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Which budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// [`Budget::max_expanded`].
    Expanded,
    /// [`Budget::max_generated`].
    Generated,
    /// [`Budget::max_bytes`], or the allocator refused the memory a growth needed: every
    /// growth of an engine's stored data is fallible, and a refusal ends the search this
    /// way instead of aborting the process.
    Bytes,
}

/// Why a search ended without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UndecidedReason {
    /// A node or byte budget ran out.
    Budget(Limit),
    /// The observer returned [`Control::Stop`](crate::Control::Stop).
    Stopped,
    /// The configured depth or cost bound cut nodes off, and nothing within it was a goal.
    Bound,
    /// The engine discarded states on purpose (beam width, staged deepening's one entry per
    /// score or per-stage open list), so the empty frontier proves nothing.
    Pruned,
    /// More states than [`NodeId`](crate::NodeId) can number (2³² − 1) were needed.
    Capacity,
    /// A goal was found but the path to it could not be replayed: the problem broke the
    /// [`SearchProblem::key`](crate::SearchProblem::key) contract (states with equal keys
    /// must be interchangeable: the same moves, at the same costs, to states of equal keys).
    Inconsistent,
}

impl fmt::Display for UndecidedReason {
    /// What happened, in words.
    ///
    /// # Examples
    ///
    /// ```
    /// use freecell_search::{Limit, UndecidedReason};
    /// let reason = UndecidedReason::Budget(Limit::Expanded);
    /// assert_eq!(reason.to_string(), "the budget of expanded nodes ran out");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Budget(Limit::Expanded) => "the budget of expanded nodes ran out",
            Self::Budget(Limit::Generated) => "the budget of generated nodes ran out",
            Self::Budget(Limit::Bytes) => "the byte budget ran out, or the allocator refused memory",
            Self::Stopped => "the observer stopped the search",
            Self::Bound => "a depth or cost bound cut nodes off",
            Self::Pruned => "the engine discarded states, so running out of them proves nothing",
            Self::Capacity => "more states were needed than the engine can number",
            Self::Inconsistent => "the path to a goal could not be replayed (states with equal keys differ)",
        })
    }
}

/// How a search ended.
///
/// # Why not `Result<Option<Solution>, SearchError>`
///
/// STYLE §3 suggests that shape. Here a budget running out is an expected, everyday result
/// (evolution runs thousands of budgeted searches), callers need [`Stats`] for every ending,
/// and three endings are equally "successful" answers of the engine; an enum with an
/// [`UndecidedReason`] says so directly and [`Report`] carries the statistics next to it. Nothing a
/// caller passes can make an engine fail, so there is no error type.
///
/// # Examples
///
/// ```
/// use freecell_search::{Limit, SearchOutcome, UndecidedReason};
/// let o: SearchOutcome<u8> = SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Expanded));
/// assert!(o.solution().is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub enum SearchOutcome<M> {
    /// A goal was reached; optimal for the engines and configurations that promise it.
    Solved(MovePath<M>),
    /// The whole reachable space (within the problem as given) was searched: no solution exists.
    Exhausted,
    /// No answer: a budget ran out, the observer stopped the search, a bound cut nodes off, or
    /// states were pruned.
    Undecided(UndecidedReason),
}

impl<M> SearchOutcome<M> {
    /// The solution, if solved.
    pub fn solution(&self) -> Option<&MovePath<M>> {
        match self {
            Self::Solved(s) => Some(s),
            _ => None,
        }
    }

    /// The solution's cost, if solved.
    pub fn cost(&self) -> Option<u32> {
        self.solution().map(|s| s.cost)
    }
}

/// An [`SearchOutcome`] and the [`Stats`] of the search that produced it.
///
/// # Examples
///
/// ```
/// use freecell_search::{SearchOutcome, Report, Stats};
/// let r: Report<u8> = Report { outcome: SearchOutcome::Exhausted, stats: Stats::default() };
/// assert!(r.is_exhausted());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct Report<M> {
    /// How the search ended.
    pub outcome: SearchOutcome<M>,
    /// What it cost.
    pub stats: Stats,
}

impl<M> Report<M> {
    /// The solution, if solved.
    pub fn solution(&self) -> Option<&MovePath<M>> {
        self.outcome.solution()
    }

    /// The solution's cost, if solved.
    pub fn cost(&self) -> Option<u32> {
        self.outcome.cost()
    }

    /// Whether the search proved that no solution exists.
    pub fn is_exhausted(&self) -> bool {
        matches!(self.outcome, SearchOutcome::Exhausted)
    }

    /// Why the search is undecided, if it is.
    pub fn undecided(&self) -> Option<UndecidedReason> {
        match self.outcome {
            SearchOutcome::Undecided(r) => Some(r),
            _ => None,
        }
    }
}

/// Node and memory budgets. `None` means unlimited.
///
/// Budgets are exact: a search stopped by `max_expanded = n` has expanded exactly `n` nodes
/// (likewise generated). For bytes, every growth of stored data (arena, key index, queue,
/// tables, open lists, candidates) is predicted and checked *before* it happens, so
/// [`Stats::bytes`] stays within `max_bytes`, with two documented exceptions that only the
/// problem's shape can trigger: move buffers keep 256 moves of headroom before each move
/// generation (a state with more moves may grow one by one reallocation), and the
/// depth-first path (one frame, key and, with [`ByCopy`](crate::ByCopy), one state per depth)
/// is checked right after each expansion, stopping the search as soon as it is over.
/// Wall-clock limits and cancellation are not budgets: they go through the
/// [`Observer`](crate::Observer), so budgeted results reproduce.
///
/// Without a byte budget a search still ends, [`Undecided`](SearchOutcome::Undecided) with
/// [`Limit::Bytes`], when the allocator refuses a growth of its stored data (its cache is
/// then fit for the next search). [`system_memory`](crate::system_memory) helps size a
/// budget to the machine, so that it runs out first.
///
/// # Examples
///
/// ```
/// use freecell_search::Budget;
/// let b = Budget::default().max_expanded(10_000).max_bytes(64 << 20);
/// assert_eq!(b.get_max_expanded(), Some(10_000));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    expanded: Option<u64>,
    generated: Option<u64>,
    bytes: Option<usize>,
}

impl Budget {
    /// No limits.
    pub const UNLIMITED: Self = Self { expanded: None, generated: None, bytes: None };

    /// Stop after expanding `n` nodes.
    pub fn max_expanded(mut self, n: u64) -> Self {
        self.expanded = Some(n);
        self
    }

    /// Stop after generating `n` nodes.
    pub fn max_generated(mut self, n: u64) -> Self {
        self.generated = Some(n);
        self
    }

    /// Stop before the cache would hold more than `n` bytes.
    pub fn max_bytes(mut self, n: usize) -> Self {
        self.bytes = Some(n);
        self
    }

    /// The expansion limit.
    pub fn get_max_expanded(&self) -> Option<u64> {
        self.expanded
    }

    /// The generation limit.
    pub fn get_max_generated(&self) -> Option<u64> {
        self.generated
    }

    /// The byte limit.
    pub fn get_max_bytes(&self) -> Option<usize> {
        self.bytes
    }

    /// `Err(limit)` if one more expansion would exceed the budget: the check an engine makes
    /// before each expansion (those outside this crate too, such as the FreeCell solver's).
    ///
    /// # Errors
    /// [`UndecidedReason::Budget`]`(`[`Limit::Expanded`]`)` when `stats.expanded` has
    /// reached the limit.
    #[inline]
    pub fn expand(&self, stats: &Stats) -> Result<(), UndecidedReason> {
        match self.expanded {
            Some(n) if stats.expanded >= n => Err(UndecidedReason::Budget(Limit::Expanded)),
            _ => Ok(()),
        }
    }

    /// `Err(limit)` if one more generation would exceed the budget.
    ///
    /// # Errors
    /// [`UndecidedReason::Budget`]`(`[`Limit::Generated`]`)` when `stats.generated` has
    /// reached the limit.
    #[inline]
    pub fn generate(&self, stats: &Stats) -> Result<(), UndecidedReason> {
        match self.generated {
            Some(n) if stats.generated >= n => Err(UndecidedReason::Budget(Limit::Generated)),
            _ => Ok(()),
        }
    }

    /// `Err(limit)` if holding `used + extra` bytes would exceed the budget.
    #[inline]
    pub(crate) fn bytes(&self, used: usize, extra: usize) -> Result<(), UndecidedReason> {
        match self.bytes {
            Some(n) if extra > 0 && used.saturating_add(extra) > n => Err(UndecidedReason::Budget(Limit::Bytes)),
            _ => Ok(()),
        }
    }

    /// [`bytes`](Self::bytes) with the bytes held computed only when they matter (a byte
    /// limit is set and `extra > 0`): for engines whose `memory_usage` is not O(1).
    #[inline]
    pub(crate) fn bytes_lazy(&self, used: impl FnOnce() -> usize, extra: usize) -> Result<(), UndecidedReason> {
        match self.bytes {
            Some(n) if extra > 0 && used().saturating_add(extra) > n => Err(UndecidedReason::Budget(Limit::Bytes)),
            _ => Ok(()),
        }
    }
}
