//! Why a command failed, and the exit code of each kind of failure.

use std::fmt;
use std::io;
use std::process::ExitCode;

/// Why the command failed; each kind has its exit code (the table of `freecell --help` and
/// the README).
#[derive(Debug)]
pub(crate) enum Failure {
    /// Bad input: unreadable or malformed files, illegal or incomplete solutions, argument
    /// values that cannot work together (exit 2).
    Input(String),
    /// An output (standard output, a CSV file, a run directory) could not be created or
    /// written (exit 1). `target` names it for the message.
    Output { target: String, error: io::Error },
    /// The program could not run as asked for a reason of the machine's, not the input's:
    /// a thread the system refused, or the solver failing its own verification (exit 1).
    Internal(String),
    /// The position was proved unsolvable (exit 3).
    Unsolvable,
    /// No deal gives the position (`find-deal`, exit 3).
    NoDeal,
    /// The search ended without an answer (exit 4).
    Undecided(String),
}

impl Failure {
    /// A failure to write standard output.
    pub(crate) fn stdout(error: io::Error) -> Failure {
        Failure::Output { target: "standard output".to_owned(), error }
    }

    /// A failure to create or write the file or directory `target` (shown as given).
    pub(crate) fn output(target: impl fmt::Display, error: io::Error) -> Failure {
        Failure::Output { target: format!("`{target}`"), error }
    }

    pub(crate) fn exit_code(&self) -> ExitCode {
        match self {
            Failure::Input(_) => ExitCode::from(2),
            Failure::Output { .. } | Failure::Internal(_) => ExitCode::from(1),
            Failure::Unsolvable | Failure::NoDeal => ExitCode::from(3),
            Failure::Undecided(_) => ExitCode::from(4),
        }
    }

    /// Whether this is standard output closed by its reader (`freecell deal 1 | head -1`):
    /// the reader's choice, not a failure.
    pub(crate) fn is_closed_pipe(&self) -> bool {
        matches!(self, Failure::Output { error, .. } if error.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Input(message) | Failure::Internal(message) => f.write_str(message),
            Failure::Output { target, error } => write!(f, "cannot write {target}: {error}"),
            Failure::Unsolvable => f.write_str("unsolvable: no sequence of moves wins this position"),
            Failure::NoDeal => {
                f.write_str("none: no Microsoft deal (1 to 8589934591) gives this position, as dealt or played from")
            }
            Failure::Undecided(reason) => write!(f, "undecided: {reason}"),
        }
    }
}
