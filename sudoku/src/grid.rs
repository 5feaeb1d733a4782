//! The grid: values of the cells and the values seen by a cell. Its checks
//! against rules (conflicts, solved, a solution of a puzzle) are in
//! `check.rs`, its text (`Display`, `FromStr`) in `format/grid_text.rs`:
//! both above it.

use crate::error::GridError;
use crate::shape::{box_cells, Shape};

/// A Sudoku grid of any box shape. Cells hold `0` (empty) or a value `1..=N`.
///
/// Rows and columns are 0-based in the API and 1-based in messages (`r1c1` is the
/// top-left cell).
///
/// `Display` writes the compact line (symbols `1-9a-z` and `.` up to 35x35, numbers
/// separated by spaces above); the alternate form `{:#}` writes the boxed grid of
/// [`write_boxed`](crate::write_boxed). `FromStr` reads one grid written as a line, numbers or rows
/// with or without borders ([`read_grid`](crate::format::read_grid)), with square
/// boxes inferred; files, documents and links are read by `sudoku-format`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u16>,
}

impl Grid {
    /// A grid with every cell empty.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from its values row by row (`0` for an empty cell).
    ///
    /// Fails when there are not `shape.cells()` values or when a value is above the
    /// side (the error names the cell).
    pub fn from_values(shape: Shape, values: Vec<u16>) -> Result<Grid, GridError> {
        if values.len() != shape.cells() {
            return Err(GridError::WrongLength {
                shape,
                expected: shape.cells(),
                found: values.len(),
            });
        }
        let side = shape.side();
        // Look for a value out of range without an early exit (a vectorized
        // maximum), and for where it is only when there is one.
        let out_of_range = u32::from(values.iter().fold(0, |m, &v| m.max(v))) > side;
        if let Some(i) = out_of_range
            .then(|| values.iter().position(|&v| u32::from(v) > side))
            .flatten()
        {
            let n = side as usize;
            return Err(GridError::ValueOutOfRange {
                row: i / n + 1,
                col: i % n + 1,
                value: values[i],
                side,
            });
        }
        Ok(Grid {
            shape,
            cells: values,
        })
    }

    /// A grid from values the caller made within range: `shape.cells()`
    /// values, none above the side (checked in debug builds only).
    pub fn from_values_in_range(shape: Shape, values: Vec<u16>) -> Grid {
        debug_assert_eq!(values.len(), shape.cells());
        debug_assert!(values.iter().all(|&v| u32::from(v) <= shape.side()));
        Grid {
            shape,
            cells: values,
        }
    }

    /// The box shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side `N` (as `usize`, for indexing).
    pub fn side(&self) -> usize {
        self.shape.side() as usize
    }

    fn index(&self, row: usize, col: usize) -> usize {
        let n = self.side();
        assert!(
            row < n && col < n,
            "cell ({row}, {col}) is outside a {n}x{n} grid"
        );
        row * n + col
    }

    /// The value at 0-based `(row, col)`, `None` when the cell is empty.
    ///
    /// # Panics
    ///
    /// If `row` or `col` is not below the side.
    pub fn get(&self, row: usize, col: usize) -> Option<u16> {
        match self.cells[self.index(row, col)] {
            0 => None,
            v => Some(v),
        }
    }

    /// Sets (`Some(value)`) or clears (`None` or `Some(0)`) the cell at 0-based
    /// `(row, col)`.
    ///
    /// # Panics
    ///
    /// If `row` or `col` is not below the side, or the value is above it.
    pub fn set(&mut self, row: usize, col: usize, value: Option<u16>) {
        let v = value.unwrap_or(0);
        assert!(
            u32::from(v) <= self.shape.side(),
            "value {v} is too large for a {n}x{n} grid",
            n = self.side()
        );
        let i = self.index(row, col);
        self.cells[i] = v;
    }

    /// All cells row by row, `0` for empty.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// The cells, consuming the grid.
    pub fn into_cells(self) -> Vec<u16> {
        self.cells
    }

    /// Number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled (whatever the conflicts: see [`Grid::is_solved`]).
    pub fn is_complete(&self) -> bool {
        // Without an early exit, which the compiler vectorizes.
        self.cells.iter().fold(true, |full, &v| full & (v != 0))
    }

