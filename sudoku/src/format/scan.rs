//! Splitting lines into cell tokens: one character per cell (symbols) or one
//! whitespace-separated number per cell (numbers), and recognising border lines.

use super::alphabet::Alphabet;
use crate::error::{ParseError, ParseErrorKind};

/// One cell as written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Token {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (characters) of its first character.
    pub column: usize,
    pub kind: TokenKind,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TokenKind {
    /// A symbol, decoded once the side of the grid is known.
    Symbol(char),
    /// A number (0 is a blank); saturates at `u64::MAX`.
    Number(u64),
    /// A blank written as a non-digit (`.`) in numbers notation.
    Blank,
}

/// What `|` and box-drawing verticals are: separators between cells.
pub fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | '│' | '┃' | '║')
}

/// Whether a (non-empty) line is a border drawn between rows of a multi-line grid:
/// made only of `-`, `+`, `=`, `|`, box-drawing characters and spaces, and not a row
/// of blanks written as single dashes (`- - - | - - -`).
pub fn is_border_line(text: &str) -> bool {
    let t = text.trim();
    let border_char = |c: char| {
        matches!(c, '-' | '+' | '=' | '|')
            || c.is_whitespace()
            || ('\u{2500}'..='\u{257F}').contains(&c)
    };
    if t.is_empty() || !t.chars().all(border_char) {
        return false;
    }
    let dashes_only = t.chars().all(|c| c == '-' || is_separator(c));
    !dashes_only || t.contains("--")
}

/// Whether the whole line is `-` characters (a border, or an empty grid written
/// with `-` blanks).
pub fn is_all_dashes(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty() && t.chars().all(|c| c == '-')
}

/// The cells of a line in symbols notation: every character that is not whitespace
/// or `|`.
pub(crate) fn scan_symbols(
    line: usize,
    text: &str,
    alphabet: &Alphabet,
    out: &mut Vec<Token>,
) -> Result<(), ParseError> {
    for (i, c) in text.chars().enumerate() {
        if is_separator(c) {
            continue;
        }
        if !alphabet.knows(c) {
            return Err(ParseError::new(
                line,
                Some(i + 1),
                ParseErrorKind::UnexpectedChar {
                    found: c,
                    expected: alphabet.describe(),
                },
            ));
        }
        out.push(Token {
            line,
            column: i + 1,
            kind: TokenKind::Symbol(c),
        });
    }
    Ok(())
}

/// Statistics of a numbers scan, used to tell numbers from symbols.
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct NumberStats {
    /// Longest token, in characters.
    pub longest: usize,
    /// Largest number.
    pub max_value: u64,
}

/// What numbers notation accepts, for messages.
pub(crate) const NUMBERS_EXPECTED: &str = "a number, or 0 or . for a blank";

/// The cells of a line in numbers notation: tokens separated by whitespace or `|`,
/// each a decimal number (0 for a blank) or a single blank character.
pub(crate) fn scan_numbers(
    line: usize,
    text: &str,
    alphabet: &Alphabet,
    out: &mut Vec<Token>,
    stats: &mut NumberStats,
) -> Result<(), ParseError> {
    let mut chars = text.chars().enumerate().peekable();
    while let Some((start, c)) = chars.next() {
        if is_separator(c) {
            continue;
        }
        let mut len = 1;
        let mut value = Some(u64::from(c.to_digit(10).unwrap_or(0)));
        let mut bad = (!c.is_ascii_digit()).then_some((start, c));
        while let Some(&(i, d)) = chars.peek() {
            if is_separator(d) {
                break;
            }
            chars.next();
            len += 1;
            if !d.is_ascii_digit() {
                bad = bad.or(Some((i, d)));
                continue;
            }
            value = value.map(|v| {
                v.saturating_mul(10)
                    .saturating_add(u64::from(d.to_digit(10).unwrap_or(0)))
            });
        }
        let kind = match bad {
            None => TokenKind::Number(value.unwrap_or(0)),
            Some(_) if len == 1 && (c == '.' || alphabet.is_blank(c)) => TokenKind::Blank,
            Some((i, found)) => {
                return Err(ParseError::new(
                    line,
                    Some(i + 1),
                    ParseErrorKind::UnexpectedChar {
                        found,
                        expected: NUMBERS_EXPECTED.to_string(),
                    },
                ))
            }
        };
        if let TokenKind::Number(v) = kind {
            stats.max_value = stats.max_value.max(v);
        }
        stats.longest = stats.longest.max(len);
        out.push(Token {
            line,
            column: start + 1,
            kind,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borders() {
        for border in [
            "-----------------",
            "+-------+-------+-------+",
            "|---+---|",
            "=====",
            "  +--+  ",
            "┌───┬───┐",
            "------+-------+------",
        ] {
            assert!(is_border_line(border), "{border}");
        }
        for row in [
            "- - - | - - - | - - -",
            "-",
            "| 1 | 2 |",
            "53..7....",
            "|  |x",
        ] {
            assert!(!is_border_line(row), "{row}");
        }
        assert!(is_all_dashes("----"));
        assert!(!is_all_dashes("--+-"));
    }

    #[test]
    fn symbols_skip_separators() {
        let mut out = Vec::new();
        scan_symbols(4, "| 1 2 | x 4 |", &Alphabet::standard(), &mut out).unwrap();
        let cols: Vec<_> = out.iter().map(|t| t.column).collect();
        assert_eq!(cols, [3, 5, 9, 11]);
        assert_eq!(out[2].kind, TokenKind::Symbol('x'));
        assert!(out.iter().all(|t| t.line == 4));
        let err = scan_symbols(3, "12!", &Alphabet::standard(), &mut out).unwrap_err();
        assert_eq!((err.line, err.column), (3, Some(3)));
    }

    #[test]
    fn numbers_tokens() {
        let mut out = Vec::new();
        let mut stats = NumberStats::default();
        let a = Alphabet::standard();
        scan_numbers(1, " 10 0 . | 36  x", &a, &mut out, &mut stats).unwrap();
        let kinds: Vec<_> = out.iter().map(|t| t.kind).collect();
        assert_eq!(
            kinds,
            [
                TokenKind::Number(10),
                TokenKind::Number(0),
                TokenKind::Blank,
                TokenKind::Number(36),
                TokenKind::Blank
            ]
        );
        assert_eq!(out[0].column, 2);
        assert_eq!(out[3].column, 11);
        assert_eq!((stats.longest, stats.max_value), (2, 36));
        let err = scan_numbers(2, "1 2a 3", &a, &mut out, &mut stats).unwrap_err();
        assert_eq!(err.column, Some(4));
        assert!(err.to_string().contains("'a'"), "{err}");
        scan_numbers(2, "99999999999999999999999", &a, &mut out, &mut stats).unwrap();
        assert_eq!(out.last().unwrap().kind, TokenKind::Number(u64::MAX));
    }
}
