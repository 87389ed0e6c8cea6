//! Solve a board read from a file in fc-solve's format (optional `Foundations:` and
//! `Freecells:` lines, then one cascade per line, deepest card first).
//!
//! `cargo run --release -p freecell-examples --example solve_file -- examples/data/midgame.txt`
//! (reads standard input when no file is named).

use std::error::Error;
use std::io::{self, Read, Write};

use freecell_core::{Board, Notation};
use freecell_solver::{Outcome, Preset, Solver};

/// Parses `text` as a board and writes its solution (or why there is none).
pub(crate) fn run(text: &str, out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    // The parser's errors name the line, column and token that is wrong.
    let board: Board = text.parse()?;
    let report = Solver::new(Preset::Hsd).max_nodes(2_000_000).solve(&board)?;
    match report.outcome {
        Outcome::Solved(solution) => {
            writeln!(out, "# {} moves ({} positions expanded)", solution.len(), report.stats.search.expanded)?;
            write!(out, "{}", board.write_solution(&solution.moves, Notation::Standard)?)?;
        }
        Outcome::Unsolvable => writeln!(out, "# no solution")?,
        Outcome::Undecided(reason) => writeln!(out, "# no answer: {reason}")?,
    }
    Ok(())
}

#[allow(dead_code)] // the integration test calls `run` only
fn main() -> Result<(), Box<dyn Error>> {
    let text = if let Some(path) = std::env::args().nth(1) {
        std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?
    } else {
        let mut text = String::new();
        io::stdin().read_to_string(&mut text)?;
        text
    };
    run(&text, &mut io::stdout().lock())
}
