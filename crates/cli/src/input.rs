//! What the command reads: files and standard input, each with a size limit, and the
//! argument values clap cannot parse alone (seconds, thread counts).

use std::fs::File;
use std::io::{self, Read};
use std::num::NonZeroUsize;
use std::path::Path;
use std::time::Duration;

use freecell_core::{TextPosition, quote};

use crate::Failure;

/// The largest board, solution, weights or policy file read: 1 MiB. A board is under 1 KB,
/// a genome or policy a few hundred bytes, and the longest solution in detailed notation a
/// few tens of KB; anything larger is not such a file (`/dev/zero`, a log), and reading it
/// whole would only fill memory before the parser says so.
pub(crate) const MAX_TEXT: u64 = 1 << 20;

/// The most threads `--jobs` starts. Each thread keeps its own solver (and its caches), so
/// more threads than this on one machine would only divide the memory budget into slivers;
/// the bound also turns a typo (`--jobs 100000`) into a clear error instead of thousands of
/// threads the system may refuse.
pub(crate) const MAX_JOBS: usize = 1024;

/// Whether `path` means standard input.
pub(crate) fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The path as shown in messages.
pub(crate) fn shown(path: &Path) -> String {
    if is_stdin(path) { "standard input".to_owned() } else { format!("`{}`", path.display()) }
}

/// Reads the `what` file at `path` (`-`: standard input) as UTF-8 text of at most
/// [`MAX_TEXT`] bytes.
pub(crate) fn read_input(path: &Path, what: &str) -> Result<String, Failure> {
    read_text(path, what, MAX_TEXT)
}

/// Reads the `what` file at `path` (`-`: standard input) as UTF-8 text of at most `limit`
/// bytes. A leading byte-order mark is kept: the parsers decide what it means.
pub(crate) fn read_text(path: &Path, what: &str, limit: u64) -> Result<String, Failure> {
    let cannot = |error: io::Error| Failure::Input(format!("cannot read the {what} file {}: {error}", shown(path)));
    let mut bytes = Vec::new();
    if is_stdin(path) {
        io::stdin().lock().take(limit + 1).read_to_end(&mut bytes).map_err(cannot)?;
    } else {
        File::open(path).and_then(|file| file.take(limit + 1).read_to_end(&mut bytes)).map_err(cannot)?;
    }
    if bytes.len() as u64 > limit {
        return Err(Failure::Input(format!(
            "the {what} file {} is larger than {}: not a {what} file",
            shown(path),
            size(limit)
        )));
    }
    String::from_utf8(bytes).map_err(|error| {
        let at = error.utf8_error().valid_up_to();
        let bytes = error.as_bytes();
        // Infallible: the text up to `at` is valid UTF-8.
        let valid = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
        Failure::Input(format!(
            "the {what} file {} is not UTF-8 text: byte 0x{:02X} at {}",
            shown(path),
            bytes[at],
            TextPosition::at(valid, at)
        ))
    })
}

/// `limit` bytes for messages: `1 MiB`, `64 MiB`, or bytes.
pub(crate) fn size(limit: u64) -> String {
    if limit >= 1 << 20 && limit.is_multiple_of(1 << 20) {
        format!("{} MiB", limit >> 20)
    } else {
        format!("{limit} bytes")
    }
}

/// `--goal GOAL`: `short` or `verdict`.
pub(crate) fn parse_goal(text: &str) -> Result<freecell_solver::Goal, freecell_solver::ParseGoalError> {
    text.parse()
}

/// `--timeout SECS`: a non-negative number of seconds, fractions allowed. A timeout beyond
/// what the clock can reach (`1e19`) means no limit in practice, and is accepted.
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    let not = || format!("{} is not a number of seconds (such as `10` or `0.5`)", quote(text));
    let seconds: f64 = text.trim().parse().map_err(|_| not())?;
    if seconds.is_nan() || seconds < 0.0 {
        return Err(not());
    }
    Ok(Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX))
}

/// `--jobs N`: 1 to [`MAX_JOBS`] threads, or 0 for one per core.
pub(crate) fn parse_jobs(text: &str) -> Result<NonZeroUsize, String> {
    let n: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("{} is not a number of threads (a whole number; 0 means one per core)", quote(text)))?;
    match NonZeroUsize::new(n) {
        None => Ok(std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)),
        Some(n) if n.get() <= MAX_JOBS => Ok(n),
        Some(_) => Err(format!("{n} threads is more than this command starts ({MAX_JOBS} at most)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds() {
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_seconds("1e19").map(|d| d.as_secs()), Ok(10_000_000_000_000_000_000));
        assert_eq!(parse_seconds("1e300"), Ok(Duration::MAX));
        assert_eq!(parse_seconds("inf"), Ok(Duration::MAX));
        for bad in ["-1", "NaN", "", "ten", "-0.5", "1s"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        let long = "9".repeat(100_000) + "x";
        assert!(parse_seconds(&long).unwrap_err().len() < 120);
    }

    #[test]
    fn jobs() {
        assert_eq!(parse_jobs("2").map(NonZeroUsize::get), Ok(2));
        assert!(parse_jobs("0").is_ok_and(|n| n.get() >= 1));
        assert!(parse_jobs("1025").unwrap_err().contains("1024"));
        assert!(parse_jobs("-1").is_err());
        assert!(parse_jobs("100000000000000000000000").is_err());
    }
}

/// A clap value parser from a function, whose errors quote at most an excerpt of the value:
/// clap's own message repeats the whole value, and an argument may be 128 KiB long.
#[derive(Clone)]
pub(crate) struct Checked<F>(pub(crate) F);

impl<T, E, F> clap::builder::TypedValueParser for Checked<F>
where
    F: Fn(&str) -> Result<T, E> + Clone + Send + Sync + 'static,
    T: Clone + Send + Sync + 'static,
    E: std::fmt::Display,
{
    type Value = T;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let name = arg.map_or_else(|| "the value".to_owned(), |arg| format!("'{arg}'"));
        let fail = |message: String| {
            let mut command = command.clone();
            clap::Error::raw(clap::error::ErrorKind::ValueValidation, message).format(&mut command)
        };
        let Some(text) = value.to_str() else {
            return Err(fail(format!("invalid value for {name}: it is not UTF-8 text")));
        };
        (self.0)(text).map_err(|error| fail(format!("invalid value '{:#}' for {name}: {error}", quote(text))))
    }
}

/// A node limit given on the command line (`--max-nodes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NodeLimit {
    /// At most this many positions expanded.
    At(u64),
    /// `none`: no limit, not even the game's default.
    Unlimited,
}

/// `--max-nodes`: a count, or `none`.
pub(crate) fn node_limit(text: &str) -> Result<NodeLimit, String> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(NodeLimit::Unlimited);
    }
    number(text).map(NodeLimit::At).map_err(|error| format!("{error}, or `none`"))
}

/// `text` as a number of type `T`, for options such as `--max-mb`.
pub(crate) fn number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.trim().parse().map_err(|_| {
        if text.trim_start().starts_with('-') {
            "a count cannot be negative".to_owned()
        } else {
            "expected a whole number such as `100000`".to_owned()
        }
    })
}
