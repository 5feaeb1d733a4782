//! Tables: allowed tuples by compact-table (generalised arc consistency: a
//! reversible bitset of the tuples still valid, and per variable and value
//! the bitset of the tuples that support it), and forbidden tuples (the
//! last free variable of a matching tuple loses its value).

use std::sync::Arc;

use super::Propagator;
use crate::fd::store::{Fail, Res, Store};
use crate::model::Value;

/// The part of a table shared between threads.
#[derive(Debug)]
pub(crate) struct TableData {
    /// Per column: its distinct values (ascending) and for each the words
    /// of the tuples having it.
    columns: Vec<(Vec<Value>, Vec<u64>)>,
    words: usize,
}

impl TableData {
    /// Keeps the tuples whose values lie in the domains (`inside`).
    /// `Err(words)` when the support bitsets would take more than
    /// `max_words` words.
    pub(crate) fn new(
        arity: usize,
        tuples: &[Vec<Value>],
        inside: impl Fn(usize, Value) -> bool,
        max_words: usize,
    ) -> Result<TableData, usize> {
        let kept: Vec<&Vec<Value>> = tuples
            .iter()
            .filter(|t| t.iter().enumerate().all(|(i, &v)| inside(i, v)))
            .collect();
        let words = kept.len().div_ceil(64).max(1);
        let mut columns = Vec::with_capacity(arity);
        let mut total = 0usize;
        for i in 0..arity {
            let mut values: Vec<Value> = kept.iter().map(|t| t[i]).collect();
            values.sort_unstable();
            values.dedup();
            total = total.saturating_add(values.len().saturating_mul(words));
            if total > max_words {
                return Err(total);
            }
            let mut masks = vec![0u64; values.len() * words];
            for (k, t) in kept.iter().enumerate() {
                let j = values.binary_search(&t[i]).expect("a column value");
                masks[j * words + k / 64] |= 1 << (k % 64);
            }
            columns.push((values, masks));
        }
        Ok(TableData { columns, words })
    }

    fn tuples_present(&self) -> bool {
        self.columns.first().is_none_or(|c| !c.0.is_empty())
    }
}

pub(crate) struct Table {
    vars: Vec<usize>,
    data: Arc<TableData>,
    /// Trailed integers: the current tuples' words, then per variable its
    /// domain size when last seen (-1: never).
    cur: usize,
    last: usize,
    scratch: Vec<u64>,
    vals: Vec<Value>,
}

impl Table {
    pub(crate) fn new(vars: Vec<usize>, data: Arc<TableData>, s: &mut Store) -> Table {
        let words = data.words;
        let cur = s.alloc_ints(words, 0);
        // All tuples present at first.
        let n = data.columns.first().map_or(0, |c| {
            c.1.chunks(words)
                .map(|m| m.iter().map(|w| w.count_ones() as usize).sum::<usize>())
                .sum()
        });
        for w in 0..words {
            let bits = if (w + 1) * 64 <= n {
                u64::MAX
            } else if w * 64 >= n {
                0
            } else {
                (1u64 << (n - w * 64)) - 1
            };
            s.set_int(cur + w, bits as i64);
        }
        let last = s.alloc_ints(vars.len(), -1);
        Table {
            vars,
            data,
            cur,
            last,
            scratch: vec![0; words],
            vals: Vec::new(),
        }
    }
}

impl Propagator for Table {
    fn propagate(&mut self, s: &mut Store) -> Res {
        let words = self.data.words;
        if !self.data.tuples_present() && !self.vars.is_empty() {
            return Err(Fail);
        }
        // Update: keep the tuples whose every value is still possible.
        for (i, &x) in self.vars.iter().enumerate() {
            let size = s.size(x) as i64;
            let last = s.int(self.last + i);
            if last == size {
                continue;
            }
            let (values, masks) = &self.data.columns[i];
            if last < 0 {
                s.restrict_to_sorted(x, values)?;
            }
            self.scratch.iter_mut().for_each(|w| *w = 0);
            for (j, &v) in values.iter().enumerate() {
                if s.contains(x, v) {
                    for w in 0..words {
                        self.scratch[w] |= masks[j * words + w];
                    }
                }
            }
            let mut any = false;
            for w in 0..words {
                let old = s.int(self.cur + w) as u64;
                let new = old & self.scratch[w];
                if new != old {
                    s.set_int(self.cur + w, new as i64);
                }
                any |= new != 0;
            }
            if !any {
                return Err(Fail);
            }
            s.set_int(self.last + i, s.size(x) as i64);
        }
        // Filter: a value without a current tuple goes.
        for (i, &x) in self.vars.iter().enumerate() {
            if s.is_fixed(x) {
                continue;
            }
            let (values, masks) = &self.data.columns[i];
            self.vals.clear();
            if s.is_bits(x) {
                s.values_into(x, &mut self.vals);
            } else {
                let lo = values.partition_point(|&v| v < s.min(x));
                let hi = values.partition_point(|&v| v <= s.max(x));
                self.vals.extend_from_slice(&values[lo..hi]);
            }
            for k in 0..self.vals.len() {
                let v = self.vals[k];
                let supported = match values.binary_search(&v) {
                    Ok(j) => {
                        (0..words).any(|w| masks[j * words + w] & s.int(self.cur + w) as u64 != 0)
                    }
                    Err(_) => false,
                };
                if !supported {
                    s.remove(x, v)?;
                }
            }
            s.set_int(self.last + i, s.size(x) as i64);
        }
        Ok(())
    }
}

/// Forbidden tuples.
pub(crate) struct Forbidden {
    pub(crate) vars: Vec<usize>,
    pub(crate) tuples: Arc<Vec<Vec<Value>>>,
}

impl Propagator for Forbidden {
    fn propagate(&mut self, s: &mut Store) -> Res {
        'tuples: for t in self.tuples.iter() {
            let mut free = None;
            for (i, &x) in self.vars.iter().enumerate() {
                if s.is_fixed(x) {
                    if s.min(x) != t[i] {
                        continue 'tuples;
                    }
                } else if !s.contains(x, t[i]) || free.is_some() {
                    continue 'tuples;
                } else {
                    free = Some(i);
                }
            }
            match free {
                None => return Err(Fail),
                Some(i) => s.remove(self.vars[i], t[i])?,
            }
        }
        Ok(())
    }
}
