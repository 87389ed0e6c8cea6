//! The `serde` feature: what a solve returns round-trips through JSON.

use freecell_core::Board;
use freecell_search::Limit;
use freecell_solver::{Hint, Outcome, Preset, Progress, Reason, SolveReport, Solver, Step};

fn end_game() -> Board {
    "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse().unwrap()
}

fn round_trip<T>(value: &T) -> T
where
    T: serde::Serialize + serde::de::DeserializeOwned,
{
    serde_json::from_str(&serde_json::to_string(value).unwrap()).unwrap()
}

#[test]
fn reports_hints_and_steps_round_trip() {
    for preset in Preset::ALL {
        assert_eq!(round_trip(&preset), preset);
        let solver = Solver::new(preset).max_nodes(10_000);
        let report = solver.solve(&end_game()).unwrap();
        assert_eq!(round_trip(&report), report, "{preset}");
        let hint: Hint = solver.hint(&end_game()).unwrap();
        assert_eq!(round_trip(&hint), hint, "{preset}");
    }
    let report = Solver::new(Preset::Bfs).solve(&end_game()).unwrap();
    let solution = report.outcome.solution().unwrap();
    for step in solution.steps(&end_game()).unwrap() {
        assert_eq!(round_trip::<Step>(&step), step);
    }
    let handle = Solver::new(Preset::Bfs).spawn(end_game()).unwrap();
    let progress: Progress = handle.progress();
    assert_eq!(round_trip(&progress), progress);
    assert!(handle.join().unwrap().outcome.solution().is_some());
}

#[test]
fn every_reason_round_trips() {
    let mut reasons = vec![
        Reason::NodeLimit,
        Reason::MemoryLimit,
        Reason::Timeout,
        Reason::Cancelled,
        Reason::Bound,
        Reason::Pruned,
        Reason::Capacity,
    ];
    reasons.extend(
        [
            freecell_search::Reason::Budget(Limit::Expanded),
            freecell_search::Reason::Budget(Limit::Generated),
            freecell_search::Reason::Budget(Limit::Bytes),
            freecell_search::Reason::Stopped,
            freecell_search::Reason::Bound,
            freecell_search::Reason::Pruned,
            freecell_search::Reason::Capacity,
        ]
        .map(Reason::Engine),
    );
    for reason in reasons {
        assert_eq!(round_trip(&reason), reason);
        let outcome = Outcome::Undecided(reason);
        assert_eq!(round_trip(&outcome), outcome);
    }
    assert_eq!(serde_json::to_string(&Reason::Timeout).unwrap(), r#""Timeout""#);
    assert_eq!(serde_json::to_string(&Outcome::Unsolvable).unwrap(), r#""Unsolvable""#);
    assert!(serde_json::from_str::<Reason>(r#"{"Engine":"Tired"}"#).is_err());
    assert!(serde_json::from_str::<Preset>(r#""fastest""#).is_err());
    assert!(serde_json::from_str::<SolveReport>(r#"{"outcome":"Unsolvable"}"#).is_err());
}
