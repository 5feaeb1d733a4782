//! The domain store of the propagation engine: every variable's domain, the
//! trail that restores them on backtracking, and the events that wake
//! propagators.
//!
//! A variable whose initial domain lists at most [`MAX_BITS`] values holds a
//! bitset over the *positions* of those values (position `k` is the `k`-th
//! smallest initial value; for a contiguous range `lo..=hi`, value `v` is
//! position `v - lo`), plus its smallest and largest positions, values and
//! its size. A wider variable ([`Model::int_var`](crate::Model::int_var)
//! beyond [`MAX_LISTED`](crate::MAX_LISTED) values) holds only its bounds:
//! removing a value inside an interval does nothing (propagators reason on
//! its bounds, and every propagator checks its constraint exactly once its
//! variables are fixed, so no solution is wrong).
//!
//! Every change saves the old state on the trail once per level (a stamp
//! per variable and per word), so [`Store::pop_level`] restores it exactly.

use std::sync::Arc;

use crate::model::Value;

/// A variable's initial domain: its listed values (ascending), or its
/// bounds.
pub(crate) type InitialDomain = Result<Arc<[Value]>, (Value, Value)>;

/// The most values a bitset domain holds (more: an interval).
pub(crate) const MAX_BITS: usize = 1 << 16;

/// A propagator found its constraint violated: backtrack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fail;

/// The result of a change to a domain.
pub(crate) type Res = Result<(), Fail>;

/// The variable became fixed.
pub(crate) const FIXED: u8 = 1;
/// Its smallest or largest value changed.
pub(crate) const BOUNDS: u8 = 2;
/// Any value was removed.
pub(crate) const DOMAIN: u8 = 4;
/// Its smallest or largest value changed and it is not fixed.
pub(crate) const OPEN_BOUNDS: u8 = 8;

/// The state of one domain (saved whole on the trail).
#[derive(Clone, Copy, Debug)]
struct Dom {
    min: Value,
    max: Value,
    /// Number of values (saturating for huge intervals).
    size: u64,
    /// Positions of `min` and `max` (bitset domains).
    lo: u32,
    hi: u32,
}

#[derive(Clone, Copy, Debug)]
enum Entry {
    Dom(u32, Dom),
    Word(u32, u64),
    Int(u32, i64),
}

/// How a variable's domain is held.
#[derive(Clone, Debug)]
pub(crate) enum Kind {
    /// Bounds only.
    Interval,
    /// A bitset over the positions of `values` from word `base`.
    Bits {
        base: u32,
        /// The initial values, ascending.
        values: Arc<[Value]>,
        /// Whether `values` is `values[0]..=values[0] + len - 1`.
        contiguous: bool,
    },
}

#[derive(Clone, Copy, Debug, Default)]
struct Fast {
    base: u32,
    len: u32,
    off: Value,
}

/// The domains, their trail, and the propagation queue.
pub(crate) struct Store {
    doms: Vec<Dom>,
    kinds: Vec<Kind>,
    /// Per variable, for the fast path of contiguous bitset domains: the
    /// first word, the smallest initial value and the number of values
    /// (`len` 0: not a contiguous bitset).
    fast: Vec<Fast>,
    words: Vec<u64>,
    ints: Vec<i64>,
    trail: Vec<Entry>,
    marks: Vec<usize>,
    stamp: u64,
    next_stamp: u64,
    dstamp: Vec<u64>,
    wstamp: Vec<u64>,
    istamp: Vec<u64>,
    /// Per variable: the propagators to wake, on which events, and their
    /// priorities.
    watchers: Vec<Vec<(u32, u8, u8)>>,
    /// Per variable: the union of its watchers' events (a change no one
    /// watches costs no walk over the list).
    watched: Vec<u8>,
    /// Per propagator: its priority (0 first) and whether it is queued.
    priority: Vec<u8>,
    queued: Vec<bool>,
    /// Per propagator: whether one run reaches its own fixed point.
    pub(crate) idempotent: Vec<bool>,
    queues: [Vec<u32>; 2],
    heads: [usize; 2],
    /// Propagator runs.
    pub(crate) propagations: u64,
    /// Domain changes (every event raised).
    pub(crate) changes: u64,
    /// The propagator running now when it reaches its own fixed point in
    /// one run (its own changes do not wake it again); `u32::MAX` else.
    pub(crate) running_idempotent: u32,
}

