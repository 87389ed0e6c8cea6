//! Integration tests for freecell-solver.

mod difficulty;
mod embed;
mod exhaustive;
mod fast;
mod games;
mod heap;
mod limits;
mod optimal;
mod presets;
mod prove;
#[cfg(feature = "serde")]
mod serde;
mod shared;
mod thesis;
