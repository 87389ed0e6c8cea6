//! Fast whole-board scans shared by the heuristics, written against `Board`'s public
//! accessors. Walking one cascade is a chain of dependent loads; walking all cascades a
//! layer at a time lets those chains overlap, and scans that only need "what lies on what"
//! go over the cards in index order with no chain at all.

use freecell_core::{Board, Card, MAX_CASCADES, Suit};

#[inline]
const fn bit(index: usize) -> u64 {
    1 << index
}

/// The cards in free cells.
#[inline]
pub(crate) fn cell_mask(board: &Board) -> u64 {
    board.cell_cards()
}

/// The next card each unfinished foundation needs.
#[inline]
pub(crate) fn wanted(board: &Board) -> u64 {
    let mut wanted = 0;
    for suit in Suit::ALL {
        let home = board.foundation(suit);
        if home < 13 {
            wanted |= bit(usize::from(home) * 4 + suit.index());
        }
    }
    wanted
}

/// Sum over the cards of `targets` lying in cascades of the number of cards on top of
/// each. Cards of `targets` elsewhere count 0.
#[inline]
pub(crate) fn cards_above(board: &Board, targets: u64) -> u32 {
    let mut targets = targets & !cell_mask(board);
    let n = board.cascade_count().min(MAX_CASCADES);
    let mut cur: [Option<Card>; MAX_CASCADES] = [None; MAX_CASCADES];
    for (i, slot) in cur[..n].iter_mut().enumerate() {
        *slot = board.cascade_top(i);
    }
    let mut depth = 0;
    let mut sum = 0;
    while targets != 0 {
        let mut any = false;
        for slot in &mut cur[..n] {
            if let Some(card) = *slot {
                any = true;
                let b = bit(card.index());
                if targets & b != 0 {
                    sum += depth;
                    targets &= !b;
                }
                *slot = board.beneath(card);
            }
        }
        if !any {
            break;
        }
        depth += 1;
    }
    sum
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
