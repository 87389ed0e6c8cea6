//! Integration tests of `freecell-heuristics`: admissibility of the deadlock bound against
//! exhaustive search on reduced decks, and hand-worked values.

mod consistency;
mod deadlock;
mod reduced;
