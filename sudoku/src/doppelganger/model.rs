//! A doppelganger puzzle as a constraint model for the workspace's planner:
//!
//! - a variable per cell, `0..=n`;
//! - per house a variable for the value it misses, `1..=n`;
//! - per house an exactly-once group of its cells and its missing value
//!   (`n + 1` members, `n + 1` values: the cells hold 0 and every value but
//!   the missing one);
//! - per kind an exactly-once group of the missing values (no two houses of
//!   a kind miss the same value);
//! - per cell three forbidden tables `(cell, miss, miss')` of the tuples
//!   `(0, v, v)`: at a 0, its row's, column's and box's missing values
//!   differ;
//! - the givens fixed.
//!
//! The tables make it a model for the propagation engine, not exact cover.

use cover_model::{Model, ModelError, Solution, Value, Var};

use super::{houses, DoppelGrid, House};

/// The model of a puzzle, with its cell variables (row by row) to read a
/// solution back.
#[derive(Clone, Debug)]
pub struct DoppelModel {
    /// The model: cells first, then the missing values of rows, columns and
    /// boxes.
    pub model: Model,
    /// The variable of each cell, row by row.
    pub cells: Vec<Var>,
    puzzle: DoppelGrid,
}

impl DoppelModel {
    /// The grid of a solution of [`model`](Self::model).
    pub fn grid(&self, solution: &Solution) -> DoppelGrid {
        let mut grid = DoppelGrid::empty(self.puzzle.shape());
        let n = self.puzzle.shape().side() as usize;
        for (i, &var) in self.cells.iter().enumerate() {
            let v = u16::try_from(solution[var]).ok();
            grid.set(i / n, i % n, v);
        }
        grid
    }

    /// The puzzle this model states.
    pub fn puzzle(&self) -> &DoppelGrid {
        &self.puzzle
    }
}

/// States `puzzle` as a [`DoppelModel`].
///
/// # Errors
/// The model's own refusals (none for a grid [`DoppelGrid::parse`] read).
pub fn model(puzzle: &DoppelGrid) -> Result<DoppelModel, ModelError> {
    let shape = puzzle.shape();
    let n = shape.side() as usize;
    let top = Value::from(shape.side());
    let mut m = Model::new();
    let mut cells = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            cells.push(m.int_var(&format!("r{}c{}", r + 1, c + 1), 0, top)?);
        }
    }
    let mut missing: Vec<Vec<Var>> = Vec::with_capacity(3);
    for kind in House::ALL {
        let misses = (0..n)
            .map(|h| m.int_var(&format!("{kind}{}-misses", h + 1), 1, top))
            .collect::<Result<Vec<_>, _>>()?;
        for (h, house) in houses(shape, kind).iter().enumerate() {
            let mut members: Vec<Var> = house.iter().map(|&cell| cells[cell]).collect();
            members.push(misses[h]);
            m.exactly_once(&format!("{kind} {}", h + 1), &members)?;
        }
        m.exactly_once(&format!("{kind}s miss different values"), &misses)?;
        missing.push(misses);
    }
    let zero_twins: Vec<Vec<Value>> = (1..=top).map(|v| vec![0, v, v]).collect();
    for r in 0..n {
        for c in 0..n {
            let of = [r, c, shape.box_of(r, c)];
            for (a, b) in [(0, 1), (0, 2), (1, 2)] {
                m.forbidden(
                    &[cells[r * n + c], missing[a][of[a]], missing[b][of[b]]],
                    &zero_twins,
                )?;
            }
        }
    }
    for (i, given) in puzzle.cells().iter().enumerate() {
        if let Some(v) = given {
            m.fix(cells[i], Value::from(*v))?;
        }
    }
    Ok(DoppelModel {
        model: m,
        cells,
        puzzle: puzzle.clone(),
    })
}
