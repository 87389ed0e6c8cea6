//! Which deals a census covers ([`Selection`]) and which of them each shard runs
//! ([`Shard`]).
//!
//! A census is a sequence of *positions* `0 .. len`: the deals of a range in order, or the
//! draws of a uniform random sample. Shard `i` of `n` runs the contiguous block of
//! positions `len·i/n .. len·(i+1)/n`. Contiguous blocks rather than interleaved ones: a
//! shard's progress is one number (the positions done), its deals are a range that
//! `freecell bench --deals` can run again on its own, and the difficulty of Microsoft deals
//! does not drift with the deal number (the three dealing ranges differ in their seeding
//! only), so blocks of equal size take about equal time.

use std::fmt;
use std::num::{NonZeroU32, NonZeroU64};
use std::ops::Range;
use std::str::FromStr;

use freecell_core::SplitMix64;
use freecell_deals::{DealNumber, DealRange};
use serde::{Deserialize, Serialize};

/// The deals of a census: every deal of a range, or a uniform random sample of one.
///
/// A sample is `count` independent draws, with replacement, of a deal uniformly in the
/// range, by [`SplitMix64::below`] from `SplitMix64::new(seed)`: draw `p` is position `p`,
/// so the same seed gives the same deals on every machine. With replacement, a deal can be
/// drawn twice (about `count²/2len` times in all: 0.6 for 100,000 draws of the
/// 8,589,934,591 deals); it then counts twice, as a sample's statistics need.
///
/// # Examples
/// ```
/// use freecell_census::Selection;
/// use freecell_deals::DealRange;
///
/// let range = Selection::range("1..=10".parse()?);
/// assert_eq!(range.len(), 10);
/// let deals: Vec<u64> = range.deals(3..6).map(|d| d.get()).collect();
/// assert_eq!(deals, [4, 5, 6]);
///
/// let sample = Selection::sample(DealRange::ALL, 1000.try_into()?, 7);
/// assert_eq!(sample.len(), 1000);
/// // Positions are draws: a block of them is the same wherever it is asked for.
/// let all: Vec<u64> = sample.deals(0..1000).map(|d| d.get()).collect();
/// let tail: Vec<u64> = sample.deals(990..1000).map(|d| d.get()).collect();
/// assert_eq!(all[990..], tail[..]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SelectionForm", into = "SelectionForm")]
pub struct Selection {
    range: DealRange,
    sample: Option<(NonZeroU64, u64)>,
}

impl Selection {
    /// Every deal of `range`, in order.
    pub const fn range(range: DealRange) -> Selection {
        Selection { range, sample: None }
    }

    /// `count` deals drawn uniformly from `range` by a `SplitMix64` seeded with `seed`.
    pub const fn sample(range: DealRange, count: NonZeroU64, seed: u64) -> Selection {
        Selection { range, sample: Some((count, seed)) }
    }

    /// The range the deals are in.
    pub const fn deal_range(&self) -> DealRange {
        self.range
    }

    /// The sample's size and seed, for a sample.
    pub fn sample_of(&self) -> Option<(u64, u64)> {
        self.sample.map(|(count, seed)| (count.get(), seed))
    }

    /// The positions of the census: the deals of a range, the draws of a sample.
    pub const fn len(&self) -> u64 {
        match self.sample {
            None => self.range.len(),
            Some((count, _)) => count.get(),
        }
    }

    /// A census has at least one deal.
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The deals at `positions` (clipped to `0 .. len`), in order. A sample's draws before
    /// the first position are made and dropped (a few nanoseconds each).
    ///
    /// # Panics
    /// Never: every offset drawn or counted is below the range's length.
    pub fn deals(&self, positions: Range<u64>) -> impl Iterator<Item = DealNumber> + Send + use<> {
        let end = positions.end.min(self.len());
        let start = positions.start.min(end);
        let (first, span) = (self.range.first().get(), self.range.len());
        let mut rng = self.sample.map(|(_, seed)| SplitMix64::new(seed));
        if let Some(rng) = &mut rng {
            for _ in 0..start {
                rng.below(span);
            }
        }
        (start..end).map(move |position| {
            let offset = match &mut rng {
                None => position,
                Some(rng) => rng.below(span),
            };
            DealNumber::new(first + offset).expect("an offset below the range's length is a deal of the range")
        })
    }
}

