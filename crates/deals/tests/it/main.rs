//! Integration tests for `freecell-deals`: published Microsoft deals from each numbering
//! range, pinned seeded deals, deal ranges, and finding a position's deal.

mod find;
mod messages;
mod ms_deals;
mod pysol_layouts;
mod ranges;
mod seeded;
#[cfg(feature = "serde")]
mod serde;
