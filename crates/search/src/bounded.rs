//! The depth-first core shared by DFS, iterative deepening and IDA*: one flat move stack,
//! in-place apply/undo (or per-depth state slots), a path of keys for cycle checks and an
//! optional bounded transposition table.

use std::hash::Hash;

use crate::containers::bytes::{held, push, reserve, reserve_exact, reserve_growth};
use crate::containers::{Probe, Table};
use crate::engine::MOVE_HEADROOM;
use crate::{Backtrack, Budget, Control, Heuristic, Limit, MovePath, Observer, SearchProblem, Stats, UndecidedReason};

/// Which repeated states depth-first engines skip.
///
/// Every depth-first search here is bounded (by depth or cost), so all modes terminate;
/// checks only save work.
///
/// # Examples
///
/// ```
/// use freecell_search::{Cycles, idastar};
/// let config = idastar::Config::new().cycles(Cycles::Parent);
/// assert_eq!(config.get_cycles(), Cycles::Parent);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cycles {
    /// No check (keys are not even computed unless a transposition table is on).
    Off,
    /// Skip a child equal to its grandparent (an immediately reversed move): one key
    /// comparison, the usual choice for sliding-tile puzzles.
    Parent,
    /// Skip a child equal to any state on the current path: O(depth) key comparisons.
    #[default]
    Path,
}

/// A node on the current path.
struct Frame<M> {
    /// Its moves are `moves[start..end]`; `next` is the next to try.
    start: u32,
    next: u32,
    end: u32,
    /// Path cost to this node.
    g: u32,
    /// Its heuristic estimate (0 without a heuristic), for children's incremental estimates.
    h: u32,
    /// The move that led here (`None` for the root).
    mv: Option<M>,
}

/// Per-run settings.
pub(crate) struct Params {
    pub(crate) max_depth: u32,
    pub(crate) bound: u32,
    pub(crate) cycles: Cycles,
    /// Transposition table entry limit (`None`: no table).
    pub(crate) table: Option<usize>,
    pub(crate) budget: Budget,
    /// Whether the heuristic is real (count its calls) or [`Zero`](crate::Zero).
    pub(crate) use_h: bool,
}

/// How one bounded run ended.
pub(crate) enum RunEnd<M> {
    Found(MovePath<M>),
    /// Nothing within the bounds. `cut`: some node was cut off by a bound; `next` the smallest
    /// f above the cost bound seen.
    Done {
        cut: bool,
        next: Option<u32>,
    },
    Stop(UndecidedReason),
}

/// Slots of the path filter ([`Cycles::Path`]): 2^12.
const FILTER_BITS: u32 = 12;
const FILTER: usize = 1 << FILTER_BITS;

/// The reusable scratch of the depth-first engines.
pub(crate) struct Core<P: SearchProblem + ?Sized> {
    states: Vec<P::State>,
    depth: usize,
    moves: Vec<P::Move>,
    frames: Vec<Frame<P::Move>>,
    keys: Vec<P::Key>,
    /// With [`Cycles::Path`]: how many path keys hash to each slot, so that most children are
    /// cleared of being on the path without scanning it.
    filter: Vec<u32>,
    /// Longest path of this run, for peak statistics.
    peak_frames: usize,
    table: Table<P::Key, u32>,
}

impl<P: SearchProblem + ?Sized> Core<P> {
    pub(crate) fn new() -> Self {
        Self {
            states: Vec::new(),
            depth: 0,
            moves: Vec::new(),
            frames: Vec::new(),
            keys: Vec::new(),
            filter: Vec::new(),
            peak_frames: 0,
            table: Table::new(),
        }
    }

    /// The path-filter slot of `key`.
    #[inline]
    fn slot(key: &P::Key) -> usize {
        QuickHasher::top_bits(key, FILTER_BITS)
    }

    pub(crate) fn bytes(&self) -> usize {
        held(&self.states)
            + held(&self.moves)
            + held(&self.frames)
            + held(&self.keys)
            + held(&self.filter)
            + self.table.bytes()
    }

    /// Ascends from the current node to its parent.
    #[inline]
    fn up(&mut self, problem: &P, mv: P::Move) {
        <P::Backtrack as Backtrack<P>>::ascend(problem, &mut self.states, &mut self.depth, mv);
    }

