//! SudokuPad's `scf` ids: a classic 9x9 puzzle in a compact text.
//!
//! The layout, as SudokuPad's own decoder (`PuzzleTools.decodeSCF` in its
//! `puzzletools.js`) reads it; this is our own code:
//!
//! - The givens, row by row: each character is one cell's digit (`0` a
//!   blank) with the blanks after it, 0 to 5, as one character of
//!   `0-9A-Za-x` (index = digit + 10 x blanks; `classic`'s second codec).
//! - Then the rules: after a `*`, or (without one) straight after the
//!   character that completes the 81st cell. One letter each: `x` both
//!   main diagonals (X-sudoku), `w` windoku; `t` a title and `a` an author,
//!   each running to the next `*` (`**` is a `*` inside the text). A lone
//!   `*` separates and means nothing.
//! - Fewer than 81 cells: the rest are blanks, as SudokuPad shows them.
//!
//! Where SudokuPad shrugs, we refuse with the place: a character that is no
//! given, a digit past cell 81, a givens text that ends inside a
//! character's run of blanks without a `*` (SudokuPad then reads the whole
//! text as rules), a rule letter it does not know (SudokuPad ignores it;
//! we cannot know what the setter meant). SudokuPad moves on after a text
//! by the text's length once its `**` are undone, so after a text with two
//! or more `**` it reads the text's last characters as rules; we read them
//! the same way, so a link means here what it shows there.

use super::{invalid, percent_decode, Metadata, SudokuPadError, SudokuPadPuzzle};
use crate::fpuzzles::{box_shape, FPuzzle};
use sudoku::{Grid, Variant};

#[cfg(test)]
#[path = "scf_tests.rs"]
mod tests;

/// The characters of a cell and its following blanks (index = digit + 10 x
/// blanks).
const CODES: &[u8; 60] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx";

/// The cells of the grid (scf is 9x9 only).
const CELLS: usize = 81;

/// The most bytes of an id's data read (titles and authors included).
pub(super) const MAX_BYTES: usize = 16 * 1024;

/// Reads an `scf` id's data (after the prefix).
pub(super) fn read(data: &str) -> Result<SudokuPadPuzzle, SudokuPadError> {
    if data.len() > MAX_BYTES {
        return Err(SudokuPadError::Decode(format!(
            "the scf data has {} bytes, more than the {MAX_BYTES} read",
            data.len()
        )));
    }
    let text: Vec<char> = percent_decode(data).chars().collect();
    let star = text.iter().position(|&c| c == '*');
    let givens_end = star.unwrap_or(text.len());
    let mut cells: Vec<u16> = Vec::with_capacity(CELLS + 5);
    let mut used = 0;
    for (k, &ch) in text[..givens_end].iter().enumerate() {
        if star.is_none() && cells.len() >= CELLS {
            break;
        }
        let code = u8::try_from(ch)
            .ok()
            .and_then(|b| CODES.iter().position(|&c| c == b))
            .ok_or_else(|| {
                invalid(
                    &format!("scf, character {}", k + 1),
                    format!(
                        "{ch:?} is no given (a digit with 0 to 5 blanks after it: 0-9, A-Z, a-x)"
                    ),
                )
            })?;
        let (digit, blanks) = ((code % 10) as u16, code / 10);
        if digit != 0 && cells.len() >= CELLS {
            return Err(invalid(
                &format!("scf, character {}", k + 1),
                format!("a given ({digit}) past the grid's {CELLS} cells"),
            ));
        }
        cells.push(digit);
        cells.extend(std::iter::repeat_n(0, blanks));
        used = k + 1;
        if star.is_none() && cells.len() > CELLS {
            return Err(invalid(
                &format!("scf, character {}", k + 1),
                format!(
                    "the givens end inside this character's blanks (cell {} of {CELLS}) and no \
                     '*' starts the rules, so SudokuPad reads the whole text as rules",
                    cells.len()
                ),
            ));
        }
    }
    cells.resize(CELLS, 0);
    let rules_start = match star {
        Some(at) => at + 1,
        None => used,
    };
    let mut variant = Variant::default();
    let mut meta = Metadata::default();
    read_rules(&text[rules_start..], rules_start, &mut variant, &mut meta)?;
    let shape = box_shape(9).map_err(SudokuPadError::Fpuzzles)?;
    let grid = Grid::from_values(shape, cells).map_err(|e| invalid("scf", e.to_string()))?;
    variant
        .rules(shape)
        .map_err(|e| invalid("scf", format!("the rules: {e}")))?;
    Ok(SudokuPadPuzzle {
        puzzle: FPuzzle { grid, variant },
        meta,
    })
}

