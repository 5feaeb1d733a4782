//! Error types: invalid grids, invalid alphabets, located parse errors, and
//! a variant's located errors (`error/variant.rs`: [`VariantError`], which a
//! JSON document's [`ParseErrorKind::Document`] carries). They hold plain
//! data and import only the shape; an invalid box shape is the shape's own
//! error (`crate::shape::ShapeError`).

mod variant;

use std::fmt;

pub use variant::{FpuzzlesError, SudokuPadError, VariantError, VariantErrorKind};

use crate::shape::Shape;

/// Values that do not make a grid of the given shape (see [`crate::Grid::from_values`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// The number of values is not `side * side`.
    #[error("a {side}x{side} grid has {expected} cells, got {found} values", side = .shape.side())]
    WrongLength {
        /// Shape of the grid.
        shape: Shape,
        /// `shape.cells()`.
        expected: usize,
        /// Number of values given.
        found: usize,
    },
    /// A value above the side of the grid.
    #[error(
        "cell r{row}c{col}: value {value} is too large for a {side}x{side} grid \
         (values 1-{side}, 0 for an empty cell)"
    )]
    ValueOutOfRange {
        /// 1-based row of the cell.
        row: usize,
        /// 1-based column of the cell.
        col: usize,
        /// The value found.
        value: u16,
        /// Side of the grid (largest value allowed).
        side: u32,
    },
}

/// An alphabet that cannot be used (see [`crate::Alphabet::custom`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AlphabetError {
    /// No symbols.
    #[error("an alphabet needs at least one symbol")]
    Empty,
    /// The same symbol twice.
    #[error("symbol '{0}' appears twice in the alphabet")]
    Duplicate(char),
    /// The blank is also a symbol.
    #[error("the blank '{0}' is also one of the symbols")]
    BlankIsSymbol(char),
    /// A character that the formats use as a separator or comment mark.
    #[error(
        "'{}' cannot be a symbol or the blank: whitespace, control characters, '|', ',' \
         and '#' are reserved",
        .0.escape_default()
    )]
    Reserved(char),
    /// More symbols than the largest side.
    #[error("an alphabet has at most {max} symbols, got {0}", max = crate::MAX_SIDE)]
    TooMany(usize),
}

/// A puzzle that could not be read, with where and why.
///
/// `Display` gives a one-line message such as
/// `line 3, column 17: unexpected character '!' (expected a digit 1-9, a letter for 10-35,
/// or a blank . 0 x _ - *)` or `line 5: expected 81 cells, found 80`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// 1-based line of the input where the problem is; 0 when it concerns the whole
    /// input (for example an empty input).
    pub line: usize,
    /// 1-based column (in characters) within that line, when known.
    pub column: Option<usize>,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    /// An error of `kind` at `line` (1-based; 0 for none) and `column`.
    pub fn new(line: usize, column: Option<usize>, kind: ParseErrorKind) -> Self {
        ParseError { line, column, kind }
    }

    /// The 1-based `(row, column)` of the grid cell concerned, when the error is about one.
    pub fn cell(&self) -> Option<(usize, usize)> {
        match self.kind {
            ParseErrorKind::ValueTooLarge { row, col, .. } => Some((row, col)),
            ParseErrorKind::Document { cell, .. } => cell,
            _ => None,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut located = false;
        if self.line > 0 {
            write!(f, "line {}", self.line)?;
            located = true;
        }
        if let Some(column) = self.column {
            write!(f, "{}column {column}", if located { ", " } else { "" })?;
            located = true;
        }
        if let Some((row, col)) = self.cell() {
            write!(f, "{}cell r{row}c{col}", if located { ", " } else { "" })?;
            located = true;
        }
        if located {
            f.write_str(": ")?;
        }
        write!(f, "{}", self.kind)
    }
}

