//! What the `weights` and `policy` targets check of a reading error.

use freecell_heuristics::policy::ParsePolicyError;

/// The error's offset is a character boundary of the text, its line and column are that
/// offset's (after a leading byte-order mark), and its message quotes no more than an excerpt.
pub(crate) fn check_error(text: &str, error: &ParsePolicyError) {
    let message = error.to_string();
    assert!(text.is_char_boundary(error.offset), "{message}");
    // Columns on line 1 count from after a leading byte-order mark, which is skipped.
    let before = text[..error.offset].strip_prefix('\u{feff}').unwrap_or(&text[..error.offset]);
    let line = 1 + before.matches('\n').count();
    let column = 1 + before.rsplit('\n').next().unwrap_or("").chars().count();
    assert_eq!((error.position.line, error.position.column), (line, column), "{message}");
    assert!(message.chars().count() < 200, "{message}");
}
