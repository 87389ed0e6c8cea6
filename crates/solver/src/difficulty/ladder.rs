//! The fewest free cells: a position solved, or proved lost, under the same rules with 0 to
//! 8 free cells, one rung of a ladder at a time.
//!
//! Fewer cells can only lose more: a position with `k` cells is one with `k + 1` in which
//! the last cell stays empty, so a solution with `k` cells plays unchanged with `k + 1`
//! (a sequence move's capacity only grows with the empty cells). Hence one solution at `k`
//! answers every rung above, one proved loss at `k − 1` every rung beneath, and the fewest
//! cells are known exactly when the rungs won and lost meet.

use std::borrow::Cow;

use freecell_core::BoardN;

/// The top rung: 8 free cells, the most FreeCell Pro offers and a `Board` holds (or the
/// position's own cells, when it has more).
const TOP_RUNG: u8 = 8;

use crate::caches::Caches;
use crate::solver::combine;
use crate::{Outcome, Reason, Solution, SolveError, SolveReport, SolveStats, Solver};

/// The expansions the `fast` preset's greedy stage gets on a rung below the position's own
/// cells before its proof decides ([`Solver::greedy_nodes`]): about what the first round of
/// its default schedule (150 MB) gives it, which solves nearly every won rung.
const BELOW_OWN_GREEDY_NODES: u64 = 1_000_000;

/// The expansions of a rung below the own cells after which, undecided, it is tried with
/// the `fast` preset's own schedule ([`WIN_ATTEMPT_NODES`]) before its proof goes on: every
/// lost rung of MS 1–1,000 but one (MS 982 with two cells, 77 million positions) is proved
/// within them (the largest, MS 891 with two cells, in 3.5 million).
const FIRST_ATTEMPT_NODES: u64 = 4_000_000;

/// The expansions of that attempt, its greedy searches alone, from the schedule's second
/// round (the first attempt ran the first round's greedy stage): their rounds with more
/// memory each win the rungs the capped greedy stage misses and the proof reaches only
/// late or never. With the schedule's proofs in their turns, as before, MS 209, 267, 6290,
/// 9787 and 12284 were won by its third round's greedy searches (600 MB) after 8.4 to 9.4
/// million expansions, which include the first round's greedy stage (0.9 million, the
/// first attempt's) and the proofs of the first two rounds (37.5 and 75 MB: 3.0 to 3.8
/// million, walked anyway by the first attempt's proof, resumed); the greedy rounds from the second win them after
/// 4.1 to 5.3 million (MS 12284 the last), and MS 5963, 7539, 8654, 11230, 11841, 13996,
/// 27734 and 29027 after 0.6 to 2.6 million. 7 million holds every greedy expansion that
/// 10 million held with the proofs, with a million to spare (at most 6.04 million, for MS
/// 209, whose first round and first two proofs took 4.0 million); with 5 million, as with
/// the proofs, the third round's wins would fall to the breadth-first proof, which reaches
/// them late or never.
const WIN_ATTEMPT_NODES: u64 = 7_000_000;

/// How a [`Ladder`]'s rungs are solved: the solver, and at most `cap` expansions a rung
/// when set (or the solver's own limit, when lower).
pub(crate) struct Rungs<'a> {
    pub(crate) solver: &'a Solver,
    pub(crate) cap: Option<u64>,
}

