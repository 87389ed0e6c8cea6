//! Every engine on small explicit graphs with known answers.

use freecell_search::{
    ByCopy, SearchOutcome, SearchProblem, UndecidedReason, Zero, astar, beam, bfs, dfs, idastar, iddfs, staged,
};

use crate::check_solution;

/// A weighted digraph; a move is `(target, cost)`.
pub(crate) struct Graph {
    pub(crate) adj: Vec<Vec<(u32, u32)>>,
    pub(crate) goal: u32,
}

impl SearchProblem for Graph {
    type State = u32;
    type Move = (u32, u32);
    type Key = u32;
    type Backtrack = ByCopy;
    fn is_goal(&self, s: &u32) -> bool {
        *s == self.goal
    }
    fn moves(&self, s: &u32, out: &mut Vec<(u32, u32)>) {
        out.extend_from_slice(&self.adj[*s as usize]);
    }
    fn apply(&self, s: &mut u32, mv: (u32, u32)) {
        *s = mv.0;
    }
    fn key(&self, s: &u32) -> u32 {
        *s
    }
    fn step_cost(&self, _: &u32, mv: (u32, u32)) -> u32 {
        mv.1
    }
}

/// 0→1 (1), 0→2 (4), 1→2 (1), 1→3 (5), 2→3 (1): cheapest 0-1-2-3 costs 3; fewest moves: 2.
pub(crate) fn diamond() -> Graph {
    Graph { adj: vec![vec![(1, 1), (2, 4)], vec![(2, 1), (3, 5)], vec![(3, 1)], vec![]], goal: 3 }
}

/// A cycle 0 ↔ 1 ↔ 2 ↔ 0 and an unreachable goal 3.
pub(crate) fn closed_cycle() -> Graph {
    Graph { adj: vec![vec![(1, 1), (2, 1)], vec![(0, 1), (2, 1)], vec![(0, 1), (1, 1)], vec![]], goal: 3 }
}

#[test]
fn optimal_engines_find_the_cheapest_path() {
    let g = diamond();
    let a = astar::AStar::default().search(&mut astar::Cache::new(), &g, &0, &Zero, &mut ());
    assert_eq!(a.cost(), Some(3));
    check_solution(&g, &0, &a);
    let i = idastar::IdaStar::default().search(&mut idastar::Cache::new(), &g, &0, &Zero, &mut ());
    assert_eq!(i.cost(), Some(3));
    check_solution(&g, &0, &i);
    let d = iddfs::IterativeDeepening::default().search(&mut iddfs::Cache::new(), &g, &0, &mut ());
    assert_eq!(d.cost(), Some(3));
    assert_eq!(d.solution().map(|s| s.moves.clone()), Some(vec![(1, 1), (2, 1), (3, 1)]));
}

#[test]
fn bfs_finds_fewest_moves() {
    let g = diamond();
    let b = bfs::Bfs::default().search(&mut bfs::Cache::new(), &g, &0, &mut ());
    assert_eq!(check_solution(&g, &0, &b), 2);
}

#[test]
fn incomplete_and_suboptimal_engines_still_solve() {
    let g = diamond();
    let h = |s: &u32| u32::from(*s != 3);
    let r = dfs::Dfs::default().search(&mut dfs::Cache::new(), &g, &0, &mut ());
    check_solution(&g, &0, &r);
    for config in [astar::Config::weighted(3, 1), astar::Config::greedy()] {
        let r = astar::AStar::new(config).search(&mut astar::Cache::new(), &g, &0, &h, &mut ());
        check_solution(&g, &0, &r);
    }
    let r = beam::Beam::new(beam::Config::new().width(1)).search(&mut beam::Cache::new(), &g, &0, &h, &mut ());
    check_solution(&g, &0, &r);
    for config in [staged::Config::paper(), staged::Config::heineman(), staged::Config::paper().look_ahead(1)] {
        let r = staged::StagedDeepening::new(config).search(&mut staged::Cache::new(), &g, &0, &h, &mut ());
        check_solution(&g, &0, &r);
    }
}

#[test]
fn start_at_goal_is_an_empty_solution() {
    let g = diamond();
    let r = astar::AStar::default().search(&mut astar::Cache::new(), &g, &3, &Zero, &mut ());
    assert_eq!(r.cost(), Some(0));
    assert!(r.solution().is_some_and(freecell_search::MovePath::is_empty));
    let r = bfs::Bfs::default().search(&mut bfs::Cache::new(), &g, &3, &mut ());
    assert_eq!(r.cost(), Some(0));
    let r = idastar::IdaStar::default().search(&mut idastar::Cache::new(), &g, &3, &Zero, &mut ());
    assert_eq!(r.cost(), Some(0));
    let r = staged::StagedDeepening::default().search(&mut staged::Cache::new(), &g, &3, &Zero, &mut ());
    assert_eq!(r.cost(), Some(0));
}

