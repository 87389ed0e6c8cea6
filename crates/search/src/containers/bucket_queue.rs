//! [`BucketQueue`]: a two-level bucket priority queue for small integer priorities.

use std::mem::size_of;

use super::OutOfMemory;
use super::bytes::{growth, held, push, reserve_exact};

/// How A*-family engines (and [`BucketQueue`]) order nodes of equal priority.
///
/// # Examples
///
/// ```
/// use freecell_search::{TieBreak, astar};
/// let config = astar::Config::new().tie_break(TieBreak::SmallerG);
/// assert_eq!(config.get_tie_break(), TieBreak::SmallerG);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Larger path cost first (deeper nodes, closer to a goal): usually the fewest expansions
    /// on the last f layer.
    #[default]
    LargerG,
    /// Smaller path cost first.
    SmallerG,
}

/// One entry: a node id. Its path cost is the sub-bucket index (the entry is stale if the
/// node's cost has since dropped), so an entry takes 4 bytes.
type Entry = u32;

#[derive(Clone, Debug, Default)]
struct Bucket {
    /// Sub-buckets by path cost; within one, last in first out.
    subs: Vec<Vec<Entry>>,
    /// For `LargerG` the highest, for `SmallerG` the lowest sub-bucket that may be non-empty.
    hint: usize,
    count: usize,
}

/// Sub-bucket vectors of at least this many entries are recycled when they empty.
const RECYCLE_AT: usize = 4096;

/// Priority queue over `(f, g, id)` for small integer priorities: buckets by `f`, sub-buckets
/// by `g`, 4-byte entries. It pops the lowest `f`, ties broken on `g` by its [`TieBreak`], then
/// the newest entry (last in, first out).
///
/// Both levels are vectors indexed by the priority, so `f` and `g` must stay small (path
/// costs and estimates of a puzzle, not arbitrary `u32`s): the queue holds a bucket for every
/// `f` up to the largest pushed. Pushes below the lowest `f` popped are allowed (the cursor
/// moves back), as A* with an inconsistent heuristic needs.
///
/// An entry's `g` is its sub-bucket's index, so an entry takes 4 bytes; A* compares the `g`
/// popped with the node's current path cost to skip entries made stale by a cheaper path.
/// A* drains the buckets of low `f` for good and fills ones of higher `f`: a sub-bucket that
/// empties gives its vector to a pool of spares, and a sub-bucket that needs room takes a larger
/// spare before it allocates. Entries popped long ago so stop holding memory: the queue's peak
/// follows the entries live at once rather than all ever pushed (on Korf's 15-puzzle #42 with
/// A*, about half as many). [`growth`](Self::growth) says exactly what a push would allocate.
///
/// # Examples
///
/// ```
/// use freecell_search::TieBreak;
/// use freecell_search::containers::BucketQueue;
///
/// let mut queue = BucketQueue::new();
/// queue.clear(TieBreak::LargerG);
/// for (f, g, id) in [(5, 1, 10), (3, 0, 11), (5, 4, 12), (3, 0, 13)] {
///     queue.push(f, g, id)?;
/// }
/// // (f, id, g): the lowest f, the newest of equals, then the larger g.
/// assert_eq!(queue.pop(), Some((3, 13, 0)));
/// assert_eq!(queue.pop(), Some((3, 11, 0)));
/// assert_eq!(queue.pop(), Some((5, 12, 4)));
/// assert_eq!(queue.pop(), Some((5, 10, 1)));
/// assert_eq!(queue.pop(), None);
/// # Ok::<(), freecell_search::containers::OutOfMemory>(())
/// ```
#[derive(Clone, Debug)]
pub struct BucketQueue {
    buckets: Vec<Bucket>,
    /// Emptied sub-bucket vectors, kept for reuse. Its capacity covers every sub-bucket, so
    /// recycling never allocates.
    spare: Vec<Vec<Entry>>,
    /// Sub-buckets in all buckets.
    subs: usize,
    /// The lowest `f` whose bucket may be non-empty.
    cursor: usize,
    len: usize,
    /// Bytes held by the sub-bucket vectors and entries.
    inner_bytes: usize,
    tie: TieBreak,
}

impl Default for BucketQueue {
    fn default() -> Self {
        Self::new()
    }
}

impl BucketQueue {
    /// An empty queue breaking ties to the larger `g`; it allocates on the first push.
    pub fn new() -> Self {
        Self {
            buckets: Vec::new(),
            spare: Vec::new(),
            subs: 0,
            cursor: 0,
            len: 0,
            inner_bytes: 0,
            tie: TieBreak::LargerG,
        }
    }

    /// Empties the queue, keeping capacity, and sets how it breaks ties from now on.
    pub fn clear(&mut self, tie: TieBreak) {
        for b in &mut self.buckets {
            if b.count > 0 {
                b.subs.iter_mut().for_each(Vec::clear);
            }
            b.count = 0;
            b.hint = if tie == TieBreak::SmallerG { usize::MAX } else { 0 };
        }
        self.cursor = usize::MAX;
        self.len = 0;
        self.tie = tie;
    }

