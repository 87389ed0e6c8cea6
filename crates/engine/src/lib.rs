//! FreeCell for games: the one dependency a game needs. The rules and the Microsoft deals
//! (`freecell-core`, `freecell-deals`), the solver and its hints (`freecell-solver`), and
//! [`GameState`], the game a player is playing: its start, the position on the table, undo
//! and redo of whole turns, auto-play, "is this still winnable?", hints on a background
//! thread, a solution replayed move by move, and saved games.
//!
//! # A game loop
//! A scripted player stands in for the keyboard: moves in standard notation (`6a`: the top
//! card of cascade 6 to free cell a), and the commands `undo`, `redo`, `hint`, `auto` and
//! `solve`.
//! ```
//! use std::fmt::Write as _;
//! use std::time::Duration;
//! use freecell_engine::prelude::*;
//!
//! let solver = Solver::new(Preset::Fast).timeout(Duration::from_secs(10));
//! let mut game = GameState::deal(1)?.with_automove(Automove::Horne);
//! let mut screen = String::new(); // what a game would draw
//! for command in ["6a", "6a", "6b", "undo", "redo", "hint", "auto", "solve"] {
//!     match command {
//!         "undo" => _ = game.undo(), // the move and its automoves, as one step
//!         "redo" => _ = game.redo(),
//!         "auto" => _ = game.autoplay(), // every card that can safely go home
//!         "hint" => {
//!             // Computed on a background thread; the game polls it once a frame.
//!             let mut pending = game.spawn_hint(&solver)?;
//!             let hint = loop {
//!                 if let Some(hint) = pending.poll() {
//!                     break hint?;
//!                 }
//!                 std::thread::sleep(Duration::from_millis(1)); // draw a frame
//!             };
//!             if let Some(mv) = hint.next {
//!                 writeln!(screen, "hint: {}", game.board().write_move(mv))?;
//!                 game.play(mv)?;
//!             }
//!         }
//!         "solve" => match game.winnable(&solver)? {
//!             Verdict::Winnable(solution) => {
//!                 // Auto-solve, one move a frame, automoves as their own steps.
//!                 let mut replay = game.replay(&solution.moves)?;
//!                 while let Some(step) = replay.step(&mut game)? {
//!                     writeln!(screen, "{}{}", step.notation, if step.automatic { " (auto)" } else { "" })?;
//!                 }
//!             }
//!             Verdict::Lost => writeln!(screen, "no way to win from here: undo")?,
//!             Verdict::Undecided(reason) => writeln!(screen, "the solver gave up: {reason}")?,
//!         },
//!         token => match game.play_notation(token) {
//!             Ok(turn) => writeln!(screen, "{token}, then {} automoves", turn.automoves().len())?,
//!             // The second `6a`: "`6a` is illegal here: free cell a already holds 3D"
//!             Err(error) => writeln!(screen, "{error}")?,
//!         },
//!     }
//! }
//! assert!(game.is_won());
//! assert!(screen.contains("is illegal here"));
//! // Every turn can be taken back, down to the deal.
//! while game.undo().is_some() {}
//! assert_eq!(game.board(), game.start());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What is here
//! - [`GameState`]: [`play`](GameState::play), [`play_between`](GameState::play_between)
//!   (two piles, as a player's two clicks or drag: the card count is inferred) and
//!   [`play_notation`](GameState::play_notation) return the [`Turn`] they made (the move
//!   and its automoves) or a [`PlayError`] naming the broken rule; [`undo`](GameState::undo) and [`redo`](GameState::redo) take whole
//!   turns; the auto-play rule is an [`Automove`] ([`Automove::None`] by default).
//! - The solver from the position on the table: [`GameState::winnable`] (a [`Verdict`]:
//!   winnable with a solution, lost, or undecided, never guessed),
//!   [`hint`](GameState::hint), [`solve`](GameState::solve), and
//!   [`spawn_hint`](GameState::spawn_hint) (a [`BackgroundHint`] to poll each frame; a
//!   hint without a move is [`Verdict::from`] its report's outcome, so the same poll tells
//!   a game that is lost).
//!   Each takes a `&Solver`: a game keeps one (it is `Send + Sync + Clone`), and its
//!   caches stay warm from one hint to the next.
//! - [`Replay`]: a solution played into the game one move at a time, with the automoves the
//!   game's rule makes as their own steps, to animate an auto-solve.
//! - [`SavedGame`]: the start position and the turns in standard notation; read back only
//!   after every move replays, with a [`LoadError`] naming the first bad one.
//! - Re-exported from the crates below, flat: cards, boards, rules and the game presets,
//!   moves, notation and verification ([`verify`], [`replay()`]) from `freecell-core`; the
//!   Microsoft deals ([`DealNumber`], ranges of them: [`DealRange`]) and seeded deals
//!   ([`random_layout`], drawn with [`SplitMix64`]) from `freecell-deals`; the [`Solver`], its [`Preset`]s and answers from `freecell-solver`.
//!   The three crates themselves are re-exported too ([`freecell_core`],
//!   [`freecell_deals`], [`freecell_solver`]) for what a game rarely needs (move
//!   generation buffers, canonical keys, the solver's engines and tuning).
//! - [`prelude`]: the names a game loop uses, for a glob import.
//!
//! # Build settings
//! Cargo's `dev` profile does not optimise dependencies, and unoptimised the solver takes
//! about 19 times the CPU for a hint. Optimise these crates in your game's debug builds
//! with one table each in its `Cargo.toml` (Cargo takes package names there, not
//! patterns; `[profile.dev.package."*"]` optimises every dependency instead):
//! ```toml
//! [profile.dev.package.freecell-core]
//! opt-level = 3
//! [profile.dev.package.freecell-search]
//! opt-level = 3
//! [profile.dev.package.freecell-heuristics]
//! opt-level = 3
//! [profile.dev.package.freecell-solver]
//! opt-level = 3
//! [profile.dev.package.freecell-deals]
//! opt-level = 3
//! [profile.dev.package.freecell-engine]
//! opt-level = 3
//! ```
//! To survive running out of memory mid-search, install [`ReserveAllocator`] as the
//! global allocator (see `freecell-solver`).
//!
//! # Features
//! - `serde`: [`GameState`] serialises as its [`SavedGame`] (the start position and the
//!   moves as standard notation text, checked when read: a bad saved game fails with the
//!   [`LoadError`] message, naming the move and its index), and serde is enabled in every
//!   crate below: boards, moves, deal numbers, solver reports.
//!
//! Rule files are always on (`freecell-core`'s `files` feature): [`Variant::from_toml`]
//! and [`Variant::from_json`] read a game of the FreeCell family from a file, and
//! [`Variant::deal`] lays out a deal of it.

