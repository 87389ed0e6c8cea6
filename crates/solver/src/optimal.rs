//! The `optimal` preset's engine: A* with Paul & Helmert's deadlock bound `h_p`, positions
//! packed into 20 bytes, and its low-memory alternative, IDA* with the same bound.
//!
//! # Why an engine of its own
//! The generic [`astar`](freecell_search::astar()) stores each state and computes its key from
//! it. Here the state *is* its key: a [`Packed`] position (20 bytes, relative to the start
//! position, see [`Packer`]) is stored once, and the board is rebuilt from it when the node
//! is expanded. A node takes 27 bytes (packed position, parent id, path cost, bound); the
//! index is an [`IdTable`](freecell_search::containers::IdTable) of 4-byte ids (at most 7/8 full) and the queue a [`BucketQueue`] of
//! 4-byte ids by `f` and `g`, both `freecell-search`'s, so a stored position costs about 40
//! bytes with its share of the table and queue (measured in `docs/results/optimal.md`).
//!
//! # Search
//! A* pops the open position of least `f = g + h`, ties to the larger `g` (deeper first),
//! then the latest pushed. A position reached again by a cheaper path is updated and queued
//! again, expanded or not, so an admissible but inconsistent bound still gives optimal
//! solutions: the search ends when a won position is *popped*, and a won position has
//! `h = 0`, so its `f` is its cost and no open position has a smaller `f`.
//!
//! # Automoves
//! After each move, Horne's safe automoves are played, each counted as a move of cost 1 in
//! both models. That keeps optimality (the argument is in
//! [`Preset::Optimal`](crate::Preset::Optimal)'s docs and `docs/results/optimal.md`): from
//! any solution of the position before an automove one gets a solution of the position
//! after it that is shorter by at least the automoved card's home move.

use freecell_core::{Automove, BoardN, Move, MoveModel, Packed, Packer};
use freecell_heuristics::deadlock_bound;
use freecell_search::containers::BucketQueue;
use freecell_search::containers::bytes::{held, reserve, reserve_growth};
use freecell_search::{Budget, Control, Limit, MovePath, Observer, Report, SearchOutcome, Stats, UndecidedReason};

use crate::CostModel;
use crate::packed_store::{self, NO_PARENT, Store};

/// One stored position: packed position, parent id, path cost and bound, 27 bytes,
/// byte-aligned. The bound is kept so that a position reached again more cheaply is queued
/// again without evaluating it again.
#[derive(Clone, Copy, Default)]
struct Node {
    key: Packed,
    parent: [u8; 4],
    g: [u8; 2],
    h: u8,
}

impl packed_store::Node for Node {
    #[inline]
    fn key(&self) -> &Packed {
        &self.key
    }
}

impl Node {
    #[inline]
    fn g(&self) -> u32 {
        u32::from(u16::from_le_bytes(self.g))
    }

    #[inline]
    fn parent(&self) -> u32 {
        u32::from_le_bytes(self.parent)
    }
}

/// The settings of one optimal search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Settings {
    /// The move-count model.
    pub(crate) cost: CostModel,
    /// Suits per considered deadlock cycle, 0 … 4.
    pub(crate) p: u8,
}

impl Settings {
    /// The moves searched: run moves count 1 in the sequence model, so they are moves of
    /// their own; in the single-card model a run of n cards costs n, the same as its n
    /// single-card moves, so searching single-card moves alone loses nothing.
    pub(crate) fn move_model(self) -> MoveModel {
        match self.cost {
            CostModel::SingleCard => MoveModel::Atomic,
            CostModel::Sequence => MoveModel::Sequence,
        }
    }

    /// The bound for `board`.
    #[inline]
    pub(crate) fn h<const C: usize, const F: usize>(self, board: &BoardN<C, F>) -> u32 {
        deadlock_bound(board, self.p, self.cost)
    }

    /// The cost of `mv` followed by `automoves` automoves.
    #[inline]
    fn step(self, mv: Move, automoves: usize) -> u32 {
        let mv = match self.cost {
            CostModel::SingleCard => u32::from(mv.count()),
            CostModel::Sequence => 1,
        };
        mv + automoves as u32
    }
}

/// The automove rule of the `optimal` preset (see the module docs).
pub(crate) const AUTOMOVE: Automove = Automove::Horne;

/// What the bound said: `h` of the start position, the largest `f` expanded (on a solve,
/// the optimal cost), and what A* spent below that `f`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// The bound's value for the start position.
    pub initial: u32,
    /// The largest `f = g + h` of a position taken from the queue: the optimal cost when the
    /// deal was solved, a lower bound on it otherwise.
    pub reached: u32,
    /// What A* spent before the first position at `reached` was taken from the queue;
    /// `None` for IDA*.
    pub below: Option<Below>,
}

