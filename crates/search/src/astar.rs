//! A*, weighted A* and greedy best-first search over a bucket priority queue.
//!
//! Every state is stored once, in an arena indexed by [`NodeId`](crate::NodeId) (parents are
//! ids, states, parents and path costs in separate vectors so that nothing is padding; moves
//! are not stored but found again, at the end, by replaying the solution's states);
//! the key index holds 4-byte slots (an id plus hash bits as a tag); queue entries are bare
//! 4-byte ids in buckets by priority `f` and sub-buckets by `g` (see [`TieBreak`]). A node's
//! heuristic estimate is not stored: it is recovered from its priority when it is expanded and
//! handed to [`Heuristic::estimate_child`] for its children. A cheaper path to a
//! stored node updates it in place and queues it again (re-opening it if it was expanded, which
//! inconsistent heuristics and weighted A* need; see [`Config::reopen`]).
//!
//! Priorities are `f = wg·g + wh·h` with integer weights ([`Config::weights`]): `(1, 1)` is A*,
//! `(den, num)` is weighted A* with weight `num/den`, `(0, 1)` is greedy best-first search.
//! Priorities index buckets, so they must stay below [`MAX_PRIORITY`]; a search that needs more
//! ends [`Undecided`](crate::SearchOutcome::Undecided) with [`UndecidedReason::Capacity`].
//!
//! # Examples
//!
//! ```
//! use freecell_search::{ByCopy, SearchProblem, astar};
//! struct Line;
//! impl SearchProblem for Line {
//!     type State = i32; type Move = i32; type Key = i32; type Backtrack = ByCopy;
//!     fn is_goal(&self, s: &i32) -> bool { *s == 7 }
//!     fn moves(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1, 3]); }
//!     fn apply(&self, s: &mut i32, m: i32) { *s += m; }
//!     fn key(&self, s: &i32) -> i32 { *s }
//! }
//! let h = |s: &i32| (7 - *s).unsigned_abs() / 3;
//! let mut cache = astar::Cache::new();
//! let report = astar::AStar::new(astar::Config::new()).search(&mut cache, &Line, &0, &h, &mut ());
//! assert_eq!(report.cost(), Some(3));
//! assert_eq!(report.solution().unwrap().moves, vec![3, 3, 1]);
//! ```

use std::fmt;

use crate::containers::bytes::{growth, held, push, reserve, reserve_growth};
use crate::containers::{Arena, BucketQueue, NO_PARENT};
use crate::engine::MOVE_HEADROOM;
use crate::{
    Budget, Control, Heuristic, MovePath, Observer, Report, SearchOutcome, SearchProblem, Stats, TieBreak,
    UndecidedReason,
};

/// Largest priority `f` the bucket queue accepts (2²⁴).
pub const MAX_PRIORITY: u32 = 1 << 24;

/// Settings of [`AStar`].
///
/// # Examples
///
/// ```
/// use freecell_search::astar::Config;
/// assert_eq!(Config::weighted(3, 2).get_weights(), (2, 3));
/// assert_eq!(Config::greedy().get_weights(), (0, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    weights: (u32, u32),
    tie: TieBreak,
    reopen: bool,
    budget: Budget,
}

impl Default for Config {
    fn default() -> Self {
        Self::new()
    }
}

impl Config {
    /// A*: `f = g + h`, [`TieBreak::LargerG`], re-opening on, no budget.
    pub fn new() -> Self {
        Self { weights: (1, 1), tie: TieBreak::LargerG, reopen: true, budget: Budget::UNLIMITED }
    }

    /// Weighted A* with heuristic weight `num / den`: `f = den·g + num·h`.
    pub fn weighted(num: u32, den: u32) -> Self {
        Self::new().weights(den, num)
    }

    /// Greedy best-first search: `f = h` (ties by [`TieBreak`]).
    pub fn greedy() -> Self {
        Self::new().weights(0, 1)
    }

    /// Priority weights: `f = g_weight·g + h_weight·h`.
    pub fn weights(mut self, g_weight: u32, h_weight: u32) -> Self {
        self.weights = (g_weight, h_weight);
        self
    }

    /// Order among equal priorities.
    pub fn tie_break(mut self, t: TieBreak) -> Self {
        self.tie = t;
        self
    }

    /// Whether a cheaper path to an already expanded node re-opens it (default on). With a
    /// consistent heuristic and weights `(1, 1)` it never happens; otherwise turning it off
    /// trades optimality for fewer expansions.
    pub fn reopen(mut self, yes: bool) -> Self {
        self.reopen = yes;
        self
    }

    crate::engine::budget_setting!("Node and byte budgets.");

    /// `(g_weight, h_weight)`.
    pub fn get_weights(&self) -> (u32, u32) {
        self.weights
    }

