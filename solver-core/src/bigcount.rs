//! [`BigCount`]: an exact count of solutions of any size.
//!
//! Counts of tilings pass `u128` early (the Aztec diamond of order 16 has
//! 2^136 tilings). Counting through a diagram ([`crate::zdd`]) only adds
//! counts, compares them and subtracts a smaller one (to draw a uniform
//! sample); printing needs division by a small number. That is all this
//! type does, on little-endian 64-bit limbs, so the workspace takes no
//! arbitrary-precision crate for it: the counting pass keeps its limbs in
//! one flat array of fixed width instead of an allocation per node.
//!
//! ```
//! use solver_core::BigCount;
//!
//! let big = BigCount::from(u128::MAX) + BigCount::from(1u128);
//! assert_eq!(big.to_string(), "340282366920938463463374607431768211456");
//! assert_eq!(big.to_u128(), None);
//! assert_eq!(BigCount::from(92u128).to_u128(), Some(92));
//! ```

use std::cmp::Ordering;
use std::fmt;

/// A non-negative integer of any size: a count of solutions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BigCount {
    /// Little-endian limbs, without high zero limbs (zero: none).
    limbs: Vec<u64>,
}

impl BigCount {
    /// Zero.
    pub fn zero() -> BigCount {
        BigCount::default()
    }

    /// From little-endian 64-bit limbs.
    pub fn from_limbs(limbs: &[u64]) -> BigCount {
        let mut limbs = limbs.to_vec();
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        BigCount { limbs }
    }

    /// The little-endian limbs, without high zero limbs.
    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The value, if it fits in a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs[..] {
            [] => Some(0),
            [a] => Some(u128::from(a)),
            [a, b] => Some(u128::from(a) | u128::from(b) << 64),
            _ => None,
        }
    }

    /// The number of bits (0 for zero).
    pub fn bits(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => 64 * (self.limbs.len() as u64 - 1) + u64::from(64 - top.leading_zeros()),
        }
    }

    /// Divides in place by `d` (not zero), returning the remainder.
    fn div_rem_small(&mut self, d: u64) -> u64 {
        let mut rem = 0u128;
        for limb in self.limbs.iter_mut().rev() {
            let cur = rem << 64 | u128::from(*limb);
            *limb = (cur / u128::from(d)) as u64;
            rem = cur % u128::from(d);
        }
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        rem as u64
    }
}

impl From<u128> for BigCount {
    fn from(n: u128) -> BigCount {
        BigCount::from_limbs(&[n as u64, (n >> 64) as u64])
    }
}

impl From<u64> for BigCount {
    fn from(n: u64) -> BigCount {
        BigCount::from(u128::from(n))
    }
}

impl std::ops::Add for BigCount {
    type Output = BigCount;
    fn add(mut self, other: BigCount) -> BigCount {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let carry = add_into(&mut self.limbs, &other.limbs);
        if carry {
            self.limbs.push(1);
        }
        self
    }
}

impl PartialEq<u128> for BigCount {
    fn eq(&self, other: &u128) -> bool {
        self.to_u128() == Some(*other)
    }
}

impl PartialOrd for BigCount {
    fn partial_cmp(&self, other: &BigCount) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigCount {
    fn cmp(&self, other: &BigCount) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| cmp_limbs(&self.limbs, &other.limbs))
    }
}

impl fmt::Display for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.to_u128() {
            return n.fmt(f);
        }
        // Groups of 19 digits, lowest first.
        const TEN19: u64 = 10_000_000_000_000_000_000;
        let mut n = self.clone();
        let mut groups = Vec::new();
        while !n.is_zero() {
            groups.push(n.div_rem_small(TEN19));
        }
        let mut text = groups.pop().unwrap_or(0).to_string();
        for g in groups.iter().rev() {
            text.push_str(&format!("{g:019}"));
        }
        f.pad(&text)
    }
}

