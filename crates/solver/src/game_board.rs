//! What the solver solves: [`Position`], a board of any width or a [`GameBoard`], a
//! position of any game of the FreeCell family in the narrowest board type that holds it,
//! for callers that hold a game's rules and not a width.

use std::fmt;

use freecell_core::{
    BOARD_CASCADES, BOARD_CELLS, Board, BoardN, Layout, LayoutError, Move, Notation, ParseBoardError, Rules,
    VerifyError, WideBoard,
};

use crate::handle::Meter;
use crate::{SolveError, SolveReport, Solver};

/// Calls `$body` with `$board` bound to the board inside `$game`, whichever its width.
macro_rules! with_board {
    ($game:expr, $board:ident => $body:expr) => {
        match $game {
            GameBoard::Narrow($board) => $body,
            GameBoard::Wide($board) => $body,
        }
    };
}

/// A position [`Solver::solve`], [`Solver::hint`] and [`Solver::spawn`] take: a
/// [`BoardN`] of any width ([`Board`], [`WideBoard`]), whose width the engines are then
/// compiled for, or a [`GameBoard`], which holds one of the two. Sealed: the solver's
/// engines exist for these only.
pub trait Position: private::Sealed + Clone + Send + 'static {}

impl<const C: usize, const F: usize> Position for BoardN<C, F> {}

impl Position for GameBoard {}

pub(crate) mod private {
    use super::{BoardN, GameBoard, Meter, SolveError, SolveReport, Solver};

    /// Solving, kept out of [`Position`](super::Position)'s public face.
    pub trait Sealed {
        fn solve_metered(&self, solver: &Solver, meter: Option<&Meter>) -> Result<SolveReport, SolveError>;
        fn hint_metered(&self, solver: &Solver, meter: Option<&Meter>) -> Result<SolveReport, SolveError>;
    }

    impl<const C: usize, const F: usize> Sealed for BoardN<C, F> {
        fn solve_metered(&self, solver: &Solver, meter: Option<&Meter>) -> Result<SolveReport, SolveError> {
            solver.solve_board(self, meter)
        }

        fn hint_metered(&self, solver: &Solver, meter: Option<&Meter>) -> Result<SolveReport, SolveError> {
            solver.hint_board(self, meter)
        }
    }

    impl Sealed for GameBoard {
        fn solve_metered(&self, solver: &Solver, meter: Option<&Meter>) -> Result<SolveReport, SolveError> {
            with_board!(self, board => solver.solve_board(board, meter))
        }

        fn hint_metered(&self, solver: &Solver, meter: Option<&Meter>) -> Result<SolveReport, SolveError> {
            with_board!(self, board => solver.hint_board(board, meter))
        }
    }
}

/// A position of any game: a [`Board`] when the rules fit one (at most 10 cascades and 8
/// free cells: every game but Fan, Baker's Dozen and Cruel), a [`WideBoard`] otherwise.
///
/// **Why an enum:** the solver's engines are generic over the board's width, so that
/// FreeCell's searches copy and store 128-byte boards rather than the 176 bytes a
/// [`WideBoard`] takes; the width is then a type, fixed at compile time. A game or a
/// benchmark that picks its game at run time (from a menu, a `--game` flag) builds a
/// `GameBoard` from the game's layout and hands it to [`Solver::solve`] or
/// [`Solver::hint`]; the narrowest board is chosen once, here, and every later call runs
/// the engines compiled for that width. It lives in the solver because the
/// width matters only to the searches: the core crate's rules take any width.
///
/// # Examples
/// ```
/// use freecell_core::{Game, Layout};
/// use freecell_deals::DealNumber;
/// use freecell_solver::{GameBoard, Outcome, Preset, Solver};
/// let solver = Solver::new(Preset::Fast);
/// for game in [Game::FreeCell, Game::Cruel] {
///     let board = GameBoard::try_from(DealNumber::MIN.layout(game))?;
///     assert_eq!(matches!(board, GameBoard::Wide(_)), game == Game::Cruel);
///     let report = solver.solve(&board)?;
///     // fc-solve agrees: deal 1 of FreeCell is won, of Cruel (without redeals) lost.
///     match report.outcome {
///         Outcome::Solved(solution) => assert!(game == Game::FreeCell && board.wins(&solution.moves)),
///         outcome => assert_eq!((game, outcome), (Game::Cruel, Outcome::Unsolvable)),
///     }
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameBoard {
    /// A game of at most 10 cascades and 8 free cells.
    Narrow(Board),
    /// A wider game (Fan's 18 cascades, Baker's Dozen's 13, Cruel's 12).
    Wide(WideBoard),
}

impl GameBoard {
    /// Whether positions under `rules` fit a [`Board`] (and so are held as
    /// [`Narrow`](Self::Narrow)).
    pub const fn fits_board(rules: &Rules) -> bool {
        rules.cascades as usize <= BOARD_CASCADES && rules.free_cells as usize <= BOARD_CELLS
    }

    /// Parses a position in the fc-solve format under `rules` (see
    /// [`Board::parse_with_rules`]) into the narrowest board that holds it.
    ///
    /// # Errors
    /// [`ParseBoardError`] naming what is wrong and where.
    pub fn parse_with_rules(text: &str, rules: Rules) -> Result<GameBoard, ParseBoardError> {
        Ok(if GameBoard::fits_board(&rules) {
            GameBoard::Narrow(Board::parse_with_rules(text, rules)?)
        } else {
            GameBoard::Wide(WideBoard::parse_with_rules(text, rules)?)
        })
    }

    /// The rules of the game.
    pub fn rules(&self) -> &Rules {
        with_board!(self, board => board.rules())
    }

    /// Whether every card is home.
    pub fn is_won(&self) -> bool {
        with_board!(self, board => board.is_won())
    }

    /// Whether `moves` replay legally from this position, with no automoves, to a won one
    /// ([`freecell_core::replay`]).
    pub fn wins(&self, moves: &[Move]) -> bool {
        with_board!(self, board => freecell_core::replay(board, moves).is_ok_and(|end| end.is_won()))
    }

    /// `moves` written one a line in `notation`, checked by replaying them (see
    /// [`Board::write_solution`]).
    ///
    /// # Errors
    /// [`VerifyError`] naming the first illegal move.
    pub fn write_solution(&self, moves: &[Move], notation: Notation) -> Result<String, VerifyError> {
        with_board!(self, board => board.write_solution(moves, notation))
    }
}

impl TryFrom<Layout> for GameBoard {
    type Error = LayoutError;

    /// The layout validated into the narrowest board that holds its rules.
    fn try_from(layout: Layout) -> Result<GameBoard, LayoutError> {
        Ok(if GameBoard::fits_board(&layout.rules) {
            GameBoard::Narrow(Board::try_from(layout)?)
        } else {
            GameBoard::Wide(WideBoard::try_from(layout)?)
        })
    }
}

impl From<Board> for GameBoard {
    fn from(board: Board) -> GameBoard {
        GameBoard::Narrow(board)
    }
}

impl From<WideBoard> for GameBoard {
    /// Kept wide as given, even when its rules would fit a [`Board`].
    fn from(board: WideBoard) -> GameBoard {
        GameBoard::Wide(board)
    }
}

impl fmt::Display for GameBoard {
    /// The fc-solve format, as [`Board`]'s `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        with_board!(self, board => fmt::Display::fmt(board, f))
    }
}
