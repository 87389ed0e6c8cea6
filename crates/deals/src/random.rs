//! Seeded random deals: a Fisher–Yates shuffle driven by [`SplitMix64`].
//!
//! The Microsoft numbering has 2^33 − 1 deals and only FreeCell's layout. Seeded deals give
//! any number of further deals, for any rule set, reproducibly: the same seed gives the
//! same deal on every platform and in every version of this crate (see the crate's
//! "Stability" section).

use freecell_core::{Card, Game, Layout, Rules, SplitMix64};

use crate::ms::card;

/// The 52 cards in the dealing order of seeded deal `seed`.
///
/// The deck starts in deck order (A♣ A♦ A♥ A♠ 2♣ …, index `4·(rank−1)+suit`); then, for
/// `i` from 51 down to 1, `j = rng.below(i + 1)` and cards `i` and `j` swap (Fisher–Yates),
/// with `rng = SplitMix64::new(seed)`. The result is read from index 0.
///
/// # Examples
/// ```
/// use freecell_deals::random_cards;
/// assert_eq!(random_cards(7), random_cards(7));
/// assert_ne!(random_cards(7), random_cards(8));
/// ```
pub fn random_cards(seed: u64) -> [Card; 52] {
    let mut deck: [Card; 52] = std::array::from_fn(|i| card(i as u8));
    let mut rng = SplitMix64::new(seed);
    for i in (1..52).rev() {
        // `below(i + 1)` ≤ i < 52, so the cast is lossless.
        let j = rng.below(i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    deck
}

/// Seeded deal `seed` laid out for `game`: [`Layout::deal_game`] of [`random_cards`].
///
/// # Examples
/// ```
/// use freecell_core::{Board, Game};
/// use freecell_deals::random_layout;
/// let board = Board::try_from(random_layout(Game::SeahavenTowers, 42))?;
/// assert_eq!(board.cascade_count(), 10);
/// assert_eq!(board.empty_cells(), 2);
/// # Ok::<(), freecell_core::LayoutError>(())
/// ```
pub fn random_layout(game: Game, seed: u64) -> Layout {
    Layout::deal_game(game, &random_cards(seed))
}

/// Seeded deal `seed` under any rule set: all 52 cards round-robin into the rules'
/// cascades ([`Layout::deal`] with no card in a cell). Only invalid rules (see
/// [`Rules::validate`]) make the layout fail to become a board.
///
/// # Examples
/// ```
/// use freecell_core::{Board, Rules};
/// use freecell_deals::random_layout_with_rules;
/// let rules = Rules { free_cells: 2, cascades: 10, ..Rules::freecell() };
/// let board = Board::try_from(random_layout_with_rules(rules, 5))?;
/// assert_eq!(board.cascade_len(0), 6);
/// assert_eq!(board.cascade_len(9), 5);
/// # Ok::<(), freecell_core::LayoutError>(())
/// ```
pub fn random_layout_with_rules(rules: Rules, seed: u64) -> Layout {
    Layout::deal(rules, &random_cards(seed), 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_deals_are_permutations() {
        for seed in [0, 1, u64::MAX, 0xdead_beef] {
            let mut cards = random_cards(seed).map(Card::index);
            cards.sort_unstable();
            assert_eq!(cards, std::array::from_fn::<usize, 52, _>(|i| i));
        }
    }
}
