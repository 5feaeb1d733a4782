//! Why a puzzle got no (unique) solution ([`SolveError`]): its own module,
//! below the solvers (`solve.rs`) and the counts on every thread
//! (`parallel.rs`), which both name it.

use solver_core::Incomplete;
use sudoku::{Conflict, Grid, Shape, ShapeError};

/// Why a puzzle got no (unique) solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// Two givens clash in a unit.
    #[error("invalid puzzle: {0}")]
    Invalid(#[from] Conflict),
    /// The givens are consistent but no grid completes them.
    #[error("no solution")]
    Unsolvable,
    /// More than one grid completes the givens.
    #[error("more than one solution")]
    NotUnique,
    /// A limit stopped the search before it could answer.
    #[error("gave up: {0}")]
    GaveUp(Incomplete),
    /// The grid's shape cannot be solved here (too large for the memory budget).
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// A solution an engine found breaks the rules or the givens: a bug,
    /// reported rather than answered (every solution is checked).
    #[error("internal error: a solution found breaks the rules or the givens: {0}")]
    Broken(Grid),
    /// The grid is not of the solver's shape.
    #[error("a {found} box grid given to a solver for {expected} boxes")]
    WrongShape {
        /// The solver's shape.
        expected: Shape,
        /// The grid's shape.
        found: Shape,
    },
}
