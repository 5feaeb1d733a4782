//! The JSON Lines records of a cube-and-conquer count: [`CubeRecord`]
//! (written by a split, read by a count) and [`ResultRecord`] (written by a
//! count, read by a merge). Counts are `u128` written as decimal strings.
//!
//! [`read_lines`] reads a file of records line by line, bytes first: a line
//! that is not UTF-8 or not a record is an error located by line and column
//! ([`LineError`]), and the lines after it are still read.

use std::io::{self, BufRead};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::merge::{sensible_of, MAX_CUBES};
use super::Fingerprint;

/// A line of a cube or result file that is not a record: where (from 1) and
/// what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct LineError {
    /// The line, from 1.
    pub line: usize,
    /// The column (byte), from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads one line (without its line break) as a record of type `T`;
/// `Ok(None)` for a blank line. `line` is the line's number, for errors.
///
/// ```
/// use solver_core::cubes::{parse_line, ResultRecord};
///
/// let e = parse_line::<ResultRecord>(b"{\"cube\":\xff}", 7).unwrap_err();
/// assert_eq!((e.line, e.column), (7, 9));
/// assert!(e.message.contains("UTF-8"), "{e}");
/// assert_eq!(parse_line::<ResultRecord>(b"  \r", 8), Ok(None));
/// ```
pub fn parse_line<T: DeserializeOwned>(bytes: &[u8], line: usize) -> Result<Option<T>, LineError> {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        LineError {
            line,
            column: at + 1,
            message: format!(
                "not UTF-8 text (byte 0x{:02x}); expected a JSON record",
                bytes[at]
            ),
        }
    })?;
    if text.trim().is_empty() {
        return Ok(None);
    }
    serde_json::from_str::<T>(text)
        .map(Some)
        .map_err(|e| LineError {
            line,
            column: e.column().max(1),
            message: e.to_string(),
        })
}

/// Reads the records of a JSON Lines file one line at a time, calling
/// `each` with the line's number (from 1) and its record or error (blank
/// lines are skipped); stops early when `each` returns false. Only a failure to read
/// is an error: a bad line is handed to `each`, and the lines after it are
/// read. Memory: one line at a time.
pub fn read_lines<T: DeserializeOwned>(
    mut reader: impl BufRead,
    mut each: impl FnMut(usize, Result<T, LineError>) -> bool,
) -> io::Result<()> {
    let mut buffer = Vec::new();
    let mut line = 0usize;
    loop {
        buffer.clear();
        if reader.read_until(b'\n', &mut buffer)? == 0 {
            return Ok(());
        }
        line += 1;
        let record = match parse_line::<T>(&buffer, line) {
            Ok(None) => continue,
            Ok(Some(r)) => Ok(r),
            Err(e) => Err(e),
        };
        if !each(line, record) {
            return Ok(());
        }
    }
}

/// One choice on a cube's path: an option by number and by name.
///
/// The name is what a person reads (`A D G` for an option of Knuth's format,
/// `r1c1=5` for a Sudoku cell); the number is what a program uses, and
/// must agree with the name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// The option's number (from 0).
    pub option: usize,
    /// The option's name.
    pub name: String,
}

/// One cube: a part of the search, named by the options chosen on the way
/// down to it.
///
/// ```
/// use solver_core::cubes::{Choice, CubeRecord, Fingerprint};
///
/// let cube = CubeRecord {
///     cube: 0,
///     of: 2,
///     problem: Fingerprint(7),
///     path: vec![Choice { option: 3, name: "A D".into() }],
///     estimate: 12.5,
/// };
/// let line = serde_json::to_string(&cube)?;
/// assert_eq!(
///     line,
///     r#"{"cube":0,"of":2,"problem":"00000000000000000000000000000007","path":[{"option":3,"name":"A D"}],"estimate":12.5}"#
/// );
/// assert_eq!(serde_json::from_str::<CubeRecord>(&line)?, cube);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CubeRecord {
    /// The cube's number, from 0.
    pub cube: u64,
    /// How many cubes the split made.
    pub of: u64,
    /// The problem it belongs to.
    pub problem: Fingerprint,
    /// The options chosen, from the root down.
    pub path: Vec<Choice>,
    /// Estimated search-tree nodes below it.
    pub estimate: f64,
}

impl CubeRecord {
    /// Checks what a split can have written: `of` from 1 to [`MAX_CUBES`],
    /// and `cube` below `of`.
    pub fn check(&self) -> Result<(), String> {
        if !sensible_of(self.of) {
            return Err(format!(
                "\"of\": {} cubes is not a number of cubes a split makes (1 to {MAX_CUBES})",
                self.of
            ));
        }
        if self.cube >= self.of {
            return Err(format!(
                "cube {} of {}: cubes are numbered from 0 to {}",
                self.cube,
                self.of,
                self.of - 1
            ));
        }
        Ok(())
    }
}

/// The count of one cube.
///
/// `count` is exact only when `complete` is true; otherwise `incomplete`
/// says why (`node-limit`, `deadline`, `cancelled`, or `error` with the
/// message in `error`) and the count is a lower bound that a merge refuses.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultRecord {
    /// The cube's number.
    pub cube: u64,
    /// How many cubes the split made.
    pub of: u64,
    /// The problem counted.
    pub problem: Fingerprint,
    /// Solutions found below the cube, as a decimal string.
    #[serde(with = "decimal")]
    pub count: u128,
    /// Whether the count is exact.
    pub complete: bool,
    /// Why the count is not exact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub incomplete: Option<String>,
    /// What went wrong, for a cube that could not be counted at all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Search-tree nodes visited.
    pub nodes: u64,
    /// Seconds spent counting.
    pub seconds: f64,
}

/// `u128` as a string of decimal digits (JSON numbers lose precision beyond
/// 2^53 in many readers).
pub mod decimal {
    use serde::{de::Error as _, Deserialize, Deserializer, Serializer};

    /// Writes the number as a string.
    pub fn serialize<S: Serializer>(n: &u128, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(n)
    }

    /// Reads a string of digits.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u128, D::Error> {
        let text = String::deserialize(d)?;
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(D::Error::custom(format!(
                "count `{text}` is not a string of decimal digits"
            )));
        }
        text.parse()
            .map_err(|_| D::Error::custom(format!("count `{text}` does not fit in 128 bits")))
    }
}
