//! Where every pile and card lies on the screen, computed once per frame from the terminal's
//! size and the board, so that drawing and hit-testing a mouse click read the same places.
//!
//! ```text
//!  row 0      title
//!  row 2      [a ] [b ] [c ] [d ]        [♣ ] [♦ ] [♥ ] [♠ ]     free cells, foundations
//!  row 3       a    b    c    d            h                       their keys
//!  row 4       1     2     3     4     5     6     7     8         cascade keys
//!  row 5…      cascades, deepest card first, one row a card
//!  last three  the alert line (a lost game), the status line, the help line
//! ```

use freecell_core::{Board, Pile, Suit};
use ratatui::layout::{Position, Rect};

/// Columns a card's face takes: rank right-aligned in two, the suit, a space (`10♥ `).
pub(crate) const CARD_WIDTH: u16 = 4;
/// Columns from one pile's left edge to the next one's.
const PITCH: u16 = CARD_WIDTH + 2;
/// Columns between the free cells and the foundations.
const GAP: u16 = 4;
/// Rows below the cascades: the alert, status and help lines.
const FOOTER_ROWS: u16 = 3;
/// The row of the free cells and foundations, below the title and a blank row.
const SLOT_ROW: u16 = 2;
/// The row of the cascades' keys; their cards start on the next.
const CASCADE_KEY_ROW: u16 = 4;

/// The fewest rows the table fits in: six for the cascades (their top cards and a few
/// below, or the "+N" marker) besides the rows above and below them.
const MIN_ROWS: u16 = CASCADE_KEY_ROW + 1 + 6 + FOOTER_ROWS;
/// Columns beside the table, two each side.
const MARGIN: u16 = 4;

/// A place on the table a click or a key can name: a pile and how many of its top cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spot {
    /// The pile.
    pub(crate) pile: Pile,
    /// Cards from the top down to the one clicked (1 for the top card, or for a click on an
    /// empty pile, a cell, a foundation or the space below a cascade).
    pub(crate) depth: usize,
}

/// One cascade's column: where it is drawn and which of its cards fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Column {
    /// Left edge of the cards.
    pub(crate) x: u16,
    /// The row of the first card shown.
    pub(crate) top: u16,
    /// How many rows the column may use.
    pub(crate) rows: u16,
    /// The cascade's length.
    pub(crate) len: usize,
    /// How many of its deepest cards are not shown (the first row then says how many), so
    /// that the top card, the one that plays, is always on screen.
    pub(crate) hidden: usize,
}

impl Column {
    fn new(x: u16, top: u16, rows: u16, len: usize) -> Column {
        let rows_for_cards = usize::from(rows);
        // One row is given to the "+N" marker when the cards overflow.
        let hidden = if len > rows_for_cards { len - rows_for_cards.saturating_sub(1) } else { 0 };
        Column { x, top, rows, len, hidden }
    }

    /// The row of card `index` (0 = deepest), or `None` when it is hidden.
    pub(crate) fn row_of(&self, index: usize) -> Option<u16> {
        let shown = index.checked_sub(self.hidden)?;
        let offset = shown + usize::from(self.hidden > 0);
        (index < self.len).then(|| self.top + offset as u16)
    }

    /// The row that says how many cards are hidden, when some are.
    pub(crate) fn marker_row(&self) -> Option<u16> {
        (self.hidden > 0).then_some(self.top)
    }
}

/// The screen positions of one frame's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Geometry {
    /// The whole area drawn on.
    pub(crate) area: Rect,
    /// The left edge of each free cell, on [`Geometry::slot_row`].
    pub(crate) cells: Vec<u16>,
    /// The left edge of each foundation, in [`Suit::ALL`] order.
    pub(crate) foundations: [u16; 4],
    /// The cascades.
    pub(crate) cascades: Vec<Column>,
    /// The table's width, the wider of its two rows of piles.
    width: u16,
}

impl Geometry {
    /// Lays out `board` in `area`, centred horizontally.
    pub(crate) fn new(area: Rect, board: &Board) -> Geometry {
        let cell_count = board.cell_count() as u16;
        let cascade_count = board.cascade_count() as u16;
        let top_width = (cell_count + 4) * PITCH + GAP;
        let width = top_width.max(cascade_count * PITCH);
        let left = area.x + area.width.saturating_sub(width) / 2;
        let cells = (0..cell_count).map(|i| left + i * PITCH).collect();
        let foundation_left = left + width - 4 * PITCH;
        let foundations = [0, 1, 2, 3].map(|i| foundation_left + i * PITCH);
        let cascade_left = left + (width - cascade_count * PITCH) / 2;
        let top = area.y + CASCADE_KEY_ROW + 1;
        let rows = area.bottom().saturating_sub(FOOTER_ROWS).saturating_sub(top);
        let cascades = (0..board.cascade_count())
            .map(|i| Column::new(cascade_left + i as u16 * PITCH, top, rows, board.cascade_len(i)))
            .collect();
        Geometry { area, cells, foundations, cascades, width }
    }

