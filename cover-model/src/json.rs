//! The JSON model: one documented schema (docs/formats.md, "JSON model")
//! for a [`Model`], written by [`Model::to_json`] (and the Python
//! `Model.to_json()`) and read by [`Model::from_json`] (and `dlx count` /
//! `dlx solve`).
//!
//! ```json
//! {
//!   "variables": [
//!     {"name": "x", "range": [0, 5]},
//!     {"name": "y", "domain": [1, 3, 5]}
//!   ],
//!   "constraints": [
//!     {"kind": "linear", "terms": [[1, "x"], [2, "y"]], "rel": "==", "rhs": 7},
//!     {"kind": "all_different", "vars": ["x", "y"]}
//!   ],
//!   "objective": {"minimize": "x"}
//! }
//! ```
//!
//! A variable is referred to by its name (names are unique); where a
//! constraint takes a variable, an integer stands for that constant. Errors
//! are located: a syntax or type error by line and column, anything else by
//! its JSON path (`constraints[3].vars[1]`), with what was expected.
//!
//! ```
//! use cover_model::Model;
//! use solver_core::Limits;
//!
//! let text = r#"{
//!   "variables": [{"name": "a", "range": [1, 3]}, {"name": "b", "range": [1, 3]}],
//!   "constraints": [{"kind": "exactly_once", "vars": ["a", "b", "a"]}]
//! }"#;
//! let err = Model::from_json(text).unwrap_err();
//! assert_eq!(err.to_string(), "constraints[0]: constraint exactly_once #0 names a twice");
//!
//! let text = r#"{
//!   "variables": [{"name": "a", "range": [1, 2]}, {"name": "b", "range": [1, 2]}],
//!   "constraints": [{"kind": "exactly_once", "vars": ["a", "b"]}]
//! }"#;
//! let model = Model::from_json(text)?;
//! assert_eq!(model.compile()?.solver().count(&Limits::none()).solutions, 2);
//! let again = Model::from_json(&model.to_json()?)?;
//! assert_eq!(again.to_json()?, model.to_json()?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::constraints::{Constraint, Reif, Rel, Sense};
use crate::error::ModelError;
use crate::model::{GroupKind, Model, Value, Var};

/// A JSON model that cannot be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JsonError {
    /// Not JSON, or not the schema (a missing field, a wrong type).
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// From 1.
        line: usize,
        /// From 1.
        column: usize,
        /// What was wrong and what was expected.
        message: String,
    },
    /// A value that the schema admits but the model refuses, at a JSON path.
    #[error("{path}: {message}")]
    At {
        /// Where, as `constraints[3].vars[1]`.
        path: String,
        /// What was wrong and what was expected.
        message: String,
    },
    /// The model refused a constraint or variable (its message names it).
    #[error("{path}: {error}")]
    Model {
        /// Where, as `constraints[3]`.
        path: String,
        /// The model's error.
        error: ModelError,
    },
}

fn at(path: impl Into<String>, message: impl Into<String>) -> JsonError {
    JsonError::At {
        path: path.into(),
        message: message.into(),
    }
}

/// The document.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    variables: Vec<VarDoc>,
    #[serde(default)]
    constraints: Vec<ConstraintDoc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    objective: Option<ObjectiveDoc>,
}

/// A variable: a name and either a range `[lo, hi]` or a list of values.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct VarDoc {
    name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    range: Option<(Value, Value)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    domain: Option<Vec<Value>>,
}

/// A reference to a variable: its name, or an integer constant.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum Ref {
    Const(Value),
    Name(String),
}

/// A relation, written as in most languages.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
enum RelDoc {
    #[serde(rename = "==")]
    Eq,
    #[serde(rename = "!=")]
    Ne,
    #[serde(rename = "<")]
    Lt,
    #[serde(rename = "<=")]
    Le,
    #[serde(rename = ">")]
    Gt,
    #[serde(rename = ">=")]
    Ge,
}

impl From<RelDoc> for Rel {
    fn from(r: RelDoc) -> Rel {
        match r {
            RelDoc::Eq => Rel::Eq,
            RelDoc::Ne => Rel::Ne,
            RelDoc::Lt => Rel::Lt,
            RelDoc::Le => Rel::Le,
            RelDoc::Gt => Rel::Gt,
            RelDoc::Ge => Rel::Ge,
        }
    }
}

