//! The evaluation functions of Castiaux's thesis (2021), section "Evaluation functions".
//!
//! The thesis scores boards so that **larger is better** for the main goal, sortedness and
//! mobility, and treats the automove violation and the solution length as penalties; the
//! functions here keep those directions (unlike [`Feature`](crate::Feature), which orients
//! everything towards smaller-is-better). None of them is admissible.
//!
//! | property (thesis) | function | direction |
//! |---|---|---|
//! | (i) main goal: cards in the foundation | [`cards_on_foundation`] | larger is better |
//! | (ii) automove theorem respected | [`automove_violation`] | a penalty |
//! | (iii) sub-goal: sorted cascades | [`cascade_sortedness`] | larger is better |
//! | (iv) supermove: card mobility | [`card_mobility`] | larger is better |
//! | (v) short solutions | [`solution_length_term`], [`thesis_score`] | a penalty |

use freecell_core::{BoardN, SequenceCapacity, Suit};

/// Cards on the foundations, 0 … 52: the thesis's main-goal score.
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_heuristics::thesis::cards_on_foundation;
/// let won: Board = "Foundations: C-K D-K H-K S-K\n".parse().unwrap();
/// assert_eq!(cards_on_foundation(&won), 52);
/// ```
#[inline]
pub fn cards_on_foundation<const C: usize, const F: usize>(board: &BoardN<C, F>) -> u32 {
    board.cards_home() as u32
}

/// The automove-violation penalty: take each suit's top foundation card; for each pair of
/// suits of opposite colours (clubs–diamonds, clubs–hearts, spades–diamonds,
/// spades–hearts), add the absolute difference of their ranks when it exceeds 2. Zero
/// while the foundations grow evenly, as safe automoves keep them.
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_heuristics::thesis::automove_violation;
/// // Hearts lag at 9 while clubs and spades are complete: |13 − 9| = 4 for clubs–hearts
/// // and for spades–hearts; diamonds match the black suits. Penalty 4 + 4 = 8.
/// let board: Board = "Foundations: C-K D-K H-9 S-K\n: TH JH QH KH\n".parse().unwrap();
/// assert_eq!(automove_violation(&board), 8);
/// ```
pub fn automove_violation<const C: usize, const F: usize>(board: &BoardN<C, F>) -> u32 {
    let h = Suit::ALL.map(|s| board.foundation(s));
    let (c, d, hearts, s) = (h[0], h[1], h[2], h[3]);
    [(c, d), (c, hearts), (s, d), (s, hearts)]
        .into_iter()
        .map(|(black, red)| u32::from(black.abs_diff(red)))
        .filter(|&gap| gap > 2)
        .sum()
}

/// Cascade sortedness: the thesis's sub-goal score, larger is better.
///
/// Empty cascades score 0. A cascade whose cards never rise in rank from its deepest card
/// up ("fully sorted") earns a bonus of its deepest card's rank plus its length. Any other
/// cascade is walked from the card under the top one down to the deepest; a *break* is a
/// card of lower rank than the card directly above it, and each break costs the number of
/// cards walked since the previous break (or since the top) plus the rank difference.
///
/// The thesis prints this as C code whose printed listing is cut off after the break test;
/// the reconstruction here counts one card per step of the walk, including the step that
/// finds the break, and resets the count after each break. Equal ranks are no break.
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_heuristics::thesis::cascade_sortedness;
/// // One cascade KS QH JC (deepest first) is fully sorted: 13 + 3 = 16.
/// let board: Board = "Foundations: C-T D-K H-J S-Q\n: KS QH JC\n: QC KH KC\n".parse().unwrap();
/// // The second, QC KH KC: walking down, KH under KC (equal: no break), QC under KH:
/// // 12 < 13 is a break after 2 steps: −2 − 1 = −3. Total 16 − 3 = 13.
/// assert_eq!(cascade_sortedness(&board), 13);
/// ```
pub fn cascade_sortedness<const C: usize, const F: usize>(board: &BoardN<C, F>) -> i32 {
    (0..board.cascade_count()).map(|i| sortedness_of(board, i)).sum()
}

