//! The command's values parsed by hand: `--timeout SECS` and `--jobs N`. No panic, a
//! bounded message, and a timeout that parses is what its text says, within the clock's
//! reach.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(duration) = freecell_cli::fuzzing::seconds(&text) {
        let seconds: f64 = text.trim().parse().expect("a parsed timeout is a number");
        assert!(seconds >= 0.0, "{text:?} gave {duration:?}");
        if duration < Duration::MAX {
            assert!((duration.as_secs_f64() - seconds).abs() <= seconds * 1e-9 + 1e-9, "{text:?} gave {duration:?}");
        }
    }
    if let Ok(jobs) = freecell_cli::fuzzing::jobs(&text) {
        assert!((1..=1024).contains(&jobs), "{text:?} gave {jobs}");
    }
});
