//! Heineman's staged deepening (HSD): best-first over states `k` moves apart, with a plain
//! depth-first look-ahead between them.
//!
//! Each *stage* takes the best open state (lowest heuristic value) and runs a depth-first
//! search from it, without heuristic calls, to the leaf depth (`k`, or `k + 1`); a transposition
//! table keyed by [`SearchProblem::Key`] skips states seen before (in this stage or earlier
//! ones). Only leaves are evaluated by the heuristic and enter the open list. Every generated
//! state is goal-tested. Between stages the table is emptied once it holds `N` keys.
//!
//! The open list is a bucket array by heuristic value. With *one entry per score* (as both
//! readings have it) it maps score → state, and a new leaf with the score of an open entry
//! replaces that entry. A *persistent* open list is kept across stages (a global best-first
//! list); a *per-stage* one holds only the last stage's leaves (hill climbing).
//!
//! The two readings of Heineman's staged deepening are presets: [`Config::paper`] (GA-FreeCell,
//! Elyasaf, Hauptman & Sipper, GECCO 2011, §3.1.3 and Algorithm 1) and [`Config::heineman`]
//! (Heineman's Java code, from his January 2009 O'Reilly column,
//! <http://broadcast.oreilly.com/2009/01/january-column-graph-algorithm.html>). Staged
//! deepening is incomplete and not optimal: an empty open list proves nothing once an entry was
//! replaced or dropped ([`UndecidedReason::Pruned`]); only a run that never discarded a state reports
//! [`Exhausted`](crate::SearchOutcome::Exhausted).
//!
//! # Examples
//!
//! ```
//! use freecell_search::{ByCopy, SearchProblem, staged};
//! struct Line;
//! impl SearchProblem for Line {
//!     type State = i32; type Move = i32; type Key = i32; type Backtrack = ByCopy;
//!     fn is_goal(&self, s: &i32) -> bool { *s == 20 }
//!     fn moves(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1, 2]); }
//!     fn apply(&self, s: &mut i32, m: i32) { *s += m; }
//!     fn key(&self, s: &i32) -> i32 { *s }
//! }
//! let h = |s: &i32| (20 - *s).unsigned_abs();
//! let engine = staged::StagedDeepening::new(staged::Config::paper().look_ahead(3));
//! let report = engine.search(&mut staged::Cache::new(), &Line, &0, &h, &mut ());
//! let solution = report.solution().unwrap();
//! assert_eq!(solution.moves.iter().sum::<i32>(), 20);
//! ```

use std::fmt;

use crate::containers::KeySet;
use crate::containers::bytes::{growth, held, push, reserve, reserve_exact, reserve_growth};
use crate::engine::MOVE_HEADROOM;
use crate::{
    Backtrack, Budget, Control, Heuristic, MovePath, Observer, Report, SearchOutcome, SearchProblem, Stats,
    UndecidedReason,
};

/// Whether the open list survives from one stage to the next.
///
/// # Examples
///
/// ```
/// use freecell_search::staged::{Config, OpenList};
/// assert_eq!(Config::heineman().get_open_list(), OpenList::Persistent);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OpenList {
    /// Created once, never reset: a global best-first list (GA-FreeCell's Algorithm 1 and
    /// Heineman's code alike).
    #[default]
    Persistent,
    /// Replaced by each stage's leaves: hill climbing with back-up only inside a stage.
    PerStage,
}

/// Settings of [`StagedDeepening`].
///
/// # Examples
///
/// ```
/// use freecell_search::staged::Config;
/// let c = Config::heineman();
/// assert_eq!((c.get_look_ahead(), c.get_leaf_depth()), (6, 7));
/// let c = Config::paper();
/// assert_eq!((c.get_look_ahead(), c.get_leaf_depth()), (6, 6));
/// assert_eq!(Config::new(), Config::paper());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    k: u32,
    plus_one: bool,
    one_per_score: bool,
    open: OpenList,
    clear_at: Option<usize>,
    budget: Budget,
}

