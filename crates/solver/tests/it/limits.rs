//! Limits, cancellation and what may be called unsolvable.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use freecell_core::Board;
use freecell_deals::DealNumber;
use freecell_solver::{Outcome, Preset, Reason, Solver};

fn deal(n: u64) -> Board {
    DealNumber::new(n).expect("in range").board()
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

#[test]
fn a_solver_is_reusable() {
    let mut solver = Solver::new(Preset::Hsd).max_nodes(200_000);
    let first = solver.solve(&deal(12)).unwrap();
    let again = solver.solve(&deal(12)).unwrap();
    assert_eq!(first.outcome, again.outcome);
    assert_eq!(first.stats.search, again.stats.search);
}
