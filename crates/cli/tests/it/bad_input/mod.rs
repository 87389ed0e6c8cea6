//! Bad input: the command's contract under malformed boards, solutions, arguments, solver
//! files, bench CSV files and evolve checkpoints.
//!
//! Every case is one row of a table ([`row`]): a name, the arguments, the bytes on standard
//! input, the files to create in a fresh directory (the working directory of the run; a
//! name ending in `/` is a directory), the expected exit code (the README's table: 0
//! success, 1 an output could not be written, 2 bad usage or bad input, 3 unsolvable, 4
//! undecided), and substrings standard error must hold. A substring `a||b` is satisfied by
//! either alternative; one starting with `!` must not occur. A row may add a check of what
//! the run left behind ([`Case::then`]).
//!
//! Besides its own substrings, every case is held to what [`check`] asserts of any run: no
//! death by a signal, no panic (no exit 101 or 134, no `panicked` or `RUST_BACKTRACE`), a
//! standard error of at most [`MAX_STDERR`] bytes of UTF-8 text with no control characters
//! but line breaks and tabs and no invisible byte-order mark, starting with `freecell: ` or
//! clap's `error: ` on exit 1 or 2; and for a run that fails, nothing left behind as if it
//! had succeeded: nothing on standard output, and every file of the directory as it was (no
//! CSV file or run directory file created, an existing one unchanged).
//!
//! Each group of rows is one test, which runs all its rows and then lists every failing row
//! with what it did, so one run shows everything still to fix.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::{DEAL_1, RawRun, TINY_EVOLVE as TINY, freecell_raw};

/// A solution of deal 1 in standard notation, 97 moves (`freecell verify`: `valid: 97 moves`).
const SOLUTION_1: &str = "\
7a 7b 7c 7h 3h 32 63 63 6h 3h 6h b6 86 8b 82 8h 8h 38 42 47 3d a3 b3 13 83 24 68v3 56 36
5a 5h 5b 5h 53 a5 45 63 6h 5h 15 1a 1h 1h ah 1a d1 17 b1 41 2b 2d 2h 6h 6h 51 a6 5h 76 42
25v2 2a 2h 3h ch 3h 3h 1h 42 4h 3h 1h bh 3h 1h 7b 7h 3h 1h 3h dh 3h 3h 1h 6h 1h 6h 6h 8h
2h 4h 6h 8h 5h bh 5h 8h ah
";

/// The README's endgame: six cards left.
const ENDGAME: &str = "\
Foundations: H-T C-K D-Q S-J
Freecells: - - - -
: KH QS JH
: KD
: QH KS
";

/// The README's solution of [`ENDGAME`].
const ENDGAME_SOLUTION: &str = "1h 3a 3h 1h ah 1h 2h\n";

/// The header of a bench CSV of deal rows.
const CSV_HEADER: &str =
    "deal,solver,outcome,reason,expanded,generated,seconds,length,single_card_length,peak_stored,peak_bytes\n";

/// A row of deal 1 solved by `fast`.
const CSV_ROW_1: &str = "1,fast,solved,,107,522,0.001587,97,116,467,81728\n";

/// The byte-order mark.
const BOM: &str = "\u{feff}";

/// The longest standard error accepted, whatever the input's size.
const MAX_STDERR: usize = 1000;

/// A run taking longer than this is killed and fails its case: every case takes well under
/// a second in a debug build, and this leaves room for a loaded machine.
const TIME_LIMIT: Duration = Duration::from_secs(30);

/// A check of what a run left behind, beyond the common ones.
type After = fn(&Path, &RawRun) -> Result<(), String>;

