//! Solve a board read from a file in fc-solve's format (optional `Foundations:` and
//! `Freecells:` lines, then one cascade per line, deepest card first).
//!
//! `cargo run --release -p freecell-examples --example solve_file -- examples/data/midgame.txt`
//! (`-` reads standard input; with no argument it solves the bundled `data/midgame.txt`).

use std::error::Error;
use std::io::{self, Read, Write};

use freecell_core::{Board, Notation};
use freecell_solver::{Outcome, Preset, Solver};

/// The board solved when no file is named: MS deal 12 part-way through.
const MIDGAME: &str = include_str!("data/midgame.txt");

/// Solves the board in the file `args[0]` (`-`: standard input; default: the bundled
/// `data/midgame.txt`) and writes its solution.
pub(crate) fn run(args: &[String], out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    let text = match args.first().map(String::as_str) {
        None => MIDGAME.to_owned(),
        Some("-") => {
            let mut text = String::new();
            io::stdin().read_to_string(&mut text)?;
            text
        }
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?,
    };
    solve(&text, out)
}

/// Parses `text` as a board and writes its solution with `fast` (or why there is none).
pub(crate) fn solve(text: &str, out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    // The parser's errors name the line, column and token that is wrong.
    let board: Board = text.parse()?;
    let report = Solver::new(Preset::Fast).max_nodes(2_000_000).solve(&board)?;
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(&args, &mut io::stdout().lock())
}
