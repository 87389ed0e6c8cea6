//! [`LinkedBuckets`]: a bucket queue threaded through the caller's nodes.

use std::mem::size_of;

use super::OutOfMemory;
use super::bytes::{held, reserve_exact};

/// A priority queue of node ids for small integer priorities, threaded through the nodes:
/// one stack of waiting nodes per priority, each node holding the id of the next one in its
/// bucket in a `u32` link of its own (the caller's field, handed to
/// [`push`](Self::push) and read back through [`pop`](Self::pop)). It pops the smallest
/// priority and, among equals, the newest node, at a constant cost per push and about one
/// per pop; it holds 4 bytes and a bit a priority and nothing per node.
///
/// **Why beside [`BucketQueue`](super::BucketQueue):** that queue keeps its own 4-byte entry
/// per queued node, so a node can be queued again at a lower cost (A* re-opening). A search
/// that queues each node once, and whose nodes have a link to spare while they wait (the
/// FreeCell solver's greedy stage reuses it once a node is expanded), holds nothing per node
/// here.
///
/// Priorities must be reserved before they are pushed ([`reserve`](Self::reserve)), so that
/// a push cannot fail and the byte check can come first.
///
/// # Examples
///
/// ```
/// use freecell_search::containers::LinkedBuckets;
///
/// let mut links = vec![LinkedBuckets::END; 3];
/// let mut open = LinkedBuckets::default();
/// open.reserve(10)?;
/// for (id, priority) in [(0, 7), (1, 2), (2, 7)] {
///     open.push(&mut links[id as usize], id, priority);
/// }
/// let pop = |open: &mut LinkedBuckets| open.pop(|id| links[id as usize]);
/// assert_eq!([pop(&mut open), pop(&mut open), pop(&mut open), pop(&mut open)], [Some(1), Some(2), Some(0), None]);
/// # Ok::<(), freecell_search::containers::OutOfMemory>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct LinkedBuckets {
    /// Per priority: the newest node waiting with it, or [`END`](Self::END).
    heads: Vec<u32>,
    /// Per block of 64 priorities, which buckets hold a node (bit `p % 64` of word
    /// `p / 64`): a pop finds the next one a word at a time, not a bucket at a time. A
    /// greedy search's priorities lie sparse: scanning the empty buckets between them was
    /// 1.8 % of the FreeCell solver's instructions; with the bits set at each push, 0.5 %
    /// fewer in all (callgrind, `freecell census run --sample 2000`).
    occupied: Vec<u64>,
    /// No bucket below this one holds a node.
    min: usize,
    len: usize,
}

impl LinkedBuckets {
    /// The link of the last node of a bucket (no next node).
    pub const END: u32 = u32::MAX;

    /// Buckets are held in multiples of this.
    const BLOCK: usize = 64;

    /// Empties the queue. Its buckets go too (priorities must be reserved again), but their
    /// capacity stays, so reserving them again allocates nothing.
    pub fn clear(&mut self) {
        self.heads.clear();
        self.occupied.clear();
        self.min = 0;
        self.len = 0;
    }

    /// Nodes queued.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no node is queued.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Buckets held: the priorities below this may be pushed.
    pub fn buckets(&self) -> usize {
        self.heads.len()
    }

    /// Bytes held (the bucket heads and their bits, by capacity).
    pub fn bytes(&self) -> usize {
        held(&self.heads) + held(&self.occupied)
    }

    /// Buckets held for priorities below `n`: a multiple of 64, so that a search whose
    /// priorities rise with depth reserves once every few dozen levels rather than at each.
    pub fn buckets_for(n: usize) -> usize {
        n.next_multiple_of(Self::BLOCK)
    }

    /// Bytes held at the peak while [`reserve`](Self::reserve)`(priorities)` runs on a queue
    /// grown from empty: the new heads and their bits and, when they grow, the old ones.
    pub fn peak(&self, priorities: usize) -> usize {
        let (before, after) = (self.heads.len(), Self::buckets_for(priorities).max(self.heads.len()));
        let heads = if before == after { after } else { before + after };
        heads * size_of::<u32>() + heads / Self::BLOCK * size_of::<u64>()
    }

    /// Makes room for priorities below `n` (to [`buckets_for`](Self::buckets_for)`(n)`);
    /// [`OutOfMemory`] (nothing changed) when the allocator refuses.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] when the allocator refuses the buckets; nothing changes.
    #[inline]
    pub fn reserve(&mut self, n: usize) -> Result<(), OutOfMemory> {
        if self.heads.len() < n { self.grow(n) } else { Ok(()) }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) -> Result<(), OutOfMemory> {
        let (buckets, len) = (Self::buckets_for(n), self.heads.len());
        reserve_exact(&mut self.heads, buckets - len)?;
        reserve_exact(&mut self.occupied, (buckets - len) / Self::BLOCK)?;
        self.occupied.resize(buckets / Self::BLOCK, 0);
        // The heads come in whole blocks (see `buckets_for`), each copied at once: filled by
        // `resize`, they were 1.2 % of the instructions of a search that clears its queue
        // every few hundred nodes (the FreeCell solver's `fast` preset), copied 0.1 %.
        while self.heads.len() < buckets {
            self.heads.extend_from_slice(&[Self::END; Self::BLOCK]);
        }
        Ok(())
    }

