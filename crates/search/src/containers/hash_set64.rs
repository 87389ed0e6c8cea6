//! [`HashSet64`]: a set of 64-bit hashes, 4 bytes a slot.

use std::mem::size_of;

use super::OutOfMemory;
use super::bytes::{grown_peak, grown_peak_span, held, push, zeroed};

/// The fewest slots a table holds: 2¹².
const MIN_SLOTS: usize = 1 << 12;

/// A set of 64-bit hashes (of states whose hash stands for them: a search that accepts a
/// collision's cost), open addressing with linear probing. A slot holds 32 bits of a hash
/// (its low half; the high half picks the home slot), so the table takes half the room of
/// full hashes and more of it stays in cache. The hashes themselves are listed aside, to
/// clear the slots they used and to rehash when the table grows.
///
/// Two hashes are taken as equal when they share a home slot's cluster and their low
/// halves: at least 44 of 64 bits (the smallest table has 2¹² slots). A false match drops
/// a state, as a 64-bit collision would: about once in 4·10⁹ probes of a used slot.
///
/// The table is a power of two of slots, at least 2¹², at most half full; clearing it walks
/// only the clusters the listed hashes used, and drops a table grown past
/// [`KEPT_SLOTS`](Self::KEPT_SLOTS) (the next search's probes would scatter over megabytes
/// while an ordinary one fits in the smallest table).
///
/// # Examples
///
/// ```
/// use freecell_search::containers::HashSet64;
///
/// let mut seen = HashSet64::default();
/// assert_eq!(seen.insert(0x1234_5678_9abc_def0), Ok(true));
/// assert_eq!(seen.insert(0x1234_5678_9abc_def0), Ok(false));
/// assert_eq!(seen.len(), 1);
/// // What it holds, and what it would hold at its peak growing by 3,000 more hashes
/// // (the next table and the one it rehashes from: 2¹² slots to 2¹³).
/// assert_eq!(seen.bytes(), (1 << 12) * 4 + 16 * 8);
/// assert!(HashSet64::peak(1, 3_000) > ((1 << 12) + (1 << 13)) * 4);
/// seen.clear();
/// assert!(seen.is_empty());
/// # Ok::<(), freecell_search::containers::OutOfMemory>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct HashSet64 {
    slots: Vec<u32>,
    hashes: Vec<u64>,
}

impl HashSet64 {
    /// The largest table kept by [`clear`](Self::clear): 2¹⁵ slots, 128 KiB, within a core's
    /// L2 cache.
    pub const KEPT_SLOTS: usize = 1 << 15;

