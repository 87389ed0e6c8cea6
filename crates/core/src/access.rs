//! Bit-set views of where cards lie, for evaluation functions that scan the whole board
//! (the heuristics crate): one pass over the card records, no walking of cascades.

use crate::board::{BOTTOM, Board, CELL};

impl Board {
    /// The cards lying at the bottom of a cascade (its deepest card), as a bit set over
    /// card indices ([`Card::index`](crate::Card::index)).
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Card};
    /// let board: Board = "Foundations: C-K D-K H-Q S-J\n: KH\n: QS KS\n".parse().unwrap();
    /// let kh: Card = "KH".parse().unwrap();
    /// let qs: Card = "QS".parse().unwrap();
    /// assert_eq!(board.bottom_cards(), 1 << kh.index() | 1 << qs.index());
    /// ```
    #[inline]
    pub fn bottom_cards(&self) -> u64 {
        self.below[..52].iter().enumerate().fold(0, |set, (card, &code)| set | u64::from(code == BOTTOM) << card)
    }

    /// The cards in free cells, as a bit set over card indices.
    #[inline]
    pub fn cell_cards(&self) -> u64 {
        self.below[..52].iter().enumerate().fold(0, |set, (card, &code)| set | u64::from(code == CELL) << card)
    }

    /// The cascade cards lying directly on a card they build on under the rules (one rank
    /// higher, and of the other colour in FreeCell), as a bit set over card indices.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Card};
    /// // QH lies on KS (builds); KH lies on QS (does not).
    /// let board: Board = "Foundations: C-K D-K H-J S-J\n: KS QH\n: QS KH\n".parse().unwrap();
    /// let qh: Card = "QH".parse().unwrap();
    /// assert_eq!(board.stacked_cards(), 1 << qh.index());
    /// ```
    #[inline]
    pub fn stacked_cards(&self) -> u64 {
        let mut set = 0;
        for (card, &under) in self.below[..52].iter().enumerate() {
            set |= u64::from(self.stacks(card as u8, under)) << card;
        }
        set
    }
}
