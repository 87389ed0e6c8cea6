//! `SplitMix64`, the workspace's one seedable generator: the Zobrist table is built from
//! it at compile time, seeded deals (`freecell-deals`) shuffle with it, evolution draws
//! from it, and the tests and benchmarks that need random positions use it.
//!
//! It lives in `freecell-core`, the crate every other FreeCell crate depends on, because
//! the Zobrist table needs it here and nothing below this crate could hold it.

/// `SplitMix64` (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): a 64-bit state advanced by a constant, then mixed.
///
/// ```text
/// state += 0x9e3779b97f4a7c15
/// z = state
/// z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
/// z = (z ^ (z >> 27)) * 0x94d049bb133111eb
/// output z ^ (z >> 31)                        (all arithmetic mod 2^64)
/// ```
///
/// It is small, fast, statistically sound for shuffling, and fully specified by the
/// lines above, which is what a stability promise needs: no dependency can change it.
/// It is not cryptographic.
///
/// # Examples
/// ```
/// use freecell_core::SplitMix64;
/// // The reference outputs for seed 1234567 (Rosetta Code, "Pseudo-random numbers/Splitmix64").
/// let mut rng = SplitMix64::new(1234567);
/// assert_eq!(rng.next_u64(), 6457827717110365317);
/// assert_eq!(rng.next_u64(), 3203168211198807973);
/// assert!(rng.below(52) < 52);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose state starts at `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The current state: `SplitMix64::new(rng.state())` continues the same sequence, so a
    /// generator can be saved (an evolution checkpoint) and restored.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::SplitMix64;
    /// let mut rng = SplitMix64::new(7);
    /// rng.next_u64();
    /// let mut copy = SplitMix64::new(rng.state());
    /// assert_eq!(copy.next_u64(), rng.next_u64());
    /// ```
    pub const fn state(&self) -> u64 {
        self.state
    }

    /// The next 64 random bits.
    #[inline]
    pub const fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform number in `0 .. n`, without modulo bias: outputs below `2^64 mod n` are
    /// drawn again, so the accepted outputs are an exact multiple of `n`, and the result is
    /// the accepted output `mod n`. The empty range `0 .. 0` has no member: `below(0)` is 0
    /// and draws nothing (a library function does not panic on its input).
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // 2^64 mod n, computed in 64 bits as (2^64 − n) mod n.
        let reject_under = n.wrapping_neg() % n;
        loop {
            let x = self.next_u64();
            if x >= reject_under {
                return x % n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The empty range gives 0 without drawing, rather than panicking.
    #[test]
    fn below_zero_is_zero_and_draws_nothing() {
        let mut rng = SplitMix64::new(5);
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.state(), 5);
    }

    #[test]
    fn splitmix64_reference_outputs() {
        // Rosetta Code, "Pseudo-random numbers/Splitmix64": the first five outputs for
        // seed 1234567, from the reference C implementation.
        let mut rng = SplitMix64::new(1_234_567);
        let expected = [
            6_457_827_717_110_365_317,
            3_203_168_211_198_807_973,
            9_817_491_932_198_370_423,
            4_593_380_528_125_082_431,
        ];
        for value in expected {
            assert_eq!(rng.next_u64(), value);
        }
        assert_eq!(rng.next_u64(), 16_408_922_859_458_223_821);
        // Seed 0's first output, which other SplitMix64 implementations' tests pin as well.
        assert_eq!(SplitMix64::new(0).next_u64(), 0xe220_a839_7b1d_cdaf);
    }

    #[test]
    fn below_stays_below_and_covers() {
        let mut rng = SplitMix64::new(9);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let x = rng.below(7);
            assert!(x < 7);
            seen[x as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(rng.below(1), 0);
        // A bound just above 2^63 rejects almost half the outputs; it must still end.
        assert!(rng.below((1 << 63) + 1) <= 1 << 63);
    }
}
