//! Limits, cancellation and what may be called unsolvable.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use freecell_core::{Board, Game};
use freecell_deals::DealNumber;
use freecell_solver::{GameBoard, Outcome, Preset, Reason, Solver};

fn deal(n: u64) -> Board {
    DealNumber::new(n).expect("in range").board()
}

fn game_deal(game: Game, n: u64) -> GameBoard {
    GameBoard::try_from(DealNumber::new(n).expect("in range").layout(game)).expect("a dealt layout is legal")
}

#[test]
fn an_impossible_node_limit_is_undecided_never_unsolvable() {
    for preset in Preset::ALL {
        for n in [1, 11_982] {
            let report = Solver::new(preset).max_nodes(10).solve(&deal(n)).unwrap();
            assert_eq!(report.outcome, Outcome::Undecided(Reason::NodeLimit), "{preset} on {n}");
            assert!(report.stats.search.expanded <= 10);
        }
    }
}

#[test]
fn an_impossible_memory_limit_is_undecided() {
    for preset in Preset::ALL {
        let report = Solver::new(preset).max_bytes(1).solve(&deal(1)).unwrap();
        assert_eq!(report.outcome, Outcome::Undecided(Reason::MemoryLimit), "{preset}");
    }
}

#[test]
fn deal_11982_is_unsolvable_for_bfs_and_undecided_for_staged_deepening() {
    let board = deal(11_982);
    let report = Solver::new(Preset::Bfs).max_nodes(5_000_000).solve(&board).unwrap();
    assert_eq!(report.outcome, Outcome::Unsolvable, "{:?}", report.stats);
    for preset in [Preset::Hsd, Preset::HsdHeineman, Preset::Ga] {
        let report = Solver::new(preset).max_nodes(5_000_000).solve(&board).unwrap();
        assert!(matches!(report.outcome, Outcome::Undecided(_)), "{preset}: {:?}", report.outcome);
    }
}

/// Every preset, with a memory limit far above what it gets, on a deal that needs more than
/// 256 KiB while the allocator refuses requests that large: the solve ends undecided on
/// memory (before fallible growth, the process aborted), and the same solver then solves
/// a deal as a fresh one does.
#[test]
fn a_refused_allocation_ends_every_preset_undecided_on_memory() {
    const REFUSE: usize = 256 << 10;
    for preset in Preset::ALL {
        let board = deal(if preset == Preset::Fast { 11_982 } else { 617 });
        let solver = Solver::new(preset).max_bytes(usize::MAX).max_nodes(3_000_000);
        let report = crate::heap::refusing(REFUSE, || solver.solve(&board).unwrap());
        assert_eq!(report.outcome, Outcome::Undecided(Reason::MemoryLimit), "{preset}: {:?}", report.stats);
        let fresh = Solver::new(preset).max_nodes(2_000);
        let again = solver.max_nodes(2_000);
        assert_eq!(again.solve(&deal(1)).unwrap().outcome, fresh.solve(&deal(1)).unwrap().outcome, "{preset}");
    }
}

#[test]
fn a_cancel_flag_set_before_solving_stops_at_once() {
    let flag = Arc::new(AtomicBool::new(true));
    for preset in Preset::ALL {
        let report = Solver::new(preset).cancel(Arc::clone(&flag)).solve(&deal(1)).unwrap();
        assert_eq!(report.outcome, Outcome::Undecided(Reason::Cancelled), "{preset}");
        assert_eq!(report.stats.search.expanded, 0);
    }
}

#[test]
fn a_cancel_flag_set_from_another_thread_stops_the_search() {
    let flag = Arc::new(AtomicBool::new(false));
    let setter = Arc::clone(&flag);
    let handle = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        setter.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    // Deal 2 takes dfs far longer than 50 ms with no node limit.
    let report = Solver::new(Preset::Dfs).cancel(flag).solve(&deal(2)).unwrap();
    handle.join().unwrap();
    assert_eq!(report.outcome, Outcome::Undecided(Reason::Cancelled));
}

#[test]
fn a_timeout_stops_the_search() {
    let report = Solver::new(Preset::Dfs).timeout(Duration::from_millis(50)).solve(&deal(2)).unwrap();
    assert_eq!(report.outcome, Outcome::Undecided(Reason::Timeout));
    assert!(report.stats.elapsed < Duration::from_secs(5), "{:?}", report.stats.elapsed);
    let report = Solver::new(Preset::Hsd).timeout(Duration::ZERO).solve(&deal(1)).unwrap();
    assert_eq!(report.outcome, Outcome::Undecided(Reason::Timeout));
}

