//! `solve_many` and `check_many`: many puzzles on every core, the GIL
//! released, one result per input in input order. A puzzle that cannot be
//! read or solved gives a `Failure` (or a `Check` with its status) in its
//! place; it never costs the others.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};
use rayon::prelude::*;
use sudoku::{Grid, Notation, Shape, Variant};
use sudoku_batch::{Batch, OutputFormat};
use sudoku_format::Puzzle;
use sudoku_solve::{Answer, Answered, Asked, Task};

use crate::errors::{self, InvalidPuzzle, Unsolvable};
use crate::grid::{grid_from_object, grid_from_text, shape_arg, Sudoku};
use crate::interrupt;
use crate::limits::call_limits;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};

/// One input, taken from Python before the GIL is released.
enum Input {
    Text(String),
    Grid(Grid),
    Bad(String),
}

impl Input {
    fn take(item: &Bound<'_, PyAny>, shape: Option<Shape>) -> Input {
        if let Ok(text) = item.downcast::<PyString>() {
            return match text.to_str() {
                Ok(t) => Input::Text(t.to_owned()),
                Err(e) => Input::Bad(e.to_string()),
            };
        }
        match grid_from_object(item, shape) {
            Ok(grid) => Input::Grid(grid),
            Err(e) => Input::Bad(e.value(item.py()).to_string()),
        }
    }

    fn grid(self, shape: Option<Shape>) -> Result<Grid, String> {
        match self {
            Input::Text(t) => grid_from_text(&t, shape),
            Input::Grid(g) => Ok(g),
            Input::Bad(message) => Err(message),
        }
    }
}

/// A puzzle of a batch that got no answer: it could not be read
/// (`status` "invalid"), its givens clash ("invalid"), it has no solution
/// ("unsolvable"), or a limit stopped it ("unknown"). It is falsy, so
/// `[r for r in results if r]` keeps the solutions.
#[pyclass(module = "dancing_links", frozen)]
#[derive(Clone)]
pub struct Failure {
    /// Position of the puzzle in the input (from 0).
    #[pyo3(get)]
    pub index: usize,
    /// `invalid`, `unsolvable`, `unknown` or `internal`.
    #[pyo3(get)]
    pub status: &'static str,
    /// What went wrong, located as the command says it
    /// (`line 1, column 22, cell r3c4: ...`).
    #[pyo3(get)]
    pub message: String,
    /// The engine that searched (`band9`, `bits`, `units`, `cdcl` or
    /// `dlx`, as the command's JSON `engine`); None when no search ran (the
    /// puzzle could not be read or its shape cannot be solved).
    #[pyo3(get)]
    pub engine: Option<&'static str>,
    /// Whether the puzzle was read but two givens clash (InvalidPuzzle).
    clash: bool,
}

#[pymethods]
impl Failure {
    fn __bool__(&self) -> bool {
        false
    }

    /// The exception a single call would have raised (ValueError,
    /// InvalidPuzzle, Unsolvable, Incomplete, ...), to raise or inspect.
    #[getter]
    fn error(&self) -> PyErr {
        let message = self.message.clone();
        match self.status {
            "unsolvable" => Unsolvable::new_err(message),
            "unknown" => errors::Incomplete::new_err(message),
            "internal" => PyRuntimeError::new_err(message),
            _ if self.clash => InvalidPuzzle::new_err(message),
            _ => PyValueError::new_err(message),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Failure(index={}, status={:?}, message={:?})",
            self.index, self.status, self.message
        )
    }
}

/// The answer to "does this puzzle have exactly one solution?", as
/// `sudoku check` reports it.
#[pyclass(module = "dancing_links", frozen, get_all)]
#[derive(Clone)]
pub struct Check {
    /// Position of the puzzle in the input (from 0).
    pub index: usize,
    /// `unique`, `multiple`, `unsolvable`, `invalid` (unreadable or
    /// clashing givens), `unknown` (stopped by a limit) or `internal`.
    pub status: &'static str,
    /// The solution when unique; the first of two when multiple.
    pub solution: Option<Sudoku>,
    /// A second solution when multiple.
    pub second: Option<Sudoku>,
    /// Why, for invalid, unknown and internal.
    pub message: Option<String>,
    /// The engine that searched (`band9`, `bits`, `units`, `cdcl` or
    /// `dlx`, as the command's JSON `engine`); None when no search ran.
    pub engine: Option<&'static str>,
}

impl Check {
    fn failed(index: usize, status: &'static str, message: String) -> Check {
        Check {
            index,
            status,
            solution: None,
            second: None,
            message: Some(message),
            engine: None,
        }
    }

    /// A solution failed the independent check of the rules and givens.
    fn internal(index: usize, engine: Option<&'static str>) -> Check {
        Check {
            engine,
            ..Check::failed(
                index,
                "internal",
                "internal error: a solution found fails the check of the rules and givens".into(),
            )
        }
    }