    /// See [`tie_break`](Self::tie_break).
    pub fn get_tie_break(&self) -> TieBreak {
        self.tie
    }

    /// See [`reopen`](Self::reopen).
    pub fn get_reopen(&self) -> bool {
        self.reopen
    }
}

/// Reusable storage of [`AStar`]: the arena, key index, queue and scratch. Keeps capacity.
///
/// Reusing one cache across searches is what makes a warm search allocation-free; clearing it
/// at the start of a search costs one pass over the key index (4 bytes per slot) and the
/// queue's non-empty buckets.
pub struct Cache<P: SearchProblem + ?Sized> {
    arena: Arena<P>,
    queue: BucketQueue,
    /// One bit per node: expanded (kept only with re-opening off, the one reader).
    closed: Vec<u64>,
    moves: Vec<P::Move>,
    /// The children of the node being expanded: state, key, index hash, move, path cost.
    children: Vec<Child<P>>,
}

/// A generated child waiting for its duplicate check.
type Child<P> = (<P as SearchProblem>::State, <P as SearchProblem>::Key, u64, <P as SearchProblem>::Move, u32);

impl<P: SearchProblem + ?Sized> Cache<P> {
    /// An empty cache; it allocates on first use.
    pub fn new() -> Self {
        Self {
            arena: Arena::new(),
            queue: BucketQueue::new(),
            closed: Vec::new(),
            moves: Vec::new(),
            children: Vec::new(),
        }
    }

    /// Bytes held: arena, index, queue, expanded marks and scratch (capacities, not lengths;
    /// heap memory owned by states is not counted).
    pub fn memory_usage(&self) -> usize {
        self.arena.bytes() + self.queue.bytes() + held(&self.closed) + held(&self.moves) + held(&self.children)
    }

    /// Nodes stored by the last search.
    pub fn stored(&self) -> usize {
        self.arena.len()
    }