    /// The smallest terminal, columns and rows, that shows this table: 56×14 for
    /// FreeCell's four cells, 80 columns for eight.
    pub(crate) fn min_size(&self) -> (u16, u16) {
        (self.width + MARGIN, MIN_ROWS)
    }

    /// Whether the area is too small to show the table.
    pub(crate) fn too_small(&self) -> bool {
        let (columns, rows) = self.min_size();
        self.area.width < columns || self.area.height < rows
    }

    /// The row of the free cells and foundations.
    pub(crate) fn slot_row(&self) -> u16 {
        self.area.y + SLOT_ROW
    }

    /// The row of the cascades' keys.
    pub(crate) fn cascade_key_row(&self) -> u16 {
        self.area.y + CASCADE_KEY_ROW
    }

    /// The alert line, for news that stays while it holds: the game is lost.
    pub(crate) fn alert_row(&self) -> u16 {
        self.area.bottom().saturating_sub(FOOTER_ROWS)
    }

    /// The status line.
    pub(crate) fn status_row(&self) -> u16 {
        self.area.bottom().saturating_sub(2)
    }

    /// The help line.
    pub(crate) fn help_row(&self) -> u16 {
        self.area.bottom().saturating_sub(1)
    }

    /// What is under the screen position `at`: a pile and how deep into it, or `None`.
    ///
    /// The slots take their key row too, and a cascade its key row and the whole column
    /// below its last card, so that a click need not be precise to name a pile.
    pub(crate) fn hit(&self, at: Position) -> Option<Spot> {
        let within = |left: u16| (left..left + CARD_WIDTH).contains(&at.x);
        let top = |pile| Some(Spot { pile, depth: 1 });
        if (self.slot_row()..=self.slot_row() + 1).contains(&at.y) {
            if let Some(i) = self.cells.iter().position(|&left| within(left)) {
                return top(Pile::cell(i));
            }
            let suit = self.foundations.iter().position(|&left| within(left))?;
            return top(Pile::foundation(Suit::ALL[suit]));
        }
        let (i, column) = self.cascades.iter().enumerate().find(|(_, column)| within(column.x))?;
        if at.y < self.cascade_key_row() || at.y >= self.alert_row() {
            return None;
        }
        let pile = Pile::cascade(i);
        // A click on the row of a card takes that card and the cards above it; anywhere
        // else in the column (the key, the "+N" marker, below the top card) the top card.
        let index = (column.hidden..column.len).find(|&index| column.row_of(index) == Some(at.y));
        Some(Spot { pile, depth: index.map_or(1, |index| column.len - index) })
    }
}

#[cfg(test)]
mod tests {
    use freecell_deals::DealNumber;

    use super::*;

    fn deal_1() -> Board {
        DealNumber::new(1).expect("deal 1 exists").board()
    }

    #[test]
    fn every_card_of_a_deal_has_its_own_place_and_is_hit_there() {
        let board = deal_1();
        let geometry = Geometry::new(Rect::new(0, 0, 80, 24), &board);
        assert!(!geometry.too_small());
        for (i, column) in geometry.cascades.iter().enumerate() {
            assert_eq!(column.hidden, 0, "deal 1's cascades fit 24 rows");
            for index in 0..column.len {
                let row = column.row_of(index).expect("shown");
                for x in column.x..column.x + CARD_WIDTH {
                    let spot = geometry.hit(Position::new(x, row));
                    assert_eq!(spot, Some(Spot { pile: Pile::cascade(i), depth: column.len - index }));
                }
            }
        }
    }

    #[test]
    fn slots_and_their_keys_name_the_cells_and_foundations() {
        let geometry = Geometry::new(Rect::new(0, 0, 80, 24), &deal_1());
        for (i, &left) in geometry.cells.iter().enumerate() {
            for y in [geometry.slot_row(), geometry.slot_row() + 1] {
                assert_eq!(geometry.hit(Position::new(left, y)), Some(Spot { pile: Pile::cell(i), depth: 1 }));
            }
        }
        for (suit, &left) in Suit::ALL.iter().zip(&geometry.foundations) {
            let spot = geometry.hit(Position::new(left + CARD_WIDTH - 1, geometry.slot_row()));
            assert_eq!(spot, Some(Spot { pile: Pile::foundation(*suit), depth: 1 }));
        }
        // The gaps between piles and the title row name nothing.
        assert_eq!(geometry.hit(Position::new(geometry.cells[0] + CARD_WIDTH, geometry.slot_row())), None);
        assert_eq!(geometry.hit(Position::new(geometry.cells[0], 0)), None);
    }