impl Default for Config {
    fn default() -> Self {
        Self::new()
    }
}

impl Config {
    /// [`paper`](Self::paper), no budget: every engine's `Config::new` is its default.
    pub fn new() -> Self {
        Self::paper()
    }

    /// The GA-FreeCell paper's Algorithm 1 (§3.1.3, GECCO 2011): leaves at exactly depth `k`,
    /// open list sorted by heuristic with one entry per value (a newer state overwrites an open
    /// one of equal value), persistent (`T ← merge(T, U)`), table emptied once its size is
    /// ≥ N = 200,000. The paper does not give `k`; this preset uses Heineman's `k = 6`.
    pub fn paper() -> Self {
        Self {
            k: 6,
            plus_one: false,
            one_per_score: true,
            open: OpenList::Persistent,
            clear_at: Some(200_000),
            budget: Budget::UNLIMITED,
        }
    }

    /// Heineman's published Java code (his January 2009 O'Reilly column, "Algorithm to solve
    /// FreeCell solitaire games",
    /// <http://broadcast.oreilly.com/2009/01/january-column-graph-algorithm.html>): `k = 6` but
    /// leaves stored at depth `k + 1`; one ordered map score → board, created once and never
    /// reset; the table emptied once it *exceeds* 200,000 (so: holds ≥ 200,001); no node limit.
    pub fn heineman() -> Self {
        Self {
            k: 6,
            plus_one: true,
            one_per_score: true,
            open: OpenList::Persistent,
            clear_at: Some(200_001),
            budget: Budget::UNLIMITED,
        }
    }

    /// Look-ahead depth `k` (at least 1).
    pub fn look_ahead(mut self, k: u32) -> Self {
        self.k = k.max(1);
        self
    }

    /// Store leaves at depth `k + 1` (Heineman's code) instead of `k` (the paper).
    pub fn leaves_at_k_plus_one(mut self, yes: bool) -> Self {
        self.plus_one = yes;
        self
    }

    /// One open entry per heuristic value, a newer leaf replacing an open one of equal value
    /// (on in both readings). Off: every leaf is kept (LIFO among equal values).
    pub fn one_entry_per_score(mut self, yes: bool) -> Self {
        self.one_per_score = yes;
        self
    }

    /// Persistent or per-stage open list.
    pub fn open_list(mut self, o: OpenList) -> Self {
        self.open = o;
        self
    }

    /// Empty the transposition table after a stage that leaves it with at least `n` keys
    /// (`None`: never).
    pub fn clear_table_at(mut self, n: Option<usize>) -> Self {
        self.clear_at = n;
        self
    }

    crate::engine::budget_setting!("Node and byte budgets.");

    /// See [`look_ahead`](Self::look_ahead).
    pub fn get_look_ahead(&self) -> u32 {
        self.k
    }

    /// The depth leaves are stored at: `k` or `k + 1`.
    pub fn get_leaf_depth(&self) -> u32 {
        self.k + u32::from(self.plus_one)
    }

    /// See [`one_entry_per_score`](Self::one_entry_per_score).
    pub fn get_one_entry_per_score(&self) -> bool {
        self.one_per_score
    }

    /// See [`open_list`](Self::open_list).
    pub fn get_open_list(&self) -> OpenList {
        self.open
    }

    /// See [`clear_table_at`](Self::clear_table_at).
    pub fn get_clear_table_at(&self) -> Option<usize> {
        self.clear_at
    }
}

/// A node on the current look-ahead path.
struct Frame<M> {
    start: u32,
    next: u32,
    end: u32,
    g: u32,
    mv: Option<M>,
}