/// One row of the table.
struct Case {
    name: &'static str,
    args: Vec<String>,
    stdin: Vec<u8>,
    /// Files to create in the case's directory, by relative path; a path ending in `/` is a
    /// directory.
    files: Vec<(&'static str, Vec<u8>)>,
    code: i32,
    says: Vec<&'static str>,
    then: Option<After>,
}

impl Case {
    /// Adds a check of what the run left behind.
    fn then(mut self, check: After) -> Case {
        self.then = Some(check);
        self
    }
}

/// A row: name, arguments, standard input, files, exit code, what standard error says.
fn row(
    name: &'static str,
    args: &[&str],
    stdin: impl Into<Vec<u8>>,
    files: Vec<(&'static str, Vec<u8>)>,
    code: i32,
    says: &[&'static str],
) -> Case {
    Case {
        name,
        args: args.iter().map(|&a| a.to_owned()).collect(),
        stdin: stdin.into(),
        files,
        code,
        says: says.to_vec(),
        then: None,
    }
}

// ---------------------------------------------------------------------------------------
// Building inputs.

fn b(text: &str) -> Vec<u8> {
    text.as_bytes().to_vec()
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

fn repeat(byte: u8, n: usize) -> Vec<u8> {
    vec![byte; n]
}

/// `text` with the first `from` replaced by `to`; `from` must occur.
fn replaced(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "`{from}` is in the text");
    text.replacen(from, to, 1)
}

/// Deal 1 with the first `from` replaced by `to`.
fn deal1(from: &str, to: &str) -> Vec<u8> {
    replaced(DEAL_1, from, to).into_bytes()
}

/// `text` with `prefix` put at the start of line `line` (counting from 1).
fn at_line_start(text: &str, line: usize, prefix: &str) -> Vec<u8> {
    let mut out = String::new();
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            out.push_str(prefix);
        }
        out.push_str(l);
    }
    out.into_bytes()
}

/// `text` with CRLF line endings.
fn crlf(text: &str) -> Vec<u8> {
    text.replace('\n', "\r\n").into_bytes()
}

/// Bytes that look like the start of an executable, then pseudo-random bytes.
fn garbage() -> Vec<u8> {
    let mut bytes = b"\x7fELF\x02\x01\x01\x00".to_vec();
    bytes.extend((0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8));
    bytes
}

/// Valid UTF-8 made of control characters (no white space among them).
fn control_bytes() -> Vec<u8> {
    let mut bytes: Vec<u8> = (1u8..32).filter(|c| !b"\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f".contains(c)).collect();
    bytes.push(b'\n');
    bytes
}

/// `text` in UTF-16LE with its byte-order mark, as some editors save it.
fn utf16(text: &str) -> Vec<u8> {
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    bytes
}

/// A policy whose one condition nests `n` `and`s.
fn nested_policy(n: usize) -> Vec<u8> {
    format!(
        "(policy (if {}IsMoveToCascade{} (+ (* HSDH 1))) (default (+ (* HSDH 1))))\n",
        "(and ".repeat(n),
        " true)".repeat(n)
    )
    .into_bytes()
}

/// `args` then `more`.
fn with<'a>(args: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    args.iter().chain(more).copied().collect()
}

// ---------------------------------------------------------------------------------------
// Checks of what a successful run left.

fn valid_97(_: &Path, run: &RawRun) -> Result<(), String> {
    expect_stdout(run, "valid: 97 moves\n")
}

fn valid_7(_: &Path, run: &RawRun) -> Result<(), String> {
    expect_stdout(run, "valid: 7 moves\n")
}

fn expect_stdout(run: &RawRun, expected: &str) -> Result<(), String> {
    if run.stdout == expected.as_bytes() {
        Ok(())
    } else {
        Err(format!("standard output is {:?}, expected {expected:?}", String::from_utf8_lossy(&run.stdout)))
    }
}

/// Standard output is a solution: lines of one move each.
fn printed_moves(_: &Path, run: &RawRun) -> Result<(), String> {
    let text = String::from_utf8_lossy(&run.stdout);
    let moves = text.lines().filter(|l| !l.is_empty()).count();
    if moves > 0 && text.lines().all(|l| l.split_whitespace().count() == 1) {
        Ok(())
    } else {
        Err(format!("standard output is not a solution: {:?}", excerpt(&text, 200)))
    }
}

