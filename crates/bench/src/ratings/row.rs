//! [`RatingRow`], one deal's rating, and its CSV form.

use std::fmt::Write as _;
use std::time::Duration;

use freecell_solver::Outcome;
use freecell_solver::difficulty::{Narrowness, Rating, Tier};
use serde::Serialize;

use crate::csv::LineError;
use crate::json;
use crate::row::{Row, VERIFICATION, Verdict, micros, number, optional, optional_number, token};

/// One deal's rating (see `freecell_solver::difficulty::Rater::rate`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingRow {
    /// The Microsoft deal number.
    pub deal: u64,
    /// The solver's name in the run.
    pub solver: String,
    /// How the solve with the deal's own free cells ended ([`Verdict::Error`]: a solution
    /// failed verification).
    pub outcome: Verdict,
    /// Why that solve was undecided ([`Reason::name`](freecell_solver::Reason::name)), or [`VERIFICATION`] for an error.
    pub reason: Option<String>,
    /// The fewest free cells the deal is won with, when known.
    pub min_free_cells: Option<u8>,
    /// The most free cells a loss was proved with.
    pub lost_with: Option<u8>,
    /// The rungs left undecided, lowest first (written as digits, `23`).
    pub undecided_rungs: Vec<u8>,
    /// The solution's length with the deal's own cells (a run move counting one).
    pub length: Option<u64>,
    /// Positions sampled along that solution.
    pub samples: u32,
    /// Samples where exactly one move was shown to keep the game winnable.
    pub forced: u32,
    /// Samples where at most two were.
    pub narrow: u32,
    /// The mean share of moves not shown to keep the game winnable, to 4 decimals.
    #[serde(serialize_with = "json::optional_decimals::<4, _>")]
    pub losing_share: Option<f64>,
    /// Sampled moves the budget left undecided.
    pub undecided_moves: u32,
    /// The tier, when decided (its name in JSON).
    #[serde(serialize_with = "tier_name")]
    pub tier: Option<Tier>,
    /// Positions the rungs' solves expanded (the samples' not counted).
    pub expanded: u64,
    /// Wall-clock seconds of the whole rating, to the microsecond.
    #[serde(serialize_with = "json::decimals::<6, _>")]
    pub seconds: f64,
}

const FIELDS: usize = 16;

impl RatingRow {
    /// The row of `rating`, made with `free_cells` (the deal's own) and timed `elapsed`.
    pub fn of(deal: u64, solver: &str, free_cells: u8, rating: &Rating, elapsed: Duration) -> RatingRow {
        let ladder = &rating.ladder;
        let own = ladder.rungs().iter().find(|rung| rung.free_cells == free_cells).map(|rung| &rung.outcome);
        let (outcome, reason) = match own {
            Some(Outcome::Solved(_)) => (Verdict::Solved, None),
            Some(Outcome::Unsolvable) => (Verdict::Unsolvable, None),
            Some(Outcome::Undecided(reason)) => (Verdict::Undecided, Some(reason.name().to_owned())),
            None => (Verdict::Undecided, Some("other".to_owned())),
        };
        let narrowness = rating.narrowness.as_ref();
        RatingRow {
            deal,
            solver: solver.to_owned(),
            outcome,
            reason,
            min_free_cells: ladder.min_free_cells(),
            lost_with: ladder.lost_with(),
            undecided_rungs: if ladder.is_lost() { Vec::new() } else { ladder.undecided() },
            length: own.and_then(Outcome::solution).map(|s| s.len() as u64),
            samples: narrowness.map_or(0, |n| n.samples.len() as u32),
            forced: narrowness.map_or(0, |n| n.forced() as u32),
            narrow: narrowness.map_or(0, |n| n.narrow() as u32),
            losing_share: narrowness.and_then(Narrowness::losing_share).map(|share| json::rounded(share, 4)),
            undecided_moves: narrowness.map_or(0, Narrowness::undecided_moves),
            tier: rating.tier,
            expanded: ladder.rungs().iter().map(|rung| rung.stats.search.expanded).sum(),
            seconds: micros(elapsed),
        }
    }

    /// The row of a rating whose solution failed verification, timed `elapsed`.
    pub fn error(deal: u64, solver: &str, elapsed: Duration) -> RatingRow {
        RatingRow {
            deal,
            solver: solver.to_owned(),
            outcome: Verdict::Error,
            reason: Some(VERIFICATION.to_owned()),
            min_free_cells: None,
            lost_with: None,
            undecided_rungs: Vec::new(),
            length: None,
            samples: 0,
            forced: 0,
            narrow: 0,
            losing_share: None,
            undecided_moves: 0,
            tier: None,
            expanded: 0,
            seconds: micros(elapsed),
        }
    }
}

impl Row for RatingRow {
    const HEADER: &'static str = "deal,solver,outcome,reason,min_free_cells,lost_with,undecided_rungs,length,samples,\
                                  forced,narrow,losing_share,undecided_moves,tier,expanded,seconds";

    fn deal(&self) -> u64 {
        self.deal
    }

    fn solver(&self) -> &str {
        &self.solver
    }

    fn write_csv(&self, out: &mut String) {
        let rungs: String = self.undecided_rungs.iter().map(u8::to_string).collect();
        let _ = write!(
            out,
            "{},{},{},{},{},{},{rungs},{},{},{},{},{},{},{},{},{:.6}",
            self.deal,
            self.solver,
            self.outcome.token(),
            self.reason.as_deref().unwrap_or_default(),
            optional(self.min_free_cells.map(u64::from)),
            optional(self.lost_with.map(u64::from)),
            optional(self.length),
            self.samples,
            self.forced,
            self.narrow,
            self.losing_share.map(|s| format!("{s:.4}")).unwrap_or_default(),
            self.undecided_moves,
            self.tier.map(Tier::name).unwrap_or_default(),
            self.expanded,
            self.seconds,
        );
    }

