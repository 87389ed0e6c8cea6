//! One solver shared between threads: clones solving at once, and the pool of warm caches
//! that solves, clones and spawned solves share.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use freecell_core::{Board, Notation, verify};
use freecell_deals::DealNumber;
use freecell_search::Stats;
use freecell_solver::{Outcome, Preset, Reason, SolveReport, Solver};

fn deal(n: u64) -> Board {
    DealNumber::new(n).expect("in range").board()
}

/// Games keep one solver in state shared between threads and clone it freely; a change
/// that loses any of these fails to compile here.
#[test]
fn a_solver_is_send_sync_and_clone() {
    fn assert<T: Send + Sync + Clone>() {}
    fn shared<T: Send + Sync>() {}
    assert::<Solver>();
    shared::<freecell_solver::SolveHandle>();
}

/// What a deal's solve must give, whichever thread or cache set ran it: the outcome and the
/// search's counters (a warm cache stops a search at the same node as a cold one).
fn fingerprint(report: &SolveReport) -> (Outcome, u64, u64) {
    (report.outcome.clone(), report.stats.search.expanded, report.stats.search.generated)
}

/// Checks a solution independently: written out, read back and replayed by the core
/// verifier, it wins.
fn verified(board: &Board, report: &SolveReport) {
    if let Outcome::Solved(solution) = &report.outcome {
        let text = board.write_solution(&solution.moves, Notation::Standard).expect("the solution writes");
        assert!(verify(board, &text).expect("the solution verifies").board.is_won());
    }
}

/// Four threads, each with a clone of one solver, take deals from a shared counter, so which
/// cache set (and how warm) serves which deal varies from run to run; every answer equals
/// the one a single solver gives solving the deals in order.
#[test]
fn clones_solving_at_once_agree_with_one_solver() {
    const DEALS: u64 = 24;
    const THREADS: usize = 4;
    // `fast` solves every one of these deals; `hsd`, which shares its caches with no other
    // engine, stops at its node limit on most (an outcome that must agree all the same).
    let solvers: [fn() -> Solver; 2] = [|| Solver::new(Preset::Fast), || Solver::new(Preset::Hsd).max_nodes(2_000)];
    for make in solvers {
        let (solver, alone) = (make(), make());
        let preset = solver.preset();
        let expected: Vec<_> =
            (1..=DEALS).map(|n| fingerprint(&alone.solve(&deal(n)).expect("no solver bug"))).collect();
        let next = AtomicU64::new(1);
        let start = Barrier::new(THREADS);
        let mut got: Vec<(u64, SolveReport)> = std::thread::scope(|s| {
            let threads: Vec<_> = (0..THREADS)
                .map(|_| {
                    let (solver, next, start) = (solver.clone(), &next, &start);
                    s.spawn(move || {
                        start.wait();
                        let mut done = Vec::new();
                        loop {
                            let n = next.fetch_add(1, Ordering::Relaxed);
                            if n > DEALS {
                                break done;
                            }
                            done.push((n, solver.solve(&deal(n)).expect("no solver bug")));
                        }
                    })
                })
                .collect();
            threads.into_iter().flat_map(|t| t.join().expect("no panic")).collect()
        });
        got.sort_by_key(|(n, _)| *n);
        assert_eq!(got.len(), expected.len());
        for ((n, report), expected) in got.iter().zip(&expected) {
            assert_eq!(&fingerprint(report), expected, "{preset} on deal {n}");
            verified(&deal(*n), report);
        }
        let wins = got.iter().filter(|(_, r)| r.outcome.solution().is_some()).count();
        if preset == Preset::Fast {
            assert_eq!(wins, got.len(), "fast solves every one of MS 1-{DEALS}");
        }
        assert!(solver.cached_bytes() > 0, "{preset}: the solves gave their caches back");
    }
}

