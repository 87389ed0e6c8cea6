//! The containers of a greedy search: its generated positions ([`Node`]), the seen set of
//! 64-bit hashes ([`HashSet64`]) and the open list, a bucket queue ([`Open`]). Each can say
//! what it would hold before it grows, so that the byte limit is checked first.

use freecell_core::Move;
use freecell_search::UndecidedReason;

use crate::memory::{push, room, try_zeroed, vec_bytes};

/// A generated position: the move that reached it from its parent, its depth, and a link
/// (the next position of its open-list bucket while it waits, its board once expanded).
///
/// Only expanded positions keep a board (about one in fifteen): a position waiting in the
/// open list is its parent's board with one move and its automoves replayed, which costs
/// less than copying every child's board into the arena and keeps the arena in cache.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) parent: u32,
    /// While the node waits in the open list: the next node of its bucket, or [`NONE`].
    /// Once it is expanded: its board's index in [`Search::boards`].
    ///
    /// [`Search::boards`]: super::greedy::Search::boards
    pub(super) link: u32,
    pub(super) mv: Move,
    pub(super) depth: u16,
}

/// No node (the end of a bucket).
pub(super) const NONE: u32 = u32::MAX;

/// a hash (its low half; the high half picks the home slot), so the table takes half the
/// room of full hashes and more of it stays in cache: the probe's load was the search's
/// largest single stall. The hashes themselves are listed aside, to clear the slots they
/// used and to rehash when the table grows.
///
/// Two hashes are taken as equal when they share a home slot's cluster and their low
/// halves: at least 44 of 64 bits (the smallest table has 2¹² slots). A false match drops
/// a state, as a 64-bit collision would: about once in 4·10⁹ probes of a used slot, or
/// 0.02 times expected over the 86 million insertions of MS 1–32,000.
#[derive(Default)]
pub(super) struct HashSet64 {
    pub(super) slots: Vec<u32>,
    pub(super) hashes: Vec<u64>,
}

impl HashSet64 {
    /// Empties the set. A table grown large by a hard deal is dropped rather than kept:
    /// the next search's probes would scatter over megabytes (a cache and TLB miss each)
    /// while an ordinary deal fits in the smallest table.
    pub(super) fn clear(&mut self) {
        if self.slots.len() > Self::KEPT_SLOTS {
            *self = HashSet64::default();
            return;
        }
        // Each hash's cluster from its home slot on: together they cover every used slot
        // (a hash lies between its home and the cluster's end), and a walk stops at the
        // first empty slot, which a walk before it may have made.
        let mask = self.slots.len().wrapping_sub(1);
        for &hash in &self.hashes {
            let mut i = Self::home(hash, mask);
            while self.slots[i] != 0 {
                self.slots[i] = 0;
                i = (i + 1) & mask;
            }
        }
        self.hashes.clear();
    }

    /// The largest table kept between searches (128 KiB of slots, within a core's L2).
    pub(super) const KEPT_SLOTS: usize = 1 << 15;

    /// The home slot of `hash`: its high bits.
    #[inline]
    fn home(hash: u64, mask: usize) -> usize {
        (hash >> 32) as usize & mask
    }

    /// The 32 bits of `hash` a slot holds; 0 marks an empty slot.
    #[inline]
    fn fingerprint(hash: u64) -> u32 {
        (hash as u32).max(1)
    }

