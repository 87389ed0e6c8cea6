//! Evolving FreeCell solvers: the genetic algorithm and Hillis-style coevolution of
//! GA-FreeCell (Elyasaf, Hauptman & Sipper, GECCO 2011) and the policy GP of
//! Policy-FreeCell (the GPTP 2012 chapter "More or less?").
//!
//! Individuals guide the solver crate's staged deepening ([`Solver::with_weights`],
//! [`Solver::with_policy`]); their fitness is the node reduction against HSDH (the `hsd`
//! preset) on training deals ([`deal_fitness`]). Runs are reproducible: every random choice
//! comes from one seeded [`Rng`] drawn in a fixed order on one thread, solves are limited
//! by node budgets (not time), and individuals are evaluated in parallel (rayon) with each
//! result put back in its place, so 1 or 8 threads give the same run. A [`Checkpoint`]
//! after each generation holds the whole state, and resuming from it equals not stopping.
//!
//! **Depends on** `freecell-solver`, `freecell-deals`, `freecell-heuristics` and
//! `freecell-core`. Does no file I/O and prints nothing: checkpoints, baselines, the log
//! ([`csv`]) and the chart ([`fitness_svg`]) are text the caller writes.
//!
//! # Example
//! ```
//! use freecell_evolve::{Checkpoint, Config, Evolution};
//!
//! let config = Config {
//!     population: 4, generations: 2, training_size: 30, random_deals: 2,
//!     max_nodes: 300, baseline_nodes: 300, penalty_nodes: 600, ..Config::ga()
//! };
//! let mut run = Evolution::new(config, 2, None)?;
//! run.step(&())?;
//! // Save, then resume elsewhere.
//! let saved = run.checkpoint().to_json();
//! let mut resumed = Evolution::resume(Checkpoint::from_json(&saved)?, 1, Some(run.baselines().clone()))?;
//! resumed.step(&())?;
//! assert!(resumed.is_finished());
//! let best = resumed.checkpoint().champion().expect("a generation ran");
//! let weights: freecell_heuristics::Weights = best.genome.parse().expect("champions are genome texts");
//! assert!(weights.is_valid());
//! # Ok::<(), freecell_evolve::EvolveError>(())
//! ```
//!
//! # Principal items
//! - [`Config`] (with [`Config::ga`], [`Config::coevolution`], [`Config::policy`]),
//!   [`Representation`], [`Setting`]; [`Evolution`] runs it, [`Checkpoint`] saves it.
//! - The operators: [`Rates`], [`select_proportional`], [`single_point`], [`breed`] and
//!   the [`Genome`] trait, implemented for weights, [`DealSet`]s and policies ([`gp`]).
//! - [`deal_fitness`] and [`Baselines`]: GA-FreeCell's fitness and the HSDH counts.
//!
//! [`Solver::with_weights`]: freecell_solver::Solver::with_weights
//! [`Solver::with_policy`]: freecell_solver::Solver::with_policy

mod evolution;
mod fitness;
mod genome;
pub mod gp;
mod operators;
mod plot;
mod rng;

pub use evolution::{
    Champion, Checkpoint, Config, Evolution, EvolveError, GenerationObserver, GenerationRecord, Phase, Representation,
    Setting, Validated, Validation, csv,
};
pub use fitness::{Baselines, PARTIAL_SCORE_DIVISOR, deal_fitness};
pub use genome::{DealSet, random_weights};
pub use gp::Gp;
pub use operators::{Genome, Operator, Rates, breed, crossover_point, mutate_genes, select_proportional, single_point};
pub use plot::fitness_svg;
pub use rng::Rng;

/// The README's examples, compiled and run as doctests so they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
