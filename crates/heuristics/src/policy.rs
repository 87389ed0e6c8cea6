//! Policies (the GPTP chapter's Policy-FreeCell): an ordered list of rules
//! `IF condition THEN weights`, with default weights last.
//!
//! A policy evaluates a position by the first rule whose condition holds, returning that
//! rule's weighted sum of the nine normalised [`Feature`]s (the default weights when no
//! rule fires). Conditions are trees of `and`, `or`, `<=` and `>=` over numeric terms
//! (the normalised features, the [`Advisor`]s and constants), plus the boolean leaves
//! `IsMoveToCascade`, `true` and `false`; the chapter limits their depth to
//! [`MAX_CONDITION_DEPTH`] = 5. Not admissible.
//!
//! # Text form
//! S-expressions, the way the papers print individuals. Weights print as the GA-FreeCell
//! paper prints its best individual, all nine in genome order:
//! ```text
//! (policy
//!   (if (and (<= NumCardsNotAtFoundations 0.5) IsMoveToCascade)
//!     (+ (* HSDH 1) (* NumberWellPlaced 0) … (* SumOfBottomCards 0)))
//!   (default (+ (* HSDH 0.01) … )))
//! ```
//! Parsing accepts the weight terms in any order and under any name
//! [`Feature::from_name`] accepts; a missing feature weighs 0. Numbers print in Rust's
//! shortest round-trip form, so `parse(print(p)) == p`. Reading never panics: lists nested
//! deeper than [`MAX_NESTING`] are an error, and an error gives its line and column and
//! quotes at most 40 characters of the text.
//!
//! # Examples
//! ```
//! use freecell_core::Board;
//! use freecell_heuristics::advisors::EvalContext;
//! use freecell_heuristics::policy::Policy;
//! use freecell_heuristics::{Feature, Weights};
//!
//! let policy: Policy = "(policy (if (>= FreeCells 0.75) (+ (* HSDH 1))) (default (+ (* DifferenceFromTop 0.77))))"
//!     .parse()?;
//! policy.validate()?;
//! assert_eq!(policy.to_string().parse::<Policy>()?, policy);
//!
//! // 6 of the 12 cells and cascades are occupied: FreeCells (occupied / places) is 0.5, so
//! // the rule does not fire and the default weights apply.
//! let board: Board =
//!     "Foundations: C-K D-K H-5 S-9\nFreecells: QS\n: 6H 7H\n: TS 8H 9H JS\n: KH\n: KS QH JH\n: TH\n".parse()?;
//! let value = policy.evaluate(&board, &EvalContext::default());
//! assert_eq!(value, 0.77 * Feature::DifferenceFromTop.normalised(&board));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use freecell_core::{BoardN, TextPosition};
use thiserror::Error;

use crate::advisors::{Advisor, EvalContext};
use crate::ga::{Feature, Weights, features};

/// The depth limit of condition trees (the chapter's value).
pub const MAX_CONDITION_DEPTH: usize = 5;

/// A numeric term of a condition.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Term {
    /// A feature, normalised to `[0, 1]`.
    Feature(Feature),
    /// An advisor.
    Advisor(Advisor),
    /// A finite constant.
    Const(f64),
}

impl Term {
    fn value<const C: usize, const F: usize>(
        &self,
        board: &BoardN<C, F>,
        ctx: &EvalContext,
        features: &[f64; 9],
    ) -> f64 {
        match *self {
            Term::Feature(f) => features[f.index()],
            Term::Advisor(a) => a.value(board, ctx),
            Term::Const(c) => c,
        }
    }
}

/// A condition tree.
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    /// Both hold.
    And(Box<Condition>, Box<Condition>),
    /// Either holds.
    Or(Box<Condition>, Box<Condition>),
    /// The first term is at most the second.
    Le(Term, Term),
    /// The first term is at least the second.
    Ge(Term, Term),
    /// The last move went to a cascade.
    IsMoveToCascade,
    /// A constant truth value.
    Const(bool),
}

impl Condition {
    /// The tree's depth: a leaf counts 1, a comparison 2 (itself and its terms), `and` and
    /// `or` one more than their deeper child.
    pub fn depth(&self) -> usize {
        match self {
            Condition::And(a, b) | Condition::Or(a, b) => 1 + a.depth().max(b.depth()),
            Condition::Le(..) | Condition::Ge(..) => 2,
            Condition::IsMoveToCascade | Condition::Const(_) => 1,
        }
    }

