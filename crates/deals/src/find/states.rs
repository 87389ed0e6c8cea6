//! The generator states that make a position's known draws, and their deals.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use super::draws::KnownDraw;
use crate::ms::{Affine, Draw};

/// The high halves of states (bits 16 … 31) whose draw under one rule leaves a given
/// index: the draw depends on no other bits. A byte each rather than a bit: the test is
/// then one load, and the whole search runs a fifth fewer instructions (callgrind).
struct Table(Box<[bool; 1 << 16]>);

/// The odds against a state that the checked draws must reach: beyond them a state that
/// passes is rare enough (one in a thousand searches or fewer) that `accept`, which deals
/// it, can settle the remaining draws without tables for them.
const CHECKED_ODDS: u128 = 1 << (33 + 10);

impl Table {
    fn new(rule: Draw, draw: KnownDraw) -> Table {
        // Built on the heap: an array of that size on the stack is a needless risk.
        let mut bits: Box<[bool; 1 << 16]> =
            vec![false; 1 << 16].into_boxed_slice().try_into().expect("a vector of 2^16 flags fits its array");
        for high in 0..1u32 << 16 {
            bits[high as usize] = rule.of_state(high << 16) % draw.left() == u32::from(draw.index);
        }
        Table(bits)
    }

    #[inline]
    fn accepts(&self, state: u32) -> bool {
        self.0[(state >> 16) as usize]
    }
}

/// The search of one draw rule's states. It enumerates the state right after the first
/// known draw — its high half from that draw, its low half all 65,536 values — and checks
/// each later known draw on the state the generator reaches by then.
struct Plan {
    rule: Draw,
    /// The high halves the first known draw allows.
    highs: Vec<u32>,
    /// For each later known draw, the jump from the enumerated state to its state, and the
    /// high halves it allows.
    checks: Vec<(Affine, Table)>,
    /// From the enumerated state back to the seed.
    back: Affine,
}

impl Plan {
    /// The plan for `rule`, or `None` without known draws.
    fn new(rule: Draw, draws: &[KnownDraw]) -> Option<Plan> {
        let (&first, mut later) = draws.split_first()?;
        let mut odds = u128::from(first.left());
        if let Some(enough) = later.iter().position(|draw| {
            odds *= u128::from(draw.left());
            odds >= CHECKED_ODDS
        }) {
            later = &later[..=enough];
        }
        let table = Table::new(rule, first);
        // The 15-bit rules never read bit 31: enumerate only states with it clear.
        let highs = (0..1u32 << (rule.state_bits() - 16)).filter(|&high| table.accepts(high << 16)).collect();
        let checks = later
            .iter()
            .map(|&draw| (Affine::STEP.repeat(u32::from(draw.step - first.step)), Table::new(rule, draw)))
            .collect();
        let back = Affine::STEP.repeat(u32::from(first.step) + 1).inverse();
        Some(Plan { rule, highs, checks, back })
    }

    /// The deals among the states with high half `high` that make every known draw and
    /// that `accept` takes, appended to `found`.
    fn search(&self, high: u32, accept: &impl Fn(u64) -> bool, found: &mut Vec<u64>) {
        let states = (0..1u32 << 16).map(|low| high << 16 | low);
        let Some(((jump, table), rest)) = self.checks.split_first() else {
            // One known draw: every state of the high half makes it.
            states.for_each(|state| self.keep(state, accept, found));
            return;
        };
        // The first check rejects all but one state in about 50: kept out of the loop over
        // the others, it runs in fewer instructions.
        for state in states {
            if table.accepts(jump.apply(state)) && rest.iter().all(|(jump, table)| table.accepts(jump.apply(state))) {
                self.keep(state, accept, found);
            }
        }
    }

    /// Appends the deal of `state`, one that makes every known draw, to `found` if it
    /// exists and `accept` takes it.
    #[inline]
    fn keep(&self, state: u32, accept: &impl Fn(u64) -> bool, found: &mut Vec<u64>) {
        if let Some(deal) = self.rule.deal(self.back.apply(state))
            && accept(deal)
        {
            found.push(deal);
        }
    }
}

/// Every deal number whose shuffle makes all of `draws` (in dealing order, at least one)
/// and that `accept` takes, in increasing order. Only as many draws are checked here as
/// make a false candidate rare, so `accept` must check the others. The search runs on
/// `threads` threads: this one and `threads − 1` more, fewer if the system refuses some.
pub(super) fn deals_making(draws: &[KnownDraw], threads: usize, accept: impl Fn(u64) -> bool + Sync) -> Vec<u64> {
    let plans: Vec<Plan> = Draw::ALL.iter().filter_map(|&rule| Plan::new(rule, draws)).collect();
    // A unit of work: one plan's 65,536 states of one high half.
    let work: Vec<(&Plan, u32)> =
        plans.iter().flat_map(|plan| plan.highs.iter().map(move |&high| (plan, high))).collect();
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut found = Vec::new();
        while let Some(&(plan, high)) = work.get(next.fetch_add(1, Ordering::Relaxed)) {
            plan.search(high, &accept, &mut found);
        }
        found
    };
    let mut deals = thread::scope(|scope| {
        let helpers: Vec<_> =
            (1..threads).filter_map(|_| thread::Builder::new().spawn_scoped(scope, worker).ok()).collect();
        // This thread works too, so the work gets done whatever threads the system gives.
        let mut deals = worker();
        for helper in helpers {
            match helper.join() {
                Ok(found) => deals.extend(found),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        deals
    });
    deals.sort_unstable();
    deals
}
