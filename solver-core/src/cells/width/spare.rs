//! Narrow arrays kept by a thread after a count, for its next count: many
//! small counts in a row (the parts of a parallel count, cubes, a model's
//! counts, `ExactCover.count` in a Python loop) then write the entries they
//! use instead of allocating and filling 2^16 entries each time.
//!
//! A kept array is handed out exactly as a new one would be: its entries
//! past the new problem's are set back to the fill (only those the last
//! problem used, when the fill is the same; all of them otherwise).

use std::any::Any;
use std::cell::RefCell;

use super::NARROW;

/// How many arrays a thread keeps (a count uses three).
const MOST: usize = 6;

/// A kept array: the first `used` entries were the last problem's, the
/// rest hold `fill`.
struct Spare<T> {
    array: Box<[T; NARROW]>,
    used: usize,
    fill: T,
}

thread_local! {
    static SPARES: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
}

/// A kept array of `T` whose entries from `len` on hold `fill`, if the
/// thread keeps one.
pub(super) fn take<T: Copy + PartialEq + 'static>(len: usize, fill: T) -> Option<Box<[T; NARROW]>> {
    let spare = SPARES.with(|spares| {
        let mut spares = spares.borrow_mut();
        let k = spares.iter().position(|s| s.is::<Spare<T>>())?;
        spares.swap_remove(k).downcast::<Spare<T>>().ok()
    })?;
    let Spare {
        mut array,
        used,
        fill: kept,
    } = *spare;
    let stale = if kept == fill {
        len..used.max(len)
    } else {
        len..NARROW
    };
    array[stale].fill(fill);
    Some(array)
}

/// Keeps `array`, whose first `used` entries were a problem's and whose
/// other entries hold `fill`, unless the thread keeps enough already.
pub(super) fn keep<T: Copy + PartialEq + 'static>(array: Box<[T; NARROW]>, used: usize, fill: T) {
    SPARES.with(|spares| {
        let mut spares = spares.borrow_mut();
        if spares.len() < MOST {
            spares.push(Box::new(Spare { array, used, fill }));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled(len: usize, value: u16, fill: u16) -> Box<[u16; NARROW]> {
        let mut a: Box<[u16; NARROW]> = vec![fill; NARROW].into_boxed_slice().try_into().unwrap();
        a[..len].fill(value);
        a
    }

    #[test]
    fn a_kept_array_comes_back_as_a_new_one() {
        // Drain what this test thread may keep from other tests.
        while take::<u16>(0, 0).is_some() {}
        keep(filled(100, 9, 0), 100, 0u16);
        // A smaller problem: the last one's entries past its own are fill again.
        let a = take(10, 0u16).expect("kept");
        assert!(a[10..].iter().all(|&x| x == 0));
        // Another fill: every entry past the problem's is the new fill.
        keep(a, 10, 0u16);
        let b = take(5, 7u16).expect("kept");
        assert!(b[5..].iter().all(|&x| x == 7));
        assert!(take::<u16>(0, 0).is_none());
        // Another type is not handed out for this one.
        keep(b, 5, 7u16);
        assert!(take::<u32>(0, 0).is_none());
        assert!(take::<u16>(0, 7).is_some());
    }

    #[test]
    fn a_thread_keeps_a_few_arrays_at_most() {
        while take::<u8>(0, 0).is_some() {}
        for _ in 0..MOST + 3 {
            keep(Box::new([0u8; NARROW]), 0, 0u8);
        }
        let mut n = 0;
        while take::<u8>(0, 0).is_some() {
            n += 1;
        }
        assert!(n <= MOST);
    }
}