    /// The check as [`sudoku_solve::answer`] answered it (every solution already
    /// checked against the rules and givens), each solution wrapped by
    /// `wrap`.
    pub fn from_answered(index: usize, answered: Answered, wrap: impl Fn(Grid) -> Sudoku) -> Check {
        let engine = engine_of(&answered);
        let mut check = Check::failed(index, answered.answer.status(), String::new());
        check.message = None;
        check.engine = engine;
        match answered.answer {
            Answer::Unique(s) => check.solution = Some(wrap(s)),
            Answer::Multiple(a, b) => {
                check.solution = Some(wrap(a));
                check.second = Some(wrap(b));
            }
            Answer::Unsolvable => {}
            Answer::Invalid(message) => check.message = Some(unlined(message)),
            Answer::Unknown(why) => check.message = Some(format!("gave up: {why}")),
            Answer::Internal(_) => return Check::internal(index, engine),
            other => {
                check.status = "internal";
                check.message = Some(format!(
                    "internal error: a check answered {:?}",
                    other.status()
                ));
            }
        }
        check
    }
}

#[pymethods]
impl Check {
    /// True when the puzzle has exactly one solution.
    fn __bool__(&self) -> bool {
        self.status == "unique"
    }

    fn __repr__(&self) -> String {
        let mut text = format!("Check(index={}, status={:?}", self.index, self.status);
        if let Some(s) = &self.solution {
            text.push_str(&format!(", solution={:?}", s.grid.to_string()));
        }
        if let Some(m) = &self.message {
            text.push_str(&format!(", message={m:?}"));
        }
        text + ")"
    }
}

/// The line number the batch passes to [`sudoku_solve::answer`] (each input is
/// read on its own), and the prefix it puts on the messages it makes.
const LINE: usize = 1;

/// `message` without the `line 1: ` that [`sudoku_solve::answer`] puts before the
/// messages it makes itself (a read error keeps its own location).
pub(crate) fn unlined(message: String) -> String {
    match message.strip_prefix("line 1: ") {
        Some(rest) => rest.to_owned(),
        None => message,
    }
}

/// Answers `grid` (classic rules) for the batch's task as the command
/// answers each puzzle of a batch ([`Batch::answer_puzzle`]: the planner's
/// engine, the batch's limits, every solution checked against the rules and
/// givens by code apart from the search). Also says whether an invalid
/// puzzle's givens clash (InvalidPuzzle), rather than another refusal.
fn answer(grid: Grid, batch: &Batch) -> (Answered, bool) {
    let puzzle = Puzzle {
        grid,
        notation: Notation::default(),
        solution: None,
        variant: None,
    };
    let answered = batch.answer_puzzle(&puzzle, &Variant::default(), LINE, false, None);
    let clash = matches!(answered.answer, Answer::Invalid(_)) && puzzle.grid.check().is_err();
    (answered, clash)
}

/// The engine an answer names (`band9`, `bits`, `dlx`, ...).
fn engine_of(answered: &Answered) -> Option<&'static str> {
    answered.plan.map(|p| p.engine.as_str())
}

fn solve_one(
    index: usize,
    input: Input,
    shape: Option<Shape>,
    batch: &Batch,
) -> Result<Grid, Failure> {
    let fail = |status, message| Failure {
        index,
        status,
        message,
        engine: None,
        clash: false,
    };
    let grid = input.grid(shape).map_err(|m| fail("invalid", m))?;
    let (answered, clash) = answer(grid, batch);
    let engine = engine_of(&answered);
    let fail = |status, message| Failure {
        engine,
        clash,
        ..fail(status, message)
    };
    match answered.answer {
        Answer::Solved(solution) => Ok(solution),
        Answer::Unsolvable => Err(fail("unsolvable", "no solution".into())),
        Answer::Unknown(why) => Err(fail("unknown", format!("gave up: {why}"))),
        Answer::Invalid(message) => Err(fail("invalid", unlined(message))),
        Answer::Internal(message) => Err(fail(
            "internal",
            format!("internal error: {}", unlined(message)),
        )),
        other => Err(fail(
            "internal",
            format!("internal error: a solve answered {:?}", other.status()),
        )),
    }
}

fn check_one(index: usize, input: Input, shape: Option<Shape>, batch: &Batch) -> Check {
    let grid = match input.grid(shape) {
        Ok(g) => g,
        Err(m) => return Check::failed(index, "invalid", m),
    };
    let (answered, _) = answer(grid, batch);
    Check::from_answered(index, answered, Sudoku::new)
}

