//! The policy reader never panics, a policy it reads prints back to the same policy,
//! `validate` never panics, a valid policy evaluates to a finite number, and an error is
//! short and placed inside the text.
#![no_main]

use std::sync::LazyLock;

use freecell_core::{Board, Move, Pile};
use freecell_heuristics::advisors::{Difficulty, EvalContext};
use freecell_heuristics::policy::{Condition, Policy};
use libfuzzer_sys::fuzz_target;

mod policy_error;
use policy_error::check_error;

/// A mid-game position.
static BOARD: LazyLock<Board> = LazyLock::new(|| {
    "Foundations: C-K D-K H-5 S-9\nFreecells: QS\n: 6H 7H\n: TS 8H 9H JS\n: KH\n: KS QH JH\n: TH\n"
        .parse()
        .expect("the board parses")
});

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match text.parse::<Policy>() {
        Ok(policy) => {
            let written = policy.to_string();
            let again: Policy =
                written.parse().unwrap_or_else(|e| panic!("Display output does not parse: {e}\n{written}"));
            assert_eq!(again, policy, "{written}");
            if policy.validate().is_ok() {
                let ctx = EvalContext {
                    g: 7,
                    last_move: Some(Move::single(Pile::cell(0), Pile::cascade(2))),
                    difficulty: Some(Difficulty { rank: 3, of: 10 }),
                };
                for ctx in [EvalContext::default(), ctx] {
                    let value = policy.evaluate(&BOARD, &ctx);
                    assert!(value.is_finite(), "{value} for\n{written}");
                }
            }
        }
        Err(error) => check_error(&text, &error),
    }
    match text.parse::<Condition>() {
        Ok(condition) => {
            let written = condition.to_string();
            assert_eq!(written.parse::<Condition>().as_ref(), Ok(&condition), "{written}");
            let _ = condition.depth();
        }
        Err(error) => check_error(&text, &error),
    }
});
