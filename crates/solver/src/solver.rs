//! The [`Solver`]: a preset plus limits; `solve` and `hint` return verified answers.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use freecell_core::{
    Automove, BOARD_CASCADES, BOARD_CELLS, BoardN, Game, Move, Rules, SequenceCapacity, replay, replay_each,
};
use freecell_heuristics::policy::Policy;
use freecell_heuristics::{HsdhReading, Weights};
use freecell_search::{Budget, Control, Cycles, Limit, Report, Stats, bfs, dfs, idastar, iddfs, staged};

use crate::caches::{Caches, Pool};
use crate::fast;
use crate::guide::{Hsdh, Ordered, PolicyGuide, Traced, Tracing, Weighted, normalised_scale};
use crate::handle::Meter;
use crate::lines::{self, Lines};
use crate::optimal::{self, Bounds};
use crate::preset::{DEADLOCK_P, DEFAULT_BYTES, DFS_DEPTH, FAST_BYTES, GA_SCALE, IDA_TABLE, OPTIMAL_BYTES};
use crate::shorten::Effort;
use crate::watch::Watch;
use crate::{CostModel, FreeCell, Goal, Position, Preset};
use crate::{Hint, Outcome, Reason, Solution, SolveError, SolveReport, SolveStats};
use crate::{bestfirst, goals, headroom, reserve};

/// What guides the `ga` preset instead of GA-FreeCell's printed weights.
#[derive(Clone, Debug, PartialEq)]
enum Guide {
    Weights(Weighted),
    Policy(PolicyGuide),
}

/// A configured solver: a [`Preset`] and limits.
///
/// `solve`, `hint` and [`spawn`](Self::spawn) take `&self`, and a solver is `Send`, `Sync`
/// and cheap to [`Clone`] (its settings and a shared pointer): a game keeps one solver, and
/// its own thread, background threads and clones all use it without a lock.
///
/// # Warm caches
/// The engines' scratch memory (hash tables, queues, node stores) is kept between solves,
/// so solving many deals allocates little after the first. A solver and its clones share
/// one pool of such cache sets: each solve takes a set from the pool (or starts an empty
/// one when every set is in use) and gives it back when its search ends, so solves running
/// at once on several threads each have their own, and a later solve on any of them, a
/// [`spawn`](Self::spawn)ed one included, reuses what the earlier ones grew
/// ([`SolveStats::reused_bytes`] says how much). The pool keeps at most one idle set per
/// hardware thread ([`std::thread::available_parallelism`]): more solves than that at once
/// share the processors rather than finish sooner, so a set kept for each would hold
/// memory for no speed. [`cached_bytes`](Self::cached_bytes) says what the idle sets hold,
/// and [`free_caches`](Self::free_caches) frees them. A solver made with
/// [`new`](Self::new), [`with_weights`](Self::with_weights) or
/// [`with_policy`](Self::with_policy) starts a pool of its own; the builder methods keep
/// the pool of the solver they are called on.
///
/// # Examples
/// ```
/// use std::time::Duration;
/// use freecell_core::Board;
/// use freecell_solver::{Outcome, Preset, Solver};
/// let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
/// let solver = Solver::new(Preset::Fast).max_nodes(100_000).timeout(Duration::from_secs(10));
/// let report = solver.solve(&board)?;
/// assert!(matches!(report.outcome, Outcome::Solved(_)));
/// let hint = solver.hint(&board)?;
/// assert!(hint.next.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// One solver shared by threads, no `Mutex`: each solve has its own cache set.
/// ```
/// use freecell_core::Board;
/// use freecell_solver::{Preset, Solver};
/// let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
/// let solver = Solver::new(Preset::Fast);
/// let lengths = std::thread::scope(|s| {
///     let threads: Vec<_> = (0..4).map(|_| s.spawn(|| solver.solve(&board))).collect();
///     threads.into_iter().map(|t| t.join().expect("no panic").map(|r| r.outcome.solution().map(|s| s.len())))
///         .collect::<Result<Vec<_>, _>>()
/// })?;
/// assert_eq!(lengths, [Some(4); 4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Solver {
    preset: Preset,
    max_nodes: NodeLimit,
    max_bytes: Option<usize>,
    /// The free memory the default limits are sized for instead of the machine's reading
    /// ([`memory`](Solver::memory)).
    memory: Option<u64>,
    timeout: Option<Duration>,
    cancel: Option<Arc<AtomicBool>>,
    /// Shared, so cloning a solver with a policy copies no rule tree.
    guide: Option<Arc<Guide>>,
    shorten: Option<bool>,
    greedy_nodes: Option<u64>,
    /// Whether the `fast` preset runs its proof: not in the difficulty ladder's schedule
    /// attempt (see [`greedy_only`](Self::greedy_only)).
    proof: bool,
    /// The `fast` preset's evaluations: pinned for the difficulty rater.
    evaluations: fast::Evaluations,
    goal: Goal,
    optimal: OptimalSettings,
    /// The idle cache sets, shared with every clone.
    caches: Arc<Pool>,
    /// The solutions recent hints came from, shared with every clone.
    lines: Arc<Lines>,
}

// Games share one solver between threads and clone it freely: a change that loses that
// fails to compile here.
const _: () = {
    fn assert<T: Send + Sync + Clone>() {}
    let _ = assert::<Solver>;
};

/// The node limit a solver was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NodeLimit {
    /// None set: the preset's default for the game ([`Preset::default_max_nodes`]).
    PresetDefault,
    /// [`Solver::max_nodes`].
    At(u64),
    /// [`Solver::no_node_limit`].
    Unlimited,
}

/// The `optimal` preset's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct OptimalSettings {
    cost: CostModel,
    p: u8,
    low_memory: bool,
}

impl Default for OptimalSettings {
    fn default() -> Self {
        OptimalSettings { cost: CostModel::default(), p: DEADLOCK_P, low_memory: false }
    }
}

impl fmt::Debug for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("preset", &self.preset)
            .field("max_nodes", &self.max_nodes)
            .field("max_bytes", &self.max_bytes)
            .field("memory", &self.memory)
            .field("timeout", &self.timeout)
            .field("cancel", &self.cancel)
            .field("guide", &self.guide)
            .field("shorten", &self.shorten)
            .field("greedy_nodes", &self.greedy_nodes)
            .field("proof", &self.proof)
            .field("evaluations", &self.evaluations)
            .field("goal", &self.goal)
            .field("optimal", &self.optimal)
            .finish_non_exhaustive()
    }
}

