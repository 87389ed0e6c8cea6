//! Fallible growth and byte accounting for vectors, the one growth rule every container
//! here follows.
//!
//! A vector that is full grows to 1.5 times its capacity (at least 16 elements), which wastes
//! less than doubling, and it grows through `try_reserve`: when the allocator refuses, the
//! growth returns [`OutOfMemory`] and the vector is unchanged, so a search can end as if its
//! byte budget ran out instead of the process aborting.
//!
//! A budget asks one of two questions, and this module answers both:
//!
//! - **What is held now, and what would the next step add?** [`held`] (the capacity in
//!   bytes) and [`growth`] / [`reserve_growth`] (what [`push`] / [`reserve`] would add),
//!   exact, so that a budget is checked before anything grows. The search engines count this
//!   way.
//! - **What would a container grown from empty hold?** [`grown`] and [`grown_peak`] compute
//!   it from the length alone. A cache kept between searches holds whatever the largest
//!   search left in it; counting from lengths instead makes a byte limit stop a search at the
//!   same node whether the cache is warm or cold, so budgeted results and reported peaks
//!   reproduce. Engines whose caches outlive a search (the FreeCell solver's greedy stage)
//!   count this way.
//!
//! # Examples
//!
//! ```
//! use freecell_search::containers::bytes;
//!
//! let mut v: Vec<u32> = Vec::new();
//! assert_eq!(bytes::growth(&v), 16 * 4); // the first growth: 16 elements
//! bytes::push(&mut v, 7)?;
//! assert_eq!(bytes::held(&v), 16 * 4);
//! for i in 0..15 {
//!     bytes::push(&mut v, i)?;
//! }
//! assert_eq!(bytes::growth(&v), 8 * 4); // full: 16 → 24
//! // A cold vector holds what the model says it would.
//! assert_eq!(bytes::grown::<u32>(v.len()), bytes::held(&v));
//! # Ok::<(), freecell_search::containers::OutOfMemory>(())
//! ```

use std::fmt;
use std::mem::size_of;

use crate::{Limit, UndecidedReason};

/// The allocator refused the memory a container needed to grow; the container is as it
/// was, unless its method says otherwise.
///
/// A search that meets it ends as if its byte budget ran out: it converts into
/// [`UndecidedReason::Budget`]`(`[`Limit::Bytes`]`)`, so `?` carries it out of an engine.
///
/// # Examples
///
/// ```
/// use freecell_search::containers::{OutOfMemory, bytes};
/// use freecell_search::{Limit, UndecidedReason};
///
/// let mut huge: Vec<u64> = Vec::new();
/// assert_eq!(bytes::reserve_exact(&mut huge, usize::MAX / 2), Err(OutOfMemory));
/// assert_eq!(UndecidedReason::from(OutOfMemory), UndecidedReason::Budget(Limit::Bytes));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OutOfMemory;

impl fmt::Display for OutOfMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the allocator refused the memory a container needed to grow")
    }
}

impl std::error::Error for OutOfMemory {}

impl From<OutOfMemory> for UndecidedReason {
    #[inline]
    fn from(_: OutOfMemory) -> UndecidedReason {
        UndecidedReason::Budget(Limit::Bytes)
    }
}

/// The capacity a full vector of capacity `capacity` grows to: ×1.5, at least 16.
///
/// # Examples
///
/// ```
/// use freecell_search::containers::bytes::next_capacity;
/// assert_eq!(next_capacity(0), 16);
/// assert_eq!(next_capacity(16), 24);
/// ```
#[inline]
pub fn next_capacity(capacity: usize) -> usize {
    if capacity < 16 { 16 } else { capacity + capacity / 2 }
}

/// Bytes held by `v`'s buffer: its capacity, not its length.
///
/// # Examples
///
/// ```
/// let v: Vec<u16> = Vec::with_capacity(10);
/// assert_eq!(freecell_search::containers::bytes::held(&v), 20);
/// ```
#[inline]
pub fn held<T>(v: &Vec<T>) -> usize {
    v.capacity() * size_of::<T>()
}

/// Bytes the next [`push`] onto `v` adds: 0 unless `v` is full.
///
/// # Examples
///
/// ```
/// use freecell_search::containers::bytes;
/// let mut v: Vec<u8> = Vec::new();
/// assert_eq!(bytes::growth(&v), 16);
/// bytes::push(&mut v, 1)?;
/// assert_eq!(bytes::growth(&v), 0);
/// # Ok::<(), freecell_search::containers::OutOfMemory>(())
/// ```
#[inline]
pub fn growth<T>(v: &Vec<T>) -> usize {
    if v.len() == v.capacity() { (next_capacity(v.capacity()) - v.capacity()) * size_of::<T>() } else { 0 }
}

