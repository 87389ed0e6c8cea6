//! [`RatingSummary`]: histograms of the fewest free cells and of the tiers.

use std::fmt::Write as _;

use freecell_solver::difficulty::Tier;
use serde::Serialize;

use crate::ratings::RatingRow;
use crate::summary::{Counts, Quantiles, Summary, grouped};

/// The summary of a census of difficulty: the counts by outcome with the deals' own cells,
/// a histogram of the fewest free cells (0 to 8, then the deals left undecided and those
/// lost with every number of cells) and one of the tiers (then the deals with none), and
/// the seconds a rating took.
///
/// As JSON: the [`Counts`], then `min_free_cells` (an array of 9 counts, cells 0 to 8),
/// `min_free_cells_undecided`, `lost_with_8`, `tiers` (an object of counts by tier name),
/// `no_tier` and `seconds` ([`Quantiles`] of a rating's seconds, or `null`).
#[derive(Debug, Default, Serialize)]
pub struct RatingSummary {
    #[serde(flatten)]
    counts: Counts,
    min_free_cells: [u64; 9],
    min_free_cells_undecided: u64,
    lost_with_8: u64,
    tiers: std::collections::BTreeMap<&'static str, u64>,
    no_tier: u64,
    #[serde(serialize_with = "quantiles")]
    seconds: Vec<f64>,
}

fn quantiles<S: serde::Serializer>(seconds: &[f64], serializer: S) -> Result<S::Ok, S::Error> {
    Quantiles::of(seconds).serialize(serializer)
}

impl RatingSummary {
    /// Deals won with at least `cells` free cells and with no fewer (`cells` 0 to 8).
    pub fn with_fewest(&self, cells: u8) -> u64 {
        self.min_free_cells.get(usize::from(cells)).copied().unwrap_or(0)
    }

    /// Deals whose fewest free cells stayed undecided.
    pub fn undecided_cells(&self) -> u64 {
        self.min_free_cells_undecided
    }

    /// Deals of `tier`.
    pub fn tier(&self, tier: Tier) -> u64 {
        self.tiers.get(tier.name()).copied().unwrap_or(0)
    }

    /// Deals proved lost with `cells` free cells: those whose fewest cells are more, and
    /// those lost with every number of cells.
    pub fn lost_with(&self, cells: u8) -> u64 {
        let above: u64 = self.min_free_cells.iter().skip(usize::from(cells) + 1).sum();
        above + self.lost_with_8
    }
}

impl Summary<RatingRow> for RatingSummary {
    fn add(&mut self, row: &RatingRow) {
        self.counts.add_outcome(row.outcome, row.reason.as_deref());
        match row.min_free_cells {
            Some(cells) => self.min_free_cells[usize::from(cells.min(8))] += 1,
            None if row.undecided_rungs.is_empty() && row.lost_with == Some(8) => self.lost_with_8 += 1,
            None => self.min_free_cells_undecided += 1,
        }
        match row.tier {
            Some(tier) => *self.tiers.entry(tier.name()).or_default() += 1,
            None => self.no_tier += 1,
        }
        self.seconds.push(row.seconds);
    }

    fn counts(&self) -> Counts {
        self.counts.clone()
    }

    /// Both histograms as Markdown tables, then the counts and the times.
    fn render(&self, solver: &str) -> String {
        let total = self.counts.total.max(1) as f64;
        let share = |n: u64| format!("{} ({:.2}%)", grouped(n), 100.0 * n as f64 / total);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "| fewest free cells ({solver}) | deals | lost with one cell fewer (all deals) |\n|---|--:|--:|"
        );
        for cells in 0..=8u8 {
            let lost_below = if cells == 0 { "–".to_owned() } else { grouped(self.lost_with(cells - 1)) };
            let _ = writeln!(out, "| {cells} | {} | {lost_below} |", share(self.with_fewest(cells)));
        }
        let _ = writeln!(out, "| undecided | {} | |", share(self.min_free_cells_undecided));
        let _ = writeln!(out, "| lost with 8 | {} | |", share(self.lost_with_8));
        let _ = writeln!(out, "\n| tier | deals |\n|---|--:|");
        for tier in Tier::ALL {
            let _ = writeln!(out, "| {tier} | {} |", share(self.tier(tier)));
        }
        let _ = writeln!(out, "| none (undecided) | {} |", share(self.no_tier));
        let _ = writeln!(
            out,
            "\n{} deals with their own cells: {}.",
            grouped(self.counts.total),
            self.counts.sentence("won")
        );
        if let Some(q) = Quantiles::of(&self.seconds) {
            let sum: f64 = self.seconds.iter().sum();
            let _ = writeln!(
                out,
                "Seconds a rating: median {:.4}, p90 {:.4}, p99 {:.4}, max {:.3}; {:.1} s in all.",
                q.p50, q.p90, q.p99, q.max, sum
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::row::Verdict;

    fn row(deal: u64, min: Option<u8>, lost_with: Option<u8>, undecided: Vec<u8>, tier: Option<Tier>) -> RatingRow {
        let mut row = RatingRow::error(deal, "fast", std::time::Duration::from_millis(deal));
        row.outcome = if tier == Some(Tier::Lost) { Verdict::Unsolvable } else { Verdict::Solved };
        row.reason = None;
        (row.min_free_cells, row.lost_with, row.undecided_rungs, row.tier) = (min, lost_with, undecided, tier);
        row
    }

    #[test]
    fn histograms_count_the_fewest_cells_and_the_tiers() {
        let mut summary = RatingSummary::default();
        for row in [
            row(1, Some(3), Some(2), vec![], Some(Tier::Hard)),
            row(2, Some(1), Some(0), vec![], Some(Tier::Easy)),
            row(3, Some(2), Some(1), vec![], Some(Tier::Easy)),
            row(11982, Some(5), Some(4), vec![], Some(Tier::Lost)),
            row(982, None, Some(1), vec![2], None),
        ] {
            summary.add(&row);
        }
        let fewest: Vec<u64> = (0..=8).map(|cells| summary.with_fewest(cells)).collect();
        assert_eq!(fewest, [0, 1, 1, 1, 0, 1, 0, 0, 0]);
        assert_eq!(summary.undecided_cells(), 1);
        // Lost with 2 cells: the deals needing 3 or more; with 4: MS 11982 alone.
        assert_eq!((summary.lost_with(0), summary.lost_with(2), summary.lost_with(4)), (4, 2, 1));
        assert_eq!((summary.tier(Tier::Easy), summary.tier(Tier::Lost), summary.tier(Tier::Expert)), (2, 1, 0));
        let counts = summary.counts();
        assert_eq!((counts.total, counts.solved, counts.unsolvable), (5, 4, 1));
        let table = summary.render("fast");
        assert!(table.contains("| 3 | 1 (20.00%) | 2 |"), "{table}");
        assert!(table.contains("| undecided | 1 (20.00%) | |"), "{table}");
        assert!(table.contains("| none (undecided) | 1 (20.00%) |"), "{table}");
    }
}
