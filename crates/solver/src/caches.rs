//! The engines' scratch memory kept between solves: one [`Caches`] set per running solve,
//! and the [`Pool`] a solver and its clones share, from which each solve takes a set and to
//! which it gives the set back.
//!
//! A set holds boards of one width ([`BoardN<C, F>`](freecell_core::BoardN)), since the
//! engines store boards by value; the pool keeps sets of every width behind one trait
//! object, so a solver is not generic and a solve of a [`Board`](freecell_core::Board)
//! takes a set grown by [`Board`](freecell_core::Board) solves.

use std::any::Any;
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

use freecell_search::{bfs, dfs, iddfs, staged};

use crate::guide::{Ordered, Tracing};
use crate::{FreeCell, bestfirst, fast, goals, optimal};

/// One solve's engine scratch: each engine's cache, created on first use and kept between
/// solves so that a warm solve allocates nothing per node.
pub(crate) struct Caches<const C: usize, const F: usize> {
    pub(crate) bfs: Option<bfs::Cache<FreeCell<C, F>>>,
    pub(crate) dfs: Option<dfs::Cache<FreeCell<C, F>>>,
    pub(crate) ida: Option<iddfs::Cache<Ordered<C, F>>>,
    pub(crate) staged: Option<staged::Cache<FreeCell<C, F>>>,
    pub(crate) fast: Option<fast::Cache<C, F>>,
    pub(crate) traced: Option<staged::Cache<Tracing<C, F>>>,
    pub(crate) bestfirst: Option<bestfirst::Cache>,
    pub(crate) goals: Option<goals::Cache>,
    pub(crate) optimal: Option<optimal::Cache<C, F>>,
}

impl<const C: usize, const F: usize> Default for Caches<C, F> {
    fn default() -> Self {
        Caches {
            bfs: None,
            dfs: None,
            ida: None,
            staged: None,
            fast: None,
            traced: None,
            bestfirst: None,
            goals: None,
            optimal: None,
        }
    }
}

/// A cache set of any width, as the pool holds it.
pub(crate) trait AnyCaches: Send {
    /// Bytes the set holds.
    fn held(&self) -> usize;
    /// The set, for a downcast to its width.
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
    /// Whether the set holds boards of width `C`, `F`.
    fn is_width(&self, cascades: usize, cells: usize) -> bool;
}

impl<const C: usize, const F: usize> AnyCaches for Caches<C, F> {
    fn held(&self) -> usize {
        Caches::held(self)
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }

    fn is_width(&self, cascades: usize, cells: usize) -> bool {
        (cascades, cells) == (C, F)
    }
}

impl<const C: usize, const F: usize> Caches<C, F> {
    /// Bytes the caches hold (their capacities), which the next search reuses.
    pub(crate) fn held(&self) -> usize {
        fn size<C>(cache: Option<&C>, bytes: impl Fn(&C) -> usize) -> usize {
            cache.map_or(0, bytes)
        }
        size(self.bfs.as_ref(), bfs::Cache::memory_usage)
            + size(self.dfs.as_ref(), dfs::Cache::memory_usage)
            + size(self.ida.as_ref(), iddfs::Cache::memory_usage)
            + size(self.staged.as_ref(), staged::Cache::memory_usage)
            + size(self.traced.as_ref(), staged::Cache::memory_usage)
            + size(self.fast.as_ref(), fast::Cache::held)
            + size(self.bestfirst.as_ref(), bestfirst::Cache::held)
            + size(self.goals.as_ref(), goals::Cache::held)
            + size(self.optimal.as_ref(), optimal::Cache::memory_usage)
    }
}

/// The idle cache sets of a solver and its clones.
///
/// A solve takes the set given back last (the warmest, its memory the likeliest still in
/// the processor's caches), or starts a new one when none is idle, and gives it back when
/// its search ends. Solves running at once therefore each have their own set, and the pool
/// never holds more sets than solves ever ran at once. It keeps at most
/// [`max_idle`] of them, one per hardware thread: more solves than that running at once
/// share the processors rather than finish sooner, so a set kept for each would hold
/// memory (up to a solve's byte limit each) for no speed. A set given back to a full pool
/// is freed.
///
/// Sets of every board width share the pool (a game switching between FreeCell and Fan
/// keeps at most [`max_idle`] sets in all); a solve takes the last set of its own width.
#[derive(Default)]
pub(crate) struct Pool {
    idle: Mutex<Vec<Box<dyn AnyCaches>>>,
}