/// One cascade's term of [`cascade_sortedness`]: 0 when empty, the bonus when fully sorted
/// (always positive), the malus when not (always negative: each break costs at least 2).
/// The goal-generation solver ranks cascades by it ("better sorted").
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_heuristics::thesis::sortedness_of;
/// let board: Board = "Foundations: C-T D-K H-J S-Q\n: KS QH JC\n: QC KH KC\n".parse().unwrap();
/// assert_eq!(sortedness_of(&board, 0), 16);
/// assert_eq!(sortedness_of(&board, 1), -3);
/// assert_eq!(sortedness_of(&board, 2), 0);
/// ```
pub fn sortedness_of<const C: usize, const F: usize>(board: &BoardN<C, F>, i: usize) -> i32 {
    let mut cards = board.cascade(i);
    let Some(top) = cards.next() else { return 0 };
    let mut above = i32::from(top.rank().get());
    let mut depth = 0i32;
    let mut malus = 0i32;
    let mut sorted = true;
    let mut deepest = above;
    for card in cards {
        let rank = i32::from(card.rank().get());
        depth += 1;
        if rank < above {
            sorted = false;
            malus += depth + (above - rank);
            depth = 0;
        }
        above = rank;
        deepest = rank;
    }
    if sorted { deepest + board.cascade_len(i) as i32 } else { -malus }
}

/// Whether cascade `i` is *fully sorted*: not empty, and its ranks never rise from its
/// deepest card up (equal ranks allowed; colours are not looked at), the thesis's sub-goal
/// for one cascade.
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_heuristics::thesis::is_fully_sorted;
/// let board: Board = "Foundations: C-T D-K H-J S-Q\n: KS QH JC\n: QC KH KC\n".parse().unwrap();
/// assert!(is_fully_sorted(&board, 0));
/// assert!(!is_fully_sorted(&board, 1));
/// assert!(!is_fully_sorted(&board, 2)); // empty
/// ```
pub fn is_fully_sorted<const C: usize, const F: usize>(board: &BoardN<C, F>, i: usize) -> bool {
    sortedness_of(board, i) > 0
}

/// Card mobility: how many cards one sequence move could carry with the position's empty
/// free cells `f` and empty cascades `c` (all of them; the thesis does not set a
/// destination aside), under a capacity formula:
/// - [`SequenceCapacity::Linear`]: the thesis's *simple supermove*, `1 + f + c`;
/// - [`SequenceCapacity::DeepSupermove`]: the thesis's *deep supermove*,
///   `1 + f(c + 1) + c(c + 1)/2`;
/// - [`SequenceCapacity::Standard`]: the usual `(f + 1) · 2^c`.
///
/// Larger is better.
///
/// # Examples
/// ```
/// use freecell_core::{Board, SequenceCapacity};
/// use freecell_heuristics::thesis::card_mobility;
/// // Two cascades in use out of eight: 6 empty cascades; 4 empty cells.
/// let board: Board = "Foundations: C-K D-K H-Q S-Q\n: KH\n: KS\n".parse().unwrap();
/// assert_eq!(card_mobility(&board, SequenceCapacity::Linear), 1 + 4 + 6);
/// assert_eq!(card_mobility(&board, SequenceCapacity::DeepSupermove), 1 + 4 * 7 + 21);
/// assert_eq!(card_mobility(&board, SequenceCapacity::Standard), 5 * 64);
/// ```
#[inline]
pub fn card_mobility<const C: usize, const F: usize>(board: &BoardN<C, F>, formula: SequenceCapacity) -> usize {
    formula.capacity(board.empty_cells(), board.empty_cascades())
}

/// The solution-length penalty of the thesis's solver: `depth / 4`, where `depth` is the
/// number of moves from the start position (the node's depth in the search tree).
///
/// # Examples
/// ```
/// use freecell_heuristics::thesis::solution_length_term;
/// assert_eq!(solution_length_term(10), 2.5);
/// ```
#[inline]
pub fn solution_length_term(depth: u32) -> f64 {
    f64::from(depth) / 4.0
}

