//! The problem, undo and heuristic traits every engine is generic over.

use std::hash::Hash;

use crate::Reason;

/// A state space: states, moves, a canonical key, a goal test and move generation.
///
/// One value of the implementing type carries the rules (board size, rule switches…); states
/// are plain data. Engines call these methods in their hot loops through static dispatch, so
/// keep them cheap and mark tiny ones `#[inline]`.
///
/// # Examples
///
/// A counter that must reach 3 by adding 1 or 2:
///
/// ```
/// use freecell_search::{ByCopy, SearchProblem};
///
/// struct Count;
/// impl SearchProblem for Count {
///     type State = u32;
///     type Move = u32;
///     type Key = u32;
///     type Backtrack = ByCopy;
///     fn is_goal(&self, s: &u32) -> bool { *s == 3 }
///     fn moves(&self, s: &u32, out: &mut Vec<u32>) {
///         if *s < 3 { out.extend([1, 2]); }
///     }
///     fn apply(&self, s: &mut u32, mv: u32) { *s += mv; }
///     fn key(&self, s: &u32) -> u32 { *s }
/// }
/// let mut s = 0;
/// Count.apply(&mut s, 2);
/// assert_eq!(s, 2);
/// ```
pub trait SearchProblem {
    /// A position. Engines that store states (BFS, A*, beam) keep one `State` per stored node,
    /// so a small, packed state keeps memory low; [`Cache::memory_usage`](crate::astar::Cache::memory_usage)
    /// counts `size_of::<State>()` per stored state and not heap memory a state may own.
    type State: Clone;
    /// A move. Keep it tiny (a FreeCell move fits in 3 bytes): depth-first engines keep every
    /// generated move of the current path on one flat stack.
    type Move: Copy;
    /// Canonical identity used for duplicate detection: two states with equal keys are the same
    /// node. A packed encoding is exact; a 64-bit hash instead must document its collisions.
    type Key: Eq + Hash;
    /// How depth-first engines return to a parent state: [`ByCopy`] (clone the parent into a
    /// per-depth slot, which needs nothing more) or [`ByUndo`] (apply and undo one state in
    /// place, which needs an [`Undo`] implementation).
    type Backtrack: Backtrack<Self>;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Appends the legal moves of `state` to `out`.
    ///
    /// Never clear `out`: depth-first engines keep the moves of every level of the current
    /// path in the same vector and hand it over with earlier levels still in it.
    fn moves(&self, state: &Self::State, out: &mut Vec<Self::Move>);

    /// Plays `mv`, one of the moves [`moves`](Self::moves) generated for `state`, in place.
    fn apply(&self, state: &mut Self::State, mv: Self::Move);

    /// The canonical key of `state`.
    fn key(&self, state: &Self::State) -> Self::Key;

    /// A 64-bit hash of `key` for the engines' hash tables: equal keys must give equal hashes.
    /// Only the speed of a search depends on it, never its result (tables compare keys). The
    /// default hashes the key's [`Hash`] with fixed-seed `ahash`.
    #[inline]
    fn key_hash(&self, key: &Self::Key) -> u64 {
        crate::containers::hasher().hash_one(key)
    }

    /// [`key_hash`](Self::key_hash) of `key`, which is `state`'s key, with the state at hand.
    ///
    /// **Why:** a state may keep that hash up to date as moves change it (FreeCell's boards keep
    /// a Zobrist hash), which is cheaper than hashing the key at every generated node. An
    /// override must equal `self.key_hash(key)`.
    #[inline]
    fn state_key_hash(&self, state: &Self::State, key: &Self::Key) -> u64 {
        let _ = state;
        self.key_hash(key)
    }

    /// The cost of playing `mv` in `state`; 1 unless overridden.
    ///
    /// Costs are `u32` and sums saturate at `u32::MAX`. The bucket queue of A* indexes buckets by
    /// path cost, so keep costs small integers.
    #[inline]
    fn step_cost(&self, state: &Self::State, mv: Self::Move) -> u32 {
        let _ = (state, mv);
        1
    }
}