/// A time limit too large for the clock to add is no time limit: no preset panics or
/// times out on deal 1 (under a node limit, so that every search ends soon), and `fast`
/// solves it and shortens the solution, which stops at the same deadline.
#[test]
fn a_time_limit_past_the_end_of_time_is_no_limit() {
    for preset in Preset::ALL {
        let report = Solver::new(preset).timeout(Duration::MAX).max_nodes(5_000).solve(&deal(1)).unwrap();
        assert_ne!(report.outcome, Outcome::Undecided(Reason::Timeout), "{preset}");
    }
    for timeout in [Duration::MAX, Duration::from_secs(u64::MAX / 2)] {
        let report = Solver::new(Preset::Fast).timeout(timeout).solve(&deal(1)).unwrap();
        assert!(report.outcome.solution().is_some(), "{:?}", report.outcome);
    }
}

#[test]
fn a_solver_is_reusable() {
    let solver = Solver::new(Preset::Hsd).max_nodes(200_000);
    let first = solver.solve(&deal(12)).unwrap();
    let again = solver.solve(&deal(12)).unwrap();
    assert_eq!(first.outcome, again.outcome);
    assert_eq!(first.stats.search, again.stats.search);
}

// ---- Every limit honoured within 10 % of its value -------------------------------------
//
// Time limits on a shared, loaded machine: the solver checks its clock about once a
// millisecond of its work (see `watch.rs`), and during the long pieces of work that expand
// nothing (a hash table's growth), so a correct solver does at most a few milliseconds of
// work after its deadline. What it cannot control is how long the operating system leaves
// it waiting for a processor: under load (a test run beside two builds on two cores) a
// solver that stopped after a millisecond of work once took 300 ms more to get it. So on
// Linux the checks below measure what the solver controls, the processor time its thread
// spent after the deadline (or the cancel), read from the kernel's per-thread counters; a
// solver that does more than 10 % of the limit's work past it fails every time, however
// idle or loaded the machine. Elsewhere they measure wall time, with a scheduling
// allowance, retried: a preempted thread overruns once in a while, a solver that ignores
// its limit overruns every time.

/// Scheduling allowance on top of the 10 % bound where only wall time is measured (see above).
const SLACK: Duration = Duration::from_millis(20);

/// Attempts per wall-time check before it counts as a failure (see above).
const ATTEMPTS: usize = 3;

/// How stale a running thread's processor time may read: the kernel adds to it at its timer
/// ticks (1 to 10 ms apart, by its `HZ`) and when the thread stops running.
const CLOCK_GRAIN: Duration = Duration::from_millis(10);

/// Hard deals each preset cannot finish within 300 ms in a debug build: `bfs` and `dfs`
/// search single-card moves exhaustively, the others run out of time long before an answer
/// on 617 and 2, and `fast`, which solves 617 at once, must prove 11982 unsolvable with an
/// exhaustive search (in a release build some may finish early; then there is nothing to
/// stop).
fn hard(preset: Preset) -> Board {
    deal(match preset {
        Preset::Dfs => 2,
        Preset::Fast => 11_982,
        _ => 617,
    })
}

/// Runs `attempt` up to [`ATTEMPTS`] times until it returns `Ok`; fails with the last error.
fn retried(what: &str, mut attempt: impl FnMut() -> Result<(), String>) {
    let mut errors = Vec::new();
    for _ in 0..ATTEMPTS {
        match attempt() {
            Ok(()) => return,
            Err(e) => errors.push(e),
        }
    }
    panic!("{what}: every attempt overran: {errors:#?}");
}

/// The processor time of one thread of this process, from Linux's per-thread scheduler
/// counters (`/proc/self/task/TID/schedstat`, whose first field is the nanoseconds it
/// ran); readable from any thread of the process.
#[derive(Clone, Debug)]
struct ThreadClock(std::path::PathBuf);

impl ThreadClock {
    /// The calling thread's clock, `None` where the kernel does not keep one.
    fn of_this_thread() -> Option<ThreadClock> {
        let task = std::fs::read_link("/proc/thread-self").ok()?;
        let tid = task.file_name()?.to_str()?.to_owned();
        let clock = ThreadClock(std::path::PathBuf::from(format!("/proc/self/task/{tid}/schedstat")));
        clock.read().map(|_| clock)
    }

    /// The time the thread has run so far.
    fn read(&self) -> Option<Duration> {
        let text = std::fs::read_to_string(&self.0).ok()?;
        Some(Duration::from_nanos(text.split_whitespace().next()?.parse().ok()?))
    }
}

