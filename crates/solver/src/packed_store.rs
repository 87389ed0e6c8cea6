//! [`Store`]: the nodes of a search over [`Packed`] positions, in chunks, found by position.
//!
//! The engines that store millions of positions (`optimal`'s A*, the `fast` preset's proof)
//! keep each as a packed position (20 bytes, see [`Packer`](freecell_core::Packer)) with
//! what the search needs beside it (a parent id; for A*, costs), and rebuild the board when
//! the node is expanded. The nodes live in chunks of [`CHUNK`] that never move, so growing
//! the store copies nothing and its spare capacity is at most one chunk (a vector doubling
//! would hold both buffers at its peak); the index is an [`IdTable`] of 4-byte ids, at most
//! 3/4 full (`MAX_LOAD`).

use freecell_core::Packed;
use freecell_search::containers::bytes::{held, reserve_exact, room};
use freecell_search::containers::{IdTable, prefetch};
use freecell_search::{Observer, UndecidedReason};

/// Bits of a node id that pick its place in a chunk.
const CHUNK_BITS: u32 = 13;
/// Nodes per chunk.
pub(crate) const CHUNK: usize = 1 << CHUNK_BITS;
/// The most eighths of the index filled: 3/4, not the 7/8 of [`IdTable::new`]. Every lookup
/// probes from its home slot to the key or an empty slot, and the proof's make the index
/// much of its instructions: at 3/4 the proof of MS 9065 with one cell takes 5.7 % fewer
/// than at 7/8, for 7/6 the index's bytes (from 5.3 to 8 bytes a position between growths,
/// against 4.6 to 6.9; about one byte more a position on average, of some 30:
/// `docs/results/difficulty.md`, twenty-first session).
const MAX_LOAD: u8 = 6;
/// No parent (the start position); node ids stay below it.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// A stored node: a packed position and what a search keeps with it.
pub(crate) trait Node: Copy {
    /// The packed position.
    fn key(&self) -> &Packed;
}

/// A node of a search that keeps only the way back: the packed position and the id of the
/// node it was reached from ([`NO_PARENT`] for the start), 24 bytes, byte-aligned (the
/// breadth-first proofs' node).
#[derive(Clone, Copy)]
pub(crate) struct Linked {
    /// The packed position.
    pub(crate) key: Packed,
    parent: [u8; 4],
}

impl Linked {
    /// `key`, reached from node `parent`.
    #[inline]
    pub(crate) fn new(key: Packed, parent: u32) -> Linked {
        Linked { key, parent: parent.to_le_bytes() }
    }

    /// The id of the node this one was reached from.
    #[inline]
    pub(crate) fn parent(&self) -> u32 {
        u32::from_le_bytes(self.parent)
    }
}

impl Node for Linked {
    #[inline]
    fn key(&self) -> &Packed {
        &self.key
    }
}

/// The nodes, numbered from 0 in the order stored, and their index.
pub(crate) struct Store<N> {
    chunks: Vec<Vec<N>>,
    len: usize,
    table: IdTable,
}

impl<N> Default for Store<N> {
    fn default() -> Self {
        Self { chunks: Vec::new(), len: 0, table: IdTable::with_max_load(MAX_LOAD) }
    }
}

impl<N: Node> Store<N> {
    /// Bytes held: chunks and index (capacities).
    pub(crate) fn bytes(&self) -> usize {
        self.chunks.len() * CHUNK * size_of::<N>() + held(&self.chunks) + self.table.bytes()
    }

    /// Nodes stored.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Frees everything.
    pub(crate) fn reset(&mut self) {
        *self = Self::default();
    }

    /// Node `id` (stored).
    #[inline]
    pub(crate) fn node(&self, id: u32) -> &N {
        &self.chunks[(id >> CHUNK_BITS) as usize][id as usize & (CHUNK - 1)]
    }

    /// Node `id` (stored), to update.
    #[inline]
    pub(crate) fn node_mut(&mut self, id: u32) -> &mut N {
        &mut self.chunks[(id >> CHUNK_BITS) as usize][id as usize & (CHUNK - 1)]
    }

    /// Bytes a new node would allocate (a chunk, a larger table), 0 if none.
    pub(crate) fn insert_growth(&self) -> usize {
        let chunk = if self.len.is_multiple_of(CHUNK) { CHUNK * size_of::<N>() } else { 0 };
        chunk + self.table.growth()
    }

    /// Grows the index, if needed, so that one more node can be indexed, telling `observer`
    /// as [`IdTable::reserve_one_hashed`] does; `Err` (the search must end) when the
    /// allocator refuses or the observer stops the growth.
    pub(crate) fn make_room(&mut self, observer: &mut (impl Observer + ?Sized)) -> Result<(), UndecidedReason> {
        let chunks = &self.chunks;
        let key = |id: u32| chunks[(id >> CHUNK_BITS) as usize][id as usize & (CHUNK - 1)].key().hash64();
        self.table.reserve_one_hashed(key, observer)
    }

    /// Starts loading the index slot a lookup of `hash` reads first (see
    /// [`IdTable::prefetch`]).
    #[inline]
    pub(crate) fn prefetch(&self, hash: u64) {
        self.table.prefetch(hash);
    }

    /// Starts loading the node named in the first index slot of `hash`, if that slot's tag
    /// is `hash`'s: the node a lookup of `hash` most likely compares. The slot itself is
    /// read (best loaded ahead by [`prefetch`](Self::prefetch)).
    #[inline]
    pub(crate) fn prefetch_first(&self, hash: u64) {
        if let Some(id) = self.first(hash) {
            prefetch(self.node(id));
        }
    }

    /// The id in the first index slot of `hash`, if any (a cheap first probe, whose load
    /// can be issued for many keys before any is compared).
    #[inline]
    pub(crate) fn first(&self, hash: u64) -> Option<u32> {
        self.table.first(hash)
    }

    /// The slot of `key`: `Ok(id)` if stored, `Err(slot)` where it would go.
    #[inline]
    pub(crate) fn find(&self, key: &Packed, hash: u64) -> Result<u32, usize> {
        self.table.probe(hash, |id| self.node(id).key() == key)
    }

    /// Stores a new node at `slot` (the table has room: see [`make_room`](Self::make_room));
    /// its id. `Err` (nothing stored) when the allocator refuses a new chunk, or when the
    /// ids are used up.
    pub(crate) fn insert(&mut self, slot: usize, node: N, hash: u64) -> Result<u32, UndecidedReason> {
        if self.len >= NO_PARENT as usize {
            return Err(UndecidedReason::Capacity);
        }
        if self.len.is_multiple_of(CHUNK) {
            let mut chunk = Vec::new();
            reserve_exact(&mut chunk, CHUNK)?;
            room(&mut self.chunks)?;
            self.chunks.push(chunk);
        }
        let id = self.len as u32;
        // The last chunk has room: it was created with CHUNK places when `len` reached a
        // multiple of CHUNK (pushing within capacity never reallocates).
        if let Some(chunk) = self.chunks.last_mut() {
            chunk.push(node);
        }
        self.len += 1;
        self.table.fill(slot, hash, id);
        Ok(id)
    }
}