/// Moves that can be taken back in place: `undo(apply(s, m), m) == s`.
///
/// Declare `type Backtrack = ByUndo;` to make depth-first engines (DFS, iterative deepening,
/// IDA*, staged deepening) keep a single state and walk it up and down the tree instead of
/// keeping one copy per depth.
pub trait Undo: SearchProblem {
    /// Reverts `mv`, which was the last move applied to `state`.
    fn undo(&self, state: &mut Self::State, mv: Self::Move);
}

/// An estimate of the remaining cost from a state to a goal; smaller is closer.
///
/// Admissible heuristics (never above the true remaining cost) make A* and IDA* optimal.
/// [`Zero`] turns A* into uniform-cost search; any `Fn(&State) -> u32` closure is a heuristic
/// (annotate the argument type).
///
/// # Examples
///
/// ```
/// use freecell_search::{ByCopy, Heuristic, SearchProblem, Zero};
/// # struct Line;
/// # impl SearchProblem for Line {
/// #     type State = i32; type Move = i32; type Key = i32; type Backtrack = ByCopy;
/// #     fn is_goal(&self, s: &i32) -> bool { *s == 0 }
/// #     fn moves(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1]); }
/// #     fn apply(&self, s: &mut i32, m: i32) { *s += m; }
/// #     fn key(&self, s: &i32) -> i32 { *s }
/// # }
/// let distance = |s: &i32| s.unsigned_abs();
/// assert_eq!(distance.estimate(&Line, &-4), 4);
/// assert_eq!(Zero.estimate(&Line, &-4), 0);
/// ```
pub trait Heuristic<P: SearchProblem + ?Sized> {
    /// Estimated remaining cost from `state`.
    fn estimate(&self, problem: &P, state: &P::State) -> u32;

    /// The estimate of `child`, reached by playing `mv` in a state whose estimate was
    /// `parent_h`: an incremental update.
    ///
    /// **Why:** engines evaluate almost every state as the child of a state they evaluated
    /// just before, and one move changes little, so many heuristics can update the parent's
    /// value in O(1) instead of rescanning the whole state (the 15-puzzle's Manhattan distance
    /// changes only by the moved tile's distance). A*, weighted A*, greedy best-first, IDA*
    /// and beam search call this for every child; they call [`estimate`](Self::estimate) only
    /// for the start state (and where a parent's estimate is not at hand). The default
    /// recomputes from scratch.
    ///
    /// **Contract:** the result must equal `self.estimate(problem, child)`, and `parent_h` is
    /// always the parent's [`estimate`](Self::estimate). Engines rely on it (A* derives a
    /// node's estimate back from its priority), so a mismatch changes search results. Test an
    /// override against `estimate` on random walks.
    ///
    /// The parent state is not passed: depth-first engines walk one state in place
    /// ([`ByUndo`]), so when the child exists the parent does not. What a move changed is
    /// known from `mv` and `child` (undo the move on a copy if need be).
    ///
    /// # Examples
    ///
    /// ```
    /// use freecell_search::{ByCopy, Heuristic, SearchProblem};
    /// # struct Line;
    /// # impl SearchProblem for Line {
    /// #     type State = i32; type Move = i32; type Key = i32; type Backtrack = ByCopy;
    /// #     fn is_goal(&self, s: &i32) -> bool { *s == 0 }
    /// #     fn moves(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1]); }
    /// #     fn apply(&self, s: &mut i32, m: i32) { *s += m; }
    /// #     fn key(&self, s: &i32) -> i32 { *s }
    /// # }
    /// /// Distance to 0, updated from the parent's: a step changes it by exactly one.
    /// struct Distance;
    /// impl Heuristic<Line> for Distance {
    ///     fn estimate(&self, _: &Line, s: &i32) -> u32 { s.unsigned_abs() }
    ///     fn estimate_child(&self, _: &Line, parent_h: u32, mv: i32, child: &i32) -> u32 {
    ///         if (*child - mv) * mv >= 0 { parent_h + 1 } else { parent_h - 1 } // away from 0, or toward it
    ///     }
    /// }
    /// for parent in -3..=3 {
    ///     for mv in [-1, 1] {
    ///         let child = parent + mv;
    ///         let h = Distance.estimate(&Line, &parent);
    ///         assert_eq!(Distance.estimate_child(&Line, h, mv, &child), Distance.estimate(&Line, &child));
    ///     }
    /// }
    /// ```
    #[inline]
    fn estimate_child(&self, problem: &P, parent_h: u32, mv: P::Move, child: &P::State) -> u32 {
        let _ = (parent_h, mv);
        self.estimate(problem, child)
    }
}

