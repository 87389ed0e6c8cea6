//! Numbered FreeCell deals: the Microsoft deals 1 … 8,589,934,591, ranges of them, the deal
//! a position came from, and seeded random deals for any rule set.
//!
//! "Deal 617" means the same cards in the same places in Windows FreeCell, FreeCell Pro,
//! fc-solve, PySolFC and here. This crate turns such numbers into the 52 cards in dealing
//! order, into a [`Layout`](freecell_core::Layout) for any preset [`Game`](freecell_core::Game),
//! or straight into a [`Board`](freecell_core::Board). It also parses the deal sets that
//! experiments run over (`1..=32000`) and deals reproducible random positions from a
//! 64-bit seed.
//!
//! **Depends on** `freecell-core` (cards, layouts, boards) and nothing else from the
//! workspace. **Must never depend on** `freecell-search` or the solver: a deal is data.
//!
//! # Example
//! ```
//! use freecell_core::Game;
//! use freecell_deals::{DealNumber, DealRange, random_layout};
//!
//! // Deal 1, cascades deepest card first, in the format of fc-solve's deal generator.
//! let deal = DealNumber::try_from(1)?;
//! let text = deal.board().cascades_text();
//! assert!(text.starts_with("JD KD 2S 4C 3S 6D 6S\n2D KC KS 5C TD 8S 9C\n"));
//!
//! // Deal numbers outside 1 ..= 8,589,934,591 are errors, not panics.
//! assert!(DealNumber::try_from(0).is_err());
//!
//! // The classic benchmark set, and a range parsed from the command line.
//! assert_eq!(DealRange::MS_32K.len(), 32_000);
//! let some: DealRange = "1..=10".parse()?;
//! assert_eq!(some.into_iter().count(), 10);
//!
//! // A seeded Eight Off deal: four cards start in the free cells.
//! let layout = random_layout(Game::EightOff, 2024);
//! assert_eq!(layout.cells.iter().flatten().count(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Principal types
//! - [`DealNumber`]: a valid Microsoft deal number; [`DealNumber::cards`],
//!   [`DealNumber::layout`] and [`DealNumber::board`] deal it.
//! - [`DealRange`] and its iterator [`DealIter`]; [`DealRange::MS_32K`] is deals 1 … 32,000.
//! - [`DealError`] (a number out of range) and [`ParseDealError`] (a bad number or range).
//! - [`DealFinder`]: the deals a position was dealt as or can have been played from, found
//!   through the generator's states rather than by dealing 8.6 billion deals;
//!   [`FindDealError`] when it cannot tell.
//! - [`SplitMix64`], [`random_cards`], [`random_layout`], [`random_layout_with_rules`]: seeded
//!   deals.
//! - [`reduced`]: deals with only the top ranks in play, small enough for the exhaustive
//!   search beside them, [`reduced::fewest_moves`], to solve exactly.
//!
//! # Features
//! - `serde`: a [`DealNumber`] is written as its number and a [`DealRange`] as
//!   `{"first": n, "last": m}`, both validated when read; enables `freecell-core/serde`.
//!
//! # The Microsoft deals
//! The deck starts in the order A♣ A♦ A♥ A♠ 2♣ … K♠ (card index `4·(rank−1)+suit`, the
//! index of [`Card::from_index`](freecell_core::Card::from_index)). A 32-bit linear
//! congruential generator, `state = state·214013 + 2531011 (mod 2^32)`, is seeded and drawn
//! according to the deal's range:
//!
//! | deal number n      | seed     | draw                                 |
//! |--------------------|----------|--------------------------------------|
//! | 1 … 2^31 − 1       | n        | `(state >> 16) & 0x7fff`             |
//! | 2^31 … 2^32 − 1    | n        | `((state >> 16) & 0x7fff) \| 0x8000` |
//! | 2^32 … 2^33 − 1    | n − 2^32 | `((state >> 16) & 0xffff) + 1`       |
//!
//! The first row is Microsoft C's `rand()`, which Windows FreeCell used for deals
//! 1 … 32,000 (1 … 1,000,000 from Windows XP on); the other two are FreeCell Pro's
//! extension, shared by fc-solve and the `pysol-cards` package. For `i` in `0..52`, card
//! `j = draw mod (52 − i)` of the remaining deck is dealt and the last remaining card
//! takes its slot. Card `i` of the result goes to cascade `i mod 8`, deepest first.
//!
//! Every other game of the family deals the same 52 cards its own way
//! ([`Layout::deal_game`](freecell_core::Layout::deal_game), or
//! [`Variant::deal`](freecell_core::Variant::deal) for a game from a rule file): for the
//! presets that is PySolFC's deal "ms*n*" of the game, checked against the golden layouts
//! of `tests/data/games`, but for which free cells hold the cards dealt to them.
//!
//! # Stability
//! Deal numbers and seeds are a contract, as much as any function signature:
//! - `DealNumber::cards(n)` is the Microsoft / FreeCell Pro deal and will never change.
//!   Integration tests pin published layouts from each of the three ranges (deals 1, 24,
//!   617, 11982, 1234567, 2255988055, 3000000000, 6000000000, 6825625742) against their
//!   sources.
//! - A seeded deal depends only on the seed: [`SplitMix64`] as specified on its page, the
//!   Fisher–Yates shuffle of [`random_cards`], and the placement of
//!   [`Layout::deal`](freecell_core::Layout::deal) /
//!   [`Layout::deal_game`](freecell_core::Layout::deal_game). The same seed gives the
//!   same deal on every platform and in every version of this crate; tests pin several
//!   seeded deals card by card. A different generator would get a new function name, never
//!   a silent change.
//! - The per-game placement of Eight Off and Seahaven Towers is part of the contract too.

mod find;
mod ms;
mod number;
mod random;
mod range;
pub mod reduced;
#[cfg(feature = "serde")]
mod serde_impls;

pub use find::{DealFinder, FindDealError};
pub use freecell_core::SplitMix64;
pub use number::{DealError, DealNumber, ParseDealError};
pub use random::{random_cards, random_layout, random_layout_with_rules};
pub use range::{DealIter, DealRange};

/// The README's example, compiled and run as a doctest so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
