//! Generic, allocation-light state-space search.
//!
//! # One-shot searches
//!
//! For quick use, a search is one call: a start state and closures in, a path of states out,
//! in the shape of the `pathfinding` crate's functions (`pathfinding::prelude::{astar, bfs}`).
//!
//! ```
//! // From 1, reach 100 by doubling or adding one: the fewest steps.
//! let path = freecell_search::bfs(&1u32, |&n| [n * 2, n + 1], |&n| n == 100)?;
//! assert_eq!(path.states, [1, 2, 3, 6, 12, 24, 25, 50, 100]);
//!
//! // With step costs (doubling costs 3) and a heuristic that never overestimates, A* finds a
//! // cheapest path; `within` puts it under a budget of expanded states.
//! use freecell_search::{Budget, within};
//! let successors = |&n: &u32| [(n * 2, 3), (n + 1, 1)];
//! let estimate = |&n: &u32| u32::from(n != 100);
//! let path = within(Budget::default().max_expanded(10_000)).astar(&1, successors, estimate, |&n| n == 100)?;
//! assert_eq!(path.cost, 18); // three +1 and five doublings: 1 2 3 6 12 24 25 50 100
//! # Ok::<(), freecell_search::NoPath>(())
//! ```
//!
//! [`bfs`](fn@bfs), [`dfs`](fn@dfs), [`iddfs`](fn@iddfs), [`astar`](fn@astar), [`dijkstra`]
//! and [`idastar`](fn@idastar) return a [`StatePath`] (the states from the start to a goal,
//! and the cost) or [`NoPath`]: [`Exhausted`](NoPath::Exhausted) (proved: no goal is
//! reachable) or [`Undecided`](NoPath::Undecided) (a budget ran out). [`within`] sets the
//! budget. [`problem_fn`] turns the same closures into a [`SearchProblem`] that every engine
//! below runs, beam search and staged deepening included. Unlike `pathfinding`'s, the
//! closures are `Fn`, not `FnMut` (engines call them through shared references): one that
//! counts or caches keeps its state in a [`Cell`](std::cell::Cell) or
//! [`RefCell`](std::cell::RefCell). Costs and estimates are `u32`.
//!
//! # Engines
//!
//! For speed, memory budgets and reuse, describe the puzzle with the [`SearchProblem`] trait:
//! states, tiny `Copy` moves, a canonical key, a goal test, move generation into a caller's
//! buffer, in-place apply and step costs, plus optional [`Undo`] and a [`Heuristic`]. Each
//! algorithm module ([`bfs`](mod@bfs), [`dfs`](mod@dfs), [`iddfs`](mod@iddfs),
//! [`idastar`](mod@idastar), [`astar`](mod@astar) (also weighted A* and greedy best-first),
//! [`beam`], [`staged`]) has a `Config`, an engine and a caller-owned `Cache` that keeps its
//! capacity between searches, so a warm search allocates nothing per node. A setting has one
//! name in every engine's `Config` (`budget`, `max_depth`, `max_cost`, `cycles`,
//! `transposition_table`), and every `Config::new()` is the engine's default.
//!
//! **Layering:** this crate depends on no FreeCell crate and must never do so (CI checks
//! `cargo tree -p freecell-search -i freecell-core` fails). `freecell-solver` implements
//! [`SearchProblem`] for FreeCell; this crate is tested on toy puzzles only.
//!
//! # API themes
//!
//! - `engine.search(&mut cache, &problem, &start, &heuristic, &mut observer)` (engines without
//!   a heuristic take none) returns a [`Report`]: a [`SearchOutcome`] — [`Solved`](SearchOutcome::Solved)
//!   with the moves and cost, [`Exhausted`](SearchOutcome::Exhausted) (proved: no solution), or
//!   [`Undecided`](SearchOutcome::Undecided) with an [`UndecidedReason`] — plus [`Stats`] in every case.
//! - Limits inside a search are [`Budget`]s on expanded nodes, generated nodes and bytes,
//!   exact and reproducible. Wall-clock limits and cancellation are the caller's: an
//!   [`Observer`] sees progress and returns [`Control::Stop`]. `()` is the free no-op observer.
//! - Depth-first engines share one flat move stack and walk one state with [`Undo`] (the
//!   problem declares `type Backtrack = ByUndo`) or one state per depth (`ByCopy`).
//! - Stored-state engines keep states once in an arena indexed by [`NodeId`], parents as ids, a
//!   key index of 4-byte slots (id and hash tag) and a bucket queue of 4-byte id entries.
//!   These structures are public in [`containers`], with the byte accounting every budget
//!   uses, for engines written outside this crate.
//! - [`system_memory`] says how much more memory the process may allocate (cgroup,
//!   `RLIMIT_AS`, `MemAvailable` on Linux), to size byte budgets to the machine.
//! - Heuristic engines (A*, weighted A*, greedy, IDA*, beam) estimate each child from its
//!   parent's estimate through [`Heuristic::estimate_child`], which a heuristic can override
//!   with an O(1) update (closure heuristics recompute from scratch).
//!
//! # Example
//!
//! ```
//! use freecell_search::{ByCopy, SearchProblem, astar, bfs};
//!
//! /// Reach `target` from 1 by doubling or adding one.
//! struct Double { target: u32 }
//! impl SearchProblem for Double {
//!     type State = u32;
//!     type Move = bool; // true: double
//!     type Key = u32;
//!     type Backtrack = ByCopy;
//!     fn is_goal(&self, s: &u32) -> bool { *s == self.target }
//!     fn moves(&self, s: &u32, out: &mut Vec<bool>) {
//!         if *s * 2 <= self.target { out.push(true); }
//!         if *s < self.target { out.push(false); }
//!     }
//!     fn apply(&self, s: &mut u32, double: bool) { if double { *s *= 2 } else { *s += 1 } }
//!     fn key(&self, s: &u32) -> u32 { *s }
//! }
//!
//! let p = Double { target: 22 };
//! let report = bfs::Bfs::default().search(&mut bfs::Cache::new(), &p, &1, &mut ());
//! assert_eq!(report.cost(), Some(6)); // 1 2 4 5 10 11 22
//! let report = astar::AStar::default().search(&mut astar::Cache::new(), &p, &1, &freecell_search::Zero, &mut ());
//! assert_eq!(report.cost(), Some(6));
//! ```
//!
//! # Implementing `SearchProblem` for your puzzle
//!
//! Take a 1×N sliding puzzle: tiles on a line with one blank; a move slides the tile left or
//! right of the blank into it. Steps:
//!
//! 1. **State**: small and packed, because stored-state engines keep one per node. Here a
//!    `[u8; N]` and the blank's position.
//! 2. **Move**: tiny and `Copy`; here the direction the blank moves.
//! 3. **Key**: the canonical identity; here the tiles packed into a `u64` (exact, no hashing
//!    collisions to document).
//! 4. **`moves`**: *append* to `out`, never clear it (depth-first engines keep every level's
//!    moves on one stack).
//! 5. **`apply`/`undo`**: in place. Implementing [`Undo`] and declaring `type Backtrack =
//!    ByUndo` lets depth-first engines keep one state; otherwise declare `ByCopy`.
//! 6. **Heuristic**: a type implementing [`Heuristic`], or a closure over `&State`. Admissible
//!    (never overestimating) heuristics make A*, IDA* optimal.
//!
//! ```
//! use freecell_search::{ByUndo, Heuristic, SearchProblem, Undo, astar, idastar, Cycles};
//!
//! const N: usize = 5;
//!
//! #[derive(Clone, Debug, PartialEq)]
//! struct Line { tiles: [u8; N], blank: u8 }
//!
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! enum Slide { Left, Right } // where the blank goes
//!
//! struct LinePuzzle;
//!
//! impl SearchProblem for LinePuzzle {
//!     type State = Line;
//!     type Move = Slide;
//!     type Key = u64;
//!     type Backtrack = ByUndo;
//!
//!     fn is_goal(&self, s: &Line) -> bool {
//!         s.tiles.iter().enumerate().all(|(i, &t)| t as usize == (i + 1) % N)
//!     }
//!     fn moves(&self, s: &Line, out: &mut Vec<Slide>) {
//!         if s.blank > 0 { out.push(Slide::Left); }
//!         if (s.blank as usize) < N - 1 { out.push(Slide::Right); }
//!     }
//!     fn apply(&self, s: &mut Line, mv: Slide) {
//!         let b = s.blank as usize;
//!         let to = if mv == Slide::Left { b - 1 } else { b + 1 };
//!         s.tiles.swap(b, to);
//!         s.blank = to as u8;
//!     }
//!     fn key(&self, s: &Line) -> u64 {
//!         s.tiles.iter().fold(0, |k, &t| k << 8 | u64::from(t))
//!     }
//! }
//!
//! impl Undo for LinePuzzle {
//!     fn undo(&self, s: &mut Line, mv: Slide) {
//!         let back = if mv == Slide::Left { Slide::Right } else { Slide::Left };
//!         self.apply(s, back);
//!     }
//! }
//!
//! /// Tiles out of place: admissible, since each move fixes at most one tile.
//! struct Misplaced;
//! impl Heuristic<LinePuzzle> for Misplaced {
//!     fn estimate(&self, _: &LinePuzzle, s: &Line) -> u32 {
//!         s.tiles.iter().enumerate()
//!             .filter(|&(i, &t)| t != 0 && t as usize != (i + 1) % N)
//!             .count() as u32
//!     }
//! }
//!
//! // The blank at the left end must walk to the right end: 4 moves.
//! let start = Line { tiles: [0, 1, 2, 3, 4], blank: 0 };
//! let a = astar::AStar::default()
//!     .search(&mut astar::Cache::new(), &LinePuzzle, &start, &Misplaced, &mut ());
//! assert_eq!(a.cost(), Some(4));
//!
//! let ida = idastar::IdaStar::new(idastar::Config::new().cycles(Cycles::Parent));
//! let mut cache = idastar::Cache::new(); // reuse it across searches
//! let r = ida.search(&mut cache, &LinePuzzle, &start, &Misplaced, &mut ());
//! assert_eq!(r.solution().map(|s| s.moves.clone()), Some(vec![Slide::Right; 4]));
//! ```
//!
//! # Design notes
//!
//! - **Names.** A game that uses this crate next to `freecell-solver` imports both. The
//!   solver's names are the ones a game sees (`freecell_solver::{Outcome, Reason, Solution}`:
//!   a solve's verified result), so this crate names its types for what they are: a
//!   [`SearchOutcome`] is how a search ended, a [`MovePath`] is a path as the moves that walk
//!   it (a [`StatePath`] one as the states it visits), an [`UndecidedReason`] is why a search
//!   ended without an answer. No name at this crate's root names something else at the root
//!   of another workspace crate.
//! - **Results.** [`Report`] = [`SearchOutcome`] + [`Stats`] instead of STYLE's
//!   `Result<Option<Solution>, SearchError>`: a spent budget is an ordinary answer, and
//!   statistics are needed for every ending (see [`SearchOutcome`]).
//! - **Backtracking is declared by the problem**, as an associated type
//!   (`type Backtrack = ByUndo` or `ByCopy`) rather than a flag: declaring `ByUndo` without
//!   implementing [`Undo`] does not compile, and engines pick the strategy statically.
//! - **Stored nodes** take `size_of::<State>() + 6` bytes in the arena (state, 4-byte parent
//!   id, 2-byte path cost: costs widen to 4 bytes, all at once, when one exceeds `u16::MAX`),
//!   plus the move (`size_of::<Move>()`), a 4-byte index slot at most 7/8 full, and a 4-byte
//!   queue entry. The arena is struct-of-arrays (one vector per field), so nothing is padding.
//!   Keys are not stored: an index slot holds `id + 1` with the spare high bits filled by hash
//!   bits (a tag), and a stored state's key is recomputed only when the tag matches, so
//!   duplicate detection stays exact. The index is rebuilt from the arena when it grows (old
//!   slots freed first, so two tables never coexist). Vectors and the index grow by ×1.5. For
//!   the 15-puzzle (`u64` state) that is 22–25 bytes per stored state in resident memory,
//!   25–26 counting capacities (the state, a 4-byte parent, a 1-byte cost, index slots and
//!   queue entries; moves are not stored, see the arena).
//! - **A\*** generates all children of a node first (one state copy each, no heap allocation
//!   for a packed state) and loads the index slot each one's probe will start at; then it
//!   probes and stores them one by one. The slot loads miss the cache independently, so their
//!   misses overlap (probing child after child would wait for each miss in turn, as a probe
//!   branches on what it loads). Expanded nodes are marked only with re-opening off, the one
//!   case that reads the marks.
//! - **Depth-first engines** allocate nothing per node once warm: one flat move stack
//!   (note its length, append, iterate, truncate), frames and path keys reused; a 16 KiB
//!   counting filter makes [`Cycles::Path`] checks O(1) for most children.
//!
//! # Principal types
//!
//! The one-shot functions with [`StatePath`], [`NoPath`] and [`within`]; [`problem_fn`]
//! ([`FnProblem`], [`Edge`]); [`SearchProblem`], [`Undo`], [`Heuristic`] (with [`Zero`] and
//! closures), [`Observer`], [`Budget`], [`Report`]/[`SearchOutcome`]/[`MovePath`]/[`Stats`],
//! and per module `Config`, engine, `Cache`.

mod bounded;
mod closures;
mod engine;
mod observer;
mod oneshot;
mod problem;
mod report;

pub mod astar;
pub mod beam;
pub mod bfs;
pub mod containers;
pub mod dfs;
pub mod idastar;
pub mod iddfs;
pub mod staged;
pub mod system_memory;

pub use bounded::Cycles;
pub use closures::{Edge, FnProblem, problem_fn};
pub use containers::NodeId;
pub use containers::TieBreak;
pub use observer::{Control, FnObserver, Observer, WORK_SLICE, observer_fn};
pub use oneshot::{NoPath, StatePath, Within, astar, bfs, dfs, dijkstra, idastar, iddfs, within};
pub use problem::{Backtrack, ByCopy, ByUndo, Heuristic, SearchProblem, Undo, Zero};
pub use report::{Budget, Limit, MovePath, Report, SearchOutcome, Stats, UndecidedReason};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
