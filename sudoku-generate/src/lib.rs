//! Generating Sudoku puzzles of any box shape, each checked before it is
//! given, over the solver of the [`sudoku_solve`] crate (this crate depends on
//! it, never the reverse).
//!
//! - [`Maker`]: the one entry point of generation: what to make (its
//!   settings: [`Maker::classic`] puzzles dug from a random full grid in a
//!   pattern of givens ([`Symmetry`], [`GenerateOptions`]), x, windoku and
//!   jigsaw puzzles ([`Maker::variant`]), puzzles with setter's clues or
//!   rules ([`Maker::setter`]), doppelganger grids of `0..=n`
//!   ([`Maker::doppelganger`]), or all of them by name
//!   ([`Maker::from_names`], as `--variant` names them)) and a run of it in
//!   seed order under one meter ([`Limits`]). Every puzzle it gives has
//!   passed its generator's check; [`MadePuzzle::record`] writes it as
//!   `sudoku generate` does.
//! - [`minimize`]: givens removed from a puzzle with one solution until none
//!   can go; [`answer_minimize`]: the same as a checked answer (`sudoku
//!   minimize`, through the batch run).
//! - [`random_full_grid`], [`random_regions`]: the random full grids and
//!   jigsaw maps the generators start from.
//!
//! Everything here is a function of its seed: the same shape, seed and
//! settings give the same puzzle on any machine and any thread. Generation
//! uses node limits only (never the clock), and by default none at all.
//!
//! ```
//! use sudoku_generate::{GenerateOptions, GeneratedFormat, Limits, Maker, Symmetry};
//! use sudoku_solve::SolveGrid;
//! use sudoku::Shape;
//!
//! let options = GenerateOptions { symmetry: Symmetry::Rotational, ..Default::default() };
//! let maker = Maker::classic(Shape::square(3)?, options);
//! let made = maker.make(7, &Limits::none())?;
//! let puzzle = made.puzzle().expect("a classic grid");
//! assert!(puzzle.is_uniquely_solvable());
//! assert!(Symmetry::Rotational.holds_for(puzzle));
//! // The same seed gives the same puzzle, and its record.
//! let again = maker.make(7, &Limits::none())?;
//! assert_eq!(again.puzzle(), made.puzzle());
//! assert_eq!(made.record(GeneratedFormat::Text)?.len(), 82);
//!
//! // Five X puzzles of seeds 1 to 5 on every thread, in seed order.
//! let x = Maker::from_names(Some("x"), None, Shape::square(3)?, GenerateOptions::default(), 0)?;
//! let mut seeds = Vec::new();
//! let run = x.run(1, 5, &Limits::none(), GeneratedFormat::Json, |seed, _, _| {
//!     seeds.push(seed);
//!     true
//! });
//! assert_eq!((run.written, seeds), (5, vec![1, 2, 3, 4, 5]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod checked;
mod classic;
mod dig;
mod doppelganger;
mod fill;
mod maker;
mod meter;
mod minimize;
mod records;
mod rng;
mod setter;
mod variant;

#[cfg(test)]
mod examples;
#[cfg(test)]
mod tests;

pub use checked::GenerateTrouble;
pub use classic::{random_full_grid, GenerateOptions, Generated};
pub use maker::{GenerateRun, MadePuzzle, Maker, MakerError};
pub use minimize::{answer_minimize, minimize, minimize_within};
pub use records::{GeneratedFormat, Made};
pub use setter::{Clues, SetterGenerated};
/// The pattern of givens, the meter and the error this crate's API takes
/// and returns, from [`sudoku_solve`].
pub use sudoku_solve::{Limits, ParseSymmetryError, SolveError, Symmetry};
pub use variant::random_regions;