impl Solver {
    /// A solver running `preset` with no limits of its own: memory bounds it, and the
    /// preset's node limit for the game where it has one ([`Preset::default_max_nodes`]).
    pub fn new(preset: Preset) -> Solver {
        Solver {
            preset,
            max_nodes: NodeLimit::PresetDefault,
            max_bytes: None,
            memory: None,
            timeout: None,
            cancel: None,
            guide: None,
            shorten: None,
            greedy_nodes: None,
            proof: true,
            evaluations: fast::Evaluations::default(),
            goal: Goal::default(),
            optimal: OptimalSettings::default(),
            caches: Arc::default(),
            lines: Arc::default(),
        }
    }

    /// The `ga` engine (staged deepening as [`Preset::Ga`] runs it) guided by `weights`
    /// instead of GA-FreeCell's printed individual: how evolved genomes are solved with.
    ///
    /// The weighted sum is scaled by [`GA_SCALE`]` / Σ weights` before rounding (by
    /// `GA_SCALE` when the sum is not positive), so `w` and `2·w` search identically: the
    /// open list keeps one leaf per integer score, and without this a genome's magnitude,
    /// not only its direction, would decide how many leaves replace each other. (The `ga`
    /// preset's own weights sum to 1, where both scalings agree up to rounding.)
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Board;
    /// use freecell_heuristics::Weights;
    /// use freecell_solver::{Preset, Solver};
    /// let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
    /// let solver = Solver::with_weights(Weights::HSDH).max_nodes(10_000);
    /// assert_eq!(solver.preset(), Preset::Ga);
    /// assert!(solver.solve(&board)?.outcome.solution().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_weights(weights: Weights) -> Solver {
        let scale = normalised_scale(weights.0.iter().sum());
        Solver { guide: Some(Arc::new(Guide::Weights(Weighted { weights, scale }))), ..Solver::new(Preset::Ga) }
    }

    /// The `ga` engine guided by a Policy-FreeCell policy (the GPTP 2012 chapter): each
    /// leaf is scored by the first rule that fires, its advisors reading the moves the
    /// search chose to reach the leaf (`g`, automoves not counted) and the last of them;
    /// `DifficultyLevel` reads 0, since a solver does not know an unseen deal's difficulty.
    /// Scores are scaled as in [`with_weights`](Self::with_weights), by the largest weight
    /// sum among the rules and the default, one scale for all rules.
    ///
    /// The policy is not validated here ([`Policy::validate`] is the caller's check);
    /// weights outside `[0, 1]` still give scores, clamped at 0.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Board;
    /// use freecell_heuristics::policy::Policy;
    /// use freecell_solver::Solver;
    /// let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
    /// let policy: Policy = "(policy (if IsMoveToCascade (+ (* HSDH 1))) (default (+ (* DifferenceFromTop 1))))".parse()?;
    /// let report = Solver::with_policy(policy).max_nodes(10_000).solve(&board)?;
    /// assert!(report.outcome.solution().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_policy(policy: Policy) -> Solver {
        Solver { guide: Some(Arc::new(Guide::Policy(PolicyGuide::new(policy)))), ..Solver::new(Preset::Ga) }
    }

    /// Stop after expanding `n` positions (exact and reproducible), in place of the
    /// preset's default for the game ([`Preset::default_max_nodes`]).
    pub fn max_nodes(mut self, n: u64) -> Solver {
        self.max_nodes = NodeLimit::At(n);
        self
    }

    /// No node limit, not even the preset's default for the game
    /// ([`Preset::default_max_nodes`]): the solve is bounded by memory and any timeout only.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Game, Rules};
    /// use freecell_solver::{Preset, Solver};
    /// let simon = Game::SimpleSimon.rules();
    /// assert_eq!(Solver::new(Preset::Fast).node_limit(simon), Some(3_000_000));
    /// assert_eq!(Solver::new(Preset::Fast).max_nodes(10).node_limit(simon), Some(10));
    /// assert_eq!(Solver::new(Preset::Fast).no_node_limit().node_limit(simon), None);
    /// assert_eq!(Solver::new(Preset::Fast).node_limit(Rules::freecell()), None);
    /// ```
    pub fn no_node_limit(mut self) -> Solver {
        self.max_nodes = NodeLimit::Unlimited;
        self
    }

    /// The node limit a solve of a position under `rules` applies: the solver's own
    /// ([`max_nodes`](Self::max_nodes), [`no_node_limit`](Self::no_node_limit)), else the
    /// preset's default for the game ([`Preset::default_max_nodes`]).
    pub fn node_limit(&self, rules: Rules) -> Option<u64> {
        match self.max_nodes {
            NodeLimit::PresetDefault => self.preset.default_max_nodes(rules),
            NodeLimit::At(n) => Some(n),
            NodeLimit::Unlimited => None,
        }
    }

    /// The node limit a solve from `start` applies: [`node_limit`](Self::node_limit), the
    /// preset's default refined by the deal ([`Preset::default_max_nodes_for`]: Beleaguered
    /// Castle's deals share their rules with two other games, and get more).
    pub fn node_limit_for<const C: usize, const F: usize>(&self, start: &BoardN<C, F>) -> Option<u64> {
        match self.max_nodes {
            NodeLimit::PresetDefault => self.preset.default_max_nodes_for(start),
            _ => self.node_limit(*start.rules()),
        }
    }

    /// Stop before the engine's memory would exceed `n` bytes (the solve ends
    /// [`Undecided`](Outcome::Undecided) with [`Reason::MemoryLimit`]).
    ///
    /// The limit is per solve: it bounds the tables of the one cache set the solve works
    /// with, counted as a cold set would hold them, so a warm solve stops at the same node
    /// as a cold one. Idle sets in the solver's pool are not counted against it; they hold
    /// at most what the solves that grew them were allowed, one set per hardware thread at
    /// most (see [Warm caches](Self#warm-caches)).
    ///
    /// Without it, the limit fits the machine: the preset's fixed limit (each stage of `fast`
    /// [`FAST_BYTES`] at first, doubled while the stages run out of it, up to 3/8 of the
    /// memory the process may then still allocate; `optimal`'s A* [`OPTIMAL_BYTES`], every other preset
    /// [`DEFAULT_BYTES`]; `optimal`'s low-memory IDA* none), lowered to 3/8 of the memory
    /// the process may still allocate when the solve starts, the bytes the solve's own cache
    /// set already holds counted as free (the pool's idle sets are memory in use, as the
    /// system's reading says). "May still allocate" is the least of the cgroup's
    /// limit less its usage, `RLIMIT_AS` less the address space in use, and the system's
    /// available memory (see [`freecell_search::system_memory`]; read at most every 10 ms).
    /// 3/8 leaves room for what the search does not count (the rest of the process, its
    /// threads' stacks and allocator arenas) and for a second solve running at the same
    /// time. Where that cannot be read (not Linux), the fixed limits apply as they are.
    /// [`byte_limit`](Self::byte_limit) says what the next solve would use.
    pub fn max_bytes(mut self, n: usize) -> Solver {
        self.max_bytes = Some(n);
        self
    }

    /// Sizes the default memory limits (see [`max_bytes`](Self::max_bytes)) as if the process
    /// could always allocate `n` more bytes, whatever the machine has free: each preset's
    /// fixed limit lowered to 3/8 of `n`, and `fast`'s rounds doubling up to 3/8 of `n`.
    ///
    /// The machine's reading changes with its load and with what the solver's own warm
    /// caches hold, and a `fast` search given less memory expands other positions (and may
    /// find another solution): with `memory`, a solve's result depends on its input and
    /// settings alone, as a census's must. An allocation the system refuses still ends a
    /// solve [`Undecided`](Outcome::Undecided) with [`Reason::MemoryLimit`]. A
    /// [`max_bytes`](Self::max_bytes) set too takes precedence.
    ///
    /// # Examples
    /// ```
    /// use freecell_solver::{FAST_BYTES, Preset, Solver};
    /// let solver = Solver::new(Preset::Fast).memory(64 << 20);
    /// assert_eq!(solver.byte_limit(), Some(24 << 20));
    /// assert_eq!(Solver::new(Preset::Fast).memory(1 << 40).byte_limit(), Some(FAST_BYTES));
    /// ```
    pub fn memory(mut self, n: u64) -> Solver {
        self.memory = Some(n);
        self
    }

    /// What the default limits are sized for when a solve (or a round of `fast`) starts at
    /// `now`: [`memory`](Self::memory) if set, else the machine's reading; with the bytes of
    /// the solve's own cache set (`held`) counted as free only in the machine's reading, which
    /// counts them as taken.
    fn free_memory(&self, now: Instant, held: usize) -> (Option<u64>, usize) {
        match self.memory {
            Some(n) => (Some(n), 0),
            None => (headroom::available(now), held),
        }
    }

    /// Stop once `d` has passed since the solve began. The clock is read about once a
    /// millisecond (the stride in expansions adapts to the engine's speed), at every
    /// iteration and every [`WORK_SLICE`](freecell_search::WORK_SLICE) entries a growing
    /// hash table moves, so the solve stops within a few milliseconds of its own work after
    /// `d` (a loaded machine may keep its thread waiting longer). A `d` too large for
    /// the clock to add ([`Duration::MAX`], say) is no time limit.
    pub fn timeout(mut self, d: Duration) -> Solver {
        self.timeout = Some(d);
        self
    }

    /// Stop when `flag` becomes true (checked like the timeout, and before starting).
    pub fn cancel(mut self, flag: Arc<AtomicBool>) -> Solver {
        self.cancel = Some(flag);
        self
    }

    /// Whether the cancel flag ([`cancel`](Self::cancel)) is set: solves started now stop
    /// at once, and loops over many solves (such as
    /// [`WinnableDeals`](crate::difficulty::WinnableDeals)) end.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use freecell_solver::{Preset, Solver};
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let solver = Solver::new(Preset::Fast).cancel(Arc::clone(&flag));
    /// assert!(!solver.is_cancelled() && !Solver::new(Preset::Fast).is_cancelled());
    /// flag.store(true, Ordering::Relaxed);
    /// assert!(solver.is_cancelled());
    /// ```
    pub fn is_cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Whether solutions are shortened before they are returned (removing loops and
    /// detours, see [`shorten`](crate::shorten())); the shortened solution is verified like
    /// any other. Default: on for [`Preset::Fast`] when the [`goal`](Self::goal) is
    /// [`Goal::Short`], off otherwise (the search's solution, exactly).
    pub fn shorten(mut self, yes: bool) -> Solver {
        self.shorten = Some(yes);
        self
    }

    /// What the solve is for (see [`Goal`]): a short solution (the default) or the verdict
    /// at least cost. An explicit [`shorten`](Self::shorten) overrides the goal's choice.
    ///
    /// ```
    /// use freecell_solver::{Goal, Preset, Solver};
    /// assert_eq!(Solver::new(Preset::Fast).goal(Goal::Verdict).get_goal(), Goal::Verdict);
    /// ```
    pub fn goal(mut self, goal: Goal) -> Solver {
        self.goal = goal;
        self
    }

    /// The goal set with [`goal`](Self::goal).
    pub fn get_goal(&self) -> Goal {
        self.goal
    }

    /// The `fast` preset's greedy stage runs once, with the bytes of its first round and at
    /// most `n` expansions, and its exhaustive proof then decides with all the memory the
    /// solve may have at once (the [`max_bytes`](Self::max_bytes) given, or the machine's
    /// share) instead of in rounds of doubling bytes. Default: none (the greedy stage goes on, in rounds with more
    /// memory, until it solves the position or has seen every position it reaches).
    ///
    /// For positions that are probably lost (the difficulty ladder's rungs below a
    /// position's own cells): their greedy stage would search every reachable position,
    /// round after round, before the proof stores them all. The proof still wins a won
    /// position, but breadth-first, which can take far longer than the greedy stage: `n`
    /// should be what the greedy stage solves the won ones in. While the greedy stage runs,
    /// a search of it that runs out of positions starts a capped proof attempt, which the
    /// next attempt and the final proof resume (so a lost position's space is walked about
    /// once by the greedy searches, not twice). Under a node limit
    /// ([`max_nodes`](Self::max_nodes)) the final proof ends, undecided, as soon as the
    /// positions it has stored and not yet expanded outnumber the expansions left: from
    /// there it could no longer prove the loss, only find a win breadth first. Every loss
    /// the limit holds is proved all the same. Other presets ignore it.
    pub fn greedy_nodes(mut self, n: u64) -> Solver {
        self.greedy_nodes = Some(n);
        self
    }

    /// The `fast` preset's greedy searches alone, in their rounds of doubling bytes from the
    /// second round's (without a [`max_bytes`](Self::max_bytes)), with no proof (nor proof
    /// attempts): a solve that they do not win ends undecided, for its node limit, the
    /// memory (no round can have more), or [`Reason::Pruned`] when the patient search saw
    /// every position (by its hashes). For the difficulty ladder, whose first attempt ran
    /// the first round's greedy stage (with [`greedy_nodes`](Self::greedy_nodes)) and whose
    /// proof, resumed, decides what they do not.
    pub(crate) fn greedy_only(mut self) -> Solver {
        self.proof = false;
        self
    }

    /// The `fast` preset with the evaluations it had before any were tuned for one game
    /// (see [`fast::Evaluations::Pinned`]): what the difficulty rater solves with, so that
    /// a rating does not change when `fast` is tuned.
    pub(crate) fn pinned_evaluations(mut self) -> Solver {
        self.evaluations = fast::Evaluations::Pinned;
        self
    }

    /// The `fast` preset with `evaluations` (the learning harness's turns run alone).
    #[cfg(test)]
    pub(crate) fn evaluations(mut self, evaluations: fast::Evaluations) -> Solver {
        self.evaluations = evaluations;
        self
    }

    /// The move-count model the `optimal` preset minimises (default
    /// [`CostModel::Sequence`], Paul & Helmert's count); other presets ignore it.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::Board;
    /// use freecell_solver::{CostModel, Preset, Solver};
    /// // KH and QS lie on the cards each suit needs next.
    /// let board: Board = "Foundations: H-J C-K D-K S-J\n: QH KS\n: QS KH\n".parse()?;
    /// // `optimal` is Paul & Helmert's (2016) optimal solver with their deadlock bound.
    /// let sequence = Solver::new(Preset::Optimal);
    /// let single = Solver::new(Preset::Optimal).cost_model(CostModel::SingleCard);
    /// let report = sequence.solve(&board)?;
    /// let a = report.outcome.solution().unwrap().len();
    /// let b = single.solve(&board)?.outcome.solution().unwrap().single_card_len();
    /// assert_eq!((a, b), (5, 5));
    /// // What the deadlock bound said: here the optimum.
    /// assert_eq!(report.stats.bounds.map(|b| b.reached), Some(5));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cost_model(mut self, cost: CostModel) -> Solver {
        self.optimal.cost = cost;
        self
    }

    /// The deadlock bound `h_p` the `optimal` preset uses: cycles through at most `p`
    /// suits, 0 … 4 (above 4 counts as 4; default 2, the paper's choice).
    pub fn deadlock_p(mut self, p: u8) -> Solver {
        self.optimal.p = p.min(4);
        self
    }

    /// Whether the `optimal` preset runs IDA* (memory: the path and a transposition table
    /// of at most [`IDA_TABLE`] keys) instead of A* (default off). Its IDA* plays no
    /// automoves.
    pub fn low_memory(mut self, yes: bool) -> Solver {
        self.optimal.low_memory = yes;
        self
    }

    /// Bytes the idle cache sets of this solver and its clones hold: memory kept for the
    /// next solves, which the engines' searches reuse (see [Warm caches](#warm-caches)).
    /// Sets in use by running solves are not counted.
    ///
    /// # Examples
    /// ```
    /// use freecell_deals::DealNumber;
    /// use freecell_solver::{Preset, Solver};
    /// let solver = Solver::new(Preset::Fast);
    /// assert_eq!(solver.cached_bytes(), 0);
    /// let first = solver.solve(&DealNumber::new(1).expect("in range").board())?;
    /// assert_eq!(first.stats.reused_bytes, 0);
    /// let kept = solver.cached_bytes();
    /// assert!(kept > 0);
    /// // The next solve, on a clone too, takes that memory and gives it back.
    /// let second = solver.clone().solve(&DealNumber::new(2).expect("in range").board())?;
    /// assert_eq!(second.stats.reused_bytes, kept);
    /// solver.free_caches();
    /// assert_eq!(solver.cached_bytes(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cached_bytes(&self) -> usize {
        self.caches.held()
    }

    /// Frees the idle cache sets of this solver and its clones (a game done with hints, or
    /// short of memory). Solves running now keep theirs and give them back when they end;
    /// later solves start cold, and [hints](Self::hint) forget the solutions they follow.
    pub fn free_caches(&self) {
        self.caches.clear();
        self.lines.clear();
    }

    /// The preset.
    pub fn preset(&self) -> Preset {
        self.preset
    }

    /// Solves `board`: a [`Board`](freecell_core::Board), a
    /// [`WideBoard`](freecell_core::WideBoard) (the engines run compiled for its width) or a
    /// [`GameBoard`](crate::GameBoard) (see [`Position`]).
    ///
    /// # Errors
    /// [`SolveError::Unsupported`] when the preset does not apply to the board's rules
    /// ([`Preset::supports`]); otherwise [`SolveError`] only for a bug: a solution that fails
    /// verification is never returned.
    pub fn solve<P: Position>(&self, board: &P) -> Result<SolveReport, SolveError> {
        board.solve_metered(self, None)
    }

    /// Solves `board`, publishing progress to `meter` and stopping on its cancel request
    /// too, when a [`SolveHandle`](crate::SolveHandle) watches.
    pub(crate) fn solve_board<const C: usize, const F: usize>(
        &self,
        board: &BoardN<C, F>,
        meter: Option<&Meter>,
    ) -> Result<SolveReport, SolveError> {
        let mut caches = self.take_caches();
        let report = self.solve_in(board, meter, &mut caches);
        self.give_back_caches(caches);
        report
    }

    /// A cache set from the pool, for [`solve_in`](Self::solve_in): the caller gives it
    /// back ([`give_back_caches`](Self::give_back_caches)) when done.
    pub(crate) fn take_caches<const C: usize, const F: usize>(&self) -> Caches<C, F> {
        self.caches.take()
    }

    /// Returns a set [`take_caches`](Self::take_caches) gave to the pool.
    pub(crate) fn give_back_caches<const C: usize, const F: usize>(&self, caches: Caches<C, F>) {
        self.caches.give_back(caches);
    }

    /// [`solve_board`](Self::solve_board) with the cache set `caches` instead of one from
    /// the pool: a caller that holds a set between solves keeps what its searches left in
    /// it (the difficulty ladder resumes a rung's proof so). Short of memory, the set is
    /// emptied and the pool's idle sets freed.
    pub(crate) fn solve_in<const C: usize, const F: usize>(
        &self,
        board: &BoardN<C, F>,
        meter: Option<&Meter>,
        caches: &mut Caches<C, F>,
    ) -> Result<SolveReport, SolveError> {
        let started = Instant::now();
        // A reserve released by an earlier solve is taken again (if memory allows) at the
        // next allocation; the watch counts releases from here on, before anything here
        // allocates.
        reserve::request_rearm();
        let deadline = self.deadline(started);
        let mut watch = Watch::new(started, deadline, self.cancel.as_deref(), meter);
        if watch.check(&Stats::default()) == Control::Stop {
            let reason = watch.fired.unwrap_or(Reason::Cancelled);
            let stats = SolveStats { elapsed: started.elapsed(), ..SolveStats::default() };
            return Ok(SolveReport { outcome: Outcome::Undecided(reason), stats });
        }
        let preset = self.preset;
        if let Err(why) = preset.supports(*board.rules()) {
            let rules = board.rules();
            let game = Game::ALL.into_iter().find(|game| game.rules() == *rules);
            let game = game.map_or_else(|| format!("{rules:?}"), |game| game.name().to_owned());
            return Err(SolveError::Unsupported { preset, game, why });
        }
        let searched_board = match preset.capacity() {
            // Every preset capacity is at most the standard one but above one card, so a
            // board that allows only single cards keeps its rule: searching it with
            // sequence moves would return moves the board forbids.
            Some(_) if board.rules().capacity == SequenceCapacity::SingleCard => None,
            None => None,
            Some(capacity) => {
                let mut layout = board.to_layout();
                layout.rules.capacity = capacity;
                Some(BoardN::<C, F>::try_from(layout).map_err(|error| SolveError::Rules { preset, error })?)
            }
        };
        let start = searched_board.as_ref().unwrap_or(board);
        let reused_bytes = caches.held();
        let budget = self.budget(preset, self.node_limit_for(board), || self.free_memory(started, reused_bytes));
        let problem = match preset {
            Preset::Optimal => {
                let settings = self.optimal;
                let model = optimal::Settings { cost: settings.cost, p: settings.p }.move_model();
                let automove = if settings.low_memory { Automove::None } else { optimal::AUTOMOVE };
                FreeCell::new(model, automove, settings.cost)
            }
            _ => preset.problem(),
        };
        let (report, bounds) = if preset == Preset::Optimal {
            let (report, bounds) = search_optimal(self.optimal, caches, problem, start, budget, &mut watch);
            (report, Some(bounds))
        } else {
            (search(self, caches, problem, start, budget, &mut watch), None)
        };
        watch.record(&report.stats);
        if watch.short_of_memory() {
            // An allocation failed: give the memory back (this solve's set and the idle
            // ones), so that the reserve can be taken again and the caller can go on.
            *caches = Caches::default();
            self.caches.clear();
            headroom::forget();
            reserve::request_rearm();
        }
        let outcome = match report.outcome {
            freecell_search::SearchOutcome::Solved(solution) => {
                // The goals engine lists its automoves itself (it plays them after whole goals,
                // not after each move), so its path replays with none added.
                let automove = if preset == Preset::Goals { Automove::None } else { problem.automove() };
                // Shortening stops at the deadline (with the shortest solution by then).
                let shorten = self.shorten.unwrap_or(preset == Preset::Fast && self.goal == Goal::Short);
                let shorten = if shorten { Shorten::Until(deadline) } else { Shorten::No };
                Outcome::Solved(complete(preset, board, start, (automove, shorten), &solution.moves)?)
            }
            freecell_search::SearchOutcome::Exhausted => Outcome::Unsolvable,
            freecell_search::SearchOutcome::Undecided(reason) => Outcome::Undecided(match reason {
                freecell_search::UndecidedReason::Budget(Limit::Bytes) => {
                    // Memory is short, or was used up: the next solve reads it afresh.
                    headroom::forget();
                    Reason::MemoryLimit
                }
                freecell_search::UndecidedReason::Budget(_) => Reason::NodeLimit,
                freecell_search::UndecidedReason::Stopped => watch.fired.unwrap_or(Reason::Cancelled),
                freecell_search::UndecidedReason::Bound => Reason::Bound,
                freecell_search::UndecidedReason::Pruned => Reason::Pruned,
                freecell_search::UndecidedReason::Capacity => Reason::Capacity,
                other => Reason::Engine(other),
            }),
        };
        let stats = SolveStats { search: report.stats, elapsed: started.elapsed(), reused_bytes, bounds };
        Ok(SolveReport { outcome, stats })
    }

    /// When a solve begun at `started` must stop: `None` without a timeout, and also when
    /// the timeout reaches past what an [`Instant`] can hold (such a deadline never comes).
    fn deadline(&self, started: Instant) -> Option<Instant> {
        self.timeout.and_then(|t| started.checked_add(t))
    }

    /// The byte limit the next solve will apply (`None`: none): [`max_bytes`](Self::max_bytes)
    /// if set, else the preset's default sized to the memory available now (for `fast`, the
    /// limit of each of its stages in its first round), with the cache set the next solve
    /// would take from the pool (another thread's solve may take it first; the set of a
    /// [`Board`](freecell_core::Board) solve). Reads the memory available (or the reading of
    /// the last 10 ms).
    ///
    /// # Examples
    /// ```
    /// use freecell_solver::{FAST_BYTES, Preset, Solver};
    /// let limit = Solver::new(Preset::Fast).byte_limit();
    /// assert!(limit.is_some_and(|n| n <= FAST_BYTES));
    /// assert_eq!(Solver::new(Preset::Fast).max_bytes(1 << 20).byte_limit(), Some(1 << 20));
    /// ```
    pub fn byte_limit(&self) -> Option<usize> {
        let held = self.caches.next_held::<BOARD_CASCADES, BOARD_CELLS>();
        self.budget(self.preset, None, || self.free_memory(Instant::now(), held)).get_max_bytes()
    }

    /// The node and byte limits of a solve with `preset`, at most `nodes` expansions
    /// ([`node_limit`](Self::node_limit)), when `free()` says the process may
    /// still allocate `available` bytes (`None`: unknown), besides the `held` bytes of the
    /// solve's cache set (asked only when no [`max_bytes`](Self::max_bytes) is set). Without
    /// [`max_bytes`](Self::max_bytes), the fixed limit of the preset (`fast`: [`FAST_BYTES`]
    /// for each of its stages; `optimal`: [`OPTIMAL_BYTES`] for A*, none for its low-memory
    /// IDA*; the others: [`DEFAULT_BYTES`]), lowered to the share of `available` plus `held`
    /// the module `headroom` gives. Only the solve's own set counts as free: the idle sets
    /// of the pool are memory in use, as the system's reading says.
    fn budget(&self, preset: Preset, nodes: Option<u64>, free: impl FnOnce() -> (Option<u64>, usize)) -> Budget {
        let mut budget = Budget::default();
        if let Some(n) = nodes {
            budget = budget.max_expanded(n);
        }
        let fixed = match preset {
            Preset::Fast => Some(FAST_BYTES),
            Preset::Optimal => (!self.optimal.low_memory).then_some(OPTIMAL_BYTES),
            _ => Some(DEFAULT_BYTES),
        };
        let bytes = self.max_bytes.or_else(|| {
            let (available, held) = free();
            headroom::default_limit(fixed, available, held)
        });
        bytes.map_or(budget, |n| budget.max_bytes(n))
    }

    /// The next move of a solution from `board`, any position of a game: solves from it and
    /// returns the solution's first move with the report.
    ///
    /// **Hints follow one solution.** The solver (and its clones) keeps the solutions of its
    /// last eight hints; from a position on one of them, the hint is that solution's next
    /// move, with no search (the report then holds the rest of that solution and no work).
    /// A player who follows the hints so plays a verified solution to its end, where hints
    /// solved afresh from each position could go round in circles. A position off every
    /// kept line (the player moved elsewhere) is solved afresh. [`free_caches`](Self::free_caches)
    /// forgets the lines.
    ///
    /// # Errors
    /// As [`solve`](Self::solve).
    pub fn hint<P: Position>(&self, board: &P) -> Result<Hint, SolveError> {
        Ok(board.hint_metered(self, None)?.into())
    }

    /// The report a [`hint`](Self::hint) on a board of one width comes from: the rest of
    /// the kept line through `board`, or a solve whose solution is kept.
    pub(crate) fn hint_board<const C: usize, const F: usize>(
        &self,
        board: &BoardN<C, F>,
        meter: Option<&Meter>,
    ) -> Result<SolveReport, SolveError> {
        if let Some(rest) = self.lines.follow(board) {
            return Ok(lines::continued(rest));
        }
        let report = self.solve_board(board, meter)?;
        self.lines.keep(board, &report);
        Ok(report)
    }
}

