//! The entry point, [`run_with`]: rounds of the greedy searches taking turns, one per
//! evaluation, then the exhaustive proof that decides what they could not, each round with
//! twice the memory of the last while the machine allows. Its scratch, [`Cache`], keeps the
//! searches between solves.

use freecell_core::{BoardN, Move};
use freecell_search::{Budget, Control, Limit, MovePath, Observer, Report, SearchOutcome, Stats, UndecidedReason};

use super::castle;
use super::dive::{Dive, DiveRules, Order};
use super::early_proof::EarlyProof;
use super::eval::{Evaluations, Weights};
use super::frozen::Frozen;
use super::greedy::{Config, End, Search};
use super::loan::Lender;
use super::moves::turn_spares;
use super::proof::{self, Ends};
use crate::preset::FAST_BYTES;
use crate::solver::combine;

/// Scratch of the `fast` preset, kept between solves: one greedy search per evaluation of
/// [`Weights::TURNS`], and the proof's storage.
pub(crate) struct Cache<const C: usize, const F: usize> {
    searches: Vec<Search<C, F>>,
    proof: Option<proof::Cache<C, F>>,
    /// The depth-first searches, one per [`DIVES`] order, under the rules that have them.
    dives: [Dive<C, F>; DIVES.len()],
    /// A dive stopped at its cap, kept for the last dive that resumes it
    /// ([`DiveRules::resumed_last`]), lending its room to the other searches meanwhile.
    kept: Dive<C, F>,
    /// The start of the last solve, when it had `greedy_nodes` and stopped at its node
    /// limit: its proof can go on (see [`resume_proof`](Self::resume_proof)).
    paused: Option<BoardN<C, F>>,
    /// Whether the next solve resumes that proof.
    resume: bool,
}

impl<const C: usize, const F: usize> Default for Cache<C, F> {
    fn default() -> Self {
        let dives = Default::default();
        Cache { searches: Vec::new(), proof: None, dives, kept: Dive::default(), paused: None, resume: false }
    }
}

impl<const C: usize, const F: usize> Cache<C, F> {
    /// Makes the next solve, if it is of the start of the last one, which had
    /// `greedy_nodes` and stopped at its node limit, go on with that solve's proof alone,
    /// under its own budget: the greedy stage is not run again, nor the positions the
    /// proof expanded. Its proof ends as the last proof of a solve with `greedy_nodes`
    /// ([`Ends::OnceUnprovable`]). For a caller that has seen the greedy stage's searches
    /// fail with more expansions (the difficulty ladder, after the `fast` schedule's
    /// attempt): a loss is proved, or a win found, as by that proof run on in one go.
    pub(crate) fn resume_proof(&mut self) {
        self.resume = true;
    }

    /// Records the start of a solve that ended with `outcome`: resumable when it had
    /// `greedy_nodes` (one round, whose proof was begun afresh, if at all, in this solve)
    /// and stopped at its node limit.
    fn pause_at_limit(&mut self, start: &BoardN<C, F>, greedy_nodes: Option<u64>, outcome: &SearchOutcome<Move>) {
        let at_limit = *outcome == SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Expanded));
        self.paused = (at_limit && greedy_nodes.is_some()).then(|| start.clone());
    }

    /// Whether the solve from `start` resumes the last one's proof, as [`resume_proof`](Self::resume_proof)
    /// asked (which it consumes).
    fn resumes(&mut self, start: &BoardN<C, F>) -> bool {
        let resume = std::mem::take(&mut self.resume);
        let paused = self.paused.take();
        if !resume || paused.as_ref() != Some(start) {
            // A solve begun afresh: no pause of an earlier one is resumed within it, and
            // the last proof's store (freed when a proof begins) must not stay beside the
            // greedy searches, which do not count it.
            self.proof = None;
            return false;
        }
        // The proof goes on alone: the greedy searches and dives give their memory back.
        self.searches.clear();
        self.dives = Default::default();
        self.kept = Dive::default();
        true
    }

    /// Bytes held by the searches' capacities and the proof's.
    pub(crate) fn held(&self) -> usize {
        self.searches.iter().map(Search::capacity_bytes).sum::<usize>()
            + self.proof.as_ref().map_or(0, proof::Cache::memory_usage)
            + self.dives.iter().map(Dive::capacity_bytes).sum::<usize>()
            + self.kept.capacity_bytes()
    }
}

/// The depth-first searches' orders, under the rules that have them (see [`DiveRules`]).
pub(super) const DIVES: [Order; 7] = [
    Order::Nearest,
    Order::Uncovered,
    Order::Stacks,
    Order::Marked,
    Order::Parents,
    Order::NearestMarked,
    Order::UncoveredMarked,
];

/// The shares of a greedy turn's quantum each dive's turn gets one of: Good Measure's third
/// to seventh dives, capped, take their shares beside the two the other games' dives share
/// (a Good Measure dive at least half its cap: [`DiveRules::turn`]).
const DIVE_SHARES: u64 = 2;

/// Expansions the first evaluation gets alone, before the others join: most deals are
/// solved within them.
const FIRST_TURN: u64 = 1_000;

/// Expansions of each evaluation's turn in the first round of turns; each later round
/// doubles it.
const FIRST_QUANTUM: u64 = 2_000;

/// The first turn and the first round's quanta under FreeCell's own rules and tuned
/// evaluations: 62 expansions alone for the first, then 750, 250, 625 and 16, doubling. The
/// deals the first evaluation does not solve soon (one in thirty) take about two fifths of
/// the expansions, and the second and the greedy third finish many of them quickly: they
/// now start after 812 and 1,062 expansions (1,500 and 1,625 before), at the cost of a few
/// of their expansions on the deals the first would have solved a little later, and the
/// patient one, which few deals need, starts with 16. Chosen by the simulation of the
/// turns from each evaluation's counts alone on MS 100,001–140,000 (`docs/results/fast.md`,
/// twenty-eighth session; before, 1,000 alone and then 500, 125, 500, 125, from the
/// twenty-fourth).
const FREECELL_SCHEDULE: (u64, [u64; 4]) = (62, [750, 250, 625, 16]);

