//! The 9x9 specialist: the same exact cover as the generic search, with the
//! matrix cut into the pieces a 9x9 grid is made of, so that each
//! propagation step is a handful of 32-bit operations and table lookups.
//!
//! The candidates of each digit in each band (three rows of boxes) are one
//! 27-bit word, bit `9 * row + column` within the band; a state is those 27
//! words, the same words as propagation last saw them, the unsolved cells
//! of each band and those with two candidates (which the last pass of
//! naked singles found, for the branching): 240 bytes, copied per level.
//!
//! Propagation looks at each word that changed since it last did (a copy
//! of each word as it left it is part of the state):
//! - **Inside a band**, a digit sits once in each of the band's three rows and
//!   once in each of its three boxes, so its rows take its boxes in some
//!   permutation. The word is cut down to the row-box pairs that lie on a
//!   permutation still possible (one table lookup). This covers hidden
//!   singles in rows and boxes and locked candidates between the band's rows
//!   and boxes, and an empty row or box is a contradiction.
//! - **Across bands**, a box left with the digit in one column claims that
//!   column: the other bands lose the digit there (one lookup). A placed
//!   digit's column is the simplest case, so placing a digit only touches
//!   its own word and leaves the rest to this step.
//! - A row left with one cell places the digit there: the cell leaves the
//!   other digits' words.
//!
//! The words are looked at in a fixed order, unrolled, so that each one's
//! indices are constants. When none changes, cells with one candidate
//! (naked singles) are placed and cells with none fail. When there are none,
//! **column claims**: a column where one band alone can hold a digit needs
//! it there, so the band's box holding that column loses the digit in its
//! other columns (hidden singles in columns are the simplest case). Only
//! while [`CLAIMS_FROM`] cells or more are open, in puzzles that start with
//! [`BIG_FROM`] open cells or more: elsewhere they rarely find anything.
//!
//! The search branches on a cell with two candidates if there is one, else
//! on a cell with the fewest; its last option reuses the state instead of
//! copying it. With [`WEIGH_FROM`] open cells or more (or [`WEIGH_FROM_BIG`]
//! in a puzzle that starts with [`BIG_FROM`] open cells or more), it takes the
//! cell with two candidates that sees the most open cells. Both that and the claims
//! shrink the trees of puzzles with one solution (nodes, with both against
//! neither, at the thresholds of 2026-11-25: 17-clue -41%, top1465 -42%,
//! hardest 2011 -42%, hardest 11+ -38%; Serg, whose puzzles have several
//! solutions, +0.5%; the lower thresholds of 2026-11-27 take 6-10% more off
//! the first four).

use std::ops::ControlFlow;

use solver_core::{Incomplete, Limits, Outcome, Stats};

use super::search::{next_random, Clash, CHECK_EVERY};
use super::wide::Wide;

/// A row of a band: nine bits.
const ROW: u32 = 0x1FF;
/// Column 0 of a band: one bit in each of its rows.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// For each row pattern (nine bits), the boxes it meets (three bits).
static BOXES_OF_ROW: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] =
            ((x & 0o7 != 0) as u8) | ((x & 0o70 != 0) as u8) << 1 | ((x & 0o700 != 0) as u8) << 2;
        x += 1;
    }
    t
};

/// For each row-box incidence of a band (bit `3 * row + box`: the row still
/// has the digit somewhere in the box), the cells of the row-box pairs that
/// lie on a permutation within the incidence; 0 if there is none.
static PERMUTATION_CELLS: [u32; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut cells = 0u32;
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            let mut fits = true;
            let mut row = 0;
            while row < 3 {
                fits &= m >> (3 * row + boxes[row]) & 1 != 0;
                row += 1;
            }
            if fits {
                let mut row = 0;
                while row < 3 {
                    cells |= 0o7 << (9 * row + 3 * boxes[row]);
                    row += 1;
                }
            }
            p += 1;
        }
        t[m] = cells;
        m += 1;
    }
    t
};

/// For each cell of a band (0..27), the other cells of its row and box.
static BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        let (row, col) = (p / 9, p % 9);
        let mut q = 0;
        while q < 27 {
            let (r, c) = (q / 9, q % 9);
            if q != p && (r == row || c / 3 == col / 3) {
                t[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    t
};

/// For each set of columns (nine bits) where a digit is possible in a band,
/// the cells the digit keeps in the other two bands: a box of the band with
/// the digit in one column only takes that column, so the other bands lose
/// it (box-column locked candidates; a placed digit is the simplest case).
static OTHER_BANDS_KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0u32;
    while x < 512 {
        let mut claimed = 0u32;
        let mut k = 0;
        while k < 3 {
            let g: u32 = (x >> (3 * k)) & 7;
            if g.count_ones() == 1 {
                claimed |= g << (3 * k);
            }
            k += 1;
        }
        t[x as usize] = 0x7FF_FFFF & !(claimed * COLUMN);
        x += 1;
    }
    t
};

/// For each set of columns (nine bits) where a band alone can hold a digit,
/// the cells the digit keeps in that band: such a column needs the digit in
/// this band, so the band's box holding the column has it there and not in
/// its other columns (column-box claiming; a hidden single in a column is
/// the simplest case).
static CLAIMED_KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0u32;
    while x < 512 {
        let mut keep = 0u32;
        let mut k = 0;
        while k < 3 {
            let g: u32 = (x >> (3 * k)) & 7;
            keep |= if g == 0 { 7 } else { g } << (3 * k);
            k += 1;
        }
        t[x as usize] = keep * COLUMN;
        x += 1;
    }
    t
};

