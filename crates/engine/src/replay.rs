//! Playing a line of moves (a solution, say) into a [`GameState`] one move at a time, so
//! that a game can animate an auto-solve.

use std::iter::FusedIterator;

use freecell_core::{BOARD_CASCADES, BOARD_CELLS, BoardN, Move, MoveError, PileKind, VerifyError, replay};
use thiserror::Error;

use crate::GameState;

/// One move of a [`Replay`], already played into the game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReplayStep {
    /// Which step this is, from 1.
    pub number: usize,
    /// The move.
    pub mv: Move,
    /// The move in standard notation, written on the position before it (`3a`, `ah`).
    pub notation: String,
    /// Whether the game's auto-play rule made this move after the previous one, rather
    /// than the line of play.
    pub automatic: bool,
}

/// Why a [`Replay`] cannot be made or cannot go on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The moves do not replay on the game's position, with no automoves.
    #[error("the moves do not replay on this position: {0}")]
    Moves(#[from] VerifyError),
    /// A move of the line is illegal once the game's auto-play rule has sent cards home
    /// earlier than the line does. Safe automoves never cause this: a card goes home only
    /// when no card still out could be built on it, so the line without that card's moves
    /// still wins (the automove theorem, Castiaux's 2021 thesis, §2.4). The error is here
    /// so that such a line would be refused rather than half played.
    #[error("move {} of the line is illegal after the automoves: {error}", index + 1)]
    Automoves {
        /// Index of the move in the line, from 0.
        index: usize,
        /// The rule it breaks.
        error: MoveError,
    },
    /// The game no longer stands where the next step starts: a move was played, undone or
    /// redone since the replay's last step.
    #[error("the game has moved on since step {step} of the replay")]
    Diverged {
        /// The last step the replay played (0: none).
        step: usize,
    },
}

/// A line of moves to play into a [`GameState`] one at a time, made by
/// [`GameState::replay`]: the moves given, each followed by the automoves the game's
/// auto-play rule makes after it, as their own steps.
///
/// Each move of the line starts a turn of the game's history and each automove joins that
/// turn, so [`GameState::undo`] takes a move back with its automoves, as for moves the
/// player made. Moves of the line that the auto-play rule has already made (a card it sent
/// home earlier than the line does) are left out.
///
/// The replay checks before each step that the game still stands where the step starts;
/// [`on`](Self::on) borrows the game for a walk that cannot be interrupted.
///
/// # Examples
/// An auto-solve, one frame per step:
/// ```
/// use freecell_engine::{Automove, Board, GameState, Preset, Solver, Verdict};
///
/// let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
/// let mut game = GameState::new(board).with_automove(Automove::Horne);
/// let Verdict::Winnable(solution) = game.winnable(&Solver::new(Preset::Fast))? else {
///     panic!("an end game is winnable");
/// };
/// let mut replay = game.replay(&solution.moves)?;
/// let mut shown = Vec::new();
/// while let Some(step) = replay.step(&mut game)? {
///     // A game would animate `step.mv` here, and draw `game.board()`.
///     shown.push((step.notation, step.automatic));
/// }
/// // 2h sends KH home and uncovers QS, which Horne's rule sends home, and then KS.
/// assert_eq!(shown, [("1h".into(), false), ("2h".into(), false), ("2h".into(), true), ("1h".into(), true)]);
/// assert!(game.is_won());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Replay<const C: usize = BOARD_CASCADES, const F: usize = BOARD_CELLS> {
    steps: std::vec::IntoIter<ReplayStep>,
    /// The position the next step starts from.
    expected: BoardN<C, F>,
    /// The number of the last step played (0: none).
    played: usize,
}

impl<const C: usize, const F: usize> GameState<C, F> {
    /// Plans the replay of `moves`, a line of play from this position listing every move
    /// (as a [`Solution`](freecell_solver::Solution)'s moves do), under this game's
    /// auto-play rule. Nothing is played until [`Replay::step`].
    ///
    /// # Errors
    /// [`ReplayError::Moves`] when `moves` does not replay here with no automoves, naming the
    /// first illegal move; [`ReplayError::Automoves`] if one becomes illegal after an
    /// automove (see there).
    pub fn replay(&self, moves: &[Move]) -> Result<Replay<C, F>, ReplayError> {
        replay(self.board(), moves)?;
        let rule = self.automove();
        // `line` follows the moves as given; `ours` as the game will play them.
        let mut line = self.board().clone();
        let mut ours = self.board().clone();
        let mut steps = Vec::new();
        let mut automoves = Vec::new();
        for (index, &mv) in moves.iter().enumerate() {
            let already_home = moved_cards(&line, mv).all(|card| ours.is_home(card));
            line.apply_unchecked(mv);
            if already_home {
                continue;
            }
            let notation = ours.write_move(mv);
            ours.apply(mv).map_err(|error| ReplayError::Automoves { index, error })?;
            steps.push(ReplayStep { number: steps.len() + 1, mv, notation, automatic: false });
            // Found on a copy, then written one by one on the position before each.
            automoves.clear();
            ours.clone().apply_automoves(rule, &mut automoves);
            for &auto in &automoves {
                let notation = ours.write_move(auto);
                ours.apply_unchecked(auto);
                steps.push(ReplayStep { number: steps.len() + 1, mv: auto, notation, automatic: true });
            }
        }
        Ok(Replay { steps: steps.into_iter(), expected: self.board().clone(), played: 0 })
    }
}

