//! `freecell bench`: run a solver over a range of Microsoft deals and summarise it.
//!
//! The bench itself is `freecell-bench`'s [`Bench`]: deals on `--jobs` threads, each
//! keeping one `Solver`, results in deal order, so the CSV, the JSON and the summary do not
//! depend on `--jobs` — except times, and with `--timeout` the outcomes of deals near the
//! limit, which depend on the machine's load; `--max-nodes` gives reproducible limits.
//! `--hints K` measures hint latency instead ([`Hints`]). This module holds the options,
//! the progress bar, the JSON document and what is printed.

mod json;
mod progress;

use std::fmt::Write as _;
use std::io::{self, BufWriter};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use freecell_bench::{Bench, CsvError, Hints, LineError, RunError, Solves, Summary, Workload, grouped, optimal_table};
use freecell_core::{Variant, WideBoard, quote};
use freecell_deals::DealRange;
use freecell_solver::Goal;
use serde::Serialize;

use crate::game::{Chosen, GameArgs};
use crate::input::{Checked, parse_jobs};
use crate::{Failure, SearchArgs};
use json::JsonRows;

/// Exit codes of `freecell bench`, shown by its `--help`.
pub(crate) const BENCH_EXIT_CODES: &str = "\
Exit codes:
  0  every deal ran (whatever its outcome: unsolvable and undecided deals are results)
  1  a solution failed verification (a solver bug; its row says `error`), the output
     or the CSV file could not be created or written (or another run is writing it),
     or the system refused a thread
  2  bad usage or bad input: unknown option, bad deal range, a weights or policy file
     that does not parse, a CSV file that is not this command's or was written by
     another solver";

/// Arguments of `freecell bench`.
#[derive(Debug, Args)]
pub(crate) struct BenchArgs {
    /// The Microsoft deals: `N`, `A..B` or `A..=B`, both forms including B (`1..1000` is a
    /// thousand deals).
    #[arg(long, value_name = "RANGE", value_parser = Checked(parse_range), allow_negative_numbers = true)]
    deals: DealRange,
    /// The game whose deals are run (each deal number dealt its way).
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// Run deals on N threads, each reusing one solver (0: one per core).
    #[arg(long, value_name = "N", default_value = "1", value_parser = Checked(parse_jobs), allow_negative_numbers = true)]
    jobs: NonZeroUsize,
    /// Write one row per deal to FILE (CSV). If FILE exists, its deals are not run again
    /// and new rows are appended, so a long run stopped with Ctrl-C continues where it
    /// stopped; the summary covers the rows of both runs.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Print JSON on standard output instead of the table: the options, one object per
    /// deal run now, and the summary (the table then goes to standard error).
    #[arg(long)]
    json: bool,
    /// Measure hints instead: for each deal, time `hint` on K mid-game positions (half
    /// along the solver's own solution, half a few seeded random moves away from it) and
    /// print the latency distribution.
    #[arg(long, value_name = "K", value_parser = Checked(parse_hints), allow_negative_numbers = true)]
    hints: Option<Hints>,
}

impl BenchArgs {
    /// The bench of `freecell rate --deals`: no hints.
    pub(crate) fn census(
        deals: DealRange,
        game: GameArgs,
        search: SearchArgs,
        jobs: NonZeroUsize,
        csv: Option<PathBuf>,
        json: bool,
    ) -> BenchArgs {
        BenchArgs { deals, game, search, jobs, csv, json, hints: None }
    }
}

pub(crate) fn parse_range(text: &str) -> Result<DealRange, freecell_deals::ParseDealError> {
    text.parse()
}

/// `--hints K`: 1 to [`Hints::MAX`] positions per deal.
fn parse_hints(text: &str) -> Result<Hints, String> {
    crate::input::number::<u32>(text)
        .ok()
        .and_then(Hints::new)
        .ok_or_else(|| format!("K is a number of positions, 1 to {}", Hints::MAX))
}

