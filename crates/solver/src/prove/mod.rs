//! [`Prover`]: decides whether a position can be won by exhausting every position reachable
//! from it, one *component* at a time, so that memory holds only one component and disk the
//! positions waiting for theirs; for deals whose reachable space is far larger than memory.
//!
//! **Why components.** Cards never leave the foundations, so the foundation vector (how many
//! cards of each suit are home) only grows along a game. Nor does a card ever go back onto
//! a card the deal put it on when it does not stack on it (no move puts a card there), so
//! the count of cards still lying so, *out of order* ([`Packed::out_of_order`]), only
//! shrinks. The positions reachable from the start with one foundation vector and one count
//! out of order, by moves that change neither, form a component; any other move leads to
//! a component of a larger vector or of fewer cards out of order, and never back.
//! Components are expanded in the order of their cards home, then of the vector, then of
//! the count out of order from the most, so when one is expanded every position that can
//! lead into it has been expanded already: its *seeds* (the positions entering it) are all
//! known, its own positions are found by breadth-first search from them, and once expanded
//! it is never needed again. So memory holds one component's positions (a [`Packed`]
//! position and a parent id, about 30 bytes each with the index) and the seeds waiting for
//! later components; when memory runs short the seeds go to disk as sorted runs, merged when
//! their component comes (see `seeds`). fc-solve's disk-backed solvers (`shlomif/fc-solve`,
//! `fc-solve/source/dbm_solver.c`, `depth_dbm_solver.c`) also split the search by cards
//! home, but store every position with its parent in a key-value store; here nothing is
//! kept of a component once expanded, which also means no path is kept.
//!
//! **Larger than memory.** A component whose positions outgrow the memory is searched again
//! from its seeds, breadth-first with its layers on disk as sorted runs, each new layer
//! merged against every position it has visited (see `disk_component`): 6 to 11 bytes
//! of disk a position, and memory only to sort in.
//!
//! **Complete.** Every single-card move is tried in every position, and only Raymond's safe
//! automoves are played after it (Raymond's rule never loses a win, as in the `fast`
//! preset's proof); positions are compared exactly ([`Packed`] values are equal exactly when
//! the positions are, up to the order of cascades and cells). So [`Verdict::Unsolvable`] is
//! an exhaustion of the reachable space, never a guess; any limit reached gives
//! [`Verdict::Undecided`].
//!
//! **The path of a win.** Since expanded components are dropped, a won position found is
//! traced back by searching again, restricted to the components that can lead to the
//! target's (see `below`), for a position with a move to the target; its
//! component's parent ids lead to a seed of that component, which becomes the next target.
//! Each step searches no more than the first run did, and a deal the prover finds solvable
//! is usually found so in a small part of its space.

mod disk_component;
mod runs;
mod seeds;
#[cfg(test)]
mod tests;

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use freecell_core::{Automove, BoardN, Move, MoveModel, PACKED_BYTES, Packed, Packer, Suit};
use freecell_search::{Control, Observer, UndecidedReason};

use crate::packed_store::{Linked, NO_PARENT, Store};
use disk_component::DiskComponent;
use runs::{RunReader, RunWriter};
use seeds::Seeds;

/// The automoves played after every move (Raymond's rule: safe, so the search stays
/// complete), as in the `fast` preset's proof.
const AUTOMOVE: Automove = Automove::Raymond;

/// The memory a [`Prover`] uses unless told otherwise: 1 GiB.
pub const DEFAULT_MAX_BYTES: usize = 1 << 30;

/// Expansions between two readings of the clock.
const CLOCK_EVERY: u64 = 1 << 12;

/// The time allowed, as an [`Observer`] of the work of the store's growth.
struct TimeLimit {
    began: Instant,
    max: Option<Duration>,
}

impl Observer for TimeLimit {
    fn on_work(&mut self) -> Control {
        if self.max.is_some_and(|max| self.began.elapsed() > max) { Control::Stop } else { Control::Continue }
    }
}

/// Decides positions by exhausting their reachable space component by component (see the
/// [module documentation](self)).
///
/// # Examples
/// ```
/// use freecell_core::{Board, Rules};
/// use freecell_solver::prove::{Prover, Verdict};
///
/// // No free cell, and each queen under her king: no move at all.
/// let rules = Rules { free_cells: 0, cascades: 2, ..Rules::freecell() };
/// let lost = Board::parse_with_rules("Foundations: H-J C-K D-K S-J\n: QH KH\n: QS KS\n", rules)?;
/// let report = Prover::new().prove(&lost)?;
/// assert_eq!(report.verdict, Verdict::Unsolvable);
///
/// let won: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
/// let Verdict::Solvable(moves) = Prover::new().prove(&won)?.verdict else { panic!("solvable") };
/// assert!(freecell_core::replay(&won, &moves)?.is_won());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Prover {
    tmp_dir: PathBuf,
    max_bytes: usize,
    max_disk_bytes: Option<u64>,
    max_time: Option<Duration>,
    /// Bytes of seeds in memory that send them to disk even with memory to spare: the
    /// tests' way to send small spaces through runs.
    spill_at: usize,
    /// Positions of a component that send it to disk even with memory to spare: the tests'
    /// way to send a component there part way.
    disk_at: usize,
}

