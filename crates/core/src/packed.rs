//! [`Packer`] and [`Packed`]: positions reachable from one start position in 20 bytes, for
//! searches that store millions of them.
//!
//! # Why 3 bits a card are enough
//! A position is fixed, up to the order of cascades and cells, by what each card lies on
//! (see [`Key`](crate::Key)). A card lies on another card in a position reached by legal
//! moves only in two ways: the start position put it there, or a move placed it (or the
//! run it was the deepest card of) there, and a move places a card only on a card it
//! *stacks on* under the build rule: at most four cards (one rank higher; two under
//! FreeCell's alternating colours, one under same-suit building, four under any-suit
//! building). So each card's place is one of eight codes: home, a free cell, the bottom of
//! a cascade, one of its (up to four) stacking parents, or the card it lay on in the start
//! position. When the start position's card is also a stacking parent, the parent's code
//! is used, so every position has exactly one packing: [`Packed`] values are equal exactly
//! when the positions' [`Key`](crate::Key)s are.
//!
//! 52 codes of 3 bits are 156 bits, stored in 20 bytes (the key proper takes 39).

use crate::board::{BOARD_CASCADES, BOARD_CELLS, BOTTOM, BoardN, CELL, HOME, NONE, RANKS};
use crate::card::Card;
use crate::zobrist;

/// Bytes in a [`Packed`] position.
pub const PACKED_BYTES: usize = 20;

/// Codes of the 3-bit packing.
const CODE_HOME: u8 = 0;
const CODE_CELL: u8 = 1;
const CODE_BOTTOM: u8 = 2;
const CODE_START: u8 = 3;
/// Codes 4 … 7: the first … fourth stacking parent.
const CODE_PARENT: u8 = 4;

/// A position packed by a [`Packer`]: 20 bytes, equal exactly when the positions' keys are.
///
/// It means something only to the packer that made it (the start position fills in the
/// code "where it lay at the start").
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Packed(pub [u8; PACKED_BYTES]);

impl Packed {
    /// Cards still lying where the start position put them, on a card they do not stack
    /// on (the cards coded "where it lay at the start"). A move puts a card only home, in a
    /// free cell, in an empty cascade or on a card it stacks on, so no move makes such a
    /// card, and one that lifts such a card ends it: along any game this count never
    /// grows.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Packer};
    /// // The nine lies on the jack: it cannot go back once moved.
    /// let start: Board = "Foundations: H-8 C-K D-K S-K\n: JH 9H\n: TH\n: QH KH\n".parse()?;
    /// let packer = Packer::new(&start);
    /// assert_eq!(packer.pack(&start).unwrap().out_of_order(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn out_of_order(&self) -> u32 {
        // CODE_START (binary 011) in each 3-bit field: low and middle bits set, high clear.
        const _: () = assert!(CODE_START == 0b011);
        const LOW: u128 = 0o111_111_111_111_111_111_111_111_111_111_111_111_111_111;
        let b = &self.0;
        let mut lo_bytes = [0u8; 16];
        lo_bytes.copy_from_slice(&b[..16]);
        let lo = u128::from_le_bytes(lo_bytes) & ((1 << (3 * 42)) - 1);
        let hi = u128::from(u32::from_le_bytes([b[16], b[17], b[18], b[19]]) & ((1 << (3 * 10)) - 1));
        let start = |x: u128| (x & (x >> 1) & !(x >> 2) & LOW).count_ones();
        start(lo) + start(hi)
    }

    /// A 64-bit hash of the bytes, for hash tables.
    #[inline]
    pub fn hash64(&self) -> u64 {
        let bytes = &self.0;
        let mut low = [0u8; 8];
        low.copy_from_slice(&bytes[..8]);
        let mut mid = [0u8; 8];
        mid.copy_from_slice(&bytes[8..16]);
        let high = u64::from(u32::from_le_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]));
        let mut h = u64::from_le_bytes(low).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ u64::from_le_bytes(mid).rotate_left(23).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= high.wrapping_mul(0x1656_67B1_9E37_79F9);
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^ (h >> 32)
    }
}

impl std::fmt::Debug for Packed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Packed(")?;
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        write!(f, ")")
    }
}

