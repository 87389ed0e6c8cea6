//! `freecell bench`. Small ranges and node limits keep these fast in debug builds: `hsd`
//! solves MS 4 in 6,294 expansions and needs more than 7,000 for MS 5 and 6.

use crate::freecell;

const HEADER: &str =
    "deal,solver,outcome,reason,expanded,generated,seconds,length,single_card_length,peak_stored,peak_bytes";

/// `freecell bench --solver hsd` with a node limit: 7,000 solves MS 4 only.
fn bench(deals: &str, max_nodes: &str, extra: &[&str]) -> crate::Run {
    let mut args = vec!["bench", "--deals", deals, "--solver", "hsd", "--max-nodes", max_nodes];
    args.extend_from_slice(extra);
    freecell(&args)
}

/// The CSV's rows as fields, without the columns that depend on timing or on which thread
/// ran what (`seconds`, `peak_bytes`).
fn stable_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .skip(1)
        .map(|line| {
            line.split(',').enumerate().filter(|&(i, _)| i != 6 && i != 10).map(|(_, field)| field.to_owned()).collect()
        })
        .collect()
}

#[test]
fn a_tiny_range_gives_rows_and_the_table_2_summary() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let csv = scratch.path().join("tiny.csv");
    let run = bench("4..5", "7000", &["--csv", csv.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("hsd on MS 4..=5 (2 deals)"), "{}", run.stdout);
    assert!(run.stdout.contains("| unsolved problems penalized "), "{}", run.stdout);
    assert!(run.stdout.contains("| unsolved problems excluded "), "{}", run.stdout);
    assert!(
        run.stdout.contains("2 deals: 1 solved, 0 proved unsolvable, 1 undecided (node-limit 1)"),
        "{}",
        run.stdout
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(HEADER));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 2);
    for row in &rows {
        assert_eq!(row.len(), HEADER.split(',').count(), "{row:?}");
    }
    // Deal 4: solved, both lengths given, the single-card one at least the other.
    assert_eq!(&rows[0][..4], ["4", "hsd", "solved", ""]);
    assert_eq!(rows[0][4], "6294");
    let (length, single): (u32, u32) = (rows[0][7].parse().unwrap(), rows[0][8].parse().unwrap());
    assert!(length > 52 && single >= length, "{length} {single}");
    // Deal 5: stopped by the node limit, so no length.
    assert_eq!(&rows[1][..5], ["5", "hsd", "undecided", "node-limit", "7000"]);
    assert_eq!(&rows[1][7..9], ["", ""]);
    // The summary's excluded line is deal 4's own figures.
    assert!(run.stdout.contains("| unsolved problems excluded       |         6,294 |"), "{}", run.stdout);
}

#[test]
fn a_csv_file_resumes_skipping_done_deals() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let csv = scratch.path().join("resume.csv");
    let path = csv.to_str().unwrap();
    let first = bench("4", "1000", &["--csv", path]);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let before = std::fs::read_to_string(&csv).unwrap();
    // A stop in the middle of writing a row leaves a torn line: it is cut and run again.
    std::fs::write(&csv, format!("{before}5,hsd,undec")).unwrap();
    let second = bench("4..5", "1000", &["--csv", path]);
    assert_eq!(second.code, 0, "{}", second.stderr);
    assert!(second.stdout.contains("(2 deals: 1 from the CSV file, 1 run now)"), "{}", second.stdout);
    assert!(second.stdout.contains("2 deals: 0 solved, 0 proved unsolvable, 2 undecided"), "{}", second.stdout);
    let after = std::fs::read_to_string(&csv).unwrap();
    assert!(after.starts_with(&before), "earlier rows are kept as they were");
    assert_eq!(after.lines().count(), 3, "{after}");
    assert!(after.lines().nth(2).unwrap().starts_with("5,hsd,undecided,node-limit,1000,"), "{after}");
    // Nothing left to run.
    let third = bench("4..5", "1000", &["--csv", path]);
    assert!(third.stdout.contains("2 from the CSV file, 0 run now"), "{}", third.stdout);
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), after);
}

#[test]
fn a_csv_file_of_another_solver_or_format_is_refused() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let csv = scratch.path().join("other.csv");
    let path = csv.to_str().unwrap();
    assert_eq!(bench("4", "10", &["--csv", path]).code, 0);
    let run = freecell(&["bench", "--deals", "4..5", "--solver", "ga", "--max-nodes", "10", "--csv", path]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("line 2: a result of solver `hsd`; continue it with --solver hsd"), "{}", run.stderr);
    // Solves of another goal are another solver's rows.
    let run = bench("4..5", "10", &["--goal", "verdict", "--csv", path]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("line 2: a result of solver `hsd`; continue it with --solver hsd"), "{}", run.stderr);
    std::fs::write(&csv, "name,age\n").unwrap();
    let run = bench("4", "10", &["--csv", path]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("line 1: not a freecell bench CSV"), "{}", run.stderr);
}

#[test]
fn rows_do_not_depend_on_the_number_of_jobs() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let (one, two) = (scratch.path().join("jobs1.csv"), scratch.path().join("jobs2.csv"));
    assert_eq!(bench("4..7", "1500", &["--csv", one.to_str().unwrap()]).code, 0);
    assert_eq!(bench("4..7", "1500", &["--csv", two.to_str().unwrap(), "--jobs", "2"]).code, 0);
    let (one, two) = (std::fs::read_to_string(one).unwrap(), std::fs::read_to_string(two).unwrap());
    assert_eq!(stable_rows(&one), stable_rows(&two));
    assert_eq!(stable_rows(&one).iter().map(|r| r[0].as_str()).collect::<Vec<_>>(), ["4", "5", "6", "7"]);
}

