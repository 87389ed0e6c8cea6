//! What a solve answers: its [`Outcome`] (solved with a verified [`Solution`], proved
//! unsolvable, or undecided for a [`Reason`]), what it cost ([`SolveStats`]), a [`Hint`],
//! and [`SolveError`], a failure of the solver itself.

use std::time::Duration;

use freecell_core::{LayoutError, Move, VerifyError};
use freecell_search::Stats;
use thiserror::Error;

use crate::Preset;
#[cfg(doc)]
use crate::Solver;
use crate::optimal::Bounds;

/// How a solve ended.
///
/// # When is a deal `Unsolvable`?
///
/// Only when the engine searched the whole reachable space without finding a goal
/// ([`freecell_search::SearchOutcome::Exhausted`]). Engines report that only when no node was cut
/// off by a bound or discarded (staged deepening's replaced open entries, beam widths), so
/// the claim rests on the problem being *complete*, which every preset's is:
/// - **Moves.** Both move models generate every single-card move (a one-card run is within
///   every capacity, linear included); sequence moves only add compositions of single-card
///   moves, which reach no new position. Moves left out by the generator only permute
///   cascades or cells, which the canonical key identifies anyway.
/// - **Automoves.** Only Horne's and Raymond's rules are offered, and both are *safe*: a card
///   goes home automatically only when no card still out could ever be built on it (the
///   "Freecell Automove Theorem" and its corollary, Castiaux's 2021 thesis, §2.4; the rules'
///   names follow fc-solve's Horne and Raymond prunes, `shlomif/fc-solve`
///   `fc-solve/source/fc_pro_iface_pos.h`), so from any solution of the position before an
///   automove one gets a solution after it by dropping that card's moves. Moving every playable
///   card home is unsafe (it loses MS 1941 and 98714), and the core crate does not offer it.
///
/// `bestfirst` (the thesis's tree search, single-card moves, no automoves) is exhaustive
/// too: a move is cancelled only when its position was already discovered, and every
/// discovered position has its moves generated before the queue runs dry.
///
/// So `bfs` proves MS 11982 unsolvable; the staged-deepening presets, which replace open
/// entries, report it [`Undecided`](Outcome::Undecided) with [`Reason::Pruned`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub enum Outcome {
    /// A solution, verified by replaying it on the board with no automoves.
    Solved(Solution),
    /// Proved: no sequence of legal moves wins.
    Unsolvable,
    /// No answer within the limits, or an incomplete search ran out of states.
    Undecided(Reason),
}

impl Outcome {
    /// The solution, if solved.
    pub fn solution(&self) -> Option<&Solution> {
        match self {
            Outcome::Solved(s) => Some(s),
            _ => None,
        }
    }
}

/// Why a solve ended [`Undecided`](Outcome::Undecided).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum Reason {
    /// The node limit ([`Solver::max_nodes`]) was reached.
    #[error("the node limit was reached")]
    NodeLimit,
    /// The memory limit ([`Solver::max_bytes`], or the default sized to the memory
    /// available) was reached, or an allocation failed: the engine's growth was refused,
    /// or the [`ReserveAllocator`](crate::ReserveAllocator) had to release its reserve.
    #[error("the memory limit was reached")]
    MemoryLimit,
    /// The wall-clock limit ([`Solver::timeout`]) passed.
    #[error("the time limit passed")]
    Timeout,
    /// The cancel flag ([`Solver::cancel`]) was set.
    #[error("cancelled")]
    Cancelled,
    /// A depth bound (the `dfs` preset's) cut positions off.
    #[error("the depth bound cut positions off")]
    Bound,
    /// The engine discarded positions (staged deepening's open list), so running out of
    /// positions proves nothing.
    #[error("the search ran out of positions after discarding some")]
    Pruned,
    /// More positions than the engine can number.
    #[error("more positions than the engine can store")]
    Capacity,
    /// Another reason the search engine gave.
    #[error("the search ended undecided ({0:?})")]
    Engine(freecell_search::UndecidedReason),
}

impl Reason {
    /// The reason's name in machine-readable output (CSV, JSON, other languages):
    /// `node-limit`, `memory-limit`, `timeout`, `cancelled`, `bound`, `pruned`, `capacity`
    /// or `engine`.
    ///
    /// # Examples
    /// ```
    /// use freecell_solver::Reason;
    /// assert_eq!(Reason::NodeLimit.name(), "node-limit");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Reason::NodeLimit => "node-limit",
            Reason::MemoryLimit => "memory-limit",
            Reason::Timeout => "timeout",
            Reason::Cancelled => "cancelled",
            Reason::Bound => "bound",
            Reason::Pruned => "pruned",
            Reason::Capacity => "capacity",
            Reason::Engine(_) => "engine",
        }
    }
}

