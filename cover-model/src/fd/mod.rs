//! The propagation engine: a finite-domain solver for any [`Model`].
//!
//! - [`store`]: domains (bitsets over a variable's initial values, or
//!   intervals beyond), the trail, the event queue;
//! - [`props`]: one propagator per constraint, run to a fixed point;
//! - [`search`]: depth-first search with binary branching (`x = v` /
//!   `x != v`, smallest domain first or dom/wdeg), every task of the
//!   solver: solutions, counts, limits, branch and bound;
//! - [`parallel`]: cubes (disjoint partial assignments covering the search
//!   space) and parallel counting over them.
//!
//! A [`Program`] is what a model compiles to for this engine: immutable,
//! shared between threads; each [`search::Search`] instantiates the
//! propagators for itself.

pub(crate) mod candidates;
pub(crate) mod implied;
pub(crate) mod parallel;
pub(crate) mod props;
pub(crate) mod search;
pub(crate) mod store;

use std::collections::HashMap;
use std::sync::Arc;

use crate::constraints::{Constraint, Reif, Rel, Sense};
use crate::error::ModelError;
use crate::model::{GroupKind, Model, Value};
use props::table::TableData;

/// A constraint as the engine posts it (variables by number).
#[derive(Clone, Debug)]
pub(crate) enum Spec {
    AllDifferent(Vec<usize>),
    /// Every value of `values` is taken by one of `vars`.
    EveryValue(Vec<usize>, Arc<[Value]>),
    Linear {
        terms: Vec<(i128, usize)>,
        rel: Rel,
        rhs: i128,
        reif: Option<(usize, Reif)>,
    },
    /// `sign * sum(vars) = rhs` (`sign` ±1) over members an all-different
    /// also holds: the propagator that reasons on the sum with the members
    /// distinct ([`props::sumdiff`]) where the domains allow, else the
    /// `Linear` it stands for.
    SumDistinct(Vec<usize>, i128, i128),
    /// `sum(signs[i] * vars[i]) = rhs` (signs ±1) with the pairs of
    /// `differ` distinct (bit `j` of `differ[i]`: members `i` and `j` must
    /// differ): domain consistency while small ([`props::smallsum`]),
    /// posted beside the sum's bounds propagator.
    SmallSum {
        vars: Vec<usize>,
        signs: Vec<i64>,
        differ: Vec<u32>,
        rhs: i128,
    },
    Clause(Vec<usize>, Vec<usize>),
    Table(Vec<usize>, Arc<TableData>),
    Forbidden(Vec<usize>, Arc<Vec<Vec<Value>>>),
    Element(usize, Value, Vec<usize>, usize),
    ElementValues(usize, Value, Arc<[Value]>, usize),
    Count(Vec<usize>, usize, Rel, usize),
    /// Keep `vars` within the listed values.
    InSet(Vec<usize>, Arc<[Value]>),
    Times(usize, usize, usize),
    Div(usize, usize, usize),
    Mod(usize, usize, usize),
    Abs(usize, usize),
    MinMax(Vec<usize>, usize, bool),
    /// Never holds.
    False,
}

/// A table over `xs` with a variable in two columns or more as a table over
/// distinct variables: the tuples that agree on a repeated variable's
/// columns, each cut to the first of them (compact-table keeps one support
/// set per column and misses what a removal in one column means for
/// another). `None`: no variable repeats, the tuples stand.
fn distinct_columns(xs: &[usize], tuples: &[Vec<Value>]) -> (Vec<usize>, Option<Vec<Vec<Value>>>) {
    // Per column, the first column of its variable.
    let first: Vec<usize> = (0..xs.len())
        .map(|j| xs.iter().position(|&x| x == xs[j]).unwrap_or(j))
        .collect();
    if first.iter().enumerate().all(|(j, &f)| f == j) {
        return (xs.to_vec(), None);
    }
    let keep: Vec<usize> = (0..xs.len()).filter(|&j| first[j] == j).collect();
    let tuples = tuples
        .iter()
        .filter(|t| (0..xs.len()).all(|j| t[j] == t[first[j]]))
        .map(|t| keep.iter().map(|&j| t[j]).collect())
        .collect();
    (keep.iter().map(|&j| xs[j]).collect(), Some(tuples))
}