/// The first turn's expansions and the first round's quantum of each turn under `rules`
/// and `evaluations`.
fn first_turns(rules: freecell_core::Rules, evaluations: Evaluations) -> (u64, [u64; Weights::TURNS.len()]) {
    if rules == freecell_core::Rules::freecell() && evaluations == Evaluations::Tuned {
        FREECELL_SCHEDULE
    } else {
        (FIRST_TURN, [FIRST_QUANTUM; Weights::TURNS.len()])
    }
}

/// The share of a round's bytes its proof gets, unless the round is the last the limits
/// allow: 1/4 (as a divisor).
///
/// Why: the proof stores a position in about 30 bytes, the greedy searches about 110 bytes
/// per position they expand (`docs/results/fast.md`), so with a quarter of the bytes the
/// proof stores about as many positions as the greedy stage expands, and takes about as
/// long. A round then spends about as much on the stage that cannot decide the deal (the
/// proof of a solvable deal, the greedy searches of an impossible one) as on the one that
/// can. With all the bytes, the proof of a solvable deal that outgrew the greedy searches
/// (fc-solve's `solvable-781948-swapped` board) took four times as long as the round's greedy
/// stage, and the deal 6.4 s instead of 1.6 s.
const PROOF_SHARE: usize = 4;

/// The most an earlier solve's capacities may hold when a solve under the caller's byte
/// limit begins, as a divisor of that limit: more, and the cache is freed.
///
/// **Why.** The searches count their bytes from their lengths, as a cache filled from empty
/// would hold them, so that a byte limit stops a solve at the same node whatever was solved
/// before (see `Search::peak`); the capacities an earlier, larger solve left are real heap
/// all the same, and a solve under a small limit after one under a large limit held them
/// all (a Streets and Alleys deal under 1 MiB after one at 300,000 expansions: 100 MB).
/// Within a sixteenth of the limit, what is kept stays within the 10 % the limits are
/// honoured to (`tests/it/limits.rs`). **Why only the caller's.** Without it, the limit is
/// the share of the machine's memory that the reading gives with the cache's bytes counted
/// as free (`Solver::budget`), and the capacities stay warm: freed there, Good Measure's
/// were grown again deal after deal, 5.9 % more CPU on deals 1–1,000 (`docs/results/games.md`,
/// thirtieth session).
const KEPT_SHARE: usize = 16;

/// What a round runs: whether the greedy stage runs (not when no more memory can help it),
/// whether the proof does, its bytes, and the counts of the earlier rounds, which the observer sees added to
/// this round's.
struct Plan {
    /// The evaluations taking turns.
    turns: [Weights; Weights::TURNS.len()],
    /// The first evaluation's turn alone, and each turn's expansions in the first round
    /// of turns (see [`first_turns`]).
    quanta: (u64, [u64; Weights::TURNS.len()]),
    greedy: bool,
    /// Expansions the greedy stage may take before the proof decides.
    greedy_nodes: Option<u64>,
    /// Whether the proof runs (see [`run_with`]'s `proof`).
    proof: bool,
    proof_bytes: usize,
    spent: Stats,
    /// The turn that runs alone (see `Evaluations::Alone`).
    #[cfg(test)]
    alone: Option<usize>,
}

impl Plan {
    /// The round's limit when its greedy stage has `max_bytes`: those, or the proof's
    /// bytes when more (a solve with `greedy_nodes` gives its proof all the limits allow).
    fn whole(&self, max_bytes: usize) -> usize {
        self.proof_bytes.max(max_bytes)
    }

    /// The proof's bytes beside `others` held by the searches and dives: its own, within
    /// what they leave of the round's limit ([`whole`](Self::whole)).
    fn proof_room(&self, max_bytes: usize, others: usize) -> usize {
        self.proof_bytes.min(self.whole(max_bytes).saturating_sub(others))
    }

    /// A greedy turn's `quantum` of expansions, cut to what the greedy stage has left after
    /// `used`; `None` once it is spent.
    fn greedy_quantum(&self, quantum: u64, used: u64) -> Option<u64> {
        match self.greedy_nodes {
            None => Some(quantum),
            Some(n) => (used < n).then(|| quantum.min(n - used)),
        }
    }
}