    /// Entries queued.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no entry is queued.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes held: the bucket and spare vectors, and every sub-bucket's, by capacity.
    pub fn bytes(&self) -> usize {
        held(&self.buckets) + held(&self.spare) + self.inner_bytes
    }

    /// Whether pushing onto sub-bucket vector `v` takes the last spare instead of growing `v`:
    /// `v` is full and that spare has more room. [`growth`](Self::growth) and
    /// [`push`](Self::push) follow this one rule, so the prediction stays exact.
    #[inline]
    fn takes_spare(&self, v: &Vec<Entry>) -> bool {
        v.len() == v.capacity() && self.spare.last().is_some_and(|spare| spare.capacity() > v.len())
    }

    /// Bytes that adding `new` sub-buckets adds (the spare pool is sized to take them all).
    fn subs_growth(&self, new: usize) -> usize {
        (self.subs + new).saturating_sub(self.spare.capacity()) * size_of::<Vec<Entry>>()
    }

    /// Bytes that [`push`](Self::push)ing `(f, g)` adds.
    #[allow(clippy::many_single_char_names)]
    pub fn growth(&self, f: u32, g: u32) -> usize {
        let (f, s) = (f as usize, g as usize);
        let mut extra = 0;
        let fresh = || if self.takes_spare(&Vec::new()) { 0 } else { growth(&Vec::<Entry>::new()) };
        if f >= self.buckets.len() {
            extra += (f + 1).saturating_sub(self.buckets.capacity()) * size_of::<Bucket>();
            return extra + (s + 1) * size_of::<Vec<Entry>>() + self.subs_growth(s + 1) + fresh();
        }
        let b = &self.buckets[f];
        if s >= b.subs.len() {
            let new = s + 1 - b.subs.len();
            extra += (s + 1).saturating_sub(b.subs.capacity()) * size_of::<Vec<Entry>>();
            return extra + self.subs_growth(new) + fresh();
        }
        let v = &b.subs[s];
        if self.takes_spare(v) { 0 } else { growth(v) }
    }

    /// Queues node `id` with priority `f` and path cost `g`; grows exactly as
    /// [`growth`](Self::growth) predicted. [`OutOfMemory`] (nothing queued) when the
    /// allocator refuses the growth.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] when the allocator refuses the growth; nothing is queued.
    #[inline(always)]
    #[allow(clippy::inline_always)] // A*'s loop; with the `Result`, LLVM stopped inlining it
    pub fn push(&mut self, f: u32, g: u32, id: u32) -> Result<(), OutOfMemory> {
        let (fi, s) = (f as usize, g as usize);
        // Fast path: the sub-bucket exists and has room.
        if let Some(b) = self.buckets.get_mut(fi)
            && let Some(v) = b.subs.get_mut(s)
            && v.len() < v.capacity()
        {
            v.push(id);
            self.count(fi, s);
            return Ok(());
        }
        self.push_growing(fi, s, id)
    }

    /// Counts an entry just pushed into bucket `fi`, sub-bucket `s`.
    #[inline]
    fn count(&mut self, fi: usize, s: usize) {
        let b = &mut self.buckets[fi];
        b.count += 1;
        b.hint = match self.tie {
            TieBreak::LargerG => b.hint.max(s),
            TieBreak::SmallerG => b.hint.min(s),
        };
        self.cursor = self.cursor.min(fi);
        self.len += 1;
    }

    /// [`push`](Self::push) when a bucket, sub-bucket or entry vector has to grow.
    #[cold]
    #[inline(never)]
    #[allow(clippy::many_single_char_names)]
    fn push_growing(&mut self, fi: usize, s: usize, id: u32) -> Result<(), OutOfMemory> {
        if fi >= self.buckets.len() {
            let before = self.buckets.capacity();
            if fi + 1 > before {
                let more = fi + 1 - self.buckets.len();
                reserve_exact(&mut self.buckets, more)?;
            }
            let tie = self.tie;
            self.buckets.resize_with(fi + 1, || Bucket {
                subs: Vec::new(),
                hint: if tie == TieBreak::SmallerG { usize::MAX } else { 0 },
                count: 0,
            });
        }
        let b = &mut self.buckets[fi];
        if s >= b.subs.len() {
            // Every allocation first, so that a refusal leaves the counts true.
            let before = b.subs.capacity();
            if s + 1 > before {
                let more = s + 1 - b.subs.len();
                reserve_exact(&mut b.subs, more)?;
            }
            self.inner_bytes += (b.subs.capacity() - before) * size_of::<Vec<Entry>>();
            let subs = self.subs + s + 1 - b.subs.len();
            if subs > self.spare.capacity() {
                let more = subs - self.spare.len();
                reserve_exact(&mut self.spare, more)?;
            }
            self.subs = subs;
            self.buckets[fi].subs.resize_with(s + 1, Vec::new);
        }
        let take = self.takes_spare(&self.buckets[fi].subs[s]);
        let v = &mut self.buckets[fi].subs[s];
        if take && let Some(mut bigger) = self.spare.pop() {
            // A larger spare takes the entries; the smaller vector becomes a spare.
            bigger.extend_from_slice(v);
            let mut smaller = std::mem::replace(v, bigger);
            smaller.clear();
            if smaller.capacity() > 0 {
                self.spare.push(smaller);
            }
        } else {
            let extra = growth(v);
            push(v, id)?;
            self.inner_bytes += extra;
            self.count(fi, s);
            return Ok(());
        }
        v.push(id);
        self.count(fi, s);
        Ok(())
    }

