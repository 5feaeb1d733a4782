//! [`VariantError`]: a region map, a cage list or a variant that cannot be
//! used, with where (line, column, cell) and why. Beside the other error
//! types (a JSON document's [`crate::ParseError`] carries one); the variant
//! module re-exports them.

use std::fmt;

use crate::shape::Shape;

/// A variant's input that cannot be used, with where and why.
///
/// `Display` gives one line such as `line 3, column 5, cell r3c3: region 'b'
/// has 8 cells, expected 9` or `line 2, cell r1c2: cell r1c2 is already in
/// the cage of line 1`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct VariantError {
    /// 1-based line of the input; 0 when the error concerns no line.
    pub line: usize,
    /// 1-based column (characters) within that line, when known.
    pub column: Option<usize>,
    /// 1-based `(row, column)` of the grid cell concerned, when there is one.
    pub cell: Option<(usize, usize)>,
    /// What is wrong.
    pub kind: VariantErrorKind,
}

impl VariantError {
    /// An error of `kind`, not located yet.
    pub fn new(kind: VariantErrorKind) -> VariantError {
        VariantError {
            line: 0,
            column: None,
            cell: None,
            kind,
        }
    }

    /// Located at `line` (1-based) and `column`.
    pub fn at(mut self, line: usize, column: Option<usize>) -> VariantError {
        self.line = line;
        self.column = column;
        self
    }

    /// `cell` as a 0-based index in a grid of side `side`.
    pub fn cell(mut self, cell: usize, side: usize) -> VariantError {
        self.cell = Some((cell / side + 1, cell % side + 1));
        self
    }
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if self.line > 0 {
            parts.push(format!("line {}", self.line));
        }
        if let Some(column) = self.column {
            parts.push(format!("column {column}"));
        }
        if let Some((r, c)) = self.cell {
            parts.push(format!("cell r{r}c{c}"));
        }
        if !parts.is_empty() {
            write!(f, "{}: ", parts.join(", "))?;
        }
        write!(f, "{}", self.kind)
    }
}

/// What is wrong in a [`VariantError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantErrorKind {
    /// A name given to `--variant` that is not a variant.
    #[error("unknown variant {name:?} (expected {expected})")]
    UnknownVariant {
        /// The name as given.
        name: String,
        /// The names that would have been read, in words.
        expected: &'static str,
    },
    /// An f-puzzles link or document that cannot be read.
    #[error("f-puzzles: {0}")]
    Fpuzzles(FpuzzlesError),
    /// A SudokuPad link that cannot be read.
    #[error("SudokuPad: {0}")]
    SudokuPad(SudokuPadError),
    /// A setter's constraint that does not fit the grid.
    #[error("{constraint}: {why}")]
    BadConstraint {
        /// The constraint's name (`thermometer`, `arrow`, ...).
        constraint: &'static str,
        /// What is wrong.
        why: String,
    },
    /// Jigsaw without a region map, or killer without cages.
    #[error("the {variant} variant needs {what}")]
    Missing {
        /// The variant.
        variant: &'static str,
        /// What it needs, in words.
        what: &'static str,
    },
    /// Windoku on a shape where the windows do not fit.
    #[error(
        "windoku needs its windows (boxes placed one cell in from the box borders) to fit \
         in the grid, which they do not with {0} boxes: use 2x2, 3x3, 4x4 ... or boxes \
         whose sides differ by one (2x3, 3x4 ...)"
    )]
    WindowsDoNotFit(Shape),
    /// The region map holds no cell.
    #[error("the region map is empty")]
    EmptyRegions,
    /// The region map's number of cells is not the one of a square grid.
    #[error("the region map has {0} cells, which is not a square number")]
    NotSquare(usize),
    /// A row of the region map with the wrong number of cells.
    #[error("expected {expected} cells in this row of the region map, found {found}")]
    RowLength {
        /// The side of the map.
        expected: usize,
        /// Cells found on the line.
        found: usize,
    },
    /// The region map is for another size of grid.
    #[error("the region map is for a {map}x{map} grid but the puzzle is {grid}x{grid}")]
    SideMismatch {
        /// Side of the map.
        map: usize,
        /// Side of the puzzle.
        grid: usize,
    },
    /// A cell marked as in no region.
    #[error("the cell is in no region ('{0}' is a blank): every cell needs a region symbol")]
    NoRegion(char),
    /// A region with the wrong number of cells.
    #[error("region '{symbol}' has {size} cells, expected {expected} (one per value)")]
    RegionSize {
        /// The region's symbol.
        symbol: char,
        /// Its number of cells.
        size: usize,
        /// The side of the grid.
        expected: usize,
    },
    /// A cage line that cannot be read.
    #[error("{0}")]
    CageSyntax(String),
    /// A cage cell outside the grid.
    #[error("cell {cell} is outside the {side}x{side} grid")]
    CellOutside {
        /// The cell as written.
        cell: String,
        /// Side of the grid.
        side: usize,
    },
    /// A cell named twice in one cage.
    #[error("the cell is named twice in this cage")]
    RepeatedCell,
    /// Two cages sharing a cell.
    #[error("overlapping cages: the cell is already in the cage of line {0}")]
    Overlap(usize),
    /// A cage with more cells than there are values.
    #[error("a cage of {cells} cells cannot hold different values 1-{side}")]
    CageTooLarge {
        /// Cells of the cage.
        cells: usize,
        /// Side of the grid.
        side: usize,
    },
    /// A cage whose sum no set of different values reaches.
    #[error(
        "impossible cage sum {sum}: {cells} different values 1-{side} add up to \
         {min} at least and {max} at most"
    )]
    ImpossibleSum {
        /// The sum asked for.
        sum: u32,
        /// Cells of the cage.
        cells: usize,
        /// Side of the grid.
        side: usize,
        /// The smallest possible total.
        min: u32,
        /// The largest possible total.
        max: u32,
    },
    /// A JSON document that cannot be read.
    #[error("{0}")]
    Json(String),
}

/// Why an f-puzzles input cannot be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FpuzzlesError {
    /// Not a link, load string or JSON document we can decode.
    #[error("not an f-puzzles puzzle: {0}")]
    Decode(String),
    /// A constraint we do not support, by its f-puzzles name.
    #[error("{path}: the constraint {name:?} is not supported")]
    Unsupported {
        /// Where (the JSON field).
        path: String,
        /// The field's name.
        name: String,
    },
    /// A field whose value is wrong, with where and what was expected.
    #[error("{path}: {why}")]
    Invalid {
        /// Where: the JSON path (`thermometer[0].lines[1][2]`), and the
        /// constraint.
        path: String,
        /// What is wrong.
        why: String,
    },
}

/// Why a SudokuPad link cannot be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SudokuPadError {
    /// Not a link or id we can decode.
    #[error("not a SudokuPad puzzle: {0}")]
    Decode(String),
    /// A part of the puzzle whose meaning we do not know, by name.
    #[error("{part}: {name} is not supported")]
    Unsupported {
        /// Where: the part of the CTC puzzle (`lines[3]`, `cages[0]`).
        part: String,
        /// What it is.
        name: String,
    },
    /// A part whose value is wrong, with where and what was expected.
    #[error("{part}: {why}")]
    Invalid {
        /// Where.
        part: String,
        /// What is wrong.
        why: String,
    },
    /// The f-puzzles data inside an `fpuz` link.
    #[error("{0}")]
    Fpuzzles(FpuzzlesError),
    /// A short id could not be fetched.
    #[error("fetching SudokuPad puzzle {id:?}: {why}")]
    Fetch {
        /// The short id.
        id: String,
        /// What went wrong.
        why: String,
    },
}