/// What is wrong in a [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that is neither a symbol, a blank nor a separator.
    #[error("unexpected character '{}' (expected {expected})", .found.escape_default())]
    UnexpectedChar {
        /// The character found.
        found: char,
        /// What the format accepts there, in words.
        expected: String,
    },
    /// A value larger than the side of the grid.
    #[error(
        "{} is too large for a {side}x{side} grid (values 1-{side})",
        value_text(*.value, *.symbol, .written.as_deref())
    )]
    ValueTooLarge {
        /// 1-based row of the cell.
        row: usize,
        /// 1-based column of the cell.
        col: usize,
        /// The value read (saturated at `u64::MAX`: see `written`).
        value: u64,
        /// The number as written, when it was written as a number (it may be
        /// too large for a `u64`).
        written: Option<String>,
        /// The symbol it was written with, when written as a symbol.
        symbol: Option<char>,
        /// Side of the grid.
        side: u32,
    },
    /// The puzzle has the wrong number of cells for the known shape.
    #[error("expected {expected} cells, found {found}")]
    CellCount {
        /// Cells of the expected shape.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A row of a multi-line grid has the wrong number of cells.
    #[error("expected {expected} cells in this row, found {found}")]
    RowLength {
        /// The side of the grid.
        expected: usize,
        /// Cells found on the line.
        found: usize,
    },
    /// No shape was given and the number of cells is not the one of a grid with
    /// square boxes.
    #[error(
        "found {found} cells, which is not the size of a grid with square boxes \
         (16, 81, 256, 625, ... cells): give the box shape"
    )]
    UnknownShape {
        /// Cells found.
        found: usize,
    },
    /// No shape was given and a grid of this side has rectangular boxes.
    #[error(
        "a {side}x{side} grid has rectangular boxes, which cannot be inferred: give the box \
         shape (for example {example}, boxes {} rows high and {} columns wide)",
        .example.box_rows(),
        .example.box_cols()
    )]
    BoxShapeNeeded {
        /// Side of the grid.
        side: usize,
        /// A box shape of that side.
        example: Shape,
    },
    /// The solution of a CSV line does not have the puzzle's shape.
    #[error("the solution is a {solution} box grid but the puzzle is a {puzzle} box grid")]
    SolutionShape {
        /// Box shape of the puzzle.
        puzzle: Shape,
        /// Box shape of the solution.
        solution: Shape,
    },
    /// A line that is not valid UTF-8.
    #[error("invalid UTF-8 at byte {byte} of the line")]
    InvalidUtf8 {
        /// 1-based byte offset of the first invalid byte.
        byte: usize,
    },
    /// A line longer than the reader accepts.
    #[error("line too long (more than {limit} bytes)")]
    LineTooLong {
        /// The limit (`sudoku_format::ReadOptions::max_puzzle_bytes`).
        limit: usize,
    },
    /// A multi-line puzzle longer than the reader accepts.
    #[error("puzzle too long (more than {limit} bytes without a blank line)")]
    PuzzleTooLong {
        /// The limit (`sudoku_format::ReadOptions::max_puzzle_bytes`).
        limit: usize,
    },
    /// A CSV header without a puzzle column.
    #[error("CSV header has no puzzle column (expected one named quizzes or puzzle): {header}")]
    CsvHeader {
        /// The header line.
        header: String,
    },
    /// A CSV line without the puzzle field.
    #[error("missing the {field} field")]
    CsvMissingField {
        /// Name of the column in the header.
        field: String,
    },
    /// The text holds no puzzle.
    #[error("no puzzle found (the input is empty or only comments)")]
    NoPuzzle,
    /// The text holds more than the one puzzle expected.
    #[error("expected one puzzle, but another one starts at line {next_line}")]
    TooManyPuzzles {
        /// Line where the second puzzle starts.
        next_line: usize,
    },
    /// A quoted CSV field that is still open at the end of the input (or
    /// past `sudoku_format::ReadOptions::max_puzzle_bytes`).
    #[error("the quoted field that starts on this line is not closed (expected a closing \")")]
    CsvUnclosedQuote,
    /// A JSON puzzle document that is not valid JSON.
    #[error("{message}")]
    Json {
        /// What serde_json found, without its location (the error has it).
        message: String,
    },
    /// A JSON document still open where a new record starts or the input ends.
    #[error(
        "the JSON document that starts on this line is not closed{}: expected '}}' \
         (one document per record)",
        match .next_line { Some(l) => format!(" before line {l}"), None => " at the end of the input".to_string() }
    )]
    UnclosedDocument {
        /// The line that starts the next record, or `None` at the end of the input.
        next_line: Option<usize>,
    },
    /// Text after a JSON document, or between the documents of an array.
    #[error(
        "unexpected '{}' after a JSON document (expected a new document '{{', or ',' or ']' \
         in an array of documents)",
        .found.escape_default()
    )]
    AfterDocument {
        /// The character found.
        found: char,
    },
    /// A non-JSON line in a `sudoku_format::Format::Json` input.
    #[error("expected a JSON document starting with '{{', found '{}'", .found.escape_default())]
    NotJson {
        /// The first character of the line.
        found: char,
    },
    /// A JSON puzzle document whose content cannot be used (grid, variant,
    /// regions, cages).
    #[error("{kind}")]
    Document {
        /// What is wrong.
        kind: VariantErrorKind,
        /// The grid cell concerned, when there is one.
        cell: Option<(usize, usize)>,
    },
    /// A 16x16 grid written with `0`-`F` (hexadecimal) cannot be told from the
    /// standard alphabet, where `0` is a blank.
    #[error(
        "this 16x16 grid is written with the symbols 0-9 and A-F only, so '0' may be a value \
         (hexadecimal 0-F) or a blank (standard 1-9, A-G): give the alphabet, for example \
         --alphabet 0123456789ABCDEF with '.' for blanks, or write blanks as '.'"
    )]
    AmbiguousHex,
    /// A `--box` shape that the drawn borders of a grid contradict.
    #[error(
        "the borders drawn in this grid make boxes of {drawn} (rows x columns), \
         not the {given} given"
    )]
    BordersContradictShape {
        /// The shape the borders draw.
        drawn: Shape,
        /// The shape given.
        given: Shape,
    },
    /// Reading the input failed.
    #[error("read error: {message}")]
    Io {
        /// Kind of the I/O error.
        kind: std::io::ErrorKind,
        /// Its message.
        message: String,
    },
}

fn value_text(value: u64, symbol: Option<char>, written: Option<&str>) -> String {
    match (symbol, written) {
        (Some(c), _) if !c.is_ascii_digit() => format!("'{c}' (value {value})"),
        (None, Some(text)) => format!("value {text}"),
        _ => format!("value {value}"),
    }
}
