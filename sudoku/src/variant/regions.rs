//! [`Regions`]: the irregular regions of a jigsaw Sudoku, read from a region
//! map (a second grid with one symbol per cell, one symbol per region).

use std::fmt::Write as _;

use crate::error::{VariantError, VariantErrorKind};
use crate::shape::{exact_sqrt, Shape};

/// A partition of the grid's cells into regions of one cell per value.
///
/// ```
/// use sudoku::Regions;
///
/// let map = "\
/// aaab
/// abbb
/// cccd
/// cddd";
/// let regions: Regions = map.parse()?;
/// assert_eq!((regions.side(), regions.region_of(4), regions.region_of(5)), (4, 0, 1));
/// assert_eq!(regions.to_string(), format!("{map}\n"));
///
/// let e = "aaab\naabb\ncccd\ncddd".parse::<Regions>().unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "line 1, column 1, cell r1c1: region 'a' has 5 cells, expected 4 (one per value)"
/// );
/// # Ok::<(), sudoku::VariantError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Regions {
    side: usize,
    /// The region of each cell, numbered in order of first appearance.
    region_of: Vec<usize>,
    /// The symbol of each region.
    symbols: Vec<char>,
}

/// Symbols that mean "no region" (blanks of the puzzle formats).
const BLANKS: [char; 3] = ['.', '_', '*'];

impl Regions {
    /// The boxes of `shape` as regions (symbols `a`, `b`, ... then digits).
    pub fn boxes(shape: Shape) -> Regions {
        let n = shape.side() as usize;
        let region_of = (0..n * n).map(|c| shape.box_of(c / n, c % n)).collect();
        let mut regions = Regions {
            side: n,
            region_of,
            symbols: Vec::new(),
        };
        regions.renumber();
        regions
    }

    /// Regions from the region of each cell (numbers of any kind, one per
    /// region), checking that each has one cell per value.
    pub fn from_cells(region_of: &[usize]) -> Result<Regions, VariantError> {
        let side = exact_sqrt(region_of.len() as u64).ok_or(VariantError::new(
            VariantErrorKind::NotSquare(region_of.len()),
        ))? as usize;
        let mut regions = Regions {
            side,
            region_of: region_of.to_vec(),
            symbols: Vec::new(),
        };
        regions.renumber();
        regions.check(|_| (0, None))?;
        Ok(regions)
    }

    /// Numbers the regions in order of first appearance and gives them
    /// symbols.
    fn renumber(&mut self) {
        let mut new_id = std::collections::HashMap::new();
        for r in &mut self.region_of {
            let next = new_id.len();
            *r = *new_id.entry(*r).or_insert(next);
        }
        self.symbols = (0..new_id.len()).map(default_symbol).collect();
    }

    /// Checks every region's size; `place` locates a cell in the input.
    fn check(&self, place: impl Fn(usize) -> (usize, Option<usize>)) -> Result<(), VariantError> {
        let mut sizes = vec![0; self.symbols.len()];
        let mut first = vec![usize::MAX; self.symbols.len()];
        for (cell, &r) in self.region_of.iter().enumerate() {
            sizes[r] += 1;
            first[r] = first[r].min(cell);
        }
        for (r, &size) in sizes.iter().enumerate() {
            if size != self.side {
                let (line, column) = place(first[r]);
                return Err(VariantError::new(VariantErrorKind::RegionSize {
                    symbol: self.symbols[r],
                    size,
                    expected: self.side,
                })
                .at(line, column)
                .cell(first[r], self.side));
            }
        }
        Ok(())
    }

    /// The side of the grid.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The region (0-based, in order of first appearance) of `cell`
    /// (`row * N + col`).
    ///
    /// # Panics
    /// If `cell` is outside the grid.
    pub fn region_of(&self, cell: usize) -> usize {
        self.region_of[cell]
    }

    /// The cells of region `r`, in grid order.
    pub fn cells(&self, r: usize) -> Vec<usize> {
        (0..self.region_of.len())
            .filter(|&c| self.region_of[c] == r)
            .collect()
    }

    /// The symbol of region `r` in the map read (or given by default).
    pub fn symbol(&self, r: usize) -> char {
        self.symbols[r]
    }

    /// A box shape for a grid of this side: the one closest to square (a
    /// jigsaw grid's boxes are only used to read and write the grid).
    pub fn shape(&self) -> Shape {
        Shape::closest_to_square(self.side as u32).expect("a region map has a side of 1 or more")
    }
}

