//! Zobrist hashing of the `below` codes: one random word per (card, code) pair.
//!
//! The table is built at compile time from `SplitMix64`, so hashes are the same in every run
//! and on every platform. They are not a stability contract across versions of this crate.

use crate::SplitMix64;

/// `TABLE[card][code]`; 64 × 64 so that masked indexes stay in bounds.
static TABLE: [[u64; 64]; 64] = build();

// Evaluated at compile time only, so the large local never touches a runtime stack.
#[allow(clippy::large_stack_arrays)]
const fn build() -> [[u64; 64]; 64] {
    let mut table = [[0; 64]; 64];
    let mut i = 0;
    while i < 64 * 64 {
        // Distinct inputs per entry; the multiplier spreads consecutive indexes.
        table[i / 64][i % 64] = SplitMix64::new((i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D)).next_u64();
        i += 1;
    }
    table
}

/// The word for `card` lying on `code`.
#[inline]
pub(crate) fn code(card: u8, code: u8) -> u64 {
    TABLE[usize::from(card & 63)][usize::from(code & 63)]
}

/// The hash of a whole `below` array, computed from scratch.
pub(crate) fn hash_codes(below: &[u8]) -> u64 {
    below.iter().take(52).enumerate().fold(0, |h, (card, &c)| h ^ code(card as u8, c))
}
