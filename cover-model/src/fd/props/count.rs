//! Count: `|{i : vars[i] == value}| rel n` (global cardinality is one count
//! per value, with a constant value).

use super::Propagator;
use crate::constraints::Rel;
use crate::fd::store::{Fail, Res, Store};

pub(crate) struct Count {
    pub(crate) vars: Vec<usize>,
    pub(crate) value: usize,
    pub(crate) rel: Rel,
    pub(crate) n: usize,
}

impl Propagator for Count {
    fn propagate(&mut self, s: &mut Store) -> Res {
        if !s.is_fixed(self.value) {
            // Only the range of the count: 0..=len.
            let len = self.vars.len() as i64;
            return match self.rel {
                Rel::Eq => {
                    s.set_min(self.n, 0)?;
                    s.set_max(self.n, len)
                }
                Rel::Le => s.set_min(self.n, 0),
                Rel::Lt => s.set_min(self.n, 1),
                Rel::Ge => s.set_max(self.n, len),
                Rel::Gt => s.set_max(self.n, len - 1),
                Rel::Ne => Ok(()),
            };
        }
        let v = s.min(self.value);
        let (mut lb, mut ub) = (0i64, 0i64);
        for &x in &self.vars {
            if s.contains(x, v) {
                ub += 1;
                if s.is_fixed(x) {
                    lb += 1;
                }
            }
        }
        let n = self.n;
        // The count c lies in [lb, ub]; the relation narrows n, and when n
        // pins c to lb (ub) the undecided members lose (take) v.
        let (c_lo, c_hi) = match self.rel {
            Rel::Eq => {
                s.set_min(n, lb)?;
                s.set_max(n, ub)?;
                (s.min(n), s.max(n))
            }
            // c <= n
            Rel::Le => {
                s.set_min(n, lb)?;
                (lb, s.max(n))
            }
            // c <= n - 1
            Rel::Lt => {
                s.set_min(n, lb + 1)?;
                (lb, s.max(n) - 1)
            }
            // c >= n
            Rel::Ge => {
                s.set_max(n, ub)?;
                (s.min(n), ub)
            }
            // c >= n + 1
            Rel::Gt => {
                s.set_max(n, ub - 1)?;
                (s.min(n) + 1, ub)
            }
            Rel::Ne => {
                if lb == ub {
                    s.remove(n, lb)?;
                }
                return Ok(());
            }
        };
        if c_lo > ub || c_hi < lb {
            return Err(Fail);
        }
        if c_hi == lb && ub > lb {
            for &x in &self.vars {
                if !s.is_fixed(x) {
                    s.remove(x, v)?;
                }
            }
        } else if c_lo == ub && ub > lb {
            for &x in &self.vars {
                if s.contains(x, v) {
                    s.assign(x, v)?;
                }
            }
        }
        Ok(())
    }
}
