//! Solve a Microsoft deal and print the solution in standard notation.
//!
//! `cargo run --release -p freecell-examples --example solve_deal -- 617`
//! (the deal number defaults to 1).

use std::error::Error;
use std::io::{self, Write};

use freecell_core::Notation;
use freecell_deals::DealNumber;
use freecell_solver::{Outcome, Preset, Solver};

/// Solves deal `args[0]` (default 1) with `fast`, the default preset, and writes the
/// solution (or the proof that the deal is lost, as for deal 11982).
pub(crate) fn run(args: &[String], out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    let number: DealNumber = args.first().map_or("1", String::as_str).parse()?;
    let board = number.board();
    let report = Solver::new(Preset::Fast).max_nodes(2_000_000).solve(&board)?;
    match report.outcome {
        Outcome::Solved(solution) => {
            writeln!(out, "# deal {number}: {} moves, every one listed (no automoves needed)", solution.len())?;
            write!(out, "{}", board.write_solution(&solution.moves, Notation::Standard)?)?;
        }
        Outcome::Unsolvable => writeln!(out, "# deal {number} has no solution")?,
        Outcome::Undecided(reason) => writeln!(out, "# deal {number}: no answer: {reason}")?,
    }
    Ok(())
}

#[allow(dead_code)] // the integration test calls `run` only
fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(&args, &mut io::stdout().lock())
}
