//! Budgets stop at exactly the configured count; the observer can stop every engine; caches
//! are reusable; undo and copy backtracking agree.

use freecell_search::{
    Budget, ByCopy, Control, Cycles, Limit, Report, SearchOutcome, SearchProblem, Stats, UndecidedReason, astar, beam,
    bfs, dfs, idastar, iddfs, observer_fn, staged,
};

use crate::sliding::{Dir, Manhattan, Sliding};

/// A far 8-puzzle state (no engine solves it within the small budgets below).
fn far() -> (Sliding, u64) {
    let p = Sliding::eight();
    let s = p.pack(&[8, 6, 7, 2, 5, 4, 3, 0, 1]); // 27 moves from the goal
    (p, s)
}

/// Runs every engine with `budget` and returns their reports, labelled.
fn all_engines(budget: Budget, observer: &mut dyn freecell_search::Observer) -> Vec<(&'static str, Report<Dir>)> {
    let (p, s) = far();
    vec![
        ("bfs", bfs::Bfs::new(bfs::Config::new().budget(budget)).search(&mut bfs::Cache::new(), &p, &s, observer)),
        (
            "dfs",
            dfs::Dfs::new(dfs::Config::new().max_depth(40).budget(budget)).search(
                &mut dfs::Cache::new(),
                &p,
                &s,
                observer,
            ),
        ),
        (
            "iddfs",
            iddfs::IterativeDeepening::new(iddfs::Config::new().budget(budget)).search(
                &mut iddfs::Cache::new(),
                &p,
                &s,
                observer,
            ),
        ),
        (
            "idastar",
            idastar::IdaStar::new(idastar::Config::new().transposition_table(Some(1000)).budget(budget)).search(
                &mut idastar::Cache::new(),
                &p,
                &s,
                &Manhattan,
                observer,
            ),
        ),
        (
            "astar",
            astar::AStar::new(astar::Config::new().budget(budget)).search(
                &mut astar::Cache::new(),
                &p,
                &s,
                &Manhattan,
                observer,
            ),
        ),
        (
            "greedy",
            astar::AStar::new(astar::Config::greedy().budget(budget)).search(
                &mut astar::Cache::new(),
                &p,
                &s,
                &Manhattan,
                observer,
            ),
        ),
        (
            "beam",
            beam::Beam::new(beam::Config::new().width(50_000).budget(budget)).search(
                &mut beam::Cache::new(),
                &p,
                &s,
                &Manhattan,
                observer,
            ),
        ),
        (
            "staged",
            staged::StagedDeepening::new(staged::Config::heineman().one_entry_per_score(false).budget(budget)).search(
                &mut staged::Cache::new(),
                &p,
                &s,
                &Manhattan,
                observer,
            ),
        ),
    ]
}

#[test]
fn expansion_budget_is_exact() {
    for n in [1, 37, 500] {
        for (name, r) in all_engines(Budget::default().max_expanded(n), &mut ()) {
            assert_eq!(r.outcome, SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Expanded)), "{name}");
            assert_eq!(r.stats.expanded, n, "{name}");
        }
    }
}

#[test]
fn generation_budget_is_exact() {
    for n in [1, 99, 1234] {
        for (name, r) in all_engines(Budget::default().max_generated(n), &mut ()) {
            assert_eq!(r.outcome, SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Generated)), "{name}");
            assert_eq!(r.stats.generated, n, "{name}");
        }
    }
}

#[test]
fn byte_budget_is_never_exceeded() {
    for n in [20_000, 40_000] {
        let budget = Budget::default().max_bytes(n).max_expanded(20_000);
        for (name, r) in all_engines(budget, &mut ()) {
            assert!(r.stats.bytes <= n, "{name}: {} > {n}", r.stats.bytes);
            if !matches!(name, "dfs" | "iddfs" | "idastar") {
                assert_eq!(r.outcome, SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Bytes)), "{name}");
            }
        }
    }
}

#[test]
fn observer_stops_every_engine() {
    let mut obs = observer_fn(|s: &Stats| if s.expanded >= 10 { Control::Stop } else { Control::Continue });
    for (name, r) in all_engines(Budget::default(), &mut obs) {
        assert_eq!(r.outcome, SearchOutcome::Undecided(UndecidedReason::Stopped), "{name}");
        assert_eq!(r.stats.expanded, 10, "{name}");
    }
}

/// Counts [`Observer::on_work`](freecell_search::Observer::on_work) calls, and stops at
/// the `stop_at`-th.
struct Work {
    calls: u32,
    stop_at: u32,
}

impl freecell_search::Observer for Work {
    fn on_work(&mut self) -> Control {
        self.calls += 1;
        if self.calls >= self.stop_at { Control::Stop } else { Control::Continue }
    }
}

