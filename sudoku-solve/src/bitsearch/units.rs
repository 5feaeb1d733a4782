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
//! already placed in it and whose other values can go in its empty cells;
//! values in no such combination leave the cage's cells, and a value in
//! every such combination with one place left in the cage is placed (the
//! cage's options in the exact-cover matrix, summarised by values). For
//! true candidates, where it pays, a combination must also give its values
//! one to one to the empty cells (a perfect matching of cells to values),
//! and a cell keeps only the values it takes in some such matching; what
//! a cage's combinations leave is then remembered by (cage, values placed
//! and needed, its empty cells' candidates), as the search meets the same
//! cage in the same state again and again.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

use solver_core::{Incomplete, Limits, Outcome, Stats};

use super::search::{Clash, CHECK_EVERY};
use sudoku::{Rules, UnitKind};

/// The most cells a grid may have here.
pub(crate) const MAX_CELLS: usize = 128;

/// The most places of a value in a unit (or a cage) that locked candidates
/// look at: a box meets a row or a column in at most 3 cells on 9x9.
const MAX_POINTING: u32 = 4;

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
    /// Cells whose candidates changed since the cages last looked at them.
    touched: u128,
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
    /// The sums the rules imply.
    sums: Vec<SumBits>,
    /// Random tie-breaks (0: none).
    pub(crate) rng: u64,
    /// Whether cages keep only the values of a perfect matching (true
    /// candidates, where it pays) rather than each value some cell of the
    /// combination can take (uniqueness proofs, where it costs more than it
    /// saves).
    matching: bool,
    /// What the combinations of a cage leave, by (cage, values placed and
    /// needed, the empty cells' candidates), with `matching` (true
    /// candidates only).
    cache: std::cell::RefCell<Vec<CageMemo>>,
}

/// The slots of [`UnitSearch::cache`] (a power of two).
const CACHE_SLOTS: usize = 1 << 14;

/// What the combinations of a cage leave in one situation: the key, then
/// each empty cell's values kept, the values every combination needs,
/// whether any combination is left.
#[derive(Clone, Copy, Default)]
struct CageMemo {
    /// The cage's index plus one (0: an empty slot).
    cage: u16,
    placed: u16,
    must: u16,
    here: [u16; MAX_VALUES],
    support: [u16; MAX_VALUES],
    common: u16,
    any: bool,
}

/// A killer cage as bits.
struct CageBits {
    /// Its cells.
    cells: u128,
    /// The sets of values (bit `v` for value `v + 1`) with one value per
    /// cell adding up to the sum.
    combos: Vec<u16>,
    /// The units that meet the cage.
    units: Vec<u128>,
}

impl CageBits {
    fn new(cage: &sudoku::Cage, n: usize) -> CageBits {
        let cells = cage.cells.iter().fold(0u128, |b, &c| b | 1 << c);
        CageBits::of(cells, cage.sum, n)
    }

    /// The cage of `cells` (all different) adding up to `sum`.
    fn of(cells: u128, sum: u32, n: usize) -> CageBits {
        let size = cells.count_ones();
        let combos = (0u16..1 << n)
            .filter(|m| {
                let total: u32 = (0..n)
                    .filter(|v| m >> v & 1 != 0)
                    .map(|v| v as u32 + 1)
                    .sum();
                m.count_ones() == size && total == sum
            })
            .collect();
        CageBits {
            cells,
            combos,
            units: Vec::new(),
        }
    }
}

/// A sum the rules imply: the values of `plus` less those of `minus` add up
/// to `total`.
#[derive(PartialEq, Eq)]
struct SumBits {
    plus: u128,
    minus: u128,
    total: i32,
}

/// The most cells of an implied sum kept (bounds on more cells rarely
/// prune).
const MAX_SUM_CELLS: u32 = 8;

