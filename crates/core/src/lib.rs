//! FreeCell's rules as a library: cards, positions, legal moves, supermoves, safe automoves,
//! canonical keys, the fc-solve board format, move notation and a solution verifier.
//!
//! `freecell-core` is the foundation of the `freecell` workspace. It does no I/O and no
//! search; the deal generator (`freecell-deals`), the heuristics, the generic search layer
//! (`freecell-search`) and the solver build on it.
//!
//! **Depends on** nothing from the workspace. **Must never depend on** `freecell-search`:
//! rules stay independent of how positions are searched.
//!
//! # Example
//! ```
//! use freecell_core::{Automove, Board, MoveModel, verify};
//!
//! // An end game in the fc-solve format: cascade 1 is KS under QH, cascade 2 QS under KH.
//! let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
//!
//! // Legal moves go into a buffer the caller owns and reuses.
//! let mut moves = Vec::new();
//! board.generate_moves(MoveModel::Sequence, &mut moves);
//! assert!(moves.contains(&board.parse_move("1h")?));
//!
//! // A solution in standard notation replays through the verifier.
//! let replayed = verify(&board, "1h 2h 2h 1h")?;
//! assert!(replayed.board.is_won());
//!
//! // Safe automoves: Horne's rule sends QH home, then stops, since KH could still hold
//! // QS; Raymond's rule sees QS will go home first and finishes the game.
//! let mut horne = board.clone();
//! assert_eq!(horne.apply_automoves(Automove::Horne, &mut moves), 1);
//! let mut raymond = board.clone();
//! assert_eq!(raymond.apply_automoves(Automove::Raymond, &mut moves), 4);
//! assert!(raymond.is_won());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Principal types
//! - [`Card`], [`Suit`], [`Rank`], [`Colour`]: one byte each.
//! - [`Rules`] and [`Game`]: the rule set (cells, cascades, building, empty cascades,
//!   supermove capacity) and the named presets.
//! - [`Layout`] (unvalidated) → [`Board`] (validated) through `TryFrom`.
//! - [`Move`], [`Pile`]: three bytes and one; [`MoveError`] says which rule a move breaks.
//! - [`Key`]: the canonical identity of a position, invariant under permuting cascades and
//!   free cells; [`Board::hash64`] is its Zobrist hash, kept incrementally.
//! - [`Packer`], [`Packed`]: positions reachable from one start position in 20 bytes, for
//!   searches that store millions of them.
//! - [`Automove`]: Horne's and Raymond's safe automove rules.
//! - [`Variant`]: a whole game as data, its [`Rules`] and its [`Dealing`]; every [`Game`]
//!   preset is one ([`Game::variant`]), and a rule file describes any other.
//!
//! # Features
//! - `serde`: `Serialize` and `Deserialize` for [`Card`] (`"KH"`), [`Suit`] (`"H"`),
//!   [`Pile`] (`{"Cascade": 0}`, `{"Cell": 3}`, `{"Foundation": "H"}`, 0-based), [`Move`]
//!   (`{"from", "to", "count"}`), [`Rules`] (fields; enums by variant name), [`Layout`]
//!   (fields; foundations in clubs, diamonds, hearts, spades order) and [`Board`], written as
//!   its layout and **validated when read**: a deserialised board is always legal, and a bad
//!   one fails with the [`LayoutError`] message. [`Variant`] is written in the rule-file
//!   format of `docs/games.md` (kebab-case keys, a `deal` table) and validated when read.
//! - `files` (enables `serde`): rule files, `Variant::from_toml`, `Variant::from_json`,
//!   `Variant::to_toml` and `Variant::to_json`, whose `RuleFileError` names the field and
//!   its line (with the `toml` and `serde_json` crates).

mod access;
mod automove;
mod board;
mod card;
mod format;
mod generated_moves;
mod key;
mod layout;
mod movegen;
mod moves;
mod notation;
mod packed;
mod quote;
#[cfg(feature = "files")]
mod rule_file;
mod rules;
#[cfg(feature = "serde")]
mod serde_impls;
mod splitmix;
mod supermove;
#[cfg(test)]
mod testing;
mod variant;
mod verify;
mod zobrist;

pub use automove::Automove;
pub use board::{BOARD_CASCADES, BOARD_CELLS, Board, BoardN, CascadeIter, Preview, WideBoard};
pub use card::{Card, Colour, ParseCardError, Rank, Suit};
pub use format::{ParseBoardError, ParseBoardErrorKind, TextPosition};
pub use generated_moves::GeneratedMoves;
pub use key::{KEY_BYTES, Key};
pub use layout::{Layout, LayoutError, Location};
pub use movegen::MoveModel;
pub use moves::{CASCADE_SYMBOLS, CELL_SYMBOLS, Move, MoveError, MoveList, NextHome, Pile, PileKind};
pub use notation::{Notation, NotationError, Written};
pub use packed::{PACKED_BYTES, Packed, Packer};
pub use quote::{QUOTE_BYTES, QUOTE_CHARS, Quoted, quote};
#[cfg(feature = "files")]
pub use rule_file::RuleFileError;
pub use rules::{
    BuildRule, EmptyCascadeRule, Game, MAX_CASCADES, MAX_CELLS, ParseGameError, Rules, RulesError, SequenceCapacity,
};
pub use splitmix::SplitMix64;
pub use variant::{Dealing, Round, Variant, VariantError};
pub use verify::{Verified, VerifyError, VerifyErrorKind, replay, replay_each, verify};

/// The README's examples, compiled and run as doctests so they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
