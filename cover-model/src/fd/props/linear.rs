//! Linear constraints `sum(c * x) rel rhs` by bounds consistency (a
//! disequality removes the last variable's value), optionally reified
//! (`b <-> c`) or implied (`b -> c`).

use super::{ceil_div, floor_div, set_max_wide, set_min_wide, Propagator};
use crate::constraints::{Reif, Rel};
use crate::fd::store::{Fail, Res, Store};

/// `sum(c * x) rel rhs` with `rel` one of `Eq`, `Ne`, `Le`, `Ge`.
pub(crate) struct Linear {
    terms: Vec<(i128, usize)>,
    rel: Rel,
    rhs: i128,
    reif: Option<(usize, Reif)>,
    /// The terms in `i64` when no sum of them can pass `2^61` (see
    /// [`Linear::use_small`]): the common case runs without `i128`.
    small: Option<Vec<(i64, usize)>>,
}

impl Linear {
    /// Normalises `Lt` and `Gt` to `Le` and `Ge`, and drops zero
    /// coefficients.
    pub(crate) fn new(
        terms: Vec<(i128, usize)>,
        rel: Rel,
        rhs: i128,
        reif: Option<(usize, Reif)>,
    ) -> Linear {
        let terms = terms.into_iter().filter(|t| t.0 != 0).collect();
        let (rel, rhs) = normalise(rel, rhs);
        Linear {
            terms,
            rel,
            rhs,
            reif,
            small: None,
        }
    }

    /// Takes the `i64` path when every partial sum of the terms over the
    /// current domains, and the right-hand side, stay within `2^61` (domains
    /// only shrink, so this holds for good).
    pub(crate) fn use_small(&mut self, s: &Store) {
        const LIMIT: i128 = 1 << 61;
        let mut total = self.rhs.abs();
        for &(c, x) in &self.terms {
            let m = (s.min(x) as i128).abs().max((s.max(x) as i128).abs());
            total = total.saturating_add(c.abs().saturating_mul(m));
        }
        if total < LIMIT {
            self.small = Some(self.terms.iter().map(|&(c, x)| (c as i64, x)).collect());
        }
    }

    /// [`enforce`](Self::enforce) for `Le`, `Ge` and `Eq` in `i64`.
    fn enforce_small(terms: &[(i64, usize)], s: &mut Store, rel: Rel, r: i64) -> Res {
        let (mut lo, mut hi) = (0i64, 0i64);
        for &(c, x) in terms {
            let (a, b) = (c * s.min(x), c * s.max(x));
            if c > 0 {
                lo += a;
                hi += b;
            } else {
                lo += b;
                hi += a;
            }
        }
        let le = rel == Rel::Le || rel == Rel::Eq;
        let ge = rel == Rel::Ge || rel == Rel::Eq;
        if le && lo > r || ge && hi < r {
            return Err(Fail);
        }
        let (slack_le, slack_ge) = (r - lo, hi - r);
        for &(c, x) in terms {
            let (xl, xh) = (s.min(x), s.max(x));
            let (tlo, thi) = if c > 0 {
                (c * xl, c * xh)
            } else {
                (c * xh, c * xl)
            };
            let width = thi - tlo;
            if le && width > slack_le {
                // c * x <= r - (lo - tlo)
                let cap = r - (lo - tlo);
                if c == 1 {
                    s.set_max(x, cap)?;
                } else if c == -1 {
                    s.set_min(x, -cap)?;
                } else if c > 0 {
                    s.set_max(x, cap.div_euclid(c))?;
                } else {
                    s.set_min(x, ceil_div(cap as i128, c as i128) as i64)?;
                }
            }
            if ge && width > slack_ge {
                // c * x >= r - (hi - thi)
                let floor = r - (hi - thi);
                if c == 1 {
                    s.set_min(x, floor)?;
                } else if c == -1 {
                    s.set_max(x, -floor)?;
                } else if c > 0 {
                    s.set_min(x, ceil_div(floor as i128, c as i128) as i64)?;
                } else {
                    s.set_max(x, floor_div(floor as i128, c as i128) as i64)?;
                }
            }
        }
        Ok(())
    }

