//! States stored once, in an arena indexed by [`NodeId`], with parents as ids.

use std::mem::size_of;

use crate::mem::{IdTable, growth, push, vec_bytes};
use crate::{Reason, SearchProblem};

/// The index of a stored node in an engine's arena.
///
/// A `u32` keeps parent links and queue entries small; an arena holds at most 2³² − 1 nodes
/// (a search that needs more ends [`Undecided`](crate::Outcome::Undecided) with
/// [`Reason::Capacity`]).
///
/// # Examples
///
/// ```
/// let id = freecell_search::NodeId(7);
/// assert_eq!(id.index(), 7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The id as a `usize` index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The parent of the root.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// Node storage plus a key index over it, struct-of-arrays so that nothing is padding.
///
/// Per node: the state, a `u32` parent and a path cost (2 bytes while all fit, see [`Costs`]),
/// each in its own vector, and the
/// move that led to it (from node 1 on: the root has none), plus one 4-byte index slot (at most
/// 7/8 full). Keys are not stored: the index keeps ids with a few hash bits as tags and
/// recomputes a stored state's key only when tags match.
pub(crate) struct Arena<P: SearchProblem + ?Sized> {
    states: Vec<P::State>,
    parents: Vec<u32>,
    costs: Costs,
    /// `moves[i - 1]` led to node `i`.
    moves: Vec<P::Move>,
    index: IdTable,
}

impl<P: SearchProblem + ?Sized> Arena<P> {
    pub(crate) fn new() -> Self {
        Self {
            states: Vec::new(),
            parents: Vec::new(),
            costs: Costs::Narrow(Vec::new()),
            moves: Vec::new(),
            index: IdTable::new(),
        }
    }

    pub(crate) fn clear(&mut self) {
        self.states.clear();
        self.parents.clear();
        self.costs.clear();
        self.moves.clear();
        self.index.clear();
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.states.len()
    }

    /// The state of node `id`.
    #[inline]
    pub(crate) fn state(&self, id: u32) -> &P::State {
        &self.states[id as usize]
    }

    /// The path cost of node `id`.
    #[inline]
    pub(crate) fn g(&self, id: u32) -> u32 {
        self.costs.get(id as usize)
    }

    /// Records a cheaper path to node `id` (not the root): cost `g`, via `mv` from `parent`.
    #[inline]
    pub(crate) fn relink(&mut self, id: u32, parent: u32, g: u32, mv: P::Move) {
        let i = id as usize;
        self.costs.set(i, g);
        self.parents[i] = parent;
        self.moves[i - 1] = mv;
    }

    pub(crate) fn bytes(&self) -> usize {
        vec_bytes(&self.states)
            + vec_bytes(&self.parents)
            + self.costs.bytes()
            + vec_bytes(&self.moves)
            + self.index.bytes()
    }

    /// Bytes that adding one node of path cost `g` (and indexing it) adds.
    #[inline]
    pub(crate) fn growth_one(&self, g: u32) -> usize {
        growth(&self.states) + growth(&self.parents) + self.costs.growth(g) + growth(&self.moves) + self.index.growth()
    }

    /// Inline bytes per stored node (without index slots or spare capacity), path costs taken
    /// as 2 bytes (true while they all fit in a `u16`).
    pub(crate) fn node_size() -> usize {
        size_of::<P::State>() + size_of::<u32>() + size_of::<u16>() + size_of::<P::Move>()
    }

    /// Looks `key` (of `state`) up. `Ok(id)` if stored, else `Err((hash, slot))` for
    /// [`insert`](Self::insert). Grows the index first if needed (the caller checked
    /// [`growth_one`](Self::growth_one) against the budget).
    #[inline]
    pub(crate) fn find(&mut self, problem: &P, key: &P::Key) -> Result<u32, (u64, usize)> {
        let hash = self.index.hash(key);
        self.find_hashed(problem, key, hash)
    }

    /// The index hash of `key`.
    #[inline]
    pub(crate) fn hash(&self, key: &P::Key) -> u64 {
        self.index.hash(key)
    }

    /// Reads the index slot a probe for `hash` starts at (a load whose value is unused), so
    /// that it is in cache when [`find_hashed`](Self::find_hashed) probes. A* calls it for
    /// every child of a node before probing for any: the loads miss the cache independently
    /// and overlap, where probing child after child would wait for each miss in turn (a probe
    /// branches on what it loads).
    #[inline]
    pub(crate) fn prefetch(&self, hash: u64) {
        self.index.prefetch(hash);
    }

