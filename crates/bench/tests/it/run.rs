//! Small ranges and node limits keep these fast in debug builds: `hsd` solves MS 4 in
//! 6,294 expansions and needs more than 7,000 for MS 5 and 6.

use std::convert::Infallible;
use std::num::NonZeroUsize;

use freecell_bench::{Bench, CsvError, DealRow, Hints, LineError, Row, RunError, Solves, Source, Summary, Verdict};
use freecell_solver::{Preset, Solver};

fn hsd() -> Solver {
    Solver::new(Preset::Hsd).max_nodes(7_000)
}

#[test]
fn a_run_resumes_from_its_csv_file() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let path = scratch.path().join("resume.csv");
    let first = Bench::new(Solves::new(), "hsd", "4".parse().unwrap()).unwrap().csv(&path).unwrap();
    assert_eq!((first.earlier(), first.remaining()), (0, 1));
    let report = first.run(hsd).unwrap();
    assert_eq!((report.earlier, report.ran, report.faults), (0, 1, 0));
    // A second run over 4..5 runs deal 5 only, and summarises both.
    let second = Bench::new(Solves::new(), "hsd", "4..5".parse().unwrap()).unwrap().csv(&path).unwrap();
    assert_eq!((second.earlier(), second.remaining()), (1, 1));
    assert_eq!(second.summary().counts().solved, 1);
    let mut seen = Vec::new();
    let report = second
        .jobs(NonZeroUsize::new(2).unwrap())
        .run_with(hsd, |deal, summary| {
            seen.push((deal.deal.get(), summary.counts().total));
            Ok::<(), Infallible>(())
        })
        .unwrap();
    assert_eq!(seen, [(5, 2)]);
    let counts = report.summary.counts();
    assert_eq!((counts.total, counts.solved, counts.undecided), (2, 1, 1));
    assert_eq!(counts.reasons.get("node-limit"), Some(&1));
    let text = std::fs::read_to_string(&path).unwrap();
    let rows: Vec<DealRow> = text.lines().skip(1).map(|l| DealRow::parse_csv(l).unwrap()).collect();
    assert_eq!(
        rows.iter().map(|r| (r.deal, r.measure.outcome)).collect::<Vec<_>>(),
        [(4, Verdict::Solved), (5, Verdict::Undecided)]
    );
    assert_eq!(rows[0].measure.expanded, 6_294);
}

#[test]
fn a_csv_file_being_written_or_of_another_solver_is_refused() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let path = scratch.path().join("locked.csv");
    let open = Bench::new(Solves::new(), "hsd", "4".parse().unwrap()).unwrap().csv(&path).unwrap();
    let second = Bench::new(Solves::new(), "hsd", "4".parse().unwrap()).unwrap().csv(&path);
    assert!(matches!(second, Err(CsvError::Locked { .. })), "{second:?}");
    open.run(hsd).unwrap();
    let other = Bench::new(Solves::new(), "ga", "4".parse().unwrap()).unwrap().csv(&path).unwrap_err();
    match &other {
        CsvError::Line { path: p, line: 2, error: LineError::OtherSolver { found, .. } } => {
            assert_eq!((p, found.as_str()), (&path, "hsd"));
        }
        _ => panic!("{other:?}"),
    }
    let message = other.to_string();
    assert!(message.contains("locked.csv`, line 2: a result of solver `hsd`, not of `ga`"), "{message}");
}

#[test]
fn a_bad_field_names_the_file_line_and_column() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let path = scratch.path().join("corrupt.csv");
    let text = format!("{}\n4,hsd,solved,,6294,x,0.1,90,100,50,4096\n", DealRow::HEADER);
    std::fs::write(&path, &text).unwrap();
    let error = Bench::new(Solves::new(), "hsd", "4".parse().unwrap()).unwrap().csv(&path).unwrap_err();
    assert!(matches!(&error, CsvError::Line { line: 2, error: LineError::Field { column: "generated", .. }, .. }));
    assert!(error.to_string().ends_with("corrupt.csv`, line 2: bad generated `x`: expected a whole number"), "{error}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "a file refused is left as it was");
}

#[test]
fn hints_give_k_rows_per_deal_in_order() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let path = scratch.path().join("hints.csv");
    let hints = Hints::new(2).unwrap();
    let bench = Bench::new(hints, "hsd", "4".parse().unwrap()).unwrap().csv(&path).unwrap();
    let report = bench.run(hsd).unwrap();
    assert_eq!(report.faults, 0);
    assert_eq!(report.summary.counts().total, 2);
    assert!(report.summary.quantiles(Some(Source::Solution)).is_some());
    let json = serde_json::to_string(&report.summary).unwrap();
    assert!(json.starts_with(r#"{"along_the_solution":{"count":1,"#), "{json}");
    // Another K is another file layout: refused at the deal's extra row.
    let error = Bench::new(Hints::new(1).unwrap(), "hsd", "4".parse().unwrap()).unwrap().csv(&path).unwrap_err();
    let expected = LineError::RowsPerDeal { deal: 4, found: 2, expected: 1 };
    assert!(matches!(error, CsvError::Line { line: 3, error: ref e, .. } if *e == expected), "{error:?}");
}

#[test]
fn a_name_a_row_cannot_hold_is_refused() {
    let error = Bench::new(Solves::new(), "weights:a,b", "1".parse().unwrap()).unwrap_err();
    assert!(error.to_string().contains("`weights:a,b`"), "{error}");
}

#[test]
fn an_error_of_the_caller_stops_the_run() {
    let bench = Bench::new(Solves::new(), "hsd", "1..1000".parse().unwrap()).unwrap();
    let mut calls = 0;
    let result = bench.run_with(
        || Solver::new(Preset::Hsd).max_nodes(1),
        |deal, _| {
            calls += 1;
            if deal.deal.get() == 3 { Err("enough") } else { Ok(()) }
        },
    );
    assert!(matches!(result, Err(RunError::Stopped("enough"))), "{result:?}");
    assert_eq!(calls, 3);
}
