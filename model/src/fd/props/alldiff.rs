//! All-different: value elimination (a fixed variable's value leaves the
//! others), bounds consistency by Hall intervals, and for exactly-once
//! groups the rule that every value is taken (a value that only one member
//! can take goes to it).

use std::sync::Arc;

use super::Propagator;
use crate::fd::store::{Fail, Res, Store};
use crate::model::Value;

/// Value elimination over a sparse set of the members not yet processed.
pub(crate) struct AllDiffValue {
    vars: Vec<usize>,
    /// A permutation of `0..vars.len()`: positions `..k` are the members
    /// not yet processed (k trailed in the store's integer `slot`).
    perm: Vec<usize>,
    slot: usize,
}

impl AllDiffValue {
    pub(crate) fn new(vars: Vec<usize>, s: &mut Store) -> AllDiffValue {
        let n = vars.len();
        AllDiffValue {
            vars,
            perm: (0..n).collect(),
            slot: s.alloc_ints(1, n as i64),
        }
    }
}

impl Propagator for AllDiffValue {
    fn propagate(&mut self, s: &mut Store) -> Res {
        let mut k = s.int(self.slot) as usize;
        let mut i = 0;
        while i < k {
            let x = self.vars[self.perm[i]];
            if s.is_fixed(x) {
                k -= 1;
                self.perm.swap(i, k);
                let v = s.min(x);
                for j in 0..k {
                    s.remove(self.vars[self.perm[j]], v)?;
                }
                // A removal may have fixed a member already passed.
                i = 0;
            } else {
                i += 1;
            }
        }
        s.set_int(self.slot, k as i64);
        Ok(())
    }
}

/// Bounds consistency by Hall intervals: `k` members whose domains lie in
/// an interval of `k` values take all of them, so the others leave it.
pub(crate) struct AllDiffBounds {
    vars: Vec<usize>,
    /// Scratch: (min, max) per member, and members sorted by max.
    bounds: Vec<(Value, Value)>,
    by_max: Vec<usize>,
    halls: Vec<(Value, Value)>,
}

impl AllDiffBounds {
    pub(crate) fn new(vars: Vec<usize>) -> AllDiffBounds {
        AllDiffBounds {
            vars,
            bounds: Vec::new(),
            by_max: Vec::new(),
            halls: Vec::new(),
        }
    }
}

impl Propagator for AllDiffBounds {
    fn propagate(&mut self, s: &mut Store) -> Res {
        let n = self.vars.len();
        self.bounds.clear();
        self.bounds
            .extend(self.vars.iter().map(|&x| (s.min(x), s.max(x))));
        self.by_max.clear();
        self.by_max.extend(0..n);
        let bounds = &self.bounds;
        self.by_max.sort_unstable_by_key(|&i| bounds[i].1);
        self.halls.clear();
        // For each lower end a (a member's min), walk the members by max:
        // count those inside [a, b].
        for i in 0..n {
            let a = self.bounds[i].0;
            let mut count: i128 = 0;
            let mut k = 0;
            while k < n {
                let b = self.bounds[self.by_max[k]].1;
                // All members with this max.
                while k < n && self.bounds[self.by_max[k]].1 == b {
                    if self.bounds[self.by_max[k]].0 >= a {
                        count += 1;
                    }
                    k += 1;
                }
                if b < a {
                    continue;
                }
                let width = b as i128 - a as i128 + 1;
                if count > width {
                    return Err(Fail);
                }
                if count == width && count < n as i128 {
                    self.halls.push((a, b));
                }
            }
        }
        for h in 0..self.halls.len() {
            let (a, b) = self.halls[h];
            for &x in &self.vars {
                let (lo, hi) = (s.min(x), s.max(x));
                if lo >= a && hi <= b {
                    continue;
                }
                if lo >= a && lo <= b {
                    s.set_min(x, b + 1)?;
                }
                let (lo, hi) = (s.min(x), s.max(x));
                if hi >= a && hi <= b && lo < a {
                    s.set_max(x, a - 1)?;
                }
            }
        }
        Ok(())
    }
}

/// Every value of `values` is taken by some member (exactly-once groups):
/// a value no member can take fails, a value only one member can take is
/// given to it.
pub(crate) struct EveryValueTaken {
    vars: Vec<usize>,
    values: Arc<[Value]>,
}

impl EveryValueTaken {
    pub(crate) fn new(vars: Vec<usize>, values: Arc<[Value]>) -> EveryValueTaken {
        EveryValueTaken { vars, values }
    }
}

impl Propagator for EveryValueTaken {
    fn propagate(&mut self, s: &mut Store) -> Res {
        for &v in self.values.iter() {
            let mut holder = None;
            let mut many = false;
            for &x in &self.vars {
                if s.contains(x, v) {
                    if holder.is_some() {
                        many = true;
                        break;
                    }
                    holder = Some(x);
                }
            }
            match (holder, many) {
                (None, _) => return Err(Fail),
                (Some(x), false) => s.assign(x, v)?,
                _ => {}
            }
        }
        Ok(())
    }
}
