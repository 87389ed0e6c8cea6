//! Integration tests for freecell-solver.

mod exhaustive;
