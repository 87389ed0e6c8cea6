//! [`Layout`]: an unvalidated description of a position, the input side of [`Board`](crate::Board).
//!
//! Parsers and dealers produce layouts; [`Board::try_from`](crate::Board::try_from) checks them. Keeping the two
//! apart means a [`Board`](crate::Board) is always a legal position and its methods never re-check.

use thiserror::Error;

use crate::board::Board;
use crate::card::{Card, Suit};
use crate::rules::{Game, Rules, RulesError};

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
    /// [`Board`](crate::Board) holds 10 cascades and 8 cells, a [`WideBoard`](crate::WideBoard) every
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

    /// Deals `cards` in dealing order: the first `in_cells` cards of the *end* of the
    /// sequence go to the free cells, the rest round-robin into the cascades, card `i` to
    /// cascade `i mod cascades`, the first card dealt into a cascade being its deepest.
    ///
    /// This is the Microsoft deal's placement (with `in_cells = 0`); the Eight Off and
    /// Seahaven Towers presets put their last cards in the cells
    /// (see [`Layout::deal_game`]).
    pub fn deal(rules: Rules, cards: &[Card], in_cells: usize) -> Layout {
        let mut layout = Layout::empty(rules);
        let to_cascades = cards.len().saturating_sub(in_cells);
        let columns = layout.cascades.len().max(1);
        for (i, &card) in cards[..to_cascades].iter().enumerate() {
            if let Some(cascade) = layout.cascades.get_mut(i % columns) {
                cascade.push(card);
            }
        }
        for (cell, &card) in layout.cells.iter_mut().zip(&cards[to_cascades..]) {
            *cell = Some(card);
        }
        layout
    }

    /// Deals `cards`, in dealing order, the way `game` deals a shuffled deck: PySolFC's
    /// placement (`shlomif/PySolFC`, `pysollib/games/`: `freecell.py`, `bakersgame.py`,
    /// `beleagueredcastle.py`, `fan.py`, `bakersdozen.py`, `spider.py`), which
    /// `crates/deals/tests/data/games/README.md` spells out per game. Aces that a game
    /// deals to its foundations are taken out first; every other card keeps its order.
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
        let rules = game.rules();
        let is_ace = |card: &Card| card.rank().get() == 1;
        match game {
            Game::BeleagueredCastle | Game::Cruel => {
                let rest: Vec<Card> = cards.iter().copied().filter(|c| !is_ace(c)).collect();
                let mut layout = Layout::deal(rules, &rest, 0);
                for ace in cards.iter().filter(|c| is_ace(c)) {
                    layout.foundations[ace.suit().index()] = 1;
                }
                layout
            }
            Game::Citadel => deal_citadel(rules, cards),
            Game::Fan => {
                // 17 cascades of 3, then the last card alone in the 18th.
                let mut layout = Layout::empty(rules);
                let shown = cards.len().saturating_sub(1);
                for (i, &card) in cards[..shown].iter().enumerate() {
                    layout.cascades[i % 17].push(card);
                }
                if let Some(&last) = cards.get(shown) {
                    layout.cascades[17].push(last);
                }
                layout
            }
            Game::BakersDozen => Layout::deal(rules, &kings_beneath(cards, 13), 0),
            Game::GoodMeasure => {
                // Kings placed for 52 cards, then the last two aces dealt go home.
                let mut order = kings_beneath(cards, 10);
                let mut layout = Layout::empty(rules);
                for _ in 0..2 {
                    if let Some(i) = order.iter().rposition(is_ace) {
                        let ace = order.remove(i);
                        layout.foundations[ace.suit().index()] = 1;
                    }
                }
                for (i, &card) in order.iter().enumerate() {
                    layout.cascades[i % 10].push(card);
                }
                layout
            }
            Game::SimpleSimon => {
                // Rounds over the first 9, 8, …, 3 cascades, then one over all 10.
                let mut layout = Layout::empty(rules);
                let widths = [9, 8, 7, 6, 5, 4, 3, 10];
                let targets = widths.iter().flat_map(|&w| 0..w);
                for (cascade, &card) in targets.zip(cards) {
                    layout.cascades[cascade].push(card);
                }
                layout
            }
            _ => Layout::deal(rules, cards, game.cards_in_cells()),
        }
    }

    /// Validates into a [`Board`](crate::Board); the same as `Board::try_from(self)`.
    ///
    /// # Errors
    /// See [`LayoutError`].
    pub fn into_board(self) -> Result<Board, LayoutError> {
        Board::try_from(self)
    }
}

/// Baker's Dozen's kings beneath (PySolFC's `BakersDozen._shuffleHook`): the cards in
/// reverse order, where each king, in that order, trades places with the first non-king dealt earlier into its cascade of
/// `cascades`, so that kings lie beneath the other cards of their cascade.
fn kings_beneath(cards: &[Card], cascades: usize) -> Vec<Card> {
    // The hook works on PySolFC's talon, whose last card is dealt first, and returns it
    // reversed: so it sees, and these games deal, the cards in reverse order.
    let mut order: Vec<Card> = cards.iter().rev().copied().collect();
    let is_king = |card: &Card| card.rank().get() == 13;
    let kings: Vec<usize> = (0..order.len()).filter(|&i| is_king(&order[i])).collect();
    for i in kings {
        if let Some(j) = (i % cascades..i).step_by(cascades).find(|&j| !is_king(&order[j])) {
            order.swap(i, j);
        }
    }
    order
}

/// Citadel's deal (PySolFC's `Citadel`, `beleagueredcastle.py`): the aces go home first,
/// then rounds over the cascades, in which a card that fits its foundation goes there and
/// leaves its cascade a card short.
fn deal_citadel(rules: Rules, cards: &[Card]) -> Layout {
    let mut layout = Layout::empty(rules);
    let mut rest = Vec::with_capacity(cards.len());
    for &card in cards {
        if card.rank().get() == 1 {
            layout.foundations[card.suit().index()] = 1;
        } else {
            rest.push(card);
        }
    }
    let columns = layout.cascades.len().max(1);
    for (i, card) in rest.into_iter().enumerate() {
        let home = &mut layout.foundations[card.suit().index()];
        if *home + 1 == card.rank().get() {
            *home += 1;
        } else if let Some(cascade) = layout.cascades.get_mut(i % columns) {
            cascade.push(card);
        }
    }
    layout
}
