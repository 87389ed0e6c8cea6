//! The advisors (auxiliary functions) of the GPTP chapter "More or less?" (Benbassat,
//! Elyasaf & Sipper 2012): features that do not estimate a distance but help a policy
//! decide which weights to apply.
//!
//! - `PhaseByX`, one per [`Feature`]: `g / (g + h)`, with `g` the moves made so far and `h`
//!   the feature's [`distance`](Feature::distance) (the unnormalised, goal-oriented value:
//!   the chapter's example divides by a raw value, `10 / (10 + 5)`). 1 when `g + h = 0`.
//! - `IsMoveToCascade`: whether the last move's destination was a cascade.
//! - `DifficultyLevel`: the current deal's place in a problem set sorted by difficulty,
//!   scaled to `[0, 1]` (0 = easiest); 0 when the context carries no difficulty.
//!
//! What they need beyond the board travels in an [`EvalContext`]. None is a heuristic, and
//! none is admissible.

use std::fmt;

use freecell_core::{BoardN, Move};

use crate::ga::Feature;

/// A deal's place in a problem set sorted by difficulty (the chapter ranks deals by the
/// nodes HSD needed to solve them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Difficulty {
    /// 0-based rank, 0 = easiest.
    pub rank: u32,
    /// Size of the problem set.
    pub of: u32,
}

/// What the advisors need besides the board: moves made so far, the last move and the
/// deal's difficulty.
///
/// # Examples
/// ```
/// use freecell_core::{Move, Pile};
/// use freecell_heuristics::advisors::{Difficulty, EvalContext};
/// let ctx = EvalContext {
///     g: 12,
///     last_move: Some(Move::single(Pile::cascade(0), Pile::cascade(3))),
///     difficulty: Some(Difficulty { rank: 10, of: 1000 }),
/// };
/// assert!(ctx.is_move_to_cascade());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct EvalContext {
    /// Moves made from the start position (`g`).
    pub g: u32,
    /// The move that produced the position, if any.
    pub last_move: Option<Move>,
    /// The deal's difficulty rank, if known.
    pub difficulty: Option<Difficulty>,
}

impl EvalContext {
    /// `IsMoveToCascade`: whether the last move went to a cascade (false without one).
    #[inline]
    pub fn is_move_to_cascade(&self) -> bool {
        self.last_move.is_some_and(|mv| mv.to().is_cascade())
    }

    /// `DifficultyLevel`, scaled: `rank / (of − 1)` in `[0, 1]`; 0 without a difficulty.
    pub fn difficulty_level(&self) -> f64 {
        match self.difficulty {
            Some(Difficulty { rank, of }) if of > 1 => (f64::from(rank) / f64::from(of - 1)).clamp(0.0, 1.0),
            _ => 0.0,
        }
    }
}

/// `PhaseByX`: `g / (g + h)` with `h` the feature's [`distance`](Feature::distance); 1 when
/// both are 0.
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_heuristics::Feature;
/// use freecell_heuristics::advisors::phase_by;
/// // Lowest foundation rank 8: LowestHomeCard = 13 − 8 = 5. After 10 moves: 10 / 15.
/// let board: Board = "Foundations: C-8 D-K H-K S-K\n: KC QC JC TC 9C\n".parse().unwrap();
/// assert_eq!(phase_by(Feature::LowestHomeCard, &board, 10), 10.0 / 15.0);
/// ```
pub fn phase_by<const C: usize, const F: usize>(feature: Feature, board: &BoardN<C, F>, g: u32) -> f64 {
    let h = feature.distance(board);
    let g = f64::from(g);
    if g + h <= 0.0 { 1.0 } else { g / (g + h) }
}

/// A numeric advisor, as policies name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Advisor {
    /// `PhaseByX` for one feature.
    PhaseBy(Feature),
    /// `IsMoveToCascade` as a number: 1 or 0.
    IsMoveToCascade,
    /// `DifficultyLevel`, scaled to `[0, 1]`.
    DifficultyLevel,
}

