//! Integration tests of `freecell-heuristics`: admissibility of the deadlock bound against
//! exhaustive search on reduced decks, hand-worked values, and the policy text form on
//! generated input.

mod consistency;
mod deadlock;
mod policy_text;
