//! The JSON Lines records of a cube-and-conquer count: [`CubeRecord`]
//! (written by a split, read by a count) and [`ResultRecord`] (written by a
//! count, read by a merge). Counts are `u128` written as decimal strings.

use serde::{Deserialize, Serialize};

use super::Fingerprint;

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
