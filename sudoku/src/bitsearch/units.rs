//! A bit-board search for "Latin square plus units" rules of any kind:
//! rows, columns, and any other units that hold every value once (boxes or
//! jigsaw regions, diagonals, windows), for grids of up to 128 cells (11x11).
//!
//! One 128-bit board per value holds the cells where the value can still
//! go. Propagation: naked singles (a cell with one candidate) and hidden
//! singles (a unit with one place for a value), until nothing changes; then
//! the search branches, as Dancing Links does, on the item with the fewest
//! options: the empty cell with the fewest candidates, or the unit and value
//! with the fewest places when that is fewer. Singles are the forced moves of
//! the exact-cover matrix (an item with one option), so it finds the same
//! solutions as Dancing Links over the same rules.
//!
//! Killer cages: a cage's cells are peers (their values differ), and each
//! round every cage keeps the value combinations that hold the values
//! already placed in it and whose other values can still go in its empty
//! cells; values in no such combination leave the cage's cells, and a value
//! in every such combination with one place left in the cage is placed
//! (the cage's options in the exact-cover matrix, summarised by values).

use std::ops::ControlFlow;

use solver_core::{Incomplete, Limits, Outcome, Stats};

use super::search::{limits_interrupted, Clash, CHECK_EVERY};
use crate::rules::Rules;

/// The most cells a grid may have here.
pub(crate) const MAX_CELLS: usize = 128;

/// The largest side of a grid of at most [`MAX_CELLS`] cells.
const MAX_VALUES: usize = 11;

/// The state of a search: the candidates of each value, the values placed
/// (values beyond the side stay empty). Copied at each branch, no
/// allocation.
#[derive(Clone, Copy)]
struct State {
    /// For each value (0-based), the empty cells where it can go.
    cand: [u128; MAX_VALUES],
    /// For each value, the cells that hold it.
    placed: [u128; MAX_VALUES],
    /// Filled cells.
    filled: u128,
}

/// The search over the units of one set of rules.
pub(crate) struct UnitSearch {
    n: usize,
    cells: usize,
    all: u128,
    units: Vec<u128>,
    /// For each cell, the other cells sharing a unit with it.
    peers: Vec<u128>,
    /// The killer cages.
    cages: Vec<CageBits>,
    /// Random tie-breaks (0: none).
    pub(crate) rng: u64,
}

/// A killer cage as bits.
struct CageBits {
    /// Its cells.
    cells: u128,
    /// The sets of values (bit `v` for value `v + 1`) with one value per
    /// cell adding up to the sum.
    combos: Vec<u16>,
}

impl CageBits {
    fn new(cage: &crate::rules::Cage, n: usize) -> CageBits {
        let size = cage.cells.len() as u32;
        let combos = (0u16..1 << n)
            .filter(|m| {
                let total: u32 = (0..n)
                    .filter(|v| m >> v & 1 != 0)
                    .map(|v| v as u32 + 1)
                    .sum();
                m.count_ones() == size && total == cage.sum
            })
            .collect();
        CageBits {
            cells: cage.cells.iter().fold(0u128, |b, &c| b | 1 << c),
            combos,
        }
    }
}

/// Where the search is, for the limits.
struct Run<'a, F> {
    limits: &'a Limits,
    record: bool,
    visit: F,
    stats: Stats,
    until_check: u64,
    stop: Option<Incomplete>,
    values: Vec<u16>,
}

impl UnitSearch {
    /// Whether the search takes `rules`: at most 128 cells, every unit
    /// holding each value once.
    pub(crate) fn fits(rules: &Rules) -> bool {
        let shape = rules.shape();
        let (n, cells) = (shape.side() as usize, shape.cells());
        cells <= MAX_CELLS && n <= MAX_VALUES && rules.units().iter().all(|u| u.cells.len() == n)
    }

