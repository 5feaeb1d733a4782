//! Arithmetic by bounds: `x * y = z`, truncating `x / y = z` and
//! `x mod y = z`, `z = |x|`, `z = min(xs)`, `z = max(xs)`.

use super::{ceil_div, floor_div, set_max_wide, set_min_wide, Propagator};
use crate::fd::store::{Fail, Res, Store};

fn lo(s: &Store, x: usize) -> i128 {
    s.min(x) as i128
}

fn hi(s: &Store, x: usize) -> i128 {
    s.max(x) as i128
}

fn set_range(s: &mut Store, x: usize, a: i128, b: i128) -> Res {
    if a > b {
        return Err(Fail);
    }
    set_min_wide(s, x, a)?;
    set_max_wide(s, x, b)
}

/// The range of `a / b` (real division) over the box, for `b` of one sign:
/// `(min ceil, max floor)` over its corners.
fn quotient_range(a: (i128, i128), b: (i128, i128)) -> (i128, i128) {
    let corners = [(a.0, b.0), (a.0, b.1), (a.1, b.0), (a.1, b.1)];
    let lo = corners
        .iter()
        .map(|&(p, q)| ceil_div(p, q))
        .min()
        .unwrap_or(0);
    let hi = corners
        .iter()
        .map(|&(p, q)| floor_div(p, q))
        .max()
        .unwrap_or(0);
    (lo, hi)
}

/// `x * y = z`.
pub(crate) struct Times(pub(crate) usize, pub(crate) usize, pub(crate) usize);

impl Propagator for Times {
    fn propagate(&mut self, s: &mut Store) -> Res {
        let Times(x, y, z) = *self;
        let products = [
            lo(s, x) * lo(s, y),
            lo(s, x) * hi(s, y),
            hi(s, x) * lo(s, y),
            hi(s, x) * hi(s, y),
        ];
        let (pl, ph) = (
            *products.iter().min().expect("four"),
            *products.iter().max().expect("four"),
        );
        set_range(s, z, pl, ph)?;
        // x = z / y where y keeps one sign (and symmetrically).
        for (a, b) in [(x, y), (y, x)] {
            if lo(s, b) > 0 || hi(s, b) < 0 {
                let (ql, qh) = quotient_range((lo(s, z), hi(s, z)), (lo(s, b), hi(s, b)));
                set_range(s, a, ql, qh)?;
            }
        }
        Ok(())
    }
}

/// Truncating division on a box with `b` of one sign: corners.
fn trunc_range(a: (i128, i128), b: (i128, i128)) -> (i128, i128) {
    let corners = [(a.0, b.0), (a.0, b.1), (a.1, b.0), (a.1, b.1)];
    let lo = corners.iter().map(|&(p, q)| p / q).min().unwrap_or(0);
    let hi = corners.iter().map(|&(p, q)| p / q).max().unwrap_or(0);
    (lo, hi)
}

/// `x / y = z`, truncating, `y != 0`.
pub(crate) struct Div(pub(crate) usize, pub(crate) usize, pub(crate) usize);

impl Propagator for Div {
    fn propagate(&mut self, s: &mut Store) -> Res {
        let Div(x, y, z) = *self;
        s.remove(y, 0)?;
        let xr = (lo(s, x), hi(s, x));
        let (mut zl, mut zh) = (i128::MAX, i128::MIN);
        if lo(s, y) < 0 {
            let (a, b) = trunc_range(xr, (lo(s, y), hi(s, y).min(-1)));
            zl = zl.min(a);
            zh = zh.max(b);
        }
        if hi(s, y) > 0 {
            let (a, b) = trunc_range(xr, (lo(s, y).max(1), hi(s, y)));
            zl = zl.min(a);
            zh = zh.max(b);
        }
        set_range(s, z, zl, zh)
    }
}

/// `x mod y = z`, the remainder of truncating division (sign of `x`),
/// `y != 0`. Narrows all three: `z` within `|z| < |y|`, `|z| <= |x|` and
/// the sign of `x`; `x` to the sign of a non-zero `z` and to `|x| >= |z|`;
/// `y` to `|y| > |z|`; and with `y` fixed, `x`'s bounds to the nearest
/// values whose remainder `z` can take (so a search over a wide `x` meets
/// only solutions at its leaves). Everything in `i128`.
pub(crate) struct Mod(pub(crate) usize, pub(crate) usize, pub(crate) usize);

