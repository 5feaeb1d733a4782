//! The `Sudoku` class: one grid of any box shape, over [`sudoku::Grid`].

use pyo3::exceptions::{
    PyDeprecationWarning, PyIndexError, PyRuntimeError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};
use solver_core::{Incomplete as Why, Limits};
use std::sync::Arc;
use std::time::Instant;

use sudoku::{
    write_boxed, write_regions, Alphabet, Grid, Notation, ParseError, ParseErrorKind, Rules, Shape,
    Variant, DEFAULT_MEMORY_BUDGET,
};
use sudoku_format::{parse_documents, parse_puzzle, Puzzle, ReadOptions};
use sudoku_generate::{GenerateOptions, GenerateTrouble, Maker, Symmetry};
use sudoku_solve::{Answer, Answered, Asked, Question, SolveError, Task};

use crate::batch::Check;
use crate::errors::{self, solve_error, value_error};
use crate::interrupt;
use crate::limits::{call_limits, limit_arg};
use crate::logic;

/// Search nodes a call spends on the calling thread before it moves the
/// search to a helper thread that can be interrupted (a few milliseconds;
/// nearly every 9x9 puzzle needs far fewer). Nodes cost more on larger
/// grids: see [`inline_nodes`].
const INLINE_NODES: u64 = 20_000;

/// [`INLINE_NODES`] scaled down by the number of cells above 9x9, so that
/// the part of a search Ctrl-C cannot stop stays short on any size.
fn inline_nodes(shape: Shape) -> u64 {
    (INLINE_NODES * 81 / shape.cells().max(1) as u64).clamp(100, INLINE_NODES)
}

/// A Sudoku grid of any size and box shape; empty cells are 0.
///
/// Build it from text in any format the `sudoku` command reads (one line,
/// numbers, a drawn grid with or without borders; blanks `.`, `0`, `x`), from
/// a list of rows (lists of ints, 0 or None for a blank), or from the flat
/// list of cells row by row (the course's `cases`). The box shape is inferred
/// for square boxes (4x4, 9x9, 16x16, ...); give `box="2x3"` (boxes 2 rows
/// high, 3 wide) for rectangular ones.
///
/// >>> s = Sudoku("1.3.3.2...4.....")
/// >>> print(s.solve().row(0))
/// [1, 2, 3, 4]
///
/// Variants (`variant="x,windoku"`, `regions=...` for jigsaw, `cages=...`
/// for killer) change the rules every method applies.
///
/// A cell can be edited: `s[0, 1] = 2`, `s[0, 1] = 0` (or None, or
/// `del s[0, 1]`) to clear it; the variant's rules stay. Being mutable,
/// Sudoku objects are not hashable (use `to_line()` as a key). `solve()`
/// and the other searches return new grids.
///
/// Grids whose exact-cover matrix would need more than the command's memory
/// budget (2 GiB: sides up to 299; 289x289 with 17x17 boxes) are refused with
/// ValueError by every constructor.
#[pyclass(module = "dancing_links", eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct Sudoku {
    /// The cells.
    pub grid: Grid,
    /// The variant (classic by default).
    pub variant: Variant,
}

impl Sudoku {
    /// Wraps a grid of classic Sudoku.
    pub fn new(grid: Grid) -> Sudoku {
        Sudoku {
            grid,
            variant: Variant::default(),
        }
    }

    /// A grid of the same variant as this one.
    fn same_variant(&self, grid: Grid) -> Sudoku {
        Sudoku {
            grid,
            variant: self.variant.clone(),
        }
    }

    /// The variant's rules, or None for classic Sudoku.
    fn rules(&self) -> PyResult<Option<Arc<Rules>>> {
        if self.variant.is_classic() {
            return Ok(None);
        }
        let rules = self.variant.rules(self.grid.shape()).map_err(value_error)?;
        Ok(Some(Arc::new(rules)))
    }

    /// Whether `solution` solves `puzzle` under this grid's rules.
    fn solves(&self, rules: Option<&Rules>, solution: &Grid, puzzle: &Grid) -> bool {
        match rules {
            None => solution.is_solution_of(puzzle),
            Some(r) => r.is_solution(solution, puzzle),
        }
    }

    /// `solution` if it passes the library's independent check of the rules
    /// and givens ([`sudoku_solve::verify`], which the answer path applies to
    /// every solution it returns); RuntimeError naming an internal error if
    /// it fails.
    fn checked(&self, solution: Grid) -> PyResult<Sudoku> {
        if sudoku_solve::verify(&solution, &self.grid, &self.variant) {
            Ok(self.same_variant(solution))
        } else {
            Err(internal_error(
                "the solution found fails the check of the rules and givens",
            ))
        }
    }

    fn side(&self) -> usize {
        self.grid.side()
    }

