//! Knuth's text format for exact-cover problems, as read by his DLX programs.
//!
//! ```text
//! | lines starting with a bar are comments
//! a b c | x y
//! a x:red
//! b x:red y
//! c
//! ```
//!
//! The first line names the primary items, then (after a `|`) the secondary
//! items. Each following line is one option: item names separated by spaces;
//! `x:red` gives the secondary item `x` the colour `red`. Names are 1 to
//! [`MAX_NAME_LEN`] bytes of printable characters other than `:` and `|`
//! (and other than U+FEFF, which at the start of a file is a byte-order mark).
//! Blank lines are ignored, as are a UTF-8 byte-order mark and `\r` at line ends.

use std::fmt::Write as _;

use thiserror::Error;

use crate::builder::{Entry, ProblemBuilder};
use crate::error::BuildError;
use crate::ids::ItemId;
use crate::matrix::Matrix;

/// The longest item or colour name accepted, in bytes.
pub const MAX_NAME_LEN: usize = 64;

/// A problem in Knuth's format that could not be read, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// What is wrong with a problem in Knuth's format.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// No line names the items.
    #[error("no item line: expected the primary items, then `|` and the secondary items")]
    NoItems,
    /// The input is not UTF-8.
    #[error("invalid UTF-8 byte 0x{byte:02x}")]
    InvalidUtf8 {
        /// The first byte that is not UTF-8.
        byte: u8,
    },
    /// A name has a character that names cannot have.
    #[error(
        "bad character {ch:?} in `{name}` (names are printable characters other than `:` and `|`)"
    )]
    BadCharacter {
        /// The name.
        name: String,
        /// The character.
        ch: char,
    },
    /// A name is too long.
    #[error("name `{name}...` is longer than {MAX_NAME_LEN} bytes")]
    NameTooLong {
        /// The start of the name.
        name: String,
    },
    /// An item is declared twice.
    #[error("item `{0}` is declared twice")]
    DuplicateItem(String),
    /// A second `|` on the item line.
    #[error("a second `|` on the item line")]
    SecondBar,
    /// An option names an undeclared item.
    #[error("unknown item `{0}`")]
    UnknownItem(String),
    /// An option names an item twice.
    #[error("item `{0}` appears twice in this option")]
    RepeatedItem(String),
    /// A colour on a primary item.
    #[error("primary item `{0}` cannot have a colour (only secondary items can)")]
    ColorOnPrimary(String),
    /// `item:` with nothing after the colon.
    #[error("empty colour after `{0}:`")]
    EmptyColor(String),
    /// An option without a primary item.
    #[error("this option has no primary item")]
    NoPrimaryItem,
    /// A `|` in an option.
    #[error("unexpected `|` in an option")]
    BarInOption,
    /// The problem is too large for the engine.
    #[error("{0}")]
    TooLarge(BuildError),
}

/// Reads a problem from text.
pub fn parse(text: &str) -> Result<Matrix, ParseError> {
    Parser::default().parse(text)
}

/// Reads a problem from bytes, reporting where they stop being UTF-8.
pub fn parse_bytes(bytes: &[u8]) -> Result<Matrix, ParseError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1);
            let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
            Err(ParseError {
                line,
                column,
                kind: ParseErrorKind::InvalidUtf8 {
                    byte: bytes[e.valid_up_to()],
                },
            })
        }
    }
}

/// Writes a matrix in Knuth's format (which [`parse`] reads back).
pub fn write(matrix: &Matrix) -> String {
    let mut text = String::new();
    let (primary, secondary): (Vec<ItemId>, Vec<ItemId>) =
        matrix.items().partition(|&i| matrix.is_primary(i));
    let names = |items: &[ItemId]| {
        items
            .iter()
            .map(|&i| matrix.item_name(i))
            .collect::<Vec<_>>()
            .join(" ")
    };
    text.push_str(&names(&primary));
    if !secondary.is_empty() {
        let _ = write!(text, " | {}", names(&secondary));
    }
    text.push('\n');
    for o in 0..matrix.option_count() {
        text.push_str(&matrix.option_text(crate::OptionId::new(o)));
        text.push('\n');
    }
    text
}

#[derive(Default)]
struct Parser {
    builder: ProblemBuilder,
}

