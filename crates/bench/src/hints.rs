//! The bench of hints: the latency of a hint solved afresh (`Solver::hint` off its kept
//! lines) on mid-game positions.

use std::time::Instant;

use freecell_core::{BoardN, Move, MoveModel, Variant, replay};
use freecell_deals::{DealNumber, SplitMix64};
use freecell_solver::{GameBoard, Hint, Outcome, Solver};

use crate::row::{HintRow, Measure, Source};
use crate::run::{DealResult, Fault, Workload};
use crate::solves::{dealt, solution_error};
use crate::summary::HintSummary;

/// Fewest and most random moves of a detour.
const DETOUR_MOVES: (u64, u64) = (1, 10);

/// The [`Workload`] that times hints: for each deal, a hint solved afresh on K mid-game
/// positions, a [`HintRow`] per position, summarised as latency percentiles
/// ([`HintSummary`]).
///
/// Position `j` (0 … K−1) of deal `d` is chosen by a `SplitMix64` generator seeded with
/// `d · 2^16 + j`, so the positions do not depend on the number of threads:
/// - even `j`, **along the solution**: the board after the first `i` moves of the solver's
///   own solution of the deal, `i` uniform in the middle three fifths of it. These positions
///   are solvable, and are what a player following earlier hints reaches.
/// - odd `j`, **a detour**: a point chosen the same way, then 1 … 10 moves (uniform), each
///   chosen uniformly among the legal moves of the sequence-move generator: a player who
///   left the solution. Without a solution of the deal, every position is a detour from the
///   deal itself. A detour can reach a dead end; a position without a hint is counted, and
///   timed, as such.
///
/// Why not random play from the deal alone: it fills the free cells within a few moves, and
/// most such positions are dead (MS 1 after 10 uniform random moves has four full cells
/// and no legal move), which measures proofs of defeat rather than hints.
///
/// Every hint is checked: its solution is replayed by the core verifier and must start
/// with the hinted move; one that fails is a [`Fault`] and an `error` row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hints {
    count: u32,
    game: Variant,
}

impl Hints {
    /// The most positions per deal: the seed gives each position 16 bits.
    pub const MAX: u32 = (1 << 16) - 1;

    /// `count` positions per deal; `None` unless 1 to [`MAX`](Self::MAX).
    pub fn new(count: u32) -> Option<Hints> {
        (1..=Hints::MAX).contains(&count).then(|| Hints { count, game: Variant::default() })
    }

    /// The positions per deal.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// The game whose deals are played (FreeCell by default), as [`Solves::game`](crate::Solves::game).
    pub fn game(mut self, game: Variant) -> Hints {
        self.game = game;
        self
    }
}

impl Workload for Hints {
    type Row = HintRow;
    type Summary = HintSummary;

    fn rows_per_deal(&self) -> usize {
        self.count as usize
    }

    fn run(&self, solver: &Solver, deal: DealNumber, name: &str) -> DealResult<HintRow> {
        hint_rows(solver, &self.game, deal, self.count, name)
    }
}

/// Times `k` hints on positions of `deal`.
fn hint_rows(solver: &Solver, game: &Variant, deal: DealNumber, k: u32, name: &str) -> DealResult<HintRow> {
    let mut done = DealResult::new(deal);
    match dealt(game, deal) {
        Ok(GameBoard::Narrow(board)) => hints_on(solver, &board, deal, k, name, &mut done),
        Ok(GameBoard::Wide(board)) => hints_on(solver, &board, deal, k, name, &mut done),
        Err(problem) => done.faults.push(Fault { deal, position: None, problem }),
    }
    done
}