    /// Whether the condition holds.
    pub fn holds<const C: usize, const F: usize>(
        &self,
        board: &BoardN<C, F>,
        ctx: &EvalContext,
        features: &[f64; 9],
    ) -> bool {
        match self {
            Condition::And(a, b) => a.holds(board, ctx, features) && b.holds(board, ctx, features),
            Condition::Or(a, b) => a.holds(board, ctx, features) || b.holds(board, ctx, features),
            Condition::Le(x, y) => x.value(board, ctx, features) <= y.value(board, ctx, features),
            Condition::Ge(x, y) => x.value(board, ctx, features) >= y.value(board, ctx, features),
            Condition::IsMoveToCascade => ctx.is_move_to_cascade(),
            Condition::Const(b) => *b,
        }
    }

    fn constants_finite(&self) -> bool {
        let finite = |t: &Term| !matches!(t, Term::Const(c) if !c.is_finite());
        match self {
            Condition::And(a, b) | Condition::Or(a, b) => a.constants_finite() && b.constants_finite(),
            Condition::Le(x, y) | Condition::Ge(x, y) => finite(x) && finite(y),
            Condition::IsMoveToCascade | Condition::Const(_) => true,
        }
    }
}

/// One rule: `IF condition THEN weights`.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    /// When the rule fires.
    pub condition: Condition,
    /// The weights it applies.
    pub weights: Weights,
}

/// An ordered list of rules and the default weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    /// The rules, tried in order.
    pub rules: Vec<Rule>,
    /// The weights when no rule fires.
    pub default: Weights,
}

/// Why a policy is not valid.
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum PolicyError {
    /// A condition is deeper than [`MAX_CONDITION_DEPTH`].
    #[error("the condition of rule {rule} has depth {depth}; at most {MAX_CONDITION_DEPTH} is allowed")]
    TooDeep {
        /// 0-based rule index.
        rule: usize,
        /// The condition's depth.
        depth: usize,
    },
    /// A weight is not in `[0, 1]`; `rule` is `None` for the default weights.
    #[error("a weight of {} is not a number in [0, 1]", rule.map_or_else(|| "the default".to_owned(), |r| format!("rule {r}")))]
    BadWeight {
        /// 0-based rule index, `None` for the default.
        rule: Option<usize>,
    },
    /// A constant in a condition is infinite or not a number.
    #[error("the condition of rule {rule} has a constant that is not finite")]
    BadConstant {
        /// 0-based rule index.
        rule: usize,
    },
}

impl Policy {
    /// A policy with no rules: always `default`.
    pub fn constant(default: Weights) -> Policy {
        Policy { rules: Vec::new(), default }
    }

    /// The weights that apply to a position: the first firing rule's, else the default.
    pub fn select<const C: usize, const F: usize>(
        &self,
        board: &BoardN<C, F>,
        ctx: &EvalContext,
        features: &[f64; 9],
    ) -> &Weights {
        self.rules.iter().find(|r| r.condition.holds(board, ctx, features)).map_or(&self.default, |r| &r.weights)
    }

    /// The policy's value for a position (smaller is better).
    pub fn evaluate<const C: usize, const F: usize>(&self, board: &BoardN<C, F>, ctx: &EvalContext) -> f64 {
        let f = features(board);
        self.select(board, ctx, &f).combine(&f)
    }

    /// Checks depths, weights and constants.
    ///
    /// # Errors
    /// The first problem found, as a [`PolicyError`].
    pub fn validate(&self) -> Result<(), PolicyError> {
        for (i, rule) in self.rules.iter().enumerate() {
            let depth = rule.condition.depth();
            if depth > MAX_CONDITION_DEPTH {
                return Err(PolicyError::TooDeep { rule: i, depth });
            }
            if !rule.condition.constants_finite() {
                return Err(PolicyError::BadConstant { rule: i });
            }
            if !rule.weights.is_valid() {
                return Err(PolicyError::BadWeight { rule: Some(i) });
            }
        }
        if self.default.is_valid() { Ok(()) } else { Err(PolicyError::BadWeight { rule: None }) }
    }
}

// ---------------------------------------------------------------------------------------
// Printing.