/// Splits a line into whitespace-separated words with their 1-based columns.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut start = None;
    let mut out = Vec::new();
    for (byte, ch) in line.char_indices() {
        column += 1;
        if ch.is_whitespace() {
            if let Some((s, c)) = start.take() {
                out.push((c, &line[s..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((s, c)) = start {
        out.push((c, &line[s..]));
    }
    out.into_iter()
}

fn check_name(name: &str) -> Result<(), ParseErrorKind> {
    if name.len() > MAX_NAME_LEN {
        let mut end = MAX_NAME_LEN.min(16);
        while !name.is_char_boundary(end) {
            end -= 1;
        }
        return Err(ParseErrorKind::NameTooLong {
            name: name[..end].to_owned(),
        });
    }
    // U+FEFF is refused too: a name starting with it, written first in a file,
    // would be read back as a byte-order mark and lose it.
    if let Some(ch) = name
        .chars()
        .find(|&c| c == ':' || c == '|' || c == '\u{feff}' || c.is_control() || c.is_whitespace())
    {
        return Err(ParseErrorKind::BadCharacter {
            name: name.to_owned(),
            ch,
        });
    }
    Ok(())
}

impl Parser {
    fn parse(mut self, text: &str) -> Result<Matrix, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(k, l)| (k + 1, l.strip_suffix('\r').unwrap_or(l)))
            .filter(|(_, l)| !l.trim_start().starts_with('|') && !l.trim().is_empty());
        let (item_line, first) = lines.next().ok_or(ParseError {
            line: text.lines().count().max(1),
            column: 1,
            kind: ParseErrorKind::NoItems,
        })?;
        self.items(item_line, first)?;
        for (line, text) in lines {
            self.option(line, text)?;
        }
        let end = text.lines().count();
        self.builder.build().map_err(|e| ParseError {
            line: end,
            column: 1,
            kind: ParseErrorKind::TooLarge(e),
        })
    }

    fn items(&mut self, line: usize, text: &str) -> Result<(), ParseError> {
        let mut primary = true;
        for (column, word) in words(text) {
            let at = |kind| ParseError { line, column, kind };
            if word == "|" {
                if !primary {
                    return Err(at(ParseErrorKind::SecondBar));
                }
                primary = false;
                continue;
            }
            check_name(word).map_err(at)?;
            let added = if primary {
                self.builder.add_primary(word)
            } else {
                self.builder.add_secondary(word)
            };
            added.map_err(|e| match e {
                BuildError::DuplicateItem { name } => at(ParseErrorKind::DuplicateItem(name)),
                other => at(ParseErrorKind::TooLarge(other)),
            })?;
        }
        Ok(())
    }

    fn option(&mut self, line: usize, text: &str) -> Result<(), ParseError> {
        let mut entries: Vec<Entry> = Vec::new();
        let mut first_column = 1;
        for (k, (column, word)) in words(text).enumerate() {
            if k == 0 {
                first_column = column;
            }
            let at = |kind| ParseError { line, column, kind };
            if word == "|" {
                return Err(at(ParseErrorKind::BarInOption));
            }
            let (name, color) = match word.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (word, None),
            };
            let item = self
                .builder
                .item(name)
                .ok_or_else(|| at(ParseErrorKind::UnknownItem(name.to_owned())))?;
            let color = match color {
                None => None,
                Some("") => return Err(at(ParseErrorKind::EmptyColor(name.to_owned()))),
                Some(c) => {
                    check_name(c).map_err(at)?;
                    let color = self
                        .builder
                        .color(c)
                        .map_err(|e| at(ParseErrorKind::TooLarge(e)))?;
                    Some(color)
                }
            };
            entries.push(Entry { item, color });
        }
        self.builder.add_option(entries).map_err(|e| {
            let kind = match e {
                BuildError::NoPrimaryItem { .. } => ParseErrorKind::NoPrimaryItem,
                BuildError::RepeatedItem { name, .. } => ParseErrorKind::RepeatedItem(name),
                BuildError::ColorOnPrimary { name, .. } => ParseErrorKind::ColorOnPrimary(name),
                other => ParseErrorKind::TooLarge(other),
            };
            // The column where the item is named (the second time, for a
            // repeated item).
            let nth_naming = |name: &str, n: usize| {
                words(text)
                    .filter(|(_, w)| w.split(':').next() == Some(name))
                    .nth(n)
                    .map_or(first_column, |(c, _)| c)
            };
            let column = match &kind {
                ParseErrorKind::ColorOnPrimary(name) => nth_naming(name, 0),
                ParseErrorKind::RepeatedItem(name) => nth_naming(name, 1),
                _ => first_column,
            };
            ParseError { line, column, kind }
        })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        parse(text).expect_err("should not parse")
    }

    #[test]
    fn round_trip() {
        let text = "a b | x y\na x:red\nb x:red y\nb\n";
        let m = parse(text).unwrap();
        assert_eq!(write(&m), text);
        assert_eq!(write(&parse(&write(&m)).unwrap()), text);
    }

    #[test]
    fn comments_blank_lines_bom_crlf() {
        let m = parse("\u{feff}| a comment\r\n\r\na b\r\n| another\r\na b\r\n").unwrap();
        assert_eq!(m.item_count(), 2);
        assert_eq!(m.option_count(), 1);
    }

    #[test]
    fn errors_are_located() {
        let e = err("a b\na c\n");
        assert_eq!((e.line, e.column), (2, 3));
        assert_eq!(e.kind, ParseErrorKind::UnknownItem("c".into()));
        assert_eq!(e.to_string(), "line 2, column 3: unknown item `c`");

        let e = err("a b\n b a  a\n");
        assert_eq!(
            (e.line, e.column, e.kind),
            (2, 7, ParseErrorKind::RepeatedItem("a".into()))
        );

        let e = err("a | x\nx\n");
        assert_eq!((e.line, e.kind), (2, ParseErrorKind::NoPrimaryItem));

        let e = err("a | x\na:red x\n");
        assert_eq!((e.line, e.column), (2, 1));
        assert_eq!(e.kind, ParseErrorKind::ColorOnPrimary("a".into()));

        let e = err("a a\n");
        assert_eq!((e.line, e.column), (1, 3));

        let e = err("a | x | y\n");
        assert_eq!(
            (e.line, e.column, e.kind),
            (1, 7, ParseErrorKind::SecondBar)
        );

        let e = err("| only a comment\n\n");
        assert_eq!(e.kind, ParseErrorKind::NoItems);
        assert_eq!(err("").kind, ParseErrorKind::NoItems);

        let long = "n".repeat(MAX_NAME_LEN + 1);
        let e = err(&format!("a {long}\n"));
        assert!(matches!(e.kind, ParseErrorKind::NameTooLong { .. }), "{e}");
        assert_eq!(e.column, 3);

        let e = err("a b\u{7}c\n");
        assert!(
            matches!(e.kind, ParseErrorKind::BadCharacter { ch: '\u{7}', .. }),
            "{e}"
        );

        let e = err("a | x\na x:\n");
        assert_eq!(
            (e.column, e.kind),
            (3, ParseErrorKind::EmptyColor("x".into()))
        );
    }

    /// Found by the `knuth_parse` fuzz target: an item named `\u{feff}x`
    /// (after the byte-order mark) was accepted, and written first in a file,
    /// read back as a byte-order mark and the item `x`, so `write` did not
    /// round-trip. Names cannot hold U+FEFF now.
    #[test]
    fn byte_order_mark_in_a_name_is_refused() {
        let e = parse("\u{feff}\u{feff}x\n\u{feff}x\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        assert!(
            matches!(e.kind, ParseErrorKind::BadCharacter { ch: '\u{feff}', .. }),
            "{e}"
        );
        let e = parse("a | x\na x:r\u{feff}d\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        assert!(matches!(e.kind, ParseErrorKind::BadCharacter { .. }), "{e}");
        // A byte-order mark at the start is still skipped.
        let m = parse("\u{feff}x\nx\n").unwrap();
        assert_eq!(m.item_name(crate::ItemId::new(0)), "x");
        assert_eq!(write(&m), "x\nx\n");
    }

    #[test]
    fn non_utf8_is_located() {
        let e = parse_bytes(b"a b\na \xff b\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        assert_eq!(e.kind, ParseErrorKind::InvalidUtf8 { byte: 0xff });
    }
}
