//! Proof attempts when a greedy search runs out of positions ([`EarlyProof`]), for the
//! rules whose lost deals are many and their reachable spaces small: any-suit building with
//! no free cells and any card on an empty cascade (Beleaguered Castle, Streets and Alleys,
//! Citadel), and Good Measure's (see [`EarlyProof::for_rules`]).
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
//!
//! The attempts and the proof that ends the round are one search: each resumes where the
//! last stopped ([`proof::resume`]), so an attempt that fails costs nothing later, where it
//! used to be walked again by the next attempt and by the final proof. On Beleaguered
//! Castle deals 1–1,000 (1,000,000 expansions a deal) this proved one more deal lost
//! (229), with 1.6 % fewer expansions in all.
//!
//! **Positions probably lost, under any rules.** A solve with
//! [`Solver::greedy_nodes`](crate::Solver::greedy_nodes) (the difficulty ladder's rungs
//! below a position's own cells, often lost) makes the attempts whatever the rules: with
//! one or two free cells, FreeCell's greedy searches walked a lost rung's space about
//! twice over before the proof stored it (MS 1–600, the rungs lost in over 20,000
//! expansions: 7.2 million greedy expansions beside 4.7 million positions proved), and a
//! search that skips moves runs out of positions there as under Beleaguered Castle's rules.
//! Measured in the workspace's `docs/results/difficulty.md` (sixteenth session).

use freecell_core::{BoardN, Game, Move, Rules};
use freecell_search::{Budget, Limit, Observer, Report, SearchOutcome, UndecidedReason};

use super::castle;
use super::proof::{self, Ends, prove, resume};

/// A proof attempt's expansions per expansion of the search that ran out of positions:
/// 2 proved fewer deals early on deals 1–200 of Beleaguered Castle, 8 no more than 4.
const PER_EXPANSION: u64 = 4;

/// Good Measure's proof attempt once every search that skips moves has run out of
/// positions, the patient one alone left: at least this many expansions.
///
/// **Why:** there the searches that skip moves all skip the same swaps, and on a lost deal
/// they run out of positions one after the other after the same expansions (2906: 761
/// each; 2836: 1,986), each followed by an attempt of four times that; the patient search
/// then walked the swaps they skip for the rest of the node limit (2906: 287,000
/// expansions) while the proof, which needs 27,709 there, waited for it. This share proves
/// 2452, 2836 and 2906 lost within the limit (fc-solve proves them lost too: they need
/// 50,791, 50,814 and 21,621 in this attempt), and 204 and 5845 (72,975 and 66,517). All
/// that is left, measured and not kept, proved 2764, 4012 and 5018 too, but left 14 solved
/// deals undecided: their searches that skip moves run out too, and the patient search
/// wins later (1802 after 454 expansions, 534 after 135,325, all three out after 33).
/// With this share such a win comes that much later, 534's after 210,313, inside the
/// limit (`docs/results/games.md`, twenty-seventh session). 2764, 4012 and 5018 are proved
/// since by the attempt going on while its proof is nearly done ([`NEARLY_DONE`]).
const GOOD_MEASURE_ALL_OUT: u64 = 75_000;

/// An attempt goes on while its proof's positions stored and not yet expanded are
/// at most this share of those stored (as a divisor), each time for [`GROWTH`] times them.
///
/// **Why:** a breadth-first search whose space still grows holds a frontier as large as a
/// good part of what it stored; one near the end of a finite space holds few positions it
/// has not yet expanded, and every one of them must be expanded before the loss is proved.
/// After the 75,000 expansions of [`GOOD_MEASURE_ALL_OUT`], the deals fc-solve proves lost
/// had 7.4 % (2377) to 16.0 % (5018) of their stored positions unexpanded (2764 6.5 %, 4012
/// 15.2 %, 7056 15.9 %), the fourteen deals the patient search wins after that attempt
/// 26.4 % (1802) to 54.3 % (775): going on below a fifth proves 2764, 4012, 5018 and 7056
/// lost within the limit and costs those fourteen nothing (`docs/results/games.md`,
/// twenty-eighth session). Every attempt goes on so, not only the all-out one: 2377's first
/// attempt (88,648 expansions, four times its search's) left 7.4 % unexpanded, and going
/// on proves the loss after 243,395 expansions of the 246,000 limit, where the attempts
/// left it 5,557 short; on deals 1–10,000 no solved deal turned undecided
/// (`docs/results/games.md`, twenty-ninth session).
const NEARLY_DONE: u64 = 5;

