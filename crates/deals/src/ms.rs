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

/// The generator's multiplier: Microsoft C's `rand()`.
const MULTIPLIER: u32 = 214_013;
/// The generator's increment.
const INCREMENT: u32 = 2_531_011;

/// The Microsoft C run-time generator, with the draw chosen by the deal's range.
struct MsRand {
    state: u32,
    draw: Draw,
}

/// How a state becomes a draw: one rule for each range of deal numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Draw {
    /// Deals below 2^31: Microsoft's own 15-bit `rand()`.
    Low,
    /// Deals 2^31 … 2^32 − 1: the 15 bits with bit 15 set.
    High,
    /// Deals 2^32 and above: 16 bits plus one.
    Extended,
}

impl Draw {
    /// The three rules, in the order of their deal numbers.
    pub(crate) const ALL: [Draw; 3] = [Draw::Low, Draw::High, Draw::Extended];

    /// The seed and the draw rule of deal `deal`. The truncating casts are the seeding
    /// rule: the low 32 bits of n (or of n − 2^32).
    fn of_deal(deal: u64) -> (u32, Draw) {
        if deal < 1 << 31 {
            (deal as u32, Draw::Low)
        } else if deal < 1 << 32 {
            (deal as u32, Draw::High)
        } else {
            ((deal - (1 << 32)) as u32, Draw::Extended)
        }
    }

    /// The draw a new state gives.
    #[inline]
    pub(crate) fn of_state(self, state: u32) -> u32 {
        let bits = state >> 16;
        match self {
            Draw::Low => bits & 0x7fff,
            Draw::High => (bits & 0x7fff) | 0x8000,
            Draw::Extended => (bits & 0xffff) + 1,
        }
    }

    /// How many low bits of the state this rule's draws depend on: 31 for the 15-bit
    /// draws (the bits of an LCG modulo 2^32 never depend on higher ones, so bit 31 is
    /// never read), 32 for the 16-bit draw.
    pub(crate) fn state_bits(self) -> u32 {
        match self {
            Draw::Low | Draw::High => 31,
            Draw::Extended => 32,
        }
    }

    /// The deal with this draw rule whose seed agrees with `seed` in its
    /// [`state_bits`](Draw::state_bits) low bits, or `None` for seed 0 of the low range
    /// (deal 0 does not exist).
    pub(crate) fn deal(self, seed: u32) -> Option<u64> {
        let low31 = u64::from(seed & 0x7fff_ffff);
        match self {
            Draw::Low => (low31 != 0).then_some(low31),
            Draw::High => Some((1 << 31) + low31),
            Draw::Extended => Some((1 << 32) + u64::from(seed)),
        }
    }
}

/// An affine map of states, `state · mul + add (mod 2^32)`: some number of the generator's
/// steps, forwards or backwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Affine {
    mul: u32,
    add: u32,
}

impl Affine {
    /// One step of the generator.
    pub(crate) const STEP: Affine = Affine { mul: MULTIPLIER, add: INCREMENT };
    /// No step at all.
    const IDENTITY: Affine = Affine { mul: 1, add: 0 };

    /// The image of `state`.
    #[inline]
    pub(crate) fn apply(self, state: u32) -> u32 {
        state.wrapping_mul(self.mul).wrapping_add(self.add)
    }

    /// `self` and then `next`.
    fn then(self, next: Affine) -> Affine {
        Affine { mul: self.mul.wrapping_mul(next.mul), add: next.apply(self.add) }
    }

    /// `self` applied `times` times, by repeated squaring.
    pub(crate) fn repeat(self, mut times: u32) -> Affine {
        let (mut result, mut square) = (Affine::IDENTITY, self);
        while times > 0 {
            if times & 1 == 1 {
                result = result.then(square);
            }
            square = square.then(square);
            times >>= 1;
        }
        result
    }

    /// The map that undoes `self`. Every map of the generator's steps has an odd
    /// multiplier, which is invertible modulo 2^32.
    pub(crate) fn inverse(self) -> Affine {
        // Newton's iteration doubles the correct low bits of an odd number's inverse: an
        // odd x is its own inverse modulo 8 (3 bits), so four rounds give 48 ≥ 32.
        let mut inverse = self.mul;
        for _ in 0..4 {
            inverse = inverse.wrapping_mul(2u32.wrapping_sub(self.mul.wrapping_mul(inverse)));
        }
        Affine { mul: inverse, add: inverse.wrapping_mul(self.add).wrapping_neg() }
    }
}

impl MsRand {
    fn new(deal: u64) -> MsRand {
        let (state, draw) = Draw::of_deal(deal);
        MsRand { state, draw }
    }

    fn next(&mut self) -> u32 {
        self.state = Affine::STEP.apply(self.state);
        self.draw.of_state(self.state)
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
    fn affine_maps_step_and_undo_the_generator() {
        let mut rng = MsRand::new(617);
        for _ in 0..10 {
            rng.next();
        }
        assert_eq!(Affine::STEP.repeat(10).apply(617), rng.state);
        assert_eq!(Affine::STEP.repeat(10).inverse().apply(rng.state), 617);
        assert_eq!(Affine::STEP.repeat(0).apply(617), 617);
    }

    #[test]
    fn seeds_map_back_to_their_deals() {
        for n in [1, 617, (1 << 31) - 1, 1 << 31, (1 << 31) + 5, (1 << 32) - 1, 1 << 32, (1 << 33) - 1] {
            let (seed, draw) = Draw::of_deal(n);
            assert_eq!(draw.deal(seed), Some(n), "deal {n}");
        }
        assert_eq!(Draw::Low.deal(0), None);
        assert_eq!(Draw::Low.deal(1 << 31), None, "bit 31 is not part of a low seed");
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
