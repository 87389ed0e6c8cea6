//! [`DealFinder`]: from a position to the Microsoft deals it can have been played from.
//!
//! The shuffle's generator has a 32-bit state, and each draw reads bits 16 … 30 (16 … 31
//! above 2^32) of it, reduced modulo the cards left; below 2^32 bit 31 never matters, as
//! an LCG's low bits never depend on its high ones. The first draw the position fixes
//! therefore leaves about 2^31 / 52 states in each of the two lower ranges of deal numbers
//! and 2^32 / 52 in the third: every low half with each high half that gives the right
//! remainder. Each later draw the position fixes
//! keeps about one state in `52 − step`, so a handful of them leaves only the true deal's
//! state, which runs back to its seed and so to its deal number. (fc-solve's
//! `find-freecell-deal-index`, in shlomif/fc-solve `fc-solve/source/board_gen/`, instead
//! tries the deal numbers in turn against a whole deal's draws, in C or on a GPU.) Any draw
//! the position fixes will do, and every candidate is dealt and compared with the position
//! before it is reported.

mod draws;
mod states;
mod trusted;

use std::num::NonZeroUsize;

use freecell_core::Board;
use thiserror::Error;

use crate::DealNumber;
use trusted::{CASCADES, Trusted};

/// The most deals the known draws may leave on average (before each is dealt and compared)
/// for [`DealFinder::find`] to search: dealing a million candidates takes a fraction of a
/// second, and a position that leaves more tells too little to be worth a list of them.
const MOST_CANDIDATES: u64 = 1 << 20;

/// Finds the Microsoft deals (1 … 8,589,934,591) that a FreeCell position can have been
/// played from: a deal as dealt, or a position reached from one by moving cards to free
/// cells, foundations and other cascades.
///
/// # What it can place
/// Play only takes cards off the tops of cascades and puts them on a card they build on
/// (under the position's [rules](freecell_core::Rules): a FreeCell position builds in
/// alternating colours, a Baker's Game one in suit) or into an empty cascade. So the cards
/// at the bottom of each cascade, up to the highest card that does not build on the one
/// below it, must lie where the deal put them; these *trusted* cards are all the finder
/// relies on. A deal is reported exactly when it puts every trusted card where it lies,
/// so that every other card lies where play can have put it: in a free cell, on its
/// foundation, or in a built run on a trusted card or in an emptied cascade. That makes
/// the deal consistent with the position; whether the moves between them exist is a
/// question for a solver.
///
/// A whole deal, and a position a few dozen moves into one, trusts most of its cards and
/// is placed in a fraction of a second. A position whose cascades hold few trusted cards
/// is not: when they fix too few of the shuffle's draws to narrow the 8.6 billion deals to
/// about a million (2^20; each draw divides them by the 52 − step cards left), the finder
/// answers [`FindDealError::TooFewDealtCards`] instead of searching. The positions it
/// cannot place are those whose cascades have mostly been emptied or rebuilt from the
/// bottom, typically well past the middle of a game; a position that keeps a few trusted
/// cards may fit several deals, and all are listed. Eight Off positions are placed too
/// (this crate deals Eight Off's first 48 cards into eight cascades as FreeCell does);
/// other layouts, such as Seahaven Towers' ten cascades, are errors.
///
/// # Examples
/// ```
/// use freecell_core::verify;
/// use freecell_deals::{DealFinder, DealNumber};
///
/// let deal = DealNumber::try_from(617)?;
/// let finder = DealFinder::new();
/// assert_eq!(finder.find(&deal.board())?, [deal]);
///
/// // Eight moves into the game: still deal 617.
/// let played = verify(&deal.board(), "4a 46 2b 21 41 4c 4d 4h")?.board;
/// assert_eq!(finder.find(&played)?, [deal]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealFinder {
    threads: NonZeroUsize,
}

impl Default for DealFinder {
    fn default() -> Self {
        DealFinder::new()
    }
}