impl fmt::Display for Selection {
    /// `MS 1..=1000`, or `100000 deals drawn from MS 1..=8589934591 (seed 7)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.sample {
            None => write!(f, "MS {}", self.range),
            Some((count, seed)) => write!(f, "{count} deals drawn from MS {} (seed {seed})", self.range),
        }
    }
}

/// A selection as written in a shard file.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SelectionForm {
    first: u64,
    last: u64,
    sample: Option<u64>,
    seed: Option<u64>,
}

impl From<Selection> for SelectionForm {
    fn from(selection: Selection) -> SelectionForm {
        SelectionForm {
            first: selection.range.first().get(),
            last: selection.range.last().get(),
            sample: selection.sample.map(|(count, _)| count.get()),
            seed: selection.sample.map(|(_, seed)| seed),
        }
    }
}

impl TryFrom<SelectionForm> for Selection {
    type Error = String;

    fn try_from(form: SelectionForm) -> Result<Selection, String> {
        let deal = |n| DealNumber::new(n).ok_or_else(|| format!("{n} is not a deal number (1 to 8589934591)"));
        let range = DealRange::new(deal(form.first)?, deal(form.last)?)
            .ok_or_else(|| format!("the range {}..={} is empty", form.first, form.last))?;
        match (form.sample, form.seed) {
            (None, None) => Ok(Selection::range(range)),
            (Some(count), Some(seed)) => NonZeroU64::new(count)
                .map(|count| Selection::sample(range, count, seed))
                .ok_or_else(|| "a sample of 0 deals".to_owned()),
            _ => Err("a sample needs both its size and its seed".to_owned()),
        }
    }
}

/// Shard `index` of `count`, `index` from 0 as `sbatch --array=0-(count-1)` and
/// Kubernetes' `JOB_COMPLETION_INDEX` number tasks.
///
/// # Examples
/// ```
/// use freecell_census::Shard;
///
/// let shard: Shard = "2/3".parse()?;
/// assert_eq!(shard.positions(10), 6..10);
/// // The blocks cover every position once.
/// let blocks: Vec<_> = (0..3).map(|i| Shard::new(i, 3).unwrap().positions(10)).collect();
/// assert_eq!(blocks, [0..3, 3..6, 6..10]);
/// # Ok::<(), freecell_census::ShardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "ShardForm", into = "ShardForm")]
pub struct Shard {
    index: u32,
    count: NonZeroU32,
}

impl Shard {
    /// The whole census as one shard, `0/1`.
    pub const WHOLE: Shard = Shard { index: 0, count: NonZeroU32::MIN };

