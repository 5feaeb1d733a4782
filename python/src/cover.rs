//! The `ExactCover` class: any exact-cover problem, with primary and
//! secondary items and colours, over [`solver_core`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use solver_core::{knuth, Entry, Incomplete as Why, Matrix, OptionId, Outcome, ProblemBuilder};

use crate::errors::{self, value_error, Unsolvable};
use crate::interrupt::{self, POLL};
use crate::limits::call_limits;

/// Solutions a `solutions()` iterator computes ahead of the caller.
const AHEAD: usize = 64;

/// An exact-cover problem: choose options (sets of items) so that every
/// primary item is covered exactly once and every secondary item at most
/// once, or by several options that give it the same colour.
///
/// >>> p = ExactCover(["a", "b", "c"], options=[["a", "b"], ["c"], ["a"], ["b", "c"]])
/// >>> sorted(map(sorted, p.solutions()))
/// [[['a'], ['b', 'c']], [['a', 'b'], ['c']]]
///
/// An option is a list of item names or one string of names separated by
/// spaces; `"x:red"` gives secondary item `x` the colour `red`. Solutions
/// are lists of the option objects as given (or of their indices).
#[pyclass(module = "dancing_links", frozen)]
pub struct ExactCover {
    matrix: Arc<Matrix>,
    options: Vec<Py<PyAny>>,
}

/// The names of one option: a string split on whitespace, or a sequence of strings.
fn option_names(option: &Bound<'_, PyAny>, index: usize) -> PyResult<Vec<String>> {
    if let Ok(text) = option.downcast::<PyString>() {
        return Ok(text
            .to_str()?
            .split_whitespace()
            .map(str::to_owned)
            .collect());
    }
    let names: PyResult<Vec<String>> = option
        .try_iter()
        .and_then(|it| it.map(|n| n?.extract::<String>()).collect());
    names.map_err(|_| {
        PyTypeError::new_err(format!(
            "option {index}: expected a string of item names or a list of strings"
        ))
    })
}

fn build(primary: &[String], secondary: &[String], options: &[Vec<String>]) -> PyResult<Matrix> {
    let mut b = ProblemBuilder::new();
    for name in primary {
        b.add_primary(name).map_err(value_error)?;
    }
    for name in secondary {
        b.add_secondary(name).map_err(value_error)?;
    }
    for (index, names) in options.iter().enumerate() {
        let mut entries = Vec::with_capacity(names.len());
        for name in names {
            let (item, colour) = match name.split_once(':') {
                Some((item, colour)) => (item, Some(colour)),
                None => (name.as_str(), None),
            };
            let id = b.item(item).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "option {index} (`{}`): unknown item `{item}`",
                    names.join(" ")
                ))
            })?;
            let color = match colour {
                Some("") => {
                    return Err(PyValueError::new_err(format!(
                        "option {index} (`{}`): empty colour after `{item}:`",
                        names.join(" ")
                    )))
                }
                Some(c) => Some(b.color(c).map_err(value_error)?),
                None => None,
            };
            entries.push(Entry { item: id, color });
        }
        b.add_option(entries).map_err(value_error)?;
    }
    b.build().map_err(value_error)
}

#[pymethods]
impl ExactCover {
    /// ExactCover(primary, secondary=(), options=())
    ///
    /// `primary`, `secondary`: item names (strings). `options`: an iterable
    /// of options, each a list of item names or a string of names separated
    /// by spaces, `name:colour` for a coloured secondary item. Raises
    /// ValueError naming the option and item at fault.
    #[new]
    #[pyo3(signature = (primary, secondary = Vec::new(), options = None))]
    fn py_new(
        primary: Vec<String>,
        secondary: Vec<String>,
        options: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<ExactCover> {
        let mut objects = Vec::new();
        let mut names = Vec::new();
        if let Some(options) = options {
            for (index, option) in options.try_iter()?.enumerate() {
                let option = option?;
                names.push(option_names(&option, index)?);
                objects.push(option.unbind());
            }
        }
        let matrix = build(&primary, &secondary, &names)?;
        Ok(ExactCover {
            matrix: Arc::new(matrix),
            options: objects,
        })
    }

    /// A problem in Knuth's text format (the `dlx` command's input): the
    /// first line lists the primary items, then `|` and the secondary
    /// items; each further line is an option. Options are then strings in
    /// Knuth's notation. Errors give the line and column.
    #[staticmethod]
    fn from_knuth(py: Python<'_>, text: &str) -> PyResult<ExactCover> {
        let matrix = knuth::parse(text).map_err(value_error)?;
        let options = (0..matrix.option_count())
            .map(|o| {
                Ok(PyString::new(py, &matrix.option_text(OptionId::new(o)))
                    .into_any()
                    .unbind())
            })
            .collect::<PyResult<_>>()?;
        Ok(ExactCover {
            matrix: Arc::new(matrix),
            options,
        })
    }

    /// The number of solutions, counting at most `limit` (then
    /// `min(count, limit)`), on every core with the GIL released. Raises
    /// Incomplete (with the partial `count`) when `timeout` seconds or
    /// `max_nodes` stop it first; Ctrl-C raises KeyboardInterrupt.
    #[pyo3(signature = (limit = None, *, timeout = None, max_nodes = None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u128>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<u128> {
        let call = call_limits(timeout, max_nodes, limit)?;
        let matrix = &self.matrix;
        let count = interrupt::run(py, &call.cancel, || matrix.par_count(&[], &call.limits))?
            .map_err(value_error)?;
        match count.outcome.incomplete {
            None | Some(Why::SolutionLimit) => Ok(count.solutions),
            Some(why) => Err(errors::incomplete(py, why, Some(count.solutions))),
        }
    }

