//! [`Settings`]: what makes two shards parts of the same census.

use std::fmt;
use std::str::FromStr;

use freecell_core::Game;
use freecell_solver::{Preset, Solver};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Selection;

/// Everything a census's results depend on: the deals, the game they are dealt in, the
/// solver and its node limit, and the build of the program. Shards merge only when their
/// settings are equal.
///
/// There is no time limit: it would make outcomes depend on the machine's load, and a
/// census must give the same report however its shards are run. Without a byte limit the
/// `fast` preset's proof doubles its memory up to 3/8 of what the machine has free, so a
/// deal that needs more than a task's memory is undecided (`memory-limit`), on any
/// machine with less.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Settings {
    /// The deals.
    pub deals: Selection,
    /// The game the deals are laid out and played in.
    #[serde(serialize_with = "by_name", deserialize_with = "from_name")]
    pub game: Game,
    /// The solver.
    #[serde(serialize_with = "by_name", deserialize_with = "from_name")]
    pub solver: Preset,
    /// Positions a deal may expand before it is undecided.
    pub max_nodes: Option<u64>,
    /// The program that ran it (its version and a digest of its executable, say):
    /// another build may find other solutions.
    pub build: String,
}

impl Settings {
    /// A census of `deals` in `game` by `solver`, without a node limit, by `build`.
    pub fn new(deals: Selection, game: Game, solver: Preset, build: impl Into<String>) -> Settings {
        Settings { deals, game, solver, max_nodes: None, build: build.into() }
    }

    /// Sets the node limit per deal.
    pub fn max_nodes(mut self, limit: Option<u64>) -> Settings {
        self.max_nodes = limit;
        self
    }

    /// The solver these settings describe.
    pub fn build_solver(&self) -> Solver {
        let solver = Solver::new(self.solver);
        match self.max_nodes {
            Some(n) => solver.max_nodes(n),
            None => solver,
        }
    }
}

impl fmt::Display for Settings {
    /// `MS 1..=1000, freecell, solver fast, no node limit, build …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {}, solver {}, ", self.deals, self.game, self.solver)?;
        match self.max_nodes {
            Some(n) => write!(f, "at most {n} nodes a deal")?,
            None => f.write_str("no node limit")?,
        }
        write!(f, ", build {}", self.build)
    }
}

fn by_name<T: fmt::Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

fn from_name<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: FromStr<Err: fmt::Display>,
    D: Deserializer<'de>,
{
    let name = String::deserialize(deserializer)?;
    name.parse().map_err(serde::de::Error::custom)
}
