//! The games of the family and the solver presets, as `freecell games` lists them.

use freecell_engine::{Game, Preset};
use pyo3::prelude::*;

/// A game of the FreeCell family: its `name` (what every `game=` argument takes, as do
/// its `aliases`, fc-solve's and pysol-cards' spellings), a line on it (`description`),
/// its rules in a line (`rules`), its counts, and its rules as a rule file (`toml`).
#[pyclass(module = "freecell_rs", name = "GameInfo", frozen, get_all)]
#[derive(Clone, Debug)]
pub(crate) struct GameInfo {
    /// The name (`freecell`, `bakers-game`, …).
    name: &'static str,
    /// The other names it is known by.
    aliases: Vec<&'static str>,
    /// A line on the game.
    description: &'static str,
    /// The rules in a line, as `freecell games` prints them.
    rules: String,
    /// Cascades.
    cascades: u8,
    /// Free cells.
    free_cells: u8,
    /// The rules and the dealing as a rule file (`freecell games --toml NAME`).
    toml: String,
}

#[pymethods]
impl GameInfo {
    fn __repr__(&self) -> String {
        format!("GameInfo(name='{}', rules='{}')", self.name, self.rules)
    }
}

/// The sixteen games of the FreeCell family, FreeCell first (the data of `freecell games`).
#[pyfunction]
pub(crate) fn games() -> Vec<GameInfo> {
    Game::ALL
        .iter()
        .map(|&game| {
            let variant = game.variant();
            GameInfo {
                name: game.name(),
                aliases: game.aliases().iter().copied().filter(|&alias| alias != game.name()).collect(),
                description: game.description(),
                rules: variant.to_string(),
                cascades: variant.rules.cascades,
                free_cells: variant.rules.free_cells,
                toml: variant.to_toml(),
            }
        })
        .collect()
}

/// The solver presets' names, the default (`fast`) first.
#[pyfunction]
pub(crate) fn presets() -> Vec<&'static str> {
    let mut names: Vec<_> = Preset::ALL.iter().map(|preset| preset.name()).collect();
    names.sort_by_key(|&name| name != Preset::default().name());
    names
}