/// A game keeps one solver and spawns a solve per hint: each spawned solve starts with the
/// memory the earlier solves grew, and gives it back for the next.
#[test]
fn a_spawned_solve_reuses_the_solvers_caches() {
    let solver = Solver::new(Preset::Fast);
    let cold = solver.spawn(deal(1)).unwrap().join().unwrap();
    assert_eq!(cold.stats.reused_bytes, 0);
    let kept = solver.cached_bytes();
    assert!(kept > 0, "the spawned solve gave its caches back to the solver");
    let mut handle = solver.spawn(deal(2)).unwrap();
    let warm = handle.wait(Duration::from_mins(1)).unwrap();
    assert_eq!(warm.stats.reused_bytes, kept, "the second spawned solve started with the first's caches");
    assert!(solver.cached_bytes() >= kept);
    // Warm or cold, the answer is the same.
    let fresh = Solver::new(Preset::Fast).solve(&deal(2)).unwrap();
    assert_eq!(fingerprint(&warm), fingerprint(&fresh));
    assert_eq!(fresh.stats.reused_bytes, 0);
    // Freed caches: the next solve starts cold.
    solver.free_caches();
    assert_eq!(solver.cached_bytes(), 0);
    assert_eq!(solver.hint(&deal(3)).unwrap().report.stats.reused_bytes, 0);
}

/// Limits hold for each of several solves sharing one solver: cancelling one handle stops
/// that solve only, and the solver's time limit stops the other.
#[test]
fn cancel_and_timeout_hold_for_solves_sharing_a_solver() {
    const LIMIT: Duration = Duration::from_millis(300);
    // Breadth-first search of a whole deal runs for seconds, far past the limit.
    let solver = Solver::new(Preset::Bfs).timeout(LIMIT);
    let started = Instant::now();
    let timed = solver.spawn(deal(617)).unwrap();
    let cancelled = solver.spawn(deal(617)).unwrap();
    std::thread::sleep(Duration::from_millis(20));
    cancelled.cancel();
    let report = cancelled.join().unwrap();
    assert_eq!(report.outcome, Outcome::Undecided(Reason::Cancelled));
    assert!(started.elapsed() < LIMIT, "the cancelled solve waited for the time limit");
    let report = timed.join().unwrap();
    let took = started.elapsed();
    assert_eq!(report.outcome, Outcome::Undecided(Reason::Timeout), "the other solve was cancelled too");
    assert!(took >= LIMIT, "{took:?}");
    // Generous: the latency itself is measured in `limits::time_limits_stop_within_ten_percent`.
    assert!(took < 3 * LIMIT, "{took:?}");
    // The solver itself is not cancelled: its next solve runs.
    let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse().unwrap();
    assert!(solver.solve(&board).unwrap().outcome.solution().is_some());
}

/// A solve stopped before it searched took no cache set: it reused nothing, and the warm
/// set stays in the pool for the next solve.
#[test]
fn a_solve_stopped_before_searching_leaves_the_caches_alone() {
    let solver = Solver::new(Preset::Fast);
    let _ = solver.solve(&deal(1)).unwrap();
    let kept = solver.cached_bytes();
    let stopped = solver.clone().cancel(Arc::new(AtomicBool::new(true))).solve(&deal(1)).unwrap();
    assert_eq!(stopped.outcome, Outcome::Undecided(Reason::Cancelled));
    assert_eq!((stopped.stats.reused_bytes, stopped.stats.search, stopped.stats.bounds), (0, Stats::default(), None));
    assert_eq!(solver.cached_bytes(), kept);
    assert_eq!(solver.solve(&deal(2)).unwrap().stats.reused_bytes, kept);
}

/// A deal's report, its peak bytes included, does not depend on the deal the same solver
/// solved before it: searches the last solve left full (stopped at its node limit) count
/// for nothing in the next. They used to count in its searches' byte limit, so a solve's
/// path could change with the deal before it (and its `peak_bytes` in `freecell bench`
/// with it: MS 11983 reported 21 MB after 11982, 112 KB alone).
#[test]
fn a_solve_does_not_depend_on_the_deal_before_it() {
    let solver = || Solver::new(Preset::Fast).max_nodes(20_000);
    let warm = solver();
    let stopped = warm.solve(&deal(13930)).expect("no solver bug");
    assert_eq!(stopped.outcome, Outcome::Undecided(Reason::NodeLimit), "MS 13930 needs about 22,000 expansions");
    let after = warm.solve(&deal(11983)).expect("no solver bug");
    let alone = solver().solve(&deal(11983)).expect("no solver bug");
    assert_eq!(fingerprint(&after), fingerprint(&alone));
    assert_eq!(after.stats.search.bytes, alone.stats.search.bytes);
    verified(&deal(11983), &after);
}
