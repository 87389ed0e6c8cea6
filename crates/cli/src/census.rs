//! `freecell census`: a census of deals as the tasks of an array job (`run`, one shard),
//! and its report (`merge`). The census itself is `freecell-census`'s; this module holds
//! the options and what is printed.

use std::num::{NonZeroU64, NonZeroUsize};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, Subcommand};
use freecell_bench::grouped;
use freecell_census::{Census, Event, MergeError, RunError, Selection, Settings, Shard, merge};
use freecell_core::Game;
use freecell_deals::DealRange;
use freecell_solver::{Goal, Preset};

use crate::Failure;
use crate::input::{Checked, parse_jobs};

/// Exit codes of `freecell census`, shown by its `--help`.
pub(crate) const CENSUS_EXIT_CODES: &str = "\
Exit codes:
  0  run: the shard finished (now or before); merge: the report is written
  1  a shard file or report could not be written, another run holds the shard's lock,
     the system refused a thread, or a solution failed verification (a solver bug;
     the deal is counted as an error)
  2  bad usage or bad input: unknown option, bad range or shard, no shard from the
     environment's variables, a shard file of another census in --out; merge: shards
     missing, duplicated, unfinished, corrupt or of different censuses";

/// `freecell census run` and `freecell census merge`.
#[derive(Debug, Subcommand)]
pub(crate) enum CensusCommand {
    /// Run one shard of a census: the deals of block I of N of the range (or sample),
    /// into DIR/shard-I-of-N.census.
    ///
    /// Without --shard, the shard comes from the array-job engine: `SLURM_ARRAY_TASK_ID`
    /// (less `SLURM_ARRAY_TASK_MIN`) of `SLURM_ARRAY_TASK_COUNT`, or Kubernetes'
    /// `JOB_COMPLETION_INDEX` of --shard-count (or `FREECELL_SHARD_COUNT`); with neither, the
    /// whole census is one shard, 0/1. The shard file is saved every few seconds (written
    /// whole and renamed): a killed shard run again resumes from it, and a finished shard
    /// is not run again.
    #[command(after_help = CENSUS_EXIT_CODES)]
    Run(RunArgs),
    /// Check that DIR holds every shard of one census, finished and intact, and write its
    /// report.
    ///
    /// Writes DIR/census.json (counts, the impossible and undecided deals, histograms of
    /// expansions and solution lengths, the deals with most expansions: no times, so the
    /// same bytes however the shards were run, killed and rerun), DIR/timing.json (times,
    /// CPU per deal, the estimated core-hours for all 8,589,934,591 deals) and
    /// DIR/census.svg (the histograms), and prints the report.
    #[command(after_help = CENSUS_EXIT_CODES)]
    Merge(MergeArgs),
}

/// Arguments of `freecell census run`.
#[derive(Debug, Args)]
pub(crate) struct RunArgs {
    /// The Microsoft deals: `A..=B` (or `A..B`, also including B); with --sample, the
    /// range drawn from (default: all, 1..=8589934591).
    #[arg(long, value_name = "RANGE", value_parser = Checked(parse_range), required_unless_present = "sample")]
    deals: Option<DealRange>,
    /// A uniform random sample of N deals of the range instead of all of them (drawn with
    /// replacement by `SplitMix64` from --seed).
    #[arg(long, value_name = "N", requires = "seed", value_parser = Checked(parse_sample), allow_negative_numbers = true)]
    sample: Option<NonZeroU64>,
    /// The sample's seed.
    #[arg(long, value_name = "S", requires = "sample", value_parser = Checked(crate::input::number::<u64>), allow_negative_numbers = true)]
    seed: Option<u64>,
    /// The shard to run, I/N: I from 0 to N-1. Default: from the array-job engine.
    #[arg(long, value_name = "I/N", value_parser = Checked(parse_shard))]
    shard: Option<Shard>,
    /// The number of shards of a Kubernetes indexed job (its completions), whose pods are
    /// told their `JOB_COMPLETION_INDEX` only.
    #[arg(long, value_name = "N", conflicts_with = "shard", value_parser = Checked(crate::input::number::<u32>), allow_negative_numbers = true)]
    shard_count: Option<u32>,
    /// The census directory, shared by all shards.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Run deals on N threads, each reusing one solver (0: one per core).
    #[arg(long, value_name = "N", default_value = "1", value_parser = Checked(parse_jobs), allow_negative_numbers = true)]
    jobs: NonZeroUsize,
    /// The solver preset (see `freecell solve --help`).
    #[arg(long, value_name = "NAME", default_value = "fast", value_parser = Checked(parse_preset))]
    solver: Preset,
    /// What the solver's solves are for: `verdict` (the default: fast's evaluations
    /// learned for fewest expansions, solutions verified but not shortened) or `short`
    /// (what `freecell solve` does: evaluations tuned under a bound on solution length,
    /// solutions shortened). Recorded in the shard files: shards of different goals do not
    /// merge.
    #[arg(long, value_name = "GOAL", default_value = "verdict", value_parser = Checked(crate::input::parse_goal))]
    goal: Goal,
    /// Give up on a deal after expanding N positions (undecided).
    #[arg(long, value_name = "N", value_parser = Checked(crate::input::number::<u64>), allow_negative_numbers = true)]
    max_nodes: Option<u64>,
    /// Size the solver's memory limits for N megabytes (2^20 bytes) of free memory, whatever
    /// the machine has, so that every task finds the same (fast: at most 3/8 of it a deal;
    /// default 2048). A task needs that much memory.
    #[arg(long, value_name = "N", value_parser = Checked(crate::input::number::<u64>), allow_negative_numbers = true)]
    memory_mb: Option<u64>,
    /// Save the shard's progress every SECS seconds.
    #[arg(long, value_name = "SECS", default_value = "5", value_parser = Checked(crate::input::parse_seconds), allow_negative_numbers = true)]
    checkpoint: Duration,
}