/// A model compiled for the propagation engine.
#[derive(Debug)]
pub(crate) struct Program {
    /// Per variable (the model's, then hidden constants): its listed
    /// values, or its bounds.
    pub(crate) domains: Vec<store::InitialDomain>,
    /// The model's variables (the others are hidden constants).
    pub(crate) model_vars: usize,
    pub(crate) specs: Vec<Spec>,
    pub(crate) fixed: Vec<(usize, Value)>,
    pub(crate) objective: Option<(usize, Sense)>,
}

/// The most words of support bitsets one table may take (128 MiB).
const MAX_TABLE_WORDS: usize = 1 << 24;

/// The largest magnitude a linear sum may reach.
const MAX_SUM: i128 = 1 << 120;

impl Program {
    pub(crate) fn new(model: &Model) -> Result<Program, ModelError> {
        let mut p = Program {
            domains: model
                .vars
                .iter()
                .map(|s| match s.interval {
                    Some(b) => Err(b),
                    None => Ok(Arc::from(s.domain.as_slice())),
                })
                .collect(),
            model_vars: model.vars.len(),
            specs: Vec::new(),
            fixed: model.fixed.iter().map(|&(x, v)| (x.index(), v)).collect(),
            objective: model.objective.map(|(x, s)| (x.index(), s)),
        };
        // Listed domains too large for a bitset are held as intervals: keep
        // them to their listed values.
        for (x, spec) in model.vars.iter().enumerate() {
            if spec.interval.is_none() && spec.domain.len() > store::MAX_BITS {
                p.specs
                    .push(Spec::InSet(vec![x], Arc::from(spec.domain.as_slice())));
            }
        }
        let mut constants: HashMap<Value, usize> = HashMap::new();
        for g in &model.groups {
            let vars: Vec<usize> = g.vars.iter().map(|v| v.index()).collect();
            if g.kind == GroupKind::ExactlyOnce {
                let mut values: Vec<Value> = vars
                    .iter()
                    .flat_map(|&x| model.vars[x].domain.iter().copied())
                    .collect();
                values.sort_unstable();
                values.dedup();
                p.specs.push(Spec::EveryValue(vars.clone(), values.into()));
            }
            p.specs.push(Spec::AllDifferent(vars));
        }
        for cage in &model.cages {
            let vars: Vec<usize> = cage.vars.iter().map(|v| v.index()).collect();
            // The total of any combination (they all share it).
            let sum: Value = cage.combinations[0].iter().sum();
            p.specs.push(Spec::Linear {
                terms: vars.iter().map(|&x| (1, x)).collect(),
                rel: Rel::Eq,
                rhs: sum as i128,
                reif: None,
            });
            p.specs.push(Spec::AllDifferent(vars));
        }
        let ix = |xs: &[crate::Var]| xs.iter().map(|v| v.index()).collect::<Vec<usize>>();
        for (k, c) in model.constraints.iter().enumerate() {
            let spec = match c {
                Constraint::AllDifferent(xs) => Spec::AllDifferent(ix(xs)),
                Constraint::Table { vars, tuples } => {
                    if vars.is_empty() {
                        if tuples.is_empty() {
                            Spec::False
                        } else {
                            continue;
                        }
                    } else {
                        let (xs, kept) = distinct_columns(&ix(vars), tuples);
                        let tuples = kept.as_deref().unwrap_or(tuples);
                        let data = TableData::new(
                            xs.len(),
                            tuples,
                            |i, v| model.vars[xs[i]].contains(v),
                            MAX_TABLE_WORDS,
                        )
                        .map_err(|words| ModelError::Constraint {
                            constraint: model.constraint_names[k].clone(),
                            reason: format!(
                                "its support bitsets would take more than {words} words \
                                 (at most {MAX_TABLE_WORDS}): split it or use fewer tuples"
                            ),
                        })?;
                        Spec::Table(xs, Arc::new(data))
                    }
                }
                Constraint::Forbidden { vars, tuples } => {
                    if vars.is_empty() {
                        if tuples.is_empty() {
                            continue;
                        }
                        Spec::False
                    } else {
                        Spec::Forbidden(ix(vars), Arc::new(tuples.clone()))
                    }
                }
                Constraint::Linear {
                    terms,
                    rel,
                    rhs,
                    reif,
                } => {
                    let mut total: i128 = (*rhs as i128).abs();
                    for &(c, x) in terms {
                        let (lo, hi) = model.vars[x.index()].bounds();
                        let m = (lo as i128).abs().max((hi as i128).abs());
                        total = total.saturating_add((c as i128).abs().saturating_mul(m));
                    }
                    if total > MAX_SUM {
                        return Err(ModelError::Constraint {
                            constraint: model.constraint_names[k].clone(),
                            reason:
                                "its sums could exceed 2^120: use smaller coefficients or domains"
                                    .into(),
                        });
                    }
                    Spec::Linear {
                        terms: terms.iter().map(|&(c, x)| (c as i128, x.index())).collect(),
                        rel: *rel,
                        rhs: *rhs as i128,
                        reif: reif.map(|(b, r)| (b.index(), r)),
                    }
                }
                Constraint::Clause { pos, neg } => Spec::Clause(ix(pos), ix(neg)),
                Constraint::Element {
                    index,
                    base,
                    array,
                    result,
                } => Spec::Element(index.index(), *base, ix(array), result.index()),
                Constraint::ElementValues {
                    index,
                    base,
                    array,
                    result,
                } => Spec::ElementValues(
                    index.index(),
                    *base,
                    array.as_slice().into(),
                    result.index(),
                ),
                Constraint::Count {
                    vars,
                    value,
                    rel,
                    n,
                } => Spec::Count(ix(vars), value.index(), *rel, n.index()),
                Constraint::Gcc {
                    vars,
                    values,
                    counts,
                    closed,
                } => {
                    let xs = ix(vars);
                    for (j, &v) in values.iter().enumerate() {
                        let c = p.constant(&mut constants, v);
                        p.specs
                            .push(Spec::Count(xs.clone(), c, Rel::Eq, counts[j].index()));
                    }
                    // Implied: the counts add up to at most (closed:
                    // exactly) the number of variables.
                    p.specs.push(Spec::Linear {
                        terms: counts.iter().map(|c| (1, c.index())).collect(),
                        rel: if *closed { Rel::Eq } else { Rel::Le },
                        rhs: xs.len() as i128,
                        reif: None,
                    });
                    if *closed {
                        let mut sorted = values.clone();
                        sorted.sort_unstable();
                        Spec::InSet(xs, sorted.into())
                    } else {
                        continue;
                    }
                }
                Constraint::Times(x, y, z) => Spec::Times(x.index(), y.index(), z.index()),
                Constraint::Div(x, y, z) => Spec::Div(x.index(), y.index(), z.index()),
                Constraint::Mod(x, y, z) => Spec::Mod(x.index(), y.index(), z.index()),
                Constraint::Abs(x, z) => Spec::Abs(x.index(), z.index()),
                Constraint::Min(xs, z) => Spec::MinMax(ix(xs), z.index(), false),
                Constraint::Max(xs, z) => Spec::MinMax(ix(xs), z.index(), true),
            };
            p.specs.push(spec);
        }
        let implied = implied::implied_sums(&p.specs, p.domains.len());
        p.specs.extend(implied);
        p.add_sum_distinct();
        Ok(p)
    }

