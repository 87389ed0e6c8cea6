//! `Board`: a position of any game of the family, dealt or parsed, written back in the
//! fc-solve format; moves in standard notation.

use std::collections::BTreeMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use freecell_engine::{BoardN, DealNumber, Game, GameBoard, Move, MoveModel, Pile, PileKind, Suit};
use pyo3::prelude::*;

use crate::errors::{DealError, OrPyErr};

/// Calls `$body` with `$board` bound to the board inside a [`GameBoard`], whichever its
/// width.
macro_rules! with_board {
    ($game:expr, $board:ident => $body:expr) => {
        match $game {
            freecell_engine::GameBoard::Narrow($board) => $body,
            freecell_engine::GameBoard::Wide($board) => $body,
        }
    };
}
pub(crate) use with_board;

/// A game of the family by any of its names (`freecell`, `bakers_game`, `"Baker's Game"`).
pub(crate) fn game_named(name: &str) -> PyResult<Game> {
    name.parse::<Game>().py()
}

/// A Microsoft deal number from Python's integer, which may be negative.
pub(crate) fn deal_number(number: i64) -> PyResult<DealNumber> {
    match u64::try_from(number) {
        Ok(number) => DealNumber::try_from(number).py(),
        Err(_) => Err(DealError::new_err(format!(
            "deal {number} does not exist: Microsoft deals are numbered 1 to 8589934591"
        ))),
    }
}

/// `moves` in standard notation, each written on the position it is played from; they must
/// replay legally from `board` (a verified solution, a turn just played).
pub(crate) fn write_moves<const C: usize, const F: usize>(board: &BoardN<C, F>, moves: &[Move]) -> Vec<String> {
    let mut board = board.clone();
    moves
        .iter()
        .map(|&mv| {
            let token = board.write_move(mv);
            board.apply_unchecked(mv);
            token
        })
        .collect()
}

/// A Python literal of an optional short text (a move, a tier name): `'6a'` or `None`.
pub(crate) fn py_repr(text: Option<&str>) -> String {
    text.map_or_else(|| "None".to_owned(), |text| format!("'{text}'"))
}

/// A Python literal of a list of short texts: `['6h', 'bh']`.
pub(crate) fn py_list(texts: &[String]) -> String {
    let items: Vec<String> = texts.iter().map(|text| py_repr(Some(text))).collect();
    format!("[{}]", items.join(", "))
}

/// Moves as Python gives them: one text (tokens separated by white space or commas, as a
/// solution file has them) or a sequence of tokens.
#[derive(FromPyObject)]
pub(crate) enum MovesArg {
    /// A whole solution's text.
    Text(String),
    /// One token an item.
    Tokens(Vec<String>),
}

impl MovesArg {
    /// The text the core verifier reads: a sequence's tokens one a line, so that an error's
    /// line is the token's place in the sequence, from 1.
    pub(crate) fn into_text(self) -> String {
        match self {
            MovesArg::Text(text) => text,
            MovesArg::Tokens(tokens) => tokens.join("\n"),
        }
    }
}

/// A pile's kind and index: cascades and cells from 0, foundations by suit in the order
/// C, D, H, S.
fn pile(pile: Pile) -> (&'static str, usize) {
    match pile.kind() {
        PileKind::Cascade(i) => ("cascade", i),
        PileKind::Cell(i) => ("cell", i),
        PileKind::Foundation(suit) => ("foundation", Suit::ALL.iter().position(|&s| s == suit).unwrap_or(0)),
    }
}

/// A move taken apart (`Board.parse_move`): where its cards come from and go, and how many.
#[pyclass(module = "freecell_rs", name = "Move", frozen, get_all, eq)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PyMove {
    /// The move in standard notation, as given.
    token: String,
    /// The cards it moves.
    cards: u8,
    /// `"cascade"`, `"cell"` or `"foundation"`.
    source_kind: &'static str,
    /// The source's index from 0 (a foundation's suit: 0 to 3 for C, D, H, S).
    source_index: usize,
    /// `"cascade"`, `"cell"` or `"foundation"`.
    dest_kind: &'static str,
    /// The destination's index from 0 (a foundation's suit: 0 to 3 for C, D, H, S).
    dest_index: usize,
}

#[pymethods]
impl PyMove {
    fn __repr__(&self) -> String {
        format!(
            "Move(token='{}', cards={}, source=('{}', {}), dest=('{}', {}))",
            self.token, self.cards, self.source_kind, self.source_index, self.dest_kind, self.dest_index
        )
    }
}

/// A position of a game of the FreeCell family: the cards of each cascade, the free cells
/// and the foundations, under the game's rules. Immutable: moves give a new board.
///
/// `str(board)` is the fc-solve text format, which `Board.parse` reads back.
#[pyclass(module = "freecell_rs", name = "Board", frozen, eq)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PyBoard {
    pub(crate) board: GameBoard,
    pub(crate) game: Game,
}