#[test]
#[allow(clippy::many_single_char_names)] // one short name per engine's report
fn complete_engines_report_exhausted_on_a_closed_space() {
    let g = closed_cycle();
    let a = astar::AStar::default().search(&mut astar::Cache::new(), &g, &0, &Zero, &mut ());
    assert_eq!(a.outcome, SearchOutcome::Exhausted);
    assert_eq!(a.stats.expanded, 3);
    let b = bfs::Bfs::default().search(&mut bfs::Cache::new(), &g, &0, &mut ());
    assert_eq!(b.outcome, SearchOutcome::Exhausted);
    let i = idastar::IdaStar::default().search(&mut idastar::Cache::new(), &g, &0, &Zero, &mut ());
    assert_eq!(i.outcome, SearchOutcome::Exhausted);
    let d = iddfs::IterativeDeepening::default().search(&mut iddfs::Cache::new(), &g, &0, &mut ());
    assert_eq!(d.outcome, SearchOutcome::Exhausted);
    let d = dfs::Dfs::default().search(&mut dfs::Cache::new(), &g, &0, &mut ());
    assert_eq!(d.outcome, SearchOutcome::Exhausted);
    let w = beam::Beam::default().search(&mut beam::Cache::new(), &g, &0, &Zero, &mut ());
    assert_eq!(w.outcome, SearchOutcome::Exhausted);
    let config = staged::Config::paper().look_ahead(1).one_entry_per_score(false);
    let s = staged::StagedDeepening::new(config).search(&mut staged::Cache::new(), &g, &0, &Zero, &mut ());
    assert_eq!(s.outcome, SearchOutcome::Exhausted);
}

#[test]
fn pruning_engines_never_claim_exhaustion() {
    let g = closed_cycle();
    // Width 1 drops a child of the start.
    let w = beam::Beam::new(beam::Config::new().width(1)).search(&mut beam::Cache::new(), &g, &0, &Zero, &mut ());
    assert_eq!(w.outcome, SearchOutcome::Undecided(UndecidedReason::Pruned));
    // Both leaves score 0: the second replaces the first.
    let s = staged::StagedDeepening::new(staged::Config::paper().look_ahead(1)).search(
        &mut staged::Cache::new(),
        &g,
        &0,
        &Zero,
        &mut (),
    );
    assert_eq!(s.outcome, SearchOutcome::Undecided(UndecidedReason::Pruned));
}

/// Unbounded line: states are integers, the goal is never reached.
struct Endless;
impl SearchProblem for Endless {
    type State = i64;
    type Move = i64;
    type Key = i64;
    type Backtrack = ByCopy;
    fn is_goal(&self, _: &i64) -> bool {
        false
    }
    fn moves(&self, _: &i64, out: &mut Vec<i64>) {
        out.extend([1, -1]);
    }
    fn apply(&self, s: &mut i64, m: i64) {
        *s += m;
    }
    fn key(&self, s: &i64) -> i64 {
        *s
    }
}

#[test]
fn bounds_make_depth_first_engines_undecided_not_exhausted() {
    let d = dfs::Dfs::new(dfs::Config::new().max_depth(8)).search(&mut dfs::Cache::new(), &Endless, &0, &mut ());
    assert_eq!(d.outcome, SearchOutcome::Undecided(UndecidedReason::Bound));
    let d = iddfs::IterativeDeepening::new(iddfs::Config::new().max_cost(8)).search(
        &mut iddfs::Cache::new(),
        &Endless,
        &0,
        &mut (),
    );
    assert_eq!(d.outcome, SearchOutcome::Undecided(UndecidedReason::Bound));
    assert_eq!(d.stats.iterations, 9);
    let i = idastar::IdaStar::new(idastar::Config::new().max_cost(8)).search(
        &mut idastar::Cache::new(),
        &Endless,
        &0,
        &Zero,
        &mut (),
    );
    assert_eq!(i.outcome, SearchOutcome::Undecided(UndecidedReason::Bound));
    let b = bfs::Bfs::new(bfs::Config::new().max_depth(5)).search(&mut bfs::Cache::new(), &Endless, &0, &mut ());
    assert_eq!(b.outcome, SearchOutcome::Undecided(UndecidedReason::Bound));
    assert_eq!(b.stats.expanded, 9); // 0, ±1, …, ±4
}

/// S=0, A=1, B=2, C=3, G=4. S→A 1, S→B 2, A→C 1, B→C 1, C→G 10. The cheap path to C goes
/// through A, whose (admissible, inconsistent) estimate is high, so C is first expanded via B.
fn needs_reopening() -> (Graph, impl Fn(&u32) -> u32) {
    let g = Graph { adj: vec![vec![(1, 1), (2, 2)], vec![(3, 1)], vec![(3, 1)], vec![(4, 10)], vec![]], goal: 4 };
    (g, |s: &u32| if *s == 1 { 11 } else { 0 })
}

