//! A tiny text-mode FreeCell game with hints, playable from any position: a new deal, a
//! board file in fc-solve's format (a game saved half-way), or wherever play has got to.
//!
//! With no argument it starts deal 1.
//!
//! ```text
//! cargo run --release -p freecell-examples --example hint_game -- 617
//! cargo run --release -p freecell-examples --example hint_game -- examples/data/midgame.txt
//! ```
//!
//! Commands, one per line: a move in standard notation (`3a`, `a3`, `3h`, `38`), `hint`
//! (ask the solver for the next move, solving on a background thread with a time budget),
//! `play` (play the hint), `undo`, `board`, `quit`. Input can be scripted:
//! `printf 'hint\nplay\nquit\n' | cargo run ... --example hint_game`.

use std::error::Error;
use std::io::{self, BufRead, Write};
use std::time::Duration;

use freecell_core::{Board, Move};
use freecell_deals::DealNumber;
use freecell_solver::{Outcome, Preset, Solver};

/// How long a hint may take before the game gives up on it (the solve is cancelled and
/// the player told so).
const HINT_BUDGET: Duration = Duration::from_secs(20);

/// The game's state: the position and the moves that led to it, for `undo`, and the one
/// solver every hint uses.
struct Game {
    board: Board,
    played: Vec<Move>,
    hint: Option<Move>,
    /// Kept for the whole game: each hint's background solve takes the engines' memory the
    /// earlier hints grew from the solver's pool and gives it back, so hints after the
    /// first allocate little. A `Solver` is `Send + Sync`, so a game whose state is shared
    /// between threads needs no lock around it.
    solver: Solver,
}

impl Game {
    /// Solves from the current position on a background thread, polling its progress the
    /// way a game's frame loop would, within [`HINT_BUDGET`].
    fn hint(&mut self, out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        let mut handle = self.solver.spawn(self.board.clone())?;
        let report = handle.wait(HINT_BUDGET)?;
        self.hint = None;
        match report.outcome {
            Outcome::Solved(solution) => match solution.moves.first() {
                Some(&mv) => {
                    self.hint = Some(mv);
                    let remaining = solution.len();
                    writeln!(out, "hint: {} ({remaining} moves to win from here)", self.board.write_move(mv))?;
                }
                None => writeln!(out, "hint: the game is already won")?,
            },
            Outcome::Unsolvable => writeln!(out, "hint: this position cannot be won; try undo")?,
            Outcome::Undecided(reason) => writeln!(out, "hint: no hint found ({reason})")?,
        }
        Ok(())
    }

    fn play(&mut self, mv: Move, out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        let written = self.board.write_move(mv);
        match self.board.apply(mv) {
            Ok(()) => {
                self.played.push(mv);
                self.hint = None;
                writeln!(out, "played {written}")?;
                if self.board.is_won() {
                    writeln!(out, "won in {} moves!", self.played.len())?;
                }
            }
            // Move errors are sentences naming the rule broken, fit to show a player.
            Err(error) => writeln!(out, "{written}: {error}")?,
        }
        Ok(())
    }
}

/// Runs the game on `args[0]` (a deal number or a board file; default deal 1), reading
/// commands from `input` until `quit` or end of input.
pub(crate) fn run(args: &[String], input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
    let start = args.first().map_or("1", String::as_str);
    let board = match start.parse::<DealNumber>() {
        Ok(number) => number.board(),
        Err(_) => std::fs::read_to_string(start).map_err(|e| format!("{start}: {e}"))?.parse()?,
    };
    let solver = Solver::new(Preset::Fast).max_nodes(1_000_000);
    let mut game = Game { board, played: Vec::new(), hint: None, solver };
    writeln!(out, "{}", game.board)?;
    let mut line = String::new();
    while {
        line.clear();
        input.read_line(&mut line)? > 0
    } {
        match line.trim() {
            "" => {}
            "quit" => break,
            "board" => writeln!(out, "{}", game.board)?,
            "hint" => game.hint(out)?,
            "play" => match game.hint {
                Some(mv) => game.play(mv, out)?,
                None => writeln!(out, "no hint yet: type hint first")?,
            },
            "undo" => match game.played.pop() {
                Some(mv) => {
                    game.board.undo(mv);
                    game.hint = None;
                    writeln!(out, "took back {}", game.board.write_move(mv))?;
                }
                None => writeln!(out, "nothing to undo")?,
            },
            token => match game.board.parse_move(token) {
                Ok(mv) => game.play(mv, out)?,
                Err(error) => writeln!(out, "{error}")?,
            },
        }
    }
    Ok(())
}

#[allow(dead_code)] // the integration test calls `run` only
fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(&args, &mut io::stdin().lock(), &mut io::stdout().lock())
}
