//! The rules of a grid as a list of units (groups of cells that must hold
//! every value once): rows, columns, boxes, and for the variants diagonals
//! (X), windows (windoku) and irregular regions (jigsaw); and killer cages
//! (cells with different values adding up to a sum). Whether a grid keeps
//! them ([`Rules::check`], [`Rules::is_solution`]) is in `check.rs`, above
//! both the rules and the grid.

use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

use crate::constraints::Constraint;
use crate::shape::{box_cells, Shape};

/// What a [`Unit`] is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum UnitKind {
    /// A row of the grid.
    Row,
    /// A column of the grid.
    Column,
    /// A box of the grid.
    Box,
    /// A main diagonal (X Sudoku): 0 from top left to bottom right, 1 from
    /// top right to bottom left.
    Diagonal,
    /// An extra box-shaped window (windoku, also called hyper Sudoku).
    Window,
    /// An irregular region (jigsaw Sudoku), replacing the boxes.
    Region,
}

impl fmt::Display for UnitKind {
    /// `row`, `column` or `box`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
            UnitKind::Diagonal => "diagonal",
            UnitKind::Window => "window",
            UnitKind::Region => "region",
        })
    }
}

/// A group of cells whose values must all differ.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Unit {
    /// Row, column or box.
    pub kind: UnitKind,
    /// 0-based index of the unit among those of its kind (row 0, box 3, ...).
    pub index: usize,
    /// The cells, as `row * N + col`, in grid order.
    pub cells: Vec<usize>,
}

/// A killer cage: cells whose values differ and add up to `sum`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cage {
    /// The total of the cells' values.
    pub sum: u32,
    /// The cells, as `row * N + col`.
    pub cells: Vec<usize>,
}

/// The units of a grid, with for each cell the units that hold it, and the
/// killer cages, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    shape: Shape,
    units: Vec<Unit>,
    cages: Vec<Cage>,
    /// The setter's constraints beyond units and cages (answered by the
    /// propagation engine).
    constraints: Vec<Constraint>,
    /// `unit_ids[unit_starts[cell]..unit_starts[cell + 1]]` are the units of `cell`.
    unit_starts: Vec<usize>,
    unit_ids: Vec<usize>,
}

impl Rules {
    /// The classic rules: every row, then every column, then every box (numbered as in
    /// [`Shape::box_of`]) holds each value once.
    pub fn standard(shape: Shape) -> Rules {
        let n = shape.side() as usize;
        let mut units = Vec::with_capacity(3 * n);
        for row in 0..n {
            units.push(Unit {
                kind: UnitKind::Row,
                index: row,
                cells: (0..n).map(|col| row * n + col).collect(),
            });
        }
        for col in 0..n {
            units.push(Unit {
                kind: UnitKind::Column,
                index: col,
                cells: (0..n).map(|row| row * n + col).collect(),
            });
        }
        for b in 0..n {
            units.push(Unit {
                kind: UnitKind::Box,
                index: b,
                cells: box_cells(shape, b).collect(),
            });
        }
        Rules::from_units(shape, units)
    }