#[test]
fn bad_ranges_and_jobs_are_usage_errors() {
    for (deals, message) in [
        ("9..5", "the deal range `9..5` is empty"),
        ("0..5", "deal `0` does not exist"),
        ("1..x", "invalid value '1..x' for '--deals <RANGE>'"),
    ] {
        let run = freecell(&["bench", "--deals", deals]);
        assert_eq!(run.code, 2, "{deals}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{deals}: {}", run.stderr);
        assert!(run.stdout.is_empty());
    }
    let run = freecell(&["bench", "--deals", "1", "--jobs", "100000"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("(1024 at most)"), "{}", run.stderr);
    // 0 means one thread per core, as in `evolve`.
    let run = freecell(&["bench", "--deals", "1", "--jobs", "0"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = freecell(&["bench", "--solver", "hsd"]);
    assert_eq!(run.code, 2, "--deals is required: {}", run.stderr);
}

#[test]
fn json_holds_the_options_rows_and_summary() {
    let run = bench("4..5", "7000", &["--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let json = run.stdout.trim_end();
    assert!(json.starts_with(r#"{"solver":"hsd","deals":"4..=5","jobs":1,"max_nodes":7000,"timeout":null,"#), "{json}");
    assert!(json.contains(r#"{"deal":4,"solver":"hsd","outcome":"solved","reason":null,"expanded":6294,"#), "{json}");
    assert!(json.contains(r#""outcome":"undecided","reason":"node-limit""#), "{json}");
    assert!(json.contains(r#""summary":{"count":2,"solved":1,"unsolvable":0,"undecided":1,"#), "{json}");
    assert!(json.ends_with("}}"), "{json}");
    // The table goes to standard error instead.
    assert!(run.stderr.contains("unsolved problems penalized"), "{}", run.stderr);
}

#[test]
fn hints_mode_prints_the_latency_distribution() {
    let run = freecell(&["bench", "--deals", "4", "--solver", "hsd", "--max-nodes", "7000", "--hints", "2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("2 hint positions per deal"), "{}", run.stdout);
    for label in
        ["| along the solution   |         1 |         1 |", "| detour ", "| all                  |         2 |"]
    {
        assert!(run.stdout.contains(label), "{label}: {}", run.stdout);
    }
    assert!(run.stdout.contains("p99 (ms)"), "{}", run.stdout);
}

/// Polls `path` until it holds more than its header, for at most `seconds`.
fn wait_for_rows(path: &std::path::Path, seconds: u64) -> String {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if text.lines().count() > 1 || std::time::Instant::now() > until {
            return text;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn a_second_run_on_a_csv_being_written_is_refused_and_nothing_is_counted_twice() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let csv = scratch.path().join("locked.csv");
    let path = csv.to_str().unwrap();
    // A run long enough to be caught in the middle: a node per deal, a million deals.
    let mut first = std::process::Command::new(env!("CARGO_BIN_EXE_freecell"))
        .args(["bench", "--deals", "1..1000000", "--solver", "hsd", "--max-nodes", "1", "--csv", path])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the freecell binary runs");
    let text = wait_for_rows(&csv, 60);
    let second = bench("1..1000000", "1", &["--csv", path]);
    first.kill().expect("the first run can be stopped");
    first.wait().expect("the first run ends");
    assert!(text.lines().count() > 1, "the first run wrote rows: {text}");
    assert_eq!(second.code, 1, "{}", second.stderr);
    assert!(
        second.stderr.contains(&format!("cannot write `{path}`: another `freecell bench` is writing it")),
        "{}",
        second.stderr
    );
    assert!(second.stdout.is_empty());
    // Resuming after the stop runs the rest once: every deal appears at most once.
    let done = std::fs::read_to_string(&csv).unwrap();
    let rows = done.lines().count() - 1;
    let resumed = bench(&format!("1..{}", rows + 10), "1", &["--csv", path]);
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    let text = std::fs::read_to_string(&csv).unwrap();
    let deals: Vec<usize> = text.lines().skip(1).map(|l| l.split(',').next().unwrap().parse().unwrap()).collect();
    assert!(deals.iter().copied().eq(1..=rows + 10), "every deal once, in order: {} rows", deals.len());
}

#[test]
fn a_csv_file_of_verdict_solves_continues_only_with_that_goal() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let csv = scratch.path().join("verdict.csv");
    let path = csv.to_str().unwrap();
    let first = freecell(&["bench", "--deals", "4", "--goal", "verdict", "--csv", path]);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let rows = std::fs::read_to_string(&csv).unwrap();
    assert!(rows.lines().nth(1).unwrap().starts_with("4,fast --goal verdict,solved,"), "{rows}");
    let short = freecell(&["bench", "--deals", "4..5", "--csv", path]);
    assert_eq!(short.code, 2, "{}", short.stderr);
    let hint = "line 2: a result of solver `fast --goal verdict`; continue it with --solver fast --goal verdict";
    assert!(short.stderr.contains(hint), "{}", short.stderr);
    let resumed = freecell(&["bench", "--deals", "4..5", "--goal", "verdict", "--csv", path]);
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    assert!(resumed.stdout.contains("1 from the CSV file, 1 run now"), "{}", resumed.stdout);
}
