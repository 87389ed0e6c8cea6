//! Integration tests for the `freecell` binary: each runs the built executable.

mod bad_input;
mod bench;
mod census;
mod deal;
mod evolve;
mod find_deal;
mod games;
mod memory;
mod prove;
mod rate;
mod readme;
mod solve;
mod verify;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Deal 1 as fc-solve's `pi-make-microsoft-freecell-board -t 1` prints it: the cascades of
/// Rosetta Code's "Deal cards for FreeCell" Game #1
/// (<https://rosettacode.org/wiki/Deal_cards_for_FreeCell>). A file, so that the
/// workspace's `examples` tests can check that the README shows it.
pub(crate) const DEAL_1: &str = include_str!("../data/deal-1.board");

/// Deal 6,000,000,000 (FreeCell Pro's range above 2^32) as fc-solve's deal generator prints
/// it (its test suite, shlomif/fc-solve `fc-solve/source/t/t/board-gen-lib.py`).
pub(crate) const DEAL_6000000000: &str = include_str!("../data/deal-6000000000.board");

/// The settings of a small `evolve` run: a generation takes a fraction of a second.
pub(crate) const TINY_EVOLVE: [&str; 12] = [
    "--population",
    "4",
    "--max-nodes",
    "40",
    "--baseline-nodes",
    "60",
    "--training",
    "20",
    "--deals-per-generation",
    "2",
    "--seed",
    "3",
];

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

/// What a run of `freecell` produced, as bytes: for input that may make it print anything.
pub(crate) struct RawRun {
    /// The exit code; `None` when the process was killed by a signal (or by the time limit).
    pub(crate) code: Option<i32>,
    /// The signal that ended the process, if one did (Unix).
    pub(crate) signal: Option<i32>,
    /// Whether the process outlived its time limit and was killed.
    pub(crate) timed_out: bool,
    pub(crate) stdout: Vec<u8>,
    pub(crate) stderr: Vec<u8>,
    pub(crate) elapsed: Duration,
}

impl RawRun {
    /// Standard error as text, or why it is not: its bytes up to the first that is not
    /// UTF-8, and that byte's offset.
    pub(crate) fn stderr_text(&self) -> Result<&str, String> {
        std::str::from_utf8(&self.stderr).map_err(|error| {
            let at = error.valid_up_to();
            format!(
                "standard error is not UTF-8 (byte 0x{:02X} at offset {at}): {}",
                self.stderr[at],
                String::from_utf8_lossy(&self.stderr)
            )
        })
    }

    /// Standard error for messages, whatever its bytes.
    pub(crate) fn stderr_lossy(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }

    /// How the process ended, for messages.
    pub(crate) fn ending(&self) -> String {
        match (self.code, self.signal, self.timed_out) {
            (_, _, true) => format!("killed after the time limit ({:.1} s)", self.elapsed.as_secs_f64()),
            (Some(code), _, _) => format!("exit code {code}"),
            (None, Some(signal), _) => format!("killed by signal {signal}"),
            (None, None, _) => "ended without an exit code".to_owned(),
        }
    }
}

/// Runs `freecell` with `args` in the directory `dir`, feeding it the bytes `stdin` (what it
/// does not read is dropped), and kills it if it runs longer than `limit`. Never panics on
/// what the program prints; `RUST_BACKTRACE` is unset so that a panic shows as one.
pub(crate) fn freecell_raw(args: &[&str], stdin: &[u8], dir: &Path, limit: Duration) -> RawRun {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_freecell"))
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the freecell binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    let bytes = stdin.to_vec();
    // The program may exit before reading everything (a size limit): a broken pipe then is
    // not an error of the test.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let reader = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = reader(Box::new(child.stdout.take().expect("stdout is piped")));
    let stderr = reader(Box::new(child.stderr.take().expect("stderr is piped")));
    let mut timed_out = false;
    let status = loop {
        match child.try_wait().expect("the freecell process can be waited for") {
            Some(status) => break status,
            None if started.elapsed() > limit => {
                timed_out = true;
                let _ = child.kill();
                break child.wait().expect("the killed freecell process can be waited for");
            }
            None => std::thread::sleep(Duration::from_millis(2)),
        }
    };
    let elapsed = started.elapsed();
    let _ = writer.join();
    #[cfg(unix)]
    let signal = std::os::unix::process::ExitStatusExt::signal(&status);
    #[cfg(not(unix))]
    let signal = None;
    RawRun {
        code: if timed_out { None } else { status.code() },
        signal,
        timed_out,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
        elapsed,
    }
}
