//! Summaries of bench rows: the GA-FreeCell paper's Table 2 ([`DealSummary`]), and
//! hint-latency percentiles ([`HintSummary`]). Each renders as Markdown and serialises as
//! JSON.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crate::json;
use crate::row::{DealRow, HintRow, Measure, Source, Verdict};

/// The nodes the GA-FreeCell paper (Elyasaf, Hauptman & Sipper, GECCO 2011, §4, Table 2)
/// charges a deal not solved.
pub const PENALTY_NODES: f64 = 1e9;
/// Seconds charged to a deal not solved.
pub const PENALTY_SECONDS: f64 = 9_000.0;
/// Moves charged to a deal not solved (in either move-count model).
pub const PENALTY_MOVES: f64 = 60_000.0;

/// What a bench summarises its rows into.
pub trait Summary<R>: Default + Serialize + std::fmt::Debug {
    /// Counts one more row.
    fn add(&mut self, row: &R);
    /// The counts by outcome of every row added.
    fn counts(&self) -> Counts;
    /// The summary as Markdown, headed by the solver's name.
    fn render(&self, solver: &str) -> String;
}

/// Counts by outcome, with the reasons of undecided searches. As JSON: `count` (every
/// row), `solved`, `unsolvable`, `undecided`, `undecided_reasons` (an object of counts by
/// reason token) and `errors`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Every row.
    #[serde(rename = "count")]
    pub total: u64,
    /// Rows of [`Verdict::Solved`].
    pub solved: u64,
    /// Rows of [`Verdict::Unsolvable`].
    pub unsolvable: u64,
    /// Rows of [`Verdict::Undecided`].
    pub undecided: u64,
    /// Undecided rows by reason token.
    #[serde(rename = "undecided_reasons")]
    pub reasons: BTreeMap<String, u64>,
    /// Rows of [`Verdict::Error`]: verification failures.
    pub errors: u64,
}

impl Counts {
    fn add(&mut self, m: &Measure) {
        self.add_outcome(m.outcome, m.reason.as_deref());
    }

