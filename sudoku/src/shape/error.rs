//! [`ShapeError`]: a box shape that cannot be used, or a grid too large
//! for the memory budget. It lives with the shape (the shape is the base of
//! the crate and imports nothing else); the crate root re-exports it.

use super::{human_bytes, Shape};

/// A box shape that cannot be used (see [`Shape::new`] and `Shape::from_str`),
/// or a grid too large for the memory budget (see [`Shape::check_budget`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// A box dimension is zero.
    #[error("boxes of {box_rows}x{box_cols} are empty: both dimensions must be at least 1")]
    ZeroSize {
        /// Height of the box asked for.
        box_rows: u64,
        /// Width of the box asked for.
        box_cols: u64,
    },
    /// The side `box_rows * box_cols` is larger than [`crate::MAX_SIDE`].
    #[error(
        "boxes of {box_rows}x{box_cols} make a {side}x{side} grid, larger than the largest \
         supported side {max}",
        max = crate::MAX_SIDE
    )]
    TooBig {
        /// Height of the box asked for.
        box_rows: u64,
        /// Width of the box asked for.
        box_cols: u64,
        /// The side the box would give.
        side: u64,
    },
    /// A box shape option that is not `ORDER` or `ROWSxCOLS`.
    #[error(
        "invalid box shape '{input}': expected an order such as 3 (3x3 boxes) or \
         rows x columns such as 2x3 (boxes 2 rows high, 3 columns wide)"
    )]
    Syntax {
        /// The text given.
        input: String,
    },
    /// The exact-cover matrix of the grid would not fit in the memory budget.
    #[error(
        "a {side}x{side} grid ({shape} boxes) needs about {} for its exact-cover matrix, \
         more than the {} budget",
        human_bytes(*.needed_bytes),
        human_bytes(*.budget_bytes),
        side = .shape.side()
    )]
    TooLarge {
        /// The shape checked.
        shape: Shape,
        /// Estimated bytes of its matrix ([`crate::MatrixSize::bytes`]).
        needed_bytes: u64,
        /// The budget it exceeds.
        budget_bytes: u64,
    },
    /// Dancing Links on this grid would not fit in the memory budget: its
    /// matrix, the building of it, and a working copy for each thread
    /// (see [`crate::Shape::search_bytes`]).
    #[error(
        "a {side}x{side} grid ({shape} boxes) needs about {} for Dancing Links on {threads} \
         thread{} (the exact-cover matrix and a working copy per thread), more than the {} \
         budget{}",
        human_bytes(*.needed_bytes),
        if *.threads == 1 { "" } else { "s" },
        human_bytes(*.budget_bytes),
        if *.one_thread_fits { "; try one thread (-j 1)" } else { "" },
        side = .shape.side()
    )]
    SearchTooLarge {
        /// The shape checked.
        shape: Shape,
        /// The threads that would each search a copy.
        threads: usize,
        /// Estimated bytes at the peak.
        needed_bytes: u64,
        /// The budget it exceeds.
        budget_bytes: u64,
        /// Whether one thread would fit.
        one_thread_fits: bool,
    },
    /// The engine asked for cannot take the grid (see `sudoku_solve::plan`).
    #[error(
        "engine {engine} cannot answer this {side}x{side} puzzle: {why}; use {}",
        if *engine == "bits" { "auto or dlx" } else { "auto" }
    )]
    Engine {
        /// The engine asked for.
        engine: &'static str,
        /// The side of the grid.
        side: u32,
        /// Why not.
        why: &'static str,
    },
    /// The rules' constraint model could not be built (a constraint the
    /// propagation engine refuses, such as a table beyond its budget).
    #[error("the rules' constraint model: {why}")]
    Model {
        /// What the model said.
        why: String,
    },
}
