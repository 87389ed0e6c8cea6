//! `GameState`: the game a player is playing, with undo and redo of whole turns and
//! auto-play (freecell-engine's `GameState`).

use freecell_engine::{Automove, BoardN, GameBoard, GameState, Turn};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::board::{PyBoard, deal_number, game_named, py_list, py_repr, write_moves};
use crate::errors::OrPyErr;
use crate::solve::{PyHint, PySolver, SolveResult};

/// A game state of either board width.
#[derive(Clone, Debug)]
enum State {
    Narrow(GameState),
    Wide(GameState<20, 10>),
}

/// Calls `$body` with `$state` bound to the `GameState` inside a [`State`].
macro_rules! with_state {
    ($state:expr, $name:ident => $body:expr) => {
        match $state {
            State::Narrow($name) => $body,
            State::Wide($name) => $body,
        }
    };
}

/// The auto-play rule by its name.
fn automove_named(name: &str) -> PyResult<Automove> {
    match name.to_ascii_lowercase().as_str() {
        "none" => Ok(Automove::None),
        "horne" => Ok(Automove::Horne),
        "raymond" => Ok(Automove::Raymond),
        _ => Err(PyValueError::new_err(format!("unknown auto-play rule {name:?}: expected none, horne or raymond"))),
    }
}

fn automove_name(rule: Automove) -> &'static str {
    match rule {
        Automove::None => "none",
        Automove::Horne => "horne",
        Automove::Raymond => "raymond",
    }
}

/// One step of play: the move played (`None` for `autoplay`) and the cards sent home
/// automatically after it, in standard notation.
#[pyclass(module = "freecell_rs", name = "Turn", frozen, get_all, eq)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PyTurn {
    /// The player's move, `None` for a turn of `autoplay`.
    played: Option<String>,
    /// The automoves after it.
    automoves: Vec<String>,
}

impl PyTurn {
    /// `turn` written from `board`, the position it was played on.
    fn new<const C: usize, const F: usize>(board: &BoardN<C, F>, turn: &Turn) -> PyTurn {
        let moves: Vec<_> = turn.moves().collect();
        let mut tokens = write_moves(board, &moves).into_iter();
        let played = turn.played().and_then(|_| tokens.next());
        PyTurn { played, automoves: tokens.collect() }
    }
}

#[pymethods]
impl PyTurn {
    /// Every move of the turn in the order played: the player's, then the automoves.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.played.iter().chain(&self.automoves).cloned().collect()
    }

    fn __repr__(&self) -> String {
        format!("Turn(played={}, automoves={})", py_repr(self.played.as_deref()), py_list(&self.automoves))
    }
}

/// The game a player is playing: the start, the position on the table, the turns played
/// (for `undo`) and taken back (for `redo`), and the auto-play rule (`"none"`, `"horne"`
/// or `"raymond"`: Horne's and Raymond's safe automoves).
#[pyclass(module = "freecell_rs", name = "GameState")]
#[derive(Clone, Debug)]
pub(crate) struct PyGameState {
    state: State,
    game: freecell_engine::Game,
}

impl PyGameState {
    fn board_of<const C: usize, const F: usize>(&self, board: &BoardN<C, F>) -> PyBoard
    where
        GameBoard: From<BoardN<C, F>>,
    {
        PyBoard::new(GameBoard::from(board.clone()), self.game)
    }
}

/// `$call` on the game state (an `Option<&Turn>`), its turn written from the board it was
/// played on: the board `before` the call, or the one `after` it (for `undo`).
macro_rules! act {
    ($self:expr, $game:ident => $call:expr, before) => {
        with_state!(&mut $self.state, $game => {
            let before = $game.board().clone();
            $call.map(|turn| PyTurn::new(&before, turn))
        })
    };
    ($self:expr, $game:ident => $call:expr, after) => {
        with_state!(&mut $self.state, $game => {
            let turn = $call.cloned();
            turn.map(|turn| PyTurn::new($game.board(), &turn))
        })
    };
}

#[pymethods]
impl PyGameState {
    /// A game starting at `board`, with no move played.
    #[new]
    #[pyo3(signature = (board, automove = "none"))]
    fn py_new(board: &Bound<'_, PyBoard>, automove: &str) -> PyResult<PyGameState> {
        let (board, rule) = (board.get(), automove_named(automove)?);
        let state = match &board.board {
            GameBoard::Narrow(b) => State::Narrow(GameState::new(b.clone()).with_automove(rule)),
            GameBoard::Wide(b) => State::Wide(GameState::new(b.clone()).with_automove(rule)),
        };
        Ok(PyGameState { state, game: board.game })
    }

