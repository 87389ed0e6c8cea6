//! The sliding-tile puzzle (8-puzzle, 15-puzzle) on a packed `u64`: 4 bits per cell.
//!
//! Shared by the integration tests, `examples/sliding_tile.rs` and the search benchmark
//! (through `#[path]`), so it is written once.
//!
//! Goal (Korf's convention): the blank in the top-left corner, then tiles 1, 2, … in reading
//! order. Unused high nibbles (8-puzzle) hold `0xF`, so the only zero nibble is the blank.

// Each includer uses a different subset of this module.
#![allow(dead_code)]

use freecell_search::{ByUndo, Heuristic, SearchProblem, Undo};

/// The blank moves up, down, left or right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub(crate) fn opposite(self) -> Self {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }
}

/// An `n × n` sliding-tile puzzle (`n` = 3 or 4).
#[derive(Clone, Debug)]
pub(crate) struct Sliding {
    n: u32,
    cells: u32,
    goal: u64,
    /// `dist[tile][cell]`: Manhattan distance of `tile` at `cell` from its goal cell.
    dist: [[u8; 16]; 16],
    /// `dirs[cell]`: the blank's legal moves from `cell` (up, down, left, right order), and
    /// how many there are. Both benchmarked engines' successor functions read it.
    dirs: [([Dir; 4], usize); 16],
}

/// Position of the zero nibble.
#[inline]
fn blank(t: u64) -> u32 {
    let x = !t;
    let y = x & (x >> 1) & (x >> 2) & (x >> 3) & 0x1111_1111_1111_1111;
    y.trailing_zeros() / 4
}

impl Sliding {
    pub(crate) fn new(n: u32) -> Self {
        assert!(n == 3 || n == 4, "3×3 or 4×4 only");
        let cells = n * n;
        let tiles: Vec<u8> = (0..cells as u8).collect();
        let mut dist = [[0u8; 16]; 16];
        for tile in 1..cells {
            for cell in 0..cells {
                let (tr, tc) = (tile / n, tile % n);
                let (cr, cc) = (cell / n, cell % n);
                dist[tile as usize][cell as usize] = (tr.abs_diff(cr) + tc.abs_diff(cc)) as u8;
            }
        }
        let mut dirs = [([Dir::Up; 4], 0); 16];
        for (cell, (list, len)) in dirs.iter_mut().enumerate().take(cells as usize) {
            let (row, col) = (cell as u32 / n, cell as u32 % n);
            for (ok, dir) in
                [(row > 0, Dir::Up), (row + 1 < n, Dir::Down), (col > 0, Dir::Left), (col + 1 < n, Dir::Right)]
            {
                if ok {
                    list[*len] = dir;
                    *len += 1;
                }
            }
        }
        let mut p = Self { n, cells, goal: 0, dist, dirs };
        p.goal = p.pack(&tiles);
        p
    }

    pub(crate) fn eight() -> Self {
        Self::new(3)
    }

    pub(crate) fn fifteen() -> Self {
        Self::new(4)
    }

    pub(crate) fn goal(&self) -> u64 {
        self.goal
    }

    /// Packs tiles given in reading order (0 = blank).
    pub(crate) fn pack(&self, tiles: &[u8]) -> u64 {
        assert_eq!(tiles.len(), self.cells as usize);
        let mut t = u64::MAX;
        for (i, &tile) in tiles.iter().enumerate() {
            t &= !(0xF << (4 * i));
            t |= u64::from(tile) << (4 * i);
        }
        t
    }

    pub(crate) fn unpack(&self, t: u64) -> Vec<u8> {
        (0..self.cells).map(|i| ((t >> (4 * i)) & 0xF) as u8).collect()
    }

    #[inline]
    pub(crate) fn manhattan(&self, t: u64) -> u32 {
        let mut h = 0;
        for cell in 0..self.cells {
            let tile = ((t >> (4 * cell)) & 0xF) as usize;
            h += u32::from(self.dist[tile][cell as usize]);
        }
        h
    }

    /// The states one move away, without allocating (for closure-based APIs).
    #[inline]
    pub(crate) fn neighbours(&self, state: u64) -> [Option<u64>; 4] {
        let (list, len) = &self.dirs[blank(state) as usize];
        let mut out = [None; 4];
        for (slot, &dir) in out.iter_mut().zip(&list[..*len]) {
            let mut next = state;
            self.apply(&mut next, dir);
            *slot = Some(next);
        }
        out
    }

    /// A state `steps` random moves from the goal (a simple xorshift generator).
    pub(crate) fn scramble(&self, seed: u64, steps: u32) -> u64 {
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut s = self.goal;
        let mut moves = Vec::new();
        for _ in 0..steps {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            moves.clear();
            self.moves(&s, &mut moves);
            let mv = moves[(rng % moves.len() as u64) as usize];
            self.apply(&mut s, mv);
        }
        s
    }
}

impl SearchProblem for Sliding {
    type State = u64;
    type Move = Dir;
    type Key = u64;
    type Backtrack = ByUndo;

    #[inline]
    fn is_goal(&self, s: &u64) -> bool {
        *s == self.goal
    }

    #[inline]
    fn moves(&self, s: &u64, out: &mut Vec<Dir>) {
        let (list, len) = &self.dirs[blank(*s) as usize];
        out.extend_from_slice(&list[..*len]);
    }

    #[inline]
    fn apply(&self, s: &mut u64, mv: Dir) {
        let b = blank(*s);
        let to = match mv {
            Dir::Up => b - self.n,
            Dir::Down => b + self.n,
            Dir::Left => b - 1,
            Dir::Right => b + 1,
        };
        let tile = (*s >> (4 * to)) & 0xF;
        *s = (*s & !(0xF << (4 * to))) | (tile << (4 * b));
    }

    #[inline]
    fn key(&self, s: &u64) -> u64 {
        *s
    }
}

impl Undo for Sliding {
    #[inline]
    fn undo(&self, s: &mut u64, mv: Dir) {
        self.apply(s, mv.opposite());
    }
}

/// The Manhattan-distance heuristic (admissible and consistent).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Manhattan;

impl Heuristic<Sliding> for Manhattan {
    #[inline]
    fn estimate(&self, p: &Sliding, s: &u64) -> u32 {
        p.manhattan(*s)
    }

    /// O(1): only the tile that moved changes its distance. It slid from the blank's new cell
    /// `to` into the blank's old cell `from`.
    #[inline]
    fn estimate_child(&self, p: &Sliding, parent_h: u32, mv: Dir, child: &u64) -> u32 {
        let to = blank(*child);
        let from = match mv {
            Dir::Up => to + p.n,
            Dir::Down => to - p.n,
            Dir::Left => to + 1,
            Dir::Right => to - 1,
        };
        let tile = ((*child >> (4 * from)) & 0xF) as usize;
        let d = &p.dist[tile];
        parent_h + u32::from(d[from as usize]) - u32::from(d[to as usize])
    }
}

/// Korf (1985) 15-puzzle instances, goal blank first: (number, tiles, optimal length).
/// Cross-checked in two independent public listings of Korf's table.
pub(crate) const KORF: [(u32, [u8; 16], u32); 3] = [
    (55, [13, 8, 14, 3, 9, 1, 0, 7, 15, 5, 4, 10, 12, 2, 6, 11], 41),
    (79, [0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15], 42),
    (42, [4, 5, 7, 2, 9, 14, 12, 13, 0, 3, 6, 11, 8, 1, 15, 10], 42),
];