impl Default for Prover {
    fn default() -> Self {
        Self::new()
    }
}

/// Why a proof stopped short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The system refused memory within the limit (a component held in memory that
    /// outgrows the limit is searched on disk instead, in half of it).
    Memory,
    /// The seeds on disk would have passed the disk space allowed.
    Disk,
    /// The time allowed ran out.
    Time,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Memory => "the system refused memory within the limit",
            Limit::Disk => "the positions waiting on disk outgrew the disk space allowed",
            Limit::Time => "the time allowed ran out",
        })
    }
}

/// What a proof found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Won: the moves from the start, every move listed (automoves too), as
    /// [`freecell_core::replay`] and [`freecell_core::verify`] replay them.
    Solvable(Vec<Move>),
    /// Every reachable position was expanded and none is won.
    Unsolvable,
    /// A limit was reached first: nothing is known.
    Undecided(Limit),
}

/// One component expanded, or one breadth-first layer of a component searched on disk: what
/// the progress callback of [`Prover::prove_with`] receives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Component {
    /// Cards home in each suit, clubs, diamonds, hearts, spades.
    pub foundations: [u8; 4],
    /// Cards out of order (see [`Packed::out_of_order`]), the same in all its positions.
    pub out_of_order: u32,
    /// Distinct positions entering it from lower components (or the start).
    pub seeds: u64,
    /// Its positions (seeds included), each expanded once; so far, if not `finished`.
    pub positions: u64,
    /// Bytes of memory at its end: its positions and index (or its buffers, on disk), and
    /// the seeds waiting.
    pub bytes: usize,
    /// Bytes on disk: the seeds' runs and, for a component on disk, its layers.
    pub disk_bytes: u64,
    /// Breadth-first layers (depths) expanded on disk, 0 for a component held in memory
    /// (see [`Prover::max_bytes`]).
    pub layers: u32,
    /// Whether the component is expanded to its end (`false` after each layer on disk).
    pub finished: bool,
    /// Positions expanded so far over the whole proof, this component's included.
    pub total_positions: u64,
    /// Time since the proof began.
    pub elapsed: Duration,
}

/// The positions with one number of cards home.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layer {
    /// Components expanded (foundation vectors met).
    pub components: u64,
    /// Positions expanded.
    pub positions: u64,
    /// Positions of the largest component.
    pub largest: u64,
}

/// A proof's verdict and figures.
#[derive(Clone, Debug, PartialEq)]
pub struct ProofReport {
    /// What was found.
    pub verdict: Verdict,
    /// Index `k`: the positions with `k` cards home (53 entries), of the first search (a
    /// win's tracing back is not counted).
    pub layers: Vec<Layer>,
    /// Positions expanded in all, in the first search.
    pub positions: u64,
    /// Moves tried (children generated), in the first search.
    pub generated: u64,
    /// Positions expanded in memory by components that then outgrew it and were searched
    /// again from their seeds with their layers on disk (not counted in `positions`).
    pub discarded: u64,
    /// Positions of the largest component.
    pub largest_component: u64,
    /// Bytes of memory at most: a component's positions and index and the seeds waiting.
    pub peak_bytes: usize,
    /// Bytes on disk at most: the seeds' runs and a component's layers.
    pub peak_disk_bytes: u64,
    /// Sorted runs of seeds written to disk.
    pub runs: u32,
    /// Time of the whole proof, a win's tracing back included.
    pub elapsed: Duration,
}

/// A proof that could not run: the temporary files failed.
#[derive(Debug)]
pub enum ProveError {
    /// Creating, writing, reading or removing a temporary file or directory failed.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

impl fmt::Display for ProveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProveError::Io { path, source } => write!(f, "temporary file {}: {source}", path.display()),
        }
    }
}

impl std::error::Error for ProveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ProveError::Io { source, .. } => Some(source),
        }
    }
}

