//! The `serde` feature: deal numbers and ranges are validated when read.

use freecell_deals::{DealNumber, DealRange};

#[test]
fn deal_numbers_and_ranges_round_trip_and_are_validated() {
    for n in [1, 617, 11_982, 8_589_934_591] {
        let deal = DealNumber::new(n).unwrap();
        assert_eq!(serde_json::to_string(&deal).unwrap(), n.to_string());
        assert_eq!(serde_json::from_str::<DealNumber>(&n.to_string()).unwrap(), deal);
    }
    let error = serde_json::from_str::<DealNumber>("8589934592").unwrap_err().to_string();
    assert!(error.starts_with("deal 8589934592 is above 8589934591"), "{error}");
    assert!(serde_json::from_str::<DealNumber>("-1").is_err());

    let json = serde_json::to_string(&DealRange::MS_32K).unwrap();
    assert_eq!(json, r#"{"first":1,"last":32000}"#);
    assert_eq!(serde_json::from_str::<DealRange>(&json).unwrap(), DealRange::MS_32K);
    let error = serde_json::from_str::<DealRange>(r#"{"first":5,"last":4}"#).unwrap_err().to_string();
    assert!(error.starts_with("the deal range 5..=4 is empty"), "{error}");
}
