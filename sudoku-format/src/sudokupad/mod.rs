//! SudokuPad links in and out.
//!
//! SudokuPad (`sudokupad.app`, also `beta.` and `alpha.`, the Cracking the
//! Cryptic app's `app.crackingthecryptic.com/sudoku/<id>`, its
//! `?puzzleid=<id>` form and `sudokupad://puzzle/<id>`) names a puzzle by
//! an id whose prefix says its form; settings may follow as `?setting-...`:
//!
//! - `fpuz` (and `fpuzzles`): f-puzzles JSON, compressed with lz-string's
//!   base64 (SudokuPad's alphabet writes `\` for `=`; padding is ignored),
//!   read by [`crate::fpuzzles`].
//! - `scl` and `ctc`: the CTC JSON of SudokuPad's own editor, in its
//!   "zipper" compaction and compressed the same way. Its meaning is read
//!   from the givens, the regions, the cages (killer cages with `unique` and
//!   a sum, extra regions, disjoint groups), the global flags (anti-knight,
//!   anti-king, non-consecutive, disjoint groups), and the lines, arrows and
//!   overlays as SudokuPad's f-puzzles converter draws them: thermometers,
//!   arrows, Kropki dots, XV, sandwich and little-killer clues, odd/even,
//!   palindromes, between lines, diagonals. Anything else is refused by
//!   name with the part of the puzzle it is in: a puzzle whose meaning we
//!   cannot know is never solved without it.
//! - `classic`: a classic grid in SudokuPad's compact text.
//! - `scf`: a classic 9x9 grid in SudokuPad's compact text (each given
//!   with the blanks after it as one character), then after a `*` the rule
//!   letters `x` (X-sudoku), `w` (windoku), `t` title and `a` author, as
//!   SudokuPad's `PuzzleTools.decodeSCF` reads them; unknown letters are
//!   refused by name. [`to_scf_id`] writes it.
//! - A short id (no prefix) is fetched from SudokuPad's puzzle API
//!   ([`FetchOptions`]); without a network the error says so.
//!
//! Links lose doubled slashes on the way (`//` becomes `/`); when the data
//! does not decompress, up to two of its first 16 slashes are doubled again
//! until it does, as SudokuPad does. Every input is bounded: the compressed
//! text by [`fpuzzles::MAX_COMPRESSED_BYTES`], its output by
//! [`fpuzzles::MAX_DECOMPRESSED_CHARS`] (decompression bombs stop there),
//! the grid by 64x64, cells outside the grid are refused.
//!
//! ```
//! use sudoku_format::fpuzzles::read_fpuzzles;
//! use sudoku_format::sudokupad::{read_sudokupad, to_sudokupad_link, Metadata};
//!
//! let json = r#"{"size": 4, "grid": [
//!     [{"value": 1, "given": true}, {}, {}, {}], [{}, {}, {}, {}],
//!     [{}, {}, {}, {}], [{}, {}, {}, {}]],
//!   "thermometer": [{"lines": [["R2C1", "R2C2", "R2C3"]]}]}"#;
//! let puzzle = read_fpuzzles(json)?;
//! let meta = Metadata { title: Some("Warm".into()), ..Metadata::default() };
//! let link = to_sudokupad_link(&puzzle, &meta)?;
//! assert!(link.starts_with("https://sudokupad.app/fpuz"));
//! let back = read_sudokupad(&link)?;
//! assert_eq!(back.puzzle, puzzle);
//! assert_eq!(back.meta.title.as_deref(), Some("Warm"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod classic;
mod ctc;
mod fetch;
mod scf;
mod zipper;

pub use scf::to_scf_id;

#[cfg(test)]
mod tests;

use serde_json::Value;

pub use fetch::{FetchOptions, API_ENV, DEFAULT_API};

use super::fpuzzles::{self, percent_decode, FPuzzle};
use super::lzstring::{self, LzError};

/// The title, author and rules of a puzzle, when its link has them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    /// The puzzle's title.
    pub title: Option<String>,
    /// Its author.
    pub author: Option<String>,
    /// Its rules, as the setter wrote them.
    pub rules: Option<String>,
}

/// A puzzle read from a SudokuPad link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SudokuPadPuzzle {
    /// The givens and the rules.
    pub puzzle: FPuzzle,
    /// Title, author and rules text.
    pub meta: Metadata,
}

pub use sudoku::SudokuPadError;

pub(crate) fn invalid(part: &str, why: impl Into<String>) -> SudokuPadError {
    SudokuPadError::Invalid {
        part: part.to_string(),
        why: why.into(),
    }
}

