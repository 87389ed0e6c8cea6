//! Integration tests for freecell-evolve: whole (tiny) runs.

mod hostile;
mod runs;
