//! [`ReserveAllocator`]: an opt-in global allocator that keeps an emergency reserve, so that
//! running out of memory ends a solve undecided instead of aborting the process.

// A global allocator cannot be written without `unsafe`: its trait is unsafe to implement
// and to call. Each block below says why it is sound.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::ptr;
use std::sync::atomic::{AtomicPtr, AtomicU8, AtomicU64, Ordering};

/// The reserve [`ReserveAllocator::new`] keeps: 64 MiB.
///
/// Why that much: after a failed allocation the search goes on until its next check of the
/// clock (about a millisecond, at most 4,096 expansions), then the solver frees its caches;
/// what is allocated meanwhile outside the engines' fallible growth (the solution's path
/// replayed, a report, the caller's own work) is small, well under a megabyte. 64 MiB is
/// above glibc's largest threshold for serving a request by its own `mmap` (32 MiB on 64-bit
/// systems), so the reserve is always a mapping of its own: freeing it returns its address
/// space to the system at once, whichever thread or arena needs it next. Its pages are never
/// written, so it costs address space, not resident memory.
pub const DEFAULT_RESERVE: usize = 64 << 20;

/// Times any reserve was released since the process started.
static TRIPS: AtomicU64 = AtomicU64::new(0);

/// Requests to re-arm spent reserves (see [`request_rearm`]).
static REARMS: AtomicU64 = AtomicU64::new(0);

/// Never armed yet: arms at the next allocation.
const EMPTY: u8 = 0;
/// One thread is allocating the reserve.
const ARMING: u8 = 1;
/// The reserve is held.
const ARMED: u8 = 2;
/// Released (or arming failed): arms again at the next allocation after a re-arm request.
const SPENT: u8 = 3;
/// A reserve of 0 bytes: nothing to hold.
const OFF: u8 = 4;

/// A global allocator around another one ([`System`] by default) that keeps an emergency
/// reserve, so that running out of memory ends a solve
/// [`Undecided`](crate::Outcome::Undecided) with
/// [`Reason::MemoryLimit`](crate::Reason::MemoryLimit) instead of aborting the process.
///
/// Rust's standard library aborts the process when any allocation fails (reacting otherwise
/// is not possible on stable Rust), and small allocations are everywhere. This allocator
/// holds a block of [`DEFAULT_RESERVE`] bytes, taken at its first use. When an allocation
/// fails, it releases the reserve, records the event and tries again, so the request is
/// served from the room just freed. A [`Solver`](crate::Solver) sees the event at its next
/// check of the clock (about once a millisecond), ends its search with
/// [`Reason::MemoryLimit`](crate::Reason::MemoryLimit) and frees its caches; the reserve is
/// taken again after that, and at the start of every solve.
///
/// The solver's own engines grow their large tables fallibly and end the search on a
/// refusal; this allocator covers the rest. It cannot help against a container's or cgroup's
/// memory limit, which the kernel enforces by killing the process when a page is first
/// written, never by a failed allocation: the solver's default memory limits, sized to the
/// memory available, are the protection there.
///
/// It is opt-in: install it in a program's `main` crate. The `freecell` command does.
///
/// # Examples
///
/// ```
/// use freecell_solver::ReserveAllocator;
///
/// #[global_allocator]
/// static ALLOCATOR: ReserveAllocator = ReserveAllocator::new();
///
/// # fn main() {
/// let v = vec![1u8; 1000]; // served by `System`, as usual
/// assert_eq!(v.len(), 1000);
/// assert_eq!(ReserveAllocator::trips(), 0); // no allocation has failed
/// # }
/// ```
#[derive(Debug)]
pub struct ReserveAllocator<A = System> {
    inner: A,
    size: usize,
    /// The reserve, when held (allocated from `inner` with [`Self::layout`]).
    reserve: AtomicPtr<u8>,
    state: AtomicU8,
    /// The value of [`REARMS`] when the reserve was last taken or released.
    rearms_seen: AtomicU64,
}

impl ReserveAllocator<System> {
    /// The system allocator with a reserve of [`DEFAULT_RESERVE`] bytes.
    pub const fn new() -> Self {
        Self::with_reserve(System, DEFAULT_RESERVE)
    }

    /// How many times a reserve was released (an allocation failed while one was held)
    /// since the process started.
    pub fn trips() -> u64 {
        trips()
    }

    /// Asks a released reserve to be taken again, at the next allocation. Every
    /// [`Solver::solve`](crate::Solver::solve) does this when it starts, and after a solve
    /// that saw the reserve released once it has freed its caches; a program that runs no
    /// more solves may call it once it has freed memory itself. A held reserve is left as
    /// it is.
    pub fn rearm() {
        request_rearm();
    }
}

impl Default for ReserveAllocator<System> {
    fn default() -> Self {
        Self::new()
    }
}