/// Expansions of each step an attempt goes on for, per position stored and not
/// yet expanded ([`NEARLY_DONE`]): the frontier is checked again after each step, so a
/// proof whose space grows again stops within twice its frontier.
const GROWTH: u64 = 2;

/// Whether a solve still makes proof attempts when a search runs out of positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct EarlyProof {
    on: bool,
    /// Whether this round's proof has begun: later attempts, and the proof that ends the
    /// round, resume it.
    begun: bool,
    /// How the proof that ends the round stops at a node limit: once it can no longer
    /// prove a loss, for a position probably lost (see [`Ends::OnceUnprovable`]).
    ends: Ends,
    /// Whether the attempts are made longer (Good Measure's): the one made once every search
    /// that skips moves has run out of positions gets at least [`GOOD_MEASURE_ALL_OUT`]
    /// expansions (see [`attempt`](Self::attempt)), and every one goes on while its proof
    /// is nearly done (see [`goes_on`](Self::goes_on)).
    longer_attempts: bool,
}

impl EarlyProof {
    /// The attempts under `rules`: none where they do not pay (FreeCell and the games with
    /// free cells, whose searches that skip moves skip many, and the single-card games but
    /// Good Measure).
    ///
    /// **Good Measure:** its lost deals that outlast the greedy searches are proved only
    /// after its node limit, once the patient search has run out of positions; a search
    /// that skips moves (swaps, `Sparing`) runs out of them sooner, and an attempt then
    /// proves 178, 1256, 4196, 6691 and 9640, which fc-solve proves lost too, within the
    /// limit (112,137 to 168,072 expansions instead of 174,232 to 308,096). On deals
    /// 1–10,000 at the limit: 10 more proved lost, 3 solved before left undecided (641,
    /// 3248, 5429, which fc-solve leaves undecided at 1,000,000 states), 0.9 % fewer
    /// expansions (`docs/results/games.md`, twenty-third session). Baker's Dozen keeps its
    /// searches as they were.
    ///
    /// Under the castle games' rules the proof that ends the round stops at the node limit
    /// as soon as it can no longer prove a loss within it ([`Ends::OnceUnprovable`]): every
    /// loss it would prove is proved all the same, and what it gives up is a win its
    /// breadth-first search would reach later, where the four greedy searches, each given
    /// the memory, found none. On deals 1–10,000 of the three games that cost no verdict and
    /// changed no decided deal's row (`docs/results/games.md`, twenty-third session).
    ///
    /// Out of line: inlined into the greedy stage's round, the test cost FreeCell's
    /// searches, which make no attempts, 0.46 % more instructions.
    #[inline(never)]
    pub(super) fn for_rules(rules: Rules) -> EarlyProof {
        let castle = castle::applies(rules);
        let good_measure = rules == Game::GoodMeasure.rules();
        let ends = if castle { Ends::OnceUnprovable } else { Ends::AtLimit };
        EarlyProof { on: castle || good_measure, begun: false, ends, longer_attempts: good_measure }
    }

    /// These attempts, or attempts under any rules when the position is `probably_lost`
    /// (a solve with [`Solver::greedy_nodes`](crate::Solver::greedy_nodes)): there the
    /// greedy searches would walk the space the proof must store anyway, about twice over
    /// (see the module documentation). The last proof of such a solve ends at a node limit
    /// as soon as it can no longer prove the loss within it ([`Ends::OnceUnprovable`]): the
    /// rest of its budget could only find a win, which for these positions the greedy
    /// stage, not a breadth-first search, finds.
    pub(super) fn or_when(self, probably_lost: bool) -> EarlyProof {
        let ends = if probably_lost { Ends::OnceUnprovable } else { self.ends };
        EarlyProof { on: self.on || probably_lost, ends, ..self }
    }

