//! Rush Hour: the hardest puzzle of Fogleman's database, 60 moves.

use freecell_search::{ByCopy, SearchOutcome, SearchProblem, astar, bfs};

use crate::check_solution;
use crate::rush::{Blockers, HARDEST, HARDEST_CLUSTER, HARDEST_MOVES, Positions, RushHour, Slide};

#[test]
fn parse_round_trips() {
    let (p, s) = RushHour::parse(HARDEST).expect("valid board");
    assert_eq!(p.show(&s), HARDEST);
}

#[test]
fn bfs_and_astar_find_the_published_optimum() {
    let (p, s) = RushHour::parse(HARDEST).expect("valid board");
    let r = bfs::Bfs::default().search(&mut bfs::Cache::new(), &p, &s, &mut ());
    assert_eq!(r.cost(), Some(HARDEST_MOVES));
    check_solution(&p, &s, &r);
    let r = astar::AStar::default().search(&mut astar::Cache::new(), &p, &s, &Blockers, &mut ());
    assert_eq!(r.cost(), Some(HARDEST_MOVES));
    check_solution(&p, &s, &r);
}

#[test]
fn the_cluster_has_the_published_size() {
    struct NoGoal(RushHour);
    impl SearchProblem for NoGoal {
        type State = Positions;
        type Move = Slide;
        type Key = u64;
        type Backtrack = ByCopy;
        fn is_goal(&self, _: &Positions) -> bool {
            false
        }
        fn moves(&self, s: &Positions, out: &mut Vec<Slide>) {
            self.0.moves(s, out);
        }
        fn apply(&self, s: &mut Positions, m: Slide) {
            self.0.apply(s, m);
        }
        fn key(&self, s: &Positions) -> u64 {
            self.0.key(s)
        }
    }
    let (p, s) = RushHour::parse(HARDEST).expect("valid board");
    let mut cache = bfs::Cache::new();
    let r = bfs::Bfs::default().search(&mut cache, &NoGoal(p), &s, &mut ());
    assert_eq!(r.outcome, SearchOutcome::Exhausted);
    assert_eq!(cache.stored(), HARDEST_CLUSTER);
}
