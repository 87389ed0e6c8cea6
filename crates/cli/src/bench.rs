//! `freecell bench`: run a solver over a range of Microsoft deals and summarise it.
//!
//! Deals run on `--jobs` threads, each keeping one `Solver` (and so its engines' caches)
//! for every deal it takes: a solver of its own, not a clone of one shared solver, whose
//! pool keeps at most one idle cache set per hardware thread while `--jobs` may ask for
//! more threads than that. Results are collected in deal order, so the CSV, the JSON and
//! the summary do not depend on `--jobs` — except times, and with `--timeout` the outcomes
//! of deals near the limit, which depend on the machine's load; `--max-nodes` gives
//! reproducible limits. `--hints K` measures hint latency instead (see [`hints`]).

mod csv;
mod hints;
mod pool;
mod progress;
mod row;
mod summary;

use std::fmt::Write as _;
use std::io::{self, BufWriter, Write};
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args;
use freecell_core::{Board, Move, replay};
use freecell_deals::{DealNumber, DealRange};
use freecell_solver::{CostModel, Outcome, Solver};

use crate::input::{Checked, parse_jobs};
use crate::{Failure, SearchArgs};
use csv::CsvFile;
pub(crate) use csv::{ReadError, read_rows};
use row::Measure;
pub(crate) use row::{DealRow, HintRow, Row};
use summary::{Counts, Latency, Table, grouped};

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
    #[arg(long, value_name = "K", value_parser = Checked(hints::parse_count), allow_negative_numbers = true)]
    hints: Option<u32>,
}

fn parse_range(text: &str) -> Result<DealRange, freecell_deals::ParseDealError> {
    text.parse()
}

/// What a worker produced for one deal: its rows, any verification failures and, for the
/// `optimal` solver, what its bound said.
#[derive(Debug)]
pub(super) struct Done<R> {
    rows: Vec<R>,
    errors: Vec<String>,
    optimal: Option<OptimalRow>,
}

impl<R> Default for Done<R> {
    fn default() -> Done<R> {
        Done { rows: Vec::new(), errors: Vec::new(), optimal: None }
    }
}

/// One deal of the `optimal` solver's table.
#[derive(Clone, Debug)]
pub(super) struct OptimalRow {
    deal: u64,
    outcome: String,
    initial: u32,
    reached: u32,
    /// Expanded and evaluated before the first position at the final bound (A* only).
    below: Option<freecell_solver::Below>,
    /// The solution's length in the searched model.
    length: Option<usize>,
    evaluated: u64,
    stored: u64,
    seconds: f64,
    bytes: usize,
}

/// The `optimal` solver's table: h(initial), final f-bound, length, states expanded and
/// evaluated below the final bound, states evaluated and stored, seconds and the search's
/// bytes per deal, then the totals.
fn optimal_table(rows: &[OptimalRow], cost: CostModel) -> String {
    let model = match cost {
        CostModel::SingleCard => "single-card",
        CostModel::Sequence => "sequence",
    };
    let mut text = format!(
        "\noptimal, {model} model: per deal\n\n| deal | outcome | h(initial) | final f-bound | length | expanded below f | evaluated below f | evaluated | stored | seconds | MB held | bytes/state |\n|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    );
    let (mut evaluated, mut stored, mut seconds, mut most) = (0u64, 0u64, 0.0, 0usize);
    let (mut expanded_below, mut evaluated_below) = (0u64, 0u64);
    for r in rows {
        let per_state = if r.stored > 0 { r.bytes as f64 / r.stored as f64 } else { 0.0 };
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.3} | {:.1} | {per_state:.1} |",
            r.deal,
            r.outcome,
            r.initial,
            r.reached,
            r.length.map_or_else(|| "–".to_owned(), |n| n.to_string()),
            r.below.map_or_else(|| "–".to_owned(), |b| b.expanded.to_string()),
            r.below.map_or_else(|| "–".to_owned(), |b| b.evaluated.to_string()),
            r.evaluated,
            r.stored,
            r.seconds,
            r.bytes as f64 / f64::from(1 << 20),
        );
        if let Some(b) = r.below {
            expanded_below += b.expanded;
            evaluated_below += b.evaluated;
        }
        evaluated += r.evaluated;
        stored += r.stored;
        seconds += r.seconds;
        most = most.max(r.bytes);
    }
    let _ = writeln!(
        text,
        "\ntotal: {} deals, {evaluated} states evaluated, {stored} stored, {seconds:.3} s of solving (wall clock), \
         at most {:.1} MB held by one search; peak resident memory of the process {}\n\
         below the final f-bounds: {expanded_below} expanded, {evaluated_below} evaluated \
         (an A* with this bound expands every position it reaches along a path whose f stays below the optimum)",
        rows.len(),
        most as f64 / f64::from(1 << 20),
        crate::peak_rss().map_or_else(|| "unknown".to_owned(), |kb| format!("{:.1} MB", kb as f64 / 1024.0)),
    );
    text
}