/// The cards `mv`, a legal move on `board`, carries.
fn moved_cards<const C: usize, const F: usize>(
    board: &BoardN<C, F>,
    mv: Move,
) -> impl Iterator<Item = freecell_core::Card> + '_ {
    let (cell, cascade) = match mv.from().kind() {
        PileKind::Cell(i) => (board.cell(i), None),
        PileKind::Cascade(i) => (None, Some(board.cascade(i).take(usize::from(mv.count())))),
        PileKind::Foundation(_) => (None, None),
    };
    cell.into_iter().chain(cascade.into_iter().flatten())
}

impl<const C: usize, const F: usize> Replay<C, F> {
    /// Plays the next step into `game` and returns it; `None` when the replay is over.
    ///
    /// # Errors
    /// [`ReplayError::Diverged`] when `game` is not where this replay left it (or, for the
    /// first step, where it was planned); nothing is played.
    pub fn step(&mut self, game: &mut GameState<C, F>) -> Result<Option<ReplayStep>, ReplayError> {
        if self.steps.as_slice().is_empty() {
            return Ok(None);
        }
        if *game.board() != self.expected {
            return Err(ReplayError::Diverged { step: self.played });
        }
        let Some(step) = self.steps.next() else { return Ok(None) };
        // The plan replayed every step from this very position.
        game.play_step(step.mv, step.automatic).map_err(|_| ReplayError::Diverged { step: self.played })?;
        self.expected.apply_unchecked(step.mv);
        self.played = step.number;
        Ok(Some(step))
    }

    /// The steps left to play, in order.
    pub fn remaining(&self) -> &[ReplayStep] {
        self.steps.as_slice()
    }

    /// Whether every step has been played.
    pub fn is_finished(&self) -> bool {
        self.steps.as_slice().is_empty()
    }

    /// The rest of the replay as an iterator that plays each step into `game` as it yields
    /// it. It holds `game` for its whole walk, so nothing else can move the game meanwhile.
    ///
    /// # Errors
    /// [`ReplayError::Diverged`] when `game` is not where this replay left it.
    ///
    /// # Examples
    /// ```
    /// use freecell_engine::{Board, GameState, Preset, Solver};
    ///
    /// let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
    /// let mut game = GameState::new(board);
    /// let report = game.solve(&Solver::new(Preset::Fast))?;
    /// let solution = report.outcome.solution().expect("an end game is winnable");
    /// let played = game.replay(&solution.moves)?.on(&mut game)?.count();
    /// assert_eq!(played, 4);
    /// assert!(game.is_won());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn on(self, game: &mut GameState<C, F>) -> Result<ReplayOn<'_, C, F>, ReplayError> {
        if !self.is_finished() && *game.board() != self.expected {
            return Err(ReplayError::Diverged { step: self.played });
        }
        Ok(ReplayOn { replay: self, game })
    }
}

/// The iterator of [`Replay::on`]: each `next` plays one step into the game.
#[derive(Debug)]
pub struct ReplayOn<'a, const C: usize = BOARD_CASCADES, const F: usize = BOARD_CELLS> {
    replay: Replay<C, F>,
    game: &'a mut GameState<C, F>,
}

impl<const C: usize, const F: usize> ReplayOn<'_, C, F> {
    /// The steps left to play.
    pub fn remaining(&self) -> &[ReplayStep] {
        self.replay.remaining()
    }
}

impl<const C: usize, const F: usize> Iterator for ReplayOn<'_, C, F> {
    type Item = ReplayStep;

    fn next(&mut self) -> Option<ReplayStep> {
        // The game cannot have moved: this iterator holds it. Should the plan ever disagree
        // with the rules, the walk ends rather than showing an impossible position.
        self.replay.step(self.game).ok().flatten()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.replay.remaining().len()))
    }
}

impl<const C: usize, const F: usize> FusedIterator for ReplayOn<'_, C, F> {}
