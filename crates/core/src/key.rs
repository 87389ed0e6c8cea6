//! [`Key`]: the canonical identity of a position, for duplicate detection.

use std::fmt;

use crate::board::BoardN;
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

    /// The 64-bit Zobrist hash of this key; equals [`Board::hash64`](crate::Board::hash64) of its board.
    pub fn hash64(&self) -> u64 {
        // Eight codes per six bytes, unpacked from one `u64` (search tables rehash stored keys
        // with this when they grow).
        let mut h = 0;
        for (group, bytes) in self.0.chunks(6).enumerate() {
            let mut word = [0u8; 8];
            word[..bytes.len()].copy_from_slice(bytes);
            let x = u64::from_le_bytes(word);
            for j in 0..bytes.len() * 8 / 6 {
                h ^= zobrist::code((group * 8 + j) as u8, (x >> (6 * j)) as u8);
            }
        }
        h
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

impl<const C: usize, const F: usize> BoardN<C, F> {
    /// The canonical key of this position; see [`Key`].
    #[inline]
    pub fn key(&self) -> Key {
        // Eight 6-bit codes fill six bytes exactly; packing eight at a time in one `u64` takes
        // a third of the instructions of four at a time, and `key` runs once per generated
        // node. Each group writes 8 bytes whose top two are zero and which the next group
        // overwrites; the seventh group packs codes 52–55 (padding) into bytes 39–41, which
        // are dropped. Every code is below 64, so the masks only separate the lanes.
        let mut out = [0u8; 48];
        for i in 0..7 {
            let mut word = [0u8; 8];
            word.copy_from_slice(&self.below[8 * i..8 * i + 8]);
            let x = u64::from_le_bytes(word);
            // Pairs of codes into 12 bits of each 16-bit lane, then quads into 24 bits of each
            // 32-bit lane, then all eight into the low 48 bits.
            let x = (x & 0x003f_003f_003f_003f) | ((x >> 2) & 0x0fc0_0fc0_0fc0_0fc0);
            let x = (x & 0x0000_0fff_0000_0fff) | ((x >> 4) & 0x00ff_f000_00ff_f000);
            let x = (x & 0x0000_0000_00ff_ffff) | ((x >> 8) & 0x0000_ffff_ff00_0000);
            out[6 * i..6 * i + 8].copy_from_slice(&x.to_le_bytes());
        }
        let mut key = [0u8; KEY_BYTES];
        key.copy_from_slice(&out[..KEY_BYTES]);
        Key(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{next, shuffled_deck};
    use crate::{Automove, Board, Layout, MoveModel, Rules};

    /// The code of card `card` (0 … 51), read bit by bit.
    fn code(key: &Key, card: usize) -> u8 {
        let bit = card * 6;
        let (byte, shift) = (bit / 8, bit % 8);
        let low = u16::from(key.0[byte]);
        let high = u16::from(*key.0.get(byte + 1).unwrap_or(&0));
        (((high << 8 | low) >> shift) & 63) as u8
    }

    /// The straightforward packing: four codes into three bytes.
    fn reference(board: &Board) -> [u8; KEY_BYTES] {
        let mut out = [0u8; KEY_BYTES];
        for (codes, bytes) in board.below[..52].chunks_exact(4).zip(out.chunks_exact_mut(3)) {
            let word =
                u32::from(codes[0]) | u32::from(codes[1]) << 6 | u32::from(codes[2]) << 12 | u32::from(codes[3]) << 18;
            bytes.copy_from_slice(&word.to_le_bytes()[..3]);
        }
        out
    }

    #[test]
    fn key_equals_the_reference_packing_along_playouts() {
        let mut seed = 7u64;
        for game in 0..30 {
            let deck = shuffled_deck(&mut seed);
            let rules = match game % 3 {
                0 => Rules::freecell(),
                1 => Rules { free_cells: 2, ..Rules::freecell() },
                _ => Rules::seahaven_towers(),
            };
            let mut board = Board::try_from(Layout::deal(rules, &deck, 0)).unwrap();
            let mut moves = Vec::new();
            for _ in 0..300 {
                let key = board.key();
                assert_eq!(*key.as_bytes(), reference(&board));
                assert_eq!(key.hash64(), board.hash64());
                assert_eq!(key.hash64(), (0..52).fold(0, |h, card| h ^ zobrist::code(card as u8, code(&key, card))));
                moves.clear();
                board.generate_moves(MoveModel::Sequence, &mut moves);
                if moves.is_empty() {
                    break;
                }
                board.apply_unchecked(moves[(next(&mut seed) % moves.len() as u64) as usize]);
                board.play_automoves(Automove::Horne);
            }
        }
    }
}
