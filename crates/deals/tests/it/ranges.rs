//! Deal ranges as a caller uses them.

use freecell_deals::{DealNumber, DealRange, ParseDealError};

#[test]
fn ms_32k_runs_over_every_classic_deal() {
    let mut count = 0_u64;
    let mut previous = 0;
    for deal in DealRange::MS_32K {
        assert_eq!(deal.get(), previous + 1);
        previous = deal.get();
        count += 1;
    }
    assert_eq!(count, 32_000);
}

#[test]
fn command_line_forms() {
    let range: DealRange = "11980..=11984".parse().unwrap();
    assert!(range.contains(DealNumber::try_from(11982).unwrap()));
    assert_eq!(range.len(), 5);
    let error = "0..=10".parse::<DealRange>().unwrap_err();
    assert!(matches!(error, ParseDealError::OutOfRange { .. }));
    assert_eq!(error.to_string(), "deal `0` does not exist: Microsoft deals are numbered 1 to 8589934591");
    let error = "ten".parse::<DealRange>().unwrap_err();
    assert!(error.to_string().contains("`ten`"), "{error}");
}
