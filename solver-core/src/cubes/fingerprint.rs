//! [`Fingerprint`]: a stable 128-bit hash of a problem (FNV-1a), so that a
//! cube is never counted against the wrong problem.
//!
//! The hash is written here rather than taken from the standard library,
//! whose `DefaultHasher` may change between Rust releases: a fingerprint is
//! written into files and compared on other machines, perhaps by another
//! build of the program.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::ids::{ItemId, OptionId};
use crate::matrix::Matrix;

const FNV_OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
const FNV_PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;

/// A stable 128-bit fingerprint of a problem: FNV-1a over a canonical form.
/// Written as 32 lowercase hexadecimal digits.
///
/// [`Fingerprint::of_matrix`] hashes what the search sees (items in order,
/// primary or not, options as items and colour names, forced options), not
/// the text it was read from: comments and spacing do not change it.
///
/// ```
/// use solver_core::{cubes::Fingerprint, knuth};
///
/// let a = knuth::parse("A B\nA\nB\n")?;
/// let b = knuth::parse("| a comment\nA   B\nA\nB\n")?;
/// let c = knuth::parse("A B\nA B\n")?;
/// assert_eq!(Fingerprint::of_matrix(&a, &[]), Fingerprint::of_matrix(&b, &[]));
/// assert_ne!(Fingerprint::of_matrix(&a, &[]), Fingerprint::of_matrix(&c, &[]));
/// let text = Fingerprint::of_matrix(&a, &[]).to_string();
/// assert_eq!(text.len(), 32);
/// assert_eq!(text.parse::<Fingerprint>()?, Fingerprint::of_matrix(&a, &[]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Fingerprint(pub u128);

/// FNV-1a, 128 bits, fed in pieces.
#[derive(Clone, Copy, Debug)]
pub struct Fnv128(u128);

impl Default for Fnv128 {
    fn default() -> Self {
        Fnv128(FNV_OFFSET)
    }
}

impl Fnv128 {
    /// Hashes `bytes`.
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u128::from(b);
            self.0 = self.0.wrapping_mul(FNV_PRIME);
        }
    }

    /// Hashes a number as 8 little-endian bytes.
    pub fn write_u64(&mut self, n: u64) {
        self.write(&n.to_le_bytes());
    }

    /// Hashes a string with its length first, so that pieces cannot run
    /// into each other.
    pub fn write_str(&mut self, s: &str) {
        self.write_u64(s.len() as u64);
        self.write(s.as_bytes());
    }

    /// The fingerprint of everything written.
    pub fn finish(self) -> Fingerprint {
        Fingerprint(self.0)
    }
}

impl Fingerprint {
    /// The fingerprint of a matrix with some options forced (given).
    pub fn of_matrix(matrix: &Matrix, forced: &[OptionId]) -> Fingerprint {
        let mut h = Fnv128::default();
        h.write_str("exact-cover matrix v1");
        h.write_u64(matrix.item_count() as u64);
        for k in 0..matrix.item_count() {
            let item = ItemId::new(k);
            h.write_str(matrix.item_name(item));
            h.write(&[u8::from(matrix.is_primary(item))]);
        }
        h.write_u64(matrix.option_count() as u64);
        for o in 0..matrix.option_count() {
            let entries: Vec<_> = matrix.option(OptionId::new(o)).collect();
            h.write_u64(entries.len() as u64);
            for entry in entries {
                h.write_u64(entry.item.index() as u64);
                match entry.color {
                    None => h.write(&[0]),
                    Some(c) => {
                        h.write(&[1]);
                        h.write_str(matrix.color_name(c));
                    }
                }
            }
        }
        h.write_u64(forced.len() as u64);
        for o in forced {
            h.write_u64(o.index() as u64);
        }
        h.finish()
    }

    /// The fingerprint of some bytes (a canonical text of a problem).
    pub fn of_bytes(bytes: &[u8]) -> Fingerprint {
        let mut h = Fnv128::default();
        h.write(bytes);
        h.finish()
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

/// A fingerprint that is not 32 hexadecimal digits.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad problem fingerprint `{0}`: expected 32 hexadecimal digits")]
pub struct FingerprintError(pub String);

impl FromStr for Fingerprint {
    type Err = FingerprintError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.len() != 32 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(FingerprintError(s.to_string()));
        }
        u128::from_str_radix(s, 16)
            .map(Fingerprint)
            .map_err(|_| FingerprintError(s.to_string()))
    }
}

impl From<Fingerprint> for String {
    fn from(f: Fingerprint) -> String {
        f.to_string()
    }
}

impl TryFrom<String> for Fingerprint {
    type Error = FingerprintError;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_reference_values() {
        // Published FNV-1a 128-bit test vectors (offset basis for "", and "a").
        assert_eq!(Fingerprint::of_bytes(b"").0, FNV_OFFSET);
        assert_eq!(
            Fingerprint::of_bytes(b"a").to_string(),
            "d228cb696f1a8caf78912b704e4a8964"
        );
    }

    #[test]
    fn forced_options_change_the_fingerprint() {
        let m = crate::knuth::parse("A B\nA\nB\n").unwrap();
        assert_ne!(
            Fingerprint::of_matrix(&m, &[]),
            Fingerprint::of_matrix(&m, &[OptionId::new(0)])
        );
        assert!("xyz".parse::<Fingerprint>().is_err());
    }
}
