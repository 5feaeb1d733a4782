//! The width of the cells' indices and entries: [`u16`] when every array of
//! a problem fits in 2^16 entries, [`u32`] beyond.
//!
//! A narrow problem's arrays have exactly 2^16 entries and are indexed by a
//! `u16`, so every index is in bounds by its type: the inner loop of `hide`
//! (six array accesses an update, at data-dependent places) runs without a
//! bounds check, and its entries take half the bytes. A wide problem's
//! arrays are plain vectors, indexed with the usual checks. The search is
//! the same code for both ([`super::Cells`] is generic over its width).

mod spare;

use std::fmt::Debug;
use std::ops::{Add, AddAssign, Deref, DerefMut, Index, IndexMut, Sub, SubAssign};

/// An index (and entry) type of the cells: a place in `set`, a node, a
/// position among the items, a size.
pub(crate) trait Width:
    Copy
    + Debug
    + Eq
    + Ord
    + From<u8>
    + Add<Output = Self>
    + Sub<Output = Self>
    + AddAssign
    + SubAssign
    + 'static
{
    /// Above every place and node of a problem of this width.
    const MAX: Self;
    /// The arrays of this width, indexed by it.
    type Array<T: Copy + PartialEq + 'static>: Index<Self, Output = T>
        + IndexMut<Self>
        + Deref<Target = [T]>
        + DerefMut;

    /// Whether arrays of `len` entries fit this width (every index below
    /// `len` is a value of it, and below [`Width::MAX`]).
    fn fits(len: usize) -> bool;

    /// The value `x`, which the caller has checked [fits](Width::fits).
    fn new(x: usize) -> Self;

    /// The value as an index of a slice.
    fn get(self) -> usize;

    /// An array holding `entries`, then `fill` up to the width's size.
    fn array<T: Copy + PartialEq + 'static>(entries: Vec<T>, fill: T) -> Self::Array<T>;

    /// Hands an array made by [`Width::array`] back when its count is
    /// done, for the thread's next count to reuse.
    fn recycle<T: Copy + PartialEq + 'static>(array: Self::Array<T>);
}

/// How many entries a narrow array has: every `u16` indexes it.
const NARROW: usize = 1 << 16;

/// A narrow array: 2^16 entries, indexed by a `u16` without a bounds check.
/// The search reads and writes only the first `len` (the problem's entries;
/// the same code runs on [`Wide`] arrays of exactly `len` entries, which
/// would panic beyond them); the rest hold the fill.
pub(crate) struct Narrow<T> {
    array: Box<[T; NARROW]>,
    len: usize,
}

impl<T> Index<u16> for Narrow<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: u16) -> &T {
        &self.array[usize::from(i)]
    }
}

impl<T> IndexMut<u16> for Narrow<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: u16) -> &mut T {
        &mut self.array[usize::from(i)]
    }
}

impl<T> Deref for Narrow<T> {
    type Target = [T];
    #[inline(always)]
    fn deref(&self) -> &[T] {
        &self.array[..]
    }
}

impl<T> DerefMut for Narrow<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.array[..]
    }
}

impl Width for u16 {
    const MAX: u16 = u16::MAX;
    type Array<T: Copy + PartialEq + 'static> = Narrow<T>;

    fn fits(len: usize) -> bool {
        // Indices stay below `MAX`, which is kept free to stand above them.
        len < NARROW
    }

    #[inline]
    fn new(x: usize) -> u16 {
        u16::try_from(x).expect("a narrow problem's values fit in 16 bits")
    }

    #[inline(always)]
    fn get(self) -> usize {
        usize::from(self)
    }

    fn array<T: Copy + PartialEq + 'static>(entries: Vec<T>, fill: T) -> Narrow<T> {
        let len = entries.len();
        let mut array = spare::take(len, fill).unwrap_or_else(|| {
            // A fill of zeros is allocated zeroed, so a small problem
            // touches only the pages it uses of the 2^16 entries.
            match vec![fill; NARROW].into_boxed_slice().try_into() {
                Ok(array) => array,
                Err(_) => unreachable!("made with 2^16 entries"),
            }
        });
        array[..len].copy_from_slice(&entries);
        Narrow { array, len }
    }

    fn recycle<T: Copy + PartialEq + 'static>(array: Narrow<T>) {
        let fill = array[u16::MAX];
        spare::keep(array.array, array.len, fill);
    }
}

/// A wide array: a vector indexed by a `u32`, with bounds checks.
pub(crate) struct Wide<T>(Vec<T>);

impl<T> Index<u32> for Wide<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: u32) -> &T {
        &self.0[i as usize]
    }
}

impl<T> IndexMut<u32> for Wide<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: u32) -> &mut T {
        &mut self.0[i as usize]
    }
}

impl<T> Deref for Wide<T> {
    type Target = [T];
    #[inline(always)]
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> DerefMut for Wide<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

impl Width for u32 {
    const MAX: u32 = u32::MAX;
    type Array<T: Copy + PartialEq + 'static> = Wide<T>;

    fn fits(len: usize) -> bool {
        len < u32::MAX as usize
    }

    #[inline]
    fn new(x: usize) -> u32 {
        u32::try_from(x).expect("a wide problem's values fit in 32 bits")
    }

    #[inline(always)]
    fn get(self) -> usize {
        self as usize
    }

    fn array<T: Copy + PartialEq + 'static>(entries: Vec<T>, _fill: T) -> Wide<T> {
        Wide(entries)
    }

    fn recycle<T: Copy + PartialEq + 'static>(_array: Wide<T>) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_arrays_hold_every_u16_index() {
        let mut a = <u16 as Width>::array(vec![7u32, 8], 0);
        assert_eq!(a.len(), NARROW);
        assert_eq!((a[0], a[1], a[2], a[u16::MAX]), (7, 8, 0, 0));
        a[u16::MAX] = 5;
        assert_eq!((*a)[NARROW - 1], 5);
        assert!(<u16 as Width>::fits(NARROW - 1));
        assert!(!<u16 as Width>::fits(NARROW));
    }

    #[test]
    fn wide_arrays_are_their_entries() {
        let a = <u32 as Width>::array(vec![7u32, 8], 0);
        assert_eq!(&*a, &[7, 8]);
        assert_eq!(a[1u32], 8);
    }
}
