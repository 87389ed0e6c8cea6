//! Rules tests.
