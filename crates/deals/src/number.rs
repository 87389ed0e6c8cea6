//! [`DealNumber`]: a Microsoft / FreeCell Pro deal number, and its errors.

use std::fmt;
use std::num::NonZeroU64;
use std::str::FromStr;

use freecell_core::{Board, Card, Game, Layout, LayoutError, WideBoard, quote};
use thiserror::Error;

use crate::ms;

/// A Microsoft FreeCell deal number, 1 … 8,589,934,591 (2^33 − 1).
///
/// Numbers 1 … 2^31 − 1 are the deals of Microsoft's own generator (Windows offered
/// 1 … 32,000, later 1 … 1,000,000); 2^31 … 2^33 − 1 are FreeCell Pro's extension, which
/// fc-solve and the `pysol-cards` package share. The value is never 0 and never above
/// [`DealNumber::MAX`].
///
/// # Examples
/// ```
/// use freecell_deals::DealNumber;
/// let deal = DealNumber::try_from(617)?;
/// assert_eq!(deal.get(), 617);
/// assert_eq!("617".parse::<DealNumber>()?, deal);
/// assert!(DealNumber::try_from(0).is_err());
/// assert!(DealNumber::try_from(8_589_934_592).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DealNumber(NonZeroU64);

impl DealNumber {
    /// The first deal, 1.
    pub const MIN: DealNumber = DealNumber(NonZeroU64::MIN);
    /// The last deal, 8,589,934,591 = 2^33 − 1.
    pub const MAX: DealNumber = match NonZeroU64::new((1 << 33) - 1) {
        Some(n) => DealNumber(n),
        None => unreachable!(),
    };

    /// The deal with number `n`, or `None` outside 1 … 8,589,934,591.
    ///
    /// [`DealNumber::try_from`] does the same with an error that names the range.
    ///
    /// # Examples
    /// ```
    /// use freecell_deals::DealNumber;
    /// assert_eq!(DealNumber::new(1), Some(DealNumber::MIN));
    /// assert_eq!(DealNumber::new(0), None);
    /// ```
    #[inline]
    pub const fn new(n: u64) -> Option<DealNumber> {
        match NonZeroU64::new(n) {
            Some(nonzero) if n <= DealNumber::MAX.get() => Some(DealNumber(nonzero)),
            _ => None,
        }
    }

    /// The number, 1 … 8,589,934,591.
    #[inline]
    pub const fn get(self) -> u64 {
        self.0.get()
    }

    /// The 52 cards in dealing order: card `i` goes to cascade `i mod 8`, and the first card
    /// dealt to a cascade is its deepest. This is the order before any game-specific
    /// placement, so every game in [`Game::ALL`] deals from it.
    ///
    /// # Examples
    /// ```
    /// use freecell_deals::DealNumber;
    /// let cards = DealNumber::MIN.cards();
    /// // Deal 1 starts with the jack of diamonds in cascade 1 and the 2 of diamonds in 2.
    /// assert_eq!(cards[0].to_string(), "JD");
    /// assert_eq!(cards[1].to_string(), "2D");
    /// ```
    pub fn cards(self) -> [Card; 52] {
        ms::deal(self.get())
    }

    /// The deal laid out for `game`: [`Layout::deal_game`] of [`DealNumber::cards`].
    ///
    /// For FreeCell and Baker's Game this is the Microsoft deal. Eight Off and Seahaven
    /// Towers take the same shuffled cards and place them their own way (the last 4 or 2
    /// cards in free cells). That is PySolFC's deal "ms*n*" of each game, but for which
    /// cells hold those cards (PySolFC fills Eight Off's cells 1, 3, 5, 7 and Seahaven
    /// Towers' cells 2 and 3; this crate the first ones). PySolFC's plain game numbers
    /// are the same shuffle only below 32000.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Game;
    /// use freecell_deals::DealNumber;
    /// let layout = DealNumber::MIN.layout(Game::EightOff);
    /// assert_eq!(layout.cascades.iter().map(Vec::len).sum::<usize>(), 48);
    /// assert_eq!(layout.cells.iter().flatten().count(), 4);
    /// ```
    pub fn layout(self, game: Game) -> Layout {
        Layout::deal_game(game, &self.cards())
    }

