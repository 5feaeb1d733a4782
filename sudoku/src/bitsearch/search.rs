//! The search: exact cover over the Sudoku matrix, with the matrix held as
//! one bit board per value (the cells where the value is still possible)
//! instead of linked lists.
//!
//! The items and options are those of [`Encoding`](crate::Encoding): an
//! option is a (cell, value) pair, an item is a cell or a (unit, value) pair.
//! The length of a cell item is its number of candidates; the length of a
//! (unit, value) item is the number of cells of the unit where the value is
//! possible. Propagation chooses every item of length 1 (naked and hidden
//! singles), fails on an item of length 0, and optionally removes options by
//! locked candidates (if every option of a box-value item lies in one row,
//! the row's other options for that value conflict with it, and vice versa).
//! Then the search branches on an item with the fewest options, as Knuth's
//! rule says. A state is a few hundred bytes for 9x9, so each level gets a
//! copy instead of undoing changes.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use solver_core::{Incomplete, Limits, Outcome, Stats};

use super::tables::{cells, first, has, is_empty, Board, Tables};

/// How many nodes pass between checks of the clock and the cancellation flag.
const CHECK_EVERY: u64 = 256;

/// An open level of the search: its options are `options[start..end]`, the
/// next to try is `next`; its state is the slot with the frame's index.
struct Frame {
    start: usize,
    next: usize,
    end: usize,
}

/// What changed since a propagation stage last looked: digits whose board
/// changed anywhere, and units where a cell was filled (which removes a
/// candidate from every digit's board in that unit). Bit sets: at most 128
/// digits and 384 units.
#[derive(Clone, Copy, Default)]
pub(crate) struct Dirty {
    digits: u128,
    units: [u64; 6],
}

impl Dirty {
    fn all(n: usize) -> Dirty {
        Dirty {
            digits: if n >= 128 {
                u128::MAX
            } else {
                (1u128 << n) - 1
            },
            units: [0; 6],
        }
    }

    fn any(&self) -> bool {
        self.digits != 0 || self.units.iter().any(|&w| w != 0)
    }

    fn has_digit(&self, d: usize) -> bool {
        self.digits >> d & 1 != 0
    }

    fn units(&self) -> impl Iterator<Item = usize> + '_ {
        cells(&self.units)
    }
}

/// Change marks for the two stages that scan only what changed.
#[derive(Default)]
pub(crate) struct Marks {
    hidden: Dirty,
    locked: Dirty,
}

impl Marks {
    fn reset(&mut self, all: Option<usize>) {
        let d = all.map_or(Dirty::default(), Dirty::all);
        self.hidden = d;
        self.locked = d;
    }

    #[inline]
    fn placed<const W: usize>(&mut self, t: &Tables<W>, c: usize, d: usize) {
        let [a, b, e] = t.units_of[c];
        for dirty in [&mut self.hidden, &mut self.locked] {
            dirty.digits |= 1 << d;
            for u in [a, b, e] {
                dirty.units[u as usize / 64] |= 1 << (u % 64);
            }
        }
    }

    #[inline]
    fn eliminated(&mut self, d: usize) {
        self.hidden.digits |= 1 << d;
        self.locked.digits |= 1 << d;
    }
}

/// The bit-parallel search for one shape; reusable across puzzles.
pub(crate) struct BitSearch<const W: usize> {
    t: Arc<Tables<W>>,
    /// States, one slot of `n + 1` boards per level: the candidates of each
    /// value, then the unsolved cells.
    states: Vec<Board<W>>,
    options: Vec<(u32, u32)>,
    frames: Vec<Frame>,
    marks: Marks,
    /// Whether propagation also uses locked candidates.
    pub(crate) locked: bool,
    /// xorshift state for shuffling the options of each level; 0 = never.
    pub(crate) rng: u64,
}

impl<const W: usize> BitSearch<W> {
    pub(crate) fn new(t: Arc<Tables<W>>) -> Self {
        BitSearch {
            t,
            states: Vec::new(),
            options: Vec::new(),
            frames: Vec::new(),
            marks: Marks::default(),
            locked: true,
            rng: 0,
        }
    }

