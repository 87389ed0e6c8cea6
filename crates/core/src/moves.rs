//! Piles, moves and move errors.

use std::fmt;

use smallvec::SmallVec;
use thiserror::Error;

use crate::board::{BOARD_CASCADES, BOARD_CELLS};
use crate::card::{Card, Suit};
use crate::rules::{MAX_CASCADES, MAX_CELLS};

/// A place cards lie: a cascade, a free cell or a suit's foundation. One byte.
///
/// # Examples
/// ```
/// use freecell_core::{Pile, PileKind, Suit};
/// assert_eq!(Pile::cascade(2).kind(), PileKind::Cascade(2));
/// assert_eq!(Pile::foundation(Suit::Hearts).kind(), PileKind::Foundation(Suit::Hearts));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pile(u8);

/// The standard-notation symbol of each cascade: FreeCell Pro's `1`–`9` and `0` for ten,
/// then, for Fan's 18 and up to [`MAX_CASCADES`], the letters after the free cells'.
pub const CASCADE_SYMBOLS: [u8; MAX_CASCADES] = *b"1234567890lmnopqrstu";
/// The standard-notation symbol of each free cell: `a`–`g`, then `i`, `j`, `k` (`h` names
/// the foundations).
pub const CELL_SYMBOLS: [u8; MAX_CELLS] = *b"abcdefgijk";

// The byte of a pile. The piles a `Board` has room for (10 cascades, 8 cells) come first,
// with the values they had before wider games existed, then the foundations, then the
// cascades and cells only a `WideBoard` has: so a `Board` decodes its piles with
// the same comparisons and knows its indexes fit its arrays (see `Pile::place_in`).
const CELL_BASE: u8 = BOARD_CASCADES as u8;
const FOUNDATION_BASE: u8 = CELL_BASE + BOARD_CELLS as u8;
const WIDE_CASCADE_BASE: u8 = FOUNDATION_BASE + 4;
const WIDE_CELL_BASE: u8 = WIDE_CASCADE_BASE + (MAX_CASCADES - BOARD_CASCADES) as u8;
const END: u8 = WIDE_CELL_BASE + (MAX_CELLS - BOARD_CELLS) as u8;
/// The bytes of cascades and of cells, as bit sets: one shift answers `is_cascade`.
const CASCADE_BYTES: u64 = ((1 << CELL_BASE) - 1) | (((1 << WIDE_CELL_BASE) - 1) & !((1 << WIDE_CASCADE_BASE) - 1));
const CELL_BYTES: u64 =
    (((1 << FOUNDATION_BASE) - 1) & !((1 << CELL_BASE) - 1)) | (((1 << END) - 1) & !((1 << WIDE_CELL_BASE) - 1));

/// A [`Pile`] taken apart, for matching.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PileKind {
    /// Cascade index, 0-based.
    Cascade(usize),
    /// Free-cell index, 0-based.
    Cell(usize),
    /// A suit's foundation.
    Foundation(Suit),
}

impl Pile {
    /// Cascade `index` (0-based). Indexes past [`MAX_CASCADES`] are clamped to the last one;
    /// a move naming a cascade the rules lack is rejected by [`Board::apply`](crate::Board::apply).
    #[inline]
    pub const fn cascade(index: usize) -> Pile {
        if index < BOARD_CASCADES {
            Pile(index as u8)
        } else if index < MAX_CASCADES {
            Pile(WIDE_CASCADE_BASE + (index - BOARD_CASCADES) as u8)
        } else {
            Pile(WIDE_CELL_BASE - 1)
        }
    }

    /// Free cell `index` (0-based), clamped like [`Pile::cascade`].
    #[inline]
    pub const fn cell(index: usize) -> Pile {
        if index < BOARD_CELLS {
            Pile(CELL_BASE + index as u8)
        } else if index < MAX_CELLS {
            Pile(WIDE_CELL_BASE + (index - BOARD_CELLS) as u8)
        } else {
            Pile(END - 1)
        }
    }