impl Pool {
    /// The set a solve works with: the last one of its width given back, or a new, empty
    /// one.
    pub(crate) fn take<const C: usize, const F: usize>(&self) -> Caches<C, F> {
        let mut idle = self.lock();
        let Some(last) = idle.iter().rposition(|set| set.is_width(C, F)) else { return Caches::default() };
        let set = idle.remove(last);
        drop(idle);
        set.into_any().downcast::<Caches<C, F>>().map_or_else(|_| Caches::default(), |set| *set)
    }

    /// Bytes held by the set a solve of width `C`, `F` would take (0 if none is idle).
    pub(crate) fn next_held<const C: usize, const F: usize>(&self) -> usize {
        self.lock().iter().rev().find(|set| set.is_width(C, F)).map_or(0, |set| set.held())
    }

    /// Returns a solve's set for the next solve, or frees it if the pool is full.
    pub(crate) fn give_back<const C: usize, const F: usize>(&self, caches: Caches<C, F>) {
        let mut idle = self.lock();
        if idle.len() < max_idle() {
            idle.push(Box::new(caches));
        } else {
            // Freed after the lock is released: freeing a large set takes a while.
            drop(idle);
            drop(caches);
        }
    }

    /// Bytes held by all idle sets.
    pub(crate) fn held(&self) -> usize {
        self.lock().iter().map(|set| set.held()).sum()
    }

    /// Frees every idle set.
    pub(crate) fn clear(&self) {
        let idle = std::mem::take(&mut *self.lock());
        drop(idle);
    }

    /// The idle sets. A panic cannot leave the list half-changed (no code that can panic
    /// runs under the lock), so a poisoned lock is used as it is.
    fn lock(&self) -> MutexGuard<'_, Vec<Box<dyn AnyCaches>>> {
        self.idle.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The most idle sets a pool keeps: the hardware threads the process may use
/// ([`std::thread::available_parallelism`], read once), at least 1.
pub(crate) fn max_idle() -> usize {
    static MAX: OnceLock<usize> = OnceLock::new();
    *MAX.get_or_init(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
}

#[cfg(test)]
mod tests {
    use super::*;

    type Narrow = Caches<10, 8>;
    type Wide = Caches<20, 10>;

    fn warm() -> Narrow {
        Caches { bfs: Some(bfs::Cache::new()), ..Caches::default() }
    }

    /// Sets come back last in, first out, and a full pool frees what it is given.
    #[test]
    fn the_pool_keeps_at_most_one_idle_set_per_hardware_thread() {
        let pool = Pool::default();
        assert!(pool.take::<10, 8>().bfs.is_none(), "an empty pool gives a new set");
        for _ in 0..max_idle() + 3 {
            pool.give_back(warm());
        }
        assert_eq!(pool.lock().len(), max_idle());
        pool.give_back(Narrow::default());
        assert!(pool.take::<10, 8>().bfs.is_some(), "the full pool freed the last set given back");
        pool.clear();
        assert!(pool.lock().is_empty());
        assert_eq!(pool.held(), 0);
    }

    /// A solve takes a set of its own board width, the last given back, and never another.
    #[test]
    fn a_solve_takes_a_set_of_its_width() {
        let pool = Pool::default();
        pool.give_back(warm());
        pool.give_back(Wide::default());
        assert_eq!(pool.lock().len(), 2.min(max_idle()));
        if max_idle() >= 2 {
            assert!(pool.take::<10, 8>().bfs.is_some(), "the narrow set, under the wide one");
            assert!(pool.take::<10, 8>().bfs.is_none(), "no narrow set is left: a new one");
            assert!(pool.take::<20, 10>().bfs.is_none());
            assert!(pool.lock().is_empty(), "the wide set was taken");
        }
    }
}
