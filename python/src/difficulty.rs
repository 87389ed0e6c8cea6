//! Ratings (`rate`), winnable deals on demand (`winnable_deals`) and the way back from a
//! position to its deal (`find_deal`): freecell-solver's `difficulty` and freecell-deals'
//! `DealFinder`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use freecell_engine::freecell_deals::DealFinder;
use freecell_engine::freecell_solver::difficulty::{Narrowness, RUNG_NODES, Rater, Rating, Tier, WinnableDeals};
use freecell_engine::{Board, BoardN, DealNumber, Game, GameBoard, Preset, Solver};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::board::{PyBoard, game_named, py_repr};
use crate::errors::{OrPyErr, SolverError, ToPyErr};
use crate::solve::{PySolver, in_background};

/// What a rating is made with when no solver is given: `fast`, as `freecell rate` rates.
fn default_rater_solver() -> Solver {
    Solver::new(Preset::Fast)
}

/// The expansions each rung of a winnable deal may take when no solver is given, as
/// `freecell deal --winnable` has it: a deal whose rungs take longer is skipped.
const WINNABLE_NODES: u64 = 200_000;

/// The narrow board `find_deal` takes, or the error that says why not.
fn narrow(board: &PyBoard) -> PyResult<Board> {
    match &board.board {
        GameBoard::Narrow(board) => Ok(board.clone()),
        GameBoard::Wide(_) => Err(wide(board.game)),
    }
}

/// Why `game` has no winnable deals or deal numbers here.
fn wide(game: Game) -> PyErr {
    SolverError::new_err(format!(
        "{}: winnable deals and find_deal take the games of at most 10 cascades and 8 free cells (rate, solve and hint take every game)",
        game.name()
    ))
}

/// How hard a position is: the fewest free cells it is won with (a verified solution with
/// them, a proved loss with one fewer), how narrow its path is, and a tier (`"easy"`,
/// `"medium"`, `"hard"`, `"expert"` or `"lost"`; `None` when a rung it needs was left
/// undecided within the solver's limits).
#[pyclass(module = "freecell_rs", name = "Rating", frozen, get_all)]
#[derive(Clone, Debug)]
pub(crate) struct PyRating {
    /// The tier, or `None`.
    tier: Option<&'static str>,
    /// The fewest free cells the position is won with, or `None` when not known.
    min_free_cells: Option<u8>,
    /// The most free cells a loss was proved with, or `None`.
    lost_with: Option<u8>,
    /// The numbers of free cells left undecided (a list: a `Vec<u8>` would reach Python
    /// as `bytes`).
    undecided: Vec<u32>,
    /// The solution with the position's own free cells, in standard notation; `None` when
    /// that rung was not won.
    solution: Option<Vec<String>>,
    /// The mean share of moves that lose at the positions sampled along the solution.
    losing_share: Option<f64>,
    /// The sampled positions where exactly one move keeps the game winnable.
    forced: Option<usize>,
}

impl PyRating {
    fn new<const C: usize, const F: usize>(rating: &Rating, board: &BoardN<C, F>, game: Game) -> PyRating
    where
        BoardN<C, F>: Into<GameBoard>,
    {
        let solution =
            rating.solution(board).map(|solution| PyBoard::new(board.clone().into(), game).notation(&solution.moves));
        PyRating {
            tier: rating.tier.map(Tier::name),
            min_free_cells: rating.ladder.min_free_cells(),
            lost_with: rating.ladder.lost_with(),
            undecided: rating.ladder.undecided().into_iter().map(u32::from).collect(),
            solution,
            losing_share: rating.narrowness.as_ref().and_then(Narrowness::losing_share),
            forced: rating.narrowness.as_ref().map(Narrowness::forced),
        }
    }
}

#[pymethods]
impl PyRating {
    fn __repr__(&self) -> String {
        let number = |n: Option<u8>| n.map_or_else(|| "None".to_owned(), |n| n.to_string());
        format!(
            "Rating(tier={}, min_free_cells={}, lost_with={})",
            py_repr(self.tier),
            number(self.min_free_cells),
            number(self.lost_with)
        )
    }
}

/// Rates `board` (see `Rating`): each number of free cells is one solve with `solver`'s
/// limits (default `Solver("fast")`) and at most `rung_nodes` expansions (default
/// 40,000,000, the Rust crate's `difficulty::RUNG_NODES`, as `freecell rate` has it; `None`
/// lifts the cap, leaving the solver's own limits: a proof may then take gigabytes), each
/// move of `samples` positions along the solution one solve of at most `sample_nodes`
/// expansions. A rung stopped at a cap is undecided, never lost. Every game, wide ones
/// included. The GIL is released, and Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (board, solver = None, *, samples = 8, sample_nodes = 20_000, rung_nodes = Some(RUNG_NODES)))]
pub(crate) fn rate(
    py: Python<'_>,
    board: &Bound<'_, PyBoard>,
    solver: Option<&Bound<'_, PySolver>>,
    samples: usize,
    sample_nodes: u64,
    rung_nodes: Option<u64>,
) -> PyResult<PyRating> {
    let board = board.get();
    let solver = solver.map_or_else(default_rater_solver, |solver| solver.get().configured());
    let cancel = Arc::new(AtomicBool::new(false));
    let rater = Rater::new(solver.cancel(Arc::clone(&cancel)))
        .samples(samples)
        .sample_nodes(sample_nodes)
        .rung_nodes(rung_nodes);
    match &board.board {
        GameBoard::Narrow(position) => rate_on(py, &cancel, rater, position, board.game),
        GameBoard::Wide(position) => rate_on(py, &cancel, rater, position, board.game),
    }
}

