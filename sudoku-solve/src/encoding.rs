//! The exact-cover model of a grid, built once per set of rules and shared.
//!
//! The grid is stated as a [`cover_model::Model`]: one variable per cell
//! with the domain `1..=N`, one exactly-once group per unit (row, column,
//! box, and a variant's diagonals, windows or regions), one sum cage per
//! killer cage. Compiled, that gives these items: one per cell ("the cell
//! holds a value"), then one per unit and value ("the unit holds the
//! value"), then the cages' items; and these options: one per cell and
//! value, covering the cell and the value in each unit of the cell, then
//! one per cage and combination of values. Option `cell * N + value - 1`
//! places `value` in `cell`, so decoding is arithmetic.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use cover_model::{Model, ModelError, Value};
use solver_core::{Matrix, OptionId};

use sudoku::Grid;
use sudoku::Rules;
use sudoku::ShapeError;
use sudoku::{Shape, DEFAULT_MEMORY_BUDGET};

/// A grid's rules as an exact-cover [`Matrix`].
#[derive(Debug)]
pub struct Encoding {
    rules: Rules,
    matrix: Matrix,
}

impl Encoding {
    /// The matrix for these rules; refused up front if a grid of this shape
    /// would need more than the memory budget.
    pub fn new(rules: Rules) -> Result<Encoding, ShapeError> {
        let shape = rules.shape();
        shape.check_budget(DEFAULT_MEMORY_BUDGET)?;
        let too_large = |_: ModelError| ShapeError::TooLarge {
            shape,
            needed_bytes: shape.matrix_size().bytes,
            budget_bytes: DEFAULT_MEMORY_BUDGET,
        };
        let matrix = model(&rules)
            .map_err(too_large)?
            .compile()
            .map_err(too_large)?
            .into_matrix();
        Ok(Encoding { rules, matrix })
    }

    /// The shared encoding of the standard rules for `shape`, built on first use.
    pub fn standard(shape: Shape) -> Result<Arc<Encoding>, ShapeError> {
        static CACHE: OnceLock<Mutex<HashMap<Shape, Arc<Encoding>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = cache.get(&shape) {
            return Ok(Arc::clone(e));
        }
        let e = Arc::new(Encoding::new(Rules::standard(shape))?);
        cache.insert(shape, Arc::clone(&e));
        Ok(e)
    }

    /// The rules encoded.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The box shape.
    pub fn shape(&self) -> Shape {
        self.rules.shape()
    }

    /// The exact-cover matrix.
    pub fn matrix(&self) -> &Matrix {
        &self.matrix
    }

    /// The option that puts `value` (1-based) in `cell` (`row * N + col`).
    pub fn option(&self, cell: usize, value: u16) -> OptionId {
        OptionId::new(cell * self.shape().side() as usize + usize::from(value) - 1)
    }

    /// The options of a grid's filled cells.
    pub fn givens(&self, grid: &Grid) -> Vec<OptionId> {
        grid.cells()
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != 0)
            .map(|(cell, &v)| self.option(cell, v))
            .collect()
    }

    /// The grid that a solution (a set of options) describes; the options
    /// of cage combinations carry no cell and are skipped.
    pub fn decode(&self, options: &[OptionId]) -> Grid {
        let shape = self.shape();
        let n = shape.side() as usize;
        let cells = shape.cells();
        let mut values = vec![0u16; cells];
        for o in options {
            let (cell, value) = (o.index() / n, o.index() % n + 1);
            if cell < cells {
                values[cell] = value as u16;
            }
        }
        Grid::from_values(shape, values).expect("a solution's values fit the grid")
    }
}

/// The rules as a constraint model: a variable per cell (domain `1..=N`,
/// named `r1c1` ...), a group per unit, a sum cage per killer cage.
pub fn model(rules: &Rules) -> Result<Model, ModelError> {
    let shape = rules.shape();
    let n = shape.side() as usize;
    let mut model = Model::new();
    let cells = (0..shape.cells())
        .map(|c| model.var(&format!("r{}c{}", c / n + 1, c % n + 1), 1..=n as Value))
        .collect::<Result<Vec<_>, _>>()?;
    for unit in rules.units() {
        let vars: Vec<_> = unit.cells.iter().map(|&c| cells[c]).collect();
        model.exactly_once(&format!("{} {}", unit.kind, unit.index + 1), &vars)?;
    }
    for (k, cage) in rules.cages().iter().enumerate() {
        let vars: Vec<_> = cage.cells.iter().map(|&c| cells[c]).collect();
        model.sum_cage(&format!("cage {}", k + 1), &vars, Value::from(cage.sum))?;
    }
    Ok(model)
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver_core::ProblemBuilder;

    /// The matrix the encoding built directly, before it went through the
    /// model: the model must give the same items and options.
    fn direct(rules: &Rules) -> Matrix {
        let n = rules.shape().side() as usize;
        let mut b = ProblemBuilder::new();
        let cell_items = b.add_primary_items(rules.shape().cells()).unwrap();
        let unit_items = b.add_primary_items(rules.units().len() * n).unwrap();
        for (cell, &item) in cell_items.iter().enumerate() {
            for value in 0..n {
                let mut entries = vec![item];
                entries.extend(
                    rules
                        .units_of(cell)
                        .iter()
                        .map(|&u| unit_items[u * n + value]),
                );
                b.add_option(entries).unwrap();
            }
        }
        b.build().unwrap()
    }

    #[test]
    fn the_model_gives_the_direct_matrix() {
        for (r, c) in [(2, 2), (2, 3), (3, 3)] {
            let rules = Rules::standard(Shape::new(r, c).unwrap());
            let via_model = Encoding::new(rules.clone()).unwrap();
            let direct = direct(&rules);
            let m = via_model.matrix();
            assert_eq!(m.item_count(), direct.item_count());
            assert_eq!(m.option_count(), direct.option_count());
            for o in 0..m.option_count() {
                let o = OptionId::new(o);
                assert_eq!(
                    m.option(o).collect::<Vec<_>>(),
                    direct.option(o).collect::<Vec<_>>()
                );
            }
        }
    }
}
