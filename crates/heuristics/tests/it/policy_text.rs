//! The policy and weights text forms on generated input: what prints reads back the same,
//! and no text makes the reader panic.

use freecell_heuristics::advisors::Advisor;
use freecell_heuristics::policy::{Condition, MAX_NESTING, ParsePolicyErrorKind, Policy, Rule, Term};
use freecell_heuristics::{Feature, Weights};
use proptest::prelude::*;

/// Any finite number: zeros of both signs, subnormals, huge values.
fn finite() -> impl Strategy<Value = f64> {
    use proptest::num::f64::{NEGATIVE, NORMAL, POSITIVE, SUBNORMAL, ZERO};
    (NORMAL | SUBNORMAL | ZERO | POSITIVE | NEGATIVE).prop_filter("finite", |x| x.is_finite())
}

fn weights() -> impl Strategy<Value = Weights> {
    prop::array::uniform9(finite()).prop_map(Weights)
}

fn feature() -> impl Strategy<Value = Feature> {
    prop::sample::select(Feature::ALL.to_vec())
}

fn term() -> impl Strategy<Value = Term> {
    prop_oneof![
        feature().prop_map(Term::Feature),
        feature().prop_map(|f| Term::Advisor(Advisor::PhaseBy(f))),
        Just(Term::Advisor(Advisor::IsMoveToCascade)),
        Just(Term::Advisor(Advisor::DifficultyLevel)),
        finite().prop_map(Term::Const),
    ]
}

fn condition() -> impl Strategy<Value = Condition> {
    let leaf = prop_oneof![
        Just(Condition::IsMoveToCascade),
        any::<bool>().prop_map(Condition::Const),
        (term(), term()).prop_map(|(x, y)| Condition::Le(x, y)),
        (term(), term()).prop_map(|(x, y)| Condition::Ge(x, y)),
    ];
    // Deeper than valid policies, within what the reader takes.
    leaf.prop_recursive(12, 64, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Condition::And(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| Condition::Or(Box::new(a), Box::new(b))),
        ]
    })
}

fn policy() -> impl Strategy<Value = Policy> {
    let rule = (condition(), weights()).prop_map(|(condition, weights)| Rule { condition, weights });
    (prop::collection::vec(rule, 0..5), weights()).prop_map(|(rules, default)| Policy { rules, default })
}

/// Text built from the grammar's pieces, so that the reader goes deep into it.
fn sexpr_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("(".to_owned()),
        Just(")".to_owned()),
        Just(" ".to_owned()),
        Just("\n".to_owned()),
        prop::sample::select(vec![
            "policy",
            "if",
            "default",
            "+",
            "*",
            "and",
            "or",
            "<=",
            ">=",
            "true",
            "false",
            "IsMoveToCascade",
            "HSDH",
            "PhaseByFreeCells",
            "DifficultyLevel",
            "0.5",
            "-0",
            "1e400",
            "NaN",
            "\u{feff}",
            "\0",
            "é",
        ])
        .prop_map(str::to_owned),
        "\\PC{0,8}",
    ];
    prop::collection::vec(piece, 0..60).prop_map(|pieces| pieces.concat())
}

proptest! {
    #[test]
    fn weights_read_back_bit_for_bit(w in weights()) {
        let back: Weights = w.to_string().parse().unwrap();
        prop_assert_eq!(back.0.map(f64::to_bits), w.0.map(f64::to_bits));
    }

    #[test]
    fn policies_read_back(p in policy()) {
        prop_assert_eq!(p.to_string().parse::<Policy>(), Ok(p));
    }

    #[test]
    fn any_text_is_read_or_refused_without_panic(text in sexpr_text()) {
        if let Ok(p) = text.parse::<Policy>() {
            prop_assert_eq!(p.to_string().parse::<Policy>(), Ok(p.clone()));
            let _ = p.validate();
        }
        if let Ok(w) = text.parse::<Weights>() {
            prop_assert_eq!(w.to_string().parse::<Weights>(), Ok(w));
        }
        if let Ok(c) = text.parse::<Condition>() {
            prop_assert_eq!(c.to_string().parse::<Condition>(), Ok(c));
        }
        // Errors stay short whatever the text: at most 40 characters of a token are quoted.
        if let Err(e) = text.parse::<Policy>() {
            prop_assert!(e.to_string().chars().count() < 200, "{}", e);
        }
    }

    #[test]
    fn nesting_past_the_limit_is_refused(extra in 1..1_000usize, inner in "[a-z ]{0,5}") {
        let depth = MAX_NESTING + extra;
        let text = format!("{}{inner}{}", "(".repeat(depth), ")".repeat(depth));
        let err = text.parse::<Policy>().unwrap_err();
        prop_assert_eq!(err.kind, ParsePolicyErrorKind::TooDeep { depth: MAX_NESTING + 1 });
        prop_assert_eq!(err.offset, MAX_NESTING);
    }
}
