//! Rush Hour on the 6×6 board, in Michael Fogleman's 36-character notation: `o` empty,
//! `x` wall, `A` the red car (on row 3, leaving to the right), other letters vehicles.
//!
//! A move slides one vehicle any number of free cells (Fogleman's move metric). The puzzle
//! is solved when the red car touches the right edge.
//!
//! Shared by the integration tests and `examples/rush_hour.rs` (through `#[path]`).

// Each includer uses a different subset of this module.
#![allow(dead_code)]

use freecell_search::{ByUndo, Heuristic, SearchProblem, Undo};

/// Fogleman's database's hardest puzzle: 60 moves, a cluster of 2,332 reachable states.
pub(crate) const HARDEST: &str = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";
/// Its published optimal length in Fogleman's move metric.
pub(crate) const HARDEST_MOVES: u32 = 60;
/// Its published cluster size (states reachable from it).
pub(crate) const HARDEST_CLUSTER: usize = 2332;

#[derive(Clone, Copy, Debug)]
struct Vehicle {
    horizontal: bool,
    len: u8,
    /// Its row (horizontal) or column (vertical).
    line: u8,
}

/// A move: vehicle index and signed distance (cells; positive = right/down).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Slide {
    pub(crate) vehicle: u8,
    pub(crate) by: i8,
}

/// The rules of one puzzle: vehicle shapes and walls; the state is the vehicles' positions.
#[derive(Clone, Debug)]
pub(crate) struct RushHour {
    vehicles: Vec<Vehicle>,
    walls: u64,
    /// Index of the red car.
    red: usize,
    /// Letters, for display.
    names: Vec<char>,
}

/// Each vehicle's position along its line (leftmost or topmost cell).
pub(crate) type Positions = [u8; 16];

/// The bit of cell (`row`, `col`).
fn bit(row: u8, col: u8) -> u64 {
    1 << (u32::from(row) * 6 + u32::from(col))
}

impl RushHour {
    /// Parses Fogleman's notation. Returns the rules and the start state.
    pub(crate) fn parse(board: &str) -> Option<(Self, Positions)> {
        let cells: Vec<char> = board.chars().collect();
        if cells.len() != 36 {
            return None;
        }
        let mut names: Vec<char> = cells.iter().copied().filter(char::is_ascii_uppercase).collect();
        names.sort_unstable();
        names.dedup();
        if names.len() > 16 || names.first() != Some(&'A') {
            return None;
        }
        let mut vehicles = Vec::new();
        let mut pos = [0u8; 16];
        for (v, &name) in names.iter().enumerate() {
            let at: Vec<usize> = (0..36).filter(|&i| cells[i] == name).collect();
            let (first, last) = (at[0], *at.last()?);
            let horizontal = first / 6 == last / 6;
            let len = at.len() as u8;
            let (line, p) = if horizontal { (first / 6, first % 6) } else { (first % 6, first / 6) };
            vehicles.push(Vehicle { horizontal, len, line: line as u8 });
            pos[v] = p as u8;
        }
        let walls = (0..36).filter(|&i| cells[i] == 'x').fold(0u64, |w, i| w | 1 << i);
        Some((Self { vehicles, walls, red: 0, names }, pos))
    }

    /// The cell of `veh` at `at` along its line.
    fn cell(veh: Vehicle, at: u8) -> u64 {
        if veh.horizontal { bit(veh.line, at) } else { bit(at, veh.line) }
    }

    fn cells(&self, v: usize, at: u8) -> u64 {
        let veh = self.vehicles[v];
        (at..at + veh.len).fold(0, |mask, i| mask | Self::cell(veh, i))
    }

    fn occupied(&self, s: &Positions) -> u64 {
        (0..self.vehicles.len()).fold(self.walls, |mask, v| mask | self.cells(v, s[v]))
    }

    /// Vehicles between the red car and the exit, plus one if the red car is not out:
    /// admissible, since each must move at least once and so must the red car.
    pub(crate) fn blockers(&self, s: &Positions) -> u32 {
        let red = self.vehicles[self.red];
        let front = s[self.red] + red.len;
        if front == 6 {
            return 0;
        }
        let lane = (front..6).fold(0, |mask, col| mask | bit(red.line, col));
        let blocking = (1..self.vehicles.len()).filter(|&v| self.cells(v, s[v]) & lane != 0);
        1 + blocking.count() as u32
    }

    /// The board in Fogleman's notation.
    pub(crate) fn show(&self, s: &Positions) -> String {
        let mut cells = ['o'; 36];
        for (i, cell) in cells.iter_mut().enumerate() {
            if self.walls & (1 << i) != 0 {
                *cell = 'x';
            }
        }
        for (v, &at) in s.iter().enumerate().take(self.vehicles.len()) {
            let mask = self.cells(v, at);
            for (i, cell) in cells.iter_mut().enumerate() {
                if mask & (1 << i) != 0 {
                    *cell = self.names[v];
                }
            }
        }
        cells.iter().collect()
    }

    pub(crate) fn name(&self, v: u8) -> char {
        self.names[v as usize]
    }
}

impl SearchProblem for RushHour {
    type State = Positions;
    type Move = Slide;
    type Key = u64;
    type Backtrack = ByUndo;

    fn is_goal(&self, s: &Positions) -> bool {
        s[self.red] + self.vehicles[self.red].len == 6
    }

    fn moves(&self, s: &Positions, out: &mut Vec<Slide>) {
        let occ = self.occupied(s);
        for (v, (&veh, &at)) in self.vehicles.iter().zip(s).enumerate() {
            let free = |i: u8| occ & Self::cell(veh, i) == 0;
            // Backwards: cells at - 1, at - 2, … while free.
            for (by, _) in (0..at).rev().take_while(|&i| free(i)).enumerate() {
                out.push(Slide { vehicle: v as u8, by: -(by as i8) - 1 });
            }
            // Forwards: cells past the far end while free.
            for (by, _) in (at + veh.len..6).take_while(|&i| free(i)).enumerate() {
                out.push(Slide { vehicle: v as u8, by: by as i8 + 1 });
            }
        }
    }

    fn apply(&self, s: &mut Positions, mv: Slide) {
        let v = mv.vehicle as usize;
        s[v] = s[v].wrapping_add_signed(mv.by);
    }

    fn key(&self, s: &Positions) -> u64 {
        s.iter().take(self.vehicles.len()).fold(0, |k, &p| k << 3 | u64::from(p))
    }
}

impl Undo for RushHour {
    fn undo(&self, s: &mut Positions, mv: Slide) {
        self.apply(s, Slide { vehicle: mv.vehicle, by: -mv.by });
    }
}

/// [`RushHour::blockers`] as a heuristic.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blockers;

impl Heuristic<RushHour> for Blockers {
    fn estimate(&self, p: &RushHour, s: &Positions) -> u32 {
        p.blockers(s)
    }
}
