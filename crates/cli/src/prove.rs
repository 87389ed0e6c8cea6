//! `freecell prove`: decides a position by exhausting its reachable space one component
//! (foundation vector) at a time, with seeds on disk ([`freecell_solver::prove`]).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use freecell_core::{BoardN, Notation};
use freecell_solver::GameBoard;
use freecell_solver::prove::{Component, ProofReport, Prover, Verdict};

use crate::failure::Failure;
use crate::{BoardArgs, load_position};

/// Exit codes of `freecell prove`.
pub(crate) const PROVE_EXIT_CODES: &str = "Exit codes: 0 solvable (the solution printed), 1 output not written, \
temporary file failed or internal error, 2 bad usage or input, 3 proved unsolvable, 4 undecided (see `freecell --help`)";

/// Options of `freecell prove`.
#[derive(Debug, Args)]
pub(crate) struct ProveArgs {
    #[command(flatten)]
    input: BoardArgs,
    /// Directory for the temporary files (a new directory inside it, removed at the end).
    #[arg(long, value_name = "DIR")]
    tmp_dir: Option<PathBuf>,
    /// Memory for one component's positions and the seeds kept in memory, in MiB; a
    /// component that outgrows it is searched again breadth-first with its layers on disk.
    #[arg(long, value_name = "MIB", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..))]
    max_mb: u64,
    /// Disk space for the seeds and the layers written to disk, in MiB (no limit by default).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    max_disk_mb: Option<u64>,
    /// Time for the whole proof, in seconds (no limit by default).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..))]
    max_seconds: Option<u64>,
    /// Print each component of at least this many positions to standard error as it ends
    /// (and, for one searched on disk, after each of its layers).
    #[arg(long, value_name = "POSITIONS")]
    progress: Option<u64>,
}

/// Runs `freecell prove`.
pub(crate) fn prove(args: &ProveArgs) -> Result<(), Failure> {
    let (_, position) = load_position(&args.input)?;
    let mut prover = Prover::new().max_bytes(usize::try_from(args.max_mb << 20).unwrap_or(usize::MAX));
    if let Some(dir) = &args.tmp_dir {
        prover = prover.tmp_dir(dir);
    }
    if let Some(mib) = args.max_disk_mb {
        prover = prover.max_disk_bytes(mib << 20);
    }
    if let Some(seconds) = args.max_seconds {
        prover = prover.max_time(Duration::from_secs(seconds));
    }
    match &position {
        GameBoard::Narrow(board) => run(&prover, board, args.progress),
        GameBoard::Wide(board) => run(&prover, board, args.progress),
    }
}

fn run<const C: usize, const F: usize>(
    prover: &Prover,
    board: &BoardN<C, F>,
    progress: Option<u64>,
) -> Result<(), Failure> {
    let report = prover
        .prove_with(board, |component| {
            if progress.is_some_and(|min| component.positions >= min) {
                eprintln!("{}", component_line(component));
            }
        })
        .map_err(|error| Failure::Internal(error.to_string()))?;
    eprint!("{}", summary(&report));
    match report.verdict {
        Verdict::Solvable(moves) => {
            let fails = |error| Failure::Internal(format!("internal error: the solution found fails: {error}"));
            let text = board.write_solution(&moves, Notation::Standard).map_err(fails)?;
            freecell_core::verify(board, &text).map_err(fails)?;
            print!("{text}");
            Ok(())
        }
        Verdict::Unsolvable => Err(Failure::Unsolvable),
        Verdict::Undecided(limit) => Err(Failure::Undecided(limit.to_string())),
    }
}

/// One component (or one layer of a component searched on disk), one line.
fn component_line(c: &Component) -> String {
    let [clubs, diamonds, hearts, spades] = c.foundations;
    let on_disk = if c.layers > 0 {
        format!(
            " on disk{}: {} layers, {:.0} MiB of disk",
            if c.finished { "" } else { " so far" },
            c.layers,
            c.disk_bytes as f64 / f64::from(1 << 20)
        )
    } else {
        String::new()
    };
    format!(
        "component C{clubs} D{diamonds} H{hearts} S{spades} {} out of order{on_disk}: {} seeds, {} positions, {:.0} MiB; {} positions in all, {:.1} s",
        c.out_of_order,
        c.seeds,
        c.positions,
        c.bytes as f64 / f64::from(1 << 20),
        c.total_positions,
        c.elapsed.as_secs_f64()
    )
}

/// The verdict's figures and the positions per number of cards home.
fn summary(report: &ProofReport) -> String {
    let seconds = report.elapsed.as_secs_f64();
    let mut text = format!(
        "{} positions, {} moves tried, in {seconds:.1} s ({:.0} positions/s); largest component {} positions; \
         peak memory {:.1} MiB, peak disk {:.1} MiB ({} runs of seeds); {} positions expanded in memory before \
         their components went to disk\n",
        report.positions,
        report.generated,
        if seconds > 0.0 { report.positions as f64 / seconds } else { 0.0 },
        report.largest_component,
        report.peak_bytes as f64 / f64::from(1 << 20),
        report.peak_disk_bytes as f64 / f64::from(1 << 20),
        report.runs,
        report.discarded,
    );
    text.push_str("home  components  positions  largest\n");
    for (home, layer) in report.layers.iter().enumerate().filter(|(_, layer)| layer.components > 0) {
        // Writing to a `String` cannot fail.
        let _ = writeln!(text, "{home:>4}  {:>10}  {:>9}  {:>7}", layer.components, layer.positions, layer.largest);
    }
    text
}