/// Packs and unpacks the positions reachable from one start position.
///
/// # Why 3 bits a card are enough
/// A position is fixed, up to the order of cascades and cells, by what each card lies on
/// (see [`Key`](crate::Key)). In a position reached by legal moves a card lies on another
/// card only because the start position put it there or because a move placed it (or the
/// run it was the deepest card of) there, and a move places a card only on a card it
/// *stacks on* under the build rule: at most four cards. So each card's place is one of
/// eight codes: home, a free cell, the bottom of a cascade, one of its (up to four)
/// stacking parents, or the card it lay on at the start. When the start's card is also a
/// stacking parent, the parent's code is used, so every position has exactly one packing:
/// [`Packed`] values are equal exactly when the positions' keys are.
///
/// # Examples
/// ```
/// use freecell_core::{Board, Card, Layout, MoveModel, Packer, Rules};
/// let deck: Vec<Card> = Card::deck().collect();
/// let start = Board::try_from(Layout::deal(Rules::freecell(), &deck, 0)).unwrap();
/// let packer = Packer::new(&start);
/// let mut moves = Vec::new();
/// start.generate_moves(MoveModel::Sequence, &mut moves);
/// let mut board = start.clone();
/// board.apply(moves[0]).unwrap();
/// let packed = packer.pack(&board).expect("reached by a legal move");
/// let back = packer.unpack(&packed);
/// assert_eq!(back.key(), board.key());
/// assert_eq!(packer.pack(&back), Some(packed));
/// ```
///
/// Generic over the board's width like [`BoardN`]; `Packer` alone packs [`Board`](crate::Board)s.
#[derive(Clone, Debug)]
pub struct Packer<const C: usize = BOARD_CASCADES, const F: usize = BOARD_CELLS> {
    start: BoardN<C, F>,
    /// For each card, the card it lay on at the start (or `NONE`).
    start_below: [u8; 52],
    /// For each card, the cards it stacks on under the build rule, `NONE` for fewer.
    parents: [[u8; 4]; 52],
    /// For each card, the `below` code each 3-bit code stands for: [`unpack`](Self::unpack)
    /// looks codes up rather than telling them apart (64 rows, so that a masked index needs
    /// no bounds check).
    decode: [[u8; 8]; 64],
}

impl<const C: usize, const F: usize> Packer<C, F> {
    /// A packer for positions reached from `start` by legal moves (under `start`'s rules).
    pub fn new(start: &BoardN<C, F>) -> Self {
        let mut start_below = [NONE; 52];
        let mut parents = [[NONE; 4]; 52];
        let build = start.rules.build;
        for card in Card::deck() {
            let c = card.index();
            if start.below[c] < 52 {
                start_below[c] = start.below[c];
            }
            let mut k = 0;
            for onto in Card::deck() {
                if k < 4 && build.stacks(card, onto) {
                    parents[c][k] = onto.index() as u8;
                    k += 1;
                }
            }
        }
        let mut decode = [[NONE; 8]; 64];
        for (c, codes) in decode.iter_mut().enumerate().take(52) {
            codes[usize::from(CODE_HOME)] = HOME;
            codes[usize::from(CODE_CELL)] = CELL;
            codes[usize::from(CODE_BOTTOM)] = BOTTOM;
            codes[usize::from(CODE_START)] = start_below[c];
            codes[usize::from(CODE_PARENT)..].copy_from_slice(&parents[c]);
        }
        Packer { start: start.clone(), start_below, parents, decode }
    }

    /// The start position.
    pub fn start(&self) -> &BoardN<C, F> {
        &self.start
    }

    /// `board` packed, or `None` when some card lies on a card that is neither where it lay
    /// at the start nor a card it stacks on (`board` is not reachable from the start).
    #[inline]
    pub fn pack(&self, board: &BoardN<C, F>) -> Option<Packed> {
        let mut lo: u128 = 0;
        let mut hi: u32 = 0;
        for c in 0..52 {
            let code = self.code(c, board.below[c])?;
            if c < 42 {
                lo |= u128::from(code) << (3 * c);
            } else {
                hi |= u32::from(code) << (3 * (c - 42));
            }
        }
        let mut out = [0u8; PACKED_BYTES];
        out[..16].copy_from_slice(&lo.to_le_bytes());
        out[16..].copy_from_slice(&hi.to_le_bytes());
        Some(Packed(out))
    }

    /// `after` packed, given `before` and its packing: only the cards whose place differs
    /// between the two boards are coded again (a move changes one card's place, each
    /// automove one more), so this is much cheaper than [`pack`](Self::pack). `None` as for
    /// `pack`.
    ///
    /// `packed` must be `before`'s packing by this packer.
    #[inline]
    pub fn repack(&self, packed: &Packed, before: &BoardN<C, F>, after: &BoardN<C, F>) -> Option<Packed> {
        let b = &packed.0;
        let mut lo_bytes = [0u8; 16];
        lo_bytes.copy_from_slice(&b[..16]);
        let mut lo = u128::from_le_bytes(lo_bytes);
        let mut hi = u32::from_le_bytes([b[16], b[17], b[18], b[19]]);
        for (w, (x, y)) in before.below.chunks_exact(8).zip(after.below.chunks_exact(8)).enumerate().take(7) {
            let mut x8 = [0u8; 8];
            x8.copy_from_slice(x);
            let mut y8 = [0u8; 8];
            y8.copy_from_slice(y);
            let mut diff = u64::from_le_bytes(x8) ^ u64::from_le_bytes(y8);
            while diff != 0 {
                let byte = diff.trailing_zeros() as usize / 8;
                diff &= !(0xff << (byte * 8));
                let c = w * 8 + byte;
                if c >= 52 {
                    break;
                }
                let code = self.code(c, after.below[c])?;
                if c < 42 {
                    lo = (lo & !(7u128 << (3 * c))) | (u128::from(code) << (3 * c));
                } else {
                    hi = (hi & !(7u32 << (3 * (c - 42)))) | (u32::from(code) << (3 * (c - 42)));
                }
            }
        }
        let mut out = [0u8; PACKED_BYTES];
        out[..16].copy_from_slice(&lo.to_le_bytes());
        out[16..].copy_from_slice(&hi.to_le_bytes());
        Some(Packed(out))
    }

