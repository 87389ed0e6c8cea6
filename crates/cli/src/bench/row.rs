//! The per-deal rows of `freecell bench`, and their CSV and JSON forms.
//!
//! Every field is a number or a fixed lower-case token, so a row needs no CSV quoting and
//! no JSON escaping, and parses back exactly as written (times to the microsecond).

use std::fmt::Write as _;
use std::time::Duration;

use freecell_solver::{Outcome, Reason, SolveReport};

use freecell_core::quote;

/// How one search ended, as written in the `outcome` column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A solution, verified (for a hint: a hint was found).
    Solved,
    /// Proved unsolvable.
    Unsolvable,
    /// No answer within the limits (the `reason` column says why).
    Undecided,
    /// The solver failed its own verification: a bug, counted and reported (exit 1).
    Error,
}

impl Kind {
    const ALL: [Kind; 4] = [Kind::Solved, Kind::Unsolvable, Kind::Undecided, Kind::Error];

    pub(super) const fn token(self) -> &'static str {
        match self {
            Kind::Solved => "solved",
            Kind::Unsolvable => "unsolvable",
            Kind::Undecided => "undecided",
            Kind::Error => "error",
        }
    }

    fn parse(text: &str) -> Result<Kind, String> {
        Kind::ALL.into_iter().find(|k| k.token() == text).ok_or_else(|| format!("unknown outcome {}", quote(text)))
    }
}

/// The `reason` token of an undecided search.
pub(super) fn reason_token(reason: Reason) -> &'static str {
    match reason {
        Reason::NodeLimit => "node-limit",
        Reason::MemoryLimit => "memory-limit",
        Reason::Timeout => "timeout",
        Reason::Cancelled => "cancelled",
        Reason::Bound => "bound",
        Reason::Pruned => "pruned",
        Reason::Capacity => "capacity",
        Reason::Engine(_) => "engine",
        _ => "other",
    }
}

/// The `reason` of an error row.
pub(super) const VERIFICATION: &str = "verification";

/// The measurements of one search, shared by both row types.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Measure {
    pub(super) outcome: Kind,
    /// Empty unless undecided or an error.
    pub(super) reason: String,
    pub(super) expanded: u64,
    pub(super) generated: u64,
    /// Wall-clock seconds, rounded to the microsecond as written.
    pub(super) seconds: f64,
    /// Moves in the sequence-move model (`Solution::len`), when solved.
    pub(super) length: Option<u64>,
    /// Moves in the single-card model (`Solution::single_card_len`), when solved.
    pub(super) single_card_length: Option<u64>,
    /// The engine's `Stats::peak_stored`: most positions (or keys) held at once.
    pub(super) peak_stored: u64,
    /// The engine's `Stats::bytes`: most bytes its cache held during the search, by the
    /// engine's own accounting (capacity included, so memory kept from a thread's earlier
    /// deals counts too); not the process's resident memory.
    pub(super) peak_bytes: u64,
}

const MEASURE_FIELDS: usize = 9;

impl Measure {
    /// The measurements of a report, timed `elapsed`.
    pub(super) fn of(report: &SolveReport, elapsed: Duration) -> Measure {
        let (outcome, reason) = match &report.outcome {
            Outcome::Solved(_) => (Kind::Solved, ""),
            Outcome::Unsolvable => (Kind::Unsolvable, ""),
            Outcome::Undecided(reason) => (Kind::Undecided, reason_token(*reason)),
        };
        let solution = report.outcome.solution();
        let stats = &report.stats.search;
        Measure {
            outcome,
            reason: reason.to_owned(),
            expanded: stats.expanded,
            generated: stats.generated,
            seconds: micros(elapsed),
            length: solution.map(|s| s.len() as u64),
            single_card_length: solution.map(|s| s.single_card_len() as u64),
            peak_stored: stats.peak_stored,
            peak_bytes: stats.bytes as u64,
        }
    }

    /// The row of a search that failed verification.
    pub(super) fn error(elapsed: Duration) -> Measure {
        Measure {
            outcome: Kind::Error,
            reason: VERIFICATION.to_owned(),
            expanded: 0,
            generated: 0,
            seconds: micros(elapsed),
            length: None,
            single_card_length: None,
            peak_stored: 0,
            peak_bytes: 0,
        }
    }

    fn write_csv(&self, out: &mut String) {
        let _ = write!(
            out,
            "{},{},{},{},{:.6},{},{},{},{}",
            self.outcome.token(),
            self.reason,
            self.expanded,
            self.generated,
            self.seconds,
            optional(self.length),
            optional(self.single_card_length),
            self.peak_stored,
            self.peak_bytes
        );
    }

