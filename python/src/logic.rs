//! The logical solver in Python: `Sudoku.rate()` on Sudoku Explainer's
//! scale ([`SeRating`]), `Sudoku.hint()` (a [`Step`], from the grid or a
//! learner's pencil marks) and `Sudoku.steps()` (the whole [`Path`]).
//!
//! The solver is the `sudoku-logic` crate's; every step returned is first
//! checked against the puzzle's one solution (proved by the search), so a
//! step that contradicts it is a RuntimeError naming an internal error,
//! never a hint.

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyString};
use sudoku::Grid;
use sudoku_logic::{
    agrees, candidates_for, cell_name, learner_state, next_step, parse_marks, End, LearnerError,
    Marks, Mode, Ratings, Step as LogicStep,
};
use sudoku_solve::Limits;

use std::sync::atomic::AtomicBool;

use crate::errors::{self, Mistake};
use crate::interrupt;

/// One step of the logical solver: a technique, what it places and
/// eliminates, and why, in plain words.
///
/// Cells are 0-based ``(row, col)`` as everywhere in the package;
/// ``to_dict()`` gives the form of ``sudoku solve --steps --format json``
/// (cells named ``r4c6``, from 1).
#[pyclass(module = "dancing_links", frozen, get_all)]
#[derive(Clone)]
pub struct Step {
    /// The technique's name, as Sudoku Explainer names it ("Hidden Single").
    pub technique: String,
    /// Its difficulty on Sudoku Explainer's scale (1.2).
    pub difficulty: f64,
    /// The values placed: ``(row, col, value)``.
    pub placements: Vec<(usize, usize, u16)>,
    /// The candidates removed: ``(row, col, [values])``.
    pub eliminations: Vec<(usize, usize, Vec<u16>)>,
    /// The cells of the reason (the pattern the technique found).
    pub cells: Vec<(usize, usize)>,
    /// The step in plain words: "hidden single in box 5: r4c6 = 7".
    pub text: String,
}

impl Step {
    fn new(step: &LogicStep) -> Step {
        let side = step.side;
        let at = |cell: usize| (cell / side, cell % side);
        Step {
            technique: step.technique.name().to_string(),
            difficulty: step.difficulty.as_f64(),
            placements: step
                .placements
                .iter()
                .map(|p| (p.cell / side, p.cell % side, p.value))
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|e| {
                    let (r, c) = at(e.cell);
                    (r, c, e.values.clone())
                })
                .collect(),
            cells: step.reason.cells.iter().map(|&c| at(c)).collect(),
            text: step.text(),
        }
    }

    fn name(r: usize, c: usize) -> String {
        format!("r{}c{}", r + 1, c + 1)
    }
}

#[pymethods]
impl Step {
    /// The step as ``sudoku solve --steps --format json`` writes it:
    /// ``{"technique", "difficulty", "placements": [{"cell": "r4c6",
    /// "value": 7}], "eliminations": [{"cell": "r1c2", "values": [1, 3]}],
    /// "cells": ["r4c6", ...], "text"}``.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("technique", &self.technique)?;
        d.set_item("difficulty", self.difficulty)?;
        let placements = PyList::empty(py);
        for &(r, c, v) in &self.placements {
            let p = PyDict::new(py);
            p.set_item("cell", Step::name(r, c))?;
            p.set_item("value", v)?;
            placements.append(p)?;
        }
        d.set_item("placements", placements)?;
        let eliminations = PyList::empty(py);
        for (r, c, vs) in &self.eliminations {
            let e = PyDict::new(py);
            e.set_item("cell", Step::name(*r, *c))?;
            e.set_item("values", vs.clone())?;
            eliminations.append(e)?;
        }
        d.set_item("eliminations", eliminations)?;
        d.set_item(
            "cells",
            self.cells
                .iter()
                .map(|&(r, c)| Step::name(r, c))
                .collect::<Vec<_>>(),
        )?;
        d.set_item("text", &self.text)?;
        Ok(d)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Step({:?}, difficulty={:.1}, text={:?})",
            self.technique, self.difficulty, self.text
        )
    }
}

/// A puzzle's ratings on Sudoku Explainer's scale (``Sudoku.rate()``);
/// ``float(r)`` is ``r.er`` and ``str(r)`` is ``"7.1/1.2/1.2"`` as serate
/// prints ``%r/%p/%d``.
#[pyclass(module = "dancing_links", frozen, get_all)]
#[derive(Clone)]
pub struct SeRating {
    /// ER: the hardest step of the whole solve (20.0 when logic does not
    /// finish the puzzle).
    pub er: f64,
    /// EP: the hardest step up to the first placed value.
    pub ep: f64,
    /// ED: the difficulty of the first step.
    pub ed: f64,
    /// The technique of the hardest step, None when no step applied.
    pub hardest: Option<String>,
    /// Whether logic alone finished the puzzle.
    pub solved: bool,
}

impl SeRating {
    fn new(r: &Ratings, solved: bool) -> SeRating {
        SeRating {
            er: r.er.as_f64(),
            ep: r.ep.as_f64(),
            ed: r.ed.as_f64(),
            hardest: r.hardest.map(|t| t.name().to_string()),
            solved,
        }
    }
}

