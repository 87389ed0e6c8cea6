//! The [`ReserveAllocator`] as the global allocator, around an allocator that fails on
//! demand: a failed allocation anywhere ends the solve undecided on memory, the reserve is
//! taken again for the next solve, and an allocator of one's own follows the same rules.
//!
//! One test function runs every step in order: the release count is process-wide, and a
//! release during another test's solve would end that solve too.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ptr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use freecell_core::Board;
use freecell_deals::DealNumber;
use freecell_solver::{Outcome, Preset, Reason, ReserveAllocator, Solver};

/// Whether the next request to [`Flaky`] fails (once).
static FAIL_NEXT: AtomicBool = AtomicBool::new(false);
/// Requests to [`Flaky`] of at least this many bytes fail (0: none).
static FAIL_FROM: AtomicUsize = AtomicUsize::new(0);

/// `System`, failing the requests the switches above say.
struct Flaky;

fn fails(size: usize) -> bool {
    let from = FAIL_FROM.load(Ordering::Relaxed);
    (from != 0 && size >= from) || FAIL_NEXT.swap(false, Ordering::Relaxed)
}

#[allow(unsafe_code)]
// SAFETY: every method forwards to `System` unchanged, or returns null (a refusal, which
// `GlobalAlloc` allows for any request, leaving a block being reallocated as it was); the
// switches are atomics, which never allocate.
unsafe impl GlobalAlloc for Flaky {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if fails(layout.size()) {
            return ptr::null_mut();
        }
        // SAFETY: the caller's contract is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if fails(new_size) {
            return ptr::null_mut();
        }
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: ReserveAllocator<Flaky> = ReserveAllocator::with_reserve(Flaky, 8 << 20);

fn deal(n: u64) -> Board {
    DealNumber::new(n).expect("in range").board()
}

fn solved_by_fast(board: &Board) -> bool {
    Solver::new(Preset::Fast).solve(board).unwrap().outcome.solution().is_some()
}

#[test]
fn a_failed_allocation_ends_the_solve_on_memory_and_the_next_solve_runs() {
    let board = deal(1);
    // A search that, left alone, runs into its node limit.
    let solver = Solver::new(Preset::Bfs).max_nodes(100_000);
    assert_eq!(solver.solve(&board).unwrap().outcome, Outcome::Undecided(Reason::NodeLimit));
    let trips = ReserveAllocator::trips();

    // One allocation fails, wherever it happens (the first of this solve): the allocator
    // frees its reserve and serves it, and the search stops at its next check, on memory.
    FAIL_NEXT.store(true, Ordering::Relaxed);
    let report = solver.solve(&board).unwrap();
    assert_eq!(report.outcome, Outcome::Undecided(Reason::MemoryLimit), "{:?}", report.stats);
    assert_eq!(ReserveAllocator::trips(), trips + 1);

    // The next solve runs as usual, and takes the reserve again: one more failure is cured
    // once more (with no reserve, the failing allocation below would abort the process).
    assert_eq!(solver.solve(&board).unwrap().outcome, Outcome::Undecided(Reason::NodeLimit));
    FAIL_NEXT.store(true, Ordering::Relaxed);
    let v: Vec<u8> = Vec::with_capacity(100);
    assert_eq!(v.capacity(), 100);
    assert_eq!(ReserveAllocator::trips(), trips + 2);
    assert!(solved_by_fast(&board));

    // Large requests failing for good: the freed reserve does not cure them, and the
    // engine, whose growth is fallible, ends on memory under a limit far above.
    ReserveAllocator::rearm();
    FAIL_FROM.store(1 << 20, Ordering::Relaxed);
    let report = Solver::new(Preset::Bfs).max_bytes(usize::MAX).solve(&board).unwrap();
    FAIL_FROM.store(0, Ordering::Relaxed);
    assert_eq!(report.outcome, Outcome::Undecided(Reason::MemoryLimit));
    assert!(solved_by_fast(&board));

    an_allocator_of_ones_own_keeps_and_releases_its_reserve();
}

/// `System`, counting its live blocks, failing requests of at least `fail_from` bytes.
#[derive(Default)]
struct Counted {
    live: AtomicUsize,
    fail_from: AtomicUsize,
}

#[allow(unsafe_code)]
// SAFETY: as `Flaky`'s.
unsafe impl GlobalAlloc for Counted {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let from = self.fail_from.load(Ordering::Relaxed);
        if from != 0 && layout.size() >= from {
            return ptr::null_mut();
        }
        self.live.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        self.live.fetch_sub(1, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// A `ReserveAllocator` used directly: the reserve is taken at the first allocation,
/// released by a failure (which counts as a release), and taken again only after a re-arm
/// request; a reserve of 0 bytes is none.
#[allow(unsafe_code)]
fn an_allocator_of_ones_own_keeps_and_releases_its_reserve() {
    let counted = ReserveAllocator::with_reserve(Counted::default(), 1 << 16);
    let small = Layout::from_size_align(64, 8).unwrap();
    let big = Layout::from_size_align(1 << 20, 8).unwrap();
    let trips = ReserveAllocator::trips();
    // SAFETY: every block is freed with the layout it was allocated with.
    unsafe {
        let p = counted.alloc(small);
        assert!(!p.is_null());
        assert_eq!(inner(&counted).live.load(Ordering::Relaxed), 2, "the block and the reserve");
        counted.dealloc(p, small);

        inner(&counted).fail_from.store(1 << 19, Ordering::Relaxed);
        assert!(counted.alloc(big).is_null(), "the freed reserve does not cure a 1 MiB request");
        assert_eq!(inner(&counted).live.load(Ordering::Relaxed), 0, "the reserve is freed");
        assert_eq!(ReserveAllocator::trips(), trips + 1);
        let p = counted.alloc(small);
        assert_eq!(inner(&counted).live.load(Ordering::Relaxed), 1, "spent, until a re-arm request");
        ReserveAllocator::rearm();
        let q = counted.alloc(small);
        assert_eq!(inner(&counted).live.load(Ordering::Relaxed), 3, "taken again");
        counted.dealloc(p, small);
        counted.dealloc(q, small);

        let none = ReserveAllocator::with_reserve(Counted::default(), 0);
        let p = none.alloc(small);
        assert_eq!(inner(&none).live.load(Ordering::Relaxed), 1);
        none.dealloc(p, small);
    }
}

fn inner<A>(a: &ReserveAllocator<A>) -> &A {
    a.inner()
}