/// The `fast` preset: [`round`]s of its two stages, the first under the solver's byte
/// limit (its own or [`FAST_BYTES`]), each later one with twice the bytes, while a round
/// runs out of memory and `ceiling` allows more.
///
/// `ceiling(held)` is the most a round may take when the searches' caches hold `held`
/// bytes: the memory the machine allows (the `headroom` share of what the process may still
/// allocate), read afresh at each escalation; `None` when the limit is the caller's, a hard
/// cap: then one round, each stage with all of it. Why doubling: a round ran out of memory
/// because the space it must store is bigger than its share, and nothing tells by how much;
/// with each round twice the last, the rounds before the one that decides cost together at
/// most as much as that one (greedy searches and the proof both fill their share at a
/// steady rate), so an escalated solve costs at most about twice a solve given the right
/// share at once, and takes log₂(ceiling / share) rounds at most (six from 150 MB to 9 GB).
/// The proof gets [`PROOF_SHARE`] of a round's bytes, and all of them in a last round once
/// the ceiling is reached (the greedy stage, which had them already, does not run again).
/// Only running out of memory escalates: the node limit counts every round's expansions,
/// and a stop (timeout, cancel) ends the solve at once; both stay undecided, never
/// unsolvable.
///
/// With `greedy_nodes` ([`Solver::greedy_nodes`](crate::Solver::greedy_nodes)), for
/// positions that are probably lost, one round: the greedy stage as in the first (its
/// bytes), stopped after that many expansions, then the proof with all the bytes the
/// limits allow (the ceiling's, or the caller's). A proof restarted in rounds of doubling
/// bytes costs up to twice the last round, and a greedy stage given more memory in each
/// round only searches again the space the proof must store anyway (MS 891 with two
/// cells: 12.4 million expansions in six rounds, the last proof 3.2 million). Its
/// searches make proof attempts under any rules (see `EarlyProof::or_when`).
///
/// Without `proof` ([`Solver::greedy_only`](crate::Solver::greedy_only)), the rounds
/// run their greedy stage alone, from the second round's bytes (twice the first's, when
/// the ceiling allows): a round out of memory goes on to the next, and the solve
/// ends, undecided, at the node limit, when no round can have more memory, or when the
/// patient search saw every position (`UndecidedReason::Pruned`: its hashes prove nothing).
///
/// `evaluations` chooses the greedy searches' evaluations (see [`Evaluations`]), and
/// `greedy_nodes` caps the greedy stage (see below).
///
/// **Memory.** Whatever a round holds at once counts against its one limit: each greedy
/// search's and each dive's leaves room for the others', the proof's store an early
/// attempt keeps, and the dives still running; an early attempt, and the round's last
/// proof, get the proof's bytes within what the searches and dives kept beside it leave (or
/// those go back first); a dive done, and the last solve's proof store, are freed, and a
/// cache an earlier solve left holding more than [`KEPT_SHARE`] of the caller's limit is
/// freed. The
/// report's `bytes` is the most all of them held together, as the limit counts them (the
/// greedy searches and dives from their lengths), so at most the limit; the real heap
/// stays within 10 % of it in every game (`tests/it/limits.rs`).
pub(crate) fn run_with<const C: usize, const F: usize>(
    cache: &mut Option<Cache<C, F>>,
    start: &BoardN<C, F>,
    budget: Budget,
    ceiling: Option<&dyn Fn(usize) -> usize>,
    (greedy_nodes, evaluations, proof): (Option<u64>, Evaluations, bool),
    observer: &mut impl Observer,
) -> Report<Move> {
    if Frozen::for_single_cards(*start.rules()).is_some_and(|f| f.dead(start)) {
        // A card that can never move: lost without a search.
        let mut stats = Stats::default();
        stats.iterations = 1;
        return Report { outcome: SearchOutcome::Exhausted, stats };
    }
    let mut share = budget.get_max_bytes().unwrap_or(FAST_BYTES);
    let max_nodes = budget.get_max_expanded();
    // Whether this round is the last the limits allow.
    let mut last = ceiling.is_none();
    let mut proof_bytes = None;
    if let (Some(_), Some(ceiling)) = (greedy_nodes, ceiling) {
        proof_bytes = Some(share.max(ceiling(cache.as_ref().map_or(0, Cache::held))));
        last = true;
    }
    if let (false, Some(ceiling)) = (proof, ceiling) {
        // The caller ran the first round's greedy stage (see `Solver::greedy_only`).
        share = share.max(share.saturating_mul(2).min(ceiling(cache.as_ref().map_or(0, Cache::held))));
    }
    if cache.as_mut().is_some_and(|c| c.resumes(start)) && greedy_nodes.is_some() {
        let mut rest = Budget::default().max_bytes(proof_bytes.unwrap_or(share));
        if let Some(n) = max_nodes {
            rest = rest.max_expanded(n);
        }
        let c = cache.get_or_insert_with(Cache::default);
        let report = proof::resume(&mut c.proof, start, rest, Ends::OnceUnprovable, observer);
        c.pause_at_limit(start, greedy_nodes, &report.outcome);
        return report;
    }
    if ceiling.is_none() && cache.as_ref().is_some_and(|c| c.held() > share / KEPT_SHARE) {
        // An earlier solve's capacities, which the caller's limit does not count (see
        // `KEPT_SHARE`), are given back.
        *cache = None;
    }
    let turns = Weights::turns(*start.rules(), evaluations);
    let mut plan = Plan {
        turns,
        quanta: first_turns(*start.rules(), evaluations),
        greedy: true,
        greedy_nodes,
        proof,
        proof_bytes: 0,
        spent: Stats::default(),
        #[cfg(test)]
        alone: evaluations.alone(),
    };
    loop {
        let mut this = Budget::default().max_bytes(share);
        if let Some(n) = max_nodes {
            this = this.max_expanded(n.saturating_sub(plan.spent.expanded));
        }
        plan.proof_bytes = proof_bytes.unwrap_or(if last { share } else { share / PROOF_SHARE });
        let (mut report, exhausted) = round(cache, start, this, &plan, observer);
        // The patient greedy search saw every position (by its hashes): more memory cannot
        // help it, so later rounds go straight to the proof.
        plan.greedy &= !exhausted;
        report.stats = combine(plan.spent, report.stats);
        plan.spent = report.stats;
        let out_of_memory = report.outcome == SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Bytes));
        let Some(ceiling) = ceiling.filter(|_| out_of_memory && !last) else {
            if let Some(c) = cache.as_mut() {
                c.pause_at_limit(start, greedy_nodes, &report.outcome);
            }
            return report;
        };
        // The caches' memory counts as free for the next round (the reading counts it as
        // taken), and goes back before that round starts.
        let held = cache.as_ref().map_or(0, Cache::held);
        let allowed = ceiling(held);
        if allowed <= share {
            if !plan.proof {
                return report;
            }
            // No more memory: the proof gets all of this round's.
            last = true;
            plan.greedy = false;
        } else {
            share = share.saturating_mul(2).min(allowed);
        }
        *cache = None;
    }
}

/// [`run_with`] with the tuned evaluations: what the solver runs unless told otherwise.
#[cfg(test)]
pub(crate) fn run<const C: usize, const F: usize>(
    cache: &mut Option<Cache<C, F>>,
    start: &BoardN<C, F>,
    budget: Budget,
    ceiling: Option<&dyn Fn(usize) -> usize>,
    greedy_nodes: Option<u64>,
    observer: &mut impl Observer,
) -> Report<Move> {
    run_with(cache, start, budget, ceiling, (greedy_nodes, Evaluations::Tuned, true), observer)
}

