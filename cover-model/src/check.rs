//! The independent check of a model's solution: every value in its
//! variable's domain, every group, cage, fixed value and constraint
//! satisfied, evaluated straight from the model's record in wide integers.
//!
//! It shares nothing with the engines (neither the compiled matrix nor the
//! propagators): a wrong value from any of them is caught here before a
//! front end prints it (`dlx` on a JSON model, the FlatZinc solver, the
//! Python `Model`). Arithmetic is exact: products and sums of `i64` values
//! are computed in `i128`, or in a wider sum for long linear constraints.
//!
//! ```
//! use cover_model::{Model, Rel};
//!
//! let mut m = Model::new();
//! let x = m.var("x", 1..=3)?;
//! let y = m.var("y", 1..=3)?;
//! m.linear(&[(1, x), (1, y)], Rel::Eq, 4)?;
//! assert!(m.check_solution(&[1, 3]).is_ok());
//! let wrong = m.check_solution(&[2, 3]).unwrap_err();
//! assert_eq!(wrong.to_string(), "linear #1 does not hold (x=2 y=3)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;

use thiserror::Error;

use crate::constraints::{Constraint, Reif, Rel};
use crate::model::{GroupKind, Model, Value, Var};

/// Why a list of values is not a solution of its model.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Violation {
    /// The list does not give one value per variable.
    #[error("{given} values given for {vars} variables")]
    Length {
        /// How many values were given.
        given: usize,
        /// How many variables the model has.
        vars: usize,
    },
    /// A value outside its variable's domain.
    #[error("{var}={value} is outside its domain")]
    Domain {
        /// The variable's name.
        var: String,
        /// Its value.
        value: Value,
    },
    /// A group, cage, fixed value or constraint that does not hold, with
    /// the values of its variables.
    #[error("{what} does not hold ({values})")]
    Fails {
        /// What fails: `"table #3"`, `"group 2"`, `"cage 1"`, `"x = 4"`.
        what: String,
        /// `name=value` of the variables it reads.
        values: String,
    },
}

/// Tables and cages with more rows than this are looked up in a hash set.
const HASHED_FROM: usize = 32;

/// A model's check prepared once for many solutions ([`Model::solution_check`]):
/// the rows of large tables and the combinations of large cages are put in
/// hash sets, so that checking a solution costs about the model's size, not
/// the size of its tables.
pub struct SolutionCheck<'m> {
    model: &'m Model,
    /// Per constraint: the rows of a large table (allowed or forbidden).
    rows: Vec<Option<HashSet<&'m [Value]>>>,
    /// Per cage: its combinations, when many.
    combinations: Vec<Option<HashSet<&'m [Value]>>>,
}

/// The rows of `list` in a hash set when there are many.
fn hashed(list: &[Vec<Value>]) -> Option<HashSet<&[Value]>> {
    (list.len() > HASHED_FROM).then(|| list.iter().map(Vec::as_slice).collect())
}

/// Whether `row` is one of `list` (looked up in `set` when there is one).
fn listed(list: &[Vec<Value>], set: Option<&HashSet<&[Value]>>, row: &[Value]) -> bool {
    match set {
        Some(set) => set.contains(row),
        None => list.iter().any(|r| r == row),
    }
}

impl Model {
    /// Checks that `values` (one per variable, in declaration order)
    /// satisfies the whole model: domains, exactly-once and at-most-once
    /// groups, sum cages, fixed values and every constraint. The objective
    /// is not a constraint and is not checked. To check many solutions,
    /// prepare the check once with [`solution_check`](Self::solution_check).
    ///
    /// # Errors
    /// The first [`Violation`] found.
    pub fn check_solution(&self, values: &[Value]) -> Result<(), Violation> {
        self.solution_check().check(values)
    }

    /// The check of [`check_solution`](Self::check_solution), prepared for
    /// many solutions.
    pub fn solution_check(&self) -> SolutionCheck<'_> {
        SolutionCheck {
            model: self,
            rows: self
                .constraints
                .iter()
                .map(|c| match c {
                    Constraint::Table { tuples, .. } | Constraint::Forbidden { tuples, .. } => {
                        hashed(tuples)
                    }
                    _ => None,
                })
                .collect(),
            combinations: self.cages.iter().map(|c| hashed(&c.combinations)).collect(),
        }
    }
}

