//! Policy-based GP (the GPTP 2012 chapter's Policy-FreeCell): random policies and the six
//! operators — rule, condition and value crossover and mutation — with the "most-used rule"
//! bias and strongly typed subtree crossover.
//!
//! Choices the chapter leaves open, named:
//! - **Terminals.** Numeric terms are the nine normalised features, the nine `PhaseByX`
//!   advisors and constants in `[0, 1]` (every feature and phase lies there); the boolean
//!   leaf is `IsMoveToCascade`. `DifficultyLevel` is left out: a solver meeting an unseen
//!   deal cannot know its difficulty rank without solving it with HSD first, so a policy
//!   that reads it could not be used on test deals (it still parses and reads 0).
//! - **Rule slots.** An operator picks one of the N rules or the default (N + 1 slots):
//!   with probability ½ the most-used slot (the one that fired most often, measured by the
//!   caller), else a uniform slot. On the default, which has no condition, the rule and
//!   condition parts act on its weights.
//! - **Depth and constant comparisons.** Subtree crossover and mutation retry up to
//!   [`TRIES`] times for a child within [`MAX_CONDITION_DEPTH`] that compares no two
//!   constants (such a comparison is constant, so its rule always or never fires and hides
//!   the rules after it); failing that, the parent is kept unchanged.

// Parents a and b, children x and y, slots i and j: the textbook names read best here.
#![allow(clippy::many_single_char_names)]

use freecell_heuristics::advisors::Advisor;
use freecell_heuristics::policy::{Condition, MAX_CONDITION_DEPTH, Policy, Rule, Term};
use freecell_heuristics::{Feature, Weights};

use crate::Rng;
use crate::genome::random_weights;
use crate::operators::{Genome, Rates, crossover_point, mutate_genes, single_point};

/// Retries of a subtree operator before it gives up and keeps the parent.
pub const TRIES: usize = 8;

/// The number of rules of the chapter's policies.
pub const RULES: usize = 5;

/// Settings of policy GP.
///
/// # Examples
/// ```
/// use freecell_evolve::{Gp, Rng};
/// let gp = Gp::default();
/// let policy = gp.random_policy(&mut Rng::new(1));
/// assert_eq!(policy.rules.len(), 5);
/// assert!(policy.validate().is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gp {
    /// Rules per policy (the chapter's N = 5).
    pub rules: usize,
    /// Condition depth limit (the chapter's 5).
    pub max_depth: usize,
}

impl Default for Gp {
    fn default() -> Self {
        Gp { rules: RULES, max_depth: MAX_CONDITION_DEPTH }
    }
}

/// Which part of a rule an operator acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Rule,
    Condition,
    Value,
}

impl Gp {
    /// A random policy: `rules` rules with conditions grown to a random depth in
    /// `2 ..= max_depth`, and uniform weights everywhere.
    pub fn random_policy(&self, rng: &mut Rng) -> Policy {
        let rules = (0..self.rules).map(|_| self.random_rule(rng)).collect();
        Policy { rules, default: random_weights(rng) }
    }

    fn random_rule(&self, rng: &mut Rng) -> Rule {
        let depth = 2 + rng.below(self.max_depth.saturating_sub(1).max(1));
        Rule { condition: random_condition(depth.min(self.max_depth), rng), weights: random_weights(rng) }
    }

    /// The slot an operator acts on: the favoured (most-used) slot with probability ½, else
    /// uniform over the rules and the default (index `rules.len()`).
    fn slot(policy: &Policy, favoured: Option<usize>, rng: &mut Rng) -> usize {
        let slots = policy.rules.len() + 1;
        match favoured {
            Some(f) if f < slots && rng.chance(0.5) => f,
            _ => rng.below(slots),
        }
    }

    fn part(rng: &mut Rng) -> Part {
        [Part::Rule, Part::Condition, Part::Value][rng.below(3)]
    }
}

fn weights_of(policy: &mut Policy, slot: usize) -> &mut Weights {
    if slot < policy.rules.len() { &mut policy.rules[slot].weights } else { &mut policy.default }
}

/// A numeric term: a feature, a phase advisor or a constant in `[0, 1]`.
fn random_term(rng: &mut Rng) -> Term {
    match rng.below(3) {
        0 => Term::Feature(Feature::ALL[rng.below(9)]),
        1 => Term::Advisor(Advisor::PhaseBy(Feature::ALL[rng.below(9)])),
        _ => Term::Const(rng.unit()),
    }
}