    /// One bounded depth-first pass from `start`.
    #[allow(clippy::too_many_lines)]
    pub(crate) fn run<H, O>(
        &mut self,
        problem: &P,
        start: &P::State,
        heuristic: &H,
        observer: &mut O,
        prm: &Params,
        stats: &mut Stats,
    ) -> RunEnd<P::Move>
    where
        H: Heuristic<P> + ?Sized,
        O: Observer + ?Sized,
    {
        /// Ends the run when the allocator refuses memory (or a budget runs out).
        macro_rules! or_stop {
            ($e:expr) => {
                if let Err(r) = $e {
                    return RunEnd::Stop(r.into());
                }
            };
        }
        self.states.clear();
        or_stop!(push(&mut self.states, start.clone()));
        self.depth = 0;
        self.moves.clear();
        self.frames.clear();
        self.keys.clear();
        self.table.clear();
        self.peak_frames = 0;
        let path_check = prm.cycles == Cycles::Path;
        if path_check {
            self.filter.clear();
            or_stop!(reserve_exact(&mut self.filter, FILTER));
            self.filter.resize(FILTER, 0);
        }
        let need_key = prm.cycles != Cycles::Off || prm.table.is_some();
        let table_limit = prm.table.unwrap_or(0);

        let h0 = if prm.use_h {
            stats.evaluated += 1;
            heuristic.estimate(problem, start)
        } else {
            0
        };
        if h0 > prm.bound {
            return RunEnd::Done { cut: true, next: Some(h0) };
        }
        if problem.is_goal(start) {
            return RunEnd::Found(MovePath { moves: Vec::new(), cost: 0 });
        }
        if prm.max_depth == 0 {
            return RunEnd::Done { cut: true, next: None };
        }
        if need_key {
            let key = problem.key(start);
            if table_limit > 0 {
                or_stop!(prm.budget.bytes(self.bytes(), self.table.growth()));
                or_stop!(self.table.reserve_one(&mut *observer));
                if let Probe::Vacant(slot) = self.table.probe(&key) {
                    self.table.fill(slot, problem.key(start), 0);
                }
            }
            if path_check {
                let slot = Self::slot(&key);
                self.filter[slot] += 1;
            }
            or_stop!(push(&mut self.keys, key));
        }
        or_stop!(self.expand(problem, 0, h0, None, observer, prm, stats));

        let mut cut = false;
        let mut next: Option<u32> = None;
        while let Some(top) = self.frames.last_mut() {
            if top.next == top.end {
                let start = top.start as usize;
                let mv = top.mv;
                self.frames.pop();
                self.moves.truncate(start);
                if need_key
                    && let Some(key) = self.keys.pop()
                    && path_check
                {
                    let slot = Self::slot(&key);
                    self.filter[slot] -= 1;
                }
                if let Some(mv) = mv {
                    self.up(problem, mv);
                }
                continue;
            }
            let mv = self.moves[top.next as usize];
            top.next += 1;
            let (g, h) = (top.g, top.h);
            let child_depth = self.frames.len();

            or_stop!(prm.budget.generate(stats));
            let g2 = g.saturating_add(problem.step_cost(&self.states[self.depth], mv));
            or_stop!(<P::Backtrack as Backtrack<P>>::descend(problem, &mut self.states, &mut self.depth, mv));
            stats.generated += 1;

            // The bound first: in IDA*'s iterations most children are cut by it, and then
            // need no key, cycle or table work. (A cut child that is also on the path may lower
            // the next bound by one needless iteration; costs stay optimal.)
            let h2 = if prm.use_h {
                stats.evaluated += 1;
                heuristic.estimate_child(problem, h, mv, &self.states[self.depth])
            } else {
                0
            };
            let f = g2.saturating_add(h2);
            if f > prm.bound {
                cut = true;
                next = Some(next.map_or(f, |n| n.min(f)));
                self.up(problem, mv);
                continue;
            }

            let key = if need_key {
                let key = problem.key(&self.states[self.depth]);
                let slot = if path_check { Self::slot(&key) } else { 0 };
                let cycle = match prm.cycles {
                    Cycles::Off => false,
                    Cycles::Parent => child_depth >= 2 && self.keys[child_depth - 2] == key,
                    // From the newest key back: the usual repeat is the grandparent, an
                    // immediately reversed move, second from the end.
                    Cycles::Path => self.filter[slot] != 0 && self.keys.iter().rev().any(|k| *k == key),
                };
                if cycle {
                    stats.duplicates += 1;
                    self.up(problem, mv);
                    continue;
                }
                if table_limit > 0 {
                    or_stop!(prm.budget.bytes(self.bytes(), self.table.growth()));
                    or_stop!(self.table.reserve_one(&mut *observer));
                    match self.table.probe(&key) {
                        Probe::Found(slot) => {
                            if let Some(seen) = self.table.value_mut(slot) {
                                if *seen <= g2 {
                                    stats.duplicates += 1;
                                    self.up(problem, mv);
                                    continue;
                                }
                                *seen = g2;
                            }
                        }
                        Probe::Vacant(slot) => {
                            if self.table.len() < table_limit {
                                self.table.fill(slot, problem.key(&self.states[self.depth]), g2);
                            }
                        }
                    }
                }
                Some((key, slot))
            } else {
                None
            };

            if problem.is_goal(&self.states[self.depth]) {
                let mut path = Vec::with_capacity(self.frames.len() + 1);
                path.extend(self.frames.iter().filter_map(|f| f.mv));
                path.push(mv);
                return RunEnd::Found(MovePath { moves: path, cost: g2 });
            }
            if child_depth as u32 >= prm.max_depth {
                cut = true;
                self.up(problem, mv);
                continue;
            }
            or_stop!(self.expand(problem, g2, h2, Some(mv), observer, prm, stats));
            if let Some((key, slot)) = key {
                if path_check {
                    self.filter[slot] += 1;
                }
                or_stop!(push(&mut self.keys, key));
            }
        }
        RunEnd::Done { cut, next }
    }