/// `a`-`z`, `A`-`Z`, `0`-`9`, then other letters.
fn default_symbol(r: usize) -> char {
    const SYMBOLS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    SYMBOLS
        .chars()
        .nth(r)
        .unwrap_or_else(|| char::from_u32(0x100 + r as u32).unwrap_or('?'))
}

impl std::str::FromStr for Regions {
    type Err = VariantError;

    /// Reads a region map: the grid's rows one per line (symbols may be
    /// separated by spaces), or all cells on one line; any symbol names a
    /// region except the blanks `.`, `_` and `*`. Blank lines and lines
    /// starting with `#` are skipped.
    fn from_str(text: &str) -> Result<Regions, VariantError> {
        // (line, column, symbol) of each cell, and the cells of each line.
        let mut cells: Vec<(usize, usize, char)> = Vec::new();
        let mut rows: Vec<(usize, usize)> = Vec::new();
        for (k, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let before = cells.len();
            for (col, ch) in line.chars().enumerate() {
                if !ch.is_whitespace() {
                    cells.push((k + 1, col + 1, ch));
                }
            }
            rows.push((k + 1, cells.len() - before));
        }
        if cells.is_empty() {
            return Err(VariantError::new(VariantErrorKind::EmptyRegions));
        }
        let side = if rows.len() == 1 {
            exact_sqrt(cells.len() as u64).ok_or_else(|| {
                VariantError::new(VariantErrorKind::NotSquare(cells.len())).at(rows[0].0, None)
            })? as usize
        } else {
            rows[0].1
        };
        if rows.len() > 1 {
            for &(line, found) in &rows {
                if found != side {
                    return Err(VariantError::new(VariantErrorKind::RowLength {
                        expected: side,
                        found,
                    })
                    .at(line, None));
                }
            }
            if rows.len() != side {
                return Err(VariantError::new(VariantErrorKind::NotSquare(cells.len())));
            }
        }
        let mut symbols: Vec<char> = Vec::new();
        let mut region_of = Vec::with_capacity(cells.len());
        for (cell, &(line, column, ch)) in cells.iter().enumerate() {
            if BLANKS.contains(&ch) {
                return Err(VariantError::new(VariantErrorKind::NoRegion(ch))
                    .at(line, Some(column))
                    .cell(cell, side));
            }
            let r = match symbols.iter().position(|&s| s == ch) {
                Some(r) => r,
                None => {
                    symbols.push(ch);
                    symbols.len() - 1
                }
            };
            region_of.push(r);
        }
        let regions = Regions {
            side,
            region_of,
            symbols,
        };
        regions.check(|cell| (cells[cell].0, Some(cells[cell].1)))?;
        Ok(regions)
    }
}

impl std::fmt::Display for Regions {
    /// The map, one row per line, each line ending with `\n`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut out = String::with_capacity(self.region_of.len() + self.side);
        for row in self.region_of.chunks(self.side) {
            for &r in row {
                out.push(self.symbols[r]);
            }
            out.push('\n');
        }
        f.write_str(&out)
    }
}

/// The grid drawn with the borders of the regions: `|` and `---` between
/// cells of different regions, `+` at every corner.
///
/// ```text
/// +---+---+---+---+
/// | 1   2 | 3   4 |
/// +   +---+   +   +
/// ```
pub(crate) fn draw(values: &[String], regions: &Regions) -> String {
    let n = regions.side;
    let width = values.iter().map(|v| v.chars().count()).max().unwrap_or(1);
    let region = |r: usize, c: usize| regions.region_of[r * n + c];
    let mut out = String::new();
    let border = |out: &mut String, above: Option<usize>, below: Option<usize>| {
        out.push('+');
        for c in 0..n {
            let differ = match (above, below) {
                (Some(a), Some(b)) => region(a, c) != region(b, c),
                _ => true,
            };
            let piece = if differ { '-' } else { ' ' };
            for _ in 0..width + 2 {
                out.push(piece);
            }
            out.push('+');
        }
        out.push('\n');
    };
    border(&mut out, None, Some(0));
    for r in 0..n {
        out.push('|');
        for c in 0..n {
            let _ = write!(out, " {:>width$} ", values[r * n + c]);
            let wall = c + 1 == n || region(r, c) != region(r, c + 1);
            out.push(if wall { '|' } else { ' ' });
        }
        out.push('\n');
        border(&mut out, Some(r), (r + 1 < n).then_some(r + 1));
    }
    out
}
