//! [`Arena`]: states stored once, indexed by [`NodeId`], with parents as ids.

use std::mem::size_of;

use super::bytes::{growth, held, push, reserve_exact, room};
use super::{IdTable, OutOfMemory};
use crate::{Observer, SearchProblem, UndecidedReason};

/// The index of a stored node in an engine's arena.
///
/// A `u32` keeps parent links and queue entries small; an arena holds at most 2³² − 1 nodes
/// (a search that needs more ends [`Undecided`](crate::SearchOutcome::Undecided) with
/// [`UndecidedReason::Capacity`]).
///
/// # Examples
///
/// ```
/// let id = freecell_search::NodeId(7);
/// assert_eq!(id.index(), 7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The id as a `usize` index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The parent of the root (the first node stored), as [`Arena::parent`] gives it.
pub const NO_PARENT: u32 = u32::MAX;

/// Node storage plus a key index over it, struct-of-arrays so that nothing is padding: what
/// the stored-state engines (breadth-first, A*, beam) keep of every node they generate.
///
/// Per node: the state, a `u32` parent and a path cost (1 byte while all fit, see `Costs`),
/// each in its own vector, plus one 4-byte [`IdTable`] slot (at most 7/8 full). Moves are not
/// stored: [`path`](Arena::path) finds them again by replaying the solution. Keys are not
/// stored either: the index keeps ids with a few hash bits as tags and recomputes a stored
/// state's key only when tags match. Ids are `u32`s; the first node stored (id 0) is the
/// root, whose parent is [`NO_PARENT`].
///
/// # Examples
///
/// ```
/// use freecell_search::containers::{Arena, NO_PARENT};
/// use freecell_search::{ByCopy, SearchProblem};
///
/// /// Counting up by one or two.
/// struct Steps;
/// impl SearchProblem for Steps {
///     type State = u32;
///     type Move = u32;
///     type Key = u32;
///     type Backtrack = ByCopy;
///     fn is_goal(&self, s: &u32) -> bool { *s == 5 }
///     fn moves(&self, _: &u32, out: &mut Vec<u32>) { out.extend([1, 2]) }
///     fn apply(&self, s: &mut u32, step: u32) { *s += step }
///     fn key(&self, s: &u32) -> u32 { *s }
/// }
///
/// let mut arena = Arena::<Steps>::new();
/// let mut store = |arena: &mut Arena<Steps>, state: u32, parent: u32, g: u32| {
///     arena.make_room(&Steps, &mut ())?;
///     match arena.find(&Steps, &state, &state) {
///         Ok(id) => Ok(id),
///         Err(at) => arena.insert(at, state, parent, g),
///     }
/// };
/// let root = store(&mut arena, 0, NO_PARENT, 0)?;
/// let one = store(&mut arena, 1, root, 1)?;
/// let two = store(&mut arena, 2, one, 2)?;
/// assert_eq!(store(&mut arena, 2, root, 1)?, two); // stored once: the caller relinks it
/// arena.relink(two, root, 1);
/// assert_eq!((arena.len(), arena.parent(two), arena.g(two)), (3, root, 1));
/// // The moves are found again by replaying the path: the one step of cost 1 from 0 to 2.
/// assert_eq!(arena.path(&Steps, two), Some(vec![2]));
/// # Ok::<(), freecell_search::UndecidedReason>(())
/// ```
pub struct Arena<P: SearchProblem + ?Sized> {
    states: Vec<P::State>,
    parents: Vec<u32>,
    costs: Costs,
    index: IdTable,
}

impl<P: SearchProblem + ?Sized> std::fmt::Debug for Arena<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Arena").field("len", &self.len()).field("bytes", &self.bytes()).finish_non_exhaustive()
    }
}

impl<P: SearchProblem + ?Sized> Default for Arena<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: SearchProblem + ?Sized> Arena<P> {
    /// An empty arena; it allocates on the first node.
    pub fn new() -> Self {
        Self { states: Vec::new(), parents: Vec::new(), costs: Costs::Tiny(Vec::new()), index: IdTable::new() }
    }

