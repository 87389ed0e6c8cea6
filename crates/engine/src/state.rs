//! [`GameState`]: the game a player is playing, from its start to the position on the
//! table, with undo, redo and auto-play.

use freecell_core::{Automove, BOARD_CASCADES, BOARD_CELLS, BoardN, Move, MoveError, MoveModel, NotationError, Pile};
use freecell_deals::{DealError, DealNumber};
use thiserror::Error;

/// What one step of play did: the move the player made and the automoves it caused, in
/// the order they were played. [`GameState::undo`] and [`GameState::redo`] take a turn back
/// and forward whole.
///
/// A turn of [`GameState::autoplay`] has automoves only.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    played: Option<Move>,
    automoves: Vec<Move>,
}

impl Turn {
    /// A turn: `played` (none for [`GameState::autoplay`]), then `automoves`.
    pub(crate) fn new(played: Option<Move>, automoves: Vec<Move>) -> Turn {
        Turn { played, automoves }
    }

    /// The move the player made; `None` for a turn of [`GameState::autoplay`].
    pub fn played(&self) -> Option<Move> {
        self.played
    }

    /// The cards sent home automatically after it, in order.
    pub fn automoves(&self) -> &[Move] {
        &self.automoves
    }

    /// Every move of the turn in the order played: the player's, then the automoves.
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = Move> + '_ {
        self.played.iter().chain(&self.automoves).copied()
    }
}

/// Why [`GameState::play`], [`GameState::play_between`] or [`GameState::play_notation`]
/// refused a move. The position is
/// unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The move breaks a rule, named in the message (`free cell a already holds KC`).
    #[error(transparent)]
    Illegal(#[from] MoveError),
    /// The text is not a move in standard notation, or names an illegal one (the message
    /// quotes the token and says which).
    #[error(transparent)]
    Notation(#[from] NotationError),
}

/// The game a player is playing: the start position, the position on the table, the turns
/// played (for undo) and the turns taken back (for redo), and the auto-play rule.
///
/// Every move goes through the rules ([`Board::check`](freecell_core::Board::check)), so the position is always one
/// reached from the start by legal moves: [`history`](Self::history) replayed on
/// [`start`](Self::start) gives [`board`](Self::board).
///
/// # Auto-play
/// After each move the state sends home, one by one, every card the auto-play rule
/// ([`Automove`], set with [`with_automove`](Self::with_automove)) calls safe: a card no
/// card still out could ever be built on, so sending it home never costs a win.
/// [`Automove::None`], the default, plays only the moves asked for.
/// [`autoplay`](Self::autoplay) sends home now every card that is safe to, whatever the
/// setting.
///
/// # Examples
/// ```
/// use freecell_engine::{Automove, GameState};
///
/// let mut game = GameState::deal(1)?.with_automove(Automove::Horne);
/// game.play_notation("6a")?; // 3D from cascade 6 to free cell a
/// // 2C to free cell b uncovers AC, under which lies AS: all three go home on their own.
/// let turn = game.play_notation("6b")?;
/// assert_eq!(turn.automoves().len(), 3);
/// assert_eq!(game.board().cards_home(), 3);
/// // Undo takes the move back with its automoves.
/// game.undo();
/// assert_eq!((game.board().cards_home(), game.board().cell(1)), (0, None));
/// game.redo();
/// assert_eq!(game.board().cards_home(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState<const C: usize = BOARD_CASCADES, const F: usize = BOARD_CELLS> {
    start: BoardN<C, F>,
    board: BoardN<C, F>,
    automove: Automove,
    history: Vec<Turn>,
    /// Turns taken back; the next to redo is the last.
    undone: Vec<Turn>,
}

impl GameState {
    /// A game of Microsoft FreeCell deal `number` (1 … 8,589,934,591; see
    /// [`DealNumber`]).
    ///
    /// # Errors
    /// [`DealError`] for a number outside that range.
    ///
    /// # Examples
    /// ```
    /// use freecell_engine::GameState;
    /// assert_eq!(GameState::deal(617)?.board().cascade_len(0), 7);
    /// assert!(GameState::deal(0).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn deal(number: u64) -> Result<GameState, DealError> {
        Ok(GameState::new(DealNumber::try_from(number)?.board()))
    }
}