/// Reads the rule letters `rules` (starting at character `offset` of the
/// data, for the errors) into `variant` and `meta`, stepping as SudokuPad
/// does.
fn read_rules(
    rules: &[char],
    offset: usize,
    variant: &mut Variant,
    meta: &mut Metadata,
) -> Result<(), SudokuPadError> {
    let len = rules.len();
    let mut i = 0;
    while i < len {
        let letter = rules[i];
        i += 1;
        match letter {
            'x' => variant.diagonals = true,
            'w' => variant.windows = true,
            '*' => {}
            'a' | 't' => {
                // The text runs to the next lone '*'.
                let mut j = i;
                while j < len {
                    if rules[j] == '*' {
                        if rules.get(j + 1) == Some(&'*') {
                            j += 2;
                            continue;
                        }
                        break;
                    }
                    j += 1;
                }
                let value: String = rules[i..j.min(len)]
                    .iter()
                    .collect::<String>()
                    .replace("**", "*");
                // SudokuPad steps by the unescaped text's length, plus one.
                i += value.chars().count() + 1;
                let slot = if letter == 't' {
                    &mut meta.title
                } else {
                    &mut meta.author
                };
                match slot {
                    Some(before) => {
                        before.push_str(" / ");
                        before.push_str(&value);
                    }
                    None => *slot = Some(value),
                }
            }
            other => {
                return Err(SudokuPadError::Unsupported {
                    part: format!("scf, character {}", offset + i),
                    name: format!(
                        "the rule letter {other:?} (scf knows x, w, t and a; SudokuPad shows \
                         nothing for it, so its meaning is unknown)"
                    ),
                })
            }
        }
    }
    Ok(())
}

/// The puzzle as an `scf` id (`scf...`): a classic 9x9 grid, with X and
/// windoku, and a title and author. Anything scf cannot hold (other sizes,
/// regions, cages, constraints; a `*` in the title or author, which
/// SudokuPad's reader misplaces) is refused by name.
pub fn to_scf_id(puzzle: &FPuzzle, meta: &Metadata) -> Result<String, SudokuPadError> {
    let refuse = |name: &str| SudokuPadError::Unsupported {
        part: "scf".into(),
        name: name.into(),
    };
    let shape = puzzle.grid.shape();
    if shape.side() != 9 || !shape.is_square() {
        return Err(refuse(&format!(
            "a {0}x{0} grid (scf holds 9x9 with 3x3 boxes)",
            shape.side()
        )));
    }
    let v = &puzzle.variant;
    if v.regions.is_some() {
        return Err(refuse("jigsaw regions"));
    }
    if !v.cages.is_empty() {
        return Err(refuse("killer cages"));
    }
    if let Some(c) = v.constraints.first() {
        return Err(refuse(c.name()));
    }
    for text in [&meta.title, &meta.author].into_iter().flatten() {
        if text.contains('*') {
            return Err(refuse("a '*' in the title or author"));
        }
    }
    let mut out = String::from("scf");
    let cells = puzzle.grid.cells();
    let mut k = 0;
    while k < cells.len() {
        let digit = usize::from(cells[k]);
        let mut blanks = 0;
        while blanks < 5 && k + 1 + blanks < cells.len() && cells[k + 1 + blanks] == 0 {
            blanks += 1;
        }
        out.push(char::from(CODES[digit + 10 * blanks]));
        k += 1 + blanks;
    }
    let rules = v.diagonals || v.windows || meta.title.is_some() || meta.author.is_some();
    if rules {
        out.push('*');
    }
    if v.diagonals {
        out.push('x');
    }
    if v.windows {
        out.push('w');
    }
    if let Some(title) = &meta.title {
        out.push('t');
        out.push_str(&percent_encode(title));
    }
    if let Some(author) = &meta.author {
        out.push_str("*a");
        out.push_str(&percent_encode(author));
    }
    Ok(out)
}

/// `text` with every byte but letters, digits and `-._~` written as `%XX`
/// (the reader undoes it first, as SudokuPad does).
fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
