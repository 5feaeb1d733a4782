//! `s1*x1 + ... + sk*xk = rhs` with each `si` ±1, over few variables with
//! small domains, some pairs of which must differ (an all-different holds
//! both): domain consistency of the sum *with those pairs distinct* (a
//! value stays only when values of the other members, each pair that must
//! differ different, complete the sum).
//!
//! An arrow is such a sum: its circle minus its line cells is 0, the line
//! cells often in one box or row (so distinct), the circle too. Bounds
//! consistency (the [`Linear`](super::linear) propagator, posted beside
//! this one) sees that three line cells add up to at least 3; with them
//! distinct this sees at least 6, and every hole (a value of the circle no
//! distinct line values reach).
//!
//! The supports are found by a depth-first search over the members,
//! smallest domain first, cut by the bounds of the members not yet placed,
//! the last member looked up, stopping once every value has a support. It
//! runs only while the search is small (at most [`BUDGET`] combinations of
//! the free members but the last) and leaves the rest to bounds.
//! [`SumDistinct`](super::sumdiff) covers the sums whose members one
//! all-different holds, with unit coefficients of one sign.

use super::Propagator;
use crate::fd::store::{Fail, Res, Store};
use crate::model::Value;

/// The most members.
pub(crate) const MAX_VARS: usize = 8;

/// The search runs only when the product of the free members' domain
/// sizes but the last is at most this.
pub(crate) const BUDGET: u64 = 512;

/// `sum(sign * x) = rhs` with some pairs of members distinct.
pub(crate) struct SmallSum {
    vars: Vec<usize>,
    /// Per member: +1 or -1.
    signs: Vec<i64>,
    /// Per member: the members it must differ from (bit per member).
    differ: Vec<u32>,
    /// The sum in positions: `sum(sign * position) = rhs` (value = `g +
    /// position`).
    rhs: i64,
    /// Per member: how far its first value lies above `g`.
    shift: Vec<u32>,
    budget: u64,
    // Scratch, per free member in search order.
    free: usize,
    order: Vec<usize>,
    dom: Vec<u64>,
    lo_rest: Vec<i64>,
    hi_rest: Vec<i64>,
    supp: Vec<u64>,
    path: Vec<u32>,
    /// Per member (by index): the position it holds (fixed or on the path).
    at: Vec<u32>,
    /// Per member: whether fixed at this run.
    fixed: Vec<bool>,
    /// Per search position: the members before it (fixed or on the path)
    /// it must differ from, as member bits.
    conflicts: Vec<u32>,
}

impl SmallSum {
    /// `None` unless there are 2 to [`MAX_VARS`] distinct members, every
    /// one a bitset over at most 64 contiguous values within one 64-value
    /// window, and the sum's positions fit.
    pub(crate) fn new(
        vars: Vec<usize>,
        signs: Vec<i64>,
        differ: Vec<u32>,
        rhs: Value,
        s: &Store,
    ) -> Option<SmallSum> {
        let n = vars.len();
        if !(2..=MAX_VARS).contains(&n) || signs.len() != n || differ.len() != n {
            return None;
        }
        if signs.iter().any(|&c| c != 1 && c != -1) {
            return None;
        }
        let offs: Option<Vec<Value>> = vars.iter().map(|&x| s.word(x).map(|w| w.1)).collect();
        let offs = offs?;
        let g = *offs.iter().min()?;
        let mut shift = Vec::with_capacity(n);
        for (&x, &off) in vars.iter().zip(&offs) {
            let by = off.checked_sub(g)?;
            if by.checked_add(i64::from(s.word_len(x)))? > 64 {
                return None;
            }
            shift.push(by as u32);
        }
        // sum(sign * (g + p)) = rhs  =>  sum(sign * p) = rhs - g * sum(sign)
        let total: i64 = signs.iter().sum();
        let rhs = rhs.checked_sub(g.checked_mul(total)?)?;
        if rhs.abs() > 1 << 20 {
            return None;
        }
        Some(SmallSum {
            vars,
            signs,
            differ,
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
            at: vec![0; n],
            fixed: vec![false; n],
            conflicts: vec![0; n],
        })
    }

