//! The one-shot functions and [`problem_fn`] on random small digraphs, against the cheapest
//! costs and fewest steps Floyd–Warshall finds.

use freecell_search::{
    Budget, Limit, NoPath, SearchOutcome, StatePath, UndecidedReason, astar, beam, bfs, dfs, idastar, iddfs,
    problem_fn, staged, within,
};

use crate::check_solution;

/// A digraph on nodes `0..n`: `adj[a]` lists `(b, cost)`, at most one edge from `a` to `b`
/// (self-loops included), costs 1 to 5.
struct Digraph {
    adj: Vec<Vec<(u8, u32)>>,
}

impl Digraph {
    /// `n` nodes, each edge present with probability 3/10, drawn from `seed` (by `SplitMix64`).
    fn random(seed: u64, n: usize) -> Self {
        let mut state = seed;
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let adj = (0..n)
            .map(|_| {
                let mut edges = Vec::new();
                for b in 0..n as u8 {
                    if next() % 10 < 3 {
                        edges.push((b, 1 + (next() % 5) as u32));
                    }
                }
                edges
            })
            .collect();
        Digraph { adj }
    }

    fn successors(&self, a: u8) -> impl Iterator<Item = (u8, u32)> + '_ {
        self.adj[usize::from(a)].iter().copied()
    }

    fn edge_cost(&self, a: u8, b: u8) -> Option<u32> {
        self.successors(a).find(|&(to, _)| to == b).map(|(_, cost)| cost)
    }

    /// Floyd–Warshall: `d[a][b]`, the least total of `weight(cost)` over paths from `a` to
    /// `b` (0 from a node to itself), `None` when `b` is unreachable.
    fn distances(&self, weight: impl Fn(u32) -> u64) -> Vec<Vec<Option<u64>>> {
        let n = self.adj.len();
        let mut d = vec![vec![None; n]; n];
        for (a, row) in d.iter_mut().enumerate() {
            row[a] = Some(0);
            for &(b, cost) in &self.adj[a] {
                let w = weight(cost);
                let cell = &mut row[usize::from(b)];
                *cell = Some(cell.map_or(w, |old: u64| old.min(w)));
            }
        }
        for k in 0..n {
            for a in 0..n {
                for b in 0..n {
                    if let (Some(x), Some(y)) = (d[a][k], d[k][b]) {
                        d[a][b] = Some(d[a][b].map_or(x + y, |old| old.min(x + y)));
                    }
                }
            }
        }
        d
    }

    /// Asserts that `path` walks edges from `start` to `goal` and costs what its edges cost
    /// (every step 1 when `unit`); returns its cost.
    fn check(&self, path: &StatePath<u8>, start: u8, goal: u8, unit: bool) -> u64 {
        assert_eq!(path.states.first(), Some(&start));
        assert_eq!(path.states.last(), Some(&goal));
        let mut cost = 0;
        for step in path.states.windows(2) {
            let edge = self.edge_cost(step[0], step[1]);
            assert!(edge.is_some(), "{} → {} is not an edge", step[0], step[1]);
            cost += if unit { 1 } else { u64::from(edge.unwrap_or(0)) };
        }
        assert_eq!(u64::from(path.cost), cost, "the path's cost is not its edges'");
        cost
    }
}

/// Graphs of 1 to 9 nodes; the start is node 0 and the goal the last node.
fn graphs() -> impl Iterator<Item = (u64, Digraph, u8)> {
    (0..300u64).map(|seed| {
        let n = 1 + (seed % 9) as usize;
        (seed, Digraph::random(seed, n), (n - 1) as u8)
    })
}

