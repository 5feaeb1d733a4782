//! Reading one puzzle from its rows of text (one line, or the rows of a multi-line
//! grid): choosing symbols or numbers, finding the shape, decoding the cells.

use super::alphabet::{Alphabet, Decoded};
use super::scan::{
    is_border_line, is_separator, scan_numbers, scan_symbols, NumberStats, Token, TokenKind,
};
use super::Notation;
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Grid;
use crate::shape::{exact_or_floor_sqrt, exact_sqrt, Shape};

/// Which notations to consider.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NotationMode {
    /// Symbols, or numbers when the text looks like numbers (standard alphabet only).
    Auto,
    /// One symbol per cell.
    Symbols,
    /// Whitespace-separated numbers.
    Numbers,
}

/// What is known when reading a puzzle.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The shape given by the caller.
    pub shape: Option<Shape>,
    /// The shape of the previous puzzles of the file, for messages only.
    pub file_shape: Option<Shape>,
    /// The symbols of values.
    pub alphabet: &'a Alphabet,
    /// Which notations to consider.
    pub mode: NotationMode,
}

/// A row of text: its 1-based line number and its content.
pub type Row<'a> = (usize, &'a str);

/// Tokens of the rows, with where each row's tokens start.
struct Scan {
    tokens: Vec<Token>,
    row_ends: Vec<usize>,
}

impl Scan {
    fn count(&self) -> usize {
        self.tokens.len()
    }
}

