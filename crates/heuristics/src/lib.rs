//! Evaluations of FreeCell positions: Heineman's staged-deepening heuristic (HSDH) in both
//! readings, the nine heuristics of GA-FreeCell with their normalisation and 9-weight
//! genomes, the evaluation functions of Castiaux's thesis, and Paul & Helmert's admissible
//! deadlock bound `h_p`.
//!
//! Everything here is a plain function or small value type over a
//! [`freecell_core::Board`]; search algorithms wrap them (the solver crate adapts them to
//! the generic search layer's `Heuristic` trait).
//!
//! **Depends on** `freecell-core` only. **Must never depend on** `freecell-search`:
//! heuristics know positions, not how they are searched.
//!
//! # Admissibility
//! Only [`deadlock`]'s `h_p` (and its special case `h_0`, the card count) is admissible: it
//! never exceeds the number of moves still needed, under the cost model it is given. HSDH,
//! the nine GA features, any weighted sum or policy of them and the thesis's scores are
//! *guides* for greedy or staged search, not bounds.
//!
//! # Example
//! ```
//! use freecell_core::Board;
//! use freecell_heuristics::{CostModel, Feature, HsdhReading, Weights, deadlock_bound, hsdh};
//!
//! // Hearts need 6H (one card on it), spades need TS (three cards on it).
//! let board: Board =
//!     "Foundations: C-K D-K H-5 S-9\nFreecells: QS\n: 6H 7H\n: TS 8H 9H JS\n: KH\n: KS QH JH\n: TH\n".parse()?;
//! assert_eq!(hsdh(&board, HsdhReading::Paper), 4);
//! assert_eq!(Feature::NumCardsNotAtFoundations.raw(&board), 12.0);
//!
//! // GA-FreeCell's best genome (an interpretation of the printed individual).
//! let guide = Weights::GA_FREECELL_BEST.evaluate(&board);
//! assert!((0.0..=1.0).contains(&guide));
//!
//! // The admissible deadlock bound: 12 cards to send home, and 7H, 9H and JS each lie
//! // above a lower card of their suit, so each must move twice.
//! assert_eq!(deadlock_bound(&board, 1, CostModel::SingleCard), 12 + 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Principal items
//! - [`hsdh()`] and [`HsdhReading`]: HSDH, paper wording or Heineman's code.
//! - [`Feature`], [`features`], [`Weights`]: the nine GA-FreeCell heuristics, raw and
//!   normalised, and the genome with [`Weights::GA_FREECELL_BEST`].
//! - [`deadlock_bound`], [`Deadlock`], [`CostModel`]: `h_0 … h_4`.
//! - [`advisors`]: `PhaseByX`, `IsMoveToCascade`, `DifficultyLevel` and the
//!   [`EvalContext`](advisors::EvalContext) that carries `g`, the last move and the deal's
//!   difficulty.
//! - [`policy`]: Policy-FreeCell's rule lists, their validation and S-expression text form.
//! - [`thesis`]: cards on the foundation, automove violation, cascade sortedness, card
//!   mobility and the solution-length term.

pub mod advisors;
pub mod deadlock;
pub mod ga;
pub mod hsdh;
pub mod policy;
pub mod thesis;

pub use deadlock::{CostModel, Deadlock, deadlock_bound};
pub use ga::{Feature, Weights, features};
pub use hsdh::{HsdhReading, hsdh};

/// The README's examples, compiled and run as doctests so they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