impl From<Rel> for RelDoc {
    fn from(r: Rel) -> RelDoc {
        match r {
            Rel::Eq => RelDoc::Eq,
            Rel::Ne => RelDoc::Ne,
            Rel::Lt => RelDoc::Lt,
            Rel::Le => RelDoc::Le,
            Rel::Gt => RelDoc::Gt,
            Rel::Ge => RelDoc::Ge,
        }
    }
}

/// A constraint, by kind, with the arguments of the [`Model`] method of the
/// same name.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum ConstraintDoc {
    AllDifferent {
        vars: Vec<Ref>,
    },
    ExactlyOnce {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        vars: Vec<Ref>,
    },
    AtMostOnce {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        vars: Vec<Ref>,
    },
    Fix {
        var: Ref,
        value: Value,
    },
    SumCage {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        vars: Vec<Ref>,
        sum: Value,
    },
    Table {
        vars: Vec<Ref>,
        tuples: Vec<Vec<Value>>,
    },
    Forbidden {
        vars: Vec<Ref>,
        tuples: Vec<Vec<Value>>,
    },
    Linear {
        terms: Vec<(Value, Ref)>,
        rel: RelDoc,
        rhs: Value,
    },
    LinearReif {
        terms: Vec<(Value, Ref)>,
        rel: RelDoc,
        rhs: Value,
        b: Ref,
    },
    LinearImp {
        terms: Vec<(Value, Ref)>,
        rel: RelDoc,
        rhs: Value,
        b: Ref,
    },
    Clause {
        #[serde(default)]
        pos: Vec<Ref>,
        #[serde(default)]
        neg: Vec<Ref>,
    },
    Element {
        index: Ref,
        #[serde(default)]
        base: Value,
        array: Vec<Ref>,
        result: Ref,
    },
    ElementValues {
        index: Ref,
        #[serde(default)]
        base: Value,
        array: Vec<Value>,
        result: Ref,
    },
    Count {
        vars: Vec<Ref>,
        value: Ref,
        rel: RelDoc,
        n: Ref,
    },
    GlobalCardinality {
        vars: Vec<Ref>,
        values: Vec<Value>,
        counts: Vec<Ref>,
        #[serde(default)]
        closed: bool,
    },
    Times {
        x: Ref,
        y: Ref,
        z: Ref,
    },
    Div {
        x: Ref,
        y: Ref,
        z: Ref,
    },
    Modulo {
        x: Ref,
        y: Ref,
        z: Ref,
    },
    Abs {
        x: Ref,
        z: Ref,
    },
    Min {
        vars: Vec<Ref>,
        z: Ref,
    },
    Max {
        vars: Vec<Ref>,
        z: Ref,
    },
}

/// The objective: `{"minimize": "x"}` or `{"maximize": "x"}`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum ObjectiveDoc {
    Minimize(Ref),
    Maximize(Ref),
}

/// Reads a document into a model, resolving names.
struct Reader {
    model: Model,
    names: HashMap<String, Var>,
}

impl Reader {
    fn var(&mut self, path: &str, r: &Ref) -> Result<Var, JsonError> {
        match r {
            Ref::Const(v) => Ok(self.model.constant(*v)),
            Ref::Name(n) => self.names.get(n).copied().ok_or_else(|| {
                at(
                    path,
                    format!("unknown variable `{n}` (expected the name of a declared variable, or an integer)"),
                )
            }),
        }
    }

    fn vars(&mut self, path: &str, refs: &[Ref]) -> Result<Vec<Var>, JsonError> {
        refs.iter()
            .enumerate()
            .map(|(k, r)| self.var(&format!("{path}[{k}]"), r))
            .collect()
    }

    fn terms(
        &mut self,
        path: &str,
        terms: &[(Value, Ref)],
    ) -> Result<Vec<(Value, Var)>, JsonError> {
        terms
            .iter()
            .enumerate()
            .map(|(k, (c, r))| Ok((*c, self.var(&format!("{path}[{k}][1]"), r)?)))
            .collect()
    }

