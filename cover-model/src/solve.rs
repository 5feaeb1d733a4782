//! [`ModelSolver`]: searches over a compiled model, and what they find.

use std::fmt;
use std::ops::{ControlFlow, Index};
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use solver_core::{Count, Found, Incomplete, Limits, OptionId, Outcome, Solver, Stats};

use crate::compile::Compiled;
use crate::constraints::Sense;
use crate::cube::Cube;
use crate::error::ModelError;
use crate::fd;
use crate::fd::search::{Branching, Search};
use crate::model::{Value, Var};
use crate::plan::EngineName;

/// A value for every variable.
///
/// `solution[var]` is the value of `var`; `Display` writes `name=value`
/// pairs separated by spaces.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Solution {
    names: Arc<[String]>,
    values: Vec<Value>,
}

impl Solution {
    /// The values, in the order the variables were declared.
    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// The value of `var`.
    ///
    /// # Panics
    /// If `var` is not a variable of the model.
    pub fn value(&self, var: Var) -> Value {
        self.values[var.index()]
    }
}

impl Index<Var> for Solution {
    type Output = Value;

    fn index(&self, var: Var) -> &Value {
        &self.values[var.index()]
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, (name, value)) in self.names.iter().zip(&self.values).enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{name}={value}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Solution({self})")
    }
}

/// The answer to "does the model have exactly one solution?": the one
/// verdict of every engine ([`solver_core::Verdict`]), its solutions values
/// by variable. A model is never invalid before its search (its
/// contradictions are found by the search: [`Verdict::Unsolvable`]), so
/// `Verdict::Invalid` cannot be made.
pub type Verdict = solver_core::Verdict<Solution>;

/// The result of [`ModelSolver::optimize`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Optimum {
    /// The best solution and its objective value, proved optimal (the
    /// search completed). Without an objective: the first solution, value 0.
    Optimal(Solution, Value),
    /// No solution at all.
    Unsatisfiable,
    /// A limit stopped the search: the best solution found so far, if any,
    /// is not proved optimal.
    Incomplete {
        /// The best solution found and its value.
        best: Option<(Solution, Value)>,
        /// Which limit stopped the search.
        why: Incomplete,
    },
}

/// The search state for a [`Compiled`] model, cheap to reuse: every search
/// leaves it as it found it. The model's fixed values are forced once;
/// [`assume`](Self::assume) adds values for the next searches until
/// [`clear_assumptions`](Self::clear_assumptions). It runs on the engine the
/// model was compiled for ([`Compiled::engine`]).
pub struct ModelSolver<'c> {
    compiled: &'c Compiled,
    inner: Inner<'c>,
}

enum Inner<'c> {
    Dlx(Box<DlxState>),
    Fd(Box<Search<'c>>),
}

struct DlxState {
    dlx: Solver,
    /// The options forced: the fixed values, then the assumptions.
    forced: Vec<OptionId>,
    /// How many of `forced` the solver holds (a clash stops forcing).
    held: usize,
    /// Whether a forced option clashed with those before it.
    clash: bool,
}

impl DlxState {
    fn push(&mut self, option: OptionId) {
        self.forced.push(option);
        if !self.clash {
            match self.dlx.force(option) {
                Ok(()) => self.held += 1,
                Err(_) => self.clash = true,
            }
        }
    }
}

