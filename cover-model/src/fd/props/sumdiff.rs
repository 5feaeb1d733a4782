//! `x1 + ... + xk = rhs` over variables that an all-different also holds,
//! each a bitset over at most 64 contiguous values: domain consistency of
//! the sum *with* the members distinct (a value stays only when some tuple
//! of distinct values of the other members' domains completes the sum).
//!
//! Bounds consistency of the sum alone (the [`Linear`](super::linear)
//! propagator) misses much of what a magic square's lines say: with the
//! line `a + b + c + d = 34` over `1..=16`, once `a = 16` and `b = 1`,
//! bounds leave `c` and `d` in `1..=16`, while with the members distinct
//! `c + d = 17` keeps only `2..=15` (16 and 1 are taken, and so are their
//! partners 1 and 16).
//! This propagator enumerates the tuples of distinct values by depth-first
//! search over words, smallest domain first, cut by the bounds of the
//! members not yet placed, the last two members at once by a bit reversal,
//! and stops once every value has a support. It runs while that search is
//! small (at most [`BUDGET`] combinations of all members but the largest)
//! and falls back on bounds consistency beyond.
//!
//! Posted in place of the sum's `Linear` when the planner's program finds
//! an all-different holding every member and the domains fit (see
//! `Program::add_sum_distinct`); a sum whose domains do not fit keeps its
//! `Linear`.

use super::Propagator;
use crate::fd::store::{Fail, Res, Store};
use crate::model::Value;

/// The most members.
pub(crate) const MAX_VARS: usize = 8;

/// The search runs only when the product of the free members' domain sizes
/// but the last is at most this. Beyond it the search seldom prunes more
/// than bounds do and costs far more: on a magic square of order 4 (lines of
/// four members over `1..=16`) a budget of 4,096 and one of 32 explore the
/// same number of nodes within 4% (56,620 and 58,842) for 1.79 and 0.93
/// billion instructions (callgrind, whole `fzn-dancing-links -a` runs).
const BUDGET: u64 = 32;