    fn tuples(path: &str, tuples: &[Vec<Value>], arity: usize) -> Result<(), JsonError> {
        match tuples.iter().position(|t| t.len() != arity) {
            None => Ok(()),
            Some(k) => Err(at(
                format!("{path}[{k}]"),
                format!(
                    "a tuple of {} values for {arity} variables (expected {arity})",
                    tuples[k].len()
                ),
            )),
        }
    }

    fn constraint(&mut self, k: usize, c: &ConstraintDoc) -> Result<(), JsonError> {
        let p = format!("constraints[{k}]");
        let sub = |field: &str| format!("{p}.{field}");
        let default = |name: &Option<String>, kind: &str| {
            name.clone().unwrap_or_else(|| format!("{kind} #{k}"))
        };
        let result = match c {
            ConstraintDoc::AllDifferent { vars } => {
                let vars = self.vars(&sub("vars"), vars)?;
                self.model.all_different(&vars)
            }
            ConstraintDoc::ExactlyOnce { name, vars } => {
                let vars = self.vars(&sub("vars"), vars)?;
                self.model
                    .exactly_once(&default(name, "exactly_once"), &vars)
            }
            ConstraintDoc::AtMostOnce { name, vars } => {
                let vars = self.vars(&sub("vars"), vars)?;
                self.model
                    .at_most_once(&default(name, "at_most_once"), &vars)
            }
            ConstraintDoc::Fix { var, value } => {
                let var = self.var(&sub("var"), var)?;
                self.model.fix(var, *value)
            }
            ConstraintDoc::SumCage { name, vars, sum } => {
                let vars = self.vars(&sub("vars"), vars)?;
                self.model.sum_cage(&default(name, "sum_cage"), &vars, *sum)
            }
            ConstraintDoc::Table { vars, tuples } => {
                let vars = self.vars(&sub("vars"), vars)?;
                Self::tuples(&sub("tuples"), tuples, vars.len())?;
                self.model.table(&vars, tuples)
            }
            ConstraintDoc::Forbidden { vars, tuples } => {
                let vars = self.vars(&sub("vars"), vars)?;
                Self::tuples(&sub("tuples"), tuples, vars.len())?;
                self.model.forbidden(&vars, tuples)
            }
            ConstraintDoc::Linear { terms, rel, rhs } => {
                let terms = self.terms(&sub("terms"), terms)?;
                self.model.linear(&terms, (*rel).into(), *rhs)
            }
            ConstraintDoc::LinearReif { terms, rel, rhs, b } => {
                let terms = self.terms(&sub("terms"), terms)?;
                let b = self.var(&sub("b"), b)?;
                self.model.linear_reif(&terms, (*rel).into(), *rhs, b)
            }
            ConstraintDoc::LinearImp { terms, rel, rhs, b } => {
                let terms = self.terms(&sub("terms"), terms)?;
                let b = self.var(&sub("b"), b)?;
                self.model.linear_imp(&terms, (*rel).into(), *rhs, b)
            }
            ConstraintDoc::Clause { pos, neg } => {
                let pos = self.vars(&sub("pos"), pos)?;
                let neg = self.vars(&sub("neg"), neg)?;
                self.model.clause(&pos, &neg)
            }
            ConstraintDoc::Element {
                index,
                base,
                array,
                result,
            } => {
                let index = self.var(&sub("index"), index)?;
                let array = self.vars(&sub("array"), array)?;
                let result = self.var(&sub("result"), result)?;
                self.model.element(index, *base, &array, result)
            }
            ConstraintDoc::ElementValues {
                index,
                base,
                array,
                result,
            } => {
                let index = self.var(&sub("index"), index)?;
                let result = self.var(&sub("result"), result)?;
                self.model.element_values(index, *base, array, result)
            }
            ConstraintDoc::Count {
                vars,
                value,
                rel,
                n,
            } => {
                let vars = self.vars(&sub("vars"), vars)?;
                let value = self.var(&sub("value"), value)?;
                let n = self.var(&sub("n"), n)?;
                self.model.count(&vars, value, (*rel).into(), n)
            }
            ConstraintDoc::GlobalCardinality {
                vars,
                values,
                counts,
                closed,
            } => {
                let vars = self.vars(&sub("vars"), vars)?;
                let counts = self.vars(&sub("counts"), counts)?;
                if counts.len() != values.len() {
                    return Err(at(
                        sub("counts"),
                        format!(
                            "{} counts for {} values (expected one count per value)",
                            counts.len(),
                            values.len()
                        ),
                    ));
                }
                self.model
                    .global_cardinality(&vars, values, &counts, *closed)
            }
            ConstraintDoc::Times { x, y, z } => {
                let (x, y, z) = self.xyz(&p, x, y, z)?;
                self.model.times(x, y, z)
            }
            ConstraintDoc::Div { x, y, z } => {
                let (x, y, z) = self.xyz(&p, x, y, z)?;
                self.model.div(x, y, z)
            }
            ConstraintDoc::Modulo { x, y, z } => {
                let (x, y, z) = self.xyz(&p, x, y, z)?;
                self.model.modulo(x, y, z)
            }
            ConstraintDoc::Abs { x, z } => {
                let x = self.var(&sub("x"), x)?;
                let z = self.var(&sub("z"), z)?;
                self.model.abs(x, z)
            }
            ConstraintDoc::Min { vars, z } => {
                let vars = self.vars(&sub("vars"), vars)?;
                let z = self.var(&sub("z"), z)?;
                self.model.min(&vars, z)
            }
            ConstraintDoc::Max { vars, z } => {
                let vars = self.vars(&sub("vars"), vars)?;
                let z = self.var(&sub("z"), z)?;
                self.model.max(&vars, z)
            }
        };
        result.map_err(|error| JsonError::Model { path: p, error })
    }

