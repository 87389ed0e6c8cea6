//! The resumable CSV of `freecell bench` (`freecell_bench::read_rows`), read back from
//! arbitrary bytes as each kind of bench CSV (one row per deal, and hint rows, three per
//! deal): no panic, only whole deals read, the text kept ends at a line break, messages of
//! a readable length.
#![no_main]

use freecell_bench::{DealRow, HintRow, ReadError, Row, read_rows};
use libfuzzer_sys::fuzz_target;

fn check<R: Row>(bytes: &[u8], per_deal: usize) {
    let mut rows = 0usize;
    match read_rows::<R>(bytes, per_deal, "hsd", |_| rows += 1) {
        Ok(keep) => {
            let keep = usize::try_from(keep).expect("the kept length fits the text");
            assert!(keep <= bytes.len());
            assert!(keep == 0 || bytes[keep - 1] == b'\n', "the kept text ends at a line break");
            assert_eq!(rows % per_deal, 0, "only whole deals are read");
        }
        Err(error @ ReadError::Line { line, .. }) => {
            assert!(line >= 1);
            let message = error.to_string();
            assert!(message.len() <= 400, "a message of {} bytes", message.len());
        }
        Err(error) => panic!("reading a slice failed: {error}"),
    }
}

fuzz_target!(|data: &[u8]| {
    check::<DealRow>(data, 1);
    check::<HintRow>(data, 3);
});
