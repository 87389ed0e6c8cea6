//! [`DealRange`]: a non-empty, inclusive run of deal numbers.

use std::fmt;
use std::iter::FusedIterator;
use std::str::FromStr;

use crate::number::{DealNumber, ParseDealError, parse_number};

/// A non-empty inclusive range of deal numbers, such as the classic "MS 32K" set
/// [`DealRange::MS_32K`] = 1 … 32,000.
///
/// It parses from `5` (one deal), `1..=1000` and `1..1000`, and iterates in increasing
/// order. Both range forms include their last deal: FreeCell's literature and tools name
/// deal sets by their first and last numbers ("MS 1–1,000", fc-solve's range solver takes
/// `1 1000`), and `freecell bench --deals 1..1000` should mean those thousand deals. The
/// exclusive reading of Rust's `..` would silently drop the last deal.
///
/// # Examples
/// ```
/// use freecell_deals::DealRange;
/// let range: DealRange = "1..=1000".parse()?;
/// assert_eq!(range, "1..1000".parse()?);
/// assert_eq!(range.len(), 1000);
/// assert_eq!(range.to_string(), "1..=1000");
/// let first: Vec<u64> = range.into_iter().take(3).map(|d| d.get()).collect();
/// assert_eq!(first, [1, 2, 3]);
/// assert_eq!(DealRange::MS_32K.len(), 32_000);
/// # Ok::<(), freecell_deals::ParseDealError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealRange {
    first: DealNumber,
    last: DealNumber,
}

const fn deal(n: u64) -> DealNumber {
    match DealNumber::new(n) {
        Some(deal) => deal,
        None => panic!("constant deal numbers are in range"),
    }
}

impl DealRange {
    /// Deals 1 … 32,000: the original Windows set, the usual benchmark ("MS 32K").
    pub const MS_32K: DealRange = DealRange { first: DealNumber::MIN, last: deal(32_000) };
    /// Deals 1 … 1,000,000: the set of Windows XP and later.
    pub const MS_1M: DealRange = DealRange { first: DealNumber::MIN, last: deal(1_000_000) };
    /// Every deal, 1 … 8,589,934,591.
    pub const ALL: DealRange = DealRange { first: DealNumber::MIN, last: DealNumber::MAX };

    /// The deals `first ..= last`, or `None` when `first > last`.
    ///
    /// # Examples
    /// ```
    /// use freecell_deals::{DealNumber, DealRange};
    /// let (a, b) = (DealNumber::try_from(3)?, DealNumber::try_from(5)?);
    /// assert_eq!(DealRange::new(a, b).map(|r| r.len()), Some(3));
    /// assert_eq!(DealRange::new(b, a), None);
    /// # Ok::<(), freecell_deals::DealError>(())
    /// ```
    pub const fn new(first: DealNumber, last: DealNumber) -> Option<DealRange> {
        if first.get() <= last.get() { Some(DealRange { first, last }) } else { None }
    }

    /// The range holding one deal.
    pub const fn single(deal: DealNumber) -> DealRange {
        DealRange { first: deal, last: deal }
    }

    /// The first deal.
    pub const fn first(&self) -> DealNumber {
        self.first
    }

    /// The last deal (included).
    pub const fn last(&self) -> DealNumber {
        self.last
    }

    /// The number of deals, at least 1. A `u64`, since [`DealRange::ALL`] has more deals
    /// than a 32-bit `usize` can count.
    #[allow(clippy::len_without_is_empty)] // A range is never empty.
    pub const fn len(&self) -> u64 {
        self.last.get() - self.first.get() + 1
    }

    /// Whether `deal` is in the range.
    pub const fn contains(&self, deal: DealNumber) -> bool {
        self.first.get() <= deal.get() && deal.get() <= self.last.get()
    }

    /// The deals in increasing order.
    pub const fn iter(&self) -> DealIter {
        DealIter { next: self.first.get(), last: self.last.get() }
    }
}

impl fmt::Display for DealRange {
    /// `first..=last`, or the number alone for a single deal; the output parses back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last { write!(f, "{}", self.first) } else { write!(f, "{}..={}", self.first, self.last) }
    }
}

impl FromStr for DealRange {
    type Err = ParseDealError;

    /// Parses `N`, `A..=B` or `A..B` (both include B; see [`DealRange`]), with optional
    /// white space around the numbers.
    ///
    /// # Errors
    /// [`ParseDealError::NotARange`] for any other form (`1..`, `..5`, `1...5`, a sign),
    /// [`ParseDealError::OutOfRange`] for 0 or a number above 8,589,934,591, and
    /// [`ParseDealError::EmptyRange`] for a range that starts after it ends, such as `9..5`.
    fn from_str(text: &str) -> Result<DealRange, ParseDealError> {
        let not_a_range = || ParseDealError::NotARange { text: text.to_owned() };
        let Some((start, rest)) = text.split_once("..") else {
            return Ok(DealRange::single(parse_number(text).ok_or_else(not_a_range)??));
        };
        let end = rest.strip_prefix('=').unwrap_or(rest);
        // Both bounds must be digits before either is judged as a deal: `0..x` is not a
        // range at all, whatever 0 is.
        let (first, last) = (parse_number(start).ok_or_else(not_a_range)?, parse_number(end).ok_or_else(not_a_range)?);
        let (first, last) = (first?, last?);
        DealRange::new(first, last).ok_or_else(|| ParseDealError::EmptyRange { text: text.to_owned(), first, last })
    }
}

