//! Paul & Helmert's deadlock bound `h_p`, p = 0 … 4 ("Optimal Solitaire Game Solutions using
//! A\* Search and Deadlock Analysis", ICAPS 2016 workshop, section "Freecell Heuristics for
//! A\*"): **admissible**.
//!
//! # The graph
//! Vertices are the cards not yet home. A *blocking edge* `c → c′` says `c′` lies anywhere
//! above `c` in its cascade (`c′` must leave before `c` can move); a *foundation edge*
//! `c → c′` says `c′` is a lower card of `c`'s suit (`c′` must go home before `c`). If every
//! card moved exactly once (straight home), each edge would order one card's move before
//! another's, and a cycle would be a contradiction: on every cycle some card moves twice.
//!
//! # Hitters
//! Giving a card `x` an extra, earlier move only breaks the chain of a cycle where the
//! cycle *enters `x` by a blocking edge and leaves it by a foundation edge*: `x` lies on a
//! cycle card and waits for a lower card of its suit on the cycle. Elsewhere the cycle's
//! ordering runs through `x`'s first move or through its home move alone, and is not broken.
//! Composing consecutive blocking edges (same cascade) and consecutive foundation edges
//! (same suit) turns every cycle into an alternating one whose vertices entered by a
//! blocking edge are exactly its hitters. Writing `c ⇒ c′` when a lower card of `c`'s suit
//! lies beneath `c′` (in `c′`'s cascade), a cycle's hitters form a directed cycle
//! `c₁ ⇒ c₂ ⇒ … ⇒ c₁` of cascade cards, and a cycle that repeats a suit contains a shorter
//! one with a subset of its hitters (shortcut the two cards of that suit). So `h_p`
//! considers the `⇒`-cycles of length at most `p` through distinct suits:
//! - `h_0` = cards not home (the card-counting heuristic);
//! - `h_1` adds the *forced* cards: cascade cards with a lower card of their suit anywhere
//!   beneath them (the `⇒` self-loops; every one-suit cycle contains one);
//! - `h_2` adds an exact minimum vertex cover of the two-suit pairs `c₁ ⇔ c₂` (the 4-cycles
//!   `c₁ →f x →b c₂ →f y →b c₁`), leaving out cards already forced;
//! - `h_3`, `h_4` add cycles through three and four suits, with an exact minimum hitting set
//!   (branch and bound, no external solver).
//!
//! Each `h_p` is at most `h_{p+1}`: the cycle families grow and the covers are exact.
//!
//! # Cost models
//! - [`CostModel::SingleCard`]: every card relocation costs 1. Each card not home needs its
//!   home move, and each card of the hitting set one more: `h_p` = cards not home + the
//!   minimum hitting set.
//! - [`CostModel::Sequence`]: a run move costs 1, each foundation move costs 1 (foundation
//!   moves carry one card). A run move can be the *first* move of several hitters at once,
//!   but only of cards lying together, untouched since the deal of the position, in one
//!   built sequence: between two never-moved cards of a cascade nothing can have been
//!   removed or inserted, so cards moved together from their original places lie in one
//!   maximal built segment of the position (each card stacking on the one beneath under the
//!   rules). The bound therefore maps each hitter to its segment and counts a minimum set
//!   of *segments* hitting every cycle: `h_p` = cards not home + that number. It never
//!   exceeds the single-card value.
//!
//! Both are checked against exhaustive search on reduced decks by the integration tests.
//!
//! # Cost
//! `h_0` and `h_1` are linear in the cards. `h_2` enumerates pairs through bit sets and
//! solves a vertex cover on the (usually tiny) conflict graph. `h_3` and `h_4` enumerate
//! cycles and may take milliseconds on an opening deal, where the `⇒` graph is dense.

use freecell_core::{BoardN, Card, Suit};

/// How a solution's length is counted, and so how a bound charges the moves it counts (see
/// the [module docs](self)): the two move-count models solvers use, one move per card
/// relocated or one per run moved. `freecell-solver` re-exports this type: a solver's cost
/// and its bound's are always the same model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CostModel {
    /// Every card relocation costs 1: a run of n cards costs n (`MoveModel::Atomic`).
    SingleCard,
    /// A run move costs 1; every foundation move costs 1 (`MoveModel::Sequence`, Paul &
    /// Helmert's count).
    #[default]
    Sequence,
}

/// The bound `h_p` as a reusable value: `p` (0 … 4) and the cost model.
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_heuristics::{CostModel, Deadlock};
/// // 14 cards are out; KH lies on AH, so it must move twice.
/// let board: Board = "Foundations: C-Q D-K H-0 S-K\n: AH KH\n: QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H KC\n".parse().unwrap();
/// let h = Deadlock::new(2, CostModel::SingleCard);
/// assert_eq!(h.estimate(&board), 14 + 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deadlock {
    p: u8,
    model: CostModel,
}

