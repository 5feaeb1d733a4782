//! The exact-cover model of a grid, built once per shape and shared.
//!
//! Items, all primary: one per cell ("the cell holds a value"), then one per
//! unit and value ("the unit holds the value"): for the standard rules that is
//! row-value, column-value and box-value. Options: one per cell and value,
//! covering the cell and the value in each unit of the cell. Option
//! `cell * N + value - 1` places `value` in `cell`, so decoding is arithmetic.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use solver_core::{Matrix, OptionId, ProblemBuilder};

use crate::error::ShapeError;
use crate::grid::Grid;
use crate::rules::Rules;
use crate::shape::{Shape, DEFAULT_MEMORY_BUDGET};

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
        let n = shape.side() as usize;
        let cells = shape.cells();
        let mut b = ProblemBuilder::new();
        let too_large = |_| ShapeError::TooLarge {
            shape,
            needed_bytes: shape.matrix_size().bytes,
            budget_bytes: DEFAULT_MEMORY_BUDGET,
        };
        let cell_items = b.add_primary_items(cells).map_err(too_large)?;
        let unit_items = b
            .add_primary_items(rules.units().len() * n)
            .map_err(too_large)?;
        let mut entries = Vec::with_capacity(4);
        for (cell, &cell_item) in cell_items.iter().enumerate() {
            for value in 0..n {
                entries.clear();
                entries.push(cell_item);
                entries.extend(
                    rules
                        .units_of(cell)
                        .iter()
                        .map(|&u| unit_items[u * n + value]),
                );
                b.add_option(entries.iter().copied()).map_err(too_large)?;
            }
        }
        let matrix = b.build().map_err(too_large)?;
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

    /// The grid that a solution (a set of options) describes.
    pub fn decode(&self, options: &[OptionId]) -> Grid {
        let shape = self.shape();
        let n = shape.side() as usize;
        let mut values = vec![0u16; shape.cells()];
        for o in options {
            let (cell, value) = (o.index() / n, o.index() % n + 1);
            values[cell] = value as u16;
        }
        Grid::from_values(shape, values).expect("a solution's values fit the grid")
    }
}
