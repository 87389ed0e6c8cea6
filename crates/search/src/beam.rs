//! Beam search: breadth-first by layers, keeping only the `width` best children (by heuristic)
//! of each layer.
//!
//! Kept nodes are stored in an arena with a key index, so a state is never kept twice (across
//! layers too). Incomplete by design: an empty layer after pruning ends
//! [`Undecided`](crate::SearchOutcome::Undecided) with [`UndecidedReason::Pruned`]; only a search that never
//! dropped a child can report [`Exhausted`](crate::SearchOutcome::Exhausted).
//!
//! # Examples
//!
//! ```
//! use freecell_search::{ByCopy, SearchProblem, beam};
//! struct Line;
//! impl SearchProblem for Line {
//!     type State = i32; type Move = i32; type Key = i32; type Backtrack = ByCopy;
//!     fn is_goal(&self, s: &i32) -> bool { *s == 9 }
//!     fn moves(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1, 3]); }
//!     fn apply(&self, s: &mut i32, m: i32) { *s += m; }
//!     fn key(&self, s: &i32) -> i32 { *s }
//! }
//! let h = |s: &i32| (9 - *s).unsigned_abs();
//! let engine = beam::Beam::new(beam::Config::new().width(2));
//! let report = engine.search(&mut beam::Cache::new(), &Line, &0, &h, &mut ());
//! assert_eq!(report.cost(), Some(3));
//! ```

use std::fmt;

use crate::containers::bytes::{growth, held, push, reserve, reserve_growth};
use crate::containers::{Arena, NO_PARENT};
use crate::engine::MOVE_HEADROOM;
use crate::{
    Budget, Control, Heuristic, MovePath, Observer, Report, SearchOutcome, SearchProblem, Stats, UndecidedReason,
};

/// Settings of [`Beam`].
///
/// # Examples
///
/// ```
/// let c = freecell_search::beam::Config::new().width(100);
/// assert_eq!(c.get_width(), 100);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    width: usize,
    budget: Budget,
}

impl Default for Config {
    fn default() -> Self {
        Self::new()
    }
}

impl Config {
    /// Width 1000, no budget.
    pub fn new() -> Self {
        Self { width: 1000, budget: Budget::UNLIMITED }
    }

    /// Nodes kept per layer (a width of 0 is taken as 1).
    pub fn width(mut self, w: usize) -> Self {
        self.width = w.max(1);
        self
    }

    crate::engine::budget_setting!("Node and byte budgets.");

    /// See [`width`](Self::width).
    pub fn get_width(&self) -> usize {
        self.width
    }
}

/// A child waiting for selection: heuristic, parent id, move, state.
type Candidate<P> = (u32, u32, <P as SearchProblem>::Move, <P as SearchProblem>::State);

/// Reusable storage of [`Beam`]. Keeps capacity.
pub struct Cache<P: SearchProblem + ?Sized> {
    arena: Arena<P>,
    candidates: Vec<Candidate<P>>,
    moves: Vec<P::Move>,
    scratch: Vec<P::State>,
    /// Heuristic estimates of the current layer's nodes (`layer_h[id - first]`), and of the
    /// next layer's as it is stored: parents' estimates for children's incremental ones.
    layer_h: Vec<u32>,
    next_h: Vec<u32>,
}

impl<P: SearchProblem + ?Sized> Cache<P> {
    /// An empty cache.
    pub fn new() -> Self {
        Self {
            arena: Arena::new(),
            candidates: Vec::new(),
            moves: Vec::new(),
            scratch: Vec::new(),
            layer_h: Vec::new(),
            next_h: Vec::new(),
        }
    }

    /// Bytes held (capacities).
    pub fn memory_usage(&self) -> usize {
        self.arena.bytes()
            + held(&self.candidates)
            + held(&self.moves)
            + held(&self.scratch)
            + held(&self.layer_h)
            + held(&self.next_h)
    }

    /// Nodes stored by the last search: every state it kept, in every layer.
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
        f.debug_struct("Cache").field("memory_usage", &self.memory_usage()).finish()
    }
}

/// Beam search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Beam {
    config: Config,
}

crate::engine::engine_with_config!(Beam);

