//! Solving a [`Translation`] and printing what MiniZinc expects: each
//! solution as `name = value;` lines then `----------`, `==========` when
//! the search completed, `=====UNSATISFIABLE=====`, `=====UNKNOWN=====` when
//! a limit stopped it before any solution, and `%%%mzn-stat:` lines.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cover_model::{
    Branching, Compiled, ModelError, Optimum, Solution, SolutionCheck, Value, Var, Violation,
};
use solver_core::parallel::{assignments_in_order, run_parts, PartsRun};
use solver_core::{Faulty, Incomplete, Limits, Outcome, Stats};

use crate::translate::{Kind, Output, Translation};

/// The standard flags.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-a`: all solutions (satisfaction), every improving one (optimisation).
    pub all: bool,
    /// `-n N`: stop after N solutions.
    pub solutions: Option<u64>,
    /// `-s`: print statistics.
    pub statistics: bool,
    /// `-t MS`: time limit.
    pub time_limit: Option<Duration>,
    /// `-p N`: threads (used to enumerate in parallel: `-a` or `-n` with no
    /// objective).
    pub threads: usize,
    /// `-r SEED`: random tie-breaking.
    pub seed: Option<u64>,
    /// `--branching`: how the propagation engine picks its variable;
    /// `None`: dom/wdeg when optimising, the smallest domain otherwise
    /// (measured best on each in docs/performance.md).
    pub branching: Option<Branching>,
}

/// The status line closing a run.
pub const COMPLETE: &str = "==========";
/// After each solution.
pub const SEPARATOR: &str = "----------";
/// No solution exists.
pub const UNSATISFIABLE: &str = "=====UNSATISFIABLE=====";
/// A limit stopped the search before any solution.
pub const UNKNOWN: &str = "=====UNKNOWN=====";

/// Why a run failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// Writing the output failed.
    #[error("cannot write the output: {0}")]
    Io(#[from] io::Error),
    /// The model could not be compiled (too large).
    #[error(transparent)]
    Model(#[from] ModelError),
    /// The thread pool could not be built.
    #[error("cannot start the threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// A solution failed the model's independent check (an engine's bug):
    /// it was not printed; MiniZinc's protocol says `=====ERROR=====`.
    #[error(transparent)]
    Faulty(#[from] Faulty<Violation>),
}

/// The status line after a solution failed the model's check.
pub const ERROR: &str = "=====ERROR=====";

/// What a run found, for the caller's exit status and tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Solutions printed.
    pub solutions: u64,
    /// `None` when the search completed; otherwise why it stopped.
    pub incomplete: Option<Incomplete>,
}

/// Checks solution `number` against the model's record before it is
/// printed ([`cover_model::Model::check_solution`]).
fn checked(check: &SolutionCheck<'_>, number: u64, s: &Solution) -> Result<(), RunError> {
    check
        .check(s.values())
        .map_err(|error| RunError::Faulty(Faulty { number, error }))
}

/// Writes one solution (without the separator).
pub fn format_solution(outputs: &[Output], solution: &Solution, out: &mut String) {
    let value = |var: Var, kind: Kind, out: &mut String| {
        let v: Value = solution[var];
        match kind {
            Kind::Bool => out.push_str(if v != 0 { "true" } else { "false" }),
            Kind::Int => push_int(out, v),
        }
    };
    for o in outputs {
        match o {
            Output::Scalar { name, var, kind } => {
                out.push_str(name);
                out.push_str(" = ");
                value(*var, *kind, out);
                out.push_str(";\n");
            }
            Output::Array {
                name,
                dims,
                vars,
                kind,
            } => {
                out.push_str(name);
                out.push_str(" = array");
                push_int(out, dims.len() as Value);
                out.push_str("d(");
                for &(lo, hi) in dims {
                    push_int(out, lo);
                    out.push_str("..");
                    push_int(out, hi);
                    out.push_str(", ");
                }
                out.push('[');
                for (k, var) in vars.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    value(*var, *kind, out);
                }
                out.push_str("]);\n");
            }
        }
    }
}

/// Appends `v` in decimal (the formatting machinery of `write!` costs more
/// than the search per solution on the smaller counting benchmarks).
fn push_int(out: &mut String, v: Value) {
    let mut buf = [0u8; 20];
    let mut k = buf.len();
    let mut u = v.unsigned_abs();
    loop {
        k -= 1;
        buf[k] = b'0' + (u % 10) as u8;
        u /= 10;
        if u == 0 {
            break;
        }
    }
    if v < 0 {
        out.push('-');
    }
    for &b in &buf[k..] {
        out.push(char::from(b));
    }
}