    #[test]
    fn the_table_is_centred_and_piles_do_not_overlap() {
        let board = deal_1();
        let geometry = Geometry::new(Rect::new(0, 0, 80, 24), &board);
        let lefts: Vec<u16> = geometry.cells.iter().chain(&geometry.foundations).copied().collect();
        assert!(lefts.windows(2).all(|pair| pair[1] > pair[0] + CARD_WIDTH), "{lefts:?}");
        let right = geometry.foundations[3] + CARD_WIDTH;
        let left = geometry.cells[0];
        assert!(left.abs_diff(80 - right) <= 3, "left margin {left}, right margin {}", 80 - right);
    }

    #[test]
    fn every_rule_set_fits_80_columns() {
        // Eight Off: eight cells; the most cascades any rules allow is ten.
        let eight_off = freecell_engine::Rules::eight_off();
        let ten = freecell_engine::Rules { cascades: 10, ..freecell_engine::Rules::freecell() };
        for rules in [eight_off, ten] {
            let layout = freecell_engine::random_layout_with_rules(rules, 1);
            let board = Board::try_from(layout).expect("a seeded deal is a legal position");
            let geometry = Geometry::new(Rect::new(0, 0, 80, 24), &board);
            let right = geometry.foundations[3] + CARD_WIDTH;
            assert!(right <= 80 && geometry.cells.len() == board.cell_count(), "{rules:?}");
            let lefts: Vec<u16> = geometry.cells.iter().chain(&geometry.foundations).copied().collect();
            assert!(lefts.windows(2).all(|pair| pair[1] > pair[0] + CARD_WIDTH), "{lefts:?}");
            let last = geometry.cascades.last().expect("cascades");
            assert!(last.x + CARD_WIDTH <= 80);
            assert!(!geometry.too_small());
        }
    }

    #[test]
    fn below_a_cascade_and_on_its_key_the_top_card_is_named() {
        let board = deal_1();
        let geometry = Geometry::new(Rect::new(0, 0, 80, 24), &board);
        let column = geometry.cascades[7];
        let below = Position::new(column.x, column.top + column.len as u16);
        assert_eq!(geometry.hit(below), Some(Spot { pile: Pile::cascade(7), depth: 1 }));
        let key = Position::new(column.x, geometry.cascade_key_row());
        assert_eq!(geometry.hit(key), Some(Spot { pile: Pile::cascade(7), depth: 1 }));
        assert_eq!(geometry.hit(Position::new(column.x, geometry.alert_row())), None);
    }

    #[test]
    fn a_cascade_taller_than_the_screen_hides_its_deepest_cards_and_shows_its_top() {
        // Deal 1 in a 14-row terminal: 6 rows for the cascades, which hold 6 or 7 cards.
        let board = deal_1();
        let geometry = Geometry::new(Rect::new(0, 0, 60, 14), &board);
        let column = geometry.cascades[0];
        assert_eq!((column.len, column.rows), (7, 6));
        assert_eq!(column.hidden, 2, "five cards and the marker fill six rows");
        assert_eq!(column.marker_row(), Some(column.top));
        assert_eq!(column.row_of(1), None);
        assert_eq!(column.row_of(2), Some(column.top + 1));
        assert_eq!(column.row_of(6), Some(column.top + 5));
        assert_eq!(
            geometry.hit(Position::new(column.x, column.top + 5)),
            Some(Spot { pile: Pile::cascade(0), depth: 1 })
        );
        assert_eq!(
            geometry.hit(Position::new(column.x, column.top + 1)),
            Some(Spot { pile: Pile::cascade(0), depth: 5 })
        );
        // The marker row names the pile's top card, like the column's other empty space.
        assert_eq!(geometry.hit(Position::new(column.x, column.top)), Some(Spot { pile: Pile::cascade(0), depth: 1 }));
    }

    #[test]
    fn a_terminal_too_small_for_the_table_is_reported() {
        let board = deal_1();
        assert!(Geometry::new(Rect::new(0, 0, 40, 24), &board).too_small());
        assert!(Geometry::new(Rect::new(0, 0, 80, 13), &board).too_small());
        assert_eq!(Geometry::new(Rect::new(0, 0, 80, 24), &board).min_size(), (56, 14));
        assert!(!Geometry::new(Rect::new(0, 0, 56, 14), &board).too_small());
        assert!(Geometry::new(Rect::new(0, 0, 55, 14), &board).too_small());
    }
}