/// One round of the `fast` preset, as `plan` says: two stages, each under what is left of
/// `budget` (the proof within `plan.proof_bytes`); with whether the patient greedy search
/// (below) ran out of positions.
///
/// 1. Greedy best-first searches, one per evaluation of `plan.turns`, taking turns
///    ([`first_turns`]: a turn alone for the first, then a quantum each, doubling every
///    round)
///    and each resuming where it stopped, bounded only by the limits and the round's bytes
///    for all of them together. A search that runs long under one evaluation often ends
///    fast under another, and no turn's work is thrown away. All but the last skip the
///    moves a player would not make ([`Sparing`]); the last, the patient one, keeps every
///    move. They solve every solvable deal we have tried, and run out of states on
///    the impossible ones, whose reachable space is small. A search that would pass the
///    byte limit, or that runs out of states while skipping moves, gives its memory back
///    and drops out; the others go on. When all have dropped out, the patient evaluation
///    goes on alone, with all the memory: its last stand, resumed where it stopped under the
///    castle games' rules (held meanwhile, [`LastStand`]), begun again elsewhere.
/// 2. When the patient search runs out of states (which proves nothing: it compares
///    64-bit hashes), or runs out of memory alone, the exhaustive search over single-card
///    moves ([`prove`](super::proof::prove): exact packed positions, Raymond's safe automoves as in stage 1)
///    decides with the proof's bytes, and is the only source of `Unsolvable`.
///
/// [`Sparing`]: super::moves::Sparing
#[allow(clippy::too_many_lines)]
fn round<const C: usize, const F: usize>(
    cache: &mut Option<Cache<C, F>>,
    start: &BoardN<C, F>,
    budget: Budget,
    plan: &Plan,
    observer: &mut impl Observer,
) -> (Report<Move>, bool) {
    let max_bytes = budget.get_max_bytes().unwrap_or(FAST_BYTES);
    let max_nodes = budget.get_max_expanded();
    let left = |used: u64| max_nodes.map_or(u64::MAX, |n| n.saturating_sub(used));
    if start.is_won() {
        let outcome = SearchOutcome::Solved(MovePath { moves: Vec::new(), cost: 0 });
        return (Report { outcome, stats: Stats::default() }, false);
    }
    let Cache { searches, proof, dives, kept, .. } = cache.get_or_insert_with(Cache::default);
    // The depth-first searches' rules while they run: they start each cycle of greedy turns.
    let mut diving = dives_begin(dives, kept, start);
    let (turns, (first_turn, quanta)) = (plan.turns, plan.quanta);
    searches.resize_with(turns.len(), Search::default);
    for s in searches.iter_mut() {
        // The last solve's positions and counts: a search this solve never begins must
        // hold none of them (see `Search::forget`).
        s.forget();
    }

    // 1. Greedy, in turns.
    let mut begun = [false; Weights::TURNS.len()];
    #[cfg(not(test))]
    let mut dropped = [false; Weights::TURNS.len()];
    #[cfg(test)]
    let mut dropped: [bool; Weights::TURNS.len()] = std::array::from_fn(|j| plan.alone.is_some_and(|k| j != k));
    // Counts of the searches that dropped out (their caches are emptied).
    let mut gone = Stats::default();
    let total = |searches: &[Search<C, F>], gone: Stats, except: Option<usize>| {
        let mut sum = gone;
        for (k, s) in searches.iter().enumerate() {
            if Some(k) != except {
                sum = combine(sum, s.stats);
            }
        }
        sum
    };
    let schedule = std::iter::once((0, first_turn)).chain(
        (0..).flat_map(|round: u32| (0..turns.len()).map(move |k| (k, quanta[k].saturating_mul(1 << round.min(40))))),
    );
    // The patient evaluation: the last, the one that keeps every move.
    let patient = turns.len() - 1;
    // Whether it has started again alone.
    let mut last_stand = false;
    // Under the castle games' rules, the patient search held when it drops out of memory,
    // and the bytes it had when it did so with every other search gone (see `LastStand`).
    let mut stand = LastStand::for_rules(*start.rules());
    // Whether the patient search ran out of positions.
    let mut exhausted = false;
    // Proof attempts when a search runs out of positions, under the rules that have them.
    let mut early = EarlyProof::for_rules(*start.rules()).or_when(plan.greedy_nodes.is_some()).only_if(plan.proof);
    // Under the castle games' rules, the most positions a greedy search stored (see `Known`).
    let mut known = Known::for_rules(*start.rules());
    for (k, quantum) in schedule.take_while(|_| plan.greedy) {
        if dropped.iter().all(|&d| d) {
            #[cfg(test)]
            if plan.alone.is_some() {
                // The turn alone dropped out: it never solves this deal.
                break;
            }
            if last_stand {
                // The patient evaluation ran out of memory alone too. The exhaustive search
                // stores a position in less room and may still decide: a lost mid-game
                // position whose 300,000 states outgrow the greedy searches is proved lost
                // in a quarter of a second.
                break;
            }
            let others = held_beside(searches, Some(patient), (dives, &diving), proof.as_ref());
            if stand.needless(max_bytes.saturating_sub(others)) {
                // It would stop where it stopped alone, or as soon.
                break;
            }
            // Every search dropped out (out of the memory they shared, or out of positions
            // while skipping moves): the patient evaluation goes on with all the memory
            // (MS 687716 needs that), from where it stopped where it is held, from the
            // start where not.
            last_stand = true;
            dropped[patient] = false;
            begun[patient] = searches[patient].resumable();
        }
        if k == 0 && diving.iter().any(Option::is_some) {
            let base = total(searches, gone, None);
            let others = searches_held(searches, None, proof.as_ref());
            let dove = dive_turns(
                (dives, &mut diving, &mut *kept),
                start,
                (quantum, base, others),
                (plan, max_bytes, max_nodes),
                observer,
            );
            gone = combine(gone, dove.stats);
            if let Some(outcome) = dove.outcome {
                return (Report { outcome, stats: total(searches, gone, None) }, false);
            }
        }
        if dropped[k] {
            continue;
        }
        let config = Config::turn(turns[k], *start.rules(), turn_spares(*start.rules(), k, patient));
        let mut refused = false;
        if !begun[k] {
            refused = searches[k].begin(start, &config.weights, max_bytes).is_err();
            begun[k] = true;
        }
        let base = total(searches, gone, Some(k));
        let others = held_beside(searches, Some(k), (dives, &diving), proof.as_ref());
        let used = base.expanded + searches[k].stats.expanded;
        let Some(quantum) = plan.greedy_quantum(quantum, used) else { break };
        let limits = (searches[k].stats.expanded + quantum.min(left(used)), max_bytes.saturating_sub(others));
        let end = if refused {
            End::Bytes
        } else {
            searches[k].resume(
                start,
                &config,
                (limits, &mut *kept),
                others,
                &mut Offset { inner: &mut *observer, base: combine(plan.spent, base) },
            )
        };
        let stats = total(searches, gone, None);
        let outcome = match end {
            End::Solved(moves) => won(moves),
            End::Stopped => SearchOutcome::Undecided(UndecidedReason::Stopped),
            End::Nodes if left(stats.expanded) == 0 => {
                SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Expanded))
            }
            // This turn's quantum: the next turn.
            End::Nodes => continue,
            // The patient search keeps every move (and a search that skipped none so far
            // is as good: in games without cells, most): out of positions, it saw every
            // reachable one (as far as 64-bit hashes tell), so on to the proof (the schedule
            // never ends: this and the failed last stand are the loop's only ways out).
            End::Exhausted if !config.spares || !searches[k].spared => {
                exhausted = true;
                break;
            }
            // Out of memory, or out of positions while skipping moves (which proves
            // nothing): the search gives its memory back and drops out; the others go on,
            // after a capped proof attempt where the rules have them (see `EarlyProof`).
            End::Bytes | End::Exhausted => {
                let ran_out = matches!(end, End::Exhausted).then_some(searches[k].stats.expanded);
                if k == patient && ran_out.is_none() && !last_stand && (0..patient).all(|j| dropped[j]) {
                    stand.out_of_memory_alone(limits.1);
                }
                known.stored(searches[k].stats);
                let held = k == patient && ran_out.is_none() && !last_stand && stand.holds(&searches[k]);
                if !held {
                    gone = combine(gone, searches[k].stats);
                    searches[k] = Search::default();
                }
                dropped[k] = true;
                let all_out = (0..patient).all(|j| dropped[j]);
                let Some((attempt, ends)) = ran_out.and_then(|n| early.attempt(n, left(stats.expanded), all_out))
                else {
                    continue;
                };
                // The proof's memory is not lent: a dive kept for the last dive is given back
                // (there is none after an attempt).
                kept.give_back();
                let (mut step, mut stats) = ((attempt, ends), stats);
                // The searches and dives going on keep their memory beside the proof's.
                let beside = held_beside(searches, None, (dives, &diving), None);
                let report = loop {
                    let budget = (step.0.max_bytes(plan.proof_room(max_bytes, beside)), step.1);
                    let base = combine(plan.spent, stats);
                    let mut report = early.search(proof, start, budget, &mut Offset { inner: &mut *observer, base });
                    report.stats.bytes += beside;
                    gone = combine(gone, report.stats);
                    stats = total(searches, gone, None);
                    // Good Measure's attempts go on while their proof is nearly done.
                    match early.goes_on(&report, proof.as_ref(), left(stats.expanded)) {
                        Some(more) => step = (Budget::default().max_expanded(more), Ends::AtLimit),
                        None => break report,
                    }
                };
                let Some(outcome) = early.settle(report.outcome, left(stats.expanded)) else { continue };
                return (Report { outcome, stats }, false);
            }
        };
        return (Report { outcome, stats }, false);
    }
    if dropped[patient] && searches[patient].resumable() {
        // Held for a last stand that did not run: its memory goes back.
        gone = combine(gone, searches[patient].stats);
        searches[patient] = Search::default();
    }
    let stats = total(searches, gone, None);
    if !plan.proof {
        // Out of memory (the next round has more), or out of positions (nothing to prove).
        let why = if exhausted { UndecidedReason::Pruned } else { UndecidedReason::Budget(Limit::Bytes) };
        return (Report { outcome: SearchOutcome::Undecided(why), stats }, exhausted);
    }
    for s in searches.iter() {
        known.stored(s.stats);
    }
    if !exhausted && !early.begun() && known.beyond(left(stats.expanded)) {
        // The proof cannot expand every position a greedy search stored within the node
        // limit, so it cannot prove the loss (see `Known`): what is left goes to the last
        // dive, where the rules have one.
        let others = searches_held(searches, None, None);
        let dove = last_dive(
            (dives, kept),
            start,
            (left(stats.expanded), combine(plan.spent, stats), others),
            max_bytes,
            observer,
        );
        let undecided = SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Expanded));
        return (Report { outcome: dove.outcome.unwrap_or(undecided), stats: combine(stats, dove.stats) }, false);
    }
    let beside = kept_beside_proof((searches, dives, kept), max_bytes, plan.whole(max_bytes) - plan.proof_bytes);

    // 2. Exhaustive.
    let rest = Budget::default().max_bytes(plan.proof_room(max_bytes, beside));
    let rest = if max_nodes.is_some() { rest.max_expanded(left(stats.expanded)) } else { rest };
    let mut report =
        early.finish(proof, start, rest, &mut Offset { inner: observer, base: combine(plan.spent, stats) });
    report.stats.bytes += beside;
    report.stats = combine(stats, report.stats);
    (report, exhausted)
}

