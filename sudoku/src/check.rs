//! A grid checked against rules: two givens that repeat a value in a unit
//! ([`Conflict`]), whether a grid is solved or a solution of a puzzle
//! ([`Grid::is_solved`], [`Grid::is_solution_of`] under the standard rules),
//! and the independent check every solution passes under any rules
//! ([`Rules::is_solution`]: units, cages and the setter's constraints). Above
//! both the grid and the rules, so that neither imports the other.

use std::fmt;

use crate::grid::Grid;
use crate::rules::{Rules, UnitKind};

/// Two givens with the same value in one unit.
///
/// Positions are 0-based; `Display` gives them 1-based, for example
/// `value 5 appears twice in row 1: at r1c2 and r1c7`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Conflict {
    /// Kind of the unit holding both cells.
    pub unit: UnitKind,
    /// 0-based index of the unit among those of its kind.
    pub unit_index: usize,
    /// 0-based `(row, col)` of the first cell (in the unit's order).
    pub first: (usize, usize),
    /// 0-based `(row, col)` of the second cell.
    pub second: (usize, usize),
    /// The repeated value.
    pub value: u16,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "value {} appears twice in {} {}: at r{}c{} and r{}c{}",
            self.value,
            self.unit,
            self.unit_index + 1,
            self.first.0 + 1,
            self.first.1 + 1,
            self.second.0 + 1,
            self.second.1 + 1
        )
    }
}

impl Grid {
    /// Whether every cell is filled and no unit repeats a value.
    pub fn is_solved(&self) -> bool {
        match self.units_complete() {
            Some(solved) => solved,
            None => self.is_complete() && self.check().is_ok(),
        }
    }

    /// Whether `self` is a solution of `puzzle`: same shape, solved, and keeping
    /// every given of `puzzle`.
    ///
    /// This check shares no code with the searches: it reads the cells
    /// against the rules (up to 63x63 in one pass with a bit per value and
    /// unit, above with [`Grid::check`]).
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.shape() == puzzle.shape()
            && self.cells().len() == puzzle.cells().len()
            && self
                .cells()
                .iter()
                .zip(puzzle.cells())
                // A fold without an early exit, which the compiler vectorizes.
                .fold(true, |ok, (&s, &p)| ok & ((p == 0) | (s == p)))
            && self.is_solved()
    }

    /// Every pair of givens with the same value in one unit (rows, then columns, then
    /// boxes). Each repeated value is paired with its first occurrence in the unit.
    pub fn conflicts(&self) -> Vec<Conflict> {
        self.find_conflicts(usize::MAX)
    }

    /// `Ok` when no unit repeats a value, else the first conflict found.
    pub fn check(&self) -> Result<(), Conflict> {
        if self.has_repeat() == Some(false) {
            return Ok(());
        }
        match self.find_conflicts(1).into_iter().next() {
            Some(conflict) => Err(conflict),
            None => Ok(()),
        }
    }

    pub(crate) fn find_conflicts(&self, limit: usize) -> Vec<Conflict> {
        find_conflicts(self, &Rules::standard_shared(self.shape()), limit)
    }
}

impl Rules {
    /// The first pair of givens of `grid` with the same value in one unit
    /// (units in order), if any. Cages are not checked: see
    /// [`Rules::is_solution`].
    pub fn check(&self, grid: &Grid) -> Result<(), Conflict> {
        match find_conflicts(grid, self, 1).into_iter().next() {
            Some(conflict) => Err(conflict),
            None => Ok(()),
        }
    }

    /// Whether `solution` is a solution of `puzzle` under these rules: same
    /// shape, every cell filled, no unit repeating a value, every cage with
    /// different values adding up to its sum, every constraint kept (each
    /// checked by its definition, [`Constraint::holds`](crate::Constraint::holds)), and every given
    /// kept.
    pub fn is_solution(&self, solution: &Grid, puzzle: &Grid) -> bool {
        solution.shape() == self.shape()
            && puzzle.shape() == self.shape()
            && solution.is_complete()
            && solution
                .cells()
                .iter()
                .zip(puzzle.cells())
                .all(|(&s, &p)| p == 0 || s == p)
            && self.check(solution).is_ok()
            && self.cages().iter().all(|cage| {
                let values: Vec<u16> = cage.cells.iter().map(|&c| solution.cells()[c]).collect();
                let total: u32 = values.iter().map(|&v| u32::from(v)).sum();
                let mut sorted = values.clone();
                sorted.sort_unstable();
                sorted.dedup();
                total == cage.sum && sorted.len() == values.len()
            })
            && (self.constraints().is_empty() || {
                let regions = self.regions_of_cells();
                self.constraints()
                    .iter()
                    .all(|c| c.holds(self.shape(), solution.cells(), self.constraints(), &regions))
            })
    }
}

/// The pairs of givens of `grid` with the same value in a unit of `rules`
/// (at most `limit`).
pub(crate) fn find_conflicts(grid: &Grid, rules: &Rules, limit: usize) -> Vec<Conflict> {
    let n = grid.side();
    let cells = grid.cells();
    let mut found = Vec::new();
    let mut first_at = vec![usize::MAX; n + 1];
    for unit in rules.units() {
        if n < 64 {
            // The common case: no repeat, seen with one bit per value.
            let mut seen = 0u64;
            let mut repeat = false;
            for &cell in &unit.cells {
                let bit = 1u64 << cells[cell];
                repeat |= seen & bit != 0;
                seen |= bit & !1;
            }
            if !repeat {
                continue;
            }
        }
        first_at.fill(usize::MAX);
        for &cell in &unit.cells {
            let v = cells[cell];
            if v == 0 {
                continue;
            }
            let slot = &mut first_at[usize::from(v)];
            if *slot == usize::MAX {
                *slot = cell;
                continue;
            }
            found.push(Conflict {
                unit: unit.kind,
                unit_index: unit.index,
                first: (*slot / n, *slot % n),
                second: (cell / n, cell % n),
                value: v,
            });
            if found.len() >= limit {
                return found;
            }
        }
    }
    found
}