/// A condition of depth at most `depth` (≥ 1), grown: inner nodes `and`/`or` while depth
/// allows, comparisons (depth 2) and `IsMoveToCascade` (depth 1) as leaves.
fn random_condition(depth: usize, rng: &mut Rng) -> Condition {
    if depth <= 1 {
        return Condition::IsMoveToCascade;
    }
    let roll = rng.below(10);
    if depth >= 3 && roll < 4 {
        let a = Box::new(random_condition(depth - 1, rng));
        let b = Box::new(random_condition(depth - 1, rng));
        return if rng.chance(0.5) { Condition::And(a, b) } else { Condition::Or(a, b) };
    }
    if roll == 9 {
        return Condition::IsMoveToCascade;
    }
    // Compare a position-dependent term with a constant most of the time.
    let x = match rng.below(2) {
        0 => Term::Feature(Feature::ALL[rng.below(9)]),
        _ => Term::Advisor(Advisor::PhaseBy(Feature::ALL[rng.below(9)])),
    };
    let y = if rng.chance(0.7) { Term::Const(rng.unit()) } else { random_term(rng) };
    if rng.chance(0.5) { Condition::Le(x, y) } else { Condition::Ge(x, y) }
}

/// The two node types of condition trees (strong typing): booleans and numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeType {
    /// A condition node.
    Bool,
    /// A numeric term.
    Num,
}

/// How many nodes of each type a condition has: `(bool, num)`.
///
/// # Examples
/// ```
/// use freecell_evolve::gp::node_counts;
/// let c = "(and (<= HSDH 0.5) IsMoveToCascade)".parse().unwrap();
/// assert_eq!(node_counts(&c), (3, 2));
/// ```
pub fn node_counts(c: &Condition) -> (usize, usize) {
    match c {
        Condition::And(a, b) | Condition::Or(a, b) => {
            let (x, y) = node_counts(a);
            let (z, w) = node_counts(b);
            (1 + x + z, y + w)
        }
        Condition::Le(..) | Condition::Ge(..) => (1, 2),
        Condition::IsMoveToCascade | Condition::Const(_) => (1, 0),
    }
}

/// The `i`-th condition node in preorder.
fn bool_node<'a>(c: &'a mut Condition, i: &mut usize) -> Option<&'a mut Condition> {
    if *i == 0 {
        return Some(c);
    }
    *i -= 1;
    match c {
        Condition::And(a, b) | Condition::Or(a, b) => match bool_node(a, i) {
            Some(found) => Some(found),
            None => bool_node(b, i),
        },
        _ => None,
    }
}

/// The `i`-th numeric term in preorder.
fn num_node<'a>(c: &'a mut Condition, i: &mut usize) -> Option<&'a mut Term> {
    match c {
        Condition::And(a, b) | Condition::Or(a, b) => match num_node(a, i) {
            Some(found) => Some(found),
            None => num_node(b, i),
        },
        Condition::Le(x, y) | Condition::Ge(x, y) => {
            if *i == 0 {
                return Some(x);
            }
            if *i == 1 {
                return Some(y);
            }
            *i -= 2;
            None
        }
        Condition::IsMoveToCascade | Condition::Const(_) => None,
    }
}

/// A uniformly drawn node of `c`: its type and its index among nodes of that type.
fn random_node(c: &Condition, rng: &mut Rng) -> (NodeType, usize) {
    let (bools, nums) = node_counts(c);
    let k = rng.below(bools + nums);
    if k < bools { (NodeType::Bool, k) } else { (NodeType::Num, k - bools) }
}

/// Whether a comparison in `c` has constants on both sides.
pub fn compares_constants(c: &Condition) -> bool {
    match c {
        Condition::And(a, b) | Condition::Or(a, b) => compares_constants(a) || compares_constants(b),
        Condition::Le(x, y) | Condition::Ge(x, y) => matches!((x, y), (Term::Const(_), Term::Const(_))),
        Condition::IsMoveToCascade | Condition::Const(_) => false,
    }
}

/// Whether an operator's child is acceptable: within the depth limit, no constant comparison.
fn acceptable(c: &Condition, max_depth: usize) -> bool {
    c.depth() <= max_depth && !compares_constants(c)
}