    /// For every linear equality with unit coefficients (all `1` or all
    /// `-1`) over distinct variables that one all-different holds, adds a
    /// [`Spec::SumDistinct`] in its place: the sum reasoned on with its
    /// members distinct (a magic square's lines, a killer cage).
    fn add_sum_distinct(&mut self) {
        let mut member_of: Vec<Vec<usize>> = vec![Vec::new(); self.domains.len()];
        for (k, spec) in self.specs.iter().enumerate() {
            if let Spec::AllDifferent(xs) = spec {
                for &x in xs {
                    member_of[x].push(k);
                }
            }
        }
        let mut replace = Vec::new();
        for (k, spec) in self.specs.iter().enumerate() {
            let Some((terms, rhs, vars)) = small_unit_sum(spec, props::sumdiff::MAX_VARS) else {
                continue;
            };
            let sign = terms[0].0;
            if terms.iter().any(|t| t.0 != sign) {
                continue;
            }
            // One all-different holding every member.
            let shared = member_of[vars[0]].iter().any(|&k| {
                let Spec::AllDifferent(xs) = &self.specs[k] else {
                    return false;
                };
                vars.iter().all(|x| xs.contains(x))
            });
            if shared {
                replace.push((k, Spec::SumDistinct(vars, sign, *rhs)));
            }
        }
        let replaced: Vec<usize> = replace.iter().map(|r| r.0).collect();
        for (k, spec) in replace {
            self.specs[k] = spec;
        }
        self.add_small_sums(&member_of, &replaced);
    }

