//! `freecell`: print Microsoft FreeCell deals, solve them, give hints and verify solutions.
//! Everything is in the library half of this package; see `lib.rs`.

use std::process::ExitCode;

// Running out of memory ends a solve undecided (exit 4) instead of aborting the process: the
// allocator keeps a reserve to free when an allocation fails, and the solver stops on it.
#[global_allocator]
static ALLOCATOR: freecell_solver::ReserveAllocator = freecell_solver::ReserveAllocator::new();

fn main() -> ExitCode {
    freecell_cli::run()
}