/// Reusable storage of [`StagedDeepening`]. Keeps capacity.
pub struct Cache<P: SearchProblem + ?Sized> {
    /// Entries: stage roots and open leaves. Entry `i > 0` was reached from `parent[i]` by the
    /// `L` moves `segments[(i - 1) * L..i * L]` (`L` = leaf depth).
    states: Vec<P::State>,
    parent: Vec<u32>,
    g: Vec<u32>,
    segments: Vec<P::Move>,
    free: Vec<u32>,
    /// Open entry ids by heuristic value.
    open: Vec<Vec<u32>>,
    open_len: usize,
    table: KeySet<P::Key>,
    path: Vec<P::State>,
    depth: usize,
    moves: Vec<P::Move>,
    frames: Vec<Frame<P::Move>>,
}

impl<P: SearchProblem + ?Sized> Cache<P> {
    /// An empty cache.
    pub fn new() -> Self {
        Self {
            states: Vec::new(),
            parent: Vec::new(),
            g: Vec::new(),
            segments: Vec::new(),
            free: Vec::new(),
            open: Vec::new(),
            open_len: 0,
            table: KeySet::new(),
            path: Vec::new(),
            depth: 0,
            moves: Vec::new(),
            frames: Vec::new(),
        }
    }

    /// Bytes held (capacities).
    pub fn memory_usage(&self) -> usize {
        held(&self.states)
            + held(&self.parent)
            + held(&self.g)
            + held(&self.segments)
            + held(&self.free)
            + held(&self.open)
            + self.open.iter().map(held).sum::<usize>()
            + self.table.bytes()
            + held(&self.path)
            + held(&self.moves)
            + held(&self.frames)
    }

    fn up(&mut self, problem: &P, mv: P::Move) {
        <P::Backtrack as Backtrack<P>>::ascend(problem, &mut self.path, &mut self.depth, mv);
    }

    /// Bytes that storing one more entry and opening it under `score` may add.
    fn entry_growth(&self, score: usize, leaf: usize) -> usize {
        let mut extra = growth(&self.states) + growth(&self.parent) + growth(&self.g);
        if self.segments.capacity() - self.segments.len() < leaf {
            extra += (self.segments.capacity().max(leaf) * 3 / 2 + leaf) * std::mem::size_of::<P::Move>();
        }
        if score >= self.open.len() {
            extra += (score + 1) * std::mem::size_of::<Vec<u32>>() + 16 * 4;
        } else {
            extra += growth(&self.open[score]);
        }
        extra
    }

    /// The moves from the start to entry `e`, then `tail`.
    fn entry_path(&self, e: u32, leaf: usize, tail: &[P::Move]) -> Vec<P::Move> {
        let chain = || std::iter::successors(Some(e), |&at| Some(self.parent[at as usize])).take_while(|&at| at != 0);
        let len = chain().count() * leaf;
        let mut out = Vec::with_capacity(len + tail.len());
        // Placeholders, overwritten below, root first (the walk goes leaf first).
        if let Some(&fill) = self.segments.first() {
            out.resize(len, fill);
        }
        let mut end = out.len();
        for at in chain() {
            let i = at as usize - 1;
            out[end - leaf..end].copy_from_slice(&self.segments[i * leaf..(i + 1) * leaf]);
            end -= leaf;
        }
        out.extend_from_slice(tail);
        out
    }
}

/// Makes `open` reach score `s` (a bucket for every score up to it); `Err` when the
/// allocator refuses.
#[inline]
fn open_up_to(open: &mut Vec<Vec<u32>>, s: usize) -> Result<(), UndecidedReason> {
    if s >= open.len() { open_more(open, s) } else { Ok(()) }
}

