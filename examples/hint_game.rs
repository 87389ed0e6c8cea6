//! A tiny text-mode FreeCell game with hints, playable from any position: a new deal, a
//! board file in fc-solve's format (a game saved half-way), or wherever play has got to.
//! It is built on `freecell-engine`'s `GameState`, the one dependency a game needs.
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
//! `play` (play the hint), `undo`, `redo`, `board`, `quit`. Input can be scripted:
//! `printf 'hint\nplay\nquit\n' | cargo run ... --example hint_game`.

use std::error::Error;
use std::io::{self, BufRead, Write};
use std::time::Duration;

use freecell_engine::prelude::*;

/// How long a hint may take before the game gives up on it (the solve is cancelled and
/// the player told so).
const HINT_BUDGET: Duration = Duration::from_secs(20);

/// The game: the engine's state (position, history for undo and redo) and the last hint.
struct Game {
    state: GameState,
    hint: Option<Move>,
    solver: Solver,
}

impl Game {
    /// Solves from the current position on a background thread, the way a game's frame loop
    /// would, within [`HINT_BUDGET`].
    fn hint(&mut self, out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        let hint = self.state.spawn_hint(&self.solver)?.wait(HINT_BUDGET)?;
        self.hint = hint.next;
        match (hint.next, Verdict::from(hint.report.outcome)) {
            (Some(mv), Verdict::Winnable(solution)) => {
                let written = self.state.board().write_move(mv);
                writeln!(out, "hint: {written} ({} moves to win from here)", solution.len())?;
            }
            (_, Verdict::Winnable(_)) => writeln!(out, "hint: the game is already won")?,
            (_, Verdict::Lost) => writeln!(out, "hint: this position cannot be won; try undo")?,
            (_, Verdict::Undecided(reason)) => writeln!(out, "hint: no hint found ({reason})")?,
        }
        Ok(())
    }

    /// Plays `mv` (already checked legal, or refused with the rule it breaks).
    fn play(&mut self, mv: Move, out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        let written = self.state.board().write_move(mv);
        match self.state.play(mv) {
            Ok(_) => self.played(&written, out),
            // Move errors are sentences naming the rule broken, fit to show a player.
            Err(error) => Ok(writeln!(out, "{written}: {error}")?),
        }
    }

    fn played(&mut self, written: &str, out: &mut dyn Write) -> Result<(), Box<dyn Error>> {
        self.hint = None;
        writeln!(out, "played {written}")?;
        if self.state.is_won() {
            writeln!(out, "won in {} moves!", self.state.moves().count())?;
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
    let mut game = Game { state: GameState::new(board), hint: None, solver };
    writeln!(out, "{}", game.state.board())?;
    let mut line = String::new();
    while {
        line.clear();
        input.read_line(&mut line)? > 0
    } {
        match line.trim() {
            "" => {}
            "quit" => break,
            "board" => writeln!(out, "{}", game.state.board())?,
            "hint" => game.hint(out)?,
            "play" => match game.hint {
                Some(mv) => game.play(mv, out)?,
                None => writeln!(out, "no hint yet: type hint first")?,
            },
            // A turn is undone and redone whole: the move with the automoves it caused.
            "undo" => match game.state.undo().map(Turn::played) {
                // The position on the table is again the one the move was played from.
                Some(played) => {
                    game.hint = None;
                    writeln!(out, "took back {}", written(game.state.board(), played))?;
                }
                None => writeln!(out, "nothing to undo")?,
            },
            "redo" => {
                let next = game.state.undone().last().map(|turn| written(game.state.board(), turn.played()));
                match (next, game.state.redo()) {
                    (Some(written), Some(_)) => {
                        game.hint = None;
                        writeln!(out, "replayed {written}")?;
                    }
                    _ => writeln!(out, "nothing to redo")?,
                }
            }
            token => match game.state.play_notation(token) {
                Ok(_) => game.played(token, out)?,
                Err(error) => writeln!(out, "{error}")?,
            },
        }
    }
    Ok(())
}

/// A turn's move as the player wrote it, on the board it was played from (a turn of
/// [`GameState::autoplay`] has no move of its own).
fn written(board: &Board, played: Option<Move>) -> String {
    played.map_or_else(|| "auto-play".to_owned(), |mv| board.write_move(mv))
}

#[allow(dead_code)] // the integration test calls `run` only
fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    run(&args, &mut io::stdin().lock(), &mut io::stdout().lock())
}
