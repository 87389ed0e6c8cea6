//! A merged census: [`Report`], its files and its text.

use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use freecell_bench::grouped;
use freecell_bench::json::rounded;
use freecell_deals::DealNumber;
use serde::Serialize;

use crate::file::write_atomically;
use crate::settings::Settings;
use crate::svg::{Scale, plot};
use crate::tally::{Findings, Timing};

/// The deals of the whole FreeCell Pro range, 1 to 8,589,934,591: what
/// [`Report::full_range_core_hours`] extrapolates to.
pub const FULL_RANGE: u64 = DealNumber::MAX.get();

/// The files [`Report::write`] writes: the reproducible report, the times, the plot.
pub const REPORT_FILES: [&str; 3] = ["census.json", "timing.json", "census.svg"];

/// A whole census, merged from its shards.
///
/// Its [`Findings`] (and so `census.json`, [`Report::reproducible_json`]) are the same
/// bytes however the shards were run, killed and rerun; its [`Timing`] (`timing.json`,
/// and the plot's time panel) is not, and is kept apart so that reports can be compared
/// with `cmp`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// The census's settings.
    pub settings: Settings,
    /// Its number of shards.
    pub shards: u32,
    /// What it found.
    pub findings: Findings,
    /// How long it took.
    pub timing: Timing,
}

#[derive(Serialize)]
struct Reproducible<'a> {
    census: &'a Settings,
    #[serde(flatten)]
    findings: &'a Findings,
}

#[derive(Serialize)]
struct TimingForm<'a> {
    shards: u32,
    #[serde(flatten)]
    timing: &'a Timing,
    solve_ms_per_deal: f64,
    cpu_ms_per_deal: Option<f64>,
    full_range_core_hours: f64,
}

#[derive(Serialize)]
struct Whole<'a> {
    #[serde(flatten)]
    reproducible: Reproducible<'a>,
    timing: TimingForm<'a>,
}

impl Report {
    /// The report of `shards` shards of a census with these settings.
    pub fn new(settings: Settings, shards: u32, findings: Findings, timing: Timing) -> Report {
        Report { settings, shards, findings, timing }
    }

    /// Milliseconds of solving per deal (wall clock, each deal on one thread).
    pub fn solve_ms_per_deal(&self) -> f64 {
        self.timing.solve_micros as f64 / 1e3 / self.findings.deals.max(1) as f64
    }

    /// Milliseconds of CPU per deal, all of the process's work included, when known.
    pub fn cpu_ms_per_deal(&self) -> Option<f64> {
        self.timing.cpu_micros.map(|cpu| cpu as f64 / 1e3 / self.findings.deals.max(1) as f64)
    }

    /// Core-hours for the [`FULL_RANGE`] at this census's CPU time per deal (its solving
    /// time where the CPU time is unknown).
    pub fn full_range_core_hours(&self) -> f64 {
        self.cpu_ms_per_deal().unwrap_or(self.solve_ms_per_deal()) / 1e3 * FULL_RANGE as f64 / 3600.0
    }