    /// Inline bytes one stored node takes in the arena: state, parent id (4 bytes) and path
    /// cost (1 byte while every cost fits in a `u8`, 2 in a `u16`, else 4); index slots, queue
    /// entries and spare capacity come on top. Moves are not stored: the solution's are found
    /// again by replaying it.
    pub fn node_size() -> usize {
        Arena::<P>::node_size()
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

/// A* (and its weighted and greedy variants).
///
/// [`Solved`](SearchOutcome::Solved) (optimal for A* with an admissible heuristic and re-opening on,
/// or a consistent one); [`Exhausted`](SearchOutcome::Exhausted) when the queue empties;
/// [`Undecided`](SearchOutcome::Undecided) on a budget or a stop.
#[derive(Clone, Copy, Debug, Default)]
pub struct AStar {
    config: Config,
}

crate::engine::engine_with_config!(AStar);

impl AStar {
    #[inline]
    fn priority(&self, g: u32, h: u32) -> Result<u32, UndecidedReason> {
        let (wg, wh) = self.config.weights;
        let f = u64::from(g) * u64::from(wg) + u64::from(h) * u64::from(wh);
        if f > u64::from(MAX_PRIORITY) { Err(UndecidedReason::Capacity) } else { Ok(f as u32) }
    }

    /// Searches from `start`.
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
        let mut stats = Stats { iterations: 1, ..Stats::default() };
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
        c.arena.clear();
        c.queue.clear(self.config.tie);
        c.closed.clear();
        c.moves.clear();

        let key = problem.key(start);
        // Without re-opening, a cheaper path to an expanded node is ignored, so expanded
        // (closed) nodes are marked; with it (the default) nothing reads the marks.
        let track_closed = !self.config.reopen;
        macro_rules! closed_growth {
            () => {
                if track_closed { growth(&c.closed) } else { 0 }
            };
        }
        budget.bytes(c.memory_usage(), c.arena.growth_one(0) + closed_growth!())?;
        c.arena.make_room(problem, &mut *observer)?;
        let at = c.arena.find(problem, start, &key).err().ok_or(UndecidedReason::Capacity)?;
        stats.evaluated += 1;
        let f0 = self.priority(0, heuristic.estimate(problem, start))?;
        budget.bytes(c.memory_usage(), c.queue.growth(f0, 0))?;
        c.arena.insert(at, start.clone(), NO_PARENT, 0)?;
        if track_closed {
            push(&mut c.closed, 0)?;
        }
        c.queue.push(f0, 0, 0)?;

        // Byte accounting costs a little per child: skip it without a byte budget.
        let limit_bytes = budget.get_max_bytes().is_some();
        macro_rules! used {
            () => {
                c.arena.bytes() + c.queue.bytes() + held(&c.closed) + held(&c.moves)
            };
        }
        let (wg, wh) = self.config.weights;
        while let Some((f, id, g)) = c.queue.pop() {
            let idx = id as usize;
            if c.arena.g(id) != g {
                continue; // stale: a cheaper entry was queued later
            }
            let parent = c.arena.state(id);
            if problem.is_goal(parent) {
                let moves = c.arena.path(problem, id).ok_or(UndecidedReason::Inconsistent)?;
                return Ok(SearchOutcome::Solved(MovePath { moves, cost: g }));
            }
            budget.expand(stats)?;
            stats.expanded += 1;
            if observer.on_expand(stats) == Control::Stop {
                return Err(UndecidedReason::Stopped);
            }
            if track_closed {
                c.closed[idx / 64] |= 1 << (idx % 64);
            }
            // The node's estimate, for its children's incremental ones: recovered exactly from
            // its priority `f = wg·g + wh·h` (computed without overflow, as `f` fits). With
            // `wh = 0` priorities ignore estimates, and children are estimated from scratch.
            let parent_h = match wh {
                0 => None,
                1 => Some((u64::from(f) - u64::from(wg) * u64::from(g)) as u32),
                _ => Some(((u64::from(f) - u64::from(wg) * u64::from(g)) / u64::from(wh)) as u32),
            };
            c.moves.clear();
            if limit_bytes {
                budget.bytes(used!(), reserve_growth(&c.moves, MOVE_HEADROOM))?;
            }
            reserve(&mut c.moves, MOVE_HEADROOM)?;
            problem.moves(parent, &mut c.moves);

            // Generate every child and load the index slot each one's probe starts at, then
            // probe and store them one by one: the slot loads miss the cache independently,
            // so their misses overlap.
            //
            // A child with the key of the node's parent (a move undone) is a duplicate that
            // cannot be cheaper (costs are not negative): it is counted and dropped without
            // a probe, which would mostly miss the cache.
            c.children.clear();
            let back = match c.arena.parent(id) {
                NO_PARENT => None,
                up => Some(problem.key(c.arena.state(up))),
            };
            for &mv in &c.moves {
                budget.generate(stats)?;
                stats.generated += 1;
                let g2 = g.saturating_add(problem.step_cost(parent, mv));
                let mut child = parent.clone();
                problem.apply(&mut child, mv);
                let key = problem.key(&child);
                if back.as_ref() == Some(&key) {
                    stats.duplicates += 1;
                    continue;
                }
                let hash = problem.state_key_hash(&child, &key);
                c.arena.prefetch(hash);
                if limit_bytes {
                    budget.bytes(used!(), growth(&c.children))?;
                }
                push(&mut c.children, (child, key, hash, mv, g2))?;
            }
            let children_bytes = held(&c.children);
            macro_rules! used_now {
                () => {
                    used!() + children_bytes
                };
            }
            let estimate = |child: &P::State, mv: P::Move| match parent_h {
                Some(h) => heuristic.estimate_child(problem, h, mv, child),
                None => heuristic.estimate(problem, child),
            };
            for (child, key, hash, mv, g2) in c.children.drain(..) {
                if limit_bytes {
                    budget.bytes(used_now!(), c.arena.growth_one(g2) + closed_growth!())?;
                }
                c.arena.make_room(problem, &mut *observer)?;
                match c.arena.find_hashed(problem, &key, hash) {
                    Ok(cid) => {
                        let ci = cid as usize;
                        if g2 >= c.arena.g(cid) || (track_closed && c.closed[ci / 64] & (1 << (ci % 64)) != 0) {
                            stats.duplicates += 1;
                            continue;
                        }
                        stats.evaluated += 1;
                        let f = self.priority(g2, estimate(&child, mv))?;
                        if limit_bytes {
                            budget.bytes(used_now!(), c.queue.growth(f, g2))?;
                        }
                        c.arena.relink(cid, id, g2);
                        if track_closed {
                            c.closed[ci / 64] &= !(1 << (ci % 64));
                        }
                        c.queue.push(f, g2, cid)?;
                    }
                    Err(at) => {
                        stats.evaluated += 1;
                        let f = self.priority(g2, estimate(&child, mv))?;
                        if limit_bytes {
                            let need = c.arena.growth_one(g2) + closed_growth!() + c.queue.growth(f, g2);
                            budget.bytes(used_now!(), need)?;
                        }
                        let cid = c.arena.insert(at, child, id, g2)?;
                        if track_closed && cid % 64 == 0 {
                            push(&mut c.closed, 0)?;
                        }
                        c.queue.push(f, g2, cid)?;
                    }
                }
            }
            stats.peak_stored = c.arena.len() as u64;
        }
        Ok(SearchOutcome::Exhausted)
    }
}
