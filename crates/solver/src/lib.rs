//! FreeCell solvers: the glue between the rules of `freecell-core` and the generic engines
//! of `freecell-search`.
//!
//! **Depends on** `freecell-core` and `freecell-search` (and, as they land, the heuristics).
//! It is the only crate that knows both the game and the search layer: the CLI and the
//! evolution crate share it.
//!
//! This first part holds [`FreeCell`], the game as a [`SearchProblem`](freecell_search::SearchProblem):
//! single-card or sequence moves, safe automoves on or off, duplicate detection on the
//! canonical [`Key`](freecell_core::Key), and a step cost for either move-count model.
//!
//! # Example
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

mod problem;

pub use problem::{CostModel, FreeCell};