/// Strongly typed subtree crossover: a uniform node of `a`, then a uniform node **of the
/// same type** of `b`, swapped. Retries while a child would exceed `max_depth` or compare
/// two constants (or `b` has no node of the type); `None` when no swap worked.
///
/// # Examples
/// ```
/// use freecell_evolve::{Rng, gp::{node_counts, typed_crossover}};
/// use freecell_heuristics::policy::Condition;
/// let a: Condition = "(and (<= HSDH 0.5) IsMoveToCascade)".parse().unwrap();
/// let b: Condition = "(>= PhaseByFreeCells 0.25)".parse().unwrap();
/// let (x, y) = typed_crossover(&a, &b, 5, &mut Rng::new(3)).unwrap();
/// // Whatever was swapped, the node counts per type are conserved.
/// let (xa, xb) = node_counts(&x);
/// let (ya, yb) = node_counts(&y);
/// assert_eq!((xa + ya, xb + yb), (3 + 1, 2 + 2));
/// ```
pub fn typed_crossover(
    a: &Condition,
    b: &Condition,
    max_depth: usize,
    rng: &mut Rng,
) -> Option<(Condition, Condition)> {
    for _ in 0..TRIES {
        let (ty, i) = random_node(a, rng);
        let (b_bools, b_nums) = node_counts(b);
        let available = match ty {
            NodeType::Bool => b_bools,
            NodeType::Num => b_nums,
        };
        if available == 0 {
            continue;
        }
        let j = rng.below(available);
        let (mut x, mut y) = (a.clone(), b.clone());
        match ty {
            NodeType::Bool => {
                let (p, q) = (bool_node(&mut x, &mut { i }), bool_node(&mut y, &mut { j }));
                let (Some(p), Some(q)) = (p, q) else { continue };
                std::mem::swap(p, q);
            }
            NodeType::Num => {
                let (p, q) = (num_node(&mut x, &mut { i }), num_node(&mut y, &mut { j }));
                let (Some(p), Some(q)) = (p, q) else { continue };
                std::mem::swap(p, q);
            }
        }
        if acceptable(&x, max_depth) && acceptable(&y, max_depth) {
            return Some((x, y));
        }
    }
    None
}

/// Subtree mutation: a uniform node replaced by a new random subtree of its type (a
/// condition of depth ≤ 3, or a term), retried while the result is too deep.
fn mutate_condition(c: &Condition, max_depth: usize, rng: &mut Rng) -> Option<Condition> {
    for _ in 0..TRIES {
        let (ty, i) = random_node(c, rng);
        let mut x = c.clone();
        match ty {
            NodeType::Bool => {
                let fresh = random_condition(1 + rng.below(3), rng);
                let Some(node) = bool_node(&mut x, &mut { i }) else { continue };
                *node = fresh;
            }
            NodeType::Num => {
                let fresh = random_term(rng);
                let Some(node) = num_node(&mut x, &mut { i }) else { continue };
                *node = fresh;
            }
        }
        if acceptable(&x, max_depth) {
            return Some(x);
        }
    }
    None
}

impl Genome for Policy {
    type Context = Gp;

    /// Rule, condition or value crossover (uniform), on one slot of each parent (see
    /// the [module docs](self) for the most-used bias).
    fn crossover(&self, other: &Self, gp: &Gp, favoured: [Option<usize>; 2], _: &Rates, rng: &mut Rng) -> (Self, Self) {
        let (mut a, mut b) = (self.clone(), other.clone());
        let i = Gp::slot(&a, favoured[0], rng);
        let j = Gp::slot(&b, favoured[1], rng);
        let (ri, rj) = (i < a.rules.len(), j < b.rules.len());
        match Gp::part(rng) {
            // Whole rules swap; with the default on either side only weights can.
            Part::Rule if ri && rj => std::mem::swap(&mut a.rules[i], &mut b.rules[j]),
            Part::Condition if ri && rj => {
                if let Some((x, y)) = typed_crossover(&a.rules[i].condition, &b.rules[j].condition, gp.max_depth, rng) {
                    a.rules[i].condition = x;
                    b.rules[j].condition = y;
                }
            }
            Part::Rule | Part::Condition | Part::Value => {
                let (wa, wb) = (*weights_of(&mut a, i), *weights_of(&mut b, j));
                let (x, y) = single_point(&wa.0, &wb.0, crossover_point(9, rng));
                *weights_of(&mut a, i) = Weights(std::array::from_fn(|k| x[k]));
                *weights_of(&mut b, j) = Weights(std::array::from_fn(|k| y[k]));
            }
        }
        (a, b)
    }

