//! [`SavedGame`]: a [`GameState`] written down as its start position and its turns in
//! standard notation, and read back only after every move has been replayed.

use freecell_core::{Automove, BOARD_CASCADES, BOARD_CELLS, BoardN, NotationError, quote};
use thiserror::Error;

use crate::{GameState, Turn};

/// A [`GameState`] written down: the start position, the auto-play rule, and the turns in
/// FreeCell Pro's standard notation (`3a`, `ah`, `38`, `13v2`), each written on the
/// position before it.
///
/// `SavedGame::from(&game)` writes one; `GameState::try_from(saved)` reads one back,
/// replaying every move. With the `serde` feature a [`GameState`] serialises as its
/// `SavedGame`, so a saved game is checked when it is read; in JSON:
///
/// ```json
/// {"start": {…}, "automove": "horne", "turns": [{"play": "6a"}, {"play": "6b", "auto": "6h bh 6h"}]}
/// ```
///
/// (`start` is the core crate's serialised [`Board`](freecell_core::Board); `redo`, empty here, is left out.)
///
/// # Examples
/// ```
/// use freecell_engine::{Automove, GameState, SavedGame};
///
/// let mut game = GameState::deal(1)?.with_automove(Automove::Horne);
/// game.play_notation("6a")?;
/// game.play_notation("6b")?; // AC, 2C and AS go home
/// game.play_notation("8c")?;
/// game.undo();
/// let saved = SavedGame::from(&game);
/// assert_eq!(saved.turns[1].play.as_deref(), Some("6b"));
/// assert_eq!(saved.turns[1].auto, "6h bh 6h");
/// assert_eq!(saved.redo[0].play.as_deref(), Some("8c"));
/// assert_eq!(GameState::try_from(saved)?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct SavedGame<const C: usize = BOARD_CASCADES, const F: usize = BOARD_CELLS> {
    /// The position the game started from.
    pub start: BoardN<C, F>,
    /// The auto-play rule (in serde: `"none"`, `"horne"` or `"raymond"`; `"none"` when
    /// absent).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::automove_name", default))]
    pub automove: Automove,
    /// The turns played, first first.
    pub turns: Vec<SavedTurn>,
    /// The turns taken back, in the order [`GameState::redo`] would play them again (in
    /// serde: left out when empty).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub redo: Vec<SavedTurn>,
}

/// One [`Turn`] in standard notation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct SavedTurn {
    /// The move the player made, one token; `None` for a turn of
    /// [`GameState::autoplay`] (in serde: left out).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub play: Option<String>,
    /// The automoves after it, tokens separated by spaces (in serde: left out when empty).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "String::is_empty"))]
    pub auto: String,
}

/// Why a [`SavedGame`] cannot be read back: which move, counted over the whole saved game
/// (the turns, then the redo list), and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("saved game, move {} (turn {}): {kind}", .index + 1, .turn + 1)]
#[non_exhaustive]
pub struct LoadError {
    /// Index of the move, from 0: the turns' moves in order, then the redo list's.
    pub index: usize,
    /// Index of its turn, from 0, counted the same way.
    pub turn: usize,
    /// What is wrong.
    pub kind: LoadErrorKind,
}

/// The kinds of [`LoadError`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LoadErrorKind {
    /// The token is not a move, or not a legal one where it stands (the message quotes it).
    #[error("{0}")]
    Move(NotationError),
    /// A turn's `play` holds more or less than one token.
    #[error("{} is not one move: a turn's `play` holds exactly one move, and its automoves go in `auto`", quote(.0))]
    NotOneMove(String),
    /// An automove that does not go to a foundation.
    #[error("{} is not an automove: automoves only send cards home", quote(.0))]
    NotHome(String),
    /// A turn with no move at all.
    #[error("the turn has no move: give it a `play`, an `auto`, or both")]
    EmptyTurn,
}

impl<const C: usize, const F: usize> From<&GameState<C, F>> for SavedGame<C, F> {
    fn from(game: &GameState<C, F>) -> Self {
        let mut board = game.start().clone();
        let turns = game.history().iter().map(|turn| write_turn(&mut board, turn)).collect();
        let redo = game.undone().iter().rev().map(|turn| write_turn(&mut board, turn)).collect();
        SavedGame { start: game.start().clone(), automove: game.automove(), turns, redo }
    }
}

/// Writes `turn`, legal on `board`, and plays it there.
fn write_turn<const C: usize, const F: usize>(board: &mut BoardN<C, F>, turn: &Turn) -> SavedTurn {
    let mut write = |mv| {
        let token = board.write_move(mv);
        board.apply_unchecked(mv);
        token
    };
    let play = turn.played().map(&mut write);
    let auto: Vec<String> = turn.automoves().iter().map(|&mv| write(mv)).collect();
    SavedTurn { play, auto: auto.join(" ") }
}

impl<const C: usize, const F: usize> TryFrom<SavedGame<C, F>> for GameState<C, F> {
    type Error = LoadError;

    /// Replays every move of `saved` from its start.
    ///
    /// # Errors
    /// [`LoadError`] naming the first move that is not a legal move in turn, or in the
    /// wrong place (several moves in `play`, an automove that does not go home).
    fn try_from(saved: SavedGame<C, F>) -> Result<Self, LoadError> {
        let mut reader = Reader { board: saved.start.clone(), index: 0, turn: 0 };
        let history = saved.turns.iter().map(|turn| reader.read(turn)).collect::<Result<Vec<_>, _>>()?;
        let board = reader.board.clone();
        let mut undone = saved.redo.iter().map(|turn| reader.read(turn)).collect::<Result<Vec<_>, _>>()?;
        undone.reverse();
        Ok(GameState::from_parts(saved.start, board, saved.automove, history, undone))
    }
}

/// Reads turns in order, playing them on `board`.
struct Reader<const C: usize, const F: usize> {
    board: BoardN<C, F>,
    /// The next move's index over the whole saved game.
    index: usize,
    /// The next turn's index.
    turn: usize,
}

impl<const C: usize, const F: usize> Reader<C, F> {
    fn read(&mut self, saved: &SavedTurn) -> Result<Turn, LoadError> {
        let played = match &saved.play {
            None => None,
            Some(text) => {
                let mut tokens = text.split_whitespace();
                let (Some(token), None) = (tokens.next(), tokens.next()) else {
                    return Err(self.error(LoadErrorKind::NotOneMove(text.clone())));
                };
                Some(self.read_move(token, false)?)
            }
        };
        let automoves: Vec<_> =
            saved.auto.split_whitespace().map(|token| self.read_move(token, true)).collect::<Result<_, _>>()?;
        if played.is_none() && automoves.is_empty() {
            return Err(self.error(LoadErrorKind::EmptyTurn));
        }
        self.turn += 1;
        Ok(Turn::new(played, automoves))
    }

    fn read_move(&mut self, token: &str, automatic: bool) -> Result<freecell_core::Move, LoadError> {
        let mv = self.board.parse_move(token).map_err(|error| self.error(LoadErrorKind::Move(error)))?;
        if automatic && !mv.to().is_foundation() {
            return Err(self.error(LoadErrorKind::NotHome(token.to_owned())));
        }
        self.board.apply_unchecked(mv);
        self.index += 1;
        Ok(mv)
    }

    fn error(&self, kind: LoadErrorKind) -> LoadError {
        LoadError { index: self.index, turn: self.turn, kind }
    }
}