#[test]
fn one_shot_functions_find_what_floyd_warshall_finds() {
    let mut reachable = 0;
    for (seed, g, goal) in graphs() {
        let cheapest = g.distances(u64::from)[0][usize::from(goal)];
        let fewest = g.distances(|_| 1)[0][usize::from(goal)];
        let to_goal = g.distances(u64::from);
        // Admissible: half the exact remaining cost (0 where the goal is unreachable).
        let h = |&n: &u8| to_goal[usize::from(n)][usize::from(goal)].map_or(0, |d| (d / 2) as u32);
        let weighted = |&n: &u8| g.successors(n);
        let unit = |&n: &u8| g.successors(n).map(|(b, _)| b);
        let is_goal = |&n: &u8| n == goal;

        let found = [
            ("dijkstra", freecell_search::dijkstra(&0, weighted, is_goal), false, cheapest),
            ("astar", freecell_search::astar(&0, weighted, h, is_goal), false, cheapest),
            ("idastar", freecell_search::idastar(&0, weighted, h, is_goal), false, cheapest),
            ("bfs", freecell_search::bfs(&0, unit, is_goal), true, fewest),
            ("iddfs", freecell_search::iddfs(&0, unit, is_goal), true, fewest),
        ];
        for (name, result, unit_steps, expected) in found {
            match (result, expected) {
                (Ok(path), Some(best)) => assert_eq!(g.check(&path, 0, goal, unit_steps), best, "{name}, seed {seed}"),
                (Err(NoPath::Exhausted), None) => {}
                (other, _) => panic!("{name}, seed {seed}: {other:?}, expected {expected:?}"),
            }
        }
        match freecell_search::dfs(&0, unit, is_goal) {
            Ok(path) => {
                assert!(fewest.is_some(), "seed {seed}: dfs found a path to an unreachable goal");
                g.check(&path, 0, goal, true);
                let mut seen = path.states.clone();
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len(), path.states.len(), "seed {seed}: dfs visits a state twice");
                reachable += 1;
            }
            Err(e) => assert_eq!((e, fewest), (NoPath::Exhausted, None), "seed {seed}"),
        }
    }
    // The sample covers both answers.
    assert!((50..250).contains(&reachable), "{reachable} of 300 goals reachable");
}

#[test]
fn every_engine_runs_on_a_problem_fn() {
    for (seed, g, goal) in graphs() {
        let problem = problem_fn(|&n: &u8| g.successors(n), |&n| n == goal);
        let cheapest = g.distances(u64::from)[0][usize::from(goal)];
        let fewest = g.distances(|_| 1)[0][usize::from(goal)];
        let zero = |_: &u8| 0u32;

        let optimal = [
            ("astar", astar::AStar::default().search(&mut astar::Cache::new(), &problem, &0, &zero, &mut ())),
            ("idastar", idastar::IdaStar::default().search(&mut idastar::Cache::new(), &problem, &0, &zero, &mut ())),
            ("iddfs", iddfs::IterativeDeepening::default().search(&mut iddfs::Cache::new(), &problem, &0, &mut ())),
        ];
        for (name, report) in optimal {
            match (cheapest, report.cost()) {
                (Some(best), Some(cost)) => {
                    check_solution(&problem, &0, &report);
                    assert_eq!(u64::from(cost), best, "{name}, seed {seed}");
                }
                (None, _) => assert!(report.is_exhausted(), "{name}, seed {seed}: {:?}", report.outcome),
                (Some(_), None) => panic!("{name}, seed {seed}: {:?}", report.outcome),
            }
        }

        let mut bfs_cache = bfs::Cache::new();
        let breadth = bfs::Bfs::default().search(&mut bfs_cache, &problem, &0, &mut ());
        let depth =
            dfs::Dfs::new(dfs::Config::new().max_depth(16)).search(&mut dfs::Cache::new(), &problem, &0, &mut ());
        // A beam as wide as the graph never drops a state, so it is complete.
        let mut beam_cache = beam::Cache::new();
        let wide = beam::Beam::new(beam::Config::new().width(9)).search(&mut beam_cache, &problem, &0, &zero, &mut ());
        for (name, report) in [("bfs", &breadth), ("dfs", &depth), ("beam", &wide)] {
            if fewest.is_some() {
                check_solution(&problem, &0, report);
            } else {
                assert!(report.is_exhausted(), "{name}, seed {seed}: {:?}", report.outcome);
            }
        }
        if fewest.is_none() {
            // Both stored every state reachable from the start, once.
            let reachable = g.distances(|_| 1)[0].iter().filter(|d| d.is_some()).count();
            assert_eq!((bfs_cache.stored(), beam_cache.stored()), (reachable, reachable), "seed {seed}");
        }
        assert_eq!(breadth.solution().map(|s| s.len() as u64), fewest, "bfs, seed {seed}");

        let stages = staged::StagedDeepening::new(staged::Config::paper().look_ahead(2)).search(
            &mut staged::Cache::new(),
            &problem,
            &0,
            &zero,
            &mut (),
        );
        if let SearchOutcome::Solved(_) = stages.outcome {
            check_solution(&problem, &0, &stages);
        } else {
            // Staged deepening replaces open entries, so it may miss a reachable goal.
            let pruned = stages.undecided() == Some(UndecidedReason::Pruned);
            assert!(fewest.is_none() || pruned, "staged, seed {seed}: {:?}", stages.outcome);
        }
    }
}

