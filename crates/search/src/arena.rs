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

/// One stored node: what a duplicate check reads (state and path cost) sits in one place, so
/// a probe that finds a stored state costs one cache miss beyond the index slot.
pub(crate) struct Node<S> {
    pub(crate) state: S,
    pub(crate) parent: u32,
    pub(crate) g: u32,
}

/// Node storage plus a key index over it.
///
/// Per node: the state, a `u32` parent and a `u32` path cost, and the move that led to it
/// (kept apart, from node 1 on: the root has none), plus 8 bytes per index slot. Keys are not
/// stored: the index keeps 32-bit hashes and recomputes a stored state's key only when hashes
/// match.
pub(crate) struct Arena<P: SearchProblem + ?Sized> {
    pub(crate) nodes: Vec<Node<P::State>>,
    /// `moves[i - 1]` led to node `i`.
    pub(crate) moves: Vec<P::Move>,
    index: IdTable,
}

impl<P: SearchProblem + ?Sized> Arena<P> {
    pub(crate) fn new() -> Self {
        Self { nodes: Vec::new(), moves: Vec::new(), index: IdTable::new() }
    }

    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.moves.clear();
        self.index.clear();
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    pub(crate) fn bytes(&self) -> usize {
        vec_bytes(&self.nodes) + vec_bytes(&self.moves) + self.index.bytes()
    }

    /// Bytes that adding one node (and indexing it) adds.
    #[inline]
    pub(crate) fn growth_one(&self) -> usize {
        growth(&self.nodes) + growth(&self.moves) + self.index.growth()
    }

    /// Inline bytes per stored node (without index slots or spare capacity).
    pub(crate) fn node_size() -> usize {
        size_of::<Node<P::State>>() + size_of::<P::Move>()
    }

    /// Looks `key` (of `state`) up. `Ok(id)` if stored, else `Err((hash, slot))` for
    /// [`insert`](Self::insert). Grows the index first if needed (the caller checked
    /// [`growth_one`](Self::growth_one) against the budget).
    #[inline]
    pub(crate) fn find(&mut self, problem: &P, key: &P::Key) -> Result<u32, (u32, usize)> {
        let hash = self.index.hash(key);
        self.find_hashed(problem, key, hash)
    }

    /// The index hash of `key`.
    #[inline]
    pub(crate) fn hash(&self, key: &P::Key) -> u32 {
        self.index.hash(key)
    }

    /// Reads the index slot `hash` starts probing at, so that several children's slots are
    /// fetched from memory in parallel before they are probed one by one.
    #[inline]
    pub(crate) fn touch(&self, hash: u32) -> u32 {
        self.index.touch(hash)
    }

    /// [`find`](Self::find) with the hash already computed.
    #[inline]
    pub(crate) fn find_hashed(&mut self, problem: &P, key: &P::Key, hash: u32) -> Result<u32, (u32, usize)> {
        self.index.reserve_one();
        let nodes = &self.nodes;
        self.index.probe(hash, |id| problem.key(&nodes[id as usize].state) == *key).map_err(|slot| (hash, slot))
    }

    /// Stores a node at the slot [`find`](Self::find) returned.
    ///
    /// `mv` is ignored for the root (`parent == NO_PARENT`).
    #[inline]
    pub(crate) fn insert(
        &mut self,
        at: (u32, usize),
        state: P::State,
        parent: u32,
        g: u32,
        mv: Option<P::Move>,
    ) -> Result<u32, Reason> {
        let id = self.nodes.len();
        if id >= NO_PARENT as usize {
            return Err(Reason::Capacity);
        }
        push(&mut self.nodes, Node { state, parent, g });
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
            id = self.nodes[id as usize].parent;
        }
        path.reverse();
        path
    }
}