    /// No attempts unless `proof` (a solve without its proof makes none).
    pub(super) fn only_if(self, proof: bool) -> EarlyProof {
        EarlyProof { on: self.on && proof, ..self }
    }

    /// Whether an attempt has begun this round's proof.
    pub(super) fn begun(self) -> bool {
        self.begun
    }

    /// The budget of the attempt after a search that skips moves ran out of positions
    /// after `expanded` expansions, with `left` left in the solve's, and how it ends at
    /// that budget's node limit (an attempt given all that is left is the solve's last
    /// proof, and ends as the proof that ends the round would): `None` when no attempt is
    /// made. When that search was the last of those that skip moves (`all_out`), under
    /// Good Measure's rules the attempt gets at least [`GOOD_MEASURE_ALL_OUT`].
    pub(super) fn attempt(self, expanded: u64, left: u64, all_out: bool) -> Option<(Budget, Ends)> {
        self.on.then(|| {
            let mut nodes = expanded.saturating_mul(PER_EXPANSION);
            if all_out && self.longer_attempts {
                nodes = nodes.max(GOOD_MEASURE_ALL_OUT);
            }
            let ends = if nodes >= left { self.ends } else { Ends::AtLimit };
            (Budget::default().max_expanded(nodes.min(left)), ends)
        })
    }