/// The fewest open cells at which propagation looks for column claims.
/// Claims are found in the middle of a search; with fewer open cells, the
/// look costs more than it saves (17-clue: claims changed a word in 1 look
/// in 300 under 20 open cells, in 1 in 7 from 20 to 59; Serg's puzzles,
/// with several solutions and 35 givens, almost never). From 20 rather
/// than 40 (with [`WEIGH_FROM_BIG`] at 15 rather than 35): about the same
/// instructions (hardest 2011 -0.4%, 17-clue +0.5%, top1465 +1.2%) for
/// 6-10% fewer nodes (hardest 2011 -10%, hardest 11+ -7%, top1465 -6%,
/// 17-clue -10%), and 2-6% less CPU time on hardest 2011, 1-2% on the
/// others: fewer propagations, fewer branches the CPU guesses wrong.
const CLAIMS_FROM: u32 = 20;

/// The fewest open cells at which the search weighs its choice of a cell
/// with two candidates by the open cells it sees, in a puzzle that starts
/// with fewer than [`BIG_FROM`] open cells. Near the leaves the first such
/// cell does as well and costs less. (From 40, the sets with one solution
/// per puzzle gained another 3-9% and Serg, whose puzzles have 46 open cells
/// and several solutions, lost 5%: the weighing cost it about 1,000
/// instructions per puzzle and shrank no tree there.)
const WEIGH_FROM: u32 = 45;

/// The same, in a puzzle that starts with [`BIG_FROM`] open cells or more:
/// those are the puzzles with big trees, where weighing deeper down shrinks
/// them by more than it costs (instructions, valgrind, against weighing
/// from 45: hardest 2011 -6.7% with 16% fewer nodes, hardest 11+ -1.9%
/// with 12% fewer nodes, 17-clue -2%, top1465 -2%; Serg, 46 open cells,
/// unchanged). Lowered from 35 to 15 with [`CLAIMS_FROM`] (see there):
/// below 15 open cells, hardly a tree changes.
const WEIGH_FROM_BIG: u32 = 15;

/// The open cells at the start (after the givens, before propagation) from
/// which a puzzle weighs its branching cell from [`WEIGH_FROM_BIG`] open
/// cells rather than [`WEIGH_FROM`].
const BIG_FROM: u32 = 50;

/// The fewest open cells at which to look for column claims, for a puzzle
/// with `open` cells open at the start: [`CLAIMS_FROM`] if it has
/// [`BIG_FROM`] or more, else never (a puzzle with that many givens has a
/// small tree, and claims almost never find anything in it: Serg's puzzles,
/// 46 open cells: 3.9% fewer instructions without them, the same nodes).
fn claims_from(open: u32) -> u32 {
    if open >= BIG_FROM {
        CLAIMS_FROM
    } else {
        u32::MAX
    }
}

/// The fewest open cells at which to weigh the branching cell, for a puzzle
/// with `open` cells open at the start.
fn weigh_from(open: u32) -> u32 {
    if open >= BIG_FROM {
        WEIGH_FROM_BIG
    } else {
        WEIGH_FROM
    }
}

/// The column (0..9) of each cell of a band.
static COLUMN_OF: [u8; 27] = {
    let mut t = [0u8; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = (p % 9) as u8;
        p += 1;
    }
    t
};

/// The other two bands of each band.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// The filled cells of a band, a bit each: without a branch per cell, in a
/// function of its own so that the compiler vectorizes it.
#[inline(never)]
fn filled_cells(cells: &[u16; 27]) -> u32 {
    cells
        .iter()
        .enumerate()
        .fold(0u32, |f, (p, &v)| f | u32::from(v != 0) << p)
}

/// The rows of `word` (27 bits, no row empty) with two cells or more, all
/// nine bits of each: a few word operations, no branch and no test per row.
#[inline(always)]
fn many_rows(word: u32) -> u32 {
    /// The low eight bits of each row, and the ninth.
    const LOW: u32 = 0xFF * COLUMN;
    const HIGH: u32 = 0x100 * COLUMN;
    // No row is empty, so subtracting one from each row borrows within the
    // row: what is left is each row minus its first cell, empty for a row
    // with one cell.
    let rest = word & word.wrapping_sub(COLUMN);
    // Adding 0xFF to a row's low eight bits carries into its ninth bit (and
    // no further) when one of them is set.
    let any = (((rest & LOW) + LOW) | rest) & HIGH;
    (any >> 8) * ROW
}

/// How [`State::settle`] finds which boxes of each row of a word still
/// hold the digit (bit `3 * row + box`).
pub(super) trait Incidence: Copy {
    fn incidence(self, word: u32) -> usize;
}

/// Three lookups in [`BOXES_OF_ROW`]: the baseline path.
#[derive(Clone, Copy)]
pub(super) struct Lookup;

impl Incidence for Lookup {
    #[inline(always)]
    fn incidence(self, word: u32) -> usize {
        // The last row masked too (a word has 27 bits): the compiler then
        // drops that lookup's bounds test.
        usize::from(BOXES_OF_ROW[(word & ROW) as usize])
            | usize::from(BOXES_OF_ROW[(word >> 9 & ROW) as usize]) << 3
            | usize::from(BOXES_OF_ROW[(word >> 18 & ROW) as usize]) << 6
    }
}

/// Each box-row of the word folded onto its first cell, and those nine bits
/// gathered by one `pext` (the wider path).
impl Incidence for Wide {
    #[inline(always)]
    fn incidence(self, word: u32) -> usize {
        // Nine bits at most: the mask says so to the compiler, which then
        // drops the bounds test (a compare and a branch) of the lookup.
        (self.pext(word | word >> 1 | word >> 2, 0o111_111_111) & 0o777) as usize
    }
}

/// A cell or a (unit, digit) pair with no option left.
struct Contradiction;

/// A node's state.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// Word `9 * band + digit`: the cells of the band where the digit is
    /// possible (or placed).
    words: [u32; 27],
    /// The empty cells of each band.
    unsolved: [u32; 3],
    /// Each word as propagation last left it: a word that differs has
    /// changed since (all bits set: never looked at).
    seen: [u32; 27],
    /// The open cells of each band with two candidates, as the last pass
    /// of [`State::naked_singles`] found them: after propagation, the
    /// state's own (propagation ends only after a pass that placed nothing).
    pairs: [u32; 3],
}

