//! A global allocator that counts the live heap bytes of each thread, so a test can measure
//! the real peak memory of a solve (not the engines' own accounting) while other tests run
//! on other threads. It can also refuse large requests on one thread, as an exhausted
//! machine would.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    // `const` initialisers with no destructor: using them inside the allocator never
    // allocates.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
    /// Requests of at least this many bytes fail on this thread.
    static REFUSE_FROM: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// Whether this thread refuses a request of `size` bytes.
fn refused(size: usize) -> bool {
    REFUSE_FROM.try_with(|n| size >= n.get()).unwrap_or(false)
}

fn add(bytes: isize) {
    // `try_with` fails only during thread teardown; those bytes are nobody's measurement.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + bytes;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

#[allow(unsafe_code)]
// SAFETY: every method forwards to `System` unchanged, or returns null (a refusal, which
// `GlobalAlloc` allows for any request, leaving a block being reallocated as it was), and
// only updates thread-local counters, which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if refused(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: the caller's contract is `System.alloc`'s.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            add(layout.size() as isize);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) };
        add(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if refused(new_size) {
            return std::ptr::null_mut();
        }
        // SAFETY: as above.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            add(new_size as isize - layout.size() as isize);
        }
        new
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Runs `f` and returns its value with the most heap bytes this thread held during it,
/// beyond what it held before.
pub(crate) fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    peak_beyond(live(), f)
}

/// The heap bytes this thread holds now.
pub(crate) fn live() -> isize {
    LIVE.with(Cell::get)
}

/// Runs `f` and returns its value with the most heap bytes this thread held during it,
/// beyond `base` (an earlier [`live`]: what was allocated since, and is still held, counts).
pub(crate) fn peak_beyond<T>(base: isize, f: impl FnOnce() -> T) -> (T, usize) {
    PEAK.with(|peak| peak.set(live()));
    let value = f();
    let peak = PEAK.with(Cell::get);
    (value, usize::try_from(peak - base).unwrap_or(0))
}

/// Runs `f` with requests of at least `bytes` refused on this thread.
pub(crate) fn refusing<T>(bytes: usize, f: impl FnOnce() -> T) -> T {
    REFUSE_FROM.with(|n| n.set(bytes));
    let value = f();
    REFUSE_FROM.with(|n| n.set(usize::MAX));
    value
}