    /// A search for `rules`, if every unit has one cell per value and the
    /// grid has at most [`MAX_CELLS`] cells; cages are welcome.
    pub(crate) fn new(rules: &Rules) -> Option<UnitSearch> {
        if !UnitSearch::fits(rules) {
            return None;
        }
        let shape = rules.shape();
        let (n, cells) = (shape.side() as usize, shape.cells());
        let cages: Vec<CageBits> = rules.cages().iter().map(|c| CageBits::new(c, n)).collect();
        let units: Vec<u128> = rules
            .units()
            .iter()
            .map(|u| u.cells.iter().fold(0u128, |b, &c| b | 1 << c))
            .collect();
        let peers = (0..cells)
            .map(|c| {
                let mine = rules.units_of(c).iter().fold(0u128, |b, &u| b | units[u]);
                let mine = cages
                    .iter()
                    .filter(|g| g.cells >> c & 1 != 0)
                    .fold(mine, |b, g| b | g.cells);
                mine & !(1 << c)
            })
            .collect();
        let all = if cells == 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        };
        Some(UnitSearch {
            n,
            cells,
            all,
            units,
            peers,
            cages,
            rng: 0,
        })
    }

    /// Searches the completions of `givens` (0 = empty), calling `visit`
    /// with each solution (one value per cell; empty when `record` is
    /// false). `Err(Clash)` when the givens break a unit at once.
    pub(crate) fn run(
        &mut self,
        givens: &[u16],
        limits: &Limits,
        record: bool,
        visit: impl FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Outcome, Clash> {
        let mut state = State {
            cand: [0; MAX_VALUES],
            placed: [0; MAX_VALUES],
            filled: 0,
        };
        state.cand[..self.n].fill(self.all);
        for (cell, &v) in givens.iter().enumerate().take(self.cells) {
            if v != 0 {
                let v = usize::from(v) - 1;
                if state.cand[v] >> cell & 1 == 0 {
                    return Err(Clash);
                }
                self.place(&mut state, cell, v);
            }
        }
        let mut run = Run {
            limits,
            record,
            visit,
            stats: Stats {
                nodes: 1,
                ..Stats::default()
            },
            until_check: CHECK_EVERY,
            stop: None,
            values: Vec::new(),
        };
        self.search(state, &mut run);
        Ok(Outcome {
            stats: run.stats,
            incomplete: run.stop,
        })
    }

    fn place(&self, s: &mut State, cell: usize, v: usize) {
        let bit = 1u128 << cell;
        s.filled |= bit;
        s.placed[v] |= bit;
        for c in &mut s.cand {
            *c &= !bit;
        }
        s.cand[v] &= !self.peers[cell];
    }

    /// Singles until nothing changes; false on a contradiction.
    fn propagate(&self, s: &mut State) -> bool {
        loop {
            let mut changed = false;
            // Naked singles: cells with exactly one candidate; none is a
            // contradiction.
            let (mut ones, mut twos) = (0u128, 0u128);
            for &c in &s.cand {
                twos |= ones & c;
                ones |= c;
            }
            let empty = self.all & !s.filled;
            if ones & empty != empty {
                return false;
            }
            let mut singles = empty & !twos;
            while singles != 0 {
                let cell = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let Some(v) = (0..self.n).find(|&v| s.cand[v] >> cell & 1 != 0) else {
                    return false;
                };
                self.place(s, cell, v);
                changed = true;
            }
            // Hidden singles: a unit with one place left for a value.
            for v in 0..self.n {
                for &u in &self.units {
                    if s.placed[v] & u != 0 {
                        continue;
                    }
                    let places = s.cand[v] & u;
                    if places == 0 {
                        return false;
                    }
                    if places & (places - 1) == 0 {
                        self.place(s, places.trailing_zeros() as usize, v);
                        changed = true;
                    }
                }
            }
            if !changed {
                match self.cage_step(s) {
                    None => return false,
                    Some(false) => return true,
                    Some(true) => {}
                }
            }
        }
    }

    /// One pass over the cages: values in no admissible combination leave
    /// the cage; a value every admissible combination needs, with one place
    /// left, is placed. `None` on a contradiction, else whether anything
    /// changed.
    fn cage_step(&self, s: &mut State) -> Option<bool> {
        let mut changed = false;
        for cage in &self.cages {
            let (mut placed, mut open) = (0u16, 0u16);
            for v in 0..self.n {
                if s.placed[v] & cage.cells != 0 {
                    placed |= 1 << v;
                }
                if s.cand[v] & cage.cells != 0 {
                    open |= 1 << v;
                }
            }
            // The candidates of each empty cell of the cage (at most one
            // cell per value).
            let mut masks = [0u16; MAX_VALUES];
            let mut empty = cage.cells & !s.filled;
            let mut k = 0;
            while empty != 0 && k < MAX_VALUES {
                let cell = empty.trailing_zeros();
                empty &= empty - 1;
                masks[k] = (0..self.n)
                    .filter(|&v| s.cand[v] >> cell & 1 != 0)
                    .fold(0, |m, v| m | 1 << v);
                k += 1;
            }
            let (mut union, mut common) = (0u16, u16::MAX);
            for &m in &cage.combos {
                let rest = m & !placed;
                if m & placed == placed
                    && rest & !open == 0
                    && masks[..k].iter().all(|&c| c & rest != 0)
                {
                    union |= m;
                    common &= m;
                }
            }
            if union == 0 {
                return None;
            }
            for v in 0..self.n {
                if union >> v & 1 == 0 {
                    if s.cand[v] & cage.cells != 0 {
                        s.cand[v] &= !cage.cells;
                        changed = true;
                    }
                } else if (common & !placed) >> v & 1 != 0 {
                    let places = s.cand[v] & cage.cells;
                    if places == 0 {
                        return None;
                    }
                    if places & (places - 1) == 0 {
                        self.place(s, places.trailing_zeros() as usize, v);
                        changed = true;
                    }
                }
            }
        }
        Some(changed)
    }

    fn next_random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    fn search<F: FnMut(&[u16]) -> ControlFlow<()>>(&mut self, mut s: State, run: &mut Run<'_, F>) {
        if !self.propagate(&mut s) {
            return;
        }
        let empty = self.all & !s.filled;
        if empty == 0 {
            run.stats.solutions += 1;
            if run.record {
                run.values.clear();
                run.values.resize(self.cells, 0);
                for (v, &b) in s.placed.iter().enumerate() {
                    let mut b = b;
                    while b != 0 {
                        run.values[b.trailing_zeros() as usize] = v as u16 + 1;
                        b &= b - 1;
                    }
                }
            }
            if (run.visit)(&run.values).is_break() {
                run.stop = Some(Incomplete::Stopped);
            } else if run
                .limits
                .max_solutions
                .is_some_and(|max| run.stats.solutions >= max)
            {
                run.stop = Some(Incomplete::SolutionLimit);
            }
            return;
        }
        // The empty cell with the fewest candidates (random among equals
        // when seeded).
        let mut best = (u32::MAX, 0usize);
        let mut rest = empty;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let count = s.cand.iter().filter(|&&c| c >> cell & 1 != 0).count() as u32;
            let better =
                count < best.0 || (count == best.0 && self.rng != 0 && self.next_random() & 1 == 0);
            if better {
                best = (count, cell);
            }
        }
        // Or a unit and value with fewer places than that.
        let mut places: Option<(usize, u128)> = None;
        for v in 0..self.n {
            for &u in &self.units {
                if s.placed[v] & u != 0 {
                    continue;
                }
                let m = s.cand[v] & u;
                let count = m.count_ones();
                if count < best.0 {
                    best.0 = count;
                    places = Some((v, m));
                }
            }
        }
        // The choices: (cell, value) pairs.
        let mut choices: Vec<(usize, usize)> = match places {
            Some((v, mut m)) => {
                let mut out = Vec::with_capacity(m.count_ones() as usize);
                while m != 0 {
                    out.push((m.trailing_zeros() as usize, v));
                    m &= m - 1;
                }
                out
            }
            None => {
                let cell = best.1;
                (0..self.n)
                    .filter(|&v| s.cand[v] >> cell & 1 != 0)
                    .map(|v| (cell, v))
                    .collect()
            }
        };
        if self.rng != 0 && !choices.is_empty() {
            let offset = (self.next_random() % choices.len() as u64) as usize;
            choices.rotate_left(offset);
        }
        for (cell, v) in choices {
            if run
                .limits
                .max_nodes
                .is_some_and(|max| run.stats.nodes >= max)
            {
                run.stop = Some(Incomplete::NodeLimit);
                return;
            }
            run.stats.nodes += 1;
            run.until_check -= 1;
            if run.until_check == 0 {
                run.until_check = CHECK_EVERY;
                if let Some(why) = limits_interrupted(run.limits) {
                    run.stop = Some(why);
                    return;
                }
            }
            let mut next = s;
            self.place(&mut next, cell, v);
            self.search(next, run);
            if run.stop.is_some() {
                return;
            }
        }
    }
}