impl PyBoard {
    /// A board of `game`.
    pub(crate) fn new(board: GameBoard, game: Game) -> PyBoard {
        PyBoard { board, game }
    }

    /// `moves` written in standard notation from this position (they must replay).
    pub(crate) fn notation(&self, moves: &[Move]) -> Vec<String> {
        with_board!(&self.board, board => write_moves(board, moves))
    }
}

#[pymethods]
impl PyBoard {
    /// Microsoft deal `number` (1 to 8,589,934,591) of `game`, dealt as PySolFC deals its
    /// game `"ms<number>"`.
    #[staticmethod]
    #[pyo3(signature = (number, game = "freecell"))]
    fn deal(number: i64, game: &str) -> PyResult<PyBoard> {
        let game = game_named(game)?;
        let layout = deal_number(number)?.layout(game);
        Ok(PyBoard::new(GameBoard::try_from(layout).py()?, game))
    }

    /// A position in the fc-solve format under `game`'s rules: an optional `Foundations:`
    /// line, an optional `Freecells:` line, then one line per cascade, deepest card first.
    #[staticmethod]
    #[pyo3(signature = (text, game = "freecell"))]
    fn parse(text: &str, game: &str) -> PyResult<PyBoard> {
        let game = game_named(game)?;
        Ok(PyBoard::new(GameBoard::parse_with_rules(text, game.rules()).py()?, game))
    }

    fn __str__(&self) -> String {
        self.board.to_string()
    }

    fn __repr__(&self) -> String {
        let text = self.board.to_string().replace('\\', "\\\\").replace('\'', "\\'").replace('\n', "\\n");
        format!("Board.parse('{text}', game='{}')", self.game.name())
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.game.hash(&mut hasher);
        self.__str__().hash(&mut hasher);
        hasher.finish()
    }

    /// The game's name (`freecell`, `bakers-game`, …).
    #[getter]
    fn game(&self) -> &'static str {
        self.game.name()
    }

    /// The cascades, each a list of cards deepest first (`"KS"`, `"TD"`).
    #[getter]
    fn cascades(&self) -> Vec<Vec<String>> {
        with_board!(&self.board, board => (0..board.cascade_count())
            .map(|i| board.cascade_cards(i).iter().map(ToString::to_string).collect())
            .collect())
    }

    /// The free cells, `None` for an empty one.
    #[getter]
    fn cells(&self) -> Vec<Option<String>> {
        with_board!(&self.board, board => board.cells().map(|card| card.map(|c| c.to_string())).collect())
    }

    /// Each suit's top rank on its foundation (0 for none), by suit letter: `{"C": 3, …}`.
    #[getter]
    fn foundations(&self) -> BTreeMap<char, u8> {
        with_board!(&self.board, board => Suit::ALL.iter().map(|&suit| (suit.letter(), board.foundation(suit))).collect())
    }

    /// The cards on the foundations.
    #[getter]
    fn cards_home(&self) -> usize {
        with_board!(&self.board, board => board.cards_home())
    }

    /// Whether every card is home.
    #[getter]
    fn is_won(&self) -> bool {
        self.board.is_won()
    }

    /// The legal moves here in standard notation, runs of cards as one move, in a fixed
    /// order (foundations, empty cascades, onto cards, into cells); moves that differ only
    /// in which empty cell or cascade they fill are listed once.
    pub(crate) fn legal_moves(&self) -> Vec<String> {
        with_board!(&self.board, board => {
            let mut moves = Vec::new();
            board.generate_moves(MoveModel::Sequence, &mut moves);
            moves.iter().map(|&mv| board.write_move(mv)).collect()
        })
    }

    /// `move` (standard notation) taken apart: its piles and its number of cards, the count
    /// a run move carries inferred as `play` infers it.
    ///
    /// Raises `ParseError` when the text is not a move, `RuleError` when the move breaks a
    /// rule here.
    #[pyo3(text_signature = "($self, move)")]
    fn parse_move(&self, r#move: &str) -> PyResult<PyMove> {
        let mv = with_board!(&self.board, board => board.parse_move(r#move).py()?);
        let (source_kind, source_index) = pile(mv.from());
        let (dest_kind, dest_index) = pile(mv.to());
        Ok(PyMove {
            token: r#move.trim().to_owned(),
            cards: mv.count(),
            source_kind,
            source_index,
            dest_kind,
            dest_index,
        })
    }

    /// The board after `move`, one move in standard notation (`"3a"`, `"ah"`, `"38"`).
    ///
    /// Raises `ParseError` when the text is not a move, `RuleError` when the move breaks a
    /// rule (the message names it).
    #[pyo3(name = "play", text_signature = "($self, move)")]
    fn play_move(&self, r#move: &str) -> PyResult<PyBoard> {
        let board = with_board!(&self.board, board => {
            let mv = board.parse_move(r#move).py()?;
            let mut next = board.clone();
            next.apply(mv).py()?;
            GameBoard::from(next)
        });
        Ok(PyBoard::new(board, self.game))
    }
}
