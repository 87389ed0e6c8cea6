//! Difficulty: the fewest free cells a position needs, how narrow its winning path is, a
//! tier from both, and winnable deals of a tier on demand.
//!
//! - [`Ladder`] solves a position with 0 to 8 free cells, the other rules unchanged, until
//!   the fewest cells it is won with are known: a verified solution at that rung and a
//!   proved loss (an exhaustive search, [`Outcome::Unsolvable`]) at the rung below. One
//!   proof covers every rung beneath, since a solution with `k` cells is one with `k + 1`.
//!   A rung left undecided within the solver's limits is reported as such, never guessed.
//! - [`Narrowness`] samples positions along the solution and counts, at each, the moves
//!   after which the game is still winnable.
//! - [`Tier`] combines them (the formula is in [`Tier::of`]).
//! - [`Rater`] runs all three with one budget per rung and per sampled move, and
//!   [`WinnableDeals`] draws seeded random deals until one of the asked tier is won.
//!
//! Everything takes the position's own [`Rules`](freecell_core::Rules) and varies only the
//! free cells, so it serves every game of the FreeCell family that the core rules express,
//! on a board of either width: a [`Board`](freecell_core::Board) or a
//! [`WideBoard`](freecell_core::WideBoard) (a caller holding a [`GameBoard`](crate::GameBoard)
//! rates the board inside it).
//!
//! # Examples
//! ```
//! use freecell_deals::DealNumber;
//! use freecell_solver::difficulty::{Rater, Tier};
//! use freecell_solver::{Preset, Solver};
//!
//! let rater = Rater::new(Solver::new(Preset::Fast));
//! // MS 1941, among the deals players list as hardest: won with four cells, lost with three.
//! let board = DealNumber::new(1941).expect("a deal").board();
//! let rating = rater.rate(&board)?;
//! assert_eq!(rating.ladder.min_free_cells(), Some(4));
//! assert_eq!(rating.ladder.lost_with(), Some(3));
//! assert_eq!(rating.tier, Some(Tier::Expert));
//! // The end game of the crate's examples needs no cell at all.
//! let end: freecell_core::Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
//! assert_eq!(rater.ladder(&end)?.min_free_cells(), Some(0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod ladder;
mod narrow;
mod tier;
mod winnable;

pub use ladder::{Ladder, Rung, with_free_cells};

use ladder::Rungs;
pub use narrow::{Narrowness, Sample};
pub use tier::{ParseTierError, Tier};

use narrow::Bounds;
use tier::Points;
pub use winnable::{LostTierError, WinnableDeal, WinnableDeals};

use freecell_core::BoardN;

use crate::{Outcome, SolveError, Solver};

/// The positions sampled along a solution by default (see [`Rater::samples`]).
pub const SAMPLES: usize = 8;
/// The expansions a sampled move's solve may take by default (see [`Rater::sample_nodes`]).
pub const SAMPLE_NODES: u64 = 20_000;
/// The expansions a rung's solve may take by default (see [`Rater::rung_nodes`]).
///
/// Without a cap a few deals in ten thousand take one proof of tens of gigabytes (MS 982
/// with two cells: about 77 million positions, 7.8 GB resident before it was stopped).
/// Thirty million expansions, about 0.9 GB of proof, trade the two figures a census of
/// many deals is held to, time and undecided deals: MS 1–32,000 rated in 1,530 s on two
/// cores with 24 deals undecided (0.075 %); 40 million decide 6 of them for about 160 s
/// more (`docs/results/difficulty.md`); `--max-nodes` (or [`Rater::rung_nodes`]) raises
/// it for a deal that needs more. A count, not seconds or bytes, so that a rating does not
/// depend on the machine or its load.
pub const RUNG_NODES: u64 = 30_000_000;

/// Rates positions: a [`Ladder`], then [`Narrowness`] along the solution with the
/// position's own cells, then the [`Tier`].
///
/// Each rung is one solve with the solver's limits and at most
/// [`rung_nodes`](Self::rung_nodes) expansions (a rung below the own cells that outgrows
/// 4 million expansions is then tried with the greedy searches of the `fast` preset's own
/// schedule for 7 million, which win what its capped greedy stage misses, before the first
/// solve's proof goes on,
/// the cap counting both: see [`Ladder::climb`]); each move of a sampled position one
/// solve with at most [`sample_nodes`](Self::sample_nodes) expansions.
#[derive(Clone, Debug)]
pub struct Rater {
    solver: Solver,
    samples: usize,
    sample_nodes: u64,
    rung_nodes: Option<u64>,
}

