//! What a checkpoint must hold to be resumed, and reading one with bounded lists and short
//! error messages: a checkpoint is a file, and may come from anywhere.

use std::fmt::{self, Write as _};
use std::marker::PhantomData;

use freecell_heuristics::Weights;
use freecell_heuristics::policy::Policy;
use serde::de::{Deserialize, Deserializer, Error as _, SeqAccess, Visitor};

use super::{Checkpoint, Config, EvolveError, GenerationRecord, Representation, Setting, Validated};

/// Characters of a whole error message kept, should its quotes not pair up.
const MESSAGE_CHARS: usize = 300;

/// Deserialises a list of at most `MAX` items and refuses the first past it, so that a
/// list costs no more memory than its limit, whatever the size of the file.
pub(super) fn at_most<'de, D, T, const MAX: usize>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct AtMost<T, const MAX: usize>(PhantomData<T>);

    impl<'de, T: Deserialize<'de>, const MAX: usize> Visitor<'de> for AtMost<T, MAX> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a list of at most {MAX} items")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut items = Vec::new();
            while let Some(item) = seq.next_element()? {
                if items.len() == MAX {
                    return Err(A::Error::invalid_length(MAX + 1, &self));
                }
                items.push(item);
            }
            Ok(items)
        }
    }

    deserializer.deserialize_seq(AtMost::<T, MAX>(PhantomData))
}

/// A JSON error as `line L, column C: message`, each quoted part of the message (serde
/// quotes the value it did not expect, which may be a whole string of the file) cut short
/// and invisible characters escaped.
pub(crate) fn json_error(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let place = format!(" at line {} column {}", e.line(), e.column());
    let message = cut_quotes(full.strip_suffix(&place).unwrap_or(&full));
    if e.line() == 0 { message } else { format!("line {}, column {}: {message}", e.line(), e.column()) }
}

/// `message` with each part between backquotes or double quotes shown as
/// [`freecell_core::quote`] shows input (a 40-character prefix, invisible characters
/// escaped), and the whole cut to [`MESSAGE_CHARS`] characters and `…` (a quote inside a
/// quoted part can leave the rest unpaired).
fn cut_quotes(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let q = rest[open..].chars().next().unwrap_or('"');
        let inner = &rest[open + 1..];
        // The closing quote; in a double-quoted part, `\"` is an escaped quote.
        let mut escaped = false;
        let close = inner.char_indices().find(|&(_, c)| {
            let closes = c == q && !escaped;
            escaped = q == '"' && c == '\\' && !escaped;
            closes
        });
        let Some((close, _)) = close else { break };
        out.push_str(&rest[..=open]);
        // Infallible: writing to a String cannot fail.
        let _ = write!(out, "{:#}", freecell_core::quote(&inner[..close]));
        out.push(q);
        rest = &inner[close + 1..];
    }
    out.push_str(rest);
    match out.char_indices().nth(MESSAGE_CHARS) {
        Some((cut, _)) => format!("{}…", &out[..cut]),
        None => out,
    }
}

/// Why `text` is no genome of a run of `config`: not readable, a weight outside `[0, 1]`,
/// a policy that [`Policy::validate`] refuses or with another number of rules than the
/// run's (the operators keep it).
pub(super) fn check_genome(config: &Config, text: &str) -> Result<(), String> {
    match config.representation {
        Representation::Weights => {
            let weights: Weights = text.parse().map_err(|e| format!("not weights: {e}"))?;
            if !weights.is_valid() {
                return Err("a weight is not in [0, 1]".to_owned());
            }
        }
        Representation::Policy => {
            let policy: Policy = text.parse().map_err(|e| format!("not a policy: {e}"))?;
            policy.validate().map_err(|e| e.to_string())?;
            if policy.rules.len() != config.rules {
                return Err(format!("a policy of {} rules in a run of {}", policy.rules.len(), config.rules));
            }
        }
    }
    Ok(())
}

/// Whether `x` is a fitness or a fraction: in `[0, 1]`.
fn unit(x: f64) -> bool {
    (0.0..=1.0).contains(&x)
}

