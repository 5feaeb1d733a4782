//! Clauses over Booleans: `OR(pos) or OR(not neg)`, by counting the
//! literals still open (fails with none, sets the last one).

use super::Propagator;
use crate::fd::store::{Fail, Res, Store};

pub(crate) struct Clause {
    pub(crate) pos: Vec<usize>,
    pub(crate) neg: Vec<usize>,
}

impl Propagator for Clause {
    fn propagate(&mut self, s: &mut Store) -> Res {
        // The one open literal (variable, value that makes it true).
        let mut open: Option<(usize, i64)> = None;
        let mut many = false;
        for (lits, want) in [(&self.pos, 1), (&self.neg, 0)] {
            for &x in lits {
                if s.is_fixed(x) {
                    if s.min(x) == want {
                        return Ok(());
                    }
                } else if open.is_none() {
                    open = Some((x, want));
                } else {
                    many = true;
                }
            }
        }
        match (open, many) {
            (None, _) => Err(Fail),
            (Some((x, v)), false) => s.assign(x, v),
            _ => Ok(()),
        }
    }
}