    pub(crate) fn vars(&self) -> impl Iterator<Item = usize> + '_ {
        self.terms.iter().map(|t| t.1).chain(self.reif.map(|r| r.0))
    }

    /// The smallest and largest sums.
    fn range(&self, s: &Store) -> (i128, i128) {
        let (mut lo, mut hi) = (0i128, 0i128);
        for &(c, x) in &self.terms {
            let (a, b) = (c * s.min(x) as i128, c * s.max(x) as i128);
            if c > 0 {
                lo += a;
                hi += b;
            } else {
                lo += b;
                hi += a;
            }
        }
        (lo, hi)
    }

    fn enforce(&self, s: &mut Store, rel: Rel) -> Res {
        match rel {
            Rel::Ne => self.not_equal(s),
            _ => {
                let (lo, hi) = self.range(s);
                let r = self.rhs;
                if (rel == Rel::Le || rel == Rel::Eq) && lo > r
                    || (rel == Rel::Ge || rel == Rel::Eq) && hi < r
                {
                    return Err(Fail);
                }
                // A term prunes only when its own range is wider than the
                // slack of the sum.
                let le = rel == Rel::Le || rel == Rel::Eq;
                let ge = rel == Rel::Ge || rel == Rel::Eq;
                let (slack_le, slack_ge) = (r - lo, hi - r);
                for &(c, x) in &self.terms {
                    let (xl, xh) = (s.min(x) as i128, s.max(x) as i128);
                    let (tlo, thi) = if c > 0 {
                        (c * xl, c * xh)
                    } else {
                        (c * xh, c * xl)
                    };
                    let width = thi - tlo;
                    if le && width > slack_le {
                        // c * x <= r - (lo - tlo)
                        let cap = r - (lo - tlo);
                        if c == 1 {
                            set_max_wide(s, x, cap)?;
                        } else if c == -1 {
                            set_min_wide(s, x, -cap)?;
                        } else if c > 0 {
                            set_max_wide(s, x, floor_div(cap, c))?;
                        } else {
                            set_min_wide(s, x, ceil_div(cap, c))?;
                        }
                    }
                    if ge && width > slack_ge {
                        // c * x >= r - (hi - thi)
                        let floor = r - (hi - thi);
                        if c == 1 {
                            set_min_wide(s, x, floor)?;
                        } else if c == -1 {
                            set_max_wide(s, x, -floor)?;
                        } else if c > 0 {
                            set_min_wide(s, x, ceil_div(floor, c))?;
                        } else {
                            set_max_wide(s, x, floor_div(floor, c))?;
                        }
                    }
                }
                Ok(())
            }
        }
    }

    /// `sum != rhs`: with one variable left, its value that would make the
    /// sum equal goes; with none, the sum is checked.
    fn not_equal(&self, s: &mut Store) -> Res {
        let mut fixed = 0i128;
        let mut free = None;
        for &(c, x) in &self.terms {
            if s.is_fixed(x) {
                fixed += c * s.min(x) as i128;
            } else if free.is_some() {
                return Ok(());
            } else {
                free = Some((c, x));
            }
        }
        match free {
            None if fixed == self.rhs => Err(Fail),
            None => Ok(()),
            Some((c, x)) => {
                let rest = self.rhs - fixed;
                if rest % c == 0 {
                    let v = rest / c;
                    if v >= i64::MIN as i128 && v <= i64::MAX as i128 {
                        s.remove(x, v as i64)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// Whether the sum's range makes `rel` certainly true (`Some(true)`),
    /// certainly false (`Some(false)`) or neither.
    fn entailed(&self, s: &Store, rel: Rel) -> Option<bool> {
        let (lo, hi) = self.range(s);
        let r = self.rhs;
        match rel {
            Rel::Eq if lo == hi && lo == r => Some(true),
            Rel::Eq if r < lo || r > hi => Some(false),
            Rel::Ne if lo == hi && lo == r => Some(false),
            Rel::Ne if r < lo || r > hi => Some(true),
            Rel::Le if hi <= r => Some(true),
            Rel::Le if lo > r => Some(false),
            Rel::Ge if lo >= r => Some(true),
            Rel::Ge if hi < r => Some(false),
            _ => None,
        }
    }
}

fn normalise(rel: Rel, rhs: i128) -> (Rel, i128) {
    match rel {
        Rel::Lt => (Rel::Le, rhs - 1),
        Rel::Gt => (Rel::Ge, rhs + 1),
        r => (r, rhs),
    }
}

fn negated(rel: Rel, rhs: i128) -> (Rel, i128) {
    normalise(rel.negate(), rhs)
}

impl Propagator for Linear {
    fn propagate(&mut self, s: &mut Store) -> Res {
        let Some((b, how)) = self.reif else {
            // To the fixed point: a bound that lands on a hole moves the
            // sum's range, and this propagator is not woken by its own
            // changes (see `idempotent`).
            loop {
                let before = s.changes;
                match &self.small {
                    Some(terms) if self.rel != Rel::Ne => {
                        Self::enforce_small(terms, s, self.rel, self.rhs as i64)?
                    }
                    _ => self.enforce(s, self.rel)?,
                }
                if s.changes == before || self.rel == Rel::Ne {
                    return Ok(());
                }
            }
        };
        if s.is_fixed(b) {
            if s.min(b) == 1 {
                return self.enforce(s, self.rel);
            }
            if how == Reif::Equiv {
                let (rel, rhs) = negated(self.rel, self.rhs);
                let saved = self.rhs;
                self.rhs = rhs;
                let r = self.enforce(s, rel);
                self.rhs = saved;
                return r;
            }
            return Ok(());
        }
        match self.entailed(s, self.rel) {
            Some(true) if how == Reif::Equiv => s.assign(b, 1),
            Some(false) => s.assign(b, 0),
            _ => Ok(()),
        }
    }

    fn idempotent(&self) -> bool {
        self.reif.is_none()
    }
}

/// `y = sign * x + c` with `sign` ±1 (a linear equality of two variables
/// with unit coefficients), domain consistent: a value of either side
/// without its partner goes.
pub(crate) struct Offset {
    pub(crate) x: usize,
    pub(crate) y: usize,
    pub(crate) sign: i64,
    pub(crate) c: i64,
    pub(crate) vals: Vec<i64>,
}

impl Offset {
    /// Recognises `a*x + b*y = rhs` with `a`, `b` ±1 and `x != y`.
    pub(crate) fn recognise(terms: &[(i128, usize)], rel: Rel, rhs: i128) -> Option<Offset> {
        let [(a, x), (b, y)] = *terms else {
            return None;
        };
        if rel != Rel::Eq || a.abs() != 1 || b.abs() != 1 || x == y {
            return None;
        }
        // b*y = rhs - a*x  =>  y = (rhs - a*x) / b
        let c = i64::try_from(rhs * b).ok()?;
        let sign = (-a * b) as i64;
        Some(Offset {
            x,
            y,
            sign,
            c,
            vals: Vec::new(),
        })
    }

    /// `sign * v + c`, in `i128` (never wraps).
    fn image_wide(&self, v: i64) -> i128 {
        i128::from(self.sign) * i128::from(v) + i128::from(self.c)
    }

    /// `sign * (w - c)`, the `v` with `image(v) = w`, in `i128`.
    fn preimage_wide(&self, w: i64) -> i128 {
        i128::from(self.sign) * (i128::from(w) - i128::from(self.c))
    }

    /// The partner of `v` in `y`, if it is an `i64`.
    fn image(&self, v: i64) -> Option<i64> {
        i64::try_from(self.image_wide(v)).ok()
    }

    /// The partner of `w` in `x`, if it is an `i64`.
    fn preimage(&self, w: i64) -> Option<i64> {
        i64::try_from(self.preimage_wide(w)).ok()
    }
}

/// `bits` moved `by` places towards higher positions (lower when
/// negative), bits shifted out dropped.
fn shift(bits: u64, by: i64) -> u64 {
    if by >= 0 {
        u32::try_from(by)
            .ok()
            .and_then(|b| bits.checked_shl(b))
            .unwrap_or(0)
    } else {
        u32::try_from(-by)
            .ok()
            .and_then(|b| bits.checked_shr(b))
            .unwrap_or(0)
    }
}

impl Offset {
    /// The word-parallel form for `y = x + c` over two domains of at most
    /// 64 contiguous values. `None` when it does not apply.
    fn by_words(&self, s: &mut Store) -> Option<Res> {
        if self.sign != 1 {
            return None;
        }
        let (bx, ox) = s.word(self.x)?;
        let (_, oy) = s.word(self.y)?;
        // Position p of x holds ox + p; in y that is ox + p + c, at
        // position p + sh.
        let sh = ox.checked_add(self.c)?.checked_sub(oy)?;
        if let Err(f) = s.intersect_word(self.y, shift(bx, sh)) {
            return Some(Err(f));
        }
        let (by, _) = s.word(self.y)?;
        Some(s.intersect_word(self.x, shift(by, -sh)))
    }
}

impl Propagator for Offset {
    fn propagate(&mut self, s: &mut Store) -> Res {
        if let Some(r) = self.by_words(s) {
            return r;
        }
        let (x, y) = (self.x, self.y);
        // Bounds first (covers intervals), in `i128`: an image beyond the
        // `i64` range has no partner, so such a bound fails or narrows.
        let (a, b) = (self.image_wide(s.min(x)), self.image_wide(s.max(x)));
        set_min_wide(s, y, a.min(b))?;
        set_max_wide(s, y, a.max(b))?;
        let (a, b) = (self.preimage_wide(s.min(y)), self.preimage_wide(s.max(y)));
        set_min_wide(s, x, a.min(b))?;
        set_max_wide(s, x, a.max(b))?;
        if s.is_bits(x) && s.is_bits(y) {
            for (from, to) in [(x, y), (y, x)] {
                self.vals.clear();
                s.values_into(from, &mut self.vals);
                for k in 0..self.vals.len() {
                    let v = self.vals[k];
                    let w = if from == x {
                        self.image(v)
                    } else {
                        self.preimage(v)
                    };
                    if w.is_none_or(|w| !s.contains(to, w)) {
                        s.remove(from, v)?;
                    }
                }
            }
        }
        Ok(())
    }
}
