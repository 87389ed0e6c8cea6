//! One-shot searches: a start and closures in, a path of states (or why there is none) out.

use std::error::Error;
use std::fmt;
use std::hash::Hash;

use crate::closures::{Edge, FnProblem, problem_fn};
use crate::{Budget, Report, SearchOutcome, UndecidedReason, Zero};

/// A path as the states it visits, the start first and a goal last, and its cost. (A path as
/// the moves that walk it is a [`MovePath`](crate::MovePath).)
///
/// # Examples
///
/// ```
/// let path = freecell_search::bfs(&1, |&n: &u32| [n + 1, n * 2], |&n| n == 4).expect("4 is reachable");
/// assert_eq!((path.states, path.cost), (vec![1, 2, 4], 2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatePath<N> {
    /// The states, the start first and a goal last.
    pub states: Vec<N>,
    /// The sum of the steps' costs (with unit steps, one less than the number of states).
    pub cost: u32,
}

/// Why a one-shot search returned no path.
///
/// # Examples
///
/// ```
/// use freecell_search::{Budget, NoPath, UndecidedReason, Limit, within};
/// // Odd numbers only ever lead to odd numbers below 9.
/// let odd = |&n: &u32| (n < 9).then_some(n + 2);
/// let none = freecell_search::bfs(&1, odd, |&n| n == 4);
/// assert_eq!(none, Err(NoPath::Exhausted));
/// let cut = within(Budget::default().max_expanded(2)).bfs(&1, odd, |&n| n == 4);
/// assert_eq!(cut, Err(NoPath::Undecided(UndecidedReason::Budget(Limit::Expanded))));
/// assert_eq!(cut.unwrap_err().to_string(), "no path found: the budget of expanded nodes ran out");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoPath {
    /// Every state reachable from the start was searched, and none is a goal: proved.
    Exhausted,
    /// The search ended without an answer, for the reason given: most often a budget ran out
    /// (with no budget, memory did).
    Undecided(UndecidedReason),
}

impl fmt::Display for NoPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Exhausted => f.write_str("no goal is reachable from the start"),
            Self::Undecided(reason) => write!(f, "no path found: {reason}"),
        }
    }
}

impl Error for NoPath {}

/// One-shot searches under a [`Budget`]: `within(budget).astar(…)`. The free functions
/// ([`astar`](fn@crate::astar), [`bfs`](fn@crate::bfs), …) are these with no budget.
///
/// # Examples
///
/// ```
/// use freecell_search::{Budget, within};
/// let budget = Budget::default().max_expanded(1_000);
/// let path = within(budget).astar(&0, |&n: &i32| [(n + 1, 1), (n + 5, 3)], |&n| (20 - n).unsigned_abs() / 5, |&n| n == 20);
/// assert_eq!(path.map(|p| p.cost), Ok(12)); // four jumps of 5
/// ```
pub fn within(budget: Budget) -> Within {
    Within { budget }
}

/// One-shot searches under a budget; see [`within`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Within {
    budget: Budget,
}

impl Within {
    /// The budget every search of this value runs under (named as in every engine's
    /// `Config`).
    pub fn get_budget(&self) -> Budget {
        self.budget
    }

    /// Breadth-first search: a path with the fewest steps ([`bfs`](mod@crate::bfs)). `successors`
    /// lists the states one step from a state.
    ///
    /// # Errors
    ///
    /// [`NoPath::Exhausted`] when no goal is reachable from `start`; [`NoPath::Undecided`]
    /// when the budget runs out first.
    pub fn bfs<N, FS, IS, FG>(self, start: &N, successors: FS, is_goal: FG) -> Result<StatePath<N>, NoPath>
    where
        N: Clone + Eq + Hash,
        FS: Fn(&N) -> IS,
        IS: IntoIterator<Item = N>,
        FG: Fn(&N) -> bool,
    {
        let problem = problem_fn(unit_steps(successors), is_goal);
        let engine = crate::bfs::Bfs::new(crate::bfs::Config::new().budget(self.budget));
        path(&problem, start, engine.search(&mut crate::bfs::Cache::new(), &problem, start, &mut ()))
    }

