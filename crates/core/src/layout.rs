//! [`Layout`]: an unvalidated description of a position, the input side of [`Board`].
//!
//! Parsers and dealers produce layouts; [`Board::try_from`] checks them. Keeping the two
//! apart means a [`Board`] is always a legal position and its methods never re-check.

use thiserror::Error;

use crate::board::Board;
use crate::card::{Card, Suit};
use crate::rules::{Game, Rules, RulesError};
use crate::variant::Variant;

/// A position as written down: any cards anywhere. Cascades list their cards deepest first.
///
/// # Examples
/// ```
/// use freecell_core::{Board, Card, Layout, Rules};
/// let deck: Vec<Card> = Card::deck().collect();
/// let layout = Layout::deal(Rules::freecell(), &deck, 0);
/// assert_eq!(layout.cascades[0].len(), 7);
/// let board = Board::try_from(layout).unwrap();
/// assert_eq!(board.cascade_len(7), 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Layout {
    /// The rules the position is played under.
    pub rules: Rules,
    /// For each suit (indexed by [`Suit::index`]), the rank of its top foundation card,
    /// 0 when the foundation is empty.
    pub foundations: [u8; 4],
    /// The free cells in order; missing trailing entries are empty.
    pub cells: Vec<Option<Card>>,
    /// The cascades in order, each deepest card first; missing trailing cascades are empty.
    pub cascades: Vec<Vec<Card>>,
}

/// Where a card of a [`Layout`] lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Location {
    /// Cascade `cascade` (0-based), `depth` cards from its deepest (0-based).
    Cascade {
        /// Cascade index, 0-based.
        cascade: usize,
        /// Position in the cascade, 0 = deepest.
        depth: usize,
    },
    /// Free cell `n` (0-based).
    Cell(usize),
    /// The foundation of a suit.
    Foundation(Suit),
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Location::Cascade { cascade, depth } => write!(f, "cascade {}, card {}", cascade + 1, depth + 1),
            Location::Cell(n) => write!(f, "free cell {}", n + 1),
            Location::Foundation(suit) => write!(f, "the {} foundation", suit.letter()),
        }
    }
}

/// Why a [`Layout`] is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LayoutError {
    /// The rules themselves are out of range.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// More cascades than the rules allow.
    #[error("{found} cascades given, but the rules have {allowed}")]
    TooManyCascades {
        /// Cascades in the layout.
        found: usize,
        /// Cascades the rules allow.
        allowed: usize,
    },
    /// More cards in free cells than the rules have cells.
    #[error("{found} free cells given, but the rules have {allowed}")]
    TooManyCells {
        /// Cells in the layout (counting empty ones before the last card).
        found: usize,
        /// Cells the rules allow.
        allowed: usize,
    },
    /// A foundation rank above 13.
    #[error("the {} foundation claims rank {rank}; ranks go up to 13", suit.letter())]
    FoundationRank {
        /// The suit.
        suit: Suit,
        /// The claimed rank.
        rank: u8,
    },
    /// A card appears twice, or also on its foundation.
    #[error("{card} appears twice: at {first} and at {second}")]
    Duplicate {
        /// The card.
        card: Card,
        /// Where it was seen first (a foundation when the foundation claims it).
        first: Location,
        /// Where it was seen again.
        second: Location,
    },
    /// The rules have more cascades or cells than the board type has room for: a
    /// [`Board`] holds 10 cascades and 8 cells, a [`WideBoard`](crate::WideBoard) every
    /// rule set.
    #[error(
        "{cascades} cascades and {cells} free cells do not fit this board type ({} cascades, {} cells): use WideBoard",
        .room.0, .room.1
    )]
    TooWide {
        /// The rules' cascades.
        cascades: u8,
        /// The rules' free cells.
        cells: u8,
        /// The board type's room: cascades, cells.
        room: (usize, usize),
    },
    /// Cards are missing from the position.
    #[error("{} card{} missing: {}", .cards.len(), if .cards.len() == 1 { " is" } else { "s are" }, list(.cards))]
    Missing {
        /// The missing cards, in deck order.
        cards: Vec<Card>,
    },
}

fn list(cards: &[Card]) -> String {
    cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

impl LayoutError {
    /// The location the error is about, when it is about one card.
    pub fn location(&self) -> Option<Location> {
        match self {
            LayoutError::Duplicate { second, .. } => Some(*second),
            LayoutError::FoundationRank { suit, .. } => Some(Location::Foundation(*suit)),
            _ => None,
        }
    }
}

impl Layout {
    /// An empty layout for `rules`: no cards anywhere.
    pub fn empty(rules: Rules) -> Layout {
        Layout {
            rules,
            foundations: [0; 4],
            cells: vec![None; usize::from(rules.free_cells)],
            cascades: vec![Vec::new(); usize::from(rules.cascades)],
        }
    }

    /// Deals `cards` in dealing order: the last `in_cells` cards go to the free cells, the
    /// rest round-robin into the cascades, card `i` to cascade `i mod cascades`, the first
    /// card dealt into a cascade being its deepest.
    ///
    /// This is the Microsoft deal's placement (with `in_cells = 0`), a [`Variant`] with the
    /// default [`Dealing`](crate::Dealing) but for the cells; [`Layout::deal_game`] deals the
    /// presets, [`Variant::deal`] any game.
    pub fn deal(rules: Rules, cards: &[Card], in_cells: usize) -> Layout {
        let cells = u8::try_from(in_cells).unwrap_or(u8::MAX);
        Variant { rules, deal: crate::Dealing { cells, ..crate::Dealing::default() } }.deal(cards)
    }

    /// Deals `cards`, in dealing order, the way `game` deals a shuffled deck: PySolFC's
    /// placement (`shlomif/PySolFC`, `pysollib/games/`: `freecell.py`, `bakersgame.py`,
    /// `beleagueredcastle.py`, `fan.py`, `bakersdozen.py`, `spider.py`), which
    /// `crates/deals/tests/data/games/README.md` spells out per game: [`Variant::deal`]
    /// of [`Game::variant`].
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Card, Game, Layout};
    /// let deck: Vec<Card> = Card::deck().collect();
    /// let castle = Layout::deal_game(Game::BeleagueredCastle, &deck);
    /// assert_eq!(castle.foundations, [1; 4]);
    /// assert!(castle.cascades.iter().all(|c| c.len() == 6));
    /// let simon = Layout::deal_game(Game::SimpleSimon, &deck);
    /// assert_eq!(simon.cascades.iter().map(Vec::len).collect::<Vec<_>>(), [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]);
    /// ```
    pub fn deal_game(game: Game, cards: &[Card]) -> Layout {
        game.variant().deal(cards)
    }

    /// Validates into a [`Board`]; the same as `Board::try_from(self)`.
    ///
    /// # Errors
    /// See [`LayoutError`].
    pub fn into_board(self) -> Result<Board, LayoutError> {
        Board::try_from(self)
    }
}
