//! Integration tests for freecell-core.

mod rules;