impl SolutionCheck<'_> {
    /// Checks one solution, as [`Model::check_solution`] does.
    ///
    /// # Errors
    /// The first [`Violation`] found.
    pub fn check(&self, values: &[Value]) -> Result<(), Violation> {
        let model = self.model;
        if values.len() != model.vars.len() {
            return Err(Violation::Length {
                given: values.len(),
                vars: model.vars.len(),
            });
        }
        let val = |v: Var| values[v.index()];
        for (spec, &value) in model.vars.iter().zip(values) {
            if !spec.contains(value) {
                return Err(Violation::Domain {
                    var: spec.name.clone(),
                    value,
                });
            }
        }
        let fails = |what: String, vars: &mut dyn Iterator<Item = Var>| Violation::Fails {
            what,
            values: vars
                .map(|v| format!("{}={}", model.vars[v.index()].name, val(v)))
                .collect::<Vec<_>>()
                .join(" "),
        };
        for &(var, value) in &model.fixed {
            if val(var) != value {
                let what = format!("{} = {value}", model.vars[var.index()].name);
                return Err(fails(what, &mut std::iter::once(var)));
            }
        }
        for (k, group) in model.groups.iter().enumerate() {
            let ok = distinct(group.vars.iter().map(|&v| val(v)))
                && (group.kind == GroupKind::AtMostOnce
                    || model.covers_its_values(&group.vars, values));
            if !ok {
                return Err(fails(
                    format!("group {}", k + 1),
                    &mut group.vars.iter().copied(),
                ));
            }
        }
        for (k, (cage, set)) in model.cages.iter().zip(&self.combinations).enumerate() {
            let mut taken: Vec<Value> = cage.vars.iter().map(|&v| val(v)).collect();
            taken.sort_unstable();
            if !listed(&cage.combinations, set.as_ref(), &taken) {
                return Err(fails(
                    format!("cage {}", k + 1),
                    &mut cage.vars.iter().copied(),
                ));
            }
        }
        let named = model.constraints.iter().zip(&model.constraint_names);
        for ((constraint, name), rows) in named.zip(&self.rows) {
            if !holds(constraint, rows.as_ref(), &val) {
                return Err(fails(
                    name.clone(),
                    &mut constraint_vars(constraint).into_iter(),
                ));
            }
        }
        Ok(())
    }
}

impl Model {
    /// Whether the members of an exactly-once group take every value of
    /// their domains (their values are already known to differ).
    fn covers_its_values(&self, vars: &[Var], values: &[Value]) -> bool {
        let taken: HashSet<Value> = vars.iter().map(|v| values[v.index()]).collect();
        vars.iter().all(|v| {
            let spec = &self.vars[v.index()];
            match spec.interval {
                // Every value of lo..=hi is taken: as many taken values lie
                // in the range as it has (only possible for a narrow range).
                Some((lo, hi)) => {
                    let inside = taken.iter().filter(|&&t| lo <= t && t <= hi).count();
                    i128::from(hi) - i128::from(lo) + 1 == inside as i128
                }
                None => spec.domain.iter().all(|d| taken.contains(d)),
            }
        })
    }
}

/// Whether no two of the values are equal.
fn distinct(values: impl Iterator<Item = Value>) -> bool {
    let mut seen = HashSet::new();
    values.into_iter().all(|v| seen.insert(v))
}