/// Solves and prints. `stop` ends the search when raised (Ctrl-C); the run
/// then prints what a limit prints.
pub fn run(
    t: &Translation,
    options: &Options,
    stop: Arc<AtomicBool>,
    out: &mut (dyn Write + Send),
) -> Result<Summary, RunError> {
    let started = Instant::now();
    let mut limits = Limits::none().cancel_flag(Arc::clone(&stop));
    if let Some(limit) = options.time_limit {
        limits = limits.timeout(limit);
    }
    if t.unsat.is_some() {
        writeln!(out, "{UNSATISFIABLE}")?;
        if options.statistics {
            stats(out, t, &Stats::default(), started, None)?;
        }
        out.flush()?;
        return Ok(Summary {
            solutions: 0,
            incomplete: None,
        });
    }
    let compiled = t.model.compile()?;
    run_compiled(t, &compiled, options, &limits, &stop, started, out)
}

/// [`run`] once the model is compiled (tests compile another model, as a
/// wrong engine would, to see the check catch it).
fn run_compiled(
    t: &Translation,
    compiled: &Compiled,
    options: &Options,
    limits: &Limits,
    stop: &Arc<AtomicBool>,
    started: Instant,
    out: &mut (dyn Write + Send),
) -> Result<Summary, RunError> {
    let init = started.elapsed();
    let mut options = options.clone();
    if options.branching.is_none() {
        options.branching = Some(if t.objective.is_some() {
            Branching::DomWdeg
        } else {
            Branching::SmallestDomain
        });
    }
    let options = &options;
    let check = &t.model.solution_check();
    let (summary, search_stats) = if t.objective.is_some() {
        optimize(t, check, compiled, options, limits, stop, out)?
    } else if options.threads > 1 && (options.all || options.solutions.is_some_and(|n| n > 1)) {
        enumerate_parallel(t, check, compiled, options, limits, out)?
    } else {
        enumerate(t, check, compiled, options, limits, out)?
    };
    if options.statistics {
        stats(
            out,
            t,
            &search_stats,
            started,
            Some((init, compiled.engine().as_str())),
        )?;
        if let Some(objective) = summary.1 {
            writeln!(out, "%%%mzn-stat: objective={objective}")?;
        }
        writeln!(out, "%%%mzn-stat-end")?;
    }
    out.flush()?;
    Ok(summary.0)
}

fn stats(
    out: &mut (dyn Write + Send),
    t: &Translation,
    s: &Stats,
    started: Instant,
    init: Option<(Duration, &str)>,
) -> io::Result<()> {
    writeln!(out, "%%%mzn-stat: nodes={}", s.nodes)?;
    writeln!(out, "%%%mzn-stat: solutions={}", s.solutions)?;
    writeln!(out, "%%%mzn-stat: variables={}", t.model.var_count())?;
    writeln!(out, "%%%mzn-stat: constraints={}", t.constraints)?;
    if let Some((init, engine)) = init {
        writeln!(out, "%%%mzn-stat: initTime={:.6}", init.as_secs_f64())?;
        writeln!(
            out,
            "%%%mzn-stat: solveTime={:.6}",
            started.elapsed().saturating_sub(init).as_secs_f64()
        )?;
        writeln!(out, "%%%mzn-stat: engine=\"{engine}\"")?;
    } else {
        writeln!(out, "%%%mzn-stat-end")?;
    }
    Ok(())
}

/// The closing line of a satisfaction search.
fn close(
    out: &mut (dyn Write + Send),
    found: u64,
    incomplete: Option<Incomplete>,
) -> io::Result<()> {
    match (found, incomplete) {
        (0, None) => writeln!(out, "{UNSATISFIABLE}"),
        (0, Some(_)) => writeln!(out, "{UNKNOWN}"),
        (_, None) => writeln!(out, "{COMPLETE}"),
        (_, Some(_)) => Ok(()),
    }
}

type Ran = ((Summary, Option<Value>), Stats);