    fn xyz(&mut self, p: &str, x: &Ref, y: &Ref, z: &Ref) -> Result<(Var, Var, Var), JsonError> {
        Ok((
            self.var(&format!("{p}.x"), x)?,
            self.var(&format!("{p}.y"), y)?,
            self.var(&format!("{p}.z"), z)?,
        ))
    }
}

impl Model {
    /// Reads a model in the JSON model format (see the [module
    /// docs](crate::json) and docs/formats.md). Errors say where: line and
    /// column for JSON that does not follow the schema, the JSON path
    /// (`constraints[2].vars[0]`) for a value the model refuses.
    pub fn from_json(text: &str) -> Result<Model, JsonError> {
        let doc: Document = serde_json::from_str(text).map_err(|e| JsonError::Syntax {
            line: e.line(),
            column: e.column(),
            message: strip_location(&e.to_string()),
        })?;
        let mut reader = Reader {
            model: Model::new(),
            names: HashMap::with_capacity(doc.variables.len()),
        };
        for (k, v) in doc.variables.iter().enumerate() {
            let path = format!("variables[{k}]");
            if v.name.is_empty() {
                return Err(at(
                    format!("{path}.name"),
                    "a variable name cannot be empty",
                ));
            }
            if reader.names.contains_key(&v.name) {
                return Err(at(
                    format!("{path}.name"),
                    format!(
                        "the name `{}` is already taken by another variable (names are unique)",
                        v.name
                    ),
                ));
            }
            let var = match (&v.range, &v.domain) {
                (Some((lo, hi)), None) => {
                    if lo > hi {
                        return Err(at(
                            format!("{path}.range"),
                            format!("empty range [{lo}, {hi}] (expected [lo, hi] with lo <= hi)"),
                        ));
                    }
                    reader.model.int_var(&v.name, *lo, *hi)
                }
                (None, Some(values)) => reader.model.var(&v.name, values.iter().copied()),
                _ => {
                    return Err(at(
                        path,
                        format!(
                            "variable `{}`: expected exactly one of \"range\": [lo, hi] and \"domain\": [values]",
                            v.name
                        ),
                    ))
                }
            }
            .map_err(|error| JsonError::Model {
                path: path.clone(),
                error,
            })?;
            reader.names.insert(v.name.clone(), var);
        }
        for (k, c) in doc.constraints.iter().enumerate() {
            reader.constraint(k, c)?;
        }
        if let Some(objective) = &doc.objective {
            let result = match objective {
                ObjectiveDoc::Minimize(r) => {
                    let v = reader.var("objective.minimize", r)?;
                    reader.model.minimize(v)
                }
                ObjectiveDoc::Maximize(r) => {
                    let v = reader.var("objective.maximize", r)?;
                    reader.model.maximize(v)
                }
            };
            result.map_err(|error| JsonError::Model {
                path: "objective".into(),
                error,
            })?;
        }
        Ok(reader.model)
    }
}