impl<const C: usize, const F: usize> GameState<C, F> {
    /// A game starting at `board`, with no moves played and auto-play off: a
    /// [`Board`](freecell_core::Board), or a [`WideBoard`](freecell_core::WideBoard) for the games wider than it.
    pub fn new(board: BoardN<C, F>) -> Self {
        GameState { start: board.clone(), board, automove: Automove::None, history: Vec::new(), undone: Vec::new() }
    }

    /// The same game with auto-play under `rule`.
    pub fn with_automove(mut self, rule: Automove) -> Self {
        self.automove = rule;
        self
    }

    /// Sets the auto-play rule. It applies from the next move on; call
    /// [`autoplay`](Self::autoplay) to send cards home now.
    pub fn set_automove(&mut self, rule: Automove) {
        self.automove = rule;
    }

    /// The auto-play rule.
    pub fn automove(&self) -> Automove {
        self.automove
    }

    /// The position on the table.
    pub fn board(&self) -> &BoardN<C, F> {
        &self.board
    }

    /// The position the game started from.
    pub fn start(&self) -> &BoardN<C, F> {
        &self.start
    }

    /// The turns played, first first: what [`undo`](Self::undo) takes back, last first.
    pub fn history(&self) -> &[Turn] {
        &self.history
    }

    /// Every move played from the start, automoves included, in order: they replay on
    /// [`start`](Self::start) with no automoves ([`freecell_core::replay`]) to
    /// [`board`](Self::board), and [`Board::write_solution`](freecell_core::Board::write_solution) writes them down.
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = Move> + '_ {
        self.history.iter().flat_map(Turn::moves)
    }

    /// The turns taken back: what [`redo`](Self::redo) plays again, **last first** (the
    /// next to redo is the last element).
    pub fn undone(&self) -> &[Turn] {
        &self.undone
    }

    /// Whether every card is home.
    pub fn is_won(&self) -> bool {
        self.board.is_won()
    }

    /// The legal moves here, runs of cards as one move ([`MoveModel::Sequence`]), in the
    /// core crate's fixed order: foundations, empty cascades, onto cards, into cells.
    ///
    /// Moves that differ only in which empty cascade or empty free cell they fill are
    /// listed once (the first such pile); [`play`](Self::play) accepts them all.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.board.generate_moves(MoveModel::Sequence, &mut moves);
        moves
    }

    /// Plays `mv`, then the automoves of the auto-play rule, as one turn; clears what
    /// [`redo`](Self::redo) could play.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] naming the rule `mv` breaks; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<&Turn, PlayError> {
        self.board.apply(mv)?;
        let mut automoves = Vec::new();
        self.board.apply_automoves(self.automove, &mut automoves);
        Ok(self.push(Turn::new(Some(mv), automoves)))
    }

    /// Plays a move written in standard notation (`3a`, `ah`, `38`, `13v2`; see
    /// [`Board::parse_move`](freecell_core::Board::parse_move)), as [`play`](Self::play).
    ///
    /// # Errors
    /// [`PlayError::Notation`] when `token` is not a move or not a legal one here (the
    /// message quotes it and names the broken rule); the game is unchanged.
    pub fn play_notation(&mut self, token: &str) -> Result<&Turn, PlayError> {
        let mv = self.board.parse_move(token)?;
        self.play(mv)
    }

    /// Plays the move a player means by taking cards from `from` and dropping them on `to`
    /// (two clicks, or a drag), as [`play`](Self::play): the count and the foundation are
    /// inferred by [`Board::move_between`](freecell_core::Board::move_between). Onto a card it carries the run that builds
    /// there, into an empty cascade the longest run that may go there, and any foundation
    /// [`Pile`] stands for the moving card's own. For fewer cards into an empty cascade,
    /// [`play`](Self::play) `Move::new(from, to, count)`.
    ///
    /// # Errors
    /// [`PlayError::Illegal`] naming the rule the move breaks (`cascade 4 is empty`,
    /// `5H cannot be placed on 9C`); the game is unchanged.
    ///
    /// # Examples
    /// ```
    /// use freecell_engine::{Automove, GameState, Pile, Suit};
    ///
    /// let mut game = GameState::deal(1)?.with_automove(Automove::Horne);
    /// game.play_between(Pile::cascade(5), Pile::cell(0))?; // 3D to free cell a
    /// // A card dropped on a taken cell: the error says why, ready for a status line.
    /// let error = game.play_between(Pile::cascade(5), Pile::cell(0)).unwrap_err();
    /// assert_eq!(error.to_string(), "free cell a already holds 3D");
    /// // 2C goes to cell b; AC, then AS go home on their own, and 2C after them.
    /// let turn = game.play_between(Pile::cascade(5), Pile::cell(1))?;
    /// assert_eq!(turn.automoves().len(), 3);
    /// // Any foundation pile takes the card to its own suit's: 3D's needs AD first.
    /// let error = game.play_between(Pile::cell(0), Pile::foundation(Suit::Clubs)).unwrap_err();
    /// assert_eq!(error.to_string(), "3D cannot go home yet: its foundation needs AD");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_between(&mut self, from: Pile, to: Pile) -> Result<&Turn, PlayError> {
        let mv = self.board.move_between(from, to)?;
        self.play(mv)
    }

    /// Sends home every card that is safe to send ([`Automove::Raymond`], the wider of the
    /// two rules, whatever the auto-play setting), as one turn that
    /// [`undo`](Self::undo) takes back whole. `None`, and no turn, when no card is safe to
    /// send.
    pub fn autoplay(&mut self) -> Option<&Turn> {
        let mut automoves = Vec::new();
        if self.board.apply_automoves(Automove::Raymond, &mut automoves) == 0 {
            return None;
        }
        Some(self.push(Turn::new(None, automoves)))
    }

    /// Takes back the last turn, its automoves with it, and returns it; `None` at the start.
    pub fn undo(&mut self) -> Option<&Turn> {
        let turn = self.history.pop()?;
        for mv in turn.moves().rev() {
            self.board.undo(mv);
        }
        self.undone.push(turn);
        self.undone.last()
    }

    /// Plays again the last turn taken back, exactly as it was played (the auto-play
    /// setting may have changed since), and returns it; `None` when nothing was taken back
    /// or a new move was played since.
    pub fn redo(&mut self) -> Option<&Turn> {
        let turn = self.undone.pop()?;
        for mv in turn.moves() {
            // The board is the one the turn was played on: `undo` restored it.
            self.board.apply_unchecked(mv);
        }
        self.history.push(turn);
        self.history.last()
    }

    /// Whether there is a turn to [`undo`](Self::undo).
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    /// Whether there is a turn to [`redo`](Self::redo).
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Records a turn already played on the board, clears the redo list and returns the turn.
    fn push(&mut self, turn: Turn) -> &Turn {
        self.undone.clear();
        self.history.push(turn);
        // Infallible: pushed just above.
        let last = self.history.len() - 1;
        &self.history[last]
    }

    /// Plays one move of a [`Replay`](crate::Replay): a move the player would make starts
    /// a turn (and clears the redo list); an automatic one joins the last turn.
    pub(crate) fn play_step(&mut self, mv: Move, automatic: bool) -> Result<(), MoveError> {
        self.board.apply(mv)?;
        match self.history.last_mut() {
            Some(turn) if automatic => turn.automoves.push(mv),
            _ if automatic => {
                self.push(Turn::new(None, vec![mv]));
            }
            _ => {
                self.push(Turn::new(Some(mv), Vec::new()));
            }
        }
        Ok(())
    }

    /// A game rebuilt from its parts by [`SavedGame`](crate::SavedGame), which checked
    /// them: `board` is `start` after `history`, and `undone` replays on `board`.
    pub(crate) fn from_parts(
        start: BoardN<C, F>,
        board: BoardN<C, F>,
        automove: Automove,
        history: Vec<Turn>,
        undone: Vec<Turn>,
    ) -> Self {
        GameState { start, board, automove, history, undone }
    }
}