    /// Rule, condition or value mutation (uniform), on one slot.
    fn mutate(&self, gp: &Gp, favoured: Option<usize>, rates: &Rates, rng: &mut Rng) -> Self {
        let mut p = self.clone();
        let i = Gp::slot(&p, favoured, rng);
        let is_rule = i < p.rules.len();
        match Gp::part(rng) {
            Part::Rule if is_rule => p.rules[i] = gp.random_rule(rng),
            Part::Condition if is_rule => {
                if let Some(c) = mutate_condition(&p.rules[i].condition, gp.max_depth, rng) {
                    p.rules[i].condition = c;
                }
            }
            Part::Rule | Part::Condition | Part::Value => {
                let w = weights_of(&mut p, i);
                mutate_genes(&mut w.0, rates.gene_mutation, rng, Rng::unit);
            }
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(c: &Condition, out: &mut Vec<String>) {
        match c {
            Condition::And(a, b) | Condition::Or(a, b) => {
                terms(a, out);
                terms(b, out);
            }
            Condition::Le(x, y) | Condition::Ge(x, y) => out.extend([x.to_string(), y.to_string()]),
            Condition::IsMoveToCascade | Condition::Const(_) => {}
        }
    }

    #[test]
    fn random_policies_are_valid() {
        let gp = Gp::default();
        let mut rng = Rng::new(17);
        for _ in 0..300 {
            let p = gp.random_policy(&mut rng);
            assert_eq!(p.rules.len(), 5);
            p.validate().expect("random policies are valid");
            assert_eq!(p.to_string().parse::<Policy>().as_ref(), Ok(&p), "text round trip");
        }
    }

    #[test]
    fn operators_keep_policies_valid() {
        let gp = Gp::default();
        let mut rng = Rng::new(23);
        let mut population: Vec<Policy> = (0..20).map(|_| gp.random_policy(&mut rng)).collect();
        for round in 0..300 {
            let (i, j) = (rng.below(20), rng.below(20));
            let favoured = [Some(round % 6), None];
            let (x, y) = population[i].crossover(&population[j], &gp, favoured, &Rates::PAPER, &mut rng);
            let m = x.mutate(&gp, Some(5), &Rates::PAPER, &mut rng);
            for p in [&x, &y, &m] {
                p.validate().expect("operators keep policies valid");
                assert!(p.rules.iter().all(|r| !compares_constants(&r.condition)), "{p}");
                assert_eq!(p.rules.len(), 5);
            }
            population[i] = x;
            population[j] = m;
        }
    }

    #[test]
    fn crossover_is_strongly_typed_and_conserves_material() {
        let mut rng = Rng::new(29);
        let mut swapped_terms = 0;
        for _ in 0..500 {
            let a = random_condition(5, &mut rng);
            let b = random_condition(5, &mut rng);
            let Some((x, y)) = typed_crossover(&a, &b, 5, &mut rng) else { continue };
            assert!(x.depth() <= 5 && y.depth() <= 5);
            assert!(!compares_constants(&x) && !compares_constants(&y));
            // Same number of nodes of each type overall: a boolean subtree went where a
            // boolean was and a term where a term was.
            let (ab, an) = node_counts(&a);
            let (bb, bn) = node_counts(&b);
            let (xb, xn) = node_counts(&x);
            let (yb, yn) = node_counts(&y);
            assert_eq!((xb + yb, xn + yn), (ab + bb, an + bn));
            // The terms are the parents' terms, exchanged.
            let (mut before, mut after) = (Vec::new(), Vec::new());
            terms(&a, &mut before);
            terms(&b, &mut before);
            terms(&x, &mut after);
            terms(&y, &mut after);
            before.sort();
            after.sort();
            assert_eq!(before, after);
            if xb == node_counts(&a).0 && x != a {
                swapped_terms += 1;
            }
        }
        assert!(swapped_terms > 0, "term-for-term swaps happen");
    }

    #[test]
    fn the_most_used_rule_is_picked_half_the_time_plus_its_share() {
        let gp = Gp::default();
        let mut rng = Rng::new(31);
        let p = gp.random_policy(&mut rng);
        let draws = 30_000;
        let hits = (0..draws).filter(|_| Gp::slot(&p, Some(2), &mut rng) == 2).count();
        // ½ + ½·⅙ = 7/12.
        let share = hits as f64 / f64::from(draws);
        assert!((share - 7.0 / 12.0).abs() < 0.015, "{share}");
    }
}
