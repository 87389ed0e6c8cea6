//! [`Goal`]: what a solve is for, a short solution or a verdict at least cost.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// What a solve is for: the `fast` preset searches and finishes differently for each.
///
/// Either way every solution is replayed by the verifier before it is returned, and a
/// position is unsolvable only when a proof says so.
///
/// # Examples
/// ```
/// use freecell_deals::DealNumber;
/// use freecell_solver::{Goal, Preset, Solver};
/// let board = DealNumber::new(1).unwrap().board();
/// let short = Solver::new(Preset::Fast).solve(&board)?;
/// let verdict = Solver::new(Preset::Fast).goal(Goal::Verdict).solve(&board)?;
/// // Both solve it; the verdict's solution is verified, but not shortened.
/// assert!(short.outcome.solution().is_some() && verdict.outcome.solution().is_some());
/// assert_eq!("verdict".parse::<Goal>()?, Goal::Verdict);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Goal {
    /// A short solution (the default): `fast`'s FreeCell evaluations are those tuned for
    /// few expansions under a bound on the solutions' mean length, and `fast` shortens the
    /// solution it finds (removing loops and detours) before returning it.
    #[default]
    Short,
    /// The verdict (solvable, with a verified solution, or impossible, proved) at least
    /// cost, however long the solution: `fast`'s FreeCell evaluations are a set tuned for
    /// fewest expansions with no bound on length, and no preset shortens the solution
    /// unless [`Solver::shorten`](crate::Solver::shorten) asks it to. For a census, which
    /// counts verdicts. Other games' evaluations are those of [`Short`](Self::Short).
    Verdict,
}

impl Goal {
    /// Every goal.
    pub const ALL: [Goal; 2] = [Goal::Short, Goal::Verdict];

    /// The goal's name on the command line: `short` or `verdict`.
    pub fn name(self) -> &'static str {
        match self {
            Goal::Short => "short",
            Goal::Verdict => "verdict",
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a [`Goal`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown goal {}; the goals are short and verdict", freecell_core::quote(name))]
#[non_exhaustive]
pub struct ParseGoalError {
    /// The name given.
    pub name: String,
}

impl FromStr for Goal {
    type Err = ParseGoalError;

    fn from_str(name: &str) -> Result<Goal, ParseGoalError> {
        Goal::ALL.into_iter().find(|g| g.name() == name).ok_or_else(|| ParseGoalError { name: name.to_owned() })
    }
}

#[cfg(test)]
mod tests {
    use super::Goal;

    #[test]
    fn names_round_trip() {
        for goal in Goal::ALL {
            assert_eq!(goal.to_string().parse::<Goal>(), Ok(goal));
        }
        assert!("shortest".parse::<Goal>().is_err());
        assert_eq!(Goal::default(), Goal::Short);
    }
}
