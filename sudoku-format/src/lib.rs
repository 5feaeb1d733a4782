//! Reading Sudoku puzzles: the formats of files, documents and links, over the
//! grids and variants of the [`sudoku`] crate.
//!
//! [`Records`] streams the puzzles of a file (compact lines, numbers, multi-line
//! grids with or without borders, CSV, JSON puzzle documents, f-puzzles links),
//! one record per puzzle, and documents the rules: JSON documents recognised by
//! their opening `{` (one record each, spanning lines if needed, bounded by
//! [`ReadOptions::max_puzzle_bytes`]), box shapes read from drawn borders, and
//! 16x16 grids written in hexadecimal `0`-`F` (read as such when that is the only
//! consistent reading, else refused with a message naming `--alphabet`).
//! [`parse_puzzle`] reads exactly one puzzle; [`parse_documents`] the JSON
//! documents of a variant puzzle; [`fpuzzles`] reads and writes f-puzzles.
//! Writing a grid back is the base crate's ([`sudoku::write_compact`],
//! [`sudoku::write_boxed`]), and so is a grid's own text (`Grid: FromStr`).
//!
//! Every error says where it is (line, column or cell), what was found and what was
//! expected: see [`ParseError`].
//!
//! ```
//! use sudoku::{write_boxed, Alphabet, Shape};
//! use sudoku_format::{parse_puzzle, Records, ReadOptions};
//!
//! // Rectangular boxes cannot be inferred from the number of cells: give the shape.
//! let shape: Shape = "2x3".parse()?; // boxes 2 rows high, 3 columns wide
//! let puzzle = parse_puzzle(&format!("1{}", ".".repeat(35)), Some(shape), &Alphabet::standard())?;
//! assert_eq!(puzzle.grid.get(0, 0), Some(1));
//!
//! // A file of two puzzles, one per line, and a third drawn with borders.
//! let file = "1.3.3.2...4.....\n.2.4............\n\n+-----+-----+\n| 1 . | . . |\n| . . | . . |\n+-----+-----+\n| . . | . . |\n| . . | . 4 |\n+-----+-----+\n";
//! let records: Vec<_> = Records::new(file.as_bytes(), ReadOptions::default()).collect();
//! assert_eq!(records.len(), 3);
//! assert_eq!(records[2].line, 4);
//! let last = records[2].result.as_ref().map_err(Clone::clone)?;
//! assert!(write_boxed(&last.grid).starts_with("+-----+-----+\n| 1 . | . . |"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod cages_json;
mod csv;
mod documents;
pub mod fpuzzles;
pub mod fpuzzles_doppelganger;
mod json;
mod json_scan;
mod lzstring;
#[cfg(any(test, feature = "test-support"))]
#[doc(hidden)]
pub mod lzstring_encoder;
mod options;
mod reader;
pub mod sudokupad;

#[cfg(test)]
mod tests;

use std::fmt;
use std::str::FromStr;

pub use cages_json::{cages_from_json_value, parse_cages_json, strip_location};
pub use documents::parse_documents;
pub use json::Document;
pub use options::{ReadOptions, DEFAULT_MAX_PUZZLE_BYTES};
pub use reader::{Item, PlainLine, Record, Records};

use sudoku::{Alphabet, Grid, Notation, ParseError, ParseErrorKind, Shape, Variant};

/// The layout of an input.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Format {
    /// Detected line by line: see [`Records`].
    #[default]
    Auto,
    /// One puzzle per line, one symbol per cell (`4...3.......6..8...`); spaces and
    /// `|` are ignored.
    Compact,
    /// Numbers separated by whitespace (`0` or `.` for a blank): one puzzle per line,
    /// or one grid row per line with puzzles separated by blank lines. The only
    /// notation for grids above 35x35.
    Numbers,
    /// Multi-line grids, one row per line, with or without borders (`|`, `+---+`,
    /// `-----`), as printed in courses or in `.sdk` files; puzzles are separated by
    /// blank lines. Symbols or numbers.
    Grid,
    /// CSV with a header naming the puzzle column (`quizzes` or `puzzle`) and
    /// optionally the solution column (`solutions` or `solution`).
    Csv,
    /// JSON puzzle documents (grid, variant, regions, cages: see
    /// [`parse_documents`]), one after the other (one
    /// per line or spanning lines) or in one top-level array. [`Format::Auto`]
    /// reads them too, recognised by their opening `{`.
    Json,
}

