//! The rows of a bench: one per deal ([`DealRow`]) or one per hint position
//! ([`HintRow`]), and their CSV form. Their JSON form is their `Serialize` impl.
//!
//! Every field is a number or a fixed lower-case token, so a row needs no CSV quoting and
//! no JSON escaping, and parses back exactly as written (times to the microsecond).

use std::fmt::Write as _;
use std::time::Duration;

use freecell_solver::{Outcome, SolveReport};
use serde::Serialize;

use crate::csv::LineError;
use crate::json;

/// How one search ended, as written in the `outcome` column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// A solution, verified (for a hint: a hint was found).
    Solved,
    /// Proved unsolvable.
    Unsolvable,
    /// No answer within the limits (the `reason` column says why).
    Undecided,
    /// The solver failed its own verification (a bug), or the deal could not be laid out
    /// on a `Board` (a game too wide for the solver): counted and reported as a
    /// [`Fault`](crate::Fault).
    Error,
}

impl Verdict {
    const ALL: [Verdict; 4] = [Verdict::Solved, Verdict::Unsolvable, Verdict::Undecided, Verdict::Error];

    /// The token of the `outcome` column: `solved`, `unsolvable`, `undecided` or `error`.
    pub const fn token(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Undecided => "undecided",
            Verdict::Error => "error",
        }
    }

    pub(crate) fn parse(text: &str) -> Result<Verdict, LineError> {
        Verdict::ALL
            .into_iter()
            .find(|k| k.token() == text)
            .ok_or_else(|| LineError::field("outcome", text, "solved, unsolvable, undecided or error"))
    }
}

/// The `reason` of an error row.
pub const VERIFICATION: &str = "verification";

/// The measurements of one search, shared by both row types.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Measure {
    /// How the search ended.
    pub outcome: Verdict,
    /// Why an undecided search stopped ([`Reason::name`](freecell_solver::Reason::name)), or [`VERIFICATION`] for an
    /// error; `None` otherwise.
    pub reason: Option<String>,
    /// Positions expanded.
    pub expanded: u64,
    /// Positions generated.
    pub generated: u64,
    /// Wall-clock seconds, rounded to the microsecond as written.
    #[serde(serialize_with = "json::decimals::<6, _>")]
    pub seconds: f64,
    /// Moves in the sequence-move model (`Solution::len`), when solved.
    pub length: Option<u64>,
    /// Moves in the single-card model (`Solution::single_card_len`), when solved.
    pub single_card_length: Option<u64>,
    /// The engine's `Stats::peak_stored`: most positions (or keys) held at once.
    pub peak_stored: u64,
    /// The engine's `Stats::bytes`: most bytes its cache held during the search, by the
    /// engine's own accounting (capacity included, so memory kept from a thread's earlier
    /// deals counts too); not the process's resident memory.
    pub peak_bytes: u64,
}

const MEASURE_FIELDS: usize = 9;

impl Measure {
    /// The measurements of a report, timed `elapsed`.
    pub fn of(report: &SolveReport, elapsed: Duration) -> Measure {
        let (outcome, reason) = match &report.outcome {
            Outcome::Solved(_) => (Verdict::Solved, None),
            Outcome::Unsolvable => (Verdict::Unsolvable, None),
            Outcome::Undecided(reason) => (Verdict::Undecided, Some(reason.name().to_owned())),
        };
        let solution = report.outcome.solution();
        let stats = &report.stats.search;
        Measure {
            outcome,
            reason,
            expanded: stats.expanded,
            generated: stats.generated,
            seconds: micros(elapsed),
            length: solution.map(|s| s.len() as u64),
            single_card_length: solution.map(|s| s.single_card_len() as u64),
            peak_stored: stats.peak_stored,
            peak_bytes: stats.bytes as u64,
        }
    }

    /// The row of a search that failed verification, timed `elapsed`.
    pub fn error(elapsed: Duration) -> Measure {
        Measure {
            outcome: Verdict::Error,
            reason: Some(VERIFICATION.to_owned()),
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
            self.reason.as_deref().unwrap_or_default(),
            self.expanded,
            self.generated,
            self.seconds,
            optional(self.length),
            optional(self.single_card_length),
            self.peak_stored,
            self.peak_bytes
        );
    }

