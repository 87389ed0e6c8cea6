//! [`KeySet`]: a set of keys appended to a vector and found through an [`IdTable`].

use super::IdTable;
use super::bytes::{growth, held, room};
use crate::{Observer, UndecidedReason};

/// A set of keys: the keys in a vector in insertion order, found through an [`IdTable`] of
/// their ids. The caller supplies each key's 64-bit hash (and the function that gave it, to
/// re-index stored keys when the index grows), so a key whose hash is kept up to date
/// elsewhere (a board's Zobrist hash) is never hashed again.
///
/// **Why not a [`Table`](super::Table):** a table of 40-byte keys is mostly far out of cache,
/// and storing a new key there writes a random line of it. Here a new key is appended
/// (sequential writes) and only a 4-byte index slot is written at random, in the line the
/// probe just read. Reads of a stored key (on a tag match) miss as before.
///
/// # Examples
///
/// ```
/// use freecell_search::containers::KeySet;
///
/// let hash = |n: &u64| n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
/// let mut seen = KeySet::new();
/// assert_eq!(seen.insert(hash(&12), 12, hash, &mut ()), Ok(true));
/// assert_eq!(seen.insert(hash(&12), 12, hash, &mut ()), Ok(false));
/// assert!(seen.contains(hash(&12), &12));
/// assert!(!seen.contains(hash(&13), &13));
/// assert_eq!(seen.len(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct KeySet<K> {
    keys: Vec<K>,
    index: IdTable,
}

impl<K: Eq> Default for KeySet<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: Eq> KeySet<K> {
    /// An empty set; it allocates on the first insertion.
    pub fn new() -> Self {
        Self { keys: Vec::new(), index: IdTable::new() }
    }

    /// Keys stored.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether no key is stored.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Bytes held (keys and index, by capacity).
    pub fn bytes(&self) -> usize {
        held(&self.keys) + self.index.bytes()
    }

    /// Bytes that the next [`insert`](Self::insert) may add.
    pub fn growth(&self) -> usize {
        growth(&self.keys) + self.index.growth()
    }

    /// Whether `key`, whose hash is `hash`, is in the set.
    #[inline]
    pub fn contains(&self, hash: u64, key: &K) -> bool {
        !self.index.is_empty() && self.index.probe(hash, |id| self.keys[id as usize] == *key).is_ok()
    }

    /// Adds `key`, whose hash is `hash`, unless it is present; whether it was added.
    /// `hash_of` must be the function that gave `hash` (it rehashes stored keys when the
    /// index grows, telling `observer` as [`IdTable::reserve_one_hashed`] does). At most
    /// `u32::MAX - 1` keys.
    ///
    /// # Errors
    ///
    /// [`UndecidedReason::Budget`]`(`[`Limit::Bytes`](crate::Limit::Bytes)`)` when the
    /// allocator refuses to grow the set, [`UndecidedReason::Stopped`] when the observer
    /// stops the growth; only [`clear`](Self::clear) may follow either.
    #[inline]
    pub fn insert(
        &mut self,
        hash: u64,
        key: K,
        hash_of: impl Fn(&K) -> u64,
        observer: &mut (impl Observer + ?Sized),
    ) -> Result<bool, UndecidedReason> {
        let keys = &self.keys;
        self.index.reserve_one_hashed(|id| hash_of(&keys[id as usize]), observer)?;
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
    pub fn clear(&mut self) {
        self.keys.clear();
        self.index.clear();
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use proptest::prelude::*;

    use super::*;

    /// A weak hash, so that tags and home slots collide often.
    #[allow(clippy::trivially_copy_pass_by_ref)] // the signature `KeySet::insert` asks of a rehash
    fn weak(key: &u32) -> u64 {
        u64::from(*key % 97).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    proptest! {
        /// Insertions and lookups across cleared rounds answer as std's set does, and each
        /// insertion grows the bytes by at most what `growth` said.
        #[test]
        fn matches_a_hash_set(rounds in prop::collection::vec(prop::collection::vec(0u32..2_000, 0..600), 1..4)) {
            let mut set = KeySet::new();
            for round in rounds {
                set.clear();
                let mut model = HashSet::new();
                for key in round {
                    prop_assert_eq!(set.contains(weak(&key), &key), model.contains(&key));
                    let (before, predicted) = (set.bytes(), set.growth());
                    prop_assert_eq!(set.insert(weak(&key), key, weak, &mut ()), Ok(model.insert(key)));
                    prop_assert!(set.bytes() - before <= predicted);
                    prop_assert_eq!(set.len(), model.len());
                }
                for key in 0..2_000 {
                    prop_assert_eq!(set.contains(weak(&key), &key), model.contains(&key));
                }
            }
        }
    }
}
