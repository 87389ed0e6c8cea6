//! The `optimal` preset's table: what its bound said on each deal, and what its search
//! held.

use std::fmt::Write as _;
use std::time::Duration;

use freecell_deals::DealNumber;
use freecell_search::system_memory::peak_resident;
use freecell_solver::{Below, Bounds, CostModel, Outcome, SolveReport};

/// One deal of the `optimal` solver's table.
#[derive(Clone, Debug, PartialEq)]
pub struct OptimalRow {
    /// The deal.
    pub deal: u64,
    /// `solved`, `unsolvable` or `undecided (REASON)`.
    pub outcome: String,
    /// The bound's value for the deal.
    pub initial: u32,
    /// The final f-bound: the optimal cost when solved.
    pub reached: u32,
    /// Expanded and evaluated before the first position at the final bound (A* only).
    pub below: Option<Below>,
    /// The solution's length in the searched cost model.
    pub length: Option<usize>,
    /// States evaluated.
    pub evaluated: u64,
    /// Most states stored at once.
    pub stored: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The search's bytes, by its own accounting.
    pub bytes: usize,
}

impl OptimalRow {
    /// The row of a solve of `deal` under `cost`, with the solver's `bounds`.
    pub fn of(
        deal: DealNumber,
        bounds: Bounds,
        report: &SolveReport,
        cost: CostModel,
        elapsed: Duration,
    ) -> OptimalRow {
        let length = report.outcome.solution().map(|s| match cost {
            CostModel::SingleCard => s.single_card_len(),
            CostModel::Sequence => s.len(),
        });
        let outcome = match &report.outcome {
            Outcome::Solved(_) => "solved".to_owned(),
            Outcome::Unsolvable => "unsolvable".to_owned(),
            Outcome::Undecided(reason) => format!("undecided ({reason})"),
        };
        OptimalRow {
            deal: deal.get(),
            outcome,
            initial: bounds.initial,
            reached: bounds.reached,
            below: bounds.below,
            length,
            evaluated: report.stats.search.evaluated,
            stored: report.stats.search.peak_stored,
            seconds: elapsed.as_secs_f64(),
            bytes: report.stats.search.bytes,
        }
    }
}

/// The `optimal` solver's table as Markdown: h(initial), final f-bound, length, states
/// expanded and evaluated below the final bound, states evaluated and stored, seconds and
/// the search's bytes per deal, then the totals, with the process's peak resident memory
/// ([`peak_resident`]).
pub fn optimal_table(rows: &[OptimalRow], cost: CostModel) -> String {
    let model = match cost {
        CostModel::SingleCard => "single-card",
        CostModel::Sequence => "sequence",
    };
    let mut text = format!(
        "\noptimal, {model} model: per deal\n\n| deal | outcome | h(initial) | final f-bound | length | expanded below f | evaluated below f | evaluated | stored | seconds | MB held | bytes/state |\n|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    );
    let (mut evaluated, mut stored, mut seconds, mut most) = (0u64, 0u64, 0.0, 0usize);
    let (mut expanded_below, mut evaluated_below) = (0u64, 0u64);
    for r in rows {
        let per_state = if r.stored > 0 { r.bytes as f64 / r.stored as f64 } else { 0.0 };
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.3} | {:.1} | {per_state:.1} |",
            r.deal,
            r.outcome,
            r.initial,
            r.reached,
            r.length.map_or_else(|| "–".to_owned(), |n| n.to_string()),
            r.below.map_or_else(|| "–".to_owned(), |b| b.expanded.to_string()),
            r.below.map_or_else(|| "–".to_owned(), |b| b.evaluated.to_string()),
            r.evaluated,
            r.stored,
            r.seconds,
            r.bytes as f64 / f64::from(1 << 20),
        );
        if let Some(b) = r.below {
            expanded_below += b.expanded;
            evaluated_below += b.evaluated;
        }
        evaluated += r.evaluated;
        stored += r.stored;
        seconds += r.seconds;
        most = most.max(r.bytes);
    }
    let _ = writeln!(
        text,
        "\ntotal: {} deals, {evaluated} states evaluated, {stored} stored, {seconds:.3} s of solving (wall clock), \
         at most {:.1} MB held by one search; peak resident memory of the process {}\n\
         below the final f-bounds: {expanded_below} expanded, {evaluated_below} evaluated \
         (an A* with this bound expands every position it reaches along a path whose f stays below the optimum)",
        rows.len(),
        most as f64 / f64::from(1 << 20),
        peak_resident()
            .map_or_else(|| "unknown".to_owned(), |bytes| format!("{:.1} MB", bytes as f64 / f64::from(1 << 20))),
    );
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use freecell_solver::{Preset, Solver};

    #[test]
    fn the_table_has_a_line_per_deal_and_the_totals() {
        let deal = DealNumber::new(1).expect("1 is a deal");
        // The deadlock bound alone, with no search: a node limit of 1.
        let solver = Solver::new(Preset::Optimal).max_nodes(1);
        let report = solver.solve(&deal.board()).expect("no solver bug");
        let bounds = report.stats.bounds.expect("optimal reports its bounds");
        let row = OptimalRow::of(deal, bounds, &report, CostModel::Sequence, Duration::from_millis(5));
        assert_eq!(row.outcome, "undecided (the node limit was reached)");
        let table = optimal_table(&[row.clone(), row], CostModel::Sequence);
        assert!(table.starts_with("\noptimal, sequence model: per deal\n"), "{table}");
        assert_eq!(table.lines().filter(|l| l.starts_with("| 1 | undecided")).count(), 2, "{table}");
        assert!(table.contains("total: 2 deals,"), "{table}");
        #[cfg(target_os = "linux")]
        assert!(peak_resident().is_some_and(|b| b > 0));
    }
}