/// Runs `freecell bench`.
pub(crate) fn bench(args: &BenchArgs) -> Result<(), Failure> {
    let game = args.game.chosen()?;
    let name = run_name(&game, &args.search);
    let variant = game.variant.clone();
    match &args.hints {
        None => drive(args, Solves::new().cost_model(args.search.cost()).game(game.variant), &name, &variant),
        Some(hints) => drive(args, hints.clone().game(game.variant), &name, &variant),
    }
}

/// The solver's name in a run's rows: a game other than FreeCell is part of it, so a CSV
/// file holds one game's rows, and so is a goal other than the default (`--goal verdict`),
/// so a resumed CSV never mixes solves of different goals.
pub(crate) fn run_name(game: &Chosen, search: &SearchArgs) -> String {
    let mut name = search.solver.to_string();
    if let Some(tag) = game.tag() {
        name = format!("{name} {tag}");
    }
    if search.goal != Goal::default() {
        name = format!("{name} --goal {}", search.goal);
    }
    name
}

/// The options of the run, first in its JSON.
#[derive(Serialize)]
struct Options<'a> {
    solver: &'a str,
    deals: String,
    jobs: usize,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    hints: Option<u32>,
}

/// What the JSON ends with, after the rows.
#[derive(Serialize)]
struct Ending<'a, S> {
    #[serde(serialize_with = "freecell_bench::json::decimals::<3, _>")]
    wall_seconds: f64,
    summary: &'a S,
}

/// Runs every deal of the range not already in the CSV, writes rows and prints the summary;
/// `variant` is the game's, which chooses the solver's default node limit.
pub(crate) fn drive<W: Workload>(args: &BenchArgs, workload: W, name: &str, variant: &Variant) -> Result<(), Failure> {
    let rows_per_deal = workload.rows_per_deal();
    let bench = Bench::new(workload, name, args.deals).map_err(|error| Failure::Input(error.to_string()))?;
    let started = Instant::now();
    args.search.check()?;
    // The weights or policy file is read and checked before anything is written.
    let loaded = args.search.solver.load()?;
    // The node limit every deal gets: the one given, or the solver's default for the game,
    // read from the range's first deal (Beleaguered Castle's deals get more than the other
    // games of its rules; `Solver::node_limit_for`).
    let solver = args.search.with_limits(loaded.build());
    let first = args.deals.into_iter().next().map(|deal| WideBoard::try_from(variant.deal(&deal.cards())));
    let max_nodes = match first {
        Some(Ok(start)) => solver.node_limit_for(&start),
        _ => solver.node_limit(variant.rules),
    };
    let mut bench = bench.jobs(args.jobs);
    if let Some(path) = &args.csv {
        bench = bench.csv(path).map_err(csv_failure)?;
    }
    let earlier = bench.earlier();
    let mut progress = progress::Progress::new(bench.remaining(), rows_per_deal, bench.summary().counts());
    let mut json = None;
    if args.json {
        let options = Options {
            solver: name,
            deals: args.deals.to_string(),
            jobs: args.jobs.get(),
            max_nodes,
            timeout: args.search.timeout.map(|t| t.as_secs_f64()),
            hints: args.hints.as_ref().map(Hints::count),
        };
        json = Some(JsonRows::start(BufWriter::new(io::stdout().lock()), &options).map_err(Failure::stdout)?);
    }
    let report = bench.run_with(
        || args.search.with_limits(loaded.build()),
        |deal, summary| {
            for fault in &deal.faults {
                progress.suspend(|| eprintln!("freecell: {fault}"));
            }
            if let Some(out) = &mut json {
                for row in &deal.rows {
                    out.row(row).map_err(Failure::stdout)?;
                }
            }
            progress.deal_done(|| summary.counts());
            Ok(())
        },
    );
    progress.finish();
    let report = report.map_err(|error| match error {
        RunError::Stopped(failure) => failure,
        RunError::Csv(error) => csv_failure(error),
        RunError::Spawn { index, of, error } => Failure::Internal(format!(
            "the system refused to start thread {} of {of} ({error}); the deals finished so far are kept{}; \
             try fewer --jobs",
            index + 1,
            if args.csv.is_some() { " in the CSV file" } else { "" }
        )),
        error => Failure::Internal(error.to_string()),
    })?;
    let wall = started.elapsed();
    let heading = heading(args, name, (earlier, report.ran), max_nodes, wall);
    let mut table = report.summary.render(name);
    if !report.optimal.is_empty() {
        table.push_str(&optimal_table(&report.optimal, args.search.cost()));
    }
    match json {
        Some(out) => {
            let ending = Ending { wall_seconds: wall.as_secs_f64(), summary: &report.summary };
            out.finish(&ending).map_err(Failure::stdout)?;
            eprintln!("{heading}\n{table}");
        }
        None => crate::write_stdout(&format!("{heading}\n{table}"))?,
    }
    match report.faults {
        0 => Ok(()),
        n => Err(Failure::Internal(format!(
            "{n} {} failed verification (rows with outcome `error`)",
            if n == 1 { "solution" } else { "solutions" }
        ))),
    }
}

