//! Rule files from arbitrary text, read as TOML and as JSON: reading never panics, a
//! variant that reads deals a whole deck and writes back, in both formats, to itself, and
//! every error is short, however long the text.
#![no_main]

use freecell_core::{Card, Variant, WideBoard};
use libfuzzer_sys::fuzz_target;

/// The longest message a rule-file error may give, in characters: messages and fields
/// are cut to 240 characters each.
const MESSAGE_CHARS: usize = 600;

fn check(read: Result<Variant, freecell_core::RuleFileError>, text: &str) {
    match read {
        Ok(variant) => {
            assert_eq!(variant.validate(), Ok(()), "{text:?}");
            let deck: Vec<Card> = Card::deck().collect();
            assert!(WideBoard::try_from(variant.deal(&deck)).is_ok(), "{text:?} does not deal a whole deck");
            assert_eq!(Variant::from_toml(&variant.to_toml()).as_ref(), Ok(&variant), "{text:?}");
            assert_eq!(Variant::from_json(&variant.to_json()).as_ref(), Ok(&variant), "{text:?}");
        }
        Err(error) => {
            let message = error.to_string();
            assert!(message.chars().count() <= MESSAGE_CHARS, "{} characters: {message}", message.chars().count());
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    check(Variant::from_toml(&text), &text);
    check(Variant::from_json(&text), &text);
});
