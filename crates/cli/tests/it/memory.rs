//! Huge limits and little memory: the command ends with an answer (solved, or undecided on
//! memory, exit 4), never aborts. Each run below is the built binary under
//! `prlimit --as=1073741824` (1 GiB of address space), as a small container or
//! `ulimit -v` would run it; before the solver sized its limits to the memory available,
//! `bfs` aborted there on a failed allocation (exit 134).

use std::process::{Command, Output};

use crate::freecell;

/// The address-space limit of the runs: 1 GiB.
const LIMIT: &str = "--as=1073741824";

/// Runs `freecell args` under `prlimit` [`LIMIT`]: (exit code, stderr).
fn limited(args: &[&str]) -> (i32, String) {
    let Output { status, stderr, .. } =
        Command::new("prlimit").arg(LIMIT).arg(env!("CARGO_BIN_EXE_freecell")).args(args).output().unwrap_or_else(
            |e| panic!("`prlimit` could not run ({e}): these tests need it; install util-linux (it provides prlimit)"),
        );
    let stderr = String::from_utf8_lossy(&stderr).into_owned();
    // A signal (an abort on a failed allocation is SIGABRT) leaves no exit code.
    let code = status.code().unwrap_or_else(|| panic!("freecell {args:?} was killed: {status}\n{stderr}"));
    (code, stderr)
}

/// Solves deal 1 under the limit: solved (0), or undecided on memory (4).
fn solves_or_runs_out_of_memory(solver: &str) {
    let args = ["solve", "--deal", "1", "--solver", solver];
    let (code, stderr) = limited(&args);
    match code {
        0 => {}
        4 => assert!(
            stderr.contains("undecided") && stderr.contains("memory"),
            "{solver}: exit 4 must say undecided on memory: {stderr}"
        ),
        _ => panic!("{solver}: exit {code} (0 or 4 expected):\n{stderr}"),
    }
}

#[test]
fn bfs_under_1_gib_ends_undecided_on_memory() {
    solves_or_runs_out_of_memory("bfs");
}

#[test]
fn optimal_under_1_gib_answers() {
    solves_or_runs_out_of_memory("optimal");
}

#[test]
fn fast_under_1_gib_answers() {
    solves_or_runs_out_of_memory("fast");
}

#[test]
fn hsd_under_1_gib_answers() {
    solves_or_runs_out_of_memory("hsd");
}

/// A time limit too large for the clock to add is no limit (it panicked on the overflow).
#[test]
fn a_timeout_past_the_end_of_time_is_no_limit() {
    let run = freecell(&["solve", "--deal", "1", "--timeout", "1e19"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}