    /// Empties the arena, keeping its capacity.
    pub fn clear(&mut self) {
        self.states.clear();
        self.parents.clear();
        self.costs.clear();
        self.index.clear();
    }

    /// Nodes stored.
    #[inline]
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether no node is stored.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The state of node `id`.
    #[inline]
    pub fn state(&self, id: u32) -> &P::State {
        &self.states[id as usize]
    }

    /// The parent of node `id` ([`NO_PARENT`] for the root).
    #[inline]
    pub fn parent(&self, id: u32) -> u32 {
        self.parents[id as usize]
    }

    /// The path cost of node `id`.
    #[inline]
    pub fn g(&self, id: u32) -> u32 {
        self.costs.get(id as usize)
    }

    /// Records a cheaper path to node `id` (not the root): cost `g`, from `parent`.
    #[inline]
    pub fn relink(&mut self, id: u32, parent: u32, g: u32) {
        let i = id as usize;
        self.costs.set(i, g);
        self.parents[i] = parent;
    }

    /// Bytes held: the node vectors and the index, by capacity.
    pub fn bytes(&self) -> usize {
        held(&self.states) + held(&self.parents) + self.costs.bytes() + self.index.bytes()
    }

    /// Bytes that adding one node of path cost `g` (and indexing it) adds.
    #[inline]
    pub fn growth_one(&self, g: u32) -> usize {
        growth(&self.states) + growth(&self.parents) + self.costs.growth(g) + self.index.growth()
    }

    /// Inline bytes per stored node (without index slots or spare capacity), path costs taken
    /// as 1 byte (true while they all fit in a `u8`).
    pub fn node_size() -> usize {
        size_of::<P::State>() + size_of::<u32>() + size_of::<u8>()
    }

    /// Grows the index, if needed, so that one more node can be indexed (the caller checked
    /// [`growth_one`](Self::growth_one) against the budget), telling `observer` as
    /// [`IdTable::reserve_one_hashed`] does.
    ///
    /// Apart from [`find`](Self::find), whose result then stays small: with the refusal in
    /// it, LLVM stopped inlining the problem's move application into breadth-first search
    /// (5 % more instructions).
    ///
    /// # Errors
    ///
    /// [`UndecidedReason::Budget`]`(`[`Limit::Bytes`](crate::Limit::Bytes)`)` when the
    /// allocator refuses the larger index, [`UndecidedReason::Stopped`] when the observer
    /// stops its growth: the search must then end, and the arena is only fit to be cleared.
    #[inline]
    pub fn make_room(&mut self, problem: &P, observer: &mut (impl Observer + ?Sized)) -> Result<(), UndecidedReason> {
        let states = &self.states;
        // On growth, every stored node is indexed again by the same hash function.
        let hash_of = |id: u32| {
            let state = &states[id as usize];
            problem.state_key_hash(state, &problem.key(state))
        };
        self.index.reserve_one_hashed(hash_of, observer)
    }

    /// Looks `key` (of `state`) up. `Ok(id)` if stored, else `Err((hash, slot))` for
    /// [`insert`](Self::insert). Call [`make_room`](Self::make_room) first.
    ///
    /// The index hashes with the problem's
    /// [`state_key_hash`](SearchProblem::state_key_hash), which a state may keep up to date
    /// as it changes (FreeCell's boards do).
    ///
    /// # Errors
    ///
    /// `Err((hash, slot))`: the key is not stored, and [`insert`](Self::insert) would store
    /// it at that slot.
    #[inline]
    pub fn find(&self, problem: &P, state: &P::State, key: &P::Key) -> Result<u32, (u64, usize)> {
        self.find_hashed(problem, key, problem.state_key_hash(state, key))
    }