/// Why a solution is not a win on `board`, if it is not: the bench replays every solution
/// it reports with the core verifier, on top of the solver's own check.
pub(super) fn solution_error(board: &Board, moves: &[Move]) -> Option<String> {
    match replay(board, moves) {
        Err(error) => Some(format!("the solution does not replay: {error}")),
        Ok(end) if !end.is_won() => Some(format!("the solution leaves {} cards out", 52 - end.cards_home())),
        Ok(_) => None,
    }
}

/// Solves one deal.
fn deal_row(solver: &Solver, deal: DealNumber, name: &str, cost: CostModel) -> Done<DealRow> {
    let board = deal.board();
    let started = Instant::now();
    let result = solver.solve(&board);
    let elapsed = started.elapsed();
    let mut done = Done::default();
    let measure = match &result {
        Ok(report) => match &report.outcome {
            Outcome::Solved(s) => match solution_error(&board, &s.moves) {
                None => Measure::of(report, elapsed),
                Some(error) => {
                    done.errors.push(format!("deal {deal}: {error}"));
                    Measure::error(elapsed)
                }
            },
            _ => Measure::of(report, elapsed),
        },
        Err(error) => {
            done.errors.push(format!("deal {deal}: {error}"));
            Measure::error(elapsed)
        }
    };
    if let Ok(report) = &result
        && let Some(bounds) = report.stats.bounds
    {
        let length = report.outcome.solution().map(|s| match cost {
            CostModel::SingleCard => s.single_card_len(),
            CostModel::Sequence => s.len(),
        });
        let outcome = match &report.outcome {
            Outcome::Solved(_) => "solved".to_owned(),
            Outcome::Unsolvable => "unsolvable".to_owned(),
            Outcome::Undecided(reason) => format!("undecided ({reason})"),
        };
        done.optimal = Some(OptimalRow {
            deal: deal.get(),
            outcome,
            initial: bounds.initial,
            reached: bounds.reached,
            below: bounds.below,
            length,
            evaluated: report.stats.search.evaluated,
            stored: report.stats.search.peak_stored,
            seconds: elapsed.as_secs_f64(),
            bytes: report.stats.search.bytes,
        });
    }
    done.rows.push(DealRow { deal: deal.get(), solver: name.to_owned(), measure });
    done
}

/// What a run summarises its rows into.
trait Summary<R>: Default {
    fn add(&mut self, row: &R);
    fn counts(&self) -> Counts;
    fn render(&self, solver: &str) -> String;
    fn json(&self) -> String;
}

impl Summary<DealRow> for Table {
    fn add(&mut self, row: &DealRow) {
        Table::add(self, row);
    }
    fn counts(&self) -> Counts {
        self.counts.clone()
    }
    fn render(&self, solver: &str) -> String {
        Table::render(self, solver)
    }
    fn json(&self) -> String {
        Table::json(self)
    }
}

impl Summary<HintRow> for Latency {
    fn add(&mut self, row: &HintRow) {
        Latency::add(self, row);
    }
    fn counts(&self) -> Counts {
        Latency::counts(self)
    }
    fn render(&self, solver: &str) -> String {
        Latency::render(self, solver)
    }
    fn json(&self) -> String {
        Latency::json(self)
    }
}

