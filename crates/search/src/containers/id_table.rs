//! [`IdTable`]: an index of ids into storage kept elsewhere, 4 bytes a slot.

use std::mem::size_of;

use super::bytes::{held, next_capacity, zeroed};
use super::{MAX_LOAD_EIGHTHS, REHASH_AHEAD, over_load};
use crate::observer::stops_work;
use crate::{Observer, UndecidedReason};

/// An index over items stored elsewhere (an arena, a vector of keys), found by their 64-bit
/// hashes: each slot is one `u32`, `0` when empty, else the item's `id + 1` in the low bits and
/// a tag (bits of the hash) in the spare high bits. Keys are compared by the caller, looking
/// at its storage, and only when tags match, so duplicate detection stays exact. Slot
/// positions come from the hash by multiply-shift, so the table needs no power-of-two size:
/// it is at most 7/8 full (or less: [`with_max_load`](Self::with_max_load)) and grows by
/// ×1.5 like the vectors.
///
/// Ids are `0, 1, 2, …` in the order they are filled (the table re-indexes `0..len` when it
/// grows). It is rebuilt from the caller's storage when it grows, the old slots freed first,
/// so growing never holds two tables at once: the memory peak is the new table, as
/// [`growth`](Self::growth) says.
///
/// # Examples
///
/// ```
/// use freecell_search::containers::IdTable;
///
/// // Words stored in a vector, indexed by a toy hash.
/// let hash = |word: &str| word.bytes().fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
/// let mut words: Vec<&str> = Vec::new();
/// let mut index = IdTable::new();
/// for word in ["fox", "dog", "fox"] {
///     // `()`: no observer to stop a growth part way.
///     index.reserve_one_hashed(|id| hash(words[id as usize]), &mut ())?;
///     if let Err(slot) = index.probe(hash(word), |id| words[id as usize] == word) {
///         index.fill(slot, hash(word), words.len() as u32);
///         words.push(word);
///     }
/// }
/// assert_eq!(words, ["fox", "dog"]);
/// assert_eq!(index.probe(hash("dog"), |id| words[id as usize] == "dog"), Ok(1));
/// # Ok::<(), freecell_search::UndecidedReason>(())
/// ```
#[derive(Clone, Debug)]
pub struct IdTable {
    slots: Vec<u32>,
    len: usize,
    /// The high bits of a slot that hold the tag (the low ones hold `id + 1`).
    tag_mask: u32,
    /// The most eighths of the slots filled.
    max_eighths: usize,
}

impl Default for IdTable {
    fn default() -> Self {
        Self::new()
    }
}

impl IdTable {
    /// An empty table, at most 7/8 full. Its users give it 64-bit hashes: their high bits
    /// pick the home slot, their low 32 bits give tags.
    pub fn new() -> Self {
        Self::with_max_load(MAX_LOAD_EIGHTHS as u8)
    }

    /// An empty table at most `eighths`/8 full (clamped to 1 ..= 7): a lower load shortens
    /// the probes (under linear probing a failed one reads about
    /// (1 + 1/(1 − load)²)/2 slots) for more bytes a key.
    pub fn with_max_load(eighths: u8) -> Self {
        Self { slots: Vec::new(), len: 0, tag_mask: 0, max_eighths: usize::from(eighths).clamp(1, MAX_LOAD_EIGHTHS) }
    }

    #[inline]
    fn home(&self, hash: u64) -> usize {
        ((u128::from(hash) * self.slots.len() as u128) >> 64) as usize
    }

    /// Ids indexed.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no id is indexed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes held (the slots, by capacity).
    pub fn bytes(&self) -> usize {
        held(&self.slots)
    }

    /// The slot count after the next growth.
    fn grown(&self) -> usize {
        next_capacity(self.slots.len())
    }

    /// Bytes that [`reserve_one_hashed`](Self::reserve_one_hashed) would add (the old table
    /// is freed before the new one is allocated, so this is also the rise of the peak).
    pub fn growth(&self) -> usize {
        if over_load(self.len, self.slots.len(), self.max_eighths) {
            (self.grown() - self.slots.len()) * size_of::<u32>()
        } else {
            0
        }
    }

    /// Makes room for one more id. On growth, re-indexes ids `0..len` by `hash_of(id)`, the
    /// hash id `id` was filled with, calling `observer`'s [`on_work`](Observer::on_work)
    /// every [`WORK_SLICE`](crate::WORK_SLICE) ids.
    ///
    /// # Errors
    ///
    /// [`UndecidedReason::Budget`]`(`[`Limit::Bytes`](crate::Limit::Bytes)`)` when the
    /// allocator refuses the larger table (the old slots are freed first, so the table is then
    /// empty of slots), [`UndecidedReason::Stopped`] when the observer stops the re-indexing
    /// (the table then holds only the ids indexed so far): in both, only
    /// [`clear`](Self::clear) may follow.
    #[inline]
    pub fn reserve_one_hashed(
        &mut self,
        hash_of: impl FnMut(u32) -> u64,
        observer: &mut (impl Observer + ?Sized),
    ) -> Result<(), UndecidedReason> {
        if over_load(self.len, self.slots.len(), self.max_eighths) { self.grow(hash_of, observer) } else { Ok(()) }
    }

