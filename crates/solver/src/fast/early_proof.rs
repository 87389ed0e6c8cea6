//! Proof attempts when a greedy search runs out of positions ([`EarlyProof`]), for the
//! rules whose lost deals are many and their reachable spaces small: any-suit building with
//! no free cells and any card on an empty cascade (Beleaguered Castle, Streets and Alleys,
//! Citadel).
//!
//! **Why:** a lost deal is otherwise proved only once the patient greedy search has run
//! out of positions, after the four searches, taking turns, have each walked most of the
//! reachable space; the proof then walks it a fifth time (deals 1–200 of Beleaguered
//! Castle: every lost deal with fewer than 3,000 positions took exactly five times its
//! proof's expansions). Under these rules the searches that skip moves skip few (there is
//! no free cell, and only a built run split into an empty cascade is skipped), so when one
//! of them runs out of positions after `n` expansions the reachable space is likely not
//! much larger: the proof runs then, capped at a multiple of `n`. On deals 1–200 (at most
//! 1,000,000 expansions a deal) this cut the lost deals' expansions by 24 % in Beleaguered
//! Castle and 36 % in Streets and Alleys, and changed no other deal's: a search that skips
//! moves did not run out of positions on any solvable deal there. An attempt that fails
//! costs at most its cap, and a search drops out only once.

use freecell_core::{BuildRule, EmptyCascadeRule, Move, Rules};
use freecell_search::{Budget, Limit, SearchOutcome, UndecidedReason};

/// A proof attempt's expansions per expansion of the search that ran out of positions:
/// 2 proved fewer deals early on deals 1–200 of Beleaguered Castle, 8 no more than 4.
const PER_EXPANSION: u64 = 4;

/// Whether a solve still makes proof attempts when a search runs out of positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct EarlyProof {
    on: bool,
}

impl EarlyProof {
    /// The attempts under `rules`: none where they do not pay (FreeCell and the games with
    /// free cells, whose searches that skip moves skip many, and the single-card games).
    pub(super) fn for_rules(rules: Rules) -> EarlyProof {
        let on = rules.free_cells == 0
            && rules.build == BuildRule::AnySuit
            && rules.empty_cascade == EmptyCascadeRule::AnyCard;
        EarlyProof { on }
    }

    /// The budget of the attempt after a search that skips moves ran out of positions
    /// after `expanded` expansions, with `left` left in the solve's: `None` when no attempt
    /// is made.
    pub(super) fn attempt(self, expanded: u64, left: u64) -> Option<Budget> {
        self.on.then(|| Budget::default().max_expanded(expanded.saturating_mul(PER_EXPANSION).min(left)))
    }

    /// What an attempt's `outcome` means for the solve, with `left` expansions left in its
    /// budget: the solve's outcome (solved, lost, stopped, or the solve's own node limit
    /// reached), or `None` to let the greedy searches go on. An attempt out of memory ends
    /// the attempts: the proof after the greedy stage, with all of its share, decides.
    pub(super) fn settle(&mut self, outcome: SearchOutcome<Move>, left: u64) -> Option<SearchOutcome<Move>> {
        match outcome {
            SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Expanded)) if left > 0 => None,
            SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Bytes)) => {
                self.on = false;
                None
            }
            outcome => Some(outcome),
        }
    }
}

#[cfg(test)]
mod tests {
    use freecell_core::{Game, Rules};
    use freecell_deals::DealNumber;
    use freecell_search::{Budget, SearchOutcome};

    use super::super::portfolio::run;
    use super::super::proof::prove;
    use super::EarlyProof;

    /// Beleaguered Castle deals that fc-solve proves unsolvable (its verdicts in
    /// `docs/results/data/fc-solve-games/beleaguered-castle.csv`: a complete search with
    /// every single-card move): `fast` proves them lost too, in fewer than three times the
    /// expansions of the proof alone (five times, each position walked by the four greedy
    /// searches and the proof, before the attempts).
    #[test]
    fn lost_deals_are_proved_early() {
        for deal in [1, 3, 54, 57] {
            let board = DealNumber::new(deal).expect("in range").board_for(Game::BeleagueredCastle).expect("deals");
            let alone = prove(&mut None, &board, Budget::default(), &mut ());
            assert_eq!(alone.outcome, SearchOutcome::Exhausted, "deal {deal}");
            let fast = run(&mut None, &board, Budget::default(), None, None, &mut ());
            assert_eq!(fast.outcome, SearchOutcome::Exhausted, "deal {deal}");
            assert!(fast.stats.expanded < 3 * alone.stats.expanded, "deal {deal}: {:?} {:?}", fast.stats, alone.stats);
        }
    }

    /// The attempts run in exactly the three games of the family with these rules.
    #[test]
    fn only_castle_rules_have_attempts() {
        let with: Vec<Game> = Game::ALL.into_iter().filter(|g| EarlyProof::for_rules(g.rules()).on).collect();
        assert_eq!(with, [Game::BeleagueredCastle, Game::StreetsAndAlleys, Game::Citadel]);
        assert!(!EarlyProof::for_rules(Rules::freecell()).on);
    }
}
