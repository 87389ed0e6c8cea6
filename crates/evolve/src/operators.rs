//! The genetic algorithm's operators (GA-FreeCell §3.3.2): the operator is chosen first
//! (reproduction, crossover or mutation), then one or two parents by fitness-proportionate
//! selection; single-point crossover; per-gene mutation; elitism.

// Parents a and b, children x and y, slots i and j: the textbook names read best here.
#![allow(clippy::many_single_char_names)]

use serde::{Deserialize, Serialize};

use crate::Rng;

/// The operator probabilities and the per-gene mutation probability.
///
/// # Examples
/// ```
/// use freecell_evolve::{Operator, Rates, Rng};
/// let rates = Rates::PAPER;
/// assert_eq!((rates.reproduction, rates.crossover, rates.mutation), (0.2, 0.7, 0.1));
/// let mut rng = Rng::new(1);
/// let op = rates.choose(&mut rng);
/// assert!(matches!(op, Operator::Reproduction | Operator::Crossover | Operator::Mutation));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rates {
    /// Probability of copying one parent.
    pub reproduction: f64,
    /// Probability of crossing two parents.
    pub crossover: f64,
    /// Probability of mutating one parent.
    pub mutation: f64,
    /// Probability that mutation replaces each gene (weight, deal) independently.
    pub gene_mutation: f64,
}

impl Rates {
    /// The papers' values: 0.2, 0.7, 0.1, and 0.1 per gene.
    pub const PAPER: Rates = Rates { reproduction: 0.2, crossover: 0.7, mutation: 0.1, gene_mutation: 0.1 };

    /// Draws an operator with probabilities proportional to the three rates.
    pub fn choose(&self, rng: &mut Rng) -> Operator {
        let total = self.reproduction + self.crossover + self.mutation;
        let x = rng.unit() * total;
        if x < self.reproduction {
            Operator::Reproduction
        } else if x < self.reproduction + self.crossover {
            Operator::Crossover
        } else {
            Operator::Mutation
        }
    }
}

impl Default for Rates {
    fn default() -> Self {
        Rates::PAPER
    }
}

/// A genetic operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operator {
    /// Copy one parent unchanged.
    Reproduction,
    /// Cross two parents into two children.
    Crossover,
    /// Mutate one parent.
    Mutation,
}

/// Fitness-proportionate (roulette-wheel) selection: index `i` with probability
/// `fitness[i] / Σ fitness`. Negative and non-finite fitness counts as 0; when every
/// fitness is 0 the draw is uniform.
///
/// An empty `fitness` gives 0, which indexes nothing: callers select from populations.
///
/// # Examples
/// ```
/// use freecell_evolve::{Rng, select_proportional};
/// let mut rng = Rng::new(3);
/// assert_eq!(select_proportional(&[0.0, 1.0, 0.0], &mut rng), 1);
/// ```
pub fn select_proportional(fitness: &[f64], rng: &mut Rng) -> usize {
    let weight = |f: f64| if f.is_finite() && f > 0.0 { f } else { 0.0 };
    let total: f64 = fitness.iter().copied().map(weight).sum();
    if total <= 0.0 {
        return rng.below(fitness.len());
    }
    let mut x = rng.unit() * total;
    let mut last = 0;
    for (i, &f) in fitness.iter().enumerate() {
        let w = weight(f);
        if w > 0.0 {
            if x < w {
                return i;
            }
            x -= w;
            last = i;
        }
    }
    // Rounding left x just above the last positive weight.
    last
}

/// A crossover point for genomes of `len` genes, uniform in `1 .. len`: the first child
/// takes genes `0 .. point` from the first parent and the rest from the second. Both
/// parts are non-empty. For `len < 2` the point is `len` (children copy their parents).
pub fn crossover_point(len: usize, rng: &mut Rng) -> usize {
    if len < 2 { len } else { 1 + rng.below(len - 1) }
}

