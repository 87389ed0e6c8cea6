//! Solving on a background thread: [`Solver::spawn`] returns a [`SolveHandle`] a game's
//! own thread can poll for progress, cancel, wait on with a bound, or join.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use freecell_search::Stats;

use crate::{Position, SolveError, SolveReport, Solver};

/// A snapshot of a running solve, from [`SolveHandle::progress`].
///
/// The counters are published whenever the solver checks its clock and cancel flag (about
/// once a millisecond) and once more when the search ends, so they lag the engine by about
/// a millisecond.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Positions expanded so far.
    pub expanded: u64,
    /// Positions generated so far.
    pub generated: u64,
    /// Time since [`Solver::spawn`].
    pub elapsed: Duration,
    /// Whether the solve has ended (its result is ready or was taken).
    pub finished: bool,
}

/// What the solving thread and its handle share: the counters the thread publishes, and
/// the handle's request to stop.
#[derive(Debug, Default)]
pub struct Meter {
    expanded: AtomicU64,
    generated: AtomicU64,
    finished: AtomicBool,
    /// Set by [`SolveHandle::cancel`]: this solve's own flag, so that cancelling it leaves
    /// the solver's [`cancel`](Solver::cancel) flag, which its other solves read, alone.
    cancelled: AtomicBool,
}

impl Meter {
    /// Publishes the engine's counters. Relaxed stores: each counter is a plain snapshot and
    /// no other memory is published through them.
    pub(crate) fn record(&self, stats: &Stats) {
        self.expanded.store(stats.expanded, Ordering::Relaxed);
        self.generated.store(stats.generated, Ordering::Relaxed);
    }

    /// Whether the handle asked the solve to stop.
    pub(crate) fn cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}

/// A solve running on its own thread, started by [`Solver::spawn`].
///
/// The answer is bounded by the solver's limits (nodes, bytes, time) and by
/// [`cancel`](Self::cancel): every one of them ends the solve with
/// [`Outcome::Undecided`](crate::Outcome::Undecided), never `Unsolvable`.
///
/// Dropping the handle cancels the solve and detaches the thread, which then stops within
/// one check interval (about a millisecond) and gives its caches back to the solver's pool
/// (see [Warm caches](Solver#warm-caches)); it never blocks the caller.
///
/// # Examples
/// A game loop that polls once per frame and gives up after a time budget:
/// ```
/// use std::time::Duration;
/// use freecell_core::Board;
/// use freecell_solver::{Outcome, Preset, Solver};
///
/// let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
/// let mut handle = Solver::new(Preset::Fast).timeout(Duration::from_secs(5)).spawn(board)?;
/// let report = loop {
///     if let Some(result) = handle.try_result() {
///         break result?;
///     }
///     let progress = handle.progress(); // show `progress.expanded` in the UI
///     assert!(progress.elapsed < Duration::from_secs(60));
///     std::thread::sleep(Duration::from_millis(1)); // one frame
/// };
/// assert!(matches!(report.outcome, Outcome::Solved(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct SolveHandle {
    meter: Arc<Meter>,
    started: Instant,
    /// The result's channel. A `Receiver` is never `Sync`; behind a `Mutex` the handle is,
    /// so a game can keep it in state shared between threads. Every use is through
    /// `&mut self`, so the lock is never taken ([`Mutex::get_mut`]).
    receiver: Mutex<mpsc::Receiver<Result<SolveReport, SolveError>>>,
    /// Set once the result has been handed out, so later calls say so instead of blocking.
    taken: bool,
}

impl Solver {
    /// Starts solving `board` on a new thread and returns at once.
    ///
    /// The thread solves with a clone of the solver: the same limits, and the same pool of
    /// warm caches, so a game that keeps one solver and spawns a solve for each hint reuses
    /// the memory earlier solves grew (see [Warm caches](Solver#warm-caches)). A cancel flag
    /// set with [`Solver::cancel`] still stops it; [`SolveHandle::cancel`] stops this solve
    /// only, and leaves that flag alone.
    ///
    /// # Errors
    /// [`SolveError::Spawn`] when the operating system refuses a new thread.
    ///
    /// # Examples
    /// MS deal 11982 is one of the Microsoft deals that cannot be won; `fast` proves it by
    /// exhausting the deal's positions (about 200,000 expanded). That takes about 3 s in a
    /// debug build, so this sample is `no_run`; the solver's integration tests
    /// (`tests/it/embed.rs`) run the same solve and check its answer.
    /// ```no_run
    /// use std::time::Duration;
    /// use freecell_deals::DealNumber;
    /// use freecell_solver::{Outcome, Preset, Solver};
    ///
    /// let board = DealNumber::new(11_982).expect("in range").board();
    /// let solver = Solver::new(Preset::Fast);
    /// let mut handle = solver.spawn(board)?;
    /// // The caller's thread is free meanwhile; a game would draw frames here.
    /// let report = handle.wait(Duration::from_secs(60))?;
    /// assert_eq!(report.outcome, Outcome::Unsolvable);
    /// // The solve gave its caches back: the next one starts warm.
    /// assert!(solver.cached_bytes() > 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn spawn<P: Position>(&self, board: P) -> Result<SolveHandle, SolveError> {
        self.spawn_as(board, false)
    }

    /// [`spawn`](Self::spawn) for a [hint](Self::hint): the thread answers as `hint` does,
    /// with the rest of a kept solution through `board` (at once, no search) or a solve
    /// whose solution is kept, so that hints followed in the background follow one
    /// solution too. [`Hint::from`](crate::Hint) the report is the hint.
    ///
    /// # Errors
    /// [`SolveError::Spawn`] when the operating system refuses a new thread.
    pub fn spawn_hint<P: Position>(&self, board: P) -> Result<SolveHandle, SolveError> {
        self.spawn_as(board, true)
    }

    fn spawn_as<P: Position>(&self, board: P, hint: bool) -> Result<SolveHandle, SolveError> {
        let solver = self.clone();
        let meter = Arc::new(Meter::default());
        let (sender, receiver) = mpsc::channel();
        let thread_meter = Arc::clone(&meter);
        let started = Instant::now();
        // The thread is detached: its result comes through the channel, and a panic closes
        // the channel unsent, which the handle reports as `SolveError::Panicked`. The solve
        // gives its caches back to the pool before it sends the result.
        std::thread::Builder::new()
            .name(format!("freecell-{}", self.preset()))
            .spawn(move || {
                let meter = Some(&*thread_meter);
                let result =
                    if hint { board.hint_metered(&solver, meter) } else { board.solve_metered(&solver, meter) };
                // The handle may be gone (dropped while solving); then nobody wants the answer.
                let _ = sender.send(result);
                // After the send, so `is_finished` means the result can be taken.
                thread_meter.finished.store(true, Ordering::Release);
            })
            .map_err(|error| SolveError::Spawn { kind: error.kind() })?;
        Ok(SolveHandle { meter, started, receiver: Mutex::new(receiver), taken: false })
    }
}