    /// Shard `index` of `count`.
    ///
    /// # Errors
    /// [`ShardError::OutOfRange`] unless `index < count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, ShardError> {
        match NonZeroU32::new(count) {
            Some(count) if index < count.get() => Ok(Shard { index, count }),
            _ => Err(ShardError::OutOfRange { index: u64::from(index), count: u64::from(count) }),
        }
    }

    /// The shard's index, from 0.
    pub const fn index(&self) -> u32 {
        self.index
    }

    /// The number of shards.
    pub const fn count(&self) -> u32 {
        self.count.get()
    }

    /// The shard's block of the positions `0 .. len`: `len·index/count .. len·(index+1)/count`.
    pub fn positions(&self, len: u64) -> Range<u64> {
        let at = |i: u32| (u128::from(len) * u128::from(i) / u128::from(self.count.get())) as u64;
        at(self.index)..at(self.index + 1)
    }

    /// The shard an array-job engine gives this task, read through `var` (the process's
    /// environment, say `|name| std::env::var(name).ok()`), the number of shards `count`
    /// when the caller gives it:
    ///
    /// - Slurm job arrays: `SLURM_ARRAY_TASK_ID` less `SLURM_ARRAY_TASK_MIN` (0 when
    ///   unset) of `SLURM_ARRAY_TASK_COUNT` (or `count`);
    /// - Kubernetes indexed jobs: `JOB_COMPLETION_INDEX` of `count`, or of
    ///   [`SHARD_COUNT_VAR`] (Kubernetes does not tell a pod the number of completions);
    /// - neither: [`Shard::WHOLE`].
    ///
    /// # Errors
    /// [`ShardError`]: a variable that is not a number, no count for a Kubernetes index,
    /// or an index not below the count.
    ///
    /// # Examples
    /// ```
    /// use freecell_census::Shard;
    ///
    /// let slurm = |name: &str| match name {
    ///     "SLURM_ARRAY_TASK_ID" => Some("7".to_owned()),
    ///     "SLURM_ARRAY_TASK_COUNT" => Some("20".to_owned()),
    ///     _ => None,
    /// };
    /// assert_eq!(Shard::from_env(slurm, None)?, Shard::new(7, 20)?);
    /// let kubernetes = |name: &str| (name == "JOB_COMPLETION_INDEX").then(|| "3".to_owned());
    /// assert_eq!(Shard::from_env(kubernetes, Some(10))?, Shard::new(3, 10)?);
    /// assert_eq!(Shard::from_env(|_| None, None)?, Shard::WHOLE);
    /// # Ok::<(), freecell_census::ShardError>(())
    /// ```
    pub fn from_env(var: impl Fn(&str) -> Option<String>, count: Option<u32>) -> Result<Shard, ShardError> {
        let number = |name: &'static str| -> Result<Option<u64>, ShardError> {
            var(name).map(|value| value.trim().parse().map_err(|_| ShardError::Variable { name, value })).transpose()
        };
        let count = count.map(u64::from);
        let (index, count, source) = if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
            let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
            let count = count
                .or(number("SLURM_ARRAY_TASK_COUNT")?)
                .ok_or(ShardError::NoCount { index: "SLURM_ARRAY_TASK_ID", count: "SLURM_ARRAY_TASK_COUNT" })?;
            (id.checked_sub(min).ok_or(ShardError::BelowMin { id, min })?, count, "SLURM_ARRAY_TASK_ID")
        } else if let Some(index) = number("JOB_COMPLETION_INDEX")? {
            let count = count
                .or(number(SHARD_COUNT_VAR)?)
                .ok_or(ShardError::NoCount { index: "JOB_COMPLETION_INDEX", count: SHARD_COUNT_VAR })?;
            (index, count, "JOB_COMPLETION_INDEX")
        } else {
            return Ok(Shard::WHOLE);
        };
        let (Ok(index32), Ok(count32)) = (u32::try_from(index), u32::try_from(count)) else {
            return Err(ShardError::OutOfRange { index, count });
        };
        Shard::new(index32, count32).map_err(|_| ShardError::FromEnv { index, count, variable: source })
    }
}

/// The variable holding the number of shards of a Kubernetes indexed job (its
/// `completions`), which Kubernetes does not pass to the pods itself.
pub const SHARD_COUNT_VAR: &str = "FREECELL_SHARD_COUNT";

impl fmt::Display for Shard {
    /// `I/N`, as parsed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// `I/N`: shard `I` (from 0) of `N`.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax { text: freecell_core::quote(text).to_string() };
        let (index, count) = text.split_once('/').ok_or_else(syntax)?;
        let number = |part: &str| part.trim().parse::<u32>().map_err(|_| syntax());
        Shard::new(number(index)?, number(count)?)
    }
}

#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ShardForm {
    index: u32,
    count: u32,
}

impl From<Shard> for ShardForm {
    fn from(shard: Shard) -> ShardForm {
        ShardForm { index: shard.index, count: shard.count.get() }
    }
}

impl TryFrom<ShardForm> for Shard {
    type Error = ShardError;

    fn try_from(form: ShardForm) -> Result<Shard, ShardError> {
        Shard::new(form.index, form.count)
    }
}

