//! From a parsed [`FlatZinc`] model to a [`cover_model::Model`], with what
//! the output protocol needs (the output variables and arrays).
//!
//! Every FlatZinc builtin on integers and Booleans that MiniZinc 2.6 emits
//! for our `mznlib` becomes one constraint of the model (or a few); floats
//! and set variables are refused with [`FznError::Unsupported`], naming what
//! and where. Search annotations are read and ignored.

use std::collections::HashMap;
use std::rc::Rc;

use cover_model::plan::EngineName;
use cover_model::{Model, ModelError, Rel, Value, Var};

use crate::parse::{BaseType, Constraint, Decl, Expr, FlatZinc, Goal, IntSet, ParseError, Pos};

/// The bounds given to a `var int` declared without a domain: every `i64`.
/// The engine computes every bound and check in `i128`, so no value is cut
/// off and nothing wraps.
pub const UNBOUNDED: (i64, i64) = (i64::MIN, i64::MAX);

/// Why a FlatZinc model cannot be solved here.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FznError {
    /// The text is not FlatZinc.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// A feature this solver does not have (floats, set variables, a
    /// predicate it does not know).
    #[error("{pos}: {what} is not supported by dancing-links{hint}")]
    Unsupported {
        /// Where.
        pos: Pos,
        /// What.
        what: String,
        /// A sentence that helps, starting with `: ` (or empty).
        hint: String,
    },
    /// Well-formed FlatZinc that makes no sense (an unknown name, a wrong
    /// argument, a domain too large).
    #[error("{pos}: {message}")]
    Invalid {
        /// Where.
        pos: Pos,
        /// What is wrong.
        message: String,
    },
    /// The model refused a constraint.
    #[error("{pos}: {context}: {source}")]
    Model {
        /// Where.
        pos: Pos,
        /// The constraint or declaration.
        context: String,
        /// The model's reason.
        source: ModelError,
    },
}

impl FznError {
    /// Where in the FlatZinc text.
    pub fn pos(&self) -> Pos {
        match self {
            FznError::Parse(e) => e.pos,
            FznError::Unsupported { pos, .. }
            | FznError::Invalid { pos, .. }
            | FznError::Model { pos, .. } => *pos,
        }
    }
}

/// The place in the MiniZinc model that line `line` of a FlatZinc `text`
/// came from, when MiniZinc wrote it (`minizinc --keep-paths` adds an
/// `mzn_path("file|line|column|...")` annotation to every item): `file,
/// line L, column C` of the outermost expression.
///
/// ```
/// use flatzinc::translate::model_place;
/// let fzn = "var 1.0..3.0: f:: mzn_path(\"/m/a.mzn|4|15|4|15|id|f;\");\n";
/// assert_eq!(model_place(fzn, 1).as_deref(), Some("/m/a.mzn, line 4, column 15"));
/// assert_eq!(model_place("var 1..3: x;\n", 1), None);
/// ```
pub fn model_place(text: &str, line: u32) -> Option<String> {
    let item = text
        .lines()
        .nth(usize::try_from(line).ok()?.checked_sub(1)?)?;
    let path = item.split("mzn_path(\"").nth(1)?;
    let mut parts = path.split('|');
    let file = parts.next().filter(|f| !f.is_empty())?;
    let l: u32 = parts.next()?.parse().ok()?;
    let c: u32 = parts.next()?.parse().ok()?;
    Some(format!("{file}, line {l}, column {c}"))
}

/// How a value prints: FlatZinc Booleans print as `true` / `false`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An integer.
    Int,
    /// A Boolean (0 or 1 in the model).
    Bool,
}

/// One item of the output: `name = value;` or
/// `name = arrayNd(index sets, [values]);`.
#[derive(Clone, Debug)]
pub enum Output {
    /// An `output_var`.
    Scalar {
        /// The FlatZinc name.
        name: String,
        /// Its variable in the model.
        var: Var,
        /// How it prints.
        kind: Kind,
    },
    /// An `output_array`.
    Array {
        /// The FlatZinc name.
        name: String,
        /// The index sets given by the annotation.
        dims: Vec<(i64, i64)>,
        /// The elements' variables, in order.
        vars: Vec<Var>,
        /// How they print.
        kind: Kind,
    },
}

/// Objective direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Least value.
    Minimize,
    /// Greatest value.
    Maximize,
}

/// A translated model.
#[derive(Debug)]
pub struct Translation {
    /// The model (with its objective when the solve item optimises).
    pub model: Model,
    /// What to print for each solution, in declaration order.
    pub outputs: Vec<Output>,
    /// The objective, if any.
    pub objective: Option<(Var, Direction)>,
    /// Set when translation already proved the model unsatisfiable (a
    /// constraint false on constants, an empty domain): where and why.
    pub unsat: Option<(Pos, String)>,
    /// How many FlatZinc constraints were read.
    pub constraints: usize,
}

/// A fixed set of integers: a range stays a range.
#[derive(Clone, Debug)]
enum SetVal {
    Range(i64, i64),
    /// Ascending, without repeats.
    Values(Vec<i64>),
}

impl SetVal {
    fn new(set: &IntSet) -> SetVal {
        match set {
            IntSet::Range(lo, hi) => SetVal::Range(*lo, *hi),
            IntSet::Values(values) => {
                let mut values = values.clone();
                values.sort_unstable();
                values.dedup();
                SetVal::Values(values)
            }
        }
    }

    fn contains(&self, v: i64) -> bool {
        match self {
            SetVal::Range(lo, hi) => *lo <= v && v <= *hi,
            SetVal::Values(values) => values.binary_search(&v).is_ok(),
        }
    }
}

#[derive(Clone, Debug)]
enum Val {
    Int(i64),
    Bool(bool),
    Set(Rc<SetVal>),
    Float,
    Var(Var),
    /// A variable plus a constant (an eliminated introduced variable).
    Offset(Var, i64),
    Array(Rc<Vec<Val>>),
}

/// Parses and translates FlatZinc text.
///
/// ```
/// let t = flatzinc::translate::translate_text(
///     "var 1..3: x :: output_var;\nvar 1..3: y;\nconstraint int_lt(x, y);\nsolve satisfy;\n",
/// )?;
/// assert_eq!(t.model.var_count(), 2);
/// assert_eq!(t.outputs.len(), 1);
/// # Ok::<(), flatzinc::translate::FznError>(())
/// ```
pub fn translate_text(text: &str) -> Result<Translation, FznError> {
    translate(&crate::parse::parse(text)?)
}

/// Translates a parsed model. Variables MiniZinc introduces as `y = x + c`
/// stay views of `x` (`linear`), which lets the model's planner send
/// all-different over shifted values (the diagonals of n-queens, Langford's
/// second positions) to Dancing Links as exact cover. When the model needs
/// the propagation engine anyway, those used only in all-different are
/// eliminated instead (`offset_candidates`), which that engine runs
/// faster.
pub fn translate(fzn: &FlatZinc) -> Result<Translation, FznError> {
    let plain = translate_with(fzn, HashMap::new())?;
    if plain.unsat.is_some() || plain.model.planned_engine() == EngineName::Dlx {
        return Ok(plain);
    }
    let offsets = offset_candidates(fzn);
    if offsets.is_empty() {
        return Ok(plain);
    }
    translate_with(fzn, offsets)
}