impl fmt::Display for Weights {
    /// `(+ (* HSDH w₀) (* NumberWellPlaced w₁) … (* SumOfBottomCards w₈))`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(+")?;
        for feature in Feature::ALL {
            write!(f, " (* {} {})", feature.name(), self.get(feature))?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Feature(x) => f.write_str(x.name()),
            Term::Advisor(a) => write!(f, "{a}"),
            Term::Const(c) => write!(f, "{c}"),
        }
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Condition::And(a, b) => write!(f, "(and {a} {b})"),
            Condition::Or(a, b) => write!(f, "(or {a} {b})"),
            Condition::Le(x, y) => write!(f, "(<= {x} {y})"),
            Condition::Ge(x, y) => write!(f, "(>= {x} {y})"),
            Condition::IsMoveToCascade => f.write_str("IsMoveToCascade"),
            Condition::Const(b) => write!(f, "{b}"),
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(policy")?;
        for rule in &self.rules {
            write!(f, "\n  (if {} {})", rule.condition, rule.weights)?;
        }
        write!(f, "\n  (default {}))", self.default)
    }
}

// ---------------------------------------------------------------------------------------
// Parsing.

/// Lists nested deeper than this are refused while reading, before any tree is built, so
/// hostile text cannot exhaust the stack (the tree walks after reading recurse once per
/// level). The deepest valid text nests 6 lists: `policy`, `if`, then the 4 of a condition
/// of depth [`MAX_CONDITION_DEPTH`] = 5 (whose leaves are a comparison and its terms). 64
/// leaves room to read conditions too deep for [`Policy::validate`], which then says so.
pub const MAX_NESTING: usize = 64;

/// Why a text is not a policy (or weights, or a condition).
#[derive(Clone, Debug, PartialEq, Error)]
#[error("{position}: {kind}")]
#[non_exhaustive]
pub struct ParsePolicyError {
    /// Byte offset in the text where the problem starts.
    pub offset: usize,
    /// The same place as a line and a column (in characters), both from 1.
    pub position: TextPosition,
    /// What is wrong.
    pub kind: ParsePolicyErrorKind,
}

/// What is wrong with a policy text.
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum ParsePolicyErrorKind {
    /// The text holds no expression.
    #[error("no expression: the text is empty or blank")]
    Empty,
    /// A `(` whose `)` never comes (the error is at the `(`).
    #[error("this `(` is never closed")]
    Unclosed,
    /// A `)` without its `(`.
    #[error("unmatched `)`")]
    UnmatchedClose,
    /// A `(` that opens more nested lists than [`MAX_NESTING`].
    #[error("lists nested {depth} deep; at most {MAX_NESTING} are read")]
    TooDeep {
        /// The depth this `(` reaches: `MAX_NESTING + 1`.
        depth: usize,
    },
    /// Text after the complete expression.
    #[error("unexpected text after the expression")]
    TrailingInput,
    /// The expression does not have the expected shape.
    #[error("expected {0}")]
    Expected(&'static str),
    /// A name that is no feature, advisor or keyword, as shown: invisible characters
    /// escaped (`\0`, `\u{feff}`), cut to 40 characters and `…` when longer.
    #[error("unknown name `{0}`")]
    UnknownName(String),
    /// A weight or constant that is not a finite number, shown as
    /// [`UnknownName`](Self::UnknownName)'s name is.
    #[error("`{0}` is not a finite number")]
    BadNumber(String),
    /// The same feature weighted twice.
    #[error("feature `{0}` is weighted twice")]
    DuplicateWeight(&'static str),
}

/// `token` as an error shows it: the workspace's one quoting rule (`freecell_core::quote`:
/// a 40-character prefix, invisible characters escaped as `\u{feff}`), without the
/// backticks the messages add.
fn excerpt(token: &str) -> String {
    format!("{:#}", freecell_core::quote(token))
}

/// A parsed S-expression with byte offsets.
#[derive(Debug)]
enum Sexpr<'a> {
    Atom(&'a str, usize),
    List(Vec<Sexpr<'a>>, usize),
}

impl Sexpr<'_> {
    fn offset(&self) -> usize {
        match self {
            Sexpr::Atom(_, at) | Sexpr::List(_, at) => *at,
        }
    }
}

fn error(offset: usize, kind: ParsePolicyErrorKind) -> ParsePolicyError {
    // The position is filled in by `parse`, which has the text.
    ParsePolicyError { offset, position: TextPosition { line: 0, column: 0 }, kind }
}

/// Reads `text` as one expression and converts it with `convert`, placing any error.
fn parse<T>(
    text: &str,
    convert: impl FnOnce(&Sexpr<'_>) -> Result<T, ParsePolicyError>,
) -> Result<T, ParsePolicyError> {
    // A leading byte-order mark, which Windows editors write, is skipped, as boards and
    // solutions skip it (`freecell_core`); columns on line 1 count from after it.
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    read(body).and_then(|expr| convert(&expr)).map_err(|mut e| {
        e.position = TextPosition::at(body, e.offset);
        e.offset += text.len() - body.len();
        e
    })
}

/// Reads one whole S-expression from `text`, iteratively: nesting costs heap, not stack,
/// and stops at [`MAX_NESTING`].
fn read(text: &str) -> Result<Sexpr<'_>, ParsePolicyError> {
    // The lists still open: where each starts and its items so far.
    let mut open: Vec<(usize, Vec<Sexpr<'_>>)> = Vec::new();
    let mut tokens = tokens(text);
    while let Some((at, token)) = tokens.next() {
        let item = match token {
            "(" => {
                if open.len() == MAX_NESTING {
                    return Err(error(at, ParsePolicyErrorKind::TooDeep { depth: MAX_NESTING + 1 }));
                }
                open.push((at, Vec::new()));
                continue;
            }
            ")" => match open.pop() {
                Some((start, items)) => Sexpr::List(items, start),
                None => return Err(error(at, ParsePolicyErrorKind::UnmatchedClose)),
            },
            atom => Sexpr::Atom(atom, at),
        };
        match open.last_mut() {
            Some((_, items)) => items.push(item),
            None => {
                return match tokens.next() {
                    None => Ok(item),
                    Some((at, ")")) => Err(error(at, ParsePolicyErrorKind::UnmatchedClose)),
                    Some((at, _)) => Err(error(at, ParsePolicyErrorKind::TrailingInput)),
                };
            }
        }
    }
    match open.last() {
        Some(&(start, _)) => Err(error(start, ParsePolicyErrorKind::Unclosed)),
        None => Err(error(text.len(), ParsePolicyErrorKind::Empty)),
    }
}

/// Tokens with their offsets: `(`, `)` and atoms.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let rest = &text[at..];
        let skipped = rest.len() - rest.trim_start().len();
        at += skipped;
        let rest = &text[at..];
        let first = rest.chars().next()?;
        let len = if first == '(' || first == ')' {
            1
        } else {
            rest.find(|c: char| c.is_whitespace() || c == '(' || c == ')').unwrap_or(rest.len())
        };
        let token = (at, &rest[..len]);
        at += len;
        Some(token)
    })
}