impl Prover {
    /// A prover with [`DEFAULT_MAX_BYTES`] of memory, no disk or time limit, and its
    /// temporary files under [`std::env::temp_dir`].
    pub fn new() -> Self {
        Self {
            tmp_dir: std::env::temp_dir(),
            max_bytes: DEFAULT_MAX_BYTES,
            max_disk_bytes: None,
            max_time: None,
            spill_at: usize::MAX,
            disk_at: usize::MAX,
        }
    }

    /// Puts the temporary files in a new directory under `dir` (removed at the end).
    #[must_use]
    pub fn tmp_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.tmp_dir = dir.into();
        self
    }

    /// Memory for one component's positions and the seeds waiting in memory; seeds go to
    /// disk before it is passed. A component whose positions and index pass 7/8 of it is
    /// searched again from its seeds breadth-first with its layers on disk, sorting half
    /// of it at a time (see the [module documentation](self)).
    #[must_use]
    pub fn max_bytes(mut self, bytes: usize) -> Self {
        self.max_bytes = bytes;
        self
    }

    /// Disk space for the seeds' runs and a component's layers; a run that would pass it
    /// ends the proof undecided.
    #[must_use]
    pub fn max_disk_bytes(mut self, bytes: u64) -> Self {
        self.max_disk_bytes = Some(bytes);
        self
    }

    /// Time for the whole proof.
    #[must_use]
    pub fn max_time(mut self, time: Duration) -> Self {
        self.max_time = Some(time);
        self
    }

    /// Decides `start`: see [`prove_with`](Self::prove_with).
    ///
    /// # Errors
    /// [`ProveError::Io`] when a temporary file fails.
    pub fn prove<const C: usize, const F: usize>(&self, start: &BoardN<C, F>) -> Result<ProofReport, ProveError> {
        self.prove_with(start, |_| {})
    }

    /// Decides `start`, calling `progress` after each component expanded.
    ///
    /// # Errors
    /// [`ProveError::Io`] when a temporary file fails.
    pub fn prove_with<const C: usize, const F: usize>(
        &self,
        start: &BoardN<C, F>,
        mut progress: impl FnMut(&Component),
    ) -> Result<ProofReport, ProveError> {
        let began = Instant::now();
        let dir = TempDir::new(&self.tmp_dir)?;
        let packer = Packer::new(start);
        let mut run = Run::new(self, &packer, dir.path(), began);
        let found = run.search(Goal::Won, &mut progress)?;
        let mut report = ProofReport {
            verdict: Verdict::Unsolvable,
            layers: run.layers.clone(),
            positions: run.positions,
            generated: run.generated,
            largest_component: run.layers.iter().map(|layer| layer.largest).max().unwrap_or(0),
            discarded: run.discarded,
            peak_bytes: run.peak_bytes,
            peak_disk_bytes: run.peak_disk_bytes.max(run.seeds.peak_disk_bytes()),
            runs: run.seeds.runs_made(),
            elapsed: Duration::ZERO,
        };
        report.verdict = match found {
            Found::Exhausted => Verdict::Unsolvable,
            Found::Stopped(limit) => Verdict::Undecided(limit),
            Found::Chain(chain) => self.trace(&packer, dir.path(), began, chain, &mut report)?,
        };
        report.elapsed = began.elapsed();
        Ok(report)
    }

    /// The moves to the won position that ends `chain`, whose first position is a seed
    /// (searched for again, back to the start).
    fn trace<const C: usize, const F: usize>(
        &self,
        packer: &Packer<C, F>,
        dir: &Path,
        began: Instant,
        mut chain: Vec<Packed>,
        report: &mut ProofReport,
    ) -> Result<Verdict, ProveError> {
        let start = packer.pack(packer.start()).expect("the start packs by its own packer");
        let mut positions = Vec::new();
        loop {
            positions.splice(0..0, chain[1..].iter().copied());
            let seed = chain[0];
            if seed == start {
                break;
            }
            let mut run = Run::new(self, packer, dir, began);
            run.peak_bytes = report.peak_bytes;
            match run.search(Goal::Position(seed), &mut |_| {})? {
                Found::Chain(before) => chain = before,
                Found::Stopped(limit) => return Ok(Verdict::Undecided(limit)),
                // A seed was reached from a stored position, so searching again finds it;
                // should it not, the path stops short and verifying it fails.
                Found::Exhausted => break,
            }
            report.peak_bytes = run.peak_bytes;
            report.peak_disk_bytes = report.peak_disk_bytes.max(run.peak_disk_bytes).max(run.seeds.peak_disk_bytes());
        }
        positions.insert(0, start);
        Ok(Verdict::Solvable(moves_along(packer, &positions)))
    }
}

