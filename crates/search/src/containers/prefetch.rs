//! [`prefetch`] and [`prefetch_whole`]: hints that a value will soon be read.

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
pub fn prefetch<T>(value: &T) {
    line(std::ptr::from_ref(value).cast());
}

/// [`prefetch`] for a value that may span several cache lines (a board of 128 bytes spans
/// two or three): the lines holding its first byte, each 64th on, and its last.
#[inline(always)]
#[allow(clippy::inline_always)] // a few instructions, in the searches' inner loops
pub fn prefetch_whole<T>(value: &T) {
    const LINE: usize = 64;
    let start: *const u8 = std::ptr::from_ref(value).cast();
    let size = size_of::<T>();
    for offset in (0..size).step_by(LINE) {
        line(start.wrapping_add(offset));
    }
    if size > 1 && !(size - 1).is_multiple_of(LINE) {
        line(start.wrapping_add(size - 1));
    }
}

/// The prefetch instruction for the line holding `address`, an address within a value.
#[inline(always)]
#[allow(clippy::inline_always)]
#[allow(unsafe_code)]
fn line(address: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint: it never faults, reads nothing into the program and
    // accepts any address (here one within a valid reference's value).
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(address.cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}