/// A count in JSON: a number when it fits in 64 bits, otherwise a string of
/// digits (JSON readers lose precision on larger numbers).
#[cfg(feature = "serde")]
impl serde::Serialize for BigCount {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.to_u128().and_then(|n| u64::try_from(n).ok()) {
            Some(small) => serializer.serialize_u64(small),
            None => serializer.collect_str(self),
        }
    }
}

/// `a += b` on limbs of equal width (`b` may be shorter); the carry out.
pub(crate) fn add_into(a: &mut [u64], b: &[u64]) -> bool {
    let mut carry = false;
    for (k, x) in a.iter_mut().enumerate() {
        let y = b.get(k).copied().unwrap_or(0);
        if y == 0 && !carry && k >= b.len() {
            return false;
        }
        let (s1, c1) = x.overflowing_add(y);
        let (s2, c2) = s1.overflowing_add(u64::from(carry));
        *x = s2;
        carry = c1 || c2;
    }
    carry
}

/// `a -= b` on limbs of equal width, `a >= b`.
pub(crate) fn sub_into(a: &mut [u64], b: &[u64]) {
    let mut borrow = false;
    for (x, &y) in a.iter_mut().zip(b) {
        let (d1, b1) = x.overflowing_sub(y);
        let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
        *x = d2;
        borrow = b1 || b2;
    }
    debug_assert!(!borrow, "subtracted a larger count");
}

/// Compares two limb slices of equal width.
pub(crate) fn cmp_limbs(a: &[u64], b: &[u64]) -> Ordering {
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        match x.cmp(y) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2^k by doubling, against the digits of 2^136 and 2^200 (from
    /// Python's integers, an independent implementation).
    #[test]
    fn powers_of_two_print_exactly() {
        let mut n = BigCount::from(1u128);
        for _ in 0..136 {
            n = n.clone() + n;
        }
        assert_eq!(n.to_string(), "87112285931760246646623899502532662132736");
        assert_eq!(n.bits(), 137);
        for _ in 136..200 {
            n = n.clone() + n;
        }
        assert_eq!(
            n.to_string(),
            "1606938044258990275541962092341162602522202993782792835301376"
        );
    }

    /// Beyond 64 bits a count is a JSON string (of the digits checked
    /// above), within them a number.
    #[cfg(feature = "serde")]
    #[test]
    fn counts_in_json() {
        let mut n = BigCount::from(1u128);
        for _ in 0..136 {
            n = n.clone() + n;
        }
        assert_eq!(serde_json::to_value(&n).unwrap(), n.to_string());
        assert_eq!(
            serde_json::to_value(BigCount::from(u64::MAX)).unwrap(),
            u64::MAX
        );
        assert_eq!(serde_json::to_value(BigCount::from(7u128)).unwrap(), 7);
    }

    #[test]
    fn sums_carry_and_compare() {
        let a = BigCount::from(u128::MAX);
        let b = a.clone() + BigCount::from(u128::MAX);
        assert_eq!(b.limbs(), &[u64::MAX - 1, u64::MAX, 1]);
        assert!(b > a && a > BigCount::zero());
        let mut limbs = [u64::MAX - 1, u64::MAX, 1];
        sub_into(&mut limbs, &[u64::MAX, u64::MAX, 0]);
        assert_eq!(BigCount::from_limbs(&limbs), u128::MAX);
        assert_eq!(BigCount::zero().to_string(), "0");
        assert_eq!(format!("{:>5}", BigCount::from(42u128)), "   42");
        // Digits with inner zero groups: 10^40 + 7, by double and add.
        let times = |n: &BigCount, k: u128| {
            let mut acc = BigCount::zero();
            for bit in (0..128).rev() {
                acc = acc.clone() + acc;
                if k >> bit & 1 == 1 {
                    acc = acc + n.clone();
                }
            }
            acc
        };
        let ten40 = times(&BigCount::from(10u128.pow(20)), 10u128.pow(20)) + BigCount::from(7u128);
        assert_eq!(ten40.to_string(), format!("1{}7", "0".repeat(39)));
    }
}
