//! Exhaustive searches against facts established elsewhere.

use freecell_core::{Automove, MoveModel};
use freecell_deals::DealNumber;
use freecell_search::{Budget, bfs};
use freecell_solver::{CostModel, FreeCell};

/// MS deal 11982 is the one deal of 1–32,000 that cannot be won with four free cells
/// (fc-solve's census of the FreeCell Pro deals, `shlomif/fc-solve`
/// `fc-solve/site/wml/src/charts/fc-pro--4fc-intractable-deals--report/`; FreeCell Pro agrees).
/// An exhaustive breadth-first search over single-card moves, duplicates detected on the
/// canonical key and no automoves, must run out of positions without reaching the goal. A
/// missing legal move in the generator could not make a solvable deal look unsolvable here, but
/// an extra illegal one could make this deal look solvable; the budget only guards against a
/// runaway search.
#[test]
fn deal_11982_is_proved_unsolvable() {
    let board = DealNumber::new(11_982).expect("in range").board();
    let problem = FreeCell::new(MoveModel::Atomic, Automove::None, CostModel::SingleCard);
    let engine = bfs::Bfs::new(bfs::Config::new().budget(Budget::default().max_expanded(5_000_000)));
    let report = engine.search(&mut bfs::Cache::new(), &problem, &board, &mut ());
    assert!(report.is_exhausted(), "{:?} after {:?}", report.outcome, report.stats);
    // A real search, not an empty move list: 83,239 positions in this implementation.
    assert!(report.stats.expanded > 10_000, "{:?}", report.stats);
}

/// Sequence moves are compositions of single-card moves, so they reach nothing new: the
/// sequence-move space of 11982 is exhausted too.
#[test]
fn deal_11982_is_unsolvable_with_sequence_moves_and_automoves() {
    let board = DealNumber::new(11_982).expect("in range").board();
    let problem = FreeCell::new(MoveModel::Sequence, Automove::Horne, CostModel::Sequence);
    let engine = bfs::Bfs::new(bfs::Config::new().budget(Budget::default().max_expanded(5_000_000)));
    let report = engine.search(&mut bfs::Cache::new(), &problem, &board, &mut ());
    assert!(report.is_exhausted(), "{:?} after {:?}", report.outcome, report.stats);
}
