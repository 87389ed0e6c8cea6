//! FreeCell solvers: the glue between the rules of `freecell-core`, the evaluations of
//! `freecell-heuristics` and the generic engines of `freecell-search`.
//!
//! **Depends on** `freecell-core`, `freecell-heuristics` and `freecell-search`. It is the
//! only crate that knows both the game and the search layer: the CLI and the evolution
//! crate share it. **Must never** print or exit, nor read files itself: the default memory
//! limits come from [`freecell_search::system_memory`], which reads `/proc` and `/sys` on
//! Linux.
//!
//! - [`FreeCell`] is the game as a [`SearchProblem`](freecell_search::SearchProblem):
//!   single-card or sequence moves, safe automoves on or off, duplicate detection on the
//!   canonical [`Key`](freecell_core::Key), and a step cost for either move-count model.
//! - [`Solver`] runs a [`Preset`] (a published solver or a baseline) under limits — nodes,
//!   bytes, wall-clock time, a cancel flag — and returns a [`SolveReport`]:
//!   [`Outcome::Solved`] with a [`Solution`] verified by the core replayer,
//!   [`Outcome::Unsolvable`] (only from a complete search; see [`Outcome`]) or
//!   [`Outcome::Undecided`] with a [`Reason`], plus statistics. [`Solver::hint`] gives the
//!   next move from any position.
//! - [`Solver::with_weights`] and [`Solver::with_policy`] run the `ga` engine guided by an
//!   evolved genome or Policy-FreeCell policy (what `freecell-evolve` produces).
//! - [`difficulty`] rates positions: the fewest free cells they are won with (a solution
//!   with them, a proved loss with one fewer), the narrowness of the way, a tier, and
//!   seeded winnable deals of a tier.
//! - [`Hsdh`] and [`Weighted`] adapt the heuristics crate's evaluations to the search
//!   layer's `Heuristic` trait.
//!
//! # Embedding in a game
//! - A [`Solver`] is `Send + Sync` and cheap to clone, and [`solve`](Solver::solve),
//!   [`hint`](Solver::hint) and [`spawn`](Solver::spawn) take `&self`: a game keeps one
//!   solver in state its threads share, with no `Mutex`. The solver and its clones share a
//!   pool of the engines' warm caches; each solve takes a set (its own while it runs) and
//!   gives it back, so background solves start warm (see
//!   [Warm caches](Solver#warm-caches)).
//! - [`Solver::spawn`] solves on a background thread and returns a [`SolveHandle`]:
//!   [`progress`](SolveHandle::progress) (expanded, generated, elapsed) never blocks,
//!   [`cancel`](SolveHandle::cancel) stops the search within about a millisecond,
//!   [`try_result`](SolveHandle::try_result) polls, [`wait`](SolveHandle::wait) gives an
//!   answer within a time budget (cancelling when it runs out) and
//!   [`join`](SolveHandle::join) blocks. Every limit ends a solve
//!   [`Undecided`](Outcome::Undecided), never `Unsolvable`, and is honoured within 10 % of
//!   its value (nodes exactly; bytes counted before each allocation, the real heap peak
//!   tested; time and cancel checked about every millisecond whatever the engine's speed).
//! - Memory: without [`Solver::max_bytes`], each preset's limit is its fixed default
//!   lowered to 3/8 of what the process may still allocate (cgroup, `RLIMIT_AS`, the
//!   system's available memory), so a solve fits a small container; `fast` doubles its
//!   limit while a deal outgrows it, up to that share, so that it decides what the machine
//!   can decide. The engines' large
//!   tables grow fallibly, and [`ReserveAllocator`], installed as the program's global
//!   allocator, keeps a reserve for the small allocations elsewhere: running out of memory
//!   ends a solve [`Undecided`](Outcome::Undecided) with [`Reason::MemoryLimit`], never by
//!   aborting the process.
//! - [`Solution::steps`] walks a solution move by move with the board after each, to
//!   animate or replay it.
//! - Errors ([`SolveError`], and the core crate's parse, move and verify errors) implement
//!   [`std::error::Error`]; their messages are sentences a player can read (`free cell a
//!   already holds KC`).
//!
//! # Features
//! - `serde`: `Serialize`/`Deserialize` for [`Preset`] (its name), [`Reason`],
//!   [`Outcome`], [`Solution`], [`SolveStats`], [`SolveReport`], [`Hint`], [`Progress`] and
//!   [`Step`]; enables `freecell-core/serde` for boards and moves.
//!
//! # Example
//! ```
//! use freecell_core::{Board, Notation};
//! use freecell_solver::{Outcome, Preset, Solver};
//!
//! let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
//! let solver = Solver::new(Preset::Fast).max_nodes(1_000_000);
//! let report = solver.solve(&board)?;
//! let Outcome::Solved(solution) = report.outcome else { panic!("an end game is solvable") };
//! // Every move is listed, foundation moves included: it replays with no automoves.
//! assert_eq!(board.write_solution(&solution.moves, Notation::Standard)?, "1h\n2h\n2h\n1h\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! One solver shared by a game's threads, no lock: the game's thread asks for a hint while
//! a background thread solves, and both reuse the same warm caches.
//! ```
//! use std::sync::Arc;
//! use freecell_core::Board;
//! use freecell_solver::{Preset, Solver};
//!
//! let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
//! let solver = Arc::new(Solver::new(Preset::Fast)); // in the game's shared state
//! let background = {
//!     let (solver, board) = (Arc::clone(&solver), board.clone());
//!     std::thread::spawn(move || solver.solve(&board))
//! };
//! let hint = solver.hint(&board)?; // meanwhile, on the game's thread
//! assert_eq!(hint.next.map(|mv| board.write_move(mv)), Some("1h".to_owned()));
//! let report = background.join().expect("no panic")?;
//! assert_eq!(report.outcome.solution().map(|s| s.len()), Some(4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Searching with the problem directly:
//! ```
//! use freecell_core::{Automove, Board, MoveModel};
//! use freecell_search::bfs;
//! use freecell_solver::{CostModel, FreeCell};
//!
//! let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
//! let problem = FreeCell::new(MoveModel::Sequence, Automove::None, CostModel::Sequence);
//! let report = bfs::Bfs::default().search(&mut bfs::Cache::new(), &problem, &board, &mut ());
//! assert_eq!(report.cost(), Some(4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bestfirst;
mod caches;
pub mod difficulty;
mod fast;
mod game_board;
mod goal;
mod goals;
mod guide;
mod handle;
mod headroom;
mod lines;
mod optimal;
mod outcome;
mod packed_store;
mod preset;
mod problem;
pub mod prove;
mod reserve;
#[cfg(feature = "serde")]
mod serde_impls;
mod shorten;
mod solver;
mod steps;
mod watch;

pub use game_board::{GameBoard, Position};
pub use goal::{Goal, ParseGoalError};
pub use guide::{Hsdh, Weighted};
pub use handle::{Progress, SolveHandle};
pub use optimal::{Below, Bounds};
pub use outcome::{Hint, Outcome, Reason, Solution, SolveError, SolveReport, SolveStats};
pub use preset::{
    DEADLOCK_P, DEFAULT_BYTES, DFS_DEPTH, FAST_BYTES, GA_SCALE, IDA_TABLE, LOOKAHEAD, OPTIMAL_BYTES, ParsePresetError,
    Preset,
};
pub use problem::{CostModel, FreeCell};
pub use reserve::{DEFAULT_RESERVE, ReserveAllocator};
pub use shorten::shorten;
pub use solver::Solver;
pub use steps::{Step, Steps};

/// The README's examples, compiled and run as doctests so they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