/// The `optimal` preset's search: A* (or IDA* with [`low_memory`](Solver::low_memory)).
fn search_optimal<const C: usize, const F: usize>(
    optimal_settings: OptimalSettings,
    caches: &mut Caches<C, F>,
    problem: FreeCell<C, F>,
    start: &BoardN<C, F>,
    budget: Budget,
    watch: &mut Watch<'_>,
) -> (Report<freecell_core::Move>, Bounds) {
    let settings = optimal::Settings { cost: optimal_settings.cost, p: optimal_settings.p };
    if !optimal_settings.low_memory {
        return optimal::astar(&mut caches.optimal, start, settings, budget, watch);
    }
    let initial = settings.h(start);
    let h = |board: &BoardN<C, F>| settings.h(board);
    let config = idastar::Config::new().cycles(Cycles::Path).transposition_table(Some(IDA_TABLE)).budget(budget);
    let cache = caches.dfs.get_or_insert_with(dfs::Cache::new);
    let report = idastar::IdaStar::new(config).search(cache, &problem, start, &h, watch);
    let reached = report.cost().unwrap_or(initial);
    (report, Bounds { initial, reached, below: None })
}

/// Runs `solver`'s engine on `start`.
fn search<const C: usize, const F: usize>(
    solver: &Solver,
    caches: &mut Caches<C, F>,
    problem: FreeCell<C, F>,
    start: &BoardN<C, F>,
    budget: Budget,
    watch: &mut Watch<'_>,
) -> Report<Move> {
    let (preset, guide) = (solver.preset, solver.guide.as_deref());
    match preset {
        Preset::Fast => {
            // Without the caller's limit, a round out of memory may be given more, up to
            // the share of the machine's memory the module `headroom` gives; the reading
            // is taken afresh, since the round just allocated.
            let ceiling = |held: usize| {
                headroom::forget();
                let (available, held) = solver.free_memory(Instant::now(), held);
                headroom::default_limit(None, available, held).unwrap_or(0)
            };
            let ceiling = solver.max_bytes.is_none().then_some(&ceiling as &dyn Fn(usize) -> usize);
            fast::run_with(
                &mut caches.fast,
                start,
                budget,
                ceiling,
                (solver.greedy_nodes, solver.evaluations.for_goal(solver.goal), solver.proof),
                watch,
            )
        }
        // `Solver::solve` runs it through `search_optimal`, with its settings.
        Preset::Optimal => {
            let settings = optimal::Settings { cost: problem.cost_model(), p: DEADLOCK_P };
            optimal::astar(&mut caches.optimal, start, settings, budget, watch).0
        }
        Preset::Bfs => {
            let engine = bfs::Bfs::new(bfs::Config::new().budget(budget));
            engine.search(caches.bfs.get_or_insert_with(bfs::Cache::new), &problem, start, watch)
        }
        Preset::Dfs => {
            let config = dfs::Config::new()
                .max_depth(DFS_DEPTH)
                // The unbounded table already skips every state of the current path
                // (each was stored with a smaller path cost), so no cycle check.
                .cycles(Cycles::Off)
                .transposition_table(Some(usize::MAX))
                .budget(budget);
            dfs::Dfs::new(config).search(caches.dfs.get_or_insert_with(dfs::Cache::new), &problem, start, watch)
        }
        Preset::IdaHsdh => {
            let ordered = Ordered::new(problem, HsdhReading::Paper);
            let config = iddfs::Config::new().cycles(Cycles::Path).transposition_table(Some(IDA_TABLE)).budget(budget);
            iddfs::IterativeDeepening::new(config).search(
                caches.ida.get_or_insert_with(iddfs::Cache::new),
                &ordered,
                start,
                watch,
            )
        }
        Preset::Goals => goals::search(caches.goals.get_or_insert_with(goals::Cache::default), start, budget, watch),
        Preset::BestFirst => {
            bestfirst::search(caches.bestfirst.get_or_insert_with(bestfirst::Cache::default), start, budget, watch)
        }
        Preset::Hsd | Preset::HsdHeineman | Preset::Ga => {
            let config = match preset {
                Preset::HsdHeineman => staged::Config::heineman(),
                _ => staged::Config::paper(),
            }
            .budget(budget);
            let engine = staged::StagedDeepening::new(config);
            let cache = caches.staged.get_or_insert_with(staged::Cache::new);
            match (preset, guide) {
                (Preset::HsdHeineman, _) => engine.search(cache, &problem, start, &Hsdh(HsdhReading::Heineman), watch),
                (Preset::Ga, None) => {
                    let h = Weighted { weights: Weights::GA_FREECELL_BEST, scale: GA_SCALE };
                    engine.search(cache, &problem, start, &h, watch)
                }
                (Preset::Ga, Some(Guide::Weights(h))) => engine.search(cache, &problem, start, h, watch),
                (Preset::Ga, Some(Guide::Policy(h))) => {
                    let cache = caches.traced.get_or_insert_with(staged::Cache::new);
                    let traced = Traced::start(start.clone());
                    engine.search(cache, &Tracing(problem), &traced, h, watch)
                }
                _ => engine.search(cache, &problem, start, &Hsdh(HsdhReading::Paper), watch),
            }
        }
    }
}

