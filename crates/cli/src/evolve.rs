//! Evolved solvers on the command line: `--solver weights:FILE` / `policy:FILE`.

use std::fmt;
use std::path::{Path, PathBuf};

use freecell_heuristics::Weights;
use freecell_heuristics::policy::Policy;
use freecell_solver::{Preset, Solver};

use crate::{Failure, read_input, shown};

/// What `--solver` names: a preset, or a file holding an evolved genome or policy.
///
/// `weights:FILE` holds one genome as the GA-FreeCell paper prints individuals,
/// `(+ (* HSDH 0.01) (* NumberWellPlaced 0.01) …)`; `policy:FILE` one Policy-FreeCell policy,
/// `(policy (if CONDITION WEIGHTS) … (default WEIGHTS))`. Both are what `freecell evolve`
/// writes; both run the `ga` engine ([`Solver::with_weights`], [`Solver::with_policy`]).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum SolverChoice {
    /// A named preset.
    Preset(Preset),
    /// `weights:FILE`.
    Weights(PathBuf),
    /// `policy:FILE`.
    Policy(PathBuf),
}

impl SolverChoice {
    /// Parses `NAME`, `weights:FILE` or `policy:FILE`.
    pub(crate) fn parse(text: &str) -> Result<SolverChoice, String> {
        if let Some(path) = text.strip_prefix("weights:") {
            return Ok(SolverChoice::Weights(PathBuf::from(path)));
        }
        if let Some(path) = text.strip_prefix("policy:") {
            return Ok(SolverChoice::Policy(PathBuf::from(path)));
        }
        text.parse().map(SolverChoice::Preset).map_err(|e| format!("{e}, or weights:FILE or policy:FILE"))
    }

    /// The solver, reading and checking the genome or policy file.
    pub(crate) fn build(&self) -> Result<Solver, Failure> {
        match self {
            SolverChoice::Preset(preset) => Ok(Solver::new(*preset)),
            SolverChoice::Weights(path) => Ok(Solver::with_weights(read_weights(path)?)),
            SolverChoice::Policy(path) => Ok(Solver::with_policy(read_policy(path)?)),
        }
    }
}

impl fmt::Display for SolverChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolverChoice::Preset(preset) => write!(f, "{preset}"),
            SolverChoice::Weights(path) => write!(f, "weights:{}", path.display()),
            SolverChoice::Policy(path) => write!(f, "policy:{}", path.display()),
        }
    }
}

/// Reads a genome file and checks every weight is in `[0, 1]`.
fn read_weights(path: &Path) -> Result<Weights, Failure> {
    let text = read_input(path, "weights")?;
    let weights: Weights =
        text.trim().parse().map_err(|e| Failure::Input(format!("bad weights in {}: {e}", shown(path))))?;
    if !weights.is_valid() {
        return Err(Failure::Input(format!("bad weights in {}: every weight must be in [0, 1]", shown(path))));
    }
    Ok(weights)
}

/// Reads a policy file and validates it (depths, weights, constants).
fn read_policy(path: &Path) -> Result<Policy, Failure> {
    let text = read_input(path, "policy")?;
    let policy: Policy =
        text.trim().parse().map_err(|e| Failure::Input(format!("bad policy in {}: {e}", shown(path))))?;
    policy.validate().map_err(|e| Failure::Input(format!("bad policy in {}: {e}", shown(path))))?;
    Ok(policy)
}