/// The failure of a CSV file, in the command's words: which option to change.
fn csv_failure(error: CsvError) -> Failure {
    match error {
        CsvError::Open { path, source } | CsvError::Write { path, source } => Failure::output(path.display(), source),
        CsvError::Locked { path } => {
            let busy = "another `freecell bench` is writing it (the file is locked); wait for that run to end, \
                        or choose another --csv";
            Failure::output(path.display(), io::Error::new(io::ErrorKind::WouldBlock, busy))
        }
        CsvError::NotAFile { path } => Failure::Input(format!(
            "the CSV file `{}` is not a regular file (a run appends to it and resumes from it)",
            path.display()
        )),
        CsvError::Read { path, source } => {
            Failure::Input(format!("cannot read the CSV file `{}`: {source}", path.display()))
        }
        CsvError::Line { path, line, error } => {
            let message = match &error {
                LineError::OtherSolver { found, .. } => {
                    let theirs = quote(found);
                    format!("a result of solver {theirs}; continue it with --solver {theirs:#}, or use another file")
                }
                LineError::RowsPerDeal { .. } => format!("{error} (a different --hints?)"),
                _ => error.to_string(),
            };
            Failure::Input(format!("the CSV file `{}`, line {line}: {message}", path.display()))
        }
        error => Failure::Input(error.to_string()),
    }
}

/// The first line of the summary: what ran, with which limits, how long.
fn heading(args: &BenchArgs, name: &str, (earlier, now): (u64, u64), max_nodes: Option<u64>, wall: Duration) -> String {
    let mut text = format!("{name} on MS {} ({} deals", args.deals, grouped(args.deals.len()));
    if earlier > 0 {
        let _ = write!(text, ": {} from the CSV file, {} run now", grouped(earlier), grouped(now));
    }
    let jobs = if args.jobs.get() == 1 { "job" } else { "jobs" };
    let _ = write!(text, "); {} {jobs}, {:.1} s wall time; limits per ", args.jobs, wall.as_secs_f64());
    text.push_str(if args.hints.is_some() { "search: " } else { "deal: " });
    text.push_str(&limits(max_nodes, args.search.timeout));
    if let Some(hints) = &args.hints {
        let _ = write!(text, "; {} hint positions per deal", hints.count());
    }
    text.push('\n');
    text
}

fn limits(max_nodes: Option<u64>, timeout: Option<Duration>) -> String {
    match (max_nodes, timeout) {
        (None, None) => "none".to_owned(),
        (Some(n), None) => format!("{} nodes", grouped(n)),
        (None, Some(t)) => format!("{} s", t.as_secs_f64()),
        (Some(n), Some(t)) => format!("{} nodes, {} s", grouped(n), t.as_secs_f64()),
    }
}
