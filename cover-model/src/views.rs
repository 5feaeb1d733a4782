//! Views: a variable defined by `y = x + c` or `y = -x + c` (a `linear`
//! equality of two terms with coefficients ±1, as FlatZinc writes `q[i] +
//! i`) is a view of `x`, not a variable of its own. The planner uses them to
//! send models that are exact cover in disguise (n-queens written with
//! `q[i] + i`, Langford pairs written with `b = a + k + 1`) to Dancing
//! Links: an option `x = u` covers `x`'s item and, in every group or cage
//! holding `x` or a view `y = a*x + c`, the item of the value `a*u + c`.

use std::collections::HashMap;

use crate::constraints::{Constraint, Rel};
use crate::model::{Model, Value};

/// `value = a * base + c`, `a` being 1 or -1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct View {
    pub(crate) base: usize,
    pub(crate) a: i128,
    /// At most about `2^62` times the number of views in magnitude.
    pub(crate) c: i128,
}

/// The largest offset one equation may bring (sums of them stay far within
/// `i128`).
const MAX_OFFSET: i128 = 1 << 62;

impl View {
    /// The view's value when its base takes `u` (`None` on overflow).
    pub(crate) fn apply(self, u: Value) -> Option<Value> {
        Value::try_from(self.a * u as i128 + self.c).ok()
    }

    /// The base value that gives the view `v` (`None` on overflow).
    pub(crate) fn invert(self, v: Value) -> Option<Value> {
        // a = ±1 is its own inverse.
        Value::try_from((v as i128 - self.c) * self.a).ok()
    }
}

/// Every variable as a view of a base variable (a base is a view of itself
/// with `a = 1, c = 0`), and which constraints define views.
#[derive(Clone, Debug)]
pub(crate) struct Views {
    pub(crate) of: Vec<View>,
    /// Per constraint of the model: whether it defines a view.
    pub(crate) defines: Vec<bool>,
}

impl Views {
    /// Finds the views of `model`: every `linear` `a1*x1 + a2*x2 = r` with
    /// `a1, a2 = ±1`, no control variable, joining two variables not yet
    /// joined (an equation between two views of one base constrains that
    /// base and stays a constraint).
    pub(crate) fn find(model: &Model) -> Views {
        let mut of: Vec<View> = (0..model.vars.len())
            .map(|x| View {
                base: x,
                a: 1,
                c: 0,
            })
            .collect();
        let mut defines = vec![false; model.constraints.len()];
        for (k, constraint) in model.constraints.iter().enumerate() {
            let Constraint::Linear {
                terms,
                rel: Rel::Eq,
                rhs,
                reif: None,
            } = constraint
            else {
                continue;
            };
            let &[(a1, x1), (a2, x2)] = terms.as_slice() else {
                continue;
            };
            if a1.abs() != 1 || a2.abs() != 1 {
                continue;
            }
            let (v1, v2) = (resolve(&mut of, x1.index()), resolve(&mut of, x2.index()));
            if v1.base == v2.base {
                continue;
            }
            // a1*(b1*r1 + c1) + a2*(b2*r2 + c2) = rhs, so
            // r1 = (rhs - a1*c1 - a2*c2 - a2*b2*r2) / (a1*b1), and a1*b1 = ±1.
            let (a1, a2) = (a1 as i128, a2 as i128);
            let s = a1 * v1.a;
            let c = s * (*rhs as i128 - a1 * v1.c - a2 * v2.c);
            if c.abs() > MAX_OFFSET {
                continue;
            }
            let a = -a2 * v2.a * s;
            // The root of higher number becomes a view of the other.
            let (hi, lo) = (v1.base.max(v2.base), v1.base.min(v2.base));
            let view = if hi == v1.base {
                View {
                    base: v2.base,
                    a,
                    c,
                }
            } else {
                // r2 = a*r1 ... inverted: r1 = a*r2 + c  =>  r2 = a*(r1 - c).
                View {
                    base: v1.base,
                    a,
                    c: -c * a,
                }
            };
            debug_assert_eq!(view.base, lo);
            of[hi] = view;
            defines[k] = true;
        }
        for x in 0..of.len() {
            resolve(&mut of, x);
        }
        Views { of, defines }
    }

    /// The listed values of each base variable that every view of it
    /// allows (`None` for a base none of whose class is listed), and per
    /// class member its values in the order of its base's values.
    pub(crate) fn base_domains(&self, model: &Model) -> Vec<Option<Vec<Value>>> {
        let mut members: HashMap<usize, Vec<usize>> = HashMap::new();
        for (y, v) in self.of.iter().enumerate() {
            members.entry(v.base).or_default().push(y);
        }
        let mut out = vec![None; model.vars.len()];
        for (&base, ys) in &members {
            // Candidates: the preimage of a listed member's domain.
            let Some(&first) = ys.iter().find(|&&y| model.vars[y].interval.is_none()) else {
                continue;
            };
            let view = self.of[first];
            let mut values: Vec<Value> = model.vars[first]
                .domain
                .iter()
                .filter_map(|&v| view.invert(v))
                .collect();
            values.retain(|&u| {
                ys.iter().all(|&y| {
                    self.of[y]
                        .apply(u)
                        .is_some_and(|v| model.vars[y].contains(v))
                })
            });
            values.sort_unstable();
            values.dedup();
            out[base] = Some(values);
        }
        out
    }
}

/// The view of `x` on its root base (compressing the path).
fn resolve(of: &mut [View], x: usize) -> View {
    let v = of[x];
    if v.base == x {
        return v;
    }
    let root = resolve(of, v.base);
    // x = v.a * (root.a * r + root.c) + v.c
    let composed = View {
        base: root.base,
        a: v.a * root.a,
        c: v.a * root.c + v.c,
    };
    of[x] = composed;
    composed
}