impl Deadlock {
    /// `h_p` under `model`; `p` above 4 is treated as 4.
    pub const fn new(p: u8, model: CostModel) -> Deadlock {
        Deadlock { p: if p > 4 { 4 } else { p }, model }
    }

    /// The number of suits a considered cycle may involve, 0 … 4.
    pub const fn p(&self) -> u8 {
        self.p
    }

    /// The cost model.
    pub const fn model(&self) -> CostModel {
        self.model
    }

    /// A lower bound on the moves needed to win from `board` under the cost model
    /// (admissible); 0 at the goal. An unsolvable position also gets a finite value.
    #[inline]
    pub fn estimate<const C: usize, const F: usize>(&self, board: &BoardN<C, F>) -> u32 {
        deadlock_bound(board, self.p, self.model)
    }
}

/// `h_p` for `board` under `model` (`p` above 4 is treated as 4): cards not home plus a
/// minimum hitting set of the deadlock cycles through at most `p` suits. Admissible.
///
/// # Examples
/// ```
/// use freecell_core::Board;
/// use freecell_heuristics::{CostModel, deadlock_bound};
/// // Two suits lock each other. Cascade 1: 4S under 6H; cascade 2: 5H under 5S. 6H waits
/// // for 5H, which lies under 5S; 5S waits for 4S, which lies under 6H: one of 6H and 5S
/// // must move twice. No card lies on a lower card of its own suit.
/// let board: Board = "Foundations: C-K D-K H-4 S-3\n: 4S 6H\n: 5H 5S\n: KH QH JH TH 9H 8H 7H\n: KS QS JS TS 9S 8S 7S 6S\n"
///     .parse()
///     .unwrap();
/// assert_eq!(deadlock_bound(&board, 0, CostModel::SingleCard), 19);
/// assert_eq!(deadlock_bound(&board, 1, CostModel::SingleCard), 19);
/// assert_eq!(deadlock_bound(&board, 2, CostModel::SingleCard), 19 + 1);
/// assert_eq!(deadlock_bound(&board, 2, CostModel::Sequence), 19 + 1);
/// ```
pub fn deadlock_bound<const C: usize, const F: usize>(board: &BoardN<C, F>, p: u8, model: CostModel) -> u32 {
    let h0 = 52 - board.cards_home() as u32;
    if p == 0 || h0 == 0 {
        return h0;
    }
    let graph = Graph::new(board, model);
    h0 + graph.cover(p.min(4))
}

/// Bit of a card index.
#[inline]
const fn bit(i: usize) -> u64 {
    1 << i
}

/// Bits strictly above bit `i`.
#[inline]
const fn higher_than(i: usize) -> u64 {
    if i >= 63 { 0 } else { u64::MAX << (i + 1) }
}

/// Each suit's cards, by suit index.
const SUIT_MASKS: [u64; 4] =
    [Suit::Clubs.card_bits(), Suit::Diamonds.card_bits(), Suit::Hearts.card_bits(), Suit::Spades.card_bits()];

/// The `⇒` relation of the module docs, over cascade cards, with each card's element (the
/// card itself, or its built segment under the sequence model).
struct Graph {
    /// `waits[c]`: the cascade cards lying above some lower, not-home card of `c`'s suit.
    waits: [u64; 52],
    /// Element (card index of the segment's top card, or the card itself) of each card.
    elem: [u8; 52],
    /// Cards in cascades.
    cascade: u64,
}

impl Graph {
    fn new<const C: usize, const F: usize>(board: &BoardN<C, F>, model: CostModel) -> Graph {
        let build = board.rules().build;
        let mut above = [0u64; 52];
        let mut elem = [0u8; 52];
        let mut cascade = 0u64;
        for i in 0..board.cascade_count() {
            let mut mask = 0u64;
            let mut upper: Option<Card> = None;
            let mut seg = 0u8;
            for card in board.cascade(i) {
                let c = card.index();
                above[c] = mask;
                seg = match upper {
                    Some(u) if model == CostModel::Sequence && build.stacks(u, card) => seg,
                    _ => c as u8,
                };
                elem[c] = seg;
                mask |= bit(c);
                upper = Some(card);
            }
            cascade |= mask;
        }
        let mut waits = [0u64; 52];
        for suit in Suit::ALL {
            let mut acc = 0u64;
            for rank in board.foundation(suit) + 1..=13 {
                let c = usize::from(rank - 1) * 4 + suit.index();
                waits[c] = acc;
                acc |= above[c];
            }
        }
        Graph { waits, elem, cascade }
    }

    #[inline]
    fn elem_bit(&self, c: usize) -> u64 {
        bit(usize::from(self.elem[c]))
    }