#[cold]
#[inline(never)]
fn open_more(open: &mut Vec<Vec<u32>>, s: usize) -> Result<(), UndecidedReason> {
    reserve_exact(open, s + 1 - open.len())?;
    open.resize_with(s + 1, Vec::new);
    Ok(())
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

/// Staged deepening.
#[derive(Clone, Copy, Debug, Default)]
pub struct StagedDeepening {
    config: Config,
}

crate::engine::engine_with_config!(StagedDeepening);

impl StagedDeepening {
    /// Searches from `start`. The heuristic is called on `start` and on leaves only. The
    /// observer's `on_iteration` sees each stage after the first, with the heuristic value
    /// of the state it expands.
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
        crate::engine::finish(result, stats, cache.states.len() + cache.table.len(), cache.memory_usage())
    }

    /// Adds leaf (the current look-ahead state) to the open list. `Err` when the allocator
    /// refuses the room (the search must then end).
    #[allow(clippy::many_single_char_names)]
    fn open_leaf<P: SearchProblem + ?Sized>(
        &self,
        c: &mut Cache<P>,
        root: u32,
        score: u32,
        g: u32,
        last: P::Move,
        lossy: &mut bool,
    ) -> Result<(), UndecidedReason> {
        let leaf = self.config.get_leaf_depth() as usize;
        let s = score as usize;
        open_up_to(&mut c.open, s)?;
        let replace = if self.config.one_per_score { c.open[s].last().copied() } else { None };
        let e = if let Some(e) = replace {
            *lossy = true;
            c.states[e as usize].clone_from(&c.path[c.depth]);
            e
        } else if let Some(&e) = c.free.last() {
            push(&mut c.open[s], e)?;
            c.free.pop();
            c.states[e as usize].clone_from(&c.path[c.depth]);
            c.open_len += 1;
            e
        } else {
            // A refusal part way leaves the entry vectors of unequal lengths: the search
            // ends, and the next one clears them.
            let e = c.states.len() as u32;
            push(&mut c.states, c.path[c.depth].clone())?;
            push(&mut c.parent, root)?;
            push(&mut c.g, g)?;
            for f in c.frames.iter().filter_map(|f| f.mv) {
                push(&mut c.segments, f)?;
            }
            push(&mut c.segments, last)?;
            push(&mut c.open[s], e)?;
            c.open_len += 1;
            return Ok(());
        };
        let i = e as usize;
        c.parent[i] = root;
        c.g[i] = g;
        let seg = (i - 1) * leaf;
        let mut j = seg;
        for f in c.frames.iter().filter_map(|f| f.mv) {
            c.segments[j] = f;
            j += 1;
        }
        c.segments[j] = last;
        Ok(())
    }

    #[allow(clippy::too_many_lines, clippy::many_single_char_names)]
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
        let leaf = self.config.get_leaf_depth() as usize;
        c.states.clear();
        c.parent.clear();
        c.g.clear();
        c.segments.clear();
        c.free.clear();
        c.open.iter_mut().for_each(Vec::clear);
        c.open_len = 0;
        c.table.clear();
        if problem.is_goal(start) {
            return Ok(SearchOutcome::Solved(MovePath { moves: Vec::new(), cost: 0 }));
        }
        stats.evaluated += 1;
        let h0 = heuristic.estimate(problem, start) as usize;
        budget.bytes_lazy(|| c.memory_usage(), c.entry_growth(h0, 0) + c.table.growth())?;
        push(&mut c.states, start.clone())?;
        push(&mut c.parent, 0)?;
        push(&mut c.g, 0)?;
        open_up_to(&mut c.open, h0)?;
        push(&mut c.open[h0], 0)?;
        c.open_len = 1;
        let key = problem.key(start);
        c.table.insert(problem.state_key_hash(start, &key), key, |k| problem.key_hash(k), &mut *observer)?;

        let mut lossy = false;
        let mut cursor = 0usize;
        loop {
            // Take the best open entry.
            if c.open_len == 0 {
                break;
            }
            while c.open[cursor].is_empty() {
                cursor += 1;
            }
            let score = cursor as u32;
            let Some(root) = c.open[cursor].pop() else { break };
            c.open_len -= 1;
            if self.config.open == OpenList::PerStage && c.open_len > 0 {
                lossy = true;
                for bucket in &mut c.open {
                    for e in bucket.drain(..) {
                        push(&mut c.free, e)?;
                    }
                }
                c.open_len = 0;
            }
            stats.iterations += 1;
            if stats.iterations > 1 && observer.on_iteration(score, stats) == Control::Stop {
                return Err(UndecidedReason::Stopped);
            }

            // Look ahead from it.
            c.path.clear();
            push(&mut c.path, c.states[root as usize].clone())?;
            c.depth = 0;
            c.moves.clear();
            c.frames.clear();
            let root_g = c.g[root as usize];
            budget.expand(stats)?;
            stats.expanded += 1;
            if observer.on_expand(stats) == Control::Stop {
                return Err(UndecidedReason::Stopped);
            }
            budget.bytes_lazy(|| c.memory_usage(), reserve_growth(&c.moves, MOVE_HEADROOM))?;
            reserve(&mut c.moves, MOVE_HEADROOM)?;
            problem.moves(&c.path[0], &mut c.moves);
            push(&mut c.frames, Frame { start: 0, next: 0, end: c.moves.len() as u32, g: root_g, mv: None })?;
            while let Some(top) = c.frames.last_mut() {
                if top.next == top.end {
                    let (start_at, mv) = (top.start as usize, top.mv);
                    c.frames.pop();
                    c.moves.truncate(start_at);
                    if let Some(mv) = mv {
                        c.up(problem, mv);
                    }
                    continue;
                }
                let mv = c.moves[top.next as usize];
                top.next += 1;
                let g = top.g;
                let child_depth = c.frames.len();
                budget.generate(stats)?;
                let g2 = g.saturating_add(problem.step_cost(&c.path[c.depth], mv));
                <P::Backtrack as Backtrack<P>>::descend(problem, &mut c.path, &mut c.depth, mv)?;
                stats.generated += 1;
                let key = problem.key(&c.path[c.depth]);
                budget.bytes_lazy(|| c.memory_usage(), c.table.growth())?;
                if c.table.len() >= u32::MAX as usize - 1 {
                    return Err(UndecidedReason::Capacity);
                }
                if !c.table.insert(
                    problem.state_key_hash(&c.path[c.depth], &key),
                    key,
                    |k| problem.key_hash(k),
                    &mut *observer,
                )? {
                    stats.duplicates += 1;
                    c.up(problem, mv);
                    continue;
                }
                if problem.is_goal(&c.path[c.depth]) {
                    let mut tail = Vec::with_capacity(c.frames.len() + 1);
                    tail.extend(c.frames.iter().filter_map(|f| f.mv));
                    tail.push(mv);
                    let moves = c.entry_path(root, leaf, &tail);
                    return Ok(SearchOutcome::Solved(MovePath { moves, cost: g2 }));
                }
                if child_depth == leaf {
                    stats.evaluated += 1;
                    let h = heuristic.estimate(problem, &c.path[c.depth]);
                    budget.bytes_lazy(|| c.memory_usage(), c.entry_growth(h as usize, leaf))?;
                    if c.states.len() >= u32::MAX as usize {
                        return Err(UndecidedReason::Capacity);
                    }
                    self.open_leaf(c, root, h, g2, mv, &mut lossy)?;
                    cursor = cursor.min(h as usize);
                    c.up(problem, mv);
                    continue;
                }
                budget.expand(stats)?;
                stats.expanded += 1;
                if observer.on_expand(stats) == Control::Stop {
                    return Err(UndecidedReason::Stopped);
                }
                budget.bytes_lazy(|| c.memory_usage(), reserve_growth(&c.moves, MOVE_HEADROOM))?;
                reserve(&mut c.moves, MOVE_HEADROOM)?;
                let start_at = c.moves.len();
                problem.moves(&c.path[c.depth], &mut c.moves);
                push(
                    &mut c.frames,
                    Frame {
                        start: start_at as u32,
                        next: start_at as u32,
                        end: c.moves.len() as u32,
                        g: g2,
                        mv: Some(mv),
                    },
                )?;
            }
            stats.store(c.states.len() + c.table.len(), c.memory_usage());
            if self.config.clear_at.is_some_and(|n| c.table.len() >= n) {
                c.table.clear();
            }
        }
        Ok(if lossy { SearchOutcome::Undecided(UndecidedReason::Pruned) } else { SearchOutcome::Exhausted })
    }
}