    /// Removes the entry with the lowest `f`, ties broken as configured: `(f, id, g)`.
    #[inline]
    pub fn pop(&mut self) -> Option<(u32, u32, u32)> {
        if self.len == 0 {
            return None;
        }
        while self.buckets[self.cursor].count == 0 {
            self.cursor += 1;
        }
        let f = self.cursor;
        let b = &mut self.buckets[f];
        let id = loop {
            let v = &mut b.subs[b.hint];
            if let Some(id) = v.pop() {
                if v.is_empty() && v.capacity() >= RECYCLE_AT {
                    self.spare.push(std::mem::take(v));
                }
                break id;
            }
            match self.tie {
                TieBreak::LargerG => b.hint -= 1,
                TieBreak::SmallerG => b.hint += 1,
            }
        };
        b.count -= 1;
        self.len -= 1;
        Some((f as u32, id, b.hint as u32))
    }
}

#[cfg(test)]
mod tests {
    use std::cmp::Reverse;
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::*;

    /// The reference order: lowest `f`, then the tie-break on `g`, then the newest entry.
    type Model = BTreeSet<(u32, u32, Reverse<usize>, u32)>;

    fn order_g(tie: TieBreak, g: u32) -> u32 {
        if tie == TieBreak::LargerG { u32::MAX - g } else { g }
    }

    /// Random pushes and pops, across searches on one queue (so recycled vectors are reused):
    /// the same order as the reference, and every push grows the bytes exactly as predicted.
    #[test]
    fn recycling_keeps_order_and_exact_growth() {
        let mut rng = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |n: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % n
        };
        let mut q = BucketQueue::new();
        let mut recycled = 0;
        for round in 0..6 {
            let tie = if round % 2 == 0 { TieBreak::LargerG } else { TieBreak::SmallerG };
            q.clear(tie);
            let mut model = Model::new();
            let mut floor = 0u32;
            // First pushes then pops in blocks, so that sub-buckets grow past `RECYCLE_AT`
            // and drain; then pushes and pops mixed, so that growing sub-buckets take the
            // larger spares.
            for seq in 0..76_000usize {
                let push = if seq < 38_000 { seq % 19_000 < 10_000 } else { next(5) < 3 };
                if push {
                    // A*-like: priorities never below the last one popped.
                    let (f, g) = (floor + next(2) as u32, next(2) as u32);
                    let (before, predicted) = (q.bytes(), q.growth(f, g));
                    q.push(f, g, seq as u32).unwrap();
                    assert_eq!(q.bytes() - before, predicted, "push ({f}, {g})");
                    model.insert((f, order_g(tie, g), Reverse(seq), g));
                } else {
                    let got = q.pop();
                    let want = model.pop_first().map(|(f, _, Reverse(seq), g)| (f, seq as u32, g));
                    assert_eq!(got, want);
                    if let Some((f, _, _)) = got {
                        floor = f;
                    }
                }
                recycled = recycled.max(q.spare.len());
            }
            while let Some(got) = q.pop() {
                let want = model.pop_first().map(|(f, _, Reverse(seq), g)| (f, seq as u32, g));
                assert_eq!(Some(got), want);
            }
            assert!(model.is_empty());
        }
        assert!(recycled > 0, "the test should exercise recycling");
    }

    proptest! {
        /// Any pushes and pops, priorities rising or falling (an inconsistent heuristic), under
        /// either tie-break: the reference order, and exact growth.
        #[test]
        fn any_pushes_and_pops_follow_the_reference(
            larger in any::<bool>(),
            ops in prop::collection::vec(prop::option::weighted(0.7, (0u32..40, 0u32..12)), 0..600),
        ) {
            let tie = if larger { TieBreak::LargerG } else { TieBreak::SmallerG };
            let mut q = BucketQueue::new();
            q.clear(tie);
            let mut model = Model::new();
            for (seq, op) in ops.into_iter().enumerate() {
                if let Some((f, g)) = op {
                        let (before, predicted) = (q.bytes(), q.growth(f, g));
                        q.push(f, g, seq as u32).unwrap();
                        prop_assert_eq!(q.bytes() - before, predicted);
                        model.insert((f, order_g(tie, g), Reverse(seq), g));
                } else {
                        let want = model.pop_first().map(|(f, _, Reverse(seq), g)| (f, seq as u32, g));
                        prop_assert_eq!(q.pop(), want);
                }
                prop_assert_eq!(q.len(), model.len());
            }
        }
    }
}