/// The patient search's last stand under the castle games' rules ([`castle::applies`]):
/// resumed where the search stopped, and skipped where it would stop at once.
///
/// **Why it is resumed.** The last stand gives the patient search the bytes the others gave
/// back. Begun afresh, it walked again every position it had expanded in its turns before
/// it dropped out (on Streets and Alleys' undecided deals, about 118,000 of its 266,269). A
/// search stopped by its byte limit puts back the position it took ([`Search::resume`]), so
/// held, not emptied, it goes on with the same positions in the same order as one that had
/// run on with more room. While it is held its bytes count in the others' limit, as they did
/// while it ran. Kept to the castle games: elsewhere (MS 687716) the last stand begins
/// afresh, and the other searches have its memory.
///
/// **Why it can be skipped.** Where the patient search ran out of memory after every other
/// search had dropped out, with `room` bytes, a last stand with no more room stops where it
/// stopped (the search is deterministic): it finds no win the search did not, and its
/// expansions go to the proof instead.
#[derive(Clone, Copy, Debug)]
struct LastStand {
    on: bool,
    /// The patient search's bytes when it ran out of memory alone.
    room: Option<usize>,
}

impl LastStand {
    fn for_rules(rules: freecell_core::Rules) -> LastStand {
        LastStand { on: castle::applies(rules), room: None }
    }

