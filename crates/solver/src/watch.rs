//! The solver's [`Observer`]: stops a search at a deadline, on a cancel flag or when the
//! [`ReserveAllocator`](crate::ReserveAllocator) released its reserve, and publishes progress
//! to a [`SolveHandle`](crate::SolveHandle).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use freecell_search::{Control, Observer, Stats};

use crate::Reason;
use crate::handle::Meter;
use crate::reserve;

/// Checks are spaced so that one falls about every [`TARGET_GAP`]: the stride (in
/// expansions) doubles while a whole stride of expansions comes faster than
/// `TARGET_GAP / 4` and halves while checks come slower than `TARGET_GAP`. Checks that come
/// between expansions (staged deepening checks at every stage, a stage of a few
/// expansions) do not double it: they say nothing of how fast a stride of expansions
/// goes, and once let the stride of the `ga` preset reach 4,096 expansions of up to 10 µs
/// each in a debug build, 40 ms between checks in a stage that ran long.
///
/// Why adaptive: an expansion costs from a fraction of a microsecond (release build,
/// staged deepening) to a few hundred microseconds (debug build, the `ga` preset's
/// nine-feature evaluation of every child). A fixed stride of 1,024 let a 300 ms time limit
/// overrun by more than 300 ms in a debug build; a stride of 1 would read the clock (about
/// 25 ns) on every expansion of a release search. Adapting keeps the stop latency near one
/// millisecond at any speed for a few thousand clock reads a second.
const TARGET_GAP: Duration = Duration::from_millis(1);

/// The largest stride: even at ten million expansions a second a check comes every 0.4 ms.
const MAX_STRIDE: u64 = 4096;

/// Stops the search on a deadline, a cancel flag or a released memory reserve, and
/// remembers which fired.
pub(crate) struct Watch<'a> {
    deadline: Option<Instant>,
    /// The reserve's release count when the solve began: any change means an allocation
    /// failed during it.
    trips: u64,
    cancel: Option<&'a AtomicBool>,
    meter: Option<&'a Meter>,
    /// Which limit stopped the search, if one did.
    pub(crate) fired: Option<Reason>,
    stride: u64,
    next_check: u64,
    last_check: Instant,
    /// Expansions at the last check.
    last_expanded: u64,
}

impl<'a> Watch<'a> {
    pub(crate) fn new(
        started: Instant,
        deadline: Option<Instant>,
        cancel: Option<&'a AtomicBool>,
        meter: Option<&'a Meter>,
    ) -> Watch<'a> {
        let trips = reserve::trips();
        Watch {
            deadline,
            trips,
            cancel,
            meter,
            fired: None,
            stride: 1,
            next_check: 0,
            last_check: started,
            last_expanded: 0,
        }
    }

    /// Whether an allocation failed (and the reserve was released) since the watch began.
    pub(crate) fn short_of_memory(&self) -> bool {
        reserve::trips() != self.trips
    }

    /// Publishes `stats` (if a handle watches) and says whether to stop.
    pub(crate) fn check(&mut self, stats: &Stats) -> Control {
        self.record(stats);
        let now = Instant::now();
        let gap = now.saturating_duration_since(self.last_check);
        let expanded = stats.expanded.saturating_sub(self.last_expanded);
        (self.last_check, self.last_expanded) = (now, stats.expanded);
        if gap < TARGET_GAP / 4 && expanded >= self.stride {
            self.stride = (self.stride * 2).min(MAX_STRIDE);
        } else if gap > TARGET_GAP {
            self.stride = (self.stride / 2).max(1);
        }
        self.next_check = stats.expanded.saturating_add(self.stride);
        self.stop_at(now)
    }

    /// Whether a limit has fired at `now` (and which, in `fired`).
    fn stop_at(&mut self, now: Instant) -> Control {
        // First: the process is out of memory, and the search must let go of it.
        if self.short_of_memory() {
            self.fired = Some(Reason::MemoryLimit);
            return Control::Stop;
        }
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) || self.meter.is_some_and(Meter::cancelled) {
            self.fired = Some(Reason::Cancelled);
            return Control::Stop;
        }
        if self.deadline.is_some_and(|d| now >= d) {
            self.fired = Some(Reason::Timeout);
            return Control::Stop;
        }
        Control::Continue
    }

    /// Publishes `stats` to the handle, if one watches.
    pub(crate) fn record(&self, stats: &Stats) {
        if let Some(meter) = self.meter {
            meter.record(stats);
        }
    }
}

impl Observer for Watch<'_> {
    #[inline]
    fn on_expand(&mut self, stats: &Stats) -> Control {
        if stats.expanded >= self.next_check { self.check(stats) } else { Control::Continue }
    }

    #[inline]
    fn quiet_until(&self) -> u64 {
        self.next_check
    }

    #[inline]
    fn on_iteration(&mut self, _: u32, stats: &Stats) -> Control {
        self.check(stats)
    }

    /// A slice of a table's growth: the limits are read, the stride left as it is (the gap
    /// the next check measures then includes the growth, and shortens the stride).
    fn on_work(&mut self) -> Control {
        self.stop_at(Instant::now())
    }
}
