//! What a census counts: [`Findings`], the same on every run of the same census, and
//! [`Timing`], which is not.

use std::collections::BTreeMap;

use freecell_bench::{DealRow, Verdict};
use serde::{Deserialize, Serialize};

use crate::histogram::{Histogram, TopList};

/// The reproducible results of a census or a shard: they depend on the deals and the
/// settings only, never on the machine's speed, the threads, or how often a shard was
/// killed and rerun, so merged reports of the same census are equal byte for byte.
///
/// Deal lists are in census order (deal order for a range, draw order for a sample).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Findings {
    /// Deals run.
    pub deals: u64,
    /// Deals solved, every solution replayed by the core verifier.
    pub solved: u64,
    /// Deals proved unsolvable.
    pub impossible: Vec<u64>,
    /// Deals left undecided (a node or memory limit).
    pub undecided: Vec<u64>,
    /// The undecided deals by the solver's reason (`node-limit`, `memory-limit`, …).
    pub undecided_reasons: BTreeMap<String, u64>,
    /// Deals whose solution failed verification: a solver bug.
    pub errors: Vec<u64>,
    /// Positions expanded, over all deals.
    pub expanded_total: u64,
    /// Deals by positions expanded, in power-of-two buckets.
    pub expanded: Histogram,
    /// Moves of the solutions (sequence-move count), over solved deals.
    pub length_total: u64,
    /// Solved deals by solution length (sequence-move count).
    pub length: Histogram,
    /// The deals that took the most expansions.
    pub most_expanded: TopList,
}

impl Findings {
    /// Counts one deal's row.
    pub fn add(&mut self, row: &DealRow) {
        let m = &row.measure;
        self.deals += 1;
        match m.outcome {
            Verdict::Solved => {
                self.solved += 1;
                let length = m.length.unwrap_or_default();
                self.length_total += length;
                self.length.exact(length);
            }
            Verdict::Unsolvable => self.impossible.push(row.deal),
            Verdict::Undecided => {
                self.undecided.push(row.deal);
                *self.undecided_reasons.entry(m.reason.clone().unwrap_or_default()).or_default() += 1;
            }
            Verdict::Error => self.errors.push(row.deal),
        }
        self.expanded_total += m.expanded;
        self.expanded.log2(m.expanded);
        self.most_expanded.add(row.deal, m.expanded);
    }

    /// Adds the findings of the positions that follow these.
    pub fn merge(&mut self, later: &Findings) {
        self.deals += later.deals;
        self.solved += later.solved;
        self.impossible.extend(&later.impossible);
        self.undecided.extend(&later.undecided);
        for (reason, count) in &later.undecided_reasons {
            *self.undecided_reasons.entry(reason.clone()).or_default() += count;
        }
        self.errors.extend(&later.errors);
        self.expanded_total += later.expanded_total;
        self.expanded.merge(&later.expanded);
        self.length_total += later.length_total;
        self.length.merge(&later.length);
        self.most_expanded.merge(&later.most_expanded);
    }

    /// Why these findings cannot be a census's (counts that disagree), if they cannot.
    pub fn inconsistency(&self) -> Option<String> {
        let outcomes = self.solved + (self.impossible.len() + self.undecided.len() + self.errors.len()) as u64;
        if outcomes != self.deals {
            return Some(format!("{outcomes} outcomes for {} deals", self.deals));
        }
        if self.expanded.total() != self.deals {
            return Some(format!("{} deals in the expansion histogram, of {}", self.expanded.total(), self.deals));
        }
        if self.length.total() != self.solved {
            return Some(format!("{} deals in the length histogram, {} solved", self.length.total(), self.solved));
        }
        if self.undecided_reasons.values().sum::<u64>() != self.undecided.len() as u64 {
            return Some("the undecided deals' reasons do not add up to them".to_owned());
        }
        if !self.most_expanded.is_well_formed() {
            return Some("the list of most expanded deals is out of order".to_owned());
        }
        None
    }
}

