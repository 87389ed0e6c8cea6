//! `serde` support (the `serde` feature) for what a solve returns, so a game can save a
//! solution or send a report over the wire. Moves and boards use `freecell-core`'s forms.
//!
//! - [`Preset`]: its command-line name (`"hsd-heineman"`);
//! - [`Reason`]: its variant name (`"Timeout"`), or `{"Engine": "Budget(Generated)"}`;
//! - [`Outcome`]: `{"Solved": solution}`, `"Unsolvable"` or `{"Undecided": reason}`;
//! - [`Solution`], [`SolveReport`], [`Hint`], [`Progress`], [`Step`]: their fields;
//!   [`SolveStats`]: `{"search": {expanded, generated, duplicates, evaluated, peak_stored,
//!   bytes, iterations}, "elapsed": {"secs", "nanos"}, "reused_bytes", "bounds": null or
//!   {initial, reached, below: null or {expanded, evaluated}}}` (the last two may be left
//!   out when reading, for reports written before they existed).
//!
//! ```
//! use freecell_core::Board;
//! use freecell_solver::{Preset, SolveReport, Solver};
//! let board: Board = "Foundations: H-J C-K D-K S-J\n: KS QH\n: QS KH\n".parse()?;
//! let report = Solver::new(Preset::Fast).solve(&board)?;
//! let json = serde_json::to_string(&report)?;
//! assert!(json.starts_with(r#"{"outcome":{"Solved":{"moves":[{"from":{"Cascade":0}"#));
//! assert_eq!(serde_json::from_str::<SolveReport>(&json)?, report);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use freecell_core::{BoardN, Move};
use freecell_search::{Limit, Stats};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Below, Bounds, Hint, Outcome, Preset, Progress, Reason, Solution, SolveReport, SolveStats, Step};

impl Serialize for Preset {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Preset {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Preset, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(D::Error::custom)
    }
}

/// [`Reason`] as written; the search layer's own reasons by their debug names.
#[derive(Serialize, Deserialize)]
enum ReasonRepr {
    NodeLimit,
    MemoryLimit,
    Timeout,
    Cancelled,
    Bound,
    Pruned,
    Capacity,
    Engine(String),
}

/// The search layer's reasons `Reason::Engine` can hold, with their written names.
const ENGINE_REASONS: [(freecell_search::UndecidedReason, &str); 8] = [
    (freecell_search::UndecidedReason::Budget(Limit::Expanded), "Budget(Expanded)"),
    (freecell_search::UndecidedReason::Budget(Limit::Generated), "Budget(Generated)"),
    (freecell_search::UndecidedReason::Budget(Limit::Bytes), "Budget(Bytes)"),
    (freecell_search::UndecidedReason::Stopped, "Stopped"),
    (freecell_search::UndecidedReason::Bound, "Bound"),
    (freecell_search::UndecidedReason::Pruned, "Pruned"),
    (freecell_search::UndecidedReason::Capacity, "Capacity"),
    (freecell_search::UndecidedReason::Inconsistent, "Inconsistent"),
];

