//! Bit-set views of where cards lie, for evaluation functions that scan the whole board
//! (the heuristics crate): one pass over the card records, no walking of cascades.

use crate::board::{BOTTOM, BoardN, CELL};
use crate::card::Card;
use crate::rules::BuildRule;

impl<const C: usize, const F: usize> BoardN<C, F> {
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
        // `NONE` (an empty cascade) adds nothing.
        self.bottoms[..self.cascade_count()].iter().fold(0, |set, &card| set | u64::from(card < 52) << (card & 63))
    }

    /// The deepest card of cascade `i`, or `None` when it is empty or does not exist.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Card};
    /// let board: Board = "Foundations: C-K D-K H-Q S-J\n: KH\n: QS KS\n".parse().unwrap();
    /// assert_eq!(board.cascade_bottom(1), Some("QS".parse::<Card>().unwrap()));
    /// assert_eq!(board.cascade_bottom(2), None);
    /// ```
    #[inline]
    pub fn cascade_bottom(&self, i: usize) -> Option<Card> {
        self.bottoms.get(i).and_then(|&c| Card::from_index(c))
    }

    /// Length of cascade `i`'s *built base*: its deepest card and the cards above it that
    /// each build on the card beneath under the rules (0 when the cascade is empty or does
    /// not exist). Equals [`cascade_len`](crate::Board::cascade_len) when the whole cascade is a
    /// built sequence. Kept by every move, so this is O(1).
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Board;
    /// // QH builds on KS, JH does not build on QH (same colour).
    /// let board: Board = "Foundations: C-K D-K H-T S-Q\n: KS QH JH\n: KH\n".parse().unwrap();
    /// assert_eq!(board.built_base_len(0), 2);
    /// ```
    #[inline]
    pub fn built_base_len(&self, i: usize) -> usize {
        self.based.get(i).map_or(0, |&n| usize::from(n))
    }

    /// Cards in cascades that lie in their cascade's [built base](crate::Board::built_base_len),
    /// summed over the cascades.
    #[inline]
    pub fn built_base_cards(&self) -> usize {
        usize::from(self.built)
    }

    /// How many cards lie on `card` in its cascade (0 for a cascade's top card), or `None`
    /// when `card` is in a free cell or on its foundation.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Card};
    /// let board: Board = "Foundations: C-K D-K H-T S-Q\nFreecells: JH\n: KS QH\n: KH\n".parse().unwrap();
    /// let card = |s: &str| s.parse::<Card>().unwrap();
    /// assert_eq!(board.cards_above(card("KS")), Some(1));
    /// assert_eq!(board.cards_above(card("QH")), Some(0));
    /// assert_eq!(board.cards_above(card("JH")), None);
    /// ```
    #[inline]
    pub fn cards_above(&self, card: Card) -> Option<usize> {
        self.cascade_place(card).map(|(_, above)| above)
    }

    /// Where `card` lies in a cascade: the cascade's index and how many cards lie on it
    /// (as [`cards_above`](crate::Board::cards_above) counts them), or `None` when it is in a
    /// free cell or on its foundation.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Card};
    /// let board: Board = "Foundations: C-K D-K H-T S-Q\nFreecells: JH\n: KS QH\n: KH\n".parse().unwrap();
    /// let card = |s: &str| s.parse::<Card>().unwrap();
    /// assert_eq!(board.cascade_place(card("KS")), Some((0, 1)));
    /// assert_eq!(board.cascade_place(card("KH")), Some((1, 0)));
    /// assert_eq!(board.cascade_place(card("JH")), None);
    /// ```
    #[inline]
    pub fn cascade_place(&self, card: Card) -> Option<(usize, usize)> {
        let mut deepest = card.index() as u8;
        if self.below[usize::from(deepest)] > BOTTOM {
            return None;
        }
        // Walk down to the cascade's deepest card, counting the cards beneath `card`; the
        // deepest card names the cascade, whose length gives the cards above.
        // (At most 51 steps, even on a board an illegal `apply_unchecked` corrupted.)
        let mut beneath = 0;
        while beneath < 52 {
            let under = self.below[usize::from(deepest & 63)];
            if under >= BOTTOM {
                break;
            }
            deepest = under;
            beneath += 1;
        }
        let i = self.bottoms[..self.cascade_count()].iter().position(|&b| b == deepest)?;
        Some((i, usize::from(self.lens[i]).saturating_sub(1 + beneath)))
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
            BuildRule::AnySuit | BuildRule::SimpleSimon => {
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
        for build in [BuildRule::AlternateColour, BuildRule::SameSuit, BuildRule::AnySuit, BuildRule::SimpleSimon] {
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