    /// The 3-bit code of card `c` lying on `b` (a `below` code).
    #[inline]
    fn code(&self, c: usize, b: u8) -> Option<u8> {
        Some(match b {
            HOME => CODE_HOME,
            CELL => CODE_CELL,
            BOTTOM => CODE_BOTTOM,
            _ => {
                let p = &self.parents[c];
                if p[0] == b {
                    CODE_PARENT
                } else if p[1] == b {
                    CODE_PARENT + 1
                } else if p[2] == b {
                    CODE_PARENT + 2
                } else if p[3] == b {
                    CODE_PARENT + 3
                } else if self.start_below[c] == b {
                    CODE_START
                } else {
                    return None;
                }
            }
        })
    }

    /// The position `packed` stands for, with its cascades ordered by their deepest card
    /// and its free cells by card (the canonical order; moves of the board returned refer
    /// to that order).
    ///
    /// `packed` must come from [`pack`](Self::pack) of this packer; anything else gives a
    /// board that may break [`Board`](crate::Board)'s invariants.
    pub fn unpack(&self, packed: &Packed) -> BoardN<C, F> {
        // The searches that store positions rebuild one at every expansion, so this is
        // their hot path: one pass over the cards decodes, hashes and sorts them into piles.
        let rules = self.start.rules;
        let mut below = [NONE; 64];
        let mut on = [NONE; 64];
        let mut home = [0u8; 4];
        let mut hash = 0;
        let (mut bottoms, mut cells) = ([NONE; C], [NONE; F]);
        let (mut cascade, mut cell) = (0, 0);
        for (first, count, bits) in code_groups(packed) {
            // Codes read from a 32-bit word: shifting a `u128` by a variable amount cost a
            // branch a card.
            for k in 0..count {
                let c = first + k;
                let code = (bits >> (3 * k)) as u8 & 7;
                let place = self.decode[usize::from(c & 63)][usize::from(code)];
                below[usize::from(c)] = place;
                hash ^= zobrist::code(c, place);
                match place {
                    HOME => {
                        let suit = usize::from(c % 4);
                        home[suit] = home[suit].max(c / 4 + 1);
                    }
                    CELL => {
                        if cell < F {
                            cells[cell] = c;
                        }
                        cell += 1;
                    }
                    BOTTOM => {
                        if cascade < C {
                            bottoms[cascade] = c;
                        }
                        cascade += 1;
                    }
                    onto => on[usize::from(onto & 63)] = c,
                }
            }
        }
        below[RANKS..RANKS + 4].copy_from_slice(&home);
        let (mut tops, mut lens, mut based) = ([NONE; C], [0; C], [0; C]);
        for i in 0..cascade.min(C) {
            let mut top = bottoms[i];
            let mut len = 1u8;
            let mut base = 1u8;
            let mut built = true;
            while on[usize::from(top)] != NONE {
                let next = on[usize::from(top)];
                // `parents` lists the cards a card stacks on.
                if built && self.parents[usize::from(next)].contains(&top) {
                    base += 1;
                } else {
                    built = false;
                }
                top = next;
                len += 1;
            }
            tops[i] = top;
            lens[i] = len;
            based[i] = base;
        }
        let mut board = BoardN {
            rules,
            below,
            tops,
            lens,
            bottoms,
            based,
            built: 0,
            empty_cell_count: 0,
            empty_cascade_count: 0,
            cells,
            hash,
        };
        board.sum_up_piles();
        board
    }
}

