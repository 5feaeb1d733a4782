//! The windows of windoku: box-shaped units one cell in from the box
//! borders. Below the setter's constraints (the Windoku constraint checks
//! and compiles them) and the variants (windoku's units), which both use
//! them.

use crate::error::{VariantError, VariantErrorKind};
use crate::shape::Shape;

/// The windows of windoku on `shape`: box-shaped, one cell in from the box
/// borders, so that between two windows lies one row (column) of cells. On
/// 9x9: rows and columns 2-4 and 6-8. Boxes r x c give (c - 1)(r - 1)
/// windows, which fit when the sides differ by at most one.
pub fn windows(shape: Shape) -> Result<Vec<Vec<usize>>, VariantError> {
    let (r, c) = (shape.box_rows() as usize, shape.box_cols() as usize);
    let n = r * c;
    // c bands of r rows, r stacks of c columns.
    let row_starts: Vec<usize> = (0..c.saturating_sub(1)).map(|k| 1 + k * (r + 1)).collect();
    let col_starts: Vec<usize> = (0..r.saturating_sub(1)).map(|k| 1 + k * (c + 1)).collect();
    let fits = !row_starts.is_empty()
        && !col_starts.is_empty()
        && row_starts.iter().all(|&s| s + r <= n)
        && col_starts.iter().all(|&s| s + c <= n);
    if !fits {
        return Err(VariantError::new(VariantErrorKind::WindowsDoNotFit(shape)));
    }
    let mut out = Vec::new();
    for &r0 in &row_starts {
        for &c0 in &col_starts {
            out.push(
                (r0..r0 + r)
                    .flat_map(|row| (c0..c0 + c).map(move |col| row * n + col))
                    .collect(),
            );
        }
    }
    Ok(out)
}
