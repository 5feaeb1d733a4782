//! The Sudoku variants: X (both main diagonals), windoku (extra box-shaped
//! windows, also called hyper Sudoku), jigsaw (irregular regions instead of
//! boxes), killer (cages with sums), and their combinations, as [`Rules`].
//!
//! - [`Variant`]: which variant, with its region map ([`Regions`]) and
//!   cages ([`CageSpec`]); [`Variant::rules`] gives the rules of a grid.
//! - Formats: a region map is a second grid, one symbol per cell
//!   ([`Regions`]'s `FromStr`); cages are one per line, `15 r1c1 r1c2`
//!   ([`parse_cages`]) or JSON (`sudoku_format::parse_cages_json`); a whole puzzle can be
//!   one JSON document (`sudoku_format::parse_documents`).
//!
//! Every error says where (line, column, cell) and what was expected
//! ([`VariantError`]).
//!
//! ```
//! use sudoku::{Grid, Shape, Variant};
//! use sudoku_solve::{SudokuSolver, Verdict};
//! use solver_core::Limits;
//!
//! // An X Sudoku of 4x4: rows, columns, boxes and both diagonals.
//! let variant = Variant::from_names("x")?;
//! let rules = variant.rules(Shape::square(2)?)?;
//! let mut solver = SudokuSolver::with_rules(rules.clone().into(), Default::default())?;
//! let puzzle: Grid = "1.......3......4".parse()?;
//! let (verdict, _) = solver.check_unique(&puzzle, &Limits::none());
//! let Verdict::Unique(solution) = verdict else { panic!("{verdict:?}") };
//! // 1243 / 4312 / 3421 / 2134: diagonals 1324 and 3142.
//! assert_eq!(solution.to_string(), "1243431234212134");
//! assert!(rules.is_solution(&solution, &puzzle));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cages;
mod regions;

use std::fmt;

pub use cages::{check_cages, parse_cages, parse_cell, CageSpec};
pub use regions::Regions;

use crate::constraints::Constraint;
use crate::error::{VariantError, VariantErrorKind};
use crate::format::{write_compact, Notation};
use crate::grid::Grid;
use crate::rules::{Rules, Unit, UnitKind};
use crate::shape::{box_cells, Shape};
use crate::windows::windows;

/// The grid drawn with the borders of the regions (jigsaw): `|` and `---`
/// between cells of different regions, `+` at every corner; cells written
/// with the notation's symbols (numbers when it has too few), `.` for a
/// blank.
///
/// ```
/// use sudoku::{write_regions, Grid, Notation, Regions};
///
/// let regions: Regions = "aaab\nabbb\ncccd\ncddd".parse()?;
/// let grid: Grid = "12.4............".parse()?;
/// assert_eq!(
///     write_regions(&grid, &regions, &Notation::default()),
///     "\
/// +---+---+---+---+
/// | 1   2   . | 4 |
/// +   +---+---+   +
/// | . | .   .   . |
/// +---+---+---+---+
/// | .   .   . | . |
/// +   +---+---+   +
/// | . | .   .   . |
/// +---+---+---+---+
/// "
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_regions(grid: &Grid, regions: &Regions, notation: &Notation) -> String {
    let compact = write_compact(grid, notation);
    let values: Vec<String> = if compact.chars().count() == grid.cells().len() {
        compact.chars().map(String::from).collect()
    } else {
        grid.cells()
            .iter()
            .map(|&v| {
                if v == 0 {
                    ".".to_string()
                } else {
                    v.to_string()
                }
            })
            .collect()
    };
    regions::draw(&values, regions)
}

/// A Sudoku variant: the classic rules plus any of diagonals, windows,
/// irregular regions and cages. The default is classic Sudoku.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// X: both main diagonals hold every value once.
    pub diagonals: bool,
    /// Windoku: box-shaped windows one cell in from the box borders (four
    /// on 9x9) hold every value once.
    pub windows: bool,
    /// Jigsaw: these regions replace the boxes.
    pub regions: Option<Regions>,
    /// Killer: cells with different values adding up to a sum.
    pub cages: Vec<CageSpec>,
    /// The setter's constraints (thermometers, arrows, dots, lines, ...;
    /// see [`crate::constraints`]): answered by the propagation engine.
    pub constraints: Vec<Constraint>,
}