/// The full move list of a search path: the chosen moves replayed on `start` (the board
/// searched) with the automoves each implies, then verified on `board` (the board given)
/// with no automoves.
///
/// `start` differs from `board` only in its sequence-move capacity (`hsd-heineman` searches
/// under the linear capacity `f + e + 1`). That is at most every capacity rule of the core
/// crate except single-card, which `solve` leaves alone, so a move legal under it is legal
/// on `board` too; the final replay checks it rather than assuming it.
///
/// `shorten`: the solution is then shortened (until the deadline, if any) and verified
/// again. When `start` is `board`, the checked replay that builds the list stands for the
/// first verification.
fn complete<const C: usize, const F: usize>(
    preset: Preset,
    board: &BoardN<C, F>,
    start: &BoardN<C, F>,
    (automove, shorten): (Automove, Shorten),
    path: &[Move],
) -> Result<Solution, SolveError> {
    let mut replayed = start.clone();
    let mut moves = Vec::with_capacity(path.len() * 2);
    let mut legal = true;
    for (k, &mv) in path.iter().enumerate() {
        moves.push(mv);
        if replayed.apply(mv).is_err() {
            // The replay below reports this move (or, should it be legal on `board`, the
            // unfinished game).
            legal = false;
            break;
        }
        // The start may have automoves left (a search takes it as it is); every later
        // position had none, so the scan for them runs only where the move may have made
        // one (on `fast`'s solutions of a census sample, 122,007 scans instead of 185,823).
        if k == 0 || fast::may_automove(&replayed, mv, automove) {
            replayed.apply_automoves(automove, &mut moves);
        }
    }
    let end = match shorten {
        // The loop above checked every chosen move on `board` itself, and the automoves are
        // legal by construction: shortening may start from its position, and the core
        // verifier replays what shortening returns.
        Shorten::Until(_) if legal && start == board => replayed,
        _ => replay(board, &moves).map_err(|error| SolveError::Verification { preset, error })?,
    };
    if !end.is_won() {
        return Err(SolveError::NotWon { preset, left: 52 - end.cards_home() });
    }
    let solution = Solution { moves, searched: path.len() };
    match shorten {
        Shorten::Until(deadline) => shortened(preset, board, &solution, deadline),
        Shorten::No => Ok(solution),
    }
}

