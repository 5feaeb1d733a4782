//! The Python exceptions, and how the libraries' errors become them.
//!
//! Every message is the library's own `Display`, so Python users read the
//! same located messages as the command (`line 1, column 22, cell r3c4: ...`).

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use solver_core::Incomplete as Why;
use sudoku_solve::SolveError;

create_exception!(
    dancing_links,
    InvalidPuzzle,
    PyValueError,
    "Two givens clash in a row, column or box (the message names the value and both cells)."
);
create_exception!(
    dancing_links,
    Unsolvable,
    PyValueError,
    "The puzzle (or exact-cover problem) has no solution."
);
create_exception!(
    dancing_links,
    NotUnique,
    PyValueError,
    "The puzzle has more than one solution."
);
create_exception!(
    dancing_links,
    Incomplete,
    PyRuntimeError,
    "A time or node limit stopped the search before it could answer. \
     Attribute `reason` says which limit; `count` holds the solutions counted \
     so far when counting (a lower bound, never the answer)."
);
create_exception!(
    dancing_links,
    Mistake,
    PyValueError,
    "A learner's state (pencil marks, placed digits) contradicts the puzzle's \
     solution: a wrong digit, a pencil mark erased that the solution needs, or \
     a given changed. Attributes `cell` (\"r4c6\"), `row` and `col` (0-based) \
     name the first such cell."
);

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("InvalidPuzzle", py.get_type::<InvalidPuzzle>())?;
    m.add("Unsolvable", py.get_type::<Unsolvable>())?;
    m.add("NotUnique", py.get_type::<NotUnique>())?;
    m.add("Incomplete", py.get_type::<Incomplete>())?;
    m.add("Mistake", py.get_type::<Mistake>())?;
    Ok(())
}

/// The short word for why a search stopped, as the command's JSON writes it.
pub fn reason(why: Why) -> &'static str {
    match why {
        Why::SolutionLimit => "solution-limit",
        Why::NodeLimit => "node-limit",
        Why::Deadline => "deadline",
        Why::Cancelled => "cancelled",
        Why::Stopped => "stopped",
        Why::MemoryLimit => "memory-limit",
        _ => "incomplete",
    }
}

/// An `Incomplete` exception with its `reason` and, when counting, `count`.
pub fn incomplete(py: Python<'_>, why: Why, count: Option<u128>) -> PyErr {
    let message = match count {
        Some(n) => format!("gave up: {why} after {n} solutions (incomplete)"),
        None => format!("gave up: {why} (incomplete)"),
    };
    let err = Incomplete::new_err(message);
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = value.setattr("reason", reason(why));
    let _ = value.setattr("count", count);
    err
}

/// A count as Python returns it: the number, when the count is exact or
/// stopped by the caller's own `limit`; `Incomplete` with the partial count
/// when another limit (time, nodes, Ctrl-C) stopped it first.
pub fn counted(py: Python<'_>, solutions: u128, stopped: Option<Why>) -> PyResult<u128> {
    match stopped {
        None | Some(Why::SolutionLimit) => Ok(solutions),
        Some(why) => Err(incomplete(py, why, Some(solutions))),
    }
}

/// The Python exception for a Sudoku search error.
pub fn solve_error(py: Python<'_>, e: SolveError) -> PyErr {
    match e {
        SolveError::Invalid(conflict) => InvalidPuzzle::new_err(conflict.to_string()),
        SolveError::Unsolvable => Unsolvable::new_err("no solution"),
        SolveError::NotUnique => NotUnique::new_err("more than one solution"),
        SolveError::GaveUp(why) => incomplete(py, why, None),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// A `ValueError` with the message of any library error.
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}