    /// [`Pile::cascade`] on a board with room for `C` cascades: for a `Board` (10) the
    /// byte itself, with the one comparison of the days before wider games.
    #[inline]
    pub(crate) const fn cascade_in<const C: usize>(index: usize) -> Pile {
        if C <= BOARD_CASCADES {
            Pile(if index < BOARD_CASCADES { index } else { BOARD_CASCADES - 1 } as u8)
        } else {
            Pile::cascade(index)
        }
    }

    /// [`Pile::cell`] on a board with room for `F` cells, like [`Pile::cascade_in`].
    #[inline]
    pub(crate) const fn cell_in<const F: usize>(index: usize) -> Pile {
        if F <= BOARD_CELLS {
            Pile(CELL_BASE + if index < BOARD_CELLS { index } else { BOARD_CELLS - 1 } as u8)
        } else {
            Pile::cell(index)
        }
    }

    /// The foundation of `suit`.
    #[inline]
    pub const fn foundation(suit: Suit) -> Pile {
        Pile(FOUNDATION_BASE + suit as u8)
    }

    /// What kind of pile this is, and which.
    #[inline]
    pub const fn kind(self) -> PileKind {
        let b = self.0;
        if b < CELL_BASE {
            PileKind::Cascade(b as usize)
        } else if b < FOUNDATION_BASE {
            PileKind::Cell((b - CELL_BASE) as usize)
        } else if b < WIDE_CASCADE_BASE {
            match Suit::from_index(b - FOUNDATION_BASE) {
                Some(suit) => PileKind::Foundation(suit),
                None => unreachable!(),
            }
        } else if b < WIDE_CELL_BASE {
            PileKind::Cascade((b - WIDE_CASCADE_BASE) as usize + BOARD_CASCADES)
        } else {
            PileKind::Cell((b - WIDE_CELL_BASE) as usize + BOARD_CELLS)
        }
    }

    /// [`kind`](Self::kind) on a board with room for `C` cascades and `F` cells: the same,
    /// except that the piles past that room, which only an unchecked illegal move names,
    /// become one of its piles: on a `Board` (10, 8) the spades' foundation, so that it
    /// decodes with two comparisons and a `min`, and indexes its arrays without bounds
    /// checks; on a wider board its last cascade.
    #[inline]
    pub(crate) fn place_in<const C: usize, const F: usize>(self) -> PileKind {
        let b = self.0;
        let last = C.saturating_sub(1);
        // Each `min` is free where the type has the room: the compiler sees the bound.
        if b < CELL_BASE {
            PileKind::Cascade(usize::from(b).min(last))
        } else if b < FOUNDATION_BASE && F > 0 {
            PileKind::Cell(usize::from(b - CELL_BASE).min(F - 1))
        } else if C <= BOARD_CASCADES && F <= BOARD_CELLS {
            // A third test here, for a pile the type lacks, cost FreeCell's `fast` search 1.6 %
            // more instructions (callgrind, MS 1–1500).
            PileKind::Foundation(Suit::of_index(b.wrapping_sub(FOUNDATION_BASE)))
        } else if let Some(suit) = Suit::from_index(b.wrapping_sub(FOUNDATION_BASE)) {
            PileKind::Foundation(suit)
        } else if C > BOARD_CASCADES && (WIDE_CASCADE_BASE..WIDE_CELL_BASE).contains(&b) {
            PileKind::Cascade((usize::from(b - WIDE_CASCADE_BASE) + BOARD_CASCADES).min(last))
        } else if F > BOARD_CELLS && (WIDE_CELL_BASE..END).contains(&b) {
            PileKind::Cell((usize::from(b - WIDE_CELL_BASE) + BOARD_CELLS).min(F - 1))
        } else {
            PileKind::Cascade(last)
        }
    }

    /// The cascade's index, or `None` for a cell or a foundation.
    #[inline]
    pub const fn cascade_index(self) -> Option<usize> {
        match self.kind() {
            PileKind::Cascade(i) => Some(i),
            _ => None,
        }
    }

