//! [`Table`]: an open-addressing map from keys to small values, with tags beside the slots.

use std::hash::Hash;
use std::mem::size_of;

use super::bytes::{held, reserve_exact, zeroed};
use super::{MAX_LOAD_EIGHTHS, over_load};
use crate::observer::stops_work;
use crate::{Observer, UndecidedReason};

/// Fixed seeds: hashing, hence probe order and every statistic, reproduces across runs.
pub(crate) fn hasher() -> ahash::RandomState {
    ahash::RandomState::with_seeds(
        0x243f_6a88_85a3_08d3,
        0x1319_8a2e_0370_7344,
        0xa409_3822_299f_31d0,
        0x082e_fa98_ec4e_6c89,
    )
}

/// Result of [`Table::probe`]: the slot holding the key, or the empty slot where it would go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// The key is stored in this slot (for [`Table::value_mut`]).
    Found(usize),
    /// The key is absent; [`Table::fill`] stores it here.
    Vacant(Vacant),
}

/// An empty slot found by [`Table::probe`], with the tag the probed key's hash gives it.
/// Valid until the table next changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vacant {
    index: usize,
    tag: u16,
}

/// An open-addressing (linear probing) map from keys to small values, cleared in place and
/// grown only through [`reserve_one`](Self::reserve_one), whose memory
/// [`growth`](Self::growth) says first. Keys hash with fixed-seed `ahash`, so probe order
/// (and every count that depends on it) reproduces across runs.
///
/// Beside each slot sits a 2-byte tag (0: empty, else 15 bits of the key's hash), in an array
/// of its own: a probe reads the small tag array (which stays in cache far longer than the
/// keys) and looks at a stored key only when its tag matches, and clearing rewrites only
/// the tags. A slot whose tag is 0 may still hold a stale key; it is never read. Slots are at
/// most 7/8 full; the table doubles (a power of two of slots, at least 16).
///
/// # Examples
///
/// ```
/// use freecell_search::containers::{Probe, Table};
///
/// let mut depths: Table<&str, u32> = Table::new();
/// for (key, depth) in [("a", 3), ("b", 5), ("a", 1)] {
///     depths.reserve_one(&mut ())?;
///     match depths.probe(&key) {
///         Probe::Found(slot) => {
///             let stored = depths.value_mut(slot).expect("a found slot holds a value");
///             *stored = (*stored).min(depth);
///         }
///         Probe::Vacant(slot) => depths.fill(slot, key, depth),
///     }
/// }
/// assert_eq!(depths.len(), 2);
/// let Probe::Found(a) = depths.probe(&"a") else { unreachable!() };
/// assert_eq!(depths.value_mut(a), Some(&mut 1));
/// # Ok::<(), freecell_search::UndecidedReason>(())
/// ```
pub struct Table<K, V> {
    tags: Vec<u16>,
    slots: Vec<Option<(K, V)>>,
    len: usize,
    hasher: ahash::RandomState,
}

impl<K, V> std::fmt::Debug for Table<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table").field("len", &self.len).field("slots", &self.slots.len()).finish_non_exhaustive()
    }
}

impl<K: Hash + Eq, V: Copy> Default for Table<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Hash + Eq, V: Copy> Table<K, V> {
    /// An empty table; it allocates on the first [`reserve_one`](Self::reserve_one).
    pub fn new() -> Self {
        Self { tags: Vec::new(), slots: Vec::new(), len: 0, hasher: hasher() }
    }

    /// Keys stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no key is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes held (slots and tags, by capacity).
    pub fn bytes(&self) -> usize {
        held(&self.tags) + held(&self.slots)
    }

    /// The slot count after the next growth.
    fn grown(&self) -> usize {
        (self.slots.len() * 2).max(16)
    }

