//! Integration tests for the `freecell` binary: each runs the built executable.

mod bench;
mod deal;
mod evolve;
mod memory;
mod readme;
mod solve;
mod verify;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// What a run of `freecell` produced.
pub(crate) struct Run {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// Runs `freecell` with `args` and an empty standard input.
pub(crate) fn freecell(args: &[&str]) -> Run {
    freecell_with_stdin(args, "")
}

/// Runs `freecell` with `args`, feeding `stdin` to it.
pub(crate) fn freecell_with_stdin(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_freecell"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the freecell binary runs");
    child.stdin.take().expect("stdin is piped").write_all(stdin.as_bytes()).expect("stdin accepts the input");
    let Output { status, stdout, stderr } = child.wait_with_output().expect("the freecell binary finishes");
    Run {
        code: status.code().expect("freecell exits normally, not by a signal"),
        stdout: String::from_utf8(stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(stderr).expect("stderr is UTF-8"),
    }
}

/// A file under `tests/data/`, as a string argument.
pub(crate) fn data(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", name].iter().collect();
    path.to_str().expect("the repository path is UTF-8").to_owned()
}
