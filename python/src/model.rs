//! The `Model` class: a finite-domain constraint model over
//! [`cover_model::Model`], with variables as Python objects that build
//! linear expressions and constraints with operators.
//!
//! - `IntVar`: a variable (Booleans are integer variables over {0, 1}).
//! - `LinearExpr`: `sum(c * x) + constant`, made by `+`, `-`, `*` (by an
//!   integer) and `sum()` on variables and integers.
//! - `Constraint`: a comparison of two expressions (`<=`, `<`, `>=`, `>`,
//!   `==`, `!=`), taken by `Model.add`, optionally enforced only when a
//!   Boolean is true (`.only_if(b)`).
//! - `Solution`: the value of every variable, read by variable, by
//!   expression or by name.
//!
//! Every search compiles the model as it stands (the planner picks Dancing
//! Links or the propagation engine) and runs on a helper thread, so limits
//! and Ctrl-C work as in the rest of the package ([`crate::interrupt`]).

use std::collections::{BTreeMap, HashMap};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex, OnceLock};

use cover_model::{Compiled, Optimum, Rel, Value, Var, Verdict};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyKeyError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString};
use solver_core::{Found, Incomplete as Why, Limits, Outcome};

use crate::errors;
use crate::interrupt::{self, POLL};
use crate::limits::{call_limits, limit_arg};

/// Solutions a `solutions()` iterator computes ahead of the caller.
const AHEAD: usize = 64;

/// The most threads `count(threads=)` accepts (as the command's `-j`).
const MAX_THREADS: usize = 4096;

/// Tells the models apart, so that a variable of one is refused by another.
static NEXT_MODEL: AtomicU64 = AtomicU64::new(1);

/// One term `coef * var` of a linear expression, with the variable's name
/// for messages and `repr()`.
#[derive(Clone, Debug)]
struct Term {
    coef: Value,
    var: Var,
    name: Arc<str>,
}

/// `sum(terms) + constant`; `model` is the model of its variables (None
/// when it has none).
#[derive(Clone, Debug, Default)]
struct Expr {
    model: Option<u64>,
    terms: Vec<Term>,
    constant: Value,
}

fn overflow() -> PyErr {
    PyValueError::new_err("the expression's coefficients or constant overflow 64 bits")
}

impl Expr {
    fn constant(value: Value) -> Expr {
        Expr {
            constant: value,
            ..Expr::default()
        }
    }

    fn of_var(v: &IntVar) -> Expr {
        Expr {
            model: Some(v.model),
            terms: vec![Term {
                coef: 1,
                var: v.var,
                name: Arc::clone(&v.name),
            }],
            constant: 0,
        }
    }

    /// `self + k * other`.
    fn add_scaled(&self, other: &Expr, k: Value) -> PyResult<Expr> {
        let model = match (self.model, other.model) {
            (Some(a), Some(b)) if a != b => {
                return Err(PyValueError::new_err(
                    "an expression mixes variables of two different models",
                ))
            }
            (a, b) => a.or(b),
        };
        let mut terms = self.terms.clone();
        for t in &other.terms {
            terms.push(Term {
                coef: t.coef.checked_mul(k).ok_or_else(overflow)?,
                ..t.clone()
            });
        }
        let constant = other
            .constant
            .checked_mul(k)
            .and_then(|c| c.checked_add(self.constant))
            .ok_or_else(overflow)?;
        Expr {
            model,
            terms,
            constant,
        }
        .merged()
    }

    fn scaled(&self, k: Value) -> PyResult<Expr> {
        Expr {
            model: self.model,
            ..Expr::default()
        }
        .add_scaled(self, k)
    }

    /// The same expression with one term per variable (in the order of
    /// first appearance) and no zero coefficient.
    fn merged(mut self) -> PyResult<Expr> {
        let mut at: BTreeMap<Var, usize> = BTreeMap::new();
        let mut terms: Vec<Term> = Vec::with_capacity(self.terms.len());
        for t in self.terms.drain(..) {
            match at.get(&t.var) {
                Some(&k) => {
                    terms[k].coef = terms[k].coef.checked_add(t.coef).ok_or_else(overflow)?;
                }
                None => {
                    at.insert(t.var, terms.len());
                    terms.push(t);
                }
            }
        }
        terms.retain(|t| t.coef != 0);
        self.terms = terms;
        Ok(self)
    }

    /// The single variable this expression is, if it is one (`1 * x + 0`).
    fn as_var(&self) -> Option<Var> {
        match self.terms.as_slice() {
            [t] if t.coef == 1 && self.constant == 0 => Some(t.var),
            _ => None,
        }
    }

    fn pairs(&self) -> Vec<(Value, Var)> {
        self.terms.iter().map(|t| (t.coef, t.var)).collect()
    }

    /// Its value under `values` (indexed by variable number), None on
    /// overflow.
    fn eval(&self, values: &[Value]) -> Option<Value> {
        self.terms.iter().try_fold(self.constant, |acc, t| {
            t.coef
                .checked_mul(*values.get(t.var.index())?)
                .and_then(|x| acc.checked_add(x))
        })
    }

    fn text(&self) -> String {
        let mut s = String::new();
        for (k, t) in self.terms.iter().enumerate() {
            let (sign, c) = if t.coef < 0 {
                ("-", t.coef.unsigned_abs())
            } else {
                ("+", t.coef.unsigned_abs())
            };
            match (k, sign) {
                (0, "-") => s.push('-'),
                (0, _) => {}
                _ => {
                    s.push(' ');
                    s.push_str(sign);
                    s.push(' ');
                }
            }
            if c != 1 {
                s.push_str(&format!("{c} * "));
            }
            s.push_str(&t.name);
        }
        if self.terms.is_empty() {
            s = self.constant.to_string();
        } else if self.constant > 0 {
            s.push_str(&format!(" + {}", self.constant));
        } else if self.constant < 0 {
            s.push_str(&format!(" - {}", self.constant.unsigned_abs()));
        }
        s
    }
}

/// A Python integer as a [`Value`] (None when `obj` is not an int).
fn int_value(obj: &Bound<'_, PyAny>) -> PyResult<Option<Value>> {
    if !obj.is_instance_of::<PyInt>() {
        return Ok(None);
    }
    obj.extract::<Value>()
        .map(Some)
        .map_err(|_| PyValueError::new_err(format!("{obj} does not fit in 64 bits")))
}

/// `obj` as an expression: a variable, an expression or an int (None for
/// anything else, so that operators can return NotImplemented).
fn as_expr(obj: &Bound<'_, PyAny>) -> PyResult<Option<Expr>> {
    if let Ok(v) = obj.downcast::<IntVar>() {
        return Ok(Some(Expr::of_var(v.get())));
    }
    if let Ok(e) = obj.downcast::<LinearExpr>() {
        return Ok(Some(e.get().expr()?));
    }
    Ok(int_value(obj)?.map(Expr::constant))
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".into(), |n| n.to_string())
}

/// `a + k * b` as a Python object, or NotImplemented.
fn combine(
    py: Python<'_>,
    a: Expr,
    b: &Bound<'_, PyAny>,
    k: Value,
    swap: bool,
) -> PyResult<PyObject> {
    let Some(b) = as_expr(b)? else {
        return Ok(py.NotImplemented());
    };
    let e = if swap {
        // b - a (k = -1) or b + a.
        b.add_scaled(&a, k)?
    } else {
        a.add_scaled(&b, k)?
    };
    Ok(Py::new(py, LinearExpr::new(e))?.into_any())
}

