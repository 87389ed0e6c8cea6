//! The background solve of the position on the table. One solve answers three questions:
//! can the game still be won (the warning when it cannot), what is the next move (the
//! hint), and how does it end (the auto-solve). It is the engine's background hint
//! ([`GameState::spawn_hint`]), which the game polls once a frame and never waits for.

use std::time::Duration;

use freecell_engine::{BackgroundHint, GameState, Preset, Solution, SolveError, Solver, Verdict};

/// How long a position is analysed before the game gives up on it. `fast` proves a lost
/// deal lost by exhausting its positions (MS 11982: about 200,000, 3 s in a debug build),
/// so the budget leaves room for that.
const BUDGET: Duration = Duration::from_secs(20);

/// What is known of the position's future.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outlook {
    /// The solve is running.
    Checking,
    /// The solver's answer: winnable (with a solution from here), lost (proved), or
    /// undecided (it gave up).
    Known(Verdict),
    /// The solver could not run.
    Failed(SolveError),
}

/// The solver every analysis of a game uses: `fast` within [`BUDGET`]. One solver for the
/// whole game, so each solve reuses the memory the ones before it grew (the solver's
/// "warm caches").
pub(crate) fn solver() -> Solver {
    Solver::new(Preset::Fast).timeout(BUDGET)
}

/// The solve of one position and what it has found so far.
#[derive(Debug)]
pub(crate) struct Analysis {
    pending: Option<BackgroundHint>,
    outlook: Outlook,
}

impl Analysis {
    /// Starts analysing `game`'s position in the background with `solver` (see
    /// [`solver`]).
    pub(crate) fn start(game: &GameState, solver: &Solver) -> Analysis {
        match game.spawn_hint(solver) {
            Ok(pending) => Analysis { pending: Some(pending), outlook: Outlook::Checking },
            Err(error) => Analysis { pending: None, outlook: Outlook::Failed(error) },
        }
    }

    /// An analysis already done: the position is won by `solution` (a random deal proved
    /// winnable, say).
    pub(crate) fn solved(solution: Solution) -> Analysis {
        Analysis { pending: None, outlook: Outlook::Known(Verdict::Winnable(solution)) }
    }

    /// Takes the solve's answer if it has come; returns whether the outlook changed.
    pub(crate) fn poll(&mut self) -> bool {
        let Some(result) = self.pending.as_mut().and_then(BackgroundHint::poll) else {
            return false;
        };
        self.pending = None;
        self.outlook = match result {
            Ok(hint) => Outlook::Known(hint.report.outcome.into()),
            Err(error) => Outlook::Failed(error),
        };
        true
    }

    /// What is known so far.
    pub(crate) fn outlook(&self) -> &Outlook {
        &self.outlook
    }
}
