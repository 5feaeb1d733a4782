//! The finite-domain constraints of a [`Model`] beyond exact cover: their
//! record ([`Constraint`]), and the methods that check and post them.
//!
//! Every method checks its arguments and refuses bad ones with a
//! [`ModelError::Constraint`] that names the constraint by its kind and its
//! number among the model's constraints (`"table #3"`, counting from 1 over
//! every constraint posted, old and new), and says what was expected.

use std::collections::HashSet;

use crate::error::ModelError;
use crate::model::{Model, Value, VarSpec, MAX_LISTED};
use crate::Var;

/// A comparison between two integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rel {
    /// `=`
    Eq,
    /// `≠`
    Ne,
    /// `<`
    Lt,
    /// `≤`
    Le,
    /// `>`
    Gt,
    /// `≥`
    Ge,
}

impl Rel {
    /// Whether `a rel b`.
    pub fn holds(self, a: i128, b: i128) -> bool {
        match self {
            Rel::Eq => a == b,
            Rel::Ne => a != b,
            Rel::Lt => a < b,
            Rel::Le => a <= b,
            Rel::Gt => a > b,
            Rel::Ge => a >= b,
        }
    }

    /// The relation that holds exactly when `self` does not.
    pub fn negate(self) -> Rel {
        match self {
            Rel::Eq => Rel::Ne,
            Rel::Ne => Rel::Eq,
            Rel::Lt => Rel::Ge,
            Rel::Le => Rel::Gt,
            Rel::Gt => Rel::Le,
            Rel::Ge => Rel::Lt,
        }
    }
}

/// Whether the objective is minimised or maximised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sense {
    /// Smaller is better.
    Minimize,
    /// Larger is better.
    Maximize,
}

/// How a Boolean controls a reified constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reif {
    /// `b <-> c`
    Equiv,
    /// `b -> c`
    Imp,
}

/// One constraint beyond exact cover, as posted (arguments checked).
#[derive(Clone, Debug)]
pub(crate) enum Constraint {
    /// No two take the same value (may name a variable twice: then false).
    AllDifferent(Vec<Var>),
    /// The variables take one of the tuples.
    Table {
        vars: Vec<Var>,
        tuples: Vec<Vec<Value>>,
    },
    /// The variables take none of the tuples.
    Forbidden {
        vars: Vec<Var>,
        tuples: Vec<Vec<Value>>,
    },
    /// `sum(c * x) rel rhs`, optionally controlled by a Boolean.
    Linear {
        terms: Vec<(Value, Var)>,
        rel: Rel,
        rhs: Value,
        reif: Option<(Var, Reif)>,
    },
    /// `OR(pos) or OR(not neg)`, all Boolean.
    Clause { pos: Vec<Var>, neg: Vec<Var> },
    /// `result = array[index - base]`.
    Element {
        index: Var,
        base: Value,
        array: Vec<Var>,
        result: Var,
    },
    /// `result = array[index - base]`, constant array.
    ElementValues {
        index: Var,
        base: Value,
        array: Vec<Value>,
        result: Var,
    },
    /// `|{i : vars[i] == value}| rel n`.
    Count {
        vars: Vec<Var>,
        value: Var,
        rel: Rel,
        n: Var,
    },
    /// `counts[j] = |{i : vars[i] == values[j]}|`; closed: every variable
    /// takes one of `values`.
    Gcc {
        vars: Vec<Var>,
        values: Vec<Value>,
        counts: Vec<Var>,
        closed: bool,
    },
    /// `x * y = z`.
    Times(Var, Var, Var),
    /// `x / y = z`, truncating towards zero, `y != 0`.
    Div(Var, Var, Var),
    /// `x mod y = z`, the remainder of the truncating division, `y != 0`.
    Mod(Var, Var, Var),
    /// `|x| = z`.
    Abs(Var, Var),
    /// `z = min(vars)`.
    Min(Vec<Var>, Var),
    /// `z = max(vars)`.
    Max(Vec<Var>, Var),
}

/// The most tuples one table lists (allowed or forbidden).
pub const MAX_TUPLES: usize = 1 << 22;

impl Model {
    /// Declares a variable that takes any value of `lo..=hi`. Ranges wider
    /// than [`MAX_LISTED`] values are kept as their bounds (the propagation
    /// engine holds them as intervals; [`domain`](Self::domain) is then
    /// empty).
    pub fn int_var(&mut self, name: &str, lo: Value, hi: Value) -> Result<Var, ModelError> {
        if lo > hi {
            return Err(ModelError::EmptyDomain {
                var: name.to_string(),
            });
        }
        let span = (hi as i128 - lo as i128 + 1) as u128;
        if span <= u128::from(MAX_LISTED) {
            self.var(name, lo..=hi)
        } else {
            self.push_var(VarSpec {
                name: name.to_string(),
                domain: Vec::new(),
                interval: Some((lo, hi)),
            })
        }
    }