impl Advisor {
    /// The advisor's value for a position and context.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Board;
    /// use freecell_heuristics::advisors::{Advisor, EvalContext};
    /// let won: Board = "Foundations: C-K D-K H-K S-K\n".parse().unwrap();
    /// assert_eq!(Advisor::IsMoveToCascade.value(&won, &EvalContext::default()), 0.0);
    /// ```
    pub fn value<const C: usize, const F: usize>(self, board: &BoardN<C, F>, ctx: &EvalContext) -> f64 {
        match self {
            Advisor::PhaseBy(feature) => phase_by(feature, board, ctx.g),
            Advisor::IsMoveToCascade => f64::from(u8::from(ctx.is_move_to_cascade())),
            Advisor::DifficultyLevel => ctx.difficulty_level(),
        }
    }

    /// The advisor for a name: `PhaseBy` + a feature name (any name
    /// [`Feature::from_name`] accepts), `IsMoveToCascade` or `DifficultyLevel`.
    ///
    /// # Examples
    /// ```
    /// use freecell_heuristics::Feature;
    /// use freecell_heuristics::advisors::Advisor;
    /// assert_eq!(Advisor::from_name("PhaseByLowestFoundationCard"), Some(Advisor::PhaseBy(Feature::LowestHomeCard)));
    /// assert_eq!(Advisor::PhaseBy(Feature::Hsdh).to_string(), "PhaseByHSDH");
    /// ```
    pub fn from_name(name: &str) -> Option<Advisor> {
        match name {
            "IsMoveToCascade" => Some(Advisor::IsMoveToCascade),
            "DifficultyLevel" => Some(Advisor::DifficultyLevel),
            _ => name.strip_prefix("PhaseBy").and_then(Feature::from_name).map(Advisor::PhaseBy),
        }
    }
}

impl fmt::Display for Advisor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Advisor::PhaseBy(feature) => write!(f, "PhaseBy{}", feature.name()),
            Advisor::IsMoveToCascade => f.write_str("IsMoveToCascade"),
            Advisor::DifficultyLevel => f.write_str("DifficultyLevel"),
        }
    }
}

#[cfg(test)]
// Exact comparisons: the expected values are exact binary fractions or small integers.
#[allow(clippy::float_cmp)]
mod tests {
    use freecell_core::{Board, Pile};

    use super::*;

    #[test]
    fn phase_by_hand() {
        // 12 cards out: NumCardsNotAtFoundations = 12. g = 4: 4 / 16 = 0.25.
        let b: Board = "Foundations: C-K D-K H-5 S-9\nFreecells: QS\n: 6H 7H\n: TS 8H 9H JS\n: KH\n: KS QH JH\n: TH\n"
            .parse()
            .unwrap();
        assert_eq!(phase_by(Feature::NumCardsNotAtFoundations, &b, 4), 0.25);
        // g = 0: phase 0 whatever h > 0.
        assert_eq!(phase_by(Feature::NumCardsNotAtFoundations, &b, 0), 0.0);
        // At the goal with g = 0: defined as 1.
        let won: Board = "Foundations: C-K D-K H-K S-K\n".parse().unwrap();
        assert_eq!(phase_by(Feature::Hsdh, &won, 0), 1.0);
    }

    #[test]
    fn context_advisors() {
        let mut ctx = EvalContext::default();
        assert!(!ctx.is_move_to_cascade());
        assert_eq!(ctx.difficulty_level(), 0.0);
        ctx.last_move = Some(Move::single(Pile::cascade(1), Pile::cell(0)));
        assert!(!ctx.is_move_to_cascade());
        ctx.last_move = Some(Move::new(Pile::cascade(1), Pile::cascade(2), 3));
        assert!(ctx.is_move_to_cascade());
        // Rank 250 of 1001 deals: 250 / 1000.
        ctx.difficulty = Some(Difficulty { rank: 250, of: 1001 });
        assert_eq!(ctx.difficulty_level(), 0.25);
    }

    #[test]
    fn names_round_trip() {
        let mut all = vec![Advisor::IsMoveToCascade, Advisor::DifficultyLevel];
        all.extend(Feature::ALL.map(Advisor::PhaseBy));
        for a in all {
            assert_eq!(Advisor::from_name(&a.to_string()), Some(a));
        }
        assert_eq!(Advisor::from_name("PhaseByNothing"), None);
    }
}