    /// The FreeCell board of this deal.
    ///
    /// # Panics
    /// Never: a permutation of the 52 cards dealt under a preset's rules is always a legal
    /// position (checked for every game by this crate's tests).
    ///
    /// # Examples
    /// ```
    /// use freecell_deals::DealNumber;
    /// let board = DealNumber::MIN.board();
    /// assert_eq!(board.cascade_len(0), 7);
    /// assert_eq!(board.cascade_len(7), 6);
    /// ```
    pub fn board(self) -> Board {
        Board::try_from(self.layout(Game::FreeCell))
            .expect("a shuffled full deck dealt as FreeCell is a legal position")
    }

    /// The board of this deal for `game`; see [`DealNumber::layout`].
    ///
    /// # Errors
    /// [`LayoutError::TooWide`] for the games a [`Board`] has no room for (Fan, Baker's
    /// Dozen, Cruel): [`DealNumber::wide_board_for`] deals those.
    pub fn board_for(self, game: Game) -> Result<Board, LayoutError> {
        Board::try_from(self.layout(game))
    }

    /// The board of this deal for `game` as a [`WideBoard`], which every game fits.
    ///
    /// # Panics
    /// Never: a permutation of the 52 cards dealt by a preset is always a legal position
    /// (checked for every game by this crate's tests).
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Game;
    /// use freecell_deals::DealNumber;
    /// let fan = DealNumber::MIN.wide_board_for(Game::Fan);
    /// assert_eq!(fan.cascade_count(), 18);
    /// ```
    pub fn wide_board_for(self, game: Game) -> WideBoard {
        WideBoard::try_from(self.layout(game)).expect("a shuffled full deck dealt by a preset is a legal position")
    }
}

impl fmt::Display for DealNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.get(), f)
    }
}

impl From<DealNumber> for u64 {
    fn from(deal: DealNumber) -> u64 {
        deal.get()
    }
}

impl TryFrom<u64> for DealNumber {
    type Error = DealError;

    /// # Errors
    /// [`DealError`] when `n` is 0 or above 8,589,934,591.
    fn try_from(n: u64) -> Result<DealNumber, DealError> {
        DealNumber::new(n).ok_or(DealError { number: n })
    }
}

impl FromStr for DealNumber {
    type Err = ParseDealError;

    /// Parses decimal digits, ignoring surrounding white space.
    ///
    /// # Errors
    /// [`ParseDealError::NotANumber`] for anything but digits (nothing at all, a sign, `0x`,
    /// an exponent, a range), and [`ParseDealError::OutOfRange`] for 0 and numbers above
    /// 8,589,934,591, however many digits they have.
    ///
    /// # Examples
    /// ```
    /// use freecell_deals::DealNumber;
    /// assert_eq!(" 617 ".parse::<DealNumber>()?.get(), 617);
    /// let error = "18446744073709551616".parse::<DealNumber>().unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "deal `18446744073709551616` is above 8589934591: Microsoft deals are numbered 1 to 8589934591"
    /// );
    /// # Ok::<(), freecell_deals::ParseDealError>(())
    /// ```
    fn from_str(text: &str) -> Result<DealNumber, ParseDealError> {
        parse_number(text).ok_or_else(|| ParseDealError::NotANumber { text: text.to_owned() })?
    }
}

/// Parses one deal number with surrounding white space: `None` when it is not decimal
/// digits, an error when the digits are not a deal.
pub(crate) fn parse_number(part: &str) -> Option<Result<DealNumber, ParseDealError>> {
    let digits = part.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // All digits: the only parse failure left is overflow, which is above the last deal.
    let deal = digits.parse::<u64>().ok().and_then(DealNumber::new);
    Some(deal.ok_or_else(|| ParseDealError::OutOfRange { number: digits.to_owned() }))
}

/// A deal number outside 1 … 8,589,934,591.
///
/// # Examples
/// ```
/// use freecell_deals::DealNumber;
/// let error = DealNumber::try_from(0).unwrap_err();
/// assert_eq!(error.number, 0);
/// assert_eq!(error.to_string(), "deal 0 does not exist: Microsoft deals are numbered 1 to 8589934591");
/// let error = DealNumber::try_from(8_589_934_592).unwrap_err();
/// assert_eq!(error.to_string(), "deal 8589934592 is above 8589934591: Microsoft deals are numbered 1 to 8589934591");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("deal {number} {}: {NUMBERED}", if *.number == 0 { "does not exist" } else { ABOVE })]
#[non_exhaustive]
pub struct DealError {
    /// The number asked for.
    pub number: u64,
}