    /// Expands the current node: counts it, asks the observer, pushes its moves and a frame.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn expand<O: Observer + ?Sized>(
        &mut self,
        problem: &P,
        g: u32,
        h: u32,
        mv: Option<P::Move>,
        observer: &mut O,
        prm: &Params,
        stats: &mut Stats,
    ) -> Result<(), UndecidedReason> {
        prm.budget.expand(stats)?;
        stats.expanded += 1;
        if observer.on_expand(stats) == Control::Stop {
            return Err(UndecidedReason::Stopped);
        }
        if prm.budget.get_max_bytes().is_some() {
            prm.budget.bytes(self.bytes(), reserve_growth(&self.moves, MOVE_HEADROOM))?;
        }
        reserve(&mut self.moves, MOVE_HEADROOM)?;
        let start = self.moves.len();
        problem.moves(&self.states[self.depth], &mut self.moves);
        push(
            &mut self.frames,
            Frame { start: start as u32, next: start as u32, end: self.moves.len() as u32, g, h, mv },
        )?;
        // Memory only changes when the path gets longer or the table grows.
        if self.frames.len() > self.peak_frames || prm.table.is_some() || prm.budget.get_max_bytes().is_some() {
            self.peak_frames = self.peak_frames.max(self.frames.len());
            let bytes = self.bytes();
            stats.store(self.states.len() + self.table.len(), bytes);
            if prm.budget.get_max_bytes().is_some_and(|max| bytes > max) {
                return Err(UndecidedReason::Budget(Limit::Bytes));
            }
        }
        Ok(())
    }
}

/// Iterative deepening on `f = g + h`: bounded passes with the bound raised each time to the
/// smallest `f` that exceeded it, until a goal, an exhausted pass, `max_bound` or a budget.
pub(crate) fn deepen<P, H, O>(
    core: &mut Core<P>,
    problem: &P,
    start: &P::State,
    heuristic: &H,
    observer: &mut O,
    mut prm: Params,
    max_bound: u32,
) -> crate::Report<P::Move>
where
    P: SearchProblem + ?Sized,
    H: Heuristic<P> + ?Sized,
    O: Observer + ?Sized,
{
    use crate::{Report, SearchOutcome};
    let mut stats = Stats::default();
    prm.bound = if prm.use_h {
        stats.evaluated += 1;
        heuristic.estimate(problem, start)
    } else {
        0
    };
    loop {
        if prm.bound > max_bound {
            return Report { outcome: SearchOutcome::Undecided(UndecidedReason::Bound), stats };
        }
        stats.iterations += 1;
        if stats.iterations > 1 && observer.on_iteration(prm.bound, &stats) == Control::Stop {
            return Report { outcome: SearchOutcome::Undecided(UndecidedReason::Stopped), stats };
        }
        let outcome = match core.run(problem, start, heuristic, observer, &prm, &mut stats) {
            RunEnd::Found(s) => SearchOutcome::Solved(s),
            RunEnd::Stop(r) => SearchOutcome::Undecided(r),
            RunEnd::Done { cut: false, .. } => SearchOutcome::Exhausted,
            RunEnd::Done { cut: true, next: None } => SearchOutcome::Undecided(UndecidedReason::Bound),
            RunEnd::Done { cut: true, next: Some(n) } => {
                prm.bound = n;
                continue;
            }
        };
        return Report { outcome, stats };
    }
}

/// A one-multiply hasher (`FxHash`'s mixing step) for the depth-first path filter, where a
/// collision only costs a scan of the path: much cheaper than `ahash` per generated node.
#[derive(Clone, Copy, Debug, Default)]
struct QuickHasher(u64);

impl QuickHasher {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    /// The top `bits` bits of `value`'s hash.
    #[inline]
    fn top_bits<T: Hash + ?Sized>(value: &T, bits: u32) -> usize {
        let mut h = Self(0);
        value.hash(&mut h);
        (h.0 >> (64 - bits)) as usize
    }
}

impl std::hash::Hasher for QuickHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut buf = [0u8; 8];
            buf[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(buf));
        }
    }

    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.add(u64::from(x));
    }

    #[inline]
    fn write_u16(&mut self, x: u16) {
        self.add(u64::from(x));
    }

    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.add(u64::from(x));
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }

    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }
}