/// Pushes `x`, growing exactly as [`growth`] predicted; [`OutOfMemory`] (and `v` unchanged)
/// if the allocator refuses the growth.
///
/// # Examples
///
/// ```
/// let mut v = Vec::new();
/// freecell_search::containers::bytes::push(&mut v, 'a')?;
/// assert_eq!(v, ['a']);
/// # Ok::<(), freecell_search::containers::OutOfMemory>(())
/// ```
///
/// # Errors
///
/// [`OutOfMemory`] when the allocator refuses the growth; `v` is unchanged.
#[inline(always)]
#[allow(clippy::inline_always)] // in A*'s loop; with the `Result`, LLVM stopped inlining it
pub fn push<T>(v: &mut Vec<T>, x: T) -> Result<(), OutOfMemory> {
    room(v)?;
    v.push(x);
    Ok(())
}

/// Makes room for one more element (so that the next `push` does not reallocate), growing
/// as [`push`] does.
///
/// # Examples
///
/// ```
/// let mut v: Vec<u64> = Vec::new();
/// freecell_search::containers::bytes::room(&mut v)?;
/// assert_eq!(v.capacity(), 16);
/// # Ok::<(), freecell_search::containers::OutOfMemory>(())
/// ```
///
/// # Errors
///
/// [`OutOfMemory`] when the allocator refuses the growth; `v` is unchanged.
#[inline(always)]
#[allow(clippy::inline_always)] // see `push`
pub fn room<T>(v: &mut Vec<T>) -> Result<(), OutOfMemory> {
    if v.len() == v.capacity() { grow(v) } else { Ok(()) }
}

/// The growth of a full vector for [`push`], out of the hot path.
#[cold]
#[inline(never)]
fn grow<T>(v: &mut Vec<T>) -> Result<(), OutOfMemory> {
    let target = next_capacity(v.capacity());
    reserve_exact(v, target - v.len())
}

/// The capacity [`reserve`] gives `v` for `extra` more elements, if it must grow.
#[inline]
fn reserved_capacity<T>(v: &Vec<T>, extra: usize) -> Option<usize> {
    (v.capacity() - v.len() < extra).then(|| next_capacity(v.capacity()).max(v.len() + extra))
}

/// Makes room for `extra` more elements: if `v` has less spare room, it grows as a full
/// vector would (×1.5), or to exactly `extra` spare elements if that is more. For scratch
/// buffers filled by code that cannot fail (a move generation appending to a buffer), made
/// ready before it runs. [`OutOfMemory`] (and `v` unchanged) if the allocator refuses.
///
/// # Examples
///
/// ```
/// use freecell_search::containers::bytes;
/// let mut moves: Vec<u8> = Vec::new();
/// assert_eq!(bytes::reserve_growth(&moves, 256), 256);
/// bytes::reserve(&mut moves, 256)?;
/// assert_eq!(moves.capacity(), 256);
/// # Ok::<(), freecell_search::containers::OutOfMemory>(())
/// ```
///
/// # Errors
///
/// [`OutOfMemory`] when the allocator refuses the growth; `v` is unchanged.
#[inline]
pub fn reserve<T>(v: &mut Vec<T>, extra: usize) -> Result<(), OutOfMemory> {
    match reserved_capacity(v, extra) {
        Some(target) => reserve_exact(v, target - v.len()),
        None => Ok(()),
    }
}

/// Bytes that [`reserve`]`(v, extra)` adds.
#[inline]
pub fn reserve_growth<T>(v: &Vec<T>, extra: usize) -> usize {
    reserved_capacity(v, extra).map_or(0, |target| (target - v.capacity()) * size_of::<T>())
}

/// `v.try_reserve_exact(additional)`, failing with [`OutOfMemory`].
///
/// # Examples
///
/// ```
/// let mut v: Vec<u32> = Vec::new();
/// freecell_search::containers::bytes::reserve_exact(&mut v, 10)?;
/// assert!(v.capacity() >= 10);
/// # Ok::<(), freecell_search::containers::OutOfMemory>(())
/// ```
///
/// # Errors
///
/// [`OutOfMemory`] when the allocator refuses the growth (or it would overflow `isize::MAX`
/// bytes); `v` is unchanged.
#[inline]
pub fn reserve_exact<T>(v: &mut Vec<T>, additional: usize) -> Result<(), OutOfMemory> {
    v.try_reserve_exact(additional).map_err(|_| OutOfMemory)
}

