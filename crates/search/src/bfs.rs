//! Breadth-first search: fewest moves.
//!
//! States are stored once in an arena (as in [`astar`](mod@crate::astar)); the arena itself is the
//! FIFO queue, since nodes are stored in the order they are discovered. The goal test runs on
//! generation. The solution has the fewest moves; its cost is the sum of the step costs, which
//! is the optimal cost only when all steps cost the same.
//!
//! # Examples
//!
//! ```
//! use freecell_search::{ByCopy, SearchProblem, bfs};
//! struct Line;
//! impl SearchProblem for Line {
//!     type State = i32; type Move = i32; type Key = i32; type Backtrack = ByCopy;
//!     fn is_goal(&self, s: &i32) -> bool { *s == 7 }
//!     fn moves(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1, 3]); }
//!     fn apply(&self, s: &mut i32, m: i32) { *s += m; }
//!     fn key(&self, s: &i32) -> i32 { *s }
//! }
//! let report = bfs::Bfs::default().search(&mut bfs::Cache::new(), &Line, &0, &mut ());
//! assert_eq!(report.cost(), Some(3));
//! ```

use std::fmt;

use crate::containers::bytes::{held, push, reserve, reserve_growth};
use crate::containers::{Arena, NO_PARENT};
use crate::engine::MOVE_HEADROOM;
use crate::{Budget, Control, MovePath, Observer, Report, SearchOutcome, SearchProblem, Stats, UndecidedReason};

/// Settings of [`Bfs`].
///
/// # Examples
///
/// ```
/// use freecell_search::{Budget, bfs::Config};
/// let c = Config::new().budget(Budget::default().max_expanded(10));
/// assert_eq!(c.get_budget().get_max_expanded(), Some(10));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    budget: Budget,
    max_depth: u32,
}

impl Default for Config {
    fn default() -> Self {
        Self::new()
    }
}

impl Config {
    /// No budget, no depth bound.
    pub fn new() -> Self {
        Self { budget: Budget::UNLIMITED, max_depth: u32::MAX }
    }

    crate::engine::budget_setting!("Node and byte budgets.");

    /// Nodes `d` moves deep are not expanded (as in [`dfs`](mod@crate::dfs) and
    /// [`iddfs`](mod@crate::iddfs)); `u32::MAX`, the default, is no bound.
    pub fn max_depth(mut self, d: u32) -> Self {
        self.max_depth = d;
        self
    }

    /// See [`max_depth`](Self::max_depth).
    pub fn get_max_depth(&self) -> u32 {
        self.max_depth
    }
}

/// Reusable storage of [`Bfs`]. Keeps capacity between searches.
pub struct Cache<P: SearchProblem + ?Sized> {
    arena: Arena<P>,
    moves: Vec<P::Move>,
    scratch: Vec<P::State>,
}

impl<P: SearchProblem + ?Sized> Cache<P> {
    /// An empty cache.
    pub fn new() -> Self {
        Self { arena: Arena::new(), moves: Vec::new(), scratch: Vec::new() }
    }

    /// Bytes held (capacities).
    pub fn memory_usage(&self) -> usize {
        self.arena.bytes() + held(&self.moves) + held(&self.scratch)
    }

    /// Nodes stored by the last search: after an exhausted search, every reachable state.
    pub fn stored(&self) -> usize {
        self.arena.len()
    }
}

impl<P: SearchProblem + ?Sized> Default for Cache<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: SearchProblem + ?Sized> fmt::Debug for Cache<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cache").field("stored", &self.stored()).field("memory_usage", &self.memory_usage()).finish()
    }
}

/// Breadth-first search.
///
/// [`Solved`](SearchOutcome::Solved) with fewest moves; [`Exhausted`](SearchOutcome::Exhausted) when every
/// reachable state was expanded; [`Undecided`](SearchOutcome::Undecided) on a budget, a stop, or the
/// depth bound.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bfs {
    config: Config,
}

crate::engine::engine_with_config!(Bfs);