fn number(atom: &str, at: usize) -> Result<f64, ParsePolicyError> {
    match atom.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(error(at, ParsePolicyErrorKind::BadNumber(excerpt(atom)))),
    }
}

/// The head atom and arguments of a list, or an error naming `what`.
fn form<'s, 'a>(expr: &'s Sexpr<'a>, what: &'static str) -> Result<(&'a str, &'s [Sexpr<'a>]), ParsePolicyError> {
    match expr {
        Sexpr::List(items, at) => match items.split_first() {
            Some((Sexpr::Atom(head, _), args)) => Ok((head, args)),
            _ => Err(error(*at, ParsePolicyErrorKind::Expected(what))),
        },
        Sexpr::Atom(_, at) => Err(error(*at, ParsePolicyErrorKind::Expected(what))),
    }
}

fn weights_from(expr: &Sexpr<'_>) -> Result<Weights, ParsePolicyError> {
    const WHAT: &str = "weights `(+ (* Feature w) …)`";
    let (head, args) = form(expr, WHAT)?;
    if head != "+" {
        return Err(error(expr.offset(), ParsePolicyErrorKind::Expected(WHAT)));
    }
    let mut weights = Weights::default();
    let mut seen = [false; 9];
    for term in args {
        let (star, pair) = form(term, "a weight term `(* Feature w)`")?;
        let [Sexpr::Atom(name, name_at), Sexpr::Atom(w, w_at)] = pair else {
            return Err(error(term.offset(), ParsePolicyErrorKind::Expected("a weight term `(* Feature w)`")));
        };
        if star != "*" {
            return Err(error(term.offset(), ParsePolicyErrorKind::Expected("a weight term `(* Feature w)`")));
        }
        let feature = Feature::from_name(name)
            .ok_or_else(|| error(*name_at, ParsePolicyErrorKind::UnknownName(excerpt(name))))?;
        if seen[feature.index()] {
            return Err(error(*name_at, ParsePolicyErrorKind::DuplicateWeight(feature.name())));
        }
        seen[feature.index()] = true;
        weights.set(feature, number(w, *w_at)?);
    }
    Ok(weights)
}