    /// Whether every row, column and box holds each value `1..=N`, in one
    /// pass over the cells with a bit per value for each unit; `None` above
    /// 63x63 (the bits do not fit).
    ///
    /// A unit has `N` cells: when their bits together are exactly those of
    /// `1..=N`, each value is there once, so no cell is empty (bit 0) and
    /// none repeats. Every unit is full when the AND and the OR of all the
    /// units' bits are both the full set.
    pub(crate) fn units_complete(&self) -> Option<bool> {
        const MAX: usize = 64;
        let n = self.side();
        if n >= MAX {
            return None;
        }
        if self.cells.len() != n * n {
            return Some(false);
        }
        let (box_rows, box_cols) = (
            self.shape.box_rows() as usize,
            self.shape.box_cols() as usize,
        );
        if (box_rows, box_cols) == (3, 3) {
            // 9x9, the common case: a band at a time, the masks in registers.
            const FULL: u16 = 0b11_1111_1110;
            let Ok(cells) = <&[u16; 81]>::try_from(self.cells.as_slice()) else {
                return Some(false);
            };
            // Values above 9 fail here (vectorized), so `v & 15` below is v.
            if cells.iter().fold(0, |m, &v| m.max(v)) > 9 {
                return Some(false);
            }
            let (mut all, mut any) = (FULL, 0u16);
            let mut cols = [0u16; 9];
            for band in 0..3 {
                let mut boxes = [0u16; 3];
                for r in 0..3 {
                    let row = &cells[(band * 3 + r) * 9..][..9];
                    let mut seen = 0u16;
                    for k in 0..3 {
                        let bits = [0, 1, 2].map(|j| 1u16 << (row[3 * k + j] & 15));
                        for j in 0..3 {
                            cols[3 * k + j] |= bits[j];
                        }
                        let stretch = bits[0] | bits[1] | bits[2];
                        boxes[k] |= stretch;
                        seen |= stretch;
                    }
                    (all, any) = (all & seen, any | seen);
                }
                for b in boxes {
                    (all, any) = (all & b, any | b);
                }
            }
            for c in cols {
                (all, any) = (all & c, any | c);
            }
            return Some(all == FULL && any == FULL);
        }
        let full = ((1u64 << n) - 1) << 1;
        let (mut all, mut any) = (full, 0u64);
        let mut cols = [0u64; MAX];
        let mut boxes = [0u64; MAX];
        for (row, cells) in self.cells.chunks_exact(n).enumerate() {
            // Boxes are numbered row by row, `box_rows` of them across.
            let first_box = row / box_rows * box_rows;
            let mut seen = 0u64;
            for (k, stretch) in cells.chunks_exact(box_cols).enumerate() {
                let mut in_box = 0u64;
                for (j, &v) in stretch.iter().enumerate() {
                    // Values above N set bit 0 or one above N.
                    let bit = 1u64.checked_shl(u32::from(v)).unwrap_or(1);
                    in_box |= bit;
                    cols[k * box_cols + j] |= bit;
                }
                seen |= in_box;
                boxes[first_box + k] |= in_box;
            }
            (all, any) = (all & seen, any | seen);
        }
        for unit in cols[..n].iter().chain(&boxes[..n]) {
            (all, any) = (all & unit, any | unit);
        }
        Some(all == full && any == full)
    }

    fn present(&self, cells: impl Iterator<Item = usize>) -> Vec<u16> {
        cells.map(|i| self.cells[i]).filter(|&v| v != 0).collect()
    }

    /// The values present in row `row`, left to right (the course's `ligne(S, i)`).
    pub fn row_values(&self, row: usize) -> Vec<u16> {
        let n = self.side();
        let start = self.index(row, 0);
        self.present(start..start + n)
    }

    /// The values present in column `col`, top to bottom (`colonne(S, j)`).
    pub fn column_values(&self, col: usize) -> Vec<u16> {
        let n = self.side();
        let start = self.index(0, col);
        self.present((0..n).map(|r| r * n + start))
    }

    /// The values present in box `b` (numbered as in [`Shape::box_of`]), row by row.
    ///
    /// # Panics
    ///
    /// If `b` is not below the side.
    pub fn box_values(&self, b: usize) -> Vec<u16> {
        assert!(b < self.side(), "box {b} is outside a {} grid", self.side());
        self.present(box_cells(self.shape, b))
    }

    /// The values present in the box holding the cell `(row, col)` (`bloc(S, i, j)`).
    pub fn box_values_at(&self, row: usize, col: usize) -> Vec<u16> {
        self.index(row, col);
        self.box_values(self.shape.box_of(row, col))
    }