/// A shard that cannot be read from text or from the environment.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShardError {
    /// Not `I/N`.
    #[error("{text} is not a shard: write I/N, shard I (from 0) of N")]
    Syntax {
        /// The text, quoted.
        text: String,
    },
    /// The index is not below the count.
    #[error("shard {index} of {count} does not exist: shards are numbered 0 to N-1 of N (N at least 1)")]
    OutOfRange {
        /// The index.
        index: u64,
        /// The count.
        count: u64,
    },
    /// An engine's index and count that do not make a shard.
    #[error("{variable} gives shard {index} of {count}, which does not exist: the array must be numbered 0 to N-1")]
    FromEnv {
        /// The index.
        index: u64,
        /// The count.
        count: u64,
        /// The variable the index came from.
        variable: &'static str,
    },
    /// An environment variable that is not a number.
    #[error("the environment variable {name} is {}, not a whole number", freecell_core::quote(.value))]
    Variable {
        /// The variable.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// An index without a count.
    #[error("{index} is set but not {count}: give the number of shards (--shard-count N)")]
    NoCount {
        /// The variable of the index.
        index: &'static str,
        /// The variable the count could come from.
        count: &'static str,
    },
    /// A Slurm task id below the array's first id.
    #[error("SLURM_ARRAY_TASK_ID {id} is below SLURM_ARRAY_TASK_MIN {min}")]
    BelowMin {
        /// The task id.
        id: u64,
        /// The array's first id.
        min: u64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_partition_the_positions() {
        for (len, count) in [(1, 1), (1, 5), (7, 3), (200_000, 20), (8_589_934_591, 1_000)] {
            let mut next = 0;
            for index in 0..count {
                let block = Shard::new(index, count).unwrap().positions(len);
                assert_eq!(block.start, next, "len {len}, shard {index}/{count}");
                assert!(block.end - block.start <= len / u64::from(count) + 1);
                next = block.end;
            }
            assert_eq!(next, len);
        }
    }

    #[test]
    fn bad_shards_are_named() {
        for text in ["3", "a/2", "1/", "-1/2"] {
            assert!(matches!(text.parse::<Shard>(), Err(ShardError::Syntax { .. })), "{text}");
        }
        assert_eq!("2/2".parse::<Shard>(), Err(ShardError::OutOfRange { index: 2, count: 2 }));
        assert_eq!("0/0".parse::<Shard>(), Err(ShardError::OutOfRange { index: 0, count: 0 }));
        assert_eq!("0/1".parse::<Shard>(), Ok(Shard::WHOLE));
    }

    #[test]
    fn environments() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| (*v).to_owned())
        };
        let slurm =
            env(&[("SLURM_ARRAY_TASK_ID", "5"), ("SLURM_ARRAY_TASK_MIN", "1"), ("SLURM_ARRAY_TASK_COUNT", "5")]);
        assert_eq!(Shard::from_env(slurm, None), Ok(Shard::new(4, 5).unwrap()));
        let beyond = env(&[("SLURM_ARRAY_TASK_ID", "5"), ("SLURM_ARRAY_TASK_COUNT", "5")]);
        assert!(matches!(Shard::from_env(beyond, None), Err(ShardError::FromEnv { index: 5, count: 5, .. })));
        let bad = env(&[("SLURM_ARRAY_TASK_ID", "x")]);
        assert!(matches!(Shard::from_env(bad, None), Err(ShardError::Variable { name: "SLURM_ARRAY_TASK_ID", .. })));
        let no_count = env(&[("JOB_COMPLETION_INDEX", "1")]);
        assert!(matches!(Shard::from_env(no_count, None), Err(ShardError::NoCount { .. })));
        let counted = env(&[("JOB_COMPLETION_INDEX", "1"), (SHARD_COUNT_VAR, "4")]);
        assert_eq!(Shard::from_env(counted, None), Ok(Shard::new(1, 4).unwrap()));
    }

    #[test]
    fn a_sample_is_uniform_over_its_range() {
        // 40,000 draws of 1..=4: each deal within 3 % of a quarter.
        let range = DealRange::new(DealNumber::MIN, DealNumber::new(4).unwrap()).unwrap();
        let sample = Selection::sample(range, NonZeroU64::new(40_000).unwrap(), 1);
        let mut counts = [0u32; 4];
        for deal in sample.deals(0..40_000) {
            counts[deal.get() as usize - 1] += 1;
        }
        assert!(counts.iter().all(|&c| c.abs_diff(10_000) < 300), "{counts:?}");
    }

    #[test]
    fn selections_round_trip_through_json() {
        for selection in
            [Selection::range(DealRange::MS_32K), Selection::sample(DealRange::ALL, NonZeroU64::new(9).unwrap(), 3)]
        {
            let json = serde_json::to_string(&selection).unwrap();
            assert_eq!(serde_json::from_str::<Selection>(&json).unwrap(), selection, "{json}");
        }
        let bad = r#"{"first":5,"last":4,"sample":null,"seed":null}"#;
        assert!(serde_json::from_str::<Selection>(bad).unwrap_err().to_string().contains("empty"));
    }
}