/// The cages and sums the rules imply (the "45 rule" of killer solvers). A
/// unit holds each value once, so its values add up to `n (n + 1) / 2`, and
/// `h` units that share no cell (a run of rows or of columns) add up to `h`
/// times that. Less the sums of the cages inside such a region, the rest of
/// its cells add up to the difference: a cage like the others when those
/// cells all see each other, else a sum. A cage that crosses the region's
/// border may also be swapped for its cells outside (with a minus sign)
/// when those are fewer. The cages must not overlap (else none is implied).
fn implied(
    rules: &Rules,
    cages: &[CageBits],
    sums: &[u32],
    peers: &[u128],
    n: usize,
) -> (Vec<CageBits>, Vec<SumBits>) {
    let (mut more, mut linear) = (Vec::new(), Vec::new());
    let mut union = 0u128;
    for cage in cages {
        if cage.cells & union != 0 {
            return (more, linear);
        }
        union |= cage.cells;
    }
    if cages.is_empty() {
        return (more, linear);
    }
    let bits = |cells: &[usize]| cells.iter().fold(0u128, |b, &c| b | 1 << c);
    let mut regions: Vec<(u128, i32)> = rules.units().iter().map(|u| (bits(&u.cells), 1)).collect();
    for kind in [UnitKind::Row, UnitKind::Column] {
        let lines: Vec<u128> = rules
            .units()
            .iter()
            .filter(|u| u.kind == kind)
            .map(|u| bits(&u.cells))
            .collect();
        for len in 2..lines.len() {
            for first in 0..=lines.len() - len {
                let cells = lines[first..first + len].iter().fold(0, |b, &l| b | l);
                regions.push((cells, len as i32));
            }
        }
    }
    // Pairs of boxes (or jigsaw regions).
    let boxes: Vec<u128> = rules
        .units()
        .iter()
        .filter(|u| matches!(u.kind, UnitKind::Box | UnitKind::Region))
        .map(|u| bits(&u.cells))
        .collect();
    for (i, &a) in boxes.iter().enumerate() {
        for &b in &boxes[i + 1..] {
            regions.push((a | b, 2));
        }
    }
    let whole = (n * (n + 1) / 2) as i32;
    let clique = |cells: u128| {
        let mut rest = cells;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if rest & !peers[c] != 0 {
                return false;
            }
        }
        true
    };
    for (region, houses) in regions {
        let mut plus = region;
        let mut total = houses * whole;
        let mut crossing = Vec::new();
        for (cage, &sum) in cages.iter().zip(sums) {
            if cage.cells & !region == 0 {
                plus &= !cage.cells;
                total -= sum as i32;
            } else if cage.cells & region != 0 {
                crossing.push((cage.cells, sum as i32));
            }
        }
        if plus == region {
            continue;
        }
        // The cells left, as a cage or a sum.
        if plus != 0 {
            if clique(plus) && (plus.count_ones() as usize) < n {
                if !more.iter().any(|c: &CageBits| c.cells == plus) {
                    more.push(match u32::try_from(total) {
                        Ok(sum) => CageBits::of(plus, sum, n),
                        // More than the region holds: no solution.
                        Err(_) => CageBits {
                            cells: plus,
                            combos: Vec::new(),
                            units: Vec::new(),
                        },
                    });
                }
            } else if plus.count_ones() <= MAX_SUM_CELLS {
                let sum = SumBits {
                    plus,
                    minus: 0,
                    total,
                };
                if !linear.contains(&sum) {
                    linear.push(sum);
                }
            }
        }
        // Crossing cages with fewer cells outside than inside swapped.
        let mut minus = 0u128;
        for &(cells, sum) in &crossing {
            let (inside, outside) = (cells & region, cells & !region);
            if outside.count_ones() < inside.count_ones() {
                plus &= !inside;
                minus |= outside;
                total -= sum;
            }
        }
        if minus != 0 && (plus | minus).count_ones() <= MAX_SUM_CELLS {
            let sum = SumBits { plus, minus, total };
            if !linear.contains(&sum) {
                linear.push(sum);
            }
        }
    }
    (more, linear)
}

/// The most cells [`small_matched_support`] takes (its sets of values fit
/// in the 64 bits of a `u64`).
const SMALL_MATCHING: usize = 6;

/// For each value index `j` below [`SMALL_MATCHING`], the subsets of the
/// values (bit `s` for the set with bits `s`) that hold `j`.
const HOLDS: [u64; SMALL_MATCHING] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// [`matched_support`] for at most [`SMALL_MATCHING`] cells sharing
/// exactly as many `values`, by sets of values: `before[i]` holds (as bits
/// of a `u64`, one per subset of the values) the sets the cells before `i`
/// can take one to one, `after[i]` those the cells from `i` on can take;
/// cell `i` takes value `j` in some perfect matching when a set of
/// `before[i]` without `j`, plus `j`, leaves the values of a set of
/// `after[i + 1]`.
fn small_matched_support(opts: &[u16], values: u16, support: &mut [u16]) -> bool {
    let k = opts.len();
    // The values as indices 0..k, and each cell's values as such indices.
    let mut value = [0u16; SMALL_MATCHING];
    let mut here = [0u16; SMALL_MATCHING];
    let mut rest = values;
    let mut j = 0;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        value[j] = bit;
        for (h, &o) in here[..k].iter_mut().zip(opts) {
            if o & bit != 0 {
                *h |= 1 << j;
            }
        }
        j += 1;
    }
    // The sets with value j added to those without it.
    let add = |sets: u64, j: usize| (sets & !HOLDS[j]) << (1u32 << j);
    let grow = |sets: u64, mut m: u16| {
        let mut out = 0u64;
        while m != 0 {
            out |= add(sets, m.trailing_zeros() as usize);
            m &= m - 1;
        }
        out
    };
    let mut before = [0u64; SMALL_MATCHING + 1];
    before[0] = 1;
    for i in 0..k {
        before[i + 1] = grow(before[i], here[i]);
    }
    let all = (1usize << k) - 1;
    if before[k] >> all & 1 == 0 {
        return false;
    }
    let mut after = [0u64; SMALL_MATCHING + 1];
    after[k] = 1;
    for i in (0..k).rev() {
        after[i] = grow(after[i + 1], here[i]);
    }
    for i in 0..k {
        // Bit s of `rest_sets`: the complement of set s can follow cell i.
        let rest_sets = after[i + 1].reverse_bits() >> (64 - (1u32 << k));
        let mut m = here[i];
        while m != 0 {
            let j = m.trailing_zeros() as usize;
            m &= m - 1;
            if add(before[i], j) & rest_sets != 0 {
                support[i] |= value[j];
            }
        }
    }
    true
}

