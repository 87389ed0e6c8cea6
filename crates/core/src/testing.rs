//! Helpers shared by the unit tests: a small deterministic generator and shuffled decks
//! for playouts.

use crate::Card;

/// The next value of a linear congruential generator (31 useful bits).
pub(crate) fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    *state >> 33
}

/// A deck shuffled by Fisher–Yates with [`next`].
pub(crate) fn shuffled_deck(state: &mut u64) -> Vec<Card> {
    let mut deck: Vec<Card> = Card::deck().collect();
    for i in (1..deck.len()).rev() {
        let j = (next(state) % (i as u64 + 1)) as usize;
        deck.swap(i, j);
    }
    deck
}
