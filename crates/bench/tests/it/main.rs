//! A bench run from code, as a census tool would: rows, the resumable CSV file, JSON.

mod run;