#[test]
fn reopening_finds_the_optimum_with_an_inconsistent_heuristic() {
    let (g, h) = needs_reopening();
    let r = astar::AStar::default().search(&mut astar::Cache::new(), &g, &0, &h, &mut ());
    assert_eq!(r.cost(), Some(12));
    check_solution(&g, &0, &r);
    let r = astar::AStar::new(astar::Config::new().reopen(false)).search(&mut astar::Cache::new(), &g, &0, &h, &mut ());
    assert_eq!(r.cost(), Some(13));
}

#[test]
fn tie_breaking_changes_order_not_cost() {
    let g = diamond();
    for tie in [freecell_search::TieBreak::LargerG, freecell_search::TieBreak::SmallerG] {
        let r = astar::AStar::new(astar::Config::new().tie_break(tie)).search(
            &mut astar::Cache::new(),
            &g,
            &0,
            &Zero,
            &mut (),
        );
        assert_eq!(r.cost(), Some(3), "{tie:?}");
    }
}

/// A line where each step costs 20,000: path costs outgrow the arena's 2-byte cost storage,
/// which must widen without changing any answer.
struct Costly;
impl SearchProblem for Costly {
    type State = i32;
    type Move = i32;
    type Key = i32;
    type Backtrack = freecell_search::ByCopy;
    fn is_goal(&self, s: &i32) -> bool {
        *s == 9
    }
    fn moves(&self, s: &i32, out: &mut Vec<i32>) {
        if *s > -20 {
            out.push(-1);
        }
        if *s < 20 {
            out.extend([1, 2]);
        }
    }
    fn apply(&self, s: &mut i32, m: i32) {
        *s += m;
    }
    fn key(&self, s: &i32) -> i32 {
        *s
    }
    fn step_cost(&self, _: &i32, m: i32) -> u32 {
        if m == 2 { 50_000 } else { 20_000 }
    }
}

#[test]
fn path_costs_beyond_u16_are_exact() {
    let mut cache = astar::Cache::new();
    for config in [astar::Config::new(), astar::Config::new().tie_break(freecell_search::TieBreak::SmallerG)] {
        let r = astar::AStar::new(config).search(&mut cache, &Costly, &0, &Zero, &mut ());
        assert_eq!(r.cost(), Some(180_000)); // nine +1 steps beat any +2 (50,000 > 2 × 20,000)
        assert_eq!(r.solution().map(|s| s.moves.clone()), Some(vec![1; 9]));
        assert!(r.stats.bytes <= cache.memory_usage());
    }
    let r = bfs::Bfs::default().search(&mut bfs::Cache::new(), &Costly, &0, &mut ());
    assert_eq!(r.solution().map(|s| s.moves.len()), Some(5));
}

/// Node 0 has 300 moves to only 60 distinct children (1 to 60), in scrambled order and at
/// scrambled costs; each child leads to the goal 61 at cost 1. A* looks all of a node's
/// children up before storing any, and the index grows several times while node 0's children
/// are stored: each child must still be stored once, at its cheapest cost.
fn many_siblings_sharing_keys() -> Graph {
    let mut adj = vec![Vec::new(); 62];
    adj[0] = (0..300u32).map(|i| (1 + (i * 37) % 60, 2 + (i * 7919) % 97)).collect();
    for node in adj.iter_mut().take(61).skip(1) {
        node.push((61, 1));
    }
    Graph { adj, goal: 61 }
}

#[test]
fn astar_stores_siblings_with_one_key_once_at_their_cheapest_cost() {
    let g = many_siblings_sharing_keys();
    let best = |t: u32| g.adj[0].iter().filter(|&&(to, _)| to == t).map(|&(_, c)| c).min();
    let cheapest = (1..=60).filter_map(best).min().unwrap() + 1;
    let mut warm = astar::Cache::new();
    for fresh in [true, false, false] {
        let mut new = astar::Cache::new();
        let cache = if fresh { &mut new } else { &mut warm };
        let r = astar::AStar::new(astar::Config::new().tie_break(freecell_search::TieBreak::SmallerG)).search(
            cache,
            &g,
            &0,
            &Zero,
            &mut (),
        );
        assert_eq!(r.cost(), Some(cheapest));
        check_solution(&g, &0, &r);
        let (child, cost) = r.solution().unwrap().moves[0];
        assert_eq!(Some(cost), best(child));
        // The start, 60 children and the goal; each extra move to a child is a duplicate or
        // a cheaper path to it.
        assert_eq!(r.stats.peak_stored, 62);
        assert_eq!(r.stats.generated, 300 + r.stats.expanded - 1);
    }
    // Exhausting the space (no goal): 61 nodes, each expanded once (costs are consistent).
    let mut g = g;
    g.goal = 62;
    let r = astar::AStar::default().search(&mut astar::Cache::new(), &g, &0, &Zero, &mut ());
    assert_eq!(r.outcome, SearchOutcome::Exhausted);
    assert_eq!((r.stats.peak_stored, r.stats.expanded), (62, 62));
}
