//! Doppelganger Sudoku: a grid whose cells hold `0..=n` (one value more than
//! the side), a new kind of puzzle beside the classic grid.
//!
//! The rule (the Interactive Sudoku Solver's `Doppelganger`, and the rules
//! text of the published puzzles; see `docs/variants.md`):
//!
//! - every row, column and box holds 0 and all but one of the values
//!   `1..=n`, each once (so one value is missing from it);
//! - no two rows, no two columns and no two boxes miss the same value;
//! - at each 0, the values missing from its row, its column and its box are
//!   three different values.
//!
//! - [`DoppelGrid`]: the cells (`Some(0..=n)` or blank), read from and written
//!   as text ([`DoppelGrid::parse`]: `0` is the value zero, `.` a blank).
//! - [`check`]: the rule, written from the text above and nothing else: the
//!   independent check of every solution ([`RuleBreak`] says what is broken
//!   and where).
//! - [`model`]: the puzzle as a `cover_model::Model` (cells, the value each
//!   house misses, exactly-once groups and forbidden tuples), which the
//!   workspace's planner hands to the propagation engine when asked for it
//!   (`sudoku_solve::doppelganger`).
//! - [`cover`]: the puzzle as exact cover (one option per value of a cell, and
//!   per 0 one option for each three different values its row, column and
//!   box miss): what Dancing Links searches by default.
//!
//! ```
//! use sudoku::doppelganger::{check, DoppelGrid};
//!
//! // 4x4: rows, columns and boxes each hold 0 and three of 1..4.
//! let solution = DoppelGrid::parse("0123 2410 3204 4031", None)?;
//! assert_eq!(solution.get(0, 0), Some(0));
//! check(&solution)?;
//! // Rows 1 and 3 swapped: the same rows, columns and missing values, but not the boxes.
//! let swapped = DoppelGrid::parse("3204 2410 0123 4031", None)?;
//! assert!(check(&swapped).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cover;
mod model;
mod rule;
mod text;

pub use cover::{cover, DoppelCover, DoppelCovered};
pub use model::{model, DoppelModel};
pub use rule::{check, check_against, House, RuleBreak};
pub use text::{DoppelError, MAX_DOPPEL_SIDE};

use crate::shape::Shape;

/// A doppelganger grid: `n x n` cells, each blank (`None`) or holding a value
/// of `0..=n`. Puzzles (givens) and solutions (every cell filled) alike.
///
/// `Display` writes the compact line of [`DoppelGrid::to_text`].
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct DoppelGrid {
    shape: Shape,
    cells: Vec<Option<u16>>,
}

impl DoppelGrid {
    /// A grid with every cell blank.
    pub fn empty(shape: Shape) -> DoppelGrid {
        DoppelGrid {
            shape,
            cells: vec![None; shape.cells()],
        }
    }

    /// A grid from its cells row by row; fails when there are not
    /// `shape.cells()` of them or a value is above the side (the error
    /// names the cell).
    pub fn from_cells(shape: Shape, cells: Vec<Option<u16>>) -> Result<DoppelGrid, DoppelError> {
        if cells.len() != shape.cells() {
            return Err(DoppelError::WrongLength {
                expected: shape.cells(),
                found: cells.len(),
            });
        }
        let n = shape.side() as usize;
        if let Some(i) = cells
            .iter()
            .position(|v| v.is_some_and(|v| u32::from(v) > shape.side()))
        {
            return Err(DoppelError::ValueOutOfRange {
                row: i / n + 1,
                col: i % n + 1,
                value: u32::from(cells[i].unwrap_or(0)),
                side: shape.side(),
            });
        }
        Ok(DoppelGrid { shape, cells })
    }

    /// The box shape (the grid is `side x side`).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells row by row.
    pub fn cells(&self) -> &[Option<u16>] {
        &self.cells
    }

    /// The cell at 0-based `(row, col)`.
    pub fn get(&self, row: usize, col: usize) -> Option<u16> {
        self.cells[row * self.shape.side() as usize + col]
    }

    /// Sets the cell at 0-based `(row, col)`; `value` must be at most the
    /// side (checked in debug builds).
    pub fn set(&mut self, row: usize, col: usize, value: Option<u16>) {
        debug_assert!(value.is_none_or(|v| u32::from(v) <= self.shape.side()));
        let n = self.shape.side() as usize;
        self.cells[row * n + col] = value;
    }

    /// How many cells are filled.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The cells of each house of one kind, in reading order: rows, columns
    /// or boxes (numbered as [`Shape::box_of`]).
    pub fn houses(&self, kind: House) -> Vec<Vec<usize>> {
        houses(self.shape, kind)
    }
}

/// The cells of every house of `kind` on `shape`, in reading order.
pub(crate) fn houses(shape: Shape, kind: House) -> Vec<Vec<usize>> {
    let n = shape.side() as usize;
    let mut out = vec![Vec::with_capacity(n); n];
    for r in 0..n {
        for c in 0..n {
            let h = match kind {
                House::Row => r,
                House::Column => c,
                House::Box => shape.box_of(r, c),
            };
            out[h].push(r * n + c);
        }
    }
    out
}

impl std::fmt::Display for DoppelGrid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl std::str::FromStr for DoppelGrid {
    type Err = DoppelError;

    /// [`DoppelGrid::parse`] with the shape inferred (square boxes).
    fn from_str(s: &str) -> Result<DoppelGrid, DoppelError> {
        DoppelGrid::parse(s, None)
    }
}
