//! The independent check of a 9x9 solution in the form the 9x9 specialist
//! holds it, without decoding it into a grid: a caller that prints only
//! the verdict (`sudoku check` as text) checks each solution it rests on
//! here instead of decoding and checking a [`Grid`](sudoku::Grid).
//!
//! The form ([`Words`]): 27 words, word `9 * band + digit` (digit 0 for
//! the value 1) with bit `9 * row + column` set, row and column counted
//! within the band, for each cell of the band that holds the digit. The
//! check reads the words as that definition says and shares no code or
//! table with the search.

use super::band9::Words;

/// The cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// A row of a band.
const ROW: u32 = 0x1FF;

/// The givens of a puzzle in the same form: word `9 * band + digit` holds
/// the cells given that digit. Made once per puzzle, for the check of each
/// of its solutions.
pub(crate) struct GivenWords(Words);

impl GivenWords {
    /// The givens of `cells` (81 values by cell, 0 for an empty cell);
    /// `None` if there are not 81 or a value is above 9.
    pub(crate) fn new(cells: &[u16]) -> Option<GivenWords> {
        if cells.len() != 81 {
            return None;
        }
        let mut words = [0u32; 27];
        for (b, band) in cells.chunks_exact(27).enumerate() {
            // The filled cells, a bit each, without a branch per cell.
            let mut filled = band
                .iter()
                .enumerate()
                .fold(0u32, |f, (p, &v)| f | u32::from(v != 0) << p);
            while filled != 0 {
                let p = filled.trailing_zeros() as usize;
                filled &= filled - 1;
                let digit = usize::from(band[p]) - 1;
                if digit >= 9 {
                    return None;
                }
                words[9 * b + digit] |= 1 << p;
            }
        }
        Some(GivenWords(words))
    }
}

