//! Box shapes: the size of a grid and of its boxes, the cells of a box, and
//! the memory its exact-cover matrix needs; the shape's own error
//! ([`ShapeError`], in `shape/error.rs`). The base of the crate: it imports
//! no other module.

mod error;

use std::fmt;
use std::str::FromStr;

pub use error::ShapeError;

/// The largest supported side (values are stored as `u16`).
pub const MAX_SIDE: u32 = 65_535;

/// Default memory budget for an exact-cover matrix: 2 GiB.
pub const DEFAULT_MEMORY_BUDGET: u64 = 2 << 30;

/// The shape of the boxes of a Sudoku grid: `box_rows` rows high and `box_cols`
/// columns wide. The grid has side `N = box_rows * box_cols`, values `1..=N`,
/// and `N` boxes.
///
/// Square boxes of order `n` give the usual grids (`n = 2`: 4x4, `n = 3`: 9x9,
/// `n = 4`: 16x16, ...); rectangular boxes give for example 6x6 grids (2x3 boxes).
///
/// ```
/// use sudoku::Shape;
/// let shape: Shape = "2x3".parse()?;
/// assert_eq!((shape.box_rows(), shape.box_cols(), shape.side()), (2, 3, 6));
/// assert_eq!(shape.to_string(), "2x3");
/// assert_eq!(Shape::from_cell_count(81), Some(Shape::square(3)?));
/// # Ok::<(), sudoku::ShapeError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawShape"))]
pub struct Shape {
    box_rows: u32,
    box_cols: u32,
}

#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawShape {
    box_rows: u32,
    box_cols: u32,
}

#[cfg(feature = "serde")]
impl TryFrom<RawShape> for Shape {
    type Error = ShapeError;
    fn try_from(raw: RawShape) -> Result<Shape, ShapeError> {
        Shape::new(raw.box_rows, raw.box_cols)
    }
}

/// Estimated size of the exact-cover matrix of a grid (see [`Shape::matrix_size`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MatrixSize {
    /// Items (columns): `4 N²` (cell, row-digit, column-digit, box-digit).
    pub items: u64,
    /// Options (rows): `N³`, one per (cell, value).
    pub options: u64,
    /// Nodes: `4 N³` real ones, `N³ + 1` spacers and one header per item.
    pub nodes: u64,
    /// Estimated bytes: 16 per node and 8 per item.
    pub bytes: u64,
}

impl Shape {
    /// Boxes `box_rows` high and `box_cols` wide.
    ///
    /// Fails when a dimension is 0 or when the side `box_rows * box_cols` is above
    /// [`MAX_SIDE`].
    pub fn new(box_rows: u32, box_cols: u32) -> Result<Shape, ShapeError> {
        check_dimensions(u64::from(box_rows), u64::from(box_cols))?;
        Ok(Shape { box_rows, box_cols })
    }

    /// Square boxes of order `order` (`order`² x `order`² grid): 2 gives 4x4, 3 gives 9x9.
    pub fn square(order: u32) -> Result<Shape, ShapeError> {
        Shape::new(order, order)
    }

    /// The square shape whose grid has `n_cells` cells, if there is one of order 2
    /// or more: 16 (4x4), 81 (9x9), 256, 625, ...
    pub fn from_cell_count(n_cells: usize) -> Option<Shape> {
        let side = exact_sqrt(n_cells as u64)?;
        let order = exact_sqrt(side)?;
        if order < 2 {
            return None;
        }
        Shape::square(u32::try_from(order).ok()?).ok()
    }

    /// Height of a box (rows).
    pub fn box_rows(&self) -> u32 {
        self.box_rows
    }

    /// Width of a box (columns).
    pub fn box_cols(&self) -> u32 {
        self.box_cols
    }

    /// Whether the boxes are square.
    pub fn is_square(&self) -> bool {
        self.box_rows == self.box_cols
    }

    /// Side `N` of the grid: rows, columns, boxes and the largest value.
    pub fn side(&self) -> u32 {
        self.box_rows * self.box_cols
    }