/// What A* spent below its final `f`-bound ([`Bounds::below`]): on a solve, a floor on
/// what any A* with the same bound spends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Below {
    /// Positions expanded (a position reopened with a smaller `g` counts again). Whatever
    /// its tie-breaking, an A* with this bound expands every position it can reach along a
    /// path whose `f` stays below the optimal cost. On a solve, those are exactly the
    /// positions counted here, so no A* with this bound evaluates fewer states than the
    /// distinct ones among them.
    pub expanded: u64,
    /// Positions evaluated: the start and each new child of those expansions, which an A*
    /// that evaluates children as it generates them cannot avoid.
    pub evaluated: u64,
}

/// The engine's storage, kept between solves (its large parts are freed at the start of
/// each).
pub(crate) struct Cache<const C: usize, const F: usize> {
    /// The stored nodes, found by their packed position.
    store: Store<Node>,
    /// Open nodes by `f`, then larger `g`, latest first.
    queue: BucketQueue,
    moves: Vec<Move>,
    children: Vec<Child<C, F>>,
}

impl<const C: usize, const F: usize> Default for Cache<C, F> {
    fn default() -> Self {
        Cache { store: Store::default(), queue: BucketQueue::new(), moves: Vec::new(), children: Vec::new() }
    }
}

impl<const C: usize, const F: usize> Cache<C, F> {
    /// Bytes held: nodes, index, queue and scratch (capacities).
    pub(crate) fn memory_usage(&self) -> usize {
        self.store.bytes() + self.queue.bytes() + held(&self.moves) + held(&self.children)
    }

    fn reset(&mut self) {
        self.store.reset();
        self.queue = BucketQueue::new();
    }
}

/// Runs A* from `start`; returns the report (its solution's moves are `start`'s moves,
/// automoves left out) and the bounds.
pub(crate) fn astar<const C: usize, const F: usize>(
    cache: &mut Option<Cache<C, F>>,
    start: &BoardN<C, F>,
    settings: Settings,
    budget: Budget,
    observer: &mut dyn Observer,
) -> (Report<Move>, Bounds) {
    let c = cache.get_or_insert_with(Cache::default);
    c.reset();
    let mut stats = Stats::default();
    stats.iterations = 1;
    let mut bounds = Bounds::default();
    let outcome = match run(c, start, settings, budget, observer, &mut stats, &mut bounds) {
        Ok(outcome) => outcome,
        Err(reason) => SearchOutcome::Undecided(reason),
    };
    stats.peak_stored = c.store.len() as u64;
    stats.bytes = c.memory_usage();
    (Report { outcome, stats }, bounds)
}

fn run<const C: usize, const F: usize>(
    c: &mut Cache<C, F>,
    start: &BoardN<C, F>,
    settings: Settings,
    budget: Budget,
    observer: &mut dyn Observer,
    stats: &mut Stats,
    bounds: &mut Bounds,
) -> Result<SearchOutcome<Move>, UndecidedReason> {
    let packer = Packer::new(start);
    let model = settings.move_model();
    let max_bytes = budget.get_max_bytes();
    let check = |c: &Cache<C, F>, extra: usize| match max_bytes {
        Some(n) if extra > 0 && c.memory_usage() + extra > n => Err(UndecidedReason::Budget(Limit::Bytes)),
        _ => Ok(()),
    };

    let h0 = settings.h(start);
    stats.evaluated += 1;
    bounds.initial = h0;
    bounds.reached = h0;
    bounds.below = Some(Below { expanded: 0, evaluated: stats.evaluated });
    check(c, c.store.insert_growth() + c.queue.growth(h0, 0))?;
    c.store.make_room(&mut *observer)?;
    let key = packer.pack(start).expect("the start position packs");
    let Err(slot) = c.store.find(&key, key.hash64()) else { unreachable!("the table is empty") };
    let root =
        c.store.insert(slot, Node { key, parent: NO_PARENT.to_le_bytes(), g: [0, 0], h: h0 as u8 }, key.hash64())?;
    c.queue.push(h0, 0, root)?;
    check(c, 0)?;

    while let Some((f, id, g)) = c.queue.pop() {
        if c.store.node(id).g() != g {
            continue; // stale: queued again with a smaller g
        }
        if f > bounds.reached {
            bounds.reached = f;
            bounds.below = Some(Below { expanded: stats.expanded, evaluated: stats.evaluated });
        }
        if f == g {
            // h = 0 only when every card is home (h counts the cards out).
            return Ok(SearchOutcome::Solved(MovePath { moves: path(c, &packer, start, settings, id), cost: g }));
        }
        budget.expand(stats)?;
        stats.expanded += 1;
        if observer.on_expand(stats) == Control::Stop {
            return Err(UndecidedReason::Stopped);
        }
        let parent_key = c.store.node(id).key;
        // Deepest first, the node is often a child of the last one expanded, whose board is
        // still at hand (in another cascade order: nothing here depends on the order).
        let board = match c.children.iter().find(|child| child.key == parent_key) {
            Some(child) => child.board.clone(),
            None => packer.unpack(&parent_key),
        };
        c.moves.clear();
        check(c, reserve_growth(&c.moves, 64))?;
        reserve(&mut c.moves, 64)?;
        board.generate_moves(model, &mut c.moves);
        // Every child first, with its first index slot and the key that slot names read:
        // the reads miss the cache independently, so they overlap, and the probes below
        // then hit.
        let mut children = std::mem::take(&mut c.children);
        children.clear();
        check(c, reserve_growth(&children, c.moves.len()))?;
        if let Err(refused) = reserve(&mut children, c.moves.len()) {
            c.children = children;
            return Err(refused.into());
        }
        for &mv in &c.moves {
            if budget.get_max_generated().is_some_and(|n| stats.generated >= n) {
                c.children = children;
                return Err(UndecidedReason::Budget(Limit::Generated));
            }
            stats.generated += 1;
            let mut child = board.clone();
            child.apply_unchecked(mv);
            let automoves = child.play_automoves(AUTOMOVE);
            let g2 = g + settings.step(mv, automoves);
            let key = packer.repack(&parent_key, &board, &child).expect("positions reached by legal moves pack");
            let hash = key.hash64();
            children.push(Child { board: child, key, hash, g: g2, first: 0 });
        }
        // Tight loops of independent loads: many cache misses in flight at once.
        for child in &mut children {
            child.first = c.store.first(child.hash).map_or(0, |id| id + 1);
        }
        for child in &mut children {
            if child.first != 0 && c.store.node(child.first - 1).key != child.key {
                child.first = 0;
            }
        }
        let result = expand_children(c, &children, id, settings, check, stats, observer);
        c.children = children;
        result?;
        stats.peak_stored = c.store.len() as u64;
    }
    Ok(SearchOutcome::Exhausted)
}

