//! Default memory limits that fit the machine: each preset's fixed figure, lowered to a
//! share of the memory the process may still allocate.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use freecell_search::system_memory;

/// The share of the memory available to the process that a solve takes by default: 3/8
/// (as numerator and denominator).
///
/// Why 3/8: the limit bounds what the search's own accounting counts, and that accounting
/// already includes the peak of every growth (a growing table counted with the old one while
/// its keys move over). What it does not count must fit beside it: the rest of the process
/// (its code, thread stacks, and for each thread an allocator arena of which glibc reserves
/// 64 MiB of address space, fragmentation, the [`ReserveAllocator`](crate::ReserveAllocator)'s
/// reserve once held) and a second solve running at the same time on another thread (a
/// game's hint while another solve runs, `bench --jobs 2`), which read the same figure. Two
/// solves at 3/8 each take three quarters and leave a quarter for the rest; at 1/2 each,
/// two solves alone would take it all.
pub(crate) const SHARE: (u64, u64) = (3, 8);

/// A reading of the available memory is reused by solves starting within this long of it.
///
/// Reading `/proc/meminfo` (and, when those limits are set, `/proc/self/status` and the
/// cgroup's usage) costs 10–30 µs. A `fast` solve of an ordinary deal takes about 130 µs, so
/// reading before each would slow `bench` by up to a fifth; reused for 10 ms, it is read
/// at most a hundred times a second. Memory does not run out unseen in 10 ms: a search
/// fills memory at tens of megabytes a millisecond at most, and its own accounting, not
/// the reading, stops it.
const FRESH_FOR: Duration = Duration::from_millis(10);

/// The last reading: when, and what it said.
struct Last(Mutex<Option<(Instant, Option<u64>)>>);

impl Last {
    /// `read()`'s answer, or the last one if it was read at most [`FRESH_FOR`] before `now`.
    fn get(&self, now: Instant, read: impl FnOnce() -> Option<u64>) -> Option<u64> {
        let Ok(mut last) = self.0.lock() else { return read() };
        if let Some((at, available)) = *last
            && now.saturating_duration_since(at) < FRESH_FOR
        {
            return available;
        }
        let available = read();
        *last = Some((now, available));
        available
    }

    fn forget(&self) {
        if let Ok(mut last) = self.0.lock() {
            *last = None;
        }
    }
}

static LAST: Last = Last(Mutex::new(None));

/// What the process may still allocate ([`system_memory::available`], the least of its
/// figures), as read at most [`FRESH_FOR`] before `now`; `None` when nothing is known (not
/// Linux, or nothing readable).
pub(crate) fn available(now: Instant) -> Option<u64> {
    LAST.get(now, || system_memory::available().least())
}

/// Drops the last reading, so the next solve reads afresh: memory ran short.
pub(crate) fn forget() {
    LAST.forget();
}

/// A default memory limit: `fixed` (`None`: none) lowered to [`SHARE`] of `available` plus
/// `held`, the bytes the solve's cache set holds already (the search reuses them, and the
/// reading counts them as taken). Without a reading, `fixed` as it is.
pub(crate) fn default_limit(fixed: Option<usize>, available: Option<u64>, held: usize) -> Option<usize> {
    let Some(free) = available else { return fixed };
    let basis = free.saturating_add(held as u64);
    let share = usize::try_from(basis / SHARE.1 * SHARE.0).unwrap_or(usize::MAX);
    Some(fixed.map_or(share, |n| n.min(share)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_is_the_fixed_one_or_three_eighths_of_what_is_free() {
        const GIB: u64 = 1 << 30;
        // Nothing known: the fixed limit, or none.
        assert_eq!(default_limit(Some(2 << 30), None, 0), Some(2 << 30));
        assert_eq!(default_limit(None, None, 5), None);
        // Plenty free: the fixed limit.
        assert_eq!(default_limit(Some(2 << 30), Some(64 * GIB), 0), Some(2 << 30));
        // 1 GiB free: 384 MiB, with or without a fixed limit.
        assert_eq!(default_limit(Some(2 << 30), Some(GIB), 0), Some(384 << 20));
        assert_eq!(default_limit(None, Some(GIB), 0), Some(384 << 20));
        // Bytes the caches hold count as free for the search that reuses them.
        assert_eq!(default_limit(Some(2 << 30), Some(GIB / 2), 512 << 20), Some(384 << 20));
        // Nothing free: a limit of 0, which ends any search that would grow.
        assert_eq!(default_limit(Some(150 << 20), Some(0), 0), Some(0));
        // No overflow at the extremes.
        assert_eq!(
            default_limit(None, Some(u64::MAX), usize::MAX),
            Some(usize::try_from(u64::MAX / 8 * 3).unwrap_or(usize::MAX))
        );
    }

    /// A reading is reused within [`FRESH_FOR`] of it, read again after, or after `forget`.
    #[test]
    fn a_reading_is_reused_while_fresh() {
        let last = Last(Mutex::new(None));
        let t0 = Instant::now();
        assert_eq!(last.get(t0, || Some(1)), Some(1));
        assert_eq!(last.get(t0 + FRESH_FOR / 2, || Some(2)), Some(1));
        assert_eq!(last.get(t0 + FRESH_FOR, || Some(3)), Some(3));
        last.forget();
        assert_eq!(last.get(t0 + FRESH_FOR, || None), None);
        assert_eq!(last.get(t0 + FRESH_FOR, || Some(4)), None);
        // A clock read before the reading (another thread's) reuses it too.
        assert_eq!(last.get(t0, || Some(5)), None);
    }
}