fn multiply(py: Python<'_>, a: Expr, b: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    match int_value(b)? {
        Some(k) => Ok(Py::new(py, LinearExpr::new(a.scaled(k)?))?.into_any()),
        None if b.is_instance_of::<IntVar>() || b.is_instance_of::<LinearExpr>() => {
            Err(PyTypeError::new_err(
                "only multiplication by an integer is linear; for x * y use Model.add_multiplication_equality(z, x, y)",
            ))
        }
        None => Ok(py.NotImplemented()),
    }
}

fn rel_of(op: CompareOp) -> Rel {
    match op {
        CompareOp::Lt => Rel::Lt,
        CompareOp::Le => Rel::Le,
        CompareOp::Eq => Rel::Eq,
        CompareOp::Ne => Rel::Ne,
        CompareOp::Gt => Rel::Gt,
        CompareOp::Ge => Rel::Ge,
    }
}

fn rel_text(rel: Rel) -> &'static str {
    match rel {
        Rel::Lt => "<",
        Rel::Le => "<=",
        Rel::Eq => "==",
        Rel::Ne => "!=",
        Rel::Gt => ">",
        Rel::Ge => ">=",
    }
}

/// `a op b` as a Constraint, or NotImplemented.
fn compare(
    py: Python<'_>,
    a: Expr,
    b: &Bound<'_, PyAny>,
    op: CompareOp,
    a_var: Option<Var>,
) -> PyResult<PyObject> {
    let Some(other) = as_expr(b)? else {
        return Ok(py.NotImplemented());
    };
    // `x == y` between two variables also answers `in` and `list.index`
    // (Python asks for its truth): the same variable or not.
    let identity = match (a_var, b.downcast::<IntVar>()) {
        (Some(x), Ok(y)) if matches!(op, CompareOp::Eq | CompareOp::Ne) => {
            let same = x == y.get().var && a.model == Some(y.get().model);
            Some(same == matches!(op, CompareOp::Eq))
        }
        _ => None,
    };
    let text = format!("{} {} {}", a.text(), rel_text(rel_of(op)), other.text());
    let diff = a.add_scaled(&other, -1)?;
    let rhs = diff.constant.checked_neg().ok_or_else(overflow)?;
    Ok(Py::new(
        py,
        Constraint {
            model: diff.model,
            terms: diff.terms,
            rel: rel_of(op),
            rhs,
            enforce: None,
            identity,
            text,
        },
    )?
    .into_any())
}

/// An integer variable of a `Model` (a Boolean is one over {0, 1}).
///
/// Variables combine with `+`, `-`, `*` (by an integer) and `sum()` into a
/// `LinearExpr`; comparing them (`<=`, `<`, `>=`, `>`, `==`, `!=`) gives a
/// `Constraint` for `Model.add`.
#[pyclass(module = "dancing_links", frozen)]
pub struct IntVar {
    model: u64,
    var: Var,
    name: Arc<str>,
    lo: Value,
    hi: Value,
}

#[pymethods]
impl IntVar {
    /// The variable's name (given, or `_v<index>` when none was).
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// Its position in the model, from 0.
    #[getter]
    fn index(&self) -> usize {
        self.var.index()
    }

    /// The smallest value of its domain.
    #[getter]
    fn lo(&self) -> Value {
        self.lo
    }

    /// The largest value of its domain.
    #[getter]
    fn hi(&self) -> Value {
        self.hi
    }

    /// `(x <= 3).only_if(b)` reads better with `b` a Boolean: whether its
    /// domain is {0, 1}.
    #[getter]
    fn is_bool(&self) -> bool {
        (self.lo, self.hi) == (0, 1)
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        combine(py, Expr::of_var(self), other, 1, false)
    }
    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        combine(py, Expr::of_var(self), other, 1, false)
    }
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        combine(py, Expr::of_var(self), other, -1, false)
    }
    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        combine(py, Expr::of_var(self), other, -1, true)
    }
    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        multiply(py, Expr::of_var(self), other)
    }
    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        multiply(py, Expr::of_var(self), other)
    }
    fn __neg__(&self) -> PyResult<LinearExpr> {
        Ok(LinearExpr::new(Expr::of_var(self).scaled(-1)?))
    }
    fn __pos__(&self) -> LinearExpr {
        LinearExpr::new(Expr::of_var(self))
    }
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<PyObject> {
        compare(py, Expr::of_var(self), other, op, Some(self.var))
    }
    fn __hash__(&self) -> u64 {
        self.model.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ self.var.index() as u64
    }
    fn __repr__(&self) -> String {
        format!("IntVar({}, {}..{})", self.name, self.lo, self.hi)
    }
    fn __str__(&self) -> String {
        self.name.to_string()
    }
}

/// The terms of an expression as they were added (repeats not merged yet):
/// a prefix `..len` of a log that later expressions extend in place while
/// no other one has, so that `sum()` of n terms takes O(n), not O(n^2).
#[derive(Clone, Debug)]
struct Raw {
    model: Option<u64>,
    log: Arc<Mutex<Vec<Term>>>,
    len: usize,
    constant: Value,
}

impl Raw {
    fn of(e: &Expr) -> Raw {
        Raw {
            model: e.model,
            log: Arc::new(Mutex::new(e.terms.clone())),
            len: e.terms.len(),
            constant: e.constant,
        }
    }

    /// `self + k * other`: appended to the log when this expression is
    /// its latest (else onto a copy of its prefix).
    fn plus(&self, other: &Expr, k: Value) -> PyResult<Raw> {
        let model = match (self.model, other.model) {
            (Some(a), Some(b)) if a != b => {
                return Err(PyValueError::new_err(
                    "an expression mixes variables of two different models",
                ))
            }
            (a, b) => a.or(b),
        };
        let constant = other
            .constant
            .checked_mul(k)
            .and_then(|c| c.checked_add(self.constant))
            .ok_or_else(overflow)?;
        let mut added = Vec::with_capacity(other.terms.len());
        for t in &other.terms {
            added.push(Term {
                coef: t.coef.checked_mul(k).ok_or_else(overflow)?,
                ..t.clone()
            });
        }
        let mut log = self.log.lock().unwrap_or_else(|e| e.into_inner());
        let log = if log.len() == self.len {
            log.extend(added);
            Arc::clone(&self.log)
        } else {
            let mut copy = log[..self.len].to_vec();
            copy.extend(added);
            Arc::new(Mutex::new(copy))
        };
        let len = self.len + other.terms.len();
        Ok(Raw {
            model,
            log,
            len,
            constant,
        })
    }

    /// The expression with its repeats merged.
    fn merged(&self) -> PyResult<Expr> {
        let terms = self.log.lock().unwrap_or_else(|e| e.into_inner())[..self.len].to_vec();
        Expr {
            model: self.model,
            terms,
            constant: self.constant,
        }
        .merged()
    }
}

/// A linear expression `sum(c * x) + constant` over the variables of one
/// model, made with `+`, `-`, `*` (by an integer) and `sum()`.
#[pyclass(module = "dancing_links", frozen)]
pub struct LinearExpr {
    raw: Raw,
    /// The merged expression, made on first use.
    merged: OnceLock<Result<Expr, String>>,
}

