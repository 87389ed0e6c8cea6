//! Censuses of FreeCell deals as array jobs: every deal of a range (up to FreeCell Pro's
//! 8,589,934,591) or a uniform random sample of one, split into shards that Slurm job
//! arrays, Kubernetes indexed jobs or any other array-job engine run as separate tasks,
//! then merged into one report.
//!
//! - [`Selection`] is the census's deals, as positions `0 .. len`; [`Shard`] `I/N` runs a
//!   contiguous block of them, and [`Shard::from_env`] reads which one from the engine's
//!   environment (`SLURM_ARRAY_TASK_ID`, `JOB_COMPLETION_INDEX`).
//! - [`Census::run`] runs one shard on worker threads (`freecell-bench`'s pool, its
//!   `Solves` workload: every solution replayed by the core verifier) into its
//!   [`ShardFile`]: settings, progress, [`Findings`] and [`Timing`], checksummed, replaced
//!   atomically every few seconds. A killed shard resumes from its file; a finished one is
//!   never run again.
//! - [`merge()`] checks that a directory holds every shard of one census exactly once,
//!   finished and intact (or lists what is missing, duplicated, unfinished or corrupt), and
//!   sums them into a [`Report`]: counts, the impossible and undecided deals, histograms of
//!   expansions, solution lengths and times, the deals that took longest, an SVG plot and
//!   the estimated core-hours for the whole range.
//!
//! Findings depend only on the settings (no time limit is offered), and the times are
//! kept apart from them, so the reproducible report (`census.json`) is the same bytes
//! however the shards were run, killed and rerun.
//!
//! The library never prints and never exits; the `freecell census` command parses
//! arguments and prints.

mod cpu;
mod file;
mod histogram;
mod merge;
mod report;
mod run;
mod selection;
mod settings;
mod svg;
mod tally;

pub use file::{Corrupt, ReadError, ShardFile, digest64, fnv1a64};
pub use histogram::{Histogram, Ranked, TOP, TopList};
pub use merge::{MergeError, Problem, merge};
pub use report::{FULL_RANGE, REPORT_FILES, Report};
pub use run::{CHECKPOINT_EVERY, Census, Event, RunError, ShardRun};
pub use selection::{SHARD_COUNT_VAR, Selection, Shard, ShardError};
pub use settings::{DEFAULT_MEMORY, Settings};
pub use tally::{Findings, Timing};

/// The README's example, compiled and run as a doctest so it stays true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