/// Whether one constraint holds for the values given by `val`.
/// `rows`: the hashed rows of a large table.
fn holds(
    constraint: &Constraint,
    rows: Option<&HashSet<&[Value]>>,
    val: &dyn Fn(Var) -> Value,
) -> bool {
    let wide = |v: Var| i128::from(val(v));
    match constraint {
        Constraint::AllDifferent(vars) => distinct(vars.iter().map(|&v| val(v))),
        Constraint::Table { vars, tuples } => {
            let row: Vec<Value> = vars.iter().map(|&v| val(v)).collect();
            listed(tuples, rows, &row)
        }
        Constraint::Forbidden { vars, tuples } => {
            let row: Vec<Value> = vars.iter().map(|&v| val(v)).collect();
            !listed(tuples, rows, &row)
        }
        Constraint::Linear {
            terms,
            rel,
            rhs,
            reif,
        } => {
            let sum = WideSum::of(terms.iter().map(|&(c, v)| i128::from(c) * wide(v)));
            let ok = sum.compare(*rhs, *rel);
            match reif {
                None => ok,
                Some((b, Reif::Equiv)) => (val(*b) == 1) == ok,
                Some((b, Reif::Imp)) => val(*b) != 1 || ok,
            }
        }
        Constraint::Clause { pos, neg } => {
            pos.iter().any(|&v| val(v) == 1) || neg.iter().any(|&v| val(v) == 0)
        }
        Constraint::Element {
            index,
            base,
            array,
            result,
        } => at(array, wide(*index) - i128::from(*base)).is_some_and(|&v| val(v) == val(*result)),
        Constraint::ElementValues {
            index,
            base,
            array,
            result,
        } => at(array, wide(*index) - i128::from(*base)).is_some_and(|&v| v == val(*result)),
        Constraint::Count {
            vars,
            value,
            rel,
            n,
        } => {
            let count = vars.iter().filter(|&&v| val(v) == val(*value)).count();
            rel.holds(count as i128, wide(*n))
        }
        Constraint::Gcc {
            vars,
            values,
            counts,
            closed,
        } => {
            let counted = values.iter().zip(counts).all(|(&value, &n)| {
                vars.iter().filter(|&&v| val(v) == value).count() as i128 == wide(n)
            });
            counted && (!closed || vars.iter().all(|&v| values.contains(&val(v))))
        }
        Constraint::Times(x, y, z) => wide(*x) * wide(*y) == wide(*z),
        Constraint::Div(x, y, z) => wide(*y) != 0 && wide(*x) / wide(*y) == wide(*z),
        Constraint::Mod(x, y, z) => wide(*y) != 0 && wide(*x) % wide(*y) == wide(*z),
        Constraint::Abs(x, z) => wide(*x).abs() == wide(*z),
        Constraint::Min(vars, z) => vars.iter().map(|&v| val(v)).min() == Some(val(*z)),
        Constraint::Max(vars, z) => vars.iter().map(|&v| val(v)).max() == Some(val(*z)),
    }
}

/// `array[k]` for a wide `k`, `None` outside the array.
fn at<T>(array: &[T], k: i128) -> Option<&T> {
    usize::try_from(k).ok().and_then(|k| array.get(k))
}

/// The variables a constraint reads, for the message of a violation.
fn constraint_vars(constraint: &Constraint) -> Vec<Var> {
    match constraint {
        Constraint::AllDifferent(vars)
        | Constraint::Table { vars, .. }
        | Constraint::Forbidden { vars, .. } => vars.clone(),
        Constraint::Linear { terms, reif, .. } => terms
            .iter()
            .map(|&(_, v)| v)
            .chain(reif.map(|(b, _)| b))
            .collect(),
        Constraint::Clause { pos, neg } => pos.iter().chain(neg).copied().collect(),
        Constraint::Element {
            index,
            array,
            result,
            ..
        } => [*index]
            .into_iter()
            .chain(array.iter().copied())
            .chain([*result])
            .collect(),
        Constraint::ElementValues { index, result, .. } => vec![*index, *result],
        Constraint::Count { vars, value, n, .. } => {
            vars.iter().copied().chain([*value, *n]).collect()
        }
        Constraint::Gcc { vars, counts, .. } => vars.iter().chain(counts).copied().collect(),
        Constraint::Times(x, y, z) | Constraint::Div(x, y, z) | Constraint::Mod(x, y, z) => {
            vec![*x, *y, *z]
        }
        Constraint::Abs(x, z) => vec![*x, *z],
        Constraint::Min(vars, z) | Constraint::Max(vars, z) => {
            vars.iter().copied().chain([*z]).collect()
        }
    }
}

/// An exact sum of `i128` products of two `i64` values (each below 2^126
/// in size), however many: kept as `high * 2^64 + low` with `low` in
/// `[0, 2^64)` summed apart, so no term count short of 2^62 overflows.
struct WideSum {
    high: i128,
    low: u128,
}

impl WideSum {
    fn of(terms: impl Iterator<Item = i128>) -> WideSum {
        let mut sum = WideSum { high: 0, low: 0 };
        for t in terms {
            sum.high += t >> 64;
            sum.low += (t as u128) & u128::from(u64::MAX);
            if sum.low >> 64 != 0 {
                sum.high += (sum.low >> 64) as i128;
                sum.low &= u128::from(u64::MAX);
            }
        }
        sum
    }