fn check_record(i: usize, r: &GenerationRecord, config: &Config) -> Result<(), String> {
    let at = format!("history[{i}]");
    if r.generation as usize != i {
        return Err(format!("{at}.generation: {}; the records are generations 0, 1, … in order", r.generation));
    }
    for (field, x) in
        [("best_fitness", r.best_fitness), ("mean_fitness", r.mean_fitness), ("solved_fraction", r.solved_fraction)]
    {
        if !unit(x) {
            return Err(format!("{at}.{field}: {x:?}; it lies in [0, 1]"));
        }
    }
    for (field, x) in [("mean_nodes", r.mean_nodes), ("seconds", r.seconds)] {
        if !(x.is_finite() && x >= 0.0) {
            return Err(format!("{at}.{field}: {x:?}; it is a finite number, 0 or more"));
        }
    }
    if r.best_solved > r.deals {
        return Err(format!("{at}.best_solved: {} of {} deals", r.best_solved, r.deals));
    }
    match (&r.validation, config.validation) {
        (None, None) => Ok(()),
        (Some(v), Some(_)) => check_validated(&format!("{at}.validation"), v, config, r.generation + 1),
        (Some(_), None) => Err(format!("{at}.validation: present in a run without validation deals")),
        (None, Some(_)) => Err(format!("{at}.validation: missing in a run with validation deals")),
    }
}

/// `v` at `at`, validated in a generation before `generations`.
fn check_validated(at: &str, v: &Validated, config: &Config, generations: u32) -> Result<(), String> {
    if v.generation >= generations {
        return Err(format!("{at}.generation: {}; only {generations} generations ran", v.generation));
    }
    if v.solved > v.deals {
        return Err(format!("{at}.solved: {} of {} deals", v.solved, v.deals));
    }
    check_genome(config, &v.genome).map_err(|e| format!("{at}.genome: {e}"))
}

impl Checkpoint {
    /// Checks everything the checkpoint holds against its configuration, as
    /// [`Evolution::resume`](super::Evolution::resume) does before it starts: the settings
    /// ([`Config::validate`]), the training deals (distinct, ascending, in MS 1 …
    /// `deal_range`), each genome (readable and valid), the deal individuals and their
    /// scores, the log, the champion and the validated individuals. Solves nothing.
    ///
    /// # Errors
    /// [`EvolveError::Config`], or [`EvolveError::Checkpoint`] naming the first field that
    /// does not fit (`training[3]: deal 0 is not in MS 1–32000`).
    pub fn validate(&self) -> Result<(), EvolveError> {
        self.config.validate()?;
        self.check().map_err(EvolveError::Checkpoint)
    }

    fn check(&self) -> Result<(), String> {
        // The generator's state needs no check: every u64 is a SplitMix64 state.
        self.check_log()?;
        self.check_training()?;
        let c = &self.config;
        if self.population.len() != c.population {
            return Err(format!("population: {} genomes; the population is {}", self.population.len(), c.population));
        }
        for (i, text) in self.population.iter().enumerate() {
            check_genome(c, text).map_err(|e| format!("population[{i}]: {e}"))?;
        }
        self.check_deals()?;
        if c.validation.is_none() && !self.validated.is_empty() {
            return Err(format!("validated: {} individuals in a run without validation deals", self.validated.len()));
        }
        for (i, v) in self.validated.iter().enumerate() {
            check_validated(&format!("validated[{i}]"), v, c, self.generation)?;
        }
        Ok(())
    }

    /// The log, one record per generation run, and the champion of the last.
    fn check_log(&self) -> Result<(), String> {
        let c = &self.config;
        let generation = self.generation;
        if self.history.len() != generation as usize {
            return Err(format!(
                "history: {} records at generation {generation}; there is one per generation run",
                self.history.len()
            ));
        }
        for (i, record) in self.history.iter().enumerate() {
            check_record(i, record, c)?;
        }
        match (&self.champion, generation.checked_sub(1)) {
            (None, None) => {}
            (Some(champion), Some(last)) => {
                if champion.generation != last {
                    return Err(format!(
                        "champion.generation: {}; the champion is of the last generation run, {last}",
                        champion.generation
                    ));
                }
                if !unit(champion.fitness) {
                    return Err(format!("champion.fitness: {:?}; it lies in [0, 1]", champion.fitness));
                }
                if champion.solved > champion.deals {
                    return Err(format!("champion.solved: {} of {} deals", champion.solved, champion.deals));
                }
                check_genome(c, &champion.genome).map_err(|e| format!("champion.genome: {e}"))?;
            }
            (Some(_), None) => return Err("champion: present before any generation ran".to_owned()),
            (None, Some(_)) => return Err(format!("champion: missing after {generation} generations")),
        }
        Ok(())
    }