    fn parse_csv(line: &str) -> Result<RatingRow, LineError> {
        let fields: Vec<&str> = line.split(',').collect();
        let &[
            deal,
            solver,
            outcome,
            reason,
            min,
            lost,
            rungs,
            length,
            samples,
            forced,
            narrow,
            share,
            moves,
            tier,
            expanded,
            seconds,
        ] = fields.as_slice()
        else {
            return Err(LineError::FieldCount { expected: FIELDS, found: fields.len() });
        };
        Ok(RatingRow {
            deal: number(deal, "deal")?,
            solver: token(solver, "solver")?,
            outcome: Verdict::parse(outcome)?,
            reason: if reason.is_empty() { None } else { Some(token(reason, "reason")?) },
            min_free_cells: optional_cells(min, "min_free_cells")?,
            lost_with: optional_cells(lost, "lost_with")?,
            undecided_rungs: rungs
                .chars()
                .map(|c| c.to_digit(10).filter(|&d| d <= 8).map(|d| d as u8))
                .collect::<Option<Vec<u8>>>()
                .filter(|r| r.is_sorted_by(|a, b| a < b))
                .ok_or_else(|| LineError::field("undecided_rungs", rungs, "digits 0 to 8 in increasing order"))?,
            length: optional_number(length, "length")?,
            samples: number(samples, "samples")?,
            forced: number(forced, "forced")?,
            narrow: number(narrow, "narrow")?,
            losing_share: if share.is_empty() {
                None
            } else {
                Some(
                    share
                        .parse()
                        .ok()
                        .filter(|s: &f64| (0.0..=1.0).contains(s))
                        .ok_or_else(|| LineError::field("losing_share", share, "a share from 0 to 1"))?,
                )
            },
            undecided_moves: number(moves, "undecided_moves")?,
            tier: if tier.is_empty() {
                None
            } else {
                Some(tier.parse().map_err(|_| LineError::field("tier", tier, "easy, medium, hard, expert or lost"))?)
            },
            expanded: number(expanded, "expanded")?,
            seconds: seconds
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                .ok_or_else(|| LineError::field("seconds", seconds, "a finite number of seconds, at least 0"))?,
        })
    }
}

#[allow(clippy::ref_option, clippy::trivially_copy_pass_by_ref)] // serde's `serialize_with` passes a reference.
fn tier_name<S: serde::Serializer>(tier: &Option<Tier>, serializer: S) -> Result<S::Ok, S::Error> {
    match tier {
        Some(tier) => serializer.serialize_some(tier.name()),
        None => serializer.serialize_none(),
    }
}

/// A free-cell count, 0 to 8, or nothing.
fn optional_cells(text: &str, column: &'static str) -> Result<Option<u8>, LineError> {
    match optional_number(text, column)? {
        Some(n) if n > 8 => Err(LineError::field(column, text, "a number of free cells, 0 to 8")),
        n => Ok(n.map(|n| n as u8)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> RatingRow {
        RatingRow {
            deal: 1941,
            solver: "fast".to_owned(),
            outcome: Verdict::Solved,
            reason: None,
            min_free_cells: Some(4),
            lost_with: Some(3),
            undecided_rungs: Vec::new(),
            length: Some(92),
            samples: 8,
            forced: 1,
            narrow: 2,
            losing_share: Some(0.1062),
            undecided_moves: 4,
            tier: Some(Tier::Expert),
            expanded: 60_123,
            seconds: 0.185_321,
        }
    }

    #[test]
    fn rating_rows_round_trip_through_csv() {
        let undecided = RatingRow {
            outcome: Verdict::Undecided,
            reason: Some("node-limit".to_owned()),
            min_free_cells: None,
            lost_with: Some(1),
            undecided_rungs: vec![2, 3],
            length: None,
            losing_share: None,
            tier: None,
            ..row()
        };
        for row in [row(), undecided, RatingRow::error(5, "fast", Duration::from_millis(2))] {
            let mut line = String::new();
            row.write_csv(&mut line);
            assert_eq!(line.split(',').count(), RatingRow::HEADER.split(',').count(), "{line}");
            assert_eq!(RatingRow::parse_csv(&line), Ok(row));
        }
        let mut line = String::new();
        row().write_csv(&mut line);
        assert_eq!(line, "1941,fast,solved,,4,3,,92,8,1,2,0.1062,4,expert,60123,0.185321");
    }

    #[test]
    fn malformed_rating_rows_name_the_column() {
        let good = "1941,fast,solved,,4,3,,92,8,1,2,0.1062,4,expert,60123,0.185321";
        let column = |index: usize, text: &str| {
            let mut fields: Vec<&str> = good.split(',').collect();
            fields[index] = text;
            match RatingRow::parse_csv(&fields.join(",")) {
                Err(LineError::Field { column, .. }) => column,
                other => panic!("{text}: {other:?}"),
            }
        };
        assert_eq!(column(4, "9"), "min_free_cells");
        assert_eq!(column(6, "32"), "undecided_rungs");
        assert_eq!(column(6, "9"), "undecided_rungs");
        assert_eq!(column(11, "1.5"), "losing_share");
        assert_eq!(column(13, "brutal"), "tier");
        assert_eq!(column(15, "NaN"), "seconds");
        assert_eq!(RatingRow::parse_csv("1,fast"), Err(LineError::FieldCount { expected: 16, found: 2 }));
    }
}