    /// Queues node `id` at `priority`, below the reserved bound; `link` is the node's link,
    /// which holds the next node of its bucket until `id` is popped.
    #[inline]
    pub fn push(&mut self, link: &mut u32, id: u32, priority: u32) {
        let p = priority as usize;
        *link = self.heads[p];
        self.heads[p] = id;
        self.occupied[p / Self::BLOCK] |= 1 << (p % Self::BLOCK);
        self.min = self.min.min(p);
        self.len += 1;
    }

    /// The best waiting node, left on the queue: the next [`pop`](Self::pop)'s unless a
    /// better or equal node is pushed first. A search may load what that node will need
    /// while it expands the node before.
    #[inline]
    pub fn peek(&self) -> Option<u32> {
        (self.len > 0).then(|| self.heads[self.first_occupied()])
    }

    /// The best waiting node, taken off the queue; `link_of(id)` reads the link
    /// [`push`](Self::push) wrote for node `id`.
    #[inline]
    pub fn pop(&mut self, link_of: impl Fn(u32) -> u32) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        // The first occupied bucket from `min` on, as `first_occupied` finds it, written out
        // as before `peek`: with the scan shared, the FreeCell solver's greedy loop, into
        // which this is inlined, was laid out anew and took more instructions.
        let mut word = self.min / Self::BLOCK;
        let mut bits = self.occupied[word] & (u64::MAX << (self.min % Self::BLOCK));
        while bits == 0 {
            word += 1;
            bits = self.occupied[word];
        }
        let p = word * Self::BLOCK + bits.trailing_zeros() as usize;
        self.min = p;
        let id = self.heads[p];
        let next = link_of(id);
        self.heads[p] = next;
        if next == Self::END {
            self.occupied[word] &= !(1 << (p % Self::BLOCK));
        }
        self.len -= 1;
        Some(id)
    }

    /// Queues again node `id`, the one the last [`pop`](Self::pop) took, where it was: the
    /// next pop takes it again. Only while nothing was pushed since that pop (which left
    /// `min` at the node's bucket). For a search that takes a node and then finds it cannot
    /// expand it (its byte limit), so that it can be resumed as if it had stopped before.
    #[cold]
    pub fn requeue(&mut self, link: &mut u32, id: u32) {
        self.push(link, id, self.min as u32);
    }

    /// The first occupied bucket from `min` on; one must exist (a node waits).
    fn first_occupied(&self) -> usize {
        let mut word = self.min / Self::BLOCK;
        let mut bits = self.occupied[word] & (u64::MAX << (self.min % Self::BLOCK));
        while bits == 0 {
            word += 1;
            bits = self.occupied[word];
        }
        word * Self::BLOCK + bits.trailing_zeros() as usize
    }
}

#[cfg(test)]
mod tests {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Pops in the order of a binary heap on (priority, newest node), across clears; until
        /// the first clear (a cold queue), it never holds more than its modelled peak.
        #[test]
        fn pops_as_a_binary_heap(rounds in prop::collection::vec(prop::collection::vec(prop::option::weighted(0.7, 0u32..150), 0..500), 1..3)) {
            let mut open = LinkedBuckets::default();
            for (cold, round) in rounds.into_iter().enumerate().map(|(k, round)| (k == 0, round)) {
                open.clear();
                let mut links = Vec::new();
                let mut heap = BinaryHeap::new();
                for op in round {
                    if let Some(priority) = op {
                            let id = links.len() as u32;
                            links.push(LinkedBuckets::END);
                            let before = open.bytes();
                            let peak = open.peak(priority as usize + 1);
                            open.reserve(priority as usize + 1).unwrap();
                            prop_assert!(!cold || before.max(open.bytes()) <= peak);
                            prop_assert!(open.buckets() > priority as usize);
                            open.push(&mut links[id as usize], id, priority);
                            heap.push(Reverse((priority, Reverse(id))));
                    } else {
                            let want = heap.pop().map(|Reverse((_, Reverse(id)))| id);
                            prop_assert_eq!(open.peek(), want);
                            let got = open.pop(|id| links[id as usize]);
                            prop_assert_eq!(got, want);
                            if let Some(id) = got.filter(|id| id % 3 == 0) {
                                // Queued again and taken again: the queue is as before.
                                open.requeue(&mut links[id as usize], id);
                                prop_assert_eq!(open.peek(), Some(id));
                                prop_assert_eq!(open.pop(|id| links[id as usize]), Some(id));
                            }
                    }
                    prop_assert_eq!(open.len(), heap.len());
                }
            }
        }
    }
}
