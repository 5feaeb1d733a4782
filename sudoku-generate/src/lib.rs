//! Generating Sudoku puzzles of any box shape, each checked before it is
//! given, over the solver of the [`sudoku_solve`] crate (this crate depends on
//! it, never the reverse).
//!
//! - [`Maker`]: what to make (classic puzzles, x, windoku and jigsaw
//!   puzzles, puzzles with setter's clues) and a run of it in seed order
//!   under one meter ([`Limits`]); the one entry point of `sudoku generate`
//!   and the Python `Sudoku.generate`. [`Made::record`] writes a record.
//! - [`generate`]: a classic puzzle dug from a [`random_full_grid`] while its
//!   solution stays unique, in a pattern of givens ([`Symmetry`]);
//!   [`generate_variant`] and [`generate_setter`] the same under a variant's
//!   rules or with setter's clues drawn on the grid.
//! - [`minimize`]: givens removed from a puzzle with one solution until none
//!   can go; [`answer_minimize`]: the same as a checked answer (`sudoku
//!   minimize`).
//!
//! Everything here is a function of its seed: the same shape, seed and
//! options give the same puzzle on any machine and any thread. Generation
//! uses node limits only (never the clock), and by default none at all.
//!
//! ```
//! use sudoku_generate::{generate, GenerateOptions, Symmetry};
//! use sudoku_solve::SolveGrid;
//! use sudoku::Shape;
//!
//! let options = GenerateOptions { symmetry: Symmetry::Rotational, ..Default::default() };
//! let made = generate(Shape::square(3)?, 7, &options)?;
//! assert_eq!(made.puzzle.solve_unique()?, made.solution);
//! assert!(Symmetry::Rotational.holds_for(&made.puzzle));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod checked;
mod classic;
mod dig;
mod fill;
mod maker;
mod meter;
mod minimize;
mod records;
mod rng;
mod setter;
mod variant;

#[cfg(test)]
mod tests;

pub use checked::{
    generate_checked, generate_setter_checked, generate_variant_checked, in_seed_order,
    GenerateTrouble,
};
pub use classic::{generate, generate_within, random_full_grid, GenerateOptions, Generated};
pub use maker::{GenerateRun, MadePuzzle, Maker, MakerError};
pub use minimize::{answer_minimize, minimize, minimize_within};
pub use records::{GeneratedFormat, Made};
pub use setter::{
    generate_setter, parse_generate_names, Clues, SetterError, SetterGenerated, MAX_MERGED,
};
/// The pattern of givens, the meter and the error this crate's API takes
/// and returns, from [`sudoku_solve`].
pub use sudoku_solve::{Limits, ParseSymmetryError, SolveError, Symmetry};
pub use variant::{generate_variant, generate_variant_within, random_regions};