/// Runs `solve` on this thread while another thread waits `after`, reads this thread's
/// processor time and calls `then` (setting a cancel flag, say): the solve's result, the
/// wall time it took, and the processor time this thread spent from that moment to the
/// end of the solve (`None` without per-thread counters).
fn solve_timed<T>(
    after: Duration,
    then: impl FnOnce() + Send,
    solve: impl FnOnce() -> T,
) -> (T, Duration, Option<Duration>) {
    let clock = ThreadClock::of_this_thread();
    std::thread::scope(|scope| {
        let started = Instant::now();
        let watcher = scope.spawn(|| {
            std::thread::sleep(after);
            let at = clock.as_ref().and_then(ThreadClock::read);
            then();
            at
        });
        let result = solve();
        let took = started.elapsed();
        let end = clock.as_ref().and_then(ThreadClock::read);
        let at = watcher.join().expect("the watching thread does not panic");
        // The solve may have ended before the watcher woke: nothing was spent after.
        let after = at.zip(end).map(|(at, end)| end.saturating_sub(at));
        (result, took, after)
    })
}

/// Checks a solve told to stop (`what`: at its deadline, by a cancel) `wait` after it
/// began, from [`solve_timed`]'s `took` and `after`. With the thread's processor time, the
/// solver's own work after that moment is at most 10 % of `wait` (and the clock's grain),
/// and an overrun fails at once; with wall time only, an overrun past 10 % and [`SLACK`] is
/// returned for [`retried`] to try again.
fn stopped_in_time(
    preset: Preset,
    what: &str,
    wait: Duration,
    took: Duration,
    after: Option<Duration>,
) -> Result<(), String> {
    match after {
        Some(work) => {
            let most = wait / 10 + CLOCK_GRAIN;
            assert!(work <= most, "{preset}: {work:?} of work after the {what} ({took:?} in all)");
            Ok(())
        }
        None if took > wait + wait / 10 + SLACK => Err(format!("{preset}: stopped after {took:?}")),
        None => Ok(()),
    }
}

#[test]
fn node_limits_are_exact() {
    for preset in Preset::ALL {
        for limit in [1_000, 3_000] {
            let report = Solver::new(preset).max_nodes(limit).solve(&hard(preset)).unwrap();
            match report.outcome {
                Outcome::Undecided(Reason::NodeLimit) => assert_eq!(report.stats.search.expanded, limit, "{preset}"),
                _ => assert!(report.stats.search.expanded <= limit, "{preset}: {:?}", report.stats),
            }
        }
    }
}

/// The real heap a solve takes (counted by a global allocator, not the engines' own
/// accounting) stays within 10 % of `max_bytes`.
#[test]
fn memory_limits_bound_the_real_heap() {
    const LIMIT: usize = 512 << 10;
    for preset in Preset::ALL {
        let board = hard(preset);
        let solver = Solver::new(preset).max_bytes(LIMIT);
        let (report, peak) = crate::heap::peak_during(|| solver.solve(&board).unwrap());
        assert_eq!(report.outcome, Outcome::Undecided(Reason::MemoryLimit), "{preset}");
        assert!(report.stats.search.bytes <= LIMIT, "{preset}: accounted {}", report.stats.search.bytes);
        assert!(peak <= LIMIT + LIMIT / 10, "{preset}: the solve held {peak} bytes of heap, limit {LIMIT}");
    }
}

/// `fast` under a small byte limit in the games whose solves hold more than greedy searches
/// at once, each on a deal that reaches that part (its limit chosen so that it does): the
/// real heap stays within 10 % of the limit, and the bytes reported within the limit.
///
/// - Good Measure 2836 (lost): early proof attempts beside the greedy searches, and seven
///   dives; before the proof and the dives done were counted, 3.5 times the limit.
/// - Baker's Dozen 2 (solved by a dive): the dives done kept their capacities; 2.0 times.
/// - Streets and Alleys 126 (lost, proved by an early attempt), 36 under a node limit (its
///   last dives), and 36 under 64 MiB and 400,000 expansions: its turns' dive is kept at
///   its cap, lending its room to the greedy searches, and the second last dive resumes it
///   (`fast::portfolio`'s test of that deal says so).
/// - Beleaguered Castle 54 (lost, proved by an early attempt beside its dive).
#[test]
fn memory_limits_bound_the_real_heap_in_every_game() {
    for (game, n, limit, nodes) in [
        (Game::GoodMeasure, 2836, 1536 << 10, None),
        (Game::BakersDozen, 2, 128 << 10, None),
        (Game::StreetsAndAlleys, 126, 512 << 10, None),
        (Game::StreetsAndAlleys, 36, 2 << 20, Some(50_000)),
        (Game::StreetsAndAlleys, 36, 64 << 20, Some(400_000)),
        (Game::BeleagueredCastle, 54, 256 << 10, None),
    ] {
        let board = game_deal(game, n);
        let mut solver = Solver::new(Preset::Fast).max_bytes(limit);
        if let Some(nodes) = nodes {
            solver = solver.max_nodes(nodes);
        }
        let (report, peak) = crate::heap::peak_during(|| solver.solve(&board).unwrap());
        let what = format!("{game} {n}: {:?}", report.outcome.solution().map(|_| "solved"));
        assert!(report.stats.search.bytes <= limit, "{what}: accounted {}", report.stats.search.bytes);
        assert!(peak <= limit + limit / 10, "{what}: the solve held {peak} bytes of heap, limit {limit}");
    }
}