    /// Depth-first search: *a* path, trying successors in the order listed ([`dfs`](mod@crate::dfs);
    /// no state twice on a path, no depth bound). `successors` lists the states one step
    /// from a state.
    ///
    /// # Errors
    ///
    /// [`NoPath::Exhausted`] when no goal is reachable from `start`; [`NoPath::Undecided`]
    /// when the budget runs out first.
    pub fn dfs<N, FS, IS, FG>(self, start: &N, successors: FS, is_goal: FG) -> Result<StatePath<N>, NoPath>
    where
        N: Clone + Eq + Hash,
        FS: Fn(&N) -> IS,
        IS: IntoIterator<Item = N>,
        FG: Fn(&N) -> bool,
    {
        let problem = problem_fn(unit_steps(successors), is_goal);
        let engine = crate::dfs::Dfs::new(crate::dfs::Config::new().max_depth(u32::MAX).budget(self.budget));
        path(&problem, start, engine.search(&mut crate::dfs::Cache::new(), &problem, start, &mut ()))
    }

    /// Iterative deepening: a path with the fewest steps in memory proportional to its length
    /// ([`iddfs`](mod@crate::iddfs)). `successors` lists the states one step from a state.
    ///
    /// # Errors
    ///
    /// [`NoPath::Exhausted`] when no goal is reachable from `start`; [`NoPath::Undecided`]
    /// when the budget runs out first.
    pub fn iddfs<N, FS, IS, FG>(self, start: &N, successors: FS, is_goal: FG) -> Result<StatePath<N>, NoPath>
    where
        N: Clone + Eq + Hash,
        FS: Fn(&N) -> IS,
        IS: IntoIterator<Item = N>,
        FG: Fn(&N) -> bool,
    {
        let problem = problem_fn(unit_steps(successors), is_goal);
        let engine = crate::iddfs::IterativeDeepening::new(crate::iddfs::Config::new().budget(self.budget));
        path(&problem, start, engine.search(&mut crate::iddfs::Cache::new(), &problem, start, &mut ()))
    }

    /// A\*: a cheapest path when `heuristic` never overestimates the cost still to pay
    /// ([`astar`](mod@crate::astar)). `successors` lists the states one step from a state, each with the
    /// step's cost.
    ///
    /// # Errors
    ///
    /// [`NoPath::Exhausted`] when no goal is reachable from `start`; [`NoPath::Undecided`]
    /// when the budget runs out first.
    pub fn astar<N, FS, IS, FH, FG>(
        self,
        start: &N,
        successors: FS,
        heuristic: FH,
        is_goal: FG,
    ) -> Result<StatePath<N>, NoPath>
    where
        N: Clone + Eq + Hash,
        FS: Fn(&N) -> IS,
        IS: IntoIterator<Item = (N, u32)>,
        FH: Fn(&N) -> u32,
        FG: Fn(&N) -> bool,
    {
        let problem = problem_fn(successors, is_goal);
        let engine = crate::astar::AStar::new(crate::astar::Config::new().budget(self.budget));
        path(&problem, start, engine.search(&mut crate::astar::Cache::new(), &problem, start, &heuristic, &mut ()))
    }

    /// Dijkstra's algorithm (A\* without a heuristic): a cheapest path. `successors` lists the
    /// states one step from a state, each with the step's cost.
    ///
    /// # Errors
    ///
    /// [`NoPath::Exhausted`] when no goal is reachable from `start`; [`NoPath::Undecided`]
    /// when the budget runs out first.
    pub fn dijkstra<N, FS, IS, FG>(self, start: &N, successors: FS, is_goal: FG) -> Result<StatePath<N>, NoPath>
    where
        N: Clone + Eq + Hash,
        FS: Fn(&N) -> IS,
        IS: IntoIterator<Item = (N, u32)>,
        FG: Fn(&N) -> bool,
    {
        let problem = problem_fn(successors, is_goal);
        let engine = crate::astar::AStar::new(crate::astar::Config::new().budget(self.budget));
        path(&problem, start, engine.search(&mut crate::astar::Cache::new(), &problem, start, &Zero, &mut ()))
    }