    /// Declares a Boolean variable: 0 (false) or 1 (true).
    pub fn bool_var(&mut self, name: &str) -> Result<Var, ModelError> {
        self.var(name, 0..=1)
    }

    /// A variable fixed to `value`, shared by every call with that value
    /// (named by the value).
    pub fn constant(&mut self, value: Value) -> Var {
        if let Some(&var) = self.constants.get(&value) {
            return var;
        }
        let var = self
            .var(&value.to_string(), [value])
            .expect("fewer than 2^32 variables");
        self.constants.insert(value, var);
        var
    }

    /// Sets the objective: make `var` as small as possible. A model has at
    /// most one objective.
    pub fn minimize(&mut self, var: Var) -> Result<(), ModelError> {
        self.objective_to(var, Sense::Minimize)
    }

    /// Sets the objective: make `var` as large as possible. A model has at
    /// most one objective.
    pub fn maximize(&mut self, var: Var) -> Result<(), ModelError> {
        self.objective_to(var, Sense::Maximize)
    }

    fn objective_to(&mut self, var: Var, sense: Sense) -> Result<(), ModelError> {
        self.check_var(var)?;
        if self.objective.is_some() {
            return Err(ModelError::Constraint {
                constraint: "objective".into(),
                reason: "the model already has an objective (one at most)".into(),
            });
        }
        self.objective = Some((var, sense));
        Ok(())
    }

    /// The objective, if one was set.
    pub fn objective(&self) -> Option<(Var, Sense)> {
        self.objective
    }

    /// No two of `vars` take the same value. Without repeated variables
    /// this is [`at_most_once`](Self::at_most_once) (and goes to Dancing
    /// Links in a pure exact-cover model); a variable named twice makes the
    /// model unsatisfiable.
    pub fn all_different(&mut self, vars: &[Var]) -> Result<(), ModelError> {
        let name = self.next_name("all_different");
        self.check_vars(&name, vars)?;
        if vars.is_empty() {
            // Nothing to keep apart.
            self.posted += 1;
            return Ok(());
        }
        let distinct: HashSet<Var> = vars.iter().copied().collect();
        if distinct.len() < vars.len() {
            self.push(name, Constraint::AllDifferent(vars.to_vec()));
            return Ok(());
        }
        self.at_most_once(&name, vars)
    }

    /// The variables take one of the `tuples` (each as long as `vars`).
    pub fn table(&mut self, vars: &[Var], tuples: &[Vec<Value>]) -> Result<(), ModelError> {
        let name = self.next_name("table");
        self.check_tuples(&name, vars, tuples)?;
        self.push(
            name,
            Constraint::Table {
                vars: vars.to_vec(),
                tuples: tuples.to_vec(),
            },
        );
        Ok(())
    }

    /// The variables take none of the `tuples` (each as long as `vars`).
    pub fn forbidden(&mut self, vars: &[Var], tuples: &[Vec<Value>]) -> Result<(), ModelError> {
        let name = self.next_name("forbidden");
        self.check_tuples(&name, vars, tuples)?;
        self.push(
            name,
            Constraint::Forbidden {
                vars: vars.to_vec(),
                tuples: tuples.to_vec(),
            },
        );
        Ok(())
    }

    /// `sum(c * x for (c, x) in terms) rel rhs`.
    pub fn linear(
        &mut self,
        terms: &[(Value, Var)],
        rel: Rel,
        rhs: Value,
    ) -> Result<(), ModelError> {
        let name = self.next_name("linear");
        self.check_terms(&name, terms)?;
        self.push(
            name,
            Constraint::Linear {
                terms: terms.to_vec(),
                rel,
                rhs,
                reif: None,
            },
        );
        Ok(())
    }

    /// `b <-> (sum(c * x) rel rhs)`, `b` Boolean.
    pub fn linear_reif(
        &mut self,
        terms: &[(Value, Var)],
        rel: Rel,
        rhs: Value,
        b: Var,
    ) -> Result<(), ModelError> {
        self.linear_controlled("linear_reif", terms, rel, rhs, b, Reif::Equiv)
    }

