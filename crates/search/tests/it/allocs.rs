//! "No allocation per node once the cache is warm", counted: a global allocator that counts
//! each thread's allocations, and every engine searching again with a cache that already
//! served the same search. What may remain is per search, not per node: the returned
//! solution's vectors.
//!
//! The same allocator can refuse large requests on one thread, as an exhausted machine
//! would: every engine must then end its search undecided, not abort the process.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use freecell_search::{
    Budget, Cycles, Limit, Report, SearchOutcome, UndecidedReason, astar, beam, bfs, dfs, idastar, iddfs, staged,
};

use crate::sliding::{KORF, Manhattan, Sliding};

struct Counting;

thread_local! {
    // `const` initialisers with no destructor: using them inside the allocator never
    // allocates.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    /// Requests of at least this many bytes fail on this thread.
    static REFUSE_FROM: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Whether this thread refuses a request of `size` bytes.
fn refused(size: usize) -> bool {
    REFUSE_FROM.try_with(|n| size >= n.get()).unwrap_or(false)
}

#[allow(unsafe_code)]
// SAFETY: every method forwards to `System` unchanged, or returns null (a refusal, which
// `GlobalAlloc` allows for any request, leaving a block being reallocated as it was), and
// only reads and bumps thread-local cells, which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        if refused(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        if refused(new_size) {
            return std::ptr::null_mut();
        }
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Runs `f` with requests of at least `bytes` refused on this thread.
fn refusing<T>(bytes: usize, f: impl FnOnce() -> T) -> T {
    REFUSE_FROM.with(|n| n.set(bytes));
    let value = f();
    REFUSE_FROM.with(|n| n.set(usize::MAX));
    value
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
    if !matches!(report.outcome, SearchOutcome::Solved(_)) {
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

/// Every engine, with no byte budget, on a search that outgrows 64 KiB while the allocator
/// refuses requests that large: each ends undecided on the byte limit (before fallible
/// growth, the process aborted). The same cache then serves a search as a fresh one would.
#[test]
fn a_refused_allocation_ends_every_engine_undecided() {
    const REFUSE: usize = 64 << 10;
    // Runs `search` under the refusal, then again without it on the same cache and on a
    // fresh one: the outcomes must agree.
    fn check<C, M: PartialEq + std::fmt::Debug>(
        name: &str,
        fresh: impl Fn() -> C,
        search: impl Fn(&mut C) -> Report<M>,
    ) {
        let mut cache = fresh();
        let refused = refusing(REFUSE, || search(&mut cache));
        assert_eq!(
            refused.outcome,
            SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Bytes)),
            "{name}: {:?}",
            refused.stats
        );
        let again = search(&mut cache);
        assert_eq!(again.outcome, search(&mut fresh()).outcome, "{name} after a refusal");
        assert!(again.stats.bytes > REFUSE, "{name}: the search must outgrow the refusal");
    }
    // Every search stops at this many expansions, once it has outgrown the refusal.
    let budget = Budget::default().max_expanded(30_000);
    let p = Sliding::fifteen();
    let start = p.pack(&KORF[2].1);
    check("bfs", bfs::Cache::new, |c| bfs::Bfs::new(bfs::Config::new().budget(budget)).search(c, &p, &start, &mut ()));
    check("astar", astar::Cache::new, |c| {
        astar::AStar::new(astar::Config::new().budget(budget)).search(c, &p, &start, &Manhattan, &mut ())
    });
    check("beam", beam::Cache::new, |c| {
        beam::Beam::new(beam::Config::new().width(100_000).budget(budget)).search(c, &p, &start, &Manhattan, &mut ())
    });
    check("staged", staged::Cache::new, |c| {
        // Eight-move look-aheads store thousands of keys per stage.
        let config = staged::Config::paper().look_ahead(8).budget(budget);
        staged::StagedDeepening::new(config).search(c, &p, &start, &Manhattan, &mut ())
    });
    let table = Some(1 << 20);
    check("dfs", dfs::Cache::new, |c| {
        let config = dfs::Config::new().max_depth(60).transposition_table(table).budget(budget);
        dfs::Dfs::new(config).search(c, &p, &start, &mut ())
    });
    check("idastar", idastar::Cache::new, |c| {
        let config = idastar::Config::new().cycles(Cycles::Path).transposition_table(table).budget(budget);
        idastar::IdaStar::new(config).search(c, &p, &start, &Manhattan, &mut ())
    });
    check("iddfs", iddfs::Cache::new, |c| {
        let config = iddfs::Config::new().cycles(Cycles::Path).transposition_table(table).budget(budget);
        iddfs::IterativeDeepening::new(config).search(c, &p, &start, &mut ())
    });
}