    /// IDA\*: a cheapest path when `heuristic` never overestimates, in memory proportional to
    /// its length ([`idastar`](mod@crate::idastar)). `successors` lists the states one step from a state,
    /// each with the step's cost.
    ///
    /// # Errors
    ///
    /// [`NoPath::Exhausted`] when no goal is reachable from `start`; [`NoPath::Undecided`]
    /// when the budget runs out first.
    pub fn idastar<N, FS, IS, FH, FG>(
        self,
        start: &N,
        successors: FS,
        heuristic: FH,
        is_goal: FG,
    ) -> Result<StatePath<N>, NoPath>
    where
        N: Clone + Eq + Hash,
        FS: Fn(&N) -> IS,
        IS: IntoIterator<Item = (N, u32)>,
        FH: Fn(&N) -> u32,
        FG: Fn(&N) -> bool,
    {
        let problem = problem_fn(successors, is_goal);
        let engine = crate::idastar::IdaStar::new(crate::idastar::Config::new().budget(self.budget));
        path(&problem, start, engine.search(&mut crate::idastar::Cache::new(), &problem, start, &heuristic, &mut ()))
    }
}

/// Successors without costs as successors at cost 1.
fn unit_steps<N, FS, IS>(successors: FS) -> impl Fn(&N) -> UnitSteps<IS::IntoIter>
where
    FS: Fn(&N) -> IS,
    IS: IntoIterator<Item = N>,
{
    move |state| UnitSteps(successors(state).into_iter())
}

/// The states an iterator lists, each at cost 1.
struct UnitSteps<I>(I);

