//! `x1 + ... + xk = rhs` over variables that an all-different also holds,
//! each a bitset over at most 64 contiguous values: domain consistency of
//! the sum *with* the members distinct (a value stays only when some tuple
//! of distinct values of the other members' domains completes the sum).
//!
//! Bounds consistency of the sum alone (the [`Linear`](super::linear)
//! propagator, posted beside this one) misses most of what a magic square's
//! lines say: with `a + b + c + d = 34` over `1..=16`, once `a = 16` and
//! `b = 15`, `c + d = 3` leaves only `{1, 2}`, which bounds reasoning finds,
//! but `a = 16, b = 1` (`c + d = 17`, `c, d` distinct from each other and
//! from `16` and `1`) rules out `c = 16`, `c = 1` and `c = 8.5`-like halves
//! only when the members are known distinct. This propagator enumerates the
//! tuples of distinct values by depth-first search over words, smallest
//! domain first, cut by the bounds of the members not yet placed; it runs
//! only while that search is small ([`BUDGET`] candidate values at the
//! root), and otherwise leaves the work to the bounds propagator.

use super::Propagator;
use crate::fd::store::{Fail, Res, Store};
use crate::model::Value;

/// The most members.
pub(crate) const MAX_VARS: usize = 8;

/// The search runs only when the product of the free members' domain sizes
/// but the last is at most this.
const BUDGET: u64 = 1 << 12;

/// `sum(vars) = rhs`, the members pairwise distinct.
pub(crate) struct SumDistinct {
    vars: Vec<usize>,
    rhs: Value,
    // Scratch, per free member (in search order).
    order: Vec<usize>,
    dom: Vec<u64>,
    /// Of the members after position `j`: the sum of their smallest and
    /// largest positions.
    lo_rest: Vec<i64>,
    hi_rest: Vec<i64>,
    supp: Vec<u64>,
    path: Vec<u32>,
}

impl SumDistinct {
    /// `None` unless every member is a bitset over at most 64 contiguous
    /// values (at post time) and there are 2 to [`MAX_VARS`] of them.
    pub(crate) fn new(vars: Vec<usize>, rhs: Value, s: &Store) -> Option<SumDistinct> {
        if vars.len() < 2 || vars.len() > MAX_VARS {
            return None;
        }
        let offs: Option<Vec<Value>> = vars.iter().map(|&x| s.word(x).map(|w| w.1)).collect();
        let offs = offs?;
        // Every member's values must fit in one word from the smallest
        // offset: checked at each run (a member's offset never changes).
        let g = *offs.iter().min()?;
        for &x in &vars {
            let (_, off) = s.word(x)?;
            if off - g + i64::from(s.word_len(x)) > 64 {
                return None;
            }
        }
        let n = vars.len();
        Some(SumDistinct {
            vars,
            rhs,
            order: Vec::with_capacity(n),
            dom: vec![0; n],
            lo_rest: vec![0; n],
            hi_rest: vec![0; n],
            supp: vec![0; n],
            path: vec![0; n],
        })
    }

    /// Bounds consistency of the sum alone (the search would be too
    /// large), to its fixed point: `target` is the sum of the free members'
    /// positions above `g`.
    fn bounds(&mut self, s: &mut Store, g: Value, target: i64) -> Res {
        loop {
            let (mut lo, mut hi) = (0i64, 0i64);
            for &i in &self.order {
                let x = self.vars[i];
                lo += s.min(x) - g;
                hi += s.max(x) - g;
            }
            if lo > target || hi < target {
                return Err(Fail);
            }
            let before = s.changes;
            for &i in &self.order {
                let x = self.vars[i];
                let (a, b) = (s.min(x) - g, s.max(x) - g);
                // a + (hi - b) >= target - ... : x <= target - (lo - a).
                s.set_max(x, g + target - (lo - a))?;
                s.set_min(x, g + target - (hi - b))?;
            }
            if s.changes == before {
                return Ok(());
            }
        }
    }

    /// Every completion from member `j` on with `target` left and `used`
    /// values taken; marks the supports of the complete tuples. Returns
    /// whether one was found.
    fn search(&mut self, j: usize, target: i64, used: u64) -> bool {
        let m = self.order.len();
        if j + 2 == m {
            return self.pair(j, target, used);
        }
        if j + 1 == m {
            let d = self.dom[j] & !used;
            if (0..64).contains(&target) && d >> target & 1 == 1 {
                self.path[j] = target as u32;
                self.mark(j);
                self.supp[j] |= 1 << target;
                return true;
            }
            return false;
        }
        let d = self.dom[j] & !used;
        // target - v within the rest's bounds.
        let lo = target - self.hi_rest[j];
        let hi = target - self.lo_rest[j];
        if hi < 0 || lo > 63 {
            return false;
        }
        let mut bits = d & range_mask(lo.max(0) as u32, hi.min(63) as u32);
        let mut found = false;
        while bits != 0 {
            let v = bits.trailing_zeros();
            bits &= bits - 1;
            self.path[j] = v;
            if self.search(j + 1, target - i64::from(v), used | 1 << v) {
                found = true;
            }
        }
        found
    }

