//! "A random winnable deal": seeded random deal numbers, each solved in the background with
//! a short budget, until one is proved winnable.

use std::time::Duration;

use freecell_engine::{DealNumber, Outcome, Solution, SolveHandle, Solver};
use freecell_engine::{DealRange, SplitMix64};

/// The deals drawn from: Microsoft's original 32,000, the ones Windows FreeCell offered.
const RANGE: DealRange = DealRange::MS_32K;

/// How long one candidate may take. `fast` solves most deals in milliseconds; a deal it
/// cannot solve this quickly is skipped, not shown.
const BUDGET: Duration = Duration::from_secs(2);

/// The search for a winnable deal: the candidate being solved and how many came before.
#[derive(Debug)]
pub(crate) struct Finder {
    /// The game's solver, limited to [`BUDGET`] a deal.
    solver: Solver,
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
    /// Draws the first candidate from `rng` and starts solving it with a clone of
    /// `solver` (which shares its warm caches) limited to [`BUDGET`].
    pub(crate) fn start(rng: &mut SplitMix64, solver: &Solver) -> Finder {
        let solver = solver.clone().timeout(BUDGET);
        let (candidate, handle) = draw(rng, &solver);
        Finder { solver, candidate, handle, tried: 1 }
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
        (self.candidate, self.handle) = draw(rng, &self.solver);
        self.tried += 1;
        Found::Searching
    }
}

/// A deal drawn from [`RANGE`], and its solve by `solver` started (or why it could not be).
fn draw(rng: &mut SplitMix64, solver: &Solver) -> (DealNumber, Result<SolveHandle, String>) {
    let offset = rng.below(RANGE.len());
    let deal = DealNumber::new(RANGE.first().get() + offset).expect("first + an offset below len is in the range");
    (deal, solver.spawn(deal.board()).map_err(|error| error.to_string()))
}

#[cfg(test)]
mod tests {
    use freecell_engine::Preset;

    use super::*;

    #[test]
    fn a_seed_draws_the_same_deals_every_time() {
        let draws = |seed| {
            let mut rng = SplitMix64::new(seed);
            let solver = Solver::new(Preset::Fast);
            (0..5).map(|_| draw(&mut rng, &solver).0).collect::<Vec<_>>()
        };
        let deals = draws(7);
        assert_eq!(deals, draws(7));
        assert_ne!(deals, draws(8));
        assert!(deals.iter().all(|deal| RANGE.contains(*deal)), "{deals:?}");
    }

    #[test]
    fn the_search_ends_on_a_deal_it_solved() {
        let mut rng = SplitMix64::new(7);
        let mut finder = Finder::start(&mut rng, &Solver::new(Preset::Fast));
        let started = std::time::Instant::now();
        let (deal, solution) = loop {
            match finder.poll(&mut rng) {
                Found::Searching => std::thread::sleep(Duration::from_millis(1)),
                Found::Winnable(deal, solution) => break (deal, solution),
                Found::Failed(error) => panic!("{error}"),
            }
            assert!(started.elapsed() < Duration::from_mins(1), "no winnable deal after {} tries", finder.tried());
        };
        assert!(crate::testing::verified(&deal.board(), &solution.moves).is_won());
    }
}