impl<I: Iterator> Iterator for UnitSteps<I> {
    type Item = (I::Item, u32);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|state| (state, 1))
    }

    fn nth(&mut self, n: usize) -> Option<Self::Item> {
        self.0.nth(n).map(|state| (state, 1))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

/// The states of a solved report's path, or why there is none.
fn path<N, FS, IS, FG>(problem: &FnProblem<N, FS, FG>, start: &N, report: Report<Edge>) -> Result<StatePath<N>, NoPath>
where
    N: Clone + Eq + Hash,
    FS: Fn(&N) -> IS,
    IS: IntoIterator<Item = (N, u32)>,
    FG: Fn(&N) -> bool,
{
    match report.outcome {
        SearchOutcome::Solved(moves) => Ok(problem.state_path(start, &moves)),
        SearchOutcome::Exhausted => Err(NoPath::Exhausted),
        SearchOutcome::Undecided(reason) => Err(NoPath::Undecided(reason)),
    }
}

/// Breadth-first search from `start` to a state where `is_goal` holds: a path with the fewest
/// steps, or why there is none. `successors` lists the states one step from a state.
///
/// No budget: on an infinite space with no goal it runs until memory runs out (and then ends
/// [`Undecided`](NoPath::Undecided)). [`within`] sets a budget.
///
/// # Errors
///
/// [`NoPath::Exhausted`] when no goal is reachable from `start`; [`NoPath::Undecided`]
/// with [`Limit::Bytes`](crate::Limit::Bytes) when memory runs out first.
///
/// # Examples
///
/// A knight from a1 to b2 on a chess board (4 moves):
///
/// ```
/// type Square = (i8, i8);
/// fn knight(&(x, y): &Square) -> Vec<Square> {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .into_iter()
///         .map(|(dx, dy)| (x + dx, y + dy))
///         .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
///         .collect()
/// }
/// let path = freecell_search::bfs(&(0, 0), knight, |&s| s == (1, 1)).expect("the knight reaches b2");
/// assert_eq!(path.states.len(), 5);
/// ```
pub fn bfs<N, FS, IS, FG>(start: &N, successors: FS, is_goal: FG) -> Result<StatePath<N>, NoPath>
where
    N: Clone + Eq + Hash,
    FS: Fn(&N) -> IS,
    IS: IntoIterator<Item = N>,
    FG: Fn(&N) -> bool,
{
    within(Budget::UNLIMITED).bfs(start, successors, is_goal)
}

/// Depth-first search from `start` to a state where `is_goal` holds: *a* path (successors
/// are tried in the order listed, and no state appears twice on the path), or why there is
/// none. `successors` lists the states one step from a state.
///
/// No budget and no depth bound: on an infinite space it may never return. [`within`] sets a
/// budget; [`dfs::Config::max_depth`](crate::dfs::Config::max_depth) a depth bound, with the [`dfs`](mod@crate::dfs) engine
/// and a [`problem_fn`].
///
/// # Errors
///
/// [`NoPath::Exhausted`] when no goal is reachable from `start`.
///
/// # Examples
///
/// ```
/// // Adding 1 is tried first, so the path counts up.
/// let path = freecell_search::dfs(&1, |&n: &u32| [n + 1, n * n].into_iter().filter(|&m| m <= 17), |&n| n == 17);
/// assert_eq!(path.map(|p| p.states), Ok((1..=17).collect()));
/// ```
pub fn dfs<N, FS, IS, FG>(start: &N, successors: FS, is_goal: FG) -> Result<StatePath<N>, NoPath>
where
    N: Clone + Eq + Hash,
    FS: Fn(&N) -> IS,
    IS: IntoIterator<Item = N>,
    FG: Fn(&N) -> bool,
{
    within(Budget::UNLIMITED).dfs(start, successors, is_goal)
}

/// Iterative deepening from `start` to a state where `is_goal` holds: a path with the fewest
/// steps in memory proportional to its length, or why there is none. `successors` lists the
/// states one step from a state.
///
/// No budget: on an infinite space with no goal it never returns. [`within`] sets a budget.
///
/// # Errors
///
/// [`NoPath::Exhausted`] when no goal is reachable from `start`.
///
/// # Examples
///
/// ```
/// let path = freecell_search::iddfs(&1, |&n: &u32| [n + 1, n * n].into_iter().filter(|&m| m <= 17), |&n| n == 17);
/// assert_eq!(path.map(|p| p.states), Ok(vec![1, 2, 4, 16, 17]));
/// ```
pub fn iddfs<N, FS, IS, FG>(start: &N, successors: FS, is_goal: FG) -> Result<StatePath<N>, NoPath>
where
    N: Clone + Eq + Hash,
    FS: Fn(&N) -> IS,
    IS: IntoIterator<Item = N>,
    FG: Fn(&N) -> bool,
{
    within(Budget::UNLIMITED).iddfs(start, successors, is_goal)
}

/// A\* from `start` to a state where `is_goal` holds: a cheapest path if `heuristic` never
/// overestimates the cost still to pay, or why there is none. `successors` lists the states
/// one step from a state, each with the step's cost.
///
/// No budget: on an infinite space with no goal it runs until memory runs out (and then ends
/// [`Undecided`](NoPath::Undecided)). [`within`] sets a budget.
///
/// # Errors
///
/// [`NoPath::Exhausted`] when no goal is reachable from `start`; [`NoPath::Undecided`]
/// with [`Limit::Bytes`](crate::Limit::Bytes) when memory runs out first.
///
/// # Examples
///
/// On a grid with a wall, moving costs 1 a step; the heuristic is the Manhattan distance:
///
/// ```
/// const WALL: [(i32, i32); 3] = [(2, 0), (2, 1), (2, 2)];
/// let goal = (4, 0);
/// let neighbours = |&(x, y): &(i32, i32)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
///         .into_iter()
///         .filter(|&(x, y)| (0..5).contains(&x) && (0..5).contains(&y) && !WALL.contains(&(x, y)))
///         .map(|p| (p, 1))
/// };
/// let manhattan = |&(x, y): &(i32, i32)| (goal.0 - x).unsigned_abs() + (goal.1 - y).unsigned_abs();
/// let path = freecell_search::astar(&(0, 0), neighbours, manhattan, |&p| p == goal).expect("a way round the wall");
/// assert_eq!(path.cost, 10); // up 3, across 4, down 3
/// ```
pub fn astar<N, FS, IS, FH, FG>(start: &N, successors: FS, heuristic: FH, is_goal: FG) -> Result<StatePath<N>, NoPath>
where
    N: Clone + Eq + Hash,
    FS: Fn(&N) -> IS,
    IS: IntoIterator<Item = (N, u32)>,
    FH: Fn(&N) -> u32,
    FG: Fn(&N) -> bool,
{
    within(Budget::UNLIMITED).astar(start, successors, heuristic, is_goal)
}

/// Dijkstra's algorithm (A\* without a heuristic) from `start` to a state where `is_goal`
/// holds: a cheapest path, or why there is none. `successors` lists the states one step from
/// a state, each with the step's cost.
///
/// No budget: on an infinite space with no goal it runs until memory runs out (and then ends
/// [`Undecided`](NoPath::Undecided)). [`within`] sets a budget.
///
/// # Errors
///
/// [`NoPath::Exhausted`] when no goal is reachable from `start`; [`NoPath::Undecided`]
/// with [`Limit::Bytes`](crate::Limit::Bytes) when memory runs out first.
///
/// # Examples
///
/// ```
/// // 0 → 1 costs 1, 1 → 2 costs 1, but 0 → 2 directly costs 5.
/// let edges = [(0, 1, 1), (1, 2, 1), (0, 2, 5)];
/// let successors = |&n: &u8| edges.iter().filter(move |e| e.0 == n).map(|&(_, to, cost)| (to, cost));
/// let path = freecell_search::dijkstra(&0, successors, |&n| n == 2).expect("2 is reachable");
/// assert_eq!((path.states, path.cost), (vec![0, 1, 2], 2));
/// ```
pub fn dijkstra<N, FS, IS, FG>(start: &N, successors: FS, is_goal: FG) -> Result<StatePath<N>, NoPath>
where
    N: Clone + Eq + Hash,
    FS: Fn(&N) -> IS,
    IS: IntoIterator<Item = (N, u32)>,
    FG: Fn(&N) -> bool,
{
    within(Budget::UNLIMITED).dijkstra(start, successors, is_goal)
}

/// IDA\* from `start` to a state where `is_goal` holds: a cheapest path if `heuristic` never
/// overestimates, in memory proportional to its length, or why there is none. `successors`
/// lists the states one step from a state, each with the step's cost.
///
/// No budget: on an infinite space with no goal it never returns. [`within`] sets a budget.
///
/// # Errors
///
/// [`NoPath::Exhausted`] when no goal is reachable from `start`.
///
/// # Examples
///
/// ```
/// // Reach 10 from 1 by adding 1 (cost 2) or tripling (cost 3).
/// let successors = |&n: &u32| [(n + 1, 2), (n * 3, 3)];
/// let path = freecell_search::idastar(&1, successors, |&n| u32::from(n != 10), |&n| n == 10);
/// assert_eq!(path.map(|p| (p.states, p.cost)), Ok((vec![1, 3, 9, 10], 8)));
/// ```
pub fn idastar<N, FS, IS, FH, FG>(start: &N, successors: FS, heuristic: FH, is_goal: FG) -> Result<StatePath<N>, NoPath>
where
    N: Clone + Eq + Hash,
    FS: Fn(&N) -> IS,
    IS: IntoIterator<Item = (N, u32)>,
    FH: Fn(&N) -> u32,
    FG: Fn(&N) -> bool,
{
    within(Budget::UNLIMITED).idastar(start, successors, heuristic, is_goal)
}