fn translate_with(
    fzn: &FlatZinc,
    offsets: HashMap<String, (String, i64, usize)>,
) -> Result<Translation, FznError> {
    let mut t = Translator {
        model: Model::new(),
        env: HashMap::new(),
        outputs: Vec::new(),
        unsat: None,
        fresh: 0,
        offsets,
        eliminated: std::collections::HashSet::new(),
    };
    for decl in &fzn.decls {
        t.decl(decl)?;
    }
    for (k, c) in fzn.constraints.iter().enumerate() {
        if t.unsat.is_some() {
            break;
        }
        if t.eliminated.contains(&k) {
            continue;
        }
        t.constraint(c)?;
    }
    let objective = match &fzn.solve.goal {
        Goal::Satisfy => None,
        Goal::Minimize(e) | Goal::Maximize(e) => {
            let direction = if matches!(fzn.solve.goal, Goal::Minimize(_)) {
                Direction::Minimize
            } else {
                Direction::Maximize
            };
            let v = t.resolve(e, fzn.solve.pos)?;
            let var = t.int_var(&v, fzn.solve.pos)?;
            let result = match direction {
                Direction::Minimize => t.model.minimize(var),
                Direction::Maximize => t.model.maximize(var),
            };
            result.map_err(|source| FznError::Model {
                pos: fzn.solve.pos,
                context: "the objective".into(),
                source,
            })?;
            Some((var, direction))
        }
    };
    Ok(Translation {
        model: t.model,
        outputs: t.outputs,
        objective,
        unsat: t.unsat,
        constraints: fzn.constraints.len(),
    })
}

struct Translator {
    model: Model,
    env: HashMap<String, Val>,
    outputs: Vec<Output>,
    unsat: Option<(Pos, String)>,
    fresh: u64,
    /// Variables defined as another plus a constant and used only in
    /// all-different constraints: name -> (base name, offset, defining
    /// constraint).
    offsets: HashMap<String, (String, i64, usize)>,
    /// The defining constraints of the offsets actually eliminated.
    eliminated: std::collections::HashSet<usize>,
}

/// The names an expression mentions.
fn names<'a>(e: &'a Expr, out: &mut Vec<&'a str>) {
    match e {
        Expr::Ident(n, _) | Expr::Access(n, _, _) => out.push(n),
        Expr::Array(items) | Expr::Call(_, items, _) => items.iter().for_each(|i| names(i, out)),
        _ => {}
    }
}

/// Finds the variables `y` that MiniZinc introduced as `y = x + c`
/// (`int_lin_eq([1, -1], [y, x], c) :: defines_var(y)`) and that appear
/// nowhere else than in `fzn_all_different_int` (directly or through
/// arrays used only there), and not in the output. All-different over
/// `x_i + c_i` (the diagonals of n-queens, Langford's second positions)
/// then becomes pairwise `x_i - x_j != c_j - c_i` on the base variables:
/// fewer variables, and measured 4x faster on 12-queens (see
/// docs/performance.md).
fn offset_candidates(fzn: &FlatZinc) -> HashMap<String, (String, i64, usize)> {
    let mut candidates: HashMap<String, (String, i64, usize)> = HashMap::new();
    for (k, c) in fzn.constraints.iter().enumerate() {
        if c.name != "int_lin_eq" || c.args.len() != 3 {
            continue;
        }
        let (Expr::Array(coefs), Expr::Array(xs), Expr::Int(rhs)) =
            (&c.args[0], &c.args[1], &c.args[2])
        else {
            continue;
        };
        let ([Expr::Int(a), Expr::Int(b)], [Expr::Ident(p, _), Expr::Ident(q, _)]) =
            (coefs.as_slice(), xs.as_slice())
        else {
            continue;
        };
        let defined = c.annotations.iter().find_map(|a| match a {
            Expr::Call(n, args, _) if n == "defines_var" => match args.as_slice() {
                [Expr::Ident(y, _)] => Some(y.as_str()),
                _ => None,
            },
            _ => None,
        });
        let Some(y) = defined else { continue };
        // a*p + b*q = rhs with {a, b} = {1, -1}.
        let found = match (*a, *b) {
            (1, -1) if y == p => rhs.checked_add(0).map(|r| (q, r)), // p = q + rhs
            (-1, 1) if y == p => rhs.checked_neg().map(|r| (q, r)),  // p = q - rhs
            (1, -1) if y == q => rhs.checked_neg().map(|r| (p, r)),  // q = p - rhs
            (-1, 1) if y == q => rhs.checked_add(0).map(|r| (p, r)), // q = p + rhs
            _ => None,
        };
        if let Some((base, offset)) = found {
            if base != y {
                candidates.insert(y.to_string(), (base.clone(), offset, k));
            }
        }
    }
    if candidates.is_empty() {
        return candidates;
    }
    // Every other use disqualifies, except inside all-different.
    let mut bad: std::collections::HashSet<&str> = std::collections::HashSet::new();
    let mut alldiff_arrays: std::collections::HashSet<&str> = std::collections::HashSet::new();
    for (k, c) in fzn.constraints.iter().enumerate() {
        if candidates.values().any(|&(_, _, d)| d == k) {
            // The defining constraint: its base variable stays a variable.
            continue;
        }
        if c.name == "fzn_all_different_int" {
            for a in &c.args {
                match a {
                    Expr::Ident(n, _) => {
                        alldiff_arrays.insert(n);
                    }
                    Expr::Array(_) => {}
                    other => names(other, &mut Vec::new()),
                }
            }
            continue;
        }
        let mut used = Vec::new();
        c.args.iter().for_each(|a| names(a, &mut used));
        bad.extend(used);
    }
    let mut used = Vec::new();
    match &fzn.solve.goal {
        Goal::Minimize(e) | Goal::Maximize(e) => names(e, &mut used),
        Goal::Satisfy => {}
    }
    bad.extend(used);
    for d in &fzn.decls {
        let mut used = Vec::new();
        if let Some(v) = &d.value {
            names(v, &mut used);
        }
        let array_ok = d.ty.array.is_some()
            && !bad.contains(d.name.as_str())
            && output_dims(&d.annotations, d.pos).ok().flatten().is_none()
            && alldiff_arrays.contains(d.name.as_str());
        let only_alldiff = d.ty.array.is_some()
            && alldiff_arrays.contains(d.name.as_str())
            && !bad.contains(d.name.as_str());
        if !(array_ok && only_alldiff) {
            bad.extend(used);
        }
        if has_annotation(&d.annotations, "output_var")
            || output_dims(&d.annotations, d.pos).ok().flatten().is_some()
        {
            bad.insert(d.name.as_str());
        }
    }
    let names_of_bases: std::collections::HashSet<String> =
        candidates.values().map(|(b, _, _)| b.clone()).collect();
    candidates.retain(|y, _| !bad.contains(y.as_str()) && !names_of_bases.contains(y));
    candidates
}

