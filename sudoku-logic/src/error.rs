//! The typed errors of the crate.

use sudoku::Shape;
use thiserror::Error;

/// Why a grid or a learner's state cannot become a [`crate::Candidates`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum StateError {
    /// The grid is larger than the logical solver takes.
    #[error("the logical solver takes grids up to {max}x{max}; this one is {side}x{side}")]
    TooLarge {
        /// The grid's side.
        side: usize,
        /// The largest side taken.
        max: usize,
    },
    /// The grid and the rules have different shapes.
    #[error("the grid has {grid} boxes but the rules are for {rules} boxes")]
    ShapeMismatch {
        /// The grid's box shape.
        grid: Shape,
        /// The rules' box shape.
        rules: Shape,
    },
    /// Two cells of one house hold the same value.
    #[error("{first} and {second} both hold {value} in one house")]
    Conflict {
        /// The first cell, `r1c2`.
        first: String,
        /// The second cell.
        second: String,
        /// The value they share.
        value: usize,
    },
    /// An empty cell has no candidate left.
    #[error("{cell} is empty and has no candidate left")]
    NoCandidates {
        /// The cell, `r1c2`.
        cell: String,
    },
    /// The pencil marks do not give one set per cell.
    #[error("the pencil marks give {found} cells; the grid has {expected}")]
    MarksLength {
        /// Cells given.
        found: usize,
        /// Cells of the grid.
        expected: usize,
    },
}
