//! The native half of the Python package `freecell-rs` (`import freecell_rs`): the
//! workspace's rules, deals, solver, game state and ratings as Python classes and
//! functions. `freecell_rs/__init__.py` re-exports them; `freecell_rs/_native.pyi` types
//! them; python/README.md is the guide.

mod board;
mod difficulty;
mod errors;
mod games;
mod solve;
mod state;

use freecell_engine::GameBoard;
use pyo3::prelude::*;

use board::{MovesArg, PyBoard};
use errors::OrPyErr;

/// Replays `moves` (standard notation: one text, tokens separated by white space or commas,
/// or a sequence of tokens) from `board` with no automatic moves, and returns the position
/// after the last one: a solution wins when `verify(board, moves).is_won`. Raises
/// `ParseError` or `RuleError` naming the first bad move, its number and where it is.
#[pyfunction]
fn verify(board: &Bound<'_, PyBoard>, moves: MovesArg) -> PyResult<PyBoard> {
    let (board, text) = (board.get(), moves.into_text());
    let end = board::with_board!(&board.board, b => GameBoard::from(freecell_engine::verify(b, &text).py()?.board));
    Ok(PyBoard::new(end, board.game))
}

#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(module)?;
    module.add_class::<PyBoard>()?;
    module.add_class::<board::PyMove>()?;
    module.add_class::<solve::PySolver>()?;
    module.add_class::<solve::SolveResult>()?;
    module.add_class::<solve::Stats>()?;
    module.add_class::<solve::PyHint>()?;
    module.add_class::<state::PyGameState>()?;
    module.add_class::<state::PyTurn>()?;
    module.add_class::<difficulty::PyRating>()?;
    module.add_class::<difficulty::PyWinnableDeal>()?;
    module.add_class::<difficulty::PyWinnableDeals>()?;
    module.add_class::<games::GameInfo>()?;
    module.add_function(wrap_pyfunction!(verify, module)?)?;
    module.add_function(wrap_pyfunction!(difficulty::rate, module)?)?;
    module.add_function(wrap_pyfunction!(difficulty::winnable_deals, module)?)?;
    module.add_function(wrap_pyfunction!(difficulty::find_deal, module)?)?;
    module.add_function(wrap_pyfunction!(games::games, module)?)?;
    module.add_function(wrap_pyfunction!(games::presets, module)?)?;
    Ok(())
}
