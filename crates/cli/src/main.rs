//! `freecell`: print Microsoft FreeCell deals, solve them, give hints and verify solutions.
//! Everything is in the library half of this package; see `lib.rs`.

use std::process::ExitCode;

fn main() -> ExitCode {
    freecell_cli::run()
}