impl State {
    /// The state with `givens` (81 values, 0 = empty) placed: each given
    /// takes its digit from its row and box, and from its column's cells in
    /// the other bands, then each band's filled cells leave every word but
    /// their given's. Everything else is left to propagate. A clash if a
    /// given's cell lost its digit to another given in its row or box (seen
    /// once per word, after the band's givens), or if two givens of a digit
    /// share a column.
    fn with_givens(givens: &[u16]) -> Result<State, Clash> {
        State::with_givens_inline(givens)
    }

    /// The state with `givens` placed on the wider path if there is one
    /// (the same code, compiled for its instructions), else the baseline.
    #[inline(always)]
    fn with_givens_on(wide: Option<Wide>, givens: &[u16]) -> Result<State, Clash> {
        match wide {
            Some(wide) => wide.with_givens(givens),
            None => State::with_givens(givens),
        }
    }

    /// [`State::with_givens`], inlined into each copy.
    #[inline(always)]
    pub(super) fn with_givens_inline(givens: &[u16]) -> Result<State, Clash> {
        const ALL: u32 = 0x7FF_FFFF;
        let mut s = State {
            words: [ALL; 27],
            seen: [u32::MAX; 27],
            unsolved: [ALL; 3],
            pairs: [0; 3],
        };
        // The cells of each digit's givens in each band, word by word.
        let mut given = [0u32; 27];
        // Givens whose cell another given of their digit took.
        let mut taken = 0u32;
        for (b, cells) in givens.chunks_exact(27).enumerate() {
            let cells: &[u16; 27] = cells.try_into().unwrap();
            let filled = filled_cells(cells);
            let words: &mut [u32; 9] = (&mut s.words[9 * b..9 * b + 9]).try_into().unwrap();
            let given: &mut [u32; 9] = (&mut given[9 * b..9 * b + 9]).try_into().unwrap();
            let mut rest = filled;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let d = usize::from(cells[p]).wrapping_sub(1);
                if d >= 9 {
                    return Err(Clash);
                }
                given[d] |= 1 << p;
                words[d] &= !BAND_PEERS[p];
            }
            s.unsolved[b] = ALL & !filled;
            for (w, &g) in words.iter_mut().zip(given.iter()) {
                taken |= g & !*w;
                *w = (*w & !filled) | g;
            }
        }
        if taken != 0 {
            return Err(Clash);
        }
        // Each band's givens take their digit out of their columns in the
        // other two bands.
        let columns = |w: u32| (w | w >> 9 | w >> 18) & ROW;
        for d in 0..9 {
            let [x, y, z] = [given[d], given[9 + d], given[18 + d]].map(columns);
            if x & y | x & z | y & z != 0 {
                return Err(Clash);
            }
            s.words[d] &= !((y | z) * COLUMN);
            s.words[9 + d] &= !((x | z) * COLUMN);
            s.words[18 + d] &= !((x | y) * COLUMN);
        }
        Ok(s)
    }

    /// Places digit `d` in cell `p` of band `b`, whose candidates are
    /// `digits` (one bit each, `d` among them): only those words lose the
    /// cell, without testing the other digits'.
    #[inline(always)]
    fn place_among(&mut self, d: usize, b: usize, p: usize, digits: u32) {
        let bit = 1u32 << p;
        let mut rest = digits;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.words[9 * b + e] &= !bit;
        }
        self.place_only(d, b, p);
    }

    /// Places digit `d` in cell `p` of band `b` where no other digit is
    /// possible any more (the other words of the band lack the cell). The
    /// cell's row and box lose the digit here; its column, in the other
    /// bands, when [`State::settle`] looks at the changed word.
    #[inline(always)]
    fn place_only(&mut self, d: usize, b: usize, p: usize) {
        let bit = 1u32 << p;
        let i = 9 * b + d;
        self.words[i] = (self.words[i] & !BAND_PEERS[p]) | bit;
        self.unsolved[b] &= !bit;
    }

    /// Cuts word `i` down to its rows' possible permutations; takes the
    /// digit out of the other bands' columns that a box of this band claims;
    /// and places the digit where a row has one cell left. False on a
    /// contradiction.
    #[inline(always)]
    fn settle<const I: usize>(&mut self, path: impl Incidence) -> bool {
        let (i, b, d) = (I, I / 9, I % 9);
        let mut word = self.words[i];
        word &= PERMUTATION_CELLS[path.incidence(word)];
        if word == 0 {
            return false;
        }
        // Every box of the band holds the digit now (the permutation says
        // so), so a box with one column left claims that column.
        let columns = (word | word >> 9 | word >> 18) & ROW;
        let keep = OTHER_BANDS_KEEP[columns as usize];
        let [o, q] = OTHER_BANDS[b];
        self.words[9 * o + d] &= keep;
        self.words[9 * q + d] &= keep;
        let single = word & !many_rows(word) & self.unsolved[b];
        if single != 0 {
            self.unsolved[b] &= !single;
            let words: &mut [u32; 9] = (&mut self.words[9 * b..9 * b + 9]).try_into().unwrap();
            for w in words.iter_mut() {
                *w &= !single;
            }
        }
        self.words[i] = word;
        self.seen[i] = word;
        true
    }

    /// Propagates until nothing changes; false on a contradiction. The
    /// baseline path.
    fn propagate(&mut self, claims_from: u32) -> bool {
        self.propagate_with(Lookup, claims_from)
    }

    /// Propagates on the wider path if there is one, else the baseline.
    #[inline(always)]
    fn propagate_on(&mut self, wide: Option<Wide>, claims_from: u32) -> bool {
        match wide {
            Some(wide) => wide.propagate(self, claims_from),
            None => self.propagate(claims_from),
        }
    }

    /// [`State::propagate`], with the row-box incidence found by `path`.
    #[inline(always)]
    pub(super) fn propagate_with(&mut self, path: impl Incidence, claims_from: u32) -> bool {
        loop {
            let mut changed = false;
            // Unrolled: each word's indices are constants.
            macro_rules! settle_changed {
                ($($i:literal)*) => {$(
                    if self.words[$i] != self.seen[$i] {
                        changed = true;
                        if !self.settle::<$i>(path) {
                            return false;
                        }
                    }
                )*};
            }
            settle_changed!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            if changed {
                continue;
            }
            match self.naked_singles() {
                Err(Contradiction) => return false,
                Ok(true) => continue,
                Ok(false) => {}
            }
            if self.open() < claims_from {
                return true;
            }
            match self.column_claims() {
                Err(Contradiction) => return false,
                Ok(true) => continue,
                Ok(false) => return true,
            }
        }
    }

    /// Column-box claiming: a column where one band alone can hold a digit
    /// needs the digit there, so the band's box holding the column has it in
    /// that column and loses it in its other two. True if a word changed;
    /// fails on a column where no band can hold a digit.
    #[inline]
    fn column_claims(&mut self) -> Result<bool, Contradiction> {
        let columns = |w: u32| (w | w >> 9 | w >> 18) & ROW;
        let mut changed = false;
        for d in 0..9 {
            let [a, b, c] = [self.words[d], self.words[9 + d], self.words[18 + d]];
            let [ca, cb, cc] = [columns(a), columns(b), columns(c)];
            if ca | cb | cc != ROW {
                return Err(Contradiction);
            }
            let a2 = a & CLAIMED_KEEP[(ca & !(cb | cc)) as usize];
            let b2 = b & CLAIMED_KEEP[(cb & !(ca | cc)) as usize];
            let c2 = c & CLAIMED_KEEP[(cc & !(ca | cb)) as usize];
            changed |= (a2 != a) | (b2 != b) | (c2 != c);
            [self.words[d], self.words[9 + d], self.words[18 + d]] = [a2, b2, c2];
        }
        Ok(changed)
    }

    /// Places the digit of every cell with one candidate left; fails on a
    /// cell with none. True if it placed any. Inlined into each copy of
    /// propagation, so that the wider copy's has the wider instructions.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for b in 0..3 {
            let unsolved = self.unsolved[b];
            if unsolved == 0 {
                self.pairs[b] = 0;
                continue;
            }
            let [ones, twos, threes] = self.cell_counts(b);
            if unsolved & !ones != 0 {
                return Err(Contradiction);
            }
            self.pairs[b] = twos & !threes & unsolved;
            let mut single = unsolved & !twos;
            while single != 0 {
                let p = single.trailing_zeros() as usize;
                single &= single - 1;
                // An earlier placement may have emptied the cell.
                // Words only lose cells, so the cell has this one candidate
                // at most: no other word of the band needs clearing.
                match (0..9).find(|&d| self.words[9 * b + d] >> p & 1 != 0) {
                    Some(d) => self.place_only(d, b, p),
                    None => return Err(Contradiction),
                }
                placed = true;
            }
        }
        Ok(placed)
    }

    fn solved(&self) -> bool {
        self.unsolved.iter().all(|&u| u == 0)
    }

    /// How many cells are open.
    #[inline(always)]
    fn open(&self) -> u32 {
        self.unsolved.iter().map(|u| u.count_ones()).sum()
    }

    /// The cell to branch on (band, cell of the band) and its candidates
    /// (one bit per digit): a cell with two candidates if there is one, else
    /// a cell with the fewest. From `weigh_from` open cells, of the cells
    /// with two candidates the one that sees the most open cells (its row,
    /// box and column): placing a digit there takes the most candidates
    /// away. Below, the first one.
    fn choose(&self, weigh_from: u32) -> (usize, usize, u32) {
        debug_assert_eq!(self.pairs, self.pairs_now(), "pairs kept by naked singles");
        if self.open() < weigh_from {
            for b in 0..3 {
                let pairs = self.pairs[b];
                if pairs != 0 {
                    let p = pairs.trailing_zeros() as usize;
                    return (b, p, self.candidates(b, p));
                }
            }
            return self.fewest();
        }
        // (open cells seen + 1, band, cell); 0: no cell with two candidates.
        let mut best = (0, 0, 0);
        for (b, [o, q]) in OTHER_BANDS.into_iter().enumerate() {
            let unsolved = self.unsolved[b];
            let mut pairs = self.pairs[b];
            while pairs != 0 {
                let p = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let c = usize::from(COLUMN_OF[p]);
                let column =
                    (self.unsolved[o] >> c & COLUMN) | (self.unsolved[q] >> c & COLUMN) << 1;
                let seen = (BAND_PEERS[p] & unsolved).count_ones() + column.count_ones() + 1;
                if seen > best.0 {
                    best = (seen, b, p);
                }
            }
        }
        match best {
            (0, ..) => self.fewest(),
            (_, b, p) => (b, p, self.candidates(b, p)),
        }
    }

    /// The open cells of each band with two candidates, counted afresh: what
    /// the state's `pairs` must hold when the search chooses (debug builds check).
    fn pairs_now(&self) -> [u32; 3] {
        std::array::from_fn(|b| {
            let [_, twos, threes] = self.cell_counts(b);
            twos & !threes & self.unsolved[b]
        })
    }

    /// The cells of band `b` in at least one, two and three of its words
    /// (with at least that many candidates; a placed cell is in one).
    #[inline(always)]
    fn cell_counts(&self, b: usize) -> [u32; 3] {
        let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
        for d in 0..9 {
            let w = self.words[9 * b + d];
            threes |= twos & w;
            twos |= ones & w;
            ones |= w;
        }
        [ones, twos, threes]
    }

    /// A cell with the fewest candidates (none has two), the first with
    /// three if there is one.
    fn fewest(&self) -> (usize, usize, u32) {
        let mut best = (usize::MAX, 0);
        let mut best_count = u32::MAX;
        for b in 0..3 {
            let mut cells = self.unsolved[b];
            while cells != 0 && best_count > 3 {
                let p = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let count = self.candidates(b, p).count_ones();
                if count < best_count {
                    best = (b, p);
                    best_count = count;
                }
            }
        }
        let (b, p) = best;
        (b, p, self.candidates(b, p))
    }

    /// The digits possible in cell `p` of band `b`, one bit each.
    fn candidates(&self, b: usize, p: usize) -> u32 {
        let mut set = 0;
        for d in 0..9 {
            set |= (self.words[9 * b + d] >> p & 1) << d;
        }
        set
    }

    /// Writes the digit of each cell (1-9), by cell.
    fn decode(&self, out: &mut [u16]) {
        for d in 0..9 {
            for b in 0..3 {
                let mut w = self.words[9 * b + d];
                while w != 0 {
                    let p = w.trailing_zeros() as usize;
                    w &= w - 1;
                    out[27 * b + p] = d as u16 + 1;
                }
            }
        }
    }
}

