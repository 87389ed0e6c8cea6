//! Integration tests for freecell-core.

mod automove;
mod bad_input;
mod common;
mod formats;
mod playout;
mod rules;
mod supermove;
