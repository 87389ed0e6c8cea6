//! Deal numbers and deal ranges from arbitrary text: parsing never panics, what parses
//! re-displays and re-parses to itself, a range's length matches its ends, and every error
//! message is short however long the text.
#![no_main]

use freecell_deals::{DealNumber, DealRange};
use libfuzzer_sys::fuzz_target;

/// The longest message a deal parse error may give, in bytes: errors quote at most a
/// prefix of the text (`freecell_core::quote`).
const MESSAGE_BYTES: usize = 200;

fn check_message(message: &str, text: &str) {
    assert!(message.len() <= MESSAGE_BYTES, "{} bytes for {} bytes of text: {message}", message.len(), text.len());
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match text.parse::<DealNumber>() {
        Ok(deal) => {
            assert!((DealNumber::MIN..=DealNumber::MAX).contains(&deal));
            assert_eq!(deal.to_string().parse::<DealNumber>(), Ok(deal));
            // One number is a range of one deal.
            assert_eq!(text.parse::<DealRange>(), Ok(DealRange::single(deal)));
        }
        Err(error) => check_message(&error.to_string(), &text),
    }
    match text.parse::<DealRange>() {
        Ok(range) => {
            let written = range.to_string();
            assert_eq!(written.parse::<DealRange>(), Ok(range), "{text:?} written as {written}");
            let (first, last) = (range.first(), range.last());
            assert!(first <= last, "{written}");
            assert_eq!(range.len(), last.get() - first.get() + 1, "{written}");
            assert!(range.contains(first) && range.contains(last));
            assert_eq!(range.iter().next(), Some(first));
            assert_eq!(range.iter().next_back(), Some(last));
            let before_last = usize::try_from(range.len() - 1).expect("64-bit usize");
            assert_eq!(range.iter().nth(before_last), Some(last), "{written}");
            if range.len() <= 1000 {
                assert_eq!(range.iter().count() as u64, range.len(), "{written}");
                assert!(range.iter().rev().eq(range.iter().collect::<Vec<_>>().into_iter().rev()));
            }
        }
        Err(error) => check_message(&error.to_string(), &text),
    }
});
