//! The `ExactCover` class: any exact-cover problem, with primary and
//! secondary items and colours, over [`solver_core`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use solver_core::{
    knuth, zdd, Entry, Incomplete as Why, ItemId, Matrix, OptionId, Outcome, ProblemBuilder,
};

use crate::errors::{self, value_error, Unsolvable};
use crate::interrupt::{self, POLL};
use crate::limits::{call_limits, limit_arg};

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
/// Items are named by any hashable Python objects: strings, ints, tuples...
/// (equal objects name the same item, as in a dict). A string name is 1 to
/// 64 bytes of printable characters other than spaces, `:` and `|`: what
/// Knuth's text format carries, so that `from_knuth(to_knuth())` reads the
/// same problem back; other strings are refused with ValueError.
///
/// An option is a list of item names or one string of names separated by
/// spaces; in either, the string `"x:red"` gives secondary item `x` the
/// colour `red` (so only string-named items take colours). Solutions are
/// lists of the option objects as given (or of their indices).
#[pyclass(module = "dancing_links", frozen)]
pub struct ExactCover {
    matrix: Arc<Matrix>,
    options: Vec<Py<PyAny>>,
    /// The item names as given, by item number (primary, then secondary).
    items: Vec<Py<PyAny>>,
}

/// Why `name` cannot be a name in Knuth's text format (the rule of
/// `solver_core::knuth`), or None when it can.
fn knuth_name_fault(name: &str) -> Option<String> {
    if name.is_empty() {
        return Some("it is empty".into());
    }
    if name.len() > knuth::MAX_NAME_LEN {
        return Some(format!(
            "it is {} bytes long, more than {}",
            name.len(),
            knuth::MAX_NAME_LEN
        ));
    }
    name.chars()
        .find(|&c| c == ':' || c == '|' || c == '\u{feff}' || c.is_control() || c.is_whitespace())
        .map(|c| format!("it holds {c:?}"))
}

/// The rule a name breaks, for messages.
const NAME_RULE: &str =
    "names are 1 to 64 bytes of printable characters other than spaces, `:` and `|`";

/// How a name reads in a message: a string as it is, anything else by repr().
fn shown(name: &Bound<'_, PyAny>) -> String {
    match name.downcast::<PyString>() {
        Ok(s) => s.to_string_lossy().into_owned(),
        Err(_) => name
            .repr()
            .map(|r| r.to_string_lossy().into_owned())
            .unwrap_or_else(|_| "<unprintable>".into()),
    }
}

/// One entry of an option as read from Python: an item and maybe a colour.
struct Named<'py> {
    item: Bound<'py, PyAny>,
    colour: Option<String>,
}

/// The entries of one option: a string split on whitespace, or an iterable
/// of names; a string `x:red` in either names item `x` with colour `red`.
fn option_names<'py>(option: &Bound<'py, PyAny>, index: usize) -> PyResult<Vec<Named<'py>>> {
    let py = option.py();
    let word = |w: &str| {
        let (item, colour) = match w.split_once(':') {
            Some((item, colour)) => (item, Some(colour.to_owned())),
            None => (w, None),
        };
        Named {
            item: PyString::new(py, item).into_any(),
            colour,
        }
    };
    if let Ok(text) = option.downcast::<PyString>() {
        return Ok(text.to_str()?.split_whitespace().map(word).collect());
    }
    let iter = option.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "option {index}: expected a string of item names or a list of item names, got {}",
            option
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    let mut names = Vec::new();
    for name in iter {
        let name = name?;
        names.push(match name.downcast::<PyString>() {
            Ok(text) => word(text.to_str()?),
            Err(_) => Named {
                item: name,
                colour: None,
            },
        });
    }
    Ok(names)
}

