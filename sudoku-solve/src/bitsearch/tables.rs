//! Bit masks of a grid's cells, units and peers, computed once per shape.
//!
//! Cells are laid out in bits so that each row is a run of N consecutive
//! bits, column c at bit c of the run: a *lane*, read out of a board as one
//! integer ([`Lane`]). Up to 64x64 the rows are packed into 64-bit words,
//! whole bands (a row of boxes) per word when a band fits, so a 9x9 grid
//! puts bands 1 and 2 in the first word and band 3 in the second, and every
//! row and box lies in one word; otherwise whole rows per word. Beyond 64x64
//! each row takes two words of its own, a 128-bit lane.

use std::ops::{Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, Mul, Not, Shl, Shr, Sub};

use sudoku::Rules;
use sudoku::Shape;

/// A set of cells, one bit per cell, in `W` words.
pub(crate) type Board<const W: usize> = [u64; W];

/// The masks the bit-parallel search works with.
#[derive(Debug)]
pub(crate) struct Tables<const W: usize> {
    /// The side N (also the number of values).
    pub(crate) n: usize,
    /// The height and width of a box.
    pub(crate) box_rows: usize,
    pub(crate) box_cols: usize,
    /// Every cell of the grid.
    pub(crate) full: Board<W>,
    /// The bit of each cell, and the cell of each bit.
    pub(crate) bit_of: Vec<u32>,
    pub(crate) cell_of: Vec<u32>,
    /// Where each row's lane starts: its word and the bit in that word.
    pub(crate) rows: Vec<(u32, u32)>,
    /// One set per unit (rows, columns, boxes).
    pub(crate) units: Vec<Board<W>>,
    /// For each unit, the words that hold its cells: from the first to one
    /// past the last.
    pub(crate) unit_words: Vec<(u32, u32)>,
    /// For each bit, the other cells that share a unit with it.
    pub(crate) peers: Vec<Board<W>>,
    /// For each bit, its three units (row, column, box).
    pub(crate) units_of: Vec<[u32; 3]>,
}

impl<const W: usize> Tables<W> {
    pub(crate) fn new(shape: Shape) -> Tables<W> {
        let rules = Rules::standard(shape);
        let n = shape.side() as usize;
        let cells = shape.cells();
        let bit_of = layout(shape);
        debug_assert!(bit_of.iter().all(|&b| (b as usize) < 64 * W));
        let mut cell_of = vec![u32::MAX; 64 * W];
        for (c, &b) in bit_of.iter().enumerate() {
            cell_of[b as usize] = c as u32;
        }
        let board = |cells: &mut dyn Iterator<Item = usize>| {
            let mut b = [0u64; W];
            for c in cells {
                set(&mut b, bit_of[c] as usize);
            }
            b
        };
        let full = board(&mut (0..cells));
        let unit_boards: Vec<Board<W>> = rules
            .units()
            .iter()
            .map(|u| board(&mut u.cells.iter().copied()))
            .collect();
        let mut peers = vec![[0u64; W]; 64 * W];
        let mut units_of = vec![[0u32; 3]; 64 * W];
        for (c, &bit) in bit_of.iter().enumerate() {
            let bit = bit as usize;
            let mut b = [0u64; W];
            for (k, &u) in rules.units_of(c).iter().enumerate() {
                for w in 0..W {
                    b[w] |= unit_boards[u][w];
                }
                units_of[bit][k] = u as u32;
            }
            b[bit / 64] &= !(1 << (bit % 64));
            peers[bit] = b;
        }
        let rows = (0..n)
            .map(|r| {
                let b = bit_of[r * n];
                debug_assert!((0..n).all(|c| bit_of[r * n + c] == b + c as u32));
                (b / 64, b % 64)
            })
            .collect();
        let unit_words = unit_boards
            .iter()
            .map(|b| {
                let first = b.iter().position(|&w| w != 0).unwrap_or(0);
                let last = b.iter().rposition(|&w| w != 0).unwrap_or(0);
                (first as u32, last as u32 + 1)
            })
            .collect();
        Tables {
            n,
            unit_words,
            box_rows: shape.box_rows() as usize,
            box_cols: shape.box_cols() as usize,
            full,
            bit_of,
            cell_of,
            rows,
            units: unit_boards,
            peers,
            units_of,
        }
    }
}

/// The bit of each cell: whole bands per word when a band fits in 64 bits,
/// else whole rows per word when a row fits, else two words per row.
fn layout(shape: Shape) -> Vec<u32> {
    let n = shape.side() as usize;
    let band = shape.box_rows() as usize * n;
    let group = if band <= 64 {
        band
    } else if n <= 64 {
        n
    } else {
        return (0..shape.cells())
            .map(|c| (c / n * 128 + c % n) as u32)
            .collect();
    };
    let per_word = 64 / group;
    (0..shape.cells())
        .map(|c| {
            let (g, offset) = (c / group, c % group);
            ((g / per_word) * 64 + (g % per_word) * group + offset) as u32
        })
        .collect()
}

