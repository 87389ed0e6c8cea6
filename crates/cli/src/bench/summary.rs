//! Summaries of bench rows: the GA-FreeCell paper's Table 2, and hint-latency percentiles.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::row::{DealRow, HintRow, Kind, Measure, Source};

/// The penalties the GA-FreeCell paper (GECCO 2011, §4, Table 2) charges a deal not solved.
pub(super) const PENALTY_NODES: f64 = 1e9;
/// Seconds charged to a deal not solved.
pub(super) const PENALTY_SECONDS: f64 = 9_000.0;
/// Moves charged to a deal not solved (in either move-count model).
pub(super) const PENALTY_MOVES: f64 = 60_000.0;

/// Counts by outcome, with the reasons of undecided searches.
#[derive(Clone, Debug, Default)]
pub(super) struct Counts {
    pub(super) total: u64,
    pub(super) solved: u64,
    pub(super) unsolvable: u64,
    pub(super) undecided: u64,
    pub(super) errors: u64,
    /// Undecided searches by reason token.
    pub(super) reasons: BTreeMap<String, u64>,
}

impl Counts {
    fn add(&mut self, m: &Measure) {
        self.total += 1;
        match m.outcome {
            Kind::Solved => self.solved += 1,
            Kind::Unsolvable => self.unsolvable += 1,
            Kind::Undecided => {
                self.undecided += 1;
                *self.reasons.entry(m.reason.clone()).or_default() += 1;
            }
            Kind::Error => self.errors += 1,
        }
    }

    fn merge(&mut self, other: &Counts) {
        self.total += other.total;
        self.solved += other.solved;
        self.unsolvable += other.unsolvable;
        self.undecided += other.undecided;
        self.errors += other.errors;
        for (reason, n) in &other.reasons {
            *self.reasons.entry(reason.clone()).or_default() += n;
        }
    }

    /// "12 solved, 1 proved unsolvable, 3 undecided (pruned 2, node-limit 1), 0 errors".
    fn sentence(&self, solved: &str) -> String {
        let mut text = format!(
            "{} {solved}, {} proved unsolvable, {} undecided",
            grouped(self.solved),
            grouped(self.unsolvable),
            grouped(self.undecided)
        );
        if !self.reasons.is_empty() {
            let reasons: Vec<String> = self.reasons.iter().map(|(r, n)| format!("{r} {}", grouped(*n))).collect();
            let _ = write!(text, " ({})", reasons.join(", "));
        }
        let _ = write!(text, ", {} verification {}", self.errors, if self.errors == 1 { "error" } else { "errors" });
        text
    }

    fn json(&self) -> String {
        let reasons: Vec<String> = self.reasons.iter().map(|(r, n)| format!("\"{r}\":{n}")).collect();
        format!(
            "\"count\":{},\"solved\":{},\"unsolvable\":{},\"undecided\":{},\"undecided_reasons\":{{{}}},\"errors\":{}",
            self.total,
            self.solved,
            self.unsolvable,
            self.undecided,
            reasons.join(","),
            self.errors
        )
    }
}

/// The running summary of `freecell bench`: the paper's Table 2 plus the extremes.
#[derive(Debug, Default)]
pub(super) struct Table {
    pub(super) counts: Counts,
    /// Sums over solved deals: expanded nodes, seconds, lengths in both models.
    nodes: f64,
    seconds: f64,
    length: f64,
    single_card_length: f64,
    /// Over all deals.
    all_seconds: f64,
    all_generated: u64,
    slowest: Option<(u64, f64)>,
    most_bytes: Option<(u64, u64)>,
    most_stored: Option<(u64, u64)>,
}

/// One line of Table 2: means per deal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Means {
    pub(super) nodes: f64,
    pub(super) seconds: f64,
    pub(super) length: f64,
    pub(super) single_card_length: f64,
}