impl Beam {
    /// Searches from `start`. The observer's `on_iteration` sees each new layer (its depth).
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
        let mut stats = Stats::default();
        let result = self.run(cache, problem, start, heuristic, observer, &mut stats);
        crate::engine::finish(result, stats, cache.arena.len(), cache.memory_usage())
    }

    #[allow(clippy::too_many_lines)]
    fn run<P, H, O>(
        &self,
        c: &mut Cache<P>,
        problem: &P,
        start: &P::State,
        heuristic: &H,
        observer: &mut O,
        stats: &mut Stats,
    ) -> Result<SearchOutcome<P::Move>, UndecidedReason>
    where
        P: SearchProblem + ?Sized,
        H: Heuristic<P> + ?Sized,
        O: Observer + ?Sized,
    {
        let budget = self.config.budget;
        let width = self.config.width;
        c.arena.clear();
        c.candidates.clear();
        c.moves.clear();
        c.scratch.clear();
        push(&mut c.scratch, start.clone())?;
        push(&mut c.scratch, start.clone())?;
        c.layer_h.clear();
        c.next_h.clear();
        stats.iterations = 1;
        if problem.is_goal(start) {
            return Ok(SearchOutcome::Solved(MovePath { moves: Vec::new(), cost: 0 }));
        }
        budget.bytes(c.memory_usage(), c.arena.growth_one(0))?;
        c.arena.make_room(problem, &mut *observer)?;
        let at = c.arena.find(problem, start, &problem.key(start)).err().ok_or(UndecidedReason::Capacity)?;
        budget.bytes(c.memory_usage(), growth(&c.layer_h))?;
        stats.evaluated += 1;
        push(&mut c.layer_h, heuristic.estimate(problem, start))?;
        c.arena.insert(at, start.clone(), NO_PARENT, 0)?;
        let scratch_bytes = held(&c.scratch);
        macro_rules! layer_bytes {
            () => {
                scratch_bytes + held(&c.layer_h) + held(&c.next_h)
            };
        }
        let mut pruned = false;
        let (mut lo, mut hi) = (0usize, 1usize);
        let mut depth = 0;
        while lo < hi {
            c.candidates.clear();
            for id in lo..hi {
                budget.expand(stats)?;
                stats.expanded += 1;
                if observer.on_expand(stats) == Control::Stop {
                    return Err(UndecidedReason::Stopped);
                }
                let g = c.arena.g(id as u32);
                let h = c.layer_h[id - lo];
                c.scratch[0].clone_from(c.arena.state(id as u32));
                c.moves.clear();
                let used = c.arena.bytes() + held(&c.candidates) + held(&c.moves) + layer_bytes!();
                budget.bytes(used, reserve_growth(&c.moves, MOVE_HEADROOM))?;
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
                        let mut moves = c.arena.path(problem, id as u32).ok_or(UndecidedReason::Inconsistent)?;
                        moves.push(mv);
                        return Ok(SearchOutcome::Solved(MovePath { moves, cost: g2 }));
                    }
                    let key = problem.key(child);
                    let used = c.arena.bytes() + held(&c.candidates) + held(&c.moves) + layer_bytes!();
                    budget.bytes(used, c.arena.growth_one(g2) + growth(&c.candidates))?;
                    c.arena.make_room(problem, &mut *observer)?;
                    if c.arena.find(problem, child, &key).is_ok() {
                        stats.duplicates += 1;
                        continue;
                    }
                    stats.evaluated += 1;
                    let h = heuristic.estimate_child(problem, h, mv, child);
                    push(&mut c.candidates, (h, id as u32, mv, child.clone()))?;
                }
            }
            if c.candidates.len() > width {
                pruned = true;
                c.candidates.select_nth_unstable_by_key(width, |cand| cand.0);
                c.candidates.truncate(width);
            }
            lo = hi;
            let fixed = held(&c.candidates) + held(&c.moves) + scratch_bytes + held(&c.layer_h);
            c.next_h.clear();
            for (h, parent, mv, state) in c.candidates.drain(..) {
                let used = c.arena.bytes() + fixed + held(&c.next_h);
                let g2 = c.arena.g(parent).saturating_add(problem.step_cost(c.arena.state(parent), mv));
                budget.bytes(used, c.arena.growth_one(g2) + growth(&c.next_h))?;
                let key = problem.key(&state);
                c.arena.make_room(problem, &mut *observer)?;
                match c.arena.find(problem, &state, &key) {
                    Ok(_) => stats.duplicates += 1,
                    Err(at) => {
                        c.arena.insert(at, state, parent, g2)?;
                        push(&mut c.next_h, h)?;
                    }
                }
            }
            hi = c.arena.len();
            std::mem::swap(&mut c.layer_h, &mut c.next_h);
            stats.peak_stored = c.arena.len() as u64;
            if lo < hi {
                depth += 1;
                stats.iterations += 1;
                if observer.on_iteration(depth, stats) == Control::Stop {
                    return Err(UndecidedReason::Stopped);
                }
            }
        }
        Ok(if pruned { SearchOutcome::Undecided(UndecidedReason::Pruned) } else { SearchOutcome::Exhausted })
    }
}