    /// Whether the patient search `search`, dropping out of memory before its last stand,
    /// is held for it (and resumed there).
    fn holds<const C: usize, const F: usize>(self, search: &Search<C, F>) -> bool {
        self.on && search.resumable()
    }

    /// The patient search ran out of memory with `room` bytes, every other search gone.
    fn out_of_memory_alone(&mut self, room: usize) {
        self.room = Some(room);
    }

    /// Whether a last stand with `room` bytes would stop where the patient search stopped
    /// alone, or sooner.
    fn needless(self, room: usize) -> bool {
        self.on && self.room.is_some_and(|had| room <= had)
    }
}

/// The most positions a greedy search stored, under the castle games' rules
/// ([`castle::applies`]): a floor on the positions the proof must expand to prove a loss.
///
/// **Why it is one.** A greedy search stores each position it reaches once (by its 64-bit
/// hash, which leaves the cascades' order out, as the proof's packing does), after the
/// same automoves, and drops those the proof's frozen-card test drops; a run it moves
/// through empty cascades is a sequence of the proof's single-card moves. (Nearly: where a
/// step of that sequence would send a card home or be found lost, the proof never stores
/// the position after the whole run. Such runs are rare.) So where the floor is beyond the
/// expansions left, the proof that ends the round, begun afresh, cannot prove the loss, and
/// would stop once its own stored positions showed as much ([`Ends::OnceUnprovable`]): it is
/// not run, and what is given up is a win its breadth-first search would reach first. On
/// deals 1–10,000 of the three games it changed no verdict and no decided deal's row, and
/// cut Streets and Alleys' undecided deals' expansions by 14 % (`docs/results/games.md`,
/// twenty-fourth session).
#[derive(Clone, Copy, Debug)]
struct Known {
    on: bool,
    positions: u64,
}

impl Known {
    fn for_rules(rules: freecell_core::Rules) -> Known {
        Known { on: castle::applies(rules), positions: 0 }
    }

    /// A greedy search's counts: its positions stored.
    fn stored(&mut self, stats: Stats) {
        self.positions = self.positions.max(stats.peak_stored);
    }

    /// Whether the proof, with `left` expansions, cannot expand every position known.
    fn beyond(self, left: u64) -> bool {
        self.on && self.positions > left
    }
}

/// The bytes the searches and dives keep for the next solve beside the proof that ends a
/// round, which leaves them `room`. The memory of a dive `kept` for a last dive that will
/// not run goes back first, and a search's that a hard deal grew ([`Search::shed`], as the
/// next solve's [`Search::begin`] would); then all of theirs when they still hold more
/// than `room`. Out of line, as the dives' work ([`dive_turns`]): FreeCell's solves seldom
/// reach it.
#[inline(never)]
fn kept_beside_proof<const C: usize, const F: usize>(
    (searches, dives, kept): (&mut [Search<C, F>], &mut [Dive<C, F>; DIVES.len()], &mut Dive<C, F>),
    max_bytes: usize,
    room: usize,
) -> usize {
    kept.give_back();
    for s in searches.iter_mut() {
        s.shed(max_bytes);
    }
    let kept = |searches: &[Search<C, F>], dives: &[Dive<C, F>]| {
        searches.iter().map(Search::capacity_bytes).sum::<usize>()
            + dives.iter().map(Dive::capacity_bytes).sum::<usize>()
    };
    if kept(searches, dives) > room {
        for s in searches.iter_mut() {
            *s = Search::default();
        }
        *dives = Default::default();
    }
    kept(searches, dives)
}

/// Bytes held beside a search: by the greedy searches and the proof ([`searches_held`]),
/// and by the dives running. Out of line, as the dives' work ([`dive_turns`]): inlined,
/// `round`'s loop was laid out anew and FreeCell's searches took 0.9 % more instructions.
#[inline(never)]
fn held_beside<const C: usize, const F: usize>(
    searches: &[Search<C, F>],
    except: Option<usize>,
    (dives, diving): (&[Dive<C, F>; DIVES.len()], &[Option<DiveRules>; DIVES.len()]),
    proof: Option<&proof::Cache<C, F>>,
) -> usize {
    searches_held(searches, except, proof) + dives_peak(dives, diving)
}

/// Bytes held by the greedy searches but the one `except`ed, and by the proof's store an
/// early attempt keeps, which the next attempt and the round's last proof resume (see
/// `EarlyProof`). Out of line, as [`held_beside`].
#[inline(never)]
fn searches_held<const C: usize, const F: usize>(
    searches: &[Search<C, F>],
    except: Option<usize>,
    proof: Option<&proof::Cache<C, F>>,
) -> usize {
    searches.iter().enumerate().filter(|&(j, _)| Some(j) != except).map(|(_, s)| s.peak(0, 0)).sum::<usize>()
        + proof.map_or(0, proof::Cache::memory_usage)
}

/// Empties the dives and the one `kept`, and gives their rules for a solve from `start`
/// where they have them. Out of line, as the dives' other work ([`dive_turns`]).
#[inline(never)]
fn dives_begin<const C: usize, const F: usize>(
    dives: &mut [Dive<C, F>; DIVES.len()],
    kept: &mut Dive<C, F>,
    start: &BoardN<C, F>,
) -> [Option<DiveRules>; DIVES.len()] {
    for dive in dives.iter_mut() {
        dive.forget();
    }
    kept.forget();
    let rules = DiveRules::for_start(start);
    DIVES.map(|order| rules.and_then(|r| r.ordered(order)))
}