/// [`rate`] on the board of the game's width.
fn rate_on<const C: usize, const F: usize>(
    py: Python<'_>,
    cancel: &Arc<AtomicBool>,
    rater: Rater,
    board: &BoardN<C, F>,
    game: Game,
) -> PyResult<PyRating>
where
    BoardN<C, F>: Into<GameBoard>,
{
    let position = board.clone();
    let rating = in_background(py, cancel, move || rater.rate(&position))?.py()?;
    Ok(PyRating::new(&rating, board, game))
}

/// A winnable deal: its `number`, its `board`, its `rating` and its `solution`.
#[pyclass(module = "freecell_rs", name = "WinnableDeal", frozen, get_all)]
#[derive(Clone, Debug)]
pub(crate) struct PyWinnableDeal {
    /// The Microsoft deal number.
    number: u64,
    /// The deal.
    board: PyBoard,
    /// Its rating; its tier is never `"lost"` nor `None`.
    rating: PyRating,
}

#[pymethods]
impl PyWinnableDeal {
    /// The verified solution with the deal's own free cells, in standard notation.
    #[getter]
    fn solution(&self) -> Vec<String> {
        self.rating.solution.clone().unwrap_or_default()
    }

    fn __repr__(&self) -> String {
        format!("WinnableDeal(number={}, tier={})", self.number, py_repr(self.rating.tier))
    }
}

type Deals = WinnableDeals<Box<dyn FnMut(u64) -> Board + Send>>;

/// An endless iterator of winnable deals (see `winnable_deals`).
#[pyclass(module = "freecell_rs", name = "WinnableDeals", frozen)]
pub(crate) struct PyWinnableDeals {
    deals: Arc<Mutex<Deals>>,
    /// The cancel flag of the raters' solver: set by Ctrl-C, cleared by the next call.
    cancel: Arc<AtomicBool>,
    game: Game,
}

#[pymethods]
impl PyWinnableDeals {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<PyWinnableDeal> {
        self.cancel.store(false, Ordering::Relaxed);
        let deals = Arc::clone(&self.deals);
        let next =
            in_background(py, &self.cancel, move || deals.lock().unwrap_or_else(PoisonError::into_inner).next())?;
        match next {
            Some(Ok(deal)) => {
                let rating = PyRating::new(&deal.rating, &deal.board, self.game);
                Ok(PyWinnableDeal { number: deal.number, board: PyBoard::new(deal.board.into(), self.game), rating })
            }
            Some(Err(error)) => Err(error.to_py()),
            // Only a cancelled solver ends the drawing, and only Ctrl-C cancels it, whose
            // exception `in_background` raised instead.
            None => Err(SolverError::new_err("internal error: the winnable deals ended")),
        }
    }
}

/// Winnable deals of `game` on demand, endlessly: deal numbers drawn at random (from a
/// generator seeded with `seed`, so the same seed gives the same deals) from all
/// 8,589,934,591, each rated as `rate` rates (by default with `Solver("fast",
/// max_nodes=200_000)`, as `freecell deal --winnable`), and yielded when its tier is
/// `tier` (any winnable tier when `None`). Each deal carries its verified solution.
#[pyfunction]
#[pyo3(signature = (tier = None, *, seed = 0, game = "freecell", solver = None))]
pub(crate) fn winnable_deals(
    tier: Option<&str>,
    seed: u64,
    game: &str,
    solver: Option<&Bound<'_, PySolver>>,
) -> PyResult<PyWinnableDeals> {
    let game = game_named(game)?;
    let first = DealNumber::MIN.board_for(game).map_err(|_| wide(game))?;
    let cancel = Arc::new(AtomicBool::new(false));
    let solver = solver.map_or_else(|| Solver::new(Preset::Fast).max_nodes(WINNABLE_NODES), |s| s.get().configured());
    // Every deal of a game that fits a `Board` does (checked above on the first).
    let deal: Box<dyn FnMut(u64) -> Board + Send> = Box::new(move |n| {
        DealNumber::new(n).and_then(|number| number.board_for(game).ok()).unwrap_or_else(|| first.clone())
    });
    let mut deals =
        WinnableDeals::new(Rater::new(solver.cancel(Arc::clone(&cancel))), seed, DealNumber::MAX.get(), deal);
    if let Some(tier) = tier {
        let tier: Tier = tier.parse().py()?;
        deals = deals.tier(tier).map_err(|error| PyValueError::new_err(error.to_string()))?;
    }
    Ok(PyWinnableDeals { deals: Arc::new(Mutex::new(deals)), cancel, game })
}

/// The Microsoft deal numbers (almost always one) that `board`, a FreeCell position as
/// dealt or played from a deal, was dealt as; empty when none was. Raises `DealError`
/// when too few cards are sure to lie where they were dealt to tell.
#[pyfunction]
pub(crate) fn find_deal(py: Python<'_>, board: &Bound<'_, PyBoard>) -> PyResult<Vec<u64>> {
    let position = narrow(board.get())?;
    let found = py.detach(|| DealFinder::new().find(&position)).py()?;
    Ok(found.into_iter().map(DealNumber::get).collect())
}