/// Arguments of `freecell census merge`.
#[derive(Debug, Args)]
pub(crate) struct MergeArgs {
    /// The census directory.
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Print the report as one JSON object (its `impossible` and `undecided` keys list
    /// deal numbers) instead of text.
    #[arg(long)]
    json: bool,
}

fn parse_range(text: &str) -> Result<DealRange, freecell_deals::ParseDealError> {
    text.parse()
}

fn parse_shard(text: &str) -> Result<Shard, freecell_census::ShardError> {
    text.parse()
}

fn parse_preset(text: &str) -> Result<Preset, freecell_solver::ParsePresetError> {
    text.parse()
}

fn parse_sample(text: &str) -> Result<NonZeroU64, String> {
    crate::input::number::<u64>(text)
        .ok()
        .and_then(NonZeroU64::new)
        .ok_or_else(|| "N is a number of deals, at least 1".to_owned())
}

/// Runs `freecell census`.
pub(crate) fn census(command: &CensusCommand) -> Result<(), Failure> {
    match command {
        CensusCommand::Run(args) => run(args),
        CensusCommand::Merge(args) => merge_report(args),
    }
}

/// What this program is, for the census's settings: shards of another build do not merge.
fn build() -> String {
    let digest = std::env::current_exe()
        .and_then(std::fs::read)
        .map_or_else(|_| "unknown".to_owned(), |bytes| format!("{:016x}", freecell_census::digest64(&bytes)));
    format!("freecell {} (executable digest64 {digest})", env!("CARGO_PKG_VERSION"))
}

fn run(args: &RunArgs) -> Result<(), Failure> {
    let shard = match args.shard {
        Some(shard) => shard,
        None => Shard::from_env(|name| std::env::var(name).ok(), args.shard_count)
            .map_err(|error| Failure::Input(error.to_string()))?,
    };
    let range = args.deals.unwrap_or(DealRange::ALL);
    let deals = match (args.sample, args.seed) {
        (Some(count), Some(seed)) => Selection::sample(range, count, seed),
        _ => Selection::range(range),
    };
    let mut settings =
        Settings::new(deals, Game::FreeCell, args.solver, build()).goal(args.goal).max_nodes(args.max_nodes);
    if let Some(mb) = args.memory_mb {
        settings = settings.memory(mb.saturating_mul(1 << 20));
    }
    let census = Census::new(settings).jobs(args.jobs).checkpoint_every(args.checkpoint);
    let mut faults = 0u64;
    let result = census.run(&args.out, shard, |event| match event {
        Event::Checkpoint(file) => {
            eprintln!("freecell: shard {shard}: {} of {} deals", grouped(file.done), grouped(file.size()));
        }
        Event::Fault(fault) => {
            faults += 1;
            eprintln!("freecell: {fault}");
        }
        _ => {}
    });
    let run = result.map_err(|error| run_failure(error, &args.out))?;
    let f = &run.file.findings;
    let what = if run.ran == 0 {
        "already finished".to_owned()
    } else if run.resumed > 0 {
        format!("finished, {} deals resumed from its file and {} run now", grouped(run.resumed), grouped(run.ran))
    } else {
        format!("finished, {} deals", grouped(run.ran))
    };
    crate::write_stdout(&format!(
        "shard {shard} of {}: {what}: {} solved, {} impossible, {} undecided, {} errors; {}\n",
        census.settings().deals,
        grouped(f.solved),
        f.impossible.len(),
        f.undecided.len(),
        f.errors.len(),
        run.path.display()
    ))?;
    match f.errors.len() + usize::try_from(faults).unwrap_or(usize::MAX) {
        0 => Ok(()),
        _ => Err(Failure::Internal(format!(
            "solutions of {} deals failed verification (counted as errors): {:?}",
            f.errors.len(),
            f.errors
        ))),
    }
}

fn run_failure(error: RunError, dir: &Path) -> Failure {
    match error {
        RunError::Write { path, source } => Failure::output(path.display(), source),
        RunError::OtherCensus { .. } | RunError::Read(_) => Failure::Input(error.to_string()),
        RunError::Busy { .. } | RunError::Spawn { .. } => Failure::Internal(error.to_string()),
        error => Failure::Internal(format!("{error} (directory {})", dir.display())),
    }
}

fn merge_report(args: &MergeArgs) -> Result<(), Failure> {
    // Every merge error is the directory's contents: not one whole census.
    let report = merge(&args.dir).map_err(|error: MergeError| Failure::Input(error.to_string()))?;
    let written = report.write(&args.dir).map_err(|(path, error)| Failure::output(path.display(), error))?;
    for path in &written {
        eprintln!("freecell: wrote {}", path.display());
    }
    crate::write_stdout(&if args.json { report.json() } else { report.render() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_build_names_the_executable() {
        assert!(build().starts_with("freecell 0."), "{}", build());
        assert!(!build().contains("unknown"));
    }

    #[test]
    fn shard_count_is_named_in_the_missing_count_error() {
        let error = Shard::from_env(|name| (name == "JOB_COMPLETION_INDEX").then(|| "0".to_owned()), None);
        assert!(error.is_err_and(|e| e.to_string().contains("--shard-count")));
        assert_eq!(freecell_census::SHARD_COUNT_VAR, "FREECELL_SHARD_COUNT", "the --help text names it");
    }
}