    /// Searches the completions of `givens` (one value per cell, 0 = empty),
    /// calling `visit` with each solution (one value per cell).
    pub(crate) fn run(
        &mut self,
        givens: &[u16],
        limits: &Limits,
        record: bool,
        mut visit: impl FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Outcome, Clash> {
        if limits.max_solutions == Some(0) {
            return Ok(Outcome {
                stats: Stats::default(),
                incomplete: Some(Incomplete::SolutionLimit),
            });
        }
        let t = Arc::clone(&self.t);
        let n = t.n;
        let size = n + 1;
        let mut stats = Stats::default();
        let mut solution = vec![0u16; if record { givens.len() } else { 0 }];
        self.frames.clear();
        self.options.clear();
        self.states.clear();
        self.states.resize(size, t.full);
        let root = &mut self.states[..size];
        for (c, &v) in givens.iter().enumerate() {
            if v != 0 {
                let (b, d) = (t.bit_of[c] as usize, usize::from(v) - 1);
                if !has(&root[d], b) || !has(&root[n], b) {
                    return Err(Clash);
                }
                place(&t, root, b, d);
            }
        }
        stats.nodes = 1;
        self.marks.reset(Some(n));
        if !propagate(&t, root, self.locked, true, &mut self.marks) {
            return Ok(Outcome {
                stats,
                incomplete: None,
            });
        }
        if is_empty(&root[n]) {
            stats.solutions = 1;
            if record {
                decode(&t, root, &mut solution);
            }
            let incomplete = visit(&solution).is_break().then_some(Incomplete::Stopped);
            return Ok(Outcome { stats, incomplete });
        }
        branch(&t, root, &mut self.options, &mut self.rng);
        self.frames.push(Frame {
            start: 0,
            next: 0,
            end: self.options.len(),
        });
        let mut until_check = 1;
        let incomplete = loop {
            let Some(top) = self.frames.last_mut() else {
                break None;
            };
            if top.next == top.end {
                self.options.truncate(top.start);
                self.frames.pop();
                continue;
            }
            let (c, d) = self.options[top.next];
            top.next += 1;
            if limits.max_nodes.is_some_and(|max| stats.nodes >= max) {
                break Some(Incomplete::NodeLimit);
            }
            stats.nodes += 1;
            until_check -= 1;
            if until_check == 0 {
                until_check = CHECK_EVERY;
                if let Some(why) = limits_interrupted(limits) {
                    break Some(why);
                }
            }
            let k = self.frames.len();
            if self.states.len() < (k + 1) * size {
                self.states.resize((k + 1) * size, [0; W]);
            }
            self.states.copy_within((k - 1) * size..k * size, k * size);
            let s = &mut self.states[k * size..(k + 1) * size];
            self.marks.reset(None);
            place(&t, s, c as usize, d as usize);
            self.marks.placed(&t, c as usize, d as usize);
            if !propagate(&t, s, self.locked, false, &mut self.marks) {
                continue;
            }
            if is_empty(&s[n]) {
                stats.solutions += 1;
                if record {
                    decode(&t, s, &mut solution);
                }
                if visit(&solution).is_break() {
                    break Some(Incomplete::Stopped);
                }
                if limits
                    .max_solutions
                    .is_some_and(|max| stats.solutions >= max)
                {
                    break Some(Incomplete::SolutionLimit);
                }
                continue;
            }
            let start = self.options.len();
            branch(&t, s, &mut self.options, &mut self.rng);
            self.frames.push(Frame {
                start,
                next: start,
                end: self.options.len(),
            });
        };
        Ok(Outcome { stats, incomplete })
    }
}

/// Two givens that clash (the caller finds out which with [`Grid::check`](crate::Grid::check)).
#[derive(Debug)]
pub(crate) struct Clash;

fn limits_interrupted(limits: &Limits) -> Option<Incomplete> {
    if let Some(flag) = &limits.cancel {
        if flag.load(std::sync::atomic::Ordering::Relaxed) {
            return Some(Incomplete::Cancelled);
        }
    }
    match limits.deadline {
        Some(d) if Instant::now() >= d => Some(Incomplete::Deadline),
        _ => None,
    }
}

/// Writes the values of a solved state, by cell.
fn decode<const W: usize>(t: &Tables<W>, s: &[Board<W>], out: &mut [u16]) {
    for (d, board) in s[..t.n].iter().enumerate() {
        for b in cells(board) {
            out[t.cell_of[b] as usize] = d as u16 + 1;
        }
    }
}

/// Chooses option (c, d): the other values leave cell c, value d leaves the
/// peers of c.
#[inline]
fn place<const W: usize>(t: &Tables<W>, s: &mut [Board<W>], c: usize, d: usize) {
    let (w, bit) = (c / 64, 1u64 << (c % 64));
    for board in s.iter_mut() {
        board[w] &= !bit;
    }
    let peers = &t.peers[c];
    for k in 0..W {
        s[d][k] &= !peers[k];
    }
    s[d][w] |= bit;
}

/// Chooses every forced option until none is left; false on a contradiction
/// (an item with no option left). The unit scans look only at what changed.
fn propagate<const W: usize>(
    t: &Tables<W>,
    s: &mut [Board<W>],
    locked: bool,
    root: bool,
    m: &mut Marks,
) -> bool {
    let n = t.n;
    loop {
        // Cell items: no candidate is a contradiction, one is a naked single.
        let (mut ones, mut twos, mut threes) = ([0u64; W], [0u64; W], [0u64; W]);
        for board in &s[..n] {
            for w in 0..W {
                threes[w] |= twos[w] & board[w];
                twos[w] |= ones[w] & board[w];
                ones[w] |= board[w];
            }
        }
        let unsolved = s[n];
        let mut single = [0u64; W];
        let mut pairs = 0u64;
        for w in 0..W {
            if unsolved[w] & !ones[w] != 0 {
                return false;
            }
            single[w] = unsolved[w] & ones[w] & !twos[w];
            pairs |= unsolved[w] & twos[w] & !threes[w];
        }
        if !is_empty(&single) {
            for c in cells(&single) {
                let (w, bit) = (c / 64, 1u64 << (c % 64));
                match (0..n).find(|&d| s[d][w] & bit != 0) {
                    Some(d) => {
                        place(t, s, c, d);
                        m.placed(t, c, d);
                    }
                    None => return false,
                }
            }
            continue;
        }
        // (Unit, value) items: no cell is a contradiction, one cell (not yet
        // filled) is a hidden single.
        if m.hidden.any() {
            let seen = std::mem::take(&mut m.hidden);
            let mut progress = false;
            for d in 0..n {
                if seen.has_digit(d) {
                    for u in 0..t.units.len() {
                        match hidden_single(t, s, m, u, d) {
                            Ok(p) => progress |= p,
                            Err(Contradiction) => return false,
                        }
                    }
                } else {
                    for (k, &word) in seen.units.iter().enumerate() {
                        let mut bits = word;
                        while bits != 0 {
                            let u = k * 64 + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            match hidden_single(t, s, m, u, d) {
                                Ok(p) => progress |= p,
                                Err(Contradiction) => return false,
                            }
                        }
                    }
                }
            }
            if progress {
                continue;
            }
        }
        // Locked candidates: on grids up to 9x9, at the root (the givens'
        // state) and where the search would otherwise branch on three or
        // more options. With a two-candidate cell to branch on, the passes
        // cost more than the nodes they save on 9x9. Measured with callgrind
        // against always-on: Serg 1.4x, hardest 1.2-1.4x, 17-clue 1.3x,
        // top1465 1.15x fewer instructions. Larger grids always use them
        // (16x16: 3x fewer nodes, 25x25: 4x fewer).
        if locked && (pairs == 0 || n > 9 || root) && m.locked.any() {
            let seen = std::mem::take(&mut m.locked);
            if eliminate_locked(t, s, &seen, m) {
                continue;
            }
        }
        return true;
    }
}

/// An item with no option left.
struct Contradiction;

/// Places value `d` in unit `u` if only one cell (still empty) can hold it;
/// fails if no cell can.
#[inline(always)]
fn hidden_single<const W: usize>(
    t: &Tables<W>,
    s: &mut [Board<W>],
    m: &mut Marks,
    u: usize,
    d: usize,
) -> Result<bool, Contradiction> {
    match single_in(&t.units[u], &s[d]) {
        Single::None => Err(Contradiction),
        Single::One(c) if has(&s[t.n], c) => {
            place(t, s, c, d);
            m.placed(t, c, d);
            Ok(true)
        }
        _ => Ok(false),
    }
}

enum Single {
    None,
    One(usize),
    Many,
}

/// Whether `board` has no cell, one cell, or more in `set`.
#[inline]
fn single_in<const W: usize>(set: &Board<W>, board: &Board<W>) -> Single {
    let mut one = None;
    for w in 0..W {
        let x = board[w] & set[w];
        if x != 0 {
            if one.is_some() || x & (x - 1) != 0 {
                return Single::Many;
            }
            one = Some(w * 64 + x.trailing_zeros() as usize);
        }
    }
    one.map_or(Single::None, Single::One)
}

/// Locked candidates: when a value's cells in a box all lie on one line, it
/// leaves the rest of the line, and vice versa. Looks at every crossing for
/// the digits that changed, and at the crossings of changed units for the
/// others. True if anything changed.
fn eliminate_locked<const W: usize>(
    t: &Tables<W>,
    s: &mut [Board<W>],
    seen: &Dirty,
    m: &mut Marks,
) -> bool {
    let mut changed = false;
    for (d, board) in s[..t.n].iter_mut().enumerate() {
        let mut touched = false;
        if seen.has_digit(d) {
            for crossing in &t.crossings {
                touched |= lock(board, crossing);
            }
        } else {
            for u in seen.units() {
                for &k in &t.crossings_of[u] {
                    touched |= lock(board, &t.crossings[k as usize]);
                }
            }
        }
        if touched {
            m.eliminated(d);
            changed = true;
        }
    }
    changed
}

#[inline]
fn lock<const W: usize>(
    board: &mut Board<W>,
    (box_only, line_only): &(Board<W>, Board<W>),
) -> bool {
    let empty = |board: &Board<W>, set: &Board<W>| (0..W).all(|w| board[w] & set[w] == 0);
    let clear = |board: &mut Board<W>, set: &Board<W>| {
        let mut changed = false;
        for w in 0..W {
            changed |= board[w] & set[w] != 0;
            board[w] &= !set[w];
        }
        changed
    };
    if empty(board, box_only) {
        clear(board, line_only)
    } else if empty(board, line_only) {
        clear(board, box_only)
    } else {
        false
    }
}

/// Pushes the options of an item with the fewest options (a cell with two
/// candidates if there is one, as is usual).
fn branch<const W: usize>(
    t: &Tables<W>,
    s: &[Board<W>],
    options: &mut Vec<(u32, u32)>,
    rng: &mut u64,
) {
    let n = t.n;
    let unsolved = &s[n];
    let (mut ones, mut twos, mut threes) = ([0u64; W], [0u64; W], [0u64; W]);
    for board in &s[..n] {
        for w in 0..W {
            let b = board[w] & unsolved[w];
            threes[w] |= twos[w] & b;
            twos[w] |= ones[w] & b;
            ones[w] |= b;
        }
    }
    let pairs: Board<W> = std::array::from_fn(|w| twos[w] & !threes[w]);
    let start = options.len();
    if let Some(c) = first(&pairs) {
        push_cell(n, s, c, options);
    } else {
        // No cell with two candidates: the item with the fewest options.
        let mut best = (u32::MAX, Choice::Cell(0));
        'units: for (d, board) in s[..n].iter().enumerate() {
            for (u, unit) in t.units.iter().enumerate() {
                let k: u32 = (0..W)
                    .map(|w| (board[w] & unit[w] & unsolved[w]).count_ones())
                    .sum();
                if k >= 2 && k < best.0 {
                    best = (k, Choice::Unit(u, d));
                    if k == 2 {
                        break 'units;
                    }
                }
            }
        }
        if best.0 > 2 {
            for c in cells(unsolved) {
                let (w, bit) = (c / 64, 1u64 << (c % 64));
                let k = s[..n].iter().filter(|b| b[w] & bit != 0).count() as u32;
                if k < best.0 {
                    best = (k, Choice::Cell(c));
                    if k <= 3 {
                        break;
                    }
                }
            }
        }
        match best.1 {
            Choice::Cell(c) => push_cell(n, s, c, options),
            Choice::Unit(u, d) => {
                let x: Board<W> = std::array::from_fn(|w| s[d][w] & t.units[u][w] & unsolved[w]);
                options.extend(cells(&x).map(|c| (c as u32, d as u32)));
            }
        }
    }
    if *rng != 0 {
        let mine = &mut options[start..];
        for i in (1..mine.len()).rev() {
            let j = (next_random(rng) % (i as u64 + 1)) as usize;
            mine.swap(i, j);
        }
    }
}

#[derive(Clone, Copy)]
enum Choice {
    Cell(usize),
    Unit(usize, usize),
}

fn push_cell<const W: usize>(n: usize, s: &[Board<W>], c: usize, options: &mut Vec<(u32, u32)>) {
    let (w, bit) = (c / 64, 1u64 << (c % 64));
    options.extend(
        (0..n)
            .filter(|&d| s[d][w] & bit != 0)
            .map(|d| (c as u32, d as u32)),
    );
}

/// xorshift64*.
pub(crate) fn next_random(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}
