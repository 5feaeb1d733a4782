//! All-different: value elimination (a fixed variable's value leaves the
//! others), bounds consistency by Hall intervals, and for exactly-once
//! groups the rule that every value is taken (a value that only one member
//! can take goes to it).

use std::sync::Arc;

use super::{set_max_wide, set_min_wide, Propagator};
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
                // An interval cannot lose a value inside it, so a member
                // may be fixed to a value taken already: check it against
                // the members processed before.
                if !s.is_bits(x) {
                    for j in k + 1..self.vars.len() {
                        if s.min(self.vars[self.perm[j]]) == v {
                            return Err(Fail);
                        }
                    }
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

/// Bounds consistency by Hall intervals (López-Ortiz, Quimper, Tromp and
/// van Beek, "A fast and simple algorithm for bounds consistency of the
/// alldifferent constraint", IJCAI 2003): `k` members whose domains lie in
/// an interval of `k` values take all of them, so the others leave it. The
/// members stay sorted by their bounds between calls (insertion sort).
pub(crate) struct AllDiffBounds {
    vars: Vec<usize>,
    /// Per member: min, max + 1, ranks into `bounds`.
    lo: Vec<i128>,
    hi: Vec<i128>,
    minrank: Vec<usize>,
    maxrank: Vec<usize>,
    minsorted: Vec<usize>,
    maxsorted: Vec<usize>,
    bounds: Vec<i128>,
    t: Vec<usize>,
    d: Vec<i128>,
    h: Vec<usize>,
    /// Wakes, runs, runs that pruned or failed, and the wake counter.
    calls: u64,
    runs: u64,
    useful: u64,
    skip: u32,
}

impl AllDiffBounds {
    pub(crate) fn new(vars: Vec<usize>) -> AllDiffBounds {
        let n = vars.len();
        AllDiffBounds {
            vars,
            lo: vec![0; n],
            hi: vec![0; n],
            minrank: vec![0; n],
            maxrank: vec![0; n],
            minsorted: (0..n).collect(),
            maxsorted: (0..n).collect(),
            bounds: vec![0; 2 * n + 2],
            t: vec![0; 2 * n + 2],
            d: vec![0; 2 * n + 2],
            h: vec![0; 2 * n + 2],
            calls: 0,
            runs: 0,
            useful: 0,
            skip: 0,
        }
    }
}

fn insertion_sort(order: &mut [usize], key: &[i128]) {
    for i in 1..order.len() {
        let e = order[i];
        let mut j = i;
        while j > 0 && key[order[j - 1]] > key[e] {
            order[j] = order[j - 1];
            j -= 1;
        }
        order[j] = e;
    }
}

fn pathset(t: &mut [usize], start: usize, end: usize, to: usize) {
    let mut l = start;
    loop {
        let k = l;
        if k == end {
            break;
        }
        l = t[k];
        t[k] = to;
    }
}

fn pathmin(t: &[usize], mut i: usize) -> usize {
    while t[i] < i {
        i = t[i];
    }
    i
}

fn pathmax(t: &[usize], mut i: usize) -> usize {
    while t[i] > i {
        i = t[i];
    }
    i
}

/// Where the Hall-interval pass seldom prunes, it runs on one wake in this
/// many. Was 8: on a magic square of order 4 (the pass prunes in 12% of its
/// runs there) 64 costs 2.8% more nodes (60,470 against 58,842) for 8% less
/// time; the optimisation benchmarks do not move.
const SKIP: u32 = 64;

impl Propagator for AllDiffBounds {
    /// Runs the Hall-interval pass, but on only one wake in [`SKIP`] once
    /// it has been woken 1,024 times and pruned (or failed) in fewer than 1
    /// of 8 runs: where it seldom prunes its cost outweighs its pruning.
    /// (Value elimination still keeps the members different at every
    /// node.)
    fn propagate(&mut self, s: &mut Store) -> Res {
        self.calls += 1;
        if self.calls > 1024 && self.useful * 8 < self.runs {
            self.skip = (self.skip + 1) % SKIP;
            if self.skip != 0 {
                return Ok(());
            }
        }
        self.runs += 1;
        let before = s.changes;
        let r = self.hall(s);
        if r.is_err() || s.changes != before {
            self.useful += 1;
        }
        r
    }
}

impl AllDiffBounds {
    fn hall(&mut self, s: &mut Store) -> Res {
        let n = self.vars.len();
        // With at most one open member, value elimination has said all.
        if self
            .vars
            .iter()
            .filter(|&&x| !s.is_fixed(x))
            .nth(1)
            .is_none()
        {
            return Ok(());
        }
        for (k, &x) in self.vars.iter().enumerate() {
            // In `i128`: `max + 1` and the gaps between bounds may pass
            // the `i64` range.
            self.lo[k] = i128::from(s.min(x));
            self.hi[k] = i128::from(s.max(x)) + 1;
        }
        insertion_sort(&mut self.minsorted, &self.lo);
        insertion_sort(&mut self.maxsorted, &self.hi);
        // The distinct bounds, and each member's ranks.
        let (lo, hi) = (&self.lo, &self.hi);
        let mut min = lo[self.minsorted[0]];
        let mut max = hi[self.maxsorted[0]];
        let mut last = min - 2;
        let mut nb = 0;
        self.bounds[0] = last;
        let (mut i, mut j) = (0, 0);
        loop {
            if i < n && min <= max {
                if min != last {
                    nb += 1;
                    last = min;
                    self.bounds[nb] = min;
                }
                self.minrank[self.minsorted[i]] = nb;
                i += 1;
                if i < n {
                    min = lo[self.minsorted[i]];
                }
            } else {
                if max != last {
                    nb += 1;
                    last = max;
                    self.bounds[nb] = max;
                }
                self.maxrank[self.maxsorted[j]] = nb;
                j += 1;
                if j == n {
                    break;
                }
                max = hi[self.maxsorted[j]];
            }
        }
        self.bounds[nb + 1] = self.bounds[nb] + 2;
        let (t, d, h, bounds) = (&mut self.t, &mut self.d, &mut self.h, &self.bounds);

        // Lower bounds, members by increasing max.
        for k in 1..=nb + 1 {
            t[k] = k - 1;
            h[k] = k - 1;
            d[k] = bounds[k] - bounds[k - 1];
        }
        for &m in self.maxsorted.iter() {
            let x = self.minrank[m];
            let y = self.maxrank[m];
            let mut z = pathmax(t, x + 1);
            let jj = t[z];
            d[z] -= 1;
            if d[z] == 0 {
                t[z] = z + 1;
                z = pathmax(t, t[z]);
                t[z] = jj;
            }
            pathset(t, x + 1, z, z);
            if d[z] < bounds[z] - bounds[y] {
                return Err(Fail);
            }
            if h[x] > x {
                let w = pathmax(h, h[x]);
                set_min_wide(s, self.vars[m], bounds[w])?;
                pathset(h, x, w, w);
            }
            if d[z] == bounds[z] - bounds[y] {
                let hy = h[y];
                pathset(h, hy, jj - 1, y);
                h[y] = jj - 1;
            }
        }

        // Upper bounds, members by decreasing min.
        for k in 0..=nb {
            t[k] = k + 1;
            h[k] = k + 1;
            d[k] = bounds[k + 1] - bounds[k];
        }
        for &m in self.minsorted.iter().rev() {
            let x = self.maxrank[m];
            let y = self.minrank[m];
            let mut z = pathmin(t, x - 1);
            let jj = t[z];
            d[z] -= 1;
            if d[z] == 0 {
                t[z] = z - 1;
                z = pathmin(t, t[z]);
                t[z] = jj;
            }
            pathset(t, x - 1, z, z);
            if d[z] < bounds[y] - bounds[z] {
                return Err(Fail);
            }
            if h[x] < x {
                let w = pathmin(h, h[x]);
                set_max_wide(s, self.vars[m], bounds[w] - 1)?;
                pathset(h, x, w, w);
            }
            if d[z] == bounds[y] - bounds[z] {
                let hy = h[y];
                pathset(h, hy, jj + 1, y);
                h[y] = jj + 1;
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

impl EveryValueTaken {
    /// The word-parallel form, when the values are at most 64 contiguous
    /// ones and every member a bitset over at most 64 contiguous values.
    /// `None` when it does not apply.
    fn by_words(&self, s: &mut Store) -> Option<Res> {
        let n = self.values.len();
        if n == 0 || n > 64 || self.values[n - 1] - self.values[0] != n as Value - 1 {
            return None;
        }
        let g = self.values[0];
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let (mut once, mut twice, mut fixed) = (0u64, 0u64, 0u64);
        for &x in &self.vars {
            let (bits, off) = s.word(x)?;
            let shift = off - g;
            let d = if shift >= 0 {
                bits.checked_shl(shift as u32).unwrap_or(0)
            } else {
                bits.checked_shr((-shift) as u32).unwrap_or(0)
            } & all;
            twice |= once & d;
            once |= d;
            if s.is_fixed(x) {
                fixed |= d;
            }
        }
        if once != all {
            return Some(Err(Fail));
        }
        let mut act = once & !twice & !fixed;
        while act != 0 {
            let v = g + act.trailing_zeros() as Value;
            act &= act - 1;
            if let Some(&x) = self.vars.iter().find(|&&x| s.contains(x, v)) {
                if let Err(f) = s.assign(x, v) {
                    return Some(Err(f));
                }
            }
        }
        Some(Ok(()))
    }
}

impl Propagator for EveryValueTaken {
    fn propagate(&mut self, s: &mut Store) -> Res {
        if let Some(r) = self.by_words(s) {
            return r;
        }
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
