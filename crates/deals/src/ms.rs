//! The Microsoft shuffle with FreeCell Pro's extension to 2^33 − 1.
//!
//! Microsoft C's `rand()`: a 32-bit LCG `state = state · 214013 + 2531011 (mod 2^32)`
//! whose draw is bits 16 … 30 of the new state. FreeCell Pro extends the numbering in two
//! steps, each needing a different draw so that no deal repeats:
//!
//! | deal number n        | seed      | draw                                   |
//! |----------------------|-----------|----------------------------------------|
//! | 1 … 2^31 − 1         | n         | `(state >> 16) & 0x7fff`               |
//! | 2^31 … 2^32 − 1      | n         | `((state >> 16) & 0x7fff) \| 0x8000`   |
//! | 2^32 … 2^33 − 1      | n − 2^32  | `((state >> 16) & 0xffff) + 1`         |

use freecell_core::Card;

/// The Microsoft C run-time generator, with the draw chosen by the deal's range.
struct MsRand {
    state: u32,
    draw: Draw,
}

#[derive(Clone, Copy)]
enum Draw {
    /// Deals below 2^31: Microsoft's own 15-bit `rand()`.
    Low,
    /// Deals 2^31 … 2^32 − 1: the 15 bits with bit 15 set.
    High,
    /// Deals 2^32 and above: 16 bits plus one.
    Extended,
}

impl MsRand {
    fn new(deal: u64) -> MsRand {
        // The truncating casts are the seeding rule: the low 32 bits of n (or of n − 2^32).
        if deal < 1 << 31 {
            MsRand { state: deal as u32, draw: Draw::Low }
        } else if deal < 1 << 32 {
            MsRand { state: deal as u32, draw: Draw::High }
        } else {
            MsRand { state: (deal - (1 << 32)) as u32, draw: Draw::Extended }
        }
    }

    fn next(&mut self) -> u32 {
        self.state = self.state.wrapping_mul(214_013).wrapping_add(2_531_011);
        let bits = self.state >> 16;
        match self.draw {
            Draw::Low => bits & 0x7fff,
            Draw::High => (bits & 0x7fff) | 0x8000,
            Draw::Extended => (bits & 0xffff) + 1,
        }
    }
}

/// The 52 cards of deal `deal` in dealing order. `deal` must be 1 … 2^33 − 1 (the caller,
/// [`DealNumber`](crate::DealNumber), guarantees it); other values give some permutation.
pub(crate) fn deal(deal: u64) -> [Card; 52] {
    let mut deck: [Card; 52] = std::array::from_fn(|i| card(i as u8));
    let mut rng = MsRand::new(deal);
    let mut dealt = [card(0); 52];
    for (i, slot) in dealt.iter_mut().enumerate() {
        let left = 52 - i;
        let j = rng.next() as usize % left;
        *slot = deck[j];
        deck[j] = deck[left - 1];
    }
    dealt
}

/// The card with deck index `index` < 52.
pub(crate) fn card(index: u8) -> Card {
    Card::from_index(index).expect("deck indices below 52 are cards")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_draws_of_seed_1_are_microsoft_rand() {
        // Microsoft C's rand() after srand(1) starts 41, 18467, 6334 (as every C programmer
        // who has printed it knows; the same values as glibc's TYPE_0 generator).
        let mut rng = MsRand::new(1);
        assert_eq!([rng.next(), rng.next(), rng.next()], [41, 18467, 6334]);
    }

    #[test]
    fn draws_by_range() {
        let mut high = MsRand::new(1 << 31);
        assert!((0x8000..=0xffff).contains(&high.next()));
        let mut extended = MsRand::new(1 << 32);
        // Seeded with 0: state 2531011 = 0x269EC3, so the draw is 0x26 + 1.
        assert_eq!(extended.next(), 0x26 + 1);
    }

    #[test]
    fn every_deal_is_a_permutation() {
        for n in [1, 2, 1000, (1 << 31) - 1, 1 << 31, (1 << 32) - 1, 1 << 32, (1 << 33) - 1] {
            let mut seen = [false; 52];
            for c in deal(n) {
                assert!(!seen[c.index()], "deal {n} repeats {c}");
                seen[c.index()] = true;
            }
        }
    }
}
