//! Runnable examples for the freecell workspace: see the `[[example]]` targets and
//! `README.md`. The library itself is empty; `tests/it.rs` runs the examples.