impl Propagator for Mod {
    fn propagate(&mut self, s: &mut Store) -> Res {
        let Mod(x, y, z) = *self;
        s.remove(y, 0)?;
        if s.is_fixed(x) && s.is_fixed(y) {
            let r = lo(s, x) % lo(s, y);
            return set_range(s, z, r, r);
        }
        // |z| < max |y|, and z has the sign of x, |z| <= |x|.
        let m = lo(s, y).abs().max(hi(s, y).abs()) - 1;
        let (xl, xh) = (lo(s, x), hi(s, x));
        let zl = if xl >= 0 { 0 } else { (-m).max(xl) };
        let zh = if xh <= 0 { 0 } else { m.min(xh) };
        set_range(s, z, zl, zh)?;
        // x has the sign of a non-zero z, and |x| >= |z|.
        let (zl, zh) = (lo(s, z), hi(s, z));
        if zl > 0 {
            set_min_wide(s, x, zl)?;
        } else if zh < 0 {
            set_max_wide(s, x, zh)?;
        }
        // |y| > |z| >= the smallest |z|.
        let zmin = if zl > 0 {
            zl
        } else if zh < 0 {
            -zh
        } else {
            0
        };
        if lo(s, y) >= -zmin {
            set_min_wide(s, y, zmin + 1)?;
        }
        if hi(s, y) <= zmin {
            set_max_wide(s, y, -zmin - 1)?;
        }
        if s.is_fixed(y) {
            let m = lo(s, y).abs();
            let (xl, xh) = (lo(s, x), hi(s, x));
            if xl >= 0 {
                let (a, b) = remainder_bounds((xl, xh), (zl.max(0), zh), m)?;
                set_range(s, x, a, b)?;
            } else if xh <= 0 {
                // By symmetry: -x mod m = -z.
                let (a, b) = remainder_bounds((-xh, -xl), (-zh.min(0), -zl), m)?;
                set_range(s, x, -b, -a)?;
            }
        }
        Ok(())
    }
}

/// For `u` in `[ul, uh]` (`ul >= 0`) and `u mod m` in `[rl, rh]` (`m > 0`,
/// `rl >= 0`): the smallest and largest such `u`; `Err` when there is none.
fn remainder_bounds(u: (i128, i128), r: (i128, i128), m: i128) -> Result<(i128, i128), Fail> {
    let (ul, uh) = u;
    let (rl, rh) = (r.0.max(0), r.1.min(m - 1));
    if rl > rh || ul > uh {
        return Err(Fail);
    }
    let low = {
        let q = ul - ul % m;
        let k = ul % m;
        if k < rl {
            q + rl
        } else if k > rh {
            q + m + rl
        } else {
            ul
        }
    };
    let high = {
        let q = uh - uh % m;
        let k = uh % m;
        if k > rh {
            q + rh
        } else if k < rl {
            q - m + rh
        } else {
            uh
        }
    };
    if low > high {
        return Err(Fail);
    }
    Ok((low, high))
}

/// `z = |x|`.
pub(crate) struct Abs(pub(crate) usize, pub(crate) usize);

impl Propagator for Abs {
    fn propagate(&mut self, s: &mut Store) -> Res {
        let Abs(x, z) = *self;
        let (xl, xh) = (lo(s, x), hi(s, x));
        let (zl, zh) = if xl >= 0 {
            (xl, xh)
        } else if xh <= 0 {
            (-xh, -xl)
        } else {
            (0, (-xl).max(xh))
        };
        set_range(s, z, zl, zh)?;
        let (zl, zh) = (lo(s, z), hi(s, z));
        set_range(s, x, -zh, zh)?;
        // x lies in [-zh, -zl] or [zl, zh].
        if zl > 0 {
            if lo(s, x) > -zl {
                set_min_wide(s, x, zl)?;
            }
            if hi(s, x) < zl {
                set_max_wide(s, x, -zl)?;
            }
        }
        if s.is_fixed(z) && s.is_bits(x) {
            let v = s.min(z);
            for u in [lo(s, x), hi(s, x)] {
                if u.abs() != v as i128 {
                    s.remove(x, u as i64)?;
                }
            }
        }
        Ok(())
    }
}

/// `z = min(xs)` (`max`: with `max` true).
pub(crate) struct MinMax {
    pub(crate) xs: Vec<usize>,
    pub(crate) z: usize,
    pub(crate) max: bool,
}

impl Propagator for MinMax {
    fn propagate(&mut self, s: &mut Store) -> Res {
        let z = self.z;
        if self.max {
            // z = max: z in [max of mins, max of maxes]; every x <= z.
            let zl = self.xs.iter().map(|&x| s.min(x)).max().unwrap_or(0);
            let zh = self.xs.iter().map(|&x| s.max(x)).max().unwrap_or(0);
            s.set_min(z, zl)?;
            s.set_max(z, zh)?;
            let zh = s.max(z);
            for &x in &self.xs {
                s.set_max(x, zh)?;
            }
        } else {
            let zl = self.xs.iter().map(|&x| s.min(x)).min().unwrap_or(0);
            let zh = self.xs.iter().map(|&x| s.max(x)).min().unwrap_or(0);
            s.set_min(z, zl)?;
            s.set_max(z, zh)?;
            let zl = s.min(z);
            for &x in &self.xs {
                s.set_min(x, zl)?;
            }
        }
        Ok(())
    }
}
