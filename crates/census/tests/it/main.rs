//! Integration tests of `freecell-census`.

mod shards;