impl Table {
    pub(super) fn add(&mut self, row: &DealRow) {
        let m = &row.measure;
        self.counts.add(m);
        self.all_seconds += m.seconds;
        self.all_generated += m.generated;
        if m.outcome == Kind::Solved {
            self.nodes += m.expanded as f64;
            self.seconds += m.seconds;
            self.length += m.length.unwrap_or(0) as f64;
            self.single_card_length += m.single_card_length.unwrap_or(0) as f64;
        }
        if self.slowest.is_none_or(|(_, s)| m.seconds > s) {
            self.slowest = Some((row.deal, m.seconds));
        }
        if self.most_bytes.is_none_or(|(_, b)| m.peak_bytes > b) {
            self.most_bytes = Some((row.deal, m.peak_bytes));
        }
        if self.most_stored.is_none_or(|(_, b)| m.peak_stored > b) {
            self.most_stored = Some((row.deal, m.peak_stored));
        }
    }

    /// Means over every deal, each deal not solved charged the paper's penalties.
    pub(super) fn penalized(&self) -> Option<Means> {
        let n = self.counts.total as f64;
        let unsolved = (self.counts.total - self.counts.solved) as f64;
        (self.counts.total > 0).then(|| Means {
            nodes: (self.nodes + unsolved * PENALTY_NODES) / n,
            seconds: (self.seconds + unsolved * PENALTY_SECONDS) / n,
            length: (self.length + unsolved * PENALTY_MOVES) / n,
            single_card_length: (self.single_card_length + unsolved * PENALTY_MOVES) / n,
        })
    }

    /// Means over the solved deals only.
    pub(super) fn excluded(&self) -> Option<Means> {
        let n = self.counts.solved as f64;
        (self.counts.solved > 0).then(|| Means {
            nodes: self.nodes / n,
            seconds: self.seconds / n,
            length: self.length / n,
            single_card_length: self.single_card_length / n,
        })
    }

    /// The summary as Markdown: the table, then the counts and extremes.
    pub(super) fn render(&self, solver: &str) -> String {
        let mut out = String::new();
        let solved_cell = format!(
            "{} ({:.2}%)",
            grouped(self.counts.solved),
            100.0 * self.counts.solved as f64 / self.counts.total.max(1) as f64
        );
        let line = |label: &str, means: Option<Means>| match means {
            Some(m) => format!(
                "| {label:<32} | {:>13} | {:>9} | {:>7} | {:>18} | {solved_cell:>16} |\n",
                grouped_mean(m.nodes),
                mean_seconds(m.seconds),
                grouped_mean(m.length),
                grouped_mean(m.single_card_length),
            ),
            None => {
                format!("| {label:<32} | {:>13} | {:>9} | {:>7} | {:>18} | {solved_cell:>16} |\n", "–", "–", "–", "–")
            }
        };
        let _ = writeln!(
            out,
            "| {:<32} | {:>13} | {:>9} | {:>7} | {:>18} | {:>16} |",
            solver, "Nodes", "Time (s)", "Length", "Single-card length", "Solved"
        );
        let _ = writeln!(out, "|{:-<34}|{:->14}:|{:->10}:|{:->8}:|{:->19}:|{:->17}:|", "", "", "", "", "", "");
        out.push_str(&line("unsolved problems penalized", self.penalized()));
        out.push_str(&line("unsolved problems excluded", self.excluded()));
        let _ = writeln!(out, "\n{} deals: {}.", grouped(self.counts.total), self.counts.sentence("solved"));
        let _ = writeln!(
            out,
            "Means per deal. Nodes: positions expanded. Length: moves with a run move counted 1 and \
             every foundation move (automoves included) counted 1; single-card length counts a run of \
             n cards as n. A deal not solved is charged 1000 M nodes, 9,000 s and 60,000 moves."
        );
        if let (Some((slow, seconds)), Some((big, bytes)), Some((crowded, stored))) =
            (self.slowest, self.most_bytes, self.most_stored)
        {
            let rate = if self.all_seconds > 0.0 { self.all_generated as f64 / self.all_seconds / 1e6 } else { 0.0 };
            let _ = writeln!(
                out,
                "Slowest deal {slow} ({seconds:.3} s); most engine memory deal {big} ({:.1} MB); most positions \
                 stored deal {crowded} ({}). Total {:.1} s of search, {} generated ({rate:.2} M/s).",
                bytes as f64 / 1e6,
                grouped(stored),
                self.all_seconds,
                grouped(self.all_generated),
            );
        }
        out
    }