    /// Counts one row of `outcome`, undecided for `reason`.
    pub(crate) fn add_outcome(&mut self, outcome: Verdict, reason: Option<&str>) {
        self.total += 1;
        match outcome {
            Verdict::Solved => self.solved += 1,
            Verdict::Unsolvable => self.unsolvable += 1,
            Verdict::Undecided => {
                self.undecided += 1;
                *self.reasons.entry(reason.unwrap_or_default().to_owned()).or_default() += 1;
            }
            Verdict::Error => self.errors += 1,
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
    pub(crate) fn sentence(&self, solved: &str) -> String {
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
}

/// The summary of a bench of solves: the GA-FreeCell paper's Table 2 (its §4) plus the
/// extremes.
///
/// As JSON: the [`Counts`], then `penalized` and `excluded` ([`Means`], or `null` without
/// deals or solved deals), `seconds` and `generated` (totals over every deal) and
/// `slowest` (`{"deal", "seconds"}`, or `null`).
#[derive(Debug, Default)]
pub struct DealSummary {
    counts: Counts,
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

/// One line of Table 2: means per deal. As JSON, nodes are written to 0.1, seconds to the
/// microsecond and lengths to 0.01.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Means {
    /// Positions expanded.
    #[serde(serialize_with = "json::decimals::<1, _>")]
    pub nodes: f64,
    /// Seconds.
    #[serde(serialize_with = "json::decimals::<6, _>")]
    pub seconds: f64,
    /// Moves, a run move counted 1.
    #[serde(serialize_with = "json::decimals::<2, _>")]
    pub length: f64,
    /// Moves, a run of n cards counted n.
    #[serde(serialize_with = "json::decimals::<2, _>")]
    pub single_card_length: f64,
}

impl DealSummary {
    /// Means over every deal, each deal not solved charged the paper's penalties
    /// ([`PENALTY_NODES`], [`PENALTY_SECONDS`], [`PENALTY_MOVES`]); `None` without deals.
    pub fn penalized(&self) -> Option<Means> {
        let n = self.counts.total as f64;
        let unsolved = (self.counts.total - self.counts.solved) as f64;
        (self.counts.total > 0).then(|| Means {
            nodes: (self.nodes + unsolved * PENALTY_NODES) / n,
            seconds: (self.seconds + unsolved * PENALTY_SECONDS) / n,
            length: (self.length + unsolved * PENALTY_MOVES) / n,
            single_card_length: (self.single_card_length + unsolved * PENALTY_MOVES) / n,
        })
    }

    /// Means over the solved deals only; `None` without any.
    pub fn excluded(&self) -> Option<Means> {
        let n = self.counts.solved as f64;
        (self.counts.solved > 0).then(|| Means {
            nodes: self.nodes / n,
            seconds: self.seconds / n,
            length: self.length / n,
            single_card_length: self.single_card_length / n,
        })
    }

    /// The slowest deal and its seconds.
    pub fn slowest(&self) -> Option<(u64, f64)> {
        self.slowest
    }
}

impl Summary<DealRow> for DealSummary {
    fn add(&mut self, row: &DealRow) {
        let m = &row.measure;
        self.counts.add(m);
        self.all_seconds += m.seconds;
        self.all_generated += m.generated;
        if m.outcome == Verdict::Solved {
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

    fn counts(&self) -> Counts {
        self.counts.clone()
    }

    /// The table, then the counts and extremes.
    fn render(&self, solver: &str) -> String {
        let mut out = String::new();
        let solved_cell = format!(
            "{} ({:.2}%)",
            grouped(self.counts.solved),
            100.0 * self.counts.solved as f64 / self.counts.total.max(1) as f64
        );
        // The first column fits the solver's name (with a game's options it can be long).
        let width = solver.chars().count().max(32);
        let line = |label: &str, means: Option<Means>| match means {
            Some(m) => format!(
                "| {label:<width$} | {:>13} | {:>9} | {:>7} | {:>18} | {solved_cell:>16} |\n",
                grouped_mean(m.nodes),
                mean_seconds(m.seconds),
                grouped_mean(m.length),
                grouped_mean(m.single_card_length),
            ),
            None => {
                format!(
                    "| {label:<width$} | {:>13} | {:>9} | {:>7} | {:>18} | {solved_cell:>16} |\n",
                    "–", "–", "–", "–"
                )
            }
        };
        let _ = writeln!(
            out,
            "| {:<width$} | {:>13} | {:>9} | {:>7} | {:>18} | {:>16} |",
            solver, "Nodes", "Time (s)", "Length", "Single-card length", "Solved"
        );
        let rule = "-".repeat(width + 2);
        let _ = writeln!(out, "|{rule}|{:->14}:|{:->10}:|{:->8}:|{:->19}:|{:->17}:|", "", "", "", "", "");
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
}

impl Serialize for DealSummary {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Slowest {
            deal: u64,
            #[serde(serialize_with = "json::decimals::<6, _>")]
            seconds: f64,
        }
        #[derive(Serialize)]
        struct Form<'a> {
            #[serde(flatten)]
            counts: &'a Counts,
            penalized: Option<Means>,
            excluded: Option<Means>,
            #[serde(serialize_with = "json::decimals::<6, _>")]
            seconds: f64,
            generated: u64,
            slowest: Option<Slowest>,
        }
        Form {
            counts: &self.counts,
            penalized: self.penalized(),
            excluded: self.excluded(),
            seconds: self.all_seconds,
            generated: self.all_generated,
            slowest: self.slowest.map(|(deal, seconds)| Slowest { deal, seconds }),
        }
        .serialize(serializer)
    }
}

/// The summary of a bench of hints: latencies by position source, along the solution, on
/// a detour, and all together.
///
/// As JSON: an object with keys `along_the_solution`, `detour` and `all`, each the
/// [`Counts`] of its positions plus `seconds`: `p50`, `p90`, `p99`, `max` (nearest rank,
/// to the microsecond) and `over_100ms`, or `null` without positions.
#[derive(Debug, Default)]
pub struct HintSummary {
    solution: Samples,
    detour: Samples,
}

#[derive(Debug, Default)]
struct Samples {
    counts: Counts,
    seconds: Vec<f64>,
}

/// The percentiles of a set of hint times.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Quantiles {
    /// The median, in seconds.
    #[serde(serialize_with = "json::decimals::<6, _>")]
    pub p50: f64,
    /// The 90th percentile, in seconds.
    #[serde(serialize_with = "json::decimals::<6, _>")]
    pub p90: f64,
    /// The 99th percentile, in seconds.
    #[serde(serialize_with = "json::decimals::<6, _>")]
    pub p99: f64,
    /// The longest, in seconds.
    #[serde(serialize_with = "json::decimals::<6, _>")]
    pub max: f64,
    /// How many took over 100 ms.
    #[serde(rename = "over_100ms")]
    pub over_100_ms: usize,
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
    fn quantiles(&self) -> Option<Quantiles> {
        Quantiles::of(&self.seconds)
    }
}

impl Quantiles {
    /// The quantiles of `seconds`; `None` when empty.
    pub(crate) fn of(seconds: &[f64]) -> Option<Quantiles> {
        let mut sorted = seconds.to_vec();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        let rank = |percent: usize| sorted[(percent * n).div_ceil(100).clamp(1, n) - 1];
        (n > 0).then(|| Quantiles {
            p50: rank(50),
            p90: rank(90),
            p99: rank(99),
            max: sorted[n - 1],
            over_100_ms: sorted.iter().filter(|&&s| s > 0.1).count(),
        })
    }
}

impl HintSummary {
    fn parts(&self) -> [(&'static str, Samples); 3] {
        [
            ("along the solution", Samples::merged(&[&self.solution])),
            ("detour", Samples::merged(&[&self.detour])),
            ("all", Samples::merged(&[&self.solution, &self.detour])),
        ]
    }

    /// The percentiles of the positions of one source, or of all positions (`None`);
    /// `None` without such positions.
    pub fn quantiles(&self, source: Option<Source>) -> Option<Quantiles> {
        match source {
            Some(Source::Solution) => self.solution.quantiles(),
            Some(Source::Detour) => self.detour.quantiles(),
            None => Samples::merged(&[&self.solution, &self.detour]).quantiles(),
        }
    }
}

impl Summary<HintRow> for HintSummary {
    fn add(&mut self, row: &HintRow) {
        match row.source {
            Source::Solution => self.solution.add(&row.measure),
            Source::Detour => self.detour.add(&row.measure),
        }
    }

    /// Counts over every position.
    fn counts(&self) -> Counts {
        let mut all = self.solution.counts.clone();
        all.merge(&self.detour.counts);
        all
    }

    /// The distribution as Markdown.
    fn render(&self, solver: &str) -> String {
        let mut out = String::new();
        // The first column fits the solver's name (with a game's options it can be long).
        let width = solver.chars().count().max(20);
        let _ = writeln!(
            out,
            "| {solver:<width$} | {:>9} | {:>9} | {:>9} | {:>9} | {:>9} | {:>9} | {:>9} | {:>11} |",
            "Positions", "Hints", "No hint", "p50 (ms)", "p90 (ms)", "p99 (ms)", "max (ms)", "over 100 ms"
        );
        let _ = writeln!(out, "|{}|{}", "-".repeat(width + 2), "----------:|".repeat(7) + "------------:|");
        for (label, samples) in self.parts() {
            let c = &samples.counts;
            let (q, over) = match samples.quantiles() {
                Some(q) => {
                    ([q.p50, q.p90, q.p99, q.max].map(|s| format!("{:.1}", s * 1e3)), grouped(q.over_100_ms as u64))
                }
                None => (["–".to_owned(), "–".to_owned(), "–".to_owned(), "–".to_owned()], "–".to_owned()),
            };
            let _ = writeln!(
                out,
                "| {label:<width$} | {:>9} | {:>9} | {:>9} | {:>9} | {:>9} | {:>9} | {:>9} | {over:>11} |",
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
}

impl Serialize for HintSummary {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Part<'a> {
            #[serde(flatten)]
            counts: &'a Counts,
            seconds: Option<Quantiles>,
        }
        let parts = self.parts();
        let mut map = serializer.serialize_map(Some(parts.len()))?;
        for (label, samples) in &parts {
            map.serialize_entry(
                &label.replace(' ', "_"),
                &Part { counts: &samples.counts, seconds: samples.quantiles() },
            )?;
        }
        map.end()
    }
}

/// A mean of counts, rounded, grouped by thousands.
#[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)] // Means of counts are non-negative and small.
fn grouped_mean(mean: f64) -> String {
    grouped(mean.round().max(0.0) as u64)
}

/// `1234567` as `1,234,567`, as the summaries print counts.
///
/// # Examples
/// ```
/// assert_eq!(freecell_bench::grouped(75_713_179), "75,713,179");
/// ```
pub fn grouped(n: u64) -> String {
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

    fn row(deal: u64, outcome: Verdict, expanded: u64, seconds: f64, length: Option<u64>) -> DealRow {
        DealRow {
            deal,
            solver: "hsd".to_owned(),
            measure: Measure {
                outcome,
                reason: (outcome == Verdict::Undecided).then(|| "node-limit".to_owned()),
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

    fn four_deals() -> DealSummary {
        let mut table = DealSummary::default();
        table.add(&row(1, Verdict::Solved, 1_000, 1.0, Some(100)));
        table.add(&row(2, Verdict::Solved, 3_000, 3.0, Some(200)));
        table.add(&row(3, Verdict::Undecided, 50, 9.0, None));
        table.add(&row(4, Verdict::Unsolvable, 70, 0.5, None));
        table
    }

    #[test]
    #[allow(clippy::float_cmp)] // Exact: sums and quotients of small integers.
    fn table_2_penalizes_or_excludes_unsolved_deals() {
        let table = four_deals();
        let excluded = table.excluded().unwrap();
        assert_eq!(excluded, Means { nodes: 2_000.0, seconds: 2.0, length: 150.0, single_card_length: 160.0 });
        let penalized = table.penalized().unwrap();
        assert_eq!(penalized.nodes, (4_000.0 + 2.0 * 1e9) / 4.0);
        assert_eq!(penalized.seconds, (4.0 + 18_000.0) / 4.0);
        assert_eq!(penalized.length, (300.0 + 120_000.0) / 4.0);
        let counts = table.counts();
        assert_eq!((counts.solved, counts.unsolvable, counts.undecided), (2, 1, 1));
        let text = table.render("hsd");
        assert!(text.contains("| unsolved problems excluded       |         2,000 |"), "{text}");
        assert!(text.contains("2 (50.00%)"), "{text}");
        assert!(text.contains("1 undecided (node-limit 1)"), "{text}");
        assert!(text.contains("Slowest deal 3 (9.000 s)"), "{text}");
    }

    #[test]
    fn table_2_as_json() {
        // The means of the test above: (4,000 + 2·10⁹)/4 nodes, (4 + 18,000)/4 s,
        // (300 + 120,000)/4 and (320 + 120,000)/4 moves; 13.5 s and 41,200 generated in all.
        let json = serde_json::to_string(&four_deals()).unwrap();
        assert_eq!(
            json,
            "{\"count\":4,\"solved\":2,\"unsolvable\":1,\"undecided\":1,\"undecided_reasons\":{\"node-limit\":1},\
             \"errors\":0,\"penalized\":{\"nodes\":500001000.0,\"seconds\":4501.0,\"length\":30075.0,\
             \"single_card_length\":30080.0},\"excluded\":{\"nodes\":2000.0,\"seconds\":2.0,\"length\":150.0,\
             \"single_card_length\":160.0},\"seconds\":13.5,\"generated\":41200,\"slowest\":{\"deal\":3,\"seconds\":9.0}}"
        );
        let empty = serde_json::to_string(&DealSummary::default()).unwrap();
        assert!(
            empty.contains("\"penalized\":null,\"excluded\":null,\"seconds\":0.0,\"generated\":0,\"slowest\":null"),
            "{empty}"
        );
    }

    #[test]
    #[allow(clippy::float_cmp)] // Exact: the same divisions as the literals.
    fn quantiles_use_the_nearest_rank() {
        let samples =
            Samples { counts: Counts::default(), seconds: (1..=100).map(|i| f64::from(i) / 1000.0).collect() };
        let q = samples.quantiles().unwrap();
        assert_eq!([q.p50, q.p90, q.p99, q.max], [0.05, 0.09, 0.099, 0.1]);
        assert_eq!(q.over_100_ms, 0);
    }

    #[test]
    fn hint_latencies_as_json() {
        let mut latency = HintSummary::default();
        let measure = |seconds| row(1, Verdict::Solved, 10, seconds, Some(5)).measure;
        let hint = |position, source, seconds| HintRow {
            deal: 1,
            solver: "hsd".to_owned(),
            position,
            source,
            plies: 3,
            measure: measure(seconds),
        };
        latency.add(&hint(0, Source::Solution, 0.25));
        latency.add(&hint(1, Source::Detour, 0.001_5));
        let json: serde_json::Value = serde_json::to_value(&latency).unwrap();
        assert_eq!(json.as_object().unwrap().len(), 3);
        assert_eq!(json["all"]["count"], 2);
        assert_eq!(json["all"]["seconds"]["p50"], 0.001_5);
        assert_eq!(json["all"]["seconds"]["max"], 0.25);
        assert_eq!(json["all"]["seconds"]["over_100ms"], 1);
        assert_eq!(json["detour"]["seconds"]["over_100ms"], 0);
        let text = serde_json::to_string(&latency).unwrap();
        assert!(text.starts_with("{\"along_the_solution\":{\"count\":1,"), "{text}");
        assert!(serde_json::to_string(&HintSummary::default()).unwrap().contains("\"seconds\":null"));
    }

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(75_713_179), "75,713,179");
    }

    #[test]
    fn a_long_solver_name_widens_the_first_column() {
        // A game's options make the name long (`fast --game seahaven-towers --cells 3`).
        let long = "fast --rules some/long/path/to/a/rule-file.toml --cells 3";
        for table in [DealSummary::default().render(long), HintSummary::default().render(long)] {
            let widths: Vec<usize> = table.lines().filter(|l| l.starts_with('|')).map(|l| l.chars().count()).collect();
            assert!(widths.len() >= 3 && widths.iter().all(|&w| w == widths[0]), "{table}");
        }
    }
}