impl Serialize for Reason {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Reason::NodeLimit => ReasonRepr::NodeLimit,
            Reason::MemoryLimit => ReasonRepr::MemoryLimit,
            Reason::Timeout => ReasonRepr::Timeout,
            Reason::Cancelled => ReasonRepr::Cancelled,
            Reason::Bound => ReasonRepr::Bound,
            Reason::Pruned => ReasonRepr::Pruned,
            Reason::Capacity => ReasonRepr::Capacity,
            Reason::Engine(reason) => ReasonRepr::Engine(format!("{reason:?}")),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Reason {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Reason, D::Error> {
        Ok(match ReasonRepr::deserialize(deserializer)? {
            ReasonRepr::NodeLimit => Reason::NodeLimit,
            ReasonRepr::MemoryLimit => Reason::MemoryLimit,
            ReasonRepr::Timeout => Reason::Timeout,
            ReasonRepr::Cancelled => Reason::Cancelled,
            ReasonRepr::Bound => Reason::Bound,
            ReasonRepr::Pruned => Reason::Pruned,
            ReasonRepr::Capacity => Reason::Capacity,
            ReasonRepr::Engine(name) => match ENGINE_REASONS.iter().find(|(_, n)| *n == name) {
                Some(&(reason, _)) => Reason::Engine(reason),
                None => return Err(D::Error::custom(format!("`{name}` is not a search engine's reason"))),
            },
        })
    }
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Solution")]
struct SolutionDef {
    moves: Vec<Move>,
    searched: usize,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Outcome")]
enum OutcomeDef {
    Solved(#[serde(with = "SolutionDef")] Solution),
    Unsolvable,
    Undecided(Reason),
}

/// [`Stats`] as written (the search crate has no serde support of its own).
#[derive(Serialize, Deserialize)]
struct StatsRepr {
    expanded: u64,
    generated: u64,
    duplicates: u64,
    evaluated: u64,
    peak_stored: u64,
    bytes: usize,
    iterations: u32,
}

#[derive(Serialize, Deserialize)]
struct SolveStatsRepr {
    search: StatsRepr,
    elapsed: Duration,
    #[serde(default)]
    reused_bytes: usize,
    #[serde(default, with = "option_bounds")]
    bounds: Option<Bounds>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Bounds")]
struct BoundsDef {
    initial: u32,
    reached: u32,
    #[serde(with = "option_below")]
    below: Option<Below>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Below")]
struct BelowDef {
    expanded: u64,
    evaluated: u64,
}

/// `Option<T>` through `T`'s remote definition `$def`.
macro_rules! remote_option {
    ($module:ident, $ty:ty, $def:literal) => {
        mod $module {
            use serde::{Deserialize, Deserializer, Serialize, Serializer};

            #[derive(Serialize, Deserialize)]
            struct Wrap(#[serde(with = $def)] $ty);

            #[allow(clippy::ref_option)] // serde's `with` passes `&Option<T>`
            pub(super) fn serialize<S: Serializer>(value: &Option<$ty>, serializer: S) -> Result<S::Ok, S::Error> {
                value.map(Wrap).serialize(serializer)
            }

            pub(super) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<$ty>, D::Error> {
                Ok(Option::<Wrap>::deserialize(deserializer)?.map(|w| w.0))
            }
        }
    };
}

remote_option!(option_bounds, crate::Bounds, "super::BoundsDef");
remote_option!(option_below, crate::Below, "super::BelowDef");

#[derive(Serialize, Deserialize)]
#[serde(remote = "SolveReport")]
struct SolveReportDef {
    #[serde(with = "OutcomeDef")]
    outcome: Outcome,
    stats: SolveStats,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Hint")]
struct HintDef {
    next: Option<Move>,
    #[serde(with = "SolveReportDef")]
    report: SolveReport,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Progress")]
struct ProgressDef {
    expanded: u64,
    generated: u64,
    elapsed: Duration,
    finished: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Step")]
struct StepDef<const C: usize, const F: usize> {
    number: usize,
    mv: Move,
    notation: String,
    board: BoardN<C, F>,
}

impl Serialize for SolveStats {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let s = &self.search;
        SolveStatsRepr {
            search: StatsRepr {
                expanded: s.expanded,
                generated: s.generated,
                duplicates: s.duplicates,
                evaluated: s.evaluated,
                peak_stored: s.peak_stored,
                bytes: s.bytes,
                iterations: s.iterations,
            },
            elapsed: self.elapsed,
            reused_bytes: self.reused_bytes,
            bounds: self.bounds,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for SolveStats {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SolveStats, D::Error> {
        let SolveStatsRepr { search: r, elapsed, reused_bytes, bounds } = SolveStatsRepr::deserialize(deserializer)?;
        let mut search = Stats::default();
        search.expanded = r.expanded;
        search.generated = r.generated;
        search.duplicates = r.duplicates;
        search.evaluated = r.evaluated;
        search.peak_stored = r.peak_stored;
        search.bytes = r.bytes;
        search.iterations = r.iterations;
        Ok(SolveStats { search, elapsed, reused_bytes, bounds })
    }
}

/// `Serialize` and `Deserialize` through a remote definition above.
macro_rules! via {
    ($($ty:ty => $def:ty),* $(,)?) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                <$def>::serialize(self, serializer)
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                <$def>::deserialize(deserializer)
            }
        }
    )*};
}

via!(Solution => SolutionDef, Outcome => OutcomeDef, SolveReport => SolveReportDef, Hint => HintDef, Progress => ProgressDef);

impl<const C: usize, const F: usize> Serialize for Step<C, F> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        StepDef::serialize(self, serializer)
    }
}

impl<'de, const C: usize, const F: usize> Deserialize<'de> for Step<C, F> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Step<C, F>, D::Error> {
        StepDef::deserialize(deserializer)
    }
}
