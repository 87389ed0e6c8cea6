//! Solve a deal, then replay the solution step by step, printing the board after each move
//! (what a game does to animate a solution).
//!
//! `cargo run --release -p freecell-examples --example replay -- 12`
//! (the deal number defaults to 12).

use std::error::Error;
use std::io::{self, Write};

use freecell_deals::DealNumber;
use freecell_solver::{Outcome, Preset, Solver};

/// Solves deal `args[0]` (default 12) with `fast` and writes every position of the solution.
pub(crate) fn run(args: &[String], out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    let number: DealNumber = args.first().map_or("12", String::as_str).parse()?;
    let board = number.board();
    let report = Solver::new(Preset::Fast).max_nodes(1_000_000).solve(&board)?;
    let Outcome::Solved(solution) = report.outcome else {
        writeln!(out, "deal {number}: no solution found ({:?})", report.outcome)?;
        return Ok(());
    };
    writeln!(out, "deal {number}\n{board}")?;
    for step in solution.steps(&board)? {
        writeln!(out, "move {} of {}: {}\n{}", step.number, solution.len(), step.notation, step.board)?;
    }
    Ok(())
}

#[allow(dead_code)] // the integration test calls `run` only
fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(&args, &mut io::stdout().lock())
}