    fn parse_csv(fields: &[&str]) -> Result<Measure, String> {
        let [outcome, reason, expanded, generated, seconds, length, single, stored, bytes] = fields else {
            return Err(format!("expected {MEASURE_FIELDS} measurement fields"));
        };
        Ok(Measure {
            outcome: Kind::parse(outcome)?,
            reason: token(reason)?,
            expanded: number(expanded, "expanded")?,
            generated: number(generated, "generated")?,
            seconds: seconds
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                .ok_or_else(|| format!("bad seconds {}", quote(seconds)))?,
            length: if length.is_empty() { None } else { Some(number(length, "length")?) },
            single_card_length: if single.is_empty() { None } else { Some(number(single, "single_card_length")?) },
            peak_stored: number(stored, "peak_stored")?,
            peak_bytes: number(bytes, "peak_bytes")?,
        })
    }

    fn write_json(&self, out: &mut String) {
        let _ = write!(
            out,
            "\"outcome\":\"{}\",\"reason\":{},\"expanded\":{},\"generated\":{},\"seconds\":{:.6},\
             \"length\":{},\"single_card_length\":{},\"peak_stored\":{},\"peak_bytes\":{}",
            self.outcome.token(),
            if self.reason.is_empty() { "null".to_owned() } else { format!("\"{}\"", self.reason) },
            self.expanded,
            self.generated,
            self.seconds,
            json_optional(self.length),
            json_optional(self.single_card_length),
            self.peak_stored,
            self.peak_bytes
        );
    }
}

/// A row type of the bench CSV: one deal's result (one row), or one deal's hints (one row
/// per position).
pub(crate) trait Row: Sized {
    /// The CSV header line, without the line break.
    const HEADER: &'static str;
    /// The deal the row belongs to.
    fn deal(&self) -> u64;
    /// The solver (preset name) that produced it.
    fn solver(&self) -> &str;
    /// The CSV line, without the line break.
    fn write_csv(&self, out: &mut String);
    /// Parses a CSV line (without the line break).
    fn parse_csv(line: &str) -> Result<Self, String>;
    /// The JSON object.
    fn write_json(&self, out: &mut String);
}

/// `freecell bench`: one deal.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct DealRow {
    pub(super) deal: u64,
    pub(super) solver: String,
    pub(super) measure: Measure,
}

impl Row for DealRow {
    const HEADER: &'static str =
        "deal,solver,outcome,reason,expanded,generated,seconds,length,single_card_length,peak_stored,peak_bytes";

    fn deal(&self) -> u64 {
        self.deal
    }

    fn solver(&self) -> &str {
        &self.solver
    }

    fn write_csv(&self, out: &mut String) {
        let _ = write!(out, "{},{},", self.deal, self.solver);
        self.measure.write_csv(out);
    }

    fn parse_csv(line: &str) -> Result<DealRow, String> {
        let fields: Vec<&str> = line.split(',').collect();
        let [deal, solver, measure @ ..] = fields.as_slice() else { return Err("too few fields".to_owned()) };
        if measure.len() != MEASURE_FIELDS {
            return Err(format!("expected {} fields, found {}", MEASURE_FIELDS + 2, fields.len()));
        }
        Ok(DealRow { deal: number(deal, "deal")?, solver: token(solver)?, measure: Measure::parse_csv(measure)? })
    }

    fn write_json(&self, out: &mut String) {
        let _ = write!(out, "{{\"deal\":{},\"solver\":\"{}\",", self.deal, self.solver);
        self.measure.write_json(out);
        out.push('}');
    }
}

/// Where a hint position came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Source {
    /// A point along the solver's own solution of the deal.
    Solution,
    /// Seeded random moves away from such a point.
    Detour,
}

impl Source {
    pub(super) const ALL: [Source; 2] = [Source::Solution, Source::Detour];

    pub(super) const fn token(self) -> &'static str {
        match self {
            Source::Solution => "solution",
            Source::Detour => "detour",
        }
    }
}

/// `freecell bench --hints K`: one hint on one mid-game position of a deal.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HintRow {
    pub(super) deal: u64,
    pub(super) solver: String,
    /// The position's index, 0 … K−1.
    pub(super) position: u32,
    pub(super) source: Source,
    /// Moves played from the deal to reach the position.
    pub(super) plies: u32,
    /// The hint's search; `length` is the length of the solution the hint starts.
    pub(super) measure: Measure,
}

impl Row for HintRow {
    const HEADER: &'static str = "deal,solver,position,source,plies,outcome,reason,expanded,generated,seconds,\
                                  length,single_card_length,peak_stored,peak_bytes";

    fn deal(&self) -> u64 {
        self.deal
    }

    fn solver(&self) -> &str {
        &self.solver
    }

    fn write_csv(&self, out: &mut String) {
        let _ = write!(out, "{},{},{},{},{},", self.deal, self.solver, self.position, self.source.token(), self.plies);
        self.measure.write_csv(out);
    }