/// What a search looks for.
#[derive(Clone, Copy)]
enum Goal {
    /// Any won position.
    Won,
    /// This position: only components whose foundations are at most its own in every suit
    /// can lead to it.
    Position(Packed),
}

/// How a search ended.
enum Found {
    /// Every position of the components searched was expanded.
    Exhausted,
    /// A limit was reached.
    Stopped(Limit),
    /// The goal: positions from a seed of some component, through that component, then the
    /// goal.
    Chain(Vec<Packed>),
}

/// The component of `board` (packed as `key`), as the order components are expanded in:
/// cards home (bits 22 and up), then the foundations four bits a suit (bits 6 to 21), then
/// the cards out of order, the most first (bits 0 to 5 hold 63 minus their count). A move
/// never takes cards home back nor puts a card out of order (see
/// [`Packed::out_of_order`]), so it never leads to an earlier component.
fn order<const C: usize, const F: usize>(board: &BoardN<C, F>, key: &Packed) -> u32 {
    let mut vector = 0u32;
    for suit in Suit::ALL {
        vector |= u32::from(board.foundation(suit)) << (4 * suit.index());
    }
    ((board.cards_home() as u32) << 22) | (vector << 6) | (63 - key.out_of_order())
}

/// The foundations of a component, clubs, diamonds, hearts, spades.
fn foundations(order: u32) -> [u8; 4] {
    [0, 1, 2, 3].map(|i| (order >> (6 + 4 * i)) as u8 & 15)
}

/// The cards home in a component.
fn cards_home(order: u32) -> usize {
    (order >> 22) as usize
}

/// The cards out of order in a component.
fn out_of_order(order: u32) -> u32 {
    63 - (order & 63)
}

/// Whether component `order` can lead to component `bound`: foundations at most its own,
/// cards out of order at least as many.
fn below(order: u32, bound: u32) -> bool {
    foundations(order).iter().zip(foundations(bound)).all(|(&a, b)| a <= b)
        && out_of_order(order) >= out_of_order(bound)
}

/// One search over the components, with its store, seeds and figures.
struct Run<'a, const C: usize, const F: usize> {
    prover: &'a Prover,
    packer: &'a Packer<C, F>,
    began: Instant,
    dir: PathBuf,
    store: Store<Linked>,
    seeds: Seeds,
    /// The component being expanded on disk, if it outgrew the store.
    disk: Option<DiskComponent>,
    moves: Vec<Move>,
    layers: Vec<Layer>,
    positions: u64,
    generated: u64,
    /// Positions expanded in the store by components that then outgrew it.
    discarded: u64,
    peak_bytes: usize,
    peak_disk_bytes: u64,
    /// Positions expanded, for reading the clock now and then.
    clock: u64,
}

impl<'a, const C: usize, const F: usize> Run<'a, C, F> {
    fn new(prover: &'a Prover, packer: &'a Packer<C, F>, dir: &Path, began: Instant) -> Self {
        Self {
            prover,
            packer,
            began,
            dir: dir.to_path_buf(),
            store: Store::default(),
            seeds: Seeds::new(dir.to_path_buf(), prover.max_bytes),
            disk: None,
            moves: Vec::new(),
            layers: vec![Layer::default(); 53],
            positions: 0,
            generated: 0,
            discarded: 0,
            peak_bytes: 0,
            peak_disk_bytes: 0,
            clock: 0,
        }
    }

    /// Bytes of memory held: the store, the seeds waiting, a component on disk's buffers.
    fn bytes(&self) -> usize {
        self.store.bytes() + self.seeds.memory_bytes() + self.disk.as_ref().map_or(0, DiskComponent::memory_bytes)
    }

    /// Writes the seeds in memory to disk, unless that passes the disk limit or the new
    /// run's buffer the memory limit.
    fn spill(&mut self) -> Result<Result<(), Limit>, ProveError> {
        if self.over_disk(self.seeds.spill_bytes()) {
            return Ok(Err(Limit::Disk));
        }
        // A run keeps a read buffer.
        if self.bytes() - self.seeds.memory_bytes() + self.seeds.buffers_after_spill() > self.prover.max_bytes {
            return Ok(Err(Limit::Memory));
        }
        self.seeds.spill()?;
        self.note_peaks();
        Ok(Ok(()))
    }