fn scan_all(
    rows: &[Row<'_>],
    mut scan_row: impl FnMut(usize, &str, &mut Vec<Token>) -> Result<(), ParseError>,
) -> Result<Scan, ParseError> {
    let mut tokens = Vec::new();
    let mut row_ends = Vec::with_capacity(rows.len());
    for &(line, text) in rows {
        scan_row(line, text, &mut tokens)?;
        row_ends.push(tokens.len());
    }
    Ok(Scan { tokens, row_ends })
}

fn digits(n: u64) -> usize {
    n.to_string().len()
}

/// Reads one puzzle from its rows (border and comment lines already removed).
pub fn parse_rows(rows: &[Row<'_>], ctx: &Context<'_>) -> Result<(Grid, Notation), ParseError> {
    if let Some(read) = plain_nine_by_nine(rows, ctx) {
        return Ok(read);
    }
    let first_line = rows.first().map_or(0, |r| r.0);
    let alphabet = ctx.alphabet;
    let symbols = (ctx.mode != NotationMode::Numbers)
        .then(|| scan_all(rows, |l, t, out| scan_symbols(l, t, alphabet, out)));
    let consider_numbers = match ctx.mode {
        NotationMode::Numbers => true,
        NotationMode::Symbols => false,
        NotationMode::Auto => alphabet.is_standard(),
    };
    let mut stats = NumberStats::default();
    let numbers = consider_numbers.then(|| {
        scan_all(rows, |l, t, out| {
            scan_numbers(l, t, alphabet, out, &mut stats)
        })
    });

    let fits = |count: usize| match ctx.shape {
        Some(shape) => count == shape.cells(),
        None => Shape::from_cell_count(count).is_some(),
    };
    let use_numbers = match (ctx.mode, &symbols, &numbers) {
        (NotationMode::Numbers, _, _) => true,
        (_, _, Some(Ok(num))) if stats.longest >= 2 => {
            let side = match ctx.shape {
                Some(shape) => u64::from(shape.side()),
                None => exact_or_floor_sqrt(num.count() as u64) + 1,
            };
            let looks_numeric = stats.longest <= digits(side);
            let symbols_fit = matches!(&symbols, Some(Ok(s)) if fits(s.count()));
            let numbers_fit = fits(num.count()) && {
                let side = ctx
                    .shape
                    .or_else(|| Shape::from_cell_count(num.count()))
                    .map_or(0, |s| u64::from(s.side()));
                stats.max_value <= side
            };
            looks_numeric && (!symbols_fit || numbers_fit)
        }
        _ => false,
    };
    let (scan, notation) = if use_numbers {
        (numbers.expect("numbers scanned")?, Notation::Numbers)
    } else {
        (
            symbols.expect("symbols scanned")?,
            Notation::Symbols(alphabet.clone()),
        )
    };
    let shape = find_shape(&scan, rows, first_line, ctx)?;
    let (alphabet, notation) = match hex_reading(&scan.tokens, shape, &notation) {
        HexReading::No => (alphabet.clone(), notation),
        HexReading::Ambiguous => {
            return Err(ParseError::new(
                first_line,
                None,
                ParseErrorKind::AmbiguousHex,
            ))
        }
        HexReading::Hex(hex) => (hex.clone(), Notation::Symbols(hex)),
    };
    let values = decode(&scan.tokens, shape, &alphabet, rows)?;
    let grid = Grid::from_values(shape, values).expect("values checked against the shape");
    Ok((grid, notation))
}

/// How a 16x16 grid in the standard alphabet written only with `0`-`9` and
/// `A`-`F` (either case) and blanks is read: see [`hex_reading`].
enum HexReading {
    /// As the standard alphabet (`0` is a blank).
    No,
    /// As hexadecimal, `0`-`F` for 1-16, with this alphabet.
    Hex(Alphabet),
    /// Cannot be told: refused.
    Ambiguous,
}

/// Tells a 16x16 grid written in hexadecimal (`0`-`F` for 1-16, issue 20)
/// from one in the standard alphabet (`1`-`9`, `A`-`G`, `0` a blank). Only a
/// grid read in the standard alphabet as symbols, using `0`, some of `1`-`9`
/// and `A`-`F` (either case) and blanks, and no `G`, is in question:
/// - if two `0`s share a row, column or box, `0` cannot be a value: standard;
/// - else, if the other blanks are all one symbol (`.` say), a standard writer
///   would not have used `0` as a second blank: hexadecimal, with that blank;
/// - else (no other blank, or several kinds) it is refused: the error names
///   `--alphabet`.
fn hex_reading(tokens: &[Token], shape: Shape, notation: &Notation) -> HexReading {
    let Notation::Symbols(alphabet) = notation else {
        return HexReading::No;
    };
    if !alphabet.is_standard() || shape.side() != 16 || tokens.len() != 256 {
        return HexReading::No;
    }
    let mut zeros = Vec::new();
    let mut blanks: Vec<char> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let TokenKind::Symbol(c) = token.kind else {
            return HexReading::No;
        };
        match c {
            '0' => zeros.push(i),
            '1'..='9' | 'a'..='f' | 'A'..='F' => {}
            _ if alphabet.is_blank(c) => {
                if !blanks.contains(&c) {
                    blanks.push(c);
                }
            }
            _ => return HexReading::No,
        }
    }
    if zeros.is_empty() {
        return HexReading::No;
    }
    let (rows, cols) = (shape.box_rows() as usize, shape.box_cols() as usize);
    let unit_keys = |i: usize| {
        let (r, c) = (i / 16, i % 16);
        [r, 16 + c, 32 + (r / rows) * rows + c / cols]
    };
    let mut seen = [false; 48];
    for &i in &zeros {
        for key in unit_keys(i) {
            if std::mem::replace(&mut seen[key], true) {
                return HexReading::No;
            }
        }
    }
    match blanks.as_slice() {
        [blank] => match Alphabet::custom("0123456789ABCDEF", *blank) {
            Ok(hex) => HexReading::Hex(hex),
            Err(_) => HexReading::Ambiguous,
        },
        _ => HexReading::Ambiguous,
    }
}

/// The common case read directly: one line of 81 characters, each `1`-`9`,
/// `.` or `0`, in the standard alphabet. The general path reads such a line
/// the same way (as symbols: without whitespace it cannot be numbers).
fn plain_nine_by_nine(rows: &[Row<'_>], ctx: &Context<'_>) -> Option<(Grid, Notation)> {
    let [(_, text)] = rows else {
        return None;
    };
    if !ctx.alphabet.is_standard() || ctx.mode == NotationMode::Numbers {
        return None;
    }
    let grid = plain_nine_by_nine_bytes(text.as_bytes(), ctx.shape)?;
    Some((grid, Notation::Symbols(ctx.alphabet.clone())))
}

/// The grid of a line of exactly 81 bytes, each `1`-`9`, `.` or `0`, for
/// the given shape (`None`, or one of 81 cells); `None` for any other line.
/// What [`parse_rows`] makes of such a line in the standard alphabet.
pub fn plain_nine_by_nine_bytes(line: &[u8], shape: Option<Shape>) -> Option<Grid> {
    let (shape, values) = plain_nine_by_nine_values(line, shape)?;
    let cells = values.iter().map(|&v| u16::from(v)).collect();
    // 81 values of 0 to 9.
    Some(Grid::from_values_in_range(shape, cells))
}

/// The shape and the values (0 for a blank, else 1 to 9) of the grid that
/// [`plain_nine_by_nine_bytes`] reads from `line`, without making the grid
/// (a reader can keep them in place, and fill a grid it reuses).
pub fn plain_nine_by_nine_values(line: &[u8], shape: Option<Shape>) -> Option<(Shape, [u8; 81])> {
    let line: &[u8; 81] = line.try_into().ok()?;
    let shape = match shape {
        None => Shape::square(3).expect("9x9 is a shape"),
        Some(shape) if shape.cells() == 81 => shape,
        Some(_) => return None,
    };
    // Without early exits, so that both loops vectorize.
    let bad = line.iter().fold(false, |bad, &b| {
        bad | ((b.wrapping_sub(b'0') > 9) & (b != b'.'))
    });
    if bad {
        return None;
    }
    let values = line.map(|b| {
        let digit = b.wrapping_sub(b'0');
        if digit <= 9 {
            digit
        } else {
            0
        }
    });
    Some((shape, values))
}

/// The shape of the grid: given, or inferred from the number of cells (or of rows).
fn find_shape(
    scan: &Scan,
    rows: &[Row<'_>],
    first_line: usize,
    ctx: &Context<'_>,
) -> Result<Shape, ParseError> {
    let count = scan.count();
    let error = |kind| Err(ParseError::new(first_line, None, kind));
    let shape = match ctx.shape.or_else(|| Shape::from_cell_count(count)) {
        Some(shape) => shape,
        None if rows.len() > 1 && exact_sqrt(rows.len() as u64).is_some_and(|o| o >= 2) => {
            // As many rows as a square-box grid: the faulty rows are found below.
            Shape::square(exact_sqrt(rows.len() as u64).unwrap_or(0) as u32)
                .expect("small square shape")
        }
        None => {
            let side = exact_sqrt(count as u64).unwrap_or(0);
            if let Some(file_shape) = ctx.file_shape {
                return error(ParseErrorKind::CellCount {
                    expected: file_shape.cells(),
                    found: count,
                });
            }
            if side >= 2 && (side as usize == rows.len() || rows.len() == 1) {
                if let Some(example) = u32::try_from(side).ok().and_then(Shape::closest_to_square) {
                    return error(ParseErrorKind::BoxShapeNeeded {
                        side: side as usize,
                        example,
                    });
                }
            }
            return error(ParseErrorKind::UnknownShape { found: count });
        }
    };
    let n = shape.side() as usize;
    if rows.len() == n && rows.len() > 1 {
        let mut start = 0;
        for (&(line, _), &end) in rows.iter().zip(&scan.row_ends) {
            if end - start != n {
                return Err(ParseError::new(
                    line,
                    None,
                    ParseErrorKind::RowLength {
                        expected: n,
                        found: end - start,
                    },
                ));
            }
            start = end;
        }
    }
    if count != shape.cells() {
        return error(ParseErrorKind::CellCount {
            expected: shape.cells(),
            found: count,
        });
    }
    Ok(shape)
}

/// The values of the tokens, checked against the side.
fn decode(
    tokens: &[Token],
    shape: Shape,
    alphabet: &Alphabet,
    rows: &[Row<'_>],
) -> Result<Vec<u16>, ParseError> {
    let side = shape.side();
    let n = side as usize;
    let mut values = Vec::with_capacity(tokens.len());
    for (i, token) in tokens.iter().enumerate() {
        let (value, symbol) = match token.kind {
            TokenKind::Blank => (0, None),
            TokenKind::Number(v) => (v, None),
            TokenKind::Symbol(c) => match alphabet.decode(c, side) {
                Decoded::Blank => (0, Some(c)),
                Decoded::Value(v) => (u64::from(v), Some(c)),
                Decoded::Unknown => {
                    return Err(ParseError::new(
                        token.line,
                        Some(token.column),
                        ParseErrorKind::UnexpectedChar {
                            found: c,
                            expected: alphabet.describe(),
                        },
                    ))
                }
            },
        };
        if value > u64::from(side) {
            return Err(ParseError::new(
                token.line,
                Some(token.column),
                ParseErrorKind::ValueTooLarge {
                    row: i / n + 1,
                    col: i % n + 1,
                    value,
                    symbol,
                    side,
                    written: symbol.is_none().then(|| written(token, rows)),
                },
            ));
        }
        // At most side <= MAX_SIDE, so it fits.
        values.push(value as u16);
    }
    Ok(values)
}

/// A number token as written (it may not fit a `u64`).
fn written(token: &Token, rows: &[Row<'_>]) -> String {
    let text = rows
        .iter()
        .find(|row| row.0 == token.line)
        .map_or("", |row| row.1);
    text.chars()
        .skip(token.column - 1)
        .take_while(|&c| !is_separator(c))
        .collect()
}

/// Reads one grid from its text: a line, numbers, or rows with or without
/// borders (border lines, blank lines and `#` comments are skipped), with the
/// given shape (`None` infers square boxes from the number of cells) and
/// alphabet. It is what `Grid`'s `FromStr` and serde read; files (several
/// puzzles, CSV), JSON documents, links and box shapes drawn by the borders
/// are the `sudoku-format` crate's.
pub fn read_grid(
    text: &str,
    shape: Option<Shape>,
    alphabet: &Alphabet,
) -> Result<(Grid, Notation), ParseError> {
    let rows: Vec<Row<'_>> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line))
        .filter(|(_, line)| {
            let t = line.trim();
            !t.is_empty() && !t.starts_with('#') && !is_border_line(t)
        })
        .collect();
    if rows.is_empty() {
        return Err(ParseError::new(0, None, ParseErrorKind::NoPuzzle));
    }
    let context = Context {
        shape,
        file_shape: None,
        alphabet,
        mode: NotationMode::Auto,
    };
    parse_rows(&rows, &context)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(shape: Option<Shape>, alphabet: &Alphabet) -> Context<'_> {
        Context {
            shape,
            file_shape: None,
            alphabet,
            mode: NotationMode::Auto,
        }
    }

    #[test]
    fn symbols_or_numbers() {
        let a = Alphabet::standard();
        // Single-character tokens: symbols.
        let (g, n) = parse_rows(&[(1, "1 0 3 0 3 0 2 0 0 0 4 0 0 0 0 0")], &ctx(None, &a)).unwrap();
        assert_eq!(g.givens(), 5);
        assert_eq!(n, Notation::Symbols(a.clone()));
        // Two-digit numbers of a 16x16 grid.
        let mut cells = vec!["0"; 256];
        cells[1] = "16";
        cells[255] = "10";
        let line = cells.join(" ");
        let (g, n) = parse_rows(&[(1, &line)], &ctx(None, &a)).unwrap();
        assert_eq!((g.get(0, 1), g.get(15, 15)), (Some(16), Some(10)));
        assert_eq!(n, Notation::Numbers);
    }

    #[test]
    fn grouped_symbols_are_not_numbers() {
        let a = Alphabet::standard();
        let rows: Vec<String> = (0..9).map(|_| "534 678 912".to_string()).collect();
        let rows: Vec<Row<'_>> = rows
            .iter()
            .enumerate()
            .map(|(i, r)| (i + 1, r.as_str()))
            .collect();
        let (g, n) = parse_rows(&rows, &ctx(None, &a)).unwrap();
        assert_eq!(g.givens(), 81);
        assert!(matches!(n, Notation::Symbols(_)));
    }

    #[test]
    fn shape_errors() {
        let a = Alphabet::standard();
        let line = ".".repeat(36);
        let err = parse_rows(&[(2, &line)], &ctx(None, &a)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: a 6x6 grid has rectangular boxes, which cannot be inferred: give the box \
             shape (for example 2x3, boxes 2 rows high and 3 columns wide)"
        );
        let line = ".".repeat(80);
        let err = parse_rows(&[(5, &line)], &ctx(None, &a)).unwrap_err();
        assert!(
            matches!(err.kind, ParseErrorKind::UnknownShape { found: 80 }),
            "{err}"
        );
        let six = Shape::new(2, 3).unwrap();
        let line = ".".repeat(36);
        assert!(parse_rows(&[(1, &line)], &ctx(Some(six), &a)).is_ok());
    }

    #[test]
    fn row_length_errors_name_the_row() {
        let a = Alphabet::standard();
        let rows = ["1.3.", "3.2.", "..4", "...."];
        let rows: Vec<Row<'_>> = rows.iter().enumerate().map(|(i, r)| (i + 10, *r)).collect();
        let err = parse_rows(&rows, &ctx(None, &a)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 12: expected 4 cells in this row, found 3"
        );
    }
}
