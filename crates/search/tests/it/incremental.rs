//! Incremental heuristic estimates equal from-scratch ones (STYLE §3 rule 5): the 15-puzzle's
//! O(1) Manhattan update on random walks, and every engine that uses `estimate_child` hands
//! it the parent's true estimate.

use std::cell::Cell;

use freecell_search::{Heuristic, SearchProblem, astar, beam, idastar};

use crate::sliding::{Dir, Manhattan, Sliding};

#[test]
fn incremental_manhattan_equals_from_scratch_on_random_walks() {
    for p in [Sliding::eight(), Sliding::fifteen()] {
        let mut moves = Vec::new();
        for seed in 0..50u64 {
            let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut s = p.scramble(seed, 30);
            let mut h = p.manhattan(s);
            for _ in 0..500 {
                moves.clear();
                p.moves(&s, &mut moves);
                // Every child against its from-scratch value, then walk on to a random one.
                for &mv in &moves {
                    let mut child = s;
                    p.apply(&mut child, mv);
                    assert_eq!(Manhattan.estimate_child(&p, h, mv, &child), p.manhattan(child), "{mv:?} from {s:#x}");
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let mv = moves[(rng % moves.len() as u64) as usize];
                p.apply(&mut s, mv);
                h = Manhattan.estimate_child(&p, h, mv, &s);
            }
            assert_eq!(h, p.manhattan(s), "after a 500-move walk, seed {seed}");
        }
    }
}

/// Manhattan distance whose incremental update checks itself against a full recount, so any
/// engine passing a wrong parent estimate fails.
struct Checked<'a>(&'a Cell<u64>);

impl Heuristic<Sliding> for Checked<'_> {
    fn estimate(&self, p: &Sliding, s: &u64) -> u32 {
        p.manhattan(*s)
    }

    fn estimate_child(&self, p: &Sliding, parent_h: u32, mv: Dir, child: &u64) -> u32 {
        self.0.set(self.0.get() + 1);
        let h = Manhattan.estimate_child(p, parent_h, mv, child);
        assert_eq!(h, p.manhattan(*child), "engine passed a wrong parent estimate");
        h
    }
}

#[test]
fn engines_pass_the_parents_true_estimate() {
    let p = Sliding::eight();
    let calls = Cell::new(0);
    let h = Checked(&calls);
    for seed in 0..4 {
        let s = p.scramble(seed, 80);
        let reference = astar::AStar::default().search(&mut astar::Cache::new(), &p, &s, &Manhattan, &mut ());
        for config in [astar::Config::new(), astar::Config::weighted(3, 2), astar::Config::greedy()] {
            let r = astar::AStar::new(config).search(&mut astar::Cache::new(), &p, &s, &h, &mut ());
            assert!(r.solution().is_some());
        }
        let r = astar::AStar::default().search(&mut astar::Cache::new(), &p, &s, &h, &mut ());
        assert_eq!(r.outcome, reference.outcome);
        assert_eq!(r.stats.expanded, reference.stats.expanded);
        let r = idastar::IdaStar::default().search(&mut idastar::Cache::new(), &p, &s, &h, &mut ());
        assert_eq!(r.cost(), reference.cost());
        let r = beam::Beam::new(beam::Config::new().width(64)).search(&mut beam::Cache::new(), &p, &s, &h, &mut ());
        assert!(r.solution().is_some() || r.stats.expanded > 0);
    }
    assert!(calls.get() > 1000, "the engines call estimate_child: {}", calls.get());
}
