//! Heineman's staged-deepening heuristic (HSDH), in both readings: the wording of GA-FreeCell
//! (Elyasaf, Hauptman & Sipper, GECCO 2011, §3.2) and Heineman's published Java code (his
//! January 2009 O'Reilly column, "Algorithm to solve FreeCell solitaire games",
//! <http://broadcast.oreilly.com/2009/01/january-column-graph-algorithm.html>).
//!
//! Both readings start from the same count: for each suit, find the card its foundation
//! needs next and count the cards lying on top of it in its cascade (0 when that card is in
//! a free cell, or the suit is complete); sum over the four suits.
//!
//! - [`HsdhReading::Paper`]: the wording of the GA-FreeCell paper (§3.2) and of the GPTP
//!   chapter: the sum, doubled when there is no empty free cell and no empty cascade. (The
//!   GECCO text says "no free `FreeCells` or empty *foundation* piles"; the GPTP chapter's
//!   "empty cascade piles" is read as the intended condition.)
//! - [`HsdhReading::Heineman`]: Heineman's published code: the same sum, doubled when
//!   `empty cells + empty cascades == 0`, **plus** a progress term `22 − cards home`, so the
//!   value falls as cards go home and may be negative (down to −30 at the goal). The order
//!   is a choice, named here: the doubling applies to the blocking sum only, then the
//!   progress term is added.
//!
//! Neither reading is admissible: a single card above the next ace may count 2.

use freecell_core::{BoardN, NextHome, Suit};

/// Which HSDH to compute; see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum HsdhReading {
    /// The papers' wording: blocking sum, doubled without vacancy. Used by
    /// [`Feature::Hsdh`](crate::Feature::Hsdh) and every genome preset.
    #[default]
    Paper,
    /// Heineman's code: the paper value plus `22 − cards home`.
    Heineman,
}

/// The blocking sum: over the four suits, the number of cards above the next card each
/// foundation needs (0 for a card in a free cell or a complete suit). Not doubled.
///
/// # Examples
/// ```
/// use freecell_core::{Board, Suit};
/// use freecell_heuristics::hsdh::blocking_sum;
/// // Spades need 2S (under 9H, 3H); hearts need AH (under KS); clubs and diamonds are done.
/// let board: Board = "Foundations: C-K D-K H-0 S-A\n: 2S 9H 3H\n: AH KS\n\
///                     : 2H 4H 5H 6H 7H 8H TH JH QH KH 3S 4S 5S 6S 7S 8S 9S TS JS QS\n".parse().unwrap();
/// assert_eq!(blocking_sum(&board), 3);
/// ```
pub fn blocking_sum<const C: usize, const F: usize>(board: &BoardN<C, F>) -> u32 {
    // `cards_above` is 0 for a top card and `None` for a card in a free cell: both count 0.
    let mut sum = 0;
    for suit in Suit::ALL {
        if let NextHome::Card(card) = board.next_home(suit) {
            sum += board.cards_above(card).unwrap_or(0);
        }
    }
    sum as u32
}

/// Whether the position has no empty free cell and no empty cascade: the condition under
/// which both readings double the blocking sum.
#[inline]
pub fn no_vacancy<const C: usize, const F: usize>(board: &BoardN<C, F>) -> bool {
    board.empty_cells() == 0 && board.empty_cascades() == 0
}

/// HSDH under the chosen reading. Smaller is closer to the goal; 0 at the goal for
/// [`HsdhReading::Paper`], −30 for [`HsdhReading::Heineman`]. Not admissible.
///
/// # Examples
/// ```
/// use freecell_core::{Board, Suit};
/// use freecell_heuristics::{HsdhReading, hsdh};
/// // Hearts need AH, under KS: one card. Spades need 2S, under 9H and 3H: two cards.
/// // Five cascades are empty, so nothing doubles.
/// let board: Board = "Foundations: C-K D-K H-0 S-A\n: 2S 9H 3H\n: AH KS\n\
///                     : 2H 4H 5H 6H 7H 8H TH JH QH KH 3S 4S 5S 6S 7S 8S 9S TS JS QS\n".parse().unwrap();
/// assert_eq!(hsdh(&board, HsdhReading::Paper), 3);
/// // Heineman adds 22 − 27 cards home.
/// assert_eq!(hsdh(&board, HsdhReading::Heineman), 3 + 22 - 27);
/// ```
pub fn hsdh<const C: usize, const F: usize>(board: &BoardN<C, F>, reading: HsdhReading) -> i32 {
    let mut value = blocking_sum(board) as i32;
    if no_vacancy(board) {
        value *= 2;
    }
    match reading {
        HsdhReading::Paper => value,
        HsdhReading::Heineman => value + 22 - board.cards_home() as i32,
    }
}

#[cfg(test)]
mod tests {
    use freecell_core::Board;

    use super::*;

    fn board(text: &str) -> Board {
        text.parse().expect("test boards are valid")
    }

    #[test]
    fn doubles_only_without_vacancy() {
        // 2 cascades, 0 cells in play? Rules default to 8 cascades, so build a full-width
        // board: cascade 1 holds AH under 2C (one card above the ace of hearts); the other
        // clubs and the rest sit so that every cascade is non-empty and every cell full.
        // Foundations: C-A, D-K, H-0, S-K; left: 2C..KC (12) and AH..KH (13) = 25 cards.
        // Cells hold 3C 4C 5C 6C (four cells, all full). Cascades (deepest first):
        // 1: AH 2C   2: 2H 7C  3: 3H 8C  4: 4H 9C  5: 5H TC  6: 6H JC  7: 7H QC
        // 8: 8H 9H TH JH QH KH KC
        // Clubs need 2C: top of cascade 1, 0 above. Hearts need AH: 1 above (2C).
        // Sum 1; no empty cell, no empty cascade: doubled to 2.
        let text = "Foundations: C-A D-K H-0 S-K\nFreecells: 3C 4C 5C 6C\n: AH 2C\n: 2H 7C\n: 3H 8C\n: 4H 9C\n\
                    : 5H TC\n: 6H JC\n: 7H QC\n: 8H 9H TH JH QH KH KC\n";
        let b = board(text);
        assert_eq!(blocking_sum(&b), 1);
        assert!(no_vacancy(&b));
        assert_eq!(hsdh(&b, HsdhReading::Paper), 2);
        // 1 + 13 + 13 = 27 cards home: 2 + 22 − 27 = −3.
        assert_eq!(hsdh(&b, HsdhReading::Heineman), -3);
    }

    #[test]
    fn next_card_in_a_cell_counts_zero() {
        // Hearts need AH, which is in a cell: 0. Everything else is home.
        let b = board("Foundations: C-K D-K H-0 S-K\nFreecells: AH\n: 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH\n");
        assert_eq!(blocking_sum(&b), 0);
        // 39 home: Heineman 0 + 22 − 39 = −17.
        assert_eq!(hsdh(&b, HsdhReading::Heineman), -17);
    }

    #[test]
    fn goal_values() {
        let b = board("Foundations: C-K D-K H-K S-K\n");
        assert_eq!(hsdh(&b, HsdhReading::Paper), 0);
        assert_eq!(hsdh(&b, HsdhReading::Heineman), -30);
    }
}