/// The 9x9 specialist; reusable across puzzles.
pub(crate) struct Band9Search {
    /// xorshift state for shuffling the options of each level; 0 = never.
    pub(crate) rng: u64,
    /// The wider path, where the plan chose it.
    wide: Option<Wide>,
}

impl Band9Search {
    /// The search on the path the plan chose: the wider copy, or the
    /// baseline (`None`).
    pub(crate) fn on(wide: Option<Wide>) -> Band9Search {
        Band9Search { rng: 0, wide }
    }
}

#[cfg(test)]
impl Default for Band9Search {
    /// The search on the widest path this CPU runs (the wider copy with
    /// `pext`, else the baseline), for the engine's own tests; which path
    /// the plan builds is the planner's (tested there).
    fn default() -> Band9Search {
        Band9Search::on(Wide::new(true))
    }
}

/// What a run does with each solution it finds.
trait Leaf {
    /// Takes the solved state `s`; `Break` stops the search.
    fn found(&mut self, s: &State) -> ControlFlow<()>;
}

/// Each solution as a value per cell (left empty unless `record`), to
/// `visit`.
struct Values<V> {
    record: bool,
    solution: [u16; 81],
    visit: V,
}

impl<V: FnMut(&[u16]) -> ControlFlow<()>> Leaf for Values<V> {
    #[inline]
    fn found(&mut self, s: &State) -> ControlFlow<()> {
        let solution: &[u16] = if self.record {
            s.decode(&mut self.solution);
            &self.solution
        } else {
            &[]
        };
        (self.visit)(solution)
    }
}