impl SolveHandle {
    /// The counters so far and the time since the solve started. Never blocks.
    pub fn progress(&self) -> Progress {
        Progress {
            expanded: self.meter.expanded.load(Ordering::Relaxed),
            generated: self.meter.generated.load(Ordering::Relaxed),
            elapsed: self.started.elapsed(),
            finished: self.meter.finished.load(Ordering::Acquire),
        }
    }

    /// Asks the solve to stop. It ends within one check interval (about a millisecond)
    /// with [`Reason::Cancelled`](crate::Reason::Cancelled), unless it
    /// had already finished. Never blocks.
    pub fn cancel(&self) {
        self.meter.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether the result is ready (or was already taken).
    pub fn is_finished(&self) -> bool {
        self.meter.finished.load(Ordering::Acquire)
    }

    /// The result if the solve has ended, without blocking; `None` while it runs.
    ///
    /// The result is handed out once; later calls return
    /// `Some(Err(SolveError::ResultTaken))`.
    pub fn try_result(&mut self) -> Option<Result<SolveReport, SolveError>> {
        if self.taken {
            return Some(Err(SolveError::ResultTaken));
        }
        match self.receiver().try_recv() {
            Ok(result) => Some(self.take(result)),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => Some(self.take(Err(SolveError::Panicked))),
        }
    }

    /// Waits at most `limit` for the result; on time out, cancels the solve and waits for
    /// it to stop, so the answer always comes back (as
    /// [`Undecided`](crate::Outcome::Undecided) with
    /// [`Reason::Cancelled`](crate::Reason::Cancelled) if the search was still running).
    ///
    /// The extra wait after `limit` is one check interval of the engine (about a
    /// millisecond) plus scheduling.
    /// A `limit` too large for the clock to add ([`Duration::MAX`], say) waits as long as
    /// [`join`](Self::join).
    ///
    /// # Errors
    /// As [`join`](Self::join).
    pub fn wait(&mut self, limit: Duration) -> Result<SolveReport, SolveError> {
        if self.taken {
            return Err(SolveError::ResultTaken);
        }
        let result = match self.receiver().recv_timeout(limit) {
            Ok(result) => result,
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(SolveError::Panicked),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                self.cancel();
                self.receiver().recv().unwrap_or(Err(SolveError::Panicked))
            }
        };
        self.take(result)
    }

    /// Waits for the solve to end and returns its report.
    ///
    /// # Errors
    /// [`SolveError`] from the solve itself, [`SolveError::Panicked`] if the solving thread
    /// panicked (a bug), [`SolveError::ResultTaken`] if
    /// [`try_result`](Self::try_result) or [`wait`](Self::wait) already returned it.
    pub fn join(mut self) -> Result<SolveReport, SolveError> {
        if self.taken {
            return Err(SolveError::ResultTaken);
        }
        let result = self.receiver().recv().unwrap_or(Err(SolveError::Panicked));
        self.take(result)
    }

    /// The result's channel (no lock taken: see the field).
    fn receiver(&mut self) -> &mut mpsc::Receiver<Result<SolveReport, SolveError>> {
        self.receiver.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Marks the result as handed out.
    fn take(&mut self, result: Result<SolveReport, SolveError>) -> Result<SolveReport, SolveError> {
        self.taken = true;
        self.meter.finished.store(true, Ordering::Release);
        result
    }
}

impl Drop for SolveHandle {
    fn drop(&mut self) {
        // Stop a search nobody is waiting for; the thread exits on its own.
        self.cancel();
    }
}