impl<'c> ModelSolver<'c> {
    pub(crate) fn new(compiled: &'c Compiled) -> ModelSolver<'c> {
        let inner = match (&compiled.program, &compiled.matrix) {
            (Some(program), _) => Inner::Fd(Box::new(Search::new(program))),
            (None, Some(matrix)) => {
                let mut dlx = matrix.solver();
                dlx.set_counter(compiled.counter());
                let mut state = DlxState {
                    dlx,
                    forced: Vec::new(),
                    held: 0,
                    clash: compiled.impossible,
                };
                for &option in &compiled.fixed {
                    state.push(option);
                }
                Inner::Dlx(Box::new(state))
            }
            (None, None) => unreachable!("a compiled model has an engine"),
        };
        ModelSolver { compiled, inner }
    }

    /// Gives `var` the value `value` in the next searches (until
    /// [`clear_assumptions`](Self::clear_assumptions)). Assumptions that
    /// clash with each other or with the fixed values leave no solution.
    pub fn assume(&mut self, var: Var, value: Value) -> Result<(), ModelError> {
        match &mut self.inner {
            Inner::Dlx(state) => {
                let option = self.compiled.option(var, value)?;
                state.push(option);
            }
            Inner::Fd(search) => {
                let x = var.index();
                let domain = search
                    .program
                    .domains
                    .get(x)
                    .filter(|_| x < search.program.model_vars)
                    .ok_or(ModelError::UnknownVar {
                        index: x,
                        vars: search.program.model_vars,
                    })?;
                let inside = match domain {
                    Ok(values) => values.binary_search(&value).is_ok(),
                    Err((lo, hi)) => *lo <= value && value <= *hi,
                };
                if !inside {
                    return Err(ModelError::NotInDomain {
                        var: self.compiled.names[x].clone(),
                        value,
                    });
                }
                search.assumptions.push((x, value));
            }
        }
        Ok(())
    }

    /// Drops every assumption (the fixed values stay).
    pub fn clear_assumptions(&mut self) {
        match &mut self.inner {
            Inner::Dlx(state) => {
                let fixed = self.compiled.fixed.len();
                while state.held > fixed {
                    state.dlx.release();
                    state.held -= 1;
                }
                state.forced.truncate(fixed);
                state.clash = state.held < fixed || self.compiled.impossible;
            }
            Inner::Fd(search) => search.assumptions.clear(),
        }
    }

    /// Breaks ties between equally constrained items at random from this
    /// seed (`None`: never), to draw random solutions. (The propagation
    /// engine tries the values of its branching variable in a random order.)
    pub fn set_seed(&mut self, seed: Option<u64>) {
        match &mut self.inner {
            Inner::Dlx(state) => state.dlx.set_seed(seed),
            Inner::Fd(search) => search.set_seed(seed),
        }
    }

    /// How the propagation engine picks its branching variable (Dancing
    /// Links always branches on the item with the fewest options).
    pub fn set_branching(&mut self, branching: Branching) {
        if let Inner::Fd(search) = &mut self.inner {
            search.branching = branching;
        }
    }

    fn solution(&self, values: Vec<Value>) -> Solution {
        Solution {
            names: Arc::clone(&self.compiled.names),
            values,
        }
    }

    /// Calls `visit` with each solution until it returns
    /// [`ControlFlow::Break`] or a limit stops the search.
    pub fn for_each_solution(
        &mut self,
        limits: &Limits,
        mut visit: impl FnMut(Solution) -> ControlFlow<()>,
    ) -> Outcome {
        let compiled = self.compiled;
        let names = &compiled.names;
        match &mut self.inner {
            Inner::Dlx(state) => {
                if state.clash {
                    return Outcome::default();
                }
                state.dlx.for_each_solution(limits, |options| {
                    let mut values = vec![0; compiled.var_count()];
                    for &o in options {
                        if let Some((var, value)) = compiled.decode(o) {
                            values[var.index()] = value;
                        }
                    }
                    compiled.fill_views(&mut values);
                    visit(Solution {
                        names: Arc::clone(names),
                        values,
                    })
                })
            }
            Inner::Fd(search) => search.run(limits, &[], false, &mut |s| {
                visit(Solution {
                    names: Arc::clone(names),
                    values: s.values(),
                })
            }),
        }
    }

    /// One solution, or a proof that there is none, or why the search gave
    /// up.
    pub fn solve_one(&mut self, limits: &Limits) -> (Found<Solution>, Stats) {
        if let Inner::Dlx(state) = &mut self.inner {
            if state.clash {
                return (Found::NoSolution, Stats::default());
            }
            let (found, stats) = state.dlx.first_solution(limits);
            let compiled = self.compiled;
            let found = found.map(|options| {
                let mut values = vec![0; compiled.var_count()];
                for &o in &options {
                    if let Some((var, value)) = compiled.decode(o) {
                        values[var.index()] = value;
                    }
                }
                compiled.fill_views(&mut values);
                Solution {
                    names: Arc::clone(&compiled.names),
                    values,
                }
            });
            return (found, stats);
        }
        let mut first = None;
        let outcome = self.for_each_solution(limits, |s| {
            first = Some(s);
            ControlFlow::Break(())
        });
        let found = match (first, outcome.incomplete) {
            (Some(s), _) => Found::Solution(s),
            (None, None) => Found::NoSolution,
            (None, Some(why)) => Found::GaveUp(why),
        };
        (found, outcome.stats)
    }

    /// Counts the solutions within `limits` (exact when complete).
    pub fn count(&mut self, limits: &Limits) -> Count {
        match &mut self.inner {
            Inner::Dlx(state) => {
                if state.clash {
                    return Count::default();
                }
                state.dlx.count(limits)
            }
            Inner::Fd(search) => fd::parallel::count(search, &[], limits),
        }
    }

    /// Counts the solutions on every thread of the current rayon pool, with
    /// the same assumptions; equal to [`count`](Self::count).
    pub fn par_count(&self, limits: &Limits) -> Count {
        match &self.inner {
            Inner::Dlx(state) => {
                if state.clash {
                    return Count::default();
                }
                self.compiled.par_count_assuming(&state.forced, limits)
            }
            Inner::Fd(search) => {
                fd::parallel::par_count(search.program, &search.assumptions, limits)
            }
        }
    }

    /// True candidates of `vars` (with the current assumptions), on every
    /// thread of the current rayon pool, propagation engine only: one
    /// search enumerates the solutions but skips every subtree in which no
    /// variable of `vars` can still take a value not yet in `seen`, trying
    /// unseen values first (the root split into disjoint cubes between the
    /// threads).
    ///
    /// `seen[i]` holds, for `vars[i]`, bit `k` for the value `lo + k` (`lo`
    /// its smallest initial value) seen in a solution; `visit` gets each
    /// solution found (the model's values, in variable order) and must add
    /// the values of `vars` to `seen` (the searches read it back; it may
    /// hold values already). When the search completes, every value that
    /// some solution gives a variable of `vars` is in `seen`; a limit stops
    /// it with `incomplete` set. `progress` gets (parts done, parts) as the
    /// work goes on. Each variable must range over at most 64 consecutive
    /// values (a listed domain), else [`ModelError::Engine`]; so is the
    /// exact-cover engine.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use cover_model::plan::Asked;
    /// use cover_model::{Model, Rel};
    /// use solver_core::Limits;
    ///
    /// let mut m = Model::new();
    /// let x = m.int_var("x", 1, 4)?;
    /// let y = m.int_var("y", 1, 4)?;
    /// m.linear(&[(1, x), (2, y)], Rel::Eq, 7)?; // (1, 3), (3, 2)
    /// let compiled = m.compile_with(Asked::Propagation)?;
    /// let seen = [AtomicU64::new(0), AtomicU64::new(0)];
    /// let visit = |values: &[i64]| {
    ///     for (s, v) in seen.iter().zip(values) {
    ///         s.fetch_or(1 << (v - 1), Ordering::Relaxed);
    ///     }
    ///     ControlFlow::Continue(())
    /// };
    /// let outcome = compiled
    ///     .solver()
    ///     .true_candidates(&[x, y], &Limits::none(), &seen, &visit, &|_, _| {})?;
    /// assert!(outcome.incomplete.is_none());
    /// assert_eq!(seen[0].load(Ordering::Relaxed), 0b101); // x: 1 or 3
    /// assert_eq!(seen[1].load(Ordering::Relaxed), 0b110); // y: 2 or 3
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn true_candidates(
        &self,
        vars: &[Var],
        limits: &Limits,
        seen: &[AtomicU64],
        visit: &(dyn Fn(&[Value]) -> ControlFlow<()> + Sync),
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<Outcome, ModelError> {
        let Inner::Fd(search) = &self.inner else {
            return Err(ModelError::Engine {
                engine: EngineName::Dlx.as_str(),
                reason: "true candidates run on the propagation engine".into(),
            });
        };
        let program = search.program;
        if seen.len() != vars.len() {
            return Err(ModelError::Engine {
                engine: EngineName::Propagation.as_str(),
                reason: format!(
                    "true candidates of {} variables need as many seen words, not {}",
                    vars.len(),
                    seen.len()
                ),
            });
        }
        let mut watch = Vec::with_capacity(vars.len());
        for &var in vars {
            let x = var.index();
            if x >= program.model_vars {
                return Err(ModelError::UnknownVar {
                    index: x,
                    vars: program.model_vars,
                });
            }
            match &program.domains[x] {
                Ok(values)
                    if values.len() <= 64
                        && values[values.len() - 1] as i128 - values[0] as i128
                            == values.len() as i128 - 1 =>
                {
                    watch.push((x, values[0]));
                }
                _ => {
                    return Err(ModelError::Engine {
                        engine: EngineName::Propagation.as_str(),
                        reason: format!(
                            "true candidates need variables of at most 64 consecutive values, \
                             unlike {}",
                            self.compiled.names[x]
                        ),
                    })
                }
            }
        }
        Ok(fd::candidates::par_candidates(
            program,
            &search.assumptions,
            &watch,
            limits,
            seen,
            visit,
            progress,
        ))
    }

    /// Counts the solutions inside `cube` (with the current assumptions);
    /// over the cubes of [`Compiled::split`] these add up to
    /// [`count`](Self::count). A value outside its variable's domain is an
    /// error.
    pub fn count_cube(&mut self, cube: &Cube, limits: &Limits) -> Result<Count, ModelError> {
        if let Inner::Fd(search) = &mut self.inner {
            let kept = search.assumptions.len();
            let mut result = Ok(());
            for &(var, value) in &cube.assignments {
                result = self.assume(var, value);
                if result.is_err() {
                    break;
                }
            }
            let count = result.map(|()| self.count(limits));
            if let Inner::Fd(search) = &mut self.inner {
                search.assumptions.truncate(kept);
            }
            return count;
        }
        let Inner::Dlx(state) = &self.inner else {
            unreachable!("one of two engines")
        };
        let fixed = self.compiled.fixed.len();
        let saved: Vec<OptionId> = state.forced[fixed..].to_vec();
        let mut result = Ok(());
        for &(var, value) in &cube.assignments {
            result = self.assume(var, value);
            if result.is_err() {
                break;
            }
        }
        let count = result.map(|()| self.count(limits));
        self.clear_assumptions();
        if let Inner::Dlx(state) = &mut self.inner {
            for o in saved {
                state.push(o);
            }
        }
        count
    }

    /// Whether there is exactly one solution (looks for at most two).
    pub fn verdict(&mut self, limits: &Limits) -> (Verdict, Stats) {
        let mut limits = limits.clone();
        limits.max_solutions = Some(limits.max_solutions.map_or(2, |m| m.min(2)));
        let mut found = Vec::with_capacity(2);
        let outcome = self.for_each_solution(&limits, |s| {
            found.push(s);
            ControlFlow::Continue(())
        });
        let mut found = found.into_iter();
        let verdict = Verdict::of_found([found.next(), found.next()], outcome.incomplete);
        (verdict, outcome.stats)
    }

    /// Finds the best solution for the model's objective: each better
    /// solution is reported to `on_better` with its value as it is found;
    /// the answer is [`Optimum::Optimal`] only when the search completed.
    /// Without an objective, the first solution is optimal (value 0).
    pub fn optimize(
        &mut self,
        limits: &Limits,
        on_better: &mut dyn FnMut(&Solution, Value),
    ) -> (Optimum, Stats) {
        let Some((var, sense)) = self.compiled.objective else {
            let (found, stats) = self.solve_one(limits);
            let optimum = match found {
                Found::Solution(s) => {
                    on_better(&s, 0);
                    Optimum::Optimal(s, 0)
                }
                Found::NoSolution => Optimum::Unsatisfiable,
                Found::GaveUp(why) => Optimum::Incomplete { best: None, why },
            };
            return (optimum, stats);
        };
        if let Inner::Fd(search) = &mut self.inner {
            // Branch and bound: every solution found beats the last.
            let mut best: Option<(Vec<Value>, Value)> = None;
            let compiled = self.compiled;
            let outcome = search.run(limits, &[], true, &mut |s| {
                let values = s.values();
                let value = values[var.index()];
                on_better(
                    &Solution {
                        names: Arc::clone(&compiled.names),
                        values: values.clone(),
                    },
                    value,
                );
                best = Some((values, value));
                ControlFlow::Continue(())
            });
            let best = best.map(|(values, v)| (self.solution(values), v));
            let optimum = match (outcome.incomplete, best) {
                (Some(why), best) => Optimum::Incomplete { best, why },
                (None, Some((s, v))) => Optimum::Optimal(s, v),
                (None, None) => Optimum::Unsatisfiable,
            };
            return (optimum, outcome.stats);
        }
        // Dancing Links has no bounds to prune with: every solution is
        // visited and the best kept.
        let mut best: Option<(Solution, Value)> = None;
        let outcome = self.for_each_solution(limits, |s| {
            let value = s[var];
            let better = match &best {
                None => true,
                Some((_, b)) => match sense {
                    Sense::Minimize => value < *b,
                    Sense::Maximize => value > *b,
                },
            };
            if better {
                on_better(&s, value);
                best = Some((s, value));
            }
            ControlFlow::Continue(())
        });
        let optimum = match (outcome.incomplete, best) {
            (Some(why), best) => Optimum::Incomplete { best, why },
            (None, Some((s, v))) => Optimum::Optimal(s, v),
            (None, None) => Optimum::Unsatisfiable,
        };
        (optimum, outcome.stats)
    }

    /// At most `limit` solutions, in the order the search finds them.
    pub fn solutions_up_to(&mut self, limit: usize) -> Vec<Solution> {
        let mut all = Vec::new();
        if limit == 0 {
            return all;
        }
        self.for_each_solution(&Limits::none(), |s| {
            all.push(s);
            if all.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        all
    }
}

/// The model's engines behind the one engine front of the workspace: a
/// search starts from values given to some variables (as
/// [`assume`](ModelSolver::assume) does, for this search only, in place of
/// any assumptions made before, which are dropped) and reports each
/// solution as one value per variable.
///
/// ```
/// use std::ops::ControlFlow;
/// use cover_model::{Model, Rel, Value, Var};
/// use solver_core::{Engine, Limits};
///
/// let mut model = Model::new();
/// let x = model.int_var("x", 0, 3)?;
/// let y = model.int_var("y", 0, 3)?;
/// // x + 2y = 3: (3, 0) and (1, 1).
/// model.linear(&[(1, x), (2, y)], Rel::Eq, 3)?;
/// let compiled = model.compile()?;
/// let mut solver = compiled.solver();
/// assert_eq!(solver.name(), "propagation");
/// let none = |_: &[Value]| ControlFlow::Continue(());
/// let all = solver.run(&[], &Limits::none(), false, &mut { none })?;
/// assert_eq!(all.stats.solutions, 2);
/// let mut seen = Vec::new();
/// let start: [(Var, Value); 1] = [(x, 1)];
/// solver.run(&start, &Limits::none(), true, &mut |values| {
///     seen.push(values.to_vec());
///     ControlFlow::Continue(())
/// })?;
/// assert_eq!(seen, [vec![1, 1]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl solver_core::Engine for ModelSolver<'_> {
    type Start = [(Var, Value)];
    type Solution = [Value];

    /// `dlx` or `propagation`, as the planner picked
    /// ([`Compiled::engine`](crate::Compiled::engine)).
    fn name(&self) -> &'static str {
        self.compiled.engine().as_str()
    }

    fn run(
        &mut self,
        start: &[(Var, Value)],
        limits: &Limits,
        record: bool,
        visit: &mut dyn FnMut(&[Value]) -> ControlFlow<()>,
    ) -> Result<Outcome, solver_core::Contradiction> {
        self.clear_assumptions();
        for &(var, value) in start {
            if self.assume(var, value).is_err() {
                self.clear_assumptions();
                return Err(solver_core::Contradiction);
            }
        }
        let outcome = if record {
            self.for_each_solution(limits, |solution| visit(solution.values()))
        } else {
            self.count(limits).outcome
        };
        self.clear_assumptions();
        Ok(outcome)
    }

    fn set_seed(&mut self, seed: Option<u64>) {
        ModelSolver::set_seed(self, seed);
    }
}