/// `sum(vars) = rhs`, the members pairwise distinct.
pub(crate) struct SumDistinct {
    vars: Vec<usize>,
    /// The sum of the members' positions (value `g + position`, `g` the
    /// smallest initial value of the members).
    rhs: Value,
    /// Per member: how far its first value lies above `g`.
    shift: Vec<u32>,
    /// [`BUDGET`] (tests raise it).
    budget: u64,
    // Scratch, per free member (in search order): `free` of them.
    free: usize,
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
        let mut shift = Vec::with_capacity(vars.len());
        for (&x, &off) in vars.iter().zip(&offs) {
            let by = off.checked_sub(g)?;
            if by.checked_add(i64::from(s.word_len(x)))? > 64 {
                return None;
            }
            shift.push(by as u32);
        }
        let n = vars.len();
        // The sum of the positions above g.
        let rhs = rhs.checked_sub(g.checked_mul(n as i64)?)?;
        Some(SumDistinct {
            vars,
            rhs,
            shift,
            budget: BUDGET,
            free: 0,
            order: vec![0; n],
            dom: vec![0; n],
            lo_rest: vec![0; n],
            hi_rest: vec![0; n],
            supp: vec![0; n],
            path: vec![0; n],
        })
    }

    /// Bounds consistency of the sum alone (the search would be too
    /// large), to its fixed point, on the words `dom[..free]` (positions
    /// above `g`): `target` is the sum of the free members' positions, and
    /// the values in `used` (taken by fixed members) go too.
    fn bounds(&mut self, s: &mut Store, target: i64, used: u64) -> Res {
        let m = self.free;
        // supp: the words as the store holds them.
        self.supp[..m].copy_from_slice(&self.dom[..m]);
        for d in &mut self.dom[..m] {
            *d &= !used;
        }
        loop {
            let (mut lo, mut hi) = (0i64, 0i64);
            for &d in &self.dom[..m] {
                if d == 0 {
                    return Err(Fail);
                }
                lo += i64::from(d.trailing_zeros());
                hi += i64::from(63 - d.leading_zeros());
            }
            if lo > target || hi < target {
                return Err(Fail);
            }
            let mut changed = false;
            for d in &mut self.dom[..m] {
                let (a, b) = (
                    i64::from(d.trailing_zeros()),
                    i64::from(63 - d.leading_zeros()),
                );
                // The others take at least lo - a and at most hi - b.
                let (from, to) = (target - (hi - b), target - (lo - a));
                let keep = if from > 63 || to < 0 {
                    0
                } else {
                    *d & range_mask(from.max(0) as u32, to.min(63) as u32)
                };
                if keep != *d {
                    *d = keep;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for j in 0..m {
            if self.dom[j] != self.supp[j] {
                let i = self.order[j];
                s.intersect_word(self.vars[i], self.dom[j] >> self.shift[i])?;
            }
        }
        Ok(())
    }

    /// Every completion from member `j` on with `target` left and `used`
    /// values taken; marks the supports of the complete tuples. Returns
    /// whether one was found.
    fn search(&mut self, j: usize, target: i64, used: u64) -> bool {
        let m = self.free;
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
                // Every value supported: nothing left to find.
                if (0..m).all(|k| self.supp[k] == self.dom[k]) {
                    break;
                }
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
        let n = self.vars.len();
        // Positions: value = g + position.
        let mut target = self.rhs;
        let mut used = 0u64;
        let mut m = 0;
        let mut work = 1u64;
        for i in 0..n {
            let (w, _) = s.word(self.vars[i]).ok_or(Fail)?;
            let d = w << self.shift[i];
            if d & d.wrapping_sub(1) == 0 {
                // Fixed.
                if used & d != 0 {
                    return Err(Fail);
                }
                used |= d;
                target -= i64::from(d.trailing_zeros());
            } else {
                self.order[m] = i;
                self.dom[m] = d;
                work = work.saturating_mul(u64::from(d.count_ones()));
                m += 1;
            }
        }
        if m == 0 {
            return if target == 0 { Ok(()) } else { Err(Fail) };
        }
        self.free = m;
        // Smallest domain first; the largest goes last (it is not
        // enumerated, only looked up). Insertion sort (a few members).
        for a in 1..m {
            let (e, d) = (self.order[a], self.dom[a]);
            let key = d.count_ones();
            let mut b = a;
            while b > 0 && self.dom[b - 1].count_ones() > key {
                self.order[b] = self.order[b - 1];
                self.dom[b] = self.dom[b - 1];
                b -= 1;
            }
            self.order[b] = e;
            self.dom[b] = d;
        }
        let last = u64::from(self.dom[m - 1].count_ones());
        if work / last.max(1) > self.budget {
            return self.bounds(s, target, used);
        }
        let (mut lo, mut hi) = (0i64, 0i64);
        for j in (0..m).rev() {
            self.lo_rest[j] = lo;
            self.hi_rest[j] = hi;
            self.supp[j] = 0;
            let d = self.dom[j] & !used;
            if d == 0 {
                return Err(Fail);
            }
            self.dom[j] = d;
            lo += i64::from(d.trailing_zeros());
            hi += i64::from(63 - d.leading_zeros());
        }
        if !self.search(0, target, used) {
            return Err(Fail);
        }
        for j in 0..m {
            let i = self.order[j];
            s.intersect_word(self.vars[i], self.supp[j] >> self.shift[i])?;
        }
        Ok(())
    }

    fn idempotent(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::fd::store::InitialDomain;

    /// Per member, the values some tuple of distinct values (one per
    /// member, from its domain) adding up to `rhs` uses: by enumeration.
    fn supported(doms: &[Vec<Value>], rhs: Value) -> Vec<Vec<Value>> {
        fn go(
            doms: &[Vec<Value>],
            k: usize,
            rhs: Value,
            tuple: &mut Vec<Value>,
            out: &mut [Vec<Value>],
        ) {
            if k == doms.len() {
                if tuple.iter().sum::<Value>() == rhs {
                    for (o, &v) in out.iter_mut().zip(tuple.iter()) {
                        o.push(v);
                    }
                }
                return;
            }
            for &v in &doms[k] {
                if !tuple.contains(&v) {
                    tuple.push(v);
                    go(doms, k + 1, rhs, tuple, out);
                    tuple.pop();
                }
            }
        }
        let mut out = vec![Vec::new(); doms.len()];
        go(doms, 0, rhs, &mut Vec::new(), &mut out);
        for o in &mut out {
            o.sort_unstable();
            o.dedup();
        }
        out
    }

    /// Members with contiguous initial domains `lo..lo + width`, some
    /// values removed (`holes`: bit k removes `lo + k`).
    fn case() -> impl Strategy<Value = (Vec<(Value, u32, u64)>, Value)> {
        (
            proptest::collection::vec((-4i64..=6, 1u32..=9, any::<u64>()), 2..=6),
            -10i64..=40,
        )
    }

    /// The budget under test: the engine's, or none (the search always
    /// runs).
    fn budget() -> impl Strategy<Value = u64> {
        prop_oneof![Just(BUDGET), Just(u64::MAX)]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// Within the budget the propagator keeps exactly the supported
        /// values (domain consistency, failing when a member has none);
        /// beyond it, never a supported value goes.
        #[test]
        fn keeps_exactly_the_supported_values((members, rhs) in case(), budget in budget()) {
            let init: Vec<InitialDomain> = members
                .iter()
                .map(|&(lo, w, _)| Ok(Arc::from((lo..lo + Value::from(w)).collect::<Vec<_>>())))
                .collect();
            let mut s = Store::new(&init);
            s.push_level();
            for (x, &(lo, w, holes)) in members.iter().enumerate() {
                for k in 0..w {
                    // Keep at least one value.
                    if holes >> k & 1 == 1 && s.size(x) > 1 {
                        s.remove(x, lo + Value::from(k)).unwrap();
                    }
                }
            }
            let doms: Vec<Vec<Value>> = (0..members.len())
                .map(|x| {
                    let mut v = Vec::new();
                    s.values_into(x, &mut v);
                    v
                })
                .collect();
            let expected = supported(&doms, rhs);
            let within = {
                let mut sizes: Vec<u64> = doms.iter().map(|d| d.len() as u64).collect();
                sizes.sort_unstable();
                sizes.pop();
                sizes.iter().product::<u64>() <= budget
            };
            let vars: Vec<usize> = (0..members.len()).collect();
            let mut p = SumDistinct::new(vars, rhs, &s).expect("word domains");
            p.budget = budget;
            let r = p.propagate(&mut s);
            if expected.iter().any(|e| e.is_empty()) {
                if within {
                    prop_assert!(r.is_err(), "{:?} sum {} kept", doms, rhs);
                }
                return Ok(());
            }
            prop_assert!(r.is_ok(), "{:?} sum {} failed; supports {:?}", doms, rhs, expected);
            for (x, e) in expected.iter().enumerate() {
                let mut now = Vec::new();
                s.values_into(x, &mut now);
                if within {
                    prop_assert_eq!(&now, e, "member {} of {:?} sum {}", x, doms, rhs);
                } else {
                    prop_assert!(e.iter().all(|v| now.contains(v)), "member {} lost a support", x);
                }
            }
        }
    }

    #[test]
    fn magic_square_line() {
        // a + b + c + d = 34 over 1..=16 with a = 16, b = 1: c + d = 17,
        // c and d distinct and neither 16 nor 1 (nor 17 - 16, 17 - 1).
        let init: Vec<InitialDomain> = (0..4)
            .map(|_| Ok(Arc::from((1..=16).collect::<Vec<Value>>())))
            .collect();
        let mut s = Store::new(&init);
        s.push_level();
        s.assign(0, 16).unwrap();
        s.assign(1, 1).unwrap();
        let mut p = SumDistinct::new(vec![0, 1, 2, 3], 34, &s).unwrap();
        p.propagate(&mut s).unwrap();
        let mut c = Vec::new();
        s.values_into(2, &mut c);
        assert_eq!(c, (2..=15).collect::<Vec<Value>>());
        // And a = 16, b = 15: c + d = 3, so {1, 2}.
        s.pop_level();
        s.push_level();
        s.assign(0, 16).unwrap();
        s.assign(1, 15).unwrap();
        p.propagate(&mut s).unwrap();
        let mut d = Vec::new();
        s.values_into(3, &mut d);
        assert_eq!(d, vec![1, 2]);
    }
}
