//! Byte accounting for the solver's own engines (`bestfirst`, `goals`).
//!
//! Sizes are computed from *lengths*, as the memory a cold cache would hold after the same
//! insertions (std's vectors double from 4 elements; std's hash tables keep a power-of-two
//! number of buckets at most 7/8 full, one control byte per bucket plus a 16-byte group of
//! padding). A warm cache may hold more capacity than that, but computing the figure this way
//! makes a `max_bytes` limit stop a search at the same node whether or not the cache is warm,
//! so budgeted results reproduce.

use std::collections::HashSet;
use std::hash::{BuildHasher, Hash};

use freecell_search::{Limit, UndecidedReason};

/// How a search ends when the allocator refuses memory: as when its byte limit is reached.
/// The engines' growth is fallible (`try_reserve`), so that a refusal ends the search
/// rather than aborting the process.
pub(crate) const NO_MEMORY: UndecidedReason = UndecidedReason::Budget(Limit::Bytes);

/// Pushes `x`, growing as `Vec::push` does; [`NO_MEMORY`] (and `v` unchanged) if the
/// allocator refuses.
#[inline]
pub(crate) fn push<T>(v: &mut Vec<T>, x: T) -> Result<(), UndecidedReason> {
    room(v, 1)?;
    v.push(x);
    Ok(())
}

/// Makes room for `extra` more elements, growing as std's amortised growth does (so the
/// capacities stay those [`vec_bytes`] models); [`NO_MEMORY`] if the allocator refuses.
#[inline]
pub(crate) fn room<T>(v: &mut Vec<T>, extra: usize) -> Result<(), UndecidedReason> {
    if v.capacity() - v.len() < extra { grow(v, extra) } else { Ok(()) }
}

#[cold]
#[inline(never)]
fn grow<T>(v: &mut Vec<T>, extra: usize) -> Result<(), UndecidedReason> {
    v.try_reserve(extra).map_err(|_| NO_MEMORY)
}

/// Makes room in `set` for one more element, growing as an insertion would;
/// [`NO_MEMORY`] if the allocator refuses.
#[inline]
pub(crate) fn set_room<T: Eq + Hash, S: BuildHasher>(set: &mut HashSet<T, S>) -> Result<(), UndecidedReason> {
    if set.len() == set.capacity() { grow_set(set) } else { Ok(()) }
}

#[cold]
#[inline(never)]
fn grow_set<T: Eq + Hash, S: BuildHasher>(set: &mut HashSet<T, S>) -> Result<(), UndecidedReason> {
    set.try_reserve(1).map_err(|_| NO_MEMORY)
}

/// A vector of `n` zeros, or [`NO_MEMORY`]. It writes the zeros (stable Rust has no
/// fallible `calloc`); the tables built on it write most slots right after anyway.
pub(crate) fn try_zeroed<T: Copy + Default>(n: usize) -> Result<Vec<T>, UndecidedReason> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| NO_MEMORY)?;
    v.resize(n, T::default());
    Ok(v)
}

/// Bytes of a `Vec<T>` grown from empty to `len` elements.
pub(crate) fn vec_bytes<T>(len: usize) -> usize {
    vec_capacity(len) * size_of::<T>()
}

/// The capacity of a `Vec` grown one push at a time to `len` (0, then 4, 8, 16, …).
fn vec_capacity(len: usize) -> usize {
    if len == 0 { 0 } else { len.next_power_of_two().max(4) }
}

/// Bytes of a `HashSet<T>` grown from empty to `len` elements.
pub(crate) fn set_bytes<T>(len: usize) -> usize {
    let buckets = set_buckets(len);
    if buckets == 0 { 0 } else { buckets * (size_of::<T>() + 1) + 16 }
}

/// Buckets of a std hash table holding `len` elements after growing from empty.
fn set_buckets(len: usize) -> usize {
    match len {
        0 => 0,
        1..=3 => 4,
        4..=7 => 8,
        _ => (len * 8 / 7).next_power_of_two(),
    }
}

/// Bytes held *during* the insertion that makes a `Vec<T>` or `HashSet<T>` (`set`) reach
/// `len` elements: the new allocation plus, when that insertion reallocates, the old one,
/// which lives until its elements are moved.
pub(crate) fn peak_after_push<T>(len: usize, set: bool) -> usize {
    let (before, after) = if set {
        (set_bytes::<T>(len - 1), set_bytes::<T>(len))
    } else {
        (vec_bytes::<T>(len - 1), vec_bytes::<T>(len))
    };
    if before == after { after } else { before + after }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// The model matches std's growth on this toolchain; if std changes, this test says so
    /// (the figures are then estimates, and the limit is still checked before each growth).
    #[test]
    fn model_matches_std_growth() {
        let mut v: Vec<u64> = Vec::new();
        let mut s: HashSet<u64> = HashSet::new();
        for i in 0..5_000u64 {
            v.push(i);
            s.insert(i);
            let n = v.len();
            assert_eq!(vec_bytes::<u64>(n), v.capacity() * 8, "vec at {n}");
            // std keeps `buckets − 1` usable slots below 8 buckets and 7/8 of them above.
            let buckets = set_buckets(n);
            let usable = if buckets <= 8 { buckets - 1 } else { buckets / 8 * 7 };
            assert_eq!(s.capacity(), usable, "set at {n}");
        }
    }

    #[test]
    fn a_push_that_reallocates_counts_both_allocations() {
        assert_eq!(peak_after_push::<u32>(5, false), 16 + 32);
        assert_eq!(peak_after_push::<u32>(6, false), 32);
    }
}
