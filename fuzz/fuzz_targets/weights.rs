//! The weights reader never panics, weights it reads print back bit for bit, and an error
//! is short and placed inside the text.
#![no_main]

use freecell_heuristics::Weights;
use freecell_heuristics::policy::ParsePolicyError;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match text.parse::<Weights>() {
        Ok(weights) => {
            let written = weights.to_string();
            let again: Weights =
                written.parse().unwrap_or_else(|e| panic!("Display output does not parse: {e}\n{written}"));
            assert_eq!(again.0.map(f64::to_bits), weights.0.map(f64::to_bits), "{written}");
            let _ = weights.is_valid();
        }
        Err(error) => check_error(&text, &error),
    }
});

/// The error's offset is a character boundary of the text, its line and column are that
/// offset's (after a leading byte-order mark), and its message quotes no more than an excerpt.
fn check_error(text: &str, error: &ParsePolicyError) {
    let message = error.to_string();
    assert!(text.is_char_boundary(error.offset), "{message}");
    // Columns on line 1 count from after a leading byte-order mark, which is skipped.
    let before = text[..error.offset].strip_prefix('\u{feff}').unwrap_or(&text[..error.offset]);
    let line = 1 + before.matches('\n').count();
    let column = 1 + before.rsplit('\n').next().unwrap_or("").chars().count();
    assert_eq!((error.position.line, error.position.column), (line, column), "{message}");
    assert!(message.chars().count() < 200, "{message}");
}