    /// Number of cells `N²`.
    pub fn cells(&self) -> usize {
        let n = self.side() as usize;
        n * n
    }

    /// Index of the box holding the cell at 0-based `(row, col)`. Boxes are numbered
    /// row by row: box `b` covers rows `(b / box_rows) * box_rows ..` and columns
    /// `(b % box_rows) * box_cols ..` (there are `N / box_cols = box_rows` boxes
    /// across).
    pub fn box_of(&self, row: usize, col: usize) -> usize {
        let r = self.box_rows as usize;
        let c = self.box_cols as usize;
        (row / r) * r + col / c
    }

    /// The 0-based `(row, col)` of the top-left cell of box `b`.
    pub fn box_origin(&self, b: usize) -> (usize, usize) {
        let r = self.box_rows as usize;
        let c = self.box_cols as usize;
        ((b / r) * r, (b % r) * c)
    }

    /// Estimated size of the exact-cover matrix of a grid of this shape.
    pub fn matrix_size(&self) -> MatrixSize {
        let n = u64::from(self.side());
        let items = 4 * n * n;
        let options = n * n * n;
        let nodes = 4 * options + options + 1 + items;
        MatrixSize {
            items,
            options,
            nodes,
            bytes: 16 * nodes + 8 * items,
        }
    }

    /// The peak memory of Dancing Links on a grid of this shape with
    /// `threads` threads each searching a copy of the matrix, as a multiple
    /// of [`MatrixSize::bytes`]: 1.6 for the matrix and its building, and 1.1
    /// per thread's copy. Measured peaks (resident, whole process) on 196x196
    /// and 256x256: 2.5 times the matrix on one thread, 3.55 on two.
    pub fn search_bytes(&self, threads: usize) -> u64 {
        let bytes = self.matrix_size().bytes;
        let threads = threads.max(1) as u64;
        bytes.saturating_mul(32u64.saturating_add(threads.saturating_mul(22))) / 20
    }

    /// Fails with [`ShapeError::SearchTooLarge`] when Dancing Links on
    /// `threads` threads would need more than `budget_bytes` at its peak
    /// ([`Shape::search_bytes`]).
    pub fn check_search_budget(&self, budget_bytes: u64, threads: usize) -> Result<(), ShapeError> {
        let needed_bytes = self.search_bytes(threads);
        if needed_bytes > budget_bytes {
            return Err(ShapeError::SearchTooLarge {
                shape: *self,
                threads: threads.max(1),
                needed_bytes,
                budget_bytes,
                one_thread_fits: self.search_bytes(1) <= budget_bytes,
            });
        }
        Ok(())
    }

    /// Fails with [`ShapeError::TooLarge`] when the matrix of a grid of this shape
    /// needs more than `budget_bytes` (see [`DEFAULT_MEMORY_BUDGET`]).
    pub fn check_budget(&self, budget_bytes: u64) -> Result<(), ShapeError> {
        let needed_bytes = self.matrix_size().bytes;
        if needed_bytes > budget_bytes {
            return Err(ShapeError::TooLarge {
                shape: *self,
                needed_bytes,
                budget_bytes,
            });
        }
        Ok(())
    }

    /// A box shape for a side, as close to square as possible (`6` gives 2x3,
    /// `12` gives 3x4, a prime `p` gives 1x`p`).
    pub(crate) fn closest_to_square(side: u32) -> Option<Shape> {
        let root = exact_or_floor_sqrt(u64::from(side)) as u32;
        let rows = (1..=root.max(1)).rev().find(|&r| side.is_multiple_of(r))?;
        Shape::new(rows, side / rows).ok()
    }
}

fn check_dimensions(box_rows: u64, box_cols: u64) -> Result<(), ShapeError> {
    if box_rows == 0 || box_cols == 0 {
        return Err(ShapeError::ZeroSize { box_rows, box_cols });
    }
    let side = box_rows.saturating_mul(box_cols);
    if side > u64::from(MAX_SIDE) {
        return Err(ShapeError::TooBig {
            box_rows,
            box_cols,
            side,
        });
    }
    Ok(())
}

