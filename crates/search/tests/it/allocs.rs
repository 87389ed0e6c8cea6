//! "No allocation per node once the cache is warm", counted: a global allocator that counts
//! each thread's allocations, and every engine searching again with a cache that already
//! served the same search. What may remain is per search, not per node: the returned
//! solution's vectors.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use freecell_search::{Cycles, Outcome, Report, astar, beam, bfs, dfs, idastar, iddfs, staged};

use crate::sliding::{Manhattan, Sliding};

struct Counting;

thread_local! {
    // A `const` initialiser with no destructor: using it inside the allocator never allocates.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

#[allow(unsafe_code)]
// SAFETY: every method forwards to `System` unchanged and only bumps a thread-local counter,
// which never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Runs `search` twice to warm its cache, then once more, counting that run's allocations
/// (on this thread, so tests on other threads do not count). Asserts the search expanded
/// enough nodes for a per-node allocation to show, and allocated at most `most` times.
fn warm<M>(name: &str, most: u64, mut search: impl FnMut() -> Report<M>) {
    let _ = search();
    let _ = search();
    let before = ALLOCATIONS.with(Cell::get);
    let report = search();
    let count = ALLOCATIONS.with(Cell::get) - before;
    assert!(report.stats.expanded >= 1_000, "{name}: only {} expansions", report.stats.expanded);
    assert!(
        count <= most,
        "{name}: {count} allocations in a warm search of {} expansions (at most {most})",
        report.stats.expanded
    );
    // The report's own solution is what may allocate.
    if !matches!(report.outcome, Outcome::Solved(_)) {
        assert_eq!(count, 0, "{name}: allocations without a solution to return");
    }
}

#[test]
fn warm_searches_allocate_nothing_per_node() {
    // Engines that store nodes in an arena (breadth-first, A*, beam) allocate three vectors
    // to replay the solution: the chain of node ids, the moves found and a scratch move
    // list; depth-first engines allocate the solution's moves, staged deepening also the
    // last stage's part of them.
    let p = Sliding::eight();
    let mut c = bfs::Cache::new();
    let start = p.scramble(7, 400);
    warm("bfs", 3, || bfs::Bfs::default().search(&mut c, &p, &start, &mut ()));

    // Uninformed depth-first engines on a position 10–12 moves from the goal.
    let start = (1..1_000)
        .map(|seed| p.scramble(seed, 60))
        .find(|s| bfs::Bfs::default().search(&mut c, &p, s, &mut ()).cost().is_some_and(|c| (10..=12).contains(&c)))
        .expect("a seed among the first thousand gives a position 10–12 moves out");
    let mut c = iddfs::Cache::new();
    let id = iddfs::IterativeDeepening::new(iddfs::Config::new().cycles(Cycles::Path));
    warm("iddfs", 1, || id.search(&mut c, &p, &start, &mut ()));
    let mut c = dfs::Cache::new();
    let depth_first = dfs::Dfs::new(dfs::Config::new().max_depth(40).transposition_table(Some(1 << 16)));
    warm("dfs", 1, || depth_first.search(&mut c, &p, &start, &mut ()));

    // Informed engines on a 15-puzzle position.
    let p = Sliding::fifteen();
    let start = p.scramble(11, 80);
    let mut c = astar::Cache::new();
    warm("astar", 3, || astar::AStar::default().search(&mut c, &p, &start, &Manhattan, &mut ()));
    let mut c = astar::Cache::new();
    warm("greedy", 3, || astar::AStar::new(astar::Config::greedy()).search(&mut c, &p, &start, &Manhattan, &mut ()));
    let mut c = idastar::Cache::new();
    let ida = idastar::IdaStar::new(idastar::Config::new().cycles(Cycles::Path));
    warm("idastar", 1, || ida.search(&mut c, &p, &start, &Manhattan, &mut ()));
    let mut c = beam::Cache::new();
    let b = beam::Beam::new(beam::Config::new().width(256));
    warm("beam", 3, || b.search(&mut c, &p, &start, &Manhattan, &mut ()));
    let mut c = staged::Cache::new();
    let sd = staged::StagedDeepening::new(staged::Config::paper().look_ahead(4));
    warm("staged", 2, || sd.search(&mut c, &p, &start, &Manhattan, &mut ()));
}
