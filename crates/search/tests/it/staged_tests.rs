//! Staged deepening: the heuristic is only called on leaves, at the configured depth.

use std::cell::Cell;

use freecell_search::{ByCopy, SearchOutcome, SearchProblem, staged};

use crate::check_solution;

/// Walk a line to 40 with steps −1, +1, +2; the state remembers its depth (the key does not).
struct Walk;
impl SearchProblem for Walk {
    type State = (i32, u32);
    type Move = i32;
    type Key = i32;
    type Backtrack = ByCopy;
    fn is_goal(&self, s: &(i32, u32)) -> bool {
        s.0 == 40
    }
    fn moves(&self, _: &(i32, u32), out: &mut Vec<i32>) {
        out.extend([-1, 1, 2]);
    }
    fn apply(&self, s: &mut (i32, u32), m: i32) {
        s.0 += m;
        s.1 += 1;
    }
    fn key(&self, s: &(i32, u32)) -> i32 {
        s.0
    }
}

fn leaf_depths(config: staged::Config) -> (u32, u64) {
    let off_leaf = Cell::new(0u32);
    let calls = Cell::new(0u64);
    let leaf = config.get_leaf_depth();
    let h = |s: &(i32, u32)| {
        calls.set(calls.get() + 1);
        if !s.1.is_multiple_of(leaf) {
            off_leaf.set(off_leaf.get() + 1);
        }
        (40 - s.0).unsigned_abs()
    };
    let r = staged::StagedDeepening::new(config).search(&mut staged::Cache::new(), &Walk, &(0, 0), &h, &mut ());
    check_solution(&Walk, &(0, 0), &r);
    assert_eq!(r.stats.evaluated, calls.get());
    (off_leaf.get(), calls.get())
}

#[test]
fn paper_reading_evaluates_only_depth_k_leaves() {
    let (off, calls) = leaf_depths(staged::Config::paper());
    assert_eq!(off, 0);
    assert!(calls > 1);
}

#[test]
fn heineman_reading_evaluates_only_depth_k_plus_one_leaves() {
    let (off, calls) = leaf_depths(staged::Config::heineman());
    assert_eq!(off, 0);
    assert!(calls > 1);
}

#[test]
fn variants_all_solve() {
    for config in [
        staged::Config::paper().open_list(staged::OpenList::PerStage),
        staged::Config::paper().one_entry_per_score(false),
        staged::Config::heineman().clear_table_at(Some(1)),
        staged::Config::paper().look_ahead(2).clear_table_at(None),
    ] {
        let r = staged::StagedDeepening::new(config).search(
            &mut staged::Cache::new(),
            &Walk,
            &(0, 0),
            &|s: &(i32, u32)| (40 - s.0).unsigned_abs(),
            &mut (),
        );
        assert!(matches!(r.outcome, SearchOutcome::Solved(_)), "{config:?}");
        check_solution(&Walk, &(0, 0), &r);
    }
}