    /// Minimum number of elements hitting every `⇒`-cycle through at most `p` (1 … 4)
    /// distinct suits.
    fn cover(&self, p: u8) -> u32 {
        // Forced elements (self-loops).
        let mut forced = 0u64;
        let mut rest = self.cascade;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.waits[c] & bit(c) != 0 {
                forced |= self.elem_bit(c);
            }
        }
        if p == 1 {
            return forced.count_ones();
        }
        // Cards whose element is not forced.
        let mut alive = 0u64;
        let mut rest = self.cascade;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if forced & self.elem_bit(c) == 0 {
                alive |= bit(c);
            }
        }
        // Two-suit pairs c1 ⇔ c2, as an element graph; a pair inside one segment forces it.
        let mut adj = [0u64; 64];
        let mut rest = alive;
        while rest != 0 {
            let c1 = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut cand = self.waits[c1] & alive & !SUIT_MASKS[c1 % 4] & higher_than(c1);
            while cand != 0 {
                let c2 = cand.trailing_zeros() as usize;
                cand &= cand - 1;
                if self.waits[c2] & bit(c1) != 0 {
                    let (e1, e2) = (usize::from(self.elem[c1]), usize::from(self.elem[c2]));
                    if e1 == e2 {
                        forced |= bit(e1);
                    } else {
                        adj[e1] |= bit(e2);
                        adj[e2] |= bit(e1);
                    }
                }
            }
        }
        if p == 2 {
            let mut vertices = 0u64;
            for (e, row) in adj.iter_mut().enumerate() {
                if forced & bit(e) != 0 {
                    *row = 0;
                } else {
                    *row &= !forced;
                    if *row != 0 {
                        vertices |= bit(e);
                    }
                }
            }
            let mut best = vertices.count_ones();
            vertex_cover(&adj, vertices, 0, &mut best);
            return forced.count_ones() + best;
        }
        // Three and four suits: collect every cycle's element set, then hit them all.
        let mut sets: Vec<u64> = Vec::new();
        for (e, &row) in adj.iter().enumerate().take(52) {
            let mut others = row & higher_than(e);
            while others != 0 {
                let f = others.trailing_zeros() as usize;
                others &= others - 1;
                sets.push(bit(e) | bit(f));
            }
        }
        self.longer_cycles(alive, &adj, p, &mut sets);
        sets.retain(|&s| s & forced == 0);
        sets.sort_unstable();
        sets.dedup();
        let mut best = u32::MAX;
        hitting_set(&sets, 0, 0, 0, &mut best);
        forced.count_ones() + if sets.is_empty() { 0 } else { best }
    }

    /// Appends the element sets of the `⇒`-cycles through 3 (and, for `p = 4`, 4) distinct
    /// suits among `alive` cards, leaving out those that contain a two-suit pair (hitting
    /// the pair already hits them).
    fn longer_cycles(&self, alive: u64, adj: &[u64; 64], p: u8, sets: &mut Vec<u64>) {
        let covered_by_pair = |set: u64| {
            let mut rest = set;
            while rest != 0 {
                let e = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if adj[e] & set != 0 {
                    return true;
                }
            }
            false
        };
        let mut rest = alive;
        while rest != 0 {
            let c1 = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // c1 is the cycle's smallest card index, so each cycle is found from one start.
            let higher = alive & higher_than(c1);
            let mut second = self.waits[c1] & higher & !SUIT_MASKS[c1 % 4];
            while second != 0 {
                let c2 = second.trailing_zeros() as usize;
                second &= second - 1;
                let used2 = SUIT_MASKS[c1 % 4] | SUIT_MASKS[c2 % 4];
                let mut third = self.waits[c2] & higher & !used2;
                while third != 0 {
                    let c3 = third.trailing_zeros() as usize;
                    third &= third - 1;
                    let set3 = self.elem_bit(c1) | self.elem_bit(c2) | self.elem_bit(c3);
                    if self.waits[c3] & bit(c1) != 0 && !covered_by_pair(set3) {
                        sets.push(set3);
                    }
                    if p < 4 {
                        continue;
                    }
                    let mut fourth = self.waits[c3] & higher & !(used2 | SUIT_MASKS[c3 % 4]);
                    while fourth != 0 {
                        let c4 = fourth.trailing_zeros() as usize;
                        fourth &= fourth - 1;
                        let set4 = set3 | self.elem_bit(c4);
                        if self.waits[c4] & bit(c1) != 0 && !covered_by_pair(set4) {
                            sets.push(set4);
                        }
                    }
                }
            }
        }
    }
}