    /// The last two members `j` and `j + 1` by words: `a + b = target`,
    /// `a != b`, neither in `used`.
    fn pair(&mut self, j: usize, target: i64, used: u64) -> bool {
        if !(0..=126).contains(&target) {
            return false;
        }
        let da = self.dom[j] & !used;
        let db = self.dom[j + 1] & !used;
        let mut a = da & mirror(db, target);
        if target % 2 == 0 && target <= 126 {
            // a = b = target / 2 is not two distinct values.
            a &= !(1u64.checked_shl((target / 2) as u32).unwrap_or(0));
        }
        if a == 0 {
            return false;
        }
        self.mark(j);
        self.supp[j] |= a;
        self.supp[j + 1] |= mirror(a, target);
        true
    }

    /// Marks the values chosen for the members before `j` as supported.
    fn mark(&mut self, j: usize) {
        for k in 0..j {
            self.supp[k] |= 1 << self.path[k];
        }
    }
}

/// The positions `target - w` for `w` in `bits` (those within `0..64`).
fn mirror(bits: u64, target: i64) -> u64 {
    // Bit w of `bits` goes to bit 63 - w of the reversal, then to
    // target - w: a shift by target - 63.
    let r = bits.reverse_bits();
    let by = target - 63;
    if by >= 0 {
        r.checked_shl(by as u32).unwrap_or(0)
    } else {
        r.checked_shr((-by) as u32).unwrap_or(0)
    }
}

/// The bits `lo..=hi` (`lo <= hi <= 63`), or none when `lo > hi`.
fn range_mask(lo: u32, hi: u32) -> u64 {
    if lo > hi {
        return 0;
    }
    (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
}

impl Propagator for SumDistinct {
    fn propagate(&mut self, s: &mut Store) -> Res {
        // The common base: the smallest offset.
        let mut g = Value::MAX;
        for &x in &self.vars {
            let (_, off) = s.word(x).ok_or(Fail)?;
            g = g.min(off);
        }
        let mut target = self.rhs;
        let mut used = 0u64;
        self.order.clear();
        let mut work = 1u64;
        for (i, &x) in self.vars.iter().enumerate() {
            let (w, off) = s.word(x).ok_or(Fail)?;
            let d = w << (off - g);
            if s.is_fixed(x) {
                if used & d != 0 {
                    return Err(Fail);
                }
                used |= d;
                target -= s.min(x);
            } else {
                self.order.push(i);
                work = work.saturating_mul(s.size(x));
            }
        }
        let m = self.order.len();
        if m == 0 {
            return if target == 0 { Ok(()) } else { Err(Fail) };
        }
        // Positions: value = g + position.
        target -= g * m as i64;
        // Smallest domain first; the largest goes last (it is not
        // enumerated, only looked up).
        // Insertion sort (a few members).
        for a in 1..m {
            let e = self.order[a];
            let key = s.size(self.vars[e]);
            let mut b = a;
            while b > 0 && s.size(self.vars[self.order[b - 1]]) > key {
                self.order[b] = self.order[b - 1];
                b -= 1;
            }
            self.order[b] = e;
        }
        let last = s.size(self.vars[self.order[m - 1]]);
        if work / last.max(1) > BUDGET {
            return self.bounds(s, g, target);
        }
        for j in 0..m {
            let x = self.vars[self.order[j]];
            let (w, off) = s.word(x).ok_or(Fail)?;
            self.dom[j] = (w << (off - g)) & !used;
            self.supp[j] = 0;
        }
        let (mut lo, mut hi) = (0i64, 0i64);
        for j in (0..m).rev() {
            self.lo_rest[j] = lo;
            self.hi_rest[j] = hi;
            let d = self.dom[j];
            if d == 0 {
                return Err(Fail);
            }
            lo += i64::from(d.trailing_zeros());
            hi += i64::from(63 - d.leading_zeros());
        }
        if !self.search(0, target, used) {
            return Err(Fail);
        }
        for j in 0..m {
            let x = self.vars[self.order[j]];
            let (_, off) = s.word(x).ok_or(Fail)?;
            s.intersect_word(x, self.supp[j] >> (off - g))?;
        }
        Ok(())
    }

    fn idempotent(&self) -> bool {
        true
    }
}
