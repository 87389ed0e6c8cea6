//! `freecell`: print Microsoft FreeCell deals and verify solutions.
//!
//! The command is thin on purpose: it parses arguments, reads and writes text, and maps
//! outcomes to exit codes. Dealing lives in `freecell-deals`, rules and the verifier in
//! `freecell-core`.

// Printing results and errors is this binary's job; the workspace warns on it elsewhere.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::fmt;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand, error::ErrorKind};
use freecell_core::{Board, Game, verify};
use freecell_deals::DealNumber;

/// Exit codes, shown by `--help` and listed in the README.
const EXIT_CODES: &str = "\
Exit codes:
  0  success (for verify: the solution is valid and wins)
  1  the output could not be written
  2  bad usage or bad input: unknown option, deal number out of range, unreadable
     or malformed file, illegal move, or a solution that does not finish the game
  3  proved unsolvable (reserved for the planned `solve` command)
  4  undecided: a search limit was reached (reserved for the planned `solve` command)";

/// Print Microsoft FreeCell deals and verify solutions.
#[derive(Debug, Parser)]
#[command(name = "freecell", version, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print a Microsoft deal (1 to 8589934591).
    ///
    /// For FreeCell and Baker's Game: the eight cascades, one line each, deepest card
    /// first, cards joined by one space, `T` for ten — the output of fc-solve's
    /// `pi-make-microsoft-freecell-board -t`. Games that start with cards in free cells
    /// are printed in the full fc-solve board format.
    #[command(after_help = EXIT_CODES)]
    Deal(DealArgs),
    /// Replay a solution with no automatic moves and check that it wins.
    ///
    /// The solution is in standard notation (`3a`, `a3`, `3h`, `38`, fc-solve's `13v2`) or
    /// detailed notation (one single-card move per token); tokens are separated by white
    /// space or commas and `#` starts a comment. Every move, foundation moves included,
    /// must be written. Prints `valid: N moves` when the last move wins the game.
    #[command(
        after_help = EXIT_CODES,
        override_usage = "freecell verify [--game NAME] BOARD_FILE SOLUTION_FILE\n       \
                          freecell verify --deal N [--game NAME] SOLUTION_FILE"
    )]
    Verify(VerifyArgs),
}

#[derive(Debug, Args)]
struct DealArgs {
    /// The deal number, 1 to 8589934591.
    #[arg(value_name = "N", value_parser = parse_deal)]
    deal: DealNumber,
    /// The game: freecell, bakers-game, eight-off or seahaven-towers. Other games deal the
    /// same shuffled cards their own way (this project's numbering, not PySolFC's).
    #[arg(long, value_name = "NAME", default_value = "freecell", value_parser = parse_game)]
    game: Game,
}

#[derive(Debug, Args)]
struct VerifyArgs {
    /// Start from this Microsoft deal instead of a board file.
    #[arg(long, value_name = "N", value_parser = parse_deal)]
    deal: Option<DealNumber>,
    /// The game whose rules apply (and, with --deal, how the deal is laid out).
    #[arg(long, value_name = "NAME", default_value = "freecell", value_parser = parse_game)]
    game: Game,
    /// The board file (fc-solve format; omitted with --deal), then the solution file. `-`
    /// reads standard input.
    #[arg(value_name = "FILE", num_args = 1..=2, required = true, value_names = ["BOARD_FILE", "SOLUTION_FILE"])]
    files: Vec<PathBuf>,
}

fn parse_deal(text: &str) -> Result<DealNumber, freecell_deals::ParseDealError> {
    text.parse()
}

fn parse_game(text: &str) -> Result<Game, freecell_core::ParseGameError> {
    text.parse()
}

/// Why the command failed; each kind has its exit code.
#[derive(Debug)]
enum Failure {
    /// Bad input: unreadable or malformed files, illegal or incomplete solutions (exit 2).
    Input(String),
    /// Standard output could not be written (exit 1).
    Output(io::Error),
}

impl Failure {
    fn exit_code(&self) -> ExitCode {
        match self {
            Failure::Input(_) => ExitCode::from(2),
            Failure::Output(_) => ExitCode::from(1),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Input(message) => f.write_str(message),
            Failure::Output(error) => write!(f, "cannot write the output: {error}"),
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Deal(args) => deal(&args),
        Command::Verify(args) => run_verify(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`freecell deal 1 | head -1`) is the reader's choice, not a failure.
        Err(Failure::Output(error)) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("freecell: {failure}");
            failure.exit_code()
        }
    }
}

fn deal(args: &DealArgs) -> Result<(), Failure> {
    let board = args.deal.board_for(args.game);
    let text = if args.game.cards_in_cells() == 0 { board.cascades_text() } else { board.to_string() };
    write_stdout(&text)
}

fn run_verify(args: &VerifyArgs) -> Result<(), Failure> {
    let (board, solution_path) = match (args.deal, args.files.as_slice()) {
        (Some(deal), [solution]) => (deal.board_for(args.game), solution),
        (None, [board_path, solution]) => {
            if is_stdin(board_path) && is_stdin(solution) {
                usage_error("only one of BOARD_FILE and SOLUTION_FILE can be `-` (standard input)");
            }
            let text = read_input(board_path, "board")?;
            let board = Board::parse_with_rules(&text, args.game.rules())
                .map_err(|error| Failure::Input(format!("bad board in {}: {error}", shown(board_path))))?;
            (board, solution)
        }
        (Some(_), _) => usage_error("with --deal, give only SOLUTION_FILE"),
        (None, _) => usage_error("give BOARD_FILE and SOLUTION_FILE, or --deal N and SOLUTION_FILE"),
    };
    let solution = read_input(solution_path, "solution")?;
    let verified = verify(&board, &solution)
        .map_err(|error| Failure::Input(format!("invalid solution in {}: {error}", shown(solution_path))))?;
    let moves = verified.moves.len();
    if !verified.board.is_won() {
        let left = 52 - verified.board.cards_home();
        return Err(Failure::Input(format!(
            "incomplete: {moves} {} replayed, {left} {} not home",
            plural(moves, "move", "moves"),
            plural(left, "card", "cards")
        )));
    }
    write_stdout(&format!("valid: {moves} {}\n", plural(moves, "move", "moves")))
}

/// Reports a usage error of `freecell verify` the way clap does (message, usage line,
/// exit code 2) and exits.
fn usage_error(message: &str) -> ! {
    let mut command = Cli::command();
    command.build();
    match command.find_subcommand_mut("verify") {
        Some(verify) => verify.error(ErrorKind::WrongNumberOfValues, message).exit(),
        None => command.error(ErrorKind::WrongNumberOfValues, message).exit(),
    }
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The path as shown in messages.
fn shown(path: &Path) -> String {
    if is_stdin(path) { "standard input".to_owned() } else { format!("`{}`", path.display()) }
}

fn read_input(path: &Path, what: &str) -> Result<String, Failure> {
    let mut text = String::new();
    let result = if is_stdin(path) {
        io::stdin().lock().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(path).map(|read| text = read)
    };
    result.map_err(|error| Failure::Input(format!("cannot read the {what} file {}: {error}", shown(path))))?;
    Ok(text)
}

fn write_stdout(text: &str) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(Failure::Output)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