    /// The positions taken by the members in `mask` (fixed, or on the path
    /// before the current one).
    fn taken(&self, mask: u32) -> u64 {
        let mut out = 0u64;
        let mut m = mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            out |= 1u64 << self.at[i];
        }
        out
    }

    /// Every completion from search position `j` on with `target` left;
    /// marks the supports of the complete tuples. Returns whether one was
    /// found.
    fn search(&mut self, j: usize, target: i64) -> bool {
        let m = self.free;
        let i = self.order[j];
        let sign = self.signs[i];
        let d = self.dom[j] & !self.taken(self.conflicts[j]);
        if j + 1 == m {
            // sign * p = target.
            let p = target * sign;
            if (0..64).contains(&p) && d >> p & 1 == 1 {
                self.path[j] = p as u32;
                self.mark(j);
                self.supp[j] |= 1 << p;
                return true;
            }
            return false;
        }
        // sign * p within target - hi_rest ..= target - lo_rest.
        let (a, b) = (target - self.hi_rest[j], target - self.lo_rest[j]);
        let (lo, hi) = if sign > 0 { (a, b) } else { (-b, -a) };
        if hi < 0 || lo > 63 {
            return false;
        }
        let mut bits = d & range_mask(lo.max(0) as u32, hi.min(63) as u32);
        let mut found = false;
        while bits != 0 {
            let p = bits.trailing_zeros();
            bits &= bits - 1;
            self.path[j] = p;
            self.at[i] = p;
            if self.search(j + 1, target - sign * i64::from(p)) {
                found = true;
                if (0..m).all(|k| self.supp[k] == self.dom[k]) {
                    break;
                }
            }
        }
        found
    }

    /// Marks the positions chosen before search position `j` as supported.
    fn mark(&mut self, j: usize) {
        for k in 0..j {
            self.supp[k] |= 1 << self.path[k];
        }
    }
}

/// The bits `lo..=hi` (`lo <= hi <= 63`), or none when `lo > hi`.
fn range_mask(lo: u32, hi: u32) -> u64 {
    if lo > hi {
        return 0;
    }
    (u64::MAX >> (63 - hi)) & (u64::MAX << lo)
}

impl Propagator for SmallSum {
    fn propagate(&mut self, s: &mut Store) -> Res {
        let n = self.vars.len();
        let mut target = self.rhs;
        let mut m = 0;
        let mut work = 1u64;
        let mut fixed_mask = 0u32;
        for i in 0..n {
            let (w, _) = s.word(self.vars[i]).ok_or(Fail)?;
            let d = w << self.shift[i];
            if d & d.wrapping_sub(1) == 0 {
                let p = d.trailing_zeros();
                self.at[i] = p;
                self.fixed[i] = true;
                fixed_mask |= 1 << i;
                target -= self.signs[i] * i64::from(p);
            } else {
                self.fixed[i] = false;
                self.order[m] = i;
                self.dom[m] = d;
                work = work.saturating_mul(u64::from(d.count_ones()));
                m += 1;
            }
        }
        // Two fixed members that must differ and do not.
        for i in 0..n {
            if self.fixed[i] && self.taken(self.differ[i] & fixed_mask) >> self.at[i] & 1 == 1 {
                return Err(Fail);
            }
        }
        if m == 0 {
            return if target == 0 { Ok(()) } else { Err(Fail) };
        }
        self.free = m;
        // Smallest domain first, the largest last (looked up only).
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
            // Bounds are the Linear beside this one's.
            return Ok(());
        }
        // Per search position: the members it must differ from among the
        // fixed ones and those placed before it; values taken by fixed
        // members go from the domains at once.
        let mut before = fixed_mask;
        for j in 0..m {
            let i = self.order[j];
            self.conflicts[j] = self.differ[i] & before;
            before |= 1 << i;
            let taken = self.taken(self.differ[i] & fixed_mask);
            self.dom[j] &= !taken;
            if self.dom[j] == 0 {
                return Err(Fail);
            }
        }
        let (mut lo, mut hi) = (0i64, 0i64);
        for j in (0..m).rev() {
            self.lo_rest[j] = lo;
            self.hi_rest[j] = hi;
            self.supp[j] = 0;
            let d = self.dom[j];
            let (a, b) = (
                i64::from(d.trailing_zeros()),
                i64::from(63 - d.leading_zeros()),
            );
            if self.signs[self.order[j]] > 0 {
                lo += a;
                hi += b;
            } else {
                lo -= b;
                hi -= a;
            }
        }
        if !self.search(0, target) {
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

    /// Per member, the values some tuple (one value per member, from its
    /// domain, the pairs of `differ` different) with `sum(sign * value) =
    /// rhs` uses: by enumeration.
    fn supported(
        doms: &[Vec<Value>],
        signs: &[i64],
        differ: &[u32],
        rhs: Value,
    ) -> Vec<Vec<Value>> {
        let n = doms.len();
        let mut out = vec![Vec::new(); n];
        let mut tuple = vec![0; n];
        let mut idx = vec![0usize; n];
        'all: loop {
            for ((t, d), &k) in tuple.iter_mut().zip(doms).zip(&idx) {
                *t = d[k];
            }
            let sum: Value = (0..n).map(|i| signs[i] * tuple[i]).sum();
            let distinct =
                (0..n).all(|i| (0..n).all(|j| differ[i] >> j & 1 == 0 || tuple[i] != tuple[j]));
            if sum == rhs && distinct {
                for (o, &t) in out.iter_mut().zip(&tuple) {
                    o.push(t);
                }
            }
            for (k, d) in idx.iter_mut().zip(doms) {
                *k += 1;
                if *k < d.len() {
                    continue 'all;
                }
                *k = 0;
            }
            break;
        }
        for o in &mut out {
            o.sort_unstable();
            o.dedup();
        }
        out
    }