impl<const C: usize, const F: usize> BoardN<C, F> {
    /// Puts the cascades in order of their deepest card and the free cells in order of
    /// card, the empty ones last: the order [`Packer::unpack`] rebuilds a position in, so
    /// that a board reached by moves and the same position unpacked are equal, and list
    /// their moves in the same order. A search that keeps some boards and unpacks others
    /// (`fast`'s proof) expands each position the same way whichever it did.
    ///
    /// # Examples
    /// ```
    /// use freecell_core::{Board, Packer};
    /// let start: Board = "Foundations: H-Q C-K D-K S-J\n: KH\n: KS\n: QS\n".parse()?;
    /// let packer = Packer::new(&start);
    /// let mut board = start.clone();
    /// board.sort_piles();
    /// assert_eq!(board, packer.unpack(&packer.pack(&start).expect("the start packs")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sort_piles(&mut self) {
        // Insertion sorts: ten cascades and eight cells at most, and usually in order
        // already but for the piles the last move touched. An empty pile's `NONE` sorts last.
        for i in 1..C {
            let mut j = i;
            while j > 0 && self.bottoms[j - 1] > self.bottoms[j] {
                self.tops.swap(j - 1, j);
                self.lens.swap(j - 1, j);
                self.bottoms.swap(j - 1, j);
                self.based.swap(j - 1, j);
                j -= 1;
            }
        }
        self.cells.sort_unstable();
    }
}

/// The 52 codes of `packed` as groups of consecutive cards: the first card, how many, and
/// their codes, 3 bits each from the lowest. Cards 0–41 fill the first 16 bytes (126 bits,
/// eight cards to three bytes), cards 42–51 the last four.
#[inline]
fn code_groups(packed: &Packed) -> [(u8, u8, u32); 7] {
    let b = &packed.0;
    let three = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], 0]);
    [
        (0, 8, three(0)),
        (8, 8, three(3)),
        (16, 8, three(6)),
        (24, 8, three(9)),
        (32, 8, three(12)),
        (40, 2, u32::from(b[15])),
        (42, 10, u32::from_le_bytes([b[16], b[17], b[18], b[19]])),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{next, shuffled_deck};
    use crate::{Automove, Board, BuildRule, Layout, MoveModel, Rules};

    /// Under each build rule (a card has two parents, one or four), a board unpacked is the
    /// board packed, down to the summaries and the hash a board keeps.
    #[test]
    fn packing_round_trips_along_playouts() {
        let mut seed = 1u64;
        let builds = [BuildRule::AlternateColour, BuildRule::SameSuit, BuildRule::AnySuit];
        for (game, build) in builds.into_iter().flat_map(|build| (0..20).map(move |game| (game, build))) {
            let deck = shuffled_deck(&mut seed);
            let rules = Rules { build, ..Rules::freecell() };
            let start = Board::try_from(Layout::deal(rules, &deck, 0)).unwrap();
            let coder = Packer::new(&start);
            let mut board = start.clone();
            let mut moves = Vec::new();
            let model = if game % 2 == 0 { MoveModel::Atomic } else { MoveModel::Sequence };
            for _ in 0..200 {
                let packed = coder.pack(&board).expect("reachable positions pack");
                let back = coder.unpack(&packed);
                assert_eq!(back.key(), board.key());
                assert_eq!(back.hash64(), board.hash64());
                assert_eq!(back.cards_home(), board.cards_home());
                assert_eq!(back.empty_cells(), board.empty_cells());
                assert_eq!(back.empty_cascades(), board.empty_cascades());
                // The unpacked board is a valid board: it equals its own layout rebuilt.
                assert_eq!(Board::try_from(back.to_layout()).unwrap(), back);
                assert_eq!(coder.pack(&back), Some(packed));
                // Sorted, the board reached by moves is the board unpacked, field by field.
                let mut sorted = board.clone();
                sorted.sort_piles();
                assert!(sorted == back, "{board}");
                moves.clear();
                board.generate_moves(model, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let before = board.clone();
                board.apply_unchecked(moves[(next(&mut seed) % moves.len() as u64) as usize]);
                board.play_automoves(Automove::Horne);
                assert_eq!(coder.repack(&packed, &before, &board), coder.pack(&board));
                // Also from the canonical (unpacked) order of the position before.
                let mut after = back.clone();
                let mut back_moves = Vec::new();
                back.generate_moves(model, &mut back_moves);
                if let Some(&mv) = back_moves.first() {
                    after.apply_unchecked(mv);
                    assert_eq!(coder.repack(&packed, &back, &after), coder.pack(&after));
                }
            }
        }
    }

    #[test]
    fn distinct_positions_pack_differently() {
        let deck: Vec<Card> = Card::deck().collect();
        let start = Board::try_from(Layout::deal(Rules::freecell(), &deck, 0)).unwrap();
        let packer = Packer::new(&start);
        let mut moves = Vec::new();
        start.generate_moves(MoveModel::Atomic, &mut moves);
        let mut seen = std::collections::HashMap::new();
        for &mv in &moves {
            let mut b = start.clone();
            b.apply_unchecked(mv);
            let p = packer.pack(&b).unwrap();
            if let Some(key) = seen.insert(p, b.key()) {
                assert_eq!(key, b.key());
            }
        }
        assert!(seen.len() > 1);
    }
}
