//! How to read puzzles ([`ReadOptions`]): plain data that the reader, the
//! JSON documents and the one-puzzle entries share, so that none of them
//! imports another for it.

use crate::Format;
use sudoku::{Alphabet, Shape};

/// Default for [`ReadOptions::max_puzzle_bytes`]: 1 MiB, room for the largest grid
/// that fits [`DEFAULT_MEMORY_BUDGET`](sudoku::DEFAULT_MEMORY_BUDGET) (289x289,
/// about 330 KB written in numbers on one line).
pub const DEFAULT_MAX_PUZZLE_BYTES: usize = 1 << 20;

/// How to read puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    /// The layout of the input ([`Format::Auto`] by default).
    pub format: Format,
    /// The box shape, when the caller knows it (`--box`); `None` infers square boxes
    /// from the number of cells.
    pub shape: Option<Shape>,
    /// The symbols ([`Alphabet::standard`] by default).
    pub alphabet: Alphabet,
    /// Longest line, and longest multi-line puzzle, accepted, in bytes. Longer ones
    /// give a [`LineTooLong`](sudoku::ParseErrorKind::LineTooLong) or
    /// [`PuzzleTooLong`](sudoku::ParseErrorKind::PuzzleTooLong) record without being
    /// held in memory.
    pub max_puzzle_bytes: usize,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            format: Format::Auto,
            shape: None,
            alphabet: Alphabet::standard(),
            max_puzzle_bytes: DEFAULT_MAX_PUZZLE_BYTES,
        }
    }
}
