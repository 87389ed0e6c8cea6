//! [`prefetch`]: a hint that the cache line holding a value will soon be read.

/// Asks the processor to bring the cache line holding `*value` into its caches, without
/// waiting for it: a hash table's probe issued after this, with other work between, finds
/// its slot loaded instead of waiting for the miss, and several such misses overlap.
///
/// An ordinary load whose value goes unused either waits for the miss where it stands or
/// is removed by the compiler (`std::hint::black_box` of a reference need not load at all);
/// the prefetch instruction does neither. `core::hint::prefetch_read`, the portable form, is
/// unstable in Rust 1.95, hence `_mm_prefetch` on x86-64; elsewhere this does nothing.
#[inline(always)]
#[allow(clippy::inline_always)] // one instruction in the searches' inner loops
#[allow(unsafe_code)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint: it never faults, reads nothing into the program and
    // accepts any address (here a valid reference's).
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
