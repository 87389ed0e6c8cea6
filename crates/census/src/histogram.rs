//! Histograms and top lists, the two shapes of a census's distributions: both merge by
//! adding, so the shards of a census can be summed in any grouping.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Counts by bucket, a bucket named by the least value it holds. [`Histogram::log2`] puts
/// a value in the power-of-two bucket below it (expansions, times); [`Histogram::exact`]
/// gives each value its own bucket (solution lengths). Empty buckets are not stored, so the
/// JSON form is short: `{"64":120,"128":3}`.
///
/// # Examples
/// ```
/// use freecell_census::Histogram;
///
/// let mut h = Histogram::default();
/// for v in [0, 1, 5, 6, 7, 8] {
///     h.log2(v);
/// }
/// assert_eq!(h.buckets().collect::<Vec<_>>(), [(0, 1), (1, 1), (4, 3), (8, 1)]);
/// assert_eq!(h.total(), 6);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Histogram(BTreeMap<u64, u64>);

impl Histogram {
    /// Counts `value` in its power-of-two bucket: 0, 1, 2–3, 4–7, …
    pub fn log2(&mut self, value: u64) {
        let bucket = if value == 0 { 0 } else { 1 << value.ilog2() };
        *self.0.entry(bucket).or_default() += 1;
    }

    /// Counts `value` in a bucket of its own.
    pub fn exact(&mut self, value: u64) {
        *self.0.entry(value).or_default() += 1;
    }

    /// Adds `other`'s counts.
    pub fn merge(&mut self, other: &Histogram) {
        for (&bucket, &count) in &other.0 {
            *self.0.entry(bucket).or_default() += count;
        }
    }

    /// The non-empty buckets, least first: (least value, count).
    pub fn buckets(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.0.iter().map(|(&bucket, &count)| (bucket, count))
    }

    /// The values counted.
    pub fn total(&self) -> u64 {
        self.0.values().sum()
    }
}

/// How many deals a top list keeps.
pub const TOP: usize = 10;

/// A deal and the value it is ranked by (expansions, microseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ranked {
    /// The deal number.
    pub deal: u64,
    /// Its value.
    pub value: u64,
}

/// The [`TOP`] deals of highest value, highest first, ties by lower deal number: the same
/// list whatever order the deals were added in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TopList(Vec<Ranked>);

impl TopList {
    /// Adds `deal`, kept if it ranks among the top.
    pub fn add(&mut self, deal: u64, value: u64) {
        let entry = Ranked { deal, value };
        let at = self.0.partition_point(|r| (r.value, std::cmp::Reverse(r.deal)) > (value, std::cmp::Reverse(deal)));
        if at < TOP {
            self.0.insert(at, entry);
            self.0.truncate(TOP);
        }
    }

    /// Adds every deal of `other`.
    pub fn merge(&mut self, other: &TopList) {
        for r in &other.0 {
            self.add(r.deal, r.value);
        }
    }

    /// The deals, highest first.
    pub fn ranked(&self) -> &[Ranked] {
        &self.0
    }

    /// Whether the list is sorted and no longer than [`TOP`], as [`add`](Self::add) keeps
    /// it (a list read from a file may not be).
    pub fn is_well_formed(&self) -> bool {
        self.0.len() <= TOP
            && self
                .0
                .windows(2)
                .all(|w| (w[0].value, std::cmp::Reverse(w[0].deal)) >= (w[1].value, std::cmp::Reverse(w[1].deal)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_top_list_does_not_depend_on_the_order_of_adding() {
        let values: Vec<(u64, u64)> = (1..=40).map(|d| (d, (d * 7919) % 13)).collect();
        let mut forward = TopList::default();
        for &(d, v) in &values {
            forward.add(d, v);
        }
        let (mut a, mut b) = (TopList::default(), TopList::default());
        values.iter().rev().enumerate().for_each(|(i, &(d, v))| if i % 2 == 0 { a.add(d, v) } else { b.add(d, v) });
        a.merge(&b);
        assert_eq!(forward, a);
        assert_eq!(forward.ranked().len(), TOP);
        assert!(forward.is_well_formed());
        // The expected head: value 12 for deals d with 7919·d ≡ 12 (mod 13).
        let twelves: Vec<u64> = values.iter().filter(|&&(_, v)| v == 12).map(|&(d, _)| d).collect();
        assert_eq!(forward.ranked()[0], Ranked { deal: twelves[0], value: 12 });
    }

    #[test]
    fn histograms_merge_by_adding() {
        let (mut a, mut b) = (Histogram::default(), Histogram::default());
        a.exact(80);
        b.exact(80);
        b.exact(90);
        a.merge(&b);
        assert_eq!(a.buckets().collect::<Vec<_>>(), [(80, 2), (90, 1)]);
        let mut big = Histogram::default();
        big.log2(u64::MAX);
        assert_eq!(big.buckets().next(), Some((1 << 63, 1)));
    }
}
