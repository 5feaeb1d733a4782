//! The `Doppelganger` class: doppelganger puzzles (grids of `0..n`,
//! [`sudoku::doppelganger`]), a kind of grid of its own beside `Sudoku`
//! (whose cells hold 1..n), answered by [`sudoku_solve::doppelganger`]
//! (every solution checked by the rule as its text says it).

use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use sudoku::doppelganger::DoppelGrid;
use sudoku::Shape;
use sudoku_generate::{GenerateTrouble, MadePuzzle, Maker};
use sudoku_solve::doppelganger::{answer, true_candidates};
use sudoku_solve::{Answer, Asked, Task};

use crate::errors::{self, value_error, NotUnique, Unsolvable};
use crate::grid::shape_arg;
use crate::limits::{call_limits, limit_arg};

/// A doppelganger puzzle or solution: an n x n grid whose cells hold 0 to
/// n (0 is the value zero, never a blank) or are blank (None).
///
/// The rule (the Interactive Sudoku Solver's `Doppelganger`): every row,
/// column and box holds 0 and all but one of 1..n; no two rows, no two
/// columns, no two boxes miss the same value; at each 0 the values missing
/// from its row, column and box are three different values.
#[pyclass(module = "dancing_links")]
#[derive(Clone)]
pub struct Doppelganger {
    grid: DoppelGrid,
}

#[pymethods]
impl Doppelganger {
    /// Doppelganger(puzzle, box=None)
    ///
    /// `puzzle`: a string (`0`-`9` then `a`-`z`, `.` a blank; or numbers
    /// separated by spaces) or a list of rows of ints (None a blank).
    /// `box`: the box shape ("2x3" for 6x6), inferred for square boxes.
    #[new]
    #[pyo3(signature = (puzzle, r#box = None))]
    fn py_new(puzzle: &Bound<'_, PyAny>, r#box: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let shape = shape_arg(r#box)?;
        if let Ok(text) = puzzle.downcast::<PyString>() {
            let grid = DoppelGrid::parse(text.to_str()?, shape).map_err(value_error)?;
            return Ok(Doppelganger { grid });
        }
        let rows: Vec<Vec<Option<u16>>> = puzzle.extract().map_err(|_| {
            PyTypeError::new_err(
                "puzzle must be a string or a list of rows of ints 0..n (None for a blank)",
            )
        })?;
        let n = rows.len();
        if let Some((r, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != n) {
            return Err(value_error(format!(
                "row {}: expected {n} cells, found {}",
                r + 1,
                row.len()
            )));
        }
        let shape = match shape {
            Some(s) => s,
            None => Shape::from_cell_count(n * n).ok_or_else(|| {
                value_error(format!(
                    "{n}x{n} is not a grid with square boxes: give box=\"RxC\""
                ))
            })?,
        };
        let grid = DoppelGrid::from_cells(shape, rows.into_iter().flatten().collect())
            .map_err(value_error)?;
        if !(4..=sudoku::doppelganger::MAX_DOPPEL_SIDE).contains(&grid.shape().side()) {
            return Err(value_error(format!(
                "a doppelganger grid is from 4x4 to {m}x{m}",
                m = sudoku::doppelganger::MAX_DOPPEL_SIDE
            )));
        }
        Ok(Doppelganger { grid })
    }

    /// The side n (values 0..n).
    #[getter]
    fn size(&self) -> usize {
        self.grid.shape().side() as usize
    }

    /// The box shape as "RxC".
    #[getter]
    fn r#box(&self) -> String {
        self.grid.shape().to_string()
    }

    /// The rows, each a list of ints 0..n or None for a blank.
    fn rows(&self) -> Vec<Vec<Option<u16>>> {
        let n = self.size();
        self.grid.cells().chunks(n).map(<[_]>::to_vec).collect()
    }