impl Rungs<'_> {
    /// The solver of `rung`, the rung of `board` with other free cells.
    fn solver_for<const C: usize, const F: usize>(&self, board: &BoardN<C, F>, rung: &BoardN<C, F>) -> Cow<'_, Solver> {
        let mut solver = Cow::Borrowed(self.solver);
        // Below its own cells a position is often lost (the rung under the fewest always
        // is): the greedy stage gets what it solves a won rung in, with proof attempts as
        // its searches run out of positions, then the proof decides with all the memory
        // at once (see `Solver::greedy_nodes`).
        if rung.rules().free_cells < board.rules().free_cells {
            solver = Cow::Owned(solver.into_owned().greedy_nodes(BELOW_OWN_GREEDY_NODES));
        }
        if let Some(cap) = self.cap
            && solver.node_limit_for(rung).is_none_or(|own| own > cap)
        {
            solver = Cow::Owned(solver.into_owned().max_nodes(cap));
        }
        solver
    }

    /// Solves `rung`, the rung of `board` with other free cells.
    ///
    /// A rung below the own cells that outgrows [`FIRST_ATTEMPT_NODES`] is either a large
    /// lost space or a won one whose win the capped greedy stage missed, which the proof,
    /// breadth first, finds late or not within the cap. So it gets the greedy searches of
    /// the `fast` preset's own schedule for [`WIN_ATTEMPT_NODES`] (without its proofs,
    /// which would walk again what the first attempt's proof stored), then the first
    /// attempt's proof goes on, to the whole cap for the two (the rung's expansions are
    /// those of all three). A loss the
    /// cap holds is proved as before the attempts; the proofs of these solves end once the
    /// cap can no longer hold the loss (see [`Solver::greedy_nodes`]), so a rung larger
    /// than the cap stops there instead of at the cap, and only a win that the
    /// breadth-first proof would reach after that point, and no attempt finds, is left
    /// undecided.
    fn solve<const C: usize, const F: usize>(
        &self,
        board: &BoardN<C, F>,
        rung: &BoardN<C, F>,
    ) -> Result<SolveReport, SolveError> {
        let solver = self.solver_for(board, rung);
        let below_own = rung.rules().free_cells < board.rules().free_cells;
        let cap = solver.node_limit_for(rung);
        if !below_own || cap.is_some_and(|cap| cap <= FIRST_ATTEMPT_NODES) {
            return solver.solve(rung);
        }
        // The first attempt's cache set is held out of the pool, so that its proof can go on.
        let mut caches = solver.take_caches();
        let report = self.attempts(&solver, rung, cap, &mut caches);
        solver.give_back_caches(caches);
        report
    }

    /// The attempts of [`solve`](Self::solve) on `rung` with `solver`, capped at `cap`
    /// (`None`: no cap), the first attempt and the last solve in `caches`.
    fn attempts<const C: usize, const F: usize>(
        &self,
        solver: &Solver,
        rung: &BoardN<C, F>,
        cap: Option<u64>,
        caches: &mut Caches<C, F>,
    ) -> Result<SolveReport, SolveError> {
        // Only the node limit goes on: a stop, the time or the memory would stop the solve
        // under the whole cap too.
        let decided = |report: &SolveReport| report.outcome != Outcome::Undecided(Reason::NodeLimit);
        let first = solver.clone().max_nodes(FIRST_ATTEMPT_NODES).solve_in(rung, None, caches)?;
        if decided(&first) {
            return Ok(first);
        }
        let win_nodes = cap.map_or(WIN_ATTEMPT_NODES, |cap| cap.min(WIN_ATTEMPT_NODES));
        // In a set of its own, freed before the proof goes on: the pool would keep it idle
        // beside the proof's.
        let schedule =
            self.solver.clone().greedy_only().max_nodes(win_nodes).solve_in(rung, None, &mut Caches::default())?;
        let spent = spent_on(first.stats, &schedule.stats);
        // Undecided for its limits or out of positions, it leaves the rung to the proof; a
        // stop (time, cancel) ends the rung.
        let handed_on =
            matches!(schedule.outcome, Outcome::Undecided(Reason::NodeLimit | Reason::MemoryLimit | Reason::Pruned));
        if !handed_on {
            return Ok(SolveReport { outcome: schedule.outcome, stats: spent });
        }
        // The schedule's greedy searches, the capped greedy stage's with more expansions,
        // found no win: the first attempt's proof goes on alone, to what is left of the cap.
        if let Some(fast) = caches.fast.as_mut() {
            fast.resume_proof();
        }
        let last = match cap.map(|cap| cap.saturating_sub(first.stats.search.expanded)) {
            Some(left) => solver.clone().max_nodes(left).solve_in(rung, None, caches)?,
            None => solver.solve_in(rung, None, caches)?,
        };
        Ok(SolveReport { outcome: last.outcome, stats: spent_on(spent, &last.stats) })
    }
}