    /// One solution (a list of options); raises Unsolvable when there is none.
    #[pyo3(signature = (*, timeout = None, max_nodes = None, indices = false))]
    fn solve(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
        indices: bool,
    ) -> PyResult<PyObject> {
        let mut it = self.solutions(py, Some(1), timeout, max_nodes, indices)?;
        match it.next_solution(py)? {
            Some(solution) => Ok(solution),
            None => Err(Unsolvable::new_err("no solution")),
        }
    }

    /// A lazy iterator over the solutions, each a list of the options as
    /// given (or their indices with `indices=True`). The search runs on a
    /// helper thread, at most 64 solutions ahead of the caller. `limit`
    /// stops after that many solutions; `timeout` (seconds, for the whole
    /// iteration) and `max_nodes` make the iterator raise Incomplete after
    /// the last solution found. Ctrl-C raises KeyboardInterrupt and ends it.
    #[pyo3(signature = (limit = None, *, timeout = None, max_nodes = None, indices = false))]
    fn solutions(
        &self,
        py: Python<'_>,
        limit: Option<u128>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
        indices: bool,
    ) -> PyResult<SolutionIter> {
        let call = call_limits(timeout, max_nodes, limit)?;
        let (tx, rx) = mpsc::sync_channel(AHEAD);
        let matrix = Arc::clone(&self.matrix);
        let limits = call.limits;
        std::thread::Builder::new()
            .name("dancing-links-solutions".into())
            .spawn(move || produce(&matrix, &limits, &tx))
            .map_err(value_error)?;
        Ok(SolutionIter {
            rx: Mutex::new(rx),
            cancel: call.cancel,
            options: self.options.iter().map(|o| o.clone_ref(py)).collect(),
            indices,
            state: IterState::Running,
        })
    }

    /// The number of items (primary and secondary).
    #[getter]
    fn item_count(&self) -> usize {
        self.matrix.item_count()
    }

    /// The number of options.
    #[getter]
    fn option_count(&self) -> usize {
        self.matrix.option_count()
    }

    /// The problem in Knuth's text format.
    fn to_knuth(&self) -> String {
        knuth::write(&self.matrix)
    }

    fn __repr__(&self) -> String {
        format!(
            "ExactCover({} items, {} primary, {} options)",
            self.matrix.item_count(),
            self.matrix.primary_count(),
            self.matrix.option_count()
        )
    }
}

/// What the search thread sends.
enum Message {
    Solution(Vec<OptionId>),
    End(Outcome),
}

/// The search thread: sends each solution, then the outcome. It stops
/// when the iterator is dropped (the channel closes and the cancel flag
/// is raised).
fn produce(matrix: &Matrix, limits: &solver_core::Limits, tx: &SyncSender<Message>) {
    let mut solver = matrix.solver();
    let mut search = solver.solutions(limits);
    while let Some(solution) = search.next_solution() {
        if tx.send(Message::Solution(solution.to_vec())).is_err() {
            return;
        }
    }
    let _ = tx.send(Message::End(search.outcome()));
}

enum IterState {
    Running,
    Done,
}

/// The lazy iterator returned by `ExactCover.solutions()`.
#[pyclass(module = "dancing_links")]
pub struct SolutionIter {
    rx: Mutex<Receiver<Message>>,
    cancel: Arc<AtomicBool>,
    options: Vec<Py<PyAny>>,
    indices: bool,
    state: IterState,
}

impl SolutionIter {
    fn set_state(&mut self, state: IterState) {
        self.state = state;
    }

    /// The next solution as a Python list, `None` at the end.
    fn next_solution(&mut self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        if let IterState::Done = self.state {
            return Ok(None);
        }
        loop {
            let waiting = self.rx.get_mut().unwrap_or_else(|e| e.into_inner());
            match py.allow_threads(move || waiting.recv_timeout(POLL)) {
                Ok(Message::Solution(options)) => {
                    let list = if self.indices {
                        PyList::new(py, options.iter().map(|o| o.index()))?
                    } else {
                        PyList::new(py, options.iter().map(|o| self.options[o.index()].bind(py)))?
                    };
                    return Ok(Some(list.into_any().unbind()));
                }
                Ok(Message::End(outcome)) => {
                    self.set_state(IterState::Done);
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
                        self.set_state(IterState::Done);
                        return Err(signal);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.set_state(IterState::Done);
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(
                        "internal error: the search thread stopped without an answer",
                    ));
                }
            }
        }
    }
}

#[pymethods]
impl SolutionIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        self.next_solution(py)
    }
}

impl Drop for SolutionIter {
    fn drop(&mut self) {
        // Stops the search thread within 256 nodes even between solutions.
        self.cancel.store(true, Ordering::Relaxed);
    }
}