/// Floor of the square root.
pub(crate) fn exact_or_floor_sqrt(n: u64) -> u64 {
    let mut r = (n as f64).sqrt() as u64;
    while r.saturating_mul(r) > n {
        r -= 1;
    }
    while (r + 1).saturating_mul(r + 1) <= n {
        r += 1;
    }
    r
}

/// The integer square root of `n`, if `n` is a perfect square.
pub(crate) fn exact_sqrt(n: u64) -> Option<u64> {
    let r = exact_or_floor_sqrt(n);
    (r * r == n).then_some(r)
}

impl fmt::Display for Shape {
    /// `ROWSxCOLS`, for example `3x3` or `2x3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// Reads a box shape option: `"3"` for 3x3 boxes, `"2x3"` (or `2X3`, `2*3`,
    /// `2×3`) for boxes 2 rows high and 3 columns wide.
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let syntax = || ShapeError::Syntax {
            input: s.to_string(),
        };
        let number = |t: &str| -> Result<u64, ShapeError> {
            let t = t.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            Ok(t.parse::<u64>().unwrap_or(u64::MAX))
        };
        let (rows, cols) = match s.split_once(['x', 'X', '*', '×']) {
            Some((a, b)) => (number(a)?, number(b)?),
            None => {
                let order = number(s)?;
                (order, order)
            }
        };
        check_dimensions(rows, cols)?;
        // Both fit in u32: their product is at most MAX_SIDE and both are >= 1.
        Shape::new(rows as u32, cols as u32)
    }
}

/// The cells of box `b` (numbered as in [`Shape::box_of`]), as `row * N +
/// col`, in grid order.
pub(crate) fn box_cells(shape: Shape, b: usize) -> impl Iterator<Item = usize> {
    let n = shape.side() as usize;
    let (r0, c0) = shape.box_origin(b);
    let rows = shape.box_rows() as usize;
    let cols = shape.box_cols() as usize;
    (r0..r0 + rows).flat_map(move |r| (c0..c0 + cols).map(move |c| r * n + c))
}