    /// The foundation's suit (meaningful only for a foundation: clubs otherwise).
    #[inline]
    pub(crate) const fn kind_suit(self) -> Suit {
        match self.kind() {
            PileKind::Foundation(suit) => suit,
            _ => Suit::Clubs,
        }
    }

    /// Whether this is a cascade.
    #[inline]
    pub const fn is_cascade(self) -> bool {
        CASCADE_BYTES >> (self.0 & 63) & 1 == 1
    }

    /// Whether this is a free cell.
    #[inline]
    pub const fn is_cell(self) -> bool {
        CELL_BYTES >> (self.0 & 63) & 1 == 1
    }

    /// Whether this is a foundation.
    #[inline]
    pub const fn is_foundation(self) -> bool {
        self.0.wrapping_sub(FOUNDATION_BASE) < 4
    }

    /// The standard-notation symbol: cascades `1`–`9` then `0` for the tenth, free cells
    /// `a`–`g` then `i`, `j`, `k` for the eighth to tenth (`h` is the foundation),
    /// foundations `h`, and cascades 11–20 as the letters after the cells', `l`–`u` (`v`
    /// introduces a count). See [`CASCADE_SYMBOLS`] and [`CELL_SYMBOLS`].
    pub const fn symbol(self) -> char {
        match self.kind() {
            PileKind::Cascade(i) => CASCADE_SYMBOLS[i] as char,
            PileKind::Cell(i) => CELL_SYMBOLS[i] as char,
            PileKind::Foundation(_) => 'h',
        }
    }
}

impl fmt::Debug for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.kind())
    }
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            PileKind::Cascade(i) => write!(f, "cascade {}", i + 1),
            PileKind::Cell(_) => write!(f, "free cell {}", self.symbol()),
            PileKind::Foundation(suit) => write!(f, "the {} foundation", suit.letter()),
        }
    }
}

/// A move: `count` cards from the top of `from` to `to`. Three bytes.
///
/// Only cascade-to-cascade moves carry more than one card (a sequence move or
/// "supermove"); [`Board::decompose`](crate::Board::decompose) turns one into single-card
/// moves.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    from: Pile,
    to: Pile,
    count: u8,
}

impl Move {
    /// A move of `count` cards (at least 1) from `from` to `to`.
    #[inline]
    pub const fn new(from: Pile, to: Pile, count: u8) -> Move {
        Move { from, to, count }
    }

    /// A single-card move.
    #[inline]
    pub const fn single(from: Pile, to: Pile) -> Move {
        Move { from, to, count: 1 }
    }

    /// Where the cards come from.
    #[inline]
    pub const fn from(self) -> Pile {
        self.from
    }

    /// Where the cards go.
    #[inline]
    pub const fn to(self) -> Pile {
        self.to
    }

    /// How many cards move.
    #[inline]
    pub const fn count(self) -> u8 {
        self.count
    }

    /// The move that takes this one back (used by [`Board::undo`](crate::Board::undo)).
    #[inline]
    pub const fn reversed(self) -> Move {
        Move { from: self.to, to: self.from, count: self.count }
    }

    /// Whether the move puts a card on a foundation.
    #[inline]
    pub const fn is_to_foundation(self) -> bool {
        self.to.is_foundation()
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from.symbol(), self.to.symbol())?;
        if self.count != 1 {
            write!(f, "x{}", self.count)?;
        }
        Ok(())
    }
}

/// A short list of moves: a decomposed supermove or one automove pass.
///
/// 32 inline entries cover the single-card decomposition of any standard supermove with
/// 4 cells and 2 empty cascades (at most 2·20 − 1 moves is rare; longer lists spill to the
/// heap) and every automove pass of a real deal short of the end game.
pub type MoveList = SmallVec<[Move; 32]>;