/// The valid deal numbers, the end of every message about a number out of range.
const NUMBERED: &str = "Microsoft deals are numbered 1 to 8589934591";
/// What is wrong with a number above the last deal.
const ABOVE: &str = "is above 8589934591";
/// How to write a deal number.
const NUMBER_FORM: &str = "write decimal digits from 1 to 8589934591, like `617`";
/// How to write a deal range.
const RANGE_FORMS: &str = "write `N`, `A..=B` or `A..B` (both include B) with deals 1 to 8589934591, like `1..=32000`";

/// Why a text is not a deal number or a deal range.
///
/// Every message quotes the text as given, cut to a readable prefix by
/// [`freecell_core::quote`], and says which forms are valid.
///
/// # Examples
/// ```
/// use freecell_deals::{DealRange, ParseDealError};
/// assert!(matches!("x".parse::<DealRange>(), Err(ParseDealError::NotARange { .. })));
/// assert!(matches!("9..3".parse::<DealRange>(), Err(ParseDealError::EmptyRange { .. })));
/// let error = "1..".parse::<DealRange>().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "`1..` is not a deal range: write `N`, `A..=B` or `A..B` (both include B) with deals 1 to 8589934591, \
///      like `1..=32000`"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseDealError {
    /// The text is not a deal number: nothing, or not decimal digits (a sign, `0x`, an
    /// exponent, a range where one deal is wanted).
    #[error("{}: {NUMBER_FORM}", given(.text, "is not a deal number", "no deal number given"))]
    NotANumber {
        /// The whole text.
        text: String,
    },
    /// The text is not a deal range: not `N`, `A..=B` or `A..B` (such as `1..`, `..5`,
    /// `1...5` or `1..=`), or a bound that is not decimal digits.
    #[error("{}: {RANGE_FORMS}", given(.text, "is not a deal range", "no deal range given"))]
    NotARange {
        /// The whole text.
        text: String,
    },
    /// A number outside 1 … 8,589,934,591.
    #[error(
        "deal {} {}: {NUMBERED}",
        quote(.number),
        if .number.bytes().all(|b| b == b'0') { "does not exist" } else { ABOVE }
    )]
    OutOfRange {
        /// The number as written, without the white space around it: decimal digits, which
        /// may be too many for any integer type.
        number: String,
    },
    /// A range whose first deal comes after its last, such as `9..3` or `9..=3`.
    #[error(
        "the deal range {} is empty: it starts after it ends (write the first deal first, like `{last}..={first}`)",
        quote(.text)
    )]
    EmptyRange {
        /// The whole text.
        text: String,
        /// The first deal as written.
        first: DealNumber,
        /// The last deal as written, before `first`.
        last: DealNumber,
    },
}

/// `text` quoted and followed by `what`, or `nothing` when `text` is blank.
fn given(text: &str, what: &str, nothing: &str) -> String {
    if text.trim().is_empty() { nothing.to_owned() } else { format!("{} {what}", quote(text)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds() {
        assert_eq!(DealNumber::MAX.get(), 8_589_934_591);
        assert_eq!(DealNumber::new(8_589_934_591), Some(DealNumber::MAX));
        assert_eq!(DealNumber::new(8_589_934_592), None);
        assert_eq!(DealNumber::try_from(u64::MAX), Err(DealError { number: u64::MAX }));
    }

    #[test]
    fn parsing() {
        assert_eq!(" 24 ".parse::<DealNumber>().map(DealNumber::get), Ok(24));
        assert_eq!("0008".parse::<DealNumber>().map(DealNumber::get), Ok(8));
        for bad in ["", " ", "-1", "+1", "1.5", "1e3", "0x10", "٣"] {
            assert!(matches!(bad.parse::<DealNumber>(), Err(ParseDealError::NotANumber { .. })), "{bad:?}");
        }
        for far in ["0", "8589934592", "99999999999999999999999999"] {
            assert!(matches!(far.parse::<DealNumber>(), Err(ParseDealError::OutOfRange { .. })), "{far:?}");
        }
    }

    #[test]
    fn every_game_deals_a_legal_board() {
        for n in [1, 617, 11982, 1 << 31, (1 << 32) - 1, 1 << 32, DealNumber::MAX.get()] {
            let deal = DealNumber::try_from(n).unwrap();
            for game in Game::ALL {
                let board = deal.wide_board_for(game);
                let dealt_home = match game {
                    Game::BeleagueredCastle | Game::Cruel => 4,
                    Game::GoodMeasure => 2,
                    Game::Citadel => board.cards_home().max(4),
                    _ => 0,
                };
                assert_eq!(board.cards_home(), dealt_home, "{game}");
                assert_eq!(deal.board_for(game).is_ok(), game.rules().cascades <= 10, "{game}");
            }
        }
    }
}
