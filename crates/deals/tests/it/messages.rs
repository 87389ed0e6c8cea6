//! Errors for bad deal numbers and ranges: the text as given (a readable prefix of it), what
//! is wrong, and the forms that would do.

use freecell_deals::{DealNumber, DealRange, ParseDealError};

/// The longest message a parse error may give, in bytes.
const BOUND: usize = 200;

fn number(text: &str) -> String {
    text.parse::<DealNumber>().expect_err(text).to_string()
}

fn range(text: &str) -> String {
    text.parse::<DealRange>().expect_err(text).to_string()
}

const NUMBER: &str = "write decimal digits from 1 to 8589934591, like `617`";
const RANGE: &str = "write `N`, `A..=B` or `A..B` (both include B) with deals 1 to 8589934591, like `1..=32000`";

#[test]
fn numbers_beyond_u64_are_quoted_as_given() {
    let two_to_64 = "18446744073709551616";
    let expected = format!("deal `{two_to_64}` is above 8589934591: Microsoft deals are numbered 1 to 8589934591");
    assert_eq!(number(two_to_64), expected);
    assert_eq!(range(two_to_64), expected);
    assert_eq!(range(&format!("1..={two_to_64}")), expected);
    assert_eq!(range(&format!("{two_to_64}..5")), expected);
    assert_eq!(
        number("8589934592"),
        "deal `8589934592` is above 8589934591: Microsoft deals are numbered 1 to 8589934591"
    );
    assert_eq!(
        number("0008589934592"),
        "deal `0008589934592` is above 8589934591: Microsoft deals are numbered 1 to 8589934591"
    );
    assert_eq!(number("0"), "deal `0` does not exist: Microsoft deals are numbered 1 to 8589934591");
    assert_eq!(range("0..=10"), "deal `0` does not exist: Microsoft deals are numbered 1 to 8589934591");
    assert_eq!(range("3..000"), "deal `000` does not exist: Microsoft deals are numbered 1 to 8589934591");
    assert!(matches!("1..8589934592".parse::<DealRange>(), Err(ParseDealError::OutOfRange { .. })));
    // A thousand digits: the message quotes a prefix.
    let huge = "9".repeat(1000);
    assert_eq!(
        number(&huge),
        format!("deal `{}…` is above 8589934591: Microsoft deals are numbered 1 to 8589934591", "9".repeat(40))
    );
}

#[test]
fn malformed_numbers_name_the_form() {
    for bad in ["-1", "+5", "0x10", "1e3", "1.5", "5 5", "٣", "\u{feff}5", "1..5"] {
        let quoted = bad.replace('\u{feff}', "\\u{feff}");
        assert_eq!(number(bad), format!("`{quoted}` is not a deal number: {NUMBER}"), "{bad:?}");
    }
    for blank in ["", "  "] {
        assert_eq!(number(blank), format!("no deal number given: {NUMBER}"));
    }
    // White space around the number is allowed, as before.
    assert_eq!(" 5 ".parse::<DealNumber>().map(DealNumber::get), Ok(5));
}

#[test]
fn malformed_ranges_name_the_forms() {
    for bad in ["-1", "+5", "0x10", "1e3", "1..", "..5", "..", "1...5", "1..=", "1..=2..=3", "1-5", "a..b", "1..+5"] {
        assert_eq!(range(bad), format!("`{bad}` is not a deal range: {RANGE}"), "{bad:?}");
    }
    assert_eq!(range(""), format!("no deal range given: {RANGE}"));
    assert_eq!(
        range("5..3"),
        "the deal range `5..3` is empty: it starts after it ends (write the first deal first, like `3..=5`)"
    );
    assert_eq!(
        range("9..=3"),
        "the deal range `9..=3` is empty: it starts after it ends (write the first deal first, like `3..=9`)"
    );
    assert_eq!(" 7 ..= 9 ".parse::<DealRange>().map(|r| r.len()), Ok(3));
}

#[test]
fn every_message_is_short() {
    let long = "x".repeat(1 << 20);
    let wide = "😀".repeat(1000);
    let digits = "7".repeat(1 << 20);
    for text in [
        long.clone(),
        wide.clone(),
        digits.clone(),
        format!("1..={long}"),
        format!("{wide}..5"),
        format!("{digits}..=1"),
        format!("1..={digits}"),
        format!("{}..1", "0".repeat(1000) + "2"),
    ] {
        for message in
            [text.parse::<DealNumber>().unwrap_err().to_string(), text.parse::<DealRange>().unwrap_err().to_string()]
        {
            assert!(message.len() <= BOUND, "{} bytes: {message}", message.len());
        }
    }
}