/// The heuristic that always answers 0.
///
/// # Examples
///
/// See [`Heuristic`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Zero;

impl<P: SearchProblem + ?Sized> Heuristic<P> for Zero {
    #[inline]
    fn estimate(&self, _: &P, _: &P::State) -> u32 {
        0
    }

    #[inline]
    fn estimate_child(&self, _: &P, _: u32, _: P::Move, _: &P::State) -> u32 {
        0
    }
}

impl<P, F> Heuristic<P> for F
where
    P: SearchProblem + ?Sized,
    F: Fn(&P::State) -> u32,
{
    #[inline]
    fn estimate(&self, _: &P, state: &P::State) -> u32 {
        self(state)
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::ByCopy {}
    impl Sealed for super::ByUndo {}
}

/// Depth-first engines go back to a parent by copying states: one state slot per depth,
/// refreshed with `clone_from` (which reuses the slot's allocations).
///
/// # Examples
///
/// See [`SearchProblem`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByCopy;

/// Depth-first engines go back to a parent with [`Undo::undo`]: one state, changed in place.
///
/// # Examples
///
/// See the crate guide, whose puzzle declares `type Backtrack = ByUndo;`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByUndo;

/// The backtracking strategy a [`SearchProblem`] declares: [`ByCopy`] or [`ByUndo`].
///
/// The trait is sealed; its methods are an implementation detail of the depth-first engines.
pub trait Backtrack<P: SearchProblem + ?Sized>: sealed::Sealed {
    /// Plays `mv` on the state at `states[*depth]`, leaving the child current; `Err` (and
    /// nothing played) when the allocator refuses room for the child.
    #[doc(hidden)]
    fn descend(problem: &P, states: &mut Vec<P::State>, depth: &mut usize, mv: P::Move) -> Result<(), Reason>;
    /// Returns from the child reached by `mv` to its parent.
    #[doc(hidden)]
    fn ascend(problem: &P, states: &mut [P::State], depth: &mut usize, mv: P::Move);
}

impl<P: SearchProblem + ?Sized> Backtrack<P> for ByCopy {
    #[inline]
    fn descend(problem: &P, states: &mut Vec<P::State>, depth: &mut usize, mv: P::Move) -> Result<(), Reason> {
        let next = *depth + 1;
        if states.len() <= next {
            let copy = states[*depth].clone();
            crate::containers::bytes::push(states, copy)?;
        } else {
            let (lower, upper) = states.split_at_mut(next);
            upper[0].clone_from(&lower[*depth]);
        }
        problem.apply(&mut states[next], mv);
        *depth = next;
        Ok(())
    }

    #[inline]
    fn ascend(_: &P, _: &mut [P::State], depth: &mut usize, _: P::Move) {
        *depth -= 1;
    }
}

impl<P: Undo + ?Sized> Backtrack<P> for ByUndo {
    #[inline]
    fn descend(problem: &P, states: &mut Vec<P::State>, depth: &mut usize, mv: P::Move) -> Result<(), Reason> {
        problem.apply(&mut states[*depth], mv);
        Ok(())
    }

    #[inline]
    fn ascend(problem: &P, states: &mut [P::State], depth: &mut usize, mv: P::Move) {
        problem.undo(&mut states[*depth], mv);
    }
}