impl Store {
    /// A store for variables with these initial domains: `Ok(values)` for a
    /// listed domain, `Err((lo, hi))` for an interval.
    pub(crate) fn new(domains: &[InitialDomain]) -> Store {
        let mut s = Store {
            doms: Vec::with_capacity(domains.len()),
            kinds: Vec::with_capacity(domains.len()),
            fast: Vec::with_capacity(domains.len()),
            words: Vec::new(),
            ints: Vec::new(),
            trail: Vec::new(),
            marks: Vec::new(),
            stamp: 1,
            next_stamp: 2,
            dstamp: vec![0; domains.len()],
            wstamp: Vec::new(),
            istamp: Vec::new(),
            watchers: vec![Vec::new(); domains.len()],
            watched: vec![0; domains.len()],
            priority: Vec::new(),
            queued: Vec::new(),
            idempotent: Vec::new(),
            queues: [Vec::new(), Vec::new()],
            heads: [0, 0],
            propagations: 0,
            changes: 0,
            running_idempotent: u32::MAX,
        };
        for d in domains {
            match d {
                Ok(values) if values.len() <= MAX_BITS => {
                    let n = values.len();
                    let base = s.words.len() as u32;
                    let nwords = n.div_ceil(64);
                    for w in 0..nwords {
                        let bits = if (w + 1) * 64 <= n {
                            u64::MAX
                        } else {
                            (1u64 << (n - w * 64)) - 1
                        };
                        s.words.push(bits);
                    }
                    let contiguous = values[n - 1] as i128 - values[0] as i128 == n as i128 - 1;
                    s.doms.push(Dom {
                        min: values[0],
                        max: values[n - 1],
                        size: n as u64,
                        lo: 0,
                        hi: n as u32 - 1,
                    });
                    s.fast.push(if contiguous {
                        Fast {
                            base,
                            len: n as u32,
                            off: values[0],
                        }
                    } else {
                        Fast::default()
                    });
                    s.kinds.push(Kind::Bits {
                        base,
                        values: Arc::clone(values),
                        contiguous,
                    });
                }
                Ok(values) => {
                    // Too many listed values for a bitset: its bounds.
                    let (lo, hi) = (values[0], values[values.len() - 1]);
                    s.doms.push(interval(lo, hi));
                    s.fast.push(Fast::default());
                    s.kinds.push(Kind::Interval);
                }
                Err((lo, hi)) => {
                    s.doms.push(interval(*lo, *hi));
                    s.fast.push(Fast::default());
                    s.kinds.push(Kind::Interval);
                }
            }
        }
        s.wstamp = vec![0; s.words.len()];
        s
    }

    /// Registers a propagator with its priority; returns its number.
    pub(crate) fn add_propagator(&mut self, priority: u8) -> u32 {
        self.priority.push(priority.min(1));
        self.idempotent.push(false);
        self.queued.push(false);
        // Each propagator is queued at most once: room for all of them, so
        // no queue grows during the search.
        let n = self.priority.len();
        for q in &mut self.queues {
            q.reserve(n.saturating_sub(q.len()));
        }
        (self.priority.len() - 1) as u32
    }

    /// Marks propagator `p` as reaching its own fixed point in one run.
    pub(crate) fn set_idempotent(&mut self, p: u32, idempotent: bool) {
        self.idempotent[p as usize] = idempotent;
    }

