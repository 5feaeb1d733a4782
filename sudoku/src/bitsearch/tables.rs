//! Bit masks of a grid's cells, units and peers, computed once per shape.
//!
//! Cells are laid out in bits so that units rarely straddle a word: whole
//! bands (a row of boxes) are packed into 64-bit words when a band fits, so a
//! 9x9 grid puts bands 1 and 2 in the first word and band 3 in the second,
//! and every row and box lies in one word; otherwise whole rows are packed.

use crate::rules::Rules;
use crate::shape::Shape;

/// A set of cells, one bit per cell, in `W` words.
pub(crate) type Board<const W: usize> = [u64; W];

/// The masks the bit-parallel search works with.
#[derive(Debug)]
pub(crate) struct Tables<const W: usize> {
    /// The side N (also the number of values).
    pub(crate) n: usize,
    /// Every cell of the grid.
    pub(crate) full: Board<W>,
    /// The bit of each cell, and the cell of each bit.
    pub(crate) bit_of: Vec<u32>,
    pub(crate) cell_of: Vec<u32>,
    /// One set per unit (rows, columns, boxes).
    pub(crate) units: Vec<Board<W>>,
    /// For each bit, the other cells that share a unit with it.
    pub(crate) peers: Vec<Board<W>>,
    /// For each bit, its three units (row, column, box).
    pub(crate) units_of: Vec<[u32; 3]>,
    /// Box-line crossings, as (box minus line, line minus box), for locked
    /// candidates.
    pub(crate) crossings: Vec<(Board<W>, Board<W>)>,
    /// For each unit, the crossings it is part of.
    pub(crate) crossings_of: Vec<Vec<u32>>,
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
        // Rules::standard lists the rows, then the columns, then the boxes.
        let (lines, boxes) = unit_boards.split_at(2 * n);
        let mut crossings = Vec::new();
        let mut crossings_of = vec![Vec::new(); unit_boards.len()];
        for (bi, b) in boxes.iter().enumerate() {
            for (li, l) in lines.iter().enumerate() {
                if (0..W).any(|w| b[w] & l[w] != 0) {
                    let k = crossings.len() as u32;
                    crossings_of[li].push(k);
                    crossings_of[2 * n + bi].push(k);
                    let box_only: Board<W> = std::array::from_fn(|w| b[w] & !l[w]);
                    let line_only: Board<W> = std::array::from_fn(|w| l[w] & !b[w]);
                    crossings.push((box_only, line_only));
                }
            }
        }
        Tables {
            n,
            full,
            bit_of,
            cell_of,
            units: unit_boards,
            peers,
            units_of,
            crossings,
            crossings_of,
        }
    }
}

/// The bit of each cell: whole bands per word when a band fits in 64 bits,
/// else whole rows per word when a row fits, else cells in order.
fn layout(shape: Shape) -> Vec<u32> {
    let n = shape.side() as usize;
    let band = shape.box_rows() as usize * n;
    let group = if band <= 64 {
        band
    } else if n <= 64 {
        n
    } else {
        return (0..shape.cells() as u32).collect();
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

/// The first cell of a non-empty board.
#[inline]
pub(crate) fn first<const W: usize>(b: &Board<W>) -> Option<usize> {
    b.iter()
        .position(|&w| w != 0)
        .map(|w| w * 64 + b[w].trailing_zeros() as usize)
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
            (11, 11),
        ] {
            let shape = Shape::new(r, c).unwrap();
            let bits = layout(shape);
            let mut seen = std::collections::HashSet::new();
            assert!(bits.iter().all(|b| seen.insert(*b)), "{shape}");
            assert!(words(shape) * 64 > *bits.iter().max().unwrap() as usize);
        }
        assert_eq!(words(Shape::square(3).unwrap()), 2);
        assert_eq!(words(Shape::square(4).unwrap()), 4);
    }
}