/// Each solution as its words ([`Words`]), to the function inside.
struct AsWords<V>(V);

impl<V: FnMut(&Words) -> ControlFlow<()>> Leaf for AsWords<V> {
    #[inline]
    fn found(&mut self, s: &State) -> ControlFlow<()> {
        (self.0)(&s.words)
    }
}

/// A solution as the search holds it: word `9 * band + digit` has a bit at
/// `9 * row + column` (row and column within the band) for each cell of the
/// band that holds the digit. [`super::solution_words`] checks one against
/// the rules and givens.
pub(crate) type Words = [u32; 27];

/// One run's limits, counters and caller.
struct Run<'a, L> {
    limits: &'a Limits,
    /// The wider path, if taken.
    wide: Option<Wide>,
    /// The fewest open cells at which [`State::choose`] weighs.
    weigh_from: u32,
    /// The fewest open cells at which [`State::propagate`] looks for
    /// column claims.
    claims_from: u32,
    stats: Stats,
    until_check: u64,
    rng: u64,
    leaf: L,
}

impl Band9Search {
    /// Searches the completions of `givens` (81 values, 0 = empty), calling
    /// `visit` with each solution (81 values; empty when `record` is false).
    pub(crate) fn run(
        &mut self,
        givens: &[u16],
        limits: &Limits,
        record: bool,
        visit: impl FnMut(&[u16]) -> ControlFlow<()>,
    ) -> Result<Outcome, Clash> {
        let values = Values {
            record,
            solution: [0; 81],
            visit,
        };
        self.search(givens, limits, values)
    }

    /// Searches the completions of `givens` as [`Band9Search::run`] does,
    /// calling `visit` with each solution's [`Words`] (nothing decoded).
    pub(crate) fn run_words(
        &mut self,
        givens: &[u16],
        limits: &Limits,
        visit: impl FnMut(&Words) -> ControlFlow<()>,
    ) -> Result<Outcome, Clash> {
        self.search(givens, limits, AsWords(visit))
    }

    /// The search behind both: each solution to `leaf`.
    fn search(
        &mut self,
        givens: &[u16],
        limits: &Limits,
        leaf: impl Leaf,
    ) -> Result<Outcome, Clash> {
        debug_assert_eq!(givens.len(), 81);
        if limits.max_solutions == Some(0) {
            return Ok(Outcome {
                stats: Stats::default(),
                incomplete: Some(Incomplete::SolutionLimit),
            });
        }
        let mut root = State::with_givens_on(self.wide, givens)?;
        let mut run = Run {
            limits,
            wide: self.wide,
            weigh_from: weigh_from(root.open()),
            claims_from: claims_from(root.open()),
            stats: Stats {
                nodes: 1,
                ..Stats::default()
            },
            until_check: CHECK_EVERY,
            rng: self.rng,
            leaf,
        };
        let incomplete = if !root.propagate_on(run.wide, run.claims_from) {
            None
        } else if root.solved() {
            run.report(&root).break_value()
        } else {
            run.explore(&mut root).break_value()
        };
        self.rng = run.rng;
        Ok(Outcome {
            stats: run.stats,
            incomplete,
        })
    }
}