    /// Wakes propagator `p` when `var` has one of `events`.
    pub(crate) fn watch(&mut self, var: usize, p: u32, events: u8) {
        self.watched[var] |= events;
        if let Some(w) = self.watchers[var].iter_mut().find(|w| w.0 == p) {
            w.1 |= events;
        } else {
            let priority = self.priority[p as usize];
            self.watchers[var].push((p, events, priority));
        }
    }

    /// How many propagators watch `var`.
    pub(crate) fn degree(&self, var: usize) -> usize {
        self.watchers[var].len()
    }

    /// The propagators watching `var`.
    pub(crate) fn watchers(&self, var: usize) -> &[(u32, u8, u8)] {
        &self.watchers[var]
    }

    /// Allocates `n` trailed integers, all `init`; returns the first index.
    pub(crate) fn alloc_ints(&mut self, n: usize, init: i64) -> usize {
        let first = self.ints.len();
        self.ints.resize(first + n, init);
        self.istamp.resize(first + n, 0);
        first
    }

    pub(crate) fn int(&self, i: usize) -> i64 {
        self.ints[i]
    }

    pub(crate) fn set_int(&mut self, i: usize, value: i64) {
        if self.ints[i] == value {
            return;
        }
        if self.istamp[i] != self.stamp {
            self.istamp[i] = self.stamp;
            self.trail.push(Entry::Int(i as u32, self.ints[i]));
        }
        self.ints[i] = value;
    }

    // ---- levels ----

    fn fresh_stamp(&mut self) {
        self.stamp = self.next_stamp;
        self.next_stamp += 1;
    }

    /// Starts a level: every change after this is undone by `pop_level`.
    pub(crate) fn push_level(&mut self) {
        self.marks.push(self.trail.len());
        self.fresh_stamp();
    }

