//! The solver's help from the position on the table: is the game still winnable, a hint,
//! a solution, and a hint computed on a background thread that a game polls each frame.

use std::time::Duration;

use freecell_core::{BOARD_CASCADES, BOARD_CELLS, BoardN};
use freecell_solver::{Hint, Outcome, Progress, Reason, Solution, SolveError, SolveHandle, SolveReport, Solver};

use crate::GameState;

/// Whether a game can still be won, from [`GameState::winnable`]. Never a guess: a game is
/// [`Lost`](Verdict::Lost) only when the solver proved it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub enum Verdict {
    /// Winnable: a solution from the position on the table, verified by replaying it,
    /// every move listed (automoves included).
    Winnable(Solution),
    /// Lost: no sequence of legal moves wins from here (the solver searched them all).
    Lost,
    /// Not known: the solver stopped first (a limit, a cancel), or its search cannot prove
    /// a position lost.
    Undecided(Reason),
}

impl From<Outcome> for Verdict {
    /// The verdict of a solve's outcome, as a [`Hint`]'s report carries it: solved is
    /// winnable, unsolvable (proved) is lost.
    ///
    /// ```
    /// use freecell_engine::{Outcome, Verdict};
    /// assert_eq!(Verdict::from(Outcome::Unsolvable), Verdict::Lost);
    /// ```
    fn from(outcome: Outcome) -> Verdict {
        match outcome {
            Outcome::Solved(solution) => Verdict::Winnable(solution),
            Outcome::Unsolvable => Verdict::Lost,
            Outcome::Undecided(reason) => Verdict::Undecided(reason),
        }
    }
}

impl<const C: usize, const F: usize> GameState<C, F> {
    /// Whether the game can still be won from the position on the table, with a solution
    /// when it can.
    ///
    /// The answer is only as certain as `solver` can make it: `fast` proves a position lost
    /// by exhausting it, which for a whole deal takes a few hundred thousand positions (MS
    /// deal 11982, which no one can win, about 200,000); give the solver a limit
    /// ([`Solver::max_nodes`], [`Solver::timeout`]) and a long search ends
    /// [`Undecided`](Verdict::Undecided).
    ///
    /// # Errors
    /// [`SolveError`] only for a bug of the solver.
    ///
    /// # Examples
    /// ```
    /// use freecell_engine::{Board, GameState, Preset, Rules, Solver, Verdict};
    ///
    /// // No free cell, three cascades, each with a card on top that cannot go anywhere.
    /// let rules = Rules { free_cells: 0, cascades: 3, ..Rules::freecell() };
    /// let text = "Foundations: C-K D-K H-9 S-9\nTH KS\nTS KH\nJH QS JS QH\n";
    /// let game = GameState::new(Board::parse_with_rules(text, rules)?);
    /// assert_eq!(game.winnable(&Solver::new(Preset::Fast))?, Verdict::Lost);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winnable(&self, solver: &Solver) -> Result<Verdict, SolveError> {
        Ok(self.solve(solver)?.outcome.into())
    }

    /// The next move of a solution from the position on the table, with the solve it comes
    /// from; [`Hint::next`] is `None` when the game is won or no solution was found (the
    /// report says which). Hints followed play one solution to its end, here and in
    /// [`spawn_hint`](Self::spawn_hint): the solver keeps the solutions of its last hints
    /// ([`Solver::hint`]).
    ///
    /// # Errors
    /// [`SolveError`] only for a bug of the solver.
    pub fn hint(&self, solver: &Solver) -> Result<Hint, SolveError> {
        solver.hint(self.board())
    }

    /// Solves from the position on the table. The solution's moves replay with no
    /// automoves; [`replay`](GameState::replay) plays them into the game under its
    /// auto-play rule.
    ///
    /// # Errors
    /// [`SolveError`] only for a bug of the solver.
    pub fn solve(&self, solver: &Solver) -> Result<SolveReport, SolveError> {
        solver.solve(self.board())
    }

    /// Starts computing a hint on a background thread and returns at once; poll the handle
    /// each frame with [`BackgroundHint::poll`].
    ///
    /// The hint belongs to the position on the table now: once the player moves,
    /// [`BackgroundHint::is_for`] says so, and dropping the handle stops the search. A
    /// hint with no move says why in its report: `Verdict::from(hint.report.outcome)` is
    /// [`Verdict::Lost`] when the solver proved the game lost, which a game polling a hint
    /// each move can show as a warning.
    ///
    /// # Errors
    /// [`SolveError::Spawn`] when the operating system refuses a thread.
    ///
    /// # Examples
    /// ```
    /// use std::time::Duration;
    /// use freecell_engine::{GameState, Preset, Solver};
    ///
    /// let game = GameState::deal(617)?;
    /// let solver = Solver::new(Preset::Fast).timeout(Duration::from_secs(10));
    /// let mut pending = game.spawn_hint(&solver)?;
    /// let hint = loop {
    ///     if let Some(hint) = pending.poll() {
    ///         break hint?;
    ///     }
    ///     std::thread::sleep(Duration::from_millis(1)); // a game draws a frame here
    /// };
    /// assert!(pending.is_for(&game));
    /// let next = hint.next.expect("deal 617 is winnable");
    /// assert!(game.board().check(next).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn spawn_hint(&self, solver: &Solver) -> Result<BackgroundHint<C, F>, SolveError> {
        let handle = solver.spawn_hint(self.board().clone())?;
        Ok(BackgroundHint { handle, board: self.board().clone() })
    }
}

/// A hint being computed on a background thread, from [`GameState::spawn_hint`].
///
/// Dropping it stops the search (within about a millisecond) without blocking.
#[derive(Debug)]
pub struct BackgroundHint<const C: usize = BOARD_CASCADES, const F: usize = BOARD_CELLS> {
    handle: SolveHandle,
    /// The position the hint is for.
    board: BoardN<C, F>,
}

impl<const C: usize, const F: usize> BackgroundHint<C, F> {
    /// The hint once it is ready, without blocking: `None` while the search runs. The
    /// answer is handed out once; later calls return
    /// `Some(Err(SolveError::ResultTaken))`.
    pub fn poll(&mut self) -> Option<Result<Hint, SolveError>> {
        Some(self.handle.try_result()?.map(Hint::from))
    }

    /// Waits at most `limit` for the hint; on time out, cancels the search and returns
    /// what it found by then ([`Hint::next`] `None`, the report
    /// [`Undecided`](Verdict::Undecided) with [`Reason::Cancelled`], if nothing). For a game
    /// that can spare a frame's time, or a test.
    ///
    /// # Errors
    /// [`SolveError`] for a bug of the solver, or [`SolveError::ResultTaken`] when the
    /// hint was already handed out.
    pub fn wait(&mut self, limit: Duration) -> Result<Hint, SolveError> {
        self.handle.wait(limit).map(Hint::from)
    }

    /// Whether the hint is for the position `game` is in now (false once a move was
    /// played, undone or redone to another position).
    pub fn is_for(&self, game: &GameState<C, F>) -> bool {
        *game.board() == self.board
    }

    /// The position the hint is for.
    pub fn board(&self) -> &BoardN<C, F> {
        &self.board
    }

    /// The search's counters so far, to show progress; never blocks.
    pub fn progress(&self) -> Progress {
        self.handle.progress()
    }

    /// Stops the search; [`poll`](Self::poll) then returns a report
    /// [`Undecided`](Verdict::Undecided) with [`Reason::Cancelled`] within about a
    /// millisecond. Never blocks.
    pub fn cancel(&self) {
        self.handle.cancel();
    }
}