fn enumerate(
    t: &Translation,
    check: &SolutionCheck<'_>,
    compiled: &Compiled,
    options: &Options,
    limits: &Limits,
    out: &mut (dyn Write + Send),
) -> Result<Ran, RunError> {
    let mut limits = limits.clone();
    let wanted = if options.all {
        options.solutions
    } else {
        Some(options.solutions.unwrap_or(1))
    };
    if let Some(n) = wanted {
        limits.max_solutions = Some(u128::from(n));
    }
    let mut solver = compiled.solver();
    solver.set_seed(options.seed);
    solver.set_branching(options.branching.unwrap_or_default());
    let mut found = 0u64;
    let mut text = String::new();
    let mut failed = None;
    let outcome = solver.for_each_solution(&limits, |s| {
        found += 1;
        if let Err(fault) = checked(check, found, &s) {
            failed = Some(fault);
            return ControlFlow::Break(());
        }
        text.clear();
        format_solution(&t.outputs, &s, &mut text);
        text.push_str(SEPARATOR);
        text.push('\n');
        match out.write_all(text.as_bytes()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e.into());
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    // A solution limit reached with exactly the solutions there are is
    // still "stopped": there might have been more.
    close(out, found, outcome.incomplete)?;
    Ok((
        (
            Summary {
                solutions: found,
                incomplete: outcome.incomplete,
            },
            None,
        ),
        outcome.stats,
    ))
}

/// Splits the search into disjoint parts (values of the first undecided
/// variables, output variables first) and enumerates them on `threads`
/// threads with solver-core's one parallel driver
/// ([`solver_core::parallel::run_parts`]), printing each solution whole.
fn enumerate_parallel(
    t: &Translation,
    check: &SolutionCheck<'_>,
    compiled: &Compiled,
    options: &Options,
    limits: &Limits,
    out: &mut (dyn Write + Send),
) -> Result<Ran, RunError> {
    let cubes = cubes(t, options.threads * 16);
    let mut limits = limits.clone();
    limits.max_solutions = if options.all {
        options.solutions
    } else {
        Some(options.solutions.unwrap_or(1))
    }
    .map(u128::from);
    let printed = AtomicU64::new(0);
    let out = Mutex::new(out);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()?;
    let solver = || {
        let mut solver = compiled.solver();
        solver.set_seed(options.seed);
        solver.set_branching(options.branching.unwrap_or_default());
        solver
    };
    let outcome = pool.install(|| {
        run_parts(
            &cubes,
            &PartsRun::new(&limits),
            solver,
            |solver, cube, mine, meter| {
                solver.clear_assumptions();
                for &(var, value) in cube {
                    if solver.assume(var, value).is_err() {
                        return Ok(Outcome::default());
                    }
                }
                let mut text = String::new();
                let mut failed = None;
                let outcome = solver.for_each_solution(mine, |s| {
                    // Within `-n`: the meter lets exactly that many through.
                    if !meter.admit() {
                        return ControlFlow::Break(());
                    }
                    let number = printed.fetch_add(1, Ordering::SeqCst) + 1;
                    if let Err(fault) = checked(check, number, &s) {
                        failed = Some(fault);
                        return ControlFlow::Break(());
                    }
                    text.clear();
                    format_solution(&t.outputs, &s, &mut text);
                    text.push_str(SEPARATOR);
                    text.push('\n');
                    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
                    if let Err(e) = out.write_all(text.as_bytes()) {
                        failed = Some(e.into());
                        return ControlFlow::Break(());
                    }
                    if meter.stopped() {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                match failed {
                    Some(e) => Err(e),
                    None => Ok(outcome),
                }
            },
        )
    })?;
    let found = printed.load(Ordering::SeqCst);
    let out = out.into_inner().unwrap_or_else(|e| e.into_inner());
    close(out, found, outcome.incomplete)?;
    Ok((
        (
            Summary {
                solutions: found,
                incomplete: outcome.incomplete,
            },
            None,
        ),
        outcome.stats,
    ))
}

/// Disjoint assumptions covering the search space: every combination of
/// values of the first variables (output variables first) with more than
/// one value, until there are at least `want` of them (a variable that
/// would make more than four times `want` is passed over), by solver-core's
/// split ([`assignments_in_order`]).
fn cubes(t: &Translation, want: usize) -> Vec<Vec<(Var, Value)>> {
    let mut seen = std::collections::HashSet::new();
    let mut order = Vec::new();
    let mut parts = 1usize;
    for o in &t.outputs {
        let vars = match o {
            Output::Scalar { var, .. } => std::slice::from_ref(var),
            Output::Array { vars, .. } => &vars[..],
        };
        for &var in vars {
            if parts >= want {
                break;
            }
            if !seen.insert(var) {
                continue;
            }
            let domain = t.model.domain(var);
            if domain.len() < 2 || parts.saturating_mul(domain.len()) > want.saturating_mul(4) {
                continue;
            }
            parts *= domain.len();
            order.push((var, domain));
        }
    }
    assignments_in_order(order, want)
}

fn optimize(
    t: &Translation,
    check: &SolutionCheck<'_>,
    compiled: &Compiled,
    options: &Options,
    limits: &Limits,
    stop: &Arc<AtomicBool>,
    out: &mut (dyn Write + Send),
) -> Result<Ran, RunError> {
    let mut solver = compiled.solver();
    solver.set_seed(options.seed);
    solver.set_branching(options.branching.unwrap_or_default());
    let mut found = 0u64;
    let mut text = String::new();
    let mut failed = None;
    let mut last = None;
    let (optimum, stats) = solver.optimize(limits, &mut |s: &Solution, value: Value| {
        if failed.is_some() {
            return;
        }
        if let Err(fault) = checked(check, found + 1, s) {
            failed = Some(fault);
            stop.store(true, Ordering::Relaxed);
            return;
        }
        text.clear();
        format_solution(&t.outputs, s, &mut text);
        text.push_str(SEPARATOR);
        text.push('\n');
        found += 1;
        last = Some(value);
        if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            failed = Some(e.into());
            stop.store(true, Ordering::Relaxed);
        }
        if options.solutions.is_some_and(|n| found >= n) {
            stop.store(true, Ordering::Relaxed);
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let (incomplete, objective) = match optimum {
        Optimum::Optimal(_, value) => {
            writeln!(out, "{COMPLETE}")?;
            (None, Some(value))
        }
        Optimum::Unsatisfiable => {
            writeln!(out, "{UNSATISFIABLE}")?;
            (None, None)
        }
        Optimum::Incomplete { best, why } => {
            if best.is_none() {
                writeln!(out, "{UNKNOWN}")?;
            }
            (Some(why), best.map(|(_, v)| v).or(last))
        }
    };
    Ok((
        (
            Summary {
                solutions: found,
                incomplete,
            },
            objective,
        ),
        stats,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::translate::translate_text;

    /// A solution that breaks the model is caught by the check, not printed:
    /// the engine searches `x < y` (as a wrong translation or propagator
    /// would) while the model also says `x != 1`; in every mode (one
    /// thread, parallel, optimising).
    #[test]
    fn a_corrupted_solution_is_caught_not_printed() {
        let head =
            "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\nconstraint int_lt(x, y);\n";
        for (solve, threads) in [
            ("solve satisfy;\n", 1),
            ("solve satisfy;\n", 2),
            ("solve maximize y;\n", 1),
        ] {
            let engine = translate_text(&format!("{head}{solve}")).unwrap();
            let model =
                translate_text(&format!("{head}constraint int_ne(x, 1);\n{solve}")).unwrap();
            let compiled = engine.model.compile().unwrap();
            let options = Options {
                all: true,
                threads,
                ..Options::default()
            };
            let stop = Arc::new(AtomicBool::new(false));
            let mut out = Vec::new();
            let result = run_compiled(
                &model,
                &compiled,
                &options,
                &Limits::none(),
                &stop,
                Instant::now(),
                &mut out,
            );
            let text = String::from_utf8(out).unwrap();
            assert!(
                matches!(result, Err(RunError::Faulty(_))),
                "{solve} {threads}: {result:?}"
            );
            assert!(!text.contains("x = 1;"), "{text}");
        }
    }

    #[test]
    fn integers_print_as_format_prints_them() {
        let mut cases = vec![
            0i64,
            1,
            -1,
            9,
            10,
            -10,
            99,
            100,
            34,
            -4567,
            i64::MAX,
            i64::MIN,
        ];
        cases.extend((0..64).map(|k| 1i64 << k));
        cases.extend((0..64).map(|k| (1i64 << k).wrapping_neg()));
        cases.extend((1..19).map(|k| 10i64.pow(k) - 1));
        let mut out = String::from("x");
        for v in cases {
            out.truncate(1);
            push_int(&mut out, v);
            assert_eq!(out, format!("x{v}"));
        }
    }
}