/// Why a move is not legal on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The pile does not exist under these rules.
    #[error("{pile} does not exist in this game")]
    NoSuchPile {
        /// The pile named.
        pile: Pile,
    },
    /// Source and destination are the same pile.
    #[error("a move needs two different piles, but both are {pile}")]
    SamePile {
        /// The pile named twice.
        pile: Pile,
    },
    /// Cards never leave a foundation.
    #[error("cards cannot be taken back from {pile}")]
    FromFoundation {
        /// The foundation named as source.
        pile: Pile,
    },
    /// The source holds no card.
    #[error("{pile} is empty")]
    EmptySource {
        /// The empty source.
        pile: Pile,
    },
    /// A count of zero, or more than one card to or from a free cell or foundation.
    #[error("{count} cards cannot move from {from} to {to}: only cascade-to-cascade moves carry more than one card")]
    BadCount {
        /// Source.
        from: Pile,
        /// Destination.
        to: Pile,
        /// Requested count.
        count: u8,
    },
    /// The source has fewer cards than requested, or they are not built in sequence.
    #[error("the top {count} cards of {pile} are not a built sequence (it holds {run} in sequence)")]
    NotASequence {
        /// Source cascade.
        pile: Pile,
        /// Requested count.
        count: u8,
        /// Length of the built sequence on top of the source.
        run: u8,
    },
    /// More cards than the free cells and empty cascades allow to move at once.
    #[error("{count} cards cannot move at once: the free cells and empty cascades allow {capacity}")]
    OverCapacity {
        /// Requested count.
        count: u8,
        /// What the rules allow now.
        capacity: usize,
    },
    /// The destination free cell holds a card.
    #[error("{pile} already holds {card}")]
    CellOccupied {
        /// The cell.
        pile: Pile,
        /// Its card.
        card: Card,
    },
    /// The card does not build on the destination's top card.
    #[error("{card} cannot be placed on {onto}")]
    DoesNotBuild {
        /// The moving card (the deepest of a moving run).
        card: Card,
        /// The destination's top card.
        onto: Card,
    },
    /// Only kings may fill an empty cascade under these rules.
    #[error("{card} cannot fill an empty cascade: only kings may")]
    EmptyCascadeNeedsKing {
        /// The moving card.
        card: Card,
    },
    /// The card is not the next one its foundation needs (or went to another suit's).
    #[error("{card} cannot go home yet: its foundation needs {needs}")]
    NotNextHome {
        /// The card.
        card: Card,
        /// What the foundation of its suit needs next, e.g. "5H" or "nothing (complete)".
        needs: NextHome,
    },
    /// The card was sent to another suit's foundation.
    #[error("{card} belongs on the {} foundation, not {pile}", card.suit().letter())]
    WrongFoundation {
        /// The card.
        card: Card,
        /// The foundation named.
        pile: Pile,
    },
    /// Under [`BuildRule::SimpleSimon`](crate::BuildRule::SimpleSimon) only a whole suit,
    /// king to ace on top of a cascade, goes home, in one move of 13 cards.
    #[error("only a whole suit, king down to ace of one suit on top of {pile}, can go home in this game")]
    NotAWholeSuit {
        /// The source pile.
        pile: Pile,
    },
    /// No card may fill an empty cascade under these rules.
    #[error("{card} cannot fill an empty cascade: empty cascades stay empty in this game")]
    EmptyCascadeStaysEmpty {
        /// The moving card.
        card: Card,
    },
    /// A supermove above the standard capacity has no single-card decomposition.
    #[error("moving {count} cards at once has no decomposition into single-card moves here")]
    NotDecomposable {
        /// Requested count.
        count: u8,
    },
}

/// What a foundation needs next: a card, or nothing because it is complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextHome {
    /// This card.
    Card(Card),
    /// The foundation holds its king.
    Complete,
}

impl fmt::Display for NextHome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NextHome::Card(card) => write!(f, "{card}"),
            NextHome::Complete => f.write_str("nothing (it is complete)"),
        }
    }
}