/// `spent` and `more`, the costs of two solves of one rung, added up.
fn spent_on(spent: SolveStats, more: &SolveStats) -> SolveStats {
    SolveStats {
        search: combine(spent.search, more.search),
        elapsed: spent.elapsed + more.elapsed,
        reused_bytes: spent.reused_bytes.max(more.reused_bytes),
        bounds: more.bounds.or(spent.bounds),
    }
}

/// One rung of a [`Ladder`]: the position solved with `free_cells` cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rung {
    /// The free cells of the rung.
    pub free_cells: u8,
    /// What the solve found, a solution verified on the position with these cells.
    pub outcome: Outcome,
    /// What the solve cost.
    pub stats: SolveStats,
}

/// The fewest free cells with which a position can be won: the rungs solved, in the order
/// they were tried, and what they prove.
///
/// Rungs below [`floor`](Self::floor), the cards the position holds in its cells, do not
/// exist (the position cannot be set up with fewer cells) and are never tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ladder {
    rungs: Vec<Rung>,
    floor: u8,
    /// The most cells tried: [`TOP_RUNG`], or the position's own cells when more.
    top: u8,
    /// The fewest cells a solution was found with.
    won: Option<u8>,
    /// The most cells a loss was proved with.
    lost: Option<u8>,
}

impl Ladder {
    /// Climbs the ladder of `board`: solves it with its own cells, then with one fewer at a
    /// time while it is won (until a loss is proved, or the floor), or with one more while
    /// it is not (until it is won, or 8, or its own cells when more). A rung left undecided is stepped over: a solution
    /// further down decides it (won), a proved loss leaves it undecided.
    ///
    /// Each rung is one [`Solver::solve`] with `solver`'s limits, or three for a rung below
    /// the position's own cells that outgrows the first (see `Rungs::solve`).
    ///
    /// # Errors
    /// [`SolveError`] only for a bug of the solver (see [`Solver::solve`]).
    pub fn climb<const C: usize, const F: usize>(solver: &Solver, board: &BoardN<C, F>) -> Result<Ladder, SolveError> {
        Ladder::climb_to(&Rungs { solver, cap: None }, board, 0)
    }

    /// [`climb`](Self::climb) with `rungs`' solver and cap, but going down no further than
    /// `lowest` cells: [`descend`](Self::descend) goes on from there, to the ladder `climb`
    /// climbs.
    pub(crate) fn climb_to<const C: usize, const F: usize>(
        rungs: &Rungs<'_>,
        board: &BoardN<C, F>,
        lowest: u8,
    ) -> Result<Ladder, SolveError> {
        let floor = board.cells().flatten().count() as u8;
        let start = board.rules().free_cells;
        let top = TOP_RUNG.max(start);
        let mut ladder = Ladder { rungs: Vec::new(), floor, top, won: None, lost: None };
        for cells in start..=top {
            if ladder.try_rung(rungs, board, cells)? == Some(true) {
                break;
            }
        }
        ladder.descend(rungs, board, lowest)?;
        Ok(ladder)
    }

    /// Goes down from the lowest rung won, one cell at a time, until a loss is proved or
    /// `lowest` (or the floor) is won; rungs already tried are stepped over.
    pub(crate) fn descend<const C: usize, const F: usize>(
        &mut self,
        rungs: &Rungs<'_>,
        board: &BoardN<C, F>,
        lowest: u8,
    ) -> Result<(), SolveError> {
        if let Some(won) = self.won {
            for cells in (self.floor.max(lowest)..won).rev() {
                if self.lost.is_some_and(|lost| cells <= lost) {
                    break;
                }
                if self.rung(cells).is_none() && self.try_rung(rungs, board, cells)? == Some(false) {
                    break;
                }
            }
        }
        Ok(())
    }

