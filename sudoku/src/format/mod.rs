//! The text of one grid: the symbols of values ([`Alphabet`], [`Notation`]), a
//! grid read from its rows of text ([`parse_rows`], [`read_grid`]: a line,
//! numbers, or rows with or without borders) and written back
//! ([`write_compact`], [`write_boxed`]); serde for [`Grid`](crate::Grid).
//!
//! Files, documents and links (CSV, JSON, f-puzzles) are read by the
//! `sudoku-format` crate, on top of these.

mod alphabet;
mod chunk;
mod grid_text;
mod scan;
#[cfg(feature = "serde")]
mod serde_grid;
mod write;

pub use alphabet::Alphabet;
pub use chunk::{
    parse_rows, plain_nine_by_nine_bytes, plain_nine_by_nine_values, read_grid, Context,
    NotationMode, Row,
};
pub use scan::{is_all_dashes, is_border_line, is_separator};
pub use write::{write_boxed, write_boxed_with, write_compact, write_compact_to};

use crate::shape::Shape;

/// How the cells of a puzzle were written, to write its solution the same way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Notation {
    /// One symbol per cell.
    Symbols(Alphabet),
    /// Decimal numbers separated by whitespace, `0` for a blank.
    Numbers,
}

impl Default for Notation {
    fn default() -> Self {
        Notation::Symbols(Alphabet::standard())
    }
}

impl Notation {
    /// The usual notation for a shape: standard symbols up to 35x35, numbers above.
    pub fn standard_for(shape: Shape) -> Notation {
        if shape.side() <= u32::from(Alphabet::standard().max_value()) {
            Notation::default()
        } else {
            Notation::Numbers
        }
    }
}