    /// Inserts `hash`; false when it was already there. `Err` (the set unchanged) when the
    /// allocator refuses to grow it.
    #[inline(always)]
    #[allow(clippy::inline_always)] // the search's inner loop: with the `Result`, LLVM calls it
    pub(super) fn insert(&mut self, hash: u64) -> Result<bool, UndecidedReason> {
        if (self.hashes.len() + 1) * 2 > self.slots.len() {
            self.grow()?;
        }
        let (mask, fingerprint) = (self.slots.len() - 1, Self::fingerprint(hash));
        let mut i = Self::home(hash, mask);
        loop {
            let slot = self.slots[i];
            if slot == fingerprint {
                return Ok(false);
            }
            if slot == 0 {
                push(&mut self.hashes, hash)?;
                self.slots[i] = fingerprint;
                return Ok(true);
            }
            i = (i + 1) & mask;
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self) -> Result<(), UndecidedReason> {
        self.slots = try_zeroed(Self::slots_for(self.hashes.len() + 1))?;
        let mask = self.slots.len() - 1;
        for &hash in &self.hashes {
            let mut i = Self::home(hash, mask);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = Self::fingerprint(hash);
        }
        Ok(())
    }

    /// Slots of a table holding `n` hashes: a power of two at least twice `n`, and at least
    /// 2¹².
    pub(super) fn slots_for(n: usize) -> usize {
        if n == 0 { 0 } else { (n * 2).next_power_of_two().max(1 << 12) }
    }

    /// Bytes held while the table grows from `n` to `n + extra` hashes (while it rehashes,
    /// the old slots and the new ones), as a table filled from empty would hold them.
    pub(super) fn peak(n: usize, extra: usize) -> usize {
        let (before, after) = (Self::slots_for(n) * 4, Self::slots_for(n + extra) * 4);
        let slots = if before == after { after } else { before + after };
        slots + growth_peak::<u64>(n, extra)
    }
}

/// The open list: a bucket queue, one stack of waiting nodes per priority, threaded
/// through [`Node::link`]. It pops the smallest priority and, among equals, the newest
/// node (ids grow with every push), the order of a binary heap on (priority, newest), at
/// a constant cost per push and about one per pop.
#[derive(Default)]
pub(super) struct Open {
    /// Per priority: the newest node waiting with it, or [`NONE`].
    pub(super) heads: Vec<u32>,
    /// No bucket below this one holds a node.
    min: usize,
    pub(super) len: usize,
}

impl Open {
    pub(super) fn clear(&mut self) {
        self.heads.clear();
        self.min = 0;
        self.len = 0;
    }

    /// Makes room for priorities below `n`: done before a node's children are pushed, so
    /// that the byte limit can count it (see [`Search::peak`]). `Err` (nothing changed) when
    /// the allocator refuses.
    ///
    /// [`Search::peak`]: super::greedy::Search::peak
    #[inline]
    pub(super) fn reserve(&mut self, n: usize) -> Result<(), UndecidedReason> {
        if self.heads.len() < n { self.grow(n) } else { Ok(()) }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) -> Result<(), UndecidedReason> {
        let (buckets, len) = (Self::buckets_for(n), self.heads.len());
        room(&mut self.heads, buckets - len)?;
        self.heads.resize(buckets, NONE);
        Ok(())
    }

    /// Buckets held for priorities below `n`: a multiple of 64, so that the list grows once
    /// every few dozen levels of depth rather than at each (every growth makes
    /// [`Search::peak_checked`] count the bytes again).
    ///
    /// [`Search::peak_checked`]: super::greedy::Search::peak_checked
    pub(super) fn buckets_for(n: usize) -> usize {
        n.next_multiple_of(64)
    }

    /// Queues node `id` (its slot in `nodes`) at `priority`, below the reserved bound.
    #[inline]
    pub(super) fn push(&mut self, nodes: &mut [Node], id: u32, priority: u32) {
        let p = priority as usize;
        nodes[id as usize].link = self.heads[p];
        self.heads[p] = id;
        self.min = self.min.min(p);
        self.len += 1;
    }

    /// The best waiting node, taken off the list.
    #[inline]
    pub(super) fn pop(&mut self, nodes: &[Node]) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        while self.heads[self.min] == NONE {
            self.min += 1;
        }
        let id = self.heads[self.min];
        self.heads[self.min] = nodes[id as usize].link;
        self.len -= 1;
        Some(id)
    }
}

/// Bytes held while a `Vec<T>` grows from `len` to `len + extra` elements: the new
/// allocation plus, when it reallocates, the old one (see `crate::memory`).
pub(super) fn growth_peak<T>(len: usize, extra: usize) -> usize {
    let (before, after) = (vec_bytes::<T>(len), vec_bytes::<T>(len + extra));
    if before == after { after } else { before + after }
}
