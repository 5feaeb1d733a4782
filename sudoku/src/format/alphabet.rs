//! Alphabets: which character stands for which value, and for an empty cell.

use crate::error::AlphabetError;
use crate::shape::MAX_SIDE;

/// The symbols a puzzle is written with.
///
/// The standard alphabet reads `1`-`9`, then letters `a`/`A` = 10, `b` = 11, ... `z`
/// = 35 (either case), and the blanks `.` `0` `x` `X` `_` `-` `*`. It writes letters
/// in lowercase and `.` for blanks. `x` is a blank in grids up to 32x32; in grids of
/// side 33 to 35 it is the value 33.
///
/// A custom alphabet gives its symbols in value order (the k-th symbol is the value
/// k) and one blank, for example hexadecimal for 16x16:
///
/// ```
/// use sudoku::Alphabet;
/// let hex = Alphabet::custom("0123456789ABCDEF", '.')?;
/// assert_eq!(hex.symbol(1), Some('0'));
/// assert_eq!(hex.symbol(16), Some('F'));
/// # Ok::<(), sudoku::AlphabetError>(())
/// ```
///
/// There only the given blank is a blank: `0` is the value 1 here. Letters of a custom
/// alphabet are read in either case unless the alphabet holds both cases of a letter.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Alphabet {
    custom: Option<Custom>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Custom {
    symbols: Vec<char>,
    blank: char,
    ignore_case: bool,
}

/// What a character means in a grid of a given side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Decoded {
    Blank,
    Value(u16),
    Unknown,
}

/// Largest value of the standard alphabet.
const STANDARD_MAX: u16 = 35;

/// Blanks of the standard alphabet, as listed in messages.
const STANDARD_BLANKS: &str = ". 0 x _ - *";

impl Default for Alphabet {
    fn default() -> Self {
        Alphabet::standard()
    }
}

impl Alphabet {
    /// `1-9`, `a-z` (10-35, either case) and the blanks `. 0 x X _ - *`.
    pub fn standard() -> Alphabet {
        Alphabet { custom: None }
    }

    /// The symbols of `symbols` in value order (the first is 1) and `blank` for empty
    /// cells.
    ///
    /// Fails when a symbol repeats, the blank is a symbol, or a symbol is whitespace,
    /// a control character, `|`, `,` or `#`.
    pub fn custom(symbols: &str, blank: char) -> Result<Alphabet, AlphabetError> {
        let symbols: Vec<char> = symbols.chars().collect();
        if symbols.is_empty() {
            return Err(AlphabetError::Empty);
        }
        if symbols.len() > MAX_SIDE as usize {
            return Err(AlphabetError::TooMany(symbols.len()));
        }
        for (i, &c) in symbols.iter().chain([&blank]).enumerate() {
            if c.is_whitespace() || c.is_control() || matches!(c, '|' | ',' | '#') {
                return Err(AlphabetError::Reserved(c));
            }
            if i < symbols.len() && symbols[..i].contains(&c) {
                return Err(AlphabetError::Duplicate(c));
            }
        }
        if symbols.contains(&blank) {
            return Err(AlphabetError::BlankIsSymbol(blank));
        }
        let folded = |c: &char| c.to_lowercase().collect::<String>();
        let mut lower: Vec<String> = symbols.iter().chain([&blank]).map(folded).collect();
        lower.sort();
        lower.dedup();
        let ignore_case = lower.len() == symbols.len() + 1;
        Ok(Alphabet {
            custom: Some(Custom {
                symbols,
                blank,
                ignore_case,
            }),
        })
    }

    /// Whether this is [`Alphabet::standard`].
    pub fn is_standard(&self) -> bool {
        self.custom.is_none()
    }

    /// The largest value it can write (35 for the standard alphabet).
    pub fn max_value(&self) -> u16 {
        match &self.custom {
            None => STANDARD_MAX,
            // At most MAX_SIDE symbols, checked by `custom`.
            Some(c) => c.symbols.len() as u16,
        }
    }

    /// The character written for an empty cell (`.` for the standard alphabet).
    pub fn blank(&self) -> char {
        match &self.custom {
            None => '.',
            Some(c) => c.blank,
        }
    }

    /// The character written for `value` (`1..=max_value()`), `None` out of range.
    pub fn symbol(&self, value: u16) -> Option<char> {
        match &self.custom {
            None => match value {
                1..=9 => char::from_digit(u32::from(value), 10),
                10..=STANDARD_MAX => char::from_digit(u32::from(value), 36),
                _ => None,
            },
            Some(c) => c.symbols.get(usize::from(value).checked_sub(1)?).copied(),
        }
    }

    /// The symbols in value order, as a string (`123456789abc...z` for the standard
    /// alphabet).
    pub fn symbols(&self) -> String {
        (1..=self.max_value())
            .filter_map(|v| self.symbol(v))
            .collect()
    }

    /// Whether `c` is a symbol or a blank of this alphabet.
    pub fn knows(&self, c: char) -> bool {
        self.decode(c, 0) != Decoded::Unknown
    }

