//! Solving Sudoku of any box shape: the plan, the engines, the checked answer,
//! generation and the batch run, over the grids and rules of the [`sudoku`] crate.
//!
//! - [`plan()`](plan()): the one place that names the engine of a grid and says why;
//!   [`SudokuSolver`] runs it (bit-parallel engines, Dancing Links through
//!   [`Encoding`], clause learning, propagation for the setter's constraints).
//! - [`answer()`](answer()): a [`Question`] (solve, count, check, minimize, rate) answered
//!   under the meter ([`Limits`]), every solution checked by [`verify`] before it is
//!   returned.
//! - The batch run over many files is the `sudoku-batch` crate's.
//! - [`rate`]: the search effort of a puzzle with one solution;
//!   [`Symmetry`]: the patterns of givens that [`Task::Minimize`] keeps.
//!   Generation and minimizing are the `sudoku-generate` crate's (on this one).
//! - [`bench`](mod@bench): solving speed on a set of puzzles (`sudoku bench`).
//! - [`doppelganger`]: puzzles of the doppelganger kind (grids of `0..=n`), planned,
//!   answered and checked by their own rule.
//! - [`cubes`]: one grid's completions split into cubes to count on many
//!   machines, and each cube counted.
//! - [`setter`]: the setter's candidates and counts; [`CheckedPuzzle`]: the
//!   same with every solution passing the answer's check, as the setter's page
//!   and the websocket ask them; [`logic`]: the hook of the logical solver
//!   (`sudoku-logic`).
//!
//! Solving a puzzle and checking the answer:
//!
//! ```
//! use sudoku::Grid;
//! use sudoku_solve::{SudokuSolver, Verdict};
//! use solver_core::Limits;
//!
//! let puzzle: Grid = "1.3.3.2...4.....".parse()?;
//! let mut solver = SudokuSolver::new(puzzle.shape())?;
//! let (verdict, _) = solver.check_unique(&puzzle, &Limits::none());
//! let Verdict::Unique(solution) = verdict else { panic!("{verdict:?}") };
//! assert!(solution.is_solution_of(&puzzle));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod answer;
pub mod bench;
mod bitsearch;
mod checked;
pub mod cubes;
pub mod doppelganger;
mod encoding;
mod error;
pub mod logic;
mod parallel;
pub mod plan;
mod processor;
mod rate;
pub mod setter;
mod solve;
mod symmetry;
mod task;

pub use answer::{
    answer, answer_verdict, check_generated, effective_variant, verify, Answer, Answered, Expected,
    Question,
};
pub use checked::CheckedPuzzle;
pub use encoding::Encoding;
pub use logic::{LogicError, LogicRater, LogicRating};
pub use parallel::Progress;
pub use plan::{plan, EngineName, Plan};
pub use rate::{rate, rate_within, Rating};
pub use solve::{with_thread_solver, GridSolutions, SolveError, SolveGrid, SudokuSolver, Verdict};
/// The meter and the measures this crate's API takes and returns, from
/// [`solver_core`]: a caller needs no other crate to set limits or read
/// counts and statistics.
pub use solver_core::{Count, Incomplete, Limits, Outcome, Stats};
pub use symmetry::{ParseSymmetryError, Symmetry};
pub use task::{Asked, Task};