impl LinearExpr {
    fn new(e: Expr) -> LinearExpr {
        let raw = Raw::of(&e);
        LinearExpr {
            raw,
            merged: OnceLock::from(Ok(e)),
        }
    }

    fn of_raw(raw: Raw) -> LinearExpr {
        LinearExpr {
            raw,
            merged: OnceLock::new(),
        }
    }

    /// The expression, one term per variable.
    fn expr(&self) -> PyResult<Expr> {
        self.merged
            .get_or_init(|| self.raw.merged().map_err(|e| e.to_string()))
            .clone()
            .map_err(PyValueError::new_err)
    }

    /// `self + k * other` (`other` an int, a variable or an expression),
    /// or NotImplemented.
    fn plus(&self, py: Python<'_>, other: &Bound<'_, PyAny>, k: Value) -> PyResult<PyObject> {
        let Some(b) = as_expr(other)? else {
            return Ok(py.NotImplemented());
        };
        Ok(Py::new(py, LinearExpr::of_raw(self.raw.plus(&b, k)?))?.into_any())
    }
}

#[pymethods]
impl LinearExpr {
    /// The terms as `(coefficient, variable name)` pairs, one per variable.
    #[getter]
    fn terms(&self) -> PyResult<Vec<(Value, String)>> {
        Ok(self
            .expr()?
            .terms
            .iter()
            .map(|t| (t.coef, t.name.to_string()))
            .collect())
    }

    /// The constant term.
    #[getter]
    fn constant(&self) -> Value {
        self.raw.constant
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.plus(py, other, 1)
    }
    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.plus(py, other, 1)
    }
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.plus(py, other, -1)
    }
    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        combine(py, self.expr()?, other, -1, true)
    }
    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        multiply(py, self.expr()?, other)
    }
    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        multiply(py, self.expr()?, other)
    }
    fn __neg__(&self) -> PyResult<LinearExpr> {
        Ok(LinearExpr::new(self.expr()?.scaled(-1)?))
    }
    fn __pos__(&self) -> LinearExpr {
        LinearExpr::of_raw(self.raw.clone())
    }
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<PyObject> {
        compare(py, self.expr()?, other, op, None)
    }
    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("LinearExpr({})", self.expr()?.text()))
    }
    fn __str__(&self) -> PyResult<String> {
        Ok(self.expr()?.text())
    }
}

/// A linear constraint `sum(c * x) rel rhs`, made by comparing expressions;
/// `Model.add` takes it. `c.only_if(b)` is the same constraint enforced only
/// when the Boolean `b` is 1.
#[pyclass(module = "dancing_links", frozen)]
pub struct Constraint {
    model: Option<u64>,
    terms: Vec<Term>,
    rel: Rel,
    rhs: Value,
    enforce: Option<(u64, Var, Arc<str>)>,
    identity: Option<bool>,
    text: String,
}

#[pymethods]
impl Constraint {
    /// The same constraint, enforced only when the Boolean variable `b` is
    /// 1 (`b -> constraint`; nothing is said when `b` is 0).
    fn only_if(&self, b: &Bound<'_, PyAny>) -> PyResult<Constraint> {
        let b = b.downcast::<IntVar>().map_err(|_| {
            PyTypeError::new_err(format!(
                "only_if: expected a Boolean variable, got {}",
                type_name(b)
            ))
        })?;
        let b = b.get();
        if !b.is_bool() {
            return Err(PyValueError::new_err(format!(
                "only_if: {} is not a Boolean variable (its domain is {}..{}, not 0..1)",
                b.name, b.lo, b.hi
            )));
        }
        if self.enforce.is_some() {
            return Err(PyValueError::new_err(format!(
                "only_if: `{}` is already enforced by a Boolean",
                self.text
            )));
        }
        if matches!(self.model, Some(m) if m != b.model) {
            return Err(PyValueError::new_err(
                "only_if: the Boolean belongs to another model than the constraint",
            ));
        }
        Ok(Constraint {
            model: self.model,
            terms: self.terms.clone(),
            rel: self.rel,
            rhs: self.rhs,
            enforce: Some((b.model, b.var, Arc::clone(&b.name))),
            identity: None,
            text: self.text.clone(),
        })
    }

    fn __bool__(&self) -> PyResult<bool> {
        self.identity.ok_or_else(|| {
            PyTypeError::new_err(format!(
                "the constraint `{}` has no truth value: pass it to Model.add \
                 (and write `1 <= x <= 3` as two constraints)",
                self.text
            ))
        })
    }

    fn __repr__(&self) -> String {
        match &self.enforce {
            Some((_, _, b)) => format!("Constraint({} if {b})", self.text),
            None => format!("Constraint({})", self.text),
        }
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// The value of every variable of a model in one solution: `sol[x]` for a
/// variable or an expression, `sol["name"]` by name (any other key by its
/// `str()`); it iterates over the names of the variables declared with
/// `int_var` / `bool_var` (or read from JSON), like a dict.
#[pyclass(module = "dancing_links", frozen)]
pub struct Solution {
    model: u64,
    values: Vec<Value>,
    names: Arc<Names>,
    objective: Option<Value>,
}

/// The names a model's solutions answer to.
#[derive(Debug, Default)]
struct Names {
    /// The declared variables, in order.
    declared: Vec<(String, Var)>,
    /// Every declared name.
    by_name: HashMap<String, Var>,
}

impl Solution {
    fn lookup(&self, key: &Bound<'_, PyAny>) -> PyResult<Option<Value>> {
        // A variable or an expression is evaluated; anything else (an int
        // too) is a name, by its str().
        if key.is_instance_of::<IntVar>() || key.is_instance_of::<LinearExpr>() {
            let e = as_expr(key)?.expect("a variable or an expression");
            if matches!(e.model, Some(m) if m != self.model) {
                return Err(PyValueError::new_err(
                    "this variable belongs to another model than the solution",
                ));
            }
            return e.eval(&self.values).map(Some).ok_or_else(overflow);
        }
        let name = key.str()?.to_str()?.to_owned();
        Ok(self
            .names
            .by_name
            .get(&name)
            .map(|v| self.values[v.index()]))
    }
}

#[pymethods]
impl Solution {
    fn __getitem__(&self, key: &Bound<'_, PyAny>) -> PyResult<Value> {
        self.lookup(key)?
            .ok_or_else(|| PyKeyError::new_err(key.clone().unbind()))
    }

    /// The value of `key` (a variable, an expression or a name), or
    /// `default` when there is no such name.
    #[pyo3(signature = (key, default = None))]
    fn get(
        &self,
        py: Python<'_>,
        key: &Bound<'_, PyAny>,
        default: Option<PyObject>,
    ) -> PyResult<PyObject> {
        Ok(match self.lookup(key)? {
            Some(v) => v.into_pyobject(py)?.into_any().unbind(),
            None => default.unwrap_or_else(|| py.None()),
        })
    }

    fn __contains__(&self, key: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.lookup(key)?.is_some())
    }

    fn __len__(&self) -> usize {
        self.names.declared.len()
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<PyObject> {
        Ok(PyList::new(py, self.keys())?
            .try_iter()?
            .into_any()
            .unbind())
    }

    /// The names of the declared variables, in order.
    fn keys(&self) -> Vec<String> {
        self.names.declared.iter().map(|(n, _)| n.clone()).collect()
    }

    /// Their values, in the same order.
    fn values(&self) -> Vec<Value> {
        self.names
            .declared
            .iter()
            .map(|(_, v)| self.values[v.index()])
            .collect()
    }

    /// `(name, value)` pairs, in order.
    fn items(&self) -> Vec<(String, Value)> {
        self.names
            .declared
            .iter()
            .map(|(n, v)| (n.clone(), self.values[v.index()]))
            .collect()
    }

    /// A dict from names to values.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (n, v) in self.items() {
            d.set_item(n, v)?;
        }
        Ok(d)
    }

