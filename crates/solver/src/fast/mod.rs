//! The `fast` preset's first stage: greedy best-first search over sequence moves with safe
//! automoves, a cheap evaluation, and 64-bit hashes for duplicate detection.
//!
//! **Why a dedicated engine:** the preset's budget is about a hundred microseconds per deal
//! (fc-solve 6.16, `shlomif/fc-solve`, built and run here, takes a few seconds for MS
//! 1–32,000: see `docs/results/fast.md`). The generic engines keep an exact 39-byte key per state and are
//! generic over the heuristic; this one keeps a board only for the positions it expanded,
//! detects duplicates on [`Board::hash64`] (the Zobrist hash, invariant under permuting
//! cascades and cells, kept up to date by every move), and scores a child from its
//! parent's counts and the move — most children without building their board at all
//! ([`Board::preview`]). Moves that can only reach a position already seen (the card the
//! last move placed, moved on) are not generated. Nothing is allocated per node once the
//! [`Cache`] is warm.
//!
//! A 64-bit hash can collide, and the seen set's slots hold 32 of its bits (see
//! [`HashSet64`]); a collision would only drop a state, never produce a wrong solution (every
//! solution is verified) nor a wrong proof: this stage never claims a deal unsolvable. Its
//! "exhausted" is only a signal to run the exact stage.
//!
//! The parts, each in its own module: the evaluation (`eval`), which moves are generated
//! and the automoves after them (`moves`), one resumable greedy search (`greedy`, its
//! containers those of [`freecell_search::containers`]: the seen set a [`HashSet64`], the
//! open list a [`LinkedBuckets`] threaded through its nodes), and the searches taking turns,
//! the exhaustive proof (`proof`, positions packed), the proof without a search that a
//! single-card game's position is lost because a card can never move (`frozen`), the moves
//! no search makes because they lead nowhere better (`dominance`), the depth-first
//! searches taking turns with the greedy ones under Baker's Dozen's, Good Measure's,
//! ForeCell's and Beleaguered Castle's rules (`dive`; ForeCell's and the three games of
//! Beleaguered Castle's rules with fc-solve's compound moves, `compound`; a dive kept for
//! Streets and Alleys' last dive lends its room to the searches beside it, `loan`), the proof
//! attempts made before the greedy stage ends under Beleaguered Castle's rules
//! (`early_proof`), those rules and the evaluations the greedy searches take there
//! (`castle`), and the rounds of both stages with more memory each (`portfolio`,
//! where [`run_with`] lives).
//!
//! [`Board::hash64`]: freecell_core::Board::hash64
//! [`Board::preview`]: freecell_core::Board::preview
//! [`HashSet64`]: freecell_search::containers::HashSet64
//! [`LinkedBuckets`]: freecell_search::containers::LinkedBuckets

mod castle;
mod compound;
mod dive;
mod dominance;
mod early_proof;
mod eval;
mod frozen;
mod greedy;
mod joins;
#[cfg(test)]
mod learn;
mod loan;
mod moves;
mod portfolio;
mod proof;
mod swaps;
#[cfg(test)]
mod tests;

pub(crate) use dive::{GOOD_MEASURE_DIVES, more_nodes};
pub(crate) use eval::Evaluations;
pub(crate) use moves::may_automove;
pub(crate) use portfolio::{Cache, run_with};
