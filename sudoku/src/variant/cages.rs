//! Killer cages as people write them: one cage per line, the sum then the
//! cells (`15 r1c1 r1c2`). (Their JSON form is read by `sudoku-format`.)

use crate::error::{VariantError, VariantErrorKind};
use crate::rules::Cage;

/// A cage as read, with where it was written (for error messages).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CageSpec {
    /// The total of the cells' values.
    pub sum: u32,
    /// The cells, 0-based `(row, col)`.
    pub cells: Vec<(usize, usize)>,
    /// 1-based line where the cage is written (0: unknown).
    pub line: usize,
    /// 1-based column of the sum and of each cell (0: unknown).
    pub columns: Vec<usize>,
}

impl CageSpec {
    /// A cage written nowhere (made by a program).
    pub fn new(sum: u32, cells: Vec<(usize, usize)>) -> CageSpec {
        CageSpec {
            sum,
            columns: vec![0; cells.len() + 1],
            cells,
            line: 0,
        }
    }

    fn column(&self, k: usize) -> Option<usize> {
        self.columns.get(k).copied().filter(|&c| c > 0)
    }

    fn error(&self, k: usize, kind: VariantErrorKind) -> VariantError {
        VariantError::new(kind).at(self.line, self.column(k))
    }
}

/// Reads cages, one per line: the sum, then the cells (`r1c1` is row 1,
/// column 1; either case), separated by spaces or commas; a `:` or `=` may
/// follow the sum. Blank lines and lines starting with `#` are skipped.
///
/// ```
/// let cages = sudoku::parse_cages("# a killer\n3: r1c1 r1c2\n15 r2c1, r2c2 r3c1\n")?;
/// assert_eq!(cages.len(), 2);
/// assert_eq!((cages[1].sum, cages[1].line), (15, 3));
/// assert_eq!(cages[1].cells, [(1, 0), (1, 1), (2, 0)]);
/// let e = sudoku::parse_cages("3 r1c1 r1x2").unwrap_err();
/// assert_eq!(e.to_string(), "line 1, column 8: expected a cell such as r1c2, found \"r1x2\"");
/// # Ok::<(), sudoku::VariantError>(())
/// ```
pub fn parse_cages(text: &str) -> Result<Vec<CageSpec>, VariantError> {
    let mut cages = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line_no = k + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let tokens = tokens(line);
        let syntax = |column: usize, message: String| {
            VariantError::new(VariantErrorKind::CageSyntax(message)).at(line_no, Some(column))
        };
        let (sum_column, sum_text) = tokens[0];
        let sum_text = sum_text.trim_end_matches([':', '=']);
        let sum: u32 = sum_text.parse().map_err(|_| {
            syntax(
                sum_column,
                format!("expected the cage's sum (a whole number) first, found {sum_text:?}"),
            )
        })?;
        let mut cells = Vec::new();
        let mut columns = vec![sum_column];
        for &(column, text) in &tokens[1..] {
            if text == ":" || text == "=" {
                continue;
            }
            let cell = parse_cell(text).ok_or_else(|| {
                syntax(
                    column,
                    format!("expected a cell such as r1c2, found {text:?}"),
                )
            })?;
            cells.push(cell);
            columns.push(column);
        }
        if cells.is_empty() {
            return Err(syntax(
                sum_column,
                "a cage needs its sum and at least one cell, such as 3 r1c1 r1c2".to_string(),
            ));
        }
        cages.push(CageSpec {
            sum,
            cells,
            line: line_no,
            columns,
        });
    }
    Ok(cages)
}

/// The words of a line with their 1-based columns (split at whitespace and
/// commas).
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (column, byte)
    for (column, (byte, ch)) in line.char_indices().enumerate() {
        let separator = ch.is_whitespace() || ch == ',';
        match (separator, start) {
            (true, Some((c, b))) => {
                out.push((c + 1, &line[b..byte]));
                start = None;
            }
            (false, None) => start = Some((column, byte)),
            _ => {}
        }
    }
    if let Some((c, b)) = start {
        out.push((c + 1, &line[b..]));
    }
    out
}

/// `r3c4` (either case) as 0-based `(2, 3)`.
/// Reads a cell written `r1c2` (any case; rows and columns from 1) as its
/// 0-based `(row, col)`; `None` for anything else.
pub fn parse_cell(text: &str) -> Option<(usize, usize)> {
    let lower = text.to_ascii_lowercase();
    let rest = lower.strip_prefix('r')?;
    let (row, col) = rest.split_once('c')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(row) || !digits(col) {
        return None;
    }
    let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
    (row >= 1 && col >= 1).then(|| (row - 1, col - 1))
}

/// Checks cages against a grid of side `side` and gives them as cell
/// indices: every cell inside the grid, no cell twice, no two cages sharing
/// a cell, sums that different values 1..=side can reach.
pub fn check_cages(cages: &[CageSpec], side: usize) -> Result<Vec<Cage>, VariantError> {
    let mut owner: Vec<Option<usize>> = vec![None; side * side];
    let mut out = Vec::with_capacity(cages.len());
    for (k, cage) in cages.iter().enumerate() {
        let mut cells = Vec::with_capacity(cage.cells.len());
        for (j, &(r, c)) in cage.cells.iter().enumerate() {
            if r >= side || c >= side {
                return Err(cage.error(
                    j + 1,
                    VariantErrorKind::CellOutside {
                        cell: format!("r{}c{}", r + 1, c + 1),
                        side,
                    },
                ));
            }
            let cell = r * side + c;
            match owner[cell] {
                Some(other) if other == k => {
                    return Err(cage
                        .error(j + 1, VariantErrorKind::RepeatedCell)
                        .cell(cell, side))
                }
                Some(other) => {
                    let line = cages[other].line;
                    return Err(cage
                        .error(j + 1, VariantErrorKind::Overlap(line))
                        .cell(cell, side));
                }
                None => owner[cell] = Some(k),
            }
            cells.push(cell);
        }
        let k_cells = cells.len();
        if k_cells > side {
            return Err(cage.error(
                0,
                VariantErrorKind::CageTooLarge {
                    cells: k_cells,
                    side,
                },
            ));
        }
        // Sums of k different values of 1..=side: every total from the k
        // smallest to the k largest.
        let min = (k_cells * (k_cells + 1) / 2) as u32;
        let max = (k_cells * (2 * side - k_cells + 1) / 2) as u32;
        if cage.sum < min || cage.sum > max {
            return Err(cage.error(
                0,
                VariantErrorKind::ImpossibleSum {
                    sum: cage.sum,
                    cells: k_cells,
                    side,
                    min,
                    max,
                },
            ));
        }
        out.push(Cage {
            sum: cage.sum,
            cells,
        });
    }
    Ok(out)
}