/// A solve under a small byte limit after a large solve by the same solver: the capacities
/// the large one left in the cache set count against no limit, so the small one gives them
/// back rather than hold them (before, the set it took and gave back held the large solve's
/// 23 MB, and 100 MB in Streets and Alleys, under a limit of 512 KiB); what it grows stays
/// within 10 % of its limit.
#[test]
fn a_small_limit_after_a_large_solve_bounds_the_cache_kept() {
    const LIMIT: usize = 512 << 10;
    let freecell = (GameBoard::from(deal(11_982)), GameBoard::from(deal(1)));
    let streets = (game_deal(Game::StreetsAndAlleys, 1087), game_deal(Game::StreetsAndAlleys, 36));
    for (large, small) in [freecell, streets] {
        let solver = Solver::new(Preset::Fast).max_nodes(50_000);
        let _ = solver.solve(&large).unwrap();
        assert!(solver.cached_bytes() > 4 * LIMIT, "the large solve kept {} bytes", solver.cached_bytes());
        let limited = solver.clone().max_bytes(LIMIT);
        let (report, peak) = crate::heap::peak_during(|| limited.solve(&small).unwrap());
        assert!(report.stats.search.bytes <= LIMIT, "accounted {}", report.stats.search.bytes);
        assert!(peak <= LIMIT + LIMIT / 10, "the solve grew the heap by {peak} bytes, limit {LIMIT}");
        let kept = limited.cached_bytes();
        assert!(kept <= LIMIT + LIMIT / 10, "the cache set given back holds {kept} bytes, limit {LIMIT}");
    }
}

#[test]
fn time_limits_stop_within_ten_percent() {
    const LIMIT: Duration = Duration::from_millis(300);
    let mut fired = 0;
    for preset in Preset::ALL {
        retried(&format!("{preset}"), || {
            let board = hard(preset);
            let solver = Solver::new(preset).timeout(LIMIT);
            let (report, took, after) = solve_timed(LIMIT, || {}, || solver.solve(&board).unwrap());
            if report.outcome != Outcome::Undecided(Reason::Timeout) {
                // Finished before the deadline (possible in a release build).
                assert!(took < LIMIT + LIMIT / 10 + SLACK, "{preset}: {:?} after {took:?}", report.outcome);
                return Ok(());
            }
            fired += 1;
            assert!(took >= LIMIT, "{preset} stopped early, after {took:?}");
            stopped_in_time(preset, "deadline", LIMIT, took, after)
        });
    }
    assert!(fired > 0, "no preset ran into the time limit, so nothing was tested");
}

/// A cancel flag set from another thread, or `SolveHandle::cancel`, stops every preset
/// after at most 10 % of the wait before it of the solver's own work (and the clock's grain).
#[test]
fn cancelling_stops_within_milliseconds() {
    const AFTER: Duration = Duration::from_millis(100);
    for preset in Preset::ALL {
        retried(&format!("{preset}"), || {
            let flag = Arc::new(AtomicBool::new(false));
            let solver = Solver::new(preset).cancel(Arc::clone(&flag));
            let board = hard(preset);
            let cancel = || flag.store(true, std::sync::atomic::Ordering::Relaxed);
            let (report, took, after) = solve_timed(AFTER, cancel, || solver.solve(&board).unwrap());
            if report.outcome != Outcome::Undecided(Reason::Cancelled) {
                return Ok(()); // it finished within 100 ms: nothing to cancel
            }
            // A cancel has no value to take 10 % of; 10 % of the wait before it is used.
            stopped_in_time(preset, "cancel", AFTER, took, after)
        });
        // A handle's cancel is read where the flag is: it stops a spawned solve.
        let handle = Solver::new(preset).spawn(hard(preset)).unwrap();
        std::thread::sleep(AFTER / 10);
        handle.cancel();
        let report = handle.join().unwrap();
        assert!(
            matches!(report.outcome, Outcome::Undecided(Reason::Cancelled)) || report.stats.elapsed < AFTER / 10,
            "{preset}: {:?} after {:?}",
            report.outcome,
            report.stats.elapsed
        );
    }
}
