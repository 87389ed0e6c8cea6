//! The containers the engines store their searches in, public so that an engine written
//! outside this crate (the FreeCell solver's own) stores its nodes, queues and seen sets the
//! same way: every growth fallible, every byte counted before it is allocated.
//!
//! - [`bytes`]: the growth rule of every vector here (×1.5, through `try_reserve`), the
//!   [`OutOfMemory`] error, and byte accounting: what is [`held`](bytes::held), what the next
//!   growth adds, and what a container grown from empty would hold.
//! - Queues for small integer priorities: [`BucketQueue`] (by `f` then `g`, 4-byte entries,
//!   a node may be queued again) and [`LinkedBuckets`] (threaded through the caller's nodes,
//!   nothing per node).
//! - Hash tables: [`Table`] (keys to small values), [`IdTable`] (4-byte slots of ids into the
//!   caller's storage), [`KeySet`] (keys in a vector, found through an `IdTable`) and
//!   [`HashSet64`] (64-bit hashes, 4-byte slots, for searches that let a hash stand for a
//!   state).
//! - [`Arena`]: a search problem's states stored once, indexed by [`NodeId`], with parents as
//!   ids and path costs, over an `IdTable`.
//!
//! Growth is fallible throughout: when the allocator refuses, the operation returns
//! [`OutOfMemory`] and the structure is left as it was, except where a method says otherwise
//! (and then only its `clear` may follow). A search ends then as if its byte budget ran out.
//! A hash table's growth moves every entry it holds, which takes seconds once it holds
//! hundreds of millions: it calls the search's [`Observer::on_work`](crate::Observer::on_work)
//! every [`WORK_SLICE`](crate::WORK_SLICE) entries, and ends
//! [`Stopped`](crate::UndecidedReason::Stopped) part way when that says stop.

mod arena;
mod bucket_queue;
pub mod bytes;
mod hash_set64;
mod id_table;
mod key_set;
mod linked_buckets;
mod prefetch;
mod table;

pub use arena::{Arena, NO_PARENT, NodeId};
pub use bucket_queue::{BucketQueue, TieBreak};
pub use bytes::OutOfMemory;
pub use hash_set64::HashSet64;
pub use id_table::IdTable;
pub use key_set::KeySet;
pub use linked_buckets::LinkedBuckets;
pub use prefetch::{prefetch, prefetch_whole};
pub(crate) use table::hasher;
pub use table::{Probe, Table, Vacant};

/// The most eighths of a table's slots filled: the load limit of [`Table`], and
/// [`IdTable`]'s by default.
const MAX_LOAD_EIGHTHS: usize = 7;

/// How many entries ahead a growing table loads the slot an entry will land in: its rehash
/// reads the entries in order and writes each at a random slot, a cache miss each once the
/// table outgrows the cache; loaded this far ahead, some sixteen misses overlap (about what
/// a core keeps in flight) instead of each waiting for the one before.
const REHASH_AHEAD: usize = 16;

/// Whether a table of `slots` slots holding `len` keys would be more than `eighths`/8 full
/// with one more.
#[inline]
fn over_load(len: usize, slots: usize, eighths: usize) -> bool {
    (len + 1) * 8 > slots * eighths
}