/// Exact minimum vertex cover of the graph `adj` restricted to `alive`, by branch and
/// bound: isolated vertices drop out, a degree-1 vertex's neighbour is taken, a greedy
/// matching bounds from below, and the branch is on a vertex of highest degree (take it, or
/// take all its neighbours). Lowers `best` to `count` + the cover size when smaller.
fn vertex_cover(adj: &[u64; 64], alive: u64, count: u32, best: &mut u32) {
    let (mut alive, mut count) = (alive, count);
    loop {
        let mut changed = false;
        let mut rest = alive;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if alive & bit(v) == 0 {
                continue;
            }
            let n = adj[v] & alive;
            match n.count_ones() {
                0 => alive &= !bit(v),
                1 => {
                    alive &= !(n | bit(v));
                    count += 1;
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            break;
        }
    }
    if count >= *best {
        return;
    }
    if alive == 0 {
        *best = count;
        return;
    }
    let mut free = alive;
    let mut matching = 0;
    while free != 0 {
        let v = free.trailing_zeros() as usize;
        free &= !bit(v);
        let n = adj[v] & free;
        if n != 0 {
            free &= !(n & n.wrapping_neg());
            matching += 1;
        }
    }
    if count + matching >= *best {
        return;
    }
    let (mut v, mut degree) = (0, 0);
    let mut rest = alive;
    while rest != 0 {
        let u = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let d = (adj[u] & alive).count_ones();
        if d > degree {
            (v, degree) = (u, d);
        }
    }
    let n = adj[v] & alive;
    vertex_cover(adj, alive & !bit(v), count + 1, best);
    vertex_cover(adj, alive & !(n | bit(v)), count + degree, best);
}

/// Exact minimum hitting set of `sets` by branch and bound. `chosen` elements are in the
/// set, `banned` ones are excluded (so each subset is explored once); a greedy packing of
/// disjoint unhit sets bounds from below. Lowers `best` to `count` + the remaining size.
fn hitting_set(sets: &[u64], chosen: u64, banned: u64, count: u32, best: &mut u32) {
    if count >= *best {
        return;
    }
    let mut packed = 0u64;
    let mut lower = 0;
    let mut pick = 0u64;
    let mut pick_size = u32::MAX;
    for &set in sets {
        if set & chosen != 0 {
            continue;
        }
        let open = set & !banned;
        if open == 0 {
            return;
        }
        if open & packed == 0 {
            packed |= open;
            lower += 1;
        }
        let size = open.count_ones();
        if size < pick_size {
            (pick, pick_size) = (open, size);
        }
    }
    if pick_size == u32::MAX {
        *best = count;
        return;
    }
    if count + lower >= *best {
        return;
    }
    let mut banned = banned;
    let mut rest = pick;
    while rest != 0 {
        let e = rest & rest.wrapping_neg();
        rest &= rest - 1;
        hitting_set(sets, chosen | e, banned, count + 1, best);
        banned |= e;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertex_cover_of_small_graphs() {
        // A triangle needs 2; a 5-cycle needs 3; a star with centre 0 needs 1.
        let mut adj = [0u64; 64];
        let mut edge = |a: usize, b: usize| {
            adj[a] |= bit(b);
            adj[b] |= bit(a);
        };
        edge(0, 1);
        edge(1, 2);
        edge(2, 0);
        let mut best = 3;
        vertex_cover(&adj, 0b111, 0, &mut best);
        assert_eq!(best, 2);

        let mut adj = [0u64; 64];
        for (i, row) in adj.iter_mut().enumerate().take(5) {
            *row |= bit((i + 1) % 5) | bit((i + 4) % 5);
        }
        let mut best = 5;
        vertex_cover(&adj, 0b1_1111, 0, &mut best);
        assert_eq!(best, 3);

        let mut adj = [0u64; 64];
        for leaf in 1..6 {
            adj[0] |= bit(leaf);
            adj[leaf] |= bit(0);
        }
        let mut best = 6;
        vertex_cover(&adj, 0b11_1111, 0, &mut best);
        assert_eq!(best, 1);
    }

    #[test]
    fn hitting_set_of_small_families() {
        // {0,1} {1,2} {2,3} {3,0}: 2 ({0,2} or {1,3}). Add {4}: 3.
        let sets = [0b0011, 0b0110, 0b1100, 0b1001];
        let mut best = u32::MAX;
        hitting_set(&sets, 0, 0, 0, &mut best);
        assert_eq!(best, 2);
        let sets = [0b0011, 0b0110, 0b1100, 0b1001, 0b1_0000];
        let mut best = u32::MAX;
        hitting_set(&sets, 0, 0, 0, &mut best);
        assert_eq!(best, 3);
        // Triples {0,1,2} {2,3,4} {4,5,0}: 2 (e.g. {0,2}... no: {0,4}? {0,1,2} hit by 0,
        // {2,3,4} by 4, {4,5,0} by both) → 2.
        let sets = [0b00_0111, 0b01_1100, 0b11_0001];
        let mut best = u32::MAX;
        hitting_set(&sets, 0, 0, 0, &mut best);
        assert_eq!(best, 2);
    }
}
