//! Korf's 15-puzzle instances with their published optimal lengths.

use freecell_search::{Cycles, astar, idastar};

use crate::check_solution;
use crate::sliding::{KORF, Manhattan, Sliding};

#[test]
fn manhattan_is_admissible_on_korf_instances() {
    let p = Sliding::fifteen();
    for (_, tiles, len) in KORF {
        assert!(p.manhattan(p.pack(&tiles)) <= len);
    }
}

#[test]
#[ignore = "seconds in release, minutes in debug"]
fn idastar_finds_korf_optimal_lengths() {
    let p = Sliding::fifteen();
    let engine = idastar::IdaStar::new(idastar::Config::new().cycles(Cycles::Parent));
    let mut cache = idastar::Cache::new();
    for (n, tiles, len) in KORF {
        let s = p.pack(&tiles);
        let r = engine.search(&mut cache, &p, &s, &Manhattan, &mut ());
        assert_eq!(r.cost(), Some(len), "Korf #{n}");
        check_solution(&p, &s, &r);
    }
}

#[test]
#[ignore = "stores millions of states; release only"]
fn astar_finds_korf_optimal_lengths() {
    let p = Sliding::fifteen();
    let mut cache = astar::Cache::new();
    for (n, tiles, len) in KORF {
        let s = p.pack(&tiles);
        let r = astar::AStar::default().search(&mut cache, &p, &s, &Manhattan, &mut ());
        assert_eq!(r.cost(), Some(len), "Korf #{n}");
        check_solution(&p, &s, &r);
    }
}