    /// The expansions an attempt goes on for, under Good Measure's rules, after its last
    /// step's `report` on the proof kept in `cache`, with `left` expansions left in the
    /// solve's budget: `None` unless that step stopped at its node limit with at most a
    /// [`NEARLY_DONE`] share of the proof's stored positions not yet expanded, then
    /// [`GROWTH`] times those, within `left`.
    pub(super) fn goes_on<const C: usize, const F: usize>(
        self,
        report: &Report<Move>,
        cache: Option<&proof::Cache<C, F>>,
        left: u64,
    ) -> Option<u64> {
        let at_limit = report.outcome == SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Expanded));
        if !(self.longer_attempts && at_limit && left > 0) {
            return None;
        }
        let stored = report.stats.peak_stored;
        let open = cache.map_or(0, proof::Cache::unexpanded);
        (open.saturating_mul(NEARLY_DONE) <= stored).then(|| open.saturating_mul(GROWTH).clamp(1, left))
    }

    /// A proof under `budget`, ending at its node limit as `ends` says: begun afresh the
    /// first time in a round, resumed after.
    pub(super) fn search<const C: usize, const F: usize>(
        &mut self,
        cache: &mut Option<proof::Cache<C, F>>,
        start: &BoardN<C, F>,
        (budget, ends): (Budget, Ends),
        observer: &mut impl Observer,
    ) -> Report<Move> {
        if std::mem::replace(&mut self.begun, true) {
            resume(cache, start, budget, ends, observer)
        } else {
            prove(cache, start, budget, ends, observer)
        }
    }

    /// The proof that ends the round, under `budget`: [`search`](Self::search), ending at
    /// a node limit as these attempts' rules say.
    pub(super) fn finish<const C: usize, const F: usize>(
        &mut self,
        cache: &mut Option<proof::Cache<C, F>>,
        start: &BoardN<C, F>,
        budget: Budget,
        observer: &mut impl Observer,
    ) -> Report<Move> {
        self.search(cache, start, (budget, self.ends), observer)
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
    use freecell_core::Game;
    use freecell_deals::DealNumber;
    use freecell_search::{Budget, Limit, SearchOutcome, UndecidedReason};

    use super::super::eval::Evaluations;
    use super::super::portfolio::{run, run_with};
    use super::super::proof::{Ends, prove};
    use super::EarlyProof;

    /// Beleaguered Castle deals that fc-solve proves unsolvable (its verdicts in
    /// `docs/results/data/fc-solve-games/beleaguered-castle.csv`: a complete search with
    /// every single-card move): `fast` proves them lost too, with at most the expansions of
    /// its greedy searches run until they run out of positions and of the proof alone (each
    /// attempt resumes the proof, and a verdict ends the greedy searches), and on 54 with
    /// fewer than the greedy searches alone (10,318 there: the attempts end them early, the
    /// whole solve 3,953); deal 3 has a card that can never move, and is lost without a
    /// search.
    #[test]
    fn lost_deals_are_proved_early() {
        let mut early = 0;
        for deal in [1, 3, 54, 57] {
            let board = DealNumber::new(deal).expect("in range").board_for(Game::BeleagueredCastle).expect("deals");
            let alone = prove(&mut None, &board, Budget::default(), Ends::AtLimit, &mut ());
            assert_eq!(alone.outcome, SearchOutcome::Exhausted, "deal {deal}");
            let fast = run(&mut None, &board, Budget::default(), None, None, &mut ());
            assert_eq!(fast.outcome, SearchOutcome::Exhausted, "deal {deal}");
            if deal == 3 {
                assert_eq!(fast.stats.expanded, 0, "deal {deal}");
                continue;
            }
            let greedy =
                run_with(&mut None, &board, Budget::default(), None, (None, Evaluations::Tuned, false), &mut ());
            assert_eq!(greedy.outcome, SearchOutcome::Undecided(UndecidedReason::Pruned), "deal {deal}");
            let (fast, greedy, alone) = (fast.stats.expanded, greedy.stats.expanded, alone.stats.expanded);
            assert!(fast <= greedy + alone, "deal {deal}: {fast} against {greedy} + {alone}");
            early += usize::from(fast < greedy);
        }
        assert!(early > 0, "no attempt ended the greedy searches early");
    }

    /// Good Measure 4196, which fc-solve proves unsolvable after 387,749 states, is proved
    /// lost within the game's node limit (`Preset::default_max_nodes_for`; 170,000 before its
    /// fourth to seventh dives and their caps): a search that skips moves runs out of positions and the attempt then
    /// decides, where without attempts the proof began only after the patient search ran out
    /// of positions, at 174,232 expansions.
    #[test]
    fn good_measure_4196_is_proved_lost_within_its_limit() {
        let board = DealNumber::new(4196).expect("in range").board_for(Game::GoodMeasure).expect("deals");
        let fast = run(&mut None, &board, Budget::default().max_expanded(limit(&board)), None, None, &mut ());
        assert_eq!(fast.outcome, SearchOutcome::Exhausted);
    }

    /// Good Measure 2906 and 2836, which fc-solve proves unsolvable after 991,576 and
    /// 372,916 states: the three searches that skip moves run out of positions after 761
    /// and 1,986 expansions each, and the attempt after the last of them
    /// ([`GOOD_MEASURE_ALL_OUT`](super::GOOD_MEASURE_ALL_OUT)) proves the loss, where the
    /// patient search took the limit before. 2764, 4012 and 5018 (fc-solve: 756,101,
    /// 221,924 and 767,664 states) need more than that attempt, which goes on while its
    /// proof is nearly done ([`NEARLY_DONE`](super::NEARLY_DONE)). And 534, solved by the
    /// patient search after all three ran out, is still solved within the limit.
    #[test]
    fn good_measure_proves_the_loss_once_every_search_that_skips_moves_ran_out() {
        for (deal, expanded) in [(2906, 29_992), (2836, 72_660), (2764, 92_411), (4012, 118_848), (5018, 191_302)] {
            let board = DealNumber::new(deal).expect("in range").board_for(Game::GoodMeasure).expect("deals");
            let fast = run(&mut None, &board, Budget::default().max_expanded(limit(&board)), None, None, &mut ());
            assert_eq!((fast.outcome, fast.stats.expanded), (SearchOutcome::Exhausted, expanded), "deal {deal}");
        }
        let board = DealNumber::new(534).expect("in range").board_for(Game::GoodMeasure).expect("deals");
        let fast = run(&mut None, &board, Budget::default().max_expanded(limit(&board)), None, None, &mut ());
        assert!(matches!(fast.outcome, SearchOutcome::Solved(_)), "534: {:?}", fast.outcome);
    }

    /// Good Measure 2377, which fc-solve proves unsolvable after 683,590 states: its first
    /// search that skips moves runs out of positions after 22,162 expansions of its own,
    /// and the attempt then, four times that, leaves its proof nearly done; going on
    /// ([`NEARLY_DONE`](super::NEARLY_DONE)) proves the loss within the limit, where the
    /// patient search and the dives took the rest before (after 243,395 expansions while
    /// the nearest-card dive was capped at 7,500, 248,245 while the marking one was capped
    /// at 24,800, 255,895 while it was capped at 40,100; their larger turns come before the
    /// attempt's).
    #[test]
    fn good_measure_2377_is_proved_lost_by_an_attempt_going_on() {
        let board = DealNumber::new(2377).expect("in range").board_for(Game::GoodMeasure).expect("deals");
        let fast = run(&mut None, &board, Budget::default().max_expanded(limit(&board)), None, None, &mut ());
        assert_eq!((fast.outcome, fast.stats.expanded), (SearchOutcome::Exhausted, 261_245));
    }

    /// Good Measure's node limit for `board`, as `fast` applies it when none is given.
    fn limit(board: &freecell_core::Board) -> u64 {
        crate::Preset::Fast.default_max_nodes_for(board).expect("Good Measure has a node limit")
    }

    /// Under the castle games' rules a solve's last proof stops at the node limit once it
    /// can no longer prove the loss within it, before the limit's last expansion, and a
    /// budget that can prove it still does (Streets and Alleys 42, lost: fc-solve's verdict,
    /// `docs/results/data/fc-solve-games`).
    #[test]
    fn the_last_proof_stops_once_it_cannot_prove_the_loss() {
        let board = DealNumber::new(42).expect("in range").board_for(Game::StreetsAndAlleys).expect("deals");
        let whole = run(&mut None, &board, Budget::default(), None, None, &mut ());
        assert_eq!(whole.outcome, SearchOutcome::Exhausted);
        let n = whole.stats.expanded;
        let enough = run(&mut None, &board, Budget::default().max_expanded(n), None, None, &mut ());
        assert_eq!((enough.outcome, enough.stats.expanded), (SearchOutcome::Exhausted, n));
        let short = run(&mut None, &board, Budget::default().max_expanded(n - 1), None, None, &mut ());
        assert_eq!(short.outcome, SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Expanded)));
        assert!(short.stats.expanded < n - 1, "{} of {n}", short.stats.expanded);
    }

    /// A proof resumed in steps of a few expansions reaches the verdict of the proof run at
    /// once with the same expansions in all: every position is expanded once, whatever the
    /// steps, and each step but the last stops at its limit (lost deals, as fc-solve finds
    /// them: `docs/results/data/fc-solve-games`).
    #[test]
    fn a_resumed_proof_expands_each_position_once() {
        const STEP: u64 = 13;
        for (game, deal) in [(Game::BeleagueredCastle, 1), (Game::BeleagueredCastle, 57), (Game::StreetsAndAlleys, 42)]
        {
            let board = DealNumber::new(deal).expect("in range").board_for(game).expect("deals");
            let whole = prove(&mut None, &board, Budget::default(), Ends::AtLimit, &mut ());
            let mut cache = None;
            let mut early = EarlyProof::for_rules(game.rules());
            let (mut expanded, mut steps) = (0, 0);
            let outcome = loop {
                let step =
                    early.search(&mut cache, &board, (Budget::default().max_expanded(STEP), Ends::AtLimit), &mut ());
                expanded += step.stats.expanded;
                steps += 1;
                match step.outcome {
                    SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Expanded)) => {
                        assert_eq!(step.stats.expanded, STEP, "{game:?} {deal}");
                    }
                    outcome => break outcome,
                }
            };
            // Lost deals (fc-solve's verdict too): both searches exhaust the same space.
            assert_eq!(whole.outcome, SearchOutcome::Exhausted, "{game:?} {deal}");
            assert_eq!(outcome, SearchOutcome::Exhausted, "{game:?} {deal}");
            assert_eq!(expanded, whole.stats.expanded, "{game:?} {deal}");
            assert!(steps > 5, "{game:?} {deal}: {steps} steps");
        }
    }
}