/// How many 64-bit words the layout of `shape` needs.
pub(crate) fn words(shape: Shape) -> usize {
    layout(shape)
        .iter()
        .max()
        .map_or(1, |&b| b as usize / 64 + 1)
}

#[inline]
pub(crate) fn set<const W: usize>(b: &mut Board<W>, c: usize) {
    b[c / 64] |= 1 << (c % 64);
}

#[inline]
pub(crate) fn has<const W: usize>(b: &Board<W>, c: usize) -> bool {
    b[c / 64] >> (c % 64) & 1 != 0
}

#[inline]
pub(crate) fn is_empty<const W: usize>(b: &Board<W>) -> bool {
    b.iter().all(|&w| w == 0)
}

/// The cells of a board, in order.
pub(crate) fn cells<const W: usize>(b: &Board<W>) -> impl Iterator<Item = usize> + '_ {
    b.iter().enumerate().flat_map(|(w, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(w * 64 + t)
        })
    })
}

/// One row of a board as an integer, column c at bit c (see the module
/// docs): `u64` for grids up to 64x64, `u128` beyond.
pub(crate) trait Lane:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// No bit set.
    const ZERO: Self;
    /// The lowest `k` bits (`k` up to the lane's width).
    fn low(k: usize) -> Self;
    /// The lane of the row whose lane starts at `at`, masked with `full`.
    fn read<const W: usize>(b: &Board<W>, at: (u32, u32), full: Self) -> Self;
    /// Overwrites the lane of the row that starts at `at` with `x`.
    fn write<const W: usize>(b: &mut Board<W>, at: (u32, u32), full: Self, x: Self);
    /// How many bits are set.
    fn count_ones(self) -> u32;
    /// The lowest set bit's index (the width when none is).
    fn trailing_zeros(self) -> u32;
    /// Whether exactly one bit is set.
    #[inline]
    fn is_single(self) -> bool {
        self.count_ones() == 1
    }
}

impl Lane for u64 {
    const ZERO: u64 = 0;

    #[inline]
    fn low(k: usize) -> u64 {
        if k >= 64 {
            u64::MAX
        } else {
            (1 << k) - 1
        }
    }

    #[inline]
    fn read<const W: usize>(b: &Board<W>, (w, bit): (u32, u32), full: u64) -> u64 {
        b[w as usize] >> bit & full
    }

    #[inline]
    fn write<const W: usize>(b: &mut Board<W>, (w, bit): (u32, u32), full: u64, x: u64) {
        let word = &mut b[w as usize];
        *word = *word & !(full << bit) | x << bit;
    }

    #[inline]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }

    #[inline]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }

    #[inline]
    fn is_single(self) -> bool {
        self != 0 && self & (self - 1) == 0
    }
}

/// A row of more than 64 cells: two words of its own, starting at bit 0.
impl Lane for u128 {
    const ZERO: u128 = 0;

    #[inline]
    fn low(k: usize) -> u128 {
        if k >= 128 {
            u128::MAX
        } else {
            (1 << k) - 1
        }
    }

    #[inline]
    fn read<const W: usize>(b: &Board<W>, (w, bit): (u32, u32), full: u128) -> u128 {
        debug_assert_eq!(bit, 0);
        let w = w as usize;
        (u128::from(b[w]) | u128::from(b[w + 1]) << 64) & full
    }

    #[inline]
    fn write<const W: usize>(b: &mut Board<W>, (w, bit): (u32, u32), full: u128, x: u128) {
        debug_assert_eq!(bit, 0);
        let w = w as usize;
        let x = x & full;
        b[w] = x as u64;
        b[w + 1] = (x >> 64) as u64;
    }

    #[inline]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }

    #[inline]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }

    #[inline]
    fn is_single(self) -> bool {
        self != 0 && self & (self - 1) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_one_to_one_and_fit() {
        for (r, c) in [
            (2, 2),
            (2, 3),
            (3, 3),
            (3, 4),
            (4, 4),
            (5, 5),
            (8, 8),
            (1, 7),
            (5, 13),
            (11, 11),
        ] {
            let shape = Shape::new(r, c).unwrap();
            let bits = layout(shape);
            let mut seen = std::collections::HashSet::new();
            assert!(bits.iter().all(|b| seen.insert(*b)), "{shape}");
            assert!(words(shape) * 64 > *bits.iter().max().unwrap() as usize);
            // Each row is a lane: consecutive bits, in one word up to 64
            // columns, else in two words of its own.
            let n = shape.side() as usize;
            for row in bits.chunks(n) {
                assert!(row.windows(2).all(|p| p[1] == p[0] + 1), "{shape}");
                let lane = if n <= 64 { 64 } else { 128 };
                assert_eq!(
                    row[0] as usize / lane,
                    row[n - 1] as usize / lane,
                    "{shape}"
                );
            }
        }
        assert_eq!(words(Shape::square(3).unwrap()), 2);
        assert_eq!(words(Shape::square(4).unwrap()), 4);
        assert_eq!(words(Shape::square(5).unwrap()), 13);
        assert_eq!(words(Shape::new(5, 13).unwrap()), 130);
    }
}