/// Runs `freecell bench`.
pub(crate) fn bench(args: &BenchArgs) -> Result<(), Failure> {
    let name = row::token(&args.search.solver.to_string())
        .map_err(|error| Failure::Input(format!("the solver name cannot be written to CSV: {error}")))?;
    match args.hints {
        None => {
            drive::<DealRow, Table>(args, &name, 1, |solver, deal| deal_row(solver, deal, &name, args.search.cost()))
        }
        Some(k) => {
            drive::<HintRow, Latency>(args, &name, k as usize, |solver, deal| hints::hint_rows(solver, deal, k, &name))
        }
    }
}

/// Runs every deal of the range not already in the CSV, writes rows and prints the summary.
fn drive<R, S>(
    args: &BenchArgs,
    name: &str,
    per_deal: usize,
    work: impl Fn(&Solver, DealNumber) -> Done<R> + Sync,
) -> Result<(), Failure>
where
    R: Row + Send,
    S: Summary<R>,
{
    let started = Instant::now();
    args.search.check()?;
    // The weights or policy file is read and checked before anything is written.
    let loaded = args.search.solver.load()?;
    let mut summary = S::default();
    let (mut csv, done) = resume(args, name, per_deal, &mut summary)?;
    let todo_count = args.deals.len() - done.len() as u64;
    let todo = args.deals.iter().filter(|d| done.binary_search(&d.get()).is_err());
    // One solver per thread, no more threads than deals.
    let jobs = usize::try_from(todo_count).map_or(args.jobs.get(), |n| args.jobs.get().min(n)).max(1);
    let solvers = (0..jobs).map(|_| args.search.with_limits(loaded.build())).collect();
    let mut progress = progress::Progress::new(todo_count, per_deal, summary.counts());
    let mut json = args.json.then(|| BufWriter::new(io::stdout().lock()));
    if let Some(out) = &mut json {
        write!(out, "{{\"solver\":\"{name}\",\"deals\":\"{}\",{},\"rows\":[", args.deals, options_json(args))
            .map_err(Failure::stdout)?;
    }
    let mut first = true;
    let mut errors = Vec::new();
    let mut optimal = Vec::new();
    let result = pool::run_in_order(
        todo,
        solvers,
        |solver, &deal| work(solver, deal),
        |deal: Done<R>| {
            for error in &deal.errors {
                progress.suspend(|| eprintln!("freecell: {error}"));
            }
            errors.extend(deal.errors);
            optimal.extend(deal.optimal);
            if let Some(csv) = &mut csv {
                csv.append(&deal.rows)?;
            }
            for row in &deal.rows {
                summary.add(row);
                if let Some(out) = &mut json {
                    let mut text = String::from(if first { "\n" } else { ",\n" });
                    first = false;
                    row.write_json(&mut text);
                    out.write_all(text.as_bytes()).map_err(Failure::stdout)?;
                }
            }
            progress.deal_done(|| summary.counts());
            Ok(())
        },
    );
    progress.finish();
    result.map_err(|stopped| match stopped {
        pool::Stopped::Sink(failure) => failure,
        pool::Stopped::Spawn { index, of, error } => Failure::Internal(format!(
            "the system refused to start thread {} of {of} ({error}); the deals finished so far are kept{}; \
             try fewer --jobs",
            index + 1,
            if args.csv.is_some() { " in the CSV file" } else { "" }
        )),
    })?;
    if let Some(csv) = &mut csv {
        csv.flush()?;
    }
    let wall = started.elapsed();
    let heading = heading(args, name, done.len() as u64, todo_count, wall);
    let mut table = summary.render(name);
    if !optimal.is_empty() {
        table.push_str(&optimal_table(&optimal, args.search.cost()));
    }
    match &mut json {
        Some(out) => {
            writeln!(out, "\n],\"wall_seconds\":{:.3},\"summary\":{}}}", wall.as_secs_f64(), summary.json())
                .and_then(|()| out.flush())
                .map_err(Failure::stdout)?;
            eprintln!("{heading}\n{table}");
        }
        None => crate::write_stdout(&format!("{heading}\n{table}"))?,
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(Failure::Internal(format!(
            "{} {} failed verification (rows with outcome `error`)",
            errors.len(),
            if errors.len() == 1 { "solution" } else { "solutions" }
        )))
    }
}