    /// The objective's value when the model minimises or maximises, else
    /// None.
    #[getter]
    fn objective(&self) -> Option<Value> {
        self.objective
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.downcast::<Solution>() {
            Ok(o) => o.get().model == self.model && o.get().values == self.values,
            Err(_) => false,
        }
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.model.hash(&mut h);
        self.values.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        let pairs: Vec<String> = self
            .items()
            .into_iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        format!("Solution({})", pairs.join(" "))
    }
}

/// A finite-domain constraint model: integer and Boolean variables,
/// linear constraints written with operators, all-different, tables,
/// element, count, exactly-once groups and reified constraints, and an
/// optional objective.
///
/// >>> m = Model()
/// >>> x = m.int_var(0, 5, "x"); y = m.int_var(0, 5, "y")
/// >>> m.add(x + 2 * y == 7)
/// >>> m.add(x < y)
/// >>> sorted((s[x], s[y]) for s in m.solutions())
/// [(1, 3)]
///
/// Searches compile the model as it stands: pure exact-cover models
/// (exactly-once and at-most-once groups, fixed values) go to Dancing Links,
/// the rest to the propagation engine.
#[pyclass(module = "dancing_links", name = "Model")]
pub struct PyModel {
    id: u64,
    model: cover_model::Model,
    names: Arc<Names>,
    /// Constraints added, to name the next default group name.
    added: usize,
}

fn model_error(method: &str, e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("{method}: {e}"))
}

/// A value of `threads=`: None for one per core, else 1 to 4096.
fn threads_arg(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let Some(value) = threads.filter(|t| !t.is_none()) else {
        return Ok(None);
    };
    let bad = || {
        PyValueError::new_err(format!(
            "threads must be between 1 and {MAX_THREADS} (or None for one per core), got {value}"
        ))
    };
    if value.is_instance_of::<PyBool>() {
        return Err(bad());
    }
    match value.extract::<i64>() {
        Ok(n) if (1..=MAX_THREADS as i64).contains(&n) => Ok(Some(n as usize)),
        Ok(_) => Err(bad()),
        Err(_) if value.is_instance_of::<PyInt>() => Err(bad()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "threads must be an int or None, got {}",
            type_name(value)
        ))),
    }
}

impl PyModel {
    fn wrap(model: cover_model::Model, names: Names) -> PyModel {
        PyModel {
            id: NEXT_MODEL.fetch_add(1, Ordering::Relaxed),
            model,
            names: Arc::new(names),
            added: 0,
        }
    }

    fn names_mut(&mut self) -> &mut Names {
        // Solutions hold the names they were found with; a model that
        // grows gets its own copy.
        if Arc::get_mut(&mut self.names).is_none() {
            let copy = Names {
                declared: self.names.declared.clone(),
                by_name: self.names.by_name.clone(),
            };
            self.names = Arc::new(copy);
        }
        Arc::get_mut(&mut self.names).expect("just made unique")
    }

    fn intvar(&self, var: Var) -> IntVar {
        let (lo, hi) = self.model.bounds(var);
        IntVar {
            model: self.id,
            var,
            name: Arc::from(self.model.name(var)),
            lo,
            hi,
        }
    }

    /// A new variable with a name given (by its `str()`) or made up.
    fn declare(
        &mut self,
        method: &str,
        name: Option<&Bound<'_, PyAny>>,
        lo: Value,
        hi: Value,
    ) -> PyResult<IntVar> {
        let name = match name.filter(|n| !n.is_none()) {
            Some(n) => n.str()?.to_str()?.to_owned(),
            None => {
                let mut k = self.model.var_count();
                loop {
                    let made = format!("_v{k}");
                    if !self.names.by_name.contains_key(&made) {
                        break made;
                    }
                    k += 1;
                }
            }
        };
        if name.is_empty() {
            return Err(PyValueError::new_err(format!(
                "{method}: a variable name cannot be empty"
            )));
        }
        if self.names.by_name.contains_key(&name) {
            return Err(PyValueError::new_err(format!(
                "{method}: the name `{name}` is already taken by another variable"
            )));
        }
        if lo > hi {
            return Err(PyValueError::new_err(format!(
                "{method}: variable `{name}`: empty domain {lo}..{hi} (lo must be <= hi)"
            )));
        }
        let var = self
            .model
            .int_var(&name, lo, hi)
            .map_err(|e| model_error(method, e))?;
        let names = self.names_mut();
        names.declared.push((name.clone(), var));
        names.by_name.insert(name, var);
        Ok(self.intvar(var))
    }

    /// `obj` (argument `what` of `method`) as a variable of this model; an
    /// int becomes a constant, an expression a new variable equal to it.
    fn var_arg(&mut self, method: &str, what: &str, obj: &Bound<'_, PyAny>) -> PyResult<Var> {
        if let Ok(v) = obj.downcast::<IntVar>() {
            let v = v.get();
            if v.model != self.id {
                return Err(PyValueError::new_err(format!(
                    "{method}: {what} ({}) is a variable of another model",
                    v.name
                )));
            }
            return Ok(v.var);
        }
        if obj.is_instance_of::<PyBool>() {
            return Ok(self.model.constant(Value::from(obj.extract::<bool>()?)));
        }
        match as_expr(obj) {
            Ok(Some(e)) => self.expr_var(method, what, &e),
            Ok(None) => Err(PyTypeError::new_err(format!(
                "{method}: {what}: expected a variable, an expression or an int, got {}",
                type_name(obj)
            ))),
            Err(e) => Err(PyValueError::new_err(format!("{method}: {what}: {e}"))),
        }
    }

    /// A variable equal to `e`: itself when it is one, a constant when it
    /// has no variable, else a new variable over its range of values.
    fn expr_var(&mut self, method: &str, what: &str, e: &Expr) -> PyResult<Var> {
        if matches!(e.model, Some(m) if m != self.id) {
            return Err(PyValueError::new_err(format!(
                "{method}: {what} uses variables of another model"
            )));
        }
        if let Some(v) = e.as_var() {
            return Ok(v);
        }
        if e.terms.is_empty() {
            return Ok(self.model.constant(e.constant));
        }
        let (mut lo, mut hi) = (i128::from(e.constant), i128::from(e.constant));
        for t in &e.terms {
            let (dlo, dhi) = self.model.bounds(t.var);
            let (a, b) = (
                i128::from(t.coef) * i128::from(dlo),
                i128::from(t.coef) * i128::from(dhi),
            );
            lo += a.min(b);
            hi += a.max(b);
        }
        let (Ok(lo), Ok(hi)) = (Value::try_from(lo), Value::try_from(hi)) else {
            return Err(overflow());
        };
        // A helper variable's name is taken like a declared one's (so that
        // to_json can refer to it), but it is not listed among the declared.
        let mut k = self.model.var_count();
        let name = loop {
            let made = format!("_{}_{k}", what.replace(' ', "_"));
            if !self.names.by_name.contains_key(&made) {
                break made;
            }
            k += 1;
        };
        let aux = self
            .model
            .int_var(&name, lo, hi)
            .map_err(|err| model_error(method, format!("{what} `{}`: {err}", e.text())))?;
        self.names_mut().by_name.insert(name, aux);
        let mut terms = e.pairs();
        terms.push((-1, aux));
        let rhs = e.constant.checked_neg().ok_or_else(overflow)?;
        self.model
            .linear(&terms, Rel::Eq, rhs)
            .map_err(|err| model_error(method, format!("{what} `{}`: {err}", e.text())))?;
        Ok(aux)
    }

