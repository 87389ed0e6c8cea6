//! Whole-board scans shared by the heuristics that only need "what lies on what": they go
//! over `Board`'s bit-set views in card order instead of walking cascades.

use freecell_core::{Board, Card};

#[inline]
const fn bit(index: usize) -> u64 {
    1 << index
}

/// The cards in free cells.
#[inline]
pub(crate) fn cell_mask(board: &Board) -> u64 {
    board.cell_cards()
}

/// Cascade cards whose every card beneath continues a built sequence under the rules
/// (the deepest card of a cascade included), as a bit set. A card builds on one of the
/// next rank, so going down the deck order sees each card's support first.
#[inline]
pub(crate) fn well_placed(board: &Board) -> u64 {
    let mut placed = board.bottom_cards();
    let mut rest = board.stacked_cards();
    while rest != 0 {
        let index = 63 - rest.leading_zeros() as usize;
        rest &= !bit(index);
        let under = Card::from_index(index as u8).and_then(|card| board.beneath(card));
        if let Some(under) = under
            && placed & bit(under.index()) != 0
        {
            placed |= bit(index);
        }
    }
    placed
}

/// Sum of the ranks of the cascades' deepest cards, and how many cascades are non-empty.
#[inline]
pub(crate) fn bottoms(board: &Board) -> (u32, u32) {
    let mut rest = board.bottom_cards();
    let count = rest.count_ones();
    let mut sum = 0;
    while rest != 0 {
        sum += rest.trailing_zeros() / 4 + 1;
        rest &= rest - 1;
    }
    (sum, count)
}
