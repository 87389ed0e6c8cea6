//! `freecell`: print Microsoft FreeCell deals, solve them, give hints and verify solutions.
//! Everything is in the library half of this package; see `lib.rs`.

use std::process::ExitCode;

// Running out of memory ends a solve undecided (exit 4) instead of aborting the process: the
// allocator keeps a reserve to free when an allocation fails, and the solver stops on it.
#[global_allocator]
static ALLOCATOR: freecell_solver::ReserveAllocator = freecell_solver::ReserveAllocator::new();

fn main() -> ExitCode {
    keep_freed_memory();
    freecell_cli::run()
}

/// Tells glibc's allocator to keep the memory a solve frees for the next one: no block served
/// by a mapping of its own (`M_MMAP_MAX` 0) and no heap given back to the system
/// (`M_TRIM_THRESHOLD` at its largest).
///
/// A hard deal's searches grow tables of tens of megabytes, and glibc serves any block past
/// its mapping threshold (32 MiB at most) by `mmap` and unmaps it when freed: the next
/// search's tables were faulted in and zeroed by the kernel page by page again, 4.9 million
/// page faults and 7 % of the CPU on Streets and Alleys' 10,000 deals
/// (`docs/results/games.md`, "Streets and Alleys: where an undecided deal's time goes").
/// Kept in the heap, freed memory is reused as it is. The process then holds its peak until
/// it exits, as a command that runs one solve or one bench does. This is the binary's choice,
/// as its global allocator is: the libraries stay allocator-neutral.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn keep_freed_memory() {
    // SAFETY: `mallopt` only sets the allocator's parameters (under its own lock); blocks
    // already handed out, mapped ones included, stay valid and are freed as before. Its
    // answer (0 when a value is refused) needs no check: glibc then keeps its defaults.
    unsafe {
        libc::mallopt(libc::M_MMAP_MAX, 0);
        libc::mallopt(libc::M_TRIM_THRESHOLD, libc::c_int::MAX);
    }
}

/// Other allocators keep their own defaults.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_freed_memory() {}