    /// Training deals: as many as configured, in MS 1 … `deal_range`, distinct, ascending.
    fn check_training(&self) -> Result<(), String> {
        let c = &self.config;
        if self.training.len() != c.training_size {
            return Err(format!("training: {} deals; training_size is {}", self.training.len(), c.training_size));
        }
        for (i, &deal) in self.training.iter().enumerate() {
            if deal == 0 || deal > c.deal_range {
                return Err(format!("training[{i}]: deal {deal} is not in MS 1–{}", c.deal_range));
            }
            if i > 0 && deal <= self.training[i - 1] {
                return Err(format!(
                    "training[{i}]: deal {deal} after {}; the deals are distinct and ascending",
                    self.training[i - 1]
                ));
            }
        }
        Ok(())
    }

    /// The deal individuals, `deals_per_set` training deals each, and their scores.
    fn check_deals(&self) -> Result<(), String> {
        let c = &self.config;
        match c.setting {
            Setting::Random | Setting::Gradual => {
                if !self.deal_population.is_empty() {
                    return Err(format!(
                        "deal_population: {} deal sets in the {:?} setting, which has none",
                        self.deal_population.len(),
                        c.setting
                    ));
                }
            }
            Setting::Hillis | Setting::Rosin => {
                if self.deal_population.len() != c.deal_population {
                    return Err(format!(
                        "deal_population: {} deal sets; deal_population is {}",
                        self.deal_population.len(),
                        c.deal_population
                    ));
                }
                for (i, set) in self.deal_population.iter().enumerate() {
                    if set.0.len() != c.deals_per_set {
                        return Err(format!(
                            "deal_population[{i}]: {} deals; deals_per_set is {}",
                            set.0.len(),
                            c.deals_per_set
                        ));
                    }
                    if let Some((k, deal)) =
                        set.0.iter().enumerate().find(|(_, d)| self.training.binary_search(d).is_err())
                    {
                        return Err(format!("deal_population[{i}][{k}]: deal {deal} is not a training deal"));
                    }
                }
            }
        }
        if self.deal_scores.len() != self.deal_population.len() {
            return Err(format!(
                "deal_scores: {} entries for {} deal sets",
                self.deal_scores.len(),
                self.deal_population.len()
            ));
        }
        if let Some((i, (sum, _))) =
            self.deal_scores.iter().enumerate().find(|(_, (sum, _))| !(sum.is_finite() && *sum >= 0.0))
        {
            return Err(format!("deal_scores[{i}]: {sum:?}; summed node ratios are finite, 0 or more"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_parts_are_cut_and_invisible_characters_shown() {
        let long = "x".repeat(1_000);
        let cut = cut_quotes(&format!("unknown variant `{long}`, expected `Weights` or `Policy`"));
        assert_eq!(cut, format!("unknown variant `{}…`, expected `Weights` or `Policy`", "x".repeat(40)));
        let cut = cut_quotes(&format!("invalid type: string \"a\\\"{long}\", expected u32"));
        assert_eq!(cut, format!("invalid type: string \"a\\\"{}…\", expected u32", "x".repeat(37)));
        assert_eq!(cut_quotes("unknown variant `\u{feff}W\0`"), "unknown variant `\\u{feff}W\\0`");
        // Escapes count their length against the cut.
        let cut = cut_quotes(&format!("unknown variant `{}`, expected", "\u{17}".repeat(100)));
        assert_eq!(cut, format!("unknown variant `{}…`, expected", "\\u{17}".repeat(6)));
        // Unpaired quotes: the whole message is cut.
        let cut = cut_quotes(&format!("unknown variant `a`b{long}`"));
        assert_eq!(cut.chars().count(), MESSAGE_CHARS + 1);
    }
}