/// The prefixes of the forms SudokuPad writes, longest first.
const PREFIXES: [&str; 6] = ["fpuzzles", "classic", "fpuz", "scl", "ctc", "scf"];

/// The hosts and paths before a puzzle id.
const HOSTS: [&str; 5] = [
    "sudokupad.app/",
    "app.crackingthecryptic.com/sudoku/",
    "app.crackingthecryptic.com/",
    "sudokupad.svencodes.com/puzzle/",
    "sudokupad://puzzle/",
];

/// Whether `text` is a SudokuPad link, or an id with one of SudokuPad's
/// prefixes (`scl`, `ctc`, `fpuz`, `classic`, `scf`), as the batch reader
/// recognises them. `fpuzzles` ids are the f-puzzles reader's.
pub fn is_sudokupad_link(text: &str) -> bool {
    let t = text.trim();
    // The batch reader asks this of every line: a puzzle line (digits and
    // dots) is told apart by its first bytes and one scan for '/' (every
    // host form has one), before the hosts are searched.
    let prefixed = ["scl", "ctc", "fpuz", "classic", "scf"]
        .iter()
        .any(|p| t.starts_with(p) && !t.starts_with("fpuzzles") && t.len() > p.len());
    let hosted =
        || memchr::memchr(b'/', t.as_bytes()).is_some() && HOSTS.iter().any(|h| t.contains(h));
    (prefixed || hosted()) && !t.contains(char::is_whitespace)
}

/// The puzzle id of a link: what follows the host (or `puzzleid=`),
/// without the settings.
pub fn puzzle_id(link: &str) -> String {
    let t = link.trim();
    if let Some(at) = t.find("puzzleid=") {
        let rest = &t[at + "puzzleid=".len()..];
        return rest.split(['&', '#']).next().unwrap_or("").to_string();
    }
    let mut rest = t;
    for host in HOSTS {
        if let Some(at) = t.find(host) {
            rest = &t[at + host.len()..];
            break;
        }
    }
    // `?setting-...` and `#...` are the app's, not the puzzle's.
    let rest = rest.split(['?', '#']).next().unwrap_or("");
    rest.strip_prefix("sudoku/").unwrap_or(rest).to_string()
}

/// Reads a SudokuPad link or id, fetching a short id from the API named by
/// [`FetchOptions::from_env`].
pub fn read_sudokupad(text: &str) -> Result<SudokuPadPuzzle, SudokuPadError> {
    read_sudokupad_with(text, &FetchOptions::from_env())
}

/// Reads a SudokuPad link or id, fetching a short id with `fetch`.
pub fn read_sudokupad_with(
    text: &str,
    fetch: &FetchOptions,
) -> Result<SudokuPadPuzzle, SudokuPadError> {
    let id = puzzle_id(text);
    if id.is_empty() {
        return Err(SudokuPadError::Decode(
            "the link names no puzzle (nothing after the host)".into(),
        ));
    }
    if PREFIXES.iter().any(|p| id.starts_with(p)) {
        return read_id(&id);
    }
    let data = fetch::fetch(&id, fetch)?;
    let data = data.trim();
    if PREFIXES.iter().any(|p| data.starts_with(p)) {
        read_id(data)
    } else {
        // The API answers some puzzles with their (zipped) CTC JSON as is.
        read_ctc_text(data)
    }
}

/// Reads an id with its prefix.
fn read_id(id: &str) -> Result<SudokuPadPuzzle, SudokuPadError> {
    let prefix = PREFIXES
        .iter()
        .find(|p| id.starts_with(*p))
        .expect("a known prefix");
    let data = &id[prefix.len()..];
    match *prefix {
        "fpuzzles" | "fpuz" => {
            let json = decompress(data)?;
            let doc: Value = serde_json::from_str(&json)
                .or_else(|_| zipper::unzip(&json))
                .map_err(|_| SudokuPadError::Decode("the f-puzzles data is not JSON".into()))?;
            let puzzle = fpuzzles::from_json(&doc).map_err(SudokuPadError::Fpuzzles)?;
            let text = |key: &str| doc.get(key).and_then(Value::as_str).map(str::to_string);
            Ok(SudokuPadPuzzle {
                puzzle,
                meta: Metadata {
                    title: text("title"),
                    author: text("author"),
                    rules: text("ruleset"),
                },
            })
        }
        "scl" | "ctc" => read_ctc_text(&decompress(data)?),
        "classic" => classic::read(&percent_decode(data)),
        _ => scf::read(data),
    }
}