fn invalid<T>(pos: Pos, message: impl Into<String>) -> Result<T, FznError> {
    Err(FznError::Invalid {
        pos,
        message: message.into(),
    })
}

fn unsupported<T>(pos: Pos, what: impl Into<String>, hint: &str) -> Result<T, FznError> {
    Err(FznError::Unsupported {
        pos,
        what: what.into(),
        hint: hint.to_string(),
    })
}

const FLOAT_HINT: &str = ": it solves integer and Boolean models only";
const SET_HINT: &str =
    ": it solves integer and Boolean models only (a set of integers can be modelled as an array of Booleans)";

fn has_annotation(annotations: &[Expr], name: &str) -> bool {
    annotations.iter().any(|a| match a {
        Expr::Ident(n, _) => n == name,
        Expr::Call(n, _, _) => n == name,
        _ => false,
    })
}

fn output_dims(annotations: &[Expr], pos: Pos) -> Result<Option<Vec<(i64, i64)>>, FznError> {
    for a in annotations {
        if let Expr::Call(n, args, _) = a {
            if n == "output_array" {
                let Some(Expr::Array(sets)) = args.first() else {
                    return invalid(pos, "output_array needs an array of index sets");
                };
                let mut dims = Vec::new();
                for s in sets {
                    match s {
                        Expr::Set(IntSet::Range(lo, hi)) => dims.push((*lo, *hi)),
                        Expr::Set(IntSet::Values(v)) if v.is_empty() => dims.push((1, 0)),
                        _ => return invalid(pos, "output_array's index sets must be ranges"),
                    }
                }
                return Ok(Some(dims));
            }
        }
    }
    Ok(None)
}

impl Translator {
    fn fresh_name(&mut self, what: &str) -> String {
        self.fresh += 1;
        format!("_{what}{}", self.fresh)
    }

    fn set_unsat(&mut self, pos: Pos, why: impl Into<String>) {
        if self.unsat.is_none() {
            self.unsat = Some((pos, why.into()));
        }
    }

