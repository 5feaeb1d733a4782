//! Writing grids: the compact line and the boxed grid for people.

use super::{Alphabet, Notation};
use crate::grid::Grid;

/// The alphabet to write a grid with, if the notation has symbols enough.
fn symbols_for<'a>(grid: &Grid, notation: &'a Notation) -> Option<&'a Alphabet> {
    match notation {
        Notation::Symbols(alphabet) if grid.shape().side() <= u32::from(alphabet.max_value()) => {
            Some(alphabet)
        }
        _ => None,
    }
}

/// The grid on one line, row by row.
///
/// With [`Notation::Symbols`], one symbol per cell and the alphabet's blank (`.`
/// for the standard alphabet, letters in lowercase). With [`Notation::Numbers`], or
/// when the alphabet has fewer symbols than the side (above 35x35 for the standard
/// alphabet), numbers separated by spaces with `0` for a blank.
///
/// ```
/// use sudoku::{write_compact, Grid, Notation};
/// let grid: Grid = "1.3.3.2...4.....".parse()?;
/// assert_eq!(write_compact(&grid, &Notation::default()), "1.3.3.2...4.....");
/// assert_eq!(
///     write_compact(&grid, &Notation::Numbers),
///     "1 0 3 0 3 0 2 0 0 0 4 0 0 0 0 0"
/// );
/// # Ok::<(), sudoku::ParseError>(())
/// ```
pub fn write_compact(grid: &Grid, notation: &Notation) -> String {
    match symbols_for(grid, notation) {
        Some(alphabet) if alphabet.is_standard() => {
            // One byte per cell: the common case, without char handling.
            let bytes = grid.cells().iter().map(|&v| standard_symbol(v)).collect();
            String::from_utf8(bytes).expect("ASCII symbols")
        }
        Some(alphabet) => grid
            .cells()
            .iter()
            .map(|&v| alphabet.symbol(v).unwrap_or(alphabet.blank()))
            .collect(),
        None => {
            let mut out = String::with_capacity(grid.cells().len() * 3);
            for (i, v) in grid.cells().iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(&v.to_string());
            }
            out
        }
    }
}

/// The standard alphabet's symbol of `value` (at most 35): `.`, `1`-`9`,
/// `a`-`z`. Arithmetic rather than a table lookup, so that a loop over the
/// cells vectorizes.
fn standard_symbol(value: u16) -> u8 {
    debug_assert!(value <= 35);
    let digit = b'0'.wrapping_add(value as u8);
    let symbol = if value >= 10 {
        digit.wrapping_add(b'a' - b'0' - 10)
    } else {
        digit
    };
    if value == 0 {
        b'.'
    } else {
        symbol
    }
}

/// Appends the compact line of [`write_compact`] to `out`, without building
/// a string in the common case (the standard alphabet, up to 35x35).
///
/// ```
/// use sudoku::{write_compact_to, Grid, Notation};
/// let grid: Grid = "1.3.3.2...4.....".parse()?;
/// let mut out = b"solution: ".to_vec();
/// write_compact_to(&mut out, &grid, &Notation::default());
/// assert_eq!(out, b"solution: 1.3.3.2...4.....");
/// # Ok::<(), sudoku::ParseError>(())
/// ```
pub fn write_compact_to(out: &mut Vec<u8>, grid: &Grid, notation: &Notation) {
    match symbols_for(grid, notation) {
        Some(alphabet) if alphabet.is_standard() && grid.side() <= 9 => {
            // Digits and `.` only: fewer steps, and the loop vectorizes.
            out.extend(grid.cells().iter().map(|&v| match v {
                0 => b'.',
                v => b'0' + v as u8,
            }));
        }
        Some(alphabet) if alphabet.is_standard() => {
            out.extend(grid.cells().iter().map(|&v| standard_symbol(v)));
        }
        _ => out.extend_from_slice(write_compact(grid, notation).as_bytes()),
    }
}

/// The grid boxed for people, in the standard notation (see [`write_boxed_with`]).
pub fn write_boxed(grid: &Grid) -> String {
    write_boxed_with(grid, &Notation::default())
}

