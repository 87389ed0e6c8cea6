//! A [`SearchProblem`] made from closures: a successor function and a goal test.

use std::cell::RefCell;
use std::fmt;
use std::hash::Hash;

use crate::{ByCopy, MovePath, SearchProblem, StatePath};

/// A move of an [`FnProblem`]: which successor of a state to go to, and the step's cost.
///
/// # Examples
///
/// ```
/// use freecell_search::{SearchProblem, problem_fn};
/// let p = problem_fn(|&n: &u32| [(n + 1, 1), (n * 2, 3)], |&n| n == 8);
/// let mut edges = Vec::new();
/// p.moves(&3, &mut edges);
/// assert_eq!(edges.iter().map(|e| (e.index(), e.cost())).collect::<Vec<_>>(), [(0, 1), (1, 3)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Edge {
    index: u32,
    cost: u32,
}

impl Edge {
    /// The successor's place in what the successor function returned, the first 0.
    pub fn index(self) -> u32 {
        self.index
    }

    /// The step's cost, as the successor function gave it.
    pub fn cost(self) -> u32 {
        self.cost
    }
}

/// A problem made from two closures: `successors(&state)` lists the states one step away,
/// each with the step's cost, and `is_goal(&state)` says whether a state is a goal.
///
/// This is the shape of the `pathfinding` crate's functions (`pathfinding::prelude::astar`
/// and its siblings take a start, successors, a heuristic and a success test), as a
/// [`SearchProblem`] that every engine runs: a state is its own key (so `N: Eq + Hash`), a
/// move is an [`Edge`]. The one-shot functions ([`astar`](fn@crate::astar),
/// [`bfs`](fn@crate::bfs), …) build one for you.
///
/// # Contract
///
/// Equal states must have the same successors in the same order, at the same costs: a move
/// is a successor's place in the list, so playing it again (when a solution is replayed, or
/// a depth-first engine returns to a state) calls `successors` again. A successor function
/// that breaks this gives wrong paths; it never makes a search panic.
///
/// # Cost
///
/// Generating a state's moves calls `successors` once and keeps the states it returns (in a
/// [`RefCell`], so the problem is not `Sync`), so the moves then played from that state (all
/// of them, in A\*, breadth-first and beam search) cost a clone each. A depth-first engine
/// that comes back to a state after searching below it calls `successors` again for each
/// further move. The kept states are not counted by byte budgets. For speed or exact
/// budgets, implement [`SearchProblem`] for your puzzle.
///
/// # Examples
///
/// Every engine runs on it; here beam search, which no one-shot function offers:
///
/// ```
/// use freecell_search::{beam, problem_fn};
///
/// // From 1, reach 10 by adding 1 (cost 1) or doubling (cost 2).
/// let problem = problem_fn(|&n: &u32| [(n + 1, 1), (n * 2, 2)], |&n| n == 10);
/// let engine = beam::Beam::new(beam::Config::new().width(4));
/// let report = engine.search(&mut beam::Cache::new(), &problem, &1, &|&n: &u32| 10u32.saturating_sub(n), &mut ());
/// let path = problem.state_path(&1, report.solution().expect("10 is reachable"));
/// assert_eq!(path.states.first(), Some(&1));
/// assert_eq!(path.states.last(), Some(&10));
/// ```
pub struct FnProblem<N, FS, FG> {
    successors: FS,
    is_goal: FG,
    /// The successors of the state whose moves were generated last.
    last: RefCell<Expansion<N>>,
}

/// A state and its successors, in the order of their [`Edge::index`].
struct Expansion<N> {
    parent: Option<N>,
    children: Vec<N>,
}

/// An [`FnProblem`] from `successors` (the states one step from a state, each with the step's
/// cost) and `is_goal`.
///
/// At most 2³² − 1 successors of a state are used: [`Edge::index`] is a `u32`.
///
/// # Examples
///
/// See [`FnProblem`].
pub fn problem_fn<N, FS, IS, FG>(successors: FS, is_goal: FG) -> FnProblem<N, FS, FG>
where
    N: Clone + Eq + Hash,
    FS: Fn(&N) -> IS,
    IS: IntoIterator<Item = (N, u32)>,
    FG: Fn(&N) -> bool,
{
    FnProblem { successors, is_goal, last: RefCell::new(Expansion { parent: None, children: Vec::new() }) }
}

impl<N, FS, IS, FG> FnProblem<N, FS, FG>
where
    N: Clone + Eq + Hash,
    FS: Fn(&N) -> IS,
    IS: IntoIterator<Item = (N, u32)>,
    FG: Fn(&N) -> bool,
{
    /// The states `path` visits from `start`, `start` first, and its cost.
    ///
    /// # Examples
    ///
    /// ```
    /// use freecell_search::{astar, problem_fn, Zero};
    /// let problem = problem_fn(|&n: &u32| [(n + 1, 1), (n * 2, 1)], |&n| n == 6);
    /// let report = astar::AStar::default().search(&mut astar::Cache::new(), &problem, &1, &Zero, &mut ());
    /// let path = problem.state_path(&1, report.solution().expect("6 is reachable"));
    /// assert_eq!((path.states, path.cost), (vec![1, 2, 3, 6], 3));
    /// ```
    pub fn state_path(&self, start: &N, path: &MovePath<Edge>) -> StatePath<N> {
        let mut states = Vec::with_capacity(path.moves.len() + 1);
        states.push(start.clone());
        let mut at = start.clone();
        for &edge in &path.moves {
            self.apply(&mut at, edge);
            states.push(at.clone());
        }
        StatePath { states, cost: path.cost }
    }
}

impl<N, FS, IS, FG> SearchProblem for FnProblem<N, FS, FG>
where
    N: Clone + Eq + Hash,
    FS: Fn(&N) -> IS,
    IS: IntoIterator<Item = (N, u32)>,
    FG: Fn(&N) -> bool,
{
    type State = N;
    type Move = Edge;
    type Key = N;
    type Backtrack = ByCopy;

    #[inline]
    fn is_goal(&self, state: &N) -> bool {
        (self.is_goal)(state)
    }

    fn moves(&self, state: &N, out: &mut Vec<Edge>) {
        let mut last = self.last.borrow_mut();
        let last = &mut *last;
        last.children.clear();
        for ((child, cost), index) in (self.successors)(state).into_iter().zip(0..u32::MAX) {
            last.children.push(child);
            out.push(Edge { index, cost });
        }
        match &mut last.parent {
            Some(parent) => parent.clone_from(state),
            None => last.parent = Some(state.clone()),
        }
    }

    fn apply(&self, state: &mut N, edge: Edge) {
        {
            let last = self.last.borrow();
            if last.parent.as_ref() == Some(&*state)
                && let Some(child) = last.children.get(edge.index as usize)
            {
                state.clone_from(child);
                return;
            }
        }
        // Not the state expanded last (a depth-first engine back from below it, or a
        // solution replayed): ask again. Nothing at that place (the contract broken) leaves
        // the state as it is.
        if let Some((child, _)) = (self.successors)(state).into_iter().nth(edge.index as usize) {
            *state = child;
        }
    }

    #[inline]
    fn key(&self, state: &N) -> N {
        state.clone()
    }

    #[inline]
    fn step_cost(&self, _: &N, edge: Edge) -> u32 {
        edge.cost
    }
}

impl<N, FS, FG> fmt::Debug for FnProblem<N, FS, FG> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FnProblem").finish_non_exhaustive()
    }
}