mod assist;
mod replay;
mod saved;
#[cfg(feature = "serde")]
mod serde_impls;
mod state;

pub use assist::{BackgroundHint, Verdict};
pub use replay::{Replay, ReplayError, ReplayOn, ReplayStep};
pub use saved::{LoadError, LoadErrorKind, SavedGame, SavedTurn};
pub use state::{GameState, PlayError, Turn};

pub use freecell_core;
pub use freecell_deals;
pub use freecell_solver;

// Rules, positions, moves, notation and verification.
pub use freecell_core::{
    Automove, Board, BoardN, BuildRule, Card, Colour, Dealing, EmptyCascadeRule, Game, Layout, LayoutError, Move,
    MoveError, MoveModel, NextHome, Notation, NotationError, ParseBoardError, ParseCardError, ParseGameError, Pile,
    PileKind, Rank, Round, RuleFileError, Rules, RulesError, SequenceCapacity, Suit, Variant, VariantError, Verified,
    VerifyError, VerifyErrorKind, WideBoard, replay, verify,
};
// Deals.
pub use freecell_deals::{
    DealError, DealIter, DealNumber, DealRange, ParseDealError, SplitMix64, random_layout, random_layout_with_rules,
};
// The solver and its answers.
pub use freecell_solver::{
    GameBoard, Hint, Outcome, ParsePresetError, Position, Preset, Progress, Reason, ReserveAllocator, Solution,
    SolveError, SolveHandle, SolveReport, SolveStats, Solver, Step, Steps,
};

/// The names a game loop uses: `use freecell_engine::prelude::*;`.
pub mod prelude {
    pub use crate::{
        Automove, BackgroundHint, Board, Card, DealNumber, GameState, Hint, Move, Outcome, Pile, PlayError, Preset,
        Replay, ReplayStep, SavedGame, Solver, Suit, Turn, Verdict,
    };
}

/// The README's examples, compiled and run as doctests so they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
