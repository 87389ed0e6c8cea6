//! Integration tests for freecell-core.

mod automove;
mod bad_input;
mod common;
mod fc_solve;
mod formats;
mod messages;
mod playout;
mod rules;
#[cfg(feature = "serde")]
mod serde;
mod supermove;