/// Whether `words` is a solution of the puzzle whose givens are `givens`:
/// every cell holds one digit, every row, column and box holds each digit
/// once, and every given holds its value.
///
/// Why these tests suffice: in each band the nine words summed as numbers
/// equal the band's 27 cells and so does their union; a sum equals the
/// union only when no two words share a cell, so each cell holds exactly
/// one digit. Each digit then has a cell in each row of the band and in
/// each box, nine digits in nine cells: each exactly once. Each digit has
/// a cell in every column in one band or another, nine digits in a
/// column's nine cells: each exactly once.
pub(crate) fn is_solution(words: &Words, givens: &GivenWords) -> bool {
    /// Each row's first cell, and its low eight cells and its ninth.
    const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;
    const LOW: u32 = 0xFF * COLUMN;
    const HIGH: u32 = 0x100 * COLUMN;
    /// Each box's first column.
    const BOXES: u32 = 0o111;
    // Every test without a branch or an early exit: a solution passes
    // them all, and they are cheap next to the search.
    let (mut all, mut missing) = (0u32, 0u32);
    for &w in words {
        all |= w;
        // A row with a cell: adding 0xFF to its low eight cells carries
        // into its ninth.
        let rows = (((w & LOW) + LOW) | w) & HIGH;
        // A box with a cell: its three columns folded onto the first, its
        // three rows onto the first.
        let folded = w | w >> 1 | w >> 2;
        let boxes = (folded | folded >> 9 | folded >> 18) & BOXES;
        missing |= (rows ^ HIGH) | (boxes ^ BOXES);
    }
    let mut partition = 0u32;
    for band in words.chunks_exact(9) {
        let (union, sum) = band
            .iter()
            .fold((0u32, 0u32), |(u, s), &w| (u | w, s.wrapping_add(w)));
        partition |= (union ^ BAND) | (sum ^ BAND);
    }
    let columns = |w: u32| (w | w >> 9 | w >> 18) & ROW;
    let mut uncovered = 0u32;
    for d in 0..9 {
        uncovered |= (columns(words[d]) | columns(words[9 + d]) | columns(words[18 + d])) ^ ROW;
    }
    let lost = words
        .iter()
        .zip(&givens.0)
        .fold(0u32, |lost, (&w, &g)| lost | (g & !w));
    (all & !BAND) | missing | partition | uncovered | lost == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::{Grid, Shape};

    /// The words of a grid of values 1-9 (0 and other values hold no
    /// digit), by the definition in the module's docs.
    fn words_of(cells: &[u16]) -> Words {
        let mut words = [0u32; 27];
        for (i, &v) in cells.iter().enumerate() {
            if (1..=9).contains(&v) {
                let (row, col) = (i / 9, i % 9);
                words[9 * (row / 3) + usize::from(v) - 1] |= 1 << (9 * (row % 3) + col);
            }
        }
        words
    }

    fn given(cells: &[u16]) -> GivenWords {
        GivenWords::new(cells).expect("81 values up to 9")
    }

    /// A solved grid: the pattern (3 * (row % 3) + row / 3 + col) % 9 + 1.
    fn solved() -> Vec<u16> {
        (0..81)
            .map(|i| ((3 * (i / 9 % 3) + i / 27 + i % 9) % 9 + 1) as u16)
            .collect()
    }

    fn xorshift(x: &mut u64) -> u64 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    #[test]
    fn a_solution_and_its_givens_pass() {
        let grid = solved();
        let shape = Shape::square(3).unwrap();
        assert!(Grid::from_values(shape, grid.clone()).unwrap().is_solved());
        let words = words_of(&grid);
        assert!(is_solution(&words, &given(&[0; 81])));
        assert!(is_solution(&words, &given(&grid)));
        let mut some = vec![0u16; 81];
        for i in (0..81).step_by(5) {
            some[i] = grid[i];
        }
        assert!(is_solution(&words, &given(&some)));
    }

    /// Against the grid check ([`Grid::is_solution_of`], code apart): grids
    /// changed at random (values swapped, a cell changed, a cell emptied,
    /// a bit added or dropped in the words, a given changed) pass exactly
    /// when the grid check passes them.
    #[test]
    fn agrees_with_the_grid_check_on_damaged_solutions() {
        let shape = Shape::square(3).unwrap();
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let (mut passed, mut failed) = (0, 0);
        for round in 0..4000 {
            let mut cells = solved();
            // Relabel the digits and permute rows within a band, so that
            // most rounds start from another solution.
            let mut labels: Vec<u16> = (1..=9).collect();
            for i in (1..9).rev() {
                labels.swap(i, (xorshift(&mut rng) % (i as u64 + 1)) as usize);
            }
            for v in cells.iter_mut() {
                *v = labels[usize::from(*v) - 1];
            }
            let band = (xorshift(&mut rng) % 3) as usize;
            let (r1, r2) = (band * 3, band * 3 + (xorshift(&mut rng) % 3) as usize);
            for c in 0..9 {
                cells.swap(r1 * 9 + c, r2 * 9 + c);
            }
            let mut givens: Vec<u16> = cells
                .iter()
                .map(|&v| {
                    if xorshift(&mut rng).is_multiple_of(3) {
                        v
                    } else {
                        0
                    }
                })
                .collect();
            let mut words = words_of(&cells);
            let i = (xorshift(&mut rng) % 81) as usize;
            let j = (xorshift(&mut rng) % 81) as usize;
            match round % 7 {
                0 => {}
                1 => cells.swap(i, j),
                2 => cells[i] = (xorshift(&mut rng) % 10) as u16,
                3 => cells[i] = 0,
                4 => givens[i] = (xorshift(&mut rng) % 10) as u16,
                5 => {
                    // A second digit in a cell: no grid has it, so it fails.
                    let d = (xorshift(&mut rng) % 9) as usize;
                    words[9 * (i / 27) + d] |= 1 << (i % 27);
                }
                _ => {
                    // Values swapped between two cells of a row.
                    let row = i / 9;
                    cells.swap(row * 9 + i % 9, row * 9 + j % 9);
                }
            }
            if !matches!(round % 7, 5) {
                words = words_of(&cells);
            }
            let oracle = match round % 7 {
                // A cell with two digits is no grid: fails.
                5 if words_of(&cells) != words => false,
                _ => {
                    let grid = Grid::from_values(shape, cells.clone()).ok();
                    let puzzle = Grid::from_values(shape, givens.clone()).ok();
                    match (grid, puzzle) {
                        (Some(g), Some(p)) => g.is_solution_of(&p),
                        _ => false,
                    }
                }
            };
            let ours = GivenWords::new(&givens).is_some_and(|g| is_solution(&words, &g));
            assert_eq!(ours, oracle, "round {round}");
            if oracle {
                passed += 1;
            } else {
                failed += 1;
            }
        }
        // Both outcomes are exercised.
        assert!(passed > 500 && failed > 1500, "{passed} {failed}");
    }

    #[test]
    fn stray_bits_and_short_givens_fail() {
        let grid = solved();
        let mut words = words_of(&grid);
        words[4] |= 1 << 30;
        assert!(!is_solution(&words, &given(&[0; 81])));
        assert!(GivenWords::new(&[0; 80]).is_none());
        let mut ten = vec![0u16; 81];
        ten[7] = 10;
        assert!(GivenWords::new(&ten).is_none());
    }
}
