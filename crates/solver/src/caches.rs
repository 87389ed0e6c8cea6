//! The engines' scratch memory kept between solves: one [`Caches`] set per running solve,
//! and the [`Pool`] a solver and its clones share, from which each solve takes a set and to
//! which it gives the set back.

use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

use freecell_search::{bfs, dfs, iddfs, staged};

use crate::guide::{Ordered, Tracing};
use crate::{FreeCell, bestfirst, fast, goals, optimal};

/// One solve's engine scratch: each engine's cache, created on first use and kept between
/// solves so that a warm solve allocates nothing per node.
#[derive(Default)]
pub(crate) struct Caches {
    pub(crate) bfs: Option<bfs::Cache<FreeCell>>,
    pub(crate) dfs: Option<dfs::Cache<FreeCell>>,
    pub(crate) ida: Option<iddfs::Cache<Ordered>>,
    pub(crate) staged: Option<staged::Cache<FreeCell>>,
    pub(crate) fast: Option<fast::Cache>,
    pub(crate) traced: Option<staged::Cache<Tracing>>,
    pub(crate) bestfirst: Option<bestfirst::Cache>,
    pub(crate) goals: Option<goals::Cache>,
    pub(crate) optimal: Option<optimal::Cache>,
}

impl Caches {
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
#[derive(Default)]
pub(crate) struct Pool {
    idle: Mutex<Vec<Caches>>,
}

impl Pool {
    /// The set a solve works with: the last one given back, or a new, empty one.
    pub(crate) fn take(&self) -> Caches {
        self.lock().pop().unwrap_or_default()
    }

    /// Returns a solve's set for the next solve, or frees it if the pool is full.
    pub(crate) fn give_back(&self, caches: Caches) {
        let mut idle = self.lock();
        if idle.len() < max_idle() {
            idle.push(caches);
        } else {
            // Freed after the lock is released: freeing a large set takes a while.
            drop(idle);
            drop(caches);
        }
    }

    /// Bytes held by the set the next solve would take (0 if none is idle).
    pub(crate) fn next_held(&self) -> usize {
        self.lock().last().map_or(0, Caches::held)
    }

    /// Bytes held by all idle sets.
    pub(crate) fn held(&self) -> usize {
        self.lock().iter().map(Caches::held).sum()
    }

    /// Frees every idle set.
    pub(crate) fn clear(&self) {
        let idle = std::mem::take(&mut *self.lock());
        drop(idle);
    }

    /// The idle sets. A panic cannot leave the list half-changed (no code that can panic
    /// runs under the lock), so a poisoned lock is used as it is.
    fn lock(&self) -> MutexGuard<'_, Vec<Caches>> {
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

    fn warm() -> Caches {
        Caches { bfs: Some(bfs::Cache::new()), ..Caches::default() }
    }

    /// Sets come back last in, first out, and a full pool frees what it is given.
    #[test]
    fn the_pool_keeps_at_most_one_idle_set_per_hardware_thread() {
        let pool = Pool::default();
        assert!(pool.take().bfs.is_none(), "an empty pool gives a new set");
        for _ in 0..max_idle() + 3 {
            pool.give_back(warm());
        }
        assert_eq!(pool.lock().len(), max_idle());
        pool.give_back(Caches::default());
        assert!(pool.take().bfs.is_some(), "the full pool freed the last set given back");
        pool.clear();
        assert!(pool.lock().is_empty());
        assert_eq!(pool.held(), 0);
    }
}
