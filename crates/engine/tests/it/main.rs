//! The integration tests of `freecell-engine`: a game played through `GameState`.

mod play;
mod props;
mod replay;
mod saved;
mod solver;
