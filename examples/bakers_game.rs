//! A variant: Baker's Game, FreeCell's ancestor, where cascades build down **in suit**
//! rather than in alternating colours. The same Microsoft deal is laid out under Baker's
//! Game rules and solved; the solution is checked by replaying it under those rules.
//!
//! `cargo run --release -p freecell-examples --example bakers_game -- 3`
//! (the deal number defaults to 3).

use std::error::Error;
use std::io::{self, Write};

use freecell_core::{BuildRule, Game, Notation, verify};
use freecell_deals::DealNumber;
use freecell_solver::{Outcome, Preset, Solver};

/// Solves deal `args[0]` (default 3) as Baker's Game with `fast` and writes the solution.
pub(crate) fn run(args: &[String], out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    let number: DealNumber = args.first().map_or("3", String::as_str).parse()?;
    let board = number.board_for(Game::BakersGame)?;
    debug_assert_eq!(board.rules().build, BuildRule::SameSuit);
    // Building in suit leaves fewer moves than FreeCell's alternating colours, so more
    // deals are lost: the answer may honestly be "unsolvable" or "undecided".
    let report = Solver::new(Preset::Fast).max_nodes(1_000_000).solve(&board)?;
    writeln!(out, "Baker's Game, deal {number}:\n{board}")?;
    match report.outcome {
        Outcome::Solved(solution) => {
            let written = board.write_solution(&solution.moves, Notation::Standard)?;
            // An independent check: the verifier replays the text under the board's rules.
            let replayed = verify(&board, &written)?;
            writeln!(out, "solved in {} moves; replay wins: {}", solution.len(), replayed.board.is_won())?;
            write!(out, "{written}")?;
        }
        Outcome::Unsolvable => writeln!(out, "no solution exists")?,
        Outcome::Undecided(reason) => writeln!(out, "no answer: {reason}")?,
    }
    Ok(())
}

#[allow(dead_code)] // the integration test calls `run` only
fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(&args, &mut io::stdout().lock())
}
