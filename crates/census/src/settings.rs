//! [`Settings`]: what makes two shards parts of the same census.

use std::fmt;
use std::str::FromStr;

use freecell_core::Game;
use freecell_solver::{Goal, Preset, Solver};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Selection;

/// The free memory a census's solver sizes its limits for unless told otherwise: 2 GiB,
/// what the Slurm scripts ask for a task (`deploy/slurm/census.sbatch`), so `fast` takes at
/// most 768 MiB a deal (3/8, see [`Solver::memory`]), which MS deals never come near.
pub const DEFAULT_MEMORY: u64 = 2 << 30;

/// Everything a census's results depend on: the deals, the game they are dealt in, the
/// solver and its goal, its node limit and the memory its limits are sized for, and the build of the
/// program. Shards merge only when their settings are equal.
///
/// There is no time limit: it would make outcomes depend on the machine's load, and a
/// census must give the same report however its shards are run. For the same reason the
/// solver does not size its memory limits from what the machine has free (which changes
/// with its load, and changes how far a `fast` search goes before it stops and tries again
/// with more, so its expansions and solutions): they are sized for [`memory`](Self::memory)
/// bytes ([`Solver::memory`]), so a deal that needs more is undecided (`memory-limit`)
/// on every machine. A task must then have that much memory: an allocation the system
/// refuses also ends a deal undecided.
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
    /// What the solver's solves are for: [`Goal::Verdict`] unless set (a census counts
    /// verdicts; its solutions are verified, not shortened). Shard files written before
    /// the goal was recorded ran [`Goal::Short`], and read so.
    #[serde(default, serialize_with = "by_name", deserialize_with = "from_name")]
    pub goal: Goal,
    /// Positions a deal may expand before it is undecided.
    pub max_nodes: Option<u64>,
    /// The free memory, in bytes, the solver's limits are sized for ([`Solver::memory`]),
    /// whatever the machine has: [`DEFAULT_MEMORY`] unless set.
    pub memory: u64,
    /// The program that ran it (its version and a digest of its executable, say):
    /// another build may find other solutions.
    pub build: String,
}

impl Settings {
    /// A census of `deals` in `game` by `solver` for the verdict ([`Goal::Verdict`]),
    /// without a node limit, its limits sized for [`DEFAULT_MEMORY`], by `build`.
    pub fn new(deals: Selection, game: Game, solver: Preset, build: impl Into<String>) -> Settings {
        let goal = Goal::Verdict;
        Settings { deals, game, solver, goal, max_nodes: None, memory: DEFAULT_MEMORY, build: build.into() }
    }

    /// Sets the solver's goal.
    pub fn goal(mut self, goal: Goal) -> Settings {
        self.goal = goal;
        self
    }

    /// Sets the node limit per deal.
    pub fn max_nodes(mut self, limit: Option<u64>) -> Settings {
        self.max_nodes = limit;
        self
    }

    /// Sizes the solver's memory limits for `bytes` of free memory (see
    /// [`memory`](Self::memory)).
    pub fn memory(mut self, bytes: u64) -> Settings {
        self.memory = bytes;
        self
    }

    /// The solver these settings describe.
    ///
    /// ```
    /// use freecell_census::{Selection, Settings};
    /// use freecell_core::Game;
    /// use freecell_solver::Preset;
    /// let settings = Settings::new(Selection::range("1..=8".parse()?), Game::FreeCell, Preset::Bfs, "doc");
    /// // 3/8 of the memory given, whatever the machine has free.
    /// assert_eq!(settings.memory(1 << 30).build_solver().byte_limit(), Some(384 << 20));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build_solver(&self) -> Solver {
        let solver = Solver::new(self.solver).goal(self.goal).memory(self.memory);
        match self.max_nodes {
            Some(n) => solver.max_nodes(n),
            None => solver,
        }
    }
}

impl fmt::Display for Settings {
    /// `MS 1..=1000, freecell, solver fast, goal verdict, no node limit, build …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {}, solver {}, goal {}, ", self.deals, self.game, self.solver, self.goal)?;
        match self.max_nodes {
            Some(n) => write!(f, "at most {n} nodes a deal")?,
            None => f.write_str("no node limit")?,
        }
        write!(f, ", limits for {} MiB", self.memory >> 20)?;
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