    /// [`find`](Self::find) with the hash already computed.
    #[inline]
    pub(crate) fn find_hashed(&mut self, problem: &P, key: &P::Key, hash: u64) -> Result<u32, (u64, usize)> {
        let states = &self.states;
        self.index.reserve_one(|id| problem.key(&states[id as usize]));
        self.index.probe(hash, |id| problem.key(&states[id as usize]) == *key).map_err(|slot| (hash, slot))
    }

    /// Stores a node at the slot [`find`](Self::find) returned.
    ///
    /// `mv` is ignored for the root (`parent == NO_PARENT`).
    #[inline(always)]
    #[allow(clippy::inline_always)] // A*'s hot loop: left to itself, LLVM calls it
    pub(crate) fn insert(
        &mut self,
        at: (u64, usize),
        state: P::State,
        parent: u32,
        g: u32,
        mv: Option<P::Move>,
    ) -> Result<u32, Reason> {
        let id = self.states.len();
        if id >= NO_PARENT as usize {
            return Err(Reason::Capacity);
        }
        push(&mut self.states, state);
        push(&mut self.parents, parent);
        self.costs.push(g);
        if let Some(mv) = mv {
            push(&mut self.moves, mv);
        }
        self.index.fill(at.1, at.0, id as u32);
        Ok(id as u32)
    }

    /// The moves from the root to `id`.
    pub(crate) fn path(&self, mut id: u32) -> Vec<P::Move> {
        let mut path = Vec::new();
        while id != 0 && id != NO_PARENT {
            path.push(self.moves[id as usize - 1]);
            id = self.parents[id as usize];
        }
        path.reverse();
        path
    }
}

/// Path costs: 2 bytes each while every cost fits in a `u16` (puzzle solutions are short), 4
/// bytes once one does not. The API keeps `u32` costs either way.
enum Costs {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl Costs {
    #[inline]
    fn get(&self, i: usize) -> u32 {
        match self {
            Costs::Narrow(v) => u32::from(v[i]),
            Costs::Wide(v) => v[i],
        }
    }

    /// Lowers cost `i` to `g` (a lower cost fits where the old one did).
    #[inline]
    fn set(&mut self, i: usize, g: u32) {
        match self {
            Costs::Narrow(v) => v[i] = g as u16,
            Costs::Wide(v) => v[i] = g,
        }
    }

    fn clear(&mut self) {
        match self {
            Costs::Narrow(v) => v.clear(),
            Costs::Wide(v) => v.clear(),
        }
    }

    fn bytes(&self) -> usize {
        match self {
            Costs::Narrow(v) => vec_bytes(v),
            Costs::Wide(v) => vec_bytes(v),
        }
    }

    /// Capacity of the wide vector [`push`](Self::push) creates from a full-or-not narrow one.
    fn widened_capacity(v: &Vec<u16>) -> usize {
        v.capacity() + growth(v) / size_of::<u16>()
    }

    /// Bytes that pushing `g` adds at the peak. Widening allocates the wide vector while the
    /// narrow one is still held.
    #[inline]
    fn growth(&self, g: u32) -> usize {
        match self {
            Costs::Narrow(v) if g > u32::from(u16::MAX) => Self::widened_capacity(v) * size_of::<u32>(),
            Costs::Narrow(v) => growth(v),
            Costs::Wide(v) => growth(v),
        }
    }

    #[inline]
    fn push(&mut self, g: u32) {
        match self {
            Costs::Narrow(v) => {
                if let Ok(g) = u16::try_from(g) {
                    push(v, g);
                } else {
                    self.widen(g);
                }
            }
            Costs::Wide(v) => push(v, g),
        }
    }

    /// Pushes `g`, too large for 2 bytes, switching to 4-byte costs.
    #[cold]
    #[inline(never)]
    fn widen(&mut self, g: u32) {
        if let Costs::Narrow(v) = self {
            let mut wide = Vec::with_capacity(Self::widened_capacity(v));
            wide.extend(v.iter().map(|&c| u32::from(c)));
            wide.push(g);
            *self = Costs::Wide(wide);
        }
    }
}