fn term_from(expr: &Sexpr<'_>) -> Result<Term, ParsePolicyError> {
    match expr {
        Sexpr::Atom(atom, at) => {
            if let Some(feature) = Feature::from_name(atom) {
                Ok(Term::Feature(feature))
            } else if let Some(advisor) = Advisor::from_name(atom) {
                Ok(Term::Advisor(advisor))
            } else if atom.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+' || c == '.') {
                number(atom, *at).map(Term::Const)
            } else {
                Err(error(*at, ParsePolicyErrorKind::UnknownName(excerpt(atom))))
            }
        }
        Sexpr::List(_, at) => Err(error(*at, ParsePolicyErrorKind::Expected("a feature, advisor or number"))),
    }
}

fn condition_from(expr: &Sexpr<'_>) -> Result<Condition, ParsePolicyError> {
    const WHAT: &str = "a condition: (and c c), (or c c), (<= t t), (>= t t), IsMoveToCascade, true or false";
    match expr {
        Sexpr::Atom("IsMoveToCascade", _) => Ok(Condition::IsMoveToCascade),
        Sexpr::Atom("true", _) => Ok(Condition::Const(true)),
        Sexpr::Atom("false", _) => Ok(Condition::Const(false)),
        Sexpr::Atom(_, at) => Err(error(*at, ParsePolicyErrorKind::Expected(WHAT))),
        Sexpr::List(_, at) => {
            let (head, args) = form(expr, WHAT)?;
            let [a, b] = args else { return Err(error(*at, ParsePolicyErrorKind::Expected(WHAT))) };
            match head {
                "and" => Ok(Condition::And(Box::new(condition_from(a)?), Box::new(condition_from(b)?))),
                "or" => Ok(Condition::Or(Box::new(condition_from(a)?), Box::new(condition_from(b)?))),
                "<=" => Ok(Condition::Le(term_from(a)?, term_from(b)?)),
                ">=" => Ok(Condition::Ge(term_from(a)?, term_from(b)?)),
                _ => Err(error(*at, ParsePolicyErrorKind::Expected(WHAT))),
            }
        }
    }
}

impl FromStr for Weights {
    type Err = ParsePolicyError;

    /// Parses `(+ (* Feature w) …)`; see the [module docs](crate::policy).
    fn from_str(text: &str) -> Result<Weights, ParsePolicyError> {
        parse(text, weights_from)
    }
}

impl FromStr for Condition {
    type Err = ParsePolicyError;

    /// Parses a condition tree; see the [module docs](crate::policy).
    fn from_str(text: &str) -> Result<Condition, ParsePolicyError> {
        parse(text, condition_from)
    }
}

impl FromStr for Policy {
    type Err = ParsePolicyError;

    /// Parses `(policy (if condition weights) … (default weights))`. Does not validate:
    /// call [`Policy::validate`].
    fn from_str(text: &str) -> Result<Policy, ParsePolicyError> {
        parse(text, policy_from)
    }
}

fn policy_from(expr: &Sexpr<'_>) -> Result<Policy, ParsePolicyError> {
    const WHAT: &str = "`(policy (if condition weights) … (default weights))`";
    let (head, items) = form(expr, WHAT)?;
    if head != "policy" {
        return Err(error(expr.offset(), ParsePolicyErrorKind::Expected(WHAT)));
    }
    let Some((last, rules)) = items.split_last() else {
        return Err(error(expr.offset(), ParsePolicyErrorKind::Expected(WHAT)));
    };
    let mut policy = Policy::constant(Weights::default());
    for item in rules {
        let (head, args) = form(item, "a rule `(if condition weights)`")?;
        let ("if", [condition, weights]) = (head, args) else {
            return Err(error(item.offset(), ParsePolicyErrorKind::Expected("a rule `(if condition weights)`")));
        };
        policy.rules.push(Rule { condition: condition_from(condition)?, weights: weights_from(weights)? });
    }
    let (head, args) = form(last, "the default `(default weights)`")?;
    let ("default", [weights]) = (head, args) else {
        return Err(error(last.offset(), ParsePolicyErrorKind::Expected("the default `(default weights)`")));
    };
    policy.default = weights_from(weights)?;
    Ok(policy)
}

#[cfg(test)]
// Exact comparisons: values are computed the same way on both sides.
#[allow(clippy::float_cmp)]
mod tests {
    use freecell_core::{Board, Move, Pile};

    use super::*;

    fn mid() -> Board {
        "Foundations: C-K D-K H-5 S-9\nFreecells: QS\n: 6H 7H\n: TS 8H 9H JS\n: KH\n: KS QH JH\n: TH\n".parse().unwrap()
    }