/// A verified solution.
///
/// `moves` lists **every** move, each automove included, so it replays on the solved board
/// with no automove rule ([`freecell_core::replay`], [`freecell_core::verify`]).
///
/// # Examples
/// ```
/// use freecell_core::{Board, replay};
/// use freecell_solver::{Preset, Solver};
/// let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
/// let report = Solver::new(Preset::Fast).solve(&board)?;
/// let solution = report.outcome.solution().expect("an end game is solvable");
/// assert_eq!(solution.len(), 4);
/// assert!(replay(&board, &solution.moves)?.is_won());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Every move, first first.
    pub moves: Vec<Move>,
    /// How many of them the search chose; the rest are automoves it implied.
    pub searched: usize,
}

impl Solution {
    /// The number of moves: the length in the **sequence-move** model (a run move counts 1,
    /// each foundation move counts 1).
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the board was already won.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The length in the **single-card** model: a run of n cards counts n.
    pub fn single_card_len(&self) -> usize {
        self.moves.iter().map(|m| usize::from(m.count())).sum()
    }
}

/// What a solve cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SolveStats {
    /// The engine's counters (expanded, generated, duplicates, evaluated, peak, bytes).
    pub search: Stats,
    /// Wall-clock time of the search and the verification.
    pub elapsed: Duration,
    /// Bytes of engine memory the solve started with, grown by earlier solves of the
    /// solver or its clones (see [Warm caches](Solver#warm-caches)); 0 for a cold start.
    pub reused_bytes: usize,
    /// What the deadlock bound said, for the `optimal` preset: `h` of the start position,
    /// the largest `f` taken from the queue (the optimal cost when solved; for IDA*, the
    /// last threshold searched) and, for A*, what it spent below that `f`. `None` for the
    /// other presets, and when the solve stopped before searching.
    pub bounds: Option<Bounds>,
}

/// An [`Outcome`] and its [`SolveStats`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct SolveReport {
    /// How the solve ended.
    pub outcome: Outcome,
    /// What it cost.
    pub stats: SolveStats,
}

/// The answer of [`Solver::hint`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct Hint {
    /// The first move of a verified solution; `None` when the board is already won or no
    /// solution was found (see `report`).
    pub next: Option<Move>,
    /// The solve the hint comes from: for a hint that continues an earlier hint's solution
    /// ([`Solver::hint`](crate::Solver::hint)), the rest of that solution from this
    /// position (every move counted as searched) and no work.
    pub report: SolveReport,
}

impl From<SolveReport> for Hint {
    /// The hint of a solve: its solution's first move, if any. What [`Solver::hint`]
    /// returns, and what a game makes of a [`SolveHandle`](crate::SolveHandle)'s report.
    fn from(report: SolveReport) -> Hint {
        let next = report.outcome.solution().and_then(|s| s.moves.first().copied());
        Hint { next, report }
    }
}

/// A failure of the solver itself: never a property of the deal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SolveError {
    /// A solution the search returned does not replay. This is a bug: the solver returns
    /// this error rather than a wrong solution.
    #[error("internal error: the {preset} solution does not replay: {error}")]
    Verification {
        /// The preset that produced it.
        preset: Preset,
        /// The first move that fails.
        error: VerifyError,
    },
    /// A solution the search returned replays but does not win (a bug, as above).
    #[error("internal error: the {preset} solution replays but leaves {left} cards out")]
    NotWon {
        /// The preset that produced it.
        preset: Preset,
        /// Cards not home after the replay.
        left: usize,
    },
    /// The board could not be rebuilt under the preset's rules (a bug: any valid board can).
    #[error("internal error: the board cannot be rebuilt under the {preset} rules: {error}")]
    Rules {
        /// The preset.
        preset: Preset,
        /// Why.
        error: LayoutError,
    },
    /// The preset does not apply to the game's rules (the `optimal` preset under Simple
    /// Simon's rule: see [`Preset::supports`]).
    #[error("the {preset} preset cannot solve {game}: {why}")]
    Unsupported {
        /// The preset.
        preset: Preset,
        /// The game, by its name (`simple-simon`), or the rules when no preset has them.
        game: String,
        /// Why the preset does not apply.
        why: &'static str,
    },
    /// The operating system refused a thread for [`Solver::spawn`].
    #[error("could not start a solver thread: {kind}")]
    Spawn {
        /// The operating system's reason.
        kind: std::io::ErrorKind,
    },
    /// The solving thread of a [`SolveHandle`](crate::SolveHandle) panicked (a bug).
    #[error("internal error: the solver thread stopped unexpectedly")]
    Panicked,
    /// The result of a [`SolveHandle`](crate::SolveHandle) was already returned by an
    /// earlier call.
    #[error("the solve's result was already taken")]
    ResultTaken,
}