    /// A game of Microsoft deal `number` of `game`.
    #[staticmethod]
    #[pyo3(signature = (number, game = "freecell", automove = "none"))]
    fn deal(number: i64, game: &str, automove: &str) -> PyResult<PyGameState> {
        let game = game_named(game)?;
        let board = GameBoard::try_from(deal_number(number)?.layout(game)).py()?;
        let rule = automove_named(automove)?;
        let state = match board {
            GameBoard::Narrow(b) => State::Narrow(GameState::new(b).with_automove(rule)),
            GameBoard::Wide(b) => State::Wide(GameState::new(b).with_automove(rule)),
        };
        Ok(PyGameState { state, game })
    }

    /// The position on the table.
    #[getter]
    fn board(&self) -> PyBoard {
        with_state!(&self.state, game => self.board_of(game.board()))
    }

    /// The position the game started from.
    #[getter]
    fn start(&self) -> PyBoard {
        with_state!(&self.state, game => self.board_of(game.start()))
    }

    /// The auto-play rule: `"none"`, `"horne"` or `"raymond"`; set it to change the rule
    /// from the next move on.
    #[getter]
    fn automove(&self) -> &'static str {
        with_state!(&self.state, game => automove_name(game.automove()))
    }

    #[setter]
    fn set_automove(&mut self, rule: &str) -> PyResult<()> {
        let rule = automove_named(rule)?;
        with_state!(&mut self.state, game => game.set_automove(rule));
        Ok(())
    }

    /// Whether every card is home.
    #[getter]
    fn is_won(&self) -> bool {
        with_state!(&self.state, game => game.is_won())
    }

    /// Whether there is a turn to undo.
    #[getter]
    fn can_undo(&self) -> bool {
        with_state!(&self.state, game => game.can_undo())
    }

    /// Whether there is a turn to redo.
    #[getter]
    fn can_redo(&self) -> bool {
        with_state!(&self.state, game => game.can_redo())
    }

    /// Every move played from the start, automoves included, in standard notation: they
    /// replay on `start` (with `verify`) to `board`.
    #[getter]
    fn moves(&self) -> Vec<String> {
        with_state!(&self.state, game => {
            let moves: Vec<_> = game.moves().collect();
            write_moves(game.start(), &moves)
        })
    }

    /// The turns played, first first.
    #[getter]
    fn history(&self) -> Vec<PyTurn> {
        with_state!(&self.state, game => {
            let mut board = game.start().clone();
            game.history()
                .iter()
                .map(|turn| {
                    let written = PyTurn::new(&board, turn);
                    for mv in turn.moves() {
                        board.apply_unchecked(mv);
                    }
                    written
                })
                .collect()
        })
    }

    /// The legal moves on the table, in standard notation (see `Board.legal_moves`).
    fn legal_moves(&self) -> Vec<String> {
        self.board().legal_moves()
    }

    /// Plays `move` (standard notation), then the automoves of the auto-play rule, as one
    /// turn, and returns it; the game is unchanged when the move is refused (`ParseError`
    /// for text that is no move, `RuleError` naming the rule it breaks).
    #[pyo3(text_signature = "($self, move)")]
    fn play(&mut self, r#move: &str) -> PyResult<PyTurn> {
        let turn = act!(self, game => Some(game.play_notation(r#move).py()?), before);
        Ok(turn.expect("a move played is a turn"))
    }

    /// Sends home every card that is safe to send (Raymond's rule), as one turn; `None`
    /// when none is.
    fn autoplay(&mut self) -> Option<PyTurn> {
        act!(self, game => game.autoplay(), before)
    }

    /// Takes back the last turn, its automoves with it; `None` at the start.
    fn undo(&mut self) -> Option<PyTurn> {
        act!(self, game => game.undo(), after)
    }

    /// Plays again the last turn taken back; `None` when there is none.
    fn redo(&mut self) -> Option<PyTurn> {
        act!(self, game => game.redo(), before)
    }

    /// A hint from the position on the table (see `Solver.hint`).
    fn hint(&self, py: Python<'_>, solver: &Bound<'_, PySolver>) -> PyResult<PyHint> {
        solver.get().hint_board(py, &self.board())
    }

    /// Solves from the position on the table (see `Solver.solve`).
    fn solve(&self, py: Python<'_>, solver: &Bound<'_, PySolver>) -> PyResult<SolveResult> {
        solver.get().solve_board(py, &self.board())
    }

    fn __repr__(&self) -> String {
        with_state!(&self.state, game => format!(
            "<GameState {}: {} turns, {} cards home>",
            self.game.name(),
            game.history().len(),
            game.board().cards_home()
        ))
    }
}
