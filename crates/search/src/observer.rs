//! Progress reports and cooperative stopping.

use crate::Stats;

/// Whether a search goes on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Control {
    /// Keep searching.
    #[default]
    Continue,
    /// Stop now; the search returns [`SearchOutcome::Undecided`](crate::SearchOutcome::Undecided) with
    /// [`UndecidedReason::Stopped`](crate::UndecidedReason::Stopped).
    Stop,
}

/// Sees a search's progress and may stop it.
///
/// Every method has a no-op default, and `()` implements the trait, so an unused observer
/// compiles away. This is how callers add wall-clock limits and cancellation: engines only
/// know node and byte budgets, so their results reproduce.
///
/// # Examples
///
/// A deadline, checked every 4096 expansions:
///
/// ```
/// use freecell_search::{Control, Observer, Stats};
/// use std::time::{Duration, Instant};
///
/// struct Deadline(Instant);
/// impl Observer for Deadline {
///     fn on_expand(&mut self, stats: &Stats) -> Control {
///         if stats.expanded % 4096 == 0 && Instant::now() >= self.0 {
///             Control::Stop
///         } else {
///             Control::Continue
///         }
///     }
/// }
/// let mut d = Deadline(Instant::now() + Duration::from_secs(10));
/// assert_eq!(d.on_expand(&Stats::default()), Control::Continue);
/// ```
pub trait Observer {
    /// Called after each expansion is counted (so `stats.expanded >= 1`), but for those a
    /// search skips as [`quiet_until`](Self::quiet_until) allows. Keep it cheap: check a
    /// clock only every few thousand calls.
    #[inline]
    fn on_expand(&mut self, stats: &Stats) -> Control {
        let _ = stats;
        Control::Continue
    }

    /// The count of expansions (`stats.expanded`) below which [`on_expand`](Self::on_expand)
    /// would only continue: a search may leave it uncalled until its count reaches this,
    /// and asks again after each call. An observer that paces its checks tells its next one,
    /// and the search then spares the call (and whatever building its `stats` costs) in
    /// between. The default, 0, asks for every expansion.
    #[inline]
    fn quiet_until(&self) -> u64 {
        0
    }

    /// Called at the start of every iteration after the first: a new depth or cost bound in
    /// iterative deepening and IDA* (`bound` is that bound), a new stage of staged deepening
    /// (`bound` is the heuristic value of the state being expanded), a new layer of BFS or beam
    /// search (`bound` is the depth).
    #[inline]
    fn on_iteration(&mut self, bound: u32, stats: &Stats) -> Control {
        let _ = (bound, stats);
        Control::Continue
    }

    /// Called every [`WORK_SLICE`] steps of work that expands nothing and grows with what the
    /// search holds: re-indexing a hash table as it grows (the tables of
    /// [`containers`](crate::containers)), which takes seconds once a table holds hundreds
    /// of millions of entries. An observer that reads a clock here stops a search within a
    /// slice of such work, not after it. `Stop` ends the search
    /// ([`UndecidedReason::Stopped`](crate::UndecidedReason::Stopped)), the table left
    /// fit only to be cleared.
    #[inline]
    fn on_work(&mut self) -> Control {
        Control::Continue
    }
}

/// Steps of work (entries re-indexed) between two calls of [`Observer::on_work`]: about
/// 0.1 ms of a release build's re-indexing, a few milliseconds of a debug build's.
pub const WORK_SLICE: u32 = 1 << 12;

/// Whether step `n` of such work (counting from 0) ends a [`WORK_SLICE`] and `observer`,
/// told so, says stop: the one place the tables' growth loops ask.
#[inline]
pub(crate) fn stops_work(observer: &mut (impl Observer + ?Sized), n: usize) -> bool {
    n % WORK_SLICE as usize == WORK_SLICE as usize - 1 && observer.on_work() == Control::Stop
}

impl Observer for () {
    #[inline]
    fn quiet_until(&self) -> u64 {
        u64::MAX
    }
}

impl<O: Observer + ?Sized> Observer for &mut O {
    #[inline]
    fn on_expand(&mut self, stats: &Stats) -> Control {
        (**self).on_expand(stats)
    }

    #[inline]
    fn quiet_until(&self) -> u64 {
        (**self).quiet_until()
    }

    #[inline]
    fn on_iteration(&mut self, bound: u32, stats: &Stats) -> Control {
        (**self).on_iteration(bound, stats)
    }

    #[inline]
    fn on_work(&mut self) -> Control {
        (**self).on_work()
    }
}

/// An observer made from a closure called on every expansion.
///
/// # Examples
///
/// ```
/// use freecell_search::{Control, Observer, Stats, observer_fn};
/// let mut stop_at_100 = observer_fn(|s: &Stats| {
///     if s.expanded >= 100 { Control::Stop } else { Control::Continue }
/// });
/// assert_eq!(stop_at_100.on_expand(&Stats::default()), Control::Continue);
/// ```
pub fn observer_fn<F: FnMut(&Stats) -> Control>(f: F) -> FnObserver<F> {
    FnObserver(f)
}

/// See [`observer_fn`].
#[derive(Clone, Copy, Debug)]
pub struct FnObserver<F>(F);

impl<F: FnMut(&Stats) -> Control> Observer for FnObserver<F> {
    #[inline]
    fn on_expand(&mut self, stats: &Stats) -> Control {
        (self.0)(stats)
    }
}
