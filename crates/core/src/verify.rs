//! The verifier: replay a solution and report the first move that breaks a rule.

use std::fmt;

use thiserror::Error;

use crate::board::{BOARD_CASCADES, BOARD_CELLS, BoardN};
use crate::format::{BYTE_ORDER_MARK, TextPosition};
use crate::moves::{Move, MoveError};
use crate::notation::NotationError;
use crate::quote::quote;

/// A replayed solution.
#[derive(Clone, Debug)]
pub struct Verified<const C: usize = BOARD_CASCADES, const F: usize = BOARD_CELLS> {
    /// The position after the last move.
    pub board: BoardN<C, F>,
    /// The moves as read, one per token.
    pub moves: Vec<Move>,
}

/// Why a solution does not replay.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub struct VerifyError {
    /// Index of the offending move, from 0.
    pub index: usize,
    /// Its token and where it was written, when the solution was text.
    pub token: Option<(String, TextPosition)>,
    /// What is wrong with it.
    pub kind: VerifyErrorKind,
}

/// The kinds of [`VerifyError`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum VerifyErrorKind {
    /// The token is not a move at all.
    #[error("{0}")]
    Syntax(NotationError),
    /// The move breaks a rule.
    #[error("{0}")]
    Illegal(MoveError),
}

impl VerifyError {
    pub(crate) fn illegal(index: usize, token: Option<(String, TextPosition)>, error: MoveError) -> VerifyError {
        VerifyError { index, token, kind: VerifyErrorKind::Illegal(error) }
    }
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}", self.index + 1)?;
        if let Some((token, at)) = &self.token {
            write!(f, " ({}, {at})", quote(token))?;
        }
        match &self.kind {
            VerifyErrorKind::Syntax(NotationError::Syntax { reason, .. }) => write!(f, ": not a move: {reason}"),
            VerifyErrorKind::Syntax(NotationError::Illegal { error, .. }) | VerifyErrorKind::Illegal(error) => {
                write!(f, ": {error}")
            }
        }
    }
}

/// Replays `moves` from `board` with no automatic moves.
///
/// # Errors
/// [`VerifyError`] at the first illegal move.
///
/// # Examples
/// ```
/// use freecell_core::{replay, Board, Move, Pile, Suit};
/// let board: Board = "AH\n2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH\nAC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC\n\
///     AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\nAS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS\n".parse().unwrap();
/// let home = Move::single(Pile::cascade(0), Pile::foundation(Suit::Hearts));
/// assert!(replay(&board, &[home]).is_ok());
/// assert_eq!(replay(&board, &[home, home]).unwrap_err().index, 1);
/// ```
pub fn replay<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    moves: &[Move],
) -> Result<BoardN<C, F>, VerifyError> {
    replay_each(board, moves, |_, _| {})
}

/// [`replay`], showing `each` every position with the move about to be played from it:
/// what a caller reads off the positions of a solution it verifies (how many moves a rule
/// would have made by itself, say) then needs no replay of its own.
///
/// # Errors
/// [`VerifyError`] at the first illegal move (`each` has seen it, and every move before).
///
/// # Examples
/// ```
/// use freecell_core::{replay_each, Board, Move, Pile, Suit};
/// let board: Board = "AH\n2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH\nAC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC\n\
///     AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\nAS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS\n".parse().unwrap();
/// // The ace home, then the king of hearts into a free cell.
/// let home = Move::single(Pile::cascade(0), Pile::foundation(Suit::Hearts));
/// let moves = [home, Move::single(Pile::cascade(1), Pile::cell(0))];
/// let mut homes = Vec::new();
/// let end = replay_each(&board, &moves, |position, _| homes.push(position.cards_home()))?;
/// assert_eq!((homes, end.cards_home()), (vec![0, 1], 1));
/// # Ok::<(), freecell_core::VerifyError>(())
/// ```
pub fn replay_each<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    moves: &[Move],
    mut each: impl FnMut(&BoardN<C, F>, Move),
) -> Result<BoardN<C, F>, VerifyError> {
    let mut board = board.clone();
    for (index, &mv) in moves.iter().enumerate() {
        each(&board, mv);
        board.apply(mv).map_err(|error| VerifyError::illegal(index, None, error))?;
    }
    Ok(board)
}

/// Reads and replays a solution written in standard or detailed notation: tokens separated
/// by white space or commas; `#` starts a comment that runs to the end of its line. No
/// automatic moves are made, so every move, foundation moves included, must be written.
/// Lines end in `\n` or `\r\n`; a byte-order mark (U+FEFF) at the very start of the text is
/// skipped, and columns on the first line count from after it.
///
/// Whether the game is won is for the caller to judge (`verified.board.is_won()`): a
/// hint or a partial line of play is a valid replay too.
///
/// # Errors
/// [`VerifyError`] naming the first token that is not a legal move, with its index, line
/// and column.
pub fn verify<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    solution: &str,
) -> Result<Verified<C, F>, VerifyError> {
    let mut board = board.clone();
    let mut moves = Vec::new();
    let solution = solution.strip_prefix(BYTE_ORDER_MARK).unwrap_or(solution);
    for (line_index, line) in solution.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let mut column = 0;
        for piece in line.split(|c: char| c.is_whitespace() || c == ',') {
            let at = TextPosition { line: line_index + 1, column: column + 1 };
            column += piece.chars().count() + 1;
            if piece.is_empty() {
                continue;
            }
            let index = moves.len();
            let mv = board.parse_move(piece).map_err(|error| VerifyError {
                index,
                token: Some((piece.to_owned(), at)),
                kind: match error {
                    NotationError::Illegal { error, .. } => VerifyErrorKind::Illegal(error),
                    syntax => VerifyErrorKind::Syntax(syntax),
                },
            })?;
            board.apply_unchecked(mv);
            moves.push(mv);
        }
    }
    Ok(Verified { board, moves })
}