    /// Reads the index slot a probe for `hash` starts at (a load whose value is unused), so
    /// that it is in cache when [`find_hashed`](Self::find_hashed) probes. A* calls it for
    /// every child of a node before probing for any: the loads miss the cache independently
    /// and overlap, where probing child after child would wait for each miss in turn (a probe
    /// branches on what it loads).
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        self.index.prefetch(hash);
    }

    /// [`find`](Self::find) with the hash (`state_key_hash`) already computed.
    ///
    /// # Errors
    ///
    /// As [`find`](Self::find).
    #[inline]
    pub fn find_hashed(&self, problem: &P, key: &P::Key, hash: u64) -> Result<u32, (u64, usize)> {
        let states = &self.states;
        self.index.probe(hash, |id| problem.key(&states[id as usize]) == *key).map_err(|slot| (hash, slot))
    }

    /// Stores a node at the slot [`find`](Self::find) returned (nothing stored since) and
    /// returns its id. If the allocator refuses the room, nothing is stored and the error is
    /// [`UndecidedReason::Budget`]`(`[`Limit::Bytes`](crate::Limit::Bytes)`)`; an arena of
    /// `u32::MAX` nodes is full ([`UndecidedReason::Capacity`]).
    ///
    /// # Errors
    ///
    /// [`UndecidedReason::Budget`]`(`[`Limit::Bytes`](crate::Limit::Bytes)`)` when the allocator
    /// refuses the room, [`UndecidedReason::Capacity`] when the arena is full.
    #[inline(always)]
    #[allow(clippy::inline_always)] // A*'s hot loop: left to itself, LLVM calls it
    pub fn insert(&mut self, at: (u64, usize), state: P::State, parent: u32, g: u32) -> Result<u32, UndecidedReason> {
        let id = self.states.len();
        if id >= NO_PARENT as usize {
            return Err(UndecidedReason::Capacity);
        }
        // Room first, so that a refusal leaves every vector one length.
        room(&mut self.states)?;
        room(&mut self.parents)?;
        self.costs.push(g)?;
        self.states.push(state);
        self.parents.push(parent);
        self.index.fill(at.1, at.0, id as u32);
        Ok(id as u32)
    }

    /// The moves from the root to `id`, found again by replaying the path: from each state
    /// the replay reaches, the move to a state with the next node's key at the next node's
    /// path cost.
    ///
    /// Storing no moves saves their bytes on every node, for one move generation per
    /// solution step at the end. Replaying is also what makes the moves right under a
    /// canonical key: a node reached again by a cheaper path keeps the state first stored,
    /// which may differ from the one the new path reaches (cascades in another order, say), so
    /// a stored move could name the wrong cascade. `None` if a step cannot be replayed: the
    /// problem broke the [`SearchProblem::key`] contract (states of equal keys must be
    /// interchangeable).
    pub fn path(&self, problem: &P, id: u32) -> Option<Vec<P::Move>> {
        let ids = || std::iter::successors(Some(id), |&at| Some(self.parents[at as usize])).take_while(|&at| at != 0);
        let mut chain: Vec<u32> = Vec::with_capacity(ids().count());
        chain.extend(ids());
        let mut state = self.states[0].clone();
        let mut child = state.clone();
        let mut g = 0u32;
        // One spare slot: breadth-first search and beam search append the goal's move.
        let mut moves = Vec::with_capacity(chain.len() + 1);
        let mut options = Vec::with_capacity(16);
        for &next in chain.iter().rev() {
            let (key, cost) = (problem.key(self.state(next)), self.g(next));
            options.clear();
            problem.moves(&state, &mut options);
            let mv = options.iter().copied().find(|&mv| {
                g.saturating_add(problem.step_cost(&state, mv)) == cost && {
                    child.clone_from(&state);
                    problem.apply(&mut child, mv);
                    problem.key(&child) == key
                }
            })?;
            moves.push(mv);
            std::mem::swap(&mut state, &mut child);
            g = cost;
        }
        Some(moves)
    }
}