    /// Whether `c` is a blank whatever the grid size.
    pub(crate) fn is_blank(&self, c: char) -> bool {
        match &self.custom {
            None => matches!(c, '.' | '0' | 'x' | 'X' | '_' | '-' | '*'),
            Some(custom) => c == custom.blank,
        }
    }

    /// The meaning of `c` in a grid of side `side` (0 if unknown yet).
    pub(crate) fn decode(&self, c: char, side: u32) -> Decoded {
        match &self.custom {
            None => match c {
                '1'..='9' => Decoded::Value(c as u16 - '0' as u16),
                'x' | 'X' if side < 33 => Decoded::Blank,
                '.' | '0' | '_' | '-' | '*' => Decoded::Blank,
                'a'..='z' | 'A'..='Z' => {
                    Decoded::Value(c.to_ascii_lowercase() as u16 - 'a' as u16 + 10)
                }
                _ => Decoded::Unknown,
            },
            Some(custom) => {
                if c == custom.blank {
                    return Decoded::Blank;
                }
                if let Some(i) = custom.symbols.iter().position(|&s| s == c) {
                    return Decoded::Value(i as u16 + 1);
                }
                if custom.ignore_case {
                    let lower: String = c.to_lowercase().collect();
                    if custom.blank.to_lowercase().eq(lower.chars()) {
                        return Decoded::Blank;
                    }
                    if let Some(i) = custom
                        .symbols
                        .iter()
                        .position(|s| s.to_lowercase().eq(lower.chars()))
                    {
                        return Decoded::Value(i as u16 + 1);
                    }
                }
                Decoded::Unknown
            }
        }
    }

    /// What a cell may be, for messages.
    pub(crate) fn describe(&self) -> String {
        match &self.custom {
            None => format!("a digit 1-9, a letter for 10-35, or a blank {STANDARD_BLANKS}"),
            Some(c) => {
                let symbols: String = c.symbols.iter().collect();
                format!("one of the symbols {symbols} or the blank {}", c.blank)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_symbols() {
        let a = Alphabet::standard();
        assert_eq!(a.decode('1', 9), Decoded::Value(1));
        assert_eq!(a.decode('9', 9), Decoded::Value(9));
        assert_eq!(a.decode('a', 16), Decoded::Value(10));
        assert_eq!(a.decode('G', 16), Decoded::Value(16));
        assert_eq!(a.decode('z', 35), Decoded::Value(35));
        for blank in ".0xX_-*".chars() {
            assert_eq!(a.decode(blank, 9), Decoded::Blank, "{blank}");
            assert!(a.is_blank(blank));
        }
        assert_eq!(a.decode('x', 33), Decoded::Value(33));
        assert_eq!(a.decode('!', 9), Decoded::Unknown);
        assert_eq!(a.decode('é', 9), Decoded::Unknown);
        assert_eq!(a.symbol(1), Some('1'));
        assert_eq!(a.symbol(10), Some('a'));
        assert_eq!(a.symbol(35), Some('z'));
        assert_eq!(a.symbol(0), None);
        assert_eq!(a.symbol(36), None);
        assert_eq!(a.symbols().len(), 35);
        assert_eq!(a.blank(), '.');
        assert_eq!(a.max_value(), 35);
        for v in 1..=35 {
            let c = a.symbol(v).unwrap();
            let side = if v == 33 { 33 } else { 35 };
            assert_eq!(a.decode(c, side), Decoded::Value(v));
        }
    }

    #[test]
    fn custom_hex() {
        let a = Alphabet::custom("0123456789ABCDEF", '.').unwrap();
        assert!(!a.is_standard());
        assert_eq!(a.decode('0', 16), Decoded::Value(1));
        assert_eq!(a.decode('F', 16), Decoded::Value(16));
        assert_eq!(a.decode('f', 16), Decoded::Value(16));
        assert_eq!(a.decode('.', 16), Decoded::Blank);
        assert_eq!(a.decode('x', 16), Decoded::Unknown);
        assert_eq!(a.decode('G', 16), Decoded::Unknown);
        assert!(!a.is_blank('0'));
        assert_eq!(a.symbol(16), Some('F'));
        assert_eq!(a.max_value(), 16);
        assert_eq!(a.symbols(), "0123456789ABCDEF");
        assert!(a.describe().contains("0123456789ABCDEF"));
    }

    #[test]
    fn custom_case_sensitive_when_needed() {
        let a = Alphabet::custom("aA", '.').unwrap();
        assert_eq!(a.decode('a', 2), Decoded::Value(1));
        assert_eq!(a.decode('A', 2), Decoded::Value(2));
    }

    #[test]
    fn custom_errors() {
        assert_eq!(Alphabet::custom("", '.'), Err(AlphabetError::Empty));
        assert_eq!(
            Alphabet::custom("121", '.'),
            Err(AlphabetError::Duplicate('1'))
        );
        assert_eq!(
            Alphabet::custom("12.", '.'),
            Err(AlphabetError::BlankIsSymbol('.'))
        );
        assert_eq!(
            Alphabet::custom("1 2", '.'),
            Err(AlphabetError::Reserved(' '))
        );
        assert_eq!(
            Alphabet::custom("12", '#'),
            Err(AlphabetError::Reserved('#'))
        );
    }
}