impl Model {
    /// The model in the JSON model format (see the [module
    /// docs](crate::json) and docs/formats.md), which
    /// [`from_json`](Self::from_json) reads back as the same model. The
    /// constants appear as integers where they are used. Groups and cages
    /// are written without their names, and the model's constraints by
    /// kind: exactly-once and at-most-once groups (an `all_different`
    /// without a repeated variable is one), sum cages, fixed values, then
    /// the others in the order posted. Fails when two variables share a
    /// name or one has none (JSON refers to variables by name).
    pub fn to_json(&self) -> Result<String, JsonError> {
        let mut seen: HashMap<&str, usize> = HashMap::new();
        let mut variables = Vec::new();
        for var in self.variables() {
            if self.is_constant(var) {
                continue;
            }
            let spec = &self.vars[var.index()];
            let path = format!("variables[{}]", variables.len());
            if spec.name.is_empty() {
                return Err(at(path, format!("variable #{} has no name", var.index())));
            }
            if let Some(other) = seen.insert(&spec.name, var.index()) {
                return Err(at(
                    path,
                    format!(
                        "variables #{other} and #{} are both named `{}` (JSON refers to variables by name)",
                        var.index(),
                        spec.name
                    ),
                ));
            }
            let (lo, hi) = spec.bounds();
            let contiguous = spec.interval.is_some()
                || u128::try_from(i128::from(hi) - i128::from(lo) + 1).ok()
                    == Some(spec.domain.len() as u128);
            variables.push(if contiguous {
                VarDoc {
                    name: spec.name.clone(),
                    range: Some((lo, hi)),
                    domain: None,
                }
            } else {
                VarDoc {
                    name: spec.name.clone(),
                    range: None,
                    domain: Some(spec.domain.clone()),
                }
            });
        }
        let r = |v: &Var| -> Ref {
            if self.is_constant(*v) {
                Ref::Const(self.bounds(*v).0)
            } else {
                Ref::Name(self.vars[v.index()].name.clone())
            }
        };
        let rs = |vs: &[Var]| -> Vec<Ref> { vs.iter().map(r).collect() };
        let ts = |terms: &[(Value, Var)]| -> Vec<(Value, Ref)> {
            terms.iter().map(|(c, v)| (*c, r(v))).collect()
        };
        let mut constraints = Vec::new();
        for g in &self.groups {
            constraints.push(match g.kind {
                GroupKind::ExactlyOnce => ConstraintDoc::ExactlyOnce {
                    name: None,
                    vars: rs(&g.vars),
                },
                GroupKind::AtMostOnce => ConstraintDoc::AtMostOnce {
                    name: None,
                    vars: rs(&g.vars),
                },
            });
        }
        for c in &self.cages {
            // Every combination has the cage's total.
            let sum = c.combinations.first().map_or(0, |c| c.iter().sum());
            constraints.push(ConstraintDoc::SumCage {
                name: None,
                vars: rs(&c.vars),
                sum,
            });
        }
        for (var, value) in &self.fixed {
            constraints.push(ConstraintDoc::Fix {
                var: r(var),
                value: *value,
            });
        }
        for c in &self.constraints {
            constraints.push(match c {
                Constraint::AllDifferent(vars) => ConstraintDoc::AllDifferent { vars: rs(vars) },
                Constraint::Table { vars, tuples } => ConstraintDoc::Table {
                    vars: rs(vars),
                    tuples: tuples.clone(),
                },
                Constraint::Forbidden { vars, tuples } => ConstraintDoc::Forbidden {
                    vars: rs(vars),
                    tuples: tuples.clone(),
                },
                Constraint::Linear {
                    terms,
                    rel,
                    rhs,
                    reif,
                } => {
                    let (terms, rel, rhs) = (ts(terms), RelDoc::from(*rel), *rhs);
                    match reif {
                        None => ConstraintDoc::Linear { terms, rel, rhs },
                        Some((b, Reif::Equiv)) => ConstraintDoc::LinearReif {
                            terms,
                            rel,
                            rhs,
                            b: r(b),
                        },
                        Some((b, Reif::Imp)) => ConstraintDoc::LinearImp {
                            terms,
                            rel,
                            rhs,
                            b: r(b),
                        },
                    }
                }
                Constraint::Clause { pos, neg } => ConstraintDoc::Clause {
                    pos: rs(pos),
                    neg: rs(neg),
                },
                Constraint::Element {
                    index,
                    base,
                    array,
                    result,
                } => ConstraintDoc::Element {
                    index: r(index),
                    base: *base,
                    array: rs(array),
                    result: r(result),
                },
                Constraint::ElementValues {
                    index,
                    base,
                    array,
                    result,
                } => ConstraintDoc::ElementValues {
                    index: r(index),
                    base: *base,
                    array: array.clone(),
                    result: r(result),
                },
                Constraint::Count {
                    vars,
                    value,
                    rel,
                    n,
                } => ConstraintDoc::Count {
                    vars: rs(vars),
                    value: r(value),
                    rel: (*rel).into(),
                    n: r(n),
                },
                Constraint::Gcc {
                    vars,
                    values,
                    counts,
                    closed,
                } => ConstraintDoc::GlobalCardinality {
                    vars: rs(vars),
                    values: values.clone(),
                    counts: rs(counts),
                    closed: *closed,
                },
                Constraint::Times(x, y, z) => ConstraintDoc::Times {
                    x: r(x),
                    y: r(y),
                    z: r(z),
                },
                Constraint::Div(x, y, z) => ConstraintDoc::Div {
                    x: r(x),
                    y: r(y),
                    z: r(z),
                },
                Constraint::Mod(x, y, z) => ConstraintDoc::Modulo {
                    x: r(x),
                    y: r(y),
                    z: r(z),
                },
                Constraint::Abs(x, z) => ConstraintDoc::Abs { x: r(x), z: r(z) },
                Constraint::Min(vars, z) => ConstraintDoc::Min {
                    vars: rs(vars),
                    z: r(z),
                },
                Constraint::Max(vars, z) => ConstraintDoc::Max {
                    vars: rs(vars),
                    z: r(z),
                },
            });
        }
        let objective = self.objective.map(|(v, sense)| match sense {
            Sense::Minimize => ObjectiveDoc::Minimize(r(&v)),
            Sense::Maximize => ObjectiveDoc::Maximize(r(&v)),
        });
        let doc = Document {
            variables,
            constraints,
            objective,
        };
        Ok(write_document(&doc))
    }
}