    /// Hashes stored.
    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    /// Whether no hash is stored.
    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }

    /// Bytes held (slots and listed hashes, by capacity).
    pub fn bytes(&self) -> usize {
        held(&self.slots) + held(&self.hashes)
    }

    /// Empties the set. A table grown past [`KEPT_SLOTS`](Self::KEPT_SLOTS) is dropped
    /// rather than kept.
    #[inline]
    pub fn clear(&mut self) {
        if self.slots.len() > Self::KEPT_SLOTS {
            *self = HashSet64::default();
            return;
        }
        // Each hash's cluster from its home slot on: together they cover every used slot
        // (a hash lies between its home and the cluster's end), and a walk stops at the
        // first empty slot, which a walk before it may have made.
        let mask = self.slots.len().wrapping_sub(1);
        for &hash in &self.hashes {
            let mut i = Self::home(hash, mask);
            while self.slots[i] != 0 {
                self.slots[i] = 0;
                i = (i + 1) & mask;
            }
        }
        self.hashes.clear();
    }

    /// The home slot of `hash`: its high bits.
    #[inline]
    fn home(hash: u64, mask: usize) -> usize {
        (hash >> 32) as usize & mask
    }

    /// The 32 bits of `hash` a slot holds; 0 marks an empty slot.
    #[inline]
    fn fingerprint(hash: u64) -> u32 {
        (hash as u32).max(1)
    }

    /// Whether the table has grown past [`KEPT_SLOTS`](Self::KEPT_SLOTS), out of a core's
    /// L2 cache: where a probe's cache miss costs enough to [`prefetch`](Self::prefetch).
    #[inline]
    pub fn is_large(&self) -> bool {
        self.slots.len() > Self::KEPT_SLOTS
    }

    /// Starts loading the slot [`insert`](Self::insert)`(hash)` reads first, without waiting
    /// for it (see [`prefetch`](super::prefetch())): a search that knows its children's hashes
    /// before it inserts them lets their cache misses overlap with its other work. Nothing
    /// when the table has no slots yet.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        if let Some(slot) = self.slots.get(Self::home(hash, self.slots.len().wrapping_sub(1))) {
            super::prefetch(slot);
        }
    }

    /// Inserts `hash`; false when it was already there. [`OutOfMemory`] (the set unchanged)
    /// when the allocator refuses to grow it.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] when the allocator refuses to grow the set; the set is unchanged.
    #[inline(always)]
    #[allow(clippy::inline_always)] // the greedy search's inner loop: with the `Result`, LLVM calls it
    pub fn insert(&mut self, hash: u64) -> Result<bool, OutOfMemory> {
        if (self.hashes.len() + 1) * 2 > self.slots.len() {
            self.grow()?;
        }
        let (mask, fingerprint) = (self.slots.len() - 1, Self::fingerprint(hash));
        let mut i = Self::home(hash, mask);
        loop {
            let slot = self.slots[i];
            if slot == fingerprint {
                return Ok(false);
            }
            if slot == 0 {
                push(&mut self.hashes, hash)?;
                self.slots[i] = fingerprint;
                return Ok(true);
            }
            i = (i + 1) & mask;
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self) -> Result<(), OutOfMemory> {
        self.slots = zeroed(Self::slots_for(self.hashes.len() + 1))?;
        let mask = self.slots.len() - 1;
        for (k, &hash) in self.hashes.iter().enumerate() {
            // The hashes are read in order but land at random: the slot of the one
            // `REHASH_AHEAD` on is loaded while this one is placed, so that the misses overlap.
            if let Some(&ahead) = self.hashes.get(k + super::REHASH_AHEAD) {
                super::prefetch(&self.slots[Self::home(ahead, mask)]);
            }
            let mut i = Self::home(hash, mask);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = Self::fingerprint(hash);
        }
        Ok(())
    }

    /// Slots of a table holding `n` hashes: a power of two at least twice `n`, and at least
    /// 2¹² (none for none).
    pub fn slots_for(n: usize) -> usize {
        if n == 0 { 0 } else { (n * 2).next_power_of_two().max(MIN_SLOTS) }
    }

    /// Bytes held at the peak while a set grown from empty goes from `n` to `n + extra`
    /// hashes: while it rehashes, the old slots and the new ones, and the list of hashes as
    /// [`grown_peak`] counts it. Computed from lengths (see
    /// [`bytes`](super::bytes)'s module docs for why).
    #[inline]
    pub fn peak(n: usize, extra: usize) -> usize {
        let slot = size_of::<u32>();
        let (before, after) = (Self::slots_for(n) * slot, Self::slots_for(n + extra) * slot);
        let slots = if before == after { after } else { before + after };
        slots + grown_peak::<u64>(n, extra)
    }

    /// The counts around `n` at which [`peak`](HashSet64::peak)`(n, extra)` is the same:
    /// `(first, last)`, inclusive (see [`grown_peak_span`]).
    pub fn peak_span(n: usize, extra: usize) -> (usize, usize) {
        // The counts a table of `slots` slots is sized for.
        let sized = |slots: usize| match slots {
            0 => (0, 0),
            MIN_SLOTS => (1, MIN_SLOTS / 2),
            _ => (slots / 4 + 1, slots / 2),
        };
        let ((b0, b1), (a0, a1)) = (sized(Self::slots_for(n)), sized(Self::slots_for(n + extra)));
        let (first, last) = grown_peak_span(n, extra);
        (first.max(b0).max(a0.saturating_sub(extra)), last.min(b1).min(a1 - extra))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Insertions across cleared rounds answer as std's set does: hashes drawn from few
        /// values so that most repeat, spread as a good hash is, and variants of each that
        /// differ only in the half the slots do not hold (their home slots 256 apart).
        #[test]
        fn matches_a_hash_set(rounds in prop::collection::vec(prop::collection::vec((0u64..3_000, 0u64..4), 0..5_000), 1..3)) {
            let mut set = HashSet64::default();
            for round in rounds {
                set.clear();
                prop_assert!(set.slots.iter().all(|&slot| slot == 0));
                let mut model = HashSet::new();
                for (low, high) in round {
                    let hash = low.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ high << 40;
                    prop_assert_eq!(set.insert(hash), Ok(model.insert(hash)));
                    prop_assert_eq!(set.len(), model.len());
                }
            }
        }
    }

    /// Every count of a span has its peak, and the counts just outside it another (but for
    /// the empty set's).
    #[test]
    fn peak_spans_are_exact() {
        for extra in [0, 1, 100] {
            for n in (0..20_000).step_by(7).chain([2_047, 2_048, 2_049, 4_096, 4_097]) {
                let (first, last) = HashSet64::peak_span(n, extra);
                let peak = HashSet64::peak(n, extra);
                assert!(first <= n && n <= last, "{n} {extra}");
                assert!((first..=last).all(|m| HashSet64::peak(m, extra) == peak), "{n} {extra}");
                assert!(first <= 1 || HashSet64::peak(first - 1, extra) != peak, "{n} {extra}");
                // Empty, the peak is the first growth alone, as with one element.
                assert!(last == 0 || HashSet64::peak(last + 1, extra) != peak, "{n} {extra}");
            }
        }
    }

    /// Tables up to the kept size are cleared in place, larger ones dropped.
    #[test]
    fn clear_keeps_small_tables_and_drops_large_ones() {
        let mut set = HashSet64::default();
        // Distinct, well-spread hashes: an odd multiplier permutes the 64-bit values.
        let spread = |i: usize| (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for i in 0..(HashSet64::KEPT_SLOTS / 2) {
            set.insert(spread(i)).unwrap();
        }
        assert_eq!(set.slots.len(), HashSet64::KEPT_SLOTS);
        assert!(set.bytes() <= HashSet64::peak(0, set.len()));
        set.clear();
        assert_eq!(set.slots.len(), HashSet64::KEPT_SLOTS, "kept");
        for i in 0..=(HashSet64::KEPT_SLOTS / 2) {
            set.insert(spread(i)).unwrap();
        }
        set.clear();
        assert_eq!(set.bytes(), 0, "dropped");
    }
}