    /// Whether `self rel rhs`.
    fn compare(&self, rhs: Value, rel: Rel) -> bool {
        let rhs = i128::from(rhs);
        let (rh, rl) = (rhs >> 64, (rhs as u128) & u128::from(u64::MAX));
        // Lexicographic order of (high, low) is the order of the values.
        let order = (self.high, self.low).cmp(&(rh, rl));
        rel.holds(order as i128, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_sums_are_exact_at_the_limits() {
        let big = i128::from(i64::MAX) * i128::from(i64::MAX);
        let small = i128::from(i64::MIN) * i128::from(i64::MAX);
        // Four terms of about 2^126 would overflow i128; the sum is exact.
        for (terms, rhs, rel, expect) in [
            (vec![big, big, -big, -big], 0, Rel::Eq, true),
            (
                vec![big, big, big, big, small, small, small, small],
                0,
                Rel::Gt,
                false,
            ),
            (
                vec![big, big, big, big, small, small, small, small],
                0,
                Rel::Lt,
                true,
            ),
            (vec![big; 8], i64::MAX, Rel::Gt, true),
            (vec![small; 8], i64::MIN, Rel::Lt, true),
            (vec![1, -1, i128::from(i64::MIN)], i64::MIN, Rel::Eq, true),
            (vec![-1], -1, Rel::Eq, true),
            (vec![-1], 0, Rel::Lt, true),
            (vec![i128::from(u64::MAX)], i64::MAX, Rel::Gt, true),
        ] {
            let sum = WideSum::of(terms.iter().copied());
            assert_eq!(sum.compare(rhs, rel), expect, "{terms:?} {rel:?} {rhs}");
            // Against the exact sum where i128 holds it.
            if let Some(exact) = terms.iter().try_fold(0i128, |a, &t| a.checked_add(t)) {
                assert_eq!(rel.holds(exact, i128::from(rhs)), expect, "{terms:?}");
            }
        }
    }

    /// Large tables and cages are looked up in hash sets: the same verdicts
    /// as a scan of the rows, on every assignment.
    #[test]
    fn hashed_rows_give_the_scanned_verdicts() {
        let mut m = Model::new();
        let x = m.var("x", 0..=9).unwrap();
        let y = m.var("y", 0..=9).unwrap();
        let z = m.var("z", 0..=9).unwrap();
        let allowed: Vec<Vec<Value>> = (0..10)
            .flat_map(|a| (0..10).map(move |b| vec![a, b]))
            .filter(|r| (r[0] * 7 + r[1] * 3) % 5 != 0)
            .collect();
        let forbidden: Vec<Vec<Value>> = (0..10).map(|a| vec![a, (a * 3) % 10]).collect();
        assert!(allowed.len() > HASHED_FROM);
        m.table(&[x, y], &allowed).unwrap();
        m.forbidden(&[y, z], &forbidden).unwrap();
        let check = m.solution_check();
        assert!(check.rows[0].is_some());
        for a in 0..10 {
            for b in 0..10 {
                for c in 0..10 {
                    let expect = allowed.contains(&vec![a, b]) && !forbidden.contains(&vec![b, c]);
                    assert_eq!(check.check(&[a, b, c]).is_ok(), expect, "{a} {b} {c}");
                }
            }
        }
    }

    #[test]
    fn each_kind_of_fault_is_named() {
        let mut m = Model::new();
        let x = m.var("x", 1..=4).unwrap();
        let y = m.var("y", 1..=4).unwrap();
        let z = m.var("z", 1..=16).unwrap();
        m.all_different(&[x, y]).unwrap();
        m.times(x, y, z).unwrap();
        assert!(m.check_solution(&[2, 3, 6]).is_ok());
        let err = |v: &[Value]| m.check_solution(v).unwrap_err().to_string();
        assert_eq!(err(&[2, 3]), "2 values given for 3 variables");
        assert_eq!(err(&[5, 3, 15]), "x=5 is outside its domain");
        assert_eq!(err(&[2, 2, 4]), "group 1 does not hold (x=2 y=2)");
        assert_eq!(err(&[2, 3, 5]), "times #2 does not hold (x=2 y=3 z=5)");
    }
}
