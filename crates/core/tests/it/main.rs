//! Integration tests for freecell-core.

mod bad_input;
mod common;
mod playout;