/// What [`Rater::rate`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The fewest free cells.
    pub ladder: Ladder,
    /// The samples along the solution with the position's own cells; `None` when that rung
    /// was not won.
    pub narrowness: Option<Narrowness>,
    /// The tier; `None` when a rung it depends on was left undecided.
    pub tier: Option<Tier>,
}

impl Rating {
    /// The solution with the position's own free cells, which the narrowness was sampled
    /// along.
    pub fn solution<const C: usize, const F: usize>(&self, board: &BoardN<C, F>) -> Option<&crate::Solution> {
        self.ladder.solution_at(board.rules().free_cells)
    }
}

impl Rater {
    /// A rater solving with `solver` ([`Preset::Fast`](crate::Preset::Fast) is the one
    /// made for this: it proves losses), [`SAMPLES`] samples of at most [`SAMPLE_NODES`]
    /// expansions a move, at most [`RUNG_NODES`] expansions a rung.
    ///
    /// `fast` rates with evaluations of its own, pinned: the narrowness is sampled along
    /// the solution found, so evaluations tuned for speed would change the ratings.
    pub fn new(solver: Solver) -> Rater {
        Rater {
            solver: solver.pinned_evaluations(),
            samples: SAMPLES,
            sample_nodes: SAMPLE_NODES,
            rung_nodes: Some(RUNG_NODES),
        }
    }

    /// The positions sampled along the solution (0: no narrowness, and no tier).
    pub fn samples(mut self, n: usize) -> Rater {
        self.samples = n;
        self
    }

    /// The expansions each sampled move's solve may take.
    pub fn sample_nodes(mut self, n: u64) -> Rater {
        self.sample_nodes = n;
        self
    }