    /// Makes room for one more stored position: the seeds in memory go to disk when the
    /// memory limit would be passed, and the component may take all but an eighth of it
    /// (so that a run is never smaller than that eighth: few runs, each read once); `Err`
    /// when the component does not fit beside the seeds' runs.
    fn room(&mut self) -> Result<Result<(), Limit>, ProveError> {
        if self.store.len() >= self.prover.disk_at {
            return Ok(Err(Limit::Memory));
        }
        let need = self.store.insert_growth();
        if need > 0 {
            let max = self.prover.max_bytes;
            if self.store.bytes() + need > max - max / 8 {
                return Ok(Err(Limit::Memory));
            }
            if self.bytes() + need > max
                && let Err(limit) = self.spill()?
            {
                return Ok(Err(limit));
            }
            // The seeds' runs keep their read buffers.
            if self.bytes() + need > max {
                return Ok(Err(Limit::Memory));
            }
        }
        // The table frees its old slots before it allocates the new ones: this is the peak.
        self.peak_bytes = self.peak_bytes.max(self.bytes() + need);
        // A growth re-indexes every stored position: the clock is read during it too.
        let mut clock = TimeLimit { began: self.began, max: self.prover.max_time };
        match self.store.make_room(&mut clock) {
            Ok(()) => Ok(Ok(())),
            Err(UndecidedReason::Stopped) => Ok(Err(Limit::Time)),
            Err(_) => Ok(Err(Limit::Memory)),
        }
    }

    /// Stores `key` in the component unless it is there: its new id, `None` for a
    /// duplicate.
    fn store(&mut self, key: Packed, parent: u32) -> Result<Result<Option<u32>, Limit>, ProveError> {
        if let Err(limit) = self.room()? {
            return Ok(Err(limit));
        }
        let hash = key.hash64();
        Ok(match self.store.find(&key, hash) {
            Ok(_) => Ok(None),
            Err(slot) => match self.store.insert(slot, Linked::new(key, parent), hash) {
                Ok(id) => Ok(Some(id)),
                Err(_) => Err(Limit::Memory),
            },
        })
    }

    /// Loads the seeds of `component` into the emptied store, through `batch` (which keeps
    /// the last seeds taken when the store is full).
    fn load(&mut self, component: u32, batch: &mut Vec<Packed>) -> Result<Result<(), Limit>, ProveError> {
        self.store.reset();
        loop {
            batch.clear();
            let more = self.seeds.take(component, batch, SEED_BATCH)?;
            for &key in batch.iter() {
                if let Err(limit) = self.store(key, NO_PARENT)? {
                    return Ok(Err(limit));
                }
            }
            if !more {
                batch.clear();
                return Ok(Ok(()));
            }
        }
    }

    /// The positions from the seed that led to node `id` through it, then `key`.
    fn chain(&self, id: u32, key: Packed) -> Vec<Packed> {
        let mut chain = vec![key];
        let mut at = id;
        while at != NO_PARENT {
            let node = self.store.node(at);
            chain.push(node.key);
            at = node.parent();
        }
        chain.reverse();
        chain
    }

    /// Counts `positions` expanded in `component` (all of them, or those before a stop).
    fn tally(&mut self, component: u32, positions: u64) {
        self.positions += positions;
        let layer = &mut self.layers[cards_home(component)];
        layer.components += 1;
        layer.positions += positions;
        layer.largest = layer.largest.max(positions);
    }

    /// Bytes on disk now: the seeds' runs and a component's layers.
    fn disk_bytes(&self) -> u64 {
        self.seeds.disk_bytes() + self.disk.as_ref().map_or(0, DiskComponent::disk_bytes)
    }

    /// Whether `extra` more bytes on disk would pass the disk limit.
    fn over_disk(&self, extra: u64) -> bool {
        self.prover.max_disk_bytes.is_some_and(|max| self.disk_bytes() + extra > max)
    }

    /// Records the memory and disk in use as peaks.
    fn note_peaks(&mut self) {
        self.peak_bytes = self.peak_bytes.max(self.bytes());
        self.peak_disk_bytes = self.peak_disk_bytes.max(self.disk_bytes());
    }

    /// Whether the time allowed has run out (read every [`CLOCK_EVERY`] calls).
    fn out_of_time(&mut self) -> bool {
        self.clock += 1;
        self.clock.is_multiple_of(CLOCK_EVERY) && self.prover.max_time.is_some_and(|max| self.began.elapsed() > max)
    }