/// A table's growth tells the observer every `WORK_SLICE` entries it moves, so that a
/// deadline is seen during it, and stops part way when told: the set is then only fit to be
/// cleared, and works again once it is.
#[test]
fn a_growing_table_tells_the_observer_and_stops_when_told() {
    use freecell_search::WORK_SLICE;
    use freecell_search::containers::{KeySet, Table};
    let hash = |n: &u32| u64::from(*n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let n = 20 * WORK_SLICE;
    let mut set = KeySet::new();
    let mut work = Work { calls: 0, stop_at: u32::MAX };
    for key in 0..n {
        assert_eq!(set.insert(hash(&key), key, hash, &mut work), Ok(true));
    }
    // Each growth moves what the set holds, a slice at a time: 1.5 times as many entries,
    // each time, up to `n`, at least `n` entries moved in all.
    assert!(work.calls >= 20, "{}", work.calls);
    let mut stopped = None;
    let mut halt = Work { calls: 0, stop_at: 1 };
    let mut set = KeySet::new();
    for key in 0..n {
        if let Err(reason) = set.insert(hash(&key), key, hash, &mut halt) {
            stopped = Some((key, reason));
            break;
        }
    }
    let (at, reason) = stopped.expect("a growth past one slice was stopped");
    assert_eq!((reason, halt.calls), (UndecidedReason::Stopped, 1));
    assert!(at > WORK_SLICE, "{at}");
    set.clear();
    assert_eq!(set.insert(hash(&7), 7, hash, &mut ()), Ok(true));
    assert!(set.contains(hash(&7), &7) && !set.contains(hash(&8), &8));

    let mut table: Table<u32, u32> = Table::new();
    let mut halt = Work { calls: 0, stop_at: 1 };
    let stopped = (0..n).find_map(|key| match table.reserve_one(&mut halt) {
        Ok(()) => match table.probe(&key) {
            freecell_search::containers::Probe::Vacant(slot) => {
                table.fill(slot, key, key);
                None
            }
            freecell_search::containers::Probe::Found(_) => unreachable!("distinct keys"),
        },
        Err(reason) => Some(reason),
    });
    assert_eq!(stopped, Some(UndecidedReason::Stopped));
    assert!(table.len() < n as usize);
}

/// An engine whose seen set grows stops in the growth when its observer says so (the first
/// growth past a slice of entries).
#[test]
fn an_engine_stops_in_a_growth() {
    let (p, s) = far();
    let mut work = Work { calls: 0, stop_at: 1 };
    let r = bfs::Bfs::new(bfs::Config::new()).search(&mut bfs::Cache::new(), &p, &s, &mut work);
    assert_eq!((r.outcome, work.calls), (SearchOutcome::Undecided(UndecidedReason::Stopped), 1));
    assert!(r.stats.peak_stored > u64::from(freecell_search::WORK_SLICE), "{:?}", r.stats);
}

#[test]
fn observer_sees_iterations() {
    struct Count(u32);
    impl freecell_search::Observer for Count {
        fn on_iteration(&mut self, _: u32, _: &Stats) -> Control {
            self.0 += 1;
            Control::Continue
        }
    }
    let p = Sliding::eight();
    let s = p.scramble(7, 40);
    let mut c = Count(0);
    let r = idastar::IdaStar::default().search(&mut idastar::Cache::new(), &p, &s, &Manhattan, &mut c);
    assert_eq!(c.0 + 1, r.stats.iterations);
}

#[test]
fn caches_are_reusable_and_results_reproduce() {
    let p = Sliding::eight();
    let mut ac = astar::Cache::new();
    let mut ic = idastar::Cache::new();
    for seed in 0..5 {
        let s = p.scramble(seed, 60);
        let a1 = astar::AStar::default().search(&mut ac, &p, &s, &Manhattan, &mut ());
        let a2 = astar::AStar::default().search(&mut astar::Cache::new(), &p, &s, &Manhattan, &mut ());
        assert_eq!(a1.outcome, a2.outcome);
        assert_eq!(
            (a1.stats.expanded, a1.stats.generated, a1.stats.peak_stored),
            (a2.stats.expanded, a2.stats.generated, a2.stats.peak_stored)
        );
        let i1 = idastar::IdaStar::default().search(&mut ic, &p, &s, &Manhattan, &mut ());
        let i2 = idastar::IdaStar::default().search(&mut idastar::Cache::new(), &p, &s, &Manhattan, &mut ());
        assert_eq!(i1.outcome, i2.outcome);
        assert_eq!(i1.stats.expanded, i2.stats.expanded);
    }
}

/// The sliding puzzle declared with copying instead of undo.
struct Copying(Sliding);
impl SearchProblem for Copying {
    type State = u64;
    type Move = Dir;
    type Key = u64;
    type Backtrack = ByCopy;
    fn is_goal(&self, s: &u64) -> bool {
        self.0.is_goal(s)
    }
    fn moves(&self, s: &u64, out: &mut Vec<Dir>) {
        self.0.moves(s, out);
    }
    fn apply(&self, s: &mut u64, m: Dir) {
        self.0.apply(s, m);
    }
    fn key(&self, s: &u64) -> u64 {
        *s
    }
}

#[test]
fn undo_and_copy_backtracking_agree() {
    let p = Sliding::eight();
    let c = Copying(p.clone());
    let h = |s: &u64| p.manhattan(*s);
    let engine = idastar::IdaStar::new(idastar::Config::new().cycles(Cycles::Path));
    for seed in 10..15 {
        let s = p.scramble(seed, 80);
        let undo = engine.search(&mut idastar::Cache::new(), &p, &s, &h, &mut ());
        let copy = engine.search(&mut idastar::Cache::new(), &c, &s, &h, &mut ());
        assert_eq!(undo.outcome, copy.outcome);
        assert_eq!(undo.stats.expanded, copy.stats.expanded);
        assert_eq!(undo.stats.generated, copy.stats.generated);
    }
}

#[test]
fn warm_depth_first_cache_does_not_grow() {
    let p = Sliding::eight();
    let s = p.scramble(3, 70);
    let engine = idastar::IdaStar::new(idastar::Config::new().cycles(Cycles::Parent));
    let mut cache = idastar::Cache::new();
    let _ = engine.search(&mut cache, &p, &s, &Manhattan, &mut ());
    let warm = cache.memory_usage();
    let _ = engine.search(&mut cache, &p, &s, &Manhattan, &mut ());
    assert_eq!(cache.memory_usage(), warm);
    assert!(warm < 4096, "the depth-first scratch is tiny: {warm} bytes");
}