    fn sample_policy() -> Policy {
        Policy {
            rules: vec![
                Rule {
                    condition: Condition::And(
                        Box::new(Condition::Le(Term::Feature(Feature::NumCardsNotAtFoundations), Term::Const(0.5))),
                        Box::new(Condition::IsMoveToCascade),
                    ),
                    weights: Weights::HSDH,
                },
                Rule {
                    condition: Condition::Or(
                        Box::new(Condition::Ge(
                            Term::Advisor(Advisor::PhaseBy(Feature::LowestHomeCard)),
                            Term::Const(0.123_456_789),
                        )),
                        Box::new(Condition::Le(Term::Advisor(Advisor::DifficultyLevel), Term::Const(-1e-9))),
                    ),
                    weights: Weights([0.1, 0.2, 0.3, 0.0, 1.0, 0.0, 0.05, 0.0, 1e-7]),
                },
            ],
            default: Weights::GA_FREECELL_BEST,
        }
    }

    #[test]
    fn text_round_trips() {
        let p = sample_policy();
        let text = p.to_string();
        assert_eq!(text.parse::<Policy>(), Ok(p.clone()));
        assert!(p.validate().is_ok());
        let w: Weights = Weights::GA_FREECELL_BEST.to_string().parse().unwrap();
        assert_eq!(w, Weights::GA_FREECELL_BEST);
    }

    #[test]
    fn the_papers_printed_individual_parses() {
        // GA-FreeCell §4, as printed (its names mapped as `Weights::GA_FREECELL_BEST` says).
        let text = "(+ (* DifferenceToGoal 0.09) (* DifferenceToNextStepHome 0.01) (* FreeCells 0.0) \
                    (* DifferenceFromTop 0.77) (* LowestHomeCard 0.01) (* UppestHomeCard 0.08) \
                    (* NumOfArranged 0.01) (* DifferenceHome 0.01) (* BottomCardsSum 0.02))";
        assert_eq!(text.parse::<Weights>(), Ok(Weights::GA_FREECELL_BEST));
    }

    #[test]
    fn first_firing_rule_wins() {
        let b = mid();
        let p = sample_policy();
        let f = features(&b);
        // 12/52 ≤ 0.5 but no last move: rule 1 does not fire. Rule 2: g = 0 → phase 0, not
        // ≥ 0.123…; difficulty 0 is not ≤ −1e−9. Default applies.
        let ctx = EvalContext::default();
        assert_eq!(p.evaluate(&b, &ctx), Weights::GA_FREECELL_BEST.combine(&f));
        // A move to a cascade: rule 1 fires, HSDH alone.
        let ctx = EvalContext { last_move: Some(Move::single(Pile::cell(0), Pile::cascade(2))), ..ctx };
        assert_eq!(p.evaluate(&b, &ctx), f[0]);
        // No cascade move but g = 10: LowestHomeCard = 13 − 5 = 8, phase 10/18 ≥ 0.123: rule 2.
        let ctx = EvalContext { g: 10, last_move: None, ..ctx };
        assert_eq!(p.evaluate(&b, &ctx), p.rules[1].weights.combine(&f));
    }

    #[test]
    fn validation() {
        let mut p = sample_policy();
        p.rules[0].weights.set(Feature::Hsdh, 1.5);
        assert_eq!(p.validate(), Err(PolicyError::BadWeight { rule: Some(0) }));
        let mut p = sample_policy();
        let mut deep = Condition::IsMoveToCascade;
        for _ in 0..5 {
            deep = Condition::And(Box::new(deep), Box::new(Condition::Const(true)));
        }
        assert_eq!(deep.depth(), 6);
        p.rules[1].condition = deep;
        assert_eq!(p.validate(), Err(PolicyError::TooDeep { rule: 1, depth: 6 }));
        let mut p = sample_policy();
        p.rules[0].condition = Condition::Le(Term::Const(f64::NAN), Term::Const(1.0));
        assert_eq!(p.validate(), Err(PolicyError::BadConstant { rule: 0 }));
        let mut p = sample_policy();
        p.default.set(Feature::FreeCells, -0.1);
        assert_eq!(p.validate(), Err(PolicyError::BadWeight { rule: None }));
    }