/// The thesis solver's evaluation, `n − d/4`: cards on the foundations minus the
/// [`solution_length_term`] of the depth. Larger is better.
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_heuristics::thesis::thesis_score;
/// let won: Board = "Foundations: C-K D-K H-K S-K\n".parse().unwrap();
/// assert_eq!(thesis_score(&won, 100), 52.0 - 25.0);
/// ```
#[inline]
pub fn thesis_score<const C: usize, const F: usize>(board: &BoardN<C, F>, depth: u32) -> f64 {
    f64::from(cards_on_foundation(board)) - solution_length_term(depth)
}

#[cfg(test)]
mod tests {
    use freecell_core::Board;

    use super::*;

    fn board(text: &str) -> Board {
        text.parse().expect("test boards are valid")
    }

    #[test]
    fn automove_violation_by_hand() {
        // Foundations C-6 D-2 H-3 S-4; the cards above them lie in one cascade.
        // Pairs: C–D |6−2| = 4 > 2 → 4; C–H |6−3| = 3 → 3; S–D |4−2| = 2 → 0; S–H 1 → 0.
        let mut rest = String::from(": ");
        for suit_rank in [("C", 7), ("D", 3), ("H", 4), ("S", 5)] {
            for r in suit_rank.1..=13 {
                let symbol = "A23456789TJQK".as_bytes()[r - 1] as char;
                rest.push(symbol);
                rest.push_str(suit_rank.0);
                rest.push(' ');
            }
        }
        let b = board(&format!("Foundations: C-6 D-2 H-3 S-4\n{rest}\n"));
        assert_eq!(automove_violation(&b), 7);
        // Even foundations: no penalty.
        assert_eq!(automove_violation(&board("Foundations: C-K D-K H-K S-K\n")), 0);
    }

    #[test]
    fn sortedness_by_hand() {
        // Board A: cascades 5H 9S 2D 7C | KC QD | R (deepest first), R = the other 46 cards
        // in deck order. Board B: cascades R | KC QD 5H 9S 2D 7C. Both score R the same, so
        // A − B = s(5H 9S 2D 7C) + s(KC QD) − s(KC QD 5H 9S 2D 7C).
        // s(5H 9S 2D 7C): walking down from 7C, 2D is lower after 1 step: −1 − 5 = −6;
        // 9S (1 step) is not lower than 2D; 5H is lower than 9S after 2 steps: −2 − 4 = −6.
        // −12. s(KC QD) = fully sorted: 13 + 2 = 15. s(KC QD 5H 9S 2D 7C): the same two
        // breaks (−12), then QD and KC rise: no more breaks, −12. A − B = −12 + 15 + 12 = 15.
        let placed = ["5H", "9S", "2D", "7C", "KC", "QD"];
        let rest: Vec<String> =
            freecell_core::Card::deck().map(|c| c.to_string()).filter(|c| !placed.contains(&c.as_str())).collect();
        let rest = rest.join(" ");
        let a = board(&format!(": 5H 9S 2D 7C\n: KC QD\n: {rest}\n"));
        let b = board(&format!(": {rest}\n: KC QD 5H 9S 2D 7C\n"));
        assert_eq!(cascade_sortedness(&a) - cascade_sortedness(&b), 15);
        // Won: nothing in cascades.
        assert_eq!(cascade_sortedness(&board("Foundations: C-K D-K H-K S-K\n")), 0);
    }

    #[test]
    fn mobility_formulas() {
        // 4 empty cells, 6 empty cascades (two of eight used).
        let b = board("Foundations: C-K D-K H-Q S-Q\n: KH\n: KS\n");
        assert_eq!(card_mobility(&b, SequenceCapacity::Linear), 11);
        // 1 + 4·7 + 6·7/2 = 1 + 28 + 21 = 50.
        assert_eq!(card_mobility(&b, SequenceCapacity::DeepSupermove), 50);
        assert_eq!(card_mobility(&b, SequenceCapacity::Standard), 320);
    }
}