impl<L: Leaf> Run<'_, L> {
    /// Tries each option of the chosen cell of `s` (propagated, unsolved).
    fn explore(&mut self, s: &mut State) -> ControlFlow<Incomplete> {
        let (b, p, candidates) = s.choose(self.weigh_from);
        let mut digits = candidates;
        let mut order = [0u8; 9];
        let mut k = 0;
        while digits != 0 {
            order[k] = digits.trailing_zeros() as u8;
            digits &= digits - 1;
            k += 1;
        }
        if self.rng != 0 {
            for i in (1..k).rev() {
                let j = (next_random(&mut self.rng) % (i as u64 + 1)) as usize;
                order.swap(i, j);
            }
        }
        for (j, &d) in order[..k].iter().enumerate() {
            self.enter()?;
            let mut copy;
            let t = if j + 1 == k {
                &mut *s
            } else {
                copy = *s;
                &mut copy
            };
            t.place_among(usize::from(d), b, p, candidates);
            if !t.propagate_on(self.wide, self.claims_from) {
                continue;
            }
            if t.solved() {
                self.report(t)?;
            } else {
                self.explore(t)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Counts a node, checking the limits.
    #[inline]
    fn enter(&mut self) -> ControlFlow<Incomplete> {
        if self
            .limits
            .max_nodes
            .is_some_and(|max| self.stats.nodes >= max)
        {
            return ControlFlow::Break(Incomplete::NodeLimit);
        }
        self.stats.nodes += 1;
        self.until_check -= 1;
        if self.until_check == 0 {
            self.until_check = CHECK_EVERY;
            if let Some(why) = self.limits.interrupted() {
                return ControlFlow::Break(why);
            }
        }
        ControlFlow::Continue(())
    }

    /// Hands a solution to the caller.
    fn report(&mut self, s: &State) -> ControlFlow<Incomplete> {
        self.stats.solutions += 1;
        if self.leaf.found(s).is_break() {
            return ControlFlow::Break(Incomplete::Stopped);
        }
        if self
            .limits
            .max_solutions
            .is_some_and(|max| self.stats.solutions >= max)
        {
            return ControlFlow::Break(Incomplete::SolutionLimit);
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SolveGrid;
    use sudoku::{Grid, Shape};

    /// Every solution, as the specialist lists them.
    fn solutions(puzzle: &Grid, limit: u128) -> Vec<Vec<u16>> {
        let mut all = Vec::new();
        let outcome = Band9Search::default()
            .run(
                puzzle.cells(),
                &Limits::none().solutions(limit),
                true,
                |s| {
                    all.push(s.to_vec());
                    ControlFlow::Continue(())
                },
            )
            .expect("no clash");
        assert_eq!(outcome.stats.solutions, all.len() as u128);
        all
    }

    /// A full grid (the first solution of the empty grid) with its last band
    /// and then `more` cells cleared: completions that Dancing Links can list.
    #[test]
    fn lists_the_same_solutions_as_dancing_links() {
        let shape = Shape::square(3).unwrap();
        let full = solutions(&Grid::empty(shape), 1).remove(0);
        // 27 + 23 = 50 open cells: the weighing of puzzles with big trees.
        for more in [0, 5, 11, 23] {
            let mut cells = full.clone();
            cells[54..].fill(0);
            for k in 0..more {
                cells[(k * 7) % 54] = 0;
            }
            let puzzle = Grid::from_values(shape, cells).unwrap();
            let mut ours = solutions(&puzzle, u128::MAX);
            let mut theirs: Vec<Vec<u16>> = puzzle
                .solutions()
                .unwrap()
                .map(|g| g.cells().to_vec())
                .collect();
            assert!(theirs.len() > 1);
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "{puzzle}");
        }
    }

    #[test]
    fn limits_stop_the_search_and_say_so() {
        let empty = [0u16; 81];
        let mut s = Band9Search::default();
        let run = |s: &mut Band9Search, limits: &Limits| {
            s.run(&empty, limits, false, |_| ControlFlow::Continue(()))
                .unwrap()
        };
        let o = run(&mut s, &Limits::none().solutions(3));
        assert_eq!(
            (o.stats.solutions, o.incomplete),
            (3, Some(Incomplete::SolutionLimit))
        );
        let o = run(&mut s, &Limits::none().nodes(10));
        assert_eq!(
            (o.stats.nodes, o.incomplete),
            (10, Some(Incomplete::NodeLimit))
        );
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let o = run(&mut s, &Limits::none().cancel_flag(flag));
        assert_eq!(o.incomplete, Some(Incomplete::Cancelled));
        // Two equal givens in a row clash.
        let mut clash = [0u16; 81];
        clash[0] = 5;
        clash[8] = 5;
        assert!(s
            .run(
                &clash,
                &Limits::none(),
                false,
                |_| ControlFlow::Continue(())
            )
            .is_err());
    }

    #[test]
    fn givens_twice_in_a_column_or_box_clash_and_apart_do_not() {
        let run = |cells: &[(usize, u16)]| {
            let mut givens = [0u16; 81];
            for &(cell, v) in cells {
                givens[cell] = v;
            }
            Band9Search::default()
                .run(&givens, &Limits::none().solutions(1), false, |_| {
                    ControlFlow::Continue(())
                })
                .is_err()
        };
        // Column 4, rows 1 and 7 (other bands).
        assert!(run(&[(9 + 4, 3), (63 + 4, 3)]));
        // Box 4: rows 3 and 5, columns 3 and 5.
        assert!(run(&[(27 + 3, 7), (45 + 5, 7)]));
        // Row 8, across boxes.
        assert!(run(&[(72, 9), (80, 9)]));
        // The same digits where no unit holds two: fine.
        assert!(!run(&[(9 + 4, 3), (63 + 5, 3)]));
        assert!(!run(&[(27 + 3, 7), (54 + 5, 7)]));
        assert!(!run(&[(72, 9), (80, 8)]));
    }

    #[test]
    fn a_column_only_one_band_can_fill_claims_its_box() {
        let mut s = State::with_givens(&[0; 81]).unwrap();
        // Digit 1 (word 9 * band + 0) leaves column 0 in bands 1 and 2.
        s.words[9] &= !COLUMN;
        s.words[18] &= !COLUMN;
        assert!(s.propagate(CLAIMS_FROM));
        // Band 0 must hold it in column 0, so its box 0 keeps column 0 only;
        // its other boxes keep all their columns.
        assert_eq!(s.words[0] & (0o7 * COLUMN), COLUMN);
        assert_eq!(s.words[0] & (0o770 * COLUMN), 0o770 * COLUMN);
        // The other bands keep their other columns in box 0.
        assert_eq!(s.words[9] & (0o7 * COLUMN), 0o6 * COLUMN);
        // A column no band can fill: a contradiction.
        let mut s = State::with_givens(&[0; 81]).unwrap();
        for b in 0..3 {
            s.words[9 * b + 4] &= !(COLUMN << 8);
        }
        assert!(!s.propagate(CLAIMS_FROM));
    }

    /// `s` with its cells of two candidates as naked singles would find
    /// them (the test changes words and cells by hand, without propagating).
    fn with_pairs(mut s: State) -> State {
        s.pairs = s.pairs_now();
        s
    }

    #[test]
    fn the_branching_cell_sees_the_most_open_cells_until_few_are_open() {
        let mut s = State::with_givens(&[0; 81]).unwrap();
        // Two candidates (digits 1 and 2) in the first cell of band 0 and
        // the last of band 2.
        for (b, p) in [(0, 0), (2, 26)] {
            for d in 2..9 {
                s.words[9 * b + d] &= !(1 << p);
            }
        }
        // Everything open: both see 20 open cells, the first is taken.
        assert_eq!(with_pairs(s).choose(WEIGH_FROM), (0, 0, 0b11));
        // The rest of row 0 filled: the first sees 12 open cells now.
        s.unsolved[0] &= !0x1FE;
        assert_eq!(with_pairs(s).choose(WEIGH_FROM), (2, 26, 0b11));
        // Between WEIGH_FROM_BIG and WEIGH_FROM open cells: weighed only in
        // a puzzle that started with BIG_FROM open cells or more. Row 0
        // still has its first cell open, row 6 is filled: the first cell
        // sees 8 open cells, the last 13.
        let mut t = s;
        t.unsolved[1] = 0;
        t.unsolved[2] &= !0x1FF;
        assert!((WEIGH_FROM_BIG..WEIGH_FROM).contains(&t.open()));
        assert_eq!(with_pairs(t).choose(WEIGH_FROM), (0, 0, 0b11));
        assert_eq!(with_pairs(t).choose(weigh_from(81 - 17)), (2, 26, 0b11));
        assert_eq!(with_pairs(t).choose(weigh_from(BIG_FROM - 1)), (0, 0, 0b11));
        // Fewer than WEIGH_FROM open cells: the first one again.
        s.unsolved[1] = 0;
        s.unsolved[2] &= 0o777 << 18;
        assert!(s.open() < WEIGH_FROM);
        assert_eq!(with_pairs(s).choose(WEIGH_FROM), (0, 0, 0b11));
    }

    #[test]
    fn permutation_cells() {
        // Every pair possible: every cell.
        assert_eq!(PERMUTATION_CELLS[0o777], 0x7FF_FFFF);
        // Row 0 only in box 0: the other rows leave box 0.
        let m = 0o661;
        assert_eq!(PERMUTATION_CELLS[m], 0o7 | 0o770 << 9 | 0o770 << 18);
        // Rows 0 and 1 both only in box 0: no permutation.
        assert_eq!(PERMUTATION_CELLS[0o711], 0);
        // An empty row: none.
        assert_eq!(PERMUTATION_CELLS[0o770], 0);
    }

    #[test]
    fn many_rows_are_the_rows_with_two_cells_or_more() {
        for row in 0..3 {
            for x in 1u32..512 {
                // The other rows: one cell, and five.
                let others = [1u32, 0o37];
                for (k, &o) in others.iter().enumerate() {
                    let (r1, r2) = ((row + 1) % 3, (row + 2) % 3);
                    let word = x << (9 * row) | o << (9 * r1) | others[1 - k] << (9 * r2);
                    let want = (0..3)
                        .filter(|&r| (word >> (9 * r) & ROW).count_ones() >= 2)
                        .fold(0, |m, r| m | ROW << (9 * r));
                    assert_eq!(many_rows(word), want, "{word:#o}");
                }
            }
        }
    }

    #[test]
    fn the_wider_incidence_is_the_lookup_one() {
        let Some(wide) = Wide::new(true) else {
            eprintln!("this CPU has no wider path: only the baseline is tested");
            return;
        };
        // Each row through all its 512 patterns, the others fixed; then
        // random words.
        for row in 0..3 {
            for x in 0u32..512 {
                for others in [0, 0o421, 0o777, 0o070] {
                    let word = (others * COLUMN) & !(ROW << (9 * row)) | x << (9 * row);
                    assert_eq!(wide.incidence(word), Lookup.incidence(word), "{word:#o}");
                }
            }
        }
        let mut rng = 0x1234_5678_9ABC_DEF1;
        for _ in 0..100_000 {
            let word = next_random(&mut rng) as u32 & 0x7FF_FFFF;
            assert_eq!(wide.incidence(word), Lookup.incidence(word), "{word:#o}");
        }
    }

    /// The verdict (up to two solutions), the first solution and the nodes
    /// of `givens` on the path `wide`.
    fn answer(givens: &[u16], wide: Option<Wide>) -> Option<(u128, Vec<u16>, u64)> {
        let mut first = Vec::new();
        let outcome = Band9Search { rng: 0, wide }
            .run(givens, &Limits::none().solutions(2), true, |s| {
                if first.is_empty() {
                    first = s.to_vec();
                }
                ControlFlow::Continue(())
            })
            .ok()?;
        Some((outcome.stats.solutions, first, outcome.stats.nodes))
    }

    /// A full grid found by band9 with tie-breaks seeded by `seed`, with
    /// `open` cells cleared at random (`rng`) and, when `wrong`, the first
    /// given changed to another value (no solution, or a clash); with the
    /// fill search's tie-break state after it.
    fn random_puzzle(seed: u64, open: usize, wrong: bool, rng: &mut u64) -> (Vec<u16>, u64) {
        let mut search = Band9Search {
            rng: seed | 1,
            wide: None,
        };
        let mut givens = Vec::new();
        search
            .run(&[0; 81], &Limits::none().solutions(1), true, |s| {
                givens = s.to_vec();
                ControlFlow::Continue(())
            })
            .unwrap();
        let mut cleared = 0;
        while cleared < open {
            let cell = (next_random(rng) % 81) as usize;
            if givens[cell] != 0 {
                givens[cell] = 0;
                cleared += 1;
            }
        }
        if wrong {
            let cell = givens.iter().position(|&v| v != 0).unwrap();
            givens[cell] = givens[cell] % 9 + 1;
        }
        (givens, search.rng)
    }

    /// Random full grids with random cells cleared (from 30 to 64 open):
    /// the wider path gives the same verdicts, solutions and trees as the
    /// baseline; each solution fills the givens and is a valid grid.
    #[test]
    fn both_paths_give_the_same_answers() {
        let wide = Wide::new(true);
        if wide.is_none() {
            eprintln!("this CPU has no wider path: only the baseline is tested");
        }
        let shape = Shape::square(3).unwrap();
        let mut rng = 0x9E37_79B9_7F4A_7C15;
        let mut verdicts = [0usize; 3];
        for round in 0..300u64 {
            let open = 30 + (round % 35) as usize;
            // A few puzzles with a wrong given: no solution, or a clash.
            let (givens, _) = random_puzzle(
                round.wrapping_mul(0x2545_F491_4F6C_DD1D),
                open,
                round % 10 == 9,
                &mut rng,
            );
            let base = answer(&givens, None);
            if let Some((count, first, _)) = &base {
                verdicts[(*count).min(2) as usize] += 1;
                if *count > 0 {
                    let grid = Grid::from_values(shape, first.clone()).unwrap();
                    assert!(grid.is_solved(), "{grid}");
                    for (g, v) in givens.iter().zip(first) {
                        assert!(*g == 0 || g == v);
                    }
                }
            }
            if wide.is_some() {
                assert_eq!(answer(&givens, wide), base, "{givens:?}");
                let lookup = Wide::new(false);
                assert_eq!(answer(&givens, lookup), base, "{givens:?}");
            }
        }
        // Every verdict was met.
        assert!(verdicts.iter().all(|&n| n > 0), "{verdicts:?}");
    }

    /// Band9's counts, solutions and uniqueness verdicts against Dancing
    /// Links (the exact-cover engine, sharing no code with band9) on 2,000
    /// puzzles of three kinds: a random full grid with 30 to 44 cells
    /// cleared (few solutions, as Serg's puzzles), 45 to 57 (the hard
    /// range) and 58 to 64 (many); one in seven has a wrong given. Each
    /// count is capped at 40 solutions; under the cap the two lists of
    /// solutions are the same, and on either path and with options
    /// shuffled, a search for two solutions says what the full count says.
    #[test]
    fn counts_and_verdicts_agree_with_dancing_links() {
        let shape = Shape::square(3).unwrap();
        const CAP: u128 = 40;
        let mut rng = 0x2545_F491_4F6C_DD1D_u64;
        let (mut kinds, mut capped) = ([0usize; 3], 0);
        for round in 0..2_000u64 {
            let open = match round % 3 {
                0 => 30 + next_random(&mut rng) % 15,
                1 => 45 + next_random(&mut rng) % 13,
                _ => 58 + next_random(&mut rng) % 7,
            } as usize;
            let (givens, shuffled) = random_puzzle(
                round.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                open,
                round % 7 == 6,
                &mut rng,
            );
            let puzzle = Grid::from_values(shape, givens.clone()).unwrap();
            // Dancing Links, up to the cap; a clash of givens is no solution.
            let mut theirs: Vec<Vec<u16>> = match puzzle.solutions() {
                Ok(all) => all.take(CAP as usize).map(|g| g.cells().to_vec()).collect(),
                Err(_) => Vec::new(),
            };
            let mut ours = Vec::new();
            let outcome =
                Band9Search::default().run(&givens, &Limits::none().solutions(CAP), true, |s| {
                    ours.push(s.to_vec());
                    ControlFlow::Continue(())
                });
            let count = match outcome {
                Ok(o) => o.stats.solutions,
                Err(Clash) => 0,
            };
            assert_eq!(count, theirs.len() as u128, "{puzzle}");
            assert_eq!(count, ours.len() as u128);
            for s in &ours {
                let grid = Grid::from_values(shape, s.clone()).unwrap();
                assert!(grid.is_solution_of(&puzzle), "{grid} of {puzzle}");
            }
            ours.sort();
            theirs.sort();
            if count < CAP {
                assert_eq!(ours, theirs, "{puzzle}");
            } else {
                capped += 1;
                ours.dedup();
                assert_eq!(ours.len() as u128, CAP, "a solution twice: {puzzle}");
            }
            // Up to two solutions, as `check` asks: the same verdict on
            // every path, options in order or shuffled.
            let (pext, lookup) = (Wide::new(true), Wide::new(false));
            for (rng, wide) in [(0, pext), (0, lookup), (shuffled, None), (0, None)] {
                let verdict = Band9Search { rng, wide }
                    .run(&givens, &Limits::none().solutions(2), false, |_| {
                        ControlFlow::Continue(())
                    })
                    .map_or(0, |o| o.stats.solutions);
                assert_eq!(verdict, count.min(2), "{puzzle}");
            }
            kinds[count.min(2) as usize] += 1;
        }
        // Each verdict, and the cap, were met.
        assert!(kinds.iter().all(|&n| n >= 100), "{kinds:?}");
        assert!(capped >= 50, "{capped}");
    }

    #[test]
    fn band_peers() {
        // Cell 0: the rest of row 0 (8) and of box 0 (another 6).
        assert_eq!(BAND_PEERS[0].count_ones(), 14);
        assert_eq!(BAND_PEERS[0], (0x1FE) | 0o7 << 9 | 0o7 << 18);
    }
}
