//! The text of a doppelganger grid: a compact line of symbols (`0`-`9`,
//! then `a`-`z` for 10 to 35, `.` a blank; whitespace between rows
//! allowed), or numbers separated by whitespace (`.` a blank). `0` is
//! always the value zero here, never a blank, unlike classic grids.

use std::fmt::Write as _;

use super::DoppelGrid;
use crate::shape::Shape;

/// The largest side of a doppelganger grid: its model has `n^2` cells of
/// `n + 1` values and `3 n^2` forbidden tables of `n` tuples.
pub const MAX_DOPPEL_SIDE: u32 = 64;

/// A doppelganger grid that cannot be read: what and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DoppelError {
    /// A character that is neither a symbol nor a blank.
    #[error(
        "column {column}: {ch:?} is not a doppelganger symbol (0-9, a-z for 10-35, . for a blank)"
    )]
    BadSymbol {
        /// 1-based position of the character in the text.
        column: usize,
        /// The character.
        ch: char,
    },
    /// A number that cannot be read.
    #[error("column {column}: {token:?} is not a number 0-{max} or . for a blank")]
    BadNumber {
        /// 1-based position of the token in the text.
        column: usize,
        /// The token.
        token: String,
        /// The largest value allowed.
        max: u32,
    },
    /// A value above the side.
    #[error("r{row}c{col}: value {value} is above {side} (a doppelganger grid of side {side} holds 0-{side})")]
    ValueOutOfRange {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The value read.
        value: u32,
        /// The side of the grid.
        side: u32,
    },
    /// Not as many cells as the shape has.
    #[error("expected {expected} cells, found {found}")]
    WrongLength {
        /// Cells of the shape.
        expected: usize,
        /// Cells read.
        found: usize,
    },
    /// The number of cells is not that of a square-box grid (give the box).
    #[error(
        "{cells} cells is not a grid with square boxes (16, 81, 256, ...); give the box shape \
         (--box RxC)"
    )]
    NoShape {
        /// Cells read.
        cells: usize,
    },
    /// A grid too small or too large for the rule.
    #[error("a doppelganger grid is from 4x4 to {max}x{max}, not {side}x{side}")]
    Side {
        /// The side asked for.
        side: u32,
        /// [`MAX_DOPPEL_SIDE`].
        max: u32,
    },
}

impl DoppelGrid {
    /// Reads a grid: numbers separated by whitespace when there are as many
    /// of them as cells, else a compact line of symbols (whitespace
    /// ignored). `shape`: the box shape, inferred from the number of cells
    /// (square boxes) when `None`.
    ///
    /// ```
    /// use sudoku::doppelganger::DoppelGrid;
    ///
    /// // Rows may be split over lines; 15 cells are not a 4x4 grid.
    /// assert!(DoppelGrid::parse("0...\n....\n....\n....", Some("2x2".parse()?)).is_ok());
    /// assert!(DoppelGrid::parse("0...\n....\n....\n...", Some("2x2".parse()?)).is_err());
    /// let grid = DoppelGrid::parse("0...............", None)?;
    /// assert_eq!((grid.get(0, 0), grid.get(0, 1)), (Some(0), None));
    /// // A value above the side says which cell holds it.
    /// let e = DoppelGrid::parse("...5............", None).unwrap_err();
    /// assert_eq!(e.to_string(), "r1c4: value 5 is above 4 (a doppelganger grid of side 4 holds 0-4)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str, shape: Option<Shape>) -> Result<DoppelGrid, DoppelError> {
        let tokens: Vec<(usize, &str)> = tokens(text);
        let numbers = match shape {
            Some(s) => tokens.len() == s.cells() && tokens.len() > 1,
            None => Shape::from_cell_count(tokens.len()).is_some(),
        };
        let cells = if numbers {
            read_numbers(&tokens)?
        } else {
            read_symbols(text)?
        };
        let shape = match shape {
            Some(s) => s,
            None => Shape::from_cell_count(cells.len())
                .ok_or(DoppelError::NoShape { cells: cells.len() })?,
        };
        let side = shape.side();
        if !(4..=MAX_DOPPEL_SIDE).contains(&side) {
            return Err(DoppelError::Side {
                side,
                max: MAX_DOPPEL_SIDE,
            });
        }
        DoppelGrid::from_cells(shape, cells)
    }

    /// The compact line (symbols `0-9a-z`, `.` for a blank) up to 35x35;
    /// numbers separated by spaces above.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.cells.len());
        let wide = self.shape.side() > 35;
        for (i, cell) in self.cells.iter().enumerate() {
            if wide && i > 0 {
                out.push(' ');
            }
            match cell {
                None => out.push('.'),
                Some(v) if wide => {
                    let _ = write!(out, "{v}");
                }
                Some(v) => out.push(char::from_digit(u32::from(*v), 36).unwrap_or('?')),
            }
        }
        out
    }
}

/// The whitespace-separated tokens with their 1-based columns.
fn tokens(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices() {
        match (ch.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out.into_iter()
        .map(|(byte, t)| (text[..byte].chars().count() + 1, t))
        .collect()
}

fn read_numbers(tokens: &[(usize, &str)]) -> Result<Vec<Option<u16>>, DoppelError> {
    tokens
        .iter()
        .map(|&(column, token)| {
            if token == "." {
                return Ok(None);
            }
            token
                .parse::<u16>()
                .ok()
                .filter(|v| u32::from(*v) <= MAX_DOPPEL_SIDE)
                .map(Some)
                .ok_or_else(|| DoppelError::BadNumber {
                    column,
                    token: token.to_string(),
                    max: MAX_DOPPEL_SIDE,
                })
        })
        .collect()
}

fn read_symbols(text: &str) -> Result<Vec<Option<u16>>, DoppelError> {
    let mut cells = Vec::with_capacity(text.len());
    for (i, ch) in text.chars().enumerate() {
        if ch.is_whitespace() {
            continue;
        }
        if ch == '.' {
            cells.push(None);
            continue;
        }
        match ch.to_digit(36) {
            Some(v) => cells.push(Some(v as u16)),
            None => return Err(DoppelError::BadSymbol { column: i + 1, ch }),
        }
    }
    Ok(cells)
}
