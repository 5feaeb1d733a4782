//! Sudoku of any box shape, as exact cover, with the text formats people use.
//!
//! - [`Shape`]: square boxes of order n (4x4, 9x9, 16x16, 25x25, ...) or rectangular
//!   boxes R x C (6x6 with 2x3 boxes, 8x8 with 2x4, 12x12 with 3x4), and the memory
//!   budget of a grid's exact-cover matrix.
//! - [`Grid`]: the cells, the values of a row, column or box, the candidates of a
//!   cell, and the conflicts between givens.
//! - [`Rules`]: the units (rows, columns, boxes) a grid must satisfy, and for the
//!   variants diagonals, windows, irregular regions and killer [`Cage`]s.
//! - [`Variant`]: X, windoku, jigsaw, killer and their combinations, with their
//!   formats (region maps [`Regions`], cages [`parse_cages`], JSON documents
//!   [`parse_documents`]), located errors ([`VariantError`]) and a generator
//!   ([`generate_variant`]); [`SudokuSolver::with_rules`] solves them.
//! - [`batch`]: the streaming batch run: the puzzles of many files answered
//!   on every thread, their records (text, grids, JSON) written in order.
//! - [`bench`](mod@bench): solving speed on a set of puzzles (`sudoku bench`).
//! - [`cubes`]: one grid's completions split into cubes to count on many
//!   machines, and each cube counted.
//! - Formats: [`parse_puzzle`] reads one puzzle and [`Records`] streams the puzzles of
//!   a file (compact lines, whitespace-separated numbers, multi-line grids with or
//!   without borders, CSV); [`write_compact`] and [`write_boxed`] write them back.
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
//! use sudoku::{parse_puzzle, Alphabet, Shape};
//!
//! let shape: Shape = "2x3".parse()?; // boxes 2 rows high, 3 columns wide
//! let puzzle = parse_puzzle(&format!("1{}", ".".repeat(35)), Some(shape), &Alphabet::standard())?;
//! assert_eq!(puzzle.grid.get(0, 0), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod answer;
pub mod batch;
pub mod bench;
mod bitsearch;
pub mod constraints;
pub mod cubes;
mod encoding;
mod error;
pub mod format;
mod generate;
mod grid;
pub mod logic;
mod parallel;
pub mod plan;
mod rate;
mod rules;
pub mod setter;
mod shape;
mod solve;
mod variant;

pub use answer::{
    answer, check_generated, effective_variant, verify, Answer, Answered, Expected, Question, Task,
};
pub use constraints::{Constraint, PairKind};
pub use encoding::Encoding;
pub use error::{AlphabetError, GridError, ParseError, ParseErrorKind, ShapeError};
pub use format::{
    parse_puzzle, parse_puzzle_with, write_boxed, write_boxed_with, write_compact,
    write_compact_to, Alphabet, Format, Notation, Puzzle, ReadOptions, Record, Records,
    DEFAULT_MAX_PUZZLE_BYTES,
};
pub use generate::{
    generate, generate_checked, generate_setter, generate_setter_checked, generate_variant_checked,
    generate_within, in_seed_order, minimize, minimize_within, parse_generate_names,
    random_full_grid, Clues, GenerateOptions, GenerateRun, GenerateTrouble, Generated,
    GeneratedFormat, Made, MadePuzzle, Maker, MakerError, ParseSymmetryError, SetterError,
    SetterGenerated, Symmetry, CHECK_NODES, MAX_MERGED, RATING_NODES,
};
pub use grid::{Conflict, Grid};
pub use logic::{LogicError, LogicRater, LogicRating};
pub use parallel::Progress;
pub use plan::{plan, EngineName, Plan};
pub use rate::{rate, rate_within, Rating};
pub use rules::{Cage, Rules, Unit, UnitKind};
pub use shape::{MatrixSize, Shape, DEFAULT_MEMORY_BUDGET, MAX_SIDE};
pub use solve::{with_thread_solver, Engine, GridSolutions, SolveError, SudokuSolver, Verdict};
/// The meter and the measures this crate's API takes and returns, from
/// [`solver_core`]: a caller needs no other crate to set limits or read
/// counts and statistics.
pub use solver_core::{Count, Incomplete, Limits, Outcome, Stats};
pub use variant::{
    generate_variant, generate_variant_within, parse_cages, parse_cages_json, parse_documents,
    random_regions, windows, write_regions, CageSpec, Document, Regions, Variant, VariantError,
    VariantErrorKind, MAP_ATTEMPTS,
};