    /// `b -> (sum(c * x) rel rhs)`, `b` Boolean.
    pub fn linear_imp(
        &mut self,
        terms: &[(Value, Var)],
        rel: Rel,
        rhs: Value,
        b: Var,
    ) -> Result<(), ModelError> {
        self.linear_controlled("linear_imp", terms, rel, rhs, b, Reif::Imp)
    }

    fn linear_controlled(
        &mut self,
        kind: &str,
        terms: &[(Value, Var)],
        rel: Rel,
        rhs: Value,
        b: Var,
        reif: Reif,
    ) -> Result<(), ModelError> {
        let name = self.next_name(kind);
        self.check_terms(&name, terms)?;
        self.check_bools(&name, &[b])?;
        self.push(
            name,
            Constraint::Linear {
                terms: terms.to_vec(),
                rel,
                rhs,
                reif: Some((b, reif)),
            },
        );
        Ok(())
    }

    /// At least one of `pos` is true or one of `neg` is false (all
    /// Boolean). An empty clause is false.
    pub fn clause(&mut self, pos: &[Var], neg: &[Var]) -> Result<(), ModelError> {
        let name = self.next_name("clause");
        self.check_bools(&name, pos)?;
        self.check_bools(&name, neg)?;
        self.push(
            name,
            Constraint::Clause {
                pos: pos.to_vec(),
                neg: neg.to_vec(),
            },
        );
        Ok(())
    }

    /// `result = array[index - base]` (so `index` ranges over `base..base +
    /// array.len()`).
    pub fn element(
        &mut self,
        index: Var,
        base: Value,
        array: &[Var],
        result: Var,
    ) -> Result<(), ModelError> {
        let name = self.next_name("element");
        self.check_vars(&name, array)?;
        self.check_vars(&name, &[index, result])?;
        self.check_array(&name, array.len(), base)?;
        self.push(
            name,
            Constraint::Element {
                index,
                base,
                array: array.to_vec(),
                result,
            },
        );
        Ok(())
    }

    /// `result = array[index - base]` over a constant array.
    pub fn element_values(
        &mut self,
        index: Var,
        base: Value,
        array: &[Value],
        result: Var,
    ) -> Result<(), ModelError> {
        let name = self.next_name("element_values");
        self.check_vars(&name, &[index, result])?;
        self.check_array(&name, array.len(), base)?;
        self.push(
            name,
            Constraint::ElementValues {
                index,
                base,
                array: array.to_vec(),
                result,
            },
        );
        Ok(())
    }

    /// `|{i : vars[i] == value}| rel n`.
    pub fn count(&mut self, vars: &[Var], value: Var, rel: Rel, n: Var) -> Result<(), ModelError> {
        let name = self.next_name("count");
        self.check_vars(&name, vars)?;
        self.check_vars(&name, &[value, n])?;
        self.push(
            name,
            Constraint::Count {
                vars: vars.to_vec(),
                value,
                rel,
                n,
            },
        );
        Ok(())
    }

    /// `counts[j]` variables of `vars` take `values[j]` (the values
    /// different); `closed`: every variable takes one of `values`.
    pub fn global_cardinality(
        &mut self,
        vars: &[Var],
        values: &[Value],
        counts: &[Var],
        closed: bool,
    ) -> Result<(), ModelError> {
        let name = self.next_name("global_cardinality");
        self.check_vars(&name, vars)?;
        self.check_vars(&name, counts)?;
        if values.len() != counts.len() {
            return Err(constraint_error(
                &name,
                format!(
                    "{} values but {} count variables: expected one count per value",
                    values.len(),
                    counts.len()
                ),
            ));
        }
        let mut seen = HashSet::new();
        for v in values {
            if !seen.insert(v) {
                return Err(constraint_error(
                    &name,
                    format!("value {v} is listed twice: expected different values"),
                ));
            }
        }
        self.push(
            name,
            Constraint::Gcc {
                vars: vars.to_vec(),
                values: values.to_vec(),
                counts: counts.to_vec(),
                closed,
            },
        );
        Ok(())
    }

    /// `x * y = z`.
    pub fn times(&mut self, x: Var, y: Var, z: Var) -> Result<(), ModelError> {
        let name = self.next_name("times");
        self.check_vars(&name, &[x, y, z])?;
        self.push(name, Constraint::Times(x, y, z));
        Ok(())
    }

    /// `x / y = z`, rounding towards zero (FlatZinc's `int_div`); `y` is
    /// never 0.
    pub fn div(&mut self, x: Var, y: Var, z: Var) -> Result<(), ModelError> {
        let name = self.next_name("div");
        self.check_vars(&name, &[x, y, z])?;
        self.push(name, Constraint::Div(x, y, z));
        Ok(())
    }