    /// The standard rules of `shape`, shared: each thread keeps the last
    /// shape's rules, so checking many puzzles of one shape builds them once.
    pub fn standard_shared(shape: Shape) -> Arc<Rules> {
        thread_local! {
            static LAST: RefCell<Option<Arc<Rules>>> = const { RefCell::new(None) };
        }
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some(rules) if rules.shape == shape => Arc::clone(rules),
                _ => {
                    let rules = Arc::new(Rules::standard(shape));
                    *last = Some(Arc::clone(&rules));
                    rules
                }
            }
        })
    }

    /// Rules made of the given units.
    ///
    /// # Panics
    ///
    /// If a unit holds a cell index that is not below `shape.cells()`.
    pub fn from_units(shape: Shape, units: Vec<Unit>) -> Rules {
        let n_cells = shape.cells();
        let mut counts = vec![0usize; n_cells + 1];
        for unit in &units {
            for &cell in &unit.cells {
                assert!(cell < n_cells, "cell {cell} is outside a {shape} box grid");
                counts[cell + 1] += 1;
            }
        }
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        let unit_starts = counts;
        let mut next = unit_starts.clone();
        let mut unit_ids = vec![0; unit_starts[n_cells]];
        for (u, unit) in units.iter().enumerate() {
            for &cell in &unit.cells {
                unit_ids[next[cell]] = u;
                next[cell] += 1;
            }
        }
        Rules {
            shape,
            units,
            cages: Vec::new(),
            constraints: Vec::new(),
            unit_starts,
            unit_ids,
        }
    }

    /// These rules with killer cages added (see [`crate::Variant`] for cages
    /// checked against the grid).
    ///
    /// # Panics
    ///
    /// If a cage holds a cell index that is not below `shape.cells()`.
    pub fn with_cages(mut self, cages: Vec<Cage>) -> Rules {
        let n_cells = self.shape.cells();
        for cage in &cages {
            for &cell in &cage.cells {
                assert!(
                    cell < n_cells,
                    "cell {cell} is outside a {} box grid",
                    self.shape
                );
            }
        }
        self.cages = cages;
        self
    }

    /// The killer cages (none for the other rules).
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// These rules with the setter's constraints added (see
    /// [`crate::Variant`] for constraints checked against the grid).
    ///
    /// # Panics
    ///
    /// If a constraint names a cell that is not below `shape.cells()`.
    pub fn with_constraints(mut self, constraints: Vec<Constraint>) -> Rules {
        let n_cells = self.shape.cells();
        for c in &constraints {
            for cell in c.cells() {
                assert!(
                    cell < n_cells,
                    "cell {cell} is outside a {} box grid",
                    self.shape
                );
            }
        }
        self.constraints = constraints;
        self
    }

    /// The setter's constraints (thermometers, arrows, dots, ...).
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// Whether the rules hold constraints beyond units and killer cages:
    /// these are answered by the propagation engine.
    pub fn needs_propagation(&self) -> bool {
        !self.constraints.is_empty()
    }

    /// The region of each cell: its box, or its jigsaw region (the index
    /// among the units of that kind); 0 where there is none.
    pub fn regions_of_cells(&self) -> Vec<usize> {
        let mut out = vec![0; self.shape.cells()];
        let jigsaw = self.units.iter().any(|u| u.kind == UnitKind::Region);
        let kind = if jigsaw {
            UnitKind::Region
        } else {
            UnitKind::Box
        };
        for unit in self.units.iter().filter(|u| u.kind == kind) {
            for &cell in &unit.cells {
                out[cell] = unit.index;
            }
        }
        out
    }

    /// Whether these are the standard rules of the shape (rows, columns and
    /// boxes in the order of [`Rules::standard`], no cage).
    pub fn is_standard(&self) -> bool {
        // Against the thread's shared copy: building the standard rules
        // anew on every call cost about 10 us per 9x9 puzzle of a batch.
        // The shared copy itself (the one answer path plans with it) is
        // told by its address, without comparing every unit.
        if !self.cages.is_empty() || !self.constraints.is_empty() {
            return false;
        }
        let shared = Rules::standard_shared(self.shape);
        std::ptr::eq(self, &*shared) || *self == *shared
    }

    /// Whether every unit holds every value once, cells of the same unit
    /// only (no cage): a Latin square plus regions.
    pub fn is_latin_with_units(&self) -> bool {
        let n = self.shape.side() as usize;
        self.cages.is_empty()
            && self.constraints.is_empty()
            && self.units.iter().all(|u| u.cells.len() == n)
    }

    /// The box shape of the grid.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// All units, in order (for [`Rules::standard`]: rows, columns, boxes).
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Indices into [`Rules::units`] of the units holding `cell` (`row * N + col`),
    /// ascending.
    ///
    /// # Panics
    ///
    /// If `cell` is not below `shape.cells()`.
    pub fn units_of(&self, cell: usize) -> &[usize] {
        &self.unit_ids[self.unit_starts[cell]..self.unit_starts[cell + 1]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_units_in_order() {
        let shape = Shape::new(2, 3).unwrap();
        let rules = Rules::standard(shape);
        assert_eq!(rules.shape(), shape);
        let units = rules.units();
        assert_eq!(units.len(), 18);
        assert_eq!(units[0].kind, UnitKind::Row);
        assert_eq!(units[0].cells, vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(units[6].kind, UnitKind::Column);
        assert_eq!(units[7].cells, vec![1, 7, 13, 19, 25, 31]);
        assert_eq!(units[12].kind, UnitKind::Box);
        assert_eq!(units[12].cells, vec![0, 1, 2, 6, 7, 8]);
        // Box 1 is to the right of box 0; box 2 starts the second band.
        assert_eq!(units[13].cells, vec![3, 4, 5, 9, 10, 11]);
        assert_eq!(units[14].cells, vec![12, 13, 14, 18, 19, 20]);
        assert_eq!(units[17].index, 5);
    }

    #[test]
    fn units_of_cell() {
        let shape = Shape::square(3).unwrap();
        let rules = Rules::standard(shape);
        // r5c7 (0-based 4, 6): row 4, column 6, box 5.
        let cell = 4 * 9 + 6;
        assert_eq!(rules.units_of(cell), &[4, 9 + 6, 18 + 5]);
        for cell in 0..81 {
            for &u in rules.units_of(cell) {
                assert!(rules.units()[u].cells.contains(&cell));
            }
        }
    }

    #[test]
    fn every_unit_covers_each_cell_once_per_kind() {
        for (r, c) in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 4), (4, 4), (1, 5)] {
            let shape = Shape::new(r, c).unwrap();
            let rules = Rules::standard(shape);
            for cell in 0..shape.cells() {
                assert_eq!(rules.units_of(cell).len(), 3, "{shape} cell {cell}");
            }
            for unit in rules.units() {
                assert_eq!(unit.cells.len(), shape.side() as usize);
            }
        }
    }

    #[test]
    #[should_panic(expected = "outside")]
    fn from_units_checks_cells() {
        let shape = Shape::square(2).unwrap();
        Rules::from_units(
            shape,
            vec![Unit {
                kind: UnitKind::Row,
                index: 0,
                cells: vec![16],
            }],
        );
    }
}