/// Bytes for people: `1.3 GiB`, `2 GiB`, `512 MiB`, `17 KiB`, `100 B`.
pub(crate) fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 7] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut unit = 0;
    let mut value = bytes as f64;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    let text = if value < 10.0 {
        let t = format!("{value:.1}");
        t.strip_suffix(".0").map(str::to_string).unwrap_or(t)
    } else {
        format!("{value:.0}")
    };
    format!("{text} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_checks_dimensions() {
        assert!(matches!(Shape::new(0, 3), Err(ShapeError::ZeroSize { .. })));
        assert!(matches!(
            Shape::new(256, 256),
            Err(ShapeError::TooBig { side: 65536, .. })
        ));
        let s = Shape::new(255, 257).unwrap();
        assert_eq!(s.side(), 65535);
        assert_eq!(Shape::new(1, 1).unwrap().cells(), 1);
    }

    #[test]
    fn sizes_and_display() {
        let s = Shape::new(2, 3).unwrap();
        assert_eq!(
            (s.side(), s.cells(), s.box_rows(), s.box_cols()),
            (6, 36, 2, 3)
        );
        assert_eq!(s.to_string(), "2x3");
        assert!(!s.is_square());
        assert!(Shape::square(3).unwrap().is_square());
    }

    #[test]
    fn boxes_of_rectangular_shape() {
        // 6x6 with boxes 2 rows high, 3 wide: 2 boxes across, 3 bands.
        let s = Shape::new(2, 3).unwrap();
        assert_eq!(s.box_of(0, 0), 0);
        assert_eq!(s.box_of(1, 2), 0);
        assert_eq!(s.box_of(0, 3), 1);
        assert_eq!(s.box_of(2, 0), 2);
        assert_eq!(s.box_of(5, 5), 5);
        for b in 0..6 {
            let (r, c) = s.box_origin(b);
            assert_eq!(s.box_of(r, c), b);
        }
        // 12x12 with 3x4 boxes.
        let s = Shape::new(3, 4).unwrap();
        assert_eq!(s.box_of(3, 4), 4);
        assert_eq!(s.box_origin(4), (3, 4));
        assert_eq!(s.box_origin(11), (9, 8));
    }

    #[test]
    fn cell_count_inference() {
        assert_eq!(Shape::from_cell_count(16), Some(Shape::square(2).unwrap()));
        assert_eq!(Shape::from_cell_count(81), Some(Shape::square(3).unwrap()));
        assert_eq!(Shape::from_cell_count(256), Some(Shape::square(4).unwrap()));
        assert_eq!(Shape::from_cell_count(625), Some(Shape::square(5).unwrap()));
        assert_eq!(
            Shape::from_cell_count(4096),
            Some(Shape::square(8).unwrap())
        );
        for n in [0, 1, 36, 80, 82, 144, 255] {
            assert_eq!(Shape::from_cell_count(n), None, "{n}");
        }
    }

    #[test]
    fn parse_box_option() {
        assert_eq!("3".parse::<Shape>().unwrap(), Shape::square(3).unwrap());
        assert_eq!(" 2x3 ".parse::<Shape>().unwrap(), Shape::new(2, 3).unwrap());
        assert_eq!("3X4".parse::<Shape>().unwrap(), Shape::new(3, 4).unwrap());
        assert_eq!("2×4".parse::<Shape>().unwrap(), Shape::new(2, 4).unwrap());
        for bad in ["", "x", "2x", "a", "-3", "2x3x4", "2.5"] {
            let err = bad.parse::<Shape>().unwrap_err();
            assert!(matches!(err, ShapeError::Syntax { .. }), "{bad}: {err}");
            assert!(err.to_string().contains("such as 2x3"), "{err}");
        }
        assert!(matches!(
            "0".parse::<Shape>(),
            Err(ShapeError::ZeroSize { .. })
        ));
        let err = "300".parse::<Shape>().unwrap_err();
        assert!(err.to_string().contains("90000x90000"), "{err}");
        assert!(matches!(
            "99999999999999999999".parse::<Shape>(),
            Err(ShapeError::TooBig { .. })
        ));
    }

    #[test]
    fn matrix_size_and_budget() {
        let m = Shape::square(3).unwrap().matrix_size();
        assert_eq!((m.items, m.options), (324, 729));
        assert_eq!(m.nodes, 4 * 729 + 730 + 324);
        assert_eq!(m.bytes, 16 * m.nodes + 8 * 324);

        let big = Shape::square(16).unwrap();
        assert!(big.check_budget(DEFAULT_MEMORY_BUDGET).is_ok());
        let err = big.check_budget(1 << 30).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a 256x256 grid (16x16 boxes) needs about 1.3 GiB for its exact-cover matrix, \
             more than the 1 GiB budget"
        );
        assert!(Shape::square(17)
            .unwrap()
            .check_budget(DEFAULT_MEMORY_BUDGET)
            .is_ok());
        assert!(Shape::square(18)
            .unwrap()
            .check_budget(DEFAULT_MEMORY_BUDGET)
            .is_err());
    }

    #[test]
    fn human_bytes_rounding() {
        assert_eq!(human_bytes(100), "100 B");
        assert_eq!(human_bytes(2048), "2 KiB");
        assert_eq!(human_bytes(1536), "1.5 KiB");
        assert_eq!(human_bytes(DEFAULT_MEMORY_BUDGET), "2 GiB");
        assert_eq!(human_bytes(300 << 20), "300 MiB");
    }

    #[test]
    fn closest_to_square() {
        let f = |n| Shape::closest_to_square(n).unwrap().to_string();
        assert_eq!(f(6), "2x3");
        assert_eq!(f(12), "3x4");
        assert_eq!(f(8), "2x4");
        assert_eq!(f(9), "3x3");
        assert_eq!(f(7), "1x7");
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_validates() {
        let s = Shape::new(2, 3).unwrap();
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, r#"{"box_rows":2,"box_cols":3}"#);
        assert_eq!(serde_json::from_str::<Shape>(&json).unwrap(), s);
        assert!(serde_json::from_str::<Shape>(r#"{"box_rows":0,"box_cols":3}"#).is_err());
    }
}
