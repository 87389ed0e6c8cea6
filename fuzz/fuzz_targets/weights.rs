//! The weights reader never panics, weights it reads print back bit for bit, and an error
//! is short and placed inside the text.
#![no_main]

use freecell_heuristics::Weights;
use libfuzzer_sys::fuzz_target;

mod policy_error;
use policy_error::check_error;

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