/// A vector of `n` default values (zeros, for the integer slots of a hash table), or
/// [`OutOfMemory`].
///
/// Unlike `vec![0; n]` it writes the zeros (there is no fallible `calloc` in stable Rust);
/// the tables built on it write most of their slots right after, so the pages are touched
/// either way.
///
/// # Examples
///
/// ```
/// let slots: Vec<u32> = freecell_search::containers::bytes::zeroed(4)?;
/// assert_eq!(slots, [0; 4]);
/// # Ok::<(), freecell_search::containers::OutOfMemory>(())
/// ```
///
/// # Errors
///
/// [`OutOfMemory`] when the allocator refuses the `n` values.
pub fn zeroed<T: Copy + Default>(n: usize) -> Result<Vec<T>, OutOfMemory> {
    let mut v = Vec::new();
    reserve_exact(&mut v, n)?;
    v.resize(n, T::default());
    Ok(v)
}

/// The capacity of a vector grown from empty to `len` elements by [`push`].
///
/// # Examples
///
/// ```
/// use freecell_search::containers::bytes::grown_capacity;
/// assert_eq!([0, 1, 16, 17, 25].map(grown_capacity), [0, 16, 16, 24, 36]);
/// ```
pub fn grown_capacity(len: usize) -> usize {
    if len <= 16 {
        return if len == 0 { 0 } else { 16 };
    }
    // Engines call this at every node they expand, so two comparisons, not a search: the
    // capacities at least 1.5 times apart, one of three holds the lengths of a bit length.
    let start = usize::from(FIRST[(usize::BITS - (len - 1).leading_zeros()) as usize]);
    CAPACITIES[start + usize::from(CAPACITIES[start] < len) + usize::from(CAPACITIES[start + 1] < len)]
}

/// Places in [`CAPACITIES`]: 110 reach `usize::MAX` (16 · 1.5^109 > 2^64).
const PLACES: usize = 110;

/// Every capacity [`push`] gives a vector grown from empty, in order: 16, 24, 36, 54, …,
/// saturating at `usize::MAX`, which no allocation reaches.
static CAPACITIES: [usize; PLACES] = {
    let mut table = [0; PLACES];
    let mut capacity = 16usize;
    let mut i = 0;
    while i < PLACES {
        table[i] = capacity;
        // `next_capacity`, saturating (`usize` is 32 bits on some targets).
        capacity = capacity.saturating_add(capacity / 2);
        i += 1;
    }
    table
};

/// `FIRST[b]`: the first place in [`CAPACITIES`] that holds a length whose predecessor has
/// bit length `b` (a length in `2^(b−1) + 1 ..= 2^b`). The capacity for such a length is
/// at that place or one of the next two: two places on, a capacity has grown 2.25 times.
static FIRST: [u8; usize::BITS as usize + 1] = {
    let mut table = [0; usize::BITS as usize + 1];
    let mut bits = 1;
    while bits <= usize::BITS as usize {
        let least = (1usize << (bits - 1)) + 1;
        let mut i = 0;
        while CAPACITIES[i] < least {
            i += 1;
        }
        table[bits] = i as u8;
        bits += 1;
    }
    table
};

/// Bytes held by a `Vec<T>` grown from empty to `len` elements by [`push`] (see the module
/// docs for why a warm cache is counted this way).
#[inline]
pub fn grown<T>(len: usize) -> usize {
    grown_capacity(len) * size_of::<T>()
}

/// Bytes held, at the peak, while a `Vec<T>` grown by [`push`] goes from `len` to
/// `len + extra` elements: the final buffer plus, when it had to grow, the one it started
/// in, which is freed only once its elements are moved.
///
/// # Examples
///
/// ```
/// use freecell_search::containers::bytes::grown_peak;
/// assert_eq!(grown_peak::<u32>(1, 5), 16 * 4); // within the first 16
/// assert_eq!(grown_peak::<u32>(16, 1), (16 + 24) * 4); // 16 → 24: both held
/// ```
#[inline]
pub fn grown_peak<T>(len: usize, extra: usize) -> usize {
    let (before, after) = (grown::<T>(len), grown::<T>(len + extra));
    if before == after { after } else { before + after }
}

