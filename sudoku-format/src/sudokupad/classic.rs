//! SudokuPad's `classic` ids: a classic grid in one of two compact texts.
//!
//! - The first writes each given as its digit and each run of blanks as one
//!   character of a 70-character alphabet (`A` one blank, `B` two, ...).
//! - The second writes each given with the blanks after it (0 to 5) as one
//!   character of `0-9A-Za-x` (digit + 10 x blanks; `0` a blank).
//!
//! Which one is meant is guessed as SudokuPad guesses: the one whose
//! characters fit, and when both fit, the one that makes a square grid.

use super::{invalid, Metadata, SudokuPadError, SudokuPadPuzzle};
use crate::fpuzzles::{box_shape, FPuzzle};
use sudoku::Grid;
use sudoku::Variant;

const RUNS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz()[]-.~:@!$&'*,;=_";
const PAIRS: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx";

/// The most cells read (a 9x9 grid has 81).
const MAX_CELLS: usize = 81;

fn first(text: &str) -> Option<Vec<u16>> {
    let mut out = Vec::new();
    for ch in text.chars() {
        if let Some(d) = ch.to_digit(10).filter(|&d| d > 0) {
            out.push(d as u16);
        } else {
            let run = RUNS.find(ch)? + 1;
            out.extend(std::iter::repeat_n(0, run));
        }
        if out.len() > MAX_CELLS {
            return None;
        }
    }
    Some(out)
}

fn second(text: &str) -> Option<Vec<u16>> {
    let mut out = Vec::new();
    for ch in text.chars() {
        let k = PAIRS.find(ch)?;
        out.push((k % 10) as u16);
        out.extend(std::iter::repeat_n(0, k / 10));
        if out.len() > MAX_CELLS {
            return None;
        }
    }
    Some(out)
}

fn square(cells: &[u16]) -> bool {
    let n = (cells.len() as f64).sqrt() as usize;
    n > 0 && n * n == cells.len()
}

/// Reads a `classic` id's data.
pub(super) fn read(text: &str) -> Result<SudokuPadPuzzle, SudokuPadError> {
    let cells = match (first(text), second(text)) {
        (Some(a), Some(b)) if square(&b) || !square(&a) => b,
        (Some(a), _) => a,
        (None, Some(b)) => b,
        (None, None) => {
            return Err(invalid(
                "classic",
                format!(
                    "not a classic grid of at most {MAX_CELLS} cells in SudokuPad's compact text"
                ),
            ))
        }
    };
    if !square(&cells) {
        return Err(invalid(
            "classic",
            format!("{} cells do not make a square grid", cells.len()),
        ));
    }
    let n = (cells.len() as f64).sqrt() as usize;
    if let Some(at) = cells.iter().position(|&v| usize::from(v) > n) {
        return Err(invalid(
            &format!("classic, cell R{}C{}", at / n + 1, at % n + 1),
            format!("{} is more than {n}", cells[at]),
        ));
    }
    let shape = box_shape(n as u32).map_err(SudokuPadError::Fpuzzles)?;
    let grid = Grid::from_values(shape, cells).map_err(|e| invalid("classic", e.to_string()))?;
    Ok(SudokuPadPuzzle {
        puzzle: FPuzzle {
            grid,
            variant: Variant::default(),
        },
        meta: Metadata::default(),
    })
}