fn read_ctc_text(text: &str) -> Result<SudokuPadPuzzle, SudokuPadError> {
    let doc = zipper::unzip(text).map_err(|e| {
        SudokuPadError::Decode(format!(
            "the puzzle's text, at character {}: {}",
            e.at, e.why
        ))
    })?;
    ctc::from_ctc(&doc)
}

/// How many of the first slashes may be doubled again, and how many at once.
const SLASHES_SEEN: usize = 16;
const SLASHES_DOUBLED: usize = 2;

/// The text of compressed data: percent escapes undone, SudokuPad's `\`
/// read as lz-string's `=`, lost slashes re-doubled until it decompresses
/// to a JSON object (or zipped one).
fn decompress(data: &str) -> Result<String, SudokuPadError> {
    if data.len() > fpuzzles::MAX_COMPRESSED_BYTES {
        return Err(SudokuPadError::Decode(format!(
            "the compressed puzzle has {} bytes, more than the {} read",
            data.len(),
            fpuzzles::MAX_COMPRESSED_BYTES
        )));
    }
    let text = percent_decode(data).replace('\\', "=").replace(' ', "+");
    let attempt = |candidate: &str| -> Result<Option<String>, SudokuPadError> {
        match lzstring::decompress_from_base64(candidate, fpuzzles::MAX_DECOMPRESSED_CHARS) {
            Ok(wide) => {
                let s = String::from_utf16(&wide).ok();
                Ok(s.filter(|s| s.trim_start().starts_with('{') && readable(s)))
            }
            Err(LzError::Malformed) => Ok(None),
            Err(LzError::TooLong(cap)) => Err(SudokuPadError::Decode(format!(
                "the compressed puzzle decompresses to more than {cap} characters (the most read)"
            ))),
        }
    };
    if let Some(s) = attempt(&text)? {
        return Ok(s);
    }
    let slashes: Vec<usize> = text
        .match_indices('/')
        .map(|(i, _)| i)
        .take(SLASHES_SEEN)
        .collect();
    let double = |which: &[usize]| {
        let mut out = String::with_capacity(text.len() + which.len());
        for (i, ch) in text.char_indices() {
            out.push(ch);
            if which.contains(&i) {
                out.push('/');
            }
        }
        out
    };
    for k in 1..=SLASHES_DOUBLED.min(slashes.len()) {
        for combo in combinations(slashes.len(), k) {
            let which: Vec<usize> = combo.iter().map(|&j| slashes[j]).collect();
            if let Some(s) = attempt(&double(&which))? {
                return Ok(s);
            }
        }
    }
    Err(SudokuPadError::Decode(
        "the data is not lz-string base64 of a puzzle (SudokuPad's compression)".into(),
    ))
}

/// Whether a decompressed text reads as JSON or zipped JSON.
fn readable(s: &str) -> bool {
    serde_json::from_str::<Value>(s).is_ok() || zipper::unzip(s).is_ok()
}

/// The `k`-element subsets of `0..n`, in order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    fn go(start: usize, n: usize, k: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in start..n {
            current.push(i);
            go(i + 1, n, k, current, out);
            current.pop();
        }
    }
    go(0, n, k, &mut current, &mut out);
    out
}

/// The f-puzzles JSON of a puzzle with its title, author and rules.
pub fn to_fpuzzles_json_with(puzzle: &FPuzzle, meta: &Metadata) -> Result<Value, SudokuPadError> {
    let mut doc = fpuzzles::to_fpuzzles_json(puzzle).map_err(SudokuPadError::Fpuzzles)?;
    if let Some(obj) = doc.as_object_mut() {
        for (key, value) in [
            ("title", &meta.title),
            ("author", &meta.author),
            ("ruleset", &meta.rules),
        ] {
            if let Some(v) = value {
                obj.insert(key.into(), Value::String(v.clone()));
            }
        }
    }
    Ok(doc)
}

/// The puzzle as a SudokuPad link: `https://sudokupad.app/fpuz` and its
/// f-puzzles JSON (with title, author and rules) compressed with
/// lz-string's base64.
pub fn to_sudokupad_link(puzzle: &FPuzzle, meta: &Metadata) -> Result<String, SudokuPadError> {
    let json = to_fpuzzles_json_with(puzzle, meta)?.to_string();
    Ok(format!(
        "https://sudokupad.app/fpuz{}",
        lz_str::compress_to_base64(json.as_str())
    ))
}