/// `bench` printed its summary.
fn printed_summary(_: &Path, run: &RawRun) -> Result<(), String> {
    let text = String::from_utf8_lossy(&run.stdout);
    if text.contains("unsolved problems penalized") {
        Ok(())
    } else {
        Err(format!("standard output has no summary: {:?}", excerpt(&text, 200)))
    }
}

/// `evolve --out run` wrote its champion.
fn wrote_best_weights(dir: &Path, _: &RawRun) -> Result<(), String> {
    let best = dir.join("run").join("best.weights");
    if best.is_file() { Ok(()) } else { Err(format!("{} was not written", best.display())) }
}

/// `out.csv` holds the header, deal 1's row as it was, and a whole row for deal 2, run now.
fn resumed_with_deal_2(dir: &Path, _: &RawRun) -> Result<(), String> {
    let text = fs::read_to_string(dir.join("out.csv")).map_err(|e| format!("out.csv: {e}"))?;
    let expected_start = format!("{CSV_HEADER}{CSV_ROW_1}2,fast,undecided,node-limit,");
    if text.starts_with(&expected_start) && text.ends_with('\n') && text.lines().count() == 3 {
        Ok(())
    } else {
        Err(format!("out.csv after resuming: {text:?}"))
    }
}

/// `out.csv` holds the header and one whole row for deal 1, run now.
fn started_afresh(dir: &Path, _: &RawRun) -> Result<(), String> {
    let text = fs::read_to_string(dir.join("out.csv")).map_err(|e| format!("out.csv: {e}"))?;
    let expected_start = format!("{CSV_HEADER}1,fast,undecided,node-limit,");
    if text.starts_with(&expected_start) && text.ends_with('\n') && text.lines().count() == 2 {
        Ok(())
    } else {
        Err(format!("out.csv: {text:?}"))
    }
}

/// The directory `nodir` was not created.
fn no_nodir(dir: &Path, _: &RawRun) -> Result<(), String> {
    if dir.join("nodir").exists() { Err("the missing directory `nodir` was created".to_owned()) } else { Ok(()) }
}

mod arguments;
mod boards;
mod files;

use arguments::{argument_cases, solver_file_cases};
use boards::{board_cases, solution_cases};
use files::{csv_cases, evolve_cases};

// ---------------------------------------------------------------------------------------
// Running the table.

/// Where the cases' directories go.
fn base() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("bad-input")
}

/// Every regular file under `dir` with its bytes (directories themselves are not compared:
/// an empty directory is not a result).
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut todo = vec![dir.to_owned()];
    while let Some(d) = todo.pop() {
        let Ok(entries) = fs::read_dir(&d) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_dir() => todo.push(path),
                Ok(t) if t.is_file() => {
                    let bytes = fs::read(&path).unwrap_or_default();
                    files.insert(path.strip_prefix(dir).unwrap_or(&path).to_owned(), bytes);
                }
                _ => {}
            }
        }
    }
    files
}

/// What changed between two snapshots, or nothing.
fn changes(before: &BTreeMap<PathBuf, Vec<u8>>, after: &BTreeMap<PathBuf, Vec<u8>>) -> Vec<String> {
    let mut out = Vec::new();
    for (path, bytes) in after {
        match before.get(path) {
            None => out.push(format!("{} was created", path.display())),
            Some(old) if old != bytes => out.push(format!("{} was changed", path.display())),
            Some(_) => {}
        }
    }
    for path in before.keys().filter(|p| !after.contains_key(*p)) {
        out.push(format!("{} was removed", path.display()));
    }
    out
}

/// At most `max` characters of `text`, escaped.
fn excerpt(text: &str, max: usize) -> String {
    let mut out: String = text.chars().take(max).flat_map(char::escape_debug).collect();
    if text.chars().nth(max).is_some() {
        out.push('…');
    }
    out
}

/// Whether `text` satisfies one expected substring (`a||b`: either; `!a`: not).
fn says(text: &str, expected: &str) -> bool {
    match expected.strip_prefix('!') {
        Some(absent) => !text.contains(absent),
        None => expected.split("||").any(|alternative| text.contains(alternative)),
    }
}