/// Bytes the running dives may hold (see [`Dive::peak`]).
#[inline(never)]
fn dives_peak<const C: usize, const F: usize>(
    dives: &[Dive<C, F>; DIVES.len()],
    diving: &[Option<DiveRules>; DIVES.len()],
) -> usize {
    dives.iter().zip(diving).filter(|(_, on)| on.is_some()).map(|(d, _)| d.peak()).sum()
}

/// What the dives' turns did: their new counts, and the outcome when they end the round.
struct Dove {
    stats: Stats,
    outcome: Option<SearchOutcome<Move>>,
}

/// One turn of each dive still running, sharing a greedy turn's `quantum`, after `base`
/// (every search's counts so far, the dives' included) with `others` bytes held by the
/// greedy searches and the proof, and a dive `kept` for a last dive lending its room (each
/// dive's limit leaves the other dives theirs too); a dive out of memory or of positions
/// (which proves nothing: 64-bit hashes) stops and is freed, and the others go on; one at
/// its cap is freed, or becomes the one kept ([`DiveRules::resumed_last`]). Out of line:
/// inlined, it cost FreeCell's searches, which then never dove, 1.2 % more instructions in
/// `round`'s loop.
#[inline(never)]
fn dive_turns<const C: usize, const F: usize>(
    (dives, diving, kept): (&mut [Dive<C, F>; DIVES.len()], &mut [Option<DiveRules>; DIVES.len()], &mut Dive<C, F>),
    start: &BoardN<C, F>,
    (quantum, base, others): (u64, Stats, usize),
    (plan, max_bytes, max_nodes): (&Plan, usize, Option<u64>),
    observer: &mut impl Observer,
) -> Dove {
    let left = |used: u64| max_nodes.map_or(u64::MAX, |n| n.saturating_sub(used));
    let mut dove = Dove { stats: Stats::default(), outcome: None };
    for i in 0..DIVES.len() {
        let Some(rules) = diving[i] else { continue };
        let others = others + dives_peak(dives, diving) - dives[i].peak();
        let (search, diving) = (&mut dives[i], &mut diving[i]);
        let used = combine(base, dove.stats);
        if used.expanded < rules.after {
            continue;
        }
        let Some(quantum) = plan.greedy_quantum(rules.turn(quantum / DIVE_SHARES), used.expanded) else { break };
        let before = search.stats;
        // The observer sees every search's counts once.
        let seen_before = combine(plan.spent, since(used, before));
        let limits = (before.expanded + quantum.min(left(used.expanded)), max_bytes.saturating_sub(others));
        let offset = &mut Offset { inner: &mut *observer, base: seen_before };
        let end = search.resume_beside(start, rules, (limits, &mut *kept), others, offset);
        dove.stats = combine(dove.stats, since(search.stats, before));
        let spent = combine(base, dove.stats).expanded;
        dove.outcome = match end {
            End::Solved(moves) => Some(won(moves)),
            End::Stopped => Some(SearchOutcome::Undecided(UndecidedReason::Stopped)),
            _ if left(spent) == 0 => Some(SearchOutcome::Undecided(UndecidedReason::Budget(Limit::Expanded))),
            End::Nodes if rules.frees_at_cap() && search.stats.expanded >= rules.cap() => {
                // Done for good: its memory, which no longer counts against the greedy
                // searches' limit (or only as lent to them), goes back (emptied, its
                // capacities would stay held).
                *diving = None;
                if rules.resumed_last() {
                    std::mem::swap(search, kept);
                }
                *search = Dive::default();
                None
            }
            End::Nodes => None,
            End::Bytes | End::Exhausted => {
                *diving = None;
                *search = Dive::default();
                None
            }
        };
        if dove.outcome.is_some() {
            break;
        }
    }
    dove
}

/// The last dives from `start` ([`DiveRules::last_parents`], [`DiveRules::last_preset`]),
/// where the rules have them, one after the other: at most `left` expansions in all after
/// `base` (every search's counts so far), with `others` bytes held by the greedy searches;
/// the outcome only when one wins or is stopped. Every dive has had its turns by then, so
/// the first runs in the first's storage, lent room by the dive `kept` from the turns,
/// which the second resumes where it is still held (begun again in that storage where it
/// is not).
#[inline(never)]
fn last_dive<const C: usize, const F: usize>(
    (dives, kept): (&mut [Dive<C, F>; DIVES.len()], &mut Dive<C, F>),
    start: &BoardN<C, F>,
    (left, base, others): (u64, Stats, usize),
    max_bytes: usize,
    observer: &mut impl Observer,
) -> Dove {
    let mut dove = Dove { stats: Stats::default(), outcome: None };
    let Some(rules) = DiveRules::for_start(start) else { return dove };
    // The other dives' memory goes back: the limit counts only the greedy searches beside.
    let (storage, finished) = dives.split_at_mut(1);
    for d in finished {
        *d = Dive::default();
    }
    let storage = &mut storage[0];
    let limits = |rules: DiveRules| (rules.cap(), max_bytes.saturating_sub(others));
    if let Some(first) = rules.last_parents(left) {
        storage.forget();
        let offset = &mut Offset { inner: &mut *observer, base };
        let end = storage.resume_beside(start, first, (limits(first), &mut *kept), others, offset);
        dove.stats = storage.stats;
        dove.outcome = last_outcome(end);
        if dove.outcome.is_some() {
            return dove;
        }
    }
    // The turns' dive resumed where it is still held (the storage's memory goes back), begun
    // again in the storage where not.
    let search = if kept.holds() {
        *storage = Dive::default();
        kept
    } else {
        storage.forget();
        storage
    };
    let before = search.stats;
    let Some(second) = rules.last_preset(before.expanded, left - dove.stats.expanded) else { return dove };
    // The observer sees every search's counts once: the resumed dive's earlier ones are in `base`.
    let offset = &mut Offset { inner: &mut *observer, base: since(combine(base, dove.stats), before) };
    let end = search.resume(start, second, limits(second), others, offset);
    dove.stats = combine(dove.stats, since(search.stats, before));
    dove.outcome = last_outcome(end);
    dove
}

