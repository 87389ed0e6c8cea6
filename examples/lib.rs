//! Runnable examples for the freecell workspace: see the `[[example]]` targets.
