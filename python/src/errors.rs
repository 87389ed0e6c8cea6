//! The exceptions: `FreecellError` and one subclass per kind of failure, each carrying the
//! library's message. Every error of the Rust crates becomes one of these here, so the
//! mapping has one home.

use freecell_engine::freecell_deals::FindDealError;
use freecell_engine::freecell_solver::difficulty::ParseTierError;
use freecell_engine::{
    DealError as DealNumberError, LayoutError, MoveError, NotationError, ParseBoardError, ParseGameError,
    ParsePresetError, PlayError, SolveError, VerifyError, VerifyErrorKind,
};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    freecell_rs,
    FreecellError,
    PyException,
    "The base of every error this package raises (a `KeyboardInterrupt` that stops a solve is Python's own)."
);
create_exception!(
    freecell_rs,
    ParseError,
    FreecellError,
    "Text that is not what it should be: a board, a move in standard notation, a game, preset or tier name. \
     The message says where (line and column) and quotes the offending token."
);
create_exception!(
    freecell_rs,
    RuleError,
    FreecellError,
    "A move, a solution or a position that breaks the game's rules; the message names the rule \
     (`free cell a already holds 3D`) and, for a solution, the move's number."
);
create_exception!(
    freecell_rs,
    DealError,
    FreecellError,
    "A deal number outside 1 to 8,589,934,591, or a position whose deal cannot be found."
);
create_exception!(
    freecell_rs,
    SolverError,
    FreecellError,
    "The solver cannot run: a preset that does not apply to the game (`optimal` under Simple Simon), \
     a game wider than a rating takes, a thread the system refused, or an internal error."
);

/// Adds the exception classes to the module.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("FreecellError", py.get_type::<FreecellError>())?;
    module.add("ParseError", py.get_type::<ParseError>())?;
    module.add("RuleError", py.get_type::<RuleError>())?;
    module.add("DealError", py.get_type::<DealError>())?;
    module.add("SolverError", py.get_type::<SolverError>())?;
    Ok(())
}

/// A Rust error as the Python exception of its kind.
pub(crate) trait ToPyErr {
    /// The exception, with the error's message.
    fn to_py(&self) -> PyErr;
}

macro_rules! maps_to {
    ($exception:ident: $($error:ty),+) => {
        $(impl ToPyErr for $error {
            fn to_py(&self) -> PyErr {
                $exception::new_err(self.to_string())
            }
        })+
    };
}

maps_to!(ParseError: ParseBoardError, ParseGameError, ParsePresetError, ParseTierError);
maps_to!(RuleError: MoveError, LayoutError);
maps_to!(DealError: DealNumberError, FindDealError);
maps_to!(SolverError: SolveError);

impl ToPyErr for NotationError {
    /// A token that is no move is a parse error; a move that breaks a rule, a rule error.
    fn to_py(&self) -> PyErr {
        match self {
            NotationError::Illegal { .. } => RuleError::new_err(self.to_string()),
            _ => ParseError::new_err(self.to_string()),
        }
    }
}

impl ToPyErr for PlayError {
    fn to_py(&self) -> PyErr {
        match self {
            PlayError::Notation(error) => error.to_py(),
            _ => RuleError::new_err(self.to_string()),
        }
    }
}

impl ToPyErr for VerifyError {
    fn to_py(&self) -> PyErr {
        match self.kind {
            VerifyErrorKind::Syntax(NotationError::Syntax { .. }) => ParseError::new_err(self.to_string()),
            _ => RuleError::new_err(self.to_string()),
        }
    }
}

/// `?` for the crates' errors: `result.py()?`.
pub(crate) trait OrPyErr<T> {
    /// The value, or the error as its Python exception.
    fn py(self) -> PyResult<T>;
}

impl<T, E: ToPyErr> OrPyErr<T> for Result<T, E> {
    fn py(self) -> PyResult<T> {
        self.map_err(|error| error.to_py())
    }
}