/// A last dive's outcome: only a win or a stop ends the solve.
fn last_outcome(end: End) -> Option<SearchOutcome<Move>> {
    match end {
        End::Solved(moves) => Some(won(moves)),
        End::Stopped => Some(SearchOutcome::Undecided(UndecidedReason::Stopped)),
        End::Nodes | End::Bytes | End::Exhausted => None,
    }
}

/// A search's win as the solve's outcome: the moves it chose, each costing one.
fn won(moves: Vec<Move>) -> SearchOutcome<Move> {
    let cost = moves.len() as u32;
    SearchOutcome::Solved(MovePath { moves, cost })
}

/// The counts `after` has beyond `before`, an earlier reading of the same search (its peaks
/// kept).
fn since(after: Stats, before: Stats) -> Stats {
    let mut new = after;
    new.expanded -= before.expanded;
    new.generated -= before.generated;
    new.duplicates -= before.duplicates;
    new.evaluated -= before.evaluated;
    new.iterations -= before.iterations;
    new
}

/// An observer seeing a later stage's counts added to the earlier stages': the solver's
/// watch paces its clock checks by the expansions it has seen, which must not go back.
struct Offset<'a, O> {
    inner: &'a mut O,
    base: Stats,
}

impl<O: Observer> Observer for Offset<'_, O> {
    #[inline]
    fn on_expand(&mut self, stats: &Stats) -> Control {
        self.inner.on_expand(&combine(self.base, *stats))
    }

    /// The inner observer's, less the earlier stages' expansions: the sum above is made only
    /// when the inner observer looks.
    #[inline]
    fn quiet_until(&self) -> u64 {
        self.inner.quiet_until().saturating_sub(self.base.expanded)
    }

    #[inline]
    fn on_iteration(&mut self, bound: u32, stats: &Stats) -> Control {
        self.inner.on_iteration(bound, &combine(self.base, *stats))
    }
    #[inline]
    fn on_work(&mut self) -> Control {
        self.inner.on_work()
    }
}

#[cfg(test)]
mod tests {
    use freecell_core::{Game, Rules};

    use freecell_search::Stats;

    use super::{Known, LastStand};

    /// The patient search is held for its last stand only under the castle games' rules, and
    /// only while it can be resumed (begun, never torn by the allocator).
    #[test]
    fn the_patient_search_is_held_only_under_the_castle_games_rules() {
        use freecell_core::WideBoard;
        use freecell_deals::DealNumber;

        use super::super::eval::{Evaluations, Weights};
        use super::Search;

        let layout = DealNumber::new(1).expect("a deal number").layout(Game::StreetsAndAlleys);
        let start = WideBoard::try_from(layout).expect("a legal deal");
        let weights = Weights::turns(*start.rules(), Evaluations::Tuned)[3];
        let mut search = Search::default();
        let alleys = LastStand::for_rules(Game::StreetsAndAlleys.rules());
        assert!(!alleys.holds(&search), "never begun");
        search.begin(&start, &weights, 1 << 30).expect("room");
        assert!(alleys.holds(&search));
        assert!(!LastStand::for_rules(Rules::freecell()).holds(&search), "FreeCell's begins afresh");
    }

    /// Streets and Alleys 36 under 64 MiB and 400,000 expansions keeps its turns' dive in
    /// the preset's order at its cap (32,000 expansions), and the second last dive resumes
    /// it: the case in which `tests/it/limits.rs` bounds the heap with that dive lent.
    #[test]
    fn streets_and_alleys_36_resumes_the_kept_dive_under_a_byte_limit() {
        use freecell_core::WideBoard;
        use freecell_deals::DealNumber;
        use freecell_search::Budget;

        const LIMIT: usize = 64 << 20;
        let layout = DealNumber::new(36).expect("in range").layout(Game::StreetsAndAlleys);
        let start = WideBoard::try_from(layout).expect("a legal deal");
        let mut cache = None;
        let report = super::run(
            &mut cache,
            &start,
            Budget::default().max_bytes(LIMIT).max_expanded(400_000),
            None,
            None,
            &mut (),
        );
        assert!(report.stats.bytes <= LIMIT, "accounted {}", report.stats.bytes);
        let kept = &cache.as_ref().expect("a cache").kept;
        assert!(kept.holds() && kept.stats.expanded > 32_000, "the kept dive: {} expansions", kept.stats.expanded);
    }

    /// A last stand is skipped only under the castle games' rules, after the patient search
    /// ran out of memory alone, and only with no more room than it had then.
    #[test]
    fn a_last_stand_is_skipped_only_where_it_would_stop_where_it_stopped() {
        let mut stand = LastStand::for_rules(Game::StreetsAndAlleys.rules());
        assert!(!stand.needless(100), "never ran out of memory alone");
        stand.out_of_memory_alone(100);
        assert!(stand.needless(100) && stand.needless(99));
        assert!(!stand.needless(101), "more room may reach further");
        let mut freecell = LastStand::for_rules(Rules::freecell());
        freecell.out_of_memory_alone(100);
        assert!(!freecell.needless(100), "other rules keep their last stand");
    }

    /// The last proof is skipped only under the castle games' rules, and only with fewer
    /// expansions left than the most positions a greedy search stored.
    #[test]
    fn a_last_proof_is_skipped_only_where_it_cannot_expand_the_positions_known() {
        let stored = |n| {
            let mut stats = Stats::default();
            stats.peak_stored = n;
            stats
        };
        let mut known = Known::for_rules(Game::StreetsAndAlleys.rules());
        assert!(!known.beyond(0), "no position known");
        known.stored(stored(100));
        known.stored(stored(40));
        assert!(known.beyond(99), "the most any search stored counts");
        assert!(!known.beyond(100), "a budget that can expand them all may prove the loss");
        let mut freecell = Known::for_rules(Rules::freecell());
        freecell.stored(stored(100));
        assert!(!freecell.beyond(0), "other rules keep their proof");
    }
}
