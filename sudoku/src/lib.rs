//! Sudoku of any box shape: the data and the rules.
//!
//! This is the base of the Sudoku crates (see `docs/architecture.md`): the
//! formats of files are in `sudoku-format`; the engines, the answer,
//! generation and the batch run in `sudoku-solve`.
//!
//! - [`Shape`]: square boxes of order n (4x4, 9x9, 16x16, 25x25, ...) or rectangular
//!   boxes R x C (6x6 with 2x3 boxes, 8x8 with 2x4, 12x12 with 3x4), and the memory
//!   budget of a grid's exact-cover matrix.
//! - [`Grid`]: the cells, the values of a row, column or box, the candidates of a
//!   cell, and the conflicts between givens.
//! - [`Rules`]: the units (rows, columns, boxes) a grid must satisfy, and for the
//!   variants diagonals, windows, irregular regions and killer [`Cage`]s.
//! - [`Variant`]: X, windoku, jigsaw, killer and their combinations, with their
//!   formats (region maps [`Regions`], cages [`parse_cages`]) and located
//!   errors ([`VariantError`]); the setter's [`constraints`].
//! - The text of one grid ([`format`](mod@format)): symbols ([`Alphabet`], [`Notation`]),
//!   a grid's rows read ([`format::read_grid`], `Grid: FromStr`) and written
//!   back ([`write_compact`], [`write_boxed`]). Files, CSV, JSON documents and
//!   links are read by the `sudoku-format` crate.
//!
//! Reading and printing a grid:
//!
//! ```
//! use sudoku::{write_boxed, Grid};
//!
//! let grid: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!         .parse()?;
//! assert_eq!(grid.shape().to_string(), "3x3");
//! assert_eq!(grid.givens(), 30);
//! assert_eq!(grid.row_values(0), [5, 3, 7]);
//! assert_eq!(grid.candidates(0, 2), [1, 2, 4]);
//!
//! let boxed = write_boxed(&grid);
//! assert!(boxed.starts_with(
//!     "+-------+-------+-------+\n\
//!      | 5 3 . | . 7 . | . . . |\n"
//! ));
//! // The boxed grid reads back to the same grid, and so does the compact line.
//! assert_eq!(boxed.parse::<Grid>()?, grid);
//! assert_eq!(grid.to_string().parse::<Grid>()?, grid);
//! # Ok::<(), sudoku::ParseError>(())
//! ```
//!
//! Rectangular boxes cannot be inferred from the number of cells: give the shape.
//!
//! ```
//! use sudoku::format::read_grid;
//! use sudoku::{Alphabet, Shape};
//!
//! let shape: Shape = "2x3".parse()?; // boxes 2 rows high, 3 columns wide
//! let (grid, _) = read_grid(&format!("1{}", ".".repeat(35)), Some(shape), &Alphabet::standard())?;
//! assert_eq!(grid.get(0, 0), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod check;
mod compile;
pub mod constraints;
pub mod doppelganger;
mod error;
pub mod format;
mod grid;
mod rules;
mod shape;
mod variant;
mod windows;

pub use check::Conflict;
pub use compile::{compile, MAX_TABLE_VALUES};
pub use constraints::{Constraint, PairKind};
pub use error::{
    AlphabetError, FpuzzlesError, GridError, ParseError, ParseErrorKind, SudokuPadError,
    VariantError, VariantErrorKind,
};
pub use format::{
    write_boxed, write_boxed_with, write_compact, write_compact_to, Alphabet, Notation,
};
pub use grid::Grid;
pub use rules::{Cage, Rules, Unit, UnitKind};
pub use shape::{MatrixSize, Shape, ShapeError, DEFAULT_MEMORY_BUDGET, MAX_SIDE};
pub use variant::{
    check_cages, parse_cages, parse_cell, write_regions, CageSpec, Regions, Variant,
};
pub use windows::windows;