/// Path costs: 1 byte each while every cost fits in a `u8` (puzzle solutions are short), 2
/// while they fit in a `u16`, else 4. The API keeps `u32` costs either way.
enum Costs {
    Tiny(Vec<u8>),
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl Costs {
    #[inline]
    fn get(&self, i: usize) -> u32 {
        match self {
            Costs::Tiny(v) => u32::from(v[i]),
            Costs::Narrow(v) => u32::from(v[i]),
            Costs::Wide(v) => v[i],
        }
    }

    /// Lowers cost `i` to `g` (a lower cost fits where the old one did).
    #[inline]
    fn set(&mut self, i: usize, g: u32) {
        match self {
            Costs::Tiny(v) => v[i] = g as u8,
            Costs::Narrow(v) => v[i] = g as u16,
            Costs::Wide(v) => v[i] = g,
        }
    }

    /// Empties it, keeping its width and capacity.
    fn clear(&mut self) {
        match self {
            Costs::Tiny(v) => v.clear(),
            Costs::Narrow(v) => v.clear(),
            Costs::Wide(v) => v.clear(),
        }
    }

    fn bytes(&self) -> usize {
        match self {
            Costs::Tiny(v) => held(v),
            Costs::Narrow(v) => held(v),
            Costs::Wide(v) => held(v),
        }
    }

    /// Bytes that pushing `g` adds at the peak. Widening allocates the wider vector while the
    /// narrower one is still held.
    #[inline]
    fn growth(&self, g: u32) -> usize {
        match self {
            Costs::Tiny(v) if g > u32::from(u8::MAX) => widened_capacity(v) * Self::width(g),
            Costs::Narrow(v) if g > u32::from(u16::MAX) => widened_capacity(v) * size_of::<u32>(),
            Costs::Tiny(v) => growth(v),
            Costs::Narrow(v) => growth(v),
            Costs::Wide(v) => growth(v),
        }
    }

    /// Bytes per cost once `g` is stored.
    fn width(g: u32) -> usize {
        if g > u32::from(u16::MAX) { size_of::<u32>() } else { size_of::<u16>() }
    }

    /// Pushes `g`; if the allocator refuses the room, nothing changes.
    #[inline(always)]
    #[allow(clippy::inline_always)] // A*'s hot loop: left to itself, LLVM calls it
    fn push(&mut self, g: u32) -> Result<(), OutOfMemory> {
        match self {
            Costs::Tiny(v) if let Ok(g) = u8::try_from(g) => push(v, g),
            Costs::Narrow(v) if let Ok(g) = u16::try_from(g) => push(v, g),
            Costs::Wide(v) => push(v, g),
            _ => self.widen(g),
        }
    }

    /// Pushes `g`, too large for the current width, switching to the width it needs.
    #[cold]
    #[inline(never)]
    fn widen(&mut self, g: u32) -> Result<(), OutOfMemory> {
        fn wider<T: Copy, U: From<T>>(v: &Vec<T>, last: U) -> Result<Vec<U>, OutOfMemory> {
            let mut wide = Vec::new();
            reserve_exact(&mut wide, widened_capacity(v))?;
            wide.extend(v.iter().map(|&c| U::from(c)));
            wide.push(last);
            Ok(wide)
        }
        match self {
            Costs::Tiny(v) => {
                *self = match u16::try_from(g) {
                    Ok(g) => Costs::Narrow(wider(v, g)?),
                    Err(_) => Costs::Wide(wider(v, g)?),
                };
            }
            Costs::Narrow(v) => *self = Costs::Wide(wider(v, g)?),
            Costs::Wide(v) => push(v, g)?,
        }
        Ok(())
    }
}

/// Capacity of the wider vector [`Costs::push`] creates from a full-or-not narrower one.
fn widened_capacity<T>(v: &Vec<T>) -> usize {
    v.capacity() + growth(v) / size_of::<T>()
}
