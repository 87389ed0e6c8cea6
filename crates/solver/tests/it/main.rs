//! Integration tests for freecell-solver.

mod exhaustive;
mod limits;
mod presets;
mod thesis;