    /// Members with contiguous initial domains `lo..lo + width`, some values
    /// removed (`holes`), a sign each, and pairs that must differ (`pairs`:
    /// bit `i * 8 + j` for `i < j`).
    #[allow(clippy::type_complexity)]
    fn case() -> impl Strategy<Value = (Vec<(Value, u32, u64, bool)>, u64, Value)> {
        (
            proptest::collection::vec((-3i64..=5, 1u32..=7, any::<u64>(), any::<bool>()), 2..=5),
            any::<u64>(),
            -12i64..=24,
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Within the budget the propagator keeps exactly the supported
        /// values (failing when a member has none); beyond it, nothing
        /// supported goes.
        #[test]
        fn keeps_exactly_the_supported_values(
            (members, pairs, rhs) in case(),
            budget in prop_oneof![Just(BUDGET), Just(4u64), Just(u64::MAX)],
        ) {
            let n = members.len();
            let init: Vec<InitialDomain> = members
                .iter()
                .map(|&(lo, w, _, _)| Ok(Arc::from((lo..lo + Value::from(w)).collect::<Vec<_>>())))
                .collect();
            let mut s = Store::new(&init);
            s.push_level();
            for (x, &(lo, w, holes, _)) in members.iter().enumerate() {
                for k in 0..w {
                    if holes >> k & 1 == 1 && s.size(x) > 1 {
                        s.remove(x, lo + Value::from(k)).unwrap();
                    }
                }
            }
            let signs: Vec<i64> = members.iter().map(|m| if m.3 { -1 } else { 1 }).collect();
            // Members i < j differ when bit i * 8 + j of `pairs` is set.
            let pair = |i: usize, j: usize| {
                let (a, b) = (i.min(j), i.max(j));
                i != j && pairs >> (a * 8 + b) & 1 == 1
            };
            let differ: Vec<u32> = (0..n)
                .map(|i| (0..n).filter(|&j| pair(i, j)).map(|j| 1u32 << j).sum())
                .collect();
            let doms: Vec<Vec<Value>> = (0..n)
                .map(|x| {
                    let mut v = Vec::new();
                    s.values_into(x, &mut v);
                    v
                })
                .collect();
            let expected = supported(&doms, &signs, &differ, rhs);
            let within = {
                let mut sizes: Vec<u64> = doms.iter().filter(|d| d.len() > 1).map(|d| d.len() as u64).collect();
                sizes.sort_unstable();
                sizes.pop();
                sizes.iter().product::<u64>() <= budget
            };
            let vars: Vec<usize> = (0..n).collect();
            let mut p = SmallSum::new(vars, signs.clone(), differ.clone(), rhs, &s).expect("word domains");
            p.budget = budget;
            let r = p.propagate(&mut s);
            if expected.iter().any(|e| e.is_empty()) {
                if within {
                    prop_assert!(r.is_err(), "{:?} {:?} {:?} sum {} kept", doms, signs, differ, rhs);
                }
                return Ok(());
            }
            prop_assert!(r.is_ok(), "{:?} {:?} {:?} sum {} failed; supports {:?}", doms, signs, differ, rhs, expected);
            for (x, e) in expected.iter().enumerate() {
                let mut now = Vec::new();
                s.values_into(x, &mut now);
                if within {
                    prop_assert_eq!(&now, e, "member {} of {:?} {:?} {:?} sum {}", x, doms, signs, differ, rhs);
                } else {
                    prop_assert!(e.iter().all(|v| now.contains(v)), "member {} lost a support", x);
                }
            }
        }
    }

    /// An arrow: circle = three line cells of one box (all distinct), over
    /// 1..=9: the circle is at least 1 + 2 + 3 = 6, and with the circle 6
    /// the line holds 1, 2 and 3.
    #[test]
    fn arrow_in_a_box() {
        let init: Vec<InitialDomain> = (0..4)
            .map(|_| Ok(Arc::from((1..=9).collect::<Vec<Value>>())))
            .collect();
        let mut s = Store::new(&init);
        s.push_level();
        let all = 0b1111u32;
        let differ: Vec<u32> = (0..4).map(|i| all & !(1 << i)).collect();
        let mut p = SmallSum::new(vec![0, 1, 2, 3], vec![1, -1, -1, -1], differ, 0, &s).unwrap();
        p.budget = u64::MAX;
        p.propagate(&mut s).unwrap();
        let mut c = Vec::new();
        s.values_into(0, &mut c);
        assert_eq!(c, vec![6, 7, 8, 9]);
        let mut l = Vec::new();
        s.values_into(1, &mut l);
        assert_eq!(l, (1..=6).collect::<Vec<Value>>());
        s.assign(0, 6).unwrap();
        p.propagate(&mut s).unwrap();
        for x in 1..4 {
            let mut v = Vec::new();
            s.values_into(x, &mut v);
            assert_eq!(v, vec![1, 2, 3]);
        }
    }
}