/// Single-point crossover at `point`: `(a[..point] + b[point..], b[..point] + a[point..])`.
///
/// # Examples
/// ```
/// use freecell_evolve::single_point;
/// let (x, y) = single_point(&[1, 2, 3, 4], &[5, 6, 7, 8], 1);
/// assert_eq!((x, y), (vec![1, 6, 7, 8], vec![5, 2, 3, 4]));
/// ```
pub fn single_point<T: Clone>(a: &[T], b: &[T], point: usize) -> (Vec<T>, Vec<T>) {
    let p = point.min(a.len()).min(b.len());
    let first = a[..p].iter().chain(&b[p..]).cloned().collect();
    let second = b[..p].iter().chain(&a[p..]).cloned().collect();
    (first, second)
}

/// Replaces each gene with probability `p` by `fresh(rng)`; returns how many changed.
pub fn mutate_genes<T>(genes: &mut [T], p: f64, rng: &mut Rng, mut fresh: impl FnMut(&mut Rng) -> T) -> usize {
    let mut changed = 0;
    for gene in genes {
        if rng.chance(p) {
            *gene = fresh(rng);
            changed += 1;
        }
    }
    changed
}

/// A genome the generic breeding loop can vary.
///
/// `favoured` is a hint from the last evaluation (the most-used rule of a policy, for the
/// GPTP chapter's bias); genomes without such a notion ignore it.
pub trait Genome: Clone {
    /// What variation needs besides the genomes (the deal training set, GP settings).
    type Context: ?Sized;

    /// Two children of `self` and `other`.
    fn crossover(
        &self,
        other: &Self,
        ctx: &Self::Context,
        favoured: [Option<usize>; 2],
        rates: &Rates,
        rng: &mut Rng,
    ) -> (Self, Self);

    /// A mutant of `self`.
    fn mutate(&self, ctx: &Self::Context, favoured: Option<usize>, rates: &Rates, rng: &mut Rng) -> Self;
}