    /// The growth of [`reserve_one_hashed`](Self::reserve_one_hashed), out of the hot path.
    #[cold]
    #[inline(never)]
    fn grow(
        &mut self,
        mut hash_of: impl FnMut(u32) -> u64,
        observer: &mut (impl Observer + ?Sized),
    ) -> Result<(), UndecidedReason> {
        let new = self.grown();
        self.slots = Vec::new();
        self.slots = zeroed(new)?;
        // Ids stay below `new` (the load limit), so `id + 1` needs the bits of `new`.
        let id_bits = usize::BITS - new.leading_zeros();
        self.tag_mask = if id_bits >= 32 { 0 } else { !((1u32 << id_bits) - 1) };
        // The hashes of the next `REHASH_AHEAD` ids, each computed once, its home slot loaded
        // that many ids before it is written (see `REHASH_AHEAD`).
        let mut ahead = [0u64; REHASH_AHEAD];
        let len = self.len as u32;
        for id in 0..len.min(REHASH_AHEAD as u32) {
            ahead[id as usize] = hash_of(id);
            self.prefetch(ahead[id as usize]);
        }
        for id in 0..len {
            if stops_work(observer, id as usize) {
                self.len = id as usize;
                return Err(UndecidedReason::Stopped);
            }
            let hash = ahead[id as usize % REHASH_AHEAD];
            if let Some(next) = id.checked_add(REHASH_AHEAD as u32).filter(|&next| next < len) {
                ahead[id as usize % REHASH_AHEAD] = hash_of(next);
                self.prefetch(ahead[id as usize % REHASH_AHEAD]);
            }
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

    /// Starts loading the slot a probe for `hash` reads first, without waiting for it (see
    /// [`prefetch`](super::prefetch())), so that it is in cache when [`probe`](Self::probe)
    /// runs. An engine that calls it for every child of a node before probing for any lets
    /// the cache misses overlap, where probing child after child would wait for each miss in
    /// turn (a probe branches on what it loads). Nothing when the table has no slots.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        if let Some(slot) = self.slots.get(self.home(hash)) {
            super::prefetch(slot);
        }
    }

    /// The id in the slot a probe for `hash` reads first, if that slot's tag is `hash`'s: the
    /// likeliest match, for a caller that loads its key early (as with
    /// [`prefetch`](Self::prefetch)) and probes only when that key differs. The table must
    /// have slots.
    #[inline]
    pub fn first(&self, hash: u64) -> Option<u32> {
        let v = self.slots[self.home(hash)];
        (v != 0 && v & self.tag_mask == hash as u32 & self.tag_mask).then(|| (v & !self.tag_mask) - 1)
    }

    /// Finds the id whose key equals the probed one (`same(id)` compares), or the empty slot
    /// where it would go, for [`fill`](Self::fill). Call
    /// [`reserve_one_hashed`](Self::reserve_one_hashed) first.
    ///
    /// # Errors
    ///
    /// `Err(slot)`: no id matches, and `slot` is the empty slot where [`fill`](Self::fill)
    /// would index one.
    #[inline]
    pub fn probe(&self, hash: u64, mut same: impl FnMut(u32) -> bool) -> Result<u32, usize> {
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

    /// Indexes `id`, the next id (the number of ids indexed so far), whose hash is `hash`, at
    /// the empty `slot` a [`probe`](Self::probe) for `hash` returned.
    #[inline]
    pub fn fill(&mut self, slot: usize, hash: u64, id: u32) {
        self.slots[slot] = self.tagged(hash, id);
        self.len += 1;
    }

    /// Empties the table and keeps its capacity.
    pub fn clear(&mut self) {
        if self.len > 0 {
            self.slots.fill(0);
            self.len = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table at most 3/4 full stays so as it grows, finds every id it holds and no other,
    /// and grows by what `growth` says.
    #[test]
    fn a_lower_load_holds_and_finds() {
        let hash = |id: u32| u64::from(id % 1_000).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ u64::from(id);
        let mut table = IdTable::with_max_load(6);
        for id in 0..5_000u32 {
            let (before, predicted) = (table.bytes(), table.growth());
            assert_eq!(table.reserve_one_hashed(hash, &mut ()), Ok(()));
            assert_eq!(table.bytes() - before, predicted);
            let slot = table.probe(hash(id), |_| false).expect_err("not held yet");
            table.fill(slot, hash(id), id);
            assert!(table.len() * 8 <= table.slots.len() * 6, "{} in {}", table.len(), table.slots.len());
        }
        for id in 0..5_000u32 {
            assert_eq!(table.probe(hash(id), |found| found == id), Ok(id));
        }
        assert!(table.probe(hash(5_000), |_| false).is_err());
    }
}
