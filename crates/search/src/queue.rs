//! A two-level bucket priority queue for small integer priorities.

use std::mem::size_of;

use crate::mem::{growth, push, vec_bytes};

/// How A*-family engines order nodes of equal priority.
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

#[derive(Default)]
struct Bucket {
    /// Sub-buckets by path cost; within one, last in first out.
    subs: Vec<Vec<Entry>>,
    /// For `LargerG` the highest, for `SmallerG` the lowest sub-bucket that may be non-empty.
    hint: usize,
    count: usize,
}

/// Priority queue over `(f, g, id)`: buckets by `f`, sub-buckets by `g`, 4-byte entries.
pub(crate) struct BucketQueue {
    buckets: Vec<Bucket>,
    /// The lowest `f` whose bucket may be non-empty.
    cursor: usize,
    len: usize,
    /// Bytes held by the sub-bucket vectors and entries.
    inner_bytes: usize,
    tie: TieBreak,
}

impl BucketQueue {
    pub(crate) fn new() -> Self {
        Self { buckets: Vec::new(), cursor: 0, len: 0, inner_bytes: 0, tie: TieBreak::LargerG }
    }

    /// Empties the queue, keeping capacity.
    pub(crate) fn clear(&mut self, tie: TieBreak) {
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

    pub(crate) fn bytes(&self) -> usize {
        vec_bytes(&self.buckets) + self.inner_bytes
    }

    /// Bytes that [`push`](Self::push)ing `(f, g)` adds.
    pub(crate) fn growth(&self, f: u32, g: u32) -> usize {
        let (f, s) = (f as usize, g as usize);
        let mut extra = 0;
        if f >= self.buckets.len() {
            extra += (f + 1).saturating_sub(self.buckets.capacity()) * size_of::<Bucket>();
            return extra + (s + 1) * size_of::<Vec<Entry>>() + growth(&Vec::<Entry>::new());
        }
        let b = &self.buckets[f];
        if s >= b.subs.len() {
            extra += (s + 1).saturating_sub(b.subs.capacity()) * size_of::<Vec<Entry>>();
            return extra + growth(&Vec::<Entry>::new());
        }
        growth(&b.subs[s])
    }

    /// Queues node `id` with priority `f` and path cost `g`; grows exactly as
    /// [`growth`](Self::growth) predicted.
    #[inline]
    pub(crate) fn push(&mut self, f: u32, g: u32, id: u32) {
        let (fi, s) = (f as usize, g as usize);
        // Fast path: the sub-bucket exists and has room.
        if let Some(b) = self.buckets.get_mut(fi)
            && let Some(v) = b.subs.get_mut(s)
            && v.len() < v.capacity()
        {
            v.push(id);
            self.count(fi, s);
            return;
        }
        self.push_growing(fi, s, id);
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
    fn push_growing(&mut self, fi: usize, s: usize, id: u32) {
        if fi >= self.buckets.len() {
            let before = self.buckets.capacity();
            if fi + 1 > before {
                self.buckets.reserve_exact(fi + 1 - self.buckets.len());
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
            let before = b.subs.capacity();
            if s + 1 > before {
                b.subs.reserve_exact(s + 1 - b.subs.len());
            }
            b.subs.resize_with(s + 1, Vec::new);
            self.inner_bytes += (b.subs.capacity() - before) * size_of::<Vec<Entry>>();
        }
        let v = &mut b.subs[s];
        self.inner_bytes += growth(v);
        push(v, id);
        self.count(fi, s);
    }

    /// Removes the entry with the lowest `f`, ties broken as configured: `(f, id, g)`.
    pub(crate) fn pop(&mut self) -> Option<(u32, u32, u32)> {
        if self.len == 0 {
            return None;
        }
        while self.buckets[self.cursor].count == 0 {
            self.cursor += 1;
        }
        let f = self.cursor;
        let b = &mut self.buckets[f];
        let id = loop {
            if let Some(id) = b.subs[b.hint].pop() {
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