    /// Expands every component reachable from the start (only those that can lead to the
    /// goal's), until the goal.
    fn search(&mut self, goal: Goal, progress: &mut impl FnMut(&Component)) -> Result<Found, ProveError> {
        let start = self.packer.start();
        let Some(start_key) = self.packer.pack(start) else { unreachable!("the start packs by its own packer") };
        let bound = match goal {
            Goal::Won => None,
            Goal::Position(target) => {
                if target == start_key {
                    return Ok(Found::Chain(vec![start_key]));
                }
                Some(order(&self.packer.unpack(&target), &target))
            }
        };
        if start.is_won() {
            return Ok(if bound.is_none() { Found::Chain(vec![start_key]) } else { Found::Exhausted });
        }
        let goal = (goal, bound);
        self.seeds.push(order(start, &start_key), start_key);
        let mut batch = Vec::new();
        while let Some(component) = self.seeds.next() {
            let found = match self.in_memory(component, goal, &mut batch, progress)? {
                InMemory::Expanded => None,
                InMemory::Found(found) => Some(found),
                InMemory::TooLarge(seeds) => self.on_disk(component, seeds, goal, &mut batch, progress)?,
            };
            if let Some(found) = found {
                return Ok(found);
            }
        }
        self.store.reset();
        Ok(Found::Exhausted)
    }

    /// Expands `component` breadth-first in memory, unless it does not fit.
    fn in_memory(
        &mut self,
        component: u32,
        goal: (Goal, Option<u32>),
        batch: &mut Vec<Packed>,
        progress: &mut impl FnMut(&Component),
    ) -> Result<InMemory, ProveError> {
        match self.load(component, batch)? {
            Ok(()) => {}
            Err(Limit::Memory) => return Ok(InMemory::TooLarge(self.store.len() as u32)),
            Err(limit) => return Ok(InMemory::Found(Found::Stopped(limit))),
        }
        let seeds = self.store.len() as u32;
        let mut next = 0u32;
        while (next as usize) < self.store.len() {
            let id = next;
            next += 1;
            if self.out_of_time() {
                self.tally(component, u64::from(id));
                return Ok(InMemory::Found(Found::Stopped(Limit::Time)));
            }
            let key = self.store.node(id).key;
            match self.expand(component, key, Sink::Store(id), goal)? {
                Expanded::All => {}
                Expanded::Reached(child) => {
                    self.tally(component, u64::from(next));
                    return Ok(InMemory::Found(Found::Chain(self.chain(id, child))));
                }
                Expanded::Stopped(Limit::Memory) => {
                    self.discarded += u64::from(id);
                    return Ok(InMemory::TooLarge(seeds));
                }
                Expanded::Stopped(limit) => {
                    self.tally(component, u64::from(next));
                    return Ok(InMemory::Found(Found::Stopped(limit)));
                }
            }
        }
        let positions = self.store.len() as u64;
        self.tally(component, positions);
        self.note_peaks();
        progress(&Component {
            foundations: foundations(component),
            out_of_order: out_of_order(component),
            seeds: u64::from(seeds),
            positions,
            bytes: self.bytes(),
            disk_bytes: self.disk_bytes(),
            layers: 0,
            finished: true,
            total_positions: self.positions,
            elapsed: self.began.elapsed(),
        });
        Ok(InMemory::Expanded)
    }

    /// Expands `component` breadth-first with its layers on disk (see `disk_component`),
    /// from its seeds: the first `seeds` positions of the store and those still waiting.
    fn on_disk(
        &mut self,
        component: u32,
        seeds: u32,
        goal: (Goal, Option<u32>),
        batch: &mut Vec<Packed>,
        progress: &mut impl FnMut(&Component),
    ) -> Result<Option<Found>, ProveError> {
        // The seeds in the store go to a run before the store is freed for the sorter.
        let max = self.prover.max_bytes;
        let io = (max / 64).clamp(1 << 10, 1 << 16);
        let mut stored = RunWriter::create(self.dir.join("stored-seeds.run"), false, io)?;
        for id in 0..seeds {
            stored.push(&self.store.node(id).key, 0)?;
        }
        let stored = stored.finish()?;
        self.store.reset();
        self.disk = Some(DiskComponent::new(&self.dir, max / 2 / PACKED_BYTES, io));
        if self.bytes() > max
            && let Err(limit) = self.spill()?
        {
            return Ok(Some(self.stop_on_disk(component, 0, limit)));
        }
        let mut reader = stored.reader(io)?;
        while let Some((key, _)) = reader.next()? {
            if let Err(limit) = self.push_disk(key)? {
                return Ok(Some(self.stop_on_disk(component, 0, limit)));
            }
        }
        stored.remove()?;
        // Then the seeds taken when the store filled, and those still waiting.
        loop {
            for &key in batch.iter() {
                if let Err(limit) = self.push_disk(key)? {
                    return Ok(Some(self.stop_on_disk(component, 0, limit)));
                }
            }
            batch.clear();
            if self.seeds.next() != Some(component) {
                break;
            }
            self.seeds.take(component, batch, SEED_BATCH)?;
        }
        let mut expanded = 0u64;
        let mut first = 0u64;
        loop {
            let seeds_disk = self.seeds.disk_bytes();
            let max_disk = self.prover.max_disk_bytes;
            let Some(disk) = self.disk.as_mut() else { break };
            let size = match disk.close_layer(|bytes| max_disk.is_some_and(|max| seeds_disk + bytes > max))? {
                Ok(size) => size,
                Err(limit) => return Ok(Some(self.stop_on_disk(component, expanded, limit))),
            };
            let (depth, mut frontier) = (disk.depth(), disk.frontier()?);
            if depth == 0 {
                first = size;
            }
            self.note_peaks();
            if size == 0 {
                break;
            }
            while let Some((key, _)) = frontier.as_mut().map(RunReader::next).transpose()?.flatten() {
                if self.out_of_time() {
                    return Ok(Some(self.stop_on_disk(component, expanded, Limit::Time)));
                }
                expanded += 1;
                match self.expand(component, key, Sink::Disk, goal)? {
                    Expanded::All => {}
                    Expanded::Reached(child) => {
                        let mut chain = self.trace_on_disk(key, depth)?;
                        chain.push(child);
                        self.tally(component, expanded);
                        self.disk = None;
                        return Ok(Some(Found::Chain(chain)));
                    }
                    Expanded::Stopped(limit) => return Ok(Some(self.stop_on_disk(component, expanded, limit))),
                }
            }
            self.note_peaks();
            progress(&self.disk_progress(component, first, expanded, false));
        }
        self.tally(component, expanded);
        progress(&self.disk_progress(component, first, expanded, true));
        self.disk = None;
        Ok(None)
    }