    /// Parses the nine measurement fields (the caller checked their number).
    fn parse_csv(fields: &[&str]) -> Result<Measure, LineError> {
        let &[outcome, reason, expanded, generated, seconds, length, single, stored, bytes] = fields else {
            return Err(LineError::FieldCount { expected: MEASURE_FIELDS, found: fields.len() });
        };
        Ok(Measure {
            outcome: Verdict::parse(outcome)?,
            reason: if reason.is_empty() { None } else { Some(token(reason, "reason")?) },
            expanded: number(expanded, "expanded")?,
            generated: number(generated, "generated")?,
            seconds: seconds
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                .ok_or_else(|| LineError::field("seconds", seconds, "a finite number of seconds, at least 0"))?,
            length: optional_number(length, "length")?,
            single_card_length: optional_number(single, "single_card_length")?,
            peak_stored: number(stored, "peak_stored")?,
            peak_bytes: number(bytes, "peak_bytes")?,
        })
    }
}

/// A row type of the bench CSV: one deal's result ([`DealRow`]), or one deal's hints
/// ([`HintRow`], one row per position). Its JSON form is its `Serialize` impl, with the
/// CSV's columns as keys.
pub trait Row: Sized + Serialize {
    /// The CSV header line, without the line break.
    const HEADER: &'static str;
    /// The deal the row belongs to.
    fn deal(&self) -> u64;
    /// The solver (its name in the run) that produced it.
    fn solver(&self) -> &str;
    /// Appends the CSV line, without the line break.
    fn write_csv(&self, out: &mut String);
    /// Parses a CSV line (without the line break).
    ///
    /// # Errors
    /// [`LineError::FieldCount`] or [`LineError::Field`], naming the column.
    fn parse_csv(line: &str) -> Result<Self, LineError>;
}

/// One deal's solve.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DealRow {
    /// The Microsoft deal number.
    pub deal: u64,
    /// The solver's name in the run.
    pub solver: String,
    /// The solve's measurements.
    #[serde(flatten)]
    pub measure: Measure,
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

    fn parse_csv(line: &str) -> Result<DealRow, LineError> {
        let fields: Vec<&str> = line.split(',').collect();
        let expected = MEASURE_FIELDS + 2;
        let [deal, solver, measure @ ..] = fields.as_slice() else {
            return Err(LineError::FieldCount { expected, found: fields.len() });
        };
        if fields.len() != expected {
            return Err(LineError::FieldCount { expected, found: fields.len() });
        }
        Ok(DealRow {
            deal: number(deal, "deal")?,
            solver: token(solver, "solver")?,
            measure: Measure::parse_csv(measure)?,
        })
    }
}

/// Where a hint position came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// A point along the solver's own solution of the deal.
    Solution,
    /// Seeded random moves away from such a point.
    Detour,
}

impl Source {
    const ALL: [Source; 2] = [Source::Solution, Source::Detour];

    /// The token of the `source` column: `solution` or `detour`.
    pub const fn token(self) -> &'static str {
        match self {
            Source::Solution => "solution",
            Source::Detour => "detour",
        }
    }
}

/// One hint on one mid-game position of a deal (see [`Hints`](crate::Hints)).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HintRow {
    /// The Microsoft deal number.
    pub deal: u64,
    /// The solver's name in the run.
    pub solver: String,
    /// The position's index, 0 … K−1.
    pub position: u32,
    /// Where the position came from.
    pub source: Source,
    /// Moves played from the deal to reach the position.
    pub plies: u32,
    /// The hint's search; `length` is the length of the solution the hint starts.
    #[serde(flatten)]
    pub measure: Measure,
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

    fn parse_csv(line: &str) -> Result<HintRow, LineError> {
        let fields: Vec<&str> = line.split(',').collect();
        let expected = MEASURE_FIELDS + 5;
        let [deal, solver, position, source, plies, measure @ ..] = fields.as_slice() else {
            return Err(LineError::FieldCount { expected, found: fields.len() });
        };
        if fields.len() != expected {
            return Err(LineError::FieldCount { expected, found: fields.len() });
        }
        let source = Source::ALL
            .into_iter()
            .find(|s| s.token() == *source)
            .ok_or_else(|| LineError::field("source", source, "solution or detour"))?;
        Ok(HintRow {
            deal: number(deal, "deal")?,
            solver: token(solver, "solver")?,
            position: number(position, "position")?,
            source,
            plies: number(plies, "plies")?,
            measure: Measure::parse_csv(measure)?,
        })
    }
}