    #[test]
    fn bad_texts_are_errors_not_panics() {
        for bad in [
            "",
            "(",
            ")",
            "(policy)",
            "(policy (default (+ (* HSDH 2x))))",
            "(policy (default (+ (* Nothing 1))))",
            "(policy (default (+ (* HSDH 1) (* HSDH 1))))",
            "(policy (if (xor true false) (+)) (default (+)))",
            "(policy (if (<= HSDH) (+)) (default (+)))",
            "(policy (default (+))) extra",
            "(policy (default (+ (* HSDH inf))))",
            "(policy (if true (+)) (if false (+)))",
            "(notpolicy (default (+)))",
            "(() ())",
        ] {
            assert!(bad.parse::<Policy>().is_err(), "{bad:?} parsed");
        }
        assert_eq!("(policy (default (+)))".parse::<Policy>(), Ok(Policy::constant(Weights::default())));
        let err = "(policy (default (+ (* HSDH x))))".parse::<Policy>().unwrap_err();
        assert_eq!(err.kind, ParsePolicyErrorKind::BadNumber("x".to_owned()));
        assert_eq!(err.offset, 28);
    }

    /// `(and (and … (<= HSDH 0.5) …) true)`: a condition of depth `depth`, nesting
    /// `depth - 1` lists.
    fn nested_condition(depth: usize) -> String {
        let mut c = "(<= HSDH 0.5)".to_owned();
        for _ in 2..depth {
            c = format!("(and {c} true)");
        }
        c
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let deep = format!("{}{}", "(".repeat(200_000), ")".repeat(200_000));
        for err in [deep.parse::<Policy>().unwrap_err(), deep.parse::<Weights>().unwrap_err()] {
            assert_eq!(err.kind, ParsePolicyErrorKind::TooDeep { depth: MAX_NESTING + 1 });
            assert_eq!((err.offset, err.position), (MAX_NESTING, TextPosition { line: 1, column: MAX_NESTING + 1 }));
            assert_eq!(err.to_string(), "line 1, column 65: lists nested 65 deep; at most 64 are read");
        }
        // Unclosed, and inside a condition: the same error, before the tree exists.
        let deep = format!("(policy (if {} (+)) (default (+)))", "(and ".repeat(100_000));
        assert!(matches!(deep.parse::<Policy>().unwrap_err().kind, ParsePolicyErrorKind::TooDeep { .. }));
        assert!(matches!(
            "(".repeat(10_000).parse::<Condition>().unwrap_err().kind,
            ParsePolicyErrorKind::TooDeep { .. }
        ));
    }

    #[test]
    fn the_nesting_limit_reads_every_valid_policy_and_deeper_conditions() {
        // The deepest valid condition: 6 lists with `policy` and `if`.
        let deepest = nested_condition(MAX_CONDITION_DEPTH);
        let text = format!("(policy (if {deepest} (+ (* HSDH 1))) (default (+)))");
        let policy: Policy = text.parse().unwrap();
        assert_eq!(policy.rules[0].condition.depth(), MAX_CONDITION_DEPTH);
        policy.validate().unwrap();
        // Too deep to be valid but within the limit: read, then refused by `validate`.
        let depth = MAX_NESTING - 1;
        let text = format!("(policy (if {} (+)) (default (+)))", nested_condition(depth));
        let policy: Policy = text.parse().unwrap();
        assert_eq!(policy.validate(), Err(PolicyError::TooDeep { rule: 0, depth }));
        let text = format!("(policy (if {} (+)) (default (+)))", nested_condition(depth + 1));
        assert!(matches!(text.parse::<Policy>().unwrap_err().kind, ParsePolicyErrorKind::TooDeep { .. }));
    }

    #[test]
    fn errors_quote_at_most_forty_characters_and_show_invisible_ones() {
        let long = "x".repeat(200_000);
        let err = format!("(policy (default (+ (* {long} 1))))").parse::<Policy>().unwrap_err();
        assert_eq!(err.kind, ParsePolicyErrorKind::UnknownName(format!("{}…", "x".repeat(40))));
        assert!(err.to_string().len() < 100, "{err}");
        let err = format!("(+ (* HSDH 1{long}))").parse::<Weights>().unwrap_err();
        assert_eq!(err.kind, ParsePolicyErrorKind::BadNumber(format!("1{}…", "x".repeat(39))));
        // Cut at a character, not a byte: 41 three-byte characters.
        let err = format!("(+ (* {} 1))", "é".repeat(41)).parse::<Weights>().unwrap_err();
        assert_eq!(err.kind, ParsePolicyErrorKind::UnknownName(format!("{}…", "é".repeat(40))));
        // A byte-order mark and a NUL are shown, not printed raw.
        // A leading byte-order mark is skipped, as in boards; columns count from after it.
        assert_eq!("\u{feff}(+ (* HSDH 1))".parse::<Weights>().map(|w| w.get(Feature::Hsdh)), Ok(1.0));
        let err = "\u{feff}(+ (* HSDH x))".parse::<Weights>().unwrap_err();
        assert_eq!((err.offset, err.to_string().as_str()), (14, "line 1, column 12: `x` is not a finite number"));
        let err = "(+ (* \u{feff}HSDH\0 1))".parse::<Weights>().unwrap_err();
        assert_eq!(err.to_string(), "line 1, column 7: unknown name `\\u{feff}HSDH\\0`");
        let err = "(policy (if (<= HSDH\u{1} 0.5) (+)) (default (+)))".parse::<Policy>().unwrap_err();
        assert_eq!(err.to_string(), "line 1, column 17: unknown name `HSDH\\u{1}`");
    }