/// Opens the CSV file, if any, adding the rows it holds for the range to `summary`; returns
/// it and the deals of the range it holds, sorted: 8 bytes a deal, where the range itself
/// is never collected (a range may hold billions of deals).
fn resume<R: Row, S: Summary<R>>(
    args: &BenchArgs,
    name: &str,
    per_deal: usize,
    summary: &mut S,
) -> Result<(Option<CsvFile>, Vec<u64>), Failure> {
    let Some(path) = &args.csv else { return Ok((None, Vec::new())) };
    let mut done: Vec<u64> = Vec::new();
    let csv = CsvFile::open::<R>(path, per_deal, name, |row| {
        if DealNumber::new(row.deal()).is_some_and(|d| args.deals.contains(d)) {
            summary.add(&row);
            if done.last() != Some(&row.deal()) {
                done.push(row.deal());
            }
        }
    })?;
    done.sort_unstable();
    done.dedup();
    Ok((Some(csv), done))
}

/// The first line of the summary: what ran, with which limits, how long.
fn heading(args: &BenchArgs, name: &str, earlier: u64, now: u64, wall: Duration) -> String {
    let mut text = format!("{name} on MS {} ({} deals", args.deals, grouped(args.deals.len()));
    if earlier > 0 {
        let _ = write!(text, ": {} from the CSV file, {} run now", grouped(earlier), grouped(now));
    }
    let jobs = if args.jobs.get() == 1 { "job" } else { "jobs" };
    let _ = write!(text, "); {} {jobs}, {:.1} s wall time; limits per ", args.jobs, wall.as_secs_f64());
    text.push_str(if args.hints.is_some() { "search: " } else { "deal: " });
    text.push_str(&limits(&args.search));
    if let Some(k) = args.hints {
        let _ = write!(text, "; {k} hint positions per deal");
    }
    text.push('\n');
    text
}

fn limits(search: &SearchArgs) -> String {
    match (search.max_nodes, search.timeout) {
        (None, None) => "none".to_owned(),
        (Some(n), None) => format!("{} nodes", grouped(n)),
        (None, Some(t)) => format!("{} s", t.as_secs_f64()),
        (Some(n), Some(t)) => format!("{} nodes, {} s", grouped(n), t.as_secs_f64()),
    }
}

fn options_json(args: &BenchArgs) -> String {
    let or_null = |v: Option<String>| v.unwrap_or_else(|| "null".to_owned());
    format!(
        "\"jobs\":{},\"max_nodes\":{},\"timeout\":{},\"hints\":{}",
        args.jobs,
        or_null(args.search.max_nodes.map(|n| n.to_string())),
        or_null(args.search.timeout.map(|t| t.as_secs_f64().to_string())),
        or_null(args.hints.map(|k| k.to_string()))
    )
}

#[cfg(test)]
mod tests {
    use super::row::Kind;
    use super::*;

    #[test]
    fn every_solution_is_replayed() {
        let board = DealNumber::new(1).expect("1 is a deal").board();
        assert!(solution_error(&board, &[]).is_some_and(|e| e.contains("52 cards out")));
    }

    #[test]
    fn a_kind_is_never_lost() {
        // Error rows count as unsolved in the summary.
        let mut table = Table::default();
        table.add(&DealRow { deal: 1, solver: "hsd".to_owned(), measure: Measure::error(Duration::ZERO) });
        assert_eq!(table.counts.errors, 1);
        assert_eq!(table.excluded(), None);
        assert!(table.penalized().is_some());
        assert_eq!(Kind::Error.token(), "error");
    }
}
