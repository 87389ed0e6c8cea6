//! Benchmarking FreeCell solvers over ranges of Microsoft deals: what `freecell bench`
//! runs, as a library for researchers and census tools.
//!
//! A [`Bench`] runs a [`Workload`] over a [`DealRange`](freecell_deals::DealRange) on
//! worker threads, each keeping one `Solver` (and so its engines' caches) for every deal it
//! takes, and hands the results back in deal order:
//!
//! - [`Solves`] solves each deal: a [`DealRow`] per deal (outcome, nodes, seconds, both
//!   solution lengths, the engine's peak memory), summarised as the GA-FreeCell paper's
//!   Table 2 ([`DealSummary`]: means with unsolved deals penalised, and excluded);
//! - [`Hints`] times `Solver::hint` on K seeded mid-game positions of each deal: a
//!   [`HintRow`] per position, summarised as latency percentiles ([`HintSummary`]);
//! - [`Ratings`] rates each deal's difficulty (`freecell_solver::difficulty`): a
//!   [`RatingRow`] per deal (the fewest free cells, the narrowness, the tier), summarised as
//!   histograms ([`RatingSummary`]).
//!
//! Every solution and hint is replayed by the core verifier (a deal's solution once, by the
//! solver, whose last step that replay is); one that fails is a [`Fault`] and an `error`
//! row, never a panic. With [`Bench::csv`], rows go to a resumable CSV file ([`CsvFile`]):
//! locked while a run writes it, read back a line at a time, a deal already there not run
//! again, a corrupt file an error naming the file, the line and the field.
//! Rows and summaries serialise to JSON (`serde::Serialize`); summaries also render as
//! Markdown ([`Summary::render`]).
//!
//! The library never prints and never exits: progress, printing and argument parsing are
//! the caller's (the `freecell` command's, for one).
//!
//! # Examples
//! ```
//! use std::num::NonZeroUsize;
//!
//! use freecell_bench::{Bench, Solves, Summary};
//! use freecell_solver::{Preset, Solver};
//!
//! // MS 1 to 4 on two threads with `fast`, the default preset.
//! let bench = Bench::new(Solves::new(), "fast", "1..4".parse()?)?.jobs(NonZeroUsize::new(2).unwrap());
//! let mut deals = Vec::new();
//! let report = bench.run_with(
//!     || Solver::new(Preset::Fast),
//!     |deal, _summary| {
//!         deals.push(deal.deal.get());
//!         Ok::<(), std::convert::Infallible>(())
//!     },
//! )?;
//! assert_eq!(deals, [1, 2, 3, 4], "results come in deal order");
//! let counts = report.summary.counts();
//! assert_eq!(counts.total, 4);
//! assert_eq!(counts.solved, 4);
//! assert!(report.summary.render("fast").contains("| unsolved problems penalized "));
//! let json = serde_json::to_string(&report.summary)?;
//! assert!(json.starts_with(r#"{"count":4,"#), "{json}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod csv;
mod hints;
pub mod json;
mod optimal;
pub mod pool;
mod ratings;
mod row;
mod run;
mod solves;
mod summary;

pub use csv::{CsvError, CsvFile, LineError, MAX_LINE, ReadError, WRITE_EVERY, read_rows};
pub use hints::Hints;
pub use optimal::{OptimalRow, optimal_table};
pub use ratings::{RatingRow, RatingSummary, Ratings};
pub use row::{DealRow, HintRow, Measure, Row, Source, VERIFICATION, Verdict};
pub use run::{Bench, DealResult, Fault, NameError, Report, RunError, Workload};
pub use solves::Solves;
pub use summary::{
    Counts, DealSummary, HintSummary, Means, PENALTY_MOVES, PENALTY_NODES, PENALTY_SECONDS, Quantiles, Summary, grouped,
};

/// The README's example, compiled and run as a doctest so it stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