impl fmt::Display for Format {
    /// The name [`Format::from_str`] reads: `auto`, `compact`, `numbers`, `grid`, `csv`,
    /// `json`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Auto => "auto",
            Format::Compact => "compact",
            Format::Numbers => "numbers",
            Format::Grid => "grid",
            Format::Csv => "csv",
            Format::Json => "json",
        })
    }
}

impl FromStr for Format {
    type Err = String;

    /// `auto`, `compact` (or `line`), `numbers`, `grid` (or `sdk`, `multiline`), `csv`,
    /// `json` (or `jsonl`).
    fn from_str(s: &str) -> Result<Format, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(Format::Auto),
            "compact" | "line" => Ok(Format::Compact),
            "numbers" => Ok(Format::Numbers),
            "grid" | "sdk" | "multiline" => Ok(Format::Grid),
            "csv" => Ok(Format::Csv),
            "json" | "jsonl" => Ok(Format::Json),
            _ => Err(format!(
                "unknown format '{s}' (expected auto, compact, numbers, grid, csv or json)"
            )),
        }
    }
}

/// A puzzle read from text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// The givens.
    pub grid: Grid,
    /// How it was written.
    pub notation: Notation,
    /// The expected solution, when the input gives one (CSV `solutions` column). It
    /// has the puzzle's shape but is not checked otherwise: see
    /// [`Grid::is_solution_of`].
    pub solution: Option<Grid>,
    /// The variant of a JSON puzzle document (with its regions and cages);
    /// `None` for a puzzle written in a plain format, which leaves the variant
    /// to the caller.
    pub variant: Option<Box<Variant>>,
}

/// Reads exactly one puzzle from `text` in any format (see [`Records`]), with the
/// given box shape (`None` infers square boxes) and alphabet.
///
/// ```
/// use sudoku::Alphabet;
/// use sudoku_format::parse_puzzle;
/// let course = "\
/// -----------------
/// | 1 | x | 3 | x |
/// -----------------
/// | 3 | x | 2 | x |
/// -----------------
/// | x | x | 4 | x |
/// -----------------
/// | x | x | x | x |
/// -----------------";
/// let puzzle = parse_puzzle(course, None, &Alphabet::standard())?;
/// assert_eq!(puzzle.grid.row_values(1), [3, 2]);
/// # Ok::<(), sudoku::ParseError>(())
/// ```
pub fn parse_puzzle(
    text: &str,
    shape: Option<Shape>,
    alphabet: &Alphabet,
) -> Result<Puzzle, ParseError> {
    let options = ReadOptions {
        shape,
        alphabet: alphabet.clone(),
        ..ReadOptions::default()
    };
    parse_puzzle_with(text, &options)
}

/// Reads exactly one puzzle from `text` with the given options. The length limit
/// of the options does not apply.
pub fn parse_puzzle_with(text: &str, options: &ReadOptions) -> Result<Puzzle, ParseError> {
    let options = ReadOptions {
        max_puzzle_bytes: options.max_puzzle_bytes.max(text.len() + 1),
        ..options.clone()
    };
    let mut records = Records::new(text.as_bytes(), options);
    let first = records
        .next()
        .ok_or(ParseError::new(0, None, ParseErrorKind::NoPuzzle))?;
    let puzzle = first.result?;
    if let Some(second) = records.next() {
        return Err(ParseError::new(
            second.line,
            None,
            ParseErrorKind::TooManyPuzzles {
                next_line: second.line,
            },
        ));
    }
    Ok(puzzle)
}
