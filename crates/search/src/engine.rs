//! What the engines share: the engine type around its `Config`, the budget setting of each
//! `Config`, and the end of a search (a run's result and statistics into a [`Report`]).

use crate::{Outcome, Reason, Report, Stats};

/// Spare room, in moves, made in a move buffer before each move generation (with
/// [`reserve`](crate::containers::bytes::reserve), its growth counted first by
/// [`reserve_growth`](crate::containers::bytes::reserve_growth)): a state with more moves than
/// this may grow the buffer past a byte budget (by one reallocation).
pub(crate) const MOVE_HEADROOM: usize = 256;

/// Ends a search: `Err(reason)` becomes [`Outcome::Undecided`], and the statistics take the
/// nodes stored and the bytes held at the end (peaks keep their maxima).
pub(crate) fn finish<M>(
    result: Result<Outcome<M>, Reason>,
    mut stats: Stats,
    stored: usize,
    bytes: usize,
) -> Report<M> {
    stats.store(stored, bytes);
    Report { outcome: result.unwrap_or_else(Outcome::Undecided), stats }
}

/// `new` and `config` for an engine type holding one field, `config: Config`.
macro_rules! engine_with_config {
    ($engine:ty) => {
        impl $engine {
            /// An engine with `config`.
            pub fn new(config: Config) -> Self {
                Self { config }
            }

            /// The configuration.
            pub fn config(&self) -> &Config {
                &self.config
            }
        }
    };
}

/// `budget` (documented by `$doc`) and `get_budget`, inside the `impl` of a `Config` with a
/// field `budget: Budget`.
macro_rules! budget_setting {
    ($doc:literal) => {
        #[doc = $doc]
        pub fn budget(mut self, b: Budget) -> Self {
            self.budget = b;
            self
        }

        /// See [`budget`](Self::budget).
        pub fn get_budget(&self) -> Budget {
            self.budget
        }
    };
}

pub(crate) use {budget_setting, engine_with_config};