    /// The expansions each rung's solve may take ([`RUNG_NODES`] by default; `None`: only
    /// the solver's own limits), or the solver's own node limit when lower. A rung stopped
    /// there is undecided ([`Outcome::Undecided`]), never lost, and so is every rung it
    /// leaves open ([`Ladder::undecided`]).
    ///
    /// # Examples
    /// ```
    /// use freecell_deals::DealNumber;
    /// use freecell_solver::difficulty::Rater;
    /// use freecell_solver::{Preset, Solver};
    /// let board = DealNumber::new(3).expect("a deal").board();
    /// let rater = Rater::new(Solver::new(Preset::Fast));
    /// assert_eq!(rater.ladder(&board)?.min_free_cells(), Some(2));
    /// // A single expansion decides no rung of a deal: every rung is left open.
    /// let capped = rater.rung_nodes(Some(1)).ladder(&board)?;
    /// assert_eq!((capped.min_free_cells(), capped.undecided()), (None, (0..=8).collect()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rung_nodes(mut self, n: Option<u64>) -> Rater {
        self.rung_nodes = n;
        self
    }

    /// The solver of the rungs.
    pub fn solver(&self) -> &Solver {
        &self.solver
    }

    /// The fewest free cells of `board` (see [`Ladder::climb`]), each rung capped at
    /// [`rung_nodes`](Self::rung_nodes).
    ///
    /// # Errors
    /// [`SolveError`] only for a bug of the solver.
    pub fn ladder<const C: usize, const F: usize>(&self, board: &BoardN<C, F>) -> Result<Ladder, SolveError> {
        Ladder::climb_to(&self.rungs(), board, 0)
    }

    /// The rungs' solver and cap.
    fn rungs(&self) -> Rungs<'_> {
        Rungs { solver: &self.solver, cap: self.rung_nodes }
    }

    /// The ladder, the narrowness along the solution with the board's own cells, and the
    /// tier.
    ///
    /// # Errors
    /// [`SolveError`] only for a bug of the solver.
    pub fn rate<const C: usize, const F: usize>(&self, board: &BoardN<C, F>) -> Result<Rating, SolveError> {
        self.rate_unless(board, |_| false)
    }

    /// [`rate`](Self::rate), but passing over `board` (a rating with no narrowness and no
    /// tier, and perhaps not all of the ladder) when `skip` says no tier in a range is of use:
    /// asked before each sampled move is judged, with the least and the most tier the
    /// measures so far leave open (a tier's points only add up), and with the tiers the
    /// samples leave. A rating it does not pass over is `rate`'s.
    pub(crate) fn rate_unless<const C: usize, const F: usize>(
        &self,
        board: &BoardN<C, F>,
        skip: impl Fn((Tier, Tier)) -> bool,
    ) -> Result<Rating, SolveError> {
        let own = board.rules().free_cells;
        // Two spare cells score as many points as more, and the rung with two fewer cells
        // is often a proof, as costly as the samples: it is solved after them, and only
        // when they leave the tier asked open. The rungs below are solved only for a
        // rating kept.
        let rungs = self.rungs();
        let mut ladder = Ladder::climb_to(&rungs, board, own.saturating_sub(1))?;
        if fewest_for_tier(&ladder, own).is_none() {
            ladder.descend(&rungs, board, 0)?;
        }
        let mut passed = false;
        let narrowness = match (ladder.solution_at(own).cloned(), fewest_for_tier(&ladder, own)) {
            (Some(solution), Some((most_spare, least_spare))) if self.samples > 0 => {
                let len = solution.len();
                let (least, most) = (Points::new(own, most_spare, len), Points::new(own, least_spare, len));
                let go_on = |bounds: Bounds| {
                    let (share, forced) = (bounds.losing_share, bounds.forced);
                    !skip((least.tier(share.0, forced.0), most.tier(share.1, forced.1)))
                };
                // A sample needs only the verdict: no shortening of the solutions.
                let solver = self.solver.clone().max_nodes(self.sample_nodes).shorten(false);
                let narrowness = Narrowness::measure_while(&solver, board, &solution, self.samples, go_on)?;
                let left = |ladder: &Ladder, n: &Narrowness| {
                    let (most_spare, least_spare) = fewest_for_tier(ladder, own)?;
                    Some((Tier::of(own, most_spare, n, len)?, Tier::of(own, least_spare, n, len)?))
                };
                passed = match &narrowness {
                    None => true,
                    Some(n) if left(&ladder, n).is_some_and(&skip) => true,
                    Some(n) => {
                        ladder.descend(&rungs, board, own.saturating_sub(2))?;
                        left(&ladder, n).is_some_and(&skip)
                    }
                };
                narrowness
            }
            _ => None,
        };
        if passed {
            return Ok(Rating { ladder, narrowness: None, tier: None });
        }
        ladder.descend(&rungs, board, 0)?;
        let min = ladder.min_free_cells();
        // As `rate` has it: samples only along a ladder whose fewest cells are known.
        let narrowness = narrowness.filter(|_| min.is_some());
        let tier = match ladder.rungs().iter().find(|rung| rung.free_cells == own).map(|rung| &rung.outcome) {
            Some(Outcome::Unsolvable) => Some(Tier::Lost),
            Some(Outcome::Solved(solution)) => match (min, &narrowness) {
                (Some(min), Some(narrowness)) => Tier::of(own, min, narrowness, solution.len()),
                _ => None,
            },
            _ => None,
        };
        Ok(Rating { ladder, narrowness, tier })
    }
}

/// The fewest free cells of a partly climbed ladder as far as [`Tier::of`] tells them
/// apart, as the most and the least spare cells they may leave: the fewest when known; the
/// lowest rung won when it leaves two spare cells (fewer score as many points); with one
/// spare cell won and the rung below not tried, both. `None` otherwise.
fn fewest_for_tier(ladder: &Ladder, own: u8) -> Option<(u8, u8)> {
    if let Some(min) = ladder.min_free_cells() {
        return Some((min, min));
    }
    let (won, _) = ladder.solution()?;
    if won + 2 <= own {
        Some((won, won))
    } else if won + 1 == own && won > ladder.floor() && ladder.rungs().iter().all(|rung| rung.free_cells != won - 1) {
        Some((won - 1, won))
    } else {
        None
    }
}