    /// Where a component on disk stands, for the progress callback.
    fn disk_progress(&self, component: u32, seeds: u64, expanded: u64, finished: bool) -> Component {
        Component {
            foundations: foundations(component),
            out_of_order: out_of_order(component),
            seeds,
            positions: expanded,
            bytes: self.bytes(),
            disk_bytes: self.disk_bytes(),
            layers: self.disk.as_ref().map_or(0, DiskComponent::layers),
            finished,
            total_positions: self.positions + if finished { 0 } else { expanded },
            elapsed: self.began.elapsed(),
        }
    }

    /// Ends a component on disk at a limit, its `expanded` positions counted.
    fn stop_on_disk(&mut self, component: u32, expanded: u64, limit: Limit) -> Found {
        self.note_peaks();
        self.tally(component, expanded);
        self.disk = None;
        Found::Stopped(limit)
    }

    /// Adds a position found to the component on disk; `Err` when its run would pass the
    /// disk limit, or the system refuses the sorter's memory.
    fn push_disk(&mut self, key: Packed) -> Result<Result<(), Limit>, ProveError> {
        let due = self.disk.as_ref().and_then(|disk| disk.next.spill_due());
        if let Some(bytes) = due {
            if self.over_disk(bytes) {
                return Ok(Err(Limit::Disk));
            }
            self.note_peaks();
        }
        let pushed = match self.disk.as_mut() {
            Some(disk) => disk.next.push(key)?,
            None => Err(Limit::Memory),
        };
        if let Err(limit) = pushed {
            return Ok(Err(limit));
        }
        if due.is_some() {
            self.note_peaks();
        }
        Ok(Ok(()))
    }

    /// The positions from a seed of the component on disk to `key`, visited at `depth`:
    /// one depth lower at a time, a visited position with a move to the last one found.
    fn trace_on_disk(&mut self, key: Packed, depth: u32) -> Result<Vec<Packed>, ProveError> {
        let mut chain = vec![key];
        for lower in (0..depth).rev() {
            let Some(mut visited) = self.disk.as_ref().map(DiskComponent::visited_reader).transpose()?.flatten() else {
                break;
            };
            let mut before = None;
            while let Some((candidate, tag)) = visited.next()? {
                if tag == lower && chain.last().is_some_and(|&to| self.leads_to(candidate, to)) {
                    before = Some(candidate);
                    break;
                }
            }
            // A visited position at depth d was reached from one at d - 1; should none be
            // found, the path stops short and verifying it fails.
            let Some(before) = before else { break };
            chain.push(before);
        }
        chain.reverse();
        Ok(chain)
    }

    /// Whether a move (and its automoves) leads from `from` to `to`.
    fn leads_to(&mut self, from: Packed, to: Packed) -> bool {
        let board = self.packer.unpack(&from);
        self.moves.clear();
        board.generate_moves(MoveModel::Atomic, &mut self.moves);
        self.moves.iter().any(|&mv| {
            let mut child = board.clone();
            child.apply_unchecked(mv);
            child.play_automoves(AUTOMOVE);
            self.packer.repack(&from, &board, &child) == Some(to)
        })
    }