    /// Undoes every change since the matching `push_level`, and empties the
    /// queue.
    pub(crate) fn pop_level(&mut self) {
        let mark = self.marks.pop().unwrap_or(0);
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Entry::Dom(x, d)) => self.doms[x as usize] = d,
                Some(Entry::Word(w, bits)) => self.words[w as usize] = bits,
                Some(Entry::Int(i, v)) => self.ints[i as usize] = v,
                None => break,
            }
        }
        self.fresh_stamp();
        self.clear_queue();
    }

    /// How many levels are open.
    pub(crate) fn depth(&self) -> usize {
        self.marks.len()
    }

    // ---- queue ----

    pub(crate) fn clear_queue(&mut self) {
        for q in 0..2 {
            for k in self.heads[q]..self.queues[q].len() {
                let p = self.queues[q][k];
                self.queued[p as usize] = false;
            }
            self.queues[q].clear();
            self.heads[q] = 0;
        }
    }

    /// Queues propagator `p` (if it is not queued already).
    pub(crate) fn enqueue(&mut self, p: u32) {
        if !self.queued[p as usize] {
            self.queued[p as usize] = true;
            self.queues[self.priority[p as usize] as usize].push(p);
        }
    }

    /// The next propagator to run, highest priority first.
    pub(crate) fn dequeue(&mut self) -> Option<u32> {
        for q in 0..2 {
            if self.heads[q] < self.queues[q].len() {
                let p = self.queues[q][self.heads[q]];
                self.heads[q] += 1;
                if self.heads[q] == self.queues[q].len() {
                    self.queues[q].clear();
                    self.heads[q] = 0;
                }
                self.queued[p as usize] = false;
                return Some(p);
            }
        }
        None
    }

    fn notify(&mut self, x: usize, mut events: u8) {
        self.changes += 1;
        if events & BOUNDS != 0 && events & FIXED == 0 {
            events |= OPEN_BOUNDS;
        }
        if self.watched[x] & events == 0 {
            return;
        }
        // The fields apart, so the walk over the list needs no copy and no
        // bounds checks.
        let Store {
            watchers,
            queued,
            queues,
            running_idempotent,
            ..
        } = self;
        for &(p, mask, priority) in &watchers[x] {
            if mask & events != 0 && p != *running_idempotent {
                let q = &mut queued[p as usize];
                if !*q {
                    *q = true;
                    queues[usize::from(priority)].push(p);
                }
            }
        }
    }

    // ---- reading ----

    pub(crate) fn var_count(&self) -> usize {
        self.doms.len()
    }

    #[inline]
    pub(crate) fn min(&self, x: usize) -> Value {
        self.doms[x].min
    }

    #[inline]
    pub(crate) fn max(&self, x: usize) -> Value {
        self.doms[x].max
    }

    #[inline]
    pub(crate) fn size(&self, x: usize) -> u64 {
        self.doms[x].size
    }

    #[inline]
    pub(crate) fn is_fixed(&self, x: usize) -> bool {
        self.doms[x].size == 1
    }

    /// For a bitset domain over at most 64 contiguous initial values: its
    /// word (bit `k` for value `off + k`) and `off`.
    #[inline]
    pub(crate) fn word(&self, x: usize) -> Option<(u64, Value)> {
        let f = self.fast[x];
        (f.len > 0 && f.len <= 64).then(|| (self.words[f.base as usize], f.off))
    }

    /// For a domain that [`word`](Self::word) reads: how many initial
    /// values it has.
    #[inline]
    pub(crate) fn word_len(&self, x: usize) -> u32 {
        self.fast[x].len
    }

    /// Keeps only the values of `x` whose bits are set in `mask`, for a
    /// domain that [`word`](Self::word) reads.
    pub(crate) fn intersect_word(&mut self, x: usize, mask: u64) -> Res {
        let f = self.fast[x];
        debug_assert!(f.len > 0 && f.len <= 64);
        let w = f.base as usize;
        let old = self.words[w];
        let new = old & mask;
        if new == old {
            return Ok(());
        }
        if new == 0 {
            return Err(Fail);
        }
        self.save_dom(x);
        self.save_word(w);
        self.words[w] = new;
        let d = self.doms[x];
        let (lo, hi) = (new.trailing_zeros(), 63 - new.leading_zeros());
        let size = u64::from(new.count_ones());
        self.doms[x] = Dom {
            min: f.off + Value::from(lo),
            max: f.off + Value::from(hi),
            size,
            lo,
            hi,
        };
        let mut e = DOMAIN;
        if lo != d.lo || hi != d.hi {
            e |= BOUNDS;
        }
        if size == 1 {
            e |= FIXED;
        }
        self.notify(x, e);
        Ok(())
    }

    /// Whether `x` is held as a bitset (its values can be listed).
    pub(crate) fn is_bits(&self, x: usize) -> bool {
        matches!(self.kinds[x], Kind::Bits { .. })
    }

    /// The position of `v` among the initial values of a bitset domain.
    #[inline]
    fn position(&self, x: usize, v: Value) -> Option<u32> {
        let f = self.fast[x];
        if f.len > 0 {
            let k = v.wrapping_sub(f.off) as u64;
            return (k < u64::from(f.len)).then_some(k as u32);
        }
        match &self.kinds[x] {
            Kind::Interval => None,
            Kind::Bits {
                values, contiguous, ..
            } => {
                if *contiguous {
                    let k = v as i128 - values[0] as i128;
                    (0..values.len() as i128).contains(&k).then_some(k as u32)
                } else {
                    values.binary_search(&v).ok().map(|k| k as u32)
                }
            }
        }
    }

    /// The `k`-th initial value of a bitset domain.
    #[inline]
    fn value_at(&self, x: usize, k: u32) -> Value {
        let f = self.fast[x];
        if f.len > 0 {
            return f.off + Value::from(k);
        }
        match &self.kinds[x] {
            Kind::Bits { values, .. } => values[k as usize],
            Kind::Interval => k as Value,
        }
    }

    #[inline]
    fn bit(&self, base: u32, k: u32) -> bool {
        self.words[(base + k / 64) as usize] >> (k % 64) & 1 == 1
    }

    /// Whether `v` is in the domain of `x`.
    pub(crate) fn contains(&self, x: usize, v: Value) -> bool {
        let d = self.doms[x];
        if v < d.min || v > d.max {
            return false;
        }
        let f = self.fast[x];
        if f.len > 0 {
            return self.bit(f.base, (v - f.off) as u32);
        }
        match &self.kinds[x] {
            Kind::Interval => true,
            Kind::Bits { base, .. } => match self.position(x, v) {
                Some(k) => self.bit(*base, k),
                None => false,
            },
        }
    }

    /// Appends the values of `x` (ascending) to `out`. For an interval this
    /// lists every value: callers check [`size`](Self::size) first.
    pub(crate) fn values_into(&self, x: usize, out: &mut Vec<Value>) {
        let d = self.doms[x];
        match &self.kinds[x] {
            Kind::Interval => out.extend(d.min..=d.max),
            Kind::Bits { base, values, .. } => {
                let (lo, hi) = (d.lo as usize, d.hi as usize);
                let base = *base as usize;
                for w in lo / 64..=hi / 64 {
                    let mut bits = self.words[base + w];
                    while bits != 0 {
                        let k = w * 64 + bits.trailing_zeros() as usize;
                        out.push(values[k]);
                        bits &= bits - 1;
                    }
                }
            }
        }
    }

    /// The value after `v` in the domain of `x` (`None`: none).
    pub(crate) fn next_value(&self, x: usize, v: Value) -> Option<Value> {
        let d = self.doms[x];
        if v >= d.max {
            return None;
        }
        if v < d.min {
            return Some(d.min);
        }
        match &self.kinds[x] {
            Kind::Interval => Some(v + 1),
            Kind::Bits { base, values, .. } => {
                let from = match self.position(x, v) {
                    Some(k) => k + 1,
                    None => values.partition_point(|&u| u <= v) as u32,
                };
                self.next_bit(*base, from, d.hi).map(|k| values[k as usize])
            }
        }
    }

    fn next_bit(&self, base: u32, from: u32, hi: u32) -> Option<u32> {
        let mut w = from / 64;
        let mut bits = self.words[(base + w) as usize] & (u64::MAX << (from % 64));
        loop {
            if bits != 0 {
                let k = w * 64 + bits.trailing_zeros();
                return (k <= hi).then_some(k);
            }
            w += 1;
            if w * 64 > hi {
                return None;
            }
            bits = self.words[(base + w) as usize];
        }
    }

    fn prev_bit(&self, base: u32, from: u32, lo: u32) -> Option<u32> {
        let mut w = from / 64;
        let shift = 63 - from % 64;
        let mut bits = self.words[(base + w) as usize] & (u64::MAX >> shift);
        loop {
            if bits != 0 {
                let k = w * 64 + 63 - bits.leading_zeros();
                return (k >= lo).then_some(k);
            }
            if w == 0 || w * 64 <= lo {
                return None;
            }
            w -= 1;
            bits = self.words[(base + w) as usize];
        }
    }

    // ---- changing ----

    #[inline]
    fn save_dom(&mut self, x: usize) {
        if self.dstamp[x] != self.stamp {
            self.dstamp[x] = self.stamp;
            self.trail.push(Entry::Dom(x as u32, self.doms[x]));
        }
    }

    #[inline]
    fn save_word(&mut self, w: usize) {
        if self.wstamp[w] != self.stamp {
            self.wstamp[w] = self.stamp;
            self.trail.push(Entry::Word(w as u32, self.words[w]));
        }
    }

    /// Clears the bits of positions `a..b` (saving the words); returns how
    /// many were set.
    fn clear_range(&mut self, base: u32, a: u32, b: u32) -> u64 {
        let mut removed = 0;
        let mut k = a;
        while k < b {
            let w = k / 64;
            let end = b.min((w + 1) * 64);
            let width = end - k;
            let mask = if width == 64 {
                u64::MAX
            } else {
                ((1u64 << width) - 1) << (k % 64)
            };
            let wi = (base + w) as usize;
            let hit = self.words[wi] & mask;
            if hit != 0 {
                removed += u64::from(hit.count_ones());
                self.save_word(wi);
                self.words[wi] &= !mask;
            }
            k = end;
        }
        removed
    }

    /// Removes `v` from the domain of `x` (inside an interval: nothing).
    pub(crate) fn remove(&mut self, x: usize, v: Value) -> Res {
        let d = self.doms[x];
        if v < d.min || v > d.max {
            return Ok(());
        }
        let f = self.fast[x];
        if f.len > 0 && f.len <= 64 {
            // One word: v - off is within 0..64 (v lies within the bounds).
            let bit = 1u64 << (v - f.off);
            if self.words[f.base as usize] & bit == 0 {
                return Ok(());
            }
            return self.intersect_word(x, !bit);
        }
        if d.min == d.max {
            return Err(Fail);
        }
        let base = match &self.kinds[x] {
            Kind::Interval => {
                if v == d.min {
                    return self.set_min(x, v + 1);
                } else if v == d.max {
                    return self.set_max(x, v - 1);
                }
                return Ok(());
            }
            Kind::Bits { base, .. } => *base,
        };
        let Some(k) = self.position(x, v) else {
            return Ok(());
        };
        let w = (base + k / 64) as usize;
        if self.words[w] >> (k % 64) & 1 == 0 {
            return Ok(());
        }
        self.save_dom(x);
        self.save_word(w);
        self.words[w] &= !(1u64 << (k % 64));
        let mut e = DOMAIN;
        let dm = &mut self.doms[x];
        dm.size -= 1;
        let (lo, hi) = (dm.lo, dm.hi);
        if k == lo {
            let n = self.next_bit(base, k, hi).ok_or(Fail)?;
            let v = self.value_at(x, n);
            let dm = &mut self.doms[x];
            dm.lo = n;
            dm.min = v;
            e |= BOUNDS;
        } else if k == hi {
            let n = self.prev_bit(base, k, lo).ok_or(Fail)?;
            let v = self.value_at(x, n);
            let dm = &mut self.doms[x];
            dm.hi = n;
            dm.max = v;
            e |= BOUNDS;
        }
        if self.doms[x].size == 1 {
            e |= FIXED;
        }
        self.notify(x, e);
        Ok(())
    }

    /// Removes every value below `v`.
    pub(crate) fn set_min(&mut self, x: usize, v: Value) -> Res {
        let d = self.doms[x];
        if v <= d.min {
            return Ok(());
        }
        if v > d.max {
            return Err(Fail);
        }
        self.save_dom(x);
        match &self.kinds[x] {
            Kind::Interval => {
                let dm = &mut self.doms[x];
                dm.min = v;
                dm.size = span(v, dm.max);
            }
            Kind::Bits { base, values, .. } => {
                let base = *base;
                // The first position with a value >= v.
                let from = match self.position(x, v) {
                    Some(k) => k,
                    None => values.partition_point(|&u| u < v) as u32,
                };
                if from > d.hi {
                    return Err(Fail);
                }
                let removed = self.clear_range(base, d.lo, from);
                let n = self.next_bit(base, from, d.hi).ok_or(Fail)?;
                let v = self.value_at(x, n);
                let dm = &mut self.doms[x];
                dm.size -= removed;
                dm.lo = n;
                dm.min = v;
            }
        }
        let e = DOMAIN | BOUNDS | if self.doms[x].size == 1 { FIXED } else { 0 };
        self.notify(x, e);
        Ok(())
    }

    /// Removes every value above `v`.
    pub(crate) fn set_max(&mut self, x: usize, v: Value) -> Res {
        let d = self.doms[x];
        if v >= d.max {
            return Ok(());
        }
        if v < d.min {
            return Err(Fail);
        }
        self.save_dom(x);
        match &self.kinds[x] {
            Kind::Interval => {
                let dm = &mut self.doms[x];
                dm.max = v;
                dm.size = span(dm.min, v);
            }
            Kind::Bits { base, values, .. } => {
                let base = *base;
                // The last position with a value <= v.
                let to = match self.position(x, v) {
                    Some(k) => k,
                    None => values.partition_point(|&u| u <= v) as u32 - 1,
                };
                let removed = self.clear_range(base, to + 1, d.hi + 1);
                let n = self.prev_bit(base, to, d.lo).ok_or(Fail)?;
                let v = self.value_at(x, n);
                let dm = &mut self.doms[x];
                dm.size -= removed;
                dm.hi = n;
                dm.max = v;
            }
        }
        let e = DOMAIN | BOUNDS | if self.doms[x].size == 1 { FIXED } else { 0 };
        self.notify(x, e);
        Ok(())
    }

    /// Gives `x` the value `v`.
    pub(crate) fn assign(&mut self, x: usize, v: Value) -> Res {
        if !self.contains(x, v) {
            return Err(Fail);
        }
        let d = self.doms[x];
        if d.size == 1 {
            return Ok(());
        }
        self.save_dom(x);
        match &self.kinds[x] {
            Kind::Interval => {
                self.doms[x] = Dom {
                    min: v,
                    max: v,
                    size: 1,
                    lo: 0,
                    hi: 0,
                };
            }
            Kind::Bits { base, .. } => {
                let base = *base;
                let k = self.position(x, v).ok_or(Fail)?;
                for w in d.lo / 64..=d.hi / 64 {
                    let keep = if w == k / 64 { 1u64 << (k % 64) } else { 0 };
                    let wi = (base + w) as usize;
                    if self.words[wi] != keep {
                        self.save_word(wi);
                        self.words[wi] = keep;
                    }
                }
                self.doms[x] = Dom {
                    min: v,
                    max: v,
                    size: 1,
                    lo: k,
                    hi: k,
                };
            }
        }
        let mut e = FIXED | DOMAIN;
        if d.min != v || d.max != v {
            e |= BOUNDS;
        }
        self.notify(x, e);
        Ok(())
    }

    /// Keeps only the values of `x` that are in `sorted` (ascending): every
    /// other value of a bitset domain is removed; an interval is narrowed to
    /// the listed values at its ends.
    pub(crate) fn restrict_to_sorted(&mut self, x: usize, sorted: &[Value]) -> Res {
        let lo = sorted.partition_point(|&u| u < self.min(x));
        let first = *sorted.get(lo).ok_or(Fail)?;
        self.set_min(x, first)?;
        let hi = sorted.partition_point(|&u| u <= self.max(x));
        if hi == 0 {
            return Err(Fail);
        }
        self.set_max(x, sorted[hi - 1])?;
        if self.is_bits(x) {
            let mut v = Some(self.min(x));
            while let Some(u) = v {
                v = self.next_value(x, u);
                if sorted.binary_search(&u).is_err() {
                    self.remove(x, u)?;
                }
            }
        } else {
            // Narrow the ends to listed values.
            loop {
                let m = self.min(x);
                let k = sorted.partition_point(|&u| u < m);
                let next = *sorted.get(k).ok_or(Fail)?;
                if next == m {
                    break;
                }
                self.set_min(x, next)?;
            }
            loop {
                let m = self.max(x);
                let k = sorted.partition_point(|&u| u <= m);
                if k == 0 {
                    return Err(Fail);
                }
                if sorted[k - 1] == m {
                    break;
                }
                self.set_max(x, sorted[k - 1])?;
            }
        }
        Ok(())
    }
}

fn interval(lo: Value, hi: Value) -> Dom {
    Dom {
        min: lo,
        max: hi,
        size: span(lo, hi),
        lo: 0,
        hi: 0,
    }
}

fn span(lo: Value, hi: Value) -> u64 {
    u64::try_from(hi as i128 - lo as i128 + 1).unwrap_or(u64::MAX)
}