impl Variant {
    /// The variant named by a comma-separated list: `x` (or `diagonal`),
    /// `windoku` (or `hyper`), `classic`. `jigsaw` and `killer` are accepted
    /// too, but need their regions and cages set before
    /// [`rules`](Self::rules) (see [`Variant::check_complete`]).
    pub fn from_names(names: &str) -> Result<Variant, VariantError> {
        let (variant, _) = Variant::parse_names(names)?;
        Ok(variant)
    }

    /// [`from_names`](Self::from_names), and whether jigsaw and killer were
    /// named.
    pub fn parse_names(names: &str) -> Result<(Variant, [bool; 2]), VariantError> {
        let mut variant = Variant::default();
        let mut named = [false; 2];
        for name in names.split([',', '+', ' ']).filter(|s| !s.is_empty()) {
            match name.to_ascii_lowercase().as_str() {
                "classic" | "standard" => {}
                "x" | "diagonal" | "diagonals" => variant.diagonals = true,
                "windoku" | "hyper" | "windows" => variant.windows = true,
                "jigsaw" | "irregular" => named[0] = true,
                "killer" => named[1] = true,
                _ => {
                    return Err(VariantError::new(VariantErrorKind::UnknownVariant {
                        name: name.to_string(),
                        expected: "x, windoku, jigsaw or killer",
                    }))
                }
            }
        }
        Ok((variant, named))
    }

    /// Checks that a variant named jigsaw has regions and one named killer
    /// has cages (`named` as given by [`parse_names`](Self::parse_names)).
    pub fn check_complete(&self, named: [bool; 2]) -> Result<(), VariantError> {
        if named[0] && self.regions.is_none() {
            return Err(VariantError::new(VariantErrorKind::Missing {
                variant: "jigsaw",
                what: "a region map (--regions FILE, or \"regions\" in JSON)",
            }));
        }
        if named[1] && self.cages.is_empty() {
            return Err(VariantError::new(VariantErrorKind::Missing {
                variant: "killer",
                what: "cages (--cages FILE, or \"cages\" in JSON)",
            }));
        }
        Ok(())
    }

    /// Whether this is classic Sudoku.
    pub fn is_classic(&self) -> bool {
        // Field by field (asked once per puzzle of a batch): a new field
        // must be named here.
        let Variant {
            diagonals,
            windows,
            regions,
            cages,
            constraints,
        } = self;
        !diagonals && !windows && regions.is_none() && cages.is_empty() && constraints.is_empty()
    }

    /// The rules of a grid of `shape` under this variant: rows, columns,
    /// then boxes or the regions, then the diagonals, then the windows, and
    /// the cages. Fails when the region map or a cage does not fit the grid,
    /// or when windoku's windows do not fit the shape.
    pub fn rules(&self, shape: Shape) -> Result<Rules, VariantError> {
        let n = shape.side() as usize;
        let mut units = Vec::with_capacity(3 * n + 2);
        let mut push = |kind, index, cells: Vec<usize>| units.push(Unit { kind, index, cells });
        for r in 0..n {
            push(UnitKind::Row, r, (0..n).map(|c| r * n + c).collect());
        }
        for c in 0..n {
            push(UnitKind::Column, c, (0..n).map(|r| r * n + c).collect());
        }
        match &self.regions {
            None => {
                for b in 0..n {
                    push(UnitKind::Box, b, box_cells(shape, b).collect());
                }
            }
            Some(regions) => {
                if regions.side() != n {
                    return Err(VariantError::new(VariantErrorKind::SideMismatch {
                        map: regions.side(),
                        grid: n,
                    }));
                }
                for r in 0..n {
                    push(UnitKind::Region, r, regions.cells(r));
                }
            }
        }
        if self.diagonals {
            push(UnitKind::Diagonal, 0, (0..n).map(|i| i * n + i).collect());
            push(
                UnitKind::Diagonal,
                1,
                (0..n).map(|i| i * n + (n - 1 - i)).collect(),
            );
        }
        if self.windows {
            for (k, cells) in windows(shape)?.into_iter().enumerate() {
                push(UnitKind::Window, k, cells);
            }
        }
        let mut rules = Rules::from_units(shape, units);
        if !self.cages.is_empty() {
            rules = rules.with_cages(cages::check_cages(&self.cages, n)?);
        }
        if !self.constraints.is_empty() {
            for c in &self.constraints {
                crate::constraints::validate(c, shape)?;
            }
            rules = rules.with_constraints(self.constraints.clone());
        }
        Ok(rules)
    }
}