    /// For every other linear equality with coefficients ±1 over 3 to
    /// [`props::smallsum::MAX_VARS`] distinct variables, two of which an
    /// all-different holds (an arrow: its circle less its line cells),
    /// adds a [`Spec::SmallSum`] beside it: the sum with those pairs
    /// distinct, domain consistent while small.
    fn add_small_sums(&mut self, member_of: &[Vec<usize>], replaced: &[usize]) {
        let mut extra = Vec::new();
        for (k, spec) in self.specs.iter().enumerate() {
            if replaced.contains(&k) {
                continue;
            }
            let Some((terms, rhs, vars)) = small_unit_sum(spec, props::smallsum::MAX_VARS) else {
                continue;
            };
            let n = vars.len();
            let mut differ = vec![0u32; n];
            for i in 0..n {
                for j in 0..n {
                    let both = i != j
                        && member_of[vars[i]].iter().any(|&a| {
                            let Spec::AllDifferent(xs) = &self.specs[a] else {
                                return false;
                            };
                            xs.contains(&vars[j])
                        });
                    if both {
                        differ[i] |= 1 << j;
                    }
                }
            }
            if differ.iter().all(|&d| d == 0) {
                continue;
            }
            extra.push(Spec::SmallSum {
                vars,
                signs: terms.iter().map(|t| t.0 as i64).collect(),
                differ,
                rhs: *rhs,
            });
        }
        self.specs.extend(extra);
    }

    /// A hidden variable fixed to `v`.
    fn constant(&mut self, constants: &mut HashMap<Value, usize>, v: Value) -> usize {
        *constants.entry(v).or_insert_with(|| {
            self.domains.push(Ok(Arc::from(&[v][..])));
            self.domains.len() - 1
        })
    }
}

/// A linear constraint's terms: (coefficient, variable).
type Terms = [(i128, usize)];

/// `spec`'s terms, right-hand side and variables when it is a linear
/// equality (not reified) with coefficients ±1 over 3 to `max` distinct
/// variables: the sums [`Spec::SumDistinct`] and [`Spec::SmallSum`] take.
fn small_unit_sum(spec: &Spec, max: usize) -> Option<(&Terms, &i128, Vec<usize>)> {
    let Spec::Linear {
        terms,
        rel: Rel::Eq,
        rhs,
        reif: None,
    } = spec
    else {
        return None;
    };
    let n = terms.len();
    if !(3..=max).contains(&n) || terms.iter().any(|t| t.0.abs() != 1) {
        return None;
    }
    let vars: Vec<usize> = terms.iter().map(|t| t.1).collect();
    let mut sorted = vars.clone();
    sorted.sort_unstable();
    sorted.dedup();
    (sorted.len() == n).then_some((terms.as_slice(), rhs, vars))
}

#[cfg(test)]
mod tests {
    use super::distinct_columns;

    #[test]
    fn a_repeated_variable_keeps_the_tuples_that_agree() {
        let (xs, t) = distinct_columns(&[4, 7, 4], &[vec![1, 2, 1], vec![1, 2, 3], vec![5, 6, 5]]);
        assert_eq!(xs, vec![4, 7]);
        assert_eq!(t, Some(vec![vec![1, 2], vec![5, 6]]));
        assert_eq!(distinct_columns(&[1, 2], &[vec![1, 2]]), (vec![1, 2], None));
    }

    /// A table over `[x, x]` allows only its tuples with equal entries (the
    /// case the agreement proptest of `cover-model/tests/fd.rs` found: the
    /// engine once let x = 2 through, supported in each column apart).
    #[test]
    fn a_table_over_one_variable_twice() {
        use crate::plan::Asked;
        use crate::Model;
        use solver_core::Limits;
        let table = [
            vec![-2, 2],
            vec![-1, 3],
            vec![-1, 3],
            vec![2, -1],
            vec![1, 2],
        ];
        for forbidden in [vec![-2, -1, 3], vec![]] {
            let mut m = Model::new();
            let x = m.int_var("x", -2, 3).unwrap();
            m.table(&[x, x], &table).unwrap();
            let out: Vec<Vec<i64>> = forbidden.iter().map(|&v| vec![v]).collect();
            m.forbidden(&[x], &out).unwrap();
            let c = m.compile_with(Asked::Propagation).unwrap();
            assert_eq!(
                c.solver().count(&Limits::none()).solutions,
                0,
                "{forbidden:?}"
            );
        }
    }
}
