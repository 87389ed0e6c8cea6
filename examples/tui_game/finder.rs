//! "A random winnable deal": seeded random deal numbers, each solved in the background with
//! a short budget, until one is proved winnable.

use std::time::Duration;

use freecell_engine::freecell_deals::{DealRange, SplitMix64};
use freecell_engine::{DealNumber, Outcome, Preset, Solution, SolveHandle, Solver};

/// The deals drawn from: Microsoft's original 32,000, the ones Windows FreeCell offered.
const RANGE: DealRange = DealRange::MS_32K;

/// How long one candidate may take. `fast` solves most deals in milliseconds; a deal it
/// cannot solve this quickly is skipped, not shown.
const BUDGET: Duration = Duration::from_secs(2);

/// The search for a winnable deal: the candidate being solved and how many came before.
#[derive(Debug)]
pub(crate) struct Finder {
    candidate: DealNumber,
    /// The candidate's solve, or why it could not be started.
    handle: Result<SolveHandle, String>,
    tried: usize,
}

/// What the finder has to say after a poll.
#[derive(Debug)]
pub(crate) enum Found {
    /// Still solving the candidate (or a new one).
    Searching,
    /// This deal is winnable, by this solution.
    Winnable(DealNumber, Solution),
    /// The solver could not be started; the text says why.
    Failed(String),
}

impl Finder {
    /// Draws the first candidate from `rng` and starts solving it.
    pub(crate) fn start(rng: &mut SplitMix64) -> Finder {
        let (candidate, handle) = draw(rng);
        Finder { candidate, handle, tried: 1 }
    }

    /// The deal being solved.
    pub(crate) fn candidate(&self) -> DealNumber {
        self.candidate
    }

    /// How many deals were drawn so far, this one included.
    pub(crate) fn tried(&self) -> usize {
        self.tried
    }

    /// Takes the candidate's answer if it has come: a win ends the search, anything else
    /// (lost, undecided, a solver failure) draws the next candidate from `rng`.
    pub(crate) fn poll(&mut self, rng: &mut SplitMix64) -> Found {
        let handle = match &mut self.handle {
            Ok(handle) => handle,
            Err(error) => return Found::Failed(error.clone()),
        };
        let Some(result) = handle.try_result() else { return Found::Searching };
        if let Ok(report) = result
            && let Outcome::Solved(solution) = report.outcome
        {
            return Found::Winnable(self.candidate, solution);
        }
        (self.candidate, self.handle) = draw(rng);
        self.tried += 1;
        Found::Searching
    }
}

/// A deal drawn from [`RANGE`], and its solve started (or why it could not be).
fn draw(rng: &mut SplitMix64) -> (DealNumber, Result<SolveHandle, String>) {
    let offset = rng.below(RANGE.len());
    let deal = DealNumber::new(RANGE.first().get() + offset).expect("first + an offset below len is in the range");
    let solve = Solver::new(Preset::Fast).timeout(BUDGET).spawn(deal.board()).map_err(|error| error.to_string());
    (deal, solve)
}