impl DealFinder {
    /// A finder that searches on one thread per core (as the system reports them).
    pub fn new() -> DealFinder {
        DealFinder { threads: std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN) }
    }

    /// The same finder searching on `threads` threads (fewer if the system refuses some).
    /// The answer does not depend on it.
    ///
    /// # Examples
    /// ```
    /// use std::num::NonZeroUsize;
    /// use freecell_deals::{DealFinder, DealNumber};
    /// let deal = DealNumber::try_from(11982)?;
    /// assert_eq!(DealFinder::new().threads(NonZeroUsize::MIN).find(&deal.board())?, [deal]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn threads(self, threads: NonZeroUsize) -> DealFinder {
        DealFinder { threads }
    }

    /// Every deal the position can have been played from, in increasing order; empty when
    /// none can (see [`DealFinder`] for what that means). A whole deal gives one deal,
    /// barring a coincidence of the shuffle that no deal tested has shown.
    ///
    /// # Errors
    /// [`FindDealError::Cascades`] when the position does not have the eight cascades of a
    /// Microsoft deal, and [`FindDealError::TooFewDealtCards`] when too few of its cards
    /// are sure to lie where they were dealt to tell its deal.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Game};
    /// use freecell_deals::{DealFinder, DealNumber};
    ///
    /// // Deal 1 with the deepest cards of its first two cascades swapped: no deal gives it.
    /// let mut layout = DealNumber::MIN.layout(Game::FreeCell);
    /// let (first, second) = (layout.cascades[0][0], layout.cascades[1][0]);
    /// (layout.cascades[0][0], layout.cascades[1][0]) = (second, first);
    /// assert_eq!(DealFinder::new().find(&Board::try_from(layout)?)?, []);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find(&self, board: &Board) -> Result<Vec<DealNumber>, FindDealError> {
        if board.cascade_count() != CASCADES {
            return Err(FindDealError::Cascades { found: board.cascade_count() });
        }
        let Some(trusted) = Trusted::of(board) else { return Ok(Vec::new()) };
        let draws = draws::known_draws(&trusted);
        // The deals the known draws leave on average: of 2^33 shuffles, each draw keeps one
        // in `left`.
        let odds = draws.iter().fold(1u128, |odds, draw| odds.saturating_mul(u128::from(draw.left())));
        let candidates = u64::try_from((1u128 << 33) / odds).unwrap_or(u64::MAX);
        if draws.is_empty() || candidates > MOST_CANDIDATES {
            return Err(FindDealError::TooFewDealtCards { trusted: trusted.count(), candidates });
        }
        let matches = |n| DealNumber::new(n).is_some_and(|deal| trusted.matches(&deal.cards()));
        let deals = states::deals_making(&draws, self.threads.get(), matches);
        Ok(deals.into_iter().filter_map(DealNumber::new).collect())
    }
}

/// Why [`DealFinder::find`] cannot place a position.
///
/// # Examples
/// ```
/// use freecell_core::Game;
/// use freecell_deals::{DealFinder, DealNumber, FindDealError};
/// // Seahaven Towers deals into ten cascades.
/// let board = DealNumber::MIN.board_for(Game::SeahavenTowers)?;
/// let error = DealFinder::new().find(&board).unwrap_err();
/// assert_eq!(error, FindDealError::Cascades { found: 10 });
/// assert_eq!(error.to_string(), "a Microsoft deal fills 8 cascades, and this position has 10");
/// # Ok::<(), freecell_core::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FindDealError {
    /// The position's rules have a number of cascades other than the deal's eight.
    #[error("a Microsoft deal fills 8 cascades, and this position has {found}")]
    Cascades {
        /// The position's cascades.
        found: usize,
    },
    /// Too few cards lie where they must have been dealt to tell the deal: the draws of
    /// the shuffle they fix would leave about `candidates` deals to try.
    #[error(
        "only {trusted} of the position's cards are sure to lie where they were dealt (the bottoms of its cascades \
         up to the last card that does not build on the one below it), too few to tell its deal: about {candidates} \
         deals would fit them"
    )]
    TooFewDealtCards {
        /// The cards sure to lie where they were dealt.
        trusted: usize,
        /// About how many deals the draws those cards fix would leave.
        candidates: u64,
    },
}