    fn parse_csv(line: &str) -> Result<HintRow, String> {
        let fields: Vec<&str> = line.split(',').collect();
        let [deal, solver, position, source, plies, measure @ ..] = fields.as_slice() else {
            return Err("too few fields".to_owned());
        };
        if measure.len() != MEASURE_FIELDS {
            return Err(format!("expected {} fields, found {}", MEASURE_FIELDS + 5, fields.len()));
        }
        let source = Source::ALL
            .into_iter()
            .find(|s| s.token() == *source)
            .ok_or_else(|| format!("unknown position source {}", quote(source)))?;
        Ok(HintRow {
            deal: number(deal, "deal")?,
            solver: token(solver)?,
            position: number(position, "position")?,
            source,
            plies: number(plies, "plies")?,
            measure: Measure::parse_csv(measure)?,
        })
    }

    fn write_json(&self, out: &mut String) {
        let _ = write!(
            out,
            "{{\"deal\":{},\"solver\":\"{}\",\"position\":{},\"source\":\"{}\",\"plies\":{},",
            self.deal,
            self.solver,
            self.position,
            self.source.token(),
            self.plies
        );
        self.measure.write_json(out);
        out.push('}');
    }
}

/// Seconds rounded to the microsecond, as the CSV keeps them, so a summary of rows read back
/// equals the summary of the rows written.
fn micros(elapsed: Duration) -> f64 {
    elapsed.as_micros() as f64 / 1e6
}

fn optional(n: Option<u64>) -> String {
    n.map(|n| n.to_string()).unwrap_or_default()
}

fn json_optional(n: Option<u64>) -> String {
    n.map_or_else(|| "null".to_owned(), |n| n.to_string())
}

fn number<T: std::str::FromStr>(text: &str, column: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("bad {column} {}", quote(text)))
}

/// A solver name or reason token: text that needs no CSV quoting and no JSON escaping.
pub(super) fn token(text: &str) -> Result<String, String> {
    if text.chars().any(|c| matches!(c, ',' | '"' | '\\') || c.is_control()) {
        Err(format!("{} holds a comma, a quote, a backslash or a control character", quote(text)))
    } else {
        Ok(text.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measure() -> Measure {
        Measure {
            outcome: Kind::Solved,
            reason: String::new(),
            expanded: 12,
            generated: 345,
            seconds: 0.012_345,
            length: Some(99),
            single_card_length: Some(120),
            peak_stored: 77,
            peak_bytes: 4096,
        }
    }

    #[test]
    fn deal_rows_round_trip_through_csv() {
        let undecided =
            Measure { outcome: Kind::Undecided, reason: "node-limit".to_owned(), length: None, ..measure() };
        for measure in [measure(), undecided, Measure::error(Duration::from_millis(3))] {
            let row = DealRow { deal: 617, solver: "hsd-heineman".to_owned(), measure };
            let mut line = String::new();
            row.write_csv(&mut line);
            assert_eq!(line.split(',').count(), DealRow::HEADER.split(',').count(), "{line}");
            assert_eq!(DealRow::parse_csv(&line), Ok(row));
        }
    }

    #[test]
    fn hint_rows_round_trip_through_csv() {
        let row = HintRow {
            deal: 5,
            solver: "ga".to_owned(),
            position: 3,
            source: Source::Detour,
            plies: 27,
            measure: measure(),
        };
        let mut line = String::new();
        row.write_csv(&mut line);
        assert_eq!(line.split(',').count(), HintRow::HEADER.split(',').count(), "{line}");
        assert_eq!(HintRow::parse_csv(&line), Ok(row));
    }

    #[test]
    fn malformed_rows_are_rejected_with_the_column_named() {
        assert!(DealRow::parse_csv("1,hsd,solved").is_err());
        let error = DealRow::parse_csv("x,hsd,solved,,1,2,0.1,3,4,5,6").unwrap_err();
        assert!(error.contains("deal"), "{error}");
        assert!(DealRow::parse_csv("1,hsd,won,,1,2,0.1,3,4,5,6").unwrap_err().contains("outcome"));
        for seconds in ["NaN", "inf", "-1", "1e400"] {
            let line = format!("1,hsd,solved,,1,2,{seconds},3,4,5,6");
            assert!(DealRow::parse_csv(&line).unwrap_err().contains("seconds"), "{seconds}");
        }
    }

    #[test]
    fn json_rows_name_every_column() {
        let row = DealRow { deal: 1, solver: "hsd".to_owned(), measure: measure() };
        let mut json = String::new();
        row.write_json(&mut json);
        for column in DealRow::HEADER.split(',') {
            assert!(json.contains(&format!("\"{column}\":")), "{column} in {json}");
        }
        assert!(json.contains("\"reason\":null"), "{json}");
    }
}