    fn model_err(pos: Pos, context: &str) -> impl FnOnce(ModelError) -> FznError + '_ {
        move |source| FznError::Model {
            pos,
            context: context.to_string(),
            source,
        }
    }

    fn lookup(&self, name: &str, pos: Pos) -> Result<Val, FznError> {
        match self.env.get(name) {
            Some(v) => Ok(v.clone()),
            None => invalid(pos, format!("unknown name `{name}`")),
        }
    }

    fn resolve(&mut self, e: &Expr, pos: Pos) -> Result<Val, FznError> {
        Ok(match e {
            Expr::Bool(b) => Val::Bool(*b),
            Expr::Int(i) => Val::Int(*i),
            Expr::Float(_) | Expr::FloatRange(..) => Val::Float,
            Expr::Set(s) => Val::Set(Rc::new(SetVal::new(s))),
            Expr::Str(_) => return invalid(pos, "a string is not a value"),
            Expr::Ident(name, p) => self.lookup(name, *p)?,
            Expr::Access(name, i, p) => match self.lookup(name, *p)? {
                Val::Array(items) => {
                    let k = i
                        .checked_sub(1)
                        .and_then(|k| usize::try_from(k).ok())
                        .filter(|&k| k < items.len());
                    match k {
                        Some(k) => items[k].clone(),
                        None => {
                            return invalid(
                                *p,
                                format!(
                                    "index {i} is outside {name}'s index set 1..{}",
                                    items.len()
                                ),
                            )
                        }
                    }
                }
                _ => return invalid(*p, format!("`{name}` is not an array")),
            },
            Expr::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    let v = self.resolve(item, pos)?;
                    if matches!(v, Val::Array(_)) {
                        return invalid(pos, "arrays do not nest in FlatZinc");
                    }
                    out.push(v);
                }
                Val::Array(Rc::new(out))
            }
            Expr::Call(name, _, p) => return invalid(*p, format!("`{name}(...)` is not a value")),
        })
    }

    fn decl(&mut self, d: &Decl) -> Result<(), FznError> {
        let pos = d.pos;
        if self.env.contains_key(&d.name) {
            return invalid(pos, format!("`{}` is declared twice", d.name));
        }
        if d.ty.base == BaseType::Float || d.ty.float_domain.is_some() {
            if d.ty.var {
                return unsupported(pos, format!("the float variable `{}`", d.name), FLOAT_HINT);
            }
            self.env.insert(d.name.clone(), Val::Float);
            return Ok(());
        }
        if d.ty.var && d.ty.base == BaseType::SetOfInt {
            return unsupported(pos, format!("the set variable `{}`", d.name), SET_HINT);
        }
        let kind = if d.ty.base == BaseType::Bool {
            Kind::Bool
        } else {
            Kind::Int
        };
        if !d.ty.var {
            let Some(value) = &d.value else {
                return invalid(pos, format!("parameter `{}` has no value", d.name));
            };
            let v = self.resolve(value, pos)?;
            self.env.insert(d.name.clone(), v);
            return Ok(());
        }
        let domain = d.ty.domain.as_ref().map(SetVal::new);
        let val = if d.ty.array.is_some() {
            let Some(value) = &d.value else {
                return invalid(pos, format!("array `{}` has no elements", d.name));
            };
            let v = self.resolve(value, pos)?;
            let Val::Array(items) = &v else {
                return invalid(pos, format!("array `{}` needs an array literal", d.name));
            };
            if let Some((lo, hi)) = d.ty.array {
                let n = if hi >= lo { (hi - lo + 1) as u128 } else { 0 };
                if n != items.len() as u128 {
                    return invalid(
                        pos,
                        format!(
                            "array `{}` has index set {lo}..{hi} but {} elements",
                            d.name,
                            items.len()
                        ),
                    );
                }
            }
            let mut vars = Vec::with_capacity(items.len());
            let mut new_items = Vec::with_capacity(items.len());
            let output = output_dims(&d.annotations, pos)?;
            for item in items.iter() {
                if matches!(item, Val::Offset(..)) && domain.is_none() && output.is_none() {
                    // Kept as it is for the all-different that uses it.
                    new_items.push(item.clone());
                    continue;
                }
                let var = self.int_var(item, pos)?;
                if let Some(domain) = &domain {
                    self.restrict(var, domain, pos, &d.name)?;
                }
                vars.push(var);
                new_items.push(Val::Var(var));
            }
            if let Some(dims) = output {
                self.outputs.push(Output::Array {
                    name: d.name.clone(),
                    dims,
                    vars,
                    kind,
                });
            }
            Val::Array(Rc::new(new_items))
        } else if let Some(offset) = self.offset_of(d, domain.as_ref()) {
            offset
        } else {
            let var = match &d.value {
                Some(value) => {
                    let v = self.resolve(value, pos)?;
                    let var = self.int_var(&v, pos)?;
                    if let Some(domain) = &domain {
                        self.restrict(var, domain, pos, &d.name)?;
                    }
                    var
                }
                None => match kind {
                    Kind::Bool => self
                        .model
                        .bool_var(&d.name)
                        .map_err(Self::model_err(pos, &d.name))?,
                    Kind::Int => {
                        let result = match domain {
                            None => self.model.int_var(&d.name, UNBOUNDED.0, UNBOUNDED.1),
                            Some(SetVal::Range(lo, hi)) if lo <= hi => {
                                self.model.int_var(&d.name, lo, hi)
                            }
                            Some(SetVal::Values(values)) if !values.is_empty() => {
                                self.model.var(&d.name, values)
                            }
                            Some(_) => {
                                self.set_unsat(pos, format!("`{}` has an empty domain", d.name));
                                Ok(self.model.constant(0))
                            }
                        };
                        result.map_err(Self::model_err(pos, &d.name))?
                    }
                },
            };
            if has_annotation(&d.annotations, "output_var") {
                self.outputs.push(Output::Scalar {
                    name: d.name.clone(),
                    var,
                    kind,
                });
            }
            Val::Var(var)
        };
        self.env.insert(d.name.clone(), val);
        Ok(())
    }

    /// Keeps `var` within `set` (`set_in`, or a variable declared as an
    /// alias of another with a narrower domain).
    fn restrict(&mut self, var: Var, set: &SetVal, pos: Pos, name: &str) -> Result<(), FznError> {
        let listed = self.model.domain(var).to_vec();
        if listed.is_empty() {
            // An interval variable: bounds for a range, a listed copy for
            // listed values.
            return match set {
                SetVal::Range(lo, hi) => {
                    let x = Val::Var(var);
                    let c = self.pseudo(pos, name);
                    self.linear(&[(1, x.clone())], Rel::Ge, *lo, None, &c)?;
                    self.linear(&[(1, x)], Rel::Le, *hi, None, &c)
                }
                SetVal::Values(values) => {
                    if values.is_empty() {
                        self.set_unsat(pos, format!("`{name}` has no value in its domain"));
                        return Ok(());
                    }
                    let fresh = self.fresh_name("in");
                    let copy = self
                        .model
                        .var(&fresh, values.iter().copied())
                        .map_err(Self::model_err(pos, name))?;
                    self.model
                        .linear(&[(1, var), (-1, copy)], Rel::Eq, 0)
                        .map_err(Self::model_err(pos, name))
                }
            };
        }
        if listed.iter().all(|&v| set.contains(v)) {
            return Ok(());
        }
        let keep: Vec<Vec<Value>> = listed
            .iter()
            .filter(|&&v| set.contains(v))
            .map(|&v| vec![v])
            .collect();
        if keep.is_empty() {
            self.set_unsat(pos, format!("`{name}` has no value in its domain"));
            return Ok(());
        }
        self.model
            .table(&[var], &keep)
            .map_err(Self::model_err(pos, name))
    }

    /// A stand-in constraint item for errors about a declaration.
    fn pseudo(&self, pos: Pos, name: &str) -> Constraint {
        Constraint {
            pos,
            name: name.to_string(),
            name_pos: pos,
            args: Vec::new(),
            annotations: Vec::new(),
        }
    }

    /// `y = x + c` for an introduced variable used only in all-different
    /// constraints, when `x` is declared and `x + c` stays within `y`'s
    /// declared domain (so that dropping `y`'s domain loses nothing).
    fn offset_of(&mut self, d: &Decl, domain: Option<&SetVal>) -> Option<Val> {
        if d.value.is_some() || !d.ty.var {
            return None;
        }
        let (base, offset, k) = self.offsets.get(&d.name)?.clone();
        let Some(Val::Var(x)) = self.env.get(&base).cloned() else {
            return None;
        };
        if let Some(domain) = domain {
            let listed = self.model.domain(x);
            let inside = if listed.is_empty() {
                let (lo, hi) = self.model.bounds(x);
                match (lo.checked_add(offset), hi.checked_add(offset), domain) {
                    (Some(lo), Some(hi), SetVal::Range(a, b)) => *a <= lo && hi <= *b,
                    _ => false,
                }
            } else {
                listed
                    .iter()
                    .all(|&v| v.checked_add(offset).is_some_and(|w| domain.contains(w)))
            };
            if !inside {
                return None;
            }
        }
        self.eliminated.insert(k);
        Some(Val::Offset(x, offset))
    }

    fn int_var(&mut self, v: &Val, pos: Pos) -> Result<Var, FznError> {
        match v {
            Val::Var(var) => Ok(*var),
            Val::Offset(x, offset) => {
                // Used where a variable is needed after all: make it one.
                let (x, offset) = (*x, *offset);
                let name = self.fresh_name("offset");
                let listed = self.model.domain(x).to_vec();
                let z = if listed.is_empty() {
                    let (lo, hi) = self.model.bounds(x);
                    self.model
                        .int_var(&name, lo.saturating_add(offset), hi.saturating_add(offset))
                } else {
                    self.model
                        .var(&name, listed.iter().map(|v| v.saturating_add(offset)))
                };
                let z = z.map_err(Self::model_err(pos, "an offset variable"))?;
                self.model
                    .linear(&[(1, z), (-1, x)], Rel::Eq, offset)
                    .map_err(Self::model_err(pos, "an offset variable"))?;
                Ok(z)
            }
            Val::Int(i) => Ok(self.model.constant(*i)),
            Val::Bool(b) => Ok(self.model.constant(Value::from(*b))),
            Val::Float => unsupported(pos, "a float value", FLOAT_HINT),
            Val::Set(_) => invalid(pos, "expected an integer or a variable, found a set"),
            Val::Array(_) => invalid(pos, "expected an integer or a variable, found an array"),
        }
    }

    fn items(v: &Val, pos: Pos) -> Result<Rc<Vec<Val>>, FznError> {
        match v {
            Val::Array(items) => Ok(Rc::clone(items)),
            _ => invalid(pos, "expected an array"),
        }
    }

    fn int_vars(&mut self, v: &Val, pos: Pos) -> Result<Vec<Var>, FznError> {
        let items = Self::items(v, pos)?;
        items.iter().map(|i| self.int_var(i, pos)).collect()
    }

    fn par_int(v: &Val, pos: Pos) -> Result<i64, FznError> {
        match v {
            Val::Int(i) => Ok(*i),
            Val::Bool(b) => Ok(i64::from(*b)),
            Val::Float => unsupported(pos, "a float value", FLOAT_HINT),
            _ => invalid(pos, "expected a fixed integer"),
        }
    }

    fn par_ints(v: &Val, pos: Pos) -> Result<Vec<i64>, FznError> {
        Self::items(v, pos)?
            .iter()
            .map(|i| Self::par_int(i, pos))
            .collect()
    }

    fn par_set(v: &Val, pos: Pos) -> Result<Rc<SetVal>, FznError> {
        match v {
            Val::Set(s) => Ok(Rc::clone(s)),
            _ => invalid(pos, "expected a fixed set of integers"),
        }
    }

    /// Whether the value is known: a constant or a variable with one value.
    fn fixed(&self, v: &Val) -> Option<i64> {
        match v {
            Val::Int(i) => Some(*i),
            Val::Bool(b) => Some(i64::from(*b)),
            Val::Var(var) => match self.model.domain(*var) {
                [only] => Some(*only),
                _ => None,
            },
            Val::Offset(var, offset) => match self.model.domain(*var) {
                [only] => only.checked_add(*offset),
                _ => None,
            },
            _ => None,
        }
    }

    fn args(c: &Constraint, n: usize) -> Result<&[Expr], FznError> {
        if c.args.len() != n {
            return invalid(
                c.name_pos,
                format!("{} takes {n} arguments, found {}", c.name, c.args.len()),
            );
        }
        Ok(&c.args)
    }

    /// `sum(terms) rel rhs`, with constants folded into `rhs` and repeated
    /// variables merged; `reif`: `Some((b, imp))` for `b <-> ...` (or
    /// `b -> ...` when `imp`).
    fn linear(
        &mut self,
        terms: &[(i64, Val)],
        rel: Rel,
        rhs: i64,
        reif: Option<(Var, bool)>,
        c: &Constraint,
    ) -> Result<(), FznError> {
        let pos = c.name_pos;
        let overflow = || FznError::Invalid {
            pos,
            message: format!("{}: the coefficients overflow 64 bits", c.name),
        };
        let mut rhs = rhs;
        let mut merged: Vec<(i64, Var)> = Vec::with_capacity(terms.len());
        let mut index: HashMap<Var, usize> = HashMap::new();
        for (coef, v) in terms {
            if *coef == 0 {
                continue;
            }
            if let Some(k) = self.fixed(v) {
                if let Some(r) = coef.checked_mul(k).and_then(|p| rhs.checked_sub(p)) {
                    rhs = r;
                    continue;
                }
                // Folding it would pass the i64 range: the constant stays
                // a term (the engine sums in i128).
            }
            let var = self.int_var(v, pos)?;
            match index.get(&var) {
                Some(&at) => merged[at].0 = merged[at].0.checked_add(*coef).ok_or_else(overflow)?,
                None => {
                    index.insert(var, merged.len());
                    merged.push((*coef, var));
                }
            }
        }
        merged.retain(|(coef, _)| *coef != 0);
        if merged.is_empty() {
            let holds = match rel {
                Rel::Eq => 0 == rhs,
                Rel::Ne => 0 != rhs,
                Rel::Lt => 0 < rhs,
                Rel::Le => 0 <= rhs,
                Rel::Gt => 0 > rhs,
                Rel::Ge => 0 >= rhs,
            };
            return match reif {
                None if holds => Ok(()),
                None => {
                    self.set_unsat(pos, format!("{} is false", c.name));
                    Ok(())
                }
                Some((_, true)) if holds => Ok(()),
                Some((b, _)) => self.fix_bool(b, holds, c),
            };
        }
        let result = match reif {
            None => self.model.linear(&merged, rel, rhs),
            Some((b, false)) => self.model.linear_reif(&merged, rel, rhs, b),
            Some((b, true)) => self.model.linear_imp(&merged, rel, rhs, b),
        };
        result.map_err(Self::model_err(pos, &c.name))
    }

    fn fix_bool(&mut self, b: Var, value: bool, c: &Constraint) -> Result<(), FznError> {
        let value = Value::from(value);
        if !self.model.contains(b, value) {
            self.set_unsat(c.name_pos, format!("{} is false", c.name));
            return Ok(());
        }
        self.model
            .linear(&[(1, b)], Rel::Eq, value)
            .map_err(Self::model_err(c.name_pos, &c.name))
    }

    fn clause(&mut self, pos: &[Val], neg: &[Val], c: &Constraint) -> Result<(), FznError> {
        let mut p = Vec::new();
        let mut n = Vec::new();
        for v in pos {
            match self.fixed(v) {
                Some(0) => {}
                Some(_) => return Ok(()),
                None => {
                    let var = self.int_var(v, c.name_pos)?;
                    if !p.contains(&var) {
                        p.push(var);
                    }
                }
            }
        }
        for v in neg {
            match self.fixed(v) {
                Some(0) => return Ok(()),
                Some(_) => {}
                None => {
                    let var = self.int_var(v, c.name_pos)?;
                    if p.contains(&var) {
                        return Ok(());
                    }
                    if !n.contains(&var) {
                        n.push(var);
                    }
                }
            }
        }
        if p.is_empty() && n.is_empty() {
            self.set_unsat(c.name_pos, format!("{} is false", c.name));
            return Ok(());
        }
        self.model
            .clause(&p, &n)
            .map_err(Self::model_err(c.name_pos, &c.name))
    }

    fn constraint(&mut self, c: &Constraint) -> Result<(), FznError> {
        let pos = c.name_pos;
        let name = c.name.as_str();
        if name.starts_with("float_") || name.contains("_float_") {
            return unsupported(pos, format!("the float constraint `{name}`"), FLOAT_HINT);
        }
        if (name.starts_with("set_") && !matches!(name, "set_in" | "set_in_reif" | "set_in_imp"))
            || name.contains("_set_")
        {
            return unsupported(pos, format!("the set constraint `{name}`"), SET_HINT);
        }
        let args: Vec<Val> = c
            .args
            .iter()
            .map(|e| self.resolve(e, pos))
            .collect::<Result<_, _>>()?;
        let (base, suffix) = if let Some(b) = name.strip_suffix("_reif") {
            (b, Some(false))
        } else if let Some(b) = name.strip_suffix("_imp") {
            (b, Some(true))
        } else {
            (name, None)
        };
        let rel_of = |s: &str| match s {
            "eq" => Some(Rel::Eq),
            "ne" => Some(Rel::Ne),
            "lt" => Some(Rel::Lt),
            "le" => Some(Rel::Le),
            "gt" => Some(Rel::Gt),
            "ge" => Some(Rel::Ge),
            _ => None,
        };
        // int_eq, int_le, ..., bool_eq, bool_le, ... with _reif / _imp.
        for prefix in ["int_", "bool_"] {
            if let Some(rel) = base.strip_prefix(prefix).and_then(rel_of) {
                let n = if suffix.is_some() { 3 } else { 2 };
                Self::args(c, n)?;
                let reif = match suffix {
                    Some(imp) => Some((self.int_var(&args[2], pos)?, imp)),
                    None => None,
                };
                return self.linear(
                    &[(1, args[0].clone()), (-1, args[1].clone())],
                    rel,
                    0,
                    reif,
                    c,
                );
            }
        }
        // int_lin_eq, ..., bool_lin_eq, bool_lin_le (+ _reif / _imp).
        for prefix in ["int_lin_", "bool_lin_"] {
            if let Some(rel) = base.strip_prefix(prefix).and_then(rel_of) {
                let n = if suffix.is_some() { 4 } else { 3 };
                Self::args(c, n)?;
                let coefs = Self::par_ints(&args[0], pos)?;
                let xs = Self::items(&args[1], pos)?;
                if coefs.len() != xs.len() {
                    return invalid(
                        pos,
                        format!(
                            "{name}: {} coefficients for {} variables",
                            coefs.len(),
                            xs.len()
                        ),
                    );
                }
                let mut terms: Vec<(i64, Val)> =
                    coefs.into_iter().zip(xs.iter().cloned()).collect();
                // bool_lin_eq(as, bs, c) has a variable right-hand side.
                let rhs = match self.fixed(&args[2]) {
                    Some(k) => k,
                    None => {
                        terms.push((-1, args[2].clone()));
                        0
                    }
                };
                let reif = match suffix {
                    Some(imp) => Some((self.int_var(&args[3], pos)?, imp)),
                    None => None,
                };
                return self.linear(&terms, rel, rhs, reif, c);
            }
        }
        match name {
            "int_plus" | "int_minus" => {
                Self::args(c, 3)?;
                let s = if name == "int_plus" { 1 } else { -1 };
                self.linear(
                    &[
                        (1, args[0].clone()),
                        (s, args[1].clone()),
                        (-1, args[2].clone()),
                    ],
                    Rel::Eq,
                    0,
                    None,
                    c,
                )
            }
            "int_negate" => {
                Self::args(c, 2)?;
                self.linear(
                    &[(1, args[0].clone()), (1, args[1].clone())],
                    Rel::Eq,
                    0,
                    None,
                    c,
                )
            }
            "int_times" | "int_div" | "int_mod" => {
                Self::args(c, 3)?;
                let x = self.int_var(&args[0], pos)?;
                let y = self.int_var(&args[1], pos)?;
                let z = self.int_var(&args[2], pos)?;
                let r = match name {
                    "int_times" => self.model.times(x, y, z),
                    "int_div" => self.model.div(x, y, z),
                    _ => self.model.modulo(x, y, z),
                };
                r.map_err(Self::model_err(pos, name))
            }
            "int_abs" => {
                Self::args(c, 2)?;
                let x = self.int_var(&args[0], pos)?;
                let z = self.int_var(&args[1], pos)?;
                self.model.abs(x, z).map_err(Self::model_err(pos, name))
            }
            "int_min" | "int_max" => {
                Self::args(c, 3)?;
                let x = self.int_var(&args[0], pos)?;
                let y = self.int_var(&args[1], pos)?;
                let z = self.int_var(&args[2], pos)?;
                let r = if name == "int_min" {
                    self.model.min(&[x, y], z)
                } else {
                    self.model.max(&[x, y], z)
                };
                r.map_err(Self::model_err(pos, name))
            }
            "array_int_minimum" | "array_int_maximum" => {
                Self::args(c, 2)?;
                let z = self.int_var(&args[0], pos)?;
                let xs = self.int_vars(&args[1], pos)?;
                let r = if name == "array_int_minimum" {
                    self.model.min(&xs, z)
                } else {
                    self.model.max(&xs, z)
                };
                r.map_err(Self::model_err(pos, name))
            }
            "array_int_element" | "array_bool_element" => {
                Self::args(c, 3)?;
                let index = self.int_var(&args[0], pos)?;
                let values = Self::par_ints(&args[1], pos)?;
                let result = self.int_var(&args[2], pos)?;
                self.model
                    .element_values(index, 1, &values, result)
                    .map_err(Self::model_err(pos, name))
            }
            "array_var_int_element" | "array_var_bool_element" => {
                Self::args(c, 3)?;
                let index = self.int_var(&args[0], pos)?;
                let items = Self::items(&args[1], pos)?;
                let result = self.int_var(&args[2], pos)?;
                if let Some(values) = items
                    .iter()
                    .map(|v| self.fixed(v))
                    .collect::<Option<Vec<i64>>>()
                {
                    return self
                        .model
                        .element_values(index, 1, &values, result)
                        .map_err(Self::model_err(pos, name));
                }
                let vars = self.int_vars(&args[1], pos)?;
                self.model
                    .element(index, 1, &vars, result)
                    .map_err(Self::model_err(pos, name))
            }
            "bool2int" => {
                Self::args(c, 2)?;
                self.linear(
                    &[(1, args[0].clone()), (-1, args[1].clone())],
                    Rel::Eq,
                    0,
                    None,
                    c,
                )
            }
            "bool_not" => {
                Self::args(c, 2)?;
                self.linear(
                    &[(1, args[0].clone()), (1, args[1].clone())],
                    Rel::Eq,
                    1,
                    None,
                    c,
                )
            }
            "bool_xor" if args.len() == 2 => self.linear(
                &[(1, args[0].clone()), (1, args[1].clone())],
                Rel::Eq,
                1,
                None,
                c,
            ),
            "bool_xor" | "bool_xor_reif" | "bool_xor_imp" => {
                Self::args(c, 3)?;
                let b = self.int_var(&args[2], pos)?;
                self.linear(
                    &[(1, args[0].clone()), (-1, args[1].clone())],
                    Rel::Ne,
                    0,
                    Some((b, name == "bool_xor_imp")),
                    c,
                )
            }
            "bool_and" | "bool_or" | "bool_and_reif" | "bool_or_reif" => {
                Self::args(c, 3)?;
                let xs = Val::Array(Rc::new(vec![args[0].clone(), args[1].clone()]));
                let r = args[2].clone();
                if base.starts_with("bool_and") {
                    self.and_reif(&xs, &r, c)
                } else {
                    self.or_reif(&xs, &r, c)
                }
            }
            "array_bool_and" | "array_bool_and_reif" => {
                Self::args(c, 2)?;
                self.and_reif(&args[0], &args[1], c)
            }
            "array_bool_or" | "array_bool_or_reif" => {
                Self::args(c, 2)?;
                self.or_reif(&args[0], &args[1], c)
            }
            "array_bool_and_imp" => {
                // r -> all xs.
                Self::args(c, 2)?;
                let xs = Self::items(&args[0], pos)?;
                for x in xs.iter() {
                    self.clause(std::slice::from_ref(x), std::slice::from_ref(&args[1]), c)?;
                }
                Ok(())
            }
            "array_bool_or_imp" => {
                Self::args(c, 2)?;
                let xs = Self::items(&args[0], pos)?;
                self.clause(&xs, std::slice::from_ref(&args[1]), c)
            }
            "array_bool_xor" => {
                Self::args(c, 1)?;
                let xs = Self::items(&args[0], pos)?;
                self.xor_chain(&xs, c)
            }
            "bool_clause" => {
                Self::args(c, 2)?;
                let p = Self::items(&args[0], pos)?;
                let n = Self::items(&args[1], pos)?;
                self.clause(&p, &n, c)
            }
            "bool_clause_reif" => {
                // r <-> (or(p) or or(not n)): n are negated literals.
                Self::args(c, 3)?;
                let p = Self::items(&args[0], pos)?;
                let n = Self::items(&args[1], pos)?;
                let r = args[2].clone();
                let mut terms: Vec<(i64, Val)> = p.iter().map(|v| (1, v.clone())).collect();
                terms.extend(n.iter().map(|v| (-1, v.clone())));
                // or(p) or or(not n)  <=>  sum(p) - sum(n) >= 1 - |n|.
                let rhs = 1 - n.len() as i64;
                let b = self.int_var(&r, pos)?;
                self.linear(&terms, Rel::Ge, rhs, Some((b, false)), c)
            }
            "set_in" => {
                Self::args(c, 2)?;
                let x = self.int_var(&args[0], pos)?;
                let s = Self::par_set(&args[1], pos)?;
                self.restrict(x, &s, pos, name)
            }
            "set_in_reif" | "set_in_imp" => {
                Self::args(c, 3)?;
                let s = Self::par_set(&args[1], pos)?;
                let imp = name == "set_in_imp";
                self.set_in_reif(&args[0], &s, &args[2], imp, c)
            }
            "fzn_all_different_int" => {
                Self::args(c, 1)?;
                let items = Self::items(&args[0], pos)?;
                if items.iter().any(|v| matches!(v, Val::Offset(..))) {
                    // x_i + c_i all different: pairwise x_i - x_j != c_j - c_i.
                    let split = |v: &Val| match v {
                        Val::Offset(x, c) => (Val::Var(*x), *c),
                        other => (other.clone(), 0),
                    };
                    for i in 0..items.len() {
                        for j in i + 1..items.len() {
                            let (xi, ci) = split(&items[i]);
                            let (xj, cj) = split(&items[j]);
                            let Some(rhs) = cj.checked_sub(ci) else {
                                return invalid(pos, format!("{name}: offsets overflow 64 bits"));
                            };
                            self.linear(&[(1, xi), (-1, xj)], Rel::Ne, rhs, None, c)?;
                        }
                    }
                    return Ok(());
                }
                let mut vars = Vec::with_capacity(items.len());
                for v in items.iter() {
                    vars.push(self.int_var(v, pos)?);
                }
                let mut sorted = vars.clone();
                sorted.sort_unstable();
                sorted.dedup();
                if sorted.len() != vars.len() {
                    self.set_unsat(pos, format!("{name} names one variable (or value) twice"));
                    return Ok(());
                }
                if vars.len() < 2 {
                    return Ok(());
                }
                self.model
                    .all_different(&vars)
                    .map_err(Self::model_err(pos, name))
            }
            "fzn_table_int" | "fzn_table_bool" => {
                Self::args(c, 2)?;
                let vars = self.int_vars(&args[0], pos)?;
                let flat = Self::par_ints(&args[1], pos)?;
                if vars.is_empty() {
                    return Ok(());
                }
                if flat.len() % vars.len() != 0 {
                    return invalid(
                        pos,
                        format!(
                            "{name}: {} table entries is not a multiple of {} variables",
                            flat.len(),
                            vars.len()
                        ),
                    );
                }
                let tuples: Vec<Vec<Value>> =
                    flat.chunks(vars.len()).map(<[i64]>::to_vec).collect();
                self.table(&vars, tuples, c)
            }
            "fzn_count_eq" | "fzn_count_neq" | "fzn_count_lt" | "fzn_count_leq"
            | "fzn_count_gt" | "fzn_count_geq" | "fzn_count_eq_par" => {
                Self::args(c, 3)?;
                let vars = self.int_vars(&args[0], pos)?;
                let value = self.int_var(&args[1], pos)?;
                let n = self.int_var(&args[2], pos)?;
                // MiniZinc's count_lt(x, y, c) means c < count(x, y): the
                // relation is read from c's side.
                let rel = match name {
                    "fzn_count_neq" => Rel::Ne,
                    "fzn_count_lt" => Rel::Gt,
                    "fzn_count_leq" => Rel::Ge,
                    "fzn_count_gt" => Rel::Lt,
                    "fzn_count_geq" => Rel::Le,
                    _ => Rel::Eq,
                };
                self.model
                    .count(&vars, value, rel, n)
                    .map_err(Self::model_err(pos, name))
            }
            "fzn_global_cardinality" | "fzn_global_cardinality_closed" => {
                Self::args(c, 3)?;
                let vars = self.int_vars(&args[0], pos)?;
                let values = Self::par_ints(&args[1], pos)?;
                let counts = self.int_vars(&args[2], pos)?;
                if values.len() != counts.len() {
                    return invalid(
                        pos,
                        format!(
                            "{name}: {} values but {} counts",
                            values.len(),
                            counts.len()
                        ),
                    );
                }
                self.model
                    .global_cardinality(&vars, &values, &counts, name.ends_with("_closed"))
                    .map_err(Self::model_err(pos, name))
            }
            _ => unsupported(
                pos,
                format!("the constraint `{name}`"),
                ": see docs/minizinc.md for the supported constraints",
            ),
        }
    }

    /// A table over variables that may repeat: a repeated variable keeps the
    /// tuples whose entries agree.
    fn table(
        &mut self,
        vars: &[Var],
        tuples: Vec<Vec<Value>>,
        c: &Constraint,
    ) -> Result<(), FznError> {
        let mut first: HashMap<Var, usize> = HashMap::new();
        let mut keep_cols = Vec::new();
        let mut same = Vec::new();
        for (k, v) in vars.iter().enumerate() {
            match first.get(v) {
                Some(&j) => same.push((j, k)),
                None => {
                    first.insert(*v, k);
                    keep_cols.push(k);
                }
            }
        }
        let mut tuples: Vec<Vec<Value>> = tuples
            .into_iter()
            .filter(|t| same.iter().all(|&(j, k)| t[j] == t[k]))
            .map(|t| keep_cols.iter().map(|&k| t[k]).collect())
            .collect();
        let vars: Vec<Var> = keep_cols.iter().map(|&k| vars[k]).collect();
        tuples.retain(|t| {
            t.iter()
                .zip(&vars)
                .all(|(v, x)| self.model.contains(*x, *v))
        });
        if tuples.is_empty() {
            self.set_unsat(c.name_pos, format!("{}: no tuple fits the domains", c.name));
            return Ok(());
        }
        self.model
            .table(&vars, &tuples)
            .map_err(Self::model_err(c.name_pos, &c.name))
    }

    /// `b <-> x in s` (`b -> x in s` when `imp`).
    fn set_in_reif(
        &mut self,
        x: &Val,
        s: &SetVal,
        b: &Val,
        imp: bool,
        c: &Constraint,
    ) -> Result<(), FznError> {
        let pos = c.name_pos;
        let bv = self.int_var(b, pos)?;
        match s {
            SetVal::Range(lo, hi) => {
                // b <-> (x >= lo and x <= hi)
                let mut parts = Vec::new();
                for (rel, k) in [(Rel::Ge, *lo), (Rel::Le, *hi)] {
                    let name = self.fresh_name("in");
                    let t = self
                        .model
                        .bool_var(&name)
                        .map_err(Self::model_err(pos, &c.name))?;
                    self.linear(&[(1, x.clone())], rel, k, Some((t, false)), c)?;
                    parts.push(Val::Var(t));
                }
                let parts = Val::Array(Rc::new(parts));
                if imp {
                    let items = Self::items(&parts, pos)?;
                    for p in items.iter() {
                        self.clause(std::slice::from_ref(p), std::slice::from_ref(b), c)?;
                    }
                    Ok(())
                } else {
                    self.and_reif(&parts, &Val::Var(bv), c)
                }
            }
            SetVal::Values(values) => {
                // b <-> OR(x == v)
                let mut parts = Vec::new();
                for &v in values {
                    let name = self.fresh_name("in");
                    let t = self
                        .model
                        .bool_var(&name)
                        .map_err(Self::model_err(pos, &c.name))?;
                    self.linear(&[(1, x.clone())], Rel::Eq, v, Some((t, false)), c)?;
                    parts.push(Val::Var(t));
                }
                if imp {
                    self.clause(&parts, std::slice::from_ref(b), c)
                } else {
                    self.or_reif(&Val::Array(Rc::new(parts)), b, c)
                }
            }
        }
    }

    /// `r <-> and(xs)`.
    fn and_reif(&mut self, xs: &Val, r: &Val, c: &Constraint) -> Result<(), FznError> {
        let xs = Self::items(xs, c.name_pos)?;
        // and(xs) -> r
        self.clause(std::slice::from_ref(r), &xs, c)?;
        // r -> x for each x
        for x in xs.iter() {
            self.clause(std::slice::from_ref(x), std::slice::from_ref(r), c)?;
        }
        Ok(())
    }

    /// `r <-> or(xs)`.
    fn or_reif(&mut self, xs: &Val, r: &Val, c: &Constraint) -> Result<(), FznError> {
        let xs = Self::items(xs, c.name_pos)?;
        // r -> or(xs)
        self.clause(&xs, std::slice::from_ref(r), c)?;
        // x -> r for each x
        for x in xs.iter() {
            self.clause(std::slice::from_ref(r), std::slice::from_ref(x), c)?;
        }
        Ok(())
    }

    /// An odd number of `xs` are true.
    fn xor_chain(&mut self, xs: &[Val], c: &Constraint) -> Result<(), FznError> {
        let pos = c.name_pos;
        let mut parity = 0i64;
        let mut vars = Vec::new();
        for x in xs {
            match self.fixed(x) {
                Some(k) => parity ^= k & 1,
                None => vars.push(x.clone()),
            }
        }
        // acc holds the parity of the variables so far.
        let Some((first, rest)) = vars.split_first() else {
            if parity == 0 {
                self.set_unsat(pos, format!("{} is false", c.name));
            }
            return Ok(());
        };
        let mut acc = first.clone();
        for x in rest {
            let name = self.fresh_name("xor");
            let t = self
                .model
                .bool_var(&name)
                .map_err(Self::model_err(pos, &c.name))?;
            // t <-> (acc != x)
            self.linear(
                &[(1, acc.clone()), (-1, x.clone())],
                Rel::Ne,
                0,
                Some((t, false)),
                c,
            )?;
            acc = Val::Var(t);
        }
        // acc xor parity must be 1.
        self.linear(&[(1, acc)], Rel::Eq, 1 - parity, None, c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        translate_text(text).unwrap_err().to_string()
    }

    #[test]
    fn floats_and_sets_are_refused_with_their_place() {
        let m = err("var 0.0..1.0: f;\nsolve satisfy;");
        assert!(
            m.starts_with("line 1, column 1: the float variable `f` is not supported"),
            "{m}"
        );
        let m = err("var 1..3: x;\nvar set of 1..3: s;\nsolve satisfy;");
        assert!(
            m.starts_with("line 2, column 1: the set variable `s`"),
            "{m}"
        );
        let m = err("var 1..3: x;\nconstraint int_pow(x, x, x);\nsolve satisfy;");
        assert!(
            m.starts_with("line 2, column 12: the constraint `int_pow`"),
            "{m}"
        );
    }

    #[test]
    fn wrong_arguments_are_located() {
        let m = err("var 1..3: x;\nconstraint int_le(x);\nsolve satisfy;");
        assert_eq!(m, "line 2, column 12: int_le takes 2 arguments, found 1");
        let m = err("var 1..3: x;\nconstraint int_le(x, y);\nsolve satisfy;");
        assert_eq!(m, "line 2, column 22: unknown name `y`");
        let m = err("array [1..2] of int: a = [1, 2];\nvar 1..3: x;\nconstraint int_le(x, a[3]);\nsolve satisfy;");
        assert!(m.contains("index 3 is outside a's index set 1..2"), "{m}");
        let m = err("var 1..3: x;\nconstraint int_lin_le([1, 2], [x], 3);\nsolve satisfy;");
        assert!(m.contains("2 coefficients for 1 variables"), "{m}");
        let m = err("var 1..3: x;\nvar 1..3: x;\nsolve satisfy;");
        assert!(m.contains("declared twice"), "{m}");
    }

    #[test]
    fn constant_falsities_are_unsat_at_translation() {
        let t = translate_text("var 1..3: x;\nconstraint int_le(4, 3);\nsolve satisfy;").unwrap();
        assert!(t.unsat.is_some());
        let t = translate_text("var 1..3: x;\nconstraint bool_clause([], []);\nsolve satisfy;")
            .unwrap();
        assert!(t.unsat.is_some());
        let t = translate_text(
            "var 1..3: x;\nconstraint fzn_all_different_int([x, x]);\nsolve satisfy;",
        )
        .unwrap();
        assert!(t.unsat.is_some());
        let t = translate_text("var 1..3: x;\nconstraint int_le(x, 3);\nsolve satisfy;").unwrap();
        assert!(t.unsat.is_none());
    }
}

#[cfg(test)]
mod offset_tests {
    use super::*;

    #[test]
    fn offsets_used_only_in_all_different_are_eliminated() {
        let base =
            "var 1..3: a;\nvar 1..3: b;\nvar 2..4: c :: var_is_introduced :: is_defined_var;\n\
            array [1..2] of var int: arr :: var_is_introduced = [a, c];\n\
            constraint fzn_all_different_int(arr);\n\
            constraint int_lin_eq([1, -1], [b, c], -1) :: defines_var(c);\n";
        // Exact cover with c a view of b: kept, for Dancing Links.
        let t = translate_text(&format!("{base}solve satisfy;\n")).unwrap();
        assert_eq!(t.model.var_count(), 3, "{t:?}");
        assert_eq!(t.model.planned_engine(), EngineName::Dlx);
        // A sum needs the propagation engine: c is eliminated.
        let sum = "constraint int_lin_le([1, 1], [a, b], 5);\n";
        let t = translate_text(&format!("{base}{sum}solve satisfy;\n")).unwrap();
        assert_eq!(t.model.var_count(), 2, "{t:?}");
        assert_eq!(t.model.planned_engine(), EngineName::Propagation);
    }
}
