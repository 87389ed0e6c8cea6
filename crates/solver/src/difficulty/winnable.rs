//! Winnable deals on demand: seeded random deal numbers, each rated, until one of the asked
//! tier is won.

use freecell_core::{Board, SplitMix64};
use thiserror::Error;

use crate::SolveError;
use crate::difficulty::{Rater, Rating, Tier};

/// A winnable deal: its number, its board and its rating (with the solution).
#[derive(Clone, Debug, PartialEq)]
pub struct WinnableDeal {
    /// The deal's number.
    pub number: u64,
    /// Its board.
    pub board: Board,
    /// Its rating; its tier is never [`Tier::Lost`] nor `None`.
    pub rating: Rating,
}

impl WinnableDeal {
    /// The solution with the deal's own free cells.
    ///
    /// # Panics
    /// Never: the iterator yields only deals won with their own cells.
    pub fn solution(&self) -> &crate::Solution {
        self.rating.solution(&self.board).expect("a winnable deal's own rung is won")
    }
}

/// [`WinnableDeals::tier`] was asked for lost deals, which are never winnable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("a winnable deal is never of the tier lost")]
pub struct LostTierError;

/// An endless iterator of winnable deals: deal numbers drawn uniformly from `1 ..= last`
/// with a [`SplitMix64`] seeded by the caller, each dealt by the caller's function and
/// rated; a deal whose tier is not the one asked for (or not decided) is skipped, as soon
/// as its measures so far rule that tier out. The deals yielded, and their ratings, are
/// those [`Rater::rate`] gives.
///
/// It ends only when the rater's solver is cancelled ([`Solver::cancel`](crate::Solver::cancel)):
/// a cancelled solve proves nothing, so every deal would be skipped. The deal being rated
/// then is dropped; once the flag is cleared, the next call draws the deal after it.
///
/// # Examples
/// ```
/// use freecell_deals::DealNumber;
/// use freecell_solver::difficulty::{Rater, Tier, WinnableDeals};
/// use freecell_solver::{Preset, Solver};
///
/// let rater = Rater::new(Solver::new(Preset::Fast));
/// let ms = |n| DealNumber::new(n).expect("drawn in range").board();
/// let mut deals = WinnableDeals::new(rater, 7, DealNumber::MAX.get(), ms).tier(Tier::Easy)?;
/// let deal = deals.next().expect("endless")?;
/// assert_eq!(deal.rating.tier, Some(Tier::Easy));
/// assert!(freecell_core::replay(&deal.board, &deal.solution().moves)?.is_won());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct WinnableDeals<F> {
    rater: Rater,
    tier: Option<Tier>,
    rng: SplitMix64,
    last: u64,
    deal: F,
}

impl<F: FnMut(u64) -> Board> WinnableDeals<F> {
    /// Deals of any winnable tier, numbers drawn from `1 ..= last` by a [`SplitMix64`]
    /// seeded with `seed`, dealt by `deal` and rated by `rater`.
    pub fn new(rater: Rater, seed: u64, last: u64, deal: F) -> WinnableDeals<F> {
        WinnableDeals { rater, tier: None, rng: SplitMix64::new(seed), last, deal }
    }

    /// Only deals of `tier`.
    ///
    /// # Errors
    /// [`LostTierError`] for [`Tier::Lost`].
    pub fn tier(mut self, tier: Tier) -> Result<WinnableDeals<F>, LostTierError> {
        if tier == Tier::Lost {
            return Err(LostTierError);
        }
        self.tier = Some(tier);
        Ok(self)
    }
}

impl<F: FnMut(u64) -> Board> Iterator for WinnableDeals<F> {
    type Item = Result<WinnableDeal, SolveError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.rater.solver().is_cancelled() {
                return None;
            }
            let number = 1 + self.rng.below(self.last);
            let board = (self.deal)(number);
            let asked = self.tier;
            let skip = |(low, high): (Tier, Tier)| asked.is_some_and(|asked| asked < low || asked > high);
            let rating = match self.rater.rate_unless(&board, skip) {
                Ok(rating) => rating,
                Err(error) => return Some(Err(error)),
            };
            let wanted = match (rating.tier, self.tier) {
                (None | Some(Tier::Lost), _) => false,
                (Some(tier), Some(asked)) => tier == asked,
                (Some(_), None) => true,
            };
            if wanted {
                return Some(Ok(WinnableDeal { number, board, rating }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    use freecell_deals::DealNumber;

    use super::*;
    use crate::{Preset, Solver};

    /// A cancelled solve proves nothing, so without the check every deal would be skipped
    /// and `next` would never return.
    #[test]
    fn a_cancelled_solver_ends_the_drawing_until_the_flag_is_cleared() {
        let flag = Arc::new(AtomicBool::new(true));
        let rater = Rater::new(Solver::new(Preset::Fast).max_nodes(200_000).cancel(Arc::clone(&flag)));
        let ms = |n| DealNumber::new(n).expect("drawn in range").board();
        let mut deals = WinnableDeals::new(rater, 7, 32_000, ms);
        assert!(deals.next().is_none());
        flag.store(false, Ordering::Relaxed);
        let deal = deals.next().expect("endless once the flag is cleared").expect("no solver error");
        assert!(freecell_core::replay(&deal.board, &deal.solution().moves).is_ok_and(|end| end.is_won()));
    }
}