    /// The elements of `seq` (argument `what`) as variables.
    fn vars_arg(&mut self, method: &str, what: &str, seq: &Bound<'_, PyAny>) -> PyResult<Vec<Var>> {
        if seq.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(format!(
                "{method}: {what}: expected a list of variables, got a string"
            )));
        }
        let iter = seq.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "{method}: {what}: expected a list of variables, got {}",
                type_name(seq)
            ))
        })?;
        let mut vars = Vec::new();
        for (k, item) in iter.enumerate() {
            vars.push(self.var_arg(method, &format!("{what}[{k}]"), &item?)?);
        }
        Ok(vars)
    }

    /// Booleans (argument `what`): variables with domain {0, 1}.
    fn bools_arg(
        &mut self,
        method: &str,
        what: &str,
        seq: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Var>> {
        let vars = self.vars_arg(method, what, seq)?;
        for (k, &v) in vars.iter().enumerate() {
            self.check_bool(method, &format!("{what}[{k}]"), v)?;
        }
        Ok(vars)
    }

    fn check_bool(&self, method: &str, what: &str, v: Var) -> PyResult<()> {
        let (lo, hi) = self.model.bounds(v);
        if lo < 0 || hi > 1 {
            return Err(PyValueError::new_err(format!(
                "{method}: {what} ({}) is not a Boolean variable: its domain is {lo}..{hi}, not 0..1",
                self.model.name(v)
            )));
        }
        Ok(())
    }

    /// Integer tuples, each as long as `arity`.
    fn tuples_arg(
        method: &str,
        tuples: &Bound<'_, PyAny>,
        arity: usize,
    ) -> PyResult<Vec<Vec<Value>>> {
        let iter = tuples.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "{method}: tuples: expected a list of tuples of ints, got {}",
                type_name(tuples)
            ))
        })?;
        let mut out = Vec::new();
        for (k, t) in iter.enumerate() {
            let t = t?;
            let row: Vec<Value> = t
                .try_iter()
                .and_then(|it| it.map(|x| x?.extract::<Value>()).collect::<PyResult<_>>())
                .map_err(|_| {
                    PyValueError::new_err(format!(
                        "{method}: tuples[{k}]: expected a tuple of ints, got {}",
                        t.repr().map_or_else(|_| "?".into(), |r| r.to_string())
                    ))
                })?;
            if row.len() != arity {
                return Err(PyValueError::new_err(format!(
                    "{method}: tuples[{k}] has {} values for {arity} variables",
                    row.len()
                )));
            }
            out.push(row);
        }
        Ok(out)
    }

    fn default_name(&mut self, kind: &str, name: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        self.added += 1;
        match name.filter(|n| !n.is_none()) {
            Some(n) => Ok(n.str()?.to_str()?.to_owned()),
            None => Ok(format!("{kind} #{}", self.added)),
        }
    }

    /// Adds a linear constraint (maybe enforced by a Boolean).
    fn add_linear(&mut self, method: &str, c: &Constraint) -> PyResult<()> {
        if matches!(c.model, Some(m) if m != self.id) {
            return Err(PyValueError::new_err(format!(
                "{method}: `{}` uses variables of another model",
                c.text
            )));
        }
        let mut terms: Vec<(Value, Var)> = c.terms.iter().map(|t| (t.coef, t.var)).collect();
        let rhs = c.rhs;
        if terms.is_empty() {
            // A comparison of constants: true adds nothing; false (or
            // enforced) compares a constant 0 the same way.
            if c.enforce.is_none() && c.rel.holds(0, i128::from(c.rhs)) {
                return Ok(());
            }
            terms.push((1, self.model.constant(0)));
        }
        match &c.enforce {
            None => self.model.linear(&terms, c.rel, rhs),
            Some((model, b, name)) => {
                if *model != self.id {
                    return Err(PyValueError::new_err(format!(
                        "{method}: the Boolean {name} belongs to another model"
                    )));
                }
                self.model.linear_imp(&terms, c.rel, rhs, *b)
            }
        }
        .map_err(|e| model_error(method, format!("`{}`: {e}", c.text)))
    }

    fn constraint_arg<'a>(
        method: &str,
        what: &str,
        obj: &'a Bound<'_, PyAny>,
    ) -> PyResult<PyRef<'a, Constraint>> {
        let c = obj.downcast::<Constraint>().map_err(|_| {
            let hint = if obj.is_instance_of::<PyBool>() {
                " (a comparison of plain numbers, or of a variable with itself, gave a bool)"
            } else {
                ""
            };
            PyTypeError::new_err(format!(
                "{method}: {what}: expected a constraint such as `x + y <= 3`, got {}{hint}",
                type_name(obj)
            ))
        })?;
        Ok(c.borrow())
    }

    fn compiled(&self) -> PyResult<Arc<Compiled>> {
        self.model
            .compile()
            .map(Arc::new)
            .map_err(|e| model_error("compile", e))
    }
}

/// What a search needs of a model, taken under a short borrow: the search
/// runs on this (the model as it stood) with the borrow released, so the
/// model may be changed meanwhile (on another thread) without "Already
/// borrowed".
struct Snapshot {
    id: u64,
    names: Arc<Names>,
    /// The model as it stood, whose record checks every solution returned.
    model: cover_model::Model,
    compiled: Arc<Compiled>,
}

impl Snapshot {
    fn take(slf: &Bound<'_, PyModel>) -> PyResult<Snapshot> {
        let model = slf.try_borrow().map_err(|_| {
            PyRuntimeError::new_err("the model is being changed: search it when the change is done")
        })?;
        Ok(Snapshot {
            id: model.id,
            names: Arc::clone(&model.names),
            model: model.model.clone(),
            compiled: model.compiled()?,
        })
    }

    /// The solution as Python sees it, once it has passed the model's
    /// independent check (a RuntimeError naming an internal error if not).
    fn solution(&self, s: &cover_model::Solution, objective: Option<Value>) -> PyResult<Solution> {
        self.model
            .check_solution(s.values())
            .map_err(internal_error)?;
        Ok(Solution {
            model: self.id,
            values: s.values().to_vec(),
            names: Arc::clone(&self.names),
            objective,
        })
    }
}

#[pymethods]
impl PyModel {
    #[new]
    fn py_new() -> PyModel {
        PyModel::wrap(cover_model::Model::new(), Names::default())
    }