    #[test]
    fn escaped_characters_count_against_the_excerpt() {
        // Found by fuzzing: each escape is 6 characters, so 40 of them made 240.
        let err = format!("(+ (* HSDH{} 1))", "\u{17}".repeat(100)).parse::<Weights>().unwrap_err();
        let shown = format!("HSDH{}…", "\\u{17}".repeat(6));
        assert_eq!(err.to_string(), format!("line 1, column 7: unknown name `{shown}`"));
        let err = format!("(policy (if (<= HSDH 0.3{}) (+)) (default (+)))", "\u{19}".repeat(50))
            .parse::<Policy>()
            .unwrap_err();
        assert_eq!(err.to_string(), format!("line 1, column 22: `0.3{}…` is not a finite number", "\\u{19}".repeat(6)));
    }

    #[test]
    fn numbers_must_be_finite() {
        for bad in ["1e400", "-1e400", "NaN", "nan", "inf", "-inf", "infinity", "+", "-", ".", "1e", "0x1"] {
            let err = format!("(+ (* HSDH {bad}))").parse::<Weights>().unwrap_err();
            assert_eq!(err.kind, ParsePolicyErrorKind::BadNumber(bad.to_owned()), "{bad}");
            let text = format!("(policy (if (<= HSDH {bad}) (+)) (default (+)))");
            assert!(text.parse::<Policy>().is_err(), "{bad}");
        }
        // Negative zero, the smallest subnormal and huge finite values read and round-trip.
        for w in [-0.0, 5e-324, 1e300, f64::MAX] {
            let weights: Weights = format!("(+ (* HSDH {w}))").parse().unwrap();
            assert_eq!(weights.get(Feature::Hsdh).to_bits(), f64::to_bits(w));
            assert_eq!(weights.to_string().parse::<Weights>(), Ok(weights));
        }
        // Read but not valid: a genome's weights lie in [0, 1].
        let big: Weights = "(+ (* HSDH 1e300))".parse().unwrap();
        assert!(!big.is_valid());
    }

    #[test]
    fn errors_say_where() {
        let cases: [(&str, ParsePolicyErrorKind, usize); 8] = [
            ("", ParsePolicyErrorKind::Empty, 0),
            (" \n\t ", ParsePolicyErrorKind::Empty, 4),
            ("(policy (default (+))", ParsePolicyErrorKind::Unclosed, 0),
            // The innermost `(` still open.
            ("(policy\n  (default (+)\n", ParsePolicyErrorKind::Unclosed, 10),
            ("(policy (default (+))))", ParsePolicyErrorKind::UnmatchedClose, 22),
            (")", ParsePolicyErrorKind::UnmatchedClose, 0),
            ("(policy (default (+))) (x)", ParsePolicyErrorKind::TrailingInput, 23),
            (
                "(policy (default (+)) (if true (+)))",
                ParsePolicyErrorKind::Expected("a rule `(if condition weights)`"),
                8,
            ),
        ];
        for (text, kind, offset) in cases {
            let err = text.parse::<Policy>().unwrap_err();
            assert_eq!((&err.kind, err.offset), (&kind, offset), "{text:?}");
        }
        // Lines and columns count from 1, columns in characters.
        let err = "(policy\n  (if (<= HSDH ½) (+))\n  (default (+ (* HSDH é))))".parse::<Policy>().unwrap_err();
        assert_eq!(err.position, TextPosition { line: 2, column: 16 });
        assert_eq!(err.to_string(), "line 2, column 16: unknown name `½`");
    }
}