/// The grid boxed for people, one row per line, each line ending with `\n`:
///
/// ```text
/// +-------+-------+-------+
/// | 5 3 . | . 7 . | . . . |
/// | 6 . . | 1 9 5 | . . . |
/// ...
/// ```
///
/// Cells are symbols of the notation's alphabet when it has enough symbols, else
/// numbers right-aligned to the width of the largest, with `.` for a blank.
/// [`read_grid`](super::read_grid) reads it back.
pub fn write_boxed_with(grid: &Grid, notation: &Notation) -> String {
    let shape = grid.shape();
    let n = grid.side();
    let box_rows = shape.box_rows() as usize;
    let box_cols = shape.box_cols() as usize;
    let symbols = symbols_for(grid, notation);
    let width = match symbols {
        Some(_) => 1,
        None => n.to_string().len(),
    };
    let cell = |v: u16| -> String {
        match (symbols, v) {
            (Some(a), _) => a.symbol(v).unwrap_or(a.blank()).to_string(),
            (None, 0) => format!("{:>width$}", '.'),
            (None, v) => format!("{v:>width$}"),
        }
    };
    let mut border = String::new();
    for _ in 0..n / box_cols {
        border.push('+');
        border.push_str(&"-".repeat(box_cols * (width + 1) + 1));
    }
    border.push_str("+\n");

    let mut out = String::with_capacity((n / box_rows + 1 + n) * border.len());
    for (r, row) in grid.cells().chunks(n).enumerate() {
        if r % box_rows == 0 {
            out.push_str(&border);
        }
        for (c, &v) in row.iter().enumerate() {
            if c % box_cols == 0 {
                out.push_str("| ");
            }
            out.push_str(&cell(v));
            out.push(' ');
        }
        out.push_str("|\n");
    }
    out.push_str(&border);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn boxed_nine() {
        let g: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let text = write_boxed(&g);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 13);
        assert_eq!(lines[0], "+-------+-------+-------+");
        assert_eq!(lines[1], "| 5 3 . | . 7 . | . . . |");
        assert_eq!(lines[4], "+-------+-------+-------+");
        assert_eq!(lines[12], lines[0]);
    }

    #[test]
    fn boxed_rectangular_and_numbers() {
        let shape = Shape::new(2, 3).unwrap();
        let mut g = Grid::empty(shape);
        g.set(0, 0, Some(6));
        let text = write_boxed(&g);
        assert_eq!(
            text.lines().take(4).collect::<Vec<_>>(),
            [
                "+-------+-------+",
                "| 6 . . | . . . |",
                "| . . . | . . . |",
                "+-------+-------+"
            ]
        );
        let mut g = Grid::empty(Shape::square(6).unwrap());
        g.set(0, 0, Some(36));
        g.set(0, 1, Some(7));
        let text = write_boxed(&g);
        let first_row = text.lines().nth(1).unwrap();
        assert!(
            first_row.starts_with("| 36  7  .  .  .  . | "),
            "{first_row}"
        );
        assert_eq!(text.lines().next().unwrap().len(), first_row.len());
    }

    /// The symbols written by arithmetic are the standard alphabet's, and
    /// `write_compact_to` writes what `write_compact` returns.
    #[test]
    fn compact_symbols_and_writer() {
        let standard = Alphabet::standard();
        for v in 0..=35u16 {
            let expected = standard.symbol(v).unwrap_or(standard.blank());
            assert_eq!(char::from(standard_symbol(v)), expected, "{v}");
        }
        let hex = Notation::Symbols(Alphabet::custom("0123456789ABCDEF", '-').unwrap());
        for (r, c) in [
            (2, 2),
            (2, 3),
            (3, 3),
            (3, 4),
            (4, 4),
            (5, 5),
            (6, 6),
            (12, 12),
        ] {
            let shape = Shape::new(r, c).unwrap();
            let n = shape.side() as usize;
            let values = (0..n * n).map(|i| ((i * 7 + i / n) % (n + 1)) as u16);
            let g = Grid::from_values(shape, values.collect()).unwrap();
            for notation in [Notation::default(), Notation::Numbers, hex.clone()] {
                let mut out = Vec::new();
                write_compact_to(&mut out, &g, &notation);
                assert_eq!(
                    String::from_utf8(out).unwrap(),
                    write_compact(&g, &notation)
                );
            }
        }
    }

    #[test]
    fn compact_custom_and_fallback() {
        let hex = Notation::Symbols(Alphabet::custom("0123456789ABCDEF", '-').unwrap());
        let mut g = Grid::empty(Shape::square(4).unwrap());
        g.set(0, 0, Some(1));
        g.set(0, 1, Some(16));
        assert!(write_compact(&g, &hex).starts_with("0F--"));
        // Too few symbols for a 25x25 grid: numbers.
        let g = Grid::empty(Shape::square(5).unwrap());
        assert!(write_compact(&g, &hex).starts_with("0 0 0"));
    }
}