    /// int_var(lo, hi, name=None)
    ///
    /// A new integer variable taking a value of `lo..hi` (both included).
    /// The name may be any object (its `str()` is used) and must differ from
    /// every other variable's; without one the variable is called
    /// `_v<index>`.
    #[pyo3(signature = (lo, hi, name = None))]
    fn int_var(
        &mut self,
        lo: Value,
        hi: Value,
        name: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<IntVar> {
        self.declare("int_var", name, lo, hi)
    }

    /// bool_var(name=None)
    ///
    /// A new Boolean variable: an integer variable over {0, 1}.
    #[pyo3(signature = (name = None))]
    fn bool_var(&mut self, name: Option<&Bound<'_, PyAny>>) -> PyResult<IntVar> {
        self.declare("bool_var", name, 0, 1)
    }

    /// The variable called `name` (its `str()`); KeyError when there is
    /// none.
    fn var(&self, name: &Bound<'_, PyAny>) -> PyResult<IntVar> {
        let text = name.str()?.to_str()?.to_owned();
        match self.names.by_name.get(&text) {
            Some(&v) => Ok(self.intvar(v)),
            None => Err(PyKeyError::new_err(text)),
        }
    }

    /// The declared variables, in order (not the helper variables that
    /// expressions and constants add).
    fn variables(&self) -> Vec<IntVar> {
        self.names
            .declared
            .iter()
            .map(|(_, v)| self.intvar(*v))
            .collect()
    }

    /// add(constraint)
    ///
    /// Adds a constraint made by comparing expressions: `m.add(x + 2 * y <= 7)`,
    /// `m.add(x != y)`, `m.add((x <= 3).only_if(b))`.
    fn add(&mut self, constraint: &Bound<'_, PyAny>) -> PyResult<()> {
        let c = Self::constraint_arg("add", "constraint", constraint)?;
        self.add_linear("add", &c)
    }

    /// add_implication(b, constraint)
    ///
    /// `b -> constraint` for a Boolean variable `b`: the same as
    /// `add(constraint.only_if(b))`.
    fn add_implication(
        &mut self,
        b: &Bound<'_, PyAny>,
        constraint: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let c = Self::constraint_arg("add_implication", "constraint", constraint)?;
        let c = c
            .only_if(b)
            .map_err(|e| PyValueError::new_err(format!("add_implication: {e}")))?;
        self.add_linear("add_implication", &c)
    }

    /// add_equivalence(b, constraint)
    ///
    /// `b <-> constraint` for a Boolean variable `b`: `b` is 1 exactly when
    /// the (linear) constraint holds.
    fn add_equivalence(
        &mut self,
        b: &Bound<'_, PyAny>,
        constraint: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        const M: &str = "add_equivalence";
        let c = Self::constraint_arg(M, "constraint", constraint)?;
        if c.enforce.is_some() {
            return Err(PyValueError::new_err(format!(
                "{M}: `{}` is already enforced by a Boolean",
                c.text
            )));
        }
        if matches!(c.model, Some(m) if m != self.id) {
            return Err(PyValueError::new_err(format!(
                "{M}: `{}` uses variables of another model",
                c.text
            )));
        }
        let b = self.var_arg(M, "b", b)?;
        self.check_bool(M, "b", b)?;
        let mut terms = c.terms.iter().map(|t| (t.coef, t.var)).collect::<Vec<_>>();
        let (rel, rhs) = (c.rel, c.rhs);
        if terms.is_empty() {
            // b <-> (0 rel rhs): compare a constant 0 instead.
            terms.push((1, self.model.constant(0)));
        }
        self.model
            .linear_reif(&terms, rel, rhs, b)
            .map_err(|e| model_error(M, format!("`{}`: {e}", c.text)))
    }

    /// add_all_different(vars)
    ///
    /// No two of `vars` take the same value.
    fn add_all_different(&mut self, vars: &Bound<'_, PyAny>) -> PyResult<()> {
        let vars = self.vars_arg("add_all_different", "vars", vars)?;
        self.model
            .all_different(&vars)
            .map_err(|e| model_error("add_all_different", e))
    }

    /// add_exactly_once(vars, name=None)
    ///
    /// A group in which every value of the members' domains is taken by
    /// exactly one member (a Sudoku row: a permutation when there are as
    /// many members as values). Dancing Links takes it.
    #[pyo3(signature = (vars, name = None))]
    fn add_exactly_once(
        &mut self,
        vars: &Bound<'_, PyAny>,
        name: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let vars = self.vars_arg("add_exactly_once", "vars", vars)?;
        let name = self.default_name("exactly_once", name)?;
        self.model
            .exactly_once(&name, &vars)
            .map_err(|e| model_error("add_exactly_once", e))
    }

    /// add_at_most_once(vars, name=None)
    ///
    /// A group in which no value is taken twice. Dancing Links takes it.
    #[pyo3(signature = (vars, name = None))]
    fn add_at_most_once(
        &mut self,
        vars: &Bound<'_, PyAny>,
        name: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let vars = self.vars_arg("add_at_most_once", "vars", vars)?;
        let name = self.default_name("at_most_once", name)?;
        self.model
            .at_most_once(&name, &vars)
            .map_err(|e| model_error("add_at_most_once", e))
    }

    /// add_sum_cage(vars, total, name=None)
    ///
    /// A cage (killer Sudoku): the members take different values adding up
    /// to `total`. Dancing Links takes it.
    #[pyo3(signature = (vars, total, name = None))]
    fn add_sum_cage(
        &mut self,
        vars: &Bound<'_, PyAny>,
        total: Value,
        name: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let vars = self.vars_arg("add_sum_cage", "vars", vars)?;
        let name = self.default_name("sum_cage", name)?;
        self.model
            .sum_cage(&name, &vars, total)
            .map_err(|e| model_error("add_sum_cage", e))
    }

    /// fix(var, value)
    ///
    /// `var` takes `value` in every solution.
    fn fix(&mut self, var: &Bound<'_, PyAny>, value: Value) -> PyResult<()> {
        let var = self.var_arg("fix", "var", var)?;
        self.model
            .fix(var, value)
            .map_err(|e| model_error("fix", e))
    }

    /// add_exactly_one(bools)
    ///
    /// Exactly one of the Boolean variables is 1.
    fn add_exactly_one(&mut self, bools: &Bound<'_, PyAny>) -> PyResult<()> {
        let vars = self.bools_arg("add_exactly_one", "bools", bools)?;
        let terms: Vec<(Value, Var)> = vars.iter().map(|&v| (1, v)).collect();
        self.model
            .linear(&terms, Rel::Eq, 1)
            .map_err(|e| model_error("add_exactly_one", e))
    }

    /// add_at_most_one(bools)
    ///
    /// At most one of the Boolean variables is 1.
    fn add_at_most_one(&mut self, bools: &Bound<'_, PyAny>) -> PyResult<()> {
        let vars = self.bools_arg("add_at_most_one", "bools", bools)?;
        let terms: Vec<(Value, Var)> = vars.iter().map(|&v| (1, v)).collect();
        self.model
            .linear(&terms, Rel::Le, 1)
            .map_err(|e| model_error("add_at_most_one", e))
    }

    /// add_bool_or(bools, negated=())
    ///
    /// A clause: one of `bools` is 1 or one of `negated` is 0.
    #[pyo3(signature = (bools, negated = None))]
    fn add_bool_or(
        &mut self,
        bools: &Bound<'_, PyAny>,
        negated: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let pos = self.bools_arg("add_bool_or", "bools", bools)?;
        let neg = match negated {
            Some(n) => self.bools_arg("add_bool_or", "negated", n)?,
            None => Vec::new(),
        };
        self.model
            .clause(&pos, &neg)
            .map_err(|e| model_error("add_bool_or", e))
    }

    /// add_allowed_assignments(vars, tuples)
    ///
    /// `vars` take the values of one of `tuples` (a table constraint).
    fn add_allowed_assignments(
        &mut self,
        vars: &Bound<'_, PyAny>,
        tuples: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        const M: &str = "add_allowed_assignments";
        let vars = self.vars_arg(M, "vars", vars)?;
        let tuples = Self::tuples_arg(M, tuples, vars.len())?;
        self.model
            .table(&vars, &tuples)
            .map_err(|e| model_error(M, e))
    }

    /// add_forbidden_assignments(vars, tuples)
    ///
    /// `vars` take the values of none of `tuples`.
    fn add_forbidden_assignments(
        &mut self,
        vars: &Bound<'_, PyAny>,
        tuples: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        const M: &str = "add_forbidden_assignments";
        let vars = self.vars_arg(M, "vars", vars)?;
        let tuples = Self::tuples_arg(M, tuples, vars.len())?;
        self.model
            .forbidden(&vars, &tuples)
            .map_err(|e| model_error(M, e))
    }

    /// add_element(index, array, target, base=0)
    ///
    /// `target == array[index - base]`. `array` holds ints or variables;
    /// `index` and `target` are variables, expressions or ints.
    #[pyo3(signature = (index, array, target, base = 0))]
    fn add_element(
        &mut self,
        index: &Bound<'_, PyAny>,
        array: &Bound<'_, PyAny>,
        target: &Bound<'_, PyAny>,
        base: Value,
    ) -> PyResult<()> {
        const M: &str = "add_element";
        let index = self.var_arg(M, "index", index)?;
        let target = self.var_arg(M, "target", target)?;
        let items: Vec<Bound<'_, PyAny>> = array
            .try_iter()
            .map_err(|_| {
                PyTypeError::new_err(format!(
                    "{M}: array: expected a list of ints or variables, got {}",
                    type_name(array)
                ))
            })?
            .collect::<PyResult<_>>()?;
        let constants: Option<Vec<Value>> = items
            .iter()
            .map(|x| {
                if x.is_instance_of::<PyInt>() {
                    x.extract::<Value>().ok()
                } else {
                    None
                }
            })
            .collect();
        match constants {
            Some(values) => self
                .model
                .element_values(index, base, &values, target)
                .map_err(|e| model_error(M, e)),
            None => {
                let mut vars = Vec::with_capacity(items.len());
                for (k, x) in items.iter().enumerate() {
                    vars.push(self.var_arg(M, &format!("array[{k}]"), x)?);
                }
                self.model
                    .element(index, base, &vars, target)
                    .map_err(|e| model_error(M, e))
            }
        }
    }

    /// add_count(vars, value, count, rel="==")
    ///
    /// The number of `vars` equal to `value` compares to `count` by `rel`
    /// (one of `==`, `!=`, `<`, `<=`, `>`, `>=`); `value` and `count` are
    /// variables, expressions or ints.
    #[pyo3(signature = (vars, value, count, rel = "=="))]
    fn add_count(
        &mut self,
        vars: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
        count: &Bound<'_, PyAny>,
        rel: &str,
    ) -> PyResult<()> {
        const M: &str = "add_count";
        let rel = parse_rel(rel).ok_or_else(|| {
            PyValueError::new_err(format!(
                "{M}: rel: expected one of ==, !=, <, <=, >, >=, got {rel:?}"
            ))
        })?;
        let vars = self.vars_arg(M, "vars", vars)?;
        let value = self.var_arg(M, "value", value)?;
        let count = self.var_arg(M, "count", count)?;
        self.model
            .count(&vars, value, rel, count)
            .map_err(|e| model_error(M, e))
    }

    /// add_multiplication_equality(target, x, y)
    ///
    /// `target == x * y`.
    fn add_multiplication_equality(
        &mut self,
        target: &Bound<'_, PyAny>,
        x: &Bound<'_, PyAny>,
        y: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        const M: &str = "add_multiplication_equality";
        let z = self.var_arg(M, "target", target)?;
        let x = self.var_arg(M, "x", x)?;
        let y = self.var_arg(M, "y", y)?;
        self.model.times(x, y, z).map_err(|e| model_error(M, e))
    }

    /// minimize(expr)
    ///
    /// Makes `solve()` return a solution with the smallest value of `expr`
    /// (a variable or a linear expression; an expression becomes a helper
    /// variable equal to it). One objective per model.
    fn minimize(&mut self, expr: &Bound<'_, PyAny>) -> PyResult<()> {
        let v = self.var_arg("minimize", "objective", expr)?;
        self.model
            .minimize(v)
            .map_err(|e| model_error("minimize", e))
    }

    /// maximize(expr)
    ///
    /// Makes `solve()` return a solution with the largest value of `expr`.
    fn maximize(&mut self, expr: &Bound<'_, PyAny>) -> PyResult<()> {
        let v = self.var_arg("maximize", "objective", expr)?;
        self.model
            .maximize(v)
            .map_err(|e| model_error("maximize", e))
    }

    /// solve(*, timeout=None, max_nodes=None)
    ///
    /// One solution, or None when there is none. With an objective, an
    /// optimal solution (`sol.objective` holds its value). Raises Incomplete
    /// when `timeout` seconds or `max_nodes` stop the search first; when
    /// optimising, its attribute `best` holds the best solution found so
    /// far (or None). Ctrl-C raises KeyboardInterrupt.
    #[pyo3(signature = (*, timeout = None, max_nodes = None))]
    fn solve(
        slf: &Bound<'_, Self>,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Option<Solution>> {
        let call = call_limits(timeout, max_nodes, None)?;
        let snap = Snapshot::take(slf)?;
        let compiled = &snap.compiled;
        if compiled.objective().is_some() {
            let (optimum, _stats) = interrupt::run(py, &call.cancel, || {
                compiled.solver().optimize(&call.limits, &mut |_, _| {})
            })?;
            return match optimum {
                Optimum::Optimal(s, v) => Ok(Some(snap.solution(&s, Some(v))?)),
                Optimum::Unsatisfiable => Ok(None),
                Optimum::Incomplete { best, why } => {
                    let err = errors::incomplete(py, why, None);
                    let best = best.map(|(s, v)| snap.solution(&s, Some(v))).transpose()?;
                    let _ = err.value(py).setattr("best", best);
                    Err(err)
                }
            };
        }
        let (found, _stats) = interrupt::run(py, &call.cancel, || {
            compiled.solver().solve_one(&call.limits)
        })?;
        match found {
            Found::Solution(s) => Ok(Some(snap.solution(&s, None)?)),
            Found::NoSolution => Ok(None),
            Found::GaveUp(why) => Err(errors::incomplete(py, why, None)),
        }
    }

    /// count(limit=None, *, timeout=None, max_nodes=None, threads=None)
    ///
    /// The exact number of solutions (the objective, if any, is ignored),
    /// counting at most `limit` (then `min(count, limit)`). `threads`: 1 to
    /// 4096, default one per core (disjoint subtrees, the same count).
    /// Raises Incomplete (with the partial `count`) when `timeout` seconds
    /// or `max_nodes` stop it first; Ctrl-C raises KeyboardInterrupt.
    #[pyo3(signature = (limit = None, *, timeout = None, max_nodes = None, threads = None))]
    fn count(
        slf: &Bound<'_, Self>,
        py: Python<'_>,
        limit: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u128> {
        let threads = threads_arg(threads)?;
        let call = call_limits(timeout, max_nodes, limit_arg(limit)?)?;
        let compiled = Snapshot::take(slf)?.compiled;
        let limits = &call.limits;
        let count = match threads {
            Some(1) => interrupt::run(py, &call.cancel, || compiled.solver().count(limits))?,
            None => interrupt::run(py, &call.cancel, || compiled.par_count(limits))?,
            Some(n) => {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(errors::value_error)?;
                interrupt::run(py, &call.cancel, || {
                    pool.install(|| compiled.par_count(limits))
                })?
            }
        };
        errors::counted(py, count.solutions, count.outcome.incomplete)
    }

    /// is_unique(*, timeout=None, max_nodes=None)
    ///
    /// Whether the model has exactly one solution (False for none or
    /// several). Raises Incomplete when a limit stops the search first.
    #[pyo3(signature = (*, timeout = None, max_nodes = None))]
    fn is_unique(
        slf: &Bound<'_, Self>,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<bool> {
        let call = call_limits(timeout, max_nodes, None)?;
        let compiled = Snapshot::take(slf)?.compiled;
        let (verdict, _) =
            interrupt::run(py, &call.cancel, || compiled.solver().verdict(&call.limits))?;
        match verdict {
            Verdict::Unique(_) => Ok(true),
            Verdict::Multiple(..) | Verdict::Unsolvable => Ok(false),
            Verdict::Unknown(why) => Err(errors::incomplete(py, why, None)),
        }
    }

    /// solutions(limit=None, *, timeout=None, max_nodes=None)
    ///
    /// A lazy iterator over the solutions (the objective, if any, is
    /// ignored). The search runs on a helper thread, at most 64 solutions
    /// ahead of the caller. `limit` stops after that many; `timeout` (for
    /// the whole iteration) and `max_nodes` make the iterator raise
    /// Incomplete after the last solution found. Ctrl-C raises
    /// KeyboardInterrupt and ends it.
    #[pyo3(signature = (limit = None, *, timeout = None, max_nodes = None))]
    fn solutions(
        &self,
        limit: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<ModelSolutionIter> {
        let call = call_limits(timeout, max_nodes, limit_arg(limit)?)?;
        let compiled = self.compiled()?;
        let model = self.model.clone();
        let (tx, rx) = mpsc::sync_channel(AHEAD);
        let limits = call.limits;
        std::thread::Builder::new()
            .name("dancing-links-model-solutions".into())
            .spawn(move || produce(&model, &compiled, &limits, &tx))
            .map_err(errors::value_error)?;
        Ok(ModelSolutionIter {
            rx: Mutex::new(rx),
            cancel: call.cancel,
            model: self.id,
            names: Arc::clone(&self.names),
            done: false,
        })
    }

    /// The model in the JSON model format (docs/formats.md), which
    /// `Model.from_json` and `dlx count` / `dlx solve` read.
    fn to_json(&self) -> PyResult<String> {
        self.model.to_json().map_err(|e| model_error("to_json", e))
    }

    /// A model written in the JSON model format; its variables are found
    /// with `var(name)` and `variables()`. ValueError names the place
    /// (JSON path, or line and column) and what was expected.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyModel> {
        let model = cover_model::Model::from_json(text)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut names = Names::default();
        for var in model.variables() {
            if model.is_constant(var) {
                continue;
            }
            let name = model.name(var).to_owned();
            if !names.by_name.contains_key(&name) && !name.is_empty() {
                names.declared.push((name.clone(), var));
                names.by_name.insert(name, var);
            }
        }
        Ok(PyModel::wrap(model, names))
    }

    /// The number of variables, the helper ones included.
    #[getter]
    fn var_count(&self) -> usize {
        self.model.var_count()
    }

    /// The engine the planner picks for the model as it stands: "dlx"
    /// (Dancing Links) or "propagation".
    #[getter]
    fn engine(&self) -> PyResult<&'static str> {
        Ok(self.compiled()?.engine().as_str())
    }

    fn __repr__(&self) -> String {
        format!("Model({} variables)", self.model.var_count())
    }
}

fn parse_rel(text: &str) -> Option<Rel> {
    Some(match text {
        "==" | "=" => Rel::Eq,
        "!=" => Rel::Ne,
        "<" => Rel::Lt,
        "<=" => Rel::Le,
        ">" => Rel::Gt,
        ">=" => Rel::Ge,
        _ => return None,
    })
}

/// What the search thread sends.
enum Message {
    Solution(Vec<Value>),
    End(Outcome),
    /// A solution failed the model's independent check (an engine's bug).
    Faulty(cover_model::Violation),
}

/// The search thread: sends each solution once it has passed the model's
/// check, then the outcome; stops when the iterator is dropped (the channel
/// closes and the cancel flag is raised).
fn produce(
    model: &cover_model::Model,
    compiled: &Compiled,
    limits: &Limits,
    tx: &SyncSender<Message>,
) {
    let mut solver = compiled.solver();
    let check = model.solution_check();
    let outcome = solver.for_each_solution(limits, |s| {
        let message = match check.check(s.values()) {
            Ok(()) => Message::Solution(s.values().to_vec()),
            Err(violation) => {
                let _ = tx.send(Message::Faulty(violation));
                return ControlFlow::Break(());
            }
        };
        match tx.send(message) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    });
    let _ = tx.send(Message::End(outcome));
}

/// RuntimeError for a solution that failed the model's independent check.
fn internal_error(violation: cover_model::Violation) -> PyErr {
    PyRuntimeError::new_err(format!(
        "internal error: a solution failed the independent check: {violation}"
    ))
}

/// The lazy iterator returned by `Model.solutions()`.
#[pyclass(module = "dancing_links")]
pub struct ModelSolutionIter {
    rx: Mutex<Receiver<Message>>,
    cancel: Arc<AtomicBool>,
    model: u64,
    names: Arc<Names>,
    done: bool,
}

#[pymethods]
impl ModelSolutionIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Solution>> {
        if self.done {
            return Ok(None);
        }
        loop {
            let waiting = self.rx.get_mut().unwrap_or_else(|e| e.into_inner());
            match py.allow_threads(move || waiting.recv_timeout(POLL)) {
                Ok(Message::Solution(values)) => {
                    return Ok(Some(Solution {
                        model: self.model,
                        values,
                        names: Arc::clone(&self.names),
                        objective: None,
                    }))
                }
                Ok(Message::Faulty(violation)) => {
                    self.done = true;
                    return Err(internal_error(violation));
                }
                Ok(Message::End(outcome)) => {
                    self.done = true;
                    return match outcome.incomplete {
                        None | Some(Why::SolutionLimit) | Some(Why::Cancelled) => Ok(None),
                        Some(why) => {
                            Err(errors::incomplete(py, why, Some(outcome.stats.solutions)))
                        }
                    };
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(signal) = py.check_signals() {
                        self.cancel.store(true, Ordering::Relaxed);
                        self.done = true;
                        return Err(signal);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.done = true;
                    return Err(PyRuntimeError::new_err(
                        "internal error: the search thread stopped without an answer",
                    ));
                }
            }
        }
    }
}

impl Drop for ModelSolutionIter {
    fn drop(&mut self) {
        // Stops the search thread within 256 nodes even between solutions.
        self.cancel.store(true, Ordering::Relaxed);
    }
}