    /// The candidates of the cell `(row, col)`, ascending (`possibles(S, i, j)`): for
    /// an empty cell, the values `1..=N` absent from its row, column and box; for a
    /// filled cell, just its value.
    pub fn candidates(&self, row: usize, col: usize) -> Vec<u16> {
        if let Some(v) = self.get(row, col) {
            return vec![v];
        }
        let n = self.side();
        let mut seen = vec![false; n + 1];
        let b = self.shape.box_of(row, col);
        let units = [
            self.row_values(row),
            self.column_values(col),
            self.box_values(b),
        ];
        for v in units.iter().flatten() {
            seen[usize::from(*v)] = true;
        }
        (1..=n as u16).filter(|&v| !seen[usize::from(v)]).collect()
    }

    /// Whether a row, column or box repeats a value, in one pass over the
    /// cells with a bit set per unit; `None` above 63x63 (the bits do not
    /// fit). The quick answer of [`Grid::check`] for grids without a clash.
    pub(crate) fn has_repeat(&self) -> Option<bool> {
        const MAX: usize = 64;
        let n = self.side();
        if n >= MAX {
            return None;
        }
        let (box_rows, box_cols) = (
            self.shape.box_rows() as usize,
            self.shape.box_cols() as usize,
        );
        if (box_rows, box_cols) == (3, 3) {
            // 9x9, the common case: a band at a time, the masks in registers.
            let mut cols = [0u16; 9];
            let mut repeat = 0u16;
            for band in self.cells.chunks_exact(27) {
                let mut boxes = [0u16; 3];
                for row in band.chunks_exact(9) {
                    let mut seen = 0u16;
                    for (col, &v) in row.iter().enumerate() {
                        let bit = 1u16 << v;
                        repeat |= (seen | cols[col] | boxes[col / 3]) & bit;
                        seen |= bit;
                        cols[col] |= bit;
                        boxes[col / 3] |= bit;
                    }
                }
            }
            return Some(repeat & !1 != 0);
        }
        let (mut rows, mut cols, mut boxes) = ([0u64; MAX], [0u64; MAX], [0u64; MAX]);
        let mut repeat = false;
        for (row, cells) in self.cells.chunks_exact(n).enumerate() {
            // Boxes are numbered row by row, `box_rows` of them across.
            let first_box = row / box_rows * box_rows;
            for (k, stretch) in cells.chunks_exact(box_cols).enumerate() {
                let b = first_box + k;
                for (j, &v) in stretch.iter().enumerate() {
                    let col = k * box_cols + j;
                    // Value 0 (empty) sets bit 0, which is never tested.
                    let bit = 1u64 << v;
                    repeat |= (rows[row] | cols[col] | boxes[b]) & bit & !1 != 0;
                    rows[row] |= bit;
                    cols[col] |= bit;
                    boxes[b] |= bit;
                }
            }
        }
        Some(repeat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::UnitKind;

    /// The course's 4x4 example.
    fn course() -> Grid {
        let rows = [[1, 0, 3, 0], [3, 0, 2, 0], [0, 0, 4, 0], [0, 0, 0, 0]];
        Grid::from_values(Shape::square(2).unwrap(), rows.concat()).unwrap()
    }

    /// The one-pass bit check agrees with the unit-by-unit search on random
    /// grids of several shapes (non-square boxes among them), full or not.
    #[test]
    fn quick_repeat_check_agrees_with_the_conflicts() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        let mut seen = [0; 2];
        for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let n = u64::from(shape.side());
            for _ in 0..300 {
                let blank = next(4);
                let values = (0..shape.cells())
                    .map(|_| {
                        if next(4) < blank {
                            0
                        } else {
                            next(n) as u16 + 1
                        }
                    })
                    .collect();
                let grid = Grid::from_values(shape, values).unwrap();
                let clash = !grid.find_conflicts(usize::MAX).is_empty();
                assert_eq!(grid.has_repeat(), Some(clash), "{grid}");
                assert_eq!(grid.check().is_err(), clash);
                seen[usize::from(clash)] += 1;
            }
        }
        // Both answers were met.
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
        let solved: Grid = "1234342121434312".parse().unwrap();
        assert_eq!(solved.has_repeat(), Some(false));
    }