/// A generated child waiting for its duplicate check.
#[derive(Clone)]
struct Child<const C: usize, const F: usize> {
    board: BoardN<C, F>,
    key: Packed,
    hash: u64,
    g: u32,
    /// The id + 1 in the child's first index slot, if that node has the child's key.
    first: u32,
}

/// Stores or updates the children of node `id` and queues them.
fn expand_children<const C: usize, const F: usize>(
    c: &mut Cache<C, F>,
    children: &[Child<C, F>],
    id: u32,
    settings: Settings,
    check: impl Fn(&Cache<C, F>, usize) -> Result<(), UndecidedReason>,
    stats: &mut Stats,
    observer: &mut dyn Observer,
) -> Result<(), UndecidedReason> {
    for child in children {
        let g2 = child.g;
        if g2 > u32::from(u16::MAX) {
            return Err(UndecidedReason::Capacity);
        }
        let found = if child.first != 0 { Ok(child.first - 1) } else { c.store.find(&child.key, child.hash) };
        if let Ok(old) = found {
            if g2 >= c.store.node(old).g() {
                stats.duplicates += 1;
                continue;
            }
            let h = u32::from(c.store.node(old).h);
            check(c, c.queue.growth(g2 + h, g2))?;
            c.queue.push(g2 + h, g2, old)?;
            let node = c.store.node_mut(old);
            node.g = (g2 as u16).to_le_bytes();
            node.parent = id.to_le_bytes();
        } else {
            let h = settings.h(&child.board);
            stats.evaluated += 1;
            check(c, c.store.insert_growth() + c.queue.growth(g2 + h, g2))?;
            c.store.make_room(observer)?;
            // The table may have grown: find the slot again.
            let Err(slot) = c.store.find(&child.key, child.hash) else { unreachable!("the key was not stored") };
            let node = Node { key: child.key, parent: id.to_le_bytes(), g: (g2 as u16).to_le_bytes(), h: h as u8 };
            let cid = c.store.insert(slot, node, child.hash)?;
            c.queue.push(g2 + h, g2, cid)?;
        }
    }
    Ok(())
}

/// The moves from `start` to node `goal`, as moves of `start`'s own board: each step is the
/// move whose position (after automoves) packs to the next node's and whose cost is the
/// difference of their path costs.
fn path<const C: usize, const F: usize>(
    c: &Cache<C, F>,
    packer: &Packer<C, F>,
    start: &BoardN<C, F>,
    settings: Settings,
    goal: u32,
) -> Vec<Move> {
    let mut ids = Vec::new();
    let mut id = goal;
    while id != NO_PARENT {
        ids.push(id);
        id = c.store.node(id).parent();
    }
    ids.reverse();
    let model = settings.move_model();
    let mut board = start.clone();
    let mut moves = Vec::new();
    let mut path = Vec::with_capacity(ids.len());
    for pair in ids.windows(2) {
        let (from, to) = (c.store.node(pair[0]), c.store.node(pair[1]));
        moves.clear();
        board.generate_moves(model, &mut moves);
        let step = moves.iter().find_map(|&mv| {
            let mut child = board.clone();
            child.apply_unchecked(mv);
            let automoves = child.play_automoves(AUTOMOVE);
            (from.g() + settings.step(mv, automoves) == to.g() && packer.pack(&child) == Some(to.key))
                .then_some((mv, child))
        });
        // Every stored parent link is a move found by the search; should one not be found
        // again, the path stops short and the solver's verification reports it.
        let Some((mv, child)) = step else { break };
        path.push(mv);
        board = child;
    }
    path
}
