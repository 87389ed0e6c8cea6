//! Budget-aware containers: vectors that grow by a known factor, and two open-addressing
//! tables (plus a key set built on the second) whose capacity (hence memory) is exact and
//! predictable before they grow.
//!
//! Every growth is fallible (`try_reserve`): when the allocator refuses the memory, the
//! growth returns [`NO_MEMORY`] and the search ends as if its byte budget ran out, instead
//! of the process aborting. A structure whose growth failed is left as it was, except where
//! a function says otherwise (and then only the next `clear` may follow).

use std::hash::Hash;
use std::mem::size_of;

use crate::{Limit, Reason};

/// How a search ends when the allocator refuses memory: as when its byte budget runs out.
pub(crate) const NO_MEMORY: Reason = Reason::Budget(Limit::Bytes);

/// Fixed seeds: hashing, hence probe order and every statistic, reproduces across runs.
pub(crate) fn hasher() -> ahash::RandomState {
    ahash::RandomState::with_seeds(
        0x243f_6a88_85a3_08d3,
        0x1319_8a2e_0370_7344,
        0xa409_3822_299f_31d0,
        0x082e_fa98_ec4e_6c89,
    )
}

/// A one-multiply hasher (`FxHash`'s mixing step) for the depth-first path filter, where a
/// collision only costs a scan of the path: much cheaper than `ahash` per generated node.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct QuickHasher(u64);