impl IntoIterator for DealRange {
    type Item = DealNumber;
    type IntoIter = DealIter;

    fn into_iter(self) -> DealIter {
        self.iter()
    }
}

impl IntoIterator for &DealRange {
    type Item = DealNumber;
    type IntoIter = DealIter;

    fn into_iter(self) -> DealIter {
        self.iter()
    }
}

/// The deals of a [`DealRange`], in increasing order (or decreasing, from the back).
#[derive(Clone, Debug)]
pub struct DealIter {
    /// The next deal to yield from the front; past `last` when done.
    next: u64,
    /// The next deal to yield from the back.
    last: u64,
}

impl DealIter {
    fn remaining(&self) -> u64 {
        (self.last + 1).saturating_sub(self.next)
    }
}

impl Iterator for DealIter {
    type Item = DealNumber;

    fn next(&mut self) -> Option<DealNumber> {
        if self.next > self.last {
            return None;
        }
        let deal = DealNumber::new(self.next);
        self.next += 1;
        deal
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.remaining();
        match usize::try_from(n) {
            Ok(n) => (n, Some(n)),
            Err(_) => (usize::MAX, None),
        }
    }

    fn nth(&mut self, n: usize) -> Option<DealNumber> {
        self.next = self.next.saturating_add(n as u64);
        self.next()
    }
}

impl DoubleEndedIterator for DealIter {
    fn next_back(&mut self) -> Option<DealNumber> {
        if self.next > self.last {
            return None;
        }
        let deal = DealNumber::new(self.last);
        // `last` ≥ `next` ≥ 1, so this cannot underflow; reaching 0 ends the iteration.
        self.last -= 1;
        deal
    }
}

impl FusedIterator for DealIter {}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(text: &str) -> Result<(u64, u64), ParseDealError> {
        text.parse::<DealRange>().map(|r| (r.first().get(), r.last().get()))
    }

    #[test]
    fn parses_the_three_forms() {
        assert_eq!(range("5"), Ok((5, 5)));
        assert_eq!(range("1..=1000"), Ok((1, 1000)));
        assert_eq!(range("1..1000"), Ok((1, 1000)));
        assert_eq!(range(" 7 ..= 9 "), Ok((7, 9)));
        assert_eq!(range("1..8589934591"), Ok((1, 8_589_934_591)));
        assert_eq!(range("4..5"), Ok((4, 5)));
        assert_eq!(range("5..5"), Ok((5, 5)));
    }

    #[test]
    fn rejects_bad_ranges() {
        for empty in ["9..=3", "9..3"] {
            assert!(matches!(range(empty), Err(ParseDealError::EmptyRange { .. })), "{empty}");
        }
        for bad in ["", "..", "1..", "..5", "1...5", "1..=", "a..b", "1..=2..=3", "1-5", "0..x"] {
            assert!(matches!(range(bad), Err(ParseDealError::NotARange { .. })), "{bad}");
        }
        for far in ["0..=5", "1..=8589934592", "1..8589934592", "3..0", "18446744073709551616"] {
            assert!(matches!(range(far), Err(ParseDealError::OutOfRange { .. })), "{far}");
        }
    }

    #[test]
    fn display_round_trips() {
        for text in ["5", "1..=32000", "8589934591"] {
            assert_eq!(text.parse::<DealRange>().unwrap().to_string(), text);
        }
        assert_eq!(DealRange::MS_32K.to_string(), "1..=32000");
        assert_eq!(DealRange::MS_1M.len(), 1_000_000);
        assert_eq!(DealRange::ALL.len(), 8_589_934_591);
    }

    #[test]
    fn iterates_both_ways_and_stops() {
        let r: DealRange = "8589934589..=8589934591".parse().unwrap();
        let forward: Vec<u64> = r.iter().map(DealNumber::get).collect();
        assert_eq!(forward, [8_589_934_589, 8_589_934_590, 8_589_934_591]);
        let backward: Vec<u64> = r.iter().rev().map(DealNumber::get).collect();
        assert_eq!(backward, [8_589_934_591, 8_589_934_590, 8_589_934_589]);
        let mut it = DealRange::single(DealNumber::MIN).iter();
        assert_eq!(it.size_hint(), (1, Some(1)));
        assert_eq!(it.next_back(), Some(DealNumber::MIN));
        assert_eq!(it.next(), None);
        assert_eq!(it.next_back(), None);
        assert_eq!(DealRange::MS_32K.iter().nth(31_999).map(DealNumber::get), Some(32_000));
        assert_eq!(DealRange::MS_32K.iter().count(), 32_000);
        assert!(DealRange::MS_32K.contains(DealNumber::MIN));
        assert!(!DealRange::MS_32K.contains(DealNumber::MAX));
    }
}