impl fmt::Display for Variant {
    /// The names joined with `+`, such as `x+jigsaw`; `classic` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut names = Vec::new();
        if self.regions.is_some() {
            names.push("jigsaw");
        }
        if self.diagonals {
            names.push("x");
        }
        if self.windows {
            names.push("windoku");
        }
        if !self.cages.is_empty() {
            names.push("killer");
        }
        let mut seen = std::collections::BTreeSet::new();
        for c in &self.constraints {
            if seen.insert(c.name()) {
                names.push(c.name());
            }
        }
        if names.is_empty() {
            names.push("classic");
        }
        f.write_str(&names.join("+"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_is_the_default_and_nothing_else() {
        assert!(Variant::default().is_classic());
        let changed = [
            Variant::from_names("x").unwrap(),
            Variant::from_names("windoku").unwrap(),
            Variant {
                constraints: vec![Constraint::AntiKnight],
                ..Variant::default()
            },
        ];
        for v in changed {
            assert!(!v.is_classic(), "{v:?}");
            assert_ne!(v, Variant::default());
        }
    }

    #[test]
    fn windows_per_shape() {
        let nine = windows(Shape::square(3).unwrap()).unwrap();
        assert_eq!(nine.len(), 4);
        // Rows and columns 2-4 and 6-8 (1-based).
        assert_eq!(nine[0], [10, 11, 12, 19, 20, 21, 28, 29, 30]);
        assert_eq!(nine[3][8], 7 * 9 + 7);
        assert_eq!(
            windows(Shape::square(2).unwrap()).unwrap(),
            [vec![5, 6, 9, 10]]
        );
        assert_eq!(windows(Shape::new(2, 3).unwrap()).unwrap().len(), 2);
        assert_eq!(windows(Shape::square(4).unwrap()).unwrap().len(), 9);
        for (r, c) in [(2, 4), (1, 4), (4, 2)] {
            let e = windows(Shape::new(r, c).unwrap()).unwrap_err();
            assert!(
                matches!(e.kind, VariantErrorKind::WindowsDoNotFit(_)),
                "{e}"
            );
        }
    }

    #[test]
    fn names_and_display() {
        let (v, named) = Variant::parse_names("X, hyper").unwrap();
        assert!(v.diagonals && v.windows && named == [false, false]);
        assert_eq!(v.to_string(), "x+windoku");
        assert_eq!(Variant::default().to_string(), "classic");
        assert!(Variant::from_names("sums").is_err());
        let (v, named) = Variant::parse_names("killer").unwrap();
        assert!(v.check_complete(named).is_err());
    }

    #[test]
    fn cages_are_checked_against_the_grid() {
        let shape = Shape::square(2).unwrap();
        let with = |text: &str| Variant {
            cages: parse_cages(text).unwrap(),
            ..Variant::default()
        };
        assert!(with("3 r1c1 r1c2\n7 r4c3 r4c4").rules(shape).is_ok());
        let e = with("3 r1c1 r1c1").rules(shape).unwrap_err();
        assert_eq!(e.kind, VariantErrorKind::RepeatedCell);
        let e = with("10 r1c1 r1c2 r1c3 r1c4 r2c1")
            .rules(shape)
            .unwrap_err();
        assert!(matches!(
            e.kind,
            VariantErrorKind::CageTooLarge { cells: 5, side: 4 }
        ));
        let e = with("5 r1c1").rules(shape).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 1: impossible cage sum 5: 1 different values 1-4 add up to 1 \
             at least and 4 at most"
        );
        assert!(with("4 r1c1").rules(shape).is_ok());
    }
}