impl QuickHasher {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    /// The top `bits` bits of `value`'s hash.
    #[inline]
    pub(crate) fn top_bits<T: Hash + ?Sized>(value: &T, bits: u32) -> usize {
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

/// The capacity a full vector grows to: ×1.5, which wastes less than doubling.
#[inline]
fn next_cap(cap: usize) -> usize {
    if cap < 16 { 16 } else { cap + cap / 2 }
}

/// Bytes held by `v`.
#[inline]
pub(crate) fn vec_bytes<T>(v: &Vec<T>) -> usize {
    v.capacity() * size_of::<T>()
}

/// Bytes the next [`push`] onto `v` adds.
#[inline]
pub(crate) fn growth<T>(v: &Vec<T>) -> usize {
    if v.len() == v.capacity() { (next_cap(v.capacity()) - v.capacity()) * size_of::<T>() } else { 0 }
}

/// Pushes, growing exactly as [`growth`] predicted; [`NO_MEMORY`] (and `v` unchanged) if
/// the allocator refuses the growth.
#[inline(always)]
#[allow(clippy::inline_always)] // in A*'s loop; with the `Result`, LLVM stopped inlining it
pub(crate) fn push<T>(v: &mut Vec<T>, x: T) -> Result<(), Reason> {
    room(v)?;
    v.push(x);
    Ok(())
}

/// Makes room for one more element (so the next `push` does not reallocate), growing as
/// [`push`] does.
#[inline(always)]
#[allow(clippy::inline_always)] // see `push`
pub(crate) fn room<T>(v: &mut Vec<T>) -> Result<(), Reason> {
    if v.len() == v.capacity() { grow(v) } else { Ok(()) }
}

/// The growth of a full vector for [`push`], out of the hot path.
#[cold]
#[inline(never)]
fn grow<T>(v: &mut Vec<T>) -> Result<(), Reason> {
    let target = next_cap(v.capacity());
    v.try_reserve_exact(target - v.len()).map_err(|_| NO_MEMORY)
}

/// `v.try_reserve_exact(additional)`, failing with [`NO_MEMORY`].
#[inline]
pub(crate) fn reserve_exact<T>(v: &mut Vec<T>, additional: usize) -> Result<(), Reason> {
    v.try_reserve_exact(additional).map_err(|_| NO_MEMORY)
}

/// A vector of `n` zeros, or [`NO_MEMORY`].
///
/// Unlike `vec![0; n]` it writes the zeros (there is no fallible `calloc` in stable Rust);
/// the tables built on it write most of their slots right after, so the pages are touched
/// either way.
fn try_zeroed<T: Copy + Default>(n: usize) -> Result<Vec<T>, Reason> {
    let mut v = Vec::new();
    reserve_exact(&mut v, n)?;
    v.resize(n, T::default());
    Ok(v)
}

/// Spare room, in moves, kept in move buffers before each move generation: a state with
/// more moves than this may grow the buffer past a byte budget (by one reallocation).
pub(crate) const MOVE_HEADROOM: usize = 256;

/// Bytes that [`reserve_moves`] adds.
#[inline]
pub(crate) fn move_growth<T>(v: &Vec<T>) -> usize {
    if v.capacity() - v.len() >= MOVE_HEADROOM {
        0
    } else {
        (next_cap(v.capacity()).max(v.len() + MOVE_HEADROOM) - v.capacity()) * size_of::<T>()
    }
}

/// Ensures [`MOVE_HEADROOM`] spare moves, growing exactly as [`move_growth`] predicted;
/// [`NO_MEMORY`] if the allocator refuses.
#[inline]
pub(crate) fn reserve_moves<T>(v: &mut Vec<T>) -> Result<(), Reason> {
    if v.capacity() - v.len() < MOVE_HEADROOM {
        let target = next_cap(v.capacity()).max(v.len() + MOVE_HEADROOM);
        reserve_exact(v, target - v.len())?;
    }
    Ok(())
}

/// Result of a table probe: the slot holding the key, or the empty slot where it would go.
pub(crate) enum Probe {
    Found(usize),
    Vacant(Vacant),
}

/// An empty slot found by [`Table::probe`], with the tag the probed key's hash gives it.
#[derive(Clone, Copy)]
pub(crate) struct Vacant {
    index: usize,
    tag: u16,
}

/// Table slots are full up to 7/8.
#[inline]
fn over_load(len: usize, slots: usize) -> bool {
    (len + 1) * 8 > slots * 7
}

/// An open-addressing (linear probing) map from keys to small values, cleared in place.
///
/// Beside each slot sits a 2-byte tag (0: empty, else 15 bits of the key's hash), in an array
/// of its own: a probe reads the small tag array (which stays in cache far longer than the
/// keys) and looks at a stored key only when its tag matches, and clearing rewrites only
/// the tags. A slot whose tag is 0 may still hold a stale key; it is never read.
pub(crate) struct Table<K, V> {
    tags: Vec<u16>,
    slots: Vec<Option<(K, V)>>,
    len: usize,
    hasher: ahash::RandomState,
}

impl<K: Hash + Eq, V: Copy> Table<K, V> {
    pub(crate) fn new() -> Self {
        Self { tags: Vec::new(), slots: Vec::new(), len: 0, hasher: hasher() }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn bytes(&self) -> usize {
        vec_bytes(&self.tags) + vec_bytes(&self.slots)
    }

    /// The slot count after the next growth.
    fn grown(&self) -> usize {
        (self.slots.len() * 2).max(16)
    }

    /// How far [`reserve_one`](Self::reserve_one) would raise the peak: the whole new
    /// table, since the old one stays allocated while its keys are moved over.
    pub(crate) fn growth(&self) -> usize {
        if over_load(self.len, self.slots.len()) {
            self.grown() * (size_of::<Option<(K, V)>>() + size_of::<u16>())
        } else {
            0
        }
    }

    /// A key's home slot and its tag (never 0).
    #[inline]
    fn place(&self, key: &K) -> (usize, u16) {
        let hash = self.hasher.hash_one(key);
        (hash as usize & (self.slots.len() - 1), (hash >> 49) as u16 | 0x8000)
    }

    /// Makes room for one more key; [`NO_MEMORY`] (the table unchanged) if the allocator
    /// refuses the larger table.
    pub(crate) fn reserve_one(&mut self) -> Result<(), Reason> {
        if !over_load(self.len, self.slots.len()) {
            return Ok(());
        }
        let new = self.grown();
        let mut slots = Vec::new();
        reserve_exact(&mut slots, new)?;
        slots.resize_with(new, || None);
        let tags = try_zeroed(new)?;
        let old_tags = std::mem::replace(&mut self.tags, tags);
        let old = std::mem::replace(&mut self.slots, slots);
        let mask = new - 1;
        for (tag, entry) in old_tags.into_iter().zip(old) {
            let Some((k, v)) = entry.filter(|_| tag != 0) else { continue };
            let (mut i, tag) = self.place(&k);
            while self.tags[i] != 0 {
                i = (i + 1) & mask;
            }
            self.tags[i] = tag;
            self.slots[i] = Some((k, v));
        }
        Ok(())
    }

    /// Finds `key`. Call [`reserve_one`](Self::reserve_one) first (the table must have a
    /// free slot).
    #[inline]
    pub(crate) fn probe(&self, key: &K) -> Probe {
        let mask = self.slots.len() - 1;
        let (mut i, tag) = self.place(key);
        loop {
            match self.tags[i] {
                0 => return Probe::Vacant(Vacant { index: i, tag }),
                t if t == tag && matches!(&self.slots[i], Some((k, _)) if k == key) => return Probe::Found(i),
                _ => i = (i + 1) & mask,
            }
        }
    }

    #[inline]
    pub(crate) fn value_mut(&mut self, slot: usize) -> Option<&mut V> {
        self.slots[slot].as_mut().map(|(_, v)| v)
    }

    #[inline]
    pub(crate) fn fill(&mut self, slot: Vacant, key: K, value: V) {
        self.tags[slot.index] = slot.tag;
        self.slots[slot.index] = Some((key, value));
        self.len += 1;
    }

    /// Empties the table and keeps its capacity.
    pub(crate) fn clear(&mut self) {
        if self.len > 0 {
            self.tags.fill(0);
            self.len = 0;
        }
    }
}

/// An index over an arena: each slot is one `u32`, `0` when empty, else the stored node's
/// `id + 1` in the low bits and a tag (bits of the key's hash) in the spare high bits. Keys are
/// compared by looking at the arena, and only when tags match, so duplicate detection stays
/// exact. Slot positions come from the hash by multiply-shift, so the table needs no
/// power-of-two size and grows by ×1.5 like the vectors.
///
/// It is rebuilt from the arena when it grows (the old slots are freed first), so growing never
/// holds two tables at once: the memory peak is the new table, as [`growth`](Self::growth)
/// says.
pub(crate) struct IdTable {
    slots: Vec<u32>,
    len: usize,
    /// The high bits of a slot that hold the tag (the low ones hold `id + 1`).
    tag_mask: u32,
}

impl IdTable {
    /// An empty table. Its users give it 64-bit hashes: their high bits pick the home
    /// slot, their low 32 bits give tags.
    pub(crate) fn new() -> Self {
        Self { slots: Vec::new(), len: 0, tag_mask: 0 }
    }

    #[inline]
    fn home(&self, hash: u64) -> usize {
        ((u128::from(hash) * self.slots.len() as u128) >> 64) as usize
    }

    pub(crate) fn bytes(&self) -> usize {
        vec_bytes(&self.slots)
    }

    /// The slot count after the next growth.
    fn grown(&self) -> usize {
        next_cap(self.slots.len())
    }

    /// Bytes that [`reserve_one_hashed`](Self::reserve_one_hashed) would add (the old table is freed before
    /// the new one is allocated, so this is also the rise of the peak).
    pub(crate) fn growth(&self) -> usize {
        if over_load(self.len, self.slots.len()) { (self.grown() - self.slots.len()) * size_of::<u32>() } else { 0 }
    }

    /// Makes room for one more id. On growth, re-indexes ids `0..len` (every stored node is
    /// indexed, in id order) by `hash_of(id)`, the hash node `id` was filled with.
    ///
    /// [`NO_MEMORY`] if the allocator refuses the larger table. The old slots are freed
    /// first, so the table is then empty of slots: only [`clear`](Self::clear) may follow.
    #[inline]
    pub(crate) fn reserve_one_hashed(&mut self, hash_of: impl FnMut(u32) -> u64) -> Result<(), Reason> {
        if over_load(self.len, self.slots.len()) { self.grow(hash_of) } else { Ok(()) }
    }

    /// The growth of [`reserve_one_hashed`](Self::reserve_one_hashed), out of the hot path.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, mut hash_of: impl FnMut(u32) -> u64) -> Result<(), Reason> {
        let new = self.grown();
        self.slots = Vec::new();
        self.slots = try_zeroed(new)?;
        // Ids stay below `new` (the load limit), so `id + 1` needs the bits of `new`.
        let id_bits = usize::BITS - new.leading_zeros();
        self.tag_mask = if id_bits >= 32 { 0 } else { !((1u32 << id_bits) - 1) };
        for id in 0..self.len as u32 {
            let hash = hash_of(id);
            let mut i = self.home(hash);
            while self.slots[i] != 0 {
                i += 1;
                if i == new {
                    i = 0;
                }
            }
            self.slots[i] = self.tagged(hash, id);
        }
        Ok(())
    }

    #[inline]
    fn tagged(&self, hash: u64, id: u32) -> u32 {
        (hash as u32 & self.tag_mask) | (id + 1)
    }

    /// Loads the slot a probe for `hash` reads first (see
    /// [`Arena::prefetch`](crate::arena::Arena::prefetch)). The table must not be empty.
    #[inline]
    pub(crate) fn prefetch(&self, hash: u64) {
        std::hint::black_box(self.slots[self.home(hash)]);
    }

    /// Finds the id whose key equals the probed one (`same(id)` compares), or the empty slot.
    /// Call [`reserve_one_hashed`](Self::reserve_one_hashed) first.
    #[inline]
    pub(crate) fn probe(&self, hash: u64, mut same: impl FnMut(u32) -> bool) -> Result<u32, usize> {
        let n = self.slots.len();
        let tag = hash as u32 & self.tag_mask;
        let mut i = self.home(hash);
        loop {
            let v = self.slots[i];
            if v == 0 {
                return Err(i);
            }
            if v & self.tag_mask == tag {
                let id = (v & !self.tag_mask) - 1;
                if same(id) {
                    return Ok(id);
                }
            }
            i += 1;
            if i == n {
                i = 0;
            }
        }
    }

    #[inline]
    pub(crate) fn fill(&mut self, slot: usize, hash: u64, id: u32) {
        self.slots[slot] = self.tagged(hash, id);
        self.len += 1;
    }

    pub(crate) fn clear(&mut self) {
        if self.len > 0 {
            self.slots.fill(0);
            self.len = 0;
        }
    }
}

/// A set of keys: the keys in a vector in insertion order, found through an [`IdTable`] of
/// their ids.
///
/// **Why not a [`Table`]:** a table of 40-byte keys is mostly far out of cache, and storing a
/// new key there writes a random line of it. Here a new key is appended (sequential writes)
/// and only a 4-byte index slot is written at random, in the line the probe just read. Reads
/// of a stored key (on a tag match) miss as before.
pub(crate) struct KeySet<K> {
    keys: Vec<K>,
    index: IdTable,
}

impl<K: Eq> KeySet<K> {
    pub(crate) fn new() -> Self {
        Self { keys: Vec::new(), index: IdTable::new() }
    }

    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }

    pub(crate) fn bytes(&self) -> usize {
        vec_bytes(&self.keys) + self.index.bytes()
    }

    /// Bytes that the next [`insert`](Self::insert) may add.
    pub(crate) fn growth(&self) -> usize {
        growth(&self.keys) + self.index.growth()
    }

    /// Adds `key`, whose hash is `hash`, unless it is present; whether it was added.
    /// `hash_of` must be the function that gave `hash` (it rehashes stored keys when the
    /// index grows). At most `u32::MAX - 1` keys.
    ///
    /// [`NO_MEMORY`] if the allocator refuses to grow the set; only
    /// [`clear`](Self::clear) may follow.
    #[inline]
    pub(crate) fn insert(&mut self, hash: u64, key: K, hash_of: impl Fn(&K) -> u64) -> Result<bool, Reason> {
        let keys = &self.keys;
        self.index.reserve_one_hashed(|id| hash_of(&keys[id as usize]))?;
        Ok(match self.index.probe(hash, |id| keys[id as usize] == key) {
            Ok(_) => false,
            Err(slot) => {
                room(&mut self.keys)?;
                self.index.fill(slot, hash, self.keys.len() as u32);
                self.keys.push(key);
                true
            }
        })
    }

    /// Empties the set and keeps its capacity.
    pub(crate) fn clear(&mut self) {
        self.keys.clear();
        self.index.clear();
    }
}