impl<A> ReserveAllocator<A> {
    /// `inner` with a reserve of `bytes` (0: no reserve, `inner` alone).
    pub const fn with_reserve(inner: A, bytes: usize) -> Self {
        ReserveAllocator {
            inner,
            size: bytes,
            reserve: AtomicPtr::new(ptr::null_mut()),
            state: AtomicU8::new(EMPTY),
            rearms_seen: AtomicU64::new(0),
        }
    }

    /// The allocator it wraps.
    pub const fn inner(&self) -> &A {
        &self.inner
    }

    /// The reserve's layout, if its size makes one.
    fn layout(&self) -> Option<Layout> {
        if self.size == 0 { None } else { Layout::from_size_align(self.size, 16).ok() }
    }
}

impl<A: GlobalAlloc> ReserveAllocator<A> {
    /// Takes the reserve if it is not held and should be.
    #[inline]
    fn arm(&self) {
        let state = self.state.load(Ordering::Acquire);
        if state != ARMED && state != OFF {
            self.arm_slowly(state);
        }
    }

    #[cold]
    #[inline(never)]
    fn arm_slowly(&self, state: u8) {
        let rearms = REARMS.load(Ordering::Acquire);
        let wanted = state == EMPTY || (state == SPENT && rearms != self.rearms_seen.load(Ordering::Relaxed));
        if !wanted || self.state.compare_exchange(state, ARMING, Ordering::Acquire, Ordering::Relaxed).is_err() {
            return;
        }
        self.rearms_seen.store(rearms, Ordering::Relaxed);
        let Some(layout) = self.layout() else {
            self.state.store(OFF, Ordering::Release);
            return;
        };
        // SAFETY: `layout` has a non-zero size (`layout()` gives none for 0).
        let block = unsafe { self.inner.alloc(layout) };
        if block.is_null() {
            // Short of memory already: try again after the next re-arm request.
            self.state.store(SPENT, Ordering::Release);
        } else {
            self.reserve.store(block, Ordering::Release);
            self.state.store(ARMED, Ordering::Release);
        }
    }

    /// Frees the reserve after a failed allocation; whether there was one to free.
    #[cold]
    #[inline(never)]
    fn release(&self) -> bool {
        // Only one thread gets the block: `swap` hands it out once.
        let block = self.reserve.swap(ptr::null_mut(), Ordering::AcqRel);
        let Some(layout) = self.layout().filter(|_| !block.is_null()) else { return false };
        // SAFETY: `block` was allocated by `self.inner` with `layout` (in `arm_slowly`, the
        // only writer of a non-null pointer), and the swap above took it out of `reserve`,
        // so no one else frees or uses it.
        unsafe { self.inner.dealloc(block, layout) };
        // Only a re-arm request made from now on takes the reserve again.
        self.rearms_seen.store(REARMS.load(Ordering::Acquire), Ordering::Relaxed);
        self.state.store(SPENT, Ordering::Release);
        TRIPS.fetch_add(1, Ordering::AcqRel);
        true
    }
}

// SAFETY: every request is passed to `inner` unchanged, and its answer returned, so the
// contract of each method is `inner`'s. A request that fails is passed once more after the
// reserve is freed; `GlobalAlloc` lets `alloc`, `alloc_zeroed` and `realloc` be retried
// after a null answer (a failed `realloc` leaves the old block as it was). Nothing here
// allocates from the global allocator: the reserve comes from `inner`, and the bookkeeping
// is atomics. The reserve itself is never handed to a caller, only freed back to `inner`.
unsafe impl<A: GlobalAlloc> GlobalAlloc for ReserveAllocator<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        self.arm();
        // SAFETY: the caller's contract is `inner.alloc`'s.
        let block = unsafe { self.inner.alloc(layout) };
        if block.is_null() && self.release() {
            // SAFETY: as above.
            return unsafe { self.inner.alloc(layout) };
        }
        block
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        self.arm();
        // SAFETY: the caller's contract is `inner.alloc_zeroed`'s.
        let block = unsafe { self.inner.alloc_zeroed(layout) };
        if block.is_null() && self.release() {
            // SAFETY: as above.
            return unsafe { self.inner.alloc_zeroed(layout) };
        }
        block
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is `inner.dealloc`'s: every block handed out came
        // from `inner`.
        unsafe { self.inner.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        self.arm();
        // SAFETY: the caller's contract is `inner.realloc`'s.
        let block = unsafe { self.inner.realloc(ptr, layout, new_size) };
        if block.is_null() && self.release() {
            // SAFETY: as above; the failed call left `ptr` valid and unchanged.
            return unsafe { self.inner.realloc(ptr, layout, new_size) };
        }
        block
    }
}

/// Times any reserve was released since the process started.
pub(crate) fn trips() -> u64 {
    TRIPS.load(Ordering::Acquire)
}

/// Asks every spent reserve to be taken again at its next allocation (cheap: one atomic
/// addition; a held reserve is left alone).
pub(crate) fn request_rearm() {
    REARMS.fetch_add(1, Ordering::AcqRel);
}