/// Reads the inputs and runs `each` over them in parallel, in order, each
/// puzzle answered for `task` by one [`Batch`].
#[allow(clippy::too_many_arguments)]
fn run_batch<T: Send>(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    r#box: Option<&Bound<'_, PyAny>>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    threads: Option<&Bound<'_, PyAny>>,
    task: Task,
    each: impl Fn(usize, Input, Option<Shape>, &Batch) -> T + Sync,
) -> PyResult<Vec<T>> {
    let shape = shape_arg(r#box)?;
    let threads = threads_arg(threads)?;
    // Checks `timeout` and `max_nodes` as every call does.
    let call = call_limits(timeout, max_nodes, None)?;
    let batch = Batch {
        task,
        timeout: timeout.map(|t| Duration::from_secs_f64(t.min(1e9))),
        max_nodes,
        cancel: Arc::clone(&call.cancel),
        engine: Asked::Auto,
        base: Variant::default(),
        format: OutputFormat::Text,
        names: Vec::new(),
        logic: None,
    };
    // An exception raised by the iterable itself (KeyboardInterrupt in a
    // generator, say) is the caller's, not a bad record: it propagates.
    // Reading a long list runs no Python code, so Ctrl-C is looked for
    // here too, every `SIGNAL_EVERY` items.
    let mut inputs = Vec::new();
    for (k, item) in puzzles.try_iter()?.enumerate() {
        if k % SIGNAL_EVERY == SIGNAL_EVERY - 1 {
            py.check_signals()?;
        }
        inputs.push(Input::take(&item?, shape));
    }
    // More threads than puzzles would only add idle workers: 4,096 of them
    // for one puzzle took half a minute on two cores (their idle spinning).
    let threads = threads.map(|n| n.min(inputs.len()).max(1));
    let batch = &batch;
    let cancel = &*call.cancel;
    let each = &each;
    // Each worker looks at the cancel flag before each puzzle: a puzzle
    // solved in fewer nodes than the search's own check of the flag (every
    // 256 nodes) would otherwise never see it, and the batch would run to
    // its end after Ctrl-C. A `None` stops the collection at once.
    let work = move || {
        inputs
            .into_par_iter()
            .enumerate()
            .map(|(i, input)| {
                (!cancel.load(Ordering::Relaxed)).then(|| each(i, input, shape, batch))
            })
            .collect::<Option<Vec<T>>>()
    };
    let done = match threads {
        None => interrupt::run(py, &call.cancel, work)?,
        Some(n) => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(errors::value_error)?;
            interrupt::run(py, &call.cancel, || pool.install(work))?
        }
    };
    // The flag is only raised on Ctrl-C, which `interrupt::run` returned.
    done.ok_or_else(|| PyRuntimeError::new_err("internal error: the batch was cancelled"))
}

/// The most threads a batch accepts (as the command's `-j`).
pub const MAX_THREADS: usize = 4096;

/// How many input items are read between two checks for Ctrl-C.
const SIGNAL_EVERY: usize = 4096;

/// The `threads=` argument: None for one per core, else 1 to [`MAX_THREADS`].
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
            value.get_type().name()?
        ))),
    }
}

/// solve_many(puzzles, box=None, *, timeout=None, max_nodes=None, threads=None)
///
/// Solves every puzzle of `puzzles` (an iterable of strings, lists or Sudoku
/// objects) on all cores with the GIL released. Returns one result per
/// puzzle, in input order: the solved Sudoku, or a Failure (falsy) saying
/// why. `timeout` (seconds) and `max_nodes` apply to each puzzle; `threads`
/// sets the number of threads, 1 to 4096 (default: one per core; other
/// values raise ValueError; no more threads than puzzles are started). Each
/// puzzle is answered through the library's one answer path
/// (`sudoku_solve::answer`, as the `sudoku` command): the planner's engine,
/// named by `Failure.engine`, and every solution checked against the rules
/// and givens by code apart from the search (a failure of that check gives
/// status "internal"). Ctrl-C stops every worker and raises
/// KeyboardInterrupt within a few tens of milliseconds.
#[pyfunction]
#[pyo3(signature = (puzzles, r#box = None, *, timeout = None, max_nodes = None, threads = None))]
pub fn solve_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    r#box: Option<&Bound<'_, PyAny>>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PyObject>> {
    let results = run_batch(
        py,
        puzzles,
        r#box,
        timeout,
        max_nodes,
        threads,
        Task::Solve,
        solve_one,
    )?;
    results
        .into_iter()
        .map(|r| match r {
            Ok(grid) => Ok(Py::new(py, Sudoku::new(grid))?.into_any()),
            Err(failure) => Ok(Py::new(py, failure)?.into_any()),
        })
        .collect()
}

/// check_many(puzzles, box=None, *, timeout=None, max_nodes=None, threads=None)
///
/// Checks every puzzle for a unique solution, as `sudoku check` does, on
/// all cores with the GIL released. Returns one Check per puzzle, in input
/// order, with `status` unique, multiple, unsolvable, invalid or unknown,
/// and `engine` the engine that searched. Arguments as for `solve_many`.
#[pyfunction]
#[pyo3(signature = (puzzles, r#box = None, *, timeout = None, max_nodes = None, threads = None))]
pub fn check_many(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    r#box: Option<&Bound<'_, PyAny>>,
    timeout: Option<f64>,
    max_nodes: Option<u64>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Check>> {
    run_batch(
        py,
        puzzles,
        r#box,
        timeout,
        max_nodes,
        threads,
        Task::Check,
        check_one,
    )
}
