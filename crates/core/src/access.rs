//! Bit-set views of where cards lie, for evaluation functions that scan the whole board
//! (the heuristics crate): one pass over the card records, no walking of cascades.

use crate::board::{BOTTOM, Board, CELL};
use crate::rules::BuildRule;

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
    ///
    /// Agrees with [`BuildRule::stacks`](crate::BuildRule::stacks) on every card.
    #[inline]
    pub fn stacked_cards(&self) -> u64 {
        // Plain arithmetic per card, one loop per rule, so the loop vectorises: the card
        // under `c` must be a card (< 52) of the next rank, and of the right suit or colour.
        let next_rank = |c: usize, under: u8| under < 52 && usize::from(under) / 4 == c / 4 + 1;
        // Suits in deck order are C D H S: red iff the suit index is 1 or 2.
        let red = |x: usize| (x ^ (x >> 1)) & 1;
        let mut set = 0;
        match self.rules.build {
            BuildRule::AlternateColour => {
                for (c, &under) in self.below[..52].iter().enumerate() {
                    let ok = next_rank(c, under) && red(c % 4) != red(usize::from(under) % 4);
                    set |= u64::from(ok) << c;
                }
            }
            BuildRule::SameSuit => {
                for (c, &under) in self.below[..52].iter().enumerate() {
                    let ok = next_rank(c, under) && c % 4 == usize::from(under) % 4;
                    set |= u64::from(ok) << c;
                }
            }
            BuildRule::AnySuit => {
                for (c, &under) in self.below[..52].iter().enumerate() {
                    set |= u64::from(next_rank(c, under)) << c;
                }
            }
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use crate::card::Card;
    use crate::layout::Layout;
    use crate::rules::{BuildRule, Rules};

    #[test]
    fn stacked_cards_agree_with_the_build_rule() {
        // Deal the deck in several orders under each build rule and compare card by card.
        for build in [BuildRule::AlternateColour, BuildRule::SameSuit, BuildRule::AnySuit] {
            for stride in [1usize, 5, 7, 11, 25] {
                let deck: Vec<Card> = (0..52).filter_map(|i| Card::from_index(((i * stride) % 52) as u8)).collect();
                let cards: Vec<Card> = if stride == 1 { deck.into_iter().rev().collect() } else { deck };
                if cards.len() != 52 {
                    continue;
                }
                let rules = Rules { build, ..Rules::freecell() };
                let board = Layout::deal(rules, &cards, 0).into_board().expect("a full deck deals");
                let mut expected = 0u64;
                for card in Card::deck() {
                    if let Some(under) = board.beneath(card)
                        && build.stacks(card, under)
                    {
                        expected |= 1 << card.index();
                    }
                }
                assert_eq!(board.stacked_cards(), expected, "{build:?}, stride {stride}");
            }
        }
    }
}