/// The lengths around `len` at which [`grown_peak`]`::<T>(len, extra)` is the same, for any
/// `T`: `(first, last)`, inclusive. An engine that counts its peak before every step counts
/// it again only when a length leaves its span, and a depth-first search's lengths go down
/// as often as up.
///
/// # Examples
///
/// ```
/// use freecell_search::containers::bytes::{grown_peak, grown_peak_span};
/// assert_eq!(grown_peak_span(5, 1), (1, 15)); // within the first 16
/// assert_eq!(grown_peak_span(16, 1), (16, 16)); // 16 → 24
/// assert_eq!(grown_peak::<u32>(17, 1), grown_peak::<u32>(23, 1));
/// assert_eq!(grown_peak_span(20, 1), (17, 23));
/// ```
pub fn grown_peak_span(len: usize, extra: usize) -> (usize, usize) {
    let (before, after) = (grown_capacity(len), grown_capacity(len + extra));
    (first_holding(before).max(first_holding(after).saturating_sub(extra)), before.min(after - extra))
}

/// The least length whose grown capacity is `capacity` (0 or one of [`CAPACITIES`]).
fn first_holding(capacity: usize) -> usize {
    match CAPACITIES.partition_point(|&c| c < capacity) {
        _ if capacity == 0 => 0,
        0 => 1,
        i => CAPACITIES[i - 1] + 1,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Every push grows by what `growth` said, and a vector pushed from empty holds what
        /// the model says, at every length and at every growth's peak.
        #[test]
        fn pushes_grow_as_predicted_and_modelled(len in 0usize..2_000) {
            let mut v: Vec<u32> = Vec::new();
            for i in 0..len {
                let (before, predicted) = (held(&v), growth(&v));
                let peak = grown_peak::<u32>(v.len(), 1);
                push(&mut v, i as u32).unwrap();
                prop_assert_eq!(held(&v) - before, predicted);
                prop_assert_eq!(held(&v), grown::<u32>(v.len()));
                let both = if predicted > 0 { before + held(&v) } else { held(&v) };
                prop_assert_eq!(peak, both);
            }
        }

        /// `reserve` leaves the room asked for and grows by what `reserve_growth` said.
        #[test]
        fn reserve_grows_as_predicted(len in 0usize..300, extra in 0usize..300) {
            let mut v: Vec<u16> = Vec::new();
            v.extend((0..len).map(|i| i as u16));
            let (before, predicted) = (held(&v), reserve_growth(&v, extra));
            reserve(&mut v, extra).unwrap();
            prop_assert!(v.capacity() - v.len() >= extra);
            prop_assert_eq!(held(&v) - before, predicted);
        }
    }

    /// Every length of a span has its peak, and the lengths just outside it another (but
    /// for the empty container's).
    #[test]
    fn grown_peak_spans_are_exact() {
        for extra in [0, 1, 7, 256] {
            for len in 0..3_000 {
                let (first, last) = grown_peak_span(len, extra);
                let peak = grown_peak::<u8>(len, extra);
                assert!(first <= len && len <= last, "{len} {extra}");
                assert!((first..=last).all(|l| grown_peak::<u8>(l, extra) == peak), "{len} {extra}");
                assert!(first <= 1 || grown_peak::<u8>(first - 1, extra) != peak, "{len} {extra}");
                // Empty, the peak is the first growth alone, as with one element.
                assert!(last == 0 || grown_peak::<u8>(last + 1, extra) != peak, "{len} {extra}");
            }
        }
    }

    /// The table behind `grown_capacity` is the sequence `next_capacity` makes.
    #[test]
    fn grown_capacities_follow_the_growth_rule() {
        let mut capacity = 0;
        for len in 0..200_000 {
            if capacity < len {
                capacity = next_capacity(capacity);
            }
            assert_eq!(grown_capacity(len), capacity, "at {len}");
        }
        // Far lengths: the least capacity of the sequence that holds them.
        for len in [usize::MAX, usize::MAX / 3, 1 << 40, (1 << 40) + 1] {
            let capacity = grown_capacity(len);
            assert!(capacity >= len && CAPACITIES.contains(&capacity), "at {len}");
            assert!(CAPACITIES.iter().all(|&c| c >= capacity || c < len), "at {len}");
        }
    }

    #[test]
    fn a_refused_growth_leaves_the_vector_as_it_was() {
        let mut v: Vec<u64> = vec![1, 2, 3];
        let capacity = v.capacity();
        assert_eq!(reserve(&mut v, usize::MAX / 16), Err(OutOfMemory));
        assert_eq!((v.as_slice(), v.capacity()), (&[1, 2, 3][..], capacity));
    }
}