    fn reproducible(&self) -> Reproducible<'_> {
        Reproducible { census: &self.settings, findings: &self.findings }
    }

    fn timing_form(&self) -> TimingForm<'_> {
        TimingForm {
            shards: self.shards,
            timing: &self.timing,
            solve_ms_per_deal: rounded(self.solve_ms_per_deal(), 4),
            cpu_ms_per_deal: self.cpu_ms_per_deal().map(|ms| rounded(ms, 4)),
            full_range_core_hours: rounded(self.full_range_core_hours(), 1),
        }
    }

    /// The reproducible report (settings and findings; no times, nor the number of shards)
    /// as indented JSON: `census.json`, equal byte for byte for every run of the same
    /// census, in one shard or many.
    pub fn reproducible_json(&self) -> String {
        to_json(&self.reproducible(), true)
    }

    /// How the census ran as indented JSON (`timing.json`): its shards, its times, and the
    /// estimate for the full range.
    pub fn timing_json(&self) -> String {
        to_json(&self.timing_form(), true)
    }

    /// Everything as one line of JSON: the reproducible report's keys (among them
    /// `impossible` and `undecided`, lists of deal numbers) and `timing`.
    pub fn json(&self) -> String {
        to_json(&Whole { reproducible: self.reproducible(), timing: self.timing_form() }, false)
    }

    /// The histograms as an SVG: expansions, solution lengths and solve times per deal.
    pub fn svg(&self) -> String {
        let heading = format!("{}: {} deals", self.settings.deals, grouped(self.findings.deals));
        plot(
            &heading,
            &[
                ("Deals by positions expanded (power-of-two buckets)", &self.findings.expanded, Scale::Log2),
                ("Solved deals by solution length (moves, sequence-move count)", &self.findings.length, Scale::Exact),
                (
                    "Deals by solve time (microseconds, power-of-two buckets; varies between runs)",
                    &self.timing.micros,
                    Scale::Log2,
                ),
            ],
        )
    }

    /// Writes [`REPORT_FILES`] into `dir`, each atomically; returns their paths.
    ///
    /// # Errors
    /// The system's error, with the file.
    pub fn write(&self, dir: &Path) -> Result<Vec<PathBuf>, (PathBuf, io::Error)> {
        let contents = [self.reproducible_json(), self.timing_json(), self.svg()];
        REPORT_FILES
            .iter()
            .zip(contents)
            .map(|(name, text)| {
                let path = dir.join(name);
                write_atomically(&path, text.as_bytes()).map(|()| path.clone()).map_err(|error| (path, error))
            })
            .collect()
    }

    /// The report as Markdown text.
    pub fn render(&self) -> String {
        let f = &self.findings;
        let mut text = format!("# Census of {}\n\n", self.settings.deals);
        let _ = writeln!(text, "Settings: {}; {} shards.\n", self.settings, self.shards);
        let _ = writeln!(
            text,
            "{} deals: {} solved, {} impossible, {} undecided, {} errors.\n",
            grouped(f.deals),
            grouped(f.solved),
            grouped(f.impossible.len() as u64),
            grouped(f.undecided.len() as u64),
            grouped(f.errors.len() as u64)
        );
        let _ = writeln!(text, "- Impossible: {}", deal_list(&f.impossible));
        let reasons: Vec<String> = f.undecided_reasons.iter().map(|(r, n)| format!("{n} {r}")).collect();
        let why = if reasons.is_empty() { String::new() } else { format!(" ({})", reasons.join(", ")) };
        let _ = writeln!(text, "- Undecided: {}{why}", deal_list(&f.undecided));
        if !f.errors.is_empty() {
            let _ = writeln!(text, "- Errors (solutions that failed verification): {}", deal_list(&f.errors));
        }
        let mean = |total: u64, n: u64| if n == 0 { 0.0 } else { total as f64 / n as f64 };
        let _ = writeln!(
            text,
            "- Mean positions expanded: {:.1}; mean solution length: {:.2} moves",
            mean(f.expanded_total, f.deals),
            mean(f.length_total, f.solved)
        );
        let most: Vec<String> =
            f.most_expanded.ranked().iter().map(|r| format!("{} ({})", r.deal, grouped(r.value))).collect();
        let _ = writeln!(text, "- Most positions expanded: {}\n", most.join(", "));
        text.push_str("| positions expanded | deals |\n|---:|---:|\n");
        for (least, count) in f.expanded.buckets() {
            let _ = if least <= 1 {
                writeln!(text, "| {least} | {} |", grouped(count))
            } else {
                let upper = least.saturating_mul(2) - 1;
                writeln!(text, "| {}–{} | {} |", grouped(least), grouped(upper), grouped(count))
            };
        }
        let t = &self.timing;
        let _ = writeln!(text, "\n## Times (they vary between runs; not in census.json)\n");
        let cpu = self.cpu_ms_per_deal().map_or_else(|| "unknown".to_owned(), |ms| format!("{ms:.4} ms"));
        let _ = writeln!(
            text,
            "- Solving: {:.1} s, {:.4} ms a deal; CPU: {cpu} a deal",
            t.solve_micros as f64 / 1e6,
            self.solve_ms_per_deal()
        );
        let _ = writeln!(
            text,
            "- Estimate for all {} deals: {} core-hours",
            grouped(FULL_RANGE),
            grouped(whole(self.full_range_core_hours()))
        );
        let slowest: Vec<String> =
            t.slowest.ranked().iter().map(|r| format!("{} ({:.1} ms)", r.deal, r.value as f64 / 1e3)).collect();
        let _ = writeln!(text, "- Slowest: {}", slowest.join(", "));
        text
    }
}

/// `value` rounded to a whole number, for counts derived from non-negative figures.
#[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)] // Non-negative, far below 2^64.
fn whole(value: f64) -> u64 {
    value.round().max(0.0) as u64
}

/// Up to 100 deal numbers, then how many more.
fn deal_list(deals: &[u64]) -> String {
    const SHOWN: usize = 100;
    if deals.is_empty() {
        return "none".to_owned();
    }
    let mut list: Vec<String> = deals.iter().take(SHOWN).map(u64::to_string).collect();
    if deals.len() > SHOWN {
        list.push(format!("and {} more (census.json lists them all)", deals.len() - SHOWN));
    }
    list.join(", ")
}

fn to_json(value: &impl Serialize, pretty: bool) -> String {
    let mut text = if pretty { serde_json::to_string_pretty(value) } else { serde_json::to_string(value) }
        .expect("a report has string keys and finite numbers only");
    text.push('\n');
    text
}
