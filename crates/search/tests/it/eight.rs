//! Optimality on the whole 8-puzzle, checked against an exhaustive breadth-first oracle.

use std::collections::{HashMap, VecDeque};

use freecell_search::{ByCopy, Cycles, SearchOutcome, SearchProblem, TieBreak, Zero, astar, bfs, idastar, iddfs};

use crate::check_solution;
use crate::sliding::{Dir, Manhattan, Sliding};

/// Distance to the goal of every reachable 8-puzzle state, by a plain BFS written
/// independently of the crate.
fn oracle(p: &Sliding) -> HashMap<u64, u8> {
    let mut dist = HashMap::with_capacity(181_440);
    let mut queue = VecDeque::new();
    dist.insert(p.goal(), 0u8);
    queue.push_back(p.goal());
    let mut moves = Vec::new();
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        moves.clear();
        p.moves(&s, &mut moves);
        for &m in &moves {
            let mut t = s;
            p.apply(&mut t, m);
            dist.entry(t).or_insert_with(|| {
                queue.push_back(t);
                d + 1
            });
        }
    }
    dist
}

/// Test states: every `step`-th state of the oracle in key order, plus a hardest one.
fn sample(dist: &HashMap<u64, u8>, step: usize) -> Vec<(u64, u32)> {
    let mut all: Vec<(u64, u32)> = dist.iter().map(|(&s, &d)| (s, u32::from(d))).collect();
    all.sort_unstable();
    let mut out: Vec<(u64, u32)> = all.iter().step_by(step).copied().collect();
    out.extend(all.iter().filter(|&&(_, d)| d == 31).take(1));
    out
}

/// The puzzle with no goal: BFS must visit everything and say so.
struct NoGoal(Sliding);
impl SearchProblem for NoGoal {
    type State = u64;
    type Move = Dir;
    type Key = u64;
    type Backtrack = ByCopy;
    fn is_goal(&self, _: &u64) -> bool {
        false
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
fn bfs_exhausts_all_181440_states_and_agrees_with_the_oracle() {
    let p = Sliding::eight();
    let dist = oracle(&p);
    assert_eq!(dist.len(), 181_440);
    assert_eq!(dist.values().max(), Some(&31));

    let mut cache = bfs::Cache::new();
    let r = bfs::Bfs::default().search(&mut cache, &NoGoal(p.clone()), &p.goal(), &mut ());
    assert_eq!(r.outcome, SearchOutcome::Exhausted);
    assert_eq!(cache.stored(), 181_440);
    assert_eq!(r.stats.expanded, 181_440);
    assert_eq!(r.stats.iterations, 32); // layers 0..=31
}

fn check_optimal(step: usize, id_limit: u32) {
    let p = Sliding::eight();
    let dist = oracle(&p);
    let mut bc = bfs::Cache::new();
    let mut ac = astar::Cache::new();
    let mut ic = idastar::Cache::new();
    let ida = idastar::IdaStar::new(idastar::Config::new().cycles(Cycles::Parent));
    let ida_tt = idastar::IdaStar::new(idastar::Config::new().transposition_table(Some(1 << 12)));
    let id = iddfs::IterativeDeepening::new(iddfs::Config::new().cycles(Cycles::Parent));
    let smaller_g = astar::AStar::new(astar::Config::new().tie_break(TieBreak::SmallerG));
    for (s, d) in sample(&dist, step) {
        let r = bfs::Bfs::default().search(&mut bc, &p, &s, &mut ());
        assert_eq!(r.cost(), Some(d), "BFS");
        check_solution(&p, &s, &r);
        let r = astar::AStar::default().search(&mut ac, &p, &s, &Manhattan, &mut ());
        assert_eq!(r.cost(), Some(d), "A*");
        check_solution(&p, &s, &r);
        let r = astar::AStar::default().search(&mut ac, &p, &s, &Zero, &mut ());
        assert_eq!(r.cost(), Some(d), "uniform-cost A*");
        let r = smaller_g.search(&mut ac, &p, &s, &Manhattan, &mut ());
        assert_eq!(r.cost(), Some(d), "A*, smaller g first");
        let r = ida.search(&mut ic, &p, &s, &Manhattan, &mut ());
        assert_eq!(r.cost(), Some(d), "IDA*");
        check_solution(&p, &s, &r);
        let r = ida_tt.search(&mut ic, &p, &s, &Manhattan, &mut ());
        assert_eq!(r.cost(), Some(d), "IDA* with a table");
        if d <= id_limit {
            let r = id.search(&mut ic, &p, &s, &mut ());
            assert_eq!(r.cost(), Some(d), "iterative deepening");
            check_solution(&p, &s, &r);
        }
    }
}

#[test]
fn optimal_engines_match_the_oracle_on_sampled_states() {
    check_optimal(9_001, 14);
}

#[test]
#[ignore = "slow in debug; run with --release -- --ignored"]
fn optimal_engines_match_the_oracle_on_many_states() {
    check_optimal(181, 22);
}
