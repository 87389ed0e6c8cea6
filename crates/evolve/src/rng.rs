//! The run's random numbers: one seeded generator, drawn from in a fixed order.

use freecell_deals::SplitMix64;

/// A seeded generator (`SplitMix64`) with the draws evolution needs. Its whole state is one
/// `u64`, saved in checkpoints, so a resumed run draws exactly what the uninterrupted run
/// would have.
///
/// # Examples
/// ```
/// use freecell_evolve::Rng;
/// let mut a = Rng::new(7);
/// let mut b = Rng::from_state(a.state());
/// assert_eq!(a.unit(), b.unit());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(SplitMix64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        // Mix the seed once so that seeds 0, 1, 2 … start far apart.
        let mut mixer = SplitMix64::new(seed);
        Rng(SplitMix64::new(mixer.next_u64()))
    }

    /// The generator whose state is `state` (see [`state`](Self::state)).
    pub fn from_state(state: u64) -> Rng {
        Rng(SplitMix64::new(state))
    }

    /// The state, to save.
    pub fn state(&self) -> u64 {
        self.0.state()
    }

    /// A uniform number in `[0, 1)`, with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A uniform index in `0 .. n`; 0 when `n` is 0 (see [`SplitMix64::below`]).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
}
