//! Numbers in the JSON forms: measurements written to the precision they are measured to.

use serde::Serializer;

/// Serialises `value` rounded to `N` decimals (for `#[serde(serialize_with = …)]`): seconds
/// to the microsecond, means to a tenth of a node or a hundredth of a move. The rounding is
/// the decimal one of `format!("{:.N$}")`, so the number written is exactly the decimal
/// that prints, in its shortest form (`0.5`, not `0.500000`; `serde_json` writes numbers
/// below 10⁻⁵ with an exponent, `5e-6`).
///
/// # Errors
/// Whatever the serializer returns.
///
/// # Examples
/// ```
/// #[derive(serde::Serialize)]
/// struct Mean {
///     #[serde(serialize_with = "freecell_bench::json::decimals::<2, _>")]
///     length: f64,
/// }
/// let json = serde_json::to_string(&Mean { length: 2.0 / 3.0 })?;
/// assert_eq!(json, r#"{"length":0.67}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn decimals<const N: usize, S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_f64(rounded(*value, N))
}

/// [`decimals`] for an optional value: `null` when `None`.
///
/// # Errors
/// Whatever the serializer returns.
#[allow(clippy::ref_option)] // serde's `serialize_with` passes a reference to the field.
pub fn optional_decimals<const N: usize, S: Serializer>(value: &Option<f64>, serializer: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => serializer.serialize_some(&rounded(*value, N)),
        None => serializer.serialize_none(),
    }
}

/// `value` rounded to `decimals` decimals, as `format!("{value:.decimals$}")` rounds it;
/// values that are not finite are returned as they are.
pub fn rounded(value: f64, decimals: usize) -> f64 {
    if value.is_finite() { format!("{value:.decimals$}").parse().unwrap_or(value) } else { value }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[allow(clippy::float_cmp)] // Exact: each side is the double nearest the same decimal.
    fn rounding_is_the_formatting_one() {
        assert_eq!(rounded(0.012_345_678, 6), 0.012_346);
        assert_eq!(rounded(1_234.55, 1), "1234.5".parse::<f64>().unwrap(), "1234.55 is below the tie as a double");
        assert_eq!(rounded(2.0, 3), 2.0);
        assert!(rounded(f64::NAN, 2).is_nan());
    }
}