/// What is wrong with `run` as the outcome of `case`.
fn check(case: &Case, dir: &Path, run: &RawRun, changed: &[String]) -> Vec<String> {
    let mut problems = Vec::new();
    if run.timed_out || run.signal.is_some() || run.code.is_none() {
        problems.push(format!("the process was {}", run.ending()));
    }
    if let Some(code @ (101 | 134)) = run.code {
        problems.push(format!("exit code {code}: a panic or an abort"));
    }
    if run.code != Some(case.code) {
        problems.push(format!("expected exit code {}, got {}", case.code, run.ending()));
    }
    let stderr = match run.stderr_text() {
        Ok(text) => text.to_owned(),
        Err(problem) => {
            problems.push(excerpt(&problem, 300));
            run.stderr_lossy()
        }
    };
    for marker in ["panicked", "RUST_BACKTRACE", "overflowed its stack", "fatal runtime error"] {
        if stderr.contains(marker) {
            problems.push(format!("standard error says `{marker}`"));
        }
    }
    if run.stderr.len() > MAX_STDERR {
        problems.push(format!("standard error is {} bytes (at most {MAX_STDERR})", run.stderr.len()));
    }
    if let Some(c) = stderr.chars().find(|&c| (c.is_control() && c != '\n' && c != '\t') || c == '\u{feff}') {
        problems.push(format!("standard error holds the raw character {c:?}, not shown visibly"));
    }
    match case.code {
        1 | 2 if !(stderr.starts_with("freecell: ") || stderr.starts_with("error: ")) => {
            problems.push("standard error does not start with `freecell: ` or `error: `".to_owned());
        }
        3 | 4 if !stderr.lines().any(|l| l.starts_with("freecell: ")) => {
            problems.push("standard error has no line starting with `freecell: `".to_owned());
        }
        _ => {}
    }
    for expected in &case.says {
        if !says(&stderr, expected) {
            problems.push(match expected.strip_prefix('!') {
                Some(absent) => format!("standard error says {absent:?}, and should not"),
                None => format!("standard error does not say {expected:?}"),
            });
        }
    }
    if case.code != 0 {
        if !run.stdout.is_empty() {
            problems.push(format!(
                "a failed run printed on standard output: {:?}",
                excerpt(&String::from_utf8_lossy(&run.stdout), 100)
            ));
        }
        for change in changed {
            problems.push(format!("a failed run left something behind: {change}"));
        }
    }
    if let Some(then) = case.then
        && let Err(problem) = then(dir, run)
    {
        problems.push(problem);
    }
    problems
}

/// Runs one case in a fresh directory; `Err` describes how it failed.
fn run_case(case: &Case) -> Result<Duration, String> {
    let dir = base().join(case.name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("the case directory can be created");
    for (name, bytes) in &case.files {
        if let Some(sub) = name.strip_suffix('/') {
            fs::create_dir_all(dir.join(sub)).expect("the case's directory can be created");
            continue;
        }
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).expect("the case file's directory can be created");
        }
        fs::write(&path, bytes).expect("the case file can be written");
    }
    let before = snapshot(&dir);
    let args: Vec<&str> = case.args.iter().map(String::as_str).collect();
    let run = freecell_raw(&args, &case.stdin, &dir, TIME_LIMIT);
    let changed = changes(&before, &snapshot(&dir));
    let problems = check(case, &dir, &run, &changed);
    if problems.is_empty() {
        return Ok(run.elapsed);
    }
    let shown_args: Vec<String> = args.iter().map(|a| excerpt(a, 40)).collect();
    let head = &run.stderr[..run.stderr.len().min(200)];
    Err(format!(
        "case `{}`: freecell {}\n  expected exit {}, got {}\n{}\n  stderr (first 200 bytes): {:?}",
        case.name,
        shown_args.join(" "),
        case.code,
        run.ending(),
        problems.iter().map(|p| format!("  - {p}")).collect::<Vec<_>>().join("\n"),
        String::from_utf8_lossy(head),
    ))
}

