//! The evaluation functions of Castiaux's thesis (section "Evaluation functions").