    /// The value at (row, col), 0-based, or None for a blank.
    fn __getitem__(&self, at: (usize, usize)) -> PyResult<Option<u16>> {
        let n = self.size();
        if at.0 >= n || at.1 >= n {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "({}, {}) is outside the {n}x{n} grid",
                at.0, at.1
            )));
        }
        Ok(self.grid.get(at.0, at.1))
    }

    /// The compact line (`.` for a blank).
    fn __str__(&self) -> String {
        self.grid.to_text()
    }

    fn __repr__(&self) -> String {
        format!(
            "Doppelganger({:?}, box={:?})",
            self.grid.to_text(),
            self.r#box()
        )
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.grid == other.grid
    }

    /// A solution. Raises Unsolvable when there is none, Incomplete at a
    /// limit (`timeout` seconds, `max_nodes`).
    #[pyo3(signature = (*, timeout = None, max_nodes = None))]
    fn solve(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Self> {
        match self.answered(py, &Task::Solve, timeout, max_nodes)? {
            Answer::Solved(grid) => Ok(Doppelganger { grid }),
            other => Err(refusal(py, other)),
        }
    }

    /// The solution if there is exactly one; raises NotUnique when there
    /// are more (Unsolvable, Incomplete as `solve`).
    #[pyo3(signature = (*, timeout = None, max_nodes = None))]
    fn solve_unique(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Self> {
        match self.answered(py, &Task::Check, timeout, max_nodes)? {
            Answer::Unique(grid) => Ok(Doppelganger { grid }),
            other => Err(refusal(py, other)),
        }
    }

    /// The verdict as `sudoku check` words it: "unique", "multiple" or
    /// "unsolvable". Raises Incomplete at a limit.
    #[pyo3(signature = (*, timeout = None, max_nodes = None))]
    fn check(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<String> {
        match self.answered(py, &Task::Check, timeout, max_nodes)? {
            a @ (Answer::Unique(_) | Answer::Multiple(..) | Answer::Unsolvable) => {
                Ok(a.status().to_string())
            }
            other => Err(refusal(py, other)),
        }
    }

    /// Whether the puzzle has exactly one solution.
    #[pyo3(signature = (*, timeout = None, max_nodes = None))]
    fn is_unique(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<bool> {
        Ok(self.check(py, timeout, max_nodes)? == "unique")
    }

    /// The number of solutions, counting at most `limit`. Raises Incomplete
    /// (with the partial `count`) when `timeout` or `max_nodes` stops it.
    #[pyo3(signature = (limit = None, *, timeout = None, max_nodes = None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<u128> {
        let limit = limit_arg(limit)?;
        match self.answered(py, &Task::Count { limit }, timeout, max_nodes)? {
            Answer::Counted {
                solutions,
                incomplete,
            } => errors::counted(py, solutions, incomplete),
            other => Err(refusal(py, other)),
        }
    }

    /// The true candidates: per cell (rows of lists) the values some
    /// solution has there; every list empty when there is no solution.
    /// Raises Incomplete at a limit.
    #[pyo3(signature = (*, timeout = None, max_nodes = None))]
    fn true_candidates(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Vec<Vec<Vec<u16>>>> {
        let call = call_limits(timeout, max_nodes, None)?;
        let grid = &self.grid;
        let found =
            crate::interrupt::run(py, &call.cancel, || true_candidates(grid, &call.limits))?
                .map_err(value_error)?;
        if let Some(why) = found.incomplete {
            return Err(errors::incomplete(py, why, None));
        }
        let n = self.size();
        Ok(found.cells.chunks(n).map(<[_]>::to_vec).collect())
    }

    /// Doppelganger.generate(box=None, seed=0): a puzzle with exactly one
    /// solution, the same for the same seed, minimal (no given can go)
    /// unless a removal's proof ran out of its node budget; made as
    /// `sudoku generate --variant doppelganger` makes it and proven unique
    /// again by another engine. `box`: "2" (4x4, the default), "2x3"
    /// (6x6), "3" (9x9) ... up to 16x16.
    #[staticmethod]
    #[pyo3(signature = (r#box = None, seed = 0, *, timeout = None))]
    fn generate(
        py: Python<'_>,
        r#box: Option<&Bound<'_, PyAny>>,
        seed: u64,
        timeout: Option<f64>,
    ) -> PyResult<Self> {
        let shape = match shape_arg(r#box)? {
            Some(s) => s,
            None => Shape::square(2).map_err(value_error)?,
        };
        let maker = Maker::doppelganger(shape, None).map_err(value_error)?;
        let call = call_limits(timeout, None, None)?;
        match crate::interrupt::run(py, &call.cancel, || maker.make(seed, &call.limits))? {
            Ok(MadePuzzle::Doppelganger { made, .. }) => Ok(Doppelganger { grid: made.puzzle }),
            Ok(_) => Err(PyRuntimeError::new_err(
                "internal error: the doppelganger maker made another kind",
            )),
            Err(GenerateTrouble::Stopped(why)) => Err(errors::incomplete(py, why, None)),
            Err(GenerateTrouble::NoGrid(message)) => Err(value_error(message)),
            Err(GenerateTrouble::Internal(message)) => Err(PyRuntimeError::new_err(format!(
                "internal error: {message}"
            ))),
        }
    }
}

impl Doppelganger {
    fn answered(
        &self,
        py: Python<'_>,
        task: &Task,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Answer<DoppelGrid>> {
        let call = call_limits(timeout, max_nodes, None)?;
        let grid = &self.grid;
        let answered = crate::interrupt::run(py, &call.cancel, || {
            answer(grid, task, Asked::Auto, &call.limits)
        })?
        .map_err(value_error)?;
        Ok(answered.answer)
    }
}

/// The exception for an answer a method does not return.
fn refusal(py: Python<'_>, answer: Answer<DoppelGrid>) -> PyErr {
    match answer {
        Answer::Unsolvable => Unsolvable::new_err("no solution"),
        Answer::Multiple(..) => NotUnique::new_err("more than one solution"),
        Answer::Unknown(why) => errors::incomplete(py, why, None),
        Answer::Internal(why) => PyRuntimeError::new_err(format!("internal error: {why}")),
        other => PyRuntimeError::new_err(format!("internal error: answered {}", other.status())),
    }
}