/// Runs every case, then fails listing every case that failed. Cases over a second are
/// listed on standard error (`--nocapture`): each should take well under one.
#[allow(clippy::print_stderr)]
fn run_all(cases: &[Case]) {
    let mut failures = Vec::new();
    let mut slow = Vec::new();
    for case in cases {
        match run_case(case) {
            Ok(elapsed) if elapsed > Duration::from_secs(1) => slow.push(format!("{} ({elapsed:.1?})", case.name)),
            Ok(_) => {}
            Err(failure) => failures.push(failure),
        }
    }
    if !slow.is_empty() {
        eprintln!("slow cases (over a second): {}", slow.join(", "));
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n\n{}\n", failures.len(), cases.len(), failures.join("\n\n"));
}

#[test]
fn malformed_boards() {
    run_all(&board_cases());
}

#[test]
fn bad_solutions() {
    run_all(&solution_cases());
}

#[test]
fn bad_arguments() {
    run_all(&argument_cases());
}

#[test]
fn bad_weights_and_policies() {
    run_all(&solver_file_cases());
}

#[test]
fn bad_bench_csv_files() {
    run_all(&csv_cases());
}

#[test]
fn bad_evolve_runs() {
    run_all(&evolve_cases());
}

#[test]
fn the_table_has_150_distinct_cases() {
    let cases: Vec<Case> =
        [board_cases(), solution_cases(), argument_cases(), solver_file_cases(), csv_cases(), evolve_cases()]
            .into_iter()
            .flatten()
            .collect();
    assert!(cases.len() >= 150, "{} cases", cases.len());
    let mut names: Vec<&str> = cases.iter().map(|c| c.name).collect();
    names.sort_unstable();
    let before = names.len();
    names.dedup();
    assert_eq!(names.len(), before, "case names are distinct: each has its own directory");
    for case in &cases {
        assert!(
            case.code == 0 || !case.says.is_empty(),
            "{}: a failing case says what standard error names",
            case.name
        );
    }
}

/// `bench` over every deal there is must stream the range: started under a 2 GiB address
/// space limit, it writes rows within a second or two (it is then killed).
#[test]
#[cfg(target_os = "linux")]
fn a_huge_range_streams_under_a_memory_limit() {
    let dir = base().join("_huge_range_streams");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("the case directory can be created");
    let spawned = Command::new("prlimit")
        .args(["--as=2147483648", "--"])
        .arg(env!("CARGO_BIN_EXE_freecell"))
        .args(["bench", "--deals", "1..8589934591", "--max-nodes", "1", "--csv", "census.csv"])
        .current_dir(&dir)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = spawned.unwrap_or_else(|error| {
        panic!("`prlimit` could not run ({error}): this test needs it; install util-linux (it provides prlimit)")
    });
    let csv = dir.join("census.csv");
    let rows = || {
        fs::read_to_string(&csv).map_or(0, |t| t.lines().skip(1).filter(|l| l.starts_with(char::is_numeric)).count())
    };
    let started = Instant::now();
    let ended = loop {
        if let Some(status) = child.try_wait().expect("the bench process can be waited for") {
            break Some(status);
        }
        let elapsed = started.elapsed();
        if elapsed >= Duration::from_millis(1500) && (rows() > 0 || elapsed >= Duration::from_secs(10)) {
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    if ended.is_none() {
        child.kill().expect("the bench process can be killed");
    }
    let output = child.wait_with_output().expect("the bench process ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(ended.is_none(), "bench over 8,589,934,591 deals ended by itself ({ended:?}): {stderr}");
    let text = fs::read_to_string(&csv).unwrap_or_default();
    assert!(text.starts_with(CSV_HEADER), "the CSV starts with its header: {:?}", excerpt(&text, 300));
    assert!(rows() > 0, "no rows written after {:.1?}: {:?} {stderr}", started.elapsed(), excerpt(&text, 300));
    assert!(text.lines().nth(1).is_some_and(|l| l.starts_with("1,fast,")), "the first row is deal 1: {text:?}");
}
