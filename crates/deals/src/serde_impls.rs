//! `serde` support (the `serde` feature): a [`DealNumber`] is its number and a
//! [`DealRange`] is `{"first": n, "last": m}`; both are validated when read.
//!
//! ```
//! use freecell_deals::{DealNumber, DealRange};
//! assert_eq!(serde_json::to_string(&DealNumber::new(617).unwrap())?, "617");
//! assert!(serde_json::from_str::<DealNumber>("0").is_err());
//! let range: DealRange = serde_json::from_str(r#"{"first":1,"last":32000}"#)?;
//! assert_eq!(range, DealRange::MS_32K);
//! # Ok::<(), serde_json::Error>(())
//! ```

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{DealError, DealNumber, DealRange};

impl Serialize for DealNumber {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.get())
    }
}

impl<'de> Deserialize<'de> for DealNumber {
    /// Refuses numbers outside 1 … 8,589,934,591 with [`DealError`]'s message.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<DealNumber, D::Error> {
        let number = u64::deserialize(deserializer)?;
        DealNumber::new(number).ok_or_else(|| D::Error::custom(DealError { number }))
    }
}

/// [`DealRange`] as written.
#[derive(Serialize, Deserialize)]
struct RangeRepr {
    first: DealNumber,
    last: DealNumber,
}

impl Serialize for DealRange {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RangeRepr { first: self.first(), last: self.last() }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for DealRange {
    /// Refuses an empty range (`first` after `last`).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<DealRange, D::Error> {
        let RangeRepr { first, last } = RangeRepr::deserialize(deserializer)?;
        DealRange::new(first, last).ok_or_else(|| D::Error::custom(format!("the deal range {first}..={last} is empty")))
    }
}
