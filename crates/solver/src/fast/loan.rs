//! [`Lender`]: memory held beside a search within its byte limit, given back the moment the
//! search needs the room.
//!
//! **Why.** Streets and Alleys' dive in fc-solve's preset order stops at its cap during the
//! greedy turns, and its last dive in the same order, once the greedy searches have ended,
//! walks those expansions again from the start (`DiveRules::last_preset`). Kept, the dive's line and
//! seen set (about 1 MB at 32,000 expansions) would take that room from the greedy searches,
//! and any room taken moves which of them drops out first, and when: held beside them at its
//! cap, the dive once left deal 6125 undecided, which they solve at the byte limit
//! (`docs/results/games.md`, twenty-third session). Lent, it is counted within the limit
//! while the searches have room to spare, and freed as soon as one of them would stop for
//! want of it: each search then stops where it stopped before, and the dive resumes only in
//! the deals where it was never in the way.

/// Memory held within a search's byte limit that the search may take back (see the module
/// documentation).
pub(super) trait Lender {
    /// The bytes held, by the model the searches' limits count (lengths, not capacities).
    fn lent(&self) -> usize;

    /// Frees them, for good.
    fn give_back(&mut self);
}

/// Nothing lent.
impl Lender for () {
    #[inline]
    fn lent(&self) -> usize {
        0
    }

    #[inline]
    fn give_back(&mut self) {}
}

/// The byte limit of a search that has `max_bytes` to itself, of which `lender` holds some
/// for now.
pub(super) struct Allowance<'a, L: Lender> {
    /// What the search may hold now: `max_bytes` less what is lent.
    limit: usize,
    /// The bytes held beside it, what is lent included.
    beside: usize,
    lent: usize,
    lender: &'a mut L,
}

impl<'a, L: Lender> Allowance<'a, L> {
    /// The allowance of a search with `max_bytes` to itself and `others` held beside it.
    pub(super) fn new(max_bytes: usize, others: usize, lender: &'a mut L) -> Self {
        // At most the limit, so that taking it back never allows more than the limit.
        let lent = lender.lent().min(max_bytes);
        Allowance { limit: max_bytes.saturating_sub(lent), beside: others + lent, lent, lender }
    }

    /// The bytes held beside the search, what is lent included: counted into its peak.
    #[inline]
    pub(super) fn beside(&self) -> usize {
        self.beside
    }

    /// Whether the search, which would hold `peak` bytes, fits (see [`take_back`]).
    #[inline]
    pub(super) fn fits(&mut self, peak: usize) -> bool {
        peak <= self.limit || take_back(self.lender, &mut self.lent, peak, (&mut self.limit, &mut self.beside))
    }
}

/// Whether a search that would hold `peak` bytes, past its `limit`, fits once `lender`
/// gives back the `lent` bytes it holds: if so it does, and `limit` grows by them and the
/// bytes held `beside` the search shrink by them. Cold: called once the limit is passed.
#[cold]
#[inline(never)]
fn take_back(
    lender: &mut impl Lender,
    lent: &mut usize,
    peak: usize,
    (limit, beside): (&mut usize, &mut usize),
) -> bool {
    if *lent == 0 || peak > *limit + *lent {
        return false;
    }
    lender.give_back();
    *limit += *lent;
    *beside -= *lent;
    *lent = 0;
    true
}

#[cfg(test)]
mod tests {
    use super::{Allowance, Lender};

    struct Held(usize);

    impl Lender for Held {
        fn lent(&self) -> usize {
            self.0
        }
        fn give_back(&mut self) {
            self.0 = 0;
        }
    }

    /// What is lent counts within the limit until the search needs it, and is given back
    /// only when that makes room: past the whole limit the search stops, lent or not.
    #[test]
    fn what_is_lent_is_given_back_only_when_it_makes_room() {
        let mut held = Held(10);
        let mut allowance = Allowance::new(100, 5, &mut held);
        assert_eq!(allowance.beside(), 15, "what is lent counts beside the search");
        assert!(allowance.fits(90));
        assert!(!allowance.fits(101), "past the whole limit");
        assert_eq!(allowance.beside(), 15, "nothing taken back for nothing");
        assert!(allowance.fits(95));
        assert_eq!(allowance.beside(), 5);
        assert!(!allowance.fits(101));
        assert_eq!(held.0, 0, "freed");
        let mut nothing = ();
        assert!(!Allowance::new(100, 0, &mut nothing).fits(101), "nothing lent: the limit is the limit");
    }
}