/// The times of a census or a shard: they vary from run to run, so they are kept apart
/// from the [`Findings`] (a merged report writes them to a file of their own).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Timing {
    /// Deals timed: each deal of the findings once (a deal rerun after a kill counts its
    /// last run).
    pub deals: u64,
    /// Wall-clock microseconds of the solves, summed (each deal on one thread).
    pub solve_micros: u64,
    /// CPU microseconds of the processes that ran the deals (user and system, every
    /// thread, dealing and verification included), when the system reports it (Linux);
    /// the work lost to a kill after the last checkpoint is not counted.
    pub cpu_micros: Option<u64>,
    /// Deals by wall-clock microseconds of the solve, in power-of-two buckets.
    pub micros: Histogram,
    /// The deals whose solve took longest (microseconds).
    pub slowest: TopList,
}

impl Timing {
    /// Counts one deal's row.
    pub fn add(&mut self, row: &DealRow) {
        // Seconds are non-negative and written to the microsecond (`Measure`).
        #[allow(clippy::cast_sign_loss)]
        let micros = (row.measure.seconds * 1e6).round() as u64;
        self.deals += 1;
        self.solve_micros += micros;
        self.micros.log2(micros);
        self.slowest.add(row.deal, micros);
    }

    /// Adds another run's or shard's times.
    pub fn merge(&mut self, other: &Timing) {
        self.deals += other.deals;
        self.solve_micros += other.solve_micros;
        self.cpu_micros = match (self.cpu_micros, other.cpu_micros) {
            (Some(a), Some(b)) => Some(a + b),
            // CPU time of part of the deals only would understate the whole.
            _ => None,
        };
        self.micros.merge(&other.micros);
        self.slowest.merge(&other.slowest);
    }
}

#[cfg(test)]
mod tests {
    use freecell_bench::Measure;

    use super::*;

    fn row(deal: u64, outcome: Verdict, expanded: u64, length: Option<u64>) -> DealRow {
        let mut measure = Measure::error(std::time::Duration::from_micros(deal));
        measure.outcome = outcome;
        measure.expanded = expanded;
        measure.length = length;
        measure.reason = (outcome == Verdict::Undecided).then(|| "node-limit".to_owned());
        DealRow { deal, solver: "fast".to_owned(), measure }
    }

    #[test]
    fn findings_merge_as_if_added_in_one_run() {
        let rows = [
            row(1, Verdict::Solved, 100, Some(90)),
            row(2, Verdict::Unsolvable, 5_000, None),
            row(3, Verdict::Undecided, 9_000, None),
            row(4, Verdict::Solved, 120, Some(85)),
            row(5, Verdict::Error, 0, None),
        ];
        let mut whole = Findings::default();
        for r in &rows {
            whole.add(r);
        }
        let (mut head, mut tail) = (Findings::default(), Findings::default());
        for r in &rows[..2] {
            head.add(r);
        }
        for r in &rows[2..] {
            tail.add(r);
        }
        head.merge(&tail);
        assert_eq!(head, whole);
        assert_eq!(whole.inconsistency(), None);
        assert_eq!((whole.solved, whole.impossible.as_slice(), whole.undecided.as_slice()), (2, &[2][..], &[3][..]));
        assert_eq!(whole.errors, [5]);
        assert_eq!((whole.expanded_total, whole.length_total), (14_220, 175));
        assert_eq!(whole.most_expanded.ranked()[0].deal, 3);
        whole.solved += 1;
        assert!(whole.inconsistency().is_some_and(|e| e.contains("6 outcomes for 5 deals")));
    }

    #[test]
    fn timing_counts_microseconds() {
        let mut timing = Timing::default();
        timing.add(&row(300, Verdict::Solved, 1, Some(1)));
        timing.add(&row(70, Verdict::Solved, 1, Some(1)));
        assert_eq!((timing.deals, timing.solve_micros), (2, 370));
        assert_eq!(timing.micros.buckets().collect::<Vec<_>>(), [(64, 1), (256, 1)]);
        assert_eq!(timing.slowest.ranked()[0].deal, 300);
    }
}