impl Bfs {
    /// Searches from `start`. The observer's `on_iteration` sees each new layer (its depth).
    pub fn search<P, O>(&self, cache: &mut Cache<P>, problem: &P, start: &P::State, observer: &mut O) -> Report<P::Move>
    where
        P: SearchProblem + ?Sized,
        O: Observer + ?Sized,
    {
        let mut stats = Stats::default();
        let result = self.run(cache, problem, start, observer, &mut stats);
        crate::engine::finish(result, stats, cache.arena.len(), cache.memory_usage())
    }

    fn run<P, O>(
        &self,
        c: &mut Cache<P>,
        problem: &P,
        start: &P::State,
        observer: &mut O,
        stats: &mut Stats,
    ) -> Result<SearchOutcome<P::Move>, UndecidedReason>
    where
        P: SearchProblem + ?Sized,
        O: Observer + ?Sized,
    {
        let budget = self.config.budget;
        c.arena.clear();
        c.moves.clear();
        c.scratch.clear();
        push(&mut c.scratch, start.clone())?;
        push(&mut c.scratch, start.clone())?;
        stats.iterations = 1;
        if problem.is_goal(start) {
            return Ok(SearchOutcome::Solved(MovePath { moves: Vec::new(), cost: 0 }));
        }
        budget.bytes(c.memory_usage(), c.arena.growth_one(0))?;
        c.arena.make_room(problem, &mut *observer)?;
        let at = c.arena.find(problem, start, &problem.key(start)).err().ok_or(UndecidedReason::Capacity)?;
        c.arena.insert(at, start.clone(), NO_PARENT, 0)?;

        let scratch_bytes = held(&c.scratch);
        let mut next = 0usize;
        let mut layer_end = 1usize;
        let mut depth = 0u32;
        let mut cut = false;
        while next < c.arena.len() {
            if next == layer_end {
                layer_end = c.arena.len();
                depth += 1;
                stats.iterations += 1;
                if observer.on_iteration(depth, stats) == Control::Stop {
                    return Err(UndecidedReason::Stopped);
                }
            }
            if depth >= self.config.max_depth {
                cut = true;
                break;
            }
            let id = next as u32;
            next += 1;
            budget.expand(stats)?;
            stats.expanded += 1;
            if observer.on_expand(stats) == Control::Stop {
                return Err(UndecidedReason::Stopped);
            }
            let g = c.arena.g(id);
            c.scratch[0].clone_from(c.arena.state(id));
            c.moves.clear();
            budget.bytes(c.arena.bytes() + held(&c.moves) + scratch_bytes, reserve_growth(&c.moves, MOVE_HEADROOM))?;
            reserve(&mut c.moves, MOVE_HEADROOM)?;
            problem.moves(&c.scratch[0], &mut c.moves);
            for i in 0..c.moves.len() {
                let mv = c.moves[i];
                budget.generate(stats)?;
                stats.generated += 1;
                let (parent, child) = c.scratch.split_at_mut(1);
                let (parent, child) = (&parent[0], &mut child[0]);
                let g2 = g.saturating_add(problem.step_cost(parent, mv));
                child.clone_from(parent);
                problem.apply(child, mv);
                if problem.is_goal(child) {
                    let mut moves = c.arena.path(problem, id).ok_or(UndecidedReason::Inconsistent)?;
                    moves.push(mv);
                    return Ok(SearchOutcome::Solved(MovePath { moves, cost: g2 }));
                }
                let key = problem.key(child);
                let used = c.arena.bytes() + held(&c.moves) + scratch_bytes;
                budget.bytes(used, c.arena.growth_one(g2))?;
                c.arena.make_room(problem, &mut *observer)?;
                match c.arena.find(problem, child, &key) {
                    Ok(_) => stats.duplicates += 1,
                    Err(at) => {
                        c.arena.insert(at, child.clone(), id, g2)?;
                    }
                }
            }
            stats.peak_stored = c.arena.len() as u64;
        }
        Ok(if cut { SearchOutcome::Undecided(UndecidedReason::Bound) } else { SearchOutcome::Exhausted })
    }
}