/// Whether [`complete`] shortens a solution, and until when.
#[derive(Clone, Copy, Debug)]
enum Shorten {
    No,
    /// Until the deadline, if any.
    Until(Option<Instant>),
}

/// `solution` shortened by [`crate::shorten()`], verified again.
fn shortened<const C: usize, const F: usize>(
    preset: Preset,
    board: &BoardN<C, F>,
    solution: &Solution,
    deadline: Option<Instant>,
) -> Result<Solution, SolveError> {
    let effort = if preset == Preset::Fast { Effort::OneDetourPass } else { Effort::Full };
    let moves = crate::shorten::shorten_until(board, &solution.moves, deadline, effort);
    // What the search chose of the shorter list (every move but the foundation moves
    // Horne's rule would have made by itself), counted during the verifying replay.
    let mut searched = 0;
    let end = replay_each(board, &moves, |position, mv| searched += usize::from(crate::shorten::chosen(position, mv)))
        .map_err(|error| SolveError::Verification { preset, error })?;
    if !end.is_won() {
        return Err(SolveError::NotWon { preset, left: 52 - end.cards_home() });
    }
    Ok(Solution { moves, searched })
}

/// The statistics of two stages run one after the other.
pub(crate) fn combine(a: Stats, b: Stats) -> Stats {
    let mut sum = a;
    sum.expanded += b.expanded;
    sum.generated += b.generated;
    sum.duplicates += b.duplicates;
    sum.evaluated += b.evaluated;
    sum.peak_stored = a.peak_stored.max(b.peak_stored);
    sum.bytes = a.bytes.max(b.bytes);
    sum.iterations += b.iterations;
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The verdict's solve returns the search's solution as found, verified (it replays
    /// and wins), and searches FreeCell with its own evaluations: on MS 1–20 some deal is
    /// shortened by the default goal's pass, and some deal's search differs. Under other
    /// rules only the shortening differs.
    #[test]
    fn the_verdict_is_searched_with_its_own_evaluations_and_not_shortened() {
        let (mut shortened, mut searched_apart) = (false, false);
        for deal in 1..=20 {
            let board = freecell_deals::DealNumber::new(deal).unwrap().board();
            let verdict = Solver::new(Preset::Fast).goal(Goal::Verdict).solve(&board).unwrap();
            let solution = verdict.outcome.solution().unwrap();
            assert!(replay(&board, &solution.moves).unwrap().is_won(), "MS {deal}");
            let both = Solver::new(Preset::Fast).goal(Goal::Verdict).shorten(true).solve(&board).unwrap();
            assert_eq!(verdict.stats.search, both.stats.search, "MS {deal}: the same search");
            shortened |= both.outcome.solution().unwrap().len() < solution.len();
            let short = Solver::new(Preset::Fast).solve(&board).unwrap();
            searched_apart |= short.stats.search != verdict.stats.search;
            let bakers = freecell_deals::DealNumber::new(deal).unwrap().board_for(Game::BakersGame).unwrap();
            let (a, b) = (
                Solver::new(Preset::Fast).solve(&bakers),
                Solver::new(Preset::Fast).goal(Goal::Verdict).solve(&bakers),
            );
            assert_eq!(a.unwrap().stats.search, b.unwrap().stats.search, "Baker's Game {deal}");
        }
        assert!(shortened && searched_apart);
    }

    /// The completion scans for automoves after every move that may have made one: on
    /// random playouts of MS 1–40 under FreeCell's and Baker's Game's rules, the core's full
    /// scan (the reference) finds nothing after a move from a position with none left
    /// wherever `may_automove` says so. Fails if it said no after moves home, or after moves
    /// that uncover a card that goes home by itself.
    #[test]
    fn the_automove_scan_is_spared_only_where_it_finds_nothing() {
        use freecell_core::{MoveModel, SplitMix64};
        use freecell_deals::DealNumber;
        let mut random = SplitMix64::new(20_261_126);
        let (mut spared, mut uncovered) = (0, 0);
        for game in [Game::FreeCell, Game::BakersGame] {
            for n in 1..=40 {
                let mut board = DealNumber::new(n).and_then(|deal| deal.board_for(game).ok()).expect("a deal");
                for rule in [Automove::Raymond, Automove::Horne] {
                    board.play_automoves(rule);
                    let mut moves = Vec::new();
                    for _ in 0..150 {
                        moves.clear();
                        board.generate_moves(MoveModel::Sequence, &mut moves);
                        // A move home when there is one (they come first), else any: cards
                        // go home, and the later moves uncover cards that follow them.
                        let any = moves.get(random.below(moves.len() as u64) as usize);
                        let Some(&mv) = moves.first().filter(|mv| mv.is_to_foundation()).or(any) else { break };
                        board.apply(mv).expect("a generated move is legal");
                        let may = fast::may_automove(&board, mv, rule);
                        let made = board.play_automoves(rule);
                        assert!(may || made == 0, "{game:?} deal {n}: {mv:?} made {made} automoves unannounced");
                        spared += usize::from(!may);
                        // The scan's finds after a move that put no card home.
                        uncovered += usize::from(made > 0 && !mv.is_to_foundation());
                    }
                }
            }
        }
        // Both branches were taken often.
        assert!(spared > 1_000 && uncovered > 50, "{spared} spared, {uncovered} found after uncovering");
    }

    /// Every preset has a memory limit when the caller sets none: its fixed one (`fast`
    /// [`FAST_BYTES`] per stage, `optimal`'s A* [`OPTIMAL_BYTES`], the others
    /// [`DEFAULT_BYTES`]) when memory is plentiful or unknown, 3/8 of the memory available
    /// when that is less (`optimal`'s low-memory IDA* too, which has no fixed limit); a
    /// limit the caller sets wins.
    #[test]
    fn every_preset_gets_a_memory_limit_that_fits() {
        const GIB: u64 = 1 << 30;
        for preset in Preset::ALL {
            let fixed = match preset {
                Preset::Fast => FAST_BYTES,
                Preset::Optimal => OPTIMAL_BYTES,
                _ => DEFAULT_BYTES,
            };
            let solver = Solver::new(preset);
            for plenty in [None, Some(1 << 40)] {
                assert_eq!(solver.budget(preset, None, || (plenty, 0)).get_max_bytes(), Some(fixed), "{preset}");
            }
            let tight = Some(fixed.min(384 << 20));
            assert_eq!(solver.budget(preset, None, || (Some(GIB), 0)).get_max_bytes(), tight, "{preset}");
            // The low-memory IDA* of `optimal` has no fixed limit; others ignore the flag.
            let low = Solver::new(preset).low_memory(true);
            let optimal = preset == Preset::Optimal;
            assert_eq!(low.budget(preset, None, || (None, 0)).get_max_bytes(), (!optimal).then_some(fixed), "{preset}");
            assert_eq!(
                low.budget(preset, None, || (Some(GIB), 0)).get_max_bytes(),
                if optimal { Some(384 << 20) } else { tight }
            );
            for available in [None, Some(0), Some(GIB)] {
                let set =
                    Solver::new(preset).max_bytes(1 << 40).budget(preset, None, || (available, 0)).get_max_bytes();
                assert_eq!(set, Some(1 << 40), "{preset}");
            }
            assert_eq!(
                solver
                    .budget(preset, solver.clone().max_nodes(7).node_limit(Rules::freecell()), || (None, 0))
                    .get_max_expanded(),
                Some(7),
                "{preset}"
            );
        }
    }

    /// With [`Solver::memory`], the free memory is the figure given, whatever the machine
    /// reads and whatever the solve's cache set holds, so every solve gets the same limit.
    #[test]
    fn an_assumed_memory_replaces_the_machines_reading() {
        const GIB: u64 = 1 << 30;
        let now = Instant::now();
        for preset in Preset::ALL {
            let solver = Solver::new(preset).memory(GIB);
            let share = Some(if preset == Preset::Fast { FAST_BYTES } else { 384 << 20 });
            assert_eq!(solver.free_memory(now, 5 << 30), (Some(GIB), 0), "{preset}");
            let limit = solver.budget(preset, None, || solver.free_memory(now, 5 << 30)).get_max_bytes();
            assert_eq!(limit, share, "{preset}");
            assert_eq!(solver.byte_limit(), share, "{preset}");
            assert_eq!(solver.clone().max_bytes(7).byte_limit(), Some(7), "{preset}");
        }
        // Without it, the cache set's bytes count as free beside the machine's reading.
        assert_eq!(Solver::new(Preset::Fast).free_memory(now, 5).1, 5);
    }
}