#[test]
fn budgets_end_one_shot_searches_undecided() {
    // An endless line with no goal: only the budget ends a search.
    let next = |&n: &u64| [n + 1];
    let next_at_1 = |&n: &u64| [(n + 1, 1)];
    let never = |_: &u64| false;
    let limited = within(Budget::default().max_expanded(100));
    let expanded = Err(NoPath::Undecided(UndecidedReason::Budget(Limit::Expanded)));
    assert_eq!(limited.bfs(&0, next, never), expanded);
    assert_eq!(limited.dfs(&0, next, never), expanded);
    assert_eq!(limited.iddfs(&0, next, never), expanded);
    assert_eq!(limited.astar(&0, next_at_1, |_| 0, never), expanded);
    assert_eq!(limited.dijkstra(&0, next_at_1, never), expanded);
    assert_eq!(limited.idastar(&0, next_at_1, |_| 0, never), expanded);
    let bytes = within(Budget::default().max_bytes(1 << 16));
    assert_eq!(bytes.bfs(&0, next, never), Err(NoPath::Undecided(UndecidedReason::Budget(Limit::Bytes))));
    // The same budget is plenty when the goal is near.
    assert_eq!(limited.bfs(&0, next, |&n| n == 50).map(|p| p.cost), Ok(50));
}

#[test]
fn a_start_that_is_a_goal_is_a_path_of_one_state() {
    let one = StatePath { states: vec![7u8], cost: 0 };
    let successors = |&n: &u8| [(n.wrapping_add(1), 1)];
    let unit = |&n: &u8| [n.wrapping_add(1)];
    let is_goal = |&n: &u8| n == 7;
    assert_eq!(freecell_search::astar(&7, successors, |_| 0, is_goal), Ok(one.clone()));
    assert_eq!(freecell_search::dijkstra(&7, successors, is_goal), Ok(one.clone()));
    assert_eq!(freecell_search::idastar(&7, successors, |_| 0, is_goal), Ok(one.clone()));
    assert_eq!(freecell_search::bfs(&7, unit, is_goal), Ok(one.clone()));
    assert_eq!(freecell_search::dfs(&7, unit, is_goal), Ok(one.clone()));
    assert_eq!(freecell_search::iddfs(&7, unit, is_goal), Ok(one));
}

#[test]
fn successors_that_change_between_calls_make_no_engine_panic() {
    // Every other call forgets the second successor: the contract of `FnProblem` broken.
    let calls = std::cell::Cell::new(0u32);
    let fickle = |&n: &u32| {
        calls.set(calls.get() + 1);
        let both = [(n + 1, 1), (n + 2, 1)];
        both.into_iter().take(if calls.get().is_multiple_of(2) { 1 } else { 2 })
    };
    let problem = problem_fn(fickle, |&n| n == 20);
    let budget = Budget::default().max_expanded(1_000);
    let zero = |_: &u32| 0u32;
    let reports = [
        astar::AStar::new(astar::Config::new().budget(budget)).search(
            &mut astar::Cache::new(),
            &problem,
            &0,
            &zero,
            &mut (),
        ),
        idastar::IdaStar::new(idastar::Config::new().budget(budget)).search(
            &mut idastar::Cache::new(),
            &problem,
            &0,
            &zero,
            &mut (),
        ),
        bfs::Bfs::new(bfs::Config::new().budget(budget)).search(&mut bfs::Cache::new(), &problem, &0, &mut ()),
        dfs::Dfs::new(dfs::Config::new().budget(budget)).search(&mut dfs::Cache::new(), &problem, &0, &mut ()),
        iddfs::IterativeDeepening::new(iddfs::Config::new().budget(budget)).search(
            &mut iddfs::Cache::new(),
            &problem,
            &0,
            &mut (),
        ),
        beam::Beam::new(beam::Config::new().budget(budget)).search(
            &mut beam::Cache::new(),
            &problem,
            &0,
            &zero,
            &mut (),
        ),
        staged::StagedDeepening::new(staged::Config::new().budget(budget)).search(
            &mut staged::Cache::new(),
            &problem,
            &0,
            &zero,
            &mut (),
        ),
    ];
    // Whatever they answer, a path they return still starts at 0 and every state on it
    // follows from the one before by +1 or +2.
    for report in reports {
        if let Some(moves) = report.solution() {
            let path = problem.state_path(&0, moves);
            assert_eq!(path.states.first(), Some(&0));
            assert!(path.states.windows(2).all(|w| w[1] == w[0] || w[1] - w[0] <= 2), "{path:?}");
        }
    }
    let limited = within(budget);
    let _ = limited.astar(&0, fickle, zero, |&n| n == 20);
    let _ = limited.idastar(&0, fickle, zero, |&n| n == 20);
    let _ = limited.dfs(&0, |&n: &u32| fickle(&n).map(|(m, _)| m), |&n| n == 20);
}
