//! `freecell bench --hints K`: the latency of `Solver::hint` on mid-game positions.
//!
//! Position `j` (0 … K−1) of deal `d` is chosen by a `SplitMix64` generator seeded with
//! `d · 2^16 + j`, so the positions do not depend on `--jobs`:
//! - even `j`, **along the solution**: the board after the first `i` moves of the solver's
//!   own solution of the deal, `i` uniform in the middle three fifths of it. These positions
//!   are solvable, and are what a player following earlier hints reaches.
//! - odd `j`, **a detour**: a point chosen the same way, then 1 … 10 moves (uniform), each
//!   chosen uniformly among the legal moves of the sequence-move generator: a player who
//!   left the solution. Without a solution of the deal, every position is a detour from the
//!   deal itself. A detour can reach a dead end; a position without a hint is counted, and
//!   timed, as such.
//!
//! Why not random play from the deal alone: it fills the free cells within a few moves, and
//! most such positions are dead (MS 1 after 10 uniform random moves has four full cells
//! and no legal move), which measures proofs of defeat rather than hints.

use std::time::Instant;

use freecell_core::{Board, Move, MoveModel, replay};
use freecell_deals::{DealNumber, SplitMix64};
use freecell_solver::{Outcome, Solver};

use super::Done;
use super::row::{HintRow, Measure, Source};
use super::solution_error;

/// Fewest and most random moves of a detour.
const DETOUR_MOVES: (u64, u64) = (1, 10);

/// The most hint positions per deal (the seed gives each position 16 bits).
pub(super) const MAX_HINTS: u32 = 1 << 16;

/// `--hints K`: 1 to [`MAX_HINTS`] − 1 positions per deal.
pub(super) fn parse_count(text: &str) -> Result<u32, String> {
    crate::input::number::<u32>(text)
        .ok()
        .filter(|k| (1..MAX_HINTS).contains(k))
        .ok_or_else(|| format!("K is a number of positions, 1 to {}", MAX_HINTS - 1))
}

/// Times `k` hints on positions of `deal`.
pub(super) fn hint_rows(solver: &Solver, deal: DealNumber, k: u32, name: &str) -> Done<HintRow> {
    let board = deal.board();
    let mut done = Done::default();
    // The solver's own solution, for positions along it; a failure here is reported like
    // any other solution that does not verify.
    let solution = match solver.solve(&board) {
        Ok(report) => match report.outcome {
            Outcome::Solved(solution) => match solution_error(&board, &solution.moves) {
                None => Some(solution.moves),
                Some(error) => {
                    done.errors.push(format!("deal {deal}: {error}"));
                    None
                }
            },
            _ => None,
        },
        Err(error) => {
            done.errors.push(format!("deal {deal}: {error}"));
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
        let mut position = match replay(&board, &path[..i]) {
            Ok(position) => position,
            Err(error) => {
                // The solution was verified above, so its prefixes replay.
                done.errors.push(format!("deal {deal}: the solution does not replay: {error}"));
                continue;
            }
        };
        let (source, plies) = if j % 2 == 0 && solution.is_some() {
            (Source::Solution, i)
        } else {
            (Source::Detour, i + detour(&mut position, &mut rng, &mut moves))
        };
        let started = Instant::now();
        let hint = solver.hint(&position);
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
                    Some(error) => {
                        done.errors.push(format!("deal {deal}, position {j}: {error}"));
                        Measure::error(elapsed)
                    }
                }
            }
            Err(error) => {
                done.errors.push(format!("deal {deal}, position {j}: {error}"));
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
    done
}

/// Plays `DETOUR_MOVES` random legal moves (uniform count, uniform choices) on `position`
/// and returns how many it played (fewer at a dead end).
fn detour(position: &mut Board, rng: &mut SplitMix64, moves: &mut Vec<Move>) -> usize {
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
    fn every_position_gets_a_row_and_hints_verify() {
        // MS 4 takes hsd 6,294 expansions; the limit keeps a dead detour cheap in debug builds.
        let solver = Solver::new(freecell_solver::Preset::Hsd).max_nodes(7_000);
        let deal = DealNumber::new(4).expect("4 is a deal");
        let done = hint_rows(&solver, deal, 2, "hsd");
        assert!(done.errors.is_empty(), "{:?}", done.errors);
        let sources: Vec<Source> = done.rows.iter().map(|r| r.source).collect();
        assert_eq!(sources, [Source::Solution, Source::Detour]);
        // Positions along a verified solution are solvable, and get a hint.
        assert!(done.rows.iter().filter(|r| r.source == Source::Solution).all(|r| r.measure.length.is_some()));
        assert!(done.rows.iter().all(|r| r.plies > 0));
    }
}