/// The next generation, as the papers breed it: the `elitism` fittest copied unchanged
/// (ties: the earlier index), then, until the population is full, an operator drawn from
/// `rates` and its parents by [`select_proportional`]. A crossover's second child is kept
/// when there is room.
///
/// `favoured[i]` is passed to the operators for individual `i`.
pub fn breed<G: Genome>(
    population: &[G],
    fitness: &[f64],
    favoured: &[Option<usize>],
    elitism: usize,
    ctx: &G::Context,
    rates: &Rates,
    rng: &mut Rng,
) -> Vec<G> {
    let n = population.len();
    let mut next = Vec::with_capacity(n);
    let mut order: Vec<usize> = (0..n).collect();
    // Stable: equal fitness keeps the earlier index first.
    order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]));
    next.extend(order.iter().take(elitism.min(n)).map(|&i| population[i].clone()));
    let hint = |i: usize| favoured.get(i).copied().flatten();
    while next.len() < n {
        match rates.choose(rng) {
            Operator::Reproduction => {
                let i = select_proportional(fitness, rng);
                next.push(population[i].clone());
            }
            Operator::Crossover => {
                let i = select_proportional(fitness, rng);
                let j = select_proportional(fitness, rng);
                let (a, b) = population[i].crossover(&population[j], ctx, [hint(i), hint(j)], rates, rng);
                next.push(a);
                if next.len() < n {
                    next.push(b);
                }
            }
            Operator::Mutation => {
                let i = select_proportional(fitness, rng);
                next.push(population[i].mutate(ctx, hint(i), rates, rng));
            }
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection_from_nothing_does_not_panic() {
        assert_eq!(select_proportional(&[], &mut Rng::new(1)), 0);
    }

    #[test]
    fn selection_is_proportional_to_fitness() {
        let fitness = [1.0, 2.0, 0.0, 5.0, -3.0, f64::NAN];
        let mut rng = Rng::new(11);
        let mut counts = [0u32; 6];
        let draws = 80_000;
        for _ in 0..draws {
            counts[select_proportional(&fitness, &mut rng)] += 1;
        }
        assert_eq!((counts[2], counts[4], counts[5]), (0, 0, 0), "zero, negative and NaN fitness are never drawn");
        for (i, expected) in [(0, 1.0 / 8.0), (1, 2.0 / 8.0), (3, 5.0 / 8.0)] {
            let share = f64::from(counts[i]) / f64::from(draws);
            // Binomial standard deviation at n = 80,000 is below 0.0018; allow 4 of them.
            assert!((share - expected).abs() < 0.007, "index {i}: {share} vs {expected}");
        }
        // All zero: uniform.
        let mut seen = [false; 3];
        for _ in 0..100 {
            seen[select_proportional(&[0.0; 3], &mut rng)] = true;
        }
        assert_eq!(seen, [true; 3]);
    }

    #[test]
    fn operators_are_drawn_at_the_papers_rates() {
        let mut rng = Rng::new(5);
        let mut counts = [0u32; 3];
        let draws = 50_000;
        for _ in 0..draws {
            counts[match Rates::PAPER.choose(&mut rng) {
                Operator::Reproduction => 0,
                Operator::Crossover => 1,
                Operator::Mutation => 2,
            }] += 1;
        }
        for (count, p) in counts.into_iter().zip([0.2, 0.7, 0.1]) {
            let share = f64::from(count) / f64::from(draws);
            assert!((share - p).abs() < 0.01, "{share} vs {p}");
        }
    }

    #[test]
    fn crossover_points_are_uniform_and_inside() {
        let mut rng = Rng::new(9);
        let mut counts = [0u32; 9];
        for _ in 0..40_000 {
            let p = crossover_point(9, &mut rng);
            assert!((1..9).contains(&p));
            counts[p] += 1;
        }
        assert_eq!(counts[0], 0);
        for &c in &counts[1..] {
            // 5,000 expected per point; the standard deviation is about 66.
            assert!((4_700..5_300).contains(&c), "{counts:?}");
        }
        let a = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        let b = [10, 11, 12, 13, 14, 15, 16, 17, 18];
        let (x, y) = single_point(&a, &b, 4);
        assert_eq!(x, [0, 1, 2, 3, 14, 15, 16, 17, 18]);
        assert_eq!(y, [10, 11, 12, 13, 4, 5, 6, 7, 8]);
        assert_eq!(crossover_point(1, &mut rng), 1);
    }

    #[test]
    fn gene_mutation_rate_is_as_asked() {
        let mut rng = Rng::new(13);
        let mut genes = vec![0u8; 100_000];
        let changed = mutate_genes(&mut genes, 0.1, &mut rng, |_| 1);
        assert_eq!(changed, genes.iter().filter(|&&g| g == 1).count());
        // Expected 10,000, standard deviation about 95.
        assert!((9_600..10_400).contains(&changed), "{changed}");
    }

    #[derive(Clone, Debug, PartialEq)]
    struct Tag(u32);

    impl Genome for Tag {
        type Context = ();
        fn crossover(&self, other: &Self, (): &(), _: [Option<usize>; 2], _: &Rates, _: &mut Rng) -> (Self, Self) {
            (Tag(self.0 * 100 + other.0), Tag(other.0 * 100 + self.0))
        }
        fn mutate(&self, (): &(), _: Option<usize>, _: &Rates, _: &mut Rng) -> Self {
            Tag(self.0 + 1_000_000)
        }
    }

    #[test]
    fn breeding_keeps_the_elite_and_the_size() {
        let population: Vec<Tag> = (1..=6).map(Tag).collect();
        let fitness = [0.1, 0.9, 0.3, 0.9, 0.0, 0.2];
        let mut rng = Rng::new(2);
        let next = breed(&population, &fitness, &[None; 6], 1, &(), &Rates::PAPER, &mut rng);
        assert_eq!(next.len(), 6);
        // The first of the two best (index 1) is the elite.
        assert_eq!(next[0], Tag(2));
        // Individual 5 (fitness 0) is never a parent.
        assert!(next.iter().all(|t| t.0 % 100 != 5 && t.0 != 1_000_005));
    }
}