    /// The summary as a JSON object.
    pub(super) fn json(&self) -> String {
        let means = |m: Option<Means>| {
            m.map_or_else(
                || "null".to_owned(),
                |m| {
                    format!(
                        "{{\"nodes\":{:.1},\"seconds\":{:.6},\"length\":{:.2},\"single_card_length\":{:.2}}}",
                        m.nodes, m.seconds, m.length, m.single_card_length
                    )
                },
            )
        };
        format!(
            "{{{},\"penalized\":{},\"excluded\":{},\"seconds\":{:.6},\"generated\":{},\"slowest\":{}}}",
            self.counts.json(),
            means(self.penalized()),
            means(self.excluded()),
            self.all_seconds,
            self.all_generated,
            self.slowest.map_or_else(|| "null".to_owned(), |(d, s)| format!("{{\"deal\":{d},\"seconds\":{s:.6}}}"))
        )
    }
}

/// The hint latencies of `freecell bench --hints K`, by position source.
#[derive(Debug, Default)]
pub(super) struct Latency {
    solution: Samples,
    detour: Samples,
}

#[derive(Debug, Default)]
struct Samples {
    counts: Counts,
    seconds: Vec<f64>,
}

impl Samples {
    fn add(&mut self, m: &Measure) {
        self.counts.add(m);
        self.seconds.push(m.seconds);
    }

    /// The samples of every part together.
    fn merged(parts: &[&Samples]) -> Samples {
        let mut all = Samples::default();
        for part in parts {
            all.counts.merge(&part.counts);
            all.seconds.extend_from_slice(&part.seconds);
        }
        all
    }

    /// p50, p90, p99 and max (nearest rank), and how many took over 100 ms.
    fn quantiles(&self) -> Option<([f64; 4], usize)> {
        let mut sorted = self.seconds.clone();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        let rank = |percent: usize| sorted[(percent * n).div_ceil(100).clamp(1, n) - 1];
        (n > 0).then(|| ([rank(50), rank(90), rank(99), sorted[n - 1]], sorted.iter().filter(|&&s| s > 0.1).count()))
    }
}

impl Latency {
    pub(super) fn add(&mut self, row: &HintRow) {
        match row.source {
            Source::Solution => self.solution.add(&row.measure),
            Source::Detour => self.detour.add(&row.measure),
        }
    }

    fn parts(&self) -> [(&'static str, Samples); 3] {
        [
            ("along the solution", Samples::merged(&[&self.solution])),
            ("detour", Samples::merged(&[&self.detour])),
            ("all", Samples::merged(&[&self.solution, &self.detour])),
        ]
    }

    /// Counts over every position.
    pub(super) fn counts(&self) -> Counts {
        let mut all = self.solution.counts.clone();
        all.merge(&self.detour.counts);
        all
    }

    /// The distribution as Markdown.
    pub(super) fn render(&self, solver: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "| {solver:<20} | {:>9} | {:>9} | {:>9} | {:>9} | {:>9} | {:>9} | {:>9} | {:>11} |",
            "Positions", "Hints", "No hint", "p50 (ms)", "p90 (ms)", "p99 (ms)", "max (ms)", "over 100 ms"
        );
        let _ = writeln!(out, "|{:-<22}|{}", "", "----------:|".repeat(7) + "------------:|");
        for (label, samples) in self.parts() {
            let c = &samples.counts;
            let (q, over) = match samples.quantiles() {
                Some((q, over)) => (q.map(|s| format!("{:.1}", s * 1e3)), grouped(over as u64)),
                None => (["–".to_owned(), "–".to_owned(), "–".to_owned(), "–".to_owned()], "–".to_owned()),
            };
            let _ = writeln!(
                out,
                "| {label:<20} | {:>9} | {:>9} | {:>9} | {:>9} | {:>9} | {:>9} | {:>9} | {over:>11} |",
                grouped(c.total),
                grouped(c.solved),
                grouped(c.total - c.solved),
                q[0],
                q[1],
                q[2],
                q[3],
            );
        }
        let all = self.counts();
        let _ = writeln!(out, "\n{} positions: {}.", grouped(all.total), all.sentence("with a hint"));
        let _ = writeln!(
            out,
            "Each time is one `Solver::hint` call (search and verification) on one position; the \
             percentiles (nearest rank) are over every call, with a hint or without."
        );
        out
    }