#[pymethods]
impl SeRating {
    fn __float__(&self) -> f64 {
        self.er
    }

    fn __str__(&self) -> String {
        format!("{:.1}/{:.1}/{:.1}", self.er, self.ep, self.ed)
    }

    fn __repr__(&self) -> String {
        format!(
            "SeRating(er={:.1}, ep={:.1}, ed={:.1}, hardest={}, solved={})",
            self.er,
            self.ep,
            self.ed,
            self.hardest
                .as_ref()
                .map_or_else(|| "None".to_string(), |h| format!("{h:?}")),
            if self.solved { "True" } else { "False" }
        )
    }

    /// ``{"se": {"er", "ep", "ed"}, "hardest", "solved"}``, as ``sudoku
    /// rate --format json`` writes the ratings.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let se = PyDict::new(py);
        se.set_item("er", self.er)?;
        se.set_item("ep", self.ep)?;
        se.set_item("ed", self.ed)?;
        d.set_item("se", se)?;
        d.set_item("hardest", &self.hardest)?;
        d.set_item("solved", self.solved)?;
        Ok(d)
    }
}

/// The whole logical path of a puzzle (``Sudoku.steps()``): the steps in
/// order, whether logic alone finished it, and its ratings. ``len(p)`` and
/// ``for step in p`` go over the steps.
#[pyclass(module = "dancing_links", frozen)]
pub struct Path {
    steps: Vec<Step>,
    end: &'static str,
    rating: SeRating,
}

#[pymethods]
impl Path {
    /// The steps, in order.
    #[getter]
    fn steps(&self) -> Vec<Step> {
        self.steps.clone()
    }

    /// Whether logic alone finished the puzzle.
    #[getter]
    fn solved(&self) -> bool {
        self.end == "solved"
    }

    /// How the path ended: "solved", or "stuck" (no technique applies).
    #[getter]
    fn end(&self) -> &'static str {
        self.end
    }

    /// The path's ratings (ER 20.0 when stuck).
    #[getter]
    fn rating(&self) -> SeRating {
        self.rating.clone()
    }

    fn __len__(&self) -> usize {
        self.steps.len()
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let list = PyList::new(py, slf.steps.clone())?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    fn __repr__(&self) -> String {
        format!(
            "Path({} steps, {}, {})",
            self.steps.len(),
            self.end,
            self.rating.__str__()
        )
    }

    /// ``{"steps": [step.to_dict(), ...], "solved", "se": {...},
    /// "hardest"}``, as ``sudoku solve --steps --format json`` writes a
    /// record.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = self.rating.to_dict(py)?;
        let steps = PyList::empty(py);
        for s in &self.steps {
            steps.append(s.to_dict(py)?)?;
        }
        d.set_item("steps", steps)?;
        d.set_item("solved", self.solved())?;
        Ok(d)
    }
}

/// Where the logical solver starts: the puzzle's candidates and its one
/// solution (proved by the search).
pub struct Start {
    /// The puzzle's candidates under its rules.
    pub candidates: sudoku_logic::Candidates,
    /// The one solution.
    pub solution: Grid,
}

/// The candidates of `grid` under `rules`, or a ValueError saying why the
/// logical solver does not take the puzzle.
pub fn candidates(grid: &Grid, rules: &sudoku::Rules) -> PyResult<sudoku_logic::Candidates> {
    candidates_for(grid, rules).map_err(PyValueError::new_err)
}

fn internal(step: &LogicStep) -> PyErr {
    PyRuntimeError::new_err(format!(
        "internal error: a step contradicts the solution: {}",
        step.text()
    ))
}

/// The path from `start`, every step checked against the solution.
/// Runs on a helper thread that Ctrl-C interrupts (through `cancel`, the
/// flag in `limits`).
pub fn path(py: Python<'_>, start: Start, limits: &Limits, cancel: &AtomicBool) -> PyResult<Path> {
    let candidates = start.candidates;
    let p = interrupt::run(py, cancel, || {
        sudoku_logic::solve(candidates, Mode::Se, limits)
    })?;
    if let Some(bad) = p.steps.iter().find(|s| !agrees(s, &start.solution)) {
        return Err(internal(bad));
    }
    let end = match p.end {
        End::Solved => "solved",
        End::Stuck => "stuck",
        End::Broken => {
            return Err(PyRuntimeError::new_err(
                "internal error: a step left the grid without a solution",
            ))
        }
        End::Interrupted(why) => return Err(errors::incomplete(py, why, None)),
    };
    Ok(Path {
        steps: p.steps.iter().map(Step::new).collect(),
        end,
        rating: SeRating::new(&p.ratings, p.solved()),
    })
}