    /// Solves the rung with `cells` cells and records it; `Some(won)` when decided.
    fn try_rung<const C: usize, const F: usize>(
        &mut self,
        rungs: &Rungs<'_>,
        board: &BoardN<C, F>,
        cells: u8,
    ) -> Result<Option<bool>, SolveError> {
        let rung_board = with_free_cells(board, cells).expect("the ladder never goes below the cards in the cells");
        let report = rungs.solve(board, &rung_board)?;
        let decided = match report.outcome {
            Outcome::Solved(_) => {
                self.won = Some(self.won.map_or(cells, |won| won.min(cells)));
                Some(true)
            }
            Outcome::Unsolvable => {
                self.lost = Some(self.lost.map_or(cells, |lost| lost.max(cells)));
                Some(false)
            }
            Outcome::Undecided(_) => None,
        };
        self.rungs.push(Rung { free_cells: cells, outcome: report.outcome, stats: report.stats });
        Ok(decided)
    }

    /// The fewest free cells with which the position is won, when it is known: a solution
    /// at that rung and a proved loss at the one below (or the rung below is under the
    /// [`floor`](Self::floor)). `None` when a rung is [`undecided`](Self::undecided) or the
    /// position is lost with every number of cells ([`is_lost`](Self::is_lost)).
    pub fn min_free_cells(&self) -> Option<u8> {
        let won = self.won?;
        (won == self.floor || self.lost == Some(won - 1)).then_some(won)
    }

    /// The rungs whose outcome is unknown: every rung above the highest proved loss (or the
    /// floor) and below the lowest solution (or above the top rung, 8 or the position's own
    /// cells when more). Empty when
    /// [`min_free_cells`](Self::min_free_cells) is known or the position is lost at every
    /// rung.
    pub fn undecided(&self) -> Vec<u8> {
        let low = self.lost.map_or(self.floor, |lost| lost + 1);
        let high = self.won.unwrap_or(self.top + 1);
        (low..high).collect()
    }

    /// Whether a loss was proved with the top rung's free cells (8, or the position's own
    /// when more), and so with every number of them up to there.
    pub fn is_lost(&self) -> bool {
        self.lost == Some(self.top)
    }

    /// The solution with the fewest cells found, and those cells.
    pub fn solution(&self) -> Option<(u8, &Solution)> {
        let won = self.won?;
        self.solution_at(won).map(|solution| (won, solution))
    }

    /// The solution found with `free_cells` cells, if that rung was solved.
    pub fn solution_at(&self, free_cells: u8) -> Option<&Solution> {
        self.rung(free_cells).and_then(|rung| rung.outcome.solution())
    }

    /// The most free cells with which a loss was proved (and so with every number below).
    pub fn lost_with(&self) -> Option<u8> {
        self.lost
    }

    /// The cards the position holds in its free cells: no rung below exists.
    pub fn floor(&self) -> u8 {
        self.floor
    }

    /// The rungs solved, in the order they were tried.
    pub fn rungs(&self) -> &[Rung] {
        &self.rungs
    }

    fn rung(&self, free_cells: u8) -> Option<&Rung> {
        self.rungs.iter().find(|rung| rung.free_cells == free_cells)
    }
}

/// `board` under its rules with `free_cells` cells, the cards in its cells moved to the
/// first ones; `None` when they do not fit, or the board cannot hold `free_cells` cells (8
/// for a [`Board`](freecell_core::Board), 10 for a [`WideBoard`](freecell_core::WideBoard)).
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_solver::difficulty::with_free_cells;
/// let board: Board = "Freecells: KH -\nFoundations: H-Q C-K D-K S-K\n".parse()?;
/// let one = with_free_cells(&board, 1).expect("KH fits in one cell");
/// assert_eq!((one.cell_count(), one.cell(0).map(|c| c.to_string())), (1, Some("KH".to_owned())));
/// assert!(with_free_cells(&board, 0).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn with_free_cells<const C: usize, const F: usize>(board: &BoardN<C, F>, free_cells: u8) -> Option<BoardN<C, F>> {
    let mut layout = board.to_layout();
    let held: Vec<_> = layout.cells.iter().flatten().copied().map(Some).collect();
    if held.len() > usize::from(free_cells) {
        return None;
    }
    layout.rules.free_cells = free_cells;
    layout.cells = held;
    layout.cells.resize(usize::from(free_cells), None);
    BoardN::try_from(layout).ok()
}
