//! [`Key`]: the canonical identity of a position, for duplicate detection.

use std::fmt;

use crate::board::Board;
use crate::zobrist;

/// Bytes in a [`Key`]: 52 six-bit codes.
pub const KEY_BYTES: usize = 39;

/// A position's canonical identity: equal for two boards exactly when they differ only by
/// the order of their cascades and of their free cells.
///
/// It packs, for each card in deck order, what that card lies on (another card, the bottom
/// of a cascade, a free cell, or its foundation) into 6 bits: 39 bytes in all. Those 52
/// facts determine the position up to the order of cascades and cells, and nothing else
/// does, so the key needs no sorting.
///
/// # Examples
/// ```
/// use freecell_core::{Board, Card, Layout, Rules};
/// let deck: Vec<Card> = Card::deck().collect();
/// let mut layout = Layout::deal(Rules::freecell(), &deck, 0);
/// let a = Board::try_from(layout.clone()).unwrap();
/// layout.cascades.swap(0, 5);
/// let b = Board::try_from(layout).unwrap();
/// assert_ne!(a, b);
/// assert_eq!(a.key(), b.key());
/// assert_eq!(a.key().hash64(), b.hash64());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key([u8; KEY_BYTES]);

impl Key {
    /// The packed bytes.
    #[inline]
    pub fn as_bytes(&self) -> &[u8; KEY_BYTES] {
        &self.0
    }

    /// Rebuilds a key from bytes produced by [`Key::as_bytes`].
    #[inline]
    pub fn from_bytes(bytes: [u8; KEY_BYTES]) -> Key {
        Key(bytes)
    }

    /// The code of card `card` (0 … 51).
    #[inline]
    fn code(&self, card: usize) -> u8 {
        let bit = card * 6;
        let (byte, shift) = (bit / 8, bit % 8);
        let low = u16::from(self.0[byte]);
        let high = u16::from(*self.0.get(byte + 1).unwrap_or(&0));
        (((high << 8 | low) >> shift) & 63) as u8
    }

    /// The 64-bit Zobrist hash of this key; equals [`Board::hash64`] of its board.
    pub fn hash64(&self) -> u64 {
        (0..52).fold(0, |h, card| h ^ zobrist::code(card as u8, self.code(card)))
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Key(")?;
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        write!(f, ")")
    }
}

impl Board {
    /// The canonical key of this position; see [`Key`].
    #[inline]
    pub fn key(&self) -> Key {
        let mut out = [0u8; KEY_BYTES];
        // Four 6-bit codes fill three bytes exactly.
        for (codes, bytes) in self.below[..52].chunks_exact(4).zip(out.chunks_exact_mut(3)) {
            let word =
                u32::from(codes[0]) | u32::from(codes[1]) << 6 | u32::from(codes[2]) << 12 | u32::from(codes[3]) << 18;
            bytes.copy_from_slice(&word.to_le_bytes()[..3]);
        }
        Key(out)
    }
}