    /// A full grid of `shape`: the usual pattern, row `r` shifted by
    /// `(r % box_rows) * box_cols + r / box_rows`.
    fn full_grid(shape: Shape) -> Grid {
        let (br, bc) = (shape.box_rows() as usize, shape.box_cols() as usize);
        let n = br * bc;
        let values = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                ((c + (r % br) * bc + r / br) % n + 1) as u16
            })
            .collect();
        Grid::from_values(shape, values).unwrap()
    }

    /// The one-pass solution check agrees with "complete and no conflict"
    /// on full grids of several shapes, spoilt or not, and catches the
    /// usual mistakes: a swapped pair, a repeat in a box only (rectangular
    /// boxes), a changed given, an empty cell.
    #[test]
    fn solution_check_rejects_wrong_solutions() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |m: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % m as u64) as usize
        };
        let mut seen = [0; 2];
        for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 4), (3, 5)] {
            let shape = Shape::new(r, c).unwrap();
            let good = full_grid(shape);
            assert_eq!(good.units_complete(), Some(true));
            assert!(good.is_solved() && good.check().is_ok());
            let n = good.side();
            for _ in 0..200 {
                let mut g = good.clone();
                for _ in 0..next(3) {
                    let (i, j) = (next(n * n), next(n * n));
                    g.cells.swap(i, j);
                    if next(4) == 0 {
                        g.cells[i] = next(n + 1) as u16;
                    }
                }
                let slow = g.is_complete() && g.find_conflicts(usize::MAX).is_empty();
                assert_eq!(g.units_complete(), Some(slow), "{g}");
                assert_eq!(g.is_solved(), slow);
                seen[usize::from(slow)] += 1;
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");

        // A swapped pair in a row: the rows hold, two columns do not.
        let good = full_grid(Shape::square(3).unwrap());
        let puzzle = Grid::empty(good.shape());
        assert!(good.is_solution_of(&puzzle));
        let mut swapped = good.clone();
        swapped.cells.swap(0, 1);
        assert!(!swapped.is_solution_of(&puzzle));
        // 6x6 with 2x3 boxes: swapping rows 2 and 3 keeps every row and
        // column whole, but boxes 1 to 4 then repeat values.
        let shape = Shape::new(2, 3).unwrap();
        let good = full_grid(shape);
        let mut rows: Vec<&[u16]> = good.cells.chunks(6).collect();
        rows.swap(1, 2);
        let boxes_wrong = Grid::from_values(shape, rows.concat()).unwrap();
        assert!(boxes_wrong
            .conflicts()
            .iter()
            .all(|c| c.unit == UnitKind::Box));
        assert!(!boxes_wrong.conflicts().is_empty());
        assert!(!boxes_wrong.is_solution_of(&Grid::empty(shape)));
        assert!(good.is_solution_of(&Grid::empty(shape)));
        // A given the solution does not keep.
        let mut puzzle = Grid::empty(shape);
        puzzle.set(0, 0, Some(good.get(0, 0).unwrap() % 6 + 1));
        assert!(!good.is_solution_of(&puzzle));
        // An empty cell.
        let mut holed = good.clone();
        holed.set(5, 5, None);
        assert!(!holed.is_solution_of(&Grid::empty(shape)));
        // Another shape.
        assert!(!good.is_solution_of(&Grid::empty(Shape::new(3, 2).unwrap())));
    }

    #[test]
    fn course_example_units() {
        let s = course();
        assert_eq!(s.row_values(0), [1, 3]);
        assert_eq!(s.row_values(1), [3, 2]);
        assert_eq!(s.row_values(2), [4]);
        assert_eq!(s.column_values(0), [1, 3]);
        assert_eq!(s.column_values(2), [3, 2, 4]);
        assert_eq!(s.box_values_at(1, 1), [1, 3]);
        assert_eq!(s.box_values_at(0, 3), [3, 2]);
        assert_eq!(s.box_values_at(3, 2), [4]);
        assert_eq!(s.box_values_at(2, 1), [] as [u16; 0]);
        assert_eq!(s.box_values(1), [3, 2]);
    }

    #[test]
    fn course_example_candidates() {
        let s = course();
        assert_eq!(s.candidates(3, 1), [1, 2, 3, 4]);
        assert_eq!(s.candidates(0, 3), [4]);
        assert_eq!(s.candidates(0, 1), [2, 4]);
        assert_eq!(s.candidates(3, 2), [1]);
        assert_eq!(s.candidates(0, 0), [1]);
    }

    #[test]
    fn accessors() {
        let mut g = course();
        assert_eq!(g.givens(), 5);
        assert_eq!(g.get(0, 0), Some(1));
        assert_eq!(g.get(0, 1), None);
        g.set(0, 1, Some(2));
        assert_eq!(g.get(0, 1), Some(2));
        g.set(0, 1, None);
        assert_eq!(g.get(0, 1), None);
        assert!(!g.is_complete());
        assert_eq!(g.cells().len(), 16);
        assert_eq!(Grid::empty(g.shape()).givens(), 0);
    }

    #[test]
    #[should_panic(expected = "too large")]
    fn set_checks_value() {
        course().set(0, 1, Some(5));
    }

    #[test]
    fn from_values_errors() {
        let shape = Shape::square(3).unwrap();
        let err = Grid::from_values(shape, vec![0; 80]).unwrap_err();
        assert_eq!(err.to_string(), "a 9x9 grid has 81 cells, got 80 values");
        let mut values = vec![0; 81];
        values[2 * 9 + 3] = 12;
        let err = Grid::from_values(shape, values).unwrap_err();
        assert_eq!(
            err,
            GridError::ValueOutOfRange {
                row: 3,
                col: 4,
                value: 12,
                side: 9
            }
        );
        assert!(err
            .to_string()
            .starts_with("cell r3c4: value 12 is too large"));
    }

    fn nine(text: &str) -> Grid {
        text.parse().unwrap()
    }

    #[test]
    fn conflict_in_row() {
        let mut g = Grid::empty(Shape::square(3).unwrap());
        g.set(0, 1, Some(5));
        g.set(0, 6, Some(5));
        let c = g.check().unwrap_err();
        assert_eq!(c.unit, UnitKind::Row);
        assert_eq!((c.first, c.second, c.value), ((0, 1), (0, 6), 5));
        assert_eq!(
            c.to_string(),
            "value 5 appears twice in row 1: at r1c2 and r1c7"
        );
        assert_eq!(g.conflicts(), vec![c]);
    }

    #[test]
    fn conflict_in_column() {
        let mut g = Grid::empty(Shape::square(3).unwrap());
        g.set(1, 6, Some(3));
        g.set(4, 6, Some(3));
        let c = g.check().unwrap_err();
        assert_eq!(
            c.to_string(),
            "value 3 appears twice in column 7: at r2c7 and r5c7"
        );
    }

    #[test]
    fn conflict_in_box_only() {
        let g = nine(
            "........9\
             .......9.\
             .........\
             .........\
             .........\
             .........\
             .........\
             .........\
             .........",
        );
        let conflicts = g.conflicts();
        assert_eq!(conflicts.len(), 1);
        assert_eq!(
            conflicts[0].to_string(),
            "value 9 appears twice in box 3: at r1c9 and r2c8"
        );
    }

    #[test]
    fn conflicts_in_every_unit_and_rectangular_boxes() {
        // 6x6 with 2x3 boxes: r1c1 and r2c3 share box 1 only.
        let shape = Shape::new(2, 3).unwrap();
        let mut g = Grid::empty(shape);
        g.set(0, 0, Some(4));
        g.set(1, 2, Some(4));
        let c = g.check().unwrap_err();
        assert_eq!(c.unit, UnitKind::Box);
        assert_eq!(c.unit_index, 0);
        // r1c4 is in box 2, so no conflict with r2c3.
        g.set(1, 2, None);
        g.set(1, 3, Some(4));
        assert!(g.check().is_ok());
        // Same row and same box: two conflicts.
        g.set(0, 1, Some(4));
        let kinds: Vec<_> = g.conflicts().iter().map(|c| c.unit).collect();
        assert_eq!(kinds, [UnitKind::Row, UnitKind::Box]);
    }

    #[test]
    fn solved_grids() {
        let solution = nine(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        assert!(solution.is_complete());
        assert!(solution.is_solved());
        let puzzle = nine(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        assert!(!puzzle.is_solved());
        assert!(puzzle.check().is_ok());
        assert!(solution.is_solution_of(&puzzle));
        let mut other = puzzle.clone();
        other.set(0, 0, Some(1));
        assert!(!solution.is_solution_of(&other));
    }

    #[test]
    fn display_compact_and_boxed() {
        let g = course();
        assert_eq!(g.to_string(), "1.3.3.2...4.....");
        assert_eq!(
            format!("{g:#}"),
            "+-----+-----+\n\
             | 1 . | 3 . |\n\
             | 3 . | 2 . |\n\
             +-----+-----+\n\
             | . . | 4 . |\n\
             | . . | . . |\n\
             +-----+-----+\n"
        );
        assert_eq!(g.to_string().parse::<Grid>().unwrap(), g);
    }
}