    /// The 0-based (row, col) of a `s[r, c]` index, or IndexError naming
    /// the cell (`r10c1`) and the range.
    fn cell_at(&self, at: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
        let (r, c): (i64, i64) = at.extract().map_err(|_| {
            PyTypeError::new_err("a cell index is a (row, col) pair of ints, 0-based: s[2, 3]")
        })?;
        let n = self.side() as i64;
        if (0..n).contains(&r) && (0..n).contains(&c) {
            return Ok((r as usize, c as usize));
        }
        let name = |i: i64| match i.checked_add(1) {
            Some(k) if k >= 1 => k.to_string(),
            _ => format!("[{i}]"),
        };
        Err(PyIndexError::new_err(format!(
            "cell r{}c{} (index [{r}, {c}]) is out of range: a {n}x{n} grid has rows and columns 0 to {}",
            name(r),
            name(c),
            n - 1
        )))
    }

    fn index(&self, what: &str, i: usize) -> PyResult<usize> {
        if i < self.side() {
            Ok(i)
        } else {
            Err(PyIndexError::new_err(format!(
                "{what} {i} is out of range: a {n}x{n} grid has {what}s 0 to {}",
                self.side() - 1,
                n = self.side()
            )))
        }
    }
}

/// The box shape of a `box=` argument: `3`, `"2x3"` or `(2, 3)`.
pub fn shape_arg(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Shape>> {
    let Some(value) = value else {
        return Ok(None);
    };
    if value.is_none() {
        return Ok(None);
    }
    let shape = if let Ok(text) = value.extract::<String>() {
        text.parse().map_err(value_error)?
    } else if let Ok(order) = value.extract::<u32>() {
        Shape::square(order).map_err(value_error)?
    } else if let Ok((rows, cols)) = value.extract::<(u32, u32)>() {
        Shape::new(rows, cols).map_err(value_error)?
    } else {
        return Err(PyTypeError::new_err(
            "box must be an int (3 for 3x3 boxes), a string such as \"2x3\" or a (rows, cols) tuple",
        ));
    };
    within_budget(shape).map(Some).map_err(value_error)
}

/// `shape` if the exact-cover matrix of its grids fits the command's memory
/// budget ([`DEFAULT_MEMORY_BUDGET`], 2 GiB: sides up to 299, 289x289 with
/// 17x17 boxes), else the library's error saying how much it would need.
/// Every constructor checks it before a grid is allocated, drawn or
/// searched.
pub fn within_budget(shape: Shape) -> Result<Shape, sudoku::ShapeError> {
    shape.check_budget(DEFAULT_MEMORY_BUDGET).map(|()| shape)
}

/// Reads a grid from text, with the command's located messages; a grid over
/// the memory budget (see [`within_budget`]) is refused.
pub fn grid_from_text(text: &str, shape: Option<Shape>) -> Result<Grid, String> {
    let grid = parse_puzzle(text, shape, &Alphabet::standard())
        .map_err(|e| e.to_string())?
        .grid;
    within_budget(grid.shape()).map_err(|e| e.to_string())?;
    Ok(grid)
}

/// One cell of a list: an int (0 for a blank) or None.
fn cell_value(cell: &Bound<'_, PyAny>, row: usize, col: usize) -> PyResult<u16> {
    if cell.is_none() {
        return Ok(0);
    }
    match cell.extract::<i64>() {
        Ok(v) if (0..=i64::from(u16::MAX)).contains(&v) => Ok(v as u16),
        Ok(v) => Err(PyValueError::new_err(format!(
            "cell r{row}c{col}: value {v} is out of range (values from 1, 0 or None for an empty cell)"
        ))),
        Err(_) => Err(PyTypeError::new_err(format!(
            "cell r{row}c{col}: expected an int or None, got {}",
            cell.get_type().name()?
        ))),
    }
}

/// The shape for `cells` values: the one given, or square boxes inferred.
fn shape_for(cells: usize, shape: Option<Shape>) -> PyResult<Shape> {
    let shape = match shape {
        Some(s) => s,
        None => Shape::from_cell_count(cells).ok_or_else(|| {
            value_error(ParseError {
                line: 0,
                column: None,
                kind: ParseErrorKind::UnknownShape { found: cells },
            })
        })?,
    };
    within_budget(shape).map_err(value_error)
}

/// Reads a grid from any accepted Python value (see [`Sudoku`]).
pub fn grid_from_object(value: &Bound<'_, PyAny>, shape: Option<Shape>) -> PyResult<Grid> {
    if let Ok(s) = value.downcast::<Sudoku>() {
        let grid = &s.borrow().grid;
        return match shape {
            Some(want) if want != grid.shape() => Err(PyValueError::new_err(format!(
                "the grid has {} boxes, not {want}",
                grid.shape()
            ))),
            _ => Ok(grid.clone()),
        };
    }
    if let Ok(text) = value.downcast::<PyString>() {
        return grid_from_text(text.to_str()?, shape).map_err(PyValueError::new_err);
    }
    if !(value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>()) {
        return Err(PyTypeError::new_err(format!(
            "expected a string, a list of rows or a flat list of cells, got {}",
            value.get_type().name()?
        )));
    }
    let items: Vec<Bound<'_, PyAny>> = value.try_iter()?.collect::<PyResult<_>>()?;
    let is_rows = items
        .first()
        .is_some_and(|first| first.is_instance_of::<PyList>() || first.is_instance_of::<PyTuple>());
    let is_text_rows = items
        .first()
        .is_some_and(|f| f.is_instance_of::<PyString>());
    if is_text_rows {
        let rows: Vec<String> = items.iter().map(|r| r.extract()).collect::<PyResult<_>>()?;
        return grid_from_text(&rows.join("\n"), shape).map_err(PyValueError::new_err);
    }
    let mut values = Vec::new();
    if is_rows {
        let side = items.len();
        for (r, row) in items.iter().enumerate() {
            let cells: Vec<Bound<'_, PyAny>> = row.try_iter()?.collect::<PyResult<_>>()?;
            if cells.len() != side {
                return Err(PyValueError::new_err(format!(
                    "row {}: expected {side} cells (one per row of the grid), found {}",
                    r + 1,
                    cells.len()
                )));
            }
            for (c, cell) in cells.iter().enumerate() {
                values.push(cell_value(cell, r + 1, c + 1)?);
            }
        }
    } else {
        let side = (items.len() as f64).sqrt().round() as usize;
        for (i, cell) in items.iter().enumerate() {
            values.push(cell_value(cell, i / side.max(1) + 1, i % side.max(1) + 1)?);
        }
    }
    let shape = shape_for(values.len(), shape)?;
    Grid::from_values(shape, values).map_err(value_error)
}

/// RuntimeError for a bug of the search: `internal error: {what}`.
fn internal_error(what: &str) -> PyErr {
    PyRuntimeError::new_err(format!("internal error: {what}"))
}

#[pymethods]
impl Sudoku {
    /// Sudoku(puzzle, box=None, variant=None, regions=None, cages=None)
    ///
    /// `puzzle`: text (blanks `.`, `0`, `x`; borders allowed), a list of rows
    /// of ints (0 or None for a blank), a flat list of cells, or a Sudoku.
    /// `box`: the box shape, `3`, `"2x3"` or `(2, 3)`; inferred for square
    /// boxes. Raises ValueError with the place of the problem
    /// (`line 1, column 22, cell r3c4: ...`).
    ///
    /// `variant`: names joined by commas, `"x"` (both diagonals),
    /// `"windoku"` (extra windows), `"jigsaw"`, `"killer"`, `"classic"`.
    /// `regions` (jigsaw): a region map, one symbol per cell and a row per
    /// line (or a list of row strings, or rows of region numbers); it
    /// replaces the boxes. `cages` (killer): text, one cage per line
    /// (`15 r1c1 r1c2`), JSON text, or a list of `(sum, cells)` with cells
    /// as 0-based `(row, col)` or `"r1c1"`.
    #[new]
    #[pyo3(signature = (puzzle, r#box = None, variant = None, regions = None, cages = None))]
    fn py_new(
        puzzle: &Bound<'_, PyAny>,
        r#box: Option<&Bound<'_, PyAny>>,
        variant: Option<&str>,
        regions: Option<&Bound<'_, PyAny>>,
        cages: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Sudoku> {
        let shape = shape_arg(r#box)?;
        let (variant, _) = crate::variant::variant_args(variant, regions, cages, false)?;
        let mut made = grid_from_object(puzzle, shape).map(Sudoku::new)?;
        if !variant.is_classic() {
            crate::variant::check_fits(&variant, made.grid.shape())?;
        }
        made.variant = variant;
        Ok(made)
    }

    /// The puzzle of one JSON document, as `sudoku solve` reads it:
    /// `{"grid": "...", "variant": "x", "regions": [...], "cages": [...],
    /// "box": "2x3"}`. Raises ValueError (with the line and column) when the
    /// document is bad, or when the text holds no document or several.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<Sudoku> {
        let mut docs = parse_documents(text, &ReadOptions::default());
        if docs.len() != 1 {
            return Err(PyValueError::new_err(format!(
                "expected one JSON document, found {}",
                docs.len()
            )));
        }
        let doc = docs.pop().expect("one document").map_err(value_error)?;
        within_budget(doc.puzzle.grid.shape()).map_err(value_error)?;
        Ok(Sudoku {
            grid: doc.puzzle.grid,
            variant: doc.variant,
        })
    }

    /// The variant's names joined by `+` (`"x+windoku"`), `"classic"` for none.
    #[getter]
    fn variant(&self) -> String {
        self.variant.to_string()
    }

    /// The jigsaw regions as rows of region numbers (0-based), or None.
    #[getter]
    fn regions(&self) -> Option<Vec<Vec<usize>>> {
        self.variant
            .regions
            .as_ref()
            .map(crate::variant::regions_rows)
    }

    /// The killer cages as `(sum, [(row, col), ...])`, 0-based.
    #[getter]
    fn cages(&self) -> Vec<(u32, Vec<(usize, usize)>)> {
        self.variant
            .cages
            .iter()
            .map(|c| (c.sum, c.cells.clone()))
            .collect()
    }

    /// An empty grid with boxes of this shape (`3`, `"2x3"`, `(2, 3)`).
    #[staticmethod]
    #[pyo3(signature = (r#box = None))]
    fn empty(r#box: Option<&Bound<'_, PyAny>>) -> PyResult<Sudoku> {
        let shape = shape_arg(r#box)?.unwrap_or(Shape::square(3).map_err(value_error)?);
        Ok(Sudoku::new(Grid::empty(shape)))
    }

    /// A new puzzle with exactly one solution, made by the library's
    /// generator: a random full grid, then givens removed while the solution
    /// stays unique. The same box, seed and options give the same puzzle.
    ///
    /// `symmetry`: `none`, `rotational`, `horizontal`, `vertical`, `diagonal`,
    /// `antidiagonal`. `minimal`: remove givens until none can go.
    /// `givens`: stop once at most this many are left (with `minimal=False`).
    ///
    /// `variant`: `"x"`, `"windoku"`, `"jigsaw"` or a combination: a minimal
    /// puzzle unique under the variant's rules (symmetry and givens do not
    /// apply). Jigsaw draws random regions from the seed unless `regions`
    /// are given. Killer cannot be generated.
    ///
    /// Made by the generator of `sudoku generate` (`sudoku_generate::Maker`): every
    /// puzzle is checked apart from how it was made (RuntimeError, internal
    /// error, if one failed). Unsolvable when no grid of these variants is
    /// found. Ctrl-C interrupts a long generation (KeyboardInterrupt).
    #[staticmethod]
    #[pyo3(signature = (r#box = None, seed = None, minimal = true, symmetry = "none", givens = None, variant = None, regions = None))]
    #[allow(clippy::too_many_arguments)]
    fn generate(
        py: Python<'_>,
        r#box: Option<&Bound<'_, PyAny>>,
        seed: Option<u64>,
        minimal: bool,
        symmetry: &str,
        givens: Option<usize>,
        variant: Option<&str>,
        regions: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Sudoku> {
        let shape = shape_arg(r#box)?.unwrap_or(Shape::square(3).map_err(value_error)?);
        let names = variant;
        let (variant, jigsaw) = crate::variant::variant_args(names, regions, None, true)?;

        let symmetry: Symmetry = symmetry.parse().map_err(|_| {
            PyValueError::new_err(format!(
                "unknown symmetry {symmetry:?} (expected none, rotational, horizontal, vertical, diagonal or antidiagonal)"
            ))
        })?;
        let seed = seed.unwrap_or_else(|| {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap_or_default();
            now.as_nanos() as u64
        });
        let maker = if !variant.is_classic() || jigsaw {
            let names = names.unwrap_or_default();
            Maker::variant(variant, names, shape, jigsaw).map_err(value_error)?
        } else {
            let options = GenerateOptions {
                symmetry,
                minimal,
                target_givens: givens,
                ..GenerateOptions::default()
            };
            Maker::from_names(None, None, shape, options, 0).map_err(value_error)?
        };
        // The generator of `sudoku generate`, every puzzle checked apart
        // from how it was made; a long generation (25x25 and up) runs on a
        // helper thread so that Ctrl-C raises KeyboardInterrupt at once and
        // stops it (the meter's cancel flag).
        let call = call_limits(None, None, None)?;
        let made = interrupt::run(py, &call.cancel, || maker.make(seed, &call.limits))?;
        match made {
            Ok(made) => match (made.puzzle(), made.variant()) {
                (Some(grid), Some(variant)) => Ok(Sudoku {
                    grid: grid.clone(),
                    variant,
                }),
                _ => Err(internal_error(
                    "the maker of Sudoku grids made another kind",
                )),
            },
            Err(GenerateTrouble::Stopped(why)) => Err(errors::incomplete(py, why, None)),
            Err(GenerateTrouble::NoGrid(message)) => Err(errors::Unsolvable::new_err(message)),
            Err(GenerateTrouble::Internal(message)) => Err(internal_error(&message)),
        }
    }

    /// A solution (the first one found). Raises InvalidPuzzle when givens
    /// clash, Unsolvable when there is none, Incomplete at a limit
    /// (`timeout` seconds, `max_nodes`). Ctrl-C interrupts a long search.
    /// The solution is checked against the rules and givens by code apart
    /// from the search; one that fails raises RuntimeError (internal error).
    #[pyo3(signature = (*, timeout = None, max_nodes = None))]
    fn solve(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Sudoku> {
        match self.answered(py, &Task::Solve, timeout, max_nodes)?.answer {
            Answer::Solved(solution) => Ok(self.same_variant(solution)),
            other => Err(self.refusal(py, other)),
        }
    }

    /// The solution if there is exactly one; raises NotUnique when there are
    /// more (and InvalidPuzzle, Unsolvable, Incomplete as `solve`). Every
    /// solution found is checked as by `solve`.
    #[pyo3(signature = (*, timeout = None, max_nodes = None))]
    fn solve_unique(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Sudoku> {
        match self.answered(py, &Task::Check, timeout, max_nodes)?.answer {
            Answer::Unique(solution) => Ok(self.same_variant(solution)),
            other => Err(self.refusal(py, other)),
        }
    }

    /// Whether the puzzle has exactly one solution (False when it has none,
    /// several, or clashing givens). Raises Incomplete at a limit.
    #[pyo3(signature = (*, timeout = None, max_nodes = None))]
    fn is_unique(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<bool> {
        match self.answered(py, &Task::Check, timeout, max_nodes)?.answer {
            Answer::Unique(_) => Ok(true),
            Answer::Multiple(..) | Answer::Unsolvable => Ok(false),
            Answer::Invalid(_) if self.clash().is_some() => Ok(false),
            other => Err(self.refusal(py, other)),
        }
    }

    /// The uniqueness check as the `sudoku check` command reports it: a
    /// Check with `status` (unique, multiple, unsolvable, invalid, unknown),
    /// the solution(s) found and a message. Never raises for the puzzle's sake.
    #[pyo3(signature = (*, timeout = None, max_nodes = None))]
    fn check(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Check> {
        let answered = self.answered(py, &Task::Check, timeout, max_nodes)?;
        Ok(Check::from_answered(0, answered, |g| self.same_variant(g)))
    }

    /// The number of solutions, counting at most `limit` (the result is
    /// then `min(count, limit)`). Raises Incomplete (with the partial
    /// `count`) when `timeout` or `max_nodes` stops it first, InvalidPuzzle
    /// when givens clash. A long count uses every core.
    #[pyo3(signature = (limit = None, *, timeout = None, max_nodes = None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<u128> {
        let limit = limit_arg(limit)?;
        match self
            .answered(py, &Task::Count { limit }, timeout, max_nodes)?
            .answer
        {
            Answer::Counted {
                solutions,
                incomplete,
            } => errors::counted(py, solutions, incomplete),
            other => Err(self.refusal(py, other)),
        }
    }

    /// The pencil marks of the cell at (row, col), 0-based: the values not
    /// in its row, column or box (the course's `possibles`), nor, for a
    /// variant, in its diagonals, windows, region or cage. For a filled
    /// cell, just its value. No spoiler: what the givens rule out, not
    /// what the solution allows (that is `true_candidates()`).
    fn pencil_marks(&self, row: usize, col: usize) -> PyResult<Vec<u16>> {
        let (r, c) = (self.index("row", row)?, self.index("column", col)?);
        let Some(rules) = self.rules()? else {
            return Ok(self.grid.candidates(r, c));
        };
        if let Some(v) = self.grid.get(r, c) {
            return Ok(vec![v]);
        }
        let n = self.side();
        let cells = self.grid.cells();
        let mut seen = vec![false; n + 1];
        for &u in rules.units_of(r * n + c) {
            for &cell in &rules.units()[u].cells {
                seen[usize::from(cells[cell])] = true;
            }
        }
        for cage in rules
            .cages()
            .iter()
            .filter(|k| k.cells.contains(&(r * n + c)))
        {
            for &cell in &cage.cells {
                seen[usize::from(cells[cell])] = true;
            }
        }
        Ok((1..=n as u16).filter(|&v| !seen[usize::from(v)]).collect())
    }

    /// Deprecated alias of `pencil_marks(row, col)` (the name meant pencil
    /// marks here but true candidates in the `sudoku` command); warns
    /// with DeprecationWarning.
    fn candidates(&self, py: Python<'_>, row: usize, col: usize) -> PyResult<Vec<u16>> {
        PyErr::warn(
            py,
            &py.get_type::<PyDeprecationWarning>(),
            c"Sudoku.candidates() is deprecated: use pencil_marks() (values the givens allow) or true_candidates() (values some solution has)",
            1,
        )?;
        self.pencil_marks(row, col)
    }

    /// The true candidates of every cell, rows of lists: the values the
    /// cell takes in some solution, each proven by a solution checked
    /// against the rules (`sudoku candidates`). For a puzzle with one
    /// solution this is the solution itself: a spoiler. Raises Unsolvable
    /// when there is no solution, Incomplete at a limit.
    #[pyo3(signature = (*, timeout = None, max_nodes = None))]
    fn true_candidates(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Vec<Vec<Vec<u16>>>> {
        match self
            .answered(py, &Task::Candidates, timeout, max_nodes)?
            .answer
        {
            Answer::Candidates {
                cells,
                incomplete: None,
            } => {
                if cells.iter().all(Vec::is_empty) {
                    return Err(solve_error(py, SolveError::Unsolvable));
                }
                let n = self.side();
                Ok(cells.chunks(n).map(<[Vec<u16>]>::to_vec).collect())
            }
            Answer::Candidates {
                incomplete: Some(why),
                ..
            } => Err(errors::incomplete(py, why, None)),
            other => Err(self.refusal(py, other)),
        }
    }

    /// The values present in row `i` (0-based), left to right (the course's `ligne`).
    fn row(&self, i: usize) -> PyResult<Vec<u16>> {
        Ok(self.grid.row_values(self.index("row", i)?))
    }

    /// The values present in column `j` (0-based), top to bottom (`colonne`).
    fn col(&self, j: usize) -> PyResult<Vec<u16>> {
        Ok(self.grid.column_values(self.index("column", j)?))
    }

    /// The values present in box `k` (0-based, row by row of boxes) (`bloc`).
    #[pyo3(name = "box")]
    fn box_values(&self, k: usize) -> PyResult<Vec<u16>> {
        Ok(self.grid.box_values(self.index("box", k)?))
    }

    /// The values present in the box holding cell (row, col), 0-based (the
    /// course's `bloc(S, i, j)`).
    fn box_at(&self, row: usize, col: usize) -> PyResult<Vec<u16>> {
        let (r, c) = (self.index("row", row)?, self.index("column", col)?);
        Ok(self.grid.box_values_at(r, c))
    }

    /// The value at (row, col), 0-based, 0 for an empty cell: `s[2, 3]`.
    /// IndexError (naming the cell, `r10c1`) outside the grid.
    fn __getitem__(&self, at: &Bound<'_, PyAny>) -> PyResult<u16> {
        let (r, c) = self.cell_at(at)?;
        Ok(self.grid.get(r, c).unwrap_or(0))
    }

    /// Sets the cell at (row, col), 0-based: `s[0, 1] = 2`; 0 or None
    /// clears it. IndexError outside the grid, ValueError for a value
    /// outside 0 to the side, TypeError for anything but an int or None;
    /// the messages name the cell (`r1c2`). The variant's rules stay; the
    /// new givens are not checked (see `conflicts()`).
    fn __setitem__(&mut self, at: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let (r, c) = self.cell_at(at)?;
        let n = self.side();
        let v = if value.is_none() {
            0
        } else if value.is_instance_of::<PyBool>() || !value.is_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err(format!(
                "cell r{}c{}: expected an int or None, got {}",
                r + 1,
                c + 1,
                value.get_type().name()?
            )));
        } else {
            match value.extract::<i64>() {
                Ok(v) if (0..=n as i64).contains(&v) => v as u16,
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "cell r{}c{}: value {value} is out of range for a {n}x{n} grid \
                         (values 1 to {n}, or 0 or None to clear the cell)",
                        r + 1,
                        c + 1
                    )))
                }
            }
        };
        self.grid.set(r, c, (v != 0).then_some(v));
        Ok(())
    }

    /// Clears the cell at (row, col): `del s[0, 1]`.
    fn __delitem__(&mut self, at: &Bound<'_, PyAny>) -> PyResult<()> {
        let (r, c) = self.cell_at(at)?;
        self.grid.set(r, c, None);
        Ok(())
    }

    /// The cells row by row, 0 for an empty cell (the course's `cases`).
    #[getter]
    fn cases(&self) -> Vec<u16> {
        self.grid.cells().to_vec()
    }

    /// The grid as a list of rows, 0 for an empty cell.
    fn to_list(&self) -> Vec<Vec<u16>> {
        self.grid
            .cells()
            .chunks(self.side())
            .map(<[u16]>::to_vec)
            .collect()
    }

    /// The side: 9 for a 9x9 grid.
    #[getter]
    fn size(&self) -> usize {
        self.side()
    }

    /// The box shape as (rows, cols): (3, 3), or (2, 3) for 6x6 with 2x3 boxes.
    #[getter]
    fn box_shape(&self) -> (u32, u32) {
        (self.grid.shape().box_rows(), self.grid.shape().box_cols())
    }

    /// The number of filled cells.
    #[getter]
    fn givens(&self) -> usize {
        self.grid.givens()
    }

    /// Whether every cell is filled and no row, column or box (or, for a
    /// variant, diagonal, window, region, cage) breaks the rules.
    fn is_solved(&self) -> PyResult<bool> {
        let rules = self.rules()?;
        Ok(self.solves(rules.as_deref(), &self.grid, &self.grid))
    }

    /// Whether this grid is a solution of `puzzle` under `puzzle`'s rules:
    /// solved, and keeping its givens.
    fn is_solution_of(&self, puzzle: &Sudoku) -> PyResult<bool> {
        if puzzle.grid.shape() != self.grid.shape() {
            return Ok(false);
        }
        let rules = puzzle.rules()?;
        Ok(puzzle.solves(rules.as_deref(), &self.grid, &puzzle.grid))
    }

    /// _checked(solution)
    ///
    /// The check `solve()` and `solve_unique()` apply to every grid their
    /// search finds, for tests: `solution` (as a grid of this puzzle's
    /// variant) if it solves this puzzle, else RuntimeError
    /// (`internal error: ...`).
    #[pyo3(name = "_checked")]
    fn checked_py(&self, solution: &Sudoku) -> PyResult<Sudoku> {
        self.checked(solution.grid.clone())
    }

    /// Every pair of clashing givens, as messages
    /// (`value 5 appears twice in row 1: at r1c2 and r1c7`).
    /// For a variant, the first clash under its rules (diagonal, window,
    /// region, cage).
    fn conflicts(&self) -> PyResult<Vec<String>> {
        if let Some(rules) = self.rules()? {
            return Ok(rules
                .check(&self.grid)
                .err()
                .map(|c| c.to_string())
                .into_iter()
                .collect());
        }
        Ok(self
            .grid
            .conflicts()
            .iter()
            .map(ToString::to_string)
            .collect())
    }

    /// The puzzle's difficulty. By default (`scale="se"`) on Sudoku
    /// Explainer 1.2.1's scale, as `sudoku rate` gives it: an `SeRating`
    /// with `er`, `ep`, `ed` and `hardest` (ER 20.0 when the techniques do
    /// not finish the puzzle). `scale="search"` gives the search-effort
    /// `Rating` (log2 of the search nodes of a uniqueness check; classic
    /// Sudoku only). Raises NotUnique or Unsolvable unless the puzzle has
    /// exactly one solution, Incomplete at a limit (`max_nodes` caps the
    /// search nodes of the uniqueness proof and the logical steps);
    /// Ctrl-C interrupts. `seeds` is ignored with a DeprecationWarning:
    /// the search effort does not depend on the tie-break order.
    #[pyo3(signature = (seeds = None, *, scale = "se", timeout = None, max_nodes = None))]
    fn rate(
        &self,
        py: Python<'_>,
        seeds: Option<u32>,
        scale: &str,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<PyObject> {
        if seeds.is_some() {
            PyErr::warn(
                py,
                &py.get_type::<PyDeprecationWarning>(),
                c"rate(seeds=...) is ignored: the search effort is the same in any tie-break order",
                1,
            )?;
        }
        match scale {
            "se" => {
                let started = Instant::now();
                let start = self.logic_start(py, timeout, max_nodes)?;
                let call = call_limits(remaining(timeout, started), max_nodes, None)?;
                let rating = logic::rating(py, start, &call.limits, &call.cancel)?;
                Ok(Bound::new(py, rating)?.into_any().unbind())
            }
            "search" => {
                if !self.variant.is_classic() {
                    return Err(PyValueError::new_err(
                        "rate(scale=\"search\") supports classic Sudoku only, not variants",
                    ));
                }
                match self
                    .answered(py, &Task::Rate { seeds: 1 }, timeout, max_nodes)?
                    .answer
                {
                    Answer::Rated(r) => Ok(Bound::new(
                        py,
                        Rating {
                            rating: r.rating,
                            average_nodes: r.average_nodes,
                            singles_only: r.singles_only,
                        },
                    )?
                    .into_any()
                    .unbind()),
                    other => Err(self.refusal(py, other)),
                }
            }
            other => Err(PyValueError::new_err(format!(
                "scale must be \"se\" (Sudoku Explainer's ER/EP/ED) or \"search\" (search effort), got {other:?}"
            ))),
        }
    }

    /// The next step a person would take, as a `Step` (technique,
    /// difficulty, placements, eliminations, cells, text), or None when the
    /// grid is solved or no technique applies. The techniques and order
    /// are Sudoku Explainer 1.2.1's.
    ///
    /// From a learner's state: `marks` gives the pencil marks of every
    /// cell, as text in the `sudoku hint --marks` format, or as a flat list
    /// of side*side cells (or side rows of side cells), each an int (a
    /// placed digit; 0 or None: nothing marked yet, every value possible),
    /// a string of digits ("1249") or a collection of ints. A cell with
    /// one mark holds that digit. A state that contradicts the solution (a
    /// wrong digit, a mark erased that the solution needs, a given changed)
    /// raises Mistake naming the cell; it is not hinted from.
    ///
    /// The puzzle must have one solution (NotUnique, Unsolvable otherwise);
    /// the step is checked against it before it is returned.
    #[pyo3(signature = (marks = None, *, timeout = None, max_nodes = None))]
    fn hint(
        &self,
        py: Python<'_>,
        marks: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Option<logic::Step>> {
        let marks = match marks.filter(|m| !m.is_none()) {
            Some(m) => Some(logic::marks_arg(m, self.side())?),
            None => None,
        };
        let start = self.logic_start(py, timeout, max_nodes)?;
        let givens = self.grid.clone();
        py.allow_threads(|| logic::hint(start, &givens, marks))
    }

    /// The whole logical path, as a `Path`: `steps` (each a `Step`),
    /// `solved` (whether logic alone finished the puzzle), `end` ("solved"
    /// or "stuck"), `rating` (an `SeRating`) and `to_dict()` (the record of
    /// `sudoku solve --steps --format json`). Every step is checked against
    /// the puzzle's one solution. Raises NotUnique or Unsolvable unless
    /// there is one, Incomplete at a limit (`max_nodes` caps the search
    /// nodes of the uniqueness proof and the steps); Ctrl-C interrupts.
    #[pyo3(signature = (*, timeout = None, max_nodes = None))]
    fn steps(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<logic::Path> {
        let started = Instant::now();
        let start = self.logic_start(py, timeout, max_nodes)?;
        let call = call_limits(remaining(timeout, started), max_nodes, None)?;
        logic::path(py, start, &call.limits, &call.cancel)
    }

    /// The grid on one line (`1.3.3.2...4.....`), as `sudoku solve` writes it.
    fn to_line(&self) -> String {
        self.grid.to_string()
    }

    /// The boxed grid, one row per line, as the command's `--format grid`.
    /// For jigsaw, the borders drawn are those of the regions.
    fn __str__(&self) -> String {
        match &self.variant.regions {
            Some(regions) => write_regions(&self.grid, regions, &Notation::default()),
            None => write_boxed(&self.grid),
        }
    }

    fn __repr__(&self) -> String {
        let shape = self.grid.shape();
        let mut args = format!("{:?}", self.grid.to_string());
        if !shape.is_square() {
            args.push_str(&format!(", box=\"{shape}\""));
        }
        if !self.variant.is_classic() {
            args.push_str(&format!(", variant=\"{}\"", self.variant));
        }
        format!("Sudoku({args})")
    }
}

impl Sudoku {
    /// `task` answered through the library's one answer path
    /// ([`sudoku_solve::answer`]: the planner's engine, every solution checked by
    /// code apart from the search), within [`inline_nodes`] on the calling
    /// thread; a search that needs more runs again (a count on every core)
    /// on a helper thread that Ctrl-C can interrupt (see [`interrupt`]).
    fn answered(
        &self,
        py: Python<'_>,
        task: &Task,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Answered> {
        let call = call_limits(timeout, max_nodes, None)?;
        let puzzle = Puzzle {
            grid: self.grid.clone(),
            notation: Notation::default(),
            solution: None,
            variant: None,
        };
        let run = |limits: &Limits, every_thread: bool| {
            let question = Question {
                task,
                engine: Asked::Auto,
                limits,
                progress: None,
            };
            sudoku_solve::answer(&puzzle, &self.variant, 1, &question, every_thread)
        };
        let mut inline = call.limits.clone();
        let budget = inline_nodes(self.grid.shape());
        inline.max_nodes = Some(max_nodes.map_or(budget, |n| n.min(budget)));
        let first = py.allow_threads(|| run(&inline, false));
        let stopped_by_budget = matches!(
            first.answer,
            Answer::Unknown(Why::NodeLimit)
                | Answer::Counted {
                    incomplete: Some(Why::NodeLimit),
                    ..
                }
        );
        if max_nodes.is_some_and(|n| n <= budget) || !stopped_by_budget {
            return Ok(first);
        }
        interrupt::run(py, &call.cancel, || run(&call.limits, true))
    }

    /// Where the logical solver starts: the search's proof that the puzzle
    /// has one solution (NotUnique, Unsolvable, InvalidPuzzle, Incomplete
    /// otherwise), and the puzzle's candidates under its rules (ValueError
    /// for what the logical solver does not take: killer cages, the
    /// setter's constraints, sides above 64).
    fn logic_start(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<logic::Start> {
        let rules = self.variant.rules(self.grid.shape()).map_err(value_error)?;
        let candidates = match logic::candidates(&self.grid, &rules) {
            Ok(c) => c,
            Err(_) if self.clash().is_some() => {
                return Err(self.refusal(py, Answer::Invalid(String::new())))
            }
            // No solution, or several, is said first; the logical
            // solver's refusal (killer cages, a side above 64) after.
            Err(e) => match self.answered(py, &Task::Check, timeout, max_nodes)?.answer {
                Answer::Unique(_) => return Err(e),
                other => return Err(self.refusal(py, other)),
            },
        };
        let solution = match self.answered(py, &Task::Check, timeout, max_nodes)?.answer {
            Answer::Unique(solution) => solution,
            other => return Err(self.refusal(py, other)),
        };
        Ok(logic::Start {
            candidates,
            solution,
        })
    }

    /// The first two givens that clash, if any.
    fn clash(&self) -> Option<sudoku::Conflict> {
        match self.rules() {
            Ok(Some(rules)) => rules.check(&self.grid).err(),
            _ => self.grid.check().err(),
        }
    }

    /// The exception for an answer that is not the one asked for.
    fn refusal(&self, py: Python<'_>, answer: Answer) -> PyErr {
        match answer {
            Answer::Unsolvable => solve_error(py, SolveError::Unsolvable),
            Answer::Multiple(..) | Answer::NotUnique => solve_error(py, SolveError::NotUnique),
            Answer::Unknown(why) => errors::incomplete(py, why, None),
            Answer::Invalid(message) => match self.clash() {
                Some(conflict) => solve_error(py, SolveError::Invalid(conflict)),
                None => PyValueError::new_err(crate::batch::unlined(message)),
            },
            Answer::Internal(message) => internal_error(&crate::batch::unlined(message)),
            other => internal_error(&format!("the search answered {:?}", other.status())),
        }
    }
}

/// The seconds left of `timeout` since `started`.
fn remaining(timeout: Option<f64>, started: Instant) -> Option<f64> {
    timeout.map(|t| (t - started.elapsed().as_secs_f64()).max(0.0))
}

/// The search effort of a puzzle (see `Sudoku.rate(scale="search")`).
#[pyclass(module = "dancing_links", frozen, get_all)]
#[derive(Clone, Copy)]
pub struct Rating {
    /// log2 of `average_nodes`: 0 when singles solve it; each step of 1
    /// doubles the search.
    pub rating: f64,
    /// Search nodes of a uniqueness check, averaged over the seeds.
    pub average_nodes: f64,
    /// Whether naked and hidden singles alone solve the puzzle.
    pub singles_only: bool,
}

#[pymethods]
impl Rating {
    fn __float__(&self) -> f64 {
        self.rating
    }

    fn __repr__(&self) -> String {
        format!(
            "Rating(rating={:.2}, average_nodes={:.1}, singles_only={})",
            self.rating,
            self.average_nodes,
            if self.singles_only { "True" } else { "False" }
        )
    }
}