    /// `x mod y = z`, the remainder of the division rounding towards zero
    /// (FlatZinc's `int_mod`: the sign of `x`); `y` is never 0.
    pub fn modulo(&mut self, x: Var, y: Var, z: Var) -> Result<(), ModelError> {
        let name = self.next_name("modulo");
        self.check_vars(&name, &[x, y, z])?;
        self.push(name, Constraint::Mod(x, y, z));
        Ok(())
    }

    /// `z = |x|`.
    pub fn abs(&mut self, x: Var, z: Var) -> Result<(), ModelError> {
        let name = self.next_name("abs");
        self.check_vars(&name, &[x, z])?;
        self.push(name, Constraint::Abs(x, z));
        Ok(())
    }

    /// `z` is the smallest of `vars` (at least one).
    pub fn min(&mut self, vars: &[Var], z: Var) -> Result<(), ModelError> {
        let name = self.next_name("min");
        self.check_nonempty(&name, vars)?;
        self.check_vars(&name, &[z])?;
        self.push(name, Constraint::Min(vars.to_vec(), z));
        Ok(())
    }

    /// `z` is the largest of `vars` (at least one).
    pub fn max(&mut self, vars: &[Var], z: Var) -> Result<(), ModelError> {
        let name = self.next_name("max");
        self.check_nonempty(&name, vars)?;
        self.check_vars(&name, &[z])?;
        self.push(name, Constraint::Max(vars.to_vec(), z));
        Ok(())
    }

    // ---- checks ----

    /// The name the next constraint gets in errors: `kind #n`.
    fn next_name(&self, kind: &str) -> String {
        format!("{kind} #{}", self.posted + 1)
    }

    fn push(&mut self, name: String, constraint: Constraint) {
        self.posted += 1;
        self.constraint_names.push(name);
        self.constraints.push(constraint);
    }

    fn check_vars(&self, name: &str, vars: &[Var]) -> Result<(), ModelError> {
        for &var in vars {
            if var.index() >= self.vars.len() {
                return Err(constraint_error(
                    name,
                    format!(
                        "variable #{} does not exist ({} variables)",
                        var.index(),
                        self.vars.len()
                    ),
                ));
            }
        }
        Ok(())
    }

    fn check_nonempty(&self, name: &str, vars: &[Var]) -> Result<(), ModelError> {
        if vars.is_empty() {
            return Err(constraint_error(
                name,
                "no variables: expected at least one".into(),
            ));
        }
        self.check_vars(name, vars)
    }

    fn check_bools(&self, name: &str, vars: &[Var]) -> Result<(), ModelError> {
        self.check_vars(name, vars)?;
        for &var in vars {
            let spec = &self.vars[var.index()];
            let (lo, hi) = spec.bounds();
            if lo < 0 || hi > 1 {
                return Err(constraint_error(
                    name,
                    format!(
                        "{} ranges over {lo}..{hi}: expected a Boolean (0 or 1)",
                        spec.name
                    ),
                ));
            }
        }
        Ok(())
    }

    fn check_terms(&self, name: &str, terms: &[(Value, Var)]) -> Result<(), ModelError> {
        for &(_, var) in terms {
            self.check_vars(name, &[var])?;
        }
        Ok(())
    }

    fn check_tuples(
        &self,
        name: &str,
        vars: &[Var],
        tuples: &[Vec<Value>],
    ) -> Result<(), ModelError> {
        self.check_vars(name, vars)?;
        if tuples.len() > MAX_TUPLES {
            return Err(constraint_error(
                name,
                format!("{} tuples: at most {MAX_TUPLES} are taken", tuples.len()),
            ));
        }
        for (k, tuple) in tuples.iter().enumerate() {
            if tuple.len() != vars.len() {
                return Err(constraint_error(
                    name,
                    format!(
                        "tuple {} has {} values: expected {}, one per variable",
                        k + 1,
                        tuple.len(),
                        vars.len()
                    ),
                ));
            }
        }
        Ok(())
    }

    fn check_array(&self, name: &str, len: usize, base: Value) -> Result<(), ModelError> {
        if len == 0 {
            return Err(constraint_error(
                name,
                "an empty array: expected at least one element".into(),
            ));
        }
        if base.checked_add(len as Value).is_none() {
            return Err(constraint_error(
                name,
                format!("base {base} plus {len} elements overflows"),
            ));
        }
        Ok(())
    }
}

fn constraint_error(name: &str, reason: String) -> ModelError {
    ModelError::Constraint {
        constraint: name.to_string(),
        reason,
    }
}