/// The problem's matrix and item objects. String items keep their names in
/// the matrix; other items get a name no string item can have (a control
/// character, then their number), used only inside the matrix.
fn build(
    primary: &Bound<'_, PyAny>,
    secondary: &Bound<'_, PyAny>,
    options: &[Vec<Named<'_>>],
) -> PyResult<(Matrix, Vec<Py<PyAny>>)> {
    let py = primary.py();
    let numbers = PyDict::new(py);
    let mut items: Vec<Py<PyAny>> = Vec::new();
    let mut is_primary = Vec::new();
    let mut b = ProblemBuilder::new();
    for (list, primary) in [(primary, true), (secondary, false)] {
        if list.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(format!(
                "{} items: expected a list of names, got a string (write \"a b c\".split())",
                if primary { "primary" } else { "secondary" }
            )));
        }
        for name in list.try_iter()? {
            let name = name?;
            let key = match name.downcast::<PyString>() {
                Ok(text) => {
                    let text = text.to_str()?;
                    if let Some(fault) = knuth_name_fault(text) {
                        return Err(PyValueError::new_err(format!(
                            "item name {} cannot be used: {fault} ({NAME_RULE})",
                            name.repr()?
                        )));
                    }
                    text.to_owned()
                }
                Err(_) => format!("\u{1}{}", items.len()),
            };
            let known = numbers.get_item(&name).map_err(|e| {
                PyTypeError::new_err(format!(
                    "item names must be hashable: {} ({e})",
                    shown(&name)
                ))
            })?;
            if known.is_some() {
                return Err(PyValueError::new_err(format!(
                    "item `{}` is declared twice",
                    shown(&name)
                )));
            }
            numbers.set_item(&name, items.len())?;
            if primary {
                b.add_primary(&key).map_err(value_error)?;
            } else {
                b.add_secondary(&key).map_err(value_error)?;
            }
            items.push(name.unbind());
            is_primary.push(primary);
        }
    }
    for (index, names) in options.iter().enumerate() {
        let whole = || {
            names
                .iter()
                .map(|n| match &n.colour {
                    Some(c) => format!("{}:{c}", shown(&n.item)),
                    None => shown(&n.item),
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut entries = Vec::with_capacity(names.len());
        let mut seen = Vec::with_capacity(names.len());
        for name in names {
            let number: usize = match numbers.get_item(&name.item) {
                Ok(Some(k)) => k.extract()?,
                Ok(None) | Err(_) => {
                    return Err(PyValueError::new_err(format!(
                        "option {index} (`{}`): unknown item `{}`",
                        whole(),
                        shown(&name.item)
                    )))
                }
            };
            if seen.contains(&number) {
                return Err(PyValueError::new_err(format!(
                    "option {index} names item `{}` twice",
                    shown(&name.item)
                )));
            }
            seen.push(number);
            let color = match name.colour.as_deref() {
                None => None,
                Some("") => {
                    return Err(PyValueError::new_err(format!(
                        "option {index} (`{}`): empty colour after `{}:`",
                        whole(),
                        shown(&name.item)
                    )))
                }
                Some(_) if is_primary[number] => {
                    return Err(PyValueError::new_err(format!(
                        "option {index} gives a colour to primary item `{}`; only secondary items have colours",
                        shown(&name.item)
                    )))
                }
                Some(c) => {
                    if let Some(fault) = knuth_name_fault(c) {
                        return Err(PyValueError::new_err(format!(
                            "option {index} (`{}`): colour {} cannot be used: {fault} ({NAME_RULE})",
                            whole(),
                            PyString::new(py, c).repr()?
                        )));
                    }
                    Some(b.color(c).map_err(value_error)?)
                }
            };
            entries.push(Entry {
                item: ItemId::new(number),
                color,
            });
        }
        b.add_option(entries).map_err(value_error)?;
    }
    Ok((b.build().map_err(value_error)?, items))
}

impl ExactCover {
    /// The iterator of `solutions()` with its limit read.
    fn iter(
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
}

#[pymethods]
impl ExactCover {
    /// ExactCover(primary, secondary=(), options=())
    ///
    /// `primary`, `secondary`: item names, any hashable objects (a string
    /// name must be 1 to 64 bytes of printable characters other than
    /// spaces, `:` and `|`). `options`: an iterable of options, each a list
    /// of item names or a string of names separated by spaces, `"name:colour"`
    /// for a coloured secondary item. Raises ValueError naming the item, or
    /// the option and item, at fault; TypeError for an unhashable name.
    #[new]
    #[pyo3(signature = (primary, secondary = None, options = None))]
    fn py_new(
        py: Python<'_>,
        primary: &Bound<'_, PyAny>,
        secondary: Option<&Bound<'_, PyAny>>,
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
        let none = PyTuple::empty(py).into_any();
        let (matrix, items) = build(primary, secondary.unwrap_or(&none), &names)?;
        Ok(ExactCover {
            matrix: Arc::new(matrix),
            options: objects,
            items,
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
        let items = matrix
            .items()
            .map(|i| PyString::new(py, matrix.item_name(i)).into_any().unbind())
            .collect();
        Ok(ExactCover {
            matrix: Arc::new(matrix),
            options,
            items,
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
        limit: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<u128> {
        let call = call_limits(timeout, max_nodes, limit_arg(limit)?)?;
        let matrix = &self.matrix;
        // Dancing Links, counting by the plan's counter (Dancing Cells
        // where they take the matrix, as `dlx count --engine dlx` does).
        let task = cover_model::plan::matrix::Task {
            job: cover_model::plan::Job::Count,
            limit: call.limits.max_solutions.is_some(),
            seed: false,
            progress: false,
            threads: rayon::current_num_threads(),
        };
        let counter =
            cover_model::plan::matrix::planned(matrix, task, cover_model::plan::Asked::Dlx)
                .map_or(solver_core::Counter::Links, |planned| planned.counter);
        let count = interrupt::run(py, &call.cancel, || {
            matrix.par_count_with(counter, &[], &call.limits)
        })?
        .map_err(value_error)?;
        errors::counted(py, count.solutions, count.outcome.incomplete)
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
        let mut it = self.iter(py, Some(1), timeout, max_nodes, indices)?;
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
        limit: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
        indices: bool,
    ) -> PyResult<SolutionIter> {
        self.iter(py, limit_arg(limit)?, timeout, max_nodes, indices)
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

    /// The problem in Knuth's text format, which `from_knuth` reads back
    /// as the same problem (options then as strings). A string name is
    /// written as it is; any other name as its `str()`, which must then
    /// follow the rule of string names and differ from every other item's
    /// name, else ValueError names the item.
    fn to_knuth(&self, py: Python<'_>) -> PyResult<String> {
        let mut names: Vec<String> = Vec::with_capacity(self.items.len());
        let mut taken = std::collections::HashMap::new();
        for (k, item) in self.items.iter().enumerate() {
            let item = item.bind(py);
            let name = item.str()?.to_str()?.to_owned();
            if let Some(fault) = knuth_name_fault(&name) {
                return Err(PyValueError::new_err(format!(
                    "to_knuth: item {} cannot be written: its str() {} is not a name of the text format: {fault} ({NAME_RULE})",
                    item.repr()?,
                    PyString::new(py, &name).repr()?
                )));
            }
            if let Some(&other) = taken.get(&name) {
                let other: &Py<PyAny> = &self.items[other];
                return Err(PyValueError::new_err(format!(
                    "to_knuth: items {} and {} would both be written `{name}`",
                    other.bind(py).repr()?,
                    item.repr()?
                )));
            }
            taken.insert(name.clone(), k);
            names.push(name);
        }
        let m = &self.matrix;
        let (primary, secondary): (Vec<ItemId>, Vec<ItemId>) =
            m.items().partition(|&i| m.is_primary(i));
        let line = |items: &[ItemId]| {
            items
                .iter()
                .map(|i| names[i.index()].as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut text = line(&primary);
        if !secondary.is_empty() {
            text.push_str(" | ");
            text.push_str(&line(&secondary));
        }
        text.push('\n');
        for o in 0..m.option_count() {
            let entries: Vec<String> = m
                .option(OptionId::new(o))
                .map(|e| match e.color {
                    Some(c) => format!("{}:{}", names[e.item.index()], m.color_name(c)),
                    None => names[e.item.index()].clone(),
                })
                .collect();
            text.push_str(&entries.join(" "));
            text.push('\n');
        }
        Ok(text)
    }

    /// The exact number of solutions by memoized counting (the `zdd`
    /// engine of `dlx count`: Knuth's Algorithm Z, branching on the first
    /// primary item left in input order; fast when the items are listed
    /// along the problem's geometry), as a Python int of any size. Raises
    /// Incomplete (reason "memory-limit") when the memo would outgrow
    /// `max_memory` bytes (default 2 GiB), or at `timeout` / `max_nodes`
    /// (subproblems met); never a partial count.
    ///
    /// >>> dominoes = ExactCover(list("abcdef"), options=["a b", "b c", "d e", "e f", "a d", "b e", "c f"])
    /// >>> dominoes.count_memo()
    /// 3
    #[pyo3(signature = (*, max_memory = None, timeout = None, max_nodes = None))]
    fn count_memo(
        &self,
        py: Python<'_>,
        max_memory: Option<u64>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<PyObject> {
        let (z, counts) = self.diagram(py, max_memory, timeout, max_nodes)?;
        let digits = z.count_of(&counts).to_string();
        let int = py.import("builtins")?.getattr("int")?.call1((digits,))?;
        Ok(int.unbind())
    }

    /// The diagram (ZDD) of every solution as text, in the format `dlx zdd`
    /// writes (docs/formats.md): `o<k> <option>` lines, then one node a
    /// line, `<id>:(o<k>?<lo>:<hi>)`, children first, and `root <id>`.
    /// Limits as for `count_memo`.
    #[pyo3(signature = (*, max_memory = None, timeout = None, max_nodes = None))]
    fn zdd(
        &self,
        py: Python<'_>,
        max_memory: Option<u64>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<String> {
        let (z, counts) = self.diagram(py, max_memory, timeout, max_nodes)?;
        let mut text = format!("# solutions: {}\n", z.count_of(&counts)).into_bytes();
        z.write_text(&self.matrix, &mut text)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        String::from_utf8(text).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// `k` solutions drawn uniformly at random with replacement (through
    /// the diagram: every solution equally likely), each a list of the
    /// options as given (or their indices), in input order; the same
    /// `seed` draws the same solutions. Raises Unsolvable when there is no
    /// solution; limits as for `count_memo`.
    #[pyo3(signature = (k = 1, *, seed = 0, indices = false, max_memory = None, timeout = None, max_nodes = None))]
    #[allow(clippy::too_many_arguments)]
    fn sample(
        &self,
        py: Python<'_>,
        k: usize,
        seed: u64,
        indices: bool,
        max_memory: Option<u64>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Vec<PyObject>> {
        let (z, counts) = self.diagram(py, max_memory, timeout, max_nodes)?;
        let mut rng = seed;
        let mut out = Vec::with_capacity(k.min(1 << 16));
        for _ in 0..k {
            let Some(mut options) = z.sample(&counts, &mut rng) else {
                return Err(Unsolvable::new_err("no solution"));
            };
            options.sort_unstable();
            let list = if indices {
                PyList::new(py, options.iter().map(|o| o.index()))?
            } else {
                PyList::new(py, options.iter().map(|o| self.options[o.index()].bind(py)))?
            };
            out.push(list.into_any().unbind());
        }
        Ok(out)
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

impl ExactCover {
    /// The diagram of every solution and its counts, built with the GIL
    /// released under the call's limits.
    fn diagram(
        &self,
        py: Python<'_>,
        max_memory: Option<u64>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<(zdd::Zdd, zdd::Counts)> {
        let call = call_limits(timeout, max_nodes, None)?;
        let budget = max_memory.unwrap_or(cover_model::plan::DEFAULT_MEMO_BYTES);
        let matrix = &self.matrix;
        let built = interrupt::run(py, &call.cancel, || {
            let z = zdd::build(matrix, &call.limits, budget).map_err(|(why, _)| why)?;
            let counts = z.counts(budget)?;
            Ok::<_, Why>((z, counts))
        })?;
        built.map_err(|why| errors::incomplete(py, why, None))
    }
}

/// What the search thread sends.
enum Message {
    Solution(Vec<OptionId>),
    End(Outcome),
    /// A solution failed the independent check (an engine's bug).
    Faulty(solver_core::SolutionError),
}

/// The search thread: sends each solution, then the outcome. It stops
/// when the iterator is dropped (the channel closes and the cancel flag
/// is raised).
fn produce(matrix: &Matrix, limits: &solver_core::Limits, tx: &SyncSender<Message>) {
    let mut solver = matrix.solver();
    let mut search = solver.solutions(limits);
    while let Some(solution) = search.next_solution() {
        let message = match matrix.check_solution(solution) {
            Ok(()) => Message::Solution(solution.to_vec()),
            Err(error) => {
                let _ = tx.send(Message::Faulty(error));
                return;
            }
        };
        if tx.send(message).is_err() {
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
                Ok(Message::Faulty(error)) => {
                    self.set_state(IterState::Done);
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
                        "internal error: a solution failed the independent check: {error}"
                    )));
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