/// SE's ratings from `start`, on a helper thread as [`path`].
pub fn rating(
    py: Python<'_>,
    start: Start,
    limits: &Limits,
    cancel: &AtomicBool,
) -> PyResult<SeRating> {
    let candidates = start.candidates;
    let rated = interrupt::run(py, cancel, || {
        sudoku_logic::rate::rate(candidates, Mode::Se, limits)
    })?;
    match rated {
        Ok((_, End::Broken)) => Err(PyRuntimeError::new_err(
            "internal error: a step left the grid without a solution",
        )),
        Ok((r, end)) => Ok(SeRating::new(&r, end == End::Solved)),
        Err(why) => Err(errors::incomplete(py, why, None)),
    }
}

/// The next step from `start`, or from the learner's `marks` over it;
/// None when the grid is solved or no technique applies.
pub fn hint(start: Start, givens: &Grid, marks: Option<Marks>) -> PyResult<Option<Step>> {
    let state = match marks {
        None => start.candidates,
        Some(marks) => learner_state(&start.candidates, givens, &start.solution, &marks)
            .map_err(learner_error)?,
    };
    if let Some(m) = state.first_mistake(&start.solution) {
        return Err(learner_error(LearnerError::Mistake(m)));
    }
    match next_step(&state, Mode::Se) {
        Some(step) if !agrees(&step, &start.solution) => Err(internal(&step)),
        step => Ok(step.as_ref().map(Step::new)),
    }
}

/// A learner's mistake as `Mistake` (with `cell`, `row`, `col`), anything
/// else wrong with the marks as ValueError.
fn learner_error(e: LearnerError) -> PyErr {
    let message = e.to_string();
    match e.cell() {
        Some(cell) if e.is_mistake() => {
            let err = Mistake::new_err(message);
            Python::with_gil(|py| {
                let value = err.value(py);
                let (row, col) = parse_cell(cell);
                // Setting attributes on a fresh exception cannot fail.
                let _ = value.setattr("cell", cell);
                let _ = value.setattr("row", row);
                let _ = value.setattr("col", col);
            });
            err
        }
        _ => PyValueError::new_err(message),
    }
}

/// `r4c6` as 0-based `(3, 5)`.
fn parse_cell(cell: &str) -> (usize, usize) {
    let rest = cell.trim_start_matches('r');
    let (r, c) = rest.split_once('c').unwrap_or(("1", "1"));
    (
        r.parse::<usize>().unwrap_or(1).saturating_sub(1),
        c.parse::<usize>().unwrap_or(1).saturating_sub(1),
    )
}

/// A learner's pencil marks from Python: text in the `sudoku hint --marks`
/// format, or per cell (a flat list of side*side, or side rows of side)
/// an int (a placed value; 0 or None: every value marked) or a collection
/// of ints (the marks).
pub fn marks_arg(value: &Bound<'_, PyAny>, side: usize) -> PyResult<Marks> {
    if let Ok(text) = value.downcast::<PyString>() {
        let marks = parse_marks(&text.to_cow()?).map_err(PyValueError::new_err)?;
        return Ok(marks);
    }
    let items: Vec<Bound<'_, PyAny>> = value
        .try_iter()
        .map_err(|_| {
            PyTypeError::new_err("marks must be text or a list of cells (ints or lists of ints)")
        })?
        .collect::<PyResult<_>>()?;
    let cells: Vec<Bound<'_, PyAny>> = if items.len() == side && side > 1 {
        let mut flat = Vec::with_capacity(side * side);
        for row in &items {
            for cell in row.try_iter()? {
                flat.push(cell?);
            }
        }
        flat
    } else {
        items
    };
    cells
        .iter()
        .enumerate()
        .map(|(i, cell)| {
            let name = || cell_name(i, side);
            if cell.is_none() {
                return Ok((1..=side as u16).collect());
            }
            if cell.is_instance_of::<PyInt>() {
                let v: u16 = cell.extract().map_err(|_| {
                    PyValueError::new_err(format!("{}: {cell} is not a value", name()))
                })?;
                return Ok(if v == 0 {
                    (1..=side as u16).collect()
                } else {
                    vec![v]
                });
            }
            if let Ok(text) = cell.downcast::<PyString>() {
                let text = text.to_cow()?;
                let mut values = text
                    .chars()
                    .map(|ch| {
                        ch.to_digit(36)
                            .filter(|&d| d >= 1)
                            .map(|d| d as u16)
                            .ok_or_else(|| {
                                PyValueError::new_err(format!(
                                    "{}: '{ch}' in {text:?} is not a value",
                                    name()
                                ))
                            })
                    })
                    .collect::<PyResult<Vec<u16>>>()?;
                values.sort_unstable();
                values.dedup();
                return Ok(values);
            }
            let mut values: Vec<u16> = cell
                .try_iter()
                .map_err(|_| {
                    PyTypeError::new_err(format!(
                        "{}: a cell's marks must be an int or a collection of ints",
                        name()
                    ))
                })?
                .map(|v| {
                    v.and_then(|v| v.extract::<u16>()).map_err(|_| {
                        PyValueError::new_err(format!("{}: the marks hold a non-value", name()))
                    })
                })
                .collect::<PyResult<_>>()?;
            values.sort_unstable();
            values.dedup();
            Ok(values)
        })
        .collect()
}
