//! The resumable CSV of `freecell bench`, read back from arbitrary bytes: no panic, only
//! whole deals read, the text kept ends at a line break, messages of a readable length.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    freecell_cli::fuzzing::bench_csv(data);
});