/// The document with one variable and one constraint per line.
fn write_document(doc: &Document) -> String {
    let mut out = String::from("{\n  \"variables\": [");
    for (k, v) in doc.variables.iter().enumerate() {
        out.push_str(if k == 0 { "\n    " } else { ",\n    " });
        out.push_str(&line(v));
    }
    out.push_str(if doc.variables.is_empty() {
        "],\n"
    } else {
        "\n  ],\n"
    });
    out.push_str("  \"constraints\": [");
    for (k, c) in doc.constraints.iter().enumerate() {
        out.push_str(if k == 0 { "\n    " } else { ",\n    " });
        out.push_str(&line(c));
    }
    out.push_str(if doc.constraints.is_empty() {
        "]"
    } else {
        "\n  ]"
    });
    if let Some(o) = &doc.objective {
        out.push_str(",\n  \"objective\": ");
        out.push_str(&line(o));
    }
    out.push_str("\n}\n");
    out
}

/// A record as one line of JSON.
fn line<T: Serialize>(value: &T) -> String {
    // Serialising these plain records cannot fail.
    serde_json::to_string(value).unwrap_or_default()
}

/// serde_json's message without its trailing ` at line L column C` (the
/// error says it first).
fn strip_location(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(k) => message[..k].to_string(),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use solver_core::Limits;

    use super::*;

    /// A model that uses every kind of constraint and of variable.
    fn every_kind() -> Model {
        let mut m = Model::new();
        let x = m.int_var("x", 0, 5).unwrap();
        let y = m.int_var("y", -2, 3).unwrap();
        let odd = m.var("odd", [1, 3, 5, 7]).unwrap();
        let wide = m.int_var("wide", 0, 1_000_000).unwrap();
        let b = m.bool_var("b").unwrap();
        let c = m.bool_var("c").unwrap();
        let (p, q, r) = (
            m.int_var("p", 1, 3).unwrap(),
            m.int_var("q", 1, 3).unwrap(),
            m.int_var("r", 1, 3).unwrap(),
        );
        m.exactly_once("row", &[p, q, r]).unwrap();
        m.at_most_once("amo", &[x, odd]).unwrap();
        m.sum_cage("cage", &[p, q], 4).unwrap();
        m.fix(r, 2).unwrap();
        m.all_different(&[x, y, x]).unwrap();
        m.table(&[x, y], &[vec![0, 1], vec![2, 3]]).unwrap();
        m.forbidden(&[x, odd], &[vec![1, 1]]).unwrap();
        m.linear(&[(1, x), (2, y)], Rel::Le, 7).unwrap();
        m.linear_reif(&[(3, x)], Rel::Ne, 3, b).unwrap();
        m.linear_imp(&[(-1, y)], Rel::Gt, -2, c).unwrap();
        m.clause(&[b], &[c]).unwrap();
        let three = m.constant(3);
        m.element(p, 1, &[x, y, three], odd).unwrap();
        m.element_values(q, 1, &[5, 6, 7], wide).unwrap();
        m.count(&[x, y, odd], three, Rel::Ge, p).unwrap();
        m.global_cardinality(&[x, y], &[0, 1], &[p, q], false)
            .unwrap();
        m.times(x, y, wide).unwrap();
        m.div(wide, p, x).unwrap();
        m.modulo(wide, q, y).unwrap();
        m.abs(y, x).unwrap();
        m.min(&[x, y], y).unwrap();
        m.max(&[p, q], r).unwrap();
        m.maximize(wide).unwrap();
        m
    }

    #[test]
    fn round_trip_keeps_every_constraint() {
        let m = every_kind();
        let text = m.to_json().unwrap();
        let again = Model::from_json(&text).unwrap();
        assert_eq!(again.to_json().unwrap(), text);
        // Written as the schema says, by an independent reading.
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let kinds: Vec<&str> = v["constraints"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["kind"].as_str().unwrap())
            .collect();
        for kind in [
            "exactly_once",
            "at_most_once",
            "sum_cage",
            "fix",
            "all_different",
            "table",
            "forbidden",
            "linear",
            "linear_reif",
            "linear_imp",
            "clause",
            "element",
            "element_values",
            "count",
            "global_cardinality",
            "times",
            "div",
            "modulo",
            "abs",
            "min",
            "max",
        ] {
            assert!(kinds.contains(&kind), "{kind} missing from {text}");
        }
        assert_eq!(
            v["variables"][2],
            serde_json::json!({"name": "odd", "domain": [1, 3, 5, 7]})
        );
        assert_eq!(
            v["variables"][3],
            serde_json::json!({"name": "wide", "range": [0, 1_000_000]})
        );
        assert_eq!(v["objective"], serde_json::json!({"maximize": "wide"}));
        // The constant 3 is written as a number, not declared.
        assert_eq!(v["variables"].as_array().unwrap().len(), 9);
        let element = v["constraints"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["kind"] == "element")
            .unwrap();
        assert_eq!(element["array"], serde_json::json!(["x", "y", 3]));
    }

    /// Latin squares of order n: 1, 2, 12, 576 (OEIS A002860).
    #[test]
    fn a_model_read_from_json_counts_right() {
        for (n, expected) in [(2u32, 2u128), (3, 12), (4, 576)] {
            let mut vars = Vec::new();
            let mut constraints = Vec::new();
            for r in 0..n {
                for c in 0..n {
                    vars.push(format!(r#"{{"name": "c{r}{c}", "range": [1, {n}]}}"#));
                }
                let row: Vec<String> = (0..n).map(|c| format!("\"c{r}{c}\"")).collect();
                let col: Vec<String> = (0..n).map(|c| format!("\"c{c}{r}\"")).collect();
                constraints.push(format!(
                    r#"{{"kind": "exactly_once", "vars": [{}]}}"#,
                    row.join(",")
                ));
                constraints.push(format!(
                    r#"{{"kind": "all_different", "vars": [{}]}}"#,
                    col.join(",")
                ));
            }
            let text = format!(
                r#"{{"variables": [{}], "constraints": [{}]}}"#,
                vars.join(","),
                constraints.join(",")
            );
            let m = Model::from_json(&text).unwrap();
            let count = m.compile().unwrap().solver().count(&Limits::none());
            assert_eq!(count.solutions, expected, "order {n}");
            let again = Model::from_json(&m.to_json().unwrap()).unwrap();
            let count = again.compile().unwrap().solver().count(&Limits::none());
            assert_eq!(count.solutions, expected, "order {n} after a round trip");
        }
    }

    fn error(text: &str) -> String {
        Model::from_json(text).unwrap_err().to_string()
    }

    #[test]
    fn syntax_errors_give_line_and_column() {
        let e = error("{\n  \"variables\": [\n    {\"name\": \"x\", \"range\": [1, 2]},\n  ]\n}");
        assert!(e.starts_with("line 4, column 3: "), "{e}");
        let e = error("{\"variables\": [{\"name\": \"x\", \"range\": [1, \"two\"]}]}");
        assert!(e.starts_with("line 1, column "), "{e}");
        assert!(e.contains("expected i64"), "{e}");
        let e = error("{\"variables\": [], \"constraints\": [{\"kind\": \"sudoku\"}]}");
        assert!(e.contains("unknown variant `sudoku`"), "{e}");
        assert!(e.contains("all_different"), "the kinds are listed: {e}");
        let e =
            error("{\"variables\": [], \"constraints\": [{\"kind\": \"fix\", \"var\": \"x\"}]}");
        assert!(e.contains("missing field `value`"), "{e}");
        let e = error("{\"variables\": [], \"constrains\": []}");
        assert!(e.contains("unknown field `constrains`"), "{e}");
        let e = error("[]");
        assert!(e.starts_with("line 1, column "), "{e}");
    }

    #[test]
    fn model_errors_give_the_json_path() {
        let vars =
            r#""variables": [{"name": "x", "range": [1, 3]}, {"name": "y", "range": [1, 3]}]"#;
        let e = error(&format!(
            r#"{{{vars}, "constraints": [{{"kind": "linear", "terms": [[1, "x"], [2, "z"]], "rel": "<=", "rhs": 3}}]}}"#
        ));
        assert_eq!(
            e,
            "constraints[0].terms[1][1]: unknown variable `z` (expected the name of a declared variable, or an integer)"
        );
        let e = error(&format!(
            r#"{{{vars}, "constraints": [{{"kind": "all_different", "vars": ["x", "y"]}}, {{"kind": "table", "vars": ["x", "y"], "tuples": [[1, 2], [3]]}}]}}"#
        ));
        assert_eq!(
            e,
            "constraints[1].tuples[1]: a tuple of 1 values for 2 variables (expected 2)"
        );
        let e = error(&format!(
            r#"{{{vars}, "constraints": [{{"kind": "fix", "var": "x", "value": 7}}]}}"#
        ));
        assert_eq!(e, "constraints[0]: 7 is not in the domain of x");
        let e = error(
            r#"{"variables": [{"name": "x", "range": [1, 3]}, {"name": "x", "range": [1, 3]}]}"#,
        );
        assert!(
            e.starts_with("variables[1].name: the name `x` is already taken"),
            "{e}"
        );
        let e = error(r#"{"variables": [{"name": "x", "range": [1, 3], "domain": [1]}]}"#);
        assert!(
            e.starts_with("variables[0]: variable `x`: expected exactly one of"),
            "{e}"
        );
        let e = error(r#"{"variables": [{"name": "x", "range": [3, 1]}]}"#);
        assert!(
            e.starts_with("variables[0].range: empty range [3, 1]"),
            "{e}"
        );
        let e = error(r#"{"variables": [{"name": "x", "domain": []}]}"#);
        assert!(e.starts_with("variables[0]: "), "{e}");
        let e = error(&format!(r#"{{{vars}, "objective": {{"minimize": "w"}}}}"#));
        assert!(
            e.starts_with("objective.minimize: unknown variable `w`"),
            "{e}"
        );
    }

    #[test]
    fn to_json_refuses_names_it_cannot_refer_to() {
        let mut m = Model::new();
        m.int_var("x", 1, 2).unwrap();
        m.int_var("x", 1, 2).unwrap();
        let e = m.to_json().unwrap_err().to_string();
        assert_eq!(
            e,
            "variables[1]: variables #0 and #1 are both named `x` (JSON refers to variables by name)"
        );
    }
}