/// Seconds rounded to the microsecond, as the CSV keeps them, so a summary of rows read back
/// equals the summary of the rows written.
pub(crate) fn micros(elapsed: Duration) -> f64 {
    elapsed.as_micros() as f64 / 1e6
}

pub(crate) fn optional(n: Option<u64>) -> String {
    n.map(|n| n.to_string()).unwrap_or_default()
}

pub(crate) fn number<T: std::str::FromStr>(text: &str, column: &'static str) -> Result<T, LineError> {
    text.parse().map_err(|_| LineError::field(column, text, "a whole number"))
}

pub(crate) fn optional_number(text: &str, column: &'static str) -> Result<Option<u64>, LineError> {
    if text.is_empty() { Ok(None) } else { number(text, column).map(Some) }
}

/// What a solver name or reason token must be: text that needs no CSV quoting and no JSON
/// escaping.
pub(crate) const TOKEN: &str = "text without commas, quotes, backslashes or control characters";

/// Whether `text` can be a field of a row as it is (see [`TOKEN`]).
pub(crate) fn is_token(text: &str) -> bool {
    !text.chars().any(|c| matches!(c, ',' | '"' | '\\') || c.is_control())
}

pub(crate) fn token(text: &str, column: &'static str) -> Result<String, LineError> {
    if is_token(text) { Ok(text.to_owned()) } else { Err(LineError::field(column, text, TOKEN)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measure() -> Measure {
        Measure {
            outcome: Verdict::Solved,
            reason: None,
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
            Measure { outcome: Verdict::Undecided, reason: Some("node-limit".to_owned()), length: None, ..measure() };
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
        assert_eq!(DealRow::parse_csv("1,hsd,solved"), Err(LineError::FieldCount { expected: 11, found: 3 }));
        let column = |line: &str| match DealRow::parse_csv(line) {
            Err(LineError::Field { column, .. }) => column,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(column("x,hsd,solved,,1,2,0.1,3,4,5,6"), "deal");
        assert_eq!(column("1,hsd,won,,1,2,0.1,3,4,5,6"), "outcome");
        assert_eq!(column("1,h\"sd,solved,,1,2,0.1,3,4,5,6"), "solver");
        assert_eq!(column("1,hsd,undecided,a\\b,1,2,0.1,3,4,5,6"), "reason");
        assert_eq!(column("1,hsd,solved,,1,2,0.1,3,-4,5,6"), "single_card_length");
        for seconds in ["NaN", "inf", "-1", "1e400"] {
            assert_eq!(column(&format!("1,hsd,solved,,1,2,{seconds},3,4,5,6")), "seconds");
        }
        let error = DealRow::parse_csv("x,hsd,solved,,1,2,0.1,3,4,5,6").unwrap_err().to_string();
        assert_eq!(error, "bad deal `x`: expected a whole number");
    }

    #[test]
    fn json_rows_name_every_column() {
        let row = DealRow { deal: 1, solver: "hsd".to_owned(), measure: measure() };
        let json = serde_json::to_string(&row).unwrap();
        let keys: Vec<String> = DealRow::HEADER.split(',').map(|column| format!("\"{column}\":")).collect();
        let mut at = 0;
        for key in &keys {
            // Every column, in the CSV's order.
            at += json[at..].find(key.as_str()).unwrap_or_else(|| panic!("{key} after byte {at} of {json}"));
        }
        assert_eq!(
            json,
            "{\"deal\":1,\"solver\":\"hsd\",\"outcome\":\"solved\",\"reason\":null,\"expanded\":12,\
             \"generated\":345,\"seconds\":0.012345,\"length\":99,\"single_card_length\":120,\
             \"peak_stored\":77,\"peak_bytes\":4096}"
        );
        let hint = HintRow {
            deal: 5,
            solver: "ga".to_owned(),
            position: 3,
            source: Source::Detour,
            plies: 27,
            measure: Measure::error(Duration::from_micros(1_500)),
        };
        let json = serde_json::to_string(&hint).unwrap();
        let start = "{\"deal\":5,\"solver\":\"ga\",\"position\":3,\"source\":\"detour\",\"plies\":27,\
                     \"outcome\":\"error\",\"reason\":\"verification\",\"expanded\":0,\"generated\":0,\"seconds\":0.0015,";
        assert!(json.starts_with(start), "{json}");
    }
}