/// The cells' values in some perfect matching of cells to values: `opts`
/// holds each cell's values (as many values in all as cells); adds to
/// `support[i]` each value cell `i` takes in some matching that gives each
/// cell one of its values and each value one cell. False (and `support`
/// untouched) when there is no such matching.
fn matched_support(opts: &[u16], support: &mut [u16]) -> bool {
    let k = opts.len();
    let values = opts.iter().fold(0u16, |b, &o| b | o);
    if k <= SMALL_MATCHING && values.count_ones() as usize == k {
        return small_matched_support(opts, values, support);
    }
    // owner[v]: the cell holding value v (or none), mine[i]: cell i's value.
    let mut owner = [u8::MAX; 16];
    let mut mine = [0u8; MAX_VALUES];
    fn augment(
        i: usize,
        opts: &[u16],
        owner: &mut [u8; 16],
        mine: &mut [u8; MAX_VALUES],
        tried: &mut u16,
    ) -> bool {
        let mut free = opts[i] & !*tried;
        while free != 0 {
            let v = free.trailing_zeros() as usize;
            free &= free - 1;
            *tried |= 1 << v;
            let j = owner[v];
            if j == u8::MAX || augment(usize::from(j), opts, owner, mine, tried) {
                owner[v] = i as u8;
                mine[i] = v as u8;
                return true;
            }
        }
        false
    }
    for i in 0..k {
        let mut tried = 0u16;
        if !augment(i, opts, &mut owner, &mut mine, &mut tried) {
            return false;
        }
    }
    // Cell i can take cell j's value when it is among i's values; an edge
    // (i, value of j) is in some perfect matching when j reaches i back.
    let mut reach = [0u16; MAX_VALUES];
    for (i, (r, &o)) in reach.iter_mut().zip(opts).enumerate() {
        for (j, &v) in mine[..k].iter().enumerate() {
            if j != i && o >> v & 1 != 0 {
                *r |= 1 << j;
            }
        }
    }
    for m in 0..k {
        for i in 0..k {
            if reach[i] >> m & 1 != 0 {
                reach[i] |= reach[m];
            }
        }
    }
    for i in 0..k {
        let mut sup = 1u16 << mine[i];
        let mut next = reach[i];
        while next != 0 {
            let j = next.trailing_zeros() as usize;
            next &= next - 1;
            if reach[j] >> i & 1 != 0 {
                sup |= 1 << mine[j];
            }
        }
        support[i] |= sup & opts[i];
    }
    true
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

impl<'a, F> Run<'a, F> {
    /// A run from the root (counted as one node) under `limits`.
    fn new(limits: &'a Limits, record: bool, visit: F) -> Self {
        Run {
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
        }
    }
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
        let peers: Vec<u128> = (0..cells)
            .map(|c| {
                let mine = rules.units_of(c).iter().fold(0u128, |b, &u| b | units[u]);
                let mine = cages
                    .iter()
                    .filter(|g| g.cells >> c & 1 != 0)
                    .fold(mine, |b, g| b | g.cells);
                mine & !(1 << c)
            })
            .collect();
        // The implied cages' cells see each other: peers already.
        let sums: Vec<u32> = rules.cages().iter().map(|c| c.sum).collect();
        let mut cages = cages;
        let (more, linear) = implied(rules, &cages, &sums, &peers, n);
        cages.extend(more);
        for cage in &mut cages {
            cage.units = units
                .iter()
                .copied()
                .filter(|&u| u & cage.cells != 0)
                .collect();
        }
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
            sums: linear,
            rng: 0,
            matching: false,
            cache: std::cell::RefCell::new(Vec::new()),
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
        let state = self.start(givens)?;
        let mut run = Run::new(limits, record, visit);
        self.search(state, &mut run);
        Ok(Outcome {
            stats: run.stats,
            incomplete: run.stop,
        })
    }

    /// The state of `givens` placed (not propagated); `Err(Clash)` when
    /// two givens break a unit.
    fn start(&self, givens: &[u16]) -> Result<State, Clash> {
        let mut state = State {
            cand: [0; MAX_VALUES],
            placed: [0; MAX_VALUES],
            filled: 0,
            touched: 0,
        };
        state.cand[..self.n].fill(self.all);
        for (cell, &v) in givens.iter().enumerate().take(self.cells) {
            if v != 0 {
                let v = usize::from(v) - 1;
                if v >= self.n || state.cand[v] >> cell & 1 == 0 {
                    return Err(Clash);
                }
                self.place(&mut state, cell, v);
            }
        }
        state.touched = self.all;
        Ok(state)
    }

    fn place(&self, s: &mut State, cell: usize, v: usize) {
        let bit = 1u128 << cell;
        s.filled |= bit;
        s.placed[v] |= bit;
        for c in &mut s.cand {
            *c &= !bit;
        }
        s.touched |= bit | (s.cand[v] & self.peers[cell]);
        s.cand[v] &= !self.peers[cell];
    }

    /// Singles until nothing changes; false on a contradiction.
    fn propagate(&self, s: &mut State) -> bool {
        // Each value's candidates when the hidden singles and the locked
        // candidates last looked at it (none yet): a value whose candidates
        // did not change since gives them nothing new (`u128::MAX`, never
        // a value's candidates: grids here have at most 11 x 11 cells).
        let mut singles_saw = [u128::MAX; MAX_VALUES];
        let mut pointing_saw = [u128::MAX; MAX_VALUES];
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
            for (v, saw) in singles_saw[..self.n].iter_mut().enumerate() {
                if *saw == s.cand[v] {
                    continue;
                }
                *saw = s.cand[v];
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
            if changed {
                continue;
            }
            match self.cage_step(s) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !self.pointing(s, &mut pointing_saw) {
                return true;
            }
        }
    }

    /// Removes `v` from the cells outside `places` that see all of
    /// `places` (two or more cells, one of which holds `v`); whether any
    /// went.
    fn point(&self, s: &mut State, v: usize, places: u128) -> bool {
        let mut rest = places;
        let mut seeing = self.all;
        while rest != 0 && seeing & s.cand[v] != 0 {
            seeing &= self.peers[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        let gone = seeing & s.cand[v];
        if gone == 0 {
            return false;
        }
        s.cand[v] &= !gone;
        s.touched |= gone;
        true
    }

    /// Locked candidates for any units: where a unit's places for a value
    /// all see a cell outside them, that cell loses the value (a box's
    /// places in one row clear the rest of the row, and so on; cages count
    /// as peers). Whether anything changed.
    /// `saw` holds each value's candidates when this last looked at it: a
    /// value whose candidates did not change since is skipped.
    fn pointing(&self, s: &mut State, saw: &mut [u128; MAX_VALUES]) -> bool {
        let mut changed = false;
        for (v, saw) in saw[..self.n].iter_mut().enumerate() {
            if *saw == s.cand[v] {
                continue;
            }
            *saw = s.cand[v];
            for &u in &self.units {
                if s.placed[v] & u != 0 {
                    continue;
                }
                let places = s.cand[v] & u;
                if places.count_ones() <= MAX_POINTING {
                    changed |= self.point(s, v, places);
                }
            }
        }
        changed
    }

    /// One pass over the cages. A value combination of a cage is admissible
    /// when it holds the values already placed in the cage, and its other
    /// values can go in the cage's empty cells: each such value has a cell
    /// for it and each empty cell a value (with `matching`: the values can
    /// be given one to one to the cells, each cell one of its candidates).
    /// A value leaves an empty cell when no admissible combination (with
    /// `matching`: no such assignment of one) gives it to that cell; a value every
    /// admissible combination needs, with one place left in the cage, is
    /// placed. `None` on a contradiction, else whether anything changed.
    fn cage_step(&self, s: &mut State) -> Option<bool> {
        let mut changed = false;
        let mut touched = std::mem::take(&mut s.touched);
        // Each cell's candidates (bit v for value v + 1), read again after a
        // value is placed.
        let mut masks = [0u16; MAX_CELLS];
        self.cell_masks(s, &mut masks);
        let mut cache = self.cache.borrow_mut();
        if self.matching && cache.is_empty() {
            cache.resize(CACHE_SLOTS, CageMemo::default());
        }
        for (index, cage) in self.cages.iter().enumerate() {
            touched |= s.touched;
            if cage.cells & touched == 0 {
                continue;
            }
            let mut placed = 0u16;
            for v in 0..self.n {
                if s.placed[v] & cage.cells != 0 {
                    placed |= 1 << v;
                }
            }
            // The empty cells of the cage and their candidates (at most
            // one cell per value).
            let mut cells = [0usize; MAX_VALUES];
            let mut here = [0u16; MAX_VALUES];
            let mut empty = cage.cells & !s.filled;
            let mut k = 0;
            while empty != 0 && k < MAX_VALUES {
                let cell = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                cells[k] = cell;
                here[k] = masks[cell];
                k += 1;
            }
            if k == 0 {
                // Full: its values must be one of its combinations.
                if !cage.combos.contains(&placed) {
                    return None;
                }
                continue;
            }
            // Values a unit can place only in the cage: it holds them.
            let mut must = placed;
            for &u in &cage.units {
                for v in 0..self.n {
                    if s.placed[v] & u == 0 && s.cand[v] & u & !cage.cells == 0 {
                        must |= 1 << v;
                    }
                }
            }
            let mut support = [0u16; MAX_VALUES];
            let (mut any, mut common) = (false, u16::MAX);
            // The same cage, values and candidates as before: the same
            // outcome (true candidates only).
            let slot = if self.matching {
                let mut h = (index as u64) << 32 | u64::from(must) << 16 | u64::from(placed);
                for &c in &here[..k] {
                    h = (h ^ u64::from(c)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                }
                let slot = (h >> 40) as usize & (CACHE_SLOTS - 1);
                let memo = &cache[slot];
                if usize::from(memo.cage) == index + 1
                    && memo.placed == placed
                    && memo.must == must
                    && memo.here[..k] == here[..k]
                    && memo.here[k..].iter().all(|&c| c == 0)
                {
                    support = memo.support;
                    common = memo.common;
                    any = memo.any;
                    None
                } else {
                    Some(slot)
                }
            } else {
                None
            };
            let combos: &[u16] = if self.matching && slot.is_none() {
                &[]
            } else {
                &cage.combos
            };
            for &m in combos {
                if m & must != must {
                    continue;
                }
                let rest = m & !placed;
                let mut reach = 0u16;
                let mut fits = true;
                for &c in &here[..k] {
                    let open = c & rest;
                    if open == 0 {
                        fits = false;
                        break;
                    }
                    reach |= open;
                }
                if !fits || reach != rest {
                    continue;
                }
                if !self.matching {
                    any = true;
                    common &= rest;
                    for (sup, &c) in support[..k].iter_mut().zip(&here[..k]) {
                        *sup |= c & rest;
                    }
                    continue;
                }
                let adds = here[..k]
                    .iter()
                    .zip(&support[..k])
                    .any(|(&c, &sup)| c & rest & !sup != 0);
                if !adds && any && common & rest == common {
                    // Nothing this combination could change.
                    continue;
                }
                // Each cell keeps the values it takes in some one-to-one
                // assignment of the combination's values to the cells.
                let mut opts = [0u16; MAX_VALUES];
                for (o, &c) in opts[..k].iter_mut().zip(&here[..k]) {
                    *o = c & rest;
                }
                if !matched_support(&opts[..k], &mut support) {
                    continue;
                }
                any = true;
                common &= rest;
            }
            if let Some(slot) = slot {
                let mut memo = CageMemo {
                    cage: index as u16 + 1,
                    placed,
                    must,
                    here: [0; MAX_VALUES],
                    support,
                    common,
                    any,
                };
                memo.here[..k].copy_from_slice(&here[..k]);
                cache[slot] = memo;
            }
            if !any {
                return None;
            }
            for i in 0..k {
                let mut gone = here[i] & !support[i];
                if gone != 0 {
                    changed = true;
                    let cell = cells[i];
                    masks[cell] &= !gone;
                    s.touched |= 1 << cell;
                    while gone != 0 {
                        s.cand[gone.trailing_zeros() as usize] &= !(1u128 << cell);
                        gone &= gone - 1;
                    }
                }
            }
            // Values every combination needs: placed where one place is
            // left, else taken from the cells that see all their places.
            let mut needed = common;
            while needed != 0 {
                let v = needed.trailing_zeros() as usize;
                needed &= needed - 1;
                let places = s.cand[v] & cage.cells & !s.filled;
                if places == 0 {
                    return None;
                }
                let before = s.cand;
                if places & (places - 1) == 0 {
                    let cell = places.trailing_zeros() as usize;
                    self.place(s, cell, v);
                    Self::sync(&before, s, &mut masks);
                    masks[cell] = 1 << v;
                    changed = true;
                } else if self.point(s, v, places) {
                    Self::sync(&before, s, &mut masks);
                    changed = true;
                }
            }
        }
        for sum in &self.sums {
            touched |= s.touched;
            if (sum.plus | sum.minus) & touched == 0 {
                continue;
            }
            match self.sum_step(s, sum, &mut masks) {
                None => return None,
                Some(c) => changed |= c,
            }
        }
        Some(changed)
    }

    /// Bounds on an implied sum: each cell keeps the values the other
    /// cells' smallest and largest values leave possible. `None` on a
    /// contradiction, else whether anything changed.
    fn sum_step(&self, s: &mut State, sum: &SumBits, masks: &mut [u16; MAX_CELLS]) -> Option<bool> {
        let lo = |m: u16| m.trailing_zeros() as i32 + 1;
        let hi = |m: u16| 16 - m.leading_zeros() as i32;
        let (mut low, mut high) = (0i32, 0i32);
        for (cells, sign) in [(sum.plus, 1), (sum.minus, -1)] {
            let mut rest = cells;
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let m = masks[c];
                if m == 0 {
                    return None;
                }
                if sign > 0 {
                    low += lo(m);
                    high += hi(m);
                } else {
                    low -= hi(m);
                    high -= lo(m);
                }
            }
        }
        if sum.total < low || sum.total > high {
            return None;
        }
        let mut changed = false;
        for (cells, sign) in [(sum.plus, 1), (sum.minus, -1)] {
            let mut rest = cells & !s.filled;
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let m = masks[c];
                let (min, max) = if sign > 0 {
                    (sum.total - high + hi(m), sum.total - low + lo(m))
                } else {
                    (low + hi(m) - sum.total, high + lo(m) - sum.total)
                };
                let keep = if max < 1 || min > self.n as i32 {
                    0
                } else {
                    let (min, max) = (min.max(1), max.min(self.n as i32));
                    ((1u32 << max) - (1u32 << (min - 1))) as u16
                };
                let mut gone = m & !keep;
                if gone != 0 {
                    changed = true;
                    masks[c] &= keep;
                    s.touched |= 1 << c;
                    while gone != 0 {
                        s.cand[gone.trailing_zeros() as usize] &= !(1u128 << c);
                        gone &= gone - 1;
                    }
                }
            }
        }
        Some(changed)
    }

    /// Takes from `masks` the candidates that left `s` since `before`.
    fn sync(before: &[u128; MAX_VALUES], s: &State, masks: &mut [u16; MAX_CELLS]) {
        for (v, (&b, &a)) in before.iter().zip(&s.cand).enumerate() {
            let mut gone = b & !a;
            while gone != 0 {
                masks[gone.trailing_zeros() as usize] &= !(1 << v);
                gone &= gone - 1;
            }
        }
    }

    /// Each cell's candidates as a mask of values (a filled cell: its
    /// value).
    fn cell_masks(&self, s: &State, masks: &mut [u16; MAX_CELLS]) {
        masks.fill(0);
        for v in 0..self.n {
            let mut b = s.cand[v] | s.placed[v];
            while b != 0 {
                masks[b.trailing_zeros() as usize] |= 1 << v;
                b &= b - 1;
            }
        }
    }

    fn next_random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// Writes the values of a full state into `run.values` when recording.
    fn record<F>(&self, s: &State, run: &mut Run<'_, F>) {
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
    }

    /// The choices to branch on in `s` (not solved): the (cell, value)
    /// pairs of the empty cell with the fewest candidates, or of the unit
    /// and value with the fewest places when that is fewer.
    fn choices(&mut self, s: &State) -> Vec<(usize, usize)> {
        let empty = self.all & !s.filled;
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
        choices
    }

    /// Counts a node against the limits; false when one stops the search
    /// (`run.stop` then says which).
    fn node<F>(run: &mut Run<'_, F>) -> bool {
        if run
            .limits
            .max_nodes
            .is_some_and(|max| run.stats.nodes >= max)
        {
            run.stop = Some(Incomplete::NodeLimit);
            return false;
        }
        run.stats.nodes += 1;
        run.until_check -= 1;
        if run.until_check == 0 {
            run.until_check = CHECK_EVERY;
            if let Some(why) = run.limits.interrupted() {
                run.stop = Some(why);
                return false;
            }
        }
        true
    }

    fn search<F: FnMut(&[u16]) -> ControlFlow<()>>(&mut self, mut s: State, run: &mut Run<'_, F>) {
        if !self.propagate(&mut s) {
            return;
        }
        if s.filled == self.all {
            run.stats.solutions += 1;
            self.record(&s, run);
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
        for (cell, v) in self.choices(&s) {
            if !Self::node(run) {
                return;
            }
            let mut next = s;
            self.place(&mut next, cell, v);
            self.search(next, run);
            if run.stop.is_some() {
                return;
            }
        }
    }

    /// The choices of the root's branching after propagating `givens`:
    /// their completions partition the puzzle's solutions (empty when
    /// propagation solves the puzzle or shows it has no solution).
    /// `Err(Clash)` when the givens break a unit at once.
    pub(crate) fn split(&mut self, givens: &[u16]) -> Result<Vec<(usize, u16)>, Clash> {
        let mut s = self.start(givens)?;
        if !self.propagate(&mut s) || s.filled == self.all {
            return Ok(Vec::new());
        }
        Ok(self
            .choices(&s)
            .into_iter()
            .map(|(cell, v)| (cell, v as u16 + 1))
            .collect())
    }

    /// True candidates: searches the completions of `givens`, skipping
    /// every subtree whose candidates (the values still possible in each
    /// cell) were all seen in solutions already. Where a value placed on
    /// the way down was seen in no solution, it branches as
    /// [`run`](Self::run) does, values not yet seen first, until a solution
    /// shows it; elsewhere it branches on a value not yet seen (in the cell
    /// with the fewest candidates that has one): placed, then taken out, so
    /// a value in no solution is refuted once there instead of in every
    /// subtree that still holds it. `seen` holds, per
    /// cell, bit `v - 1` for each value `v` seen in a solution; `visit`
    /// gets each solution found and is expected to add it to `seen` (other
    /// threads may add to it too: the search reads it again after each
    /// solution and every [`CHECK_EVERY`] nodes). So every (cell, value)
    /// of some solution ends up in `seen`, unless a limit stops the search.
    pub(crate) fn candidates(
        &mut self,
        givens: &[u16],
        limits: &Limits,
        seen: &[AtomicU64],
        visit: impl FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Outcome, Clash> {
        let state = self.start(givens)?;
        let mut run = Run::new(limits, true, visit);
        let mut known = Seen {
            shared: seen,
            bits: [0; MAX_VALUES],
            next_read: 0,
        };
        known.read(self.n);
        self.matching = true;
        self.candidates_search(state, &mut run, &mut known);
        self.matching = false;
        Ok(Outcome {
            stats: run.stats,
            incomplete: run.stop,
        })
    }

    fn candidates_search<F: FnMut(&[u16]) -> ControlFlow<()>>(
        &mut self,
        mut s: State,
        run: &mut Run<'_, F>,
        seen: &mut Seen<'_>,
    ) {
        if !self.propagate(&mut s) || !seen.news(&s, self.n) {
            return;
        }
        if s.filled == self.all {
            run.stats.solutions += 1;
            self.record(&s, run);
            if (run.visit)(&run.values).is_break() {
                run.stop = Some(Incomplete::Stopped);
            }
            seen.read(self.n);
            return;
        }
        if seen.placed_news(&s, self.n) {
            // A value placed on the way down was seen in no solution: any
            // solution here teaches, so look for one as a plain search
            // does (unseen values first).
            let mut choices = self.choices(&s);
            choices.sort_by_key(|&(cell, v)| seen.bits[v] >> cell & 1);
            for (i, (cell, v)) in choices.into_iter().enumerate() {
                if i > 0 && !seen.news(&s, self.n) {
                    return;
                }
                if !self.step(run, seen) {
                    return;
                }
                let mut next = s;
                self.place(&mut next, cell, v);
                self.candidates_search(next, run, seen);
                if run.stop.is_some() {
                    return;
                }
            }
            return;
        }
        // Only candidates are new: branch on one of them, placed (a
        // solution there shows it, or none does and it is false here), then
        // taken out.
        let (cell, v) = self.unseen_pair(&s, seen);
        if !self.step(run, seen) {
            return;
        }
        let mut next = s;
        self.place(&mut next, cell, v);
        self.candidates_search(next, run, seen);
        if run.stop.is_some() || !self.step(run, seen) {
            return;
        }
        s.cand[v] &= !(1u128 << cell);
        s.touched |= 1u128 << cell;
        self.candidates_search(s, run, seen);
    }

    /// Counts a node of the true-candidates search (reading `seen` again
    /// every [`CHECK_EVERY`] nodes); false when a limit stops it.
    fn step<F>(&self, run: &mut Run<'_, F>, seen: &mut Seen<'_>) -> bool {
        if !Self::node(run) {
            return false;
        }
        if run.stats.nodes >= seen.next_read {
            seen.read(self.n);
            seen.next_read = run.stats.nodes + CHECK_EVERY;
        }
        true
    }

    /// A (cell, value) still possible in `s` but seen in no solution: in
    /// the empty cell with such a value and the fewest candidates.
    fn unseen_pair(&self, s: &State, seen: &Seen<'_>) -> (usize, usize) {
        let mut cells = 0u128;
        for v in 0..self.n {
            cells |= s.cand[v] & !seen.bits[v];
        }
        let mut best = (u32::MAX, 0usize);
        let mut rest = cells;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let count = s.cand[..self.n]
                .iter()
                .filter(|&&c| c >> cell & 1 != 0)
                .count() as u32;
            if count < best.0 {
                best = (count, cell);
            }
        }
        let cell = best.1;
        let v = (0..self.n)
            .find(|&v| (s.cand[v] & !seen.bits[v]) >> cell & 1 != 0)
            .expect("a cell with an unseen candidate");
        (cell, v)
    }
}

/// The values seen in solutions, as the true-candidates search reads them:
/// per value, the cells where it was seen.
struct Seen<'a> {
    /// Per cell, bit `v - 1` for value `v` (written by the caller, and by
    /// other threads).
    shared: &'a [AtomicU64],
    bits: [u128; MAX_VALUES],
    /// The node count at which to read `shared` again.
    next_read: u64,
}

impl Seen<'_> {
    fn read(&mut self, n: usize) {
        for (cell, m) in self.shared.iter().enumerate().take(MAX_CELLS) {
            let mut m = m.load(Ordering::Relaxed);
            while m != 0 {
                let v = m.trailing_zeros() as usize;
                m &= m - 1;
                if v < n {
                    self.bits[v] |= 1 << cell;
                }
            }
        }
    }

    /// Whether a value placed in `s` was seen in no solution in its cell.
    fn placed_news(&self, s: &State, n: usize) -> bool {
        (0..n).any(|v| s.placed[v] & !self.bits[v] != 0)
    }

    /// Whether `s` still has a (cell, value) not seen in a solution: a
    /// candidate, or a value placed on the way down.
    fn news(&self, s: &State, n: usize) -> bool {
        (0..n).any(|v| (s.cand[v] | s.placed[v]) & !self.bits[v] != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of distinct values to the cells, each from its own
    /// options, by brute force: the values each cell takes in one.
    fn brute(opts: &[u16]) -> Option<Vec<u16>> {
        fn go(opts: &[u16], i: usize, used: u16, path: &mut Vec<u16>, out: &mut Vec<u16>) {
            if i == opts.len() {
                for (o, &v) in out.iter_mut().zip(path.iter()) {
                    *o |= 1 << v;
                }
                return;
            }
            for v in 0..16 {
                if opts[i] >> v & 1 != 0 && used >> v & 1 == 0 {
                    path.push(v);
                    go(opts, i + 1, used | 1 << v, path, out);
                    path.pop();
                }
            }
        }
        let mut out = vec![0u16; opts.len()];
        go(opts, 0, 0, &mut Vec::new(), &mut out);
        out.iter().all(|&m| m != 0).then_some(out)
    }

    #[test]
    fn small_matched_support_agrees_with_brute_force() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut seen = [0usize; SMALL_MATCHING + 1];
        for _ in 0..20_000 {
            let k = 1 + (next() % SMALL_MATCHING as u64) as usize;
            // k values among 11, every one of them some cell's.
            let mut values = 0u16;
            while values.count_ones() < k as u32 {
                values |= 1 << (next() % MAX_VALUES as u64);
            }
            let mut opts: Vec<u16> = (0..k).map(|_| next() as u16 & values).collect();
            let mut missing = values & !opts.iter().fold(0, |b, &o| b | o);
            while missing != 0 {
                let i = (next() % k as u64) as usize;
                opts[i] |= missing & missing.wrapping_neg();
                missing &= missing - 1;
            }
            let mut support = vec![0u16; k];
            let fits = small_matched_support(&opts, values, &mut support);
            match brute(&opts) {
                Some(expected) => {
                    seen[k] += 1;
                    assert!(fits, "{opts:?}");
                    assert_eq!(support, expected, "{opts:?}");
                }
                None => {
                    assert!(!fits, "{opts:?}");
                    assert!(support.iter().all(|&m| m == 0));
                }
            }
        }
        // Matchings of every size were checked.
        assert!(seen[1..].iter().all(|&n| n > 100), "{seen:?}");
    }

    #[test]
    fn matched_support_is_the_values_of_some_perfect_matching() {
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for _ in 0..20_000 {
            let k = 1 + (next() % 7) as usize;
            // k values among 9, each cell a random subset of them.
            let mut values = 0u16;
            while values.count_ones() < k as u32 {
                values |= 1 << (next() % 9);
            }
            let opts: Vec<u16> = (0..k).map(|_| next() as u16 & values).collect();
            let mut support = vec![0u16; k];
            let fits = matched_support(&opts, &mut support);
            match brute(&opts) {
                Some(expected) => {
                    assert!(fits, "{opts:?}");
                    assert_eq!(support, expected, "{opts:?}");
                }
                None => {
                    assert!(!fits, "{opts:?}");
                    assert!(support.iter().all(|&m| m == 0));
                }
            }
        }
    }
}
