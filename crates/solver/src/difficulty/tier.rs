//! Difficulty tiers, from the measures a player feels.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::difficulty::Narrowness;

/// How hard a position is to win, easiest first; [`Lost`](Tier::Lost) when a loss was
/// proved with its own free cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tier {
    /// Won with few cells and many moves to spare.
    Easy,
    /// Between.
    Medium,
    /// Needs most of the cells, or a narrow path.
    Hard,
    /// Needs every cell and a narrow path.
    Expert,
    /// Proved lost.
    Lost,
}

impl Tier {
    /// Every tier, easiest first.
    pub const ALL: [Tier; 5] = [Tier::Easy, Tier::Medium, Tier::Hard, Tier::Expert, Tier::Lost];

    /// The tier of a position won with its own `free_cells`, from the fewest free cells it
    /// needs, the narrowness sampled along its solution and that solution's length (moves,
    /// a run move counting one). Points are added up:
    ///
    /// | measure | points |
    /// |---|---|
    /// | spare cells (`free_cells − min_free_cells`): 2 or more, 1, 0 | 0, 2, 4 |
    /// | moves that lose, mean share over the samples ([`Narrowness::losing_share`]): under 3 %, under 8 %, more | 0, 1, 2 |
    /// | a forced sample ([`Narrowness::forced`]): none, some | 0, 1 |
    /// | length: 110 moves or fewer, more | 0, 1 |
    ///
    /// and the sum read as easy (0), medium (1–2), hard (3–4) or expert (5 and more).
    /// The calibration on MS 1–2,000 and the known hard deals is in the workspace's
    /// `docs/results/difficulty.md`. `None` when no position was sampled.
    pub fn of(free_cells: u8, min_free_cells: u8, narrowness: &Narrowness, length: usize) -> Option<Tier> {
        let losing = narrowness.losing_share()?;
        let points = Points::new(free_cells, min_free_cells, length);
        Some(points.tier(losing, narrowness.forced() > 0))
    }

    /// The least tier a position with `spare` free cells beyond the fewest it needs can
    /// get whatever its narrowness and length ([`Tier::of`]'s points for the cells alone),
    /// and the most: what deciding the cells leaves open.
    pub fn range(spare: u8) -> (Tier, Tier) {
        match spare {
            0 => (Tier::Hard, Tier::Expert),
            1 => (Tier::Medium, Tier::Expert),
            _ => (Tier::Easy, Tier::Hard),
        }
    }

    /// The tier's name, as [`FromStr`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Tier::Easy => "easy",
            Tier::Medium => "medium",
            Tier::Hard => "hard",
            Tier::Expert => "expert",
            Tier::Lost => "lost",
        }
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A tier name that is not one of `easy`, `medium`, `hard`, `expert` and `lost`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown tier {}: expected easy, medium, hard, expert or lost", freecell_core::quote(.name))]
pub struct ParseTierError {
    /// What was read.
    pub name: String,
}

impl FromStr for Tier {
    type Err = ParseTierError;

    fn from_str(s: &str) -> Result<Tier, ParseTierError> {
        Tier::ALL.into_iter().find(|tier| tier.name() == s).ok_or_else(|| ParseTierError { name: s.to_owned() })
    }
}

/// [`Tier::of`]'s points from the measures known before any sample: the spare cells and the
/// solution's length. The path measures add to them, and every point only raises the tier,
/// so bounds on the losing share and on a forced sample bound the tier.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Points(u8);

impl Points {
    pub(crate) fn new(free_cells: u8, min_free_cells: u8, length: usize) -> Points {
        let spare = match free_cells.saturating_sub(min_free_cells) {
            0 => 4,
            1 => 2,
            _ => 0,
        };
        Points(spare + u8::from(length > 110))
    }

    /// The tier with the path measures added.
    pub(crate) fn tier(self, losing_share: f64, forced: bool) -> Tier {
        let narrow = if losing_share < 0.03 {
            0
        } else if losing_share < 0.08 {
            1
        } else {
            2
        };
        match self.0 + narrow + u8::from(forced) {
            0 => Tier::Easy,
            1..=2 => Tier::Medium,
            3..=4 => Tier::Hard,
            _ => Tier::Expert,
        }
    }
}