/// [`hint_rows`] on `board`, deal `deal` at its width.
fn hints_on<const C: usize, const F: usize>(
    solver: &Solver,
    board: &BoardN<C, F>,
    deal: DealNumber,
    k: u32,
    name: &str,
    done: &mut DealResult<HintRow>,
) {
    // The solver's own solution, for positions along it; a failure here is reported like
    // any other solution that does not verify.
    let solution = match solver.solve(board) {
        Ok(report) => match report.outcome {
            Outcome::Solved(solution) => match solution_error(board, &solution.moves) {
                None => Some(solution.moves),
                Some(problem) => {
                    done.faults.push(Fault { deal, position: None, problem });
                    None
                }
            },
            _ => None,
        },
        Err(error) => {
            done.faults.push(Fault { deal, position: None, problem: error.to_string() });
            None
        }
    };
    let mut moves = Vec::new();
    let path = solution.as_deref().unwrap_or(&[]);
    for j in 0..k {
        let mut rng = SplitMix64::new((deal.get() << 16) | u64::from(j));
        // A point in the middle three fifths of the solution (the deal when there is none).
        let len = path.len() as u64;
        let i = (len / 5 + rng.below(len * 3 / 5 + 1)) as usize;
        let mut position = match replay(board, &path[..i]) {
            Ok(position) => position,
            Err(error) => {
                // The solution was verified above, so its prefixes replay.
                let problem = format!("the solution does not replay: {error}");
                done.faults.push(Fault { deal, position: None, problem });
                continue;
            }
        };
        let (source, plies) = if j % 2 == 0 && solution.is_some() {
            (Source::Solution, i)
        } else {
            (Source::Detour, i + detour(&mut position, &mut rng, &mut moves))
        };
        // A hint solved afresh, as `Solver::hint` answers a position off the lines it keeps:
        // a later position of this deal on the line of an earlier one's hint would be
        // answered with no search, which is not the latency this bench measures.
        let started = Instant::now();
        let hint = solver.solve(&position).map(Hint::from);
        let elapsed = started.elapsed();
        let measure = match hint {
            Ok(hint) => {
                let problem = match &hint.report.outcome {
                    Outcome::Solved(s) if hint.next != s.moves.first().copied() => {
                        Some("the hint is not the solution's first move".to_owned())
                    }
                    Outcome::Solved(s) => solution_error(&position, &s.moves),
                    _ => None,
                };
                match problem {
                    None => Measure::of(&hint.report, elapsed),
                    Some(problem) => {
                        done.faults.push(Fault { deal, position: Some(j), problem });
                        Measure::error(elapsed)
                    }
                }
            }
            Err(error) => {
                done.faults.push(Fault { deal, position: Some(j), problem: error.to_string() });
                Measure::error(elapsed)
            }
        };
        done.rows.push(HintRow {
            deal: deal.get(),
            solver: name.to_owned(),
            position: j,
            source,
            plies: plies as u32,
            measure,
        });
    }
}

/// Plays `DETOUR_MOVES` random legal moves (uniform count, uniform choices) on `position`
/// and returns how many it played (fewer at a dead end).
fn detour<const C: usize, const F: usize>(
    position: &mut BoardN<C, F>,
    rng: &mut SplitMix64,
    moves: &mut Vec<Move>,
) -> usize {
    let length = DETOUR_MOVES.0 + rng.below(DETOUR_MOVES.1 - DETOUR_MOVES.0 + 1);
    let mut played = 0;
    while played < length && !position.is_won() {
        moves.clear();
        position.generate_moves(MoveModel::Sequence, moves);
        let Some(&mv) = moves.get(rng.below(moves.len().max(1) as u64) as usize) else { break };
        if position.apply(mv).is_err() {
            // Generated moves are legal; stop rather than trust a position that is not.
            break;
        }
        played += 1;
    }
    played as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detours_are_seeded_and_legal() {
        let board = DealNumber::new(1).expect("1 is a deal").board();
        let mut moves = Vec::new();
        let (mut a, mut b) = (board.clone(), board.clone());
        let n = detour(&mut a, &mut SplitMix64::new(7), &mut moves);
        let m = detour(&mut b, &mut SplitMix64::new(7), &mut moves);
        assert_eq!((a.hash64(), n), (b.hash64(), m));
        assert!((1..=10).contains(&n), "{n} moves");
        assert_ne!(a.hash64(), board.hash64());
    }

    #[test]
    fn counts_are_checked() {
        assert_eq!(Hints::new(0), None);
        assert_eq!(Hints::new(Hints::MAX + 1), None);
        assert_eq!(Hints::new(Hints::MAX).as_ref().map(Hints::count), Some(65_535));
    }

    #[test]
    fn every_position_gets_a_row_and_hints_verify() {
        // MS 4 takes hsd 6,294 expansions; the limit keeps a dead detour cheap in debug builds.
        let solver = Solver::new(freecell_solver::Preset::Hsd).max_nodes(7_000);
        let deal = DealNumber::new(4).expect("4 is a deal");
        let done = hint_rows(&solver, &Variant::default(), deal, 2, "hsd");
        assert!(done.faults.is_empty(), "{:?}", done.faults);
        let sources: Vec<Source> = done.rows.iter().map(|r| r.source).collect();
        assert_eq!(sources, [Source::Solution, Source::Detour]);
        // Positions along a verified solution are solvable, and get a hint.
        assert!(done.rows.iter().filter(|r| r.source == Source::Solution).all(|r| r.measure.length.is_some()));
        assert!(done.rows.iter().all(|r| r.plies > 0));
    }
}