    /// The distribution as a JSON object.
    pub(super) fn json(&self) -> String {
        let parts: Vec<String> = self
            .parts()
            .iter()
            .map(|(label, samples)| {
                let q = samples.quantiles();
                let quantiles = q.map_or_else(
                    || "null".to_owned(),
                    |(q, over)| {
                        format!(
                            "{{\"p50\":{:.6},\"p90\":{:.6},\"p99\":{:.6},\"max\":{:.6},\"over_100ms\":{over}}}",
                            q[0], q[1], q[2], q[3]
                        )
                    },
                );
                format!("\"{}\":{{{},\"seconds\":{quantiles}}}", label.replace(' ', "_"), samples.counts.json())
            })
            .collect();
        format!("{{{}}}", parts.join(","))
    }
}

/// A mean of counts, rounded, grouped by thousands.
#[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)] // Means of counts are non-negative and small.
fn grouped_mean(mean: f64) -> String {
    grouped(mean.round().max(0.0) as u64)
}

/// `1234567` as `1,234,567`.
pub(super) fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A mean time per deal: two decimals, as Table 2 prints them, and more below a second
/// (down to microseconds), where two decimals would print a fast solver as `0.00`.
fn mean_seconds(seconds: f64) -> String {
    match seconds {
        s if s >= 1.0 || s == 0.0 => format!("{s:.2}"),
        s if s >= 0.01 => format!("{s:.4}"),
        s => format!("{s:.6}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(deal: u64, outcome: Kind, expanded: u64, seconds: f64, length: Option<u64>) -> DealRow {
        DealRow {
            deal,
            solver: "hsd".to_owned(),
            measure: Measure {
                outcome,
                reason: if outcome == Kind::Undecided { "node-limit".to_owned() } else { String::new() },
                expanded,
                generated: expanded * 10,
                seconds,
                length,
                single_card_length: length.map(|l| l + 10),
                peak_stored: 5,
                peak_bytes: 100,
            },
        }
    }

    #[test]
    #[allow(clippy::float_cmp)] // Exact: sums and quotients of small integers.
    fn table_2_penalizes_or_excludes_unsolved_deals() {
        let mut table = Table::default();
        table.add(&row(1, Kind::Solved, 1_000, 1.0, Some(100)));
        table.add(&row(2, Kind::Solved, 3_000, 3.0, Some(200)));
        table.add(&row(3, Kind::Undecided, 50, 9.0, None));
        table.add(&row(4, Kind::Unsolvable, 70, 0.5, None));
        let excluded = table.excluded().unwrap();
        assert_eq!(excluded, Means { nodes: 2_000.0, seconds: 2.0, length: 150.0, single_card_length: 160.0 });
        let penalized = table.penalized().unwrap();
        assert_eq!(penalized.nodes, (4_000.0 + 2.0 * 1e9) / 4.0);
        assert_eq!(penalized.seconds, (4.0 + 18_000.0) / 4.0);
        assert_eq!(penalized.length, (300.0 + 120_000.0) / 4.0);
        assert_eq!((table.counts.solved, table.counts.unsolvable, table.counts.undecided), (2, 1, 1));
        let text = table.render("hsd");
        assert!(text.contains("| unsolved problems excluded       |         2,000 |"), "{text}");
        assert!(text.contains("2 (50.00%)"), "{text}");
        assert!(text.contains("1 undecided (node-limit 1)"), "{text}");
        assert!(text.contains("Slowest deal 3 (9.000 s)"), "{text}");
    }

    #[test]
    #[allow(clippy::float_cmp)] // Exact: the same divisions as the literals.
    fn quantiles_use_the_nearest_rank() {
        let samples =
            Samples { counts: Counts::default(), seconds: (1..=100).map(|i| f64::from(i) / 1000.0).collect() };
        let (q, over) = samples.quantiles().unwrap();
        assert_eq!(q, [0.05, 0.09, 0.099, 0.1]);
        assert_eq!(over, 0);
    }

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(75_713_179), "75,713,179");
    }
}
