//! Element: `result = array[index - base]`, over variables or constants.

use std::sync::Arc;

use super::Propagator;
use crate::fd::store::{Res, Store};
use crate::model::Value;

/// Over an array of variables.
pub(crate) struct Element {
    pub(crate) index: usize,
    pub(crate) base: Value,
    pub(crate) array: Vec<usize>,
    pub(crate) result: usize,
    pub(crate) vals: Vec<Value>,
}

impl Element {
    fn item(&self, i: Value) -> usize {
        self.array[(i - self.base) as usize]
    }
}

/// Makes `a` and `b` equal: bounds both ways, and values of listed
/// domains.
pub(crate) fn equal(s: &mut Store, a: usize, b: usize, vals: &mut Vec<Value>) -> Res {
    loop {
        s.set_min(a, s.min(b))?;
        s.set_max(a, s.max(b))?;
        s.set_min(b, s.min(a))?;
        s.set_max(b, s.max(a))?;
        if s.min(a) == s.min(b) && s.max(a) == s.max(b) {
            break;
        }
    }
    for (x, y) in [(a, b), (b, a)] {
        if s.is_bits(x) {
            vals.clear();
            s.values_into(x, vals);
            for &v in vals.iter() {
                if !s.contains(y, v) {
                    s.remove(x, v)?;
                }
            }
        }
    }
    Ok(())
}

impl Propagator for Element {
    fn propagate(&mut self, s: &mut Store) -> Res {
        let (index, result) = (self.index, self.result);
        s.set_min(index, self.base)?;
        s.set_max(index, self.base + self.array.len() as Value - 1)?;
        // Indexes whose element cannot equal the result go.
        let mut i = Some(s.min(index));
        while let Some(k) = i {
            i = s.next_value(index, k);
            let a = self.item(k);
            let disjoint = s.max(a) < s.min(result)
                || s.min(a) > s.max(result)
                || (s.is_fixed(result) && !s.contains(a, s.min(result)))
                || (s.is_fixed(a) && !s.contains(result, s.min(a)));
            if disjoint {
                s.remove(index, k)?;
            }
        }
        if s.is_fixed(index) {
            let a = self.item(s.min(index));
            return equal(s, a, result, &mut self.vals);
        }
        // The result lies within the hull of the possible elements.
        let (mut lo, mut hi) = (Value::MAX, Value::MIN);
        let mut i = Some(s.min(index));
        while let Some(k) = i {
            i = s.next_value(index, k);
            let a = self.item(k);
            lo = lo.min(s.min(a));
            hi = hi.max(s.max(a));
        }
        s.set_min(result, lo)?;
        s.set_max(result, hi)?;
        if s.is_bits(result) && s.size(result) <= 4096 {
            self.vals.clear();
            s.values_into(result, &mut self.vals);
            for j in 0..self.vals.len() {
                let v = self.vals[j];
                let mut i = Some(s.min(index));
                let mut supported = false;
                while let Some(k) = i {
                    if s.contains(self.item(k), v) {
                        supported = true;
                        break;
                    }
                    i = s.next_value(index, k);
                }
                if !supported {
                    s.remove(result, v)?;
                }
            }
        }
        Ok(())
    }
}

/// Over an array of constants.
pub(crate) struct ElementValues {
    pub(crate) index: usize,
    pub(crate) base: Value,
    pub(crate) array: Arc<[Value]>,
    pub(crate) result: usize,
    pub(crate) vals: Vec<Value>,
}

impl Propagator for ElementValues {
    fn propagate(&mut self, s: &mut Store) -> Res {
        let (index, result) = (self.index, self.result);
        s.set_min(index, self.base)?;
        s.set_max(index, self.base + self.array.len() as Value - 1)?;
        self.vals.clear();
        let mut i = Some(s.min(index));
        while let Some(k) = i {
            i = s.next_value(index, k);
            let v = self.array[(k - self.base) as usize];
            if s.contains(result, v) {
                self.vals.push(v);
            } else {
                s.remove(index, k)?;
            }
        }
        self.vals.sort_unstable();
        self.vals.dedup();
        s.restrict_to_sorted(result, &self.vals)
    }
}