    /// Expands the position `parent_key` of `component`: every child is compared with the
    /// goal; one of `component` goes `into` it, one of another (a later one) is a seed of
    /// that one, if it can lead to the goal.
    fn expand(
        &mut self,
        component: u32,
        parent_key: Packed,
        into: Sink,
        (goal, bound): (Goal, Option<u32>),
    ) -> Result<Expanded, ProveError> {
        let board = self.packer.unpack(&parent_key);
        self.moves.clear();
        board.generate_moves(MoveModel::Atomic, &mut self.moves);
        for i in 0..self.moves.len() {
            self.generated += 1;
            let mut child = board.clone();
            child.apply_unchecked(self.moves[i]);
            child.play_automoves(AUTOMOVE);
            let Some(key) = self.packer.repack(&parent_key, &board, &child) else {
                unreachable!("a position reached by legal moves packs")
            };
            let reached = match goal {
                Goal::Won => child.is_won(),
                Goal::Position(target) => key == target,
            };
            if reached {
                return Ok(Expanded::Reached(key));
            }
            let to = order(&child, &key);
            if to == component {
                let stored = match into {
                    Sink::Store(id) => self.store(key, id)?.map(|_| ()),
                    Sink::Disk => self.push_disk(key)?,
                };
                if let Err(limit) = stored {
                    return Ok(Expanded::Stopped(limit));
                }
            } else if bound.is_none_or(|bound| below(to, bound)) {
                let growth = self.seeds.push_growth(to);
                if (self.bytes() + growth > self.prover.max_bytes
                    || self.seeds.memory_bytes() + growth > self.prover.spill_at)
                    && let Err(limit) = self.spill()?
                {
                    return Ok(Expanded::Stopped(limit));
                }
                // The seeds' runs keep their read buffers: the component must make room.
                if self.bytes() + growth > self.prover.max_bytes {
                    return Ok(Expanded::Stopped(Limit::Memory));
                }
                self.seeds.push(to, key);
                self.note_peaks();
            }
        }
        Ok(Expanded::All)
    }
}

/// How a component's search in memory ended.
enum InMemory {
    /// Every position expanded.
    Expanded,
    /// The goal or a limit other than memory.
    Found(Found),
    /// The component outgrew the memory: its seeds are the first this many positions of
    /// the store, and those still waiting.
    TooLarge(u32),
}

/// How the expansion of one position ended.
enum Expanded {
    /// Every child was handled.
    All,
    /// This child is the goal.
    Reached(Packed),
    /// A limit was reached.
    Stopped(Limit),
}

/// Where the children of the component being expanded go.
#[derive(Clone, Copy)]
enum Sink {
    /// To the store, reached from this node.
    Store(u32),
    /// To the component on disk.
    Disk,
}

/// The moves from `positions[0]` through each next position: each step is the move whose
/// position, after automoves, packs to the next (a stored position's board is rebuilt in
/// another cascade order, so the moves are found again on the start's own board). Every
/// move is listed, automoves too.
fn moves_along<const C: usize, const F: usize>(packer: &Packer<C, F>, positions: &[Packed]) -> Vec<Move> {
    let mut board = packer.start().clone();
    let mut found = Vec::new();
    let mut path = Vec::new();
    for &to in positions.iter().skip(1) {
        found.clear();
        board.generate_moves(MoveModel::Atomic, &mut found);
        let step = found.iter().find_map(|&mv| {
            let mut child = board.clone();
            child.apply_unchecked(mv);
            let mut automoves = Vec::new();
            child.apply_automoves(AUTOMOVE, &mut automoves);
            (packer.pack(&child) == Some(to)).then_some((mv, automoves, child))
        });
        // Every step is a move the search made; should one not be found again, the path
        // stops short and verifying it fails.
        let Some((mv, automoves, child)) = step else { break };
        path.push(mv);
        path.extend(automoves);
        board = child;
    }
    path
}

/// Seeds moved from the waiting ones into a component's store at a time.
const SEED_BATCH: usize = 1 << 16;

/// A new directory for a proof's temporary files, removed with everything in it when
/// dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(parent: &Path) -> Result<Self, ProveError> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!("freecell-prove-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        let path = parent.join(name);
        std::fs::create_dir_all(&path).map_err(|source| ProveError::Io { path: path.clone(), source })?;
        Ok(Self(path))
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        // Nothing to report to: a directory left behind is named for the process.
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