    /// How far [`reserve_one`](Self::reserve_one) would raise the peak: the whole new
    /// table, since the old one stays allocated while its keys are moved over.
    pub fn growth(&self) -> usize {
        if over_load(self.len, self.slots.len(), MAX_LOAD_EIGHTHS) {
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

    /// Makes room for one more key. A growth moves every key to a table twice as large,
    /// calling `observer`'s [`on_work`](Observer::on_work) every [`WORK_SLICE`](crate::WORK_SLICE) slots.
    ///
    /// # Errors
    ///
    /// [`UndecidedReason::Budget`]`(`[`Limit::Bytes`](crate::Limit::Bytes)`)` when the
    /// allocator refuses the larger table (the table is then unchanged);
    /// [`UndecidedReason::Stopped`] when the observer stops the growth (the table then
    /// holds only the keys moved so far).
    #[inline]
    pub fn reserve_one(&mut self, observer: &mut (impl Observer + ?Sized)) -> Result<(), UndecidedReason> {
        if over_load(self.len, self.slots.len(), MAX_LOAD_EIGHTHS) { self.grow(observer) } else { Ok(()) }
    }

    /// The growth of [`reserve_one`](Self::reserve_one), out of the hot path.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, observer: &mut (impl Observer + ?Sized)) -> Result<(), UndecidedReason> {
        let new = self.grown();
        let mut slots = Vec::new();
        reserve_exact(&mut slots, new)?;
        slots.resize_with(new, || None);
        let tags = zeroed(new)?;
        let old_tags = std::mem::replace(&mut self.tags, tags);
        let old = std::mem::replace(&mut self.slots, slots);
        let mask = new - 1;
        let mut moved = 0;
        for (n, (tag, entry)) in old_tags.into_iter().zip(old).enumerate() {
            if stops_work(observer, n) {
                self.len = moved;
                return Err(UndecidedReason::Stopped);
            }
            let Some((k, v)) = entry.filter(|_| tag != 0) else { continue };
            moved += 1;
            let (mut i, tag) = self.place(&k);
            while self.tags[i] != 0 {
                i = (i + 1) & mask;
            }
            self.tags[i] = tag;
            self.slots[i] = Some((k, v));
        }
        Ok(())
    }

    /// Finds `key`. Call [`reserve_one`](Self::reserve_one) first: the table must have a
    /// free slot (a probe of a table that never grew panics).
    #[inline]
    pub fn probe(&self, key: &K) -> Probe {
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

    /// The value in `slot`, found by [`probe`](Self::probe).
    #[inline]
    pub fn value_mut(&mut self, slot: usize) -> Option<&mut V> {
        self.slots[slot].as_mut().map(|(_, v)| v)
    }

    /// Stores `key` and `value` in the vacant slot [`probe`](Self::probe) returned for `key`
    /// (the table unchanged since).
    #[inline]
    pub fn fill(&mut self, slot: Vacant, key: K, value: V) {
        self.tags[slot.index] = slot.tag;
        self.slots[slot.index] = Some((key, value));
        self.len += 1;
    }

    /// Empties the table and keeps its capacity.
    pub fn clear(&mut self) {
        if self.len > 0 {
            self.tags.fill(0);
            self.len = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Keeping each key's least value, with clears between rounds: the same map as std's,
        /// and every growth as large as `growth` said.
        #[test]
        fn matches_a_hash_map(rounds in prop::collection::vec(prop::collection::vec((0u16..500, any::<u8>()), 0..400), 1..4)) {
            let mut table: Table<u16, u8> = Table::new();
            for round in rounds {
                table.clear();
                let mut model = HashMap::new();
                for (key, value) in round {
                    let (before, predicted) = (table.bytes(), table.growth());
                    table.reserve_one(&mut ()).unwrap();
                    prop_assert!(table.bytes() - before <= predicted);
                    match table.probe(&key) {
                        Probe::Found(slot) => {
                            let stored = table.value_mut(slot).unwrap();
                            *stored = (*stored).min(value);
                        }
                        Probe::Vacant(slot) => table.fill(slot, key, value),
                    }
                    let least = model.entry(key).or_insert(value);
                    *least = (*least).min(value);
                }
                prop_assert_eq!(table.len(), model.len());
                for (key, value) in model {
                    table.reserve_one(&mut ()).unwrap();
                    let Probe::Found(slot) = table.probe(&key) else { panic!("{key} is stored") };
                    prop_assert_eq!(table.value_mut(slot), Some(&mut { value }));
                }
            }
        }
    }
}
